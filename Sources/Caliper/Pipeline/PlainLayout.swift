// PlainLayout.swift — a kept text's sizes and layouts by the plain walk: its lines found by arithmetic over each paragraph's kept table and stacked or assembled as they come.
import Foundation

extension MeasuredText {
    /// The text's ``plainParagraphs``, the width to wrap them at and the line breaker that
    /// breaks them, for ``plainLayoutSize(of:wrapWidth:breaker:paragraphStyle:)`` and
    /// ``plainLayout(of:wrapWidth:breaker:paragraphStyle:)``: when the text keeps them (in one
    /// style, so that every paragraph is laid out in `paragraphStyle`), `maxWidth` is finite and
    /// not negative, and `paragraphStyle` sets no line limit, wraps greedily (``TextWrap/wrap``)
    /// between words without hyphenation (``LineBreaker/walksPlainParagraphs``) and does not
    /// clip; `nil` otherwise. Throws what the general path throws for an invalid
    /// `paragraphStyle`.
    func plainWrapping(
        maxWidth: CGFloat?, paragraphStyle: ParagraphStyle
    ) throws(CaliperError) -> (paragraphs: [PlainParagraph], wrapWidth: CGFloat, breaker: LineBreaker)? {
        guard let maxWidth, maxWidth.isFinite, maxWidth >= 0, paragraphStyle.numberOfLines == 0, let plainParagraphs else {
            return nil
        }
        try paragraphStyle.validate()
        let breaker = LineBreaker(
            maxWidth: maxWidth, mode: paragraphStyle.lineBreakMode, hyphenationFactor: paragraphStyle.hyphenationFactor)
        guard paragraphStyle.textWrap == .wrap, paragraphStyle.lineBreakMode != .byClipping, breaker.walksPlainParagraphs else {
            return nil
        }
        return (plainParagraphs, maxWidth, breaker)
    }

    /// ``layoutSize(maxWidth:paragraphStyle:truncatesWordWrapping:)`` of text whose
    /// ``plainParagraphs`` are wrapped at `wrapWidth` by `breaker` in `paragraphStyle`
    /// (``plainWrapping(maxWidth:paragraphStyle:)``). With no line limit, nothing is truncated;
    /// without hyphenation, nothing is noticed; without clipping, no width is cut: what is left
    /// of a layout's size is each line's width and height, which here are the plain walk's widths
    /// (``LineBreaker/forEachPlainLine(of:in:maxWidth:maxLines:measuresTrailingWhitespace:_:)``)
    /// and, for every line of a paragraph, the box of the metrics every such line has
    /// (``PlainParagraph/lineMetrics``), added line by line as the layout adds them. A paragraph
    /// is made (``paragraph(_:in:)``) only when one of its lines needs the general path.
    func plainLayoutSize(
        of plainParagraphs: [PlainParagraph], wrapWidth: CGFloat, breaker: LineBreaker, paragraphStyle: ParagraphStyle
    ) -> LayoutSize {
        var stacked = StackedSize()
        var lineCount = 0
        let lineSpacing = paragraphStyle.lineSpacing
        for index in plainParagraphs.indices {
            // The parts read, not the whole paragraph: a copy of it would retain its run's too.
            let height = plainParagraphs[index].lineMetrics.box(in: paragraphStyle, top: 0).height
            let breaks = plainParagraphs[index].breaks
            if breaks.range.isEmpty {
                stacked.add(height: height, lineSpacing: lineSpacing, width: plainParagraphs[index].emptyLineWidth)
                lineCount += 1
                continue
            }
            breaker.forEachPlainLine(
                of: breaks, in: { self.paragraph(index, in: paragraphStyle) }, maxWidth: wrapWidth, maxLines: .max,
                measuresTrailingWhitespace: false
            ) { line in
                stacked.add(height: height, lineSpacing: lineSpacing, width: line.width)
                lineCount += 1
            }
        }
        return LayoutSize(size: stacked.size, lineCount: lineCount, isTruncated: false, notices: [])
    }

    /// ``layout(maxWidth:paragraphStyle:truncatesWordWrapping:)`` of text whose
    /// ``plainParagraphs`` are wrapped at `wrapWidth` by `breaker` in `paragraphStyle`
    /// (``plainWrapping(maxWidth:paragraphStyle:)``). The lines are the plain walk's (as in
    /// ``plainLayoutSize(of:wrapWidth:breaker:paragraphStyle:)``); with no line limit nothing is
    /// truncated and without hyphenation nothing noticed, so what is left of the general
    /// assembly is each line's box (the paragraph's ``PlainParagraph/lineMetrics``) and its one
    /// run (``PlainParagraph/run(from:to:width:)``, as wide as the line's content). A line that
    /// shows nothing or ends with a soft hyphen's hyphen takes its runs from the general path's
    /// code, and an empty paragraph's line its fragment too, for which the paragraph is made,
    /// once for the walk and the runs alike. No ``PlacedLine`` is made, nor an array of them.
    /// `LayoutSizeTests` check that the layout is the general path's.
    func plainLayout(
        of plainParagraphs: [PlainParagraph], wrapWidth: CGFloat, breaker: LineBreaker, paragraphStyle: ParagraphStyle
    ) -> TextLayout {
        var lines = PlainLines(
            text: text, shifts: utf8Shifts,
            capacity: plainParagraphs.reduce(0) { $0 + $1.breaks.estimatedLineCount(at: wrapWidth) })
        for index in plainParagraphs.indices {
            let plain = plainParagraphs[index]
            let segment = segments[index]
            // The paragraph, made on first need (a variable closures capture, not a local
            // function's: that one would be checked at run time at each access).
            var made: SizedParagraph?
            let range = plain.breaks.range
            if range.isEmpty {
                let paragraph = paragraph(index, in: paragraphStyle)
                lines.append(
                    breaker.fragment(paragraph, range.lowerBound, range.upperBound), of: plain, segment: segment,
                    style: paragraphStyle
                ) { paragraph }
                continue
            }
            breaker.forEachPlainLine(
                of: plain.breaks, in: { SizedParagraph.made(&made) { self.paragraph(index, in: paragraphStyle) } },
                maxWidth: wrapWidth, maxLines: .max
            ) { line in
                lines.append(line, of: plain, segment: segment, style: paragraphStyle) {
                    SizedParagraph.made(&made) { self.paragraph(index, in: paragraphStyle) }
                }
            }
        }
        return lines.stack.layout(
            isWrapped: true, isTruncated: false, firstStyle: paragraphStyle, fontMetrics: style.metrics,
            missingGlyphCount: missingGlyphCount)
    }
}

/// The lines of a plain layout (``MeasuredText/plainLayout(of:wrapWidth:breaker:paragraphStyle:)``),
/// assembled as they come from the plain walk: stacked, with their string indices found by one
/// walk over the text.
private struct PlainLines {
    var stack: LineStack
    var walk: UTF16Walk

    /// No lines yet of `text`, whose ``UTF8Shifts`` are `shifts`, with room for `capacity`.
    init(text: String, shifts: UTF8Shifts?, capacity: Int) {
        stack = LineStack(capacity: capacity)
        walk = UTF16Walk(text, shifts: shifts)
    }

    /// Adds `line` of the plain paragraph `plain` (of `segment`), laid out in `style`: its box is
    /// the paragraph's line metrics', its one run the paragraph's
    /// (``PlainParagraph/run(from:to:width:)``), unless it shows nothing or ends with a hyphen:
    /// then its runs are the general path's, of the paragraph `paragraph` makes. The paragraph's
    /// last line owns its hard break.
    @inline(__always)
    mutating func append(
        _ line: LineFragment, of plain: PlainParagraph, segment: ParagraphSegment, style: ParagraphStyle,
        paragraph: () -> SizedParagraph
    ) {
        let end = line.end == segment.content.upperBound ? segment.end : line.end
        let runs: [TextRun]
        if line.hyphen == nil, line.start < line.contentEnd, let run = plain.run(from: line.start, to: line.contentEnd, width: line.width) {
            runs = [run]
        } else {
            runs = MeasuredText.visualRuns(
                of: paragraph(), in: line.start..<line.contentEnd, displayedTo: line.end, hyphen: line.hyphen, keepsGlyphs: false)
        }
        stack.append(
            TextLine(
                utf16Range: NSRange(location: line.start, length: end - line.start),
                range: walk.index(at: line.start)..<walk.index(at: end), width: line.width,
                widthWithTrailingWhitespace: line.widthWithTrailingWhitespace, box: plain.lineMetrics.box(in: style, top: stack.top),
                runs: runs, isHyphenated: line.hyphen != nil),
            lineSpacing: style.lineSpacing)
    }
}
