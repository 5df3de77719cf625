// HangingKernGoldenTests.swift — a line's last letter keeps its kerning against the space that hangs after it, as Pango and browsers display it.
import Caliper
import Foundation
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
    /// as it is displayed, and its width is the displayed one, with or without the shape cache.
    @Test(arguments: cases)
    func linesFitAndMeasureAsDisplayed(_ golden: HangingKernGoldens.Case) throws {
        let style = TextStyle(font: try Fixtures.font(golden.font), size: CGFloat(golden.size), fallback: .none)
        for measurer in [TextMeasurer(cache: nil), TextMeasurer(cache: ShapeCache())] {
            let layout = try measurer.layout(golden.text, style: style, maxWidth: CGFloat(golden.maxWidth))
            let lines = layout.lines.map { ($0.utf16Range.location, $0.utf16Range.location + $0.utf16Range.length) }
            #expect(lines.map(\.0) == golden.lines.map(\.start), "\(golden)")
            #expect(lines.map(\.1) == golden.lines.map(\.end), "\(golden)")
            for (line, expected) in zip(layout.lines, golden.lines) {
                #expect(abs(Double(line.width) - expected.width) < 1e-9, "\(golden): \(line.width) against \(expected.width)")
                let runs = line.runs.reduce(0) { $0 + Double($1.width) }
                #expect(abs(runs - Double(line.width)) < 1e-9, "the runs add up to the line")
            }
            #expect(Double(layout.lines[0].width) < golden.unkernedFirstLineWidth)
        }
    }

    /// Unwrapped, the text is as wide as its whole shaping: the same advances as its lines.
    @Test(arguments: cases)
    func unwrappedWidthAgreesWithTheLines(_ golden: HangingKernGoldens.Case) throws {
        let style = TextStyle(font: try Fixtures.font(golden.font), size: CGFloat(golden.size), fallback: .none)
        let measurer = TextMeasurer(cache: nil)
        let first = golden.lines[0]
        let head = String(decoding: Array(golden.text.utf16)[first.start..<first.end], as: UTF16.self)
        let trimmed = head.trimmingCharacters(in: .whitespaces)
        let wrapped = try measurer.layout(head, style: style, maxWidth: 10_000).lines[0].width
        #expect(abs(Double(wrapped) - first.width) < 1e-9, "\(trimmed.debugDescription) alone, its space after it")
    }
}
