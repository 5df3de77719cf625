// LayoutNotice.swift — what a layout was asked to do and could not, so that an answer says what it left out.

/// Something a layout's styles asked for that it could not do; the layout is what it is without
/// it. A layout reports each notice once (``TextLayout/notices``).
///
/// Hyphenation notices are given for a paragraph that asks to hyphenate
/// (``ParagraphStyle/hyphenationFactor`` above 0, in a mode that breaks between words) and was
/// broken into lines or cut short, so that hyphenation could have changed its lines. Text that
/// fits one line, or is not wrapped, gets none.
public enum LayoutNotice: Sendable, Hashable, CustomStringConvertible {
    /// Text to hyphenate has no ``TextStyle/language``: dictionaries are found by language, so it
    /// breaks only between words and at soft hyphens.
    case hyphenationNeedsLanguage
    /// No hyphenation dictionary is installed for `language` (``HyphenationDictionary/forLanguage(_:)``),
    /// so its text breaks only between words and at soft hyphens.
    case noHyphenationDictionary(language: String)
    /// A text laid out for Android asks to hyphenate (``AndroidParagraphStyle/hyphenationFrequency``)
    /// but its profile has no ``AndroidHyphenationPatterns`` for the paint's first locale, so words
    /// broke only at hyphens and soft hyphens, as on a device without that language's patterns
    /// (``AndroidTextLayout/lacksHyphenationPatterns``).
    case noAndroidHyphenationPatterns

    /// The notice as a sentence a person can act on, as answers' `warnings` give it.
    public var description: String {
        switch self {
        case .hyphenationNeedsLanguage:
            return "hyphenation needs a language: text without one breaks only between words and at soft hyphens"
        case .noHyphenationDictionary(let language):
            return "no hyphenation dictionary for \"\(language)\": its text breaks only between words and at soft hyphens"
                + " (Debian's hyphen-* packages install them in /usr/share/hyphen)"
        case .noAndroidHyphenationPatterns:
            return "no hyphenation patterns for the text's locale: words were broken only at hyphens and soft hyphens"
        }
    }
}
