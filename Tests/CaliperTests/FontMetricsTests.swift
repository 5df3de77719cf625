// FontMetricsTests.swift — metrics of every fixture font against fontTools' reading of its tables.
import Caliper
import Foundation
import Testing

@Suite struct FontMetricsTests {
    static let goldens = (try? Fixtures.golden("metrics.json", as: MetricsGoldens.self).fonts) ?? []

    @Test func everyFixtureFontHasAGolden() {
        #expect(Self.goldens.count >= 8)
    }

    @Test(arguments: goldens)
    func designMetricsMatchFontTools(_ golden: MetricsGoldens.Font) throws {
        let font = try Fixtures.font(golden.font)
        let metrics = font.designMetrics
        #expect(metrics.unitsPerEm == golden.unitsPerEm)
        #expect(metrics.ascender == golden.ascender)
        #expect(metrics.descender == golden.descender)
        #expect(metrics.lineGap == golden.lineGap)
        // OS/2 v2+ values, else the top of the "H" / "x" outline, else 0.
        #expect(metrics.capHeight == golden.capHeight ?? golden.capHeightFromOutline ?? 0)
        #expect(metrics.xHeight == golden.xHeight ?? golden.xHeightFromOutline ?? 0)
        #expect(font.familyName == golden.familyName)
        #expect(font.glyphCount == golden.numGlyphs)
    }

    @Test(arguments: goldens)
    func pointMetricsUseUIKitNamesAndSigns(_ golden: MetricsGoldens.Font) throws {
        let metrics = try Fixtures.font(golden.font).metrics(atSize: 17)
        let scale = 17.0 / Double(golden.unitsPerEm)
        #expect(abs(Double(metrics.ascender) - Double(golden.ascender) * scale) < 1e-9)
        #expect(metrics.descender <= 0)
        #expect(abs(Double(metrics.descender) - Double(golden.descender) * scale) < 1e-9)
        #expect(abs(Double(metrics.leading) - Double(golden.lineGap) * scale) < 1e-9)
        let expectedLineHeight = Double(golden.ascender - golden.descender + golden.lineGap) * scale
        #expect(abs(Double(metrics.lineHeight) - expectedLineHeight) < 1e-9)
    }
}
