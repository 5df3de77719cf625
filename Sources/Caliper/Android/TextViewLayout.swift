// TextViewLayout.swift — Android 14's TextView.onMeasure restated for wrap_content: boring or not, the desired width, then a BoringLayout or a StaticLayout of the text.
import Foundation

/// One text measured as a `TextView` (`frameworks/base`, `core/java/android/widget/TextView.java`,
/// android-14.0.0_r2: `onMeasure`, `makeNewLayout`, `makeSingleLayout`, `getDesiredHeight`)
/// with `wrap_content` width and height, no padding, drawables, hint, min/max width or ems,
/// and not horizontally scrolling; its paragraphs measured once (`MinikinMeasuredText`) for
/// both the width and the lines.
struct AndroidTextViewLayout {
    let text: [UInt16]
    let families: [AndroidFamily]
    let paint: AndroidPaint
    let style: AndroidParagraphStyle
    let density: Double
    let hyphenator: MinikinHyphenator?
    /// The paragraph style hyphenates but no patterns have the paint's first locale.
    let lacksHyphenationPatterns: Bool
    /// Whether a `BoringLayout`'s metrics take the text's fallback fonts in
    /// (`isFallbackLineSpacingForBoringLayout`): with fallback line spacing, for apps targeting
    /// Android 13 or later; apps targeting 9 to 12 have it for `StaticLayout` only.
    var boringFallbackLineSpacing: Bool
    /// `setLineSpacing`'s add in px: the style's extra in dp made whole px as a dimension
    /// resource is (`getDimensionPixelSize`).
    var spacingAddInPixels: Float
    /// A Compose line height in sp made px (as the text size is); ems are read from the style.
    var lineHeightInPixels: Float?
    /// Each paragraph's measurement, by its start, made on first need.
    private var measuredParagraphs: [Int: MinikinMeasuredText] = [:]

    init(
        text: [UInt16], families: [AndroidFamily], paint: AndroidPaint, style: AndroidParagraphStyle, density: Double,
        hyphenationPatterns: [AndroidHyphenationPatterns]
    ) throws(CaliperError) {
        self.text = text
        self.families = families
        self.paint = paint
        self.style = style
        self.density = density
        boringFallbackLineSpacing = style.fallbackLineSpacing
        spacingAddInPixels = Float(AndroidProfile.pixelSize(fromDP: Double(style.lineSpacingExtra), density: density))
        if style.hyphenationFrequency == .none {
            hyphenator = nil
            lacksHyphenationPatterns = false
        } else {
            hyphenator = AndroidHyphenationPatterns.lookup(paint.locale, in: hyphenationPatterns)?.hyphenator
            lacksHyphenationPatterns = hyphenator == nil
        }
    }

    /// `onMeasure` for a width spec `AT_MOST widthLimit` px (`UNSPECIFIED` when nil) and an
    /// unspecified height.
    mutating func measure(widthLimit: Int?) throws(CaliperError) -> AndroidTextLayout {
        let metrics = try Self.paintMetrics(families: families, paint: paint, needsEllipsis: style.ellipsize != nil)
        // isBoring's width first: its metrics (the text's fallback extent) matter only to the
        // BoringLayout it makes when it fits.
        let boringWidth = BoringLayout.isBoring(text) ? try boringAdvance() : nil
        var width: Int
        if let boringWidth {
            width = boringWidth
        } else {
            width = try desiredWidth(limit: widthLimit.map(Float.init) ?? .greatestFiniteMagnitude)
        }
        // At least mMinWidth and getSuggestedMinimumWidth, both 0 (letter spacing far below zero
        // makes the advance negative), then at most the AT_MOST width.
        width = max(width, 0)
        if let widthLimit { width = min(widthLimit, width) }
        let want = width
        let boring = try boringWidth.flatMap { (width) throws(CaliperError) in width <= want ? try boringMetrics(paintMetrics: metrics, width: width) : nil }
        var result = try emptyLayout(width: width)
        if let boring {
            // makeSingleLayout: a boring text that fits is a BoringLayout, ellipsized or not.
            // getDesiredHeight: maxLines is at least 1, so the one line is never capped; the
            // height is at least getSuggestedMinimumHeight, 0.
            return boringLayout(BoringLayout(metrics: boring, includePad: style.includeFontPadding), in: result)
        }
        let settings = StaticLayoutSettings(
            width: want, includePad: style.includeFontPadding, spacingMultiplier: style.lineSpacingMultiplier,
            spacingAdd: spacingAddInPixels,
            fallbackLineSpacing: style.fallbackLineSpacing, maxLines: style.maxLines ?? Int(Int32.max), ellipsize: style.ellipsize,
            ellipsizedWidth: want)
        let layout = try staticLayout(settings: settings, paint: metrics)
        let shown = min(layout.lines.count, style.maxLines ?? Int.max)
        result.kind = .static
        // getDesiredHeight: at least getSuggestedMinimumHeight, 0 (line spacing far below zero
        // makes a layout's height negative).
        result.height = max(layout.cappedHeight, 0)
        result.isEllipsized = layout.isEllipsized
        result.isTruncated = layout.lines.count > shown
        for line in layout.lines.prefix(shown) { result.lines.append(try self.line(line, paint: metrics)) }
        return result
    }

    /// A layout of the text `width` px wide with no lines yet, its missing glyphs counted.
    mutating func emptyLayout(width: Int) throws(CaliperError) -> AndroidTextLayout {
        var missingGlyphs = 0
        for range in paragraphRanges() { missingGlyphs += try measured(range).missingGlyphCount }
        return AndroidTextLayout(
            kind: .boring, lines: [], width: width, height: 0, density: density, textSize: paint.size, isEllipsized: false, isTruncated: false,
            missingGlyphCount: missingGlyphs, lacksHyphenationPatterns: lacksHyphenationPatterns)
    }

    /// `result` with the one line of `layout`, its height at least 0.
    func boringLayout(_ layout: BoringLayout, in result: AndroidTextLayout) -> AndroidTextLayout {
        var result = result
        let baseline = layout.height - layout.descent
        result.lines = [
            AndroidTextLayout.Line(
                utf16Range: 0..<text.count, width: Float(layout.width), top: 0, baseline: baseline, bottom: layout.height,
                ascent: -baseline, descent: layout.descent, isHyphenated: false, ellipsisRange: nil)
        ]
        result.height = max(layout.height, 0)
        return result
    }

    /// A `StaticLayout` line as `Layout`'s getters give it: an ellipsized line's width is what it
    /// shows (``shownWidth(of:ellipsis:paint:)``).
    mutating func line(_ line: StaticLayoutLine, paint metrics: AndroidPaintMetrics) throws(CaliperError) -> AndroidTextLayout.Line {
        var ellipsis: Range<Int>?
        var width = line.width
        if line.ellipsisCount > 0 {
            let start = line.start + line.ellipsisStart
            ellipsis = start..<(start + line.ellipsisCount)
            width = try shownWidth(of: line.start..<line.end, ellipsis: start..<(start + line.ellipsisCount), paint: metrics)
        }
        return AndroidTextLayout.Line(
            utf16Range: line.start..<line.end, width: width, top: line.top, baseline: line.baseline, bottom: line.bottom,
            ascent: line.ascent, descent: line.descent, isHyphenated: line.endHyphenEdit != MinikinEndHyphenEdit.noEdit.rawValue,
            ellipsisRange: ellipsis)
    }

    /// The width an ellipsized line shows: the advances of its units outside `ellipsis`,
    /// trailing spaces left out, and the ellipsis's.
    mutating func shownWidth(of line: Range<Int>, ellipsis: Range<Int>, paint: AndroidPaintMetrics) throws(CaliperError) -> Float {
        guard let paragraph = paragraphRanges().first(where: { $0.contains(line.lowerBound) }) else { return paint.ellipsisWidth }
        let widths = try measured(paragraph).widths
        var end = line.upperBound
        while end > line.lowerBound, !ellipsis.contains(end - 1), [0x20, 0x0A].contains(text[end - 1]) { end -= 1 }
        var width: Float = 0
        for index in line.lowerBound..<end where !ellipsis.contains(index) { width += widths[index - paragraph.lowerBound] }
        return width + paint.ellipsisWidth
    }

    /// `StaticLayout.Builder.build` of the text with `settings`, each paragraph broken by Minikin
    /// at the layout's width.
    mutating func staticLayout(settings: StaticLayoutSettings, paint metrics: AndroidPaintMetrics) throws(CaliperError) -> StaticLayout {
        try StaticLayout(text: text, paint: metrics, settings: settings) { (range) throws(CaliperError) in
            try self.lines(of: range, width: Float(settings.width))
        }
    }

    /// `Paint.getFontMetricsInt` of the collection's first font, and `measureText("…")` when
    /// `needsEllipsis` (else 0: only an ellipsizing layout reads it).
    static func paintMetrics(families: [AndroidFamily], paint: AndroidPaint, needsEllipsis: Bool = true) throws(CaliperError) -> AndroidPaintMetrics {
        guard let first = families.first else { return AndroidPaintMetrics(top: 0, ascent: 0, descent: 0, bottom: 0, ellipsisWidth: 0) }
        let metrics = try AndroidFontMetrics(of: first.font, size: paint.size, hinting: paint.hinting)
        let ellipsis = needsEllipsis ? try MinikinLayout.measureText([0x2026], families: families, paint: paint).advance : 0
        return AndroidPaintMetrics(
            top: metrics.topInt, ascent: metrics.ascentInt, descent: metrics.descentInt, bottom: metrics.bottomInt, ellipsisWidth: ellipsis.rounded(.up))
    }

    /// `BoringLayout.isBoring`'s metrics (`TextLine.metrics`): the paint's integer metrics
    /// widened to include 0; with fallback line spacing (`isFallbackLineSpacingForBoringLayout`,
    /// apps targeting Android 13 or later) widened again by `Paint.getFontMetricsInt(text, …)`
    /// — the text's fonts' extent as ascent and descent, top and bottom at least as far out,
    /// rounded as `getFontMetricsInt` rounds; `width`, ``boringAdvance()``.
    mutating func boringMetrics(paintMetrics fm: AndroidPaintMetrics, width: Int) throws(CaliperError) -> BoringLayout.Metrics {
        var metrics = BoringLayout.Metrics(top: min(0, fm.top), ascent: min(0, fm.ascent), descent: max(0, fm.descent), bottom: max(0, fm.bottom), width: width)
        guard !text.isEmpty else { return metrics }
        let measured = try measured(0..<text.count)
        if boringFallbackLineSpacing, let first = families.first {
            let extent = try measured.extent(of: 0..<text.count)
            let font = try AndroidFontMetrics(of: first.font, size: paint.size, hinting: paint.hinting)
            let textMetrics = AndroidFontMetrics(
                top: min(extent.ascent, font.top), ascent: extent.ascent, descent: extent.descent, bottom: max(extent.descent, font.bottom),
                leading: font.leading)
            metrics.top = min(metrics.top, textMetrics.topInt)
            metrics.ascent = min(metrics.ascent, textMetrics.ascentInt)
            metrics.descent = max(metrics.descent, textMetrics.descentInt)
            metrics.bottom = max(metrics.bottom, textMetrics.bottomInt)
        }
        return metrics
    }

    /// `BoringLayout.Metrics.width`: the text's advance rounded up (0 for an empty text).
    mutating func boringAdvance() throws(CaliperError) -> Int {
        guard !text.isEmpty else { return 0 }
        return Int(Self.advance(try measured(0..<text.count).widths[...]).rounded(.up))
    }

    /// `Layout.getDesiredWidthWithLimit`: the widest paragraph's advance (each paragraph without
    /// its line feed, `measurePara`), or `limit` as soon as one is wider; rounded up.
    mutating func desiredWidth(limit: Float) throws(CaliperError) -> Int {
        var need: Float = 0
        for range in paragraphRanges() {
            let measured = try measured(range)
            let count = text[range.upperBound - 1] == 0x0A ? measured.widths.count - 1 : measured.widths.count
            let width = text[range].contains(0x09)
                ? try tabbedWidth(range.lowerBound..<(range.lowerBound + count)) : Self.advance(measured.widths[..<count])
            if width > limit { return Int(limit.rounded(.up)) }
            need = max(need, width)
        }
        return Int(need.rounded(.up))
    }

    /// `TextLine.metrics` of a left-to-right paragraph with tabs: each segment between tabs
    /// measured on its own (`getRunAdvance` with the segment as its context), each tab moving to
    /// the next default stop (`Layout.TabStops.nextDefaultStop`: `(int) ((h + 20) / 20) × 20`).
    private func tabbedWidth(_ range: Range<Int>) throws(CaliperError) -> Float {
        var h: Float = 0
        var segmentStart = range.lowerBound
        for index in range.lowerBound...range.upperBound where index == range.upperBound || text[index] == 0x09 {
            h += try MinikinLayout.measureText(Array(text[segmentStart..<index]), families: families, paint: paint).advance
            if index != range.upperBound {
                let increment = MinikinLineBreaker.tabIncrement
                h = Float(Int((h + increment) / increment)) * increment
            }
            segmentStart = index + 1
        }
        return abs(h)
    }

    /// The units' advances added in order, in single precision, as `getRunAdvance` adds them.
    private static func advance(_ widths: ArraySlice<Float>) -> Float {
        widths.reduce(0, +)
    }

    /// The paragraphs `StaticLayout` breaks: each ends after a line feed; an empty text has none.
    func paragraphRanges() -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        while start < text.count {
            var end = start
            while end < text.count, text[end] != 0x0A { end += 1 }
            end = min(end + 1, text.count)
            ranges.append(start..<end)
            start = end
        }
        return ranges
    }

    /// The measurement of the paragraph `range`, made once.
    mutating func measured(_ range: Range<Int>) throws(CaliperError) -> MinikinMeasuredText {
        if let known = measuredParagraphs[range.lowerBound], known.text.count == range.count { return known }
        let measured = try MinikinMeasuredText(
            text: Array(text[range]), families: families, paint: paint, hyphenator: hyphenator ?? .softHyphenOnly, computesHyphenation: false)
        measuredParagraphs[range.lowerBound] = measured
        return measured
    }

    /// Minikin's lines of the paragraph `range` at `width` px, as `StaticLayout` reads them.
    private mutating func lines(of range: Range<Int>, width: Float) throws(CaliperError) -> MinikinParagraphLines {
        var measured = try measured(range)
        let frequency: MinikinLineBreaker.HyphenationFrequency = switch style.hyphenationFrequency {
        case .none: .none
        case .normal: .normal
        case .full: .full
        }
        if frequency != .none {
            try measured.computeHyphenation()
            measuredParagraphs[range.lowerBound] = measured
        }
        let strategy: MinikinLineBreaker.Strategy = switch style.breakStrategy {
        case .simple: .simple
        case .highQuality: .highQuality
        case .balanced: .balanced
        }
        var lines = MinikinParagraphLines()
        for line in try MinikinLineBreaker.breakIntoLines(measured, width: width, strategy: strategy, frequency: frequency) {
            lines.breaks.append(line.end)
            lines.widths.append(line.width)
            lines.ascents.append(line.ascent)
            lines.descents.append(line.descent)
            lines.startHyphenEdits.append(line.startHyphenEdit.rawValue)
            lines.endHyphenEdits.append(line.endHyphenEdit.rawValue)
        }
        lines.charWidths = measured.widths
        return lines
    }

}
