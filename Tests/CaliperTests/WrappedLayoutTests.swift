// WrappedLayoutTests.swift — wrapped lines against Pango's breaks and hb-shape's widths (Tests/Goldens/wrapped.json).
import Caliper
import Foundation
import TestSupport
import Testing

@Suite struct WrappedLayoutTests {
    static let goldens = (try? Fixtures.golden("wrapped.json", as: WrappedGoldens.self).cases) ?? []

    @Test func thereAreWrappedGoldens() {
        #expect(Self.goldens.count >= 20)
    }

    /// Every paragraph of wrapped.json breaks into Pango's lines, each as wide as hb-shape says
    /// (to 1e-9 pt), as wide as its widest line and as high as its lines.
    @Test func linesMatchPangoWordCharWrapping() {
        let agreed = Conformance.agreed(Self.goldens) { golden in
            let style = TextStyle(font: try Fixtures.font(golden.font), size: CGFloat(golden.size))
            let layout = try TextMeasurer().layout(golden.text, style: style, maxWidth: CGFloat(golden.maxWidth))
            var differing: [String] = []
            if layout.utf16Ranges != golden.lines.map({ $0.start..<$0.end }) { differing.append("lines \(layout.utf16Ranges)") }
            for (line, expected) in zip(layout.lines, golden.lines) where abs(Double(line.width) - expected.width) >= 1e-9 {
                differing.append("line at \(expected.start): \(line.width), hb-shape \(expected.width)")
            }
            let widest = golden.lines.map(\.width).max() ?? 0
            if abs(Double(layout.size.width) - widest) >= 1e-9 { differing.append("width \(layout.size.width), not \(widest)") }
            let height = Double(golden.lines.count) * Double(style.metrics.lineHeight)
            if abs(Double(layout.size.height) - height) >= 1e-9 { differing.append("height \(layout.size.height), not \(height)") }
            return differing
        }
        Conformance.record("wrapped", cases: Self.goldens.count, agreed: agreed)
    }
}
