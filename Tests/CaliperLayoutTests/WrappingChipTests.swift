// WrappingChipTests.swift — chips that wrap (maximumLines 0) against Chromium's flex-wrap with min-width: auto (wrapping_chips.json).
import Caliper
import CaliperLayout
import Foundation
import TestSupport
import Testing

struct WrappingChipGoldens: Decodable {
    struct Item: Decodable {
        var text: String
        var font: String
        var size: Double
        var padding: [Double]
        var maxWidth: Double?
    }

    struct Case: Decodable, CustomStringConvertible {
        var name: String
        var containerWidth: Double
        var insets: [Double]
        var spacing: Double
        var lineSpacing: Double
        var items: [Item]
        var frames: [[Double]]
        var lineCounts: [Int]
        var textOverflows: [Bool]
        var rows: [[Int]]
        var contentSize: [Double]
        var description: String { name }
    }

    var cases: [Case]
}

@Suite struct WrappingChipTests {
    static let cases = BrowserLayoutTests.load("wrapping_chips.json", as: WrappingChipGoldens.self)?.cases ?? []

    @Test func goldensAreThere() { #expect(Self.cases.count >= 10) }

    /// Each chip is as wide as Chromium makes it — never narrower than its longest word, even past
    /// the row, unless its max-width says so — with its lines, rows and positions within
    /// Chromium's 1/64 px rounding (Tests/Goldens/wrapping_chips.md). A chip
    /// whose word overflows it in CSS is broken in Caliper: its width, x and row are compared,
    /// and nothing after it in the flow.
    @Test func chipsAsChromiumWrapsThem() {
        let differences = { (golden: WrappingChipGoldens.Case) throws -> [String] in
            var found = Conformance.Differences()
            let items = try golden.items.map { item in
                FlowItem.chip(
                    item.text, style: try LayoutFixtures.style(item.font, size: CGFloat(item.size)), padding: edgeInsets(item.padding),
                    maximumWidth: item.maxWidth.map { CGFloat($0) }, maximumLines: 0)
            }
            let style = FlowStyle(
                insets: edgeInsets(golden.insets), interitemSpacing: CGFloat(golden.spacing), lineSpacing: CGFloat(golden.lineSpacing))
            let result = try FlowLayout(items: items, style: style).layout(width: CGFloat(golden.containerWidth), measurer: TextMeasurer())
            // Compared up to the first chip whose text overflows it in CSS, that chip's width, x and row included.
            let overflow = golden.textOverflows.firstIndex(of: true)
            let comparedRows = golden.rows.prefix { overflow == nil || $0[0] <= overflow! }
            found.check(Array(result.rows.prefix(comparedRows.count)).map { [$0.lowerBound, $0.upperBound] } == Array(comparedRows))
            var linesAbove = 0
            for row in comparedRows {
                for index in row[0]..<row[1] where overflow.map({ index <= $0 }) ?? true {
                    let frame = result.frames[index]
                    let expected = golden.frames[index]
                    let position = index - row[0]
                    found.check(abs(Double(frame.width) - expected[2]) <= 1.0 / 64 + 1e-9, "item \(index) width")
                    found.check(abs(Double(frame.minX) - expected[0]) <= Double(position + 1) / 64 + 1e-9, "item \(index) x")
                    guard index != overflow else { continue }
                    let lines = try found.require(result.items[index].text?.lines.count)
                    found.check(lines == golden.lineCounts[index], "item \(index) lines")
                    found.check(abs(Double(frame.height) - expected[3]) <= Double(lines) / 128 + 1e-9, "item \(index) height")
                    found.check(abs(Double(frame.minY) - expected[1]) <= Double(linesAbove) / 128 + 1e-9, "item \(index) y")
                }
                linesAbove += (row[0]..<row[1]).map { golden.lineCounts[$0] }.max() ?? 0
            }
            if overflow == nil {
                found.check(Double(result.contentSize.width) == golden.contentSize[0])
                found.check(abs(Double(result.contentSize.height) - golden.contentSize[1]) <= Double(linesAbove) / 128 + 1e-9)
            }
            return found.found
        }
        // A flow compared only up to a chip whose word overflows it in CSS is a documented difference.
        let overflowing = Self.cases.filter { $0.textOverflows.contains(true) }
        let agreed = Conformance.agreed(Self.cases.filter { !$0.textOverflows.contains(true) }, differences: differences)
        _ = Conformance.agreed(overflowing, differences: differences)
        Conformance.record("wrapping-chips", cases: Self.cases.count, agreed: agreed, differences: ["overflow": overflowing.count])
    }
}
