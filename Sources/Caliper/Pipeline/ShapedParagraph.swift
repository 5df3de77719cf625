// ShapedParagraph.swift — a paragraph itemized and shaped once as an endless line, with widths of any slice of it.
import Foundation

/// A run of a paragraph with its shaped glyphs.
struct ShapedRun: Sendable {
    var item: ItemRun
    var glyphs: GlyphRun
}

/// A paragraph itemized into runs (font, script, bidi level) and shaped once as one endless line
/// (as Skia's paragraph does), holding what line breaking needs: advance prefix sums at every
/// UTF-16 offset, where a break is safe without reshaping, ICU's break opportunities and grapheme
/// cluster boundaries.
///
/// The width of a slice is exact: read from the prefix sums when both of its edges are safe to
/// break (a run edge, or a cluster start whose HarfBuzz `unsafe_to_break` flag is clear), else the
/// slice's part of each run is shaped on its own, as it will be displayed, so kerning, ligatures,
/// Arabic joining and Indic conjuncts across a break never leak into a line.
struct ShapedParagraph {
    let text: [UInt16]
    let range: Range<Int>
    let shaper: Shaper
    let runs: [ShapedRun]
    /// The paragraph's resolved bidi level (0: left-to-right, 1: right-to-left).
    let paragraphLevel: UInt8
    /// Grapheme clusters no font of the cascade covers.
    let missingGlyphs: Int
    /// ICU line-break opportunities inside the paragraph, as absolute offsets, ending at `range.upperBound`.
    let breakOpportunities: [Int]
    /// Grapheme cluster boundaries, absolute, from `range.lowerBound` to `range.upperBound`.
    let graphemeBoundaries: [Int]
    /// Design-unit advance of `text[range.lowerBound ..< range.lowerBound + i]`; differences are
    /// meaningful only within one run (runs may use fonts of different unitsPerEm).
    private let unitPrefix: [Int]
    /// Whether a line may start or end at `range.lowerBound + i` without reshaping.
    private let isSafeBoundary: [Bool]
    /// Per grapheme cluster (by index in `graphemeBoundaries`): letter-spacing slots before it.
    private let spacingPrefix: [Int]
    private let runStarts: [Int]

    var style: TextStyle { shaper.style }

    init(
        text: [UInt16], range: Range<Int>, shaper: Shaper, cascade: FontCascade, baseDirection: BaseDirection
    ) throws(CaliperError) {
        self.text = text
        self.range = range
        self.shaper = shaper
        let content = Array(text[range])
        let locale = shaper.style.language ?? ""
        do {
            breakOpportunities = try TextBoundaries.lineBreakOpportunities(in: content, locale: locale)
                .map { range.lowerBound + $0.utf16Offset }
            graphemeBoundaries = try TextBoundaries.graphemeClusterBoundaries(in: content)
                .map { range.lowerBound + $0 }
        } catch {
            throw .textBoundaries(error)
        }
        let itemization = try Itemizer.itemize(
            text, range: range, graphemeBoundaries: graphemeBoundaries, cascade: cascade, baseDirection: baseDirection)
        paragraphLevel = itemization.paragraphLevel
        missingGlyphs = itemization.missingGlyphs

        var clusterAdvance = [Int](repeating: 0, count: range.count + 1)
        var startsCluster = [Bool](repeating: false, count: range.count + 1)
        var unsafe = [Bool](repeating: false, count: range.count + 1)
        var runStartsInParagraph = [Bool](repeating: false, count: range.count + 1)
        var shapedRuns: [ShapedRun] = []
        for item in itemization.runs {
            let glyphs = shaper.shape(text, range: item.range, run: item)
            for index in 0..<glyphs.count {
                let offset = glyphs.clusters[index] - range.lowerBound
                clusterAdvance[offset] += Int(glyphs.advances[index])
                startsCluster[offset] = true
                if glyphs.unsafeToBreak[index] { unsafe[offset] = true }
            }
            runStartsInParagraph[item.range.lowerBound - range.lowerBound] = true
            shapedRuns.append(ShapedRun(item: item, glyphs: glyphs))
        }
        runs = shapedRuns
        runStarts = shapedRuns.map(\.item.range.lowerBound)
        var prefix = [Int](repeating: 0, count: range.count + 1)
        for offset in 0..<range.count { prefix[offset + 1] = prefix[offset] + clusterAdvance[offset] }
        unitPrefix = prefix
        isSafeBoundary = (0...range.count).map { offset in
            offset == 0 || offset == range.count || runStartsInParagraph[offset] || (startsCluster[offset] && !unsafe[offset])
        }

        // Letter spacing follows every grapheme cluster, except inside a run of a cursive script
        // (Arabic, Syriac, Mongolian, N'Ko…), where it would break the joining: there it follows
        // the run's last cluster only, as Firefox does.
        let boundaries = graphemeBoundaries
        var spacing = [Int](repeating: 0, count: max(boundaries.count, 1))
        var runIndex = 0
        for cluster in 0..<max(boundaries.count - 1, 0) {
            let start = boundaries[cluster]
            let end = boundaries[cluster + 1]
            while runIndex + 1 < shapedRuns.count, shapedRuns[runIndex].item.range.upperBound <= start { runIndex += 1 }
            let run = shapedRuns.isEmpty ? nil : shapedRuns[runIndex].item
            let suppressed = run.map { Self.cursiveScripts.contains($0.scriptCode) && end < $0.range.upperBound } ?? false
            spacing[cluster + 1] = spacing[cluster] + (suppressed ? 0 : 1)
        }
        spacingPrefix = spacing
    }

    static let cursiveScripts: Set<String> = ["Arab", "Syrc", "Mong", "Nkoo", "Mand", "Adlm", "Rohg", "Sogd", "Phag"]

    /// The index of the run containing offset `offset` (the last run for the paragraph's end).
    private func runIndex(containing offset: Int) -> Int {
        max(0, firstIndex(in: runStarts, atOrAfter: offset + 1) - 1)
    }

    /// The parts of `start..<end` in each run they touch, as (run index, part).
    private func pieces(from start: Int, to end: Int) -> [(run: Int, range: Range<Int>)] {
        guard start < end, !runs.isEmpty else { return [] }
        var result: [(run: Int, range: Range<Int>)] = []
        var index = runIndex(containing: start)
        while index < runs.count, runs[index].item.range.lowerBound < end {
            let runRange = runs[index].item.range
            let part = max(start, runRange.lowerBound)..<min(end, runRange.upperBound)
            if !part.isEmpty { result.append((index, part)) }
            index += 1
        }
        return result
    }

    private func units(_ part: Range<Int>) -> Int {
        unitPrefix[part.upperBound - range.lowerBound] - unitPrefix[part.lowerBound - range.lowerBound]
    }

    private func isSafe(_ offset: Int) -> Bool { isSafeBoundary[offset - range.lowerBound] }

    /// Width in points of `text[start..<end]` read from the whole-paragraph shaping, letter
    /// spacing included. Exact when both edges are safe boundaries; otherwise an estimate.
    func estimatedWidth(from start: Int, to end: Int) -> CGFloat {
        let advance = pieces(from: start, to: end).reduce(0.0) { total, piece in
            total + shaper.points(designUnits: units(piece.range), in: runs[piece.run].item.face)
        }
        return CGFloat(advance) + style.letterSpacing * CGFloat(spacingSlots(from: start, to: end))
    }

    /// Width in points of `text[start..<end]` set as a line of its own, letter spacing included.
    func width(from start: Int, to end: Int) -> CGFloat {
        let advance = pieces(from: start, to: end).reduce(0.0) { total, piece in
            total + pieceWidth(piece.range, run: runs[piece.run].item)
        }
        return CGFloat(advance) + style.letterSpacing * CGFloat(spacingSlots(from: start, to: end))
    }

    /// Points of one run's part, reshaped on its own when an edge is not safe to break.
    private func pieceWidth(_ part: Range<Int>, run: ItemRun) -> Double {
        let designUnits = isSafe(part.lowerBound) && isSafe(part.upperBound)
            ? units(part) : shaper.shape(text, range: part, run: run).totalAdvance
        return shaper.points(designUnits: designUnits, in: run.face)
    }

    /// The runs of `start..<end`, each clipped to it, in logical order, with their widths.
    func runs(from start: Int, to end: Int) -> [(item: ItemRun, width: CGFloat)] {
        pieces(from: start, to: end).map { piece in
            var item = runs[piece.run].item
            item.range = piece.range
            let spacing = style.letterSpacing * CGFloat(spacingSlots(from: piece.range.lowerBound, to: piece.range.upperBound))
            return (item, CGFloat(pieceWidth(piece.range, run: runs[piece.run].item)) + spacing)
        }
    }

    /// The fonts used in `start..<end` (the primary font for an empty range).
    func faces(from start: Int, to end: Int) -> [FontFace] {
        var faces: [FontFace] = []
        for piece in pieces(from: start, to: end) where !faces.contains(where: { $0 === runs[piece.run].item.face }) {
            faces.append(runs[piece.run].item.face)
        }
        return faces.isEmpty ? [style.font] : faces
    }

    /// Letter-spacing slots of the grapheme clusters that start in `start..<end`.
    private func spacingSlots(from start: Int, to end: Int) -> Int {
        guard start < end else { return 0 }
        return spacingPrefix[firstIndex(in: graphemeBoundaries, atOrAfter: end)]
            - spacingPrefix[firstIndex(in: graphemeBoundaries, atOrAfter: start)]
    }

    /// `end` moved back over hanging whitespace, not before `start`.
    func trimmingHangingWhitespace(from start: Int, to end: Int) -> Int {
        var trimmed = end
        while trimmed > start, ParagraphSegmenter.isHangingWhitespace(text[trimmed - 1]) { trimmed -= 1 }
        return trimmed
    }

    /// `end` moved forward over hanging whitespace, not past the paragraph.
    func extendingOverHangingWhitespace(from end: Int) -> Int {
        var extended = end
        while extended < range.upperBound, ParagraphSegmenter.isHangingWhitespace(text[extended]) { extended += 1 }
        return extended
    }
}

/// The index of the first element of the sorted `values` that is ≥ `value` (`values.count` if none).
func firstIndex(in values: [Int], atOrAfter value: Int) -> Int {
    var low = 0
    var high = values.count
    while low < high {
        let middle = (low + high) / 2
        if values[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low
}
