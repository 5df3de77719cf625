// AttributedLayoutTests.swift — labels and chips of attributed text with the real measurer: sizes as the text measures, inline boxes in framesByID.
import Caliper
import CaliperLayout
import Foundation
import Testing

@Suite struct AttributedLayoutTests {
    let measurer = TextMeasurer(cache: nil)
    var regular: TextStyle { get throws { try LayoutFixtures.style("Fonts/NotoSans-Regular.ttf", size: 15) } }
    var bold: TextStyle { get throws { try LayoutFixtures.style("Fonts/NotoSans-Bold.ttf", size: 15) } }

    func post() throws -> AttributedText {
        var text = AttributedText("Ana", style: try bold)
        text.append(" tagged ", style: try regular)
        try text.append(InlineBox(width: 48, height: 18, alignment: .centerOnXHeight, id: "mention"), style: try regular)
        text.append(" in a post about text layout on servers", style: try regular)
        return text
    }

    @Test func aLabelIsAsBigAsItsAttributedTextAndReportsItsBoxes() throws {
        let text = try post()
        let cell = InsetLayout(insets: EdgeInsets(all: 16), child: LabelLayout(id: "body", attributedText: text))
        let arrangement = try cell.arrange(width: 200, measurer: measurer)
        let layout = try measurer.layout(text, maxWidth: 168)
        let frames = arrangement.framesByID
        #expect(frames["body"] == CGRect(x: 16, y: 16, width: 168, height: layout.size.height))
        let box = try #require(layout.inlineBoxes.first)
        #expect(frames["mention"] == box.frame.offsetBy(dx: 16, dy: 16))
    }

    @Test func aChipOfAttributedTextIsAsWideAsItsText() throws {
        var tag = AttributedText("swift ", style: try regular)
        tag.append("12", style: try bold)
        let padding = EdgeInsets(top: 4, left: 10, bottom: 4, right: 10)
        let result = try FlowLayout(items: [.chip(tag, padding: padding)]).layout(width: 320, measurer: measurer)
        let width = try measurer.size(of: tag).width
        #expect(abs(result.frames[0].width - (width + 20)) < 1e-9)
    }
}
