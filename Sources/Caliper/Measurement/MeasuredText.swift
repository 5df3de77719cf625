// MeasuredText.swift — text shaped once, laid out at any width: the line breaking and line assembly.
import Foundation

/// Text in its styles, itemized and shaped once; ``layout(maxWidth:paragraphStyle:)`` breaks it
/// into lines at any width, line limit or spacing without shaping it again. Made by
/// ``TextMeasurer/measure(_:style:baseDirection:)`` and ``TextMeasurer/measure(_:baseDirection:)``.
public struct MeasuredText: Sendable {
    /// What the text holds, in one object: a copy of a measured text (out of an array of them,
    /// into a function) retains one reference, not one per array, and touches one object's
    /// memory rather than a dozen — what asking the sizes of many kept texts at a new width
    /// costs beside the query itself.
    private let storage: Storage

    /// The text and its styles as measured: as given, except that a font following the point
    /// size on its `opsz` axis is its instance at its span's size (see
    /// ``FontFace/instance(atPointSize:)``).
    public var attributedText: AttributedText { storage.attributedText }
    var utf16: [UInt16] { storage.utf16 }
    /// The paragraph direction it was shaped with, in the paragraphs without a paragraph style of
    /// their own (a layout's `ParagraphStyle.baseDirection` is not used).
    public var baseDirection: BaseDirection { storage.baseDirection }
    var segments: [ParagraphSegment] { storage.segments }
    /// Paragraph `index`'s own paragraph style, `nil` where it takes the layout's.
    @inline(__always)
    func ownStyle(ofParagraph index: Int) -> ParagraphStyle? {
        // None kept when no paragraph has one: a size query then reads no array for it.
        let own = storage.ownParagraphStyles
        return index < own.count ? own[index] : nil
    }
    /// Each paragraph's style stretches.
    var paragraphStyles: [StyleRuns] { storage.paragraphStyles }
    var shapes: [ParagraphShape] { storage.shapes }
    var cache: ShapeCache? { storage.cache }
    /// Whether its layouts keep each run's glyphs (the measurer's ``TextMeasurer/keepsGlyphs``).
    var keepsGlyphs: Bool { storage.keepsGlyphs }
    /// For text in one style (and so no paragraph style of its own) whose every paragraph is
    /// empty or plain without tab characters (``PlainParagraph/admits(shape:styles:)``), each
    /// paragraph's ``PlainParagraph``, which the size-only query and the plain re-wrap read
    /// (``plainWrapping(maxWidth:paragraphStyle:)``); `nil` for other text, and for text measured
    /// to be laid out or sized once (``TextMeasurer/measure(_:baseDirection:keepsLayoutTables:)``).
    var plainParagraphs: [PlainParagraph]? { storage.plainParagraphs }
    /// Where the text's UTF-8 runs ahead of its UTF-16, for finding each line's string indices
    /// (``UTF16Walk/init(_:shifts:)``); `nil` for text mostly outside ASCII, and for text
    /// measured to be laid out or sized once.
    var utf8Shifts: UTF8Shifts? { storage.utf8Shifts }

    /// The stored values of a ``MeasuredText``, which never change once measured.
    private final class Storage: Sendable {
        let attributedText: AttributedText
        let utf16: [UInt16]
        let baseDirection: BaseDirection
        let segments: [ParagraphSegment]
        /// Each paragraph's own paragraph style, `nil` where it takes the layout's; empty when
        /// no paragraph has one.
        let ownParagraphStyles: [ParagraphStyle?]
        let paragraphStyles: [StyleRuns]
        let shapes: [ParagraphShape]
        let cache: ShapeCache?
        let keepsGlyphs: Bool
        let plainParagraphs: [PlainParagraph]?
        let utf8Shifts: UTF8Shifts?

        init(
            attributedText: AttributedText, utf16: [UInt16], baseDirection: BaseDirection, segments: [ParagraphSegment],
            ownParagraphStyles: [ParagraphStyle?], paragraphStyles: [StyleRuns], shapes: [ParagraphShape], cache: ShapeCache?,
            keepsGlyphs: Bool, plainParagraphs: [PlainParagraph]?, utf8Shifts: UTF8Shifts?
        ) {
            self.attributedText = attributedText
            self.utf16 = utf16
            self.baseDirection = baseDirection
            self.segments = segments
            self.ownParagraphStyles = ownParagraphStyles.contains { $0 != nil } ? ownParagraphStyles : []
            self.paragraphStyles = paragraphStyles
            self.shapes = shapes
            self.cache = cache
            self.keepsGlyphs = keepsGlyphs
            self.plainParagraphs = plainParagraphs
            self.utf8Shifts = utf8Shifts
        }
    }

    init(
        attributedText: AttributedText, utf16: [UInt16], baseDirection: BaseDirection, segments: [ParagraphSegment],
        ownParagraphStyles: [ParagraphStyle?], paragraphStyles: [StyleRuns], shapes: [ParagraphShape], cache: ShapeCache?,
        keepsGlyphs: Bool, keepsLayoutTables: Bool
    ) {
        assert(!keepsLayoutTables || shapes.allSatisfy(\.breaksLines), "a text's layout tables read its break opportunities")
        storage = Storage(
            attributedText: attributedText, utf16: utf16, baseDirection: baseDirection, segments: segments,
            ownParagraphStyles: ownParagraphStyles, paragraphStyles: paragraphStyles, shapes: shapes, cache: cache,
            keepsGlyphs: keepsGlyphs,
            plainParagraphs: !keepsLayoutTables ? nil : Self.plainParagraphs(
                of: utf16, isSingleStyle: attributedText.isSingleStyle && ownParagraphStyles.allSatisfy { $0 == nil },
                segments: segments, paragraphStyles: paragraphStyles, shapes: shapes),
            utf8Shifts: keepsLayoutTables ? UTF8Shifts(utf16) : nil)
    }

    /// ``plainParagraphs`` of text in one style without paragraph styles of its own
    /// (`isSingleStyle`: the plain paths lay every paragraph out in the layout's paragraph
    /// style) or not: each paragraph's shape and styles are checked first
    /// (``PlainParagraph/admits(shape:styles:)``), so that text of several runs, boxes, letter
    /// spacing or tabs makes no ``SizedParagraph`` for it.
    private static func plainParagraphs(
        of utf16: [UInt16], isSingleStyle: Bool, segments: [ParagraphSegment], paragraphStyles: [StyleRuns],
        shapes: [ParagraphShape]
    ) -> [PlainParagraph]? {
        guard isSingleStyle else { return nil }
        var plain: [PlainParagraph] = []
        plain.reserveCapacity(segments.count)
        for index in segments.indices {
            let (shape, styles) = (shapes[index], paragraphStyles[index])
            guard PlainParagraph.admits(shape: shape, styles: styles),
                let paragraph = PlainParagraph(SizedParagraph(text: utf16, range: segments[index].content, shape: shape, styles: styles))
            else { return nil }
            plain.append(paragraph)
        }
        return plain
    }

    /// The characters.
    public var text: String { attributedText.string }
    /// The style of the first span (the only one for text measured in one style): its font's
    /// metrics are the layout's ``TextLayout/fontMetrics``.
    public var style: TextStyle { attributedText.spans[0].style }

    /// Paragraph `index` at its styles' sizes, its tabs advancing to the stops of its own
    /// paragraph style, else of `paragraphStyle`.
    func paragraph(_ index: Int, in paragraphStyle: ParagraphStyle) -> SizedParagraph {
        let shape = shapes[index]
        return SizedParagraph(
            text: utf16, range: segments[index].content, shape: shape, styles: paragraphStyles[index],
            tabs: shape.tabOffsets.isEmpty ? nil : TabStops(style(ofParagraph: index, given: paragraphStyle)))
    }

    /// The style paragraph `index` is laid out in: its own, or the layout's `paragraphStyle`.
    func style(ofParagraph index: Int, given paragraphStyle: ParagraphStyle) -> ParagraphStyle {
        ownStyle(ofParagraph: index) ?? paragraphStyle
    }

    /// The direction paragraph `index` was shaped in: its own style's, or ``baseDirection``.
    func direction(ofParagraph index: Int) -> BaseDirection {
        ownStyle(ofParagraph: index)?.baseDirection ?? baseDirection
    }

    /// Grapheme clusters no font of the cascade covers.
    public var missingGlyphCount: Int { shapes.reduce(0) { $0 + $1.missingGlyphs } }

    /// The size of the text with one line per paragraph (no wrapping, default paragraph style
    /// where a paragraph has none of its own), as ``layout(maxWidth:paragraphStyle:)`` gives it
    /// with no width, without building the lines.
    public var unwrappedSize: CGSize {
        var size = UnwrappedSize()
        for (index, segment) in segments.enumerated() {
            let paragraph = paragraph(index, in: ParagraphStyle())
            let range = segment.content
            size.add(
                lineWidth: paragraph.width(from: range.lowerBound, to: range.upperBound),
                metrics: lineMetrics(paragraph, from: range.lowerBound, to: range.upperBound, hardBreakEnd: segment.end),
                ownStyle: ownStyle(ofParagraph: index))
        }
        return size.size
    }

    /// The text's intrinsic widths, as CSS sizes content (CSS Sizing 3, §5.1 "Intrinsic sizes"):
    /// the narrowest it can be laid out without overflowing (min-content: the widest piece between
    /// two break opportunities — two grapheme clusters in a paragraph that breaks by characters —
    /// its hanging whitespace excluded) and its width with no soft wrap (max-content: the widest
    /// paragraph, hanging whitespace excluded). Each paragraph breaks as its own style says, else
    /// as `paragraphStyle` does. A piece that ends at a soft hyphen counts the hyphen it would
    /// show; with a ``ParagraphStyle/hyphenationFactor`` above 0, words break at their
    /// hyphenation points too, each piece with its hyphen (CSS `hyphens: auto`).
    public func intrinsicWidths(paragraphStyle: ParagraphStyle = ParagraphStyle()) -> IntrinsicWidths {
        assert(shapes.allSatisfy(\.breaksLines), "a text measured for a size on one line has no break opportunities")
        let breaker = LineBreaker(maxWidth: nil, mode: .byWordWrapping)
        var widths = IntrinsicWidths(minContent: 0, maxContent: 0)
        for (index, segment) in segments.enumerated() {
            let paragraph = paragraph(index, in: paragraphStyle)
            let range = segment.content
            widths.maxContent = max(widths.maxContent, breaker.fragment(paragraph, range.lowerBound, range.upperBound).width)
            let style = style(ofParagraph: index, given: paragraphStyle)
            let breaksByCharacter = style.lineBreakMode == .byCharWrapping
            let hyphenates = style.hyphenates
            var start = range.lowerBound
            for boundary in breaksByCharacter ? paragraph.graphemeBoundaries : paragraph.breakOpportunities where boundary > start {
                if hyphenates {
                    for point in paragraph.hyphenationPoints(from: start, to: boundary) {
                        widths.minContent = max(widths.minContent, breaker.fragment(paragraph, start, point, hyphenated: true).width)
                        start = point
                    }
                }
                widths.minContent = max(widths.minContent, breaker.fragment(paragraph, start, boundary).width)
                start = boundary
            }
        }
        return widths
    }

    /// The lines of the text no wider than `maxWidth` (`nil` or infinity: no wrapping), broken
    /// and spaced as `paragraphStyle` says; a paragraph with a style of its own (see
    /// ``AttributedText/setParagraphStyle(_:utf16Range:)``) in that style, except for the line
    /// limit, which is `paragraphStyle`'s for the whole text.
    public func layout(
        maxWidth: CGFloat? = nil, paragraphStyle: ParagraphStyle = ParagraphStyle()
    ) throws(CaliperError) -> TextLayout {
        try layout(maxWidth: maxWidth, paragraphStyle: paragraphStyle, truncatesWordWrapping: false)
    }

    /// The size, line count, truncation and notices of ``layout(maxWidth:paragraphStyle:)`` at
    /// the same width and style — equal to its ``TextLayout/layoutSize`` bit for bit — without
    /// making the layout's lines, runs or strings: the lines are broken as the layout breaks them
    /// and their heights added up one by one, but nothing is assembled. A precompute job that
    /// needs a text's height at several widths asks this at each (see
    /// ``layoutSizes(atWidths:paragraphStyle:)``); a truncated last line is still made, as the
    /// ellipsis decides its width.
    public func layoutSize(
        maxWidth: CGFloat? = nil, paragraphStyle: ParagraphStyle = ParagraphStyle()
    ) throws(CaliperError) -> LayoutSize {
        try layoutSize(maxWidth: maxWidth, paragraphStyle: paragraphStyle, truncatesWordWrapping: false)
    }

    /// ``layoutSize(maxWidth:paragraphStyle:)`` at each of `widths`, in their order (`nil` or
    /// infinity: no wrapping).
    public func layoutSizes(
        atWidths widths: [CGFloat?], paragraphStyle: ParagraphStyle = ParagraphStyle()
    ) throws(CaliperError) -> [LayoutSize] {
        var sizes: [LayoutSize] = []
        sizes.reserveCapacity(widths.count)
        for width in widths {
            sizes.append(try layoutSize(maxWidth: width, paragraphStyle: paragraphStyle, truncatesWordWrapping: false))
        }
        return sizes
    }
}

extension MeasuredText: CustomReflectable {
    /// The text as measured and its paragraph direction, as a measured text whose values were
    /// its own stored properties shows them (`print`, `dump`, debuggers).
    public var customMirror: Mirror {
        Mirror(self, children: ["attributedText": attributedText, "baseDirection": baseDirection], displayStyle: .struct)
    }
}

/// The narrowest and widest a text's layout can usefully be (see
/// ``MeasuredText/intrinsicWidths(paragraphStyle:)``).
public struct IntrinsicWidths: Sendable, Hashable {
    /// CSS min-content: the widest piece that cannot be broken.
    public var minContent: CGFloat
    /// CSS max-content: the widest paragraph on one line.
    public var maxContent: CGFloat

    /// Widths of `minContent` and `maxContent` points.
    public init(minContent: CGFloat, maxContent: CGFloat) {
        self.minContent = minContent
        self.maxContent = maxContent
    }
}
