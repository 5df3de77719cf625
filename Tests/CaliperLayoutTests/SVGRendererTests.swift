// SVGRendererTests.swift — the renderer never writes a non-finite number: it refuses a frame that is not finite and names it.
import Caliper
import CaliperLayout
import Foundation
import FoundationXML
import Testing
import TestSupport

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

/// The renderer draws what the layout measured: a line broken inside a word ends in its hyphen.
@Suite struct SVGHyphenTests {
    /// Every glyph drawn is a `<use>` (or an `<image>` for colour emoji); a line's glyphs are its
    /// letters, so a hyphenated line draws one more, the hyphen its width includes.
    @Test func aHyphenatedLineDrawsItsHyphen() throws {
        let font = try FontFace(contentsOfFile: Repository.path("Fonts/DejaVuSans.ttf"))
        var style = TextStyle(font: font, size: 17, fallback: .none)
        style.language = "de"
        let text = "Rechtsschutzversicherungsgesellschaften"
        let label = LabelLayout(id: "word", text: text, style: style, paragraphStyle: ParagraphStyle(hyphenationFactor: 1))
        let arrangement = try label.arrange(width: 120, measurer: TextMeasurer())
        let layout = try TextMeasurer().layout(text, style: style, paragraphStyle: ParagraphStyle(hyphenationFactor: 1), maxWidth: 120)
        let hyphenated = layout.lines.filter(\.isHyphenated).count
        try #require(hyphenated > 0, "the word breaks with hyphens at 120 pt")
        let svg = try SVGRenderer().svg(for: arrangement, size: arrangement.frame.size)
        let drawn = svg.components(separatedBy: "<use ").count - 1
        #expect(drawn == text.count + hyphenated, "\(drawn) glyphs for \(text.count) letters and \(hyphenated) hyphens")
    }
}
