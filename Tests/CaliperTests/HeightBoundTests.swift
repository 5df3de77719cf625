// HeightBoundTests.swift — boundingRect with a height: the lines that fit, and truncatesLastVisibleLine.
import Foundation
import Testing

@testable import Caliper

@Suite struct HeightBoundTests {
    static let text = "The quick brown fox jumps over the lazy dog, then naps in the warm afternoon sun by the river."

    /// The lines shown are those whose bottom is within the height (at least one); the layout is
    /// the one with that many lines as numberOfLines, truncated at the tail when asked, for text
    /// and attributed text alike, with and without the cache.
    @Test(arguments: [CGFloat(0), 10, 25, 40, 41, 60, 80, 110, 1_000, .infinity])
    func linesThatFitTheHeight(height: CGFloat) throws {
        let style = TextStyle(font: try Fixtures.font("Fonts/NotoSans-Regular.ttf"), size: 15)
        let paragraphStyle = ParagraphStyle(lineSpacing: 2)
        let measurer = TextMeasurer(cache: nil)
        let full = try measurer.layout(Self.text, style: style, paragraphStyle: paragraphStyle, maxWidth: 140)
        try #require(full.lines.count == 6)
        let fitting = full.lines.filter { $0.top + $0.height <= height }.count
        let visible = max(1, fitting)
        for truncates in [false, true] {
            var expectedStyle = paragraphStyle
            if visible < full.lines.count {
                expectedStyle.numberOfLines = visible
                if truncates { expectedStyle.lineBreakMode = .byTruncatingTail }
            }
            let expected = try measurer.layout(Self.text, style: style, paragraphStyle: expectedStyle, maxWidth: 140)
            for measurer in [measurer, TextMeasurer(cache: ShapeCache(byteBudget: 1 << 22))] {
                let layout = try measurer.layout(
                    Self.text, style: style, paragraphStyle: paragraphStyle, fitting: CGSize(width: 140, height: height),
                    truncatesLastVisibleLine: truncates)
                #expect(layout == expected, "height \(height), truncating \(truncates)")
                #expect(layout.lines.count == visible)
                #expect(layout.isTruncated == (visible < full.lines.count))
                #expect((layout.lines.last?.truncatedText != nil) == (truncates && visible < full.lines.count))
                if fitting > 0 { #expect(layout.size.height <= height + 1e-9) }
            }
        }
    }

    /// A line limit smaller than what fits still applies; a negative or NaN height is refused;
    /// breaking by characters is cut without an ellipsis.
    @Test func limitsAndBadHeights() throws {
        let style = TextStyle(font: try Fixtures.font("Fonts/NotoSans-Regular.ttf"), size: 15)
        let two = try TextMeasurer().layout(Self.text, style: style, paragraphStyle: ParagraphStyle(numberOfLines: 2), fitting: CGSize(width: 140, height: 500))
        #expect(two.lines.count == 2)
        for height in [CGFloat(-1), .nan] {
            #expect(throws: CaliperError.self) {
                try TextMeasurer().layout(Self.text, style: style, fitting: CGSize(width: 140, height: height))
            }
        }
        let characters = try TextMeasurer().layout(
            Self.text, style: style, paragraphStyle: ParagraphStyle(lineBreakMode: .byCharWrapping), fitting: CGSize(width: 140, height: 45),
            truncatesLastVisibleLine: true)
        #expect(characters.lines.count == 2 && characters.isTruncated && characters.lines.allSatisfy { $0.truncatedText == nil })
    }
}
