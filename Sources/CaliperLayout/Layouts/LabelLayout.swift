// LabelLayout.swift — a text label, as UILabel: text in one style or many, a line limit and a line break mode.
import Caliper
import Foundation

/// Text wrapped to the proposed width, as a `UILabel` with `text` or `attributedText`,
/// `numberOfLines` and `lineBreakMode`. Its size is the measured text's (the widest line × all
/// lines); its inline boxes with an `id` have frames of their own in the arrangement.
public struct LabelLayout: Layout {
    public var id: String?
    /// The label's text and styles.
    public var attributedText: AttributedText
    public var paragraphStyle: ParagraphStyle

    /// A label of `text` in one `style`.
    public init(id: String? = nil, text: String, style: TextStyle, paragraphStyle: ParagraphStyle = ParagraphStyle()) {
        self.init(id: id, attributedText: AttributedText(text, style: style), paragraphStyle: paragraphStyle)
    }

    /// A label of text in several styles, inline boxes included (`UILabel.attributedText`).
    public init(id: String? = nil, attributedText: AttributedText, paragraphStyle: ParagraphStyle = ParagraphStyle()) {
        self.id = id
        self.attributedText = attributedText
        self.paragraphStyle = paragraphStyle
    }

    /// The label's characters.
    public var text: String { attributedText.string }
    /// The style of its first span (its only one for plain text).
    public var style: TextStyle { attributedText.spans[0].style }

    public func measurement(proposedWidth: CGFloat, measurer: any TextMeasuring) throws -> LayoutMeasurement {
        let measured = try attributedText.isSingleStyle
            ? measurer.measure(text, style: style, paragraphStyle: paragraphStyle, maxWidth: proposedWidth)
            : measurer.measure(attributedText, paragraphStyle: paragraphStyle, maxWidth: proposedWidth)
        return LayoutMeasurement(
            layout: self, size: measured.size, proposedWidth: proposedWidth, content: .text(measured, attributedText))
    }

    public func arrangement(within frame: CGRect, measurement: LayoutMeasurement) -> LayoutArrangement {
        LayoutArrangement(layout: self, frame: frame, content: measurement.content)
    }
}
