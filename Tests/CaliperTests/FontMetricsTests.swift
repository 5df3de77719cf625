// FontMetricsTests.swift — metrics of every fixture font against fontTools' reading of its tables.
import Caliper
import Foundation
import TestSupport
import Testing

@Suite struct FontMetricsTests {
    static let goldens = (try? Fixtures.golden("metrics.json", as: MetricsGoldens.self).fonts) ?? []

    @Test func everyFixtureFontHasAGolden() {
        #expect(Self.goldens.count >= 8)
    }

    /// Every fixture font's design metrics are the table values fontTools reads, and its metrics
    /// in points at 17 pt carry UIKit's names and signs (to 1e-9 pt).
    @Test func metricsMatchFontTools() {
        let agreed = Conformance.agreed(Self.goldens) { golden in
            let font = try Fixtures.font(golden.font)
            let design = font.designMetrics
            var differing: [String] = []
            func compare<Value: Equatable>(_ name: String, _ found: Value, _ expected: Value) {
                if found != expected { differing.append("\(name) \(found), fontTools \(expected)") }
            }
            compare("unitsPerEm", design.unitsPerEm, golden.unitsPerEm)
            compare("ascender", design.ascender, golden.ascender)
            compare("descender", design.descender, golden.descender)
            compare("lineGap", design.lineGap, golden.lineGap)
            // OS/2 v2+ values, else the top of the "H" / "x" outline, else 0.
            compare("capHeight", design.capHeight, golden.capHeight ?? golden.capHeightFromOutline ?? 0)
            compare("xHeight", design.xHeight, golden.xHeight ?? golden.xHeightFromOutline ?? 0)
            compare("familyName", font.familyName, golden.familyName)
            compare("glyphCount", font.glyphCount, golden.numGlyphs)
            let metrics = font.metrics(atSize: 17)
            let scale = 17.0 / Double(golden.unitsPerEm)
            let lineHeight = Double(golden.ascender - golden.descender + golden.lineGap) * scale
            for (name, found, expected) in [
                ("ascender", metrics.ascender, Double(golden.ascender) * scale),
                ("descender", metrics.descender, Double(golden.descender) * scale),
                ("leading", metrics.leading, Double(golden.lineGap) * scale), ("lineHeight", metrics.lineHeight, lineHeight),
            ] where abs(Double(found) - expected) >= 1e-9 {
                differing.append("\(name) at 17 pt \(found), expected \(expected)")
            }
            if metrics.descender > 0 { differing.append("descender at 17 pt is positive") }
            return differing
        }
        Conformance.record("metrics", cases: Self.goldens.count, agreed: agreed)
    }
}
