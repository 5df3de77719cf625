// LineAssembly.swift — a measured text's paragraphs broken into lines, truncated, and assembled into a TextLayout's lines, runs and metrics, with the line geometry the fast paths share (the plain paths are in PlainLayout.swift).
import Foundation

extension MeasuredText {
    /// ``layout(maxWidth:paragraphStyle:)``; with `truncatesWordWrapping`, a last allowed line
    /// that word wraps is truncated at its tail (`truncatesLastVisibleLine`).
    func layout(
        maxWidth: CGFloat?, paragraphStyle: ParagraphStyle, truncatesWordWrapping: Bool
    ) throws(CaliperError) -> TextLayout {
        if !keepsGlyphs, let (plainParagraphs, wrapWidth, breaker) = try plainWrapping(maxWidth: maxWidth, paragraphStyle: paragraphStyle) {
            return plainLayout(of: plainParagraphs, wrapWidth: wrapWidth, breaker: breaker, paragraphStyle: paragraphStyle)
        }
        var lines: [PlacedLine] = []
        let placed = try placeLines(maxWidth: maxWidth, paragraphStyle: paragraphStyle, truncatesWordWrapping: truncatesWordWrapping) {
            lines.append($0)
        }
        var layout = assemble(lines, paragraphStyle: paragraphStyle, isWrapped: placed.isWrapped, isTruncated: placed.isTruncated)
        layout.notices = placed.notices
        return layout
    }

    /// The size ``layout(maxWidth:paragraphStyle:truncatesWordWrapping:)`` gives, with its line
    /// count, truncation and notices, from the same lines: each line's metrics and box are what
    /// ``assemble(_:paragraphStyle:isWrapped:isTruncated:)`` makes of it, stacked by the same
    /// ``StackedSize``, but no line, run or string is made, and no array of the lines.
    func layoutSize(
        maxWidth: CGFloat?, paragraphStyle: ParagraphStyle, truncatesWordWrapping: Bool
    ) throws(CaliperError) -> LayoutSize {
        if let (plainParagraphs, wrapWidth, breaker) = try plainWrapping(maxWidth: maxWidth, paragraphStyle: paragraphStyle) {
            return plainLayoutSize(of: plainParagraphs, wrapWidth: wrapWidth, breaker: breaker, paragraphStyle: paragraphStyle)
        }
        var stacked = StackedSize()
        var lineCount = 0
        // The paragraph style of the paragraph the lines are in, looked up once a paragraph.
        var styleIndex = -1
        var style = paragraphStyle
        let wraps = maxWidth?.isFinite ?? false
        let placed = try placeLines(maxWidth: maxWidth, paragraphStyle: paragraphStyle, truncatesWordWrapping: truncatesWordWrapping) {
            line in
            if line.paragraphIndex != styleIndex {
                styleIndex = line.paragraphIndex
                style = self.style(ofParagraph: styleIndex, given: paragraphStyle)
            }
            stacked.add(
                height: metrics(of: line).box(in: style, top: 0).height, lineSpacing: style.lineSpacing,
                width: wraps ? line.fragment.width : max(line.fragment.widthWithTrailingWhitespace, line.fragment.width))
            lineCount += 1
        }
        return LayoutSize(size: stacked.size, lineCount: lineCount, isTruncated: placed.isTruncated, notices: placed.notices)
    }

    /// Breaks, truncates and clips the lines of a layout and hands each to `place`, in order,
    /// before they are assembled; answers what the layout reports of them.
    private func placeLines(
        maxWidth: CGFloat?, paragraphStyle: ParagraphStyle, truncatesWordWrapping: Bool, _ place: (PlacedLine) -> Void
    ) throws(CaliperError) -> PlacedLines {
        try paragraphStyle.validate()
        if let maxWidth, maxWidth.isNaN || maxWidth < 0 {
            throw .invalidLength(name: "maximum width", value: Double(maxWidth))
        }
        let wrapWidth = maxWidth.flatMap { $0.isFinite ? $0 : nil }
        let lineLimit = paragraphStyle.numberOfLines > 0 ? paragraphStyle.numberOfLines : Int.max
        var lineCount = 0
        var isTruncated = false
        var notices: [LayoutNotice] = []

        for (segmentIndex, segment) in segments.enumerated() {
            // The empty line after the last hard break shows no text: past the line limit it is
            // left out without truncating anything.
            guard lineCount < lineLimit else {
                isTruncated = !segment.isTrailingLine
                break
            }
            let paragraph = paragraph(segmentIndex, in: paragraphStyle)
            let style = style(ofParagraph: segmentIndex, given: paragraphStyle)
            let breaker = LineBreaker(maxWidth: wrapWidth, mode: style.lineBreakMode, hyphenationFactor: style.hyphenationFactor)
            var fragments = breaker.lines(of: paragraph, maxLines: lineLimit - lineCount)
            // Balance and pretty choose among word breaks and soft hyphens: a paragraph whose greedy
            // lines break at a hyphenation point keeps them.
            if style.textWrap != .wrap, let wrapWidth,
                style.lineBreakMode == .byWordWrapping || (style.textWrap == .pushOut && style.lineBreakMode.truncates),
                fragments.last?.end == paragraph.range.upperBound,
                !fragments.contains(where: { $0.hyphen != nil && !paragraph.endsAtSoftHyphen($0.end) })
            {
                fragments = WrapOptimizer.lines(fragments, of: paragraph, wrap: style.textWrap, breaker: breaker, maxWidth: wrapWidth)
            }
            // A paragraph broken into lines, or cut short, could have broken inside its words.
            if breaker.hyphenates, wrapWidth != nil,
                fragments.count > 1 || (fragments.last?.end ?? segment.content.upperBound) < segment.content.upperBound
            {
                for notice in paragraph.hyphenationNotices() where !notices.contains(notice) { notices.append(notice) }
            }
            // A clipped line is as wide as the width at most: it shows only what fits.
            let clips = style.lineBreakMode == .byClipping
            func placeClipping(_ line: PlacedLine) {
                guard clips, let wrapWidth, line.fragment.width > wrapWidth + LineBreaker.fitTolerance else { return place(line) }
                var clipped = line
                clipped.fragment.width = wrapWidth
                clipped.fragment.widthWithTrailingWhitespace = wrapWidth
                clipped.isClipped = true
                isTruncated = true
                place(clipped)
            }
            let hidesText = (fragments.last?.end ?? segment.content.upperBound) < segment.content.upperBound
                || (segmentIndex < segments.count - 1 && !segments[segmentIndex + 1].isTrailingLine)
            // The line limit's last line, when text is left after it, is made again below.
            let truncates = lineCount + fragments.count == lineLimit && hidesText
            for fragment in truncates ? fragments.dropLast() : fragments[...] {
                let ownsHardBreak = fragment.end == segment.content.upperBound
                placeClipping(
                    PlacedLine(
                        fragment: fragment, end: ownsHardBreak ? segment.end : fragment.end, paragraph: paragraph,
                        paragraphIndex: segmentIndex))
            }
            lineCount += fragments.count
            if truncates, let last = fragments.last {
                isTruncated = true
                let mode = truncatesWordWrapping && style.lineBreakMode == .byWordWrapping ? .byTruncatingTail : style.lineBreakMode
                placeClipping(
                    try lastAllowedLine(last, of: paragraph, index: segmentIndex, breaker: breaker, mode: mode, maxWidth: wrapWidth))
                break
            }
        }
        return PlacedLines(isWrapped: wrapWidth != nil, isTruncated: isTruncated, notices: notices)
    }

    /// The last line allowed by `numberOfLines` when text remains after it: it takes the rest of its
    /// paragraph (paragraph `index`), shortened with an ellipsis (truncating modes) or cut at the
    /// width (clipping), as the paragraph's line break `mode` says.
    private func lastAllowedLine(
        _ fragment: LineFragment, of paragraph: SizedParagraph, index: Int, breaker: LineBreaker,
        mode: LineBreakMode, maxWidth: CGFloat?
    ) throws(CaliperError) -> PlacedLine {
        let segment = segments[index]
        switch mode {
        case .byTruncatingTail, .byTruncatingHead, .byTruncatingMiddle:
            let end = paragraph.trimmingHangingWhitespace(from: fragment.start, to: segment.content.upperBound)
            let truncator = Truncator(
                paragraph: paragraph, maxWidth: maxWidth ?? .infinity, baseDirection: direction(ofParagraph: index), cache: cache)
            let truncated = try truncator.truncate(from: fragment.start, to: end, mode: mode)
            var line = PlacedLine(
                fragment: LineFragment(
                    start: fragment.start, contentEnd: end, end: end,
                    width: truncated.width, widthWithTrailingWhitespace: truncated.width),
                end: segment.end, paragraph: paragraph, paragraphIndex: index)
            line.truncation = truncated
            return line
        case .byClipping:
            let rest = breaker.fragment(paragraph, fragment.start, segment.content.upperBound)
            return PlacedLine(fragment: rest, end: segment.end, paragraph: paragraph, paragraphIndex: index)
        case .byWordWrapping, .byCharWrapping:
            let end = fragment.end == segment.content.upperBound ? segment.end : fragment.end
            return PlacedLine(fragment: fragment, end: end, paragraph: paragraph, paragraphIndex: index)
        }
    }

    private func assemble(
        _ placed: [PlacedLine], paragraphStyle: ParagraphStyle, isWrapped: Bool, isTruncated: Bool
    ) -> TextLayout {
        var stack = LineStack(capacity: placed.count)
        // Walk the string once instead of seeking from its start for every line, over the
        // places where its UTF-8 and UTF-16 part rather than its bytes where it keeps them.
        var walk = UTF16Walk(text, shifts: utf8Shifts)
        func index(at offset: Int) -> String.Index { walk.index(at: offset) }
        var boxes: [PlacedInlineBox] = []
        // The paragraph style of the paragraph the lines are in, looked up once a paragraph.
        var styleIndex = -1
        var lineStyle = paragraphStyle
        for line in placed {
            if line.paragraphIndex != styleIndex {
                styleIndex = line.paragraphIndex
                lineStyle = style(ofParagraph: styleIndex, given: paragraphStyle)
            }
            let start = line.fragment.start
            // What the line shows: its own slice of the paragraph, or its truncated text.
            let (shown, shownRange) = line.truncation.map { ($0.shaped, 0..<$0.displayedText.count) }
                ?? (line.paragraph, start..<line.fragment.contentEnd)
            let box = metrics(of: line).box(in: lineStyle, top: stack.top)
            let runs = Self.visualRuns(
                of: shown, in: shownRange, displayedTo: line.truncation == nil ? line.fragment.end : nil,
                hyphen: line.truncation == nil ? line.fragment.hyphen : nil, keepsGlyphs: keepsGlyphs)
            if shown.styles.hasBoxes {
                // Each box on the line, where its run is and as high as the line's metrics put it.
                let (metricsSource, metricsRange) = line.truncation == nil
                    ? (line.paragraph, start..<line.fragment.end) : (shown, shownRange)
                for placement in metricsSource.boxPlacements(from: metricsRange.lowerBound, to: metricsRange.upperBound).tops {
                    guard let run = runs.first(where: { $0.utf16Range.location == placement.offset }) else { continue }
                    boxes.append(
                        PlacedInlineBox(
                            box: placement.box, utf16Offset: attributedText.spans[run.spanIndex].utf16Range.lowerBound,
                            lineIndex: stack.lines.count,
                            frame: CGRect(
                                x: run.x, y: box.baseline - placement.top, width: placement.box.width, height: placement.box.height)))
                }
            }
            stack.append(
                TextLine(
                    utf16Range: NSRange(location: start, length: line.end - start),
                    range: index(at: start)..<index(at: line.end),
                    width: line.fragment.width, widthWithTrailingWhitespace: line.fragment.widthWithTrailingWhitespace, box: box,
                    truncatedText: line.truncation.map { String(decoding: $0.displayedText, as: UTF16.self) },
                    isClipped: line.isClipped,
                    runs: runs,
                    isHyphenated: line.truncation == nil && line.fragment.hyphen != nil),
                lineSpacing: lineStyle.lineSpacing)
        }
        return stack.layout(
            isWrapped: isWrapped, isTruncated: isTruncated,
            firstStyle: segments.isEmpty ? paragraphStyle : style(ofParagraph: 0, given: paragraphStyle),
            fontMetrics: style.metrics, missingGlyphCount: missingGlyphCount, inlineBoxes: boxes)
    }

    /// The metrics of a placed line, which decide its height: a line is as tall as all the text
    /// it owns needs, its trailing whitespace and hard break included; a truncated line owns
    /// only what it shows.
    @inline(__always)
    private func metrics(of line: PlacedLine) -> LineMetrics {
        if let truncation = line.truncation { return truncation.shaped.lineMetrics(from: 0, to: truncation.displayedText.count) }
        return lineMetrics(line.paragraph, from: line.fragment.start, to: line.fragment.end, hardBreakEnd: line.end)
    }

    /// The metrics of a line of `paragraph` showing `start..<end` and, when `hardBreakEnd` is past
    /// `end`, owning the hard break there, whose style counts too (as TextKit sizes a line by
    /// every character it holds, its line break included).
    func lineMetrics(_ paragraph: SizedParagraph, from start: Int, to end: Int, hardBreakEnd: Int) -> LineMetrics {
        var metrics = paragraph.lineMetrics(from: start, to: end)
        if hardBreakEnd > end, !attributedText.isSingleStyle {
            let style = attributedText.style(atUTF16Offset: end)
            metrics.include(style.font, size: style.size, baselineOffset: style.baselineOffset)
        }
        return metrics
    }

    /// The runs of `range` in visual order (UAX #9 rule L2 over the runs' levels), each with its
    /// x offset from the line's left edge, and with `keepsGlyphs` its glyphs; a line's `hyphen`
    /// is a run of its own after the last one in logical order, at its bidi level, with an empty
    /// range at the line's end.
    static func visualRuns(
        of paragraph: SizedParagraph, in range: Range<Int>, displayedTo end: Int? = nil, hyphen: LineHyphen? = nil,
        keepsGlyphs: Bool
    ) -> [TextRun] {
        // A line of a plain paragraph, without glyphs or a hyphen, is one run: made without the
        // arrays of the general path below, which gives the same run.
        if !keepsGlyphs, hyphen == nil, let only = paragraph.onlyRun(from: range.lowerBound, to: range.upperBound, displayedTo: end) {
            return [TextRun(only, of: paragraph, x: 0)]
        }
        // With glyphs, each run's width is read from the glyphs placed (shaping a part once).
        let kept = keepsGlyphs ? paragraph.runsWithGlyphs(from: range.lowerBound, to: range.upperBound, displayedTo: end) : nil
        var logical = kept?.runs ?? paragraph.runs(from: range.lowerBound, to: range.upperBound, displayedTo: end)
        if let hyphen, var item = logical.last?.item {
            item.range = range.upperBound..<range.upperBound
            item.style = hyphen.stretch
            item.face = paragraph.styles.styles[hyphen.stretch].font
            logical.append(SizedRun(item: item, width: hyphen.width))
        }
        var x: CGFloat = 0
        // One run (most lines) is its own visual order.
        let order = logical.count == 1 ? [0] : Bidi.visualOrder(levels: logical.map(\.item.bidiLevel))
        var runs = order.map { index in
            defer { x += logical[index].width }
            return TextRun(logical[index], of: paragraph, x: x)
        }
        if var glyphs = kept?.glyphs {
            // The hyphen's run, when one was added after the last.
            if let hyphen, glyphs.count < logical.count { glyphs.append(paragraph.hyphenGlyphs(hyphen)) }
            for (position, index) in order.enumerated() { runs[position].glyphs = glyphs[index] }
        }
        return runs
    }
}

/// A line's vertical metrics: the largest ascender, deepest descender and largest leading of the
/// fonts on the line, each at its style's size and moved by its baseline offset, as on Apple
/// platforms when a fallback font is taller or a span larger.
struct LineMetrics {
    var ascender: CGFloat
    var descender: CGFloat
    var leading: CGFloat

    /// The metrics of one font at one size.
    init(_ metrics: FontMetrics) {
        (ascender, descender, leading) = (metrics.ascender, metrics.descender, metrics.leading)
    }

    /// The metrics of `primary` alone at `size`, raised by `baselineOffset`.
    init(primary: FontFace, size: CGFloat, baselineOffset: CGFloat = 0) {
        self.init(primary.metrics(atSize: size))
        if baselineOffset != 0 {
            ascender += baselineOffset
            descender += baselineOffset
        }
    }

    /// Takes an object reaching from `top` above the baseline down to `bottom` into account.
    mutating func include(top: CGFloat, bottom: CGFloat) {
        ascender = max(ascender, top)
        descender = min(descender, bottom)
    }

    /// Takes one more face on the line into account, at `size`, raised by `baselineOffset`.
    mutating func include(_ face: FontFace, size: CGFloat, baselineOffset: CGFloat = 0) {
        let metrics = face.metrics(atSize: size)
        ascender = max(ascender, metrics.ascender + baselineOffset)
        descender = min(descender, metrics.descender + baselineOffset)
        leading = max(leading, metrics.leading)
    }

    var lineHeight: CGFloat { ascender - descender + leading }

    /// The natural height of the line in `style`: with its leading, unless the style says not.
    func naturalHeight(in style: ParagraphStyle) -> CGFloat {
        style.usesFontLeading ? lineHeight : ascender - descender
    }

    /// The box of a line with these metrics whose top is `top`, in `style`: the natural height
    /// after the style's multiple, minimum and maximum, the extra height going above the glyphs,
    /// as TextKit places it.
    @inline(__always)
    func box(in style: ParagraphStyle, top: CGFloat) -> LineBox {
        let natural = naturalHeight(in: style)
        let height = style.lineHeight(forNaturalLineHeight: natural)
        return LineBox(top: top, height: height, baseline: top + height - natural + ascender)
    }
}

/// Where a line box lies in its layout: its top, height and baseline, in points from the layout's top.
struct LineBox {
    var top: CGFloat
    var height: CGFloat
    var baseline: CGFloat
}

extension TextLine {
    /// A line in `box` showing `runs`, `width` wide without its trailing whitespace and
    /// `widthWithTrailingWhitespace` with it (taken as at least `width`).
    @inline(__always)
    init(
        utf16Range: NSRange, range: Range<String.Index>, width: CGFloat, widthWithTrailingWhitespace: CGFloat, box: LineBox,
        truncatedText: String? = nil, isClipped: Bool = false, runs: [TextRun], isHyphenated: Bool = false
    ) {
        self.init(
            utf16Range: utf16Range, range: range, width: width,
            widthIncludingTrailingWhitespace: max(widthWithTrailingWhitespace, width),
            top: box.top, height: box.height, baseline: box.baseline, truncatedText: truncatedText, isClipped: isClipped,
            runs: runs, isHyphenated: isHyphenated)
    }
}

extension TextRun {
    /// A run of the text's `utf16Range` set in `font` (its style's font or a fallback) at the size
    /// and baseline offset of `style` (its glyphs, when kept, are set after).
    @inline(__always)
    init(
        utf16Range: Range<Int>, font: FontFace, style: TextStyle, spanIndex: Int, script: String, bidiLevel: Int, x: CGFloat,
        width: CGFloat
    ) {
        self.init(
            utf16Range: NSRange(location: utf16Range.lowerBound, length: utf16Range.count), font: font, size: style.size,
            baselineOffset: style.baselineOffset, spanIndex: spanIndex, script: script, bidiLevel: bidiLevel, x: x, width: width)
    }

    /// The run of `paragraph` that `sized` stands for, `x` points from its line's left edge: its
    /// range and width, set in its face at the size and baseline offset of its style stretch, in
    /// its script and bidi level, with its span's index (its glyphs, when kept, are set after).
    @inline(__always)
    init(_ sized: SizedRun, of paragraph: SizedParagraph, x: CGFloat) {
        let item = sized.item
        let style = paragraph.styles.styles[item.style]
        self.init(
            utf16Range: item.range, font: item.face, style: style, spanIndex: paragraph.styles.spanIndices[item.style],
            script: item.scriptCode, bidiLevel: Int(item.bidiLevel), x: x, width: sized.width)
    }
}

/// A layout's lines stacked from its top, each followed by its paragraph style's line spacing
/// but the last: how the general pipeline and the fast paths alike place lines and size a layout.
struct LineStack {
    private(set) var lines: [TextLine] = []
    private var stacked = StackedSize()

    /// The top of the next line, from the layout's top.
    var top: CGFloat { stacked.top }

    /// No lines yet, room for `capacity`.
    init(capacity: Int) {
        lines.reserveCapacity(capacity)
    }

    /// The one line `line`, whose box's top is 0, `lineSpacing` above the next (a label's
    /// layout: no array grown for it).
    @inline(__always)
    init(_ line: TextLine, lineSpacing: CGFloat) {
        lines = [line]
        stacked.add(height: line.height, lineSpacing: lineSpacing)
    }

    /// Puts `line`, whose box's top is ``top``, at the bottom, `lineSpacing` above the next.
    @inline(__always)
    mutating func append(_ line: TextLine, lineSpacing: CGFloat) {
        lines.append(line)
        stacked.add(height: line.height, lineSpacing: lineSpacing)
    }

    /// The layout of the lines: as wide as the widest (its trailing whitespace included when the
    /// text is not wrapped), as tall as from the first line's top to the last one's bottom, and
    /// with the line height of the primary font (its `fontMetrics`) in `firstStyle`.
    @inline(__always)
    func layout(
        isWrapped: Bool, isTruncated: Bool, firstStyle: ParagraphStyle, fontMetrics: FontMetrics, missingGlyphCount: Int,
        inlineBoxes: [PlacedInlineBox] = []
    ) -> TextLayout {
        var size = stacked
        for line in lines { size.widen(to: isWrapped ? line.width : line.widthIncludingTrailingWhitespace) }
        return TextLayout(
            size: size.size, lines: lines, isTruncated: isTruncated,
            lineHeight: firstStyle.lineHeight(forNaturalLineHeight: LineMetrics(fontMetrics).naturalHeight(in: firstStyle)),
            fontMetrics: fontMetrics, missingGlyphCount: missingGlyphCount, inlineBoxes: inlineBoxes)
    }
}

/// The size of lines stacked from a layout's top, added line by line: as wide as the widest
/// line, as tall as the lines' heights and the line spacing after each but the last. The one
/// rule ``LineStack`` sizes a layout by and ``MeasuredText/layoutSize(maxWidth:paragraphStyle:)``
/// sizes one without its lines.
struct StackedSize {
    /// The top of the next line, from the layout's top.
    private(set) var top: CGFloat = 0
    private var lastSpacing: CGFloat = 0
    private var lineCount = 0
    private var width: CGFloat = 0
    private var widened = false

    /// Adds a line `height` tall, `lineSpacing` above the next.
    @inline(__always)
    mutating func add(height: CGFloat, lineSpacing: CGFloat) {
        top += height + lineSpacing
        lastSpacing = lineSpacing
        lineCount += 1
    }

    /// Adds a line `height` tall and `width` wide, `lineSpacing` above the next.
    @inline(__always)
    mutating func add(height: CGFloat, lineSpacing: CGFloat, width: CGFloat) {
        add(height: height, lineSpacing: lineSpacing)
        widen(to: width)
    }

    /// Makes the stack at least `lineWidth` wide (the first line's width, whatever its sign, else the widest).
    @inline(__always)
    mutating func widen(to lineWidth: CGFloat) {
        if !widened || width < lineWidth { width = lineWidth }
        widened = true
    }

    /// The widest line's width by the lines' heights and spacing (0 by 0 without lines).
    var size: CGSize { CGSize(width: width, height: lineCount == 0 ? 0 : top - lastSpacing) }
}

/// The size of a text with one line per paragraph, added up line by line as
/// ``MeasuredText/unwrappedSize`` and the fast paths' sizes add it: as wide as the widest line;
/// as tall as the lines' natural heights, a line in a paragraph style of its own at the height
/// that style gives it and followed by its line spacing, but the last.
struct UnwrappedSize {
    private var width: CGFloat = 0
    private var height: CGFloat = 0
    private var lastSpacing: CGFloat = 0

    /// Adds the line of a paragraph, `lineWidth` wide with `metrics`, in `ownStyle` when the
    /// paragraph has a style of its own.
    @inline(__always)
    mutating func add(lineWidth: CGFloat, metrics: LineMetrics, ownStyle: ParagraphStyle?) {
        width = max(width, lineWidth)
        if let ownStyle {
            height += ownStyle.lineHeight(forNaturalLineHeight: metrics.naturalHeight(in: ownStyle)) + ownStyle.lineSpacing
            lastSpacing = ownStyle.lineSpacing
        } else {
            // The natural height in the default paragraph style, which uses the font's leading:
            // a `ParagraphStyle()` made here to ask would cost the label path at every label.
            height += metrics.lineHeight
            lastSpacing = 0
        }
    }

    var size: CGSize { CGSize(width: width, height: height - lastSpacing) }
}

/// What a layout reports of its lines, placed before assembly.
private struct PlacedLines {
    /// Whether the lines were wrapped to a finite width.
    var isWrapped: Bool
    var isTruncated: Bool
    var notices: [LayoutNotice]
}

/// A line fragment with the end of the source range it owns (its hard break included).
private struct PlacedLine {
    var fragment: LineFragment
    var end: Int
    var paragraph: SizedParagraph
    /// The index of the paragraph (its segment) the line is in.
    var paragraphIndex: Int
    var truncation: TruncatedLine?
    var isClipped = false
}
