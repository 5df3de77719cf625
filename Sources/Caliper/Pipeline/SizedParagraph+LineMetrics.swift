// SizedParagraph+LineMetrics.swift — how tall a line of a sized paragraph is: the metrics of the styles and fonts on it, and where its inline boxes sit.
import Foundation

extension SizedParagraph {
    /// The vertical metrics of a line showing `start..<end`: those of each style on the line —
    /// its primary font at its size, which always counts (a strut, as in CSS, so a fallback font
    /// can only make a line taller), and the fallback fonts its runs use — each moved by the
    /// style's baseline offset. An empty line has the metrics of the style at its start.
    func lineMetrics(from start: Int, to end: Int) -> LineMetrics {
        if isPlain, styles.count == 1, start < end { return plainLineMetrics }
        guard styles.hasBoxes else { return textMetrics(from: start, to: end) }
        return boxPlacements(from: start, to: end).metrics
    }

    /// The line's metrics and, for each inline box on it (absolute offset), its top above the
    /// baseline: the text's metrics first (a box's own style counts there as a strut), then boxes
    /// on the baseline or the x-height and boxes centred on the text, then boxes at the line's
    /// top or bottom, which align with what the others made of it (CSS's order for `top` and
    /// `bottom`).
    func boxPlacements(from start: Int, to end: Int) -> (metrics: LineMetrics, tops: [(offset: Int, box: InlineBox, top: CGFloat)]) {
        let text = textMetrics(from: start, to: end)
        var metrics = text
        var placed: [(offset: Int, box: InlineBox, top: CGFloat)] = []
        var edgeBoxes: [(offset: Int, box: InlineBox)] = []
        forEachPiece(from: start - base, to: end - base) { run, part in
            let item = shape.runs[run].item
            guard let box = styles.box(item.style) else { return }
            let style = styles.styles[item.style]
            let top: CGFloat
            switch box.alignment {
            case .baseline(let offset): top = offset + box.height
            case .centerOnXHeight: top = style.font.metrics(atSize: style.size).xHeight / 2 + box.height / 2
            case .centerOnLine: top = (text.ascender + text.descender) / 2 + box.height / 2
            case .top, .bottom:
                edgeBoxes.append((part.lowerBound + base, box))
                return
            }
            metrics.include(top: top, bottom: top - box.height)
            placed.append((part.lowerBound + base, box, top))
        }
        let ascender = metrics.ascender
        let descender = metrics.descender
        for (offset, box) in edgeBoxes {
            let top = box.alignment == .top ? ascender : descender + box.height
            metrics.include(top: top, bottom: top - box.height)
            placed.append((offset, box, top))
        }
        return (metrics, placed)
    }

    /// The metrics of the text of a line (its boxes' styles included as struts, not the boxes).
    func textMetrics(from start: Int, to end: Int) -> LineMetrics {
        if styles.count == 1 || start >= end {
            let style = styles.styles[styles.index(containing: start - base)]
            var metrics = LineMetrics(primary: style.font, size: style.size, baselineOffset: style.baselineOffset)
            forEachPiece(from: start - base, to: end - base) { run, _ in
                let face = shape.runs[run].item.face
                if face !== style.font { metrics.include(face, size: style.size, baselineOffset: style.baselineOffset) }
            }
            return metrics
        }
        var metrics: LineMetrics?
        forEachPiece(from: start - base, to: end - base) { run, _ in
            let item = shape.runs[run].item
            let style = style(of: item)
            if metrics == nil {
                metrics = LineMetrics(primary: style.font, size: style.size, baselineOffset: style.baselineOffset)
            } else {
                metrics?.include(style.font, size: style.size, baselineOffset: style.baselineOffset)
            }
            if item.face !== style.font { metrics?.include(item.face, size: style.size, baselineOffset: style.baselineOffset) }
        }
        return metrics ?? LineMetrics(primary: style.font, size: style.size, baselineOffset: style.baselineOffset)
    }
}
