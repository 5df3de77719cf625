// HeightBound.swift — boundingRect's height: the lines that fit a box, and truncatesLastVisibleLine.
import Foundation

extension MeasuredText {
    /// The lines of the text that fit `size`, as `boundingRect(with:options:context:)` lays them
    /// out with `.usesLineFragmentOrigin` (and `.truncatesLastVisibleLine`), or a `UILabel` of a
    /// fixed height with `numberOfLines` 0.
    ///
    /// Lines wrap at `size.width`; the lines shown are those whose bottom is within
    /// `size.height` (an infinite height shows all), at least one. When text is left out, the
    /// layout is the one ``layout(maxWidth:paragraphStyle:)`` gives with that many lines as
    /// `numberOfLines` (``TextLayout/isTruncated`` is true), and with `truncatesLastVisibleLine`
    /// the last line shown ends with an ellipsis: in its paragraph's truncating mode, tail
    /// truncation for word wrapping; text broken by characters or clipped is cut without one.
    /// The paragraph style's own `numberOfLines`, when smaller, still applies.
    ///
    /// - Throws: ``CaliperError/invalidLength(name:value:)`` for a height that is NaN or negative,
    ///   and whatever ``layout(maxWidth:paragraphStyle:)`` throws.
    public func layout(
        fitting size: CGSize, paragraphStyle: ParagraphStyle = ParagraphStyle(), truncatesLastVisibleLine: Bool = false
    ) throws(CaliperError) -> TextLayout {
        let full = try layout(maxWidth: size.width, paragraphStyle: paragraphStyle)
        return try Self.fitting(full, height: size.height, paragraphStyle: paragraphStyle) { limited throws(CaliperError) in
            try layout(maxWidth: size.width, paragraphStyle: limited, truncatesWordWrapping: truncatesLastVisibleLine)
        }
    }

    /// `full` if all its lines fit `height`, else `relayout` with a paragraph style whose line
    /// limit is the number of lines that fit (at least one).
    static func fitting(
        _ full: TextLayout, height: CGFloat, paragraphStyle: ParagraphStyle,
        relayout: (ParagraphStyle) throws(CaliperError) -> TextLayout
    ) throws(CaliperError) -> TextLayout {
        guard !height.isNaN, height >= 0 else { throw .invalidLength(name: "maximum height", value: Double(height)) }
        let visible = max(1, full.lines.prefix { $0.top + $0.height <= height + LineBreaker.fitTolerance }.count)
        guard visible < full.lines.count else { return full }
        var limited = paragraphStyle
        limited.numberOfLines = visible
        return try relayout(limited)
    }
}

extension TextMeasurer {
    /// The lines of `text` that fit `size` (see ``MeasuredText/layout(fitting:paragraphStyle:truncatesLastVisibleLine:)``):
    /// `boundingRect(with:options:context:)` with a height, and `.truncatesLastVisibleLine`.
    public func layout(
        _ text: String, style: TextStyle, paragraphStyle: ParagraphStyle = ParagraphStyle(), fitting size: CGSize,
        truncatesLastVisibleLine: Bool = false
    ) throws(CaliperError) -> TextLayout {
        try layout(
            AttributedText(text, style: style), paragraphStyle: paragraphStyle, fitting: size,
            truncatesLastVisibleLine: truncatesLastVisibleLine)
    }

    /// The lines of attributed `text` that fit `size` (see
    /// ``MeasuredText/layout(fitting:paragraphStyle:truncatesLastVisibleLine:)``). All its lines
    /// fitting, the layout is ``layout(_:paragraphStyle:maxWidth:)``'s, from the cache when it
    /// holds it.
    public func layout(
        _ text: AttributedText, paragraphStyle: ParagraphStyle = ParagraphStyle(), fitting size: CGSize,
        truncatesLastVisibleLine: Bool = false
    ) throws(CaliperError) -> TextLayout {
        let full = try layout(text, paragraphStyle: paragraphStyle, maxWidth: size.width)
        return try MeasuredText.fitting(full, height: size.height, paragraphStyle: paragraphStyle) { limited throws(CaliperError) in
            guard truncatesLastVisibleLine else { return try layout(text, paragraphStyle: limited, maxWidth: size.width) }
            return try measure(text, baseDirection: limited.baseDirection, keepsLayoutTables: false)
                .layout(maxWidth: size.width, paragraphStyle: limited, truncatesWordWrapping: true)
        }
    }
}
