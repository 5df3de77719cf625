// RichTextGoldenTests.swift — attributed text against Tests/Goldens/rich.json: runs, widths, breaks and line heights from hb-shape, ICU and fontTools.
import Caliper
import Foundation
import TestSupport
import Testing

/// `Tests/Goldens/rich.json` (made by `make_rich.py`): texts in several spans, laid out by the
/// rules of the Semantics table (Caliper.docc/Semantics.md) written in Python over hb-shape widths, ICU breaks and
/// fontTools metrics, with Pango's layout beside them for comparison.
struct RichGoldens: Decodable {
    struct Span: Decodable {
        var start: Int
        var end: Int
        var font: String
        var size: Double
        var features: [String]?
        var letterSpacing: Double?
        var baselineOffset: Double?
        var fallback: [String]
    }
    struct Run: Decodable {
        var start: Int
        var end: Int
        var font: String
        var size: Double
        var width: Double
    }
    struct Line: Decodable {
        var start: Int
        var contentEnd: Int
        var end: Int
        var width: Double
        var height: Double
        var top: Double
        var baseline: Double
        var runs: [Run]
    }
    struct Expected: Decodable {
        var lines: [Line]
        var size: [Double]
    }
    struct Case: Decodable, CustomStringConvertible {
        var name: String
        /// Pango markup the spans stand for (over Noto Sans 17 pt), for the markup cases.
        var markup: String?
        var text: String
        var spans: [Span]
        var maxWidth: Double?
        var expected: Expected
        /// Whether Pango's layout equals `expected`: lineBreaks, runs, widths, heights, baselines.
        var agreement: [String: Bool]
        var description: String { name }
    }
    var cases: [Case]
}

@Suite struct RichTextGoldenTests {
    static let goldens = (try? Fixtures.golden("rich.json", as: RichGoldens.self).cases) ?? []

    @Test func thereAreRichGoldens() {
        #expect(Self.goldens.count >= 40)
    }

    static func close(_ value: CGFloat, _ expected: Double) -> Bool {
        abs(Double(value) - expected) <= 1e-9 * max(1, abs(expected))
    }

    /// The case's spans as an attributed text: each span's font, size, features, letter spacing
    /// and baseline offset, its fallback list and no system fallback; for a markup case, the text
    /// Caliper builds from the markup itself.
    static func attributedText(_ golden: RichGoldens.Case) throws -> AttributedText {
        if let markup = golden.markup {
            let base = TextStyle(
                font: try Fixtures.font("Fonts/NotoSans-Regular.ttf"), size: 17,
                fallbackFonts: try golden.spans[0].fallback.map { try Fixtures.font($0) }, fallback: .none)
            return try AttributedText(markup: markup, style: base, fonts: Fixtures.resolver)
        }
        let spans = try golden.spans.map { span in
            AttributedText.Span(
                utf16Range: span.start..<span.end,
                style: TextStyle(
                    font: try Fixtures.font(span.font), size: CGFloat(span.size),
                    letterSpacing: CGFloat(span.letterSpacing ?? 0), features: try (span.features ?? []).map { try FontFeature($0) },
                    fallbackFonts: try span.fallback.map { try Fixtures.font($0) }, fallback: .none,
                    baselineOffset: CGFloat(span.baselineOffset ?? 0)))
        }
        return try AttributedText(string: golden.text, spans: spans)
    }

    /// Every case's lines, runs (range, font, size, width), line heights and baselines are the
    /// rules' (to 1e-9, relative above 1); the report counts beside them the cases where Pango
    /// agrees with the rules in everything (`agreement`; where it does not, the case's `note` says why).
    @Test func linesRunsAndHeightsFollowTheRules() {
        let agreed = Conformance.agreed(Self.goldens) { golden in try Self.differences(golden) }
        let pangoAgrees = Self.goldens.filter { $0.agreement.values.allSatisfy { $0 } }.count
        Conformance.record("rich", cases: Self.goldens.count, agreed: agreed, figures: ["pangoAgrees": pangoAgrees])
    }

    static func differences(_ golden: RichGoldens.Case) throws -> [String] {
        let text = try Self.attributedText(golden)
        let layout = try TextMeasurer(cache: nil).layout(text, maxWidth: golden.maxWidth.map { CGFloat($0) })
        guard layout.lines.count == golden.expected.lines.count else { return ["lines: \(layout.lines.map(\.utf16Range))"] }
        var differing: [String] = []
        if !Self.close(layout.size.width, golden.expected.size[0]) { differing.append("width \(layout.size.width)") }
        if !Self.close(layout.size.height, golden.expected.size[1]) { differing.append("height \(layout.size.height)") }
        for (index, (line, expected)) in zip(layout.lines, golden.expected.lines).enumerated() {
            if line.utf16Range != NSRange(location: expected.start, length: expected.end - expected.start) {
                differing.append("line \(index) \(line.utf16Range)")
            }
            if !Self.close(line.width, expected.width) { differing.append("line \(index) width \(line.width) vs \(expected.width)") }
            if !Self.close(line.height, expected.height) { differing.append("line \(index) height \(line.height) vs \(expected.height)") }
            if !Self.close(line.top, expected.top) { differing.append("line \(index) top \(line.top) vs \(expected.top)") }
            if !Self.close(line.baseline, expected.baseline) { differing.append("line \(index) baseline \(line.baseline) vs \(expected.baseline)") }
            // Caliper's runs cover the line's visible content; the golden's run on into its
            // trailing whitespace, so a run cut there is compared by range and font only.
            let expectedRuns = expected.runs.filter { $0.start < expected.contentEnd }
            let runs = line.runs.sorted { $0.utf16Range.location < $1.utf16Range.location }
            guard runs.count == expectedRuns.count else {
                differing.append("line \(index) runs: \(runs.map(\.utf16Range))")
                continue
            }
            for (run, expectedRun) in zip(runs, expectedRuns) {
                let end = min(expectedRun.end, expected.contentEnd)
                if run.utf16Range != NSRange(location: expectedRun.start, length: end - expectedRun.start) {
                    differing.append("line \(index) run \(run.utf16Range)")
                }
                if !run.font.path.hasSuffix(expectedRun.font) { differing.append("line \(index) run at \(expectedRun.start): \(run.font)") }
                // Sizes to an ulp or two: markup's keyword sizes are products of 1.2 (17 / 1.2 / 1.2
                // is 17 / 1.44 to within one ulp).
                if abs(Double(run.size) - expectedRun.size) > 1e-12 * expectedRun.size {
                    differing.append("line \(index) run at \(expectedRun.start): size \(run.size)")
                }
                if end == expectedRun.end && !Self.close(run.width, expectedRun.width) {
                    differing.append("line \(index) run at \(expectedRun.start): \(run.width) vs \(expectedRun.width)")
                }
            }
        }
        return differing
    }
}
