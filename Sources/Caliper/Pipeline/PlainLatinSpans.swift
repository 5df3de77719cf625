// PlainLatinSpans.swift — the size and one-line layout of a plain Latin label in several styles, without the general pipeline.
import Foundation

/// ``PlainLatinLabel`` for attributed text: a label of plain Latin text in several spans (a tag
/// with a bold count, a bold name before a regular action), each span's text covered by its own
/// primary font, no inline box.
///
/// The general pipeline's answer is again known in advance: one paragraph, all at bidi level 0;
/// one script for the whole text (Latin when any character is a Latin letter, Common taking it,
/// else Common); and, since a run never crosses a span, exactly one HarfBuzz run per span, in its
/// span's font, features and language, measured at its span's size. So each span's advance is
/// that of its text shaped alone in the text's script — looked up in the label table (as a run,
/// keyed apart from whole labels), or summed from its cached words and spaces — and the size and
/// line are made from those advances by the helpers the general pipeline uses (``Widths``,
/// ``LineMetrics``, ``UnwrappedSize``, ``LineStack``). `PlainLatinSpansTests` checks the results
/// against the general pipeline bit for bit.
extension PlainLatinLabel {
    /// Each span's advance, or `nil` when `text` is not plain Latin in its spans' fonts.
    static func spanAdvances(of text: AttributedText, cache: ShapeCache?) -> [LabelAdvance]? {
        let string = text.string
        var pieces: [(text: String, count: Int)] = []
        pieces.reserveCapacity(text.spans.count)
        var hasLetter = false
        var index = string.utf16.startIndex
        for span in text.spans {
            guard span.box == nil else { return nil }
            // Plain Latin is one UTF-16 unit per character, so span edges are character boundaries.
            let end = string.utf16.index(index, offsetBy: span.utf16Range.count)
            let piece = String(string[index..<end])
            guard let (script, count) = scan(piece, font: span.style.font) else { return nil }
            hasLetter = hasLetter || script == .latin
            pieces.append((piece, count))
            index = end
        }
        let script: PieceScript = hasLetter ? .latin : .common
        var advances: [LabelAdvance] = []
        advances.reserveCapacity(pieces.count)
        for (piece, span) in zip(pieces, text.spans) {
            guard let advance = runAdvance(of: piece.text, count: piece.count, script: script, style: span.style, cache: cache)
            else { return nil }
            advances.append(advance)
        }
        return advances
    }

    /// The advance of one span's text shaped as one run in `script`: from the cache, or measured and cached.
    private static func runAdvance(
        of text: String, count: Int, script: PieceScript, style: TextStyle, cache: ShapeCache?
    ) -> LabelAdvance? {
        let kind: AdvanceStyle.Kind = script == .latin ? .latinRun : .commonRun
        if let cache,
            let advance = cache.labels.value(for: text, kind: kind, font: style.font, features: style.features, language: style.language)
        {
            return advance
        }
        guard let advance = advance(of: text, script: script, count: count, style: style, cache: cache) else { return nil }
        cache?.labels.insert(
            advance, for: text, style: AdvanceStyle(kind: kind, font: style.font, features: style.features, language: style.language))
        return advance
    }

    /// The size of a text whose spans have `advances`: `MeasuredText.unwrappedSize` of one
    /// paragraph of one run per span, added up by the same ``UnwrappedSize``.
    static func size(of text: AttributedText, advances: [LabelAdvance]) -> CGSize {
        var size = UnwrappedSize()
        size.add(
            lineWidth: width(of: text, advances: advances, units: \.units, clusterCount: \.clusterCount),
            metrics: metrics(of: text), ownStyle: nil)
        return size.size
    }

    /// `SizedParagraph.width` over the spans, each `units` wide holding `clusterCount` clusters:
    /// the runs' points summed in order, then each spaced span's letter spacing (``Widths``).
    private static func width(
        of text: AttributedText, advances: [LabelAdvance], units: (LabelAdvance) -> Int, clusterCount: (LabelAdvance) -> Int
    ) -> CGFloat {
        var advance = 0.0
        for (span, spanAdvance) in zip(text.spans, advances) where clusterCount(spanAdvance) > 0 {
            advance = advance + points(units(spanAdvance), style: span.style)
        }
        var spacing: CGFloat = 0
        if text.spans.contains(where: { $0.style.letterSpacing != 0 }) {
            for (span, spanAdvance) in zip(text.spans, advances) where span.style.letterSpacing != 0 {
                spacing += Widths.letterSpacing(span.style.letterSpacing, clusters: clusterCount(spanAdvance))
            }
        }
        return Widths.width(points: advance, letterSpacing: spacing)
    }

    /// `SizedParagraph.lineMetrics` of a line holding every span: the first span's font, then
    /// each other span's, at their sizes and baseline offsets.
    private static func metrics(of text: AttributedText) -> LineMetrics {
        let first = text.spans[0].style
        var metrics = LineMetrics(primary: first.font, size: first.size, baselineOffset: first.baselineOffset)
        for span in text.spans.dropFirst() {
            metrics.include(span.style.font, size: span.style.size, baselineOffset: span.style.baselineOffset)
        }
        return metrics
    }

    /// ``TextMeasurer/layout(_:paragraphStyle:maxWidth:)`` for a plain Latin label in several
    /// spans that is one line: what `MeasuredText.layout` builds for it, with its line, runs and
    /// size made by the same helpers, or `nil` when the text is not plain Latin in its spans'
    /// fonts or may not be exactly one line (the conditions of
    /// ``layout(_:style:paragraphStyle:maxWidth:cache:)``, for every span).
    static func layout(
        _ text: AttributedText, paragraphStyle: ParagraphStyle, maxWidth: CGFloat?, cache: ShapeCache?
    ) -> TextLayout? {
        let wrapWidth = maxWidth.flatMap { $0.isFinite ? $0 : nil }
        guard paragraphStyle.baseDirection != .rightToLeft, paragraphStyle.usesFontLeading,
            wrapWidth == nil || text.string.utf8.count <= maximumWrappedLabelLength,
            let advances = spanAdvances(of: text, cache: cache)
        else { return nil }
        // The content ends before the trailing spaces, which may fill the last spans: the spans
        // before it are whole, the one it ends in has its content part, the rest none.
        var contents: [(units: Int, clusterCount: Int)] = []
        contents.reserveCapacity(advances.count)
        var reachedEnd = false
        for advance in advances.reversed() {
            if reachedEnd {
                contents.append((advance.units, advance.clusterCount))
            } else if advance.contentClusterCount == 0 {
                contents.append((0, 0))  // all spaces
            } else {
                guard let contentUnits = advance.contentUnits else { return nil }
                contents.append((contentUnits, advance.contentClusterCount))
                reachedEnd = true
            }
        }
        contents.reverse()
        let contentWidth = width(of: text, advances: zip(contents, advances).map { content, advance in
            var clipped = advance
            (clipped.units, clipped.clusterCount) = content
            return clipped
        }, units: \.units, clusterCount: \.clusterCount)
        if let wrapWidth {
            // Every prefix must be no wider than the whole for the line breaker to reach the end.
            guard !advances.contains(where: \.hasNegativeAdvance), !text.spans.contains(where: { $0.style.letterSpacing < 0 }),
                contentWidth <= wrapWidth + min(LineBreaker.fitTolerance, text.spans.map(\.style.size).max() ?? 0)
            else { return nil }
        }
        let fullWidth = width(of: text, advances: advances, units: \.units, clusterCount: \.clusterCount)
        let box = metrics(of: text).box(in: paragraphStyle, top: 0)
        // One run per span with content, as `SizedParagraph.runs` clips them to the content.
        var runs: [TextRun] = []
        var x: CGFloat = 0
        let script = advances[0].script == .latin ? "Latn" : "Zyyy"
        for (index, (span, content)) in zip(text.spans, contents).enumerated() where content.clusterCount > 0 {
            let style = span.style
            let spacing = Widths.letterSpacing(style.letterSpacing, clusters: style.letterSpacing != 0 ? content.clusterCount : 0)
            let width = Widths.width(points: points(content.units, style: style), letterSpacing: spacing)
            runs.append(
                TextRun(
                    utf16Range: span.utf16Range.lowerBound..<(span.utf16Range.lowerBound + content.clusterCount), font: style.font,
                    style: style, spanIndex: index, script: script, bidiLevel: 0, x: x, width: width))
            x += width
        }
        let count = text.utf16Count
        let utf16 = text.string.utf16
        let stack = LineStack(
            TextLine(
                utf16Range: NSRange(location: 0, length: count), range: utf16.startIndex..<utf16.index(utf16.startIndex, offsetBy: count),
                width: contentWidth, widthWithTrailingWhitespace: fullWidth, box: box, runs: runs),
            lineSpacing: paragraphStyle.lineSpacing)
        return stack.layout(
            isWrapped: wrapWidth != nil, isTruncated: false, firstStyle: paragraphStyle, fontMetrics: text.spans[0].style.metrics,
            missingGlyphCount: 0)
    }
}
