// LayoutSpecRichTests.swift — layout specs with markup, spans and attachments, and the SVG drawing each span in its font.
import Caliper
@testable import CaliperBatch
import CaliperLayout
import Foundation
import FoundationXML
import Testing
import TestSupport

@Suite struct LayoutSpecRichTests {
    @Test func specsTakeMarkupSpansAndAttachments() throws {
        let spec = #"""
            {"type": "stack", "axis": "vertical", "spacing": 4, "children": [
              {"type": "label", "id": "name", "markup": "<b>Ana</b> · 2h", "font": "Fonts/NotoSans-Regular.ttf", "size": 15},
              {"type": "label", "id": "body", "text": "Tagged \ufffc today", "font": "Fonts/NotoSans-Regular.ttf", "size": 15,
               "spans": [{"start": 9, "end": 14, "font": "Fonts/NotoSans-Bold.ttf"}],
               "attachments": [{"at": 7, "width": 40, "height": 16, "alignment": "middle", "id": "chip"}]},
              {"type": "flow", "id": "tags", "items": [{"markup": "swift <b>12</b>", "font": "Fonts/NotoSans-Regular.ttf", "size": 13}]}
            ]}
            """#
        let root = try LayoutSpec(resolver: FontResolver(fontRoot: Repository.path("Fonts"), allowsFontconfigPatterns: false))
            .layout(try JSONObject(parsing: spec))
        let arrangement = try root.arrange(width: 300, measurer: TextMeasurer(cache: nil))
        let frames = arrangement.framesByID
        #expect(frames["name"] != nil && frames["body"] != nil && frames["tags"] != nil)
        let chip = try #require(frames["chip"])
        #expect(chip.width == 40 && chip.height == 16)
        let body = try #require(frames["body"])
        #expect(chip.minY >= body.minY)
        let svg = try SVGRenderer().svg(for: arrangement, size: arrangement.frame.size)
        // Bold and regular glyphs (two fonts' outlines) and the box's placeholder are drawn.
        #expect(svg.contains(#"id="f0g"#) && svg.contains(#"id="f1g"#))
        #expect(svg.contains(##"fill="#F2C94C""##))
        let parser = XMLParser(data: Data(svg.utf8))
        #expect(parser.parse())
    }
}
