// BaseDirection.swift — a paragraph's base direction, as NSWritingDirection gives it.

/// The base direction of a paragraph, as `NSWritingDirection`.
public enum BaseDirection: String, Sendable, Hashable, CaseIterable {
    /// From the first strong character (UAX #9 rules P2–P3), left-to-right when there is none.
    case natural
    /// Left-to-right whatever the text holds (`"ltr"`).
    case leftToRight = "ltr"
    /// Right-to-left whatever the text holds (`"rtl"`).
    case rightToLeft = "rtl"
}
