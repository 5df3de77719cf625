// TextMeasuring.swift — the one way layouts reach text measurement, so they can run on a fake or precomputed measurer.
import Caliper
import Foundation

/// Measures text for layouts. ``CaliperLayout`` depends on text only through this protocol, so
/// layouts can be tested with a fake measurer or fed precomputed sizes; ``Caliper/TextMeasurer`` from the
/// core is the real one.
public protocol TextMeasuring: Sendable {
    /// The size and lines of `text` in `style`, broken as `paragraphStyle` says, no wider than
    /// `maxWidth` (`nil`: no wrapping).
    func measure(
        _ text: String, style: TextStyle, paragraphStyle: ParagraphStyle, maxWidth: CGFloat?
    ) throws -> TextMeasurement

    /// The same for text in several styles (and inline boxes). A measurer that only knows plain
    /// text (a fake) measures its string in its first style.
    func measure(_ text: AttributedText, paragraphStyle: ParagraphStyle, maxWidth: CGFloat?) throws -> TextMeasurement

    /// The text's CSS min-content and max-content widths (`TextMeasurer.intrinsicWidths`). A
    /// measurer that does not know them (a fake) says 0 and the width of its one-line measurement.
    func intrinsicWidths(of text: AttributedText, paragraphStyle: ParagraphStyle) throws -> IntrinsicWidths
}

extension TextMeasuring {
    /// No narrowest width known: 0, and the text's width unwrapped as its max-content width.
    public func intrinsicWidths(of text: AttributedText, paragraphStyle: ParagraphStyle) throws -> IntrinsicWidths {
        IntrinsicWidths(minContent: 0, maxContent: try measure(text, paragraphStyle: paragraphStyle, maxWidth: nil).size.width)
    }

    /// Measures `text`'s string in the style of its first span: the fallback for a measurer that
    /// knows only plain text. ``Caliper/TextMeasurer`` measures every span.
    public func measure(_ text: AttributedText, paragraphStyle: ParagraphStyle, maxWidth: CGFloat?) throws -> TextMeasurement {
        try measure(text.string, style: text.spans[0].style, paragraphStyle: paragraphStyle, maxWidth: maxWidth)
    }
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
        /// The line's runs in visual order, their ranges in ``text`` (each in one font, size and
        /// span of the measured text, for drawing, with its glyphs from a measurer that keeps
        /// them, `TextMeasurer.keepsGlyphs`); empty from a measurer that does not say.
        public var runs: [TextRun]

        /// A line showing `text`, `width` points wide, with its baseline `baseline` points from the
        /// measurement's top, and the runs it is drawn in (none from a measurer that does not say).
        public init(text: String, width: CGFloat, baseline: CGFloat, runs: [TextRun] = []) {
            self.text = text
            self.width = width
            self.baseline = baseline
            self.runs = runs
        }
    }

    /// Width (the widest line) and height (all lines).
    public var size: CGSize
    /// The lines shown, top to bottom.
    public var lines: [Line]
    /// The inline boxes, their frames from the top left of the text.
    public var inlineBoxes: [PlacedInlineBox] = []
    /// What most measurements lack: truncation, missing glyphs, notices. Kept in one box that is
    /// `nil` when there are none, so a measurement stays five words: it is copied into every flow
    /// item and arrangement, and a larger one costs each copy.
    fileprivate final class Exceptions: Sendable, Hashable {
        let isTruncated: Bool
        let missingGlyphCount: Int
        let notices: [LayoutNotice]

        init(isTruncated: Bool, missingGlyphCount: Int, notices: [LayoutNotice]) {
            self.isTruncated = isTruncated
            self.missingGlyphCount = missingGlyphCount
            self.notices = notices
        }

        static func == (lhs: Exceptions, rhs: Exceptions) -> Bool {
            lhs.isTruncated == rhs.isTruncated && lhs.missingGlyphCount == rhs.missingGlyphCount && lhs.notices == rhs.notices
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(isTruncated)
            hasher.combine(missingGlyphCount)
            hasher.combine(notices)
        }

        /// A box for the values, or `nil` when they are the defaults.
        static func make(isTruncated: Bool, missingGlyphCount: Int, notices: [LayoutNotice]) -> Exceptions? {
            !isTruncated && missingGlyphCount == 0 && notices.isEmpty
                ? nil : Exceptions(isTruncated: isTruncated, missingGlyphCount: missingGlyphCount, notices: notices)
        }
    }

    fileprivate var exceptions: Exceptions?

    /// Whether text was cut off: lines past the line limit dropped, an ellipsis placed or a line
    /// clipped (`TextLayout.isTruncated`). A fake measurer may leave it false.
    public var isTruncated: Bool {
        get { exceptions?.isTruncated ?? false }
        set { exceptions = Exceptions.make(isTruncated: newValue, missingGlyphCount: missingGlyphCount, notices: notices) }
    }

    /// Grapheme clusters no font covered, measured with the primary font's .notdef glyph
    /// (`TextLayout.missingGlyphCount`). A fake measurer may leave it 0.
    public var missingGlyphCount: Int {
        get { exceptions?.missingGlyphCount ?? 0 }
        set { exceptions = Exceptions.make(isTruncated: isTruncated, missingGlyphCount: newValue, notices: notices) }
    }

    /// What the styles asked for and the measurement could not do (`TextLayout.notices`).
    public var notices: [LayoutNotice] {
        get { exceptions?.notices ?? [] }
        set { exceptions = Exceptions.make(isTruncated: isTruncated, missingGlyphCount: missingGlyphCount, notices: newValue) }
    }

    /// The first line's baseline from the top, or 0 for no lines.
    public var firstBaseline: CGFloat { lines.first?.baseline ?? 0 }

    /// A measurement of `size` made of `lines` (a fake measurer builds one), with no inline boxes.
    public init(size: CGSize, lines: [Line]) {
        self.size = size
        self.lines = lines
    }
}

/// The real measurer: layouts measured with it get Caliper's exact sizes, lines and inline boxes.
extension TextMeasurer: TextMeasuring {
    /// Lays `text` out with `TextMeasurer.layout(_:style:paragraphStyle:maxWidth:)` and
    /// reports its size and lines.
    public func measure(
        _ text: String, style: TextStyle, paragraphStyle: ParagraphStyle, maxWidth: CGFloat?
    ) throws -> TextMeasurement {
        let layout = try layout(text, style: style, paragraphStyle: paragraphStyle, maxWidth: maxWidth)
        return Self.measurement(of: layout, text: text)
    }

    /// Lays `text` out with `TextMeasurer.layout(_:paragraphStyle:maxWidth:)` and reports
    /// its size, lines and inline boxes.
    public func measure(_ text: AttributedText, paragraphStyle: ParagraphStyle, maxWidth: CGFloat?) throws -> TextMeasurement {
        let layout = try layout(text, paragraphStyle: paragraphStyle, maxWidth: maxWidth)
        return Self.measurement(of: layout, text: text.string)
    }

    /// What a layout needs of `layout`: each line's shown text, width, baseline, and runs with
    /// ranges in that text; its inline boxes, whether it was cut off, and what it left out.
    private static func measurement(of layout: TextLayout, text: String) -> TextMeasurement {
        var measurement = TextMeasurement(
            size: layout.size,
            lines: layout.lines.map { line in
                let shown = line.truncatedText ?? text[line.range].trimmingLineEnd()
                // A truncated line's runs index its shown text already; others, the whole text.
                let start = line.truncatedText == nil ? line.utf16Range.location : 0
                // A first line's runs already index from 0 (a chip's one line): kept, not copied.
                let runs = start == 0 ? line.runs : line.runs.map { run in
                    var run = run
                    run.utf16Range.location -= start
                    return run
                }
                return TextMeasurement.Line(text: shown, width: line.width, baseline: line.baseline, runs: runs)
            })
        measurement.inlineBoxes = layout.inlineBoxes
        measurement.exceptions = TextMeasurement.Exceptions.make(
            isTruncated: layout.isTruncated, missingGlyphCount: layout.missingGlyphCount, notices: layout.notices)
        return measurement
    }
}

extension Substring {
    /// Without the hard line break (and the whitespace before it) that ends a line, as a string
    /// of its own (the one copy made).
    fileprivate func trimmingLineEnd() -> String {
        // Most lines (every chip's) end in none of these: copied as they are.
        guard let lastByte = utf8.last, lastByte == 0x20 || (0x09...0x0D).contains(lastByte) || lastByte >= 0x80 else {
            return String(self)
        }
        // Most lines end in ASCII: a space, tab or line break after an ASCII character is a
        // character of its own (only CR LF join, and both are trimmed), so bytes are dropped
        // without the grapheme breaking that `last` and `removeLast` do.
        let utf8 = self.utf8
        var end = utf8.endIndex
        while end > utf8.startIndex {
            let before = utf8.index(before: end)
            let byte = utf8[before]
            guard byte == 0x20 || (0x09...0x0D).contains(byte) else { break }
            guard before == utf8.startIndex || utf8[utf8.index(before: before)] < 0x80 else { break }
            end = before
        }
        var result = self[..<end]
        while let last = result.last, last.isNewline || last == " " || last == "\t" { result.removeLast() }
        return String(result)
    }
}
