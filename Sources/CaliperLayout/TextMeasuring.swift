// TextMeasuring.swift — the one way layouts reach text measurement, so they can run on a fake or precomputed measurer.
import Caliper
import Foundation

/// Measures text for layouts. ``CaliperLayout`` depends on text only through this protocol, so
/// layouts can be tested with a fake measurer or fed precomputed sizes; ``TextMeasurer`` from the
/// core is the real one.
public protocol TextMeasuring: Sendable {
    /// The size and lines of `text` in `style`, broken as `paragraphStyle` says, no wider than
    /// `maxWidth` (`nil`: no wrapping).
    func measure(
        _ text: String, style: TextStyle, paragraphStyle: ParagraphStyle, maxWidth: CGFloat?
    ) throws -> TextMeasurement
}

/// What a layout needs to know of measured text.
public struct TextMeasurement: Sendable, Hashable {
    /// One line as it is shown.
    public struct Line: Sendable, Hashable {
        /// The text the line shows (its truncated form when an ellipsis was placed), without the
        /// hard break that ends it.
        public var text: String
        /// The width of what the line shows, trailing whitespace excluded.
        public var width: CGFloat
        /// The baseline, from the top of the text.
        public var baseline: CGFloat

        public init(text: String, width: CGFloat, baseline: CGFloat) {
            self.text = text
            self.width = width
            self.baseline = baseline
        }
    }

    /// Width (the widest line) and height (all lines).
    public var size: CGSize
    /// The lines shown, top to bottom.
    public var lines: [Line]

    /// The first line's baseline from the top, or 0 for no lines.
    public var firstBaseline: CGFloat { lines.first?.baseline ?? 0 }

    public init(size: CGSize, lines: [Line]) {
        self.size = size
        self.lines = lines
    }
}

extension TextMeasurer: TextMeasuring {
    public func measure(
        _ text: String, style: TextStyle, paragraphStyle: ParagraphStyle, maxWidth: CGFloat?
    ) throws -> TextMeasurement {
        let layout = try layout(text, style: style, paragraphStyle: paragraphStyle, maxWidth: maxWidth)
        return TextMeasurement(
            size: layout.size,
            lines: layout.lines.map { line in
                let shown = line.truncatedText ?? String(text[line.range]).trimmingLineEnd()
                return TextMeasurement.Line(text: shown, width: line.width, baseline: line.baseline)
            })
    }
}

extension String {
    /// Without the hard line break (and the whitespace before it) that ends a line.
    fileprivate func trimmingLineEnd() -> String {
        var result = Substring(self)
        while let last = result.last, last.isNewline || last == " " || last == "\t" { result.removeLast() }
        return String(result)
    }
}
