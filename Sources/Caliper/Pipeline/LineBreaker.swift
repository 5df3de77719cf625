// LineBreaker.swift — greedy line filling over a shaped paragraph's break opportunities.
import Foundation

/// One line of a paragraph as the line breaker placed it, in absolute UTF-16 offsets.
struct LineFragment: Sendable, Equatable {
    /// First code unit of the line.
    var start: Int
    /// End of the line's visible content: its trailing (hanging) whitespace excluded.
    var contentEnd: Int
    /// End of the line with its trailing whitespace (the paragraph's hard break is not included).
    var end: Int
    /// Width of `start..<contentEnd` set as a line of its own, in points.
    var width: CGFloat
    /// Width of `start..<end`, in points.
    var widthWithTrailingWhitespace: CGFloat
}

/// Fills lines greedily: each line takes as much text as fits, ending at the furthest break
/// opportunity whose line, trailing whitespace excluded, is no wider than `maxWidth`.
struct LineBreaker {
    /// The widest a line may be; `nil` never wraps.
    let maxWidth: CGFloat?
    let mode: LineBreakMode

    /// Lines closer than this to the width still fit: sums of scaled advances carry rounding.
    static let fitTolerance: CGFloat = 1e-9

    /// The lines of `paragraph`, at most `maxLines` of them (all for `nil`). An empty paragraph
    /// has one empty line.
    func lines(of paragraph: ShapedParagraph, maxLines: Int? = nil) -> [LineFragment] {
        let range = paragraph.range
        guard let maxWidth, !range.isEmpty else { return [fragment(paragraph, range.lowerBound, range.upperBound)] }
        var lines: [LineFragment] = []
        var start = range.lowerBound
        while start < range.upperBound, lines.count < (maxLines ?? .max) {
            let end = lineEnd(in: paragraph, from: start, maxWidth: maxWidth)
            lines.append(fragment(paragraph, start, end))
            start = end
        }
        return lines
    }

    func fragment(_ paragraph: ShapedParagraph, _ start: Int, _ end: Int) -> LineFragment {
        let contentEnd = paragraph.trimmingHangingWhitespace(from: start, to: end)
        return LineFragment(
            start: start, contentEnd: contentEnd, end: end,
            width: paragraph.width(from: start, to: contentEnd),
            widthWithTrailingWhitespace: paragraph.width(from: start, to: end))
    }

    /// Where the line that starts at `start` ends (always after `start`).
    private func lineEnd(in paragraph: ShapedParagraph, from start: Int, maxWidth: CGFloat) -> Int {
        let boundaries = mode == .byCharWrapping ? paragraph.graphemeBoundaries : paragraph.breakOpportunities
        let candidates = boundaries[firstIndex(in: boundaries, atOrAfter: start + 1)...]
        guard let firstCandidate = candidates.first else { return paragraph.range.upperBound }
        if let end = furthestFitting(candidates, in: paragraph, from: start, maxWidth: maxWidth) {
            return mode == .byCharWrapping ? paragraph.extendingOverHangingWhitespace(from: end) : end
        }
        // Not even the first word fits. Clipping lets it overflow; the other modes break it between
        // grapheme clusters, never inside one, keeping at least one cluster on the line.
        if mode == .byClipping { return firstCandidate }
        let wordEnd = paragraph.trimmingHangingWhitespace(from: start, to: firstCandidate)
        let graphemes = paragraph.graphemeBoundaries
        let clusterEnds = graphemes[firstIndex(in: graphemes, atOrAfter: start + 1)..<firstIndex(in: graphemes, atOrAfter: wordEnd + 1)]
        if let end = furthestFitting(clusterEnds, in: paragraph, from: start, maxWidth: maxWidth) { return end }
        let end = clusterEnds.first ?? firstCandidate
        return mode == .byCharWrapping ? paragraph.extendingOverHangingWhitespace(from: end) : end
    }

    /// The furthest of `candidates` at which a line from `start` fits, or `nil` if none does.
    ///
    /// Candidates are screened with the whole-paragraph widths, which may differ from a line's own
    /// shaping only by kerning or ligatures at its edges, so one em of slack keeps every candidate
    /// that could fit (the largest em of the paragraph's styles: the edge may be in any of them);
    /// the survivors are then checked, furthest first, with exact widths.
    ///
    /// The screen walks the candidates once: each estimate costs O(log runs), and a candidate's
    /// trailing whitespace is trimmed back only to the previous candidate, so a line of thousands
    /// of runs or a run of thousands of spaces (every one a candidate when breaking by character)
    /// costs time in proportion to its length, not its square.
    private func furthestFitting(
        _ candidates: ArraySlice<Int>, in paragraph: ShapedParagraph, from start: Int, maxWidth: CGFloat
    ) -> Int? {
        let slack = paragraph.styles.largestSize
        var screenedEnd = candidates.startIndex  // candidates[startIndex..<screenedEnd] pass the screen
        var previous = (candidate: start, contentEnd: start)
        for index in candidates.indices {
            let candidate = candidates[index]
            // Only whitespace since the previous candidate: the content ends where it did there.
            let trimmed = paragraph.trimmingHangingWhitespace(from: previous.candidate, to: candidate)
            let contentEnd = trimmed == previous.candidate ? previous.contentEnd : trimmed
            previous = (candidate, contentEnd)
            if paragraph.estimatedWidth(from: start, to: contentEnd) > maxWidth + slack { break }
            screenedEnd = index + 1
        }
        var index = screenedEnd
        while index > candidates.startIndex {
            index -= 1
            let contentEnd = paragraph.trimmingHangingWhitespace(from: start, to: candidates[index])
            if paragraph.width(from: start, to: contentEnd) <= maxWidth + Self.fitTolerance { return candidates[index] }
        }
        return nil
    }
}
