// GlyphOutlineTests.swift — outlines with non-finite or huge points (a malformed font) never become `nan` in SVG path data, nor trap.
@testable import Caliper
import Foundation
import Testing

@Suite struct GlyphOutlineTests {
    @Test(arguments: [CGFloat.nan, .infinity, -.infinity])
    func anOutlineWithANonFinitePointHasNoPathData(_ value: CGFloat) {
        let outline = GlyphOutline(commands: [
            .move(to: CGPoint(x: 0, y: 0)), .cubic(control1: CGPoint(x: 1, y: 1), control2: CGPoint(x: value, y: 2), to: CGPoint(x: 3, y: 3)),
            .close,
        ])
        #expect(!outline.isFinite)
        #expect(outline.svgPathData.isEmpty)
    }

    @Test func hugePointsAreWrittenWithoutTrapping() {
        let outline = GlyphOutline(commands: [.move(to: CGPoint(x: 1e300, y: -1e19)), .line(to: CGPoint(x: 1.5, y: 2)), .close])
        #expect(outline.isFinite)
        #expect(outline.svgPathData == "M1e+300 -1e+19L1.5 2Z")
    }

    @Test func aRealGlyphIsFinite() throws {
        let face = try FontFace(contentsOfFile: Fixtures.path("Fonts/DejaVuSans.ttf"))
        let outline = face.outline(ofGlyph: 68)
        #expect(!outline.isEmpty)
        #expect(outline.isFinite)
    }
}
