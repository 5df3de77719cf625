// ParagraphStyle.swift — how lines are broken, limited and spaced, as NSParagraphStyle and UILabel say it.
import Foundation

/// What happens when text does not fit its width, as `NSLineBreakMode`.
public enum LineBreakMode: String, Sendable, Hashable, CaseIterable {
    /// Break at UAX #14 opportunities (after spaces, hyphens…); a word wider than the line breaks
    /// between grapheme clusters.
    case byWordWrapping = "word"
    /// Break between any two grapheme clusters.
    case byCharWrapping = "char"
    /// Break at word opportunities only; what does not fit is cut off at the width (a word wider
    /// than the line, or the rest of the text on the last allowed line).
    case byClipping = "clip"
    /// Wrap as words; the last allowed line ends with "…" when text remains.
    case byTruncatingTail = "truncate-tail"
    /// Wrap as words; the last allowed line starts with "…" and shows the end of its paragraph.
    case byTruncatingHead = "truncate-head"
    /// Wrap as words; the last allowed line shows its start and its paragraph's end around "…".
    case byTruncatingMiddle = "truncate-middle"

    var truncates: Bool {
        switch self {
        case .byTruncatingTail, .byTruncatingHead, .byTruncatingMiddle: return true
        case .byWordWrapping, .byCharWrapping, .byClipping: return false
        }
    }
}

/// How lines are chosen among the break opportunities, as CSS `text-wrap-style` says.
public enum TextWrap: String, Sendable, Hashable, CaseIterable {
    /// Greedy: each line takes as much as fits (CSS `wrap`, UIKit's line breaking).
    case wrap
    /// Lines of even length (CSS `balance`), as Chromium breaks them: paragraphs of 2 to 6
    /// lines keep their greedy line count and minimize the squares of the lines' slack.
    case balance
    /// No lone short word on the last line (CSS `pretty`), as Chromium breaks it: when the last
    /// line is a single word narrower than a third of the width, the last four lines are
    /// re-broken to minimize their slack with a penalty on the break before the last word.
    case pretty
    /// UIKit's `NSParagraphStyle.LineBreakStrategy.pushOut` ("pushes out individual lines to
    /// avoid an orphan word on the last line of the paragraph"), as Caliper reads it: when a
    /// paragraph's greedy last line holds one word and the line before it more than one, that
    /// line's last word moves down to the last line, if the last line still fits.
    case pushOut = "push-out"
}

/// A tab stop, as `NSTextTab`: where the text after a tab character goes on its line.
public struct TextTab: Sendable, Hashable {
    /// How the text after a tab lines up with the stop.
    public enum Alignment: String, Sendable, Hashable, CaseIterable {
        /// The text starts at the stop.
        case left
        /// The text, up to the next tab or the end of the line, ends at the stop.
        case right
        /// That text is centred on the stop.
        case center
        /// That text's first "." starts at the stop (its text before the "." ends there); text
        /// with no "." ends at the stop, as with ``right``.
        case decimal
    }

    /// How the text lines up with the stop.
    public var alignment: Alignment
    /// Points from the line's start edge (its left edge in a left-to-right paragraph).
    public var location: CGFloat

    /// A stop at `location` points with `alignment`.
    public init(_ alignment: Alignment = .left, location: CGFloat) {
        self.alignment = alignment
        self.location = location
    }
}

/// How a block of text is broken into lines and how the lines are spaced, with the names and
/// defaults of `NSParagraphStyle` and `UILabel.numberOfLines`.
public struct ParagraphStyle: Sendable, Hashable {
    /// How lines end when text does not fit.
    public var lineBreakMode: LineBreakMode
    /// The most lines shown; 0 means no limit.
    public var numberOfLines: Int
    /// Points added between lines (not after the last one).
    public var lineSpacing: CGFloat
    /// Multiplies the font's line height; 0 leaves it as it is.
    public var lineHeightMultiple: CGFloat
    /// The least height of a line; 0 means no minimum.
    public var minimumLineHeight: CGFloat
    /// The most height of a line; 0 means no maximum.
    public var maximumLineHeight: CGFloat
    /// The paragraph direction: from the text (natural), or forced.
    public var baseDirection: BaseDirection
    /// Whether a line's natural height includes its fonts' leading (`hhea` lineGap), as
    /// `NSLayoutManager.usesFontLeading` (true by default) and `boundingRect`'s
    /// `.usesFontLeading` option do; false makes it ascender − descender alone, as `boundingRect`
    /// gives without that option.
    public var usesFontLeading: Bool
    /// How lines are chosen among the break opportunities when text wraps by words: greedy (the
    /// default), balanced or pretty (CSS `text-wrap`).
    public var textWrap: TextWrap
    /// How eagerly lines break inside words, from 0 (never: the default) to 1, as
    /// `NSParagraphStyle.hyphenationFactor`: a line is hyphenated when, broken between words, it
    /// would fill less than this fraction of the width. It then ends at the last of the next word's
    /// hyphenation points (see ``HyphenationDictionary``, chosen by the word's language) at which
    /// the line, with a hyphen added, still fits. Soft hyphens (U+00AD) break with a visible
    /// hyphen whatever the factor.
    public var hyphenationFactor: Float

    /// Whether lines may break inside words at hyphenation points: a ``hyphenationFactor`` above 0
    /// in a mode that breaks between words (not character wrapping or clipping).
    var hyphenates: Bool { Self.hyphenates(factor: hyphenationFactor, mode: lineBreakMode) }

    /// ``hyphenates`` for a hyphenation factor and a line break mode.
    static func hyphenates(factor: Float, mode: LineBreakMode) -> Bool {
        factor > 0 && mode != .byCharWrapping && mode != .byClipping
    }
    /// The tab stops, in any order, as `NSParagraphStyle.tabStops`: by default UIKit's, 12 left
    /// stops every 28 points (``defaultTabStops``). A tab advances to the first stop past the
    /// text before it on its line, then to multiples of ``defaultTabInterval``; past them all it
    /// is as wide as its glyph.
    public var tabStops: [TextTab] {
        get { tabSettings?.stops ?? Self.defaultTabStops }
        set { setTabs(newValue, interval: defaultTabInterval) }
    }
    /// Stops past the last of ``tabStops`` are at every multiple of this many points (left
    /// aligned); 0, the default, adds none (`NSParagraphStyle.defaultTabInterval`). Other than
    /// 0, it is at least ``minimumTabInterval``.
    public var defaultTabInterval: CGFloat {
        get { tabSettings?.interval ?? 0 }
        set { setTabs(tabStops, interval: newValue) }
    }

    /// The tab stops and interval when they are not UIKit's defaults, else `nil`: the default
    /// style copies, checks and keys nothing for tabs (layouts copy paragraph styles often).
    @usableFromInline private(set) var tabSettings: TabSettings?

    /// Tab stops and a default tab interval other than UIKit's defaults.
    @usableFromInline struct TabSettings: Sendable, Hashable {
        var stops: [TextTab]
        var interval: CGFloat
    }

    @usableFromInline mutating func setTabs(_ stops: [TextTab], interval: CGFloat) {
        // Compared by bits, so that -0 is kept as given (and a NaN as a NaN, for `validate`).
        tabSettings = interval.bitPattern == CGFloat(0).bitPattern && stops == Self.defaultTabStops
            ? nil : TabSettings(stops: stops, interval: interval)
    }

    /// `NSParagraphStyle.default.tabStops`: 12 left stops at 28, 56, … 336 points.
    public static let defaultTabStops: [TextTab] = (1...12).map { TextTab(.left, location: CGFloat(28 * $0)) }
    /// The most tab stops a paragraph style may have.
    public static let maximumTabStopCount = 1_000

    /// A paragraph style with `NSParagraphStyle`'s defaults: word wrapping, no line limit, no extra
    /// spacing or line height bounds, the direction taken from the text, and UIKit's tab stops
    /// (`tabStops` `nil`: ``defaultTabStops``).
    @inlinable public init(
        lineBreakMode: LineBreakMode = .byWordWrapping, numberOfLines: Int = 0, lineSpacing: CGFloat = 0,
        lineHeightMultiple: CGFloat = 0, minimumLineHeight: CGFloat = 0, maximumLineHeight: CGFloat = 0,
        baseDirection: BaseDirection = .natural, usesFontLeading: Bool = true, textWrap: TextWrap = .wrap,
        hyphenationFactor: Float = 0, tabStops: [TextTab]? = nil, defaultTabInterval: CGFloat = 0
    ) {
        self.hyphenationFactor = hyphenationFactor
        self.tabSettings = nil
        self.baseDirection = baseDirection
        self.usesFontLeading = usesFontLeading
        self.textWrap = textWrap
        self.lineBreakMode = lineBreakMode
        self.numberOfLines = numberOfLines
        self.lineSpacing = lineSpacing
        self.lineHeightMultiple = lineHeightMultiple
        self.minimumLineHeight = minimumLineHeight
        self.maximumLineHeight = maximumLineHeight
        if tabStops != nil || defaultTabInterval.bitPattern != CGFloat(0).bitPattern {
            setTabs(tabStops ?? Self.defaultTabStops, interval: defaultTabInterval)
        }
    }

    /// The height of every line for a font whose natural line height is `naturalLineHeight`:
    /// multiplied by ``lineHeightMultiple`` when set, then kept within the minimum and maximum.
    public func lineHeight(forNaturalLineHeight naturalLineHeight: CGFloat) -> CGFloat {
        var height = lineHeightMultiple > 0 ? naturalLineHeight * lineHeightMultiple : naturalLineHeight
        if minimumLineHeight > 0 { height = max(height, minimumLineHeight) }
        if maximumLineHeight > 0 { height = min(height, maximumLineHeight) }
        return height
    }

    /// The largest line spacing and minimum or maximum line height accepted, in points: a
    /// million, so that a layout of any number of lines has a finite height.
    public static let maximumLength: CGFloat = 1_000_000
    /// The smallest ``defaultTabInterval`` other than 0 (none): 1/64 pt, the step of FreeType's
    /// 26.6 fixed-point positions. No Apple document bounds the interval; this is Caliper's own
    /// bound, so that a tab's position (the next multiple of the interval) stays a finite number
    /// (an interval of 5e-324 made every multiple infinite).
    public static let minimumTabInterval: CGFloat = 1.0 / 64
    /// The largest ``lineHeightMultiple`` accepted.
    public static let maximumLineHeightMultiple: CGFloat = 1_000

    /// Checks that every value can be laid out: a line limit of 0 or more, spacing and line
    /// heights that are finite, 0 or more, and within ``maximumLength`` (the multiple within
    /// ``maximumLineHeightMultiple``), a hyphenation factor within 0…1, and at most
    /// ``maximumTabStopCount`` tab stops whose locations, like the default tab interval, are
    /// lengths of the same kind (the interval 0 or at least ``minimumTabInterval``). Every layout
    /// checks its paragraph style this way.
    ///
    /// - Throws: ``CaliperError/invalidLength(name:value:)``,
    ///   ``CaliperError/lengthTooLarge(name:value:limit:)``, ``CaliperError/tabIntervalTooSmall(_:minimum:)`` or
    ///   ``CaliperError/invalidHyphenationFactor(_:)`` naming the first value that cannot be used.
    public func validate() throws(CaliperError) {
        guard numberOfLines >= 0 else { throw .invalidLength(name: "number of lines", value: Double(numberOfLines)) }
        guard hyphenationFactor >= 0, hyphenationFactor <= 1 else { throw .invalidHyphenationFactor(Double(hyphenationFactor)) }
        // Checked one by one rather than from an array of names and values: every measurement
        // with a paragraph style validates it.
        try Self.check(lineSpacing, "line spacing", limit: Self.maximumLength)
        try Self.check(lineHeightMultiple, "line height multiple", limit: Self.maximumLineHeightMultiple)
        try Self.check(minimumLineHeight, "minimum line height", limit: Self.maximumLength)
        try Self.check(maximumLineHeight, "maximum line height", limit: Self.maximumLength)
        guard let tabSettings else { return }
        guard tabSettings.stops.count <= Self.maximumTabStopCount else {
            throw .lengthTooLarge(
                name: "number of tab stops", value: Double(tabSettings.stops.count), limit: Double(Self.maximumTabStopCount))
        }
        try Self.check(tabSettings.interval, "default tab interval", limit: Self.maximumLength)
        guard tabSettings.interval == 0 || tabSettings.interval >= Self.minimumTabInterval else {
            throw .tabIntervalTooSmall(Double(tabSettings.interval), minimum: Double(Self.minimumTabInterval))
        }
        for stop in tabSettings.stops { try Self.check(stop.location, "tab stop location", limit: Self.maximumLength) }
    }

    /// Checks that `value` is a finite length from 0 to `limit`.
    @inline(__always)
    private static func check(_ value: CGFloat, _ name: String, limit: CGFloat) throws(CaliperError) {
        guard value.isFinite, value >= 0 else { throw .invalidLength(name: name, value: Double(value)) }
        guard value <= limit else { throw .lengthTooLarge(name: name, value: Double(value), limit: Double(limit)) }
    }
}
