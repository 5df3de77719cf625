// ShrinkingChipTests.swift — chips that shrink their text to fit (minimumScaleFactor), as a label does.
import Caliper
import CaliperLayout
import Foundation
import Testing

@Suite struct ShrinkingChipTests {
    let measurer = TextMeasurer(cache: nil)
    let padding = EdgeInsets(top: 4, left: 10, bottom: 4, right: 10)

    /// A chip clamped to its maximum width shows its text at the scale
    /// `TextMeasurer.layoutShrinkingToFit` finds for the text box and the chip's line limit —
    /// whole, not truncated — and truncated at the minimum scale only when even that is too wide.
    @Test(arguments: [(CGFloat(0.5), 1), (0.8, 1), (0.5, 2), (0.95, 1)])
    func chipsShrinkAsLabelsDo(minimumScaleFactor: CGFloat, maximumLines: Int) throws {
        let style = try LayoutFixtures.style("Fonts/NotoSans-Regular.ttf", size: 16)
        let text = "Supercalifragilistic expialidocious"
        let flow = FlowLayout(
            items: [.chip(text, style: style, padding: padding, maximumWidth: 180, maximumLines: maximumLines, minimumScaleFactor: minimumScaleFactor)],
            style: FlowStyle())
        let placed = try #require(try flow.layout(width: 320, measurer: measurer).items.first)
        let paragraphStyle = ParagraphStyle(lineBreakMode: .byTruncatingTail, numberOfLines: maximumLines)
        let shrunk = try measurer.layoutShrinkingToFit(
            AttributedText(text, style: style), minimumScaleFactor: minimumScaleFactor, paragraphStyle: paragraphStyle, maxWidth: 160)
        #expect(placed.frame.width == 180)
        #expect(placed.text?.size == shrunk.layout.size)
        #expect(placed.text?.isTruncated == shrunk.layout.isTruncated)
        #expect(placed.frame.height == shrunk.layout.size.height + 8)
        let unshrunk = try measurer.layout(text, style: style, paragraphStyle: paragraphStyle, maxWidth: 160)
        #expect(unshrunk.isTruncated == (shrunk.scale < 1), "it shrinks only when it does not fit at full size")
        if shrunk.scale > minimumScaleFactor { #expect(placed.text?.isTruncated == false) }
    }

    /// A chip that fits, one that wraps (maximumLines 0) and one without a factor do not shrink;
    /// a factor outside 0…1 is refused.
    @Test func whereChipsDoNotShrink() throws {
        let style = try LayoutFixtures.style("Fonts/NotoSans-Regular.ttf", size: 16)
        for item in [
            FlowItem.chip("short", style: style, maximumWidth: 180, minimumScaleFactor: 0.5),
            .chip("Supercalifragilistic expialidocious", style: style, maximumWidth: 180, maximumLines: 0, minimumScaleFactor: 0.5),
        ] {
            var plain = item
            plain.minimumScaleFactor = nil
            let shrinking = try FlowLayout(items: [item], style: FlowStyle()).layout(width: 320, measurer: measurer)
            let fixed = try FlowLayout(items: [plain], style: FlowStyle()).layout(width: 320, measurer: measurer)
            #expect(shrinking == fixed)
        }
        #expect(throws: CaliperError.invalidScaleFactor(1.5)) {
            try FlowLayout(items: [.chip("a", style: style, minimumScaleFactor: 1.5)], style: FlowStyle()).layout(width: 320, measurer: measurer)
        }
    }
}
