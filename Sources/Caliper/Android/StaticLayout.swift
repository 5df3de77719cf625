// StaticLayout.swift — Android 14's StaticLayout restated: a text's lines stacked into tops, baselines and a height, with font padding, line spacing, fallback line spacing, maxLines and ellipsis.
import Foundation

/// What `StaticLayout` and `BoringLayout` read of a paint besides the text's own measurement:
/// `Paint.getFontMetricsInt` (y down: top and ascent negative) and `Paint.measureText` of the
/// ellipsis U+2026 (`TextUtils.getEllipsisString`; a whole number of px, as `measureText` ceils).
struct AndroidPaintMetrics: Sendable, Equatable {
    var top: Int
    var ascent: Int
    var descent: Int
    var bottom: Int
    var ellipsisWidth: Float
}

/// One paragraph as Java reads it from Minikin's `LineBreaker.Result` and `MeasuredText`: each
/// line's end (offsets from the paragraph's start), width, float extents and hyphen edits, and
/// every UTF-16 unit's advance (`MeasuredParagraph.getCharWidthAt`, read by the ellipsis).
struct MinikinParagraphLines: Sendable, Equatable {
    var breaks: [Int] = []
    var widths: [Float] = []
    var ascents: [Float] = []
    var descents: [Float] = []
    /// Minikin's `StartHyphenEdit` and `EndHyphenEdit` of each line (0: none).
    var startHyphenEdits: [UInt8] = []
    var endHyphenEdits: [UInt8] = []
    var charWidths: [Float] = []
}

/// The `StaticLayout.Builder` settings a layout is made with (`TextView.makeSingleLayout`).
struct StaticLayoutSettings: Sendable, Equatable {
    /// `Builder.obtain`'s width, px.
    var width: Int
    var includePad = true
    var spacingMultiplier: Float = 1
    var spacingAdd: Float = 0
    var fallbackLineSpacing = true
    /// `setMaxLines`; `Integer.MAX_VALUE` when unset.
    var maxLines = Int(Int32.max)
    var ellipsize: AndroidParagraphStyle.Ellipsize?
    /// `setEllipsizedWidth`, px; the width unless set.
    var ellipsizedWidth: Int
    /// Compose's line height span over the whole text, if any.
    var lineHeightSpan: ComposeLineHeightSpan?
}

/// A line as `Layout`'s getters give it.
struct StaticLayoutLine: Sendable, Equatable {
    var start: Int
    var end: Int
    /// `getLineTop`; the line's bottom is the next line's top.
    var top: Int
    var bottom: Int
    /// `getLineDescent`: the line's below, its extra included.
    var descent: Int
    /// `getLineExtra`: the line spacing added below it.
    var extra: Int
    var ellipsisStart = 0
    var ellipsisCount = 0
    var startHyphenEdit: UInt8 = 0
    var endHyphenEdit: UInt8 = 0
    /// Minikin's width of the line (px): trailing spaces excluded, a hyphen included; for an
    /// ellipsized line, the width of all the text folded into it.
    var width: Float

    /// `getLineBaseline`: the bottom less the descent.
    var baseline: Int { bottom - descent }
    /// `getLineAscent`: the top less the baseline (negative).
    var ascent: Int { top - baseline }
}

/// Android 14's `StaticLayout` (`frameworks/base`, `core/java/android/text/StaticLayout.java`,
/// read at android-14.0.0_r2: `generate`, `out`, `calculateEllipsis`, `getHeight(boolean)`) for
/// plain text in one style: no spans, indents or tabs, alignment normal; one `LineHeightSpan`
/// over the whole text when Compose sets a line height.
///
/// - Paragraphs end after each U+000A (`PrecomputedText.createMeasuredParagraphs`); each is broken
///   by Minikin on its own.
/// - A line's above and below start as the paint's ascent and descent; with fallback line spacing
///   each widens to `Math.round` of Minikin's float extent of the fonts on the line, and top and
///   bottom widen with them.
/// - Font padding (`includePad`): the first line's above is its top, the last line's below its
///   bottom.
/// - Line spacing: `extra = (below − above) × (multiplier − 1) + add` in single precision, rounded
///   half away from zero; none after the last line.
/// - An empty text, or one ending in U+000A, gets one more, empty line in the paint's metrics.
/// - `maxLines` with END ellipsis (or any but MARQUEE on one line): the lines past the last visible
///   one fold into it (their advances summed) and `calculateEllipsis` cuts it to fit with "…".
struct StaticLayout: Sendable {
    private(set) var lines: [StaticLayoutLine] = []
    private(set) var topPadding = 0
    private(set) var bottomPadding = 0
    private(set) var isEllipsized = false
    /// `mMaxLineHeight`: the height up to the last visible line, as if it were the last; -1 when
    /// no line was the last visible one.
    private var maxLineHeight = -1
    private let settings: StaticLayoutSettings
    /// The line height span as the lines left it (its first line's targets and diffs).
    private(set) var lineHeightSpan: ComposeLineHeightSpan?
    /// The `FontMetricsInt` a line with a line height span left behind (`out` hands the span the
    /// line's top, ascent, descent and bottom in it), which the paragraph's next line starts
    /// from; `nil`: the paint's.
    private var spanMetrics: AndroidPaintMetrics?

    /// `getHeight()`: the last line's bottom (0 for no lines).
    var height: Int { lines.last?.bottom ?? 0 }

    /// `getHeight(true)`, what a `TextView` measures with: with more lines than `maxLines` and no
    /// ellipsis, the height up to the last visible line.
    var cappedHeight: Int {
        lines.count > settings.maxLines && maxLineHeight != -1 ? maxLineHeight : height
    }

    /// Lays `text` out, each paragraph's lines from `breakParagraph` (its UTF-16 range in `text`).
    init(
        text: [UInt16], paint: AndroidPaintMetrics, settings: StaticLayoutSettings,
        breakParagraph: (Range<Int>) throws(CaliperError) -> MinikinParagraphLines
    ) throws(CaliperError) {
        self.settings = settings
        lineHeightSpan = settings.lineHeightSpan
        maxLineHeight = settings.maxLines < 1 ? 0 : -1
        try generate(text: text, paint: paint, breakParagraph: breakParagraph)
    }

    private mutating func generate(
        text: [UInt16], paint fm: AndroidPaintMetrics, breakParagraph: (Range<Int>) throws(CaliperError) -> MinikinParagraphLines
    ) throws(CaliperError) {
        let bufferEnd = text.count
        let ellipsizedWidth = Float(settings.ellipsizedWidth)
        let needsMultiply = settings.spacingMultiplier != 1 || settings.spacingAdd != 0
        var v = 0
        var paragraphStart = 0
        while paragraphStart < bufferEnd {
            var paragraphEnd = paragraphStart
            while paragraphEnd < bufferEnd, text[paragraphEnd] != 0x0A { paragraphEnd += 1 }
            if paragraphEnd < bufferEnd { paragraphEnd += 1 }  // the line feed is the paragraph's
            var measured = try breakParagraph(paragraphStart..<paragraphEnd)
            var breakCount = measured.breaks.count

            // "Treat the last line and overflowed lines as a single line."
            let remaining = settings.maxLines - lines.count
            let mayEllipsize =
                settings.ellipsize.map { $0 == .end || settings.maxLines == 1 } ?? false
            if 0 < remaining, remaining < breakCount, mayEllipsize {
                var width: Float = 0
                for index in (remaining - 1)..<breakCount {
                    if index == breakCount - 1 {
                        width += measured.widths[index]
                    } else {
                        for unit in (index == 0 ? 0 : measured.breaks[index - 1])..<measured.breaks[index] {
                            width += measured.charWidths[unit]
                        }
                    }
                }
                measured.breaks[remaining - 1] = measured.breaks[breakCount - 1]
                measured.widths[remaining - 1] = width
                breakCount = remaining
            }

            // The paragraph's one span: its metrics are the paint's (MeasuredParagraph's fmCache,
            // read into fm afresh), taken into fmTop… that start at 0.
            spanMetrics = nil
            var fmTop = min(0, fm.top), fmBottom = max(0, fm.bottom)
            var fmAscent = min(0, fm.ascent), fmDescent = max(0, fm.descent)
            var here = paragraphStart
            for index in 0..<breakCount {
                let end = paragraphStart + measured.breaks[index]
                var ascent = fmAscent, descent = fmDescent
                if settings.fallbackLineSpacing {
                    ascent = min(fmAscent, Self.javaRound(measured.ascents[index]))
                    descent = max(fmDescent, Self.javaRound(measured.descents[index]))
                    fmTop = min(fmTop, ascent)
                    fmBottom = max(fmBottom, descent)
                }
                let hyphenEdits = (
                    start: index < measured.startHyphenEdits.count ? measured.startHyphenEdits[index] : 0,
                    end: index < measured.endHyphenEdits.count ? measured.endHyphenEdits[index] : 0
                )
                v = out(
                    text: text, start: here, end: end, above: ascent, below: descent, top: fmTop, bottom: fmBottom, v: v,
                    needsMultiply: needsMultiply, charWidths: measured.charWidths, widthStart: paragraphStart,
                    ellipsisAvailable: ellipsizedWidth, textWidth: measured.widths[index], paint: fm, hyphenEdits: hyphenEdits,
                    moreChars: end < bufferEnd, asksSpan: true)
                if end < paragraphEnd {
                    // "preserve metrics for current span": fm as out() left it — the paint's, or
                    // what a line height span made of the line's.
                    let left = spanMetrics ?? fm
                    (fmTop, fmBottom, fmAscent, fmDescent) = (left.top, left.bottom, left.ascent, left.descent)
                } else {
                    (fmTop, fmBottom, fmAscent, fmDescent) = (0, 0, 0, 0)
                }
                here = end
                if lines.count >= settings.maxLines, isEllipsized { return }
            }
            paragraphStart = paragraphEnd
        }
        if bufferEnd == 0 || text[bufferEnd - 1] == 0x0A, lines.count < settings.maxLines {
            _ = out(
                text: text, start: bufferEnd, end: bufferEnd, above: fm.ascent, below: fm.descent, top: fm.top, bottom: fm.bottom,
                v: v, needsMultiply: needsMultiply, charWidths: [], widthStart: 0, ellipsisAvailable: ellipsizedWidth,
                textWidth: 0, paint: fm, hyphenEdits: (0, 0), moreChars: false, asksSpan: false)
        }
    }

    /// `out`: one line stacked at `v`; returns the next line's top.
    private mutating func out(
        text: [UInt16], start: Int, end: Int, above: Int, below: Int, top: Int, bottom: Int, v: Int, needsMultiply: Bool,
        charWidths: [Float], widthStart: Int, ellipsisAvailable: Float, textWidth: Float, paint: AndroidPaintMetrics,
        hyphenEdits: (start: UInt8, end: UInt8), moreChars: Bool, asksSpan: Bool
    ) -> Int {
        var (above, below) = (above, below)
        if asksSpan, var span = lineHeightSpan {
            // chooseHt: the span sets fm.ascent and fm.descent; top and bottom stay.
            span.chooseHeight(start: start, end: end, ascent: &above, descent: &below)
            lineHeightSpan = span
            spanMetrics = AndroidPaintMetrics(top: top, ascent: above, descent: below, bottom: bottom, ellipsisWidth: paint.ellipsisWidth)
        }
        let bufferEnd = text.count
        let index = lines.count
        let isFirstLine = index == 0
        let isLastVisible = index + 1 == settings.maxLines
        var line = StaticLayoutLine(
            start: start, end: end, top: v, bottom: v, descent: 0, extra: 0, startHyphenEdit: hyphenEdits.start,
            endHyphenEdit: hyphenEdits.end, width: textWidth)
        if let ellipsize = settings.ellipsize {
            // "If there is only one line, then do any type of ellipsis except when it is MARQUEE;
            // if there are multiple lines, just allow END ellipsis on the last line."
            let forcesEllipsis = moreChars && index + 1 == settings.maxLines
            let isOneLine = (settings.maxLines == 1 && moreChars) || (isFirstLine && !moreChars)
            let isLastShown = !isFirstLine && (isLastVisible || !moreChars)
            if isOneLine || (isLastShown && ellipsize == .end) {
                calculateEllipsis(
                    of: &line, charWidths: charWidths, widthStart: widthStart, available: ellipsisAvailable, paint: paint,
                    textWidth: textWidth, forcesEllipsis: forcesEllipsis)
            }
        }
        let isLastLine: Bool
        if isEllipsized {
            isLastLine = true
        } else {
            let lastCharIsNewLine = widthStart != bufferEnd && bufferEnd > 0 && text[bufferEnd - 1] == 0x0A
            isLastLine = (end == bufferEnd && !lastCharIsNewLine) || (start == bufferEnd && lastCharIsNewLine)
        }
        if isFirstLine {
            topPadding = settings.includePad ? top - above : 0
            if settings.includePad { above = top }
        }
        if isLastLine {
            bottomPadding = settings.includePad ? bottom - below : 0
            if settings.includePad { below = bottom }
        }
        var extra = 0
        if needsMultiply, !isLastLine {
            // `double ex = (below - above) * (spacingmult - 1) + spacingadd`: float arithmetic, widened.
            let ex = Double(Float(below - above) * (settings.spacingMultiplier - 1) + settings.spacingAdd)
            extra = ex >= 0 ? Int(ex + 0.5) : -Int(-ex + 0.5)
        }
        line.descent = below + extra
        line.extra = extra
        // "Special case for non-ellipsized last visible line when maxLines is set."
        if !isEllipsized, isLastVisible {
            maxLineHeight = v + ((settings.includePad ? bottom : below) - above)
        }
        line.bottom = v + (below - above) + extra
        if isEllipsized {
            // An ellipsized line drops the hyphen on its cut side (both for middle).
            switch settings.ellipsize {
            case .start?: line.startHyphenEdit = 0
            case .end?: line.endHyphenEdit = 0
            default: (line.startHyphenEdit, line.endHyphenEdit) = (0, 0)
            }
        }
        lines.append(line)
        return line.bottom
    }

    /// `calculateEllipsis`: where "…" replaces text so that the line fits `available` px.
    private mutating func calculateEllipsis(
        of line: inout StaticLayoutLine, charWidths: [Float], widthStart: Int, available: Float, paint: AndroidPaintMetrics,
        textWidth: Float, forcesEllipsis: Bool
    ) {
        guard textWidth > available || forcesEllipsis else { return }  // "Everything fits!"
        let ellipsisWidth = paint.ellipsisWidth
        let length = line.end - line.start
        func width(_ offset: Int) -> Float { charWidths[offset + line.start - widthStart] }
        var ellipsisStart = 0, ellipsisCount = 0
        switch settings.ellipsize {
        case .start?:
            if settings.maxLines == 1 {  // "We only support start ellipsis on a single line"
                var sum: Float = 0
                var index = length
                while index > 0 {
                    let w = width(index - 1)
                    if w + sum + ellipsisWidth > available {
                        while index < length, width(index) == 0 { index += 1 }
                        break
                    }
                    sum += w
                    index -= 1
                }
                ellipsisCount = index
            }
        case .end?:
            var sum: Float = 0
            var index = 0
            while index < length {
                let w = width(index)
                if w + sum + ellipsisWidth > available { break }
                sum += w
                index += 1
            }
            (ellipsisStart, ellipsisCount) = (index, length - index)
            if forcesEllipsis, ellipsisCount == 0, length > 0 { (ellipsisStart, ellipsisCount) = (length - 1, 1) }
        case .middle?:
            if settings.maxLines == 1 {
                var leftSum: Float = 0, rightSum: Float = 0
                let rightAvailable = (available - ellipsisWidth) / 2
                var right = length
                while right > 0 {
                    let w = width(right - 1)
                    if w + rightSum > rightAvailable {
                        while right < length, width(right) == 0 { right += 1 }
                        break
                    }
                    rightSum += w
                    right -= 1
                }
                let leftAvailable = available - ellipsisWidth - rightSum
                var left = 0
                while left < right {
                    let w = width(left)
                    if w + leftSum > leftAvailable { break }
                    leftSum += w
                    left += 1
                }
                (ellipsisStart, ellipsisCount) = (left, right - left)
            }
        case nil:
            return
        }
        isEllipsized = true  // set even when START or MIDDLE on several lines cut nothing
        line.ellipsisStart = ellipsisStart
        line.ellipsisCount = ellipsisCount
    }

    /// `Math.round(float)`: `floor(x + ½)` (x + ½ exact in double).
    static func javaRound(_ value: Float) -> Int {
        let rounded = (Double(value) + 0.5).rounded(.down)
        return rounded.isFinite ? Int(max(-2_147_483_648, min(2_147_483_647, rounded))) : 0
    }
}
