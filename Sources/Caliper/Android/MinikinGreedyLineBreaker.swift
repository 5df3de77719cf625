// MinikinGreedyLineBreaker.swift — Android's simple line breaking (BREAK_STRATEGY_SIMPLE): Minikin's GreedyLineBreaker restated.

/// Minikin's `GreedyLineBreaker` (`libs/minikin/GreedyLineBreaker.cpp`), as Android 14 runs it
/// (no phrase breaking or its fallback, no letter spacing taken off a line's edges, bounds not
/// used): code units are added to the line until a word break; when the line is then
/// too wide, it breaks at the previous word break; failing that (one word wider than the line),
/// the word is hyphenated at the last point where its first part and the hyphen fit (as often as
/// the rest needs), and failing that it breaks at the last grapheme that fits.
///
/// Widths are kept in double precision and handed between steps in single precision, exactly as
/// Minikin's members (`double`) and parameters (`float`) have them, so lines end where Minikin's do.
struct MinikinGreedyLineBreaker {
    private let measured: MinikinMeasuredText
    private let text: [UInt16]
    private let widthLimit: Float
    private let hyphenates: Bool

    private var lineWidthLimit: Double
    private var lineWidth: Double = 0
    private var sumOfCharWidths: Double = 0
    private var startHyphenEdit = MinikinStartHyphenEdit.noEdit

    /// The last word break of this line that fits (`mPrevWordBoundsOffset`; nil: `NOWHERE`).
    private var previousWordBoundsOffset: Int?
    private var lineWidthAtPreviousWordBoundary: Double = 0
    private var sumOfCharWidthsAtPreviousWordBoundary: Double = 0
    private var isPreviousWordBreakInEmailOrURL = false

    private var hyphenator = MinikinHyphenator.softHyphenOnly
    private var breakPoints: [MinikinLineBreaker.LineBreak] = []

    /// `breakLineGreedy`: the ends of the lines of `measured`, `width` px wide; hyphenating when
    /// `hyphenates` (any frequency but none).
    static func breakLines(_ measured: MinikinMeasuredText, width: Float, hyphenates: Bool) throws(CaliperError) -> [MinikinLineBreaker.LineBreak] {
        guard !measured.text.isEmpty else { return [] }
        var breaker = MinikinGreedyLineBreaker(measured: measured, width: width, hyphenates: hyphenates)
        try breaker.process()
        return breaker.breakPoints
    }

    private init(measured: MinikinMeasuredText, width: Float, hyphenates: Bool) {
        self.measured = measured
        text = measured.text
        widthLimit = width
        lineWidthLimit = Double(width)
        self.hyphenates = hyphenates
    }

    private var previousLineBreakOffset: Int { breakPoints.last?.offset ?? 0 }

    /// `process`: every code unit added to the line, the line broken where needed at each word break.
    private mutating func process() throws(CaliperError) {
        var wordBreaker = MinikinWordBreaker(text: text)
        var nextWordBoundaryOffset = 0
        var locale: String?
        for run in measured.runs {
            if locale != measured.paint.effectiveLocale {
                locale = measured.paint.effectiveLocale
                nextWordBoundaryOffset = try wordBreaker.following(locale: measured.paint.effectiveLocale, from: run.range.lowerBound)
                hyphenator = measured.hyphenator
            }
            for index in run.range {
                updateLineWidth(text[index], width: measured.widths[index])
                if index + 1 == nextWordBoundaryOffset {
                    try processLineBreak(at: index + 1, wordBreaker: wordBreaker, run: run)
                    nextWordBoundaryOffset = wordBreaker.next()
                }
            }
        }
        if previousLineBreakOffset != text.count, let offset = previousWordBoundsOffset {
            // The words left make the last line.
            breakLine(at: offset, width: Float(lineWidth), remainingNextLineWidth: 0, remainingNextSumOfCharWidths: 0, endEdit: .noEdit, nextStartEdit: .noEdit)
        }
    }

    /// `updateLineWidth`: trailing line-end spaces add to the sum but not to the line's width; a
    /// tab moves both to the next tab stop.
    private mutating func updateLineWidth(_ unit: UInt16, width: Float) {
        if unit == 0x09 {
            sumOfCharWidths = Double(MinikinLineBreaker.nextTab(Float(sumOfCharWidths)))
            lineWidth = sumOfCharWidths
            return
        }
        sumOfCharWidths += Double(width)
        if !MinikinLineBreaker.isLineEndSpace(unit) { lineWidth = sumOfCharWidths }
    }

    /// `isWidthExceeded` (the letter spacing estimate is 0 with `letter_spacing_justification` off).
    private var isWidthExceeded: Bool { lineWidth > lineWidthLimit }

    /// `processLineBreak`: at a word break, breaks as long as the line is too wide, then keeps
    /// this break as the line's last candidate (one inside an email address or URL does not
    /// replace one outside).
    private mutating func processLineBreak(at offset: Int, wordBreaker: MinikinWordBreaker, run: MinikinMeasuredText.StyleRun) throws(CaliperError) {
        while isWidthExceeded {
            if tryLineBreakWithWordBreak() { continue }
            if try tryLineBreakWithHyphenation(previousLineBreakOffset..<offset, wordBreaker: wordBreaker) { continue }
            if doLineBreakWithGraphemeBounds(previousLineBreakOffset..<offset) { return }
        }
        let isInEmailOrURL = wordBreaker.breakBadness != 0
        if previousWordBoundsOffset == nil || isPreviousWordBreakInEmailOrURL || !isInEmailOrURL {
            previousWordBoundsOffset = offset
            lineWidthAtPreviousWordBoundary = lineWidth
            sumOfCharWidthsAtPreviousWordBoundary = sumOfCharWidths
            isPreviousWordBreakInEmailOrURL = isInEmailOrURL
        }
    }

    /// `breakLineAt`: records a line and starts the next with what was left over.
    private mutating func breakLine(
        at offset: Int, width: Float, remainingNextLineWidth: Float, remainingNextSumOfCharWidths: Float, endEdit: MinikinEndHyphenEdit,
        nextStartEdit: MinikinStartHyphenEdit
    ) {
        breakPoints.append(MinikinLineBreaker.LineBreak(offset: offset, width: width, startEdit: startHyphenEdit, endEdit: endEdit))
        lineWidthLimit = Double(widthLimit)
        lineWidth = Double(remainingNextLineWidth)
        sumOfCharWidths = Double(remainingNextSumOfCharWidths)
        startHyphenEdit = nextStartEdit
        previousWordBoundsOffset = nil
        lineWidthAtPreviousWordBoundary = 0
        sumOfCharWidthsAtPreviousWordBoundary = 0
        isPreviousWordBreakInEmailOrURL = false
    }

    /// `tryLineBreakWithWordBreak`: breaks at the line's last word break, if it has one.
    private mutating func tryLineBreakWithWordBreak() -> Bool {
        guard let offset = previousWordBoundsOffset else { return false }
        breakLine(
            at: offset, width: Float(lineWidthAtPreviousWordBoundary), remainingNextLineWidth: Float(lineWidth - sumOfCharWidthsAtPreviousWordBoundary),
            remainingNextSumOfCharWidths: Float(sumOfCharWidths - sumOfCharWidthsAtPreviousWordBoundary), endEdit: .noEdit, nextStartEdit: .noEdit)
        return true
    }

    /// `tryLineBreakWithHyphenation`: the word that ended at the last word break (inside
    /// `range`, the line so far), hyphenated; the line broken at the last point whose text from
    /// the line's start, hyphen included (`measureHyphenPiece`), fits — or at a grapheme when
    /// none does — as often as the rest of the word is still too wide.
    private mutating func tryLineBreakWithHyphenation(_ range: Range<Int>, wordBreaker: MinikinWordBreaker) throws(CaliperError) -> Bool {
        guard hyphenates, let run = measured.run(containing: range) else { return false }
        let word = wordBreaker.wordRange
        guard range.lowerBound <= word.lowerBound, word.upperBound <= range.upperBound else { return false }
        let types = hyphenator.hyphenateWords(text[word])
        var context = range
        var previousOffset: Int?
        var previousWidth: Float = 0

        var index = word.lowerBound
        while index < word.upperBound {
            defer { index += 1 }
            let type = types[index - word.lowerBound]
            guard type != .dontBreak else { continue }
            let width = try measured.measureHyphenPiece(text, range: context.lowerBound..<index, run: run, startEdit: startHyphenEdit, endEdit: type.editForThisLine)
            if Double(width) <= lineWidthLimit {
                // It fits: remember it and try the next point.
                previousOffset = index
                previousWidth = width
                continue
            }
            try breakAtHyphenationPoint(previousOffset, width: previousWidth, types: types, word: word, context: context, run: run)
            if lineWidth <= lineWidthLimit { return true }
            // The rest of the word is still too wide: hyphenate it again from the new line's start.
            index = previousLineBreakOffset
            context = index..<context.upperBound
            previousOffset = nil
        }
        try breakAtHyphenationPoint(previousOffset, width: previousWidth, types: types, word: word, context: context, run: run)
        return true
    }

    /// The break `tryLineBreakWithHyphenation` makes (twice in Minikin): at `offset`, its
    /// hyphen edits, the next line starting with the rest of the word's width; with no point
    /// that fits, at a grapheme.
    private mutating func breakAtHyphenationPoint(
        _ offset: Int?, width: Float, types: [MinikinHyphenationType], word: Range<Int>, context: Range<Int>, run: MinikinMeasuredText.StyleRun
    ) throws(CaliperError) {
        guard let offset else {
            _ = doLineBreakWithGraphemeBounds(context)
            return
        }
        let type = types[offset - word.lowerBound]
        let nextStartEdit = type.editForNextLine
        let remaining = try measured.measureHyphenPiece(text, range: offset..<context.upperBound, run: run, startEdit: nextStartEdit)
        breakLine(
            at: offset, width: width, remainingNextLineWidth: Float(Double(remaining) - (sumOfCharWidths - lineWidth)),
            remainingNextSumOfCharWidths: remaining, endEdit: type.editForThisLine, nextStartEdit: nextStartEdit)
    }

    /// `doLineBreakWithGraphemeBounds`: breaks before the first grapheme (a code unit with an
    /// advance) that does not fit, and returns false; when every grapheme fits, breaks at the
    /// range's end and returns true.
    private mutating func doLineBreakWithGraphemeBounds(_ range: Range<Int>) -> Bool {
        guard !range.isEmpty else { return true }
        var width = measured.widths[range.lowerBound]
        // At least one grapheme goes on the line.
        for index in (range.lowerBound + 1)..<max(range.upperBound, range.lowerBound + 1) {
            let advance = measured.widths[index]
            if advance == 0 { continue }  // not a grapheme's start
            if Double(width + advance) > lineWidthLimit {
                breakLine(
                    at: index, width: width, remainingNextLineWidth: Float(lineWidth - Double(width)),
                    remainingNextSumOfCharWidths: Float(sumOfCharWidths - Double(width)), endEdit: .noEdit, nextStartEdit: .noEdit)
                return false
            }
            width += advance
        }
        breakLine(at: range.upperBound, width: Float(lineWidth), remainingNextLineWidth: 0, remainingNextSumOfCharWidths: 0, endEdit: .noEdit, nextStartEdit: .noEdit)
        return true
    }
}
