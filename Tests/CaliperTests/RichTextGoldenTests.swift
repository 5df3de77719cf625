// RichTextGoldenTests.swift — attributed text against Tests/Goldens/rich.json: runs, widths, breaks and line heights from hb-shape, ICU and fontTools.
import Caliper
import Foundation
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

    @Test(arguments: goldens)
    func linesRunsAndHeightsFollowTheRules(_ golden: RichGoldens.Case) throws {
        let text = try Self.attributedText(golden)
        let layout = try TextMeasurer(cache: nil).layout(text, maxWidth: golden.maxWidth.map { CGFloat($0) })
        try #require(layout.lines.count == golden.expected.lines.count, "lines: \(layout.lines.map(\.utf16Range))")
        #expect(Self.close(layout.size.width, golden.expected.size[0]), "width \(layout.size.width)")
        #expect(Self.close(layout.size.height, golden.expected.size[1]), "height \(layout.size.height)")
        for (index, (line, expected)) in zip(layout.lines, golden.expected.lines).enumerated() {
            #expect(line.utf16Range == NSRange(location: expected.start, length: expected.end - expected.start), "line \(index)")
            #expect(Self.close(line.width, expected.width), "line \(index) width \(line.width) vs \(expected.width)")
            #expect(Self.close(line.height, expected.height), "line \(index) height \(line.height) vs \(expected.height)")
            #expect(Self.close(line.top, expected.top), "line \(index) top")
            #expect(Self.close(line.baseline, expected.baseline), "line \(index) baseline \(line.baseline) vs \(expected.baseline)")
            // Caliper's runs cover the line's visible content; the golden's run on into its
            // trailing whitespace, so a run cut there is compared by range and font only.
            let expectedRuns = expected.runs.filter { $0.start < expected.contentEnd }
            let runs = line.runs.sorted { $0.utf16Range.location < $1.utf16Range.location }
            try #require(runs.count == expectedRuns.count, "line \(index) runs: \(runs.map(\.utf16Range))")
            for (run, expectedRun) in zip(runs, expectedRuns) {
                let end = min(expectedRun.end, expected.contentEnd)
                #expect(run.utf16Range == NSRange(location: expectedRun.start, length: end - expectedRun.start), "line \(index)")
                #expect(run.font.path.hasSuffix(expectedRun.font), "line \(index) run at \(expectedRun.start): \(run.font)")
                // Sizes to an ulp or two: markup's keyword sizes are products of 1.2 (17 / 1.2 / 1.2
                // is 17 / 1.44 to within one ulp).
                #expect(abs(Double(run.size) - expectedRun.size) <= 1e-12 * expectedRun.size, "\(run.size)")
                if end == expectedRun.end {
                    #expect(Self.close(run.width, expectedRun.width), "line \(index) run at \(expectedRun.start): \(run.width) vs \(expectedRun.width)")
                }
            }
        }
    }
}
