// SingleLineWidthTests.swift — single-line widths against hb-shape's advances (Tests/Goldens/advances.json).
import Caliper
import Foundation
import TestSupport
import Testing

@Suite struct SingleLineWidthTests {
    let measurer = TextMeasurer()

    /// Every string of advances.json is as wide as hb-shape's advance sum at 17, 13 and 9.5 pt
    /// (to 1e-9 pt) and one line high.
    @Test func widthsEqualHarfBuzzAdvanceSums() throws {
        let goldens = try AdvanceGoldens.load()
        let agreed = Conformance.agreed(goldens) { golden in
            let features = try golden.features.split(separator: ",").map { try FontFeature(String($0)) }
            var differing: [String] = []
            for size in [17.0, 13.0, 9.5] {
                let style = TextStyle(font: try Fixtures.font(golden.font), size: CGFloat(size), features: features)
                let measured = try measurer.size(of: golden.text, style: style)
                let expected = points(golden.advanceSum, size: size, unitsPerEm: golden.unitsPerEm)
                if abs(Double(measured.width) - expected) >= 1e-9 { differing.append("\(measured.width) at \(size), hb-shape \(expected)") }
                if measured.height != style.metrics.lineHeight { differing.append("height \(measured.height) at \(size)") }
            }
            return differing
        }
        Conformance.record("advances", cases: goldens.count, agreed: agreed)
    }

    @Test func helloWorldMatchesHbShapeAt17Points() throws {
        let size = try measurer.size(of: "Hello, World", style: TextStyle(font: try Fixtures.dejaVuSans, size: 17))
        let expected = points(try AdvanceGoldens.advance(of: "Hello, World"), size: 17)
        #expect(abs(Double(size.width) - expected) < 1e-6)
    }

    @Test func trailingWhitespaceCountsOnASingleLine() throws {
        let style = TextStyle(font: try Fixtures.dejaVuSans, size: 17)
        let width = try measurer.size(of: "Hello   ", style: style).width
        #expect(abs(Double(width) - points(try AdvanceGoldens.advance(of: "Hello   "), size: 17)) < 1e-9)
    }

    @Test func letterSpacingIsAddedAfterEveryGraphemeCluster() throws {
        let style = TextStyle(font: try Fixtures.dejaVuSans, size: 17, letterSpacing: 1.5)
        // "cafe" + U+0301 is four grapheme clusters: the accent joins the "e".
        let text = "cafe\u{301}"
        let width = try measurer.size(of: text, style: style).width
        let expected = points(try AdvanceGoldens.advance(of: text), size: 17) + 4 * 1.5
        #expect(abs(Double(width) - expected) < 1e-9)
    }

    @Test func featureSettingsReachTheShaper() throws {
        let font = try Fixtures.dejaVuSans
        let plain = try measurer.size(of: "0123456789", style: TextStyle(font: font, size: 17)).width
        let goldens = try AdvanceGoldens.load().filter { $0.font == "Fonts/DejaVuSans.ttf" && $0.text == "office fluffy" }
        let ligaturesOff = try #require(goldens.first { $0.features == "liga=0" })
        let width = try measurer.size(
            of: "office fluffy", style: TextStyle(font: font, size: 17, features: [try FontFeature("liga=0")])).width
        #expect(abs(Double(width) - points(ligaturesOff.advanceSum, size: 17)) < 1e-9)
        #expect(plain > 0)
    }

    @Test func emptyTextHasZeroSize() throws {
        let size = try measurer.size(of: "", style: TextStyle(font: try Fixtures.dejaVuSans, size: 17))
        #expect(size == .zero)
    }
}
