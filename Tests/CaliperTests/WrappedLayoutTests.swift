// WrappedLayoutTests.swift — wrapped lines against Pango's breaks and hb-shape's widths (Tests/Goldens/wrapped.json).
import Caliper
import Foundation
import Testing

@Suite struct WrappedLayoutTests {
    static let goldens = (try? Fixtures.golden("wrapped.json", as: WrappedGoldens.self).cases) ?? []

    @Test func thereAreWrappedGoldens() {
        #expect(Self.goldens.count >= 20)
    }

    @Test(arguments: goldens)
    func linesMatchPangoWordCharWrapping(_ golden: WrappedGoldens.Case) throws {
        let style = TextStyle(font: try Fixtures.font(golden.font), size: CGFloat(golden.size))
        let layout = try TextMeasurer().layout(golden.text, style: style, maxWidth: CGFloat(golden.maxWidth))
        #expect(layout.utf16Ranges == golden.lines.map { $0.start..<$0.end })
        for (line, expected) in zip(layout.lines, golden.lines) {
            #expect(abs(Double(line.width) - expected.width) < 1e-9, "line at \(expected.start)")
        }
        let widest = golden.lines.map(\.width).max() ?? 0
        #expect(abs(Double(layout.size.width) - widest) < 1e-9)
        let lineHeight = Double(style.metrics.lineHeight)
        #expect(abs(Double(layout.size.height) - Double(golden.lines.count) * lineHeight) < 1e-9)
    }
}
