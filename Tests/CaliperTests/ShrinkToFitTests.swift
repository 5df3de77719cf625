// ShrinkToFitTests.swift — adjustsFontSizeToFitWidth: the largest scale that fits, against hb-shape's width, and what never shrinks.
import Foundation
import Testing

@testable import Caliper

@Suite struct ShrinkToFitTests {
    /// "Hello, World" in DejaVu Sans is 12362 design units wide (hb-shape, advances.json): at 17 pt
    /// it fits 80 pt once its size is at most 80 × 2048 ÷ 12362 pt, so the scale is that ÷ 17,
    /// found to within the resolution, and the layout at it fits.
    @Test func aLineShrinksToTheWidthHBShapeGives() throws {
        let advance = CGFloat(try AdvanceGoldens.advance(of: "Hello, World"))
        let style = TextStyle(font: try Fixtures.font("Fonts/DejaVuSans.ttf"), size: 17)
        let exact = 80 * 2048 / advance / 17
        for mode in [LineBreakMode.byTruncatingTail, .byWordWrapping, .byClipping, .byCharWrapping] {
            let shrunk = try TextMeasurer().layoutShrinkingToFit(
                AttributedText("Hello, World", style: style), minimumScaleFactor: 0.5,
                paragraphStyle: ParagraphStyle(lineBreakMode: mode, numberOfLines: 1), maxWidth: 80)
            #expect(shrunk.scale <= exact + 1e-12 && shrunk.scale > exact - ShrinkToFit.scaleResolution, "\(mode): \(shrunk.scale) vs \(exact)")
            #expect(!shrunk.layout.isTruncated && shrunk.layout.lines.count == 1)
            #expect(shrunk.layout.size.width <= 80)
            #expect(shrunk.text.spans[0].style.size == 17 * shrunk.scale)
        }
    }

    @Test func theMinimumAndTheLimitsAreKept() throws {
        let style = TextStyle(font: try Fixtures.font("Fonts/DejaVuSans.ttf"), size: 17)
        let text = AttributedText("Hello, World", style: style)
        let oneLine = ParagraphStyle(lineBreakMode: .byTruncatingTail, numberOfLines: 1)
        // It fits already: scale 1.
        #expect(try TextMeasurer().layoutShrinkingToFit(text, minimumScaleFactor: 0.5, paragraphStyle: oneLine, maxWidth: 200).scale == 1)
        // Not even at the minimum: laid out at the minimum, truncated.
        let tooNarrow = try TextMeasurer().layoutShrinkingToFit(text, minimumScaleFactor: 0.5, paragraphStyle: oneLine, maxWidth: 30)
        #expect(tooNarrow.scale == 0.5 && tooNarrow.layout.isTruncated)
        // A factor of 0 means the current size is the smallest.
        #expect(try TextMeasurer().layoutShrinkingToFit(text, minimumScaleFactor: 0, paragraphStyle: oneLine, maxWidth: 30).scale == 1)
        // No line limit: nothing shrinks, the text wraps.
        let wrapped = try TextMeasurer().layoutShrinkingToFit(text, minimumScaleFactor: 0.5, maxWidth: 60)
        #expect(wrapped.scale == 1 && wrapped.layout.lines.count == 2)
        // Two lines allowed: the largest scale at which both words fit on their own lines.
        let twoLines = try TextMeasurer().layoutShrinkingToFit(
            AttributedText("Hello, World again", style: style), minimumScaleFactor: 0.3,
            paragraphStyle: ParagraphStyle(lineBreakMode: .byTruncatingTail, numberOfLines: 2), maxWidth: 60)
        #expect(twoLines.scale < 1 && !twoLines.layout.isTruncated && twoLines.layout.lines.count == 2)
        let larger = try TextMeasurer().layout(
            AttributedText("Hello, World again", style: style).mappingStyles { var s = $0; s.size *= twoLines.scale + 2 * ShrinkToFit.scaleResolution; return s },
            paragraphStyle: ParagraphStyle(lineBreakMode: .byTruncatingTail, numberOfLines: 2), maxWidth: 60)
        #expect(larger.isTruncated, "just above the scale found it no longer fits")
        for bad in [-0.1, 1.5, CGFloat.nan] {
            #expect(throws: CaliperError.self) { try TextMeasurer().layoutShrinkingToFit(text, minimumScaleFactor: bad, paragraphStyle: oneLine, maxWidth: 30) }
        }
    }

    /// Spans scale together; letter spacing does not.
    @Test func spansScaleTogether() throws {
        let regular = TextStyle(font: try Fixtures.font("Fonts/NotoSans-Regular.ttf"), size: 20, letterSpacing: 1)
        var bold = regular
        bold.font = try Fixtures.font("Fonts/NotoSans-Bold.ttf")
        bold.size = 14
        var text = AttributedText("swift ", style: regular)
        text.append("12", style: bold)
        let shrunk = try TextMeasurer().layoutShrinkingToFit(
            text, minimumScaleFactor: 0.2, paragraphStyle: ParagraphStyle(lineBreakMode: .byClipping, numberOfLines: 1), maxWidth: 40)
        #expect(shrunk.scale < 1)
        #expect(shrunk.text.spans.map(\.style.size) == [20 * shrunk.scale, 14 * shrunk.scale])
        #expect(shrunk.text.spans.map(\.style.letterSpacing) == [1, 1])
        #expect(shrunk.layout.size.width <= 40)
    }
}
