// MeasureRequest.swift — a measure request as every door fills it (batch and HTTP from JSON, `caliper measure` from its options), the one function that answers it and the one writer of its answer.
import Caliper
import Foundation

/// What a measure request asks: a text with its paragraph style, wrapped to a width, and either
/// cut to a height or shrunk to fit; its size also ceiled to a screen's pixels when it gives a
/// scale. Batch lines and HTTP bodies read it from JSON (`BatchProcessor`), `caliper measure`
/// fills it from its options; both answer it with ``answer(with:)`` and write the answer with
/// ``Answer/writeJSONMembers(to:fontFolder:)``, so the doors cannot measure or answer differently.
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
    /// The screen scale (1, 2, 3) the answer's size is also given ceiled to, as UIKit code ceils
    /// a measured size before it makes a frame of it (`scale`, `--scale`); `nil`: none.
    package var pixelScale: CGFloat?
    /// The ranges of the request's spans by their index in it, sorted by start, to name the span
    /// each run is in; none for text in one style or markup.
    package var spans: [(range: Range<Int>, index: Int)] = []
    /// Whether the answer gives the text's intrinsic widths (`"intrinsicWidths": true`; `caliper
    /// measure` always asks). They cost a walk over every break opportunity, reshaping at the
    /// unsafe ones: about half again the work of a batch request that does not need them.
    package var asksIntrinsicWidths = false
    /// The widths the request asks only sizes at (`widths`, `--widths`), in their order: its
    /// answer gives for each the layout's size, line count and truncation
    /// (``MeasuredText/layoutSize(maxWidth:paragraphStyle:)``), measured once and broken at each
    /// width without making lines; `nil`: one layout at ``maxWidth``, with its lines.
    package var widths: [CGFloat]?

    /// The most widths one request may ask sizes at.
    package static let maximumWidthCount = 64

    package init(
        text: AttributedText, paragraphStyle: ParagraphStyle, maxWidth: CGFloat?, fit: Fit = .wrap, pixelScale: CGFloat? = nil
    ) {
        self.text = text
        self.paragraphStyle = paragraphStyle
        self.maxWidth = maxWidth
        self.fit = fit
        self.pixelScale = pixelScale
    }

    /// The fit the fields of a request ask for — `minimumScaleFactor` (shrink), else `maxHeight`
    /// with `truncatesLastVisibleLine`, else wrapping — after the one check of how they combine:
    /// shrinking needs a width and goes without a height, `truncatesLastVisibleLine` needs a
    /// height, the factor is from 0 to 1 and the height 0 or more. Errors name the fields as
    /// `naming` does (`"maxWidth"` in JSON, `--max-width` on the command line).
    package static func fit(
        hasMaxWidth: Bool, maxHeight: Double?, truncatesLastVisibleLine: Bool?, minimumScaleFactor: Double?, naming: FieldNaming
    ) throws -> Fit {
        if truncatesLastVisibleLine != nil, maxHeight == nil {
            throw InputError("\(naming.name("truncatesLastVisibleLine")) needs \(naming.name("maxHeight")), the height to fit")
        }
        if let factor = minimumScaleFactor {
            guard hasMaxWidth else {
                throw InputError("\(naming.name("minimumScaleFactor")) needs \(naming.name("maxWidth")), the width to fit")
            }
            guard maxHeight == nil else {
                throw InputError("\(naming.name("minimumScaleFactor")) cannot be combined with \(naming.name("maxHeight"))")
            }
            try ShrinkToFit.validate(minimumScaleFactor: CGFloat(factor))
            return .shrink(minimumScaleFactor: CGFloat(factor))
        }
        if let maxHeight {
            guard maxHeight >= 0 else { throw CaliperError.invalidLength(name: "maximum height", value: maxHeight) }
            return .height(CGFloat(maxHeight), truncatesLastVisibleLine: truncatesLastVisibleLine ?? false)
        }
        return .wrap
    }

    /// Refuses `widths` that cannot apply, naming the fields as `naming` does: more than
    /// ``maximumWidthCount`` or none, a width that is not a number of points 0 or more, or widths
    /// with `maxWidth` (the one width of a layout with its lines) or a fit other than wrapping
    /// (shrinking and cutting to a height answer with lines).
    package static func validate(widths: [Double]?, hasMaxWidth: Bool, fit: Fit, naming: FieldNaming) throws {
        guard let widths else { return }
        let name = naming.name("widths")
        if hasMaxWidth {
            throw InputError("give either \(naming.name("maxWidth")) (a layout with its lines) or \(name) (sizes only), not both")
        }
        switch fit {
        case .wrap: break
        case .height: throw InputError("\(name) cannot be combined with \(naming.name("maxHeight")): it asks sizes only")
        case .shrink: throw InputError("\(name) cannot be combined with \(naming.name("minimumScaleFactor")): it asks sizes only")
        }
        guard (1...maximumWidthCount).contains(widths.count) else {
            throw InputError("\(name) must hold from 1 to \(maximumWidthCount) widths, not \(widths.count)")
        }
        for (index, width) in widths.enumerated() where !(width >= 0 && width.isFinite) {
            throw InputError("\(name) must be numbers of points, 0 or more: width \(index + 1) is \(width)")
        }
    }

    /// Refuses a pixel scale outside ``PixelRounding/scales`` (NaN and infinities included),
    /// naming the field as `naming` does.
    package static func validate(pixelScale: Double?, naming: FieldNaming) throws {
        guard let pixelScale else { return }
        let scales = PixelRounding.scales
        guard scales.contains(CGFloat(pixelScale)) else {
            throw InputError("\(naming.path("scale")) must be a number from \(scales.lowerBound) to \(scales.upperBound), not \(pixelScale)")
        }
    }

    /// What a measure request is answered with.
    package struct Answer {
        /// The layout, with its lines; `nil` for a request that asks only sizes (``sizes``).
        package var layout: TextLayout?
        /// For a request with ``MeasureRequest/widths``: each width with the layout's size there.
        package var sizes: [(maxWidth: CGFloat, size: LayoutSize)]?
        /// Grapheme clusters no font of the cascade covers.
        package var missingGlyphCount: Int
        /// The text laid out: the request's, or its shrunk copy.
        package var text: AttributedText
        /// The factor the sizes were shrunk by, for a ``Fit/shrink(minimumScaleFactor:)`` request.
        package var shrinkScale: CGFloat?
        /// The text's intrinsic widths (CSS min-content and max-content) in the request's
        /// paragraph style, at its sizes as given, when the request asked for them.
        package var intrinsicWidths: IntrinsicWidths?
        /// ``MeasureRequest/pixelScale``.
        package var pixelScale: CGFloat?
        /// ``MeasureRequest/spans``.
        package var spans: [(range: Range<Int>, index: Int)]

        /// The layout's size ceiled to the pixels of ``pixelScale``, when there is one.
        package var roundedSize: CGSize? { layout.flatMap { layout in pixelScale.map { PixelRounding.ceil(layout.size, scale: $0) } } }

        /// Writes the answer's members: the layout's (``TextLayout/writeJSONMembers(to:spanOfRun:fontFolder:)``),
        /// `minContentWidth` and `maxContentWidth` when asked for, `scale` when the text was shrunk, and
        /// `roundedWidth` and `roundedHeight` when the request gave a scale. Every door writes a
        /// measure answer here.
        package func writeJSONMembers(to writer: inout JSONWriter, fontFolder: String? = nil) {
            let (text, spans) = (self.text, self.spans)
            if let layout {
                layout.writeJSONMembers(
                    to: &writer,
                    spanOfRun: spans.isEmpty ? nil : { run, line in Self.requestSpan(of: run, in: line, text: text, spans: spans) },
                    fontFolder: fontFolder)
            } else {
                writeSizes(to: &writer)
            }
            if let intrinsicWidths {
                writer.member("minContentWidth", number: Double(intrinsicWidths.minContent))
                writer.member("maxContentWidth", number: Double(intrinsicWidths.maxContent))
            }
            if let shrinkScale { writer.member("scale", number: Double(shrinkScale)) }
            if let roundedSize {
                writer.member("roundedWidth", number: Double(roundedSize.width))
                writer.member("roundedHeight", number: Double(roundedSize.height))
            }
        }

        /// A sizes-only answer's members: `sizes`, one object per width asked, in order —
        /// `maxWidth`, `width`, `height`, `lines` (the line count), `truncated`, `roundedWidth` and
        /// `roundedHeight` when the request gave a scale, `warnings` when the layout there has
        /// any — then `missingGlyphs`.
        private func writeSizes(to writer: inout JSONWriter) {
            writer.key("sizes")
            writer.beginArray()
            for (maxWidth, size) in sizes ?? [] {
                writer.beginObject()
                writer.member("maxWidth", number: Double(maxWidth))
                writer.member("width", number: Double(size.size.width))
                writer.member("height", number: Double(size.size.height))
                writer.member("lines", integer: size.lineCount)
                writer.key("truncated")
                writer.bool(size.isTruncated)
                if let pixelScale {
                    let rounded = PixelRounding.ceil(size.size, scale: pixelScale)
                    writer.member("roundedWidth", number: Double(rounded.width))
                    writer.member("roundedHeight", number: Double(rounded.height))
                }
                LayoutJSON.writeWarnings(size.notices, to: &writer)
                writer.endObject()
            }
            writer.endArray()
            writer.member("missingGlyphs", integer: missingGlyphCount)
        }

        /// The index in the request of the span `run` is in, or `nil` when it is in the request's
        /// own style: the span holding the run's first character (for a truncated line's runs,
        /// which index its shown text, the first character of the span the run's style comes from).
        private static func requestSpan(
            of run: TextRun, in line: TextLine, text: AttributedText, spans: [(range: Range<Int>, index: Int)]
        ) -> Int? {
            let offset = line.truncatedText == nil ? run.utf16Range.location : text.spans[run.spanIndex].utf16Range.lowerBound
            let found = spans.lowerBound { $0.range.upperBound <= offset }
            return found < spans.count && spans[found].range.contains(offset) ? spans[found].index : nil
        }
    }

    /// The request measured by `measurer`: its layout and, when asked for, its intrinsic widths
    /// from the same measurement (one shaping, laid out and walked for its widths).
    package func answer(with measurer: TextMeasurer) throws -> Answer {
        if let widths {
            // Sizes only: measured once, broken at each width, no lines made.
            let measured = try measurer.measure(text, baseDirection: paragraphStyle.baseDirection)
            let sizes = try measured.layoutSizes(atWidths: widths, paragraphStyle: paragraphStyle)
            return Answer(
                layout: nil, sizes: Array(zip(widths, sizes)), missingGlyphCount: measured.missingGlyphCount, text: text,
                intrinsicWidths: asksIntrinsicWidths ? measured.intrinsicWidths(paragraphStyle: paragraphStyle) : nil,
                pixelScale: pixelScale, spans: spans)
        }
        let layout: TextLayout
        var laidOut = text
        var shrinkScale: CGFloat?
        var intrinsicWidths: IntrinsicWidths?
        switch fit {
        case .shrink(let minimumScaleFactor):
            // ``fit(hasMaxWidth:maxHeight:truncatesLastVisibleLine:minimumScaleFactor:naming:)`` asks for a
            // width; without one every scale fits.
            let shrunk = try measurer.layoutShrinkingToFit(
                text, minimumScaleFactor: minimumScaleFactor, paragraphStyle: paragraphStyle, maxWidth: maxWidth ?? .infinity)
            (layout, laidOut, shrinkScale) = (shrunk.layout, shrunk.text, shrunk.scale)
        case .height(let maxHeight, let truncatesLastVisibleLine):
            layout = try measurer.layout(
                text, paragraphStyle: paragraphStyle, fitting: CGSize(width: maxWidth ?? .infinity, height: maxHeight),
                truncatesLastVisibleLine: truncatesLastVisibleLine)
        case .wrap where asksIntrinsicWidths:
            let measured = try measurer.measure(text, baseDirection: paragraphStyle.baseDirection)
            layout = try measured.layout(maxWidth: maxWidth, paragraphStyle: paragraphStyle)
            intrinsicWidths = measured.intrinsicWidths(paragraphStyle: paragraphStyle)
        case .wrap:
            layout = try measurer.layout(text, paragraphStyle: paragraphStyle, maxWidth: maxWidth)
        }
        if asksIntrinsicWidths, intrinsicWidths == nil {
            intrinsicWidths = try measurer.intrinsicWidths(of: text, paragraphStyle: paragraphStyle)
        }
        return Answer(
            layout: layout, missingGlyphCount: layout.missingGlyphCount, text: laidOut, shrinkScale: shrinkScale,
            intrinsicWidths: intrinsicWidths, pixelScale: pixelScale, spans: spans)
    }
}
