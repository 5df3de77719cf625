// MeasureRequest.swift — a measure request as every door fills it (batch and HTTP from JSON, `caliper measure` from its options) and the one function that answers it.
import Caliper
import Foundation

/// What a measure request asks: a text with its paragraph style, wrapped to a width, and either
/// cut to a height or shrunk to fit. Batch lines and HTTP bodies read it from JSON
/// (`BatchProcessor`), `caliper measure` fills it from its options; both answer it with
/// ``answer(with:)``, so the doors cannot measure differently.
package struct MeasureRequest {
    /// How the text is fitted beyond wrapping to ``maxWidth``.
    package enum Fit: Equatable {
        /// Every line (up to the paragraph style's line limit).
        case wrap
        /// Only the lines that fit this height in points (at least one), the last one ending in
        /// an ellipsis when text is left out and `truncatesLastVisibleLine` (boundingRect with a
        /// height; `.truncatesLastVisibleLine`).
        case height(CGFloat, truncatesLastVisibleLine: Bool)
        /// Shrunk to fit ``maxWidth`` and the line limit, down to this factor of its sizes (UILabel's
        /// `adjustsFontSizeToFitWidth` with `minimumScaleFactor`).
        case shrink(minimumScaleFactor: CGFloat)
    }

    package var text: AttributedText
    package var paragraphStyle: ParagraphStyle
    /// The width lines wrap to; `nil`: no wrapping.
    package var maxWidth: CGFloat?
    package var fit: Fit

    package init(text: AttributedText, paragraphStyle: ParagraphStyle, maxWidth: CGFloat?, fit: Fit = .wrap) {
        self.text = text
        self.paragraphStyle = paragraphStyle
        self.maxWidth = maxWidth
        self.fit = fit
    }

    /// The first rule that the fields a request gives break, checked in this order, or `nil`:
    /// each door says it naming the fields its way (`"maxWidth"` in JSON, `--max-width` on the
    /// command line).
    package static func checkCombination(
        maxWidth: Bool, maxHeight: Bool, truncatesLastVisibleLine: Bool, minimumScaleFactor: Bool
    ) -> CombinationProblem? {
        if truncatesLastVisibleLine, !maxHeight { return .truncationNeedsHeight }
        if minimumScaleFactor, !maxWidth { return .shrinkNeedsWidth }
        if minimumScaleFactor, maxHeight { return .shrinkWithHeight }
        return nil
    }

    /// A combination of fields a measure request cannot have.
    package enum CombinationProblem: Equatable {
        /// `minimumScaleFactor` without `maxWidth`, the width to fit.
        case shrinkNeedsWidth
        /// `minimumScaleFactor` with `maxHeight`.
        case shrinkWithHeight
        /// `truncatesLastVisibleLine` without `maxHeight`.
        case truncationNeedsHeight
    }

    /// What a measure request is answered with.
    package struct Answer {
        package var layout: TextLayout
        /// The text laid out: the request's, or its shrunk copy.
        package var text: AttributedText
        /// The factor the sizes were shrunk by, for a ``Fit/shrink(minimumScaleFactor:)`` request.
        package var scale: CGFloat?
    }

    /// The request measured by `measurer`.
    package func answer(with measurer: TextMeasurer) throws -> Answer {
        switch fit {
        case .shrink(let minimumScaleFactor):
            guard let maxWidth else { throw InputError("\"minimumScaleFactor\" needs \"maxWidth\", the width to fit") }
            let shrunk = try measurer.layoutShrinkingToFit(
                text, minimumScaleFactor: minimumScaleFactor, paragraphStyle: paragraphStyle, maxWidth: maxWidth)
            return Answer(layout: shrunk.layout, text: shrunk.text, scale: shrunk.scale)
        case .height(let maxHeight, let truncatesLastVisibleLine):
            let layout = try measurer.layout(
                text, paragraphStyle: paragraphStyle, fitting: CGSize(width: maxWidth ?? .infinity, height: maxHeight),
                truncatesLastVisibleLine: truncatesLastVisibleLine)
            return Answer(layout: layout, text: text)
        case .wrap:
            return Answer(layout: try measurer.layout(text, paragraphStyle: paragraphStyle, maxWidth: maxWidth), text: text)
        }
    }
}
