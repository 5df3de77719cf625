// LabelLayout.swift — a text label, as UILabel: a style, a line limit and a line break mode.
import Caliper
import Foundation

/// Text in a style, wrapped to the proposed width, as a `UILabel` with `numberOfLines` and
/// `lineBreakMode`. Its size is the measured text's (the widest line × all lines).
public struct LabelLayout: Layout {
    public var id: String?
    public var text: String
    public var style: TextStyle
    public var paragraphStyle: ParagraphStyle

    public init(id: String? = nil, text: String, style: TextStyle, paragraphStyle: ParagraphStyle = ParagraphStyle()) {
        self.id = id
        self.text = text
        self.style = style
        self.paragraphStyle = paragraphStyle
    }

    public func measurement(proposedWidth: CGFloat, measurer: any TextMeasuring) throws -> LayoutMeasurement {
        let measured = try measurer.measure(text, style: style, paragraphStyle: paragraphStyle, maxWidth: proposedWidth)
        return LayoutMeasurement(
            layout: self, size: measured.size, proposedWidth: proposedWidth, content: .text(measured, style))
    }

    public func arrangement(within frame: CGRect, measurement: LayoutMeasurement) -> LayoutArrangement {
        LayoutArrangement(layout: self, frame: frame, content: measurement.content)
    }
}
