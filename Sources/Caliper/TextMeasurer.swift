// TextMeasurer.swift — the public entry point: the size and lines of text in a style.
import Foundation

/// Measures text from real fonts: HarfBuzz shaping for widths, ICU line breaking for wrapping,
/// `hhea` metrics for heights. A value type with no shared mutable state: measure from any
/// number of tasks at once.
///
/// ```swift
/// let font = try FontFace(contentsOfFile: "Fonts/DejaVuSans.ttf")
/// let style = TextStyle(font: font, size: 17)
/// let measurer = TextMeasurer()
/// let single = try measurer.size(of: "Hello, World", style: style)       // size(withAttributes:)
/// let wrapped = try measurer.layout("A longer paragraph…", style: style,
///                                   paragraphStyle: ParagraphStyle(lineBreakMode: .byTruncatingTail,
///                                                                   numberOfLines: 2),
///                                   maxWidth: 200)                          // boundingRect / UILabel
/// ```
public struct TextMeasurer: Sendable {
    /// Texts longer than this many UTF-16 code units are refused by default (a guard for servers).
    public static let defaultMaximumTextLength = 1_000_000

    /// The longest grapheme cluster accepted, in UTF-16 code units: longer ones (a letter followed
    /// by thousands of combining marks, a endless Hangul jamo sequence) are refused, as shaping
    /// them takes time that grows with the square of their length. Real text stays far below it:
    /// the longest emoji ZWJ sequences are about 15 units, Unicode's Stream-Safe Text Format
    /// (UAX #15) allows 30 combining marks in a row, and "Zalgo" text piles up about 100.
    public static let maximumGraphemeClusterLength = 256

    /// The longest text accepted, in UTF-16 code units.
    public var maximumTextLength: Int
    /// Where paragraph shapes are kept between calls; `nil` measures everything afresh.
    public var cache: ShapeCache?
    /// Whether layouts keep each run's glyphs (``TextRun/glyphs``), placed where they were
    /// measured, for drawing them without shaping again (the SVG of `caliper flow --svg`). Off by
    /// default: measuring alone makes no glyph arrays and takes the label fast path, which knows a
    /// label's advance but not its glyphs. A layout that keeps glyphs has the same sizes, lines and
    /// runs as one that does not, bit for bit, and is cached apart from it.
    ///
    /// ```swift
    /// let drawing = TextMeasurer(keepsGlyphs: true)
    /// let layout = try drawing.layout("Hello", style: style)
    /// for run in layout.lines[0].runs { print(run.x, run.glyphs ?? []) }
    /// ```
    public var keepsGlyphs: Bool

    /// A measurer that refuses texts longer than `maximumTextLength` UTF-16 code units, keeps
    /// shapes in `cache` (the process-wide ``ShapeCache/shared`` by default; `nil` for none), and
    /// with `keepsGlyphs` keeps each run's glyphs in its layouts (see ``keepsGlyphs``).
    public init(maximumTextLength: Int = TextMeasurer.defaultMaximumTextLength, cache: ShapeCache? = .shared, keepsGlyphs: Bool = false) {
        self.maximumTextLength = maximumTextLength
        self.cache = cache
        self.keepsGlyphs = keepsGlyphs
    }

    /// The size of `text` on one line per paragraph, as `NSString.size(withAttributes:)`: width =
    /// the widest paragraph's advance including trailing whitespace, height = lines × line height.
    ///
    /// Plain Latin text that the style's font covers (the commonest label) takes a fast path: one
    /// cache look-up when the label was measured before, in any size, or the sum of its cached
    /// words; its result is bit-identical to the general pipeline's.
    public func size(of text: String, style: TextStyle) throws(CaliperError) -> CGSize {
        // Checked before anything is copied: the warm label path takes a few dozen nanoseconds.
        guard style.followsOpticalSize else { return try size(of: text, resolvedStyle: style) }
        return try size(of: text, resolvedStyle: style.resolvingOpticalSizes())
    }

    /// ``size(of:style:)`` in a style whose fonts are the instances measured (see
    /// ``TextStyle/resolvingOpticalSizes()``).
    private func size(of text: String, resolvedStyle style: TextStyle) throws(CaliperError) -> CGSize {
        if try mayTakeFastPath(text, style: style), let size = PlainLatinLabel.size(of: text, style: style, cache: cache) {
            return size
        }
        return try generalSize(AttributedText(text, style: style))
    }

    /// The size of attributed text on one line per paragraph, as
    /// `NSAttributedString.size()`: width = the widest paragraph's advance including trailing
    /// whitespace; height = the sum of each line's height, which the spans on it decide.
    public func size(of text: AttributedText) throws(CaliperError) -> CGSize {
        if text.isSingleStyle { return try size(of: text.string, style: text.spans[0].style) }
        guard text.followsOpticalSize else { return try size(ofResolved: text) }
        return try size(ofResolved: text.resolvingOpticalSizes())
    }

    /// ``size(of:)-(AttributedText)`` of text whose fonts are the instances measured.
    private func size(ofResolved text: AttributedText) throws(CaliperError) -> CGSize {
        if try mayTakeFastPath(text), let advances = PlainLatinLabel.spanAdvances(of: text, cache: cache) {
            return PlainLatinLabel.size(of: text, advances: advances)
        }
        return try generalSize(text)
    }

    /// The general pipeline's size on one line per paragraph, or the cache's size for a call with
    /// the same text and spans (see ``cachedResult(of:in:paragraphStyle:maxWidth:keepsGlyphs:compute:)``).
    /// The size is kept; a paragraph shape made for it only when its paragraph misses a second
    /// time (``ParagraphShapeTable/Admission/onSecondMiss``): most labels are sized once.
    private func generalSize(_ text: AttributedText) throws(CaliperError) -> CGSize {
        try cachedResult(of: text, in: \.sizes, paragraphStyle: nil, maxWidth: nil, keepsGlyphs: false) { () throws(CaliperError) in
            try measure(text, baseDirection: .natural, keepsLayoutTables: false, shapeAdmission: .onSecondMiss).unwrappedSize
        }
    }

    /// Whether `text` may try the plain-Latin fast path: valid input that the general path would
    /// not refuse, in a style the fast path handles (no baseline offset). Throws what the general
    /// path throws for an invalid style.
    private func mayTakeFastPath(_ text: String, style: TextStyle) throws(CaliperError) -> Bool {
        try style.validate()
        // UTF-8 is never shorter than UTF-16, so texts over the limit stay on the general path, which refuses them.
        guard text.utf8.count <= maximumTextLength, style.baselineOffset == 0 else { return false }
        if case .fontconfig = style.fallback, style.fallbackFonts.isEmpty {
            _ = try FontCascade(style: style)  // report a bad configuration file as the general path does
        }
        return true
    }

    /// Whether attributed text may try the plain-Latin fast path: each span's style valid (else
    /// this throws what the general path throws), the text within the length limit, no inline box.
    private func mayTakeFastPath(_ text: AttributedText) throws(CaliperError) -> Bool {
        for span in text.spans { try span.style.validate() }
        for span in text.spans {
            if case .fontconfig = span.style.fallback, span.style.fallbackFonts.isEmpty {
                _ = try FontCascade(style: span.style)  // report a bad configuration file as the general path does
            }
        }
        return text.string.utf8.count <= maximumTextLength && text.paragraphStyles.isEmpty && !text.spans.contains { $0.box != nil }
    }

    /// Lays `text` out in lines no wider than `maxWidth` (`nil` or infinity: no wrapping).
    ///
    /// - Throws: ``CaliperError`` for an invalid size, width or paragraph style, or text over
    ///   ``maximumTextLength``.
    ///
    /// A plain Latin label that is one line takes the fast path of ``size(of:style:)``; its layout
    /// is bit-identical to the general pipeline's.
    public func layout(
        _ text: String, style: TextStyle, paragraphStyle: ParagraphStyle = ParagraphStyle(), maxWidth: CGFloat? = nil
    ) throws(CaliperError) -> TextLayout {
        try paragraphStyle.validate()
        guard style.followsOpticalSize else {
            return try layout(text, resolvedStyle: style, paragraphStyle: paragraphStyle, maxWidth: maxWidth)
        }
        return try layout(text, resolvedStyle: style.resolvingOpticalSizes(), paragraphStyle: paragraphStyle, maxWidth: maxWidth)
    }

    /// ``layout(_:style:paragraphStyle:maxWidth:)`` in a style whose fonts are the instances measured.
    private func layout(
        _ text: String, resolvedStyle style: TextStyle, paragraphStyle: ParagraphStyle, maxWidth: CGFloat?
    ) throws(CaliperError) -> TextLayout {
        // The fast path knows a label's advance, not its glyphs.
        if !keepsGlyphs, maxWidth.map({ !$0.isNaN && $0 >= 0 }) ?? true, try mayTakeFastPath(text, style: style),
            let layout = PlainLatinLabel.layout(
                text, style: style, paragraphStyle: paragraphStyle, maxWidth: maxWidth, cache: cache)
        {
            return layout
        }
        return try generalLayout(AttributedText(text, style: style), paragraphStyle: paragraphStyle, maxWidth: maxWidth)
    }

    /// Lays attributed text out in lines no wider than `maxWidth` (`nil` or infinity: no
    /// wrapping), as `NSAttributedString.boundingRect(with:options:context:)` and a `UILabel`
    /// with `attributedText` do. Each run is shaped in its span's style; lines break over the
    /// whole paragraph; each line is as tall as the spans on it need.
    public func layout(
        _ text: AttributedText, paragraphStyle: ParagraphStyle = ParagraphStyle(), maxWidth: CGFloat? = nil
    ) throws(CaliperError) -> TextLayout {
        if text.isSingleStyle {
            return try layout(text.string, style: text.spans[0].style, paragraphStyle: paragraphStyle, maxWidth: maxWidth)
        }
        try paragraphStyle.validate()
        guard text.followsOpticalSize else { return try layout(resolved: text, paragraphStyle: paragraphStyle, maxWidth: maxWidth) }
        return try layout(resolved: text.resolvingOpticalSizes(), paragraphStyle: paragraphStyle, maxWidth: maxWidth)
    }

    /// ``layout(_:paragraphStyle:maxWidth:)`` of text whose fonts are the instances measured.
    private func layout(
        resolved text: AttributedText, paragraphStyle: ParagraphStyle, maxWidth: CGFloat?
    ) throws(CaliperError) -> TextLayout {
        if !keepsGlyphs, maxWidth.map({ !$0.isNaN && $0 >= 0 }) ?? true, try mayTakeFastPath(text),
            let layout = PlainLatinLabel.layout(text, paragraphStyle: paragraphStyle, maxWidth: maxWidth, cache: cache)
        {
            return layout
        }
        return try generalLayout(text, paragraphStyle: paragraphStyle, maxWidth: maxWidth)
    }

    /// The general pipeline's layout: measured and laid out, or the cache's layout for a call with
    /// the same text, spans, paragraph style and width, keeping glyphs or not as this measurer does
    /// (see ``cachedResult(of:in:paragraphStyle:maxWidth:keepsGlyphs:compute:)``).
    private func generalLayout(
        _ text: AttributedText, paragraphStyle: ParagraphStyle, maxWidth: CGFloat?
    ) throws(CaliperError) -> TextLayout {
        try cachedResult(of: text, in: \.layouts, paragraphStyle: paragraphStyle, maxWidth: maxWidth, keepsGlyphs: keepsGlyphs) {
            () throws(CaliperError) in
            try measure(text, baseDirection: paragraphStyle.baseDirection, keepsLayoutTables: false)
                .layout(maxWidth: maxWidth, paragraphStyle: paragraphStyle)
        }
    }

    /// `compute()`, or the result the cache's `table` keeps for a call with the same text, spans,
    /// paragraph style and width (compared bit for bit) that keeps glyphs or not alike; a computed
    /// result is kept. Every check that could refuse the call depends only on those values, except
    /// the length limit, which is this measurer's and is checked first; refused calls are never kept.
    private func cachedResult<Value>(
        of text: AttributedText, in table: KeyPath<ShapeCache, ResultTable<Value>>, paragraphStyle: ParagraphStyle?,
        maxWidth: CGFloat?, keepsGlyphs: Bool, compute: () throws(CaliperError) -> Value
    ) throws(CaliperError) -> Value {
        guard let cache, text.utf16Count <= lengthLimit else { return try compute() }
        let key = LayoutKey(text, paragraphStyle: paragraphStyle, maxWidth: maxWidth, keepsGlyphs: keepsGlyphs)
        if let value = cache[keyPath: table].value(for: key) { return value }
        let value = try compute()
        cache[keyPath: table].insert(value, for: key)
        return value
    }

    /// The longest text measured, in UTF-16 code units: ``maximumTextLength``, and never more than
    /// HarfBuzz and ICU take (their lengths are 32-bit integers).
    private var lengthLimit: Int { min(maximumTextLength, Int(Int32.max)) }

    /// Shapes `text` once, for laying it out at any number of widths without shaping again
    /// (rotation, split view, several device widths on a server).
    ///
    /// ```swift
    /// let measured = try measurer.measure(longText, style: style)
    /// let portrait = try measured.layout(maxWidth: 343)
    /// let landscape = try measured.layout(maxWidth: 700)
    /// ```
    public func measure(
        _ text: String, style: TextStyle, baseDirection: BaseDirection = .natural
    ) throws(CaliperError) -> MeasuredText {
        try measure(AttributedText(text, style: style), baseDirection: baseDirection)
    }

    /// Shapes attributed text once, for laying it out at any number of widths without shaping again.
    /// A paragraph with a paragraph style of its own is shaped in its style's direction, the
    /// others in `baseDirection`.
    public func measure(_ text: AttributedText, baseDirection: BaseDirection = .natural) throws(CaliperError) -> MeasuredText {
        try measure(text, baseDirection: baseDirection, keepsLayoutTables: true)
    }

    /// ``measure(_:baseDirection:)-(AttributedText,_)``; with `keepsLayoutTables`, the text
    /// keeps what makes its later layouts and size queries cheaper
    /// (``MeasuredText/plainParagraphs``, ``MeasuredText/utf8Shifts``): a text measured here to
    /// be laid out or sized once does not make them. The cache keeps the paragraph shapes it makes
    /// as `shapeAdmission` says (see ``ParagraphShapeTable``). With
    /// ``ParagraphShapeTable/Admission/onSecondMiss``, a shape not admitted has no line breaks
    /// (``ParagraphShape/breaksLines``): the text may be asked its ``MeasuredText/unwrappedSize``
    /// and nothing else (line breakers and intrinsic widths assert it), as ``generalSize(_:)`` does.
    func measure(
        _ text: AttributedText, baseDirection: BaseDirection, keepsLayoutTables: Bool,
        shapeAdmission: ParagraphShapeTable.Admission = .always
    ) throws(CaliperError) -> MeasuredText {
        let text = try text.resolvingOpticalSizes()
        for span in text.spans { try span.style.validate() }
        let utf16 = text.string.utf16Units
        let limit = lengthLimit
        guard utf16.count <= limit else { throw .textTooLong(utf16Length: utf16.count, limit: limit) }
        // One cascade per font and fallback: spans often differ only in size.
        var cascades: [FontCascade] = []
        cascades.reserveCapacity(text.spans.count)
        var made: [CascadeKey: FontCascade] = [:]
        if text.isSingleStyle { cascades.append(try FontCascade(style: text.spans[0].style)) }
        for span in text.spans where !text.isSingleStyle {
            let key = CascadeKey(font: span.style.font, fallbackFonts: span.style.fallbackFonts, fallback: span.style.fallback)
            if let cascade = made[key] {
                cascades.append(cascade)
            } else {
                let cascade = try FontCascade(style: span.style)
                made[key] = cascade
                cascades.append(cascade)
            }
        }
        let segments = ParagraphSegmenter.lines(in: utf16)
        let ownParagraphStyles = text.ownParagraphStyles(of: segments)
        var paragraphStyles: [StyleRuns] = []
        var shapes: [ParagraphShape] = []
        paragraphStyles.reserveCapacity(segments.count)
        shapes.reserveCapacity(segments.count)
        for (segment, ownStyle) in zip(segments, ownParagraphStyles) {
            let styles = StyleRuns(spans: text.spans, cascades: cascades, over: segment.content)
            paragraphStyles.append(styles)
            shapes.append(
                try ParagraphShape.make(
                    content: Array(utf16[segment.content]), styles: styles, direction: ownStyle?.baseDirection ?? baseDirection,
                    cache: cache, admission: shapeAdmission))
        }
        return MeasuredText(
            attributedText: text, utf16: utf16, baseDirection: baseDirection, segments: segments,
            ownParagraphStyles: ownParagraphStyles, paragraphStyles: paragraphStyles, shapes: shapes, cache: cache,
            keepsGlyphs: keepsGlyphs, keepsLayoutTables: keepsLayoutTables)
    }

    /// The intrinsic widths of `text` (CSS min-content and max-content; see
    /// ``MeasuredText/intrinsicWidths(paragraphStyle:)``): what a layout asks a label for before
    /// it decides its width. Its paragraphs are shaped in `paragraphStyle`'s direction unless they
    /// have their own.
    public func intrinsicWidths(
        of text: AttributedText, paragraphStyle: ParagraphStyle = ParagraphStyle()
    ) throws(CaliperError) -> IntrinsicWidths {
        try paragraphStyle.validate()
        return try measure(text, baseDirection: paragraphStyle.baseDirection).intrinsicWidths(paragraphStyle: paragraphStyle)
    }

    /// The intrinsic widths of `text` in `style` (see ``intrinsicWidths(of:paragraphStyle:)``).
    public func intrinsicWidths(
        of text: String, style: TextStyle, paragraphStyle: ParagraphStyle = ParagraphStyle()
    ) throws(CaliperError) -> IntrinsicWidths {
        try intrinsicWidths(of: AttributedText(text, style: style), paragraphStyle: paragraphStyle)
    }

    /// What decides a style's font cascade.
    private struct CascadeKey: Hashable {
        var font: FontFace
        var fallbackFonts: [FontFace]
        var fallback: FontFallback
    }
}
