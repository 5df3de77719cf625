// AttributedText.swift — one text in several styles: spans of TextStyle over UTF-16 ranges, as NSAttributedString holds attributes.
import Foundation

/// Text whose ranges carry different ``TextStyle``s, as an `NSAttributedString` carries
/// attributes: "**Ana** replied to your post", a price whose currency sign is smaller, a count in
/// bold inside a chip. Measure it with ``TextMeasurer`` exactly as a `String` in one style.
///
/// ```swift
/// var text = AttributedText("Ana", style: bold)
/// text.append(" replied to your post", style: regular)
/// let size = try TextMeasurer().size(of: text)
///
/// var price = AttributedText("$12.99", style: large)
/// try price.setStyle(small, utf16Range: 0..<1)          // NSAttributedString.setAttributes(_:range:)
/// try price.updateStyle(utf16Range: 3..<6) { $0.size = 11 }  // addAttributes(_:range:)
/// ```
///
/// The styles are kept as ``spans``: they cover the text from its start to its end, in order,
/// with no gaps, and neighbouring spans always differ (equal ones are merged, as
/// `NSAttributedString` coalesces equal attribute runs). An empty text still has one span, of no
/// length, whose style sizes its one empty line. Ranges are in UTF-16 code units, as `NSRange`
/// counts them; a range whose edge falls between the two halves of a surrogate pair is refused.
/// An edge inside a grapheme cluster (between a letter and its combining accent) is allowed, and
/// the whole cluster is measured in the style of its first code unit.
public struct AttributedText: Sendable, Hashable {
    /// A range of the text in one style, or the one U+FFFC character of an inline box.
    public struct Span: Sendable, Hashable {
        /// The range in UTF-16 code units.
        public var utf16Range: Range<Int>
        /// The character attributes of the range.
        public var style: TextStyle
        /// The box this span's U+FFFC stands for (its style is the font around the box: it
        /// decides `centerOnXHeight` and counts in the line's height).
        public var box: InlineBox?

        /// A span styling `utf16Range` with `style`; `box` when the range is one U+FFFC standing for an
        /// inline box.
        public init(utf16Range: Range<Int>, style: TextStyle, box: InlineBox? = nil) {
            self.utf16Range = utf16Range
            self.style = style
            self.box = box
        }
    }

    /// The characters.
    public private(set) var string: String
    /// The styles over the text, in order, covering it exactly (see the type's description).
    public private(set) var spans: [Span]
    /// The paragraphs with a paragraph style of their own, in order (see
    /// ``setParagraphStyle(_:utf16Range:)``); the others take the style a layout is given.
    public internal(set) var paragraphStyles: [ParagraphAttributes] = []
    /// The length of ``string`` in UTF-16 code units.
    public var utf16Count: Int { spans[spans.count - 1].utf16Range.upperBound }

    /// `string` in one style: what ``TextMeasurer`` measures for a `String` and a ``TextStyle``.
    public init(_ string: String, style: TextStyle) {
        self.string = string
        spans = [Span(utf16Range: 0..<string.utf16UnitCount, style: style)]
    }

    /// Text from spans that cover it, as a batch request or a parser gives them.
    ///
    /// - Throws: ``CaliperError/invalidSpans(_:)`` when the spans do not cover `string` from start
    ///   to end in order, without gaps or overlaps, or an edge splits a surrogate pair.
    public init(string: String, spans: [Span]) throws(CaliperError) {
        let units = string.utf16Units
        guard let first = spans.first else { throw .invalidSpans("there must be at least one span") }
        var expectedStart = 0
        for (index, span) in spans.enumerated() {
            let range = span.utf16Range
            guard range.lowerBound == expectedStart else {
                throw .invalidSpans(
                    "span \(index) starts at \(range.lowerBound), where \(expectedStart) was expected (spans must cover the text in order)")
            }
            guard !range.isEmpty || (units.isEmpty && spans.count == 1) else {
                throw .invalidSpans("span \(index) is empty (\(range.lowerBound)..<\(range.upperBound))")
            }
            try Self.checkEdge(range.upperBound, in: units, naming: "span \(index)")
            if let box = span.box {
                guard range.count == 1, units[range.lowerBound] == 0xFFFC else {
                    throw .invalidInlineBox("span \(index) has a box but is not one U+FFFC character (\(range.lowerBound)..<\(range.upperBound))")
                }
                try box.validate()
            }
            expectedStart = range.upperBound
        }
        guard expectedStart == units.count else {
            throw .invalidSpans("the spans end at \(expectedStart), but the text has \(units.count) UTF-16 code units")
        }
        self.string = string
        self.spans = [first]
        for span in spans.dropFirst() { appendSpan(span) }
    }

    /// Appends `string` in `style`.
    public mutating func append(_ string: String, style: TextStyle) {
        let start = utf16Count
        let end = start + string.utf16UnitCount
        if start == 0, spans.count == 1 {
            // An empty text's span only held a style for its empty line.
            spans = [Span(utf16Range: 0..<end, style: style)]
        } else if end > start {
            appendSpan(Span(utf16Range: start..<end, style: style))
        }
        self.string += string
    }

    /// Appends an inline box, as one U+FFFC character in `style` (the font around the box).
    ///
    /// - Throws: ``CaliperError/invalidInlineBox(_:)`` for a size or offset that is negative,
    ///   not finite or over a million points.
    public mutating func append(_ box: InlineBox, style: TextStyle) throws(CaliperError) {
        try box.validate()
        let start = utf16Count
        let span = Span(utf16Range: start..<start + 1, style: style, box: box)
        if start == 0 { spans = [span] } else { spans.append(span) }
        string.append(InlineBox.character)
    }

    /// Makes the U+FFFC at `offset` stand for `box`, in the style it has (as an attachment
    /// attribute on the object replacement character of an `NSAttributedString`).
    ///
    /// - Throws: ``CaliperError/invalidInlineBox(_:)`` when the character there is not U+FFFC
    ///   or the box's size or offset cannot be used.
    public mutating func setInlineBox(_ box: InlineBox, atUTF16Offset offset: Int) throws(CaliperError) {
        try box.validate()
        let units = string.utf16
        guard offset >= 0, offset < units.count, units[units.index(units.startIndex, offsetBy: offset)] == 0xFFFC else {
            throw .invalidInlineBox("the character at \(offset) is not U+FFFC, the object replacement character a box stands on")
        }
        let index = spanIndex(containing: offset)
        let span = spans[index]
        var replacement: [Span] = []
        if span.utf16Range.lowerBound < offset {
            replacement.append(Span(utf16Range: span.utf16Range.lowerBound..<offset, style: span.style))
        }
        replacement.append(Span(utf16Range: offset..<offset + 1, style: span.style, box: box))
        if offset + 1 < span.utf16Range.upperBound {
            replacement.append(Span(utf16Range: offset + 1..<span.utf16Range.upperBound, style: span.style))
        }
        spans.replaceSubrange(index...index, with: replacement)
    }

    /// Appends `other`, its styles with it.
    public mutating func append(_ other: AttributedText) {
        guard other.utf16Count > 0 else { return }
        let offset = utf16Count
        if offset == 0 {
            self = other
            return
        }
        appendParagraphStyles(of: other, at: offset)
        for span in other.spans {
            appendSpan(
                Span(
                    utf16Range: (span.utf16Range.lowerBound + offset)..<(span.utf16Range.upperBound + offset), style: span.style,
                    box: span.box))
        }
        string += other.string
    }

    /// `lhs` followed by `rhs`.
    public static func + (lhs: AttributedText, rhs: AttributedText) -> AttributedText {
        var result = lhs
        result.append(rhs)
        return result
    }

    /// Gives `utf16Range` the style `style`, replacing what it had (`setAttributes(_:range:)`).
    /// An empty range changes nothing.
    ///
    /// - Throws: ``CaliperError/invalidSpans(_:)`` for a range outside the text or one that
    ///   splits a surrogate pair.
    public mutating func setStyle(_ style: TextStyle, utf16Range: Range<Int>) throws(CaliperError) {
        try updateStyle(utf16Range: utf16Range) { $0 = style }
    }

    /// Gives `range` of ``string`` the style `style` (`setAttributes(_:range:)`).
    public mutating func setStyle(_ style: TextStyle, range: Range<String.Index>) throws(CaliperError) {
        try setStyle(style, utf16Range: try utf16Range(of: range))
    }

    /// Changes the styles of `utf16Range` with `change`, each span's part on its own
    /// (`addAttributes(_:range:)`: `{ $0.size = 11 }` shrinks a bold and a regular span alike).
    ///
    /// - Throws: ``CaliperError/invalidSpans(_:)`` for a range outside the text or one that
    ///   splits a surrogate pair.
    public mutating func updateStyle(utf16Range: Range<Int>, _ change: (inout TextStyle) -> Void) throws(CaliperError) {
        try checkRange(utf16Range)
        guard !utf16Range.isEmpty else { return }
        var updated: [Span] = []
        updated.reserveCapacity(spans.count + 2)
        for span in spans {
            let range = span.utf16Range
            let before = range.clamped(to: range.lowerBound..<max(range.lowerBound, utf16Range.lowerBound))
            let inside = range.clamped(to: utf16Range)
            let after = range.clamped(to: min(range.upperBound, utf16Range.upperBound)..<range.upperBound)
            for (part, changes) in [(before, false), (inside, true), (after, false)] where !part.isEmpty {
                var style = span.style
                if changes { change(&style) }
                updated.append(Span(utf16Range: part, style: style, box: span.box))
            }
        }
        spans = [updated[0]]
        for span in updated.dropFirst() { appendSpan(span) }
    }

    /// The text with every span's point size multiplied by `scale` (letter spacing, baseline
    /// offsets, inline boxes and paragraph styles as they are): how text shrinks to fit.
    public func scalingPointSizes(by scale: CGFloat) -> AttributedText {
        scale == 1 ? self : mappingStyles { style in
            var style = style
            style.size *= scale
            return style
        }
    }

    /// The text with each span's style changed by `transform`, neighbours that become equal merged.
    func mappingStyles(_ transform: (TextStyle) -> TextStyle) -> AttributedText {
        var mapped = self
        let changed = spans.map { Span(utf16Range: $0.utf16Range, style: transform($0.style), box: $0.box) }
        mapped.spans = [changed[0]]
        for span in changed.dropFirst() { mapped.appendSpan(span) }
        return mapped
    }

    /// The style at UTF-16 offset `offset` (the last span's at the end).
    public func style(atUTF16Offset offset: Int) -> TextStyle {
        spans[spanIndex(containing: offset)].style
    }

    /// The index of the span holding `offset` (the last one at or past the end).
    func spanIndex(containing offset: Int) -> Int {
        // The last span starting at or before `offset`; the first span starts at 0.
        max(spans.lowerBound { $0.utf16Range.lowerBound <= offset } - 1, 0)
    }

    /// Whether a font of a span follows the optical size (see ``TextStyle/followsOpticalSize``).
    var followsOpticalSize: Bool { spans.contains { $0.style.followsOpticalSize } }

    /// The text as it is measured: each span's style with its fonts that follow the optical size
    /// set at the span's size (``TextStyle/resolvingOpticalSizes()``), span for span, so span
    /// indices keep their meaning; the text itself when no span has such a font. Validates every
    /// span's style first when there is something to replace, so an invalid one throws what the
    /// measurer's own validation would, in the same order.
    func resolvingOpticalSizes() throws(CaliperError) -> AttributedText {
        guard followsOpticalSize else { return self }
        for span in spans { try span.style.validate() }
        var resolved = self
        for index in spans.indices where spans[index].style.followsOpticalSize {
            resolved.spans[index].style = try spans[index].style.resolvingValidatedOpticalSizes()
        }
        return resolved
    }

    /// Whether the text is one style throughout, with no inline box and no paragraph style of
    /// its own: what a `String` in a ``TextStyle`` is.
    public var isSingleStyle: Bool { spans.count == 1 && spans[0].box == nil && paragraphStyles.isEmpty }

    /// The inline boxes, with the UTF-16 offsets of their characters.
    public var inlineBoxes: [(utf16Offset: Int, box: InlineBox)] {
        spans.compactMap { span in span.box.map { (span.utf16Range.lowerBound, $0) } }
    }

    /// Adds `span` after the last one, merged with it when their styles are equal (a box's span
    /// never merges).
    private mutating func appendSpan(_ span: Span) {
        if span.box == nil, spans[spans.count - 1].box == nil, spans[spans.count - 1].style == span.style {
            spans[spans.count - 1].utf16Range = spans[spans.count - 1].utf16Range.lowerBound..<span.utf16Range.upperBound
        } else {
            spans.append(span)
        }
    }

    func utf16Range(of range: Range<String.Index>) throws(CaliperError) -> Range<Int> {
        let utf16 = string.utf16
        guard range.lowerBound >= string.startIndex, range.upperBound <= string.endIndex,
            let lower = range.lowerBound.samePosition(in: utf16), let upper = range.upperBound.samePosition(in: utf16)
        else { throw .invalidSpans("the range does not belong to the text") }
        return utf16.distance(from: utf16.startIndex, to: lower)..<utf16.distance(from: utf16.startIndex, to: upper)
    }

    /// Refuses a range outside the text, or with an edge between the two halves of a surrogate pair;
    /// returns the text's UTF-16 code units.
    @discardableResult
    func checkRange(_ utf16Range: Range<Int>) throws(CaliperError) -> [UInt16] {
        let units = string.utf16Units
        guard utf16Range.lowerBound >= 0, utf16Range.upperBound <= units.count else {
            throw .invalidSpans(
                "the range \(utf16Range.lowerBound)..<\(utf16Range.upperBound) is outside the text of \(units.count) UTF-16 code units")
        }
        try Self.checkEdge(utf16Range.lowerBound, in: units, naming: "the range's start")
        try Self.checkEdge(utf16Range.upperBound, in: units, naming: "the range's end")
        return units
    }

    /// Refuses an offset between the two halves of a surrogate pair.
    private static func checkEdge(_ offset: Int, in units: [UInt16], naming name: String) throws(CaliperError) {
        guard offset > 0, offset < units.count else { return }
        if UTF16.isLeadSurrogate(units[offset - 1]), UTF16.isTrailSurrogate(units[offset]) {
            throw .invalidSpans("\(name) at \(offset) falls between the two halves of a surrogate pair")
        }
    }
}
