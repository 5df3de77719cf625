// CaliperError.swift — every error Caliper reports, each carrying the input that caused it.


/// An error from measuring text or loading a font. Each case carries the input that caused it,
/// and `description` is a sentence a person can act on.
public enum CaliperError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No file exists at the font path.
    case fontFileNotFound(path: String)
    /// The font path exists but could not be read (a directory, no permission, an I/O error).
    case fontFileUnreadable(path: String, reason: String)
    /// The font file is larger than the configured limit.
    case fontFileTooLarge(path: String, bytes: Int, limit: Int)
    /// The file was read but is not a font HarfBuzz can use (see `FontTables` for what a face needs).
    case invalidFont(path: String, faceIndex: Int, reason: String)
    /// The face index is past the number of faces in the file (a .ttc holds several).
    case faceIndexOutOfRange(path: String, faceIndex: Int, faceCount: Int)
    /// The font file lies outside the resolver's font root.
    case fontOutsideRoot(path: String, root: String)
    /// The folder given as a resolver's font root does not exist or is not a folder.
    case invalidFontRoot(path: String, reason: String)
    /// fontconfig patterns are not allowed by the resolver.
    case fontPatternNotAllowed(String)
    /// A font name that can name no file or pattern: it holds a NUL character, where C would end
    /// it (`"DejaVuSans.ttf\u{0}.ttf"` would open `DejaVuSans.ttf`).
    case invalidFontName(String)
    /// fontconfig could not parse the pattern.
    case invalidFontPattern(String)
    /// No installed font has the family the pattern asks for; `closest` is fontconfig's substitute.
    case fontNotMatched(pattern: String, closest: String?)
    /// fontconfig failed to initialise or answer.
    case fontconfigFailed(String)
    /// No face of a system-font folder (``SystemFonts``) serves a call: the descriptor in words,
    /// the folder, and the families (with Apple's file names) looked for and why each did not serve.
    case systemFontNotFound(String, directory: String, lookedFor: String)
    /// A point size that is not finite, not positive, or past `TextStyle.maximumFontSize`.
    case invalidFontSize(Double)
    /// A width or other length that is negative, NaN or infinite where a finite value is needed.
    case invalidLength(name: String, value: Double)
    /// Letter spacing that is not finite or is larger in magnitude than ``TextStyle/maximumFontSize``.
    case invalidLetterSpacing(Double)
    /// A baseline offset that is not finite or is larger in magnitude than ``TextStyle/maximumFontSize``.
    case invalidBaselineOffset(Double)
    /// An OpenType feature setting that HarfBuzz cannot parse (`"liga=0"`, `"tnum"`, `"+kern"` are valid).
    case invalidFeature(String)
    /// A variation setting that is malformed, names an axis the face lacks, or is out of its range.
    case invalidVariation(String, reason: String)
    /// A language tag that is not BCP 47 shaped (letters, digits and hyphens).
    case invalidLanguage(String)
    /// A style lists more fallback fonts than ``TextStyle/maximumFallbackFontCount``.
    case tooManyFallbackFonts(count: Int, limit: Int)
    /// A default tab interval above 0 but under ``ParagraphStyle/minimumTabInterval``.
    case tabIntervalTooSmall(Double, minimum: Double)
    /// A style lists more OpenType feature settings than ``TextStyle/maximumFeatureCount``.
    case tooManyFeatures(count: Int, limit: Int)
    /// A length (line spacing, a line height) past the largest one accepted.
    case lengthTooLarge(name: String, value: Double, limit: Double)
    /// A grapheme cluster (a character and its combining marks) is longer than
    /// ``TextMeasurer/maximumGraphemeClusterLength``.
    case graphemeClusterTooLong(utf16Length: Int, limit: Int)
    /// Styled ranges of an ``AttributedText`` that do not fit its text (outside it, overlapping,
    /// leaving gaps, or splitting a surrogate pair); the text says which and where.
    case invalidSpans(String)
    /// Pango markup that cannot be parsed or asks for something Caliper does not measure;
    /// `offset` is the UTF-8 byte offset in the markup where the problem starts.
    case invalidMarkup(offset: Int, reason: String)
    /// The text is longer than the configured limit.
    case textTooLong(utf16Length: Int, limit: Int)
    /// ICU failed while finding text boundaries.
    case textBoundaries(ICUError)
    /// An inline box with a size or offset no layout can use, or not on a U+FFFC character.
    case invalidInlineBox(String)
    /// A paragraph style a paragraph of attributed text cannot have (see
    /// ``AttributedText/setParagraphStyle(_:utf16Range:)``).
    case invalidParagraphStyle(String)
    /// An ``AndroidProfile`` that cannot be measured with (a density, font scale or letter
    /// spacing out of range), or a style it cannot measure; the sentence says which.
    case invalidAndroidProfile(String)
    /// An Android font configuration (`fonts.xml`, see ``AndroidFonts``) that cannot be read: no
    /// such file, not a regular file, too large, or unreadable.
    case fontConfigurationUnreadable(path: String, reason: String)
    /// An Android font configuration that is not well-formed XML of the subset ``AndroidFonts``
    /// reads, or that Android 14's `FontListParser` would refuse (a weight that is no number, a
    /// `lang` on a named family…); `line` and `column` (from 1, in characters) say where.
    case invalidFontConfiguration(path: String, line: Int, column: Int, reason: String)
    /// A family name that names no family or alias of an Android font configuration; `available`
    /// lists the names it has.
    case androidFontFamilyNotFound(String, configuration: String, available: [String])
    /// Android hyphenation patterns (a `.hyb` file, see ``AndroidHyphenationPatterns``) that
    /// cannot be used: no such file, too large, not a valid `.hyb` file, or settings out of range.
    case invalidHyphenationPatterns(path: String, reason: String)
    /// A minimum scale factor outside 0…1 (see ``TextMeasurer/layoutShrinkingToFit(_:minimumScaleFactor:paragraphStyle:maxWidth:)``).
    case invalidScaleFactor(Double)
    /// A hyphenation factor outside 0…1 (see ``ParagraphStyle/hyphenationFactor``).
    case invalidHyphenationFactor(Double)
    /// Something asked of a text laid out for Android that a `TextView` cannot do, or Caliper
    /// does not model for it yet: a UIKit paragraph setting with no `TextView` attribute
    /// (``AndroidParagraphStyle/init(_:view:)``), or a label in several styles; the sentence names it.
    case unsupportedOnAndroid(String)

    /// A sentence naming what is wrong and the input that caused it, e.g.
    /// `font file not found: Fonts/Missing.ttf`.
    public var description: String {
        switch self {
        case .fontFileNotFound(let path):
            return "font file not found: \(path)"
        case .fontFileUnreadable(let path, let reason):
            return "cannot read font file \(path): \(reason)"
        case .fontFileTooLarge(let path, let bytes, let limit):
            return "font file \(path) is \(bytes) bytes, over the limit of \(limit) bytes"
        case .invalidFont(let path, let faceIndex, let reason):
            return "not a usable font: \(path) (face \(faceIndex)): \(reason)"
        case .faceIndexOutOfRange(let path, let faceIndex, let faceCount):
            return "face index \(faceIndex) is out of range for \(path), which has \(faceCount) face(s)"
        case .fontOutsideRoot(let path, let root):
            return "font file \(path) is outside the allowed font folder \(root)"
        case .invalidFontRoot(let path, let reason):
            return "invalid font root \(path): \(reason)"
        case .fontPatternNotAllowed(let pattern):
            return pattern.isEmpty
                ? "a font must be given as a file in the allowed font folder"
                : "fontconfig patterns are not allowed here: \"\(pattern)\" (name a font file in the allowed folder)"
        case .invalidFontName(let name):
            return "invalid font name \(name.debugDescription): it holds a NUL character (U+0000)"
        case .invalidFontPattern(let pattern):
            return "invalid fontconfig pattern: \"\(pattern)\""
        case .fontNotMatched(let pattern, let closest):
            let hint = closest.map { " (fontconfig's closest substitute is \"\($0)\"; name it to use it)" } ?? ""
            return "no installed font matches \"\(pattern)\"\(hint)"
        case .systemFontNotFound(let summary, let directory, let lookedFor):
            return "no \(summary) system font in \(directory): looked for \(lookedFor)"
        case .fontconfigFailed(let reason):
            return "fontconfig failed: \(reason)"
        case .invalidFontSize(let size):
            return "invalid font size \(size): it must be a finite number greater than 0 and at most \(TextStyle.maximumFontSize)"
        case .invalidLength(let name, let value):
            return "invalid \(name) \(value): it must be a finite number of points, 0 or more"
        case .invalidLetterSpacing(let value):
            return "invalid letter spacing \(value): it must be a finite number of points from −\(Int(TextStyle.maximumFontSize)) to \(Int(TextStyle.maximumFontSize))"
        case .invalidBaselineOffset(let value):
            return "invalid baseline offset \(value): it must be a finite number of points from −\(Int(TextStyle.maximumFontSize)) to \(Int(TextStyle.maximumFontSize))"
        case .invalidFeature(let feature):
            return "invalid OpenType feature setting \"\(feature)\" (examples: \"liga=0\", \"tnum\", \"-kern\")"
        case .invalidVariation(let setting, let reason):
            return "invalid variation \"\(setting)\": \(reason)"
        case .invalidLanguage(let language):
            return "invalid language tag \"\(language)\" (a BCP 47 tag such as \"en\", \"sr-Latn\", \"ja\")"
        case .lengthTooLarge(let name, let value, let limit):
            return "invalid \(name) \(value): it must be at most \(limit)"
        case .tabIntervalTooSmall(let value, let minimum):
            return "invalid default tab interval \(value): it must be 0 (none) or from \(minimum) to \(ParagraphStyle.maximumLength) points"
        case .tooManyFeatures(let count, let limit):
            return "too many OpenType feature settings: \(count) (at most \(limit))"
        case .tooManyFallbackFonts(let count, let limit):
            return "\(count) fallback fonts is over the limit of \(limit)"
        case .graphemeClusterTooLong(let length, let limit):
            return "a grapheme cluster of \(length) UTF-16 code units is over the limit of \(limit) (a character with that many combining marks)"
        case .invalidSpans(let reason):
            return "invalid spans: \(reason)"
        case .invalidMarkup(let offset, let reason):
            return "invalid markup at UTF-8 offset \(offset): \(reason)"
        case .textTooLong(let length, let limit):
            return "text of \(length) UTF-16 code units is over the limit of \(limit)"
        case .textBoundaries(let error):
            return error.description
        case .invalidInlineBox(let reason):
            return "invalid inline box: \(reason)"
        case .invalidParagraphStyle(let reason):
            return "invalid paragraph style: \(reason)"
        case .invalidAndroidProfile(let reason):
            return "invalid Android profile: \(reason)"
        case .fontConfigurationUnreadable(let path, let reason):
            return "cannot read the font configuration \(path): \(reason)"
        case .invalidFontConfiguration(let path, let line, let column, let reason):
            return "invalid font configuration \(path), line \(line), column \(column): \(reason)"
        case .androidFontFamilyNotFound(let name, let configuration, let available):
            let names = available.count > 12 ? available.prefix(12).joined(separator: ", ") + ", …" : available.joined(separator: ", ")
            return "no family or alias \"\(name)\" in \(configuration) (it has: \(names.isEmpty ? "none" : names))"
        case .invalidHyphenationPatterns(let path, let reason):
            return "cannot use the hyphenation patterns \(path): \(reason)"
        case .invalidScaleFactor(let value):
            return "invalid minimum scale factor \(value): it must be a number from 0 to 1"
        case .invalidHyphenationFactor(let value):
            return "invalid hyphenation factor \(value): it must be a number from 0 to 1"
        case .unsupportedOnAndroid(let reason):
            return "not available for Android: \(reason)"
        }
    }
}
