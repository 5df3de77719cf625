// ShrinkToFit.swift — UILabel's adjustsFontSizeToFitWidth: the largest font scale, down to a minimum, at which text fits.
import Foundation

/// `UILabel.adjustsFontSizeToFitWidth` with `minimumScaleFactor`: text that does not fit its
/// width (and line limit) is set smaller, down to a minimum scale of its point sizes, until it
/// fits.
///
/// Apple: "When this property is true, and the text in the text property exceeds the label's
/// bounding rectangle, the label reduces the font size until the text fits or it has scaled the
/// font down to the minimum font size"; `minimumScaleFactor` is "the smallest multiplier for the
/// current font size that yields an acceptable font size", 0 meaning the current size is the
/// smallest. Apple does not document the steps it tries; Caliper finds the largest scale that
/// fits by bisection, to within ``scaleResolution``.
public enum ShrinkToFit {
    /// How close to the largest fitting scale the answer is: within 1/65536 below it.
    public static let scaleResolution: CGFloat = 1.0 / 65_536

    /// Refuses a minimum scale factor outside 0…1 (NaN and infinities included).
    public static func validate(minimumScaleFactor: CGFloat) throws(CaliperError) {
        guard minimumScaleFactor.isFinite, (0...1).contains(minimumScaleFactor) else {
            throw .invalidScaleFactor(Double(minimumScaleFactor))
        }
    }

    /// The largest scale in `minimumScaleFactor…1` at which `fits` says the text fits: 1 when it
    /// fits as it is, `minimumScaleFactor` when it fits at no scale (or the factor is 0 or 1).
    /// `fits` is taken to be monotone (what fits at a scale fits at any smaller one), as text
    /// whose every length grows with its point size is.
    public static func largestScale<Failure: Error>(
        minimumScaleFactor: CGFloat, fits: (CGFloat) throws(Failure) -> Bool
    ) throws(Failure) -> CGFloat {
        let minimum = minimumScaleFactor.isFinite ? min(max(minimumScaleFactor, 0), 1) : 0
        guard minimum > 0 else { return 1 }
        if try fits(1) { return 1 }
        guard minimum < 1, try fits(minimum) else { return minimum }
        var (low, high) = (minimum, CGFloat(1))  // fits at low, not at high
        while high - low > scaleResolution {
            let middle = (low + high) / 2
            if try fits(middle) { low = middle } else { high = middle }
        }
        return low
    }
}

/// A layout whose point sizes were scaled to fit (see
/// ``TextMeasurer/layoutShrinkingToFit(_:minimumScaleFactor:paragraphStyle:maxWidth:)``).
public struct ShrunkLayout: Sendable {
    /// The factor the text's point sizes were multiplied by (`actualScaleFactor`): 1 when it fit.
    public let scale: CGFloat
    /// The text at the scaled sizes.
    public let text: AttributedText
    /// Its layout.
    public let layout: TextLayout
}

extension TextMeasurer {
    /// The layout of `text` at the largest scale of its point sizes, from 1 down to
    /// `minimumScaleFactor`, at which it fits `maxWidth` and `paragraphStyle`'s line limit with
    /// nothing truncated, clipped or dropped (`adjustsFontSizeToFitWidth`; see ``ShrinkToFit``).
    /// Only point sizes scale: letter spacing, baseline offsets, inline boxes and line spacing
    /// stay as given. With no line limit (`numberOfLines` 0) nothing shrinks: the text wraps onto as
    /// many lines as it needs, as a label with no limit grows taller instead.
    ///
    /// - Throws: what ``layout(_:paragraphStyle:maxWidth:)`` throws, and
    ///   ``CaliperError/invalidScaleFactor(_:)`` for a minimum scale factor outside 0…1.
    public func layoutShrinkingToFit(
        _ text: AttributedText, minimumScaleFactor: CGFloat, paragraphStyle: ParagraphStyle = ParagraphStyle(),
        maxWidth: CGFloat
    ) throws(CaliperError) -> ShrunkLayout {
        try ShrinkToFit.validate(minimumScaleFactor: minimumScaleFactor)
        func scaled(_ scale: CGFloat) -> AttributedText { text.scalingPointSizes(by: scale) }
        let layoutAt = { (scale: CGFloat) throws(CaliperError) -> TextLayout in
            try layout(scaled(scale), paragraphStyle: paragraphStyle, maxWidth: maxWidth)
        }
        let scale: CGFloat
        if paragraphStyle.numberOfLines == 0 {
            scale = 1
        } else {
            scale = try ShrinkToFit.largestScale(minimumScaleFactor: minimumScaleFactor) { (scale) throws(CaliperError) in
                !(try layoutAt(scale)).isTruncated
            }
        }
        return ShrunkLayout(scale: scale, text: scaled(scale), layout: try layoutAt(scale))
    }
}
