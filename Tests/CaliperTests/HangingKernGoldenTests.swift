// HangingKernGoldenTests.swift — a line's last letter keeps its kerning against the space that hangs after it, as Pango and browsers display it.
import Caliper
import Foundation
import TestSupport
import Testing

/// `Tests/Goldens/hanging_kern.json` (make_hanging_kern.py): Pango's lines, widths from hb-shape
/// of each line shaped with its trailing spaces, less the spaces.
struct HangingKernGoldens: Decodable {
    struct Line: Decodable {
        var start: Int
        var end: Int
        var width: Double
    }

    struct Case: Decodable, CustomStringConvertible {
        var text: String
        var font: String
        var size: Double
        var maxWidth: Double
        var unkernedFirstLineWidth: Double
        var lines: [Line]
        var description: String { text }
    }

    var cases: [Case]
}

@Suite struct HangingKernGoldenTests {
    static let cases = (try? Fixtures.golden("hanging_kern.json", as: HangingKernGoldens.self).cases) ?? []

    @Test func goldensLoaded() {
        #expect(Self.cases.count == 6)
    }

    /// Each maxWidth lies between the first line's kerned and unkerned widths: the line fits only
    /// as it is displayed, and its width is the displayed one (to 1e-9 pt), with or without the
    /// shape cache; unwrapped, the first line is as wide as its whole shaping, the same advances.
    @Test func linesFitAndMeasureAsDisplayed() {
        let agreed = Conformance.agreed(Self.cases) { golden in
            let style = TextStyle(font: try Fixtures.font(golden.font), size: CGFloat(golden.size), fallback: .none)
            var differing: [String] = []
            for measurer in [TextMeasurer(cache: nil), TextMeasurer(cache: ShapeCache())] {
                let layout = try measurer.layout(golden.text, style: style, maxWidth: CGFloat(golden.maxWidth))
                let lines = layout.lines.map { ($0.utf16Range.location, $0.utf16Range.location + $0.utf16Range.length) }
                if lines.map(\.0) != golden.lines.map(\.start) || lines.map(\.1) != golden.lines.map(\.end) {
                    differing.append("lines \(lines)")
                }
                for (line, expected) in zip(layout.lines, golden.lines) {
                    if abs(Double(line.width) - expected.width) >= 1e-9 { differing.append("\(line.width) against \(expected.width)") }
                    let runs = line.runs.reduce(0) { $0 + Double($1.width) }
                    if abs(runs - Double(line.width)) >= 1e-9 { differing.append("the runs add up to \(runs), not the line's \(line.width)") }
                }
                if let first = layout.lines.first, Double(first.width) >= golden.unkernedFirstLineWidth {
                    differing.append("first line \(first.width), unkerned \(golden.unkernedFirstLineWidth)")
                }
            }
            let first = golden.lines[0]
            let head = String(decoding: Array(golden.text.utf16)[first.start..<first.end], as: UTF16.self)
            let wrapped = try TextMeasurer(cache: nil).layout(head, style: style, maxWidth: 10_000).lines[0].width
            if abs(Double(wrapped) - first.width) >= 1e-9 {
                differing.append("\(head.trimmingCharacters(in: .whitespaces).debugDescription) alone, its space after it: \(wrapped)")
            }
            return differing
        }
        Conformance.record("hanging-kern", cases: Self.cases.count, agreed: agreed)
    }
}
