// ReferenceTruncator.swift — the truncator as it was before the bisection (commit 6d5032e), kept as the oracle its answers are compared with.
@testable import Caliper
import Foundation

// The body below is Sources/Caliper/Pipeline/Truncator.swift at 6d5032e, verbatim but for its
// name, the `lineShaped` hook (to count the lines it shapes), `TruncatedLine` being the library's,
// and the shown line's one style given as the one stretch the paragraph types now take.
/// Shortens `text[start..<end]` of a paragraph to fit `maxWidth` together with "…" (U+2026, or
/// "..." when the font has no ellipsis glyph), cutting between grapheme clusters only. Each kept
/// piece loses its hanging whitespace next to the ellipsis. When not even the ellipsis fits, the
/// line is the ellipsis alone.
struct ReferenceTruncator {
    let paragraph: SizedParagraph
    let maxWidth: CGFloat
    /// The fonts and direction the shortened line is set with (the ellipsis may need a fallback font).
    let cascade: FontCascade
    let baseDirection: BaseDirection
    let cache: ShapeCache?
    var lineShaped: ((TruncatedLine) -> Void)? = nil

    private var ellipsis: [UInt16] {
        paragraph.style.font.hasGlyph(for: "\u{2026}") ? [0x2026] : Array("...".utf16)
    }

    func truncate(from start: Int, to end: Int, mode: LineBreakMode) throws(CaliperError) -> TruncatedLine {
        // When everything fits beside the ellipsis (text is hidden only after this paragraph),
        // keep it all; this also spares the searches below on very wide lines.
        let whole = mode == .byTruncatingHead
            ? try line(prefix: start..<start, suffix: start..<end) : try line(prefix: start..<end, suffix: end..<end)
        if fits(whole) { return whole }
        let boundaries = paragraph.graphemeBoundaries
        let clusterBoundaries = Array(boundaries[firstIndex(in: boundaries, atOrAfter: start)..<firstIndex(in: boundaries, atOrAfter: end + 1)])
        switch mode {
        case .byTruncatingHead:
            // Keep the longest suffix: try cut points from the end backwards.
            var best = try line(prefix: start..<start, suffix: end..<end)
            for cut in clusterBoundaries.reversed() {
                let candidate = try line(prefix: start..<start, suffix: cut..<end)
                guard fits(candidate) else { break }
                best = candidate
            }
            return best
        case .byTruncatingMiddle:
            // Grow the kept start and end alternately, one cluster at a time, while the line fits.
            var prefixIndex = 0
            var suffixIndex = clusterBoundaries.count - 1
            var best = try line(prefix: start..<start, suffix: end..<end)
            var canGrow = (prefix: true, suffix: true)
            var prefixTurn = true
            while prefixIndex < suffixIndex, canGrow.prefix || canGrow.suffix {
                let growsPrefix = canGrow.prefix && (prefixTurn || !canGrow.suffix)
                let next = growsPrefix ? (prefixIndex + 1, suffixIndex) : (prefixIndex, suffixIndex - 1)
                let candidate = try line(
                    prefix: start..<clusterBoundaries[next.0], suffix: clusterBoundaries[next.1]..<end)
                if fits(candidate) {
                    best = candidate
                    (prefixIndex, suffixIndex) = next
                } else if growsPrefix {
                    canGrow.prefix = false
                } else {
                    canGrow.suffix = false
                }
                prefixTurn.toggle()
            }
            return best
        case .byTruncatingTail, .byWordWrapping, .byCharWrapping, .byClipping:
            // Keep the longest prefix: screen cut points with paragraph widths, then check exactly.
            let ellipsisWidth = try line(prefix: start..<start, suffix: end..<end).width
            let slack = paragraph.style.size
            var screened: [Int] = []
            for cut in clusterBoundaries {
                let kept = paragraph.trimmingHangingWhitespace(from: start, to: cut)
                if paragraph.estimatedWidth(from: start, to: kept) + ellipsisWidth > maxWidth + slack { break }
                screened.append(cut)
            }
            for cut in screened.reversed() {
                let candidate = try line(prefix: start..<cut, suffix: end..<end)
                if fits(candidate) { return candidate }
            }
            return try line(prefix: start..<start, suffix: end..<end)
        }
    }

    private func fits(_ line: TruncatedLine) -> Bool {
        line.width <= maxWidth + LineBreaker.fitTolerance
    }

    /// `prefix` + ellipsis + `suffix`, with whitespace next to the ellipsis dropped, shaped as one line.
    private func line(prefix: Range<Int>, suffix: Range<Int>) throws(CaliperError) -> TruncatedLine {
        let text = paragraph.text
        let prefixEnd = paragraph.trimmingHangingWhitespace(from: prefix.lowerBound, to: prefix.upperBound)
        var suffixStart = suffix.lowerBound
        while suffixStart < suffix.upperBound, ParagraphSegmenter.isHangingWhitespace(text[suffixStart]) {
            suffixStart += 1
        }
        let ellipsis = self.ellipsis
        let displayed = Array(text[prefix.lowerBound..<prefixEnd]) + ellipsis + Array(text[suffixStart..<suffix.upperBound])
        let shape = try ParagraphShape.make(
            content: displayed, style: paragraph.style, cascade: cascade, direction: baseDirection, cache: cache)
        let shown = SizedParagraph(
            text: displayed, range: 0..<displayed.count, shape: shape,
            styles: StyleRuns(style: paragraph.style, cascade: cascade, length: displayed.count), tabs: paragraph.tabs)
        let width = shown.width(from: 0, to: displayed.count)
        let line = TruncatedLine(displayedText: displayed, width: width, shaped: shown)
        lineShaped?(line)
        return line
    }
}
