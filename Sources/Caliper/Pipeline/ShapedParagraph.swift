// ShapedParagraph.swift — a paragraph shaped once as an endless line, with widths of any slice of it.
import Foundation

/// A paragraph shaped once as one endless line (as Skia's paragraph does), holding what line
/// breaking needs: prefix advances at every UTF-16 offset, where a break is safe without
/// reshaping, ICU's break opportunities and grapheme cluster boundaries.
///
/// The width of a slice is exact: read from the prefix sums when both of its edges are safe to
/// break (HarfBuzz's `unsafe_to_break` is clear and the edge starts a cluster), else the slice is
/// shaped on its own, as it will be displayed, so kerning and ligatures across a break never leak
/// into a line.
struct ShapedParagraph {
    let text: [UInt16]
    let range: Range<Int>
    let shaper: Shaper
    /// ICU line-break opportunities inside the paragraph, as absolute offsets, ending at `range.upperBound`.
    let breakOpportunities: [Int]
    /// Grapheme cluster boundaries, absolute, from `range.lowerBound` to `range.upperBound`.
    let graphemeBoundaries: [Int]
    /// Advance in design units of `text[range.lowerBound ..< range.lowerBound + i]`.
    private let prefixAdvance: [Int]
    /// Whether a line may start or end at `range.lowerBound + i` without reshaping.
    private let isSafeBoundary: [Bool]

    init(text: [UInt16], range: Range<Int>, shaper: Shaper, locale: String = "") throws(CaliperError) {
        self.text = text
        self.range = range
        self.shaper = shaper
        let content = Array(text[range])
        do {
            breakOpportunities = try TextBoundaries.lineBreakOpportunities(in: content, locale: locale)
                .map { range.lowerBound + $0.utf16Offset }
            graphemeBoundaries = try TextBoundaries.graphemeClusterBoundaries(in: content)
                .map { range.lowerBound + $0 }
        } catch {
            throw .textBoundaries(error)
        }
        let glyphs = shaper.shape(text, range: range)
        var clusterAdvance = [Int](repeating: 0, count: range.count + 1)
        var startsCluster = [Bool](repeating: false, count: range.count + 1)
        var unsafe = [Bool](repeating: false, count: range.count + 1)
        for index in 0..<glyphs.count {
            let offset = glyphs.clusters[index] - range.lowerBound
            clusterAdvance[offset] += Int(glyphs.advances[index])
            startsCluster[offset] = true
            if glyphs.unsafeToBreak[index] { unsafe[offset] = true }
        }
        var prefix = [Int](repeating: 0, count: range.count + 1)
        for offset in 0..<range.count { prefix[offset + 1] = prefix[offset] + clusterAdvance[offset] }
        prefixAdvance = prefix
        isSafeBoundary = (0...range.count).map { offset in
            offset == 0 || offset == range.count || (startsCluster[offset] && !unsafe[offset])
        }
    }

    /// Advance of `text[start..<end]` read from the whole-paragraph shaping, in design units.
    /// Exact when both edges are safe boundaries; otherwise an estimate.
    func estimatedAdvance(from start: Int, to end: Int) -> Int {
        prefixAdvance[end - range.lowerBound] - prefixAdvance[start - range.lowerBound]
    }

    /// Advance of `text[start..<end]` shaped as a line of its own, in design units.
    func exactAdvance(from start: Int, to end: Int) -> Int {
        guard start < end else { return 0 }
        if isSafeBoundary[start - range.lowerBound], isSafeBoundary[end - range.lowerBound] {
            return estimatedAdvance(from: start, to: end)
        }
        return shaper.shape(text, range: start..<end).totalAdvance
    }

    /// Width in points of `text[start..<end]` set as a line of its own, letter spacing included.
    func width(from start: Int, to end: Int) -> CGFloat {
        shaper.points(designUnits: exactAdvance(from: start, to: end), clusterCount: graphemeCount(from: start, to: end))
    }

    /// Estimated width in points of `text[start..<end]` (see ``estimatedAdvance(from:to:)``).
    func estimatedWidth(from start: Int, to end: Int) -> CGFloat {
        shaper.points(
            designUnits: estimatedAdvance(from: start, to: end), clusterCount: graphemeCount(from: start, to: end))
    }

    /// The number of grapheme clusters that start in `start..<end`.
    func graphemeCount(from start: Int, to end: Int) -> Int {
        guard start < end else { return 0 }
        return firstIndex(in: graphemeBoundaries, atOrAfter: end) - firstIndex(in: graphemeBoundaries, atOrAfter: start)
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
