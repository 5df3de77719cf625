// MinikinMeasuredText.swift — a paragraph measured for line breaking as Android 14's Minikin measures it (MeasuredText.cpp): each code unit's advance, hyphenation points, line extents.

/// Minikin's `MeasuredText` (`include/minikin/MeasuredText.h`, `libs/minikin/MeasuredText.cpp`)
/// for a paragraph as `StaticLayout` builds it (`MeasuredParagraph`): one style run (`StyleRun`,
/// the paint for all) per bidi level run of the paragraph (first strong, left-to-right by
/// default), each able to break and be hyphenated.
///
/// - ``widths``: each code unit's advance (`getMetrics`): every run split into pieces at word
///   breaks (`LayoutSplitter`), each piece laid out (``MinikinLayout/layoutPiece(_:context:piece:isRightToLeft:families:paint:features:startEdit:endEdit:)``)
///   and its per-unit advances copied in: a cluster's advance on its first code unit, 0 on the rest.
/// - ``hyphenBreaks`` (when asked for: a hyphenation frequency other than none): at every word
///   break, the word's hyphenation points (`populateHyphenationPoints`), each with the width of
///   the text from the previous word break to it with the hyphen added, and of the rest of the
///   word, its trailing spaces included, with the next line's start edit (`measureHyphenPiece`,
///   each measured as a text of its own).
/// - ``extent(of:)``: a line's ascent and descent (`getExtent`): the union of the fonts' extents
///   over its pieces.
struct MinikinMeasuredText: Sendable {
    /// A style run: a range of one bidi direction.
    struct StyleRun: Sendable, Equatable {
        var range: Range<Int>
        var isRightToLeft: Bool
    }

    /// Minikin's `HyphenBreak`: a hyphenation point and the widths on either side of it.
    struct HyphenBreak: Sendable, Equatable {
        var offset: Int
        var type: MinikinHyphenationType
        /// From the previous word break to the point, the hyphen edit of this line included.
        var first: Float
        /// From the point to the next word break, the next line's start edit included.
        var second: Float
    }

    let text: [UInt16]
    let families: [AndroidFamily]
    let paint: AndroidPaint
    let features: [(tag: Tag, value: UInt32)]
    let runs: [StyleRun]
    let widths: [Float]
    /// The text's word breaks (`LayoutSplitter`'s), found once for every piece of every line.
    let wordBreaks: MinikinLayout.WordBreaks
    /// Glyphs drawn as a missing-glyph box (no family has the character).
    let missingGlyphCount: Int
    private(set) var hyphenBreaks: [HyphenBreak]
    /// The paint locale's hyphenator (`HyphenatorMap::lookup`).
    let hyphenator: MinikinHyphenator

    /// Measures `text` in `families` with `paint`; finds hyphenation points with `hyphenator`
    /// when `computesHyphenation` (`MeasuredTextBuilder::build`'s `computeHyphenation`, which
    /// `StaticLayout` sets unless the frequency is none).
    init(
        text: [UInt16], families: [AndroidFamily], paint: AndroidPaint, hyphenator: MinikinHyphenator, computesHyphenation: Bool
    ) throws(CaliperError) {
        self.text = text
        self.families = families
        self.paint = paint
        self.hyphenator = hyphenator
        features = MinikinLayout.features(paint)
        runs = try Self.styleRuns(text)
        wordBreaks = MinikinLayout.WordBreaks(text)
        var widths = [Float](repeating: 0, count: text.count)
        var missingGlyphCount = 0
        for run in runs {
            for (context, piece) in MinikinLayout.pieces(of: text, in: run.range, isRightToLeft: run.isRightToLeft, wordBreaks: wordBreaks) {
                let laidOut = try MinikinLayout.layoutPiece(
                    text, context: context, piece: piece, isRightToLeft: run.isRightToLeft, families: families, paint: paint, features: features)
                widths.replaceSubrange(piece, with: laidOut.advances)
                missingGlyphCount += laidOut.missingGlyphs
            }
        }
        self.widths = widths
        self.missingGlyphCount = missingGlyphCount
        hyphenBreaks = []
        if computesHyphenation { try computeHyphenation() }
    }

    /// Finds the hyphenation points, once (a text measured without them, to be broken with a
    /// hyphenation frequency after all).
    mutating func computeHyphenation() throws(CaliperError) {
        guard !hasHyphenation else { return }
        hasHyphenation = true
        if !text.isEmpty, !families.isEmpty { hyphenBreaks = try hyphenationPoints() }
    }

    /// Whether ``computeHyphenation()`` has run.
    private(set) var hasHyphenation = false

    /// `MeasuredParagraph`'s style runs: the bidi level runs (`ubidi`, `UBIDI_DEFAULT_LTR`).
    private static func styleRuns(_ text: [UInt16]) throws(CaliperError) -> [StyleRun] {
        let levels: [UInt8]
        do {
            levels = try Bidi.levels(of: text, baseDirection: .natural).levels
        } catch {
            throw .textBoundaries(error)
        }
        var runs: [StyleRun] = []
        var start = 0
        while start < text.count {
            var end = start + 1
            while end < text.count, levels[end] == levels[start] { end += 1 }
            runs.append(StyleRun(range: start..<end, isRightToLeft: levels[start] % 2 == 1))
            start = end
        }
        return runs
    }

    /// `MeasuredText::measure`'s hyphenation: a character processor fed every code unit, and at
    /// each word break the word's points (`populateHyphenationPoints`, kerning not ignored).
    private func hyphenationPoints() throws(CaliperError) -> [HyphenBreak] {
        var breaks: [HyphenBreak] = []
        var processor = MinikinCharProcessor(text: text)
        for run in runs {
            try processor.updateLocale(paint.effectiveLocale, runStart: run.range.lowerBound, hyphenator: hyphenator)
            for index in run.range {
                processor.feed(index, text[index], width: widths[index], canBreak: true)
                guard index + 1 == processor.nextWordBreak else { continue }
                let context = processor.contextRange
                let word = processor.wordRange
                guard run.range.lowerBound <= context.lowerBound, context.upperBound <= run.range.upperBound,
                    context.lowerBound <= word.lowerBound, word.upperBound <= context.upperBound
                else { continue }
                let types = processor.hyphenator.hyphenateWords(text[word])
                for offset in word where types[offset - word.lowerBound] != .dontBreak {
                    let type = types[offset - word.lowerBound]
                    let before = Array(text[context.lowerBound..<offset])
                    let after = Array(text[offset..<context.upperBound])
                    breaks.append(
                        HyphenBreak(
                            offset: offset, type: type,
                            first: try measureHyphenPiece(before, range: 0..<before.count, run: run, endEdit: type.editForThisLine),
                            second: try measureHyphenPiece(after, range: 0..<after.count, run: run, startEdit: type.editForNextLine)))
                }
            }
        }
        return breaks
    }

    /// `StyleRun::measureHyphenPiece`: the advance of `buffer[range]` in `run`'s direction,
    /// split into pieces in `buffer`, `startEdit` on the piece that starts the range and
    /// `endEdit` on the one that ends it; the pieces' advances added in single precision.
    func measureHyphenPiece(
        _ buffer: [UInt16], range: Range<Int>, run: StyleRun, startEdit: MinikinStartHyphenEdit = .noEdit, endEdit: MinikinEndHyphenEdit = .noEdit
    ) throws(CaliperError) -> Float {
        var advance: Float = 0
        for (context, piece) in MinikinLayout.pieces(of: buffer, in: range, isRightToLeft: run.isRightToLeft) {
            advance += try MinikinLayout.layoutPiece(
                buffer, context: context, piece: piece, isRightToLeft: run.isRightToLeft, families: families, paint: paint, features: features,
                startEdit: piece.lowerBound == range.lowerBound ? startEdit : .noEdit,
                endEdit: piece.upperBound == range.upperBound ? endEdit : .noEdit
            ).advance
        }
        return advance
    }

    /// The style run holding all of `range` (the last such, as Minikin's loops find it), if any.
    func run(containing range: Range<Int>) -> StyleRun? {
        runs.last { $0.range.lowerBound <= range.lowerBound && range.upperBound <= $0.range.upperBound }
    }

    /// `MeasuredText::getExtent`: the union of the extents of the pieces of `range` in every run
    /// it meets, each piece's the union of its fonts' (`StyleRun::getExtent`).
    func extent(of range: Range<Int>) throws(CaliperError) -> MinikinExtent {
        var extent = MinikinExtent()
        for run in runs where run.range.lowerBound < range.upperBound && range.lowerBound < run.range.upperBound {
            let part = max(run.range.lowerBound, range.lowerBound)..<min(run.range.upperBound, range.upperBound)
            for (context, piece) in MinikinLayout.pieces(of: text, in: part, isRightToLeft: run.isRightToLeft, wordBreaks: wordBreaks) {
                extent.extend(by: try MinikinLayout.pieceExtent(text, context: context, piece: piece, families: families, paint: paint))
            }
        }
        return extent
    }
}
