// SVGRendererTests.swift — the renderer never writes a non-finite number: it refuses a frame that is not finite and names it.
import Caliper
import CaliperLayout
import Foundation
import FoundationXML
import Testing

@Suite struct SVGRendererTests {
    private func boxCell(frame: CGRect) -> LayoutArrangement {
        let box = BoxLayout(id: "photo", width: 10, height: 10)
        return LayoutArrangement(
            layout: box, frame: CGRect(x: 0, y: 0, width: 100, height: 100),
            sublayouts: [LayoutArrangement(layout: box, frame: frame)])
    }

    @Test(arguments: [CGFloat.nan, .infinity, -.infinity])
    func aNonFiniteFrameIsRefusedByName(_ value: CGFloat) throws {
        let cell = boxCell(frame: CGRect(x: 0, y: value, width: 10, height: 10))
        let error = try #require(throws: LayoutError.self) {
            try SVGRenderer().svg(for: cell, size: CGSize(width: 100, height: 100))
        }
        #expect(error.message.contains(#"node "photo""#), "\(error)")
        #expect(error.message.contains("is not finite"))
        #expect(throws: LayoutError.self) { try SVGRenderer().svg(for: cell, size: CGSize(width: 100, height: value)) }
    }

    /// Huge but finite numbers are written as numbers (scaling them to round used to overflow to `inf`).
    @Test func hugeFiniteFramesStayNumbers() throws {
        let cell = boxCell(frame: CGRect(x: 1e300, y: -1e300, width: 1e308, height: 10))
        let svg = try SVGRenderer(showsFrames: true).svg(for: cell, size: CGSize(width: 100, height: 100))
        #expect(!svg.contains("nan") && !svg.contains("inf"))
        #expect(svg.contains("1e+300"))
        #expect(XMLParser(data: Data(svg.utf8)).parse())
    }
}
