// LabelLayout.swift — a text label, as UILabel: text in one style or many, a line limit and a line break mode.
import Caliper
import Foundation

/// Text wrapped to the proposed width, as a `UILabel` with `text` or `attributedText`,
/// `numberOfLines` and `lineBreakMode`. Its size is the measured text's (the widest line × all
/// lines); its inline boxes with an `id` have frames of their own in the arrangement.
///
/// Its intrinsic width is its text on one line. Like a `UILabel` from Interface Builder it hugs its
/// content at 251 and resists compression at 750 on both axes; in a row that cannot hold it, it is
/// measured again at the width it is given and wraps or truncates by its own `numberOfLines` and
/// `lineBreakMode`.
public struct LabelLayout: Layout {
    /// A name for the label's frame in ``LayoutArrangement/framesByID``.
    public var id: String?
    /// The label's text and styles.
    public var attributedText: AttributedText
    /// How the text wraps, truncates and spaces its lines (`numberOfLines`, `lineBreakMode`…).
    public var paragraphStyle: ParagraphStyle
    /// 251 on both axes unless set.
    public var contentHuggingPriority: AxisPriorities
    /// 750 on both axes unless set.
    public var compressionResistancePriority: AxisPriorities
    /// Shrink the text to fit (`adjustsFontSizeToFitWidth`), down to this factor of its point
    /// sizes (`minimumScaleFactor`); `nil` (the default) never shrinks. Fitting is
    /// `TextMeasurer.layoutShrinkingToFit(_:minimumScaleFactor:paragraphStyle:maxWidth:)`'s:
    /// within the label's width and `numberOfLines` with nothing truncated; a label with no line
    /// limit never shrinks.
    public var minimumScaleFactor: CGFloat?

    /// A label of `text` in one `style`, hugging at `contentHuggingPriority` (251) and resisting
    /// compression at `compressionResistancePriority` (750).
    public init(
        id: String? = nil, text: String, style: TextStyle, paragraphStyle: ParagraphStyle = ParagraphStyle(),
        contentHuggingPriority: AxisPriorities = .labelContentHugging,
        compressionResistancePriority: AxisPriorities = .defaultCompressionResistance
    ) {
        self.init(
            id: id, attributedText: AttributedText(text, style: style), paragraphStyle: paragraphStyle,
            contentHuggingPriority: contentHuggingPriority, compressionResistancePriority: compressionResistancePriority)
    }

    /// A label of text in several styles, inline boxes included (`UILabel.attributedText`).
    public init(
        id: String? = nil, attributedText: AttributedText, paragraphStyle: ParagraphStyle = ParagraphStyle(),
        contentHuggingPriority: AxisPriorities = .labelContentHugging,
        compressionResistancePriority: AxisPriorities = .defaultCompressionResistance
    ) {
        self.id = id
        self.attributedText = attributedText
        self.paragraphStyle = paragraphStyle
        self.contentHuggingPriority = contentHuggingPriority
        self.compressionResistancePriority = compressionResistancePriority
    }

    /// The label's characters.
    public var text: String { attributedText.string }
    /// The style of its first span (its only one for plain text).
    public var style: TextStyle { attributedText.spans[0].style }

    public func measurement(proposedWidth: CGFloat, measurer: any TextMeasuring) throws -> LayoutMeasurement {
        try validatePriorities()
        let (measured, shown) = try measureFitting(maxWidth: proposedWidth, measurer: measurer)
        return LayoutMeasurement(layout: self, size: measured.size, proposedWidth: proposedWidth, content: .text(measured, shown))
    }

    /// The text's width on one line (each paragraph on its own line), as a `UILabel`'s intrinsic
    /// content size before it wraps.
    public func intrinsicWidth(measurer: any TextMeasuring) throws -> CGFloat? {
        try measure(attributedText, maxWidth: nil, measurer: measurer).size.width
    }

    /// The text measured at `maxWidth`, shrunk to fit when ``minimumScaleFactor`` says so, and
    /// the text as measured (its point sizes scaled).
    private func measureFitting(maxWidth: CGFloat?, measurer: any TextMeasuring) throws -> (TextMeasurement, AttributedText) {
        if let minimumScaleFactor { try ShrinkToFit.validate(minimumScaleFactor: minimumScaleFactor) }
        guard let minimumScaleFactor, let maxWidth, maxWidth.isFinite, paragraphStyle.numberOfLines > 0 else {
            return (try measure(attributedText, maxWidth: maxWidth, measurer: measurer), attributedText)
        }
        let scale = try ShrinkToFit.largestScale(minimumScaleFactor: minimumScaleFactor) { scale in
            try !measure(attributedText.scalingPointSizes(by: scale), maxWidth: maxWidth, measurer: measurer).isTruncated
        }
        let shown = attributedText.scalingPointSizes(by: scale)
        return (try measure(shown, maxWidth: maxWidth, measurer: measurer), shown)
    }

    private func measure(_ text: AttributedText, maxWidth: CGFloat?, measurer: any TextMeasuring) throws -> TextMeasurement {
        try text.isSingleStyle
            ? measurer.measure(text.string, style: text.spans[0].style, paragraphStyle: paragraphStyle, maxWidth: maxWidth)
            : measurer.measure(text, paragraphStyle: paragraphStyle, maxWidth: maxWidth)
    }


    public func arrangement(within frame: CGRect, measurement: LayoutMeasurement) -> LayoutArrangement {
        LayoutArrangement(layout: self, frame: frame, content: measurement.content)
    }
}
