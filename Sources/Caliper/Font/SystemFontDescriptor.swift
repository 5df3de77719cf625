// SystemFontDescriptor.swift — what a UIKit call asks of the system font: weight, width, design, italic, monospaced digits.
import Foundation

/// The weights of Apple's system font, as `UIFont.Weight` names them, lightest first.
///
/// Apple gives the constants no numbers on CSS's scale; Caliper maps them, in their order, onto the
/// nine weights of CSS Fonts 4 (§2.2, `font-weight`), which is the scale of `OS/2.usWeightClass` and
/// of the `wght` axis (OpenType 1.9, "Registered axis tags: wght"): ``ultraLight`` 100, ``thin``
/// 200, ``light`` 300, ``regular`` 400, ``medium`` 500, ``semibold`` 600, ``bold`` 700, ``heavy``
/// 800, ``black`` 900. (UIKit's `ultraLight` is lighter than its `thin`, so it takes 100, which
/// CSS calls Thin.)
public enum SystemFontWeight: String, Sendable, Hashable, CaseIterable {
    /// The weight whose name is exactly `rawValue` (UIKit's spelling: `semibold`).
    public init?(rawValue: String) {
        guard let match = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = match
    }

    /// `.ultraLight`: 100.
    case ultraLight
    /// `.thin`: 200.
    case thin
    /// `.light`: 300.
    case light
    /// `.regular`: 400.
    case regular
    /// `.medium`: 500.
    case medium
    /// `.semibold`: 600.
    case semibold
    /// `.bold`: 700.
    case bold
    /// `.heavy`: 800.
    case heavy
    /// `.black`: 900.
    case black

    /// The weight on CSS's scale (and `usWeightClass`'s): 100 for ``ultraLight`` to 900 for ``black``.
    public var weightClass: Int { (Self.allCases.firstIndex(of: self) ?? 3) * 100 + 100 }

    /// The weight called `name`, UIKit's spelling in any case (`semibold`, `ultraLight`, `UltraLight`).
    public init?(named name: String) {
        guard let match = Self.allCases.first(where: { $0.rawValue.caseInsensitiveCompare(name) == .orderedSame }) else { return nil }
        self = match
    }

    /// The named weight nearest to `weightClass` (the lighter one of two as near).
    init(nearest weightClass: Int) {
        self = Self.allCases.min { abs($0.weightClass - weightClass) < abs($1.weightClass - weightClass) } ?? .regular
    }
}

/// The widths of Apple's system font, as iOS 16's `UIFont.Width` names them, narrowest first.
public enum SystemFontWidth: String, Sendable, Hashable, CaseIterable {
    /// The width whose name is exactly `rawValue` (UIKit's spelling: `condensed`).
    public init?(rawValue: String) {
        guard let match = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = match
    }

    /// `.compressed`.
    case compressed
    /// `.condensed`.
    case condensed
    /// `.standard`, the default.
    case standard
    /// `.expanded`.
    case expanded

    /// The width called `name`, in any case.
    public init?(named name: String) {
        guard let match = Self.allCases.first(where: { $0.rawValue.caseInsensitiveCompare(name) == .orderedSame }) else { return nil }
        self = match
    }

    /// The `wdth` coordinate (percent of the normal width) used when the font names no instance
    /// for this width. Apple documents none: ``condensed`` and ``expanded`` take OpenType's
    /// `usWidthClass` percentages for Condensed (75) and Expanded (125); ``compressed``, narrower
    /// than condensed, takes Extra-condensed's 62.5 (OpenType 1.9, `OS/2`, `usWidthClass`).
    var fallbackWidthPercent: Double {
        switch self {
        case .compressed: 62.5
        case .condensed: 75
        case .standard: 100
        case .expanded: 125
        }
    }
}

/// The designs of Apple's system font, as `UIFontDescriptor.SystemDesign` names them.
public enum SystemFontDesign: String, Sendable, Hashable, CaseIterable {
    /// The design whose name is exactly `rawValue` (UIKit's spelling: `rounded`).
    public init?(rawValue: String) {
        guard let match = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = match
    }

    /// `.default`: SF Pro (SF Compact on watchOS).
    case `default`
    /// `.rounded`: SF Pro Rounded (SF Compact Rounded).
    case rounded
    /// `.serif`: New York.
    case serif
    /// `.monospaced`: SF Mono.
    case monospaced

    /// The design called `name`, in any case.
    public init?(named name: String) {
        guard let match = Self.allCases.first(where: { $0.rawValue.caseInsensitiveCompare(name) == .orderedSame }) else { return nil }
        self = match
    }
}

/// Whose system font: SF Pro on iOS, iPadOS, macOS and tvOS; SF Compact on watchOS (Human Interface
/// Guidelines, Typography, "Fonts": "SF Pro is the system font in iOS, iPadOS, macOS and tvOS; SF
/// Compact is the system font in watchOS").
public enum SystemFontPlatform: String, Sendable, Hashable, CaseIterable {
    /// The platform whose name is exactly `rawValue` (UIKit's spelling: `watchOS`).
    public init?(rawValue: String) {
        guard let match = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = match
    }

    /// iOS, iPadOS, macOS, tvOS: SF Pro.
    case iOS
    /// watchOS: SF Compact.
    case watchOS
}

/// What a UIKit call asks of the system font, besides its size: the weight, width and design, and
/// whether it is italic or has monospaced digits. ``SystemFonts`` turns it into a face and a
/// ``TextStyle``.
///
/// ```swift
/// SystemFontDescriptor(weight: .semibold)                 // systemFont(ofSize:weight: .semibold)
/// SystemFontDescriptor(width: .condensed)                 // systemFont(ofSize:weight:width: .condensed)
/// SystemFontDescriptor(design: .rounded)                  // .withDesign(.rounded)
/// SystemFontDescriptor(monospacedDigits: true)            // monospacedDigitSystemFont
/// ```
public struct SystemFontDescriptor: Sendable, Hashable {
    /// The weight.
    public var weight: SystemFontWeight
    /// The width.
    public var width: SystemFontWidth
    /// The design.
    public var design: SystemFontDesign
    /// Whether the face is italic (`italicSystemFont`, the `.traitItalic` symbolic trait).
    public var isItalic: Bool
    /// Whether digits are set at one width (`monospacedDigitSystemFont`): the OpenType feature
    /// `tnum`, which Core Text's monospaced number spacing (`kNumberSpacingType`,
    /// `kMonospacedNumbersSelector`) corresponds to (Apple's "Font Feature Registry" lists `tnum`
    /// as its OpenType equivalent).
    public var monospacedDigits: Bool

    /// A descriptor; every part defaults to the plain system font's (regular, standard width,
    /// default design, upright, proportional digits).
    public init(
        weight: SystemFontWeight = .regular, width: SystemFontWidth = .standard, design: SystemFontDesign = .default,
        isItalic: Bool = false, monospacedDigits: Bool = false
    ) {
        self.weight = weight
        self.width = width
        self.design = design
        self.isItalic = isItalic
        self.monospacedDigits = monospacedDigits
    }

    /// `features` with what the descriptor sets besides its face: `tnum` (on) for monospaced
    /// digits, added unless `features` already set `tnum` themselves (then theirs holds).
    public func features(adding features: [FontFeature]) -> [FontFeature] {
        guard monospacedDigits, !features.contains(where: { $0.tag == "tnum" }) else { return features }
        return features + [FontFeature(validatedTag: "tnum", value: 1)]
    }

    /// In words, e.g. `semibold condensed italic` or `regular` (the design when not the default).
    public var summary: String {
        var words = [weight.rawValue]
        if width != .standard { words.append(width.rawValue) }
        if design != .default { words.append(design.rawValue) }
        if isItalic { words.append("italic") }
        if monospacedDigits { words.append("monospaced digits") }
        return words.joined(separator: " ")
    }
}

extension DynamicTypeStyle {
    /// The system font's weight in this style (``weight`` as a ``SystemFontWeight``): semibold for
    /// the headline, regular for the others.
    public var systemFontWeight: SystemFontWeight { SystemFontWeight(nearest: weight) }
}
