// ComposeTextLayout.swift — a Jetpack Compose Text on Android 14 restated: its max intrinsic width, the width its constraints leave, a BoringLayout or StaticLayout at that width, and TextLayout's height with its line height paddings.
import Foundation

extension AndroidTextViewLayout {
    /// A Compose `Text` (soft wrap on; `TextOverflow.Ellipsis` when the style ellipsizes, else
    /// `Clip`) measured under constraints of width 0…`widthLimit` px (`nil`: unbounded) and any
    /// height, as Compose UI 1.7–1.9 measures it (`ParagraphLayoutCache`, `finalMaxWidth`,
    /// `AndroidParagraph`, `TextLayout`, `LayoutIntrinsics`; see <doc:Semantics>):
    ///
    /// 1. The max intrinsic width: a boring text's `BoringLayout.Metrics` width (its metrics
    ///    taken with fallback line spacing, `BoringLayoutFactory33`), else
    ///    `ceil(Layout.getDesiredWidth)`; half a pixel more with letter spacing. A text with a line
    ///    height carries its `LineHeightSpan`, a paragraph style, so it is never boring.
    /// 2. The width: the max intrinsic width rounded up, at most the limit (`finalMaxWidth`).
    /// 3. A `BoringLayout` when the text is boring and fits, else a `StaticLayout` at that width
    ///    with the style's line limit and end ellipsis, and the line height span.
    /// 4. The height (`TextLayout.height`): the layout's (to the last line shown when lines were
    ///    cut), plus the padding the line height span asks when it cuts into the first line's
    ///    ascent or the last line's descent (`getLineHeightPaddings`, as written), plus, when the
    ///    last line is empty, the difference the span would make to it (`getLastLineMetrics`).
    mutating func measureCompose(widthLimit: Int?) throws(CaliperError) -> AndroidTextLayout {
        let metrics = try Self.paintMetrics(families: families, paint: paint, needsEllipsis: style.ellipsize != nil)
        let span = composeLineHeightSpan()
        // LayoutIntrinsics.boringMetrics, BoringLayoutFactory33.isBoring: fallback line spacing on.
        let boringWidth = span == nil && BoringLayout.isBoring(text) ? try boringAdvance() : nil
        let desired: Int
        if let boringWidth { desired = boringWidth } else { desired = try desiredWidth(limit: .greatestFiniteMagnitude) }
        var maxIntrinsicWidth = Float(desired)
        if maxIntrinsicWidth != 0, paint.letterSpacing != 0 { maxIntrinsicWidth += 0.5 }  // shouldIncreaseMaxIntrinsic
        // finalMaxWidth: minWidth 0, the limit or Constraints.Infinity.
        let limit = widthLimit ?? Int(Int32.max)
        let width = limit == 0 ? 0 : min(max(Int(maxIntrinsicWidth.rounded(.up)), 0), limit)
        var result = try emptyLayout(width: width)
        if let boringWidth, maxIntrinsicWidth <= Float(width) {
            boringFallbackLineSpacing = true
            let metrics = try boringMetrics(paintMetrics: metrics, width: boringWidth)
            return boringLayout(BoringLayout(metrics: metrics, includePad: style.includeFontPadding), in: result)
        }
        let maxLines = style.maxLines ?? Int(Int32.max)
        let settings = StaticLayoutSettings(
            width: width, includePad: style.includeFontPadding, fallbackLineSpacing: style.fallbackLineSpacing, maxLines: maxLines,
            ellipsize: style.ellipsize, ellipsizedWidth: width, lineHeightSpan: span)
        let layout = try staticLayout(settings: settings, paint: metrics)
        // TextLayout: lineCount at most maxLines; didExceedMaxLines.
        let lineCount = min(layout.lines.count, maxLines)
        let last = layout.lines[lineCount - 1]
        let didExceedMaxLines = lineCount >= maxLines && (last.ellipsisCount > 0 || last.end != text.count)
        // getLineHeightPaddings: only a LineHeightStyleSpan's diffs, the bottom as written
        // (`max(firstAscentDiff, abs(lastDescentDiff))`); getVerticalPaddings is 0 with font
        // padding or fallback line spacing (the style refuses the other case).
        var topPadding = 0, bottomPadding = 0
        if let applied = layout.lineHeightSpan, case .style = applied.kind {
            if applied.firstAscentDiff < 0 { topPadding = max(topPadding, abs(applied.firstAscentDiff)) }
            if applied.lastDescentDiff < 0 { bottomPadding = max(topPadding, abs(applied.lastDescentDiff)) }
        }
        // getLastLineMetrics: an empty last line, measured as a zero width space under a copy of
        // the span.
        var lastLineMetrics: (ascent: Int, descent: Int, bottom: Int)?
        if last.start == last.end, let span, case .style = span.kind {
            let copy = span.copy(startIndex: 0, endIndex: 1, trimFirstLineTop: lineCount - 1 != 0 && span.trimsLastLineBottom ? false : span.trimsLastLineBottom)
            lastLineMetrics = try zeroWidthSpaceLine(span: copy)
        }
        func lineTop(_ index: Int) -> Int { layout.lines[index].top + (index == 0 ? 0 : topPadding) }
        func lineBottom(_ index: Int, lastLine: (ascent: Int, descent: Int, bottom: Int)?) -> Int {
            if index == lineCount - 1, let lastLine { return (index == 0 ? 0 : layout.lines[index - 1].bottom) + lastLine.bottom }
            return topPadding + layout.lines[index].bottom + (index == lineCount - 1 ? bottomPadding : 0)
        }
        let lastLineExtra = lastLineMetrics.map { $0.bottom - (lineBottom(lineCount - 1, lastLine: nil) - lineTop(lineCount - 1)) } ?? 0
        let layoutHeight = didExceedMaxLines ? layout.lines[lineCount - 1].bottom : layout.height
        result.kind = .static
        result.height = max(layoutHeight + topPadding + bottomPadding + lastLineExtra, 0)
        result.isEllipsized = layout.isEllipsized
        result.isTruncated = didExceedMaxLines && !layout.isEllipsized
        for index in 0..<lineCount {
            // TextLayout's getters: tops and baselines shifted by the top padding, the empty last
            // line's from its zero width space's metrics.
            var line = try self.line(layout.lines[index], paint: metrics)
            let isLastWithMetrics = index == lineCount - 1 ? lastLineMetrics : nil
            line.top = lineTop(index)
            line.baseline = topPadding + (isLastWithMetrics.map { line.top - $0.ascent } ?? line.baseline)
            line.bottom = lineBottom(index, lastLine: lastLineMetrics)
            line.ascent = isLastWithMetrics?.ascent ?? line.ascent
            line.descent = isLastWithMetrics?.descent ?? line.descent
            result.lines.append(line)
        }
        return result
    }

    /// The span Compose sets over the text for the style's line height (`createCharSequence`),
    /// in px: sp by the profile (as the text size), ems × the text size.
    private func composeLineHeightSpan() -> ComposeLineHeightSpan? {
        guard let lineHeight = style.lineHeight else { return nil }
        let pixels: Float = switch lineHeight {
        case .sp: lineHeightInPixels ?? 0
        case .em(let value): Float(value) * paint.size
        }
        return ComposeLineHeightSpan(style: style, lineHeight: pixels, length: text.count, endsInLineFeed: text.last == 0x0A)
    }

    /// A `StaticLayout` of U+200B alone under `span`, unbounded, with the style's font padding and
    /// fallback line spacing: its line's ascent, descent and bottom (`getLastLineMetrics`).
    private func zeroWidthSpaceLine(span: ComposeLineHeightSpan) throws(CaliperError) -> (ascent: Int, descent: Int, bottom: Int) {
        var style = AndroidParagraphStyle.compose(includeFontPadding: self.style.includeFontPadding)
        style.fallbackLineSpacing = self.style.fallbackLineSpacing
        var layout = try AndroidTextViewLayout(text: [0x200B], families: families, paint: paint, style: style, density: density, hyphenationPatterns: [])
        let metrics = try Self.paintMetrics(families: families, paint: paint, needsEllipsis: false)
        let settings = StaticLayoutSettings(
            width: Int(Int32.max), includePad: style.includeFontPadding, fallbackLineSpacing: style.fallbackLineSpacing, ellipsizedWidth: Int(Int32.max),
            lineHeightSpan: span)
        let line = try layout.staticLayout(settings: settings, paint: metrics).lines[0]
        return (line.ascent, line.descent, line.bottom)
    }
}
