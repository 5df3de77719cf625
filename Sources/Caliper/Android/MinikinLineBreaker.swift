// MinikinLineBreaker.swift — a paragraph broken into lines as Android 14's StaticLayout breaks it (minikin::breakIntoLines), and what its two breakers share (LineBreakerUtil).

/// One line as `minikin::breakIntoLines` reports it (`LineBreakResult`).
struct MinikinLine: Sendable, Equatable {
    /// UTF-16 offsets: the line is `start..<end`, trailing spaces included.
    var start: Int
    var end: Int
    /// Its width in px, in single precision as Minikin adds it: trailing spaces left out, a
    /// hyphen added.
    var width: Float
    /// The extent of its fonts (`MinikinExtent`), before `StaticLayout` rounds it: ascent
    /// negative, descent positive.
    var ascent: Float
    var descent: Float
    var startHyphenEdit: MinikinStartHyphenEdit
    var endHyphenEdit: MinikinEndHyphenEdit
}

/// `minikin::breakIntoLines` (`libs/minikin/LineBreaker.cpp`) as `StaticLayout` calls it
/// (`android_text_LineBreaker.cpp`): one width for every line, not justified, bounds not used for
/// widths, default tab stops every `Layout.TAB_INCREMENT` (20 px); a text with a tab is broken
/// greedily whatever the strategy (`breakIntoLines`). Android 14's feature flags are all
/// off (`phrase_strict_fallback`, `word_style_auto`, `letter_spacing_justification`): no phrase
/// breaking, and letter spacing stays at a line's edges.
enum MinikinLineBreaker {
    /// `Layout.TAB_INCREMENT`: `StaticLayout`'s default tab width, px (`setTabStops(null, 20)`).
    static let tabIncrement: Float = 20

    /// `TabStops::nextTab` with no stops: the next multiple of ``tabIncrement`` past `widthSoFar`.
    static func nextTab(_ widthSoFar: Float) -> Float {
        (widthSoFar / tabIncrement + 1).rounded(.down) * tabIncrement
    }

    /// `BreakStrategy` (`Layout.BREAK_STRATEGY_*`).
    enum Strategy: Sendable, CaseIterable {
        /// `Greedy` (`BREAK_STRATEGY_SIMPLE`): each line as full as it can be (`GreedyLineBreaker.cpp`).
        case simple
        /// `HighQuality` (`BREAK_STRATEGY_HIGH_QUALITY`): the least badness over the whole
        /// paragraph (`OptimalLineBreaker.cpp`).
        case highQuality
        /// `Balanced` (`BREAK_STRATEGY_BALANCED`): as high quality, but the last line's
        /// shortness counts too.
        case balanced
    }

    /// `HyphenationFrequency` (`Layout.HYPHENATION_FREQUENCY_*`).
    enum HyphenationFrequency: Sendable, CaseIterable {
        case none, normal, full
    }

    /// The lines of `text` (one paragraph: no line break inside it) in `families` with `paint`,
    /// `width` px wide, broken with `strategy` and hyphenated at `frequency` with `hyphenator`
    /// (the paint locale's; nil: none registered, so only soft hyphens and hard hyphens break).
    ///
    /// - Throws: ``CaliperError/invalidAndroidProfile(_:)`` for a width that is negative or not
    ///   finite; font and ICU errors.
    static func breakIntoLines(
        _ text: [UInt16], families: [AndroidFamily], paint: AndroidPaint, width: Float, strategy: Strategy, frequency: HyphenationFrequency,
        hyphenator: MinikinHyphenator?
    ) throws(CaliperError) -> [MinikinLine] {
        guard width.isFinite, width >= 0 else { throw .invalidAndroidProfile("a line width must be a finite number of px, 0 or more, not \(width)") }
        let measured = try MinikinMeasuredText(
            text: text, families: families, paint: paint, hyphenator: hyphenator ?? .softHyphenOnly, computesHyphenation: frequency != .none)
        return try breakIntoLines(measured, width: width, strategy: strategy, frequency: frequency)
    }

    /// `breakIntoLines` over a measured paragraph (its hyphenation points found if `frequency`
    /// is not none).
    static func breakIntoLines(_ measured: MinikinMeasuredText, width: Float, strategy: Strategy, frequency: HyphenationFrequency) throws(CaliperError) -> [MinikinLine] {
        guard !measured.text.isEmpty else { return [] }
        // "strategy == BreakStrategy::Greedy || textBuffer.hasChar(CHAR_TAB)"
        let strategy = measured.text.contains(0x09) ? .simple : strategy
        let breaks: [LineBreak] = switch strategy {
        case .simple: try MinikinGreedyLineBreaker.breakLines(measured, width: width, hyphenates: frequency != .none)
        case .highQuality, .balanced: try MinikinOptimalLineBreaker.breakLines(measured, width: width, strategy: strategy, frequency: frequency)
        }
        var lines: [MinikinLine] = []
        var start = 0
        for lineBreak in breaks {
            let extent = try measured.extent(of: start..<lineBreak.offset)
            lines.append(
                MinikinLine(
                    start: start, end: lineBreak.offset, width: lineBreak.width, ascent: extent.ascent, descent: extent.descent,
                    startHyphenEdit: lineBreak.startEdit, endHyphenEdit: lineBreak.endEdit))
            start = lineBreak.offset
        }
        return lines
    }

    /// A line's end as a breaker finds it: where, how wide, and its hyphen edits.
    struct LineBreak: Sendable, Equatable {
        var offset: Int
        var width: Float
        var startEdit: MinikinStartHyphenEdit
        var endEdit: MinikinEndHyphenEdit
    }

    /// `isLineEndSpace`: a space that disappears at the end of a line (`[[:Zs:]-[:Line_Break=Glue:]]`
    /// and `\n`; all in the BMP).
    static func isLineEndSpace(_ unit: UInt16) -> Bool {
        unit == 0x0A || unit == 0x20 || unit == 0x1680 || ((0x2000...0x200A).contains(unit) && unit != 0x2007) || unit == 0x205F || unit == 0x3000
    }

    /// `isWordSpace` (`LayoutUtils.cpp`): the space justification stretches.
    static func isWordSpace(_ unit: UInt16) -> Bool { unit == 0x20 }
}

/// Minikin's `CharProcessor` (`LineBreakerUtil.h`): fed the paragraph's code units one by one,
/// it keeps the word breaker's next break, the sums of widths (in single precision: `ParaWidth`
/// is `float`) with and without trailing spaces, and the counts of spaces.
struct MinikinCharProcessor {
    private(set) var rawSpaceCount = 0
    private(set) var effectiveSpaceCount = 0
    private(set) var sumOfCharWidths: Float = 0
    private(set) var effectiveWidth: Float = 0
    private(set) var sumOfCharWidthsAtPreviousWordBreak: Float = 0
    private(set) var nextWordBreak = 0
    private(set) var previousWordBreak = 0
    private(set) var spaceWidth: Float = 0
    private(set) var hyphenator = MinikinHyphenator.softHyphenOnly
    private var breaker: MinikinWordBreaker
    private var locale: String?

    init(text: [UInt16]) {
        breaker = MinikinWordBreaker(text: text)
    }

    /// `wordRange`: the word that ends at the last break.
    var wordRange: Range<Int> { breaker.wordRange }

    /// `contextRange`: from the previous word break to the next.
    var contextRange: Range<Int> { previousWordBreak..<max(nextWordBreak, previousWordBreak) }

    /// `widthFromLastWordBreak`.
    var widthFromLastWordBreak: Float { effectiveWidth - sumOfCharWidthsAtPreviousWordBreak }

    /// `wordBreakPenalty`: the word breaker's badness of the last break.
    var wordBreakPenalty: Int { breaker.breakBadness }

    /// `updateLocaleIfNecessary`: on a run whose locale differs from the last (every run here
    /// has the paint's), the word breaker starts over from the run's start with that locale's
    /// rules, and the locale's hyphenator is taken.
    mutating func updateLocale(_ locale: String, runStart: Int, hyphenator: MinikinHyphenator) throws(CaliperError) {
        guard locale != self.locale else { return }
        self.locale = locale
        nextWordBreak = try breaker.following(locale: locale, from: runStart)
        self.hyphenator = hyphenator
    }

    /// `feedChar`.
    mutating func feed(_ index: Int, _ unit: UInt16, width: Float, canBreak: Bool) {
        if index == nextWordBreak {
            if canBreak {
                previousWordBreak = nextWordBreak
                sumOfCharWidthsAtPreviousWordBreak = sumOfCharWidths
            }
            nextWordBreak = breaker.next()
        }
        if MinikinLineBreaker.isWordSpace(unit) {
            rawSpaceCount += 1
            spaceWidth = width
        }
        sumOfCharWidths += width
        if !MinikinLineBreaker.isLineEndSpace(unit) {
            // A break at a line-end space drops it: the widths and counts after the last other
            // character are what a line ending here has.
            effectiveSpaceCount = rawSpaceCount
            effectiveWidth = sumOfCharWidths
        }
    }
}
