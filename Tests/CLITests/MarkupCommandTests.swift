// MarkupCommandTests.swift — `caliper measure --markup` and batch `markup`: the issue's example against its golden, and the same numbers through spans.
import Foundation
import Testing

@Suite struct MarkupCommandTests {
    static let markup = #"<b>Ana</b> replied: <span size="smaller">great shot 📸</span>"#
    static let fallback = ["Fonts/NotoSansArabic-Regular.ttf", "Fonts/DroidSansFallbackFull.ttf", "Fonts/NotoColorEmoji.ttf"]

    /// The `markup-reply-200` case of rich.json: hb-shape widths per run, ICU breaks, the line
    /// height by the documented rule.
    static func golden() throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: CLI.path("Tests/Goldens/rich.json")))
        let cases = try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["cases"] as? [[String: Any]])
        return try #require(cases.first { $0["name"] as? String == "markup-reply-200" })
    }

    @Test func theIssuesExampleMeasuresAsItsGolden() throws {
        let arguments = ["measure", "--markup", Self.markup, "--font", "Fonts/NotoSans-Regular.ttf", "--max-width", "200", "--json"]
            + Self.fallback.flatMap { ["--fallback", $0] }
        let result = try CLI.run(arguments)
        #expect(result.status == 0, "\(result.standardError)")
        let answer = try #require(result.jsonLines.first)
        let expected = try #require(try Self.golden()["expected"] as? [String: Any])
        let size = try #require(expected["size"] as? [Double])
        #expect(abs((answer["width"] as? Double ?? 0) - size[0]) < 1e-9)
        #expect(abs((answer["height"] as? Double ?? 0) - size[1]) < 1e-9)
        let runs = try #require((answer["lines"] as? [[String: Any]])?.first?["runs"] as? [[String: Any]])
        let expectedRuns = try #require(((expected["lines"] as? [[String: Any]])?.first?["runs"]) as? [[String: Any]])
        #expect(runs.map { $0["start"] as? Int } == expectedRuns.map { $0["start"] as? Int })
        for (run, expectedRun) in zip(runs, expectedRuns) {
            #expect((run["font"] as? String)?.hasSuffix(expectedRun["font"] as? String ?? "?") == true)
            #expect(abs((run["width"] as? Double ?? 0) - (expectedRun["width"] as? Double ?? -1)) < 1e-9)
        }

        // The same through `caliper batch`: with markup, and with the spans it stands for.
        let spans = #"[{"start": 0, "end": 3, "font": "Fonts/NotoSans-Bold.ttf"}, {"start": 13, "end": 26, "size": 14.166666666666666}]"#
        let fallbackJSON = "[" + Self.fallback.map { "\"\($0)\"" }.joined(separator: ",") + "]"
        let requests = [
            #"{"id": "m", "markup": "<b>Ana</b> replied: <span size=\"smaller\">great shot 📸</span>", "font": "Fonts/NotoSans-Regular.ttf", "fallback": \#(fallbackJSON), "maxWidth": 200}"#,
            #"{"id": "s", "text": "Ana replied: great shot 📸", "font": "Fonts/NotoSans-Regular.ttf", "fallback": \#(fallbackJSON), "maxWidth": 200, "spans": \#(spans)}"#,
        ]
        let answers = try CLI.run(["batch", "--font-root", "Fonts"], input: requests.joined(separator: "\n")).jsonLines
        try #require(answers.count == 2)
        for batch in answers {
            #expect(batch["width"] as? Double == answer["width"] as? Double, "\(batch)")
            #expect(batch["height"] as? Double == answer["height"] as? Double)
        }
    }

    /// Runs carry the size and baseline offset markup resolved to, in `measure --json` and in
    /// batch answers alike: `a<sup><sub>x</sub></sup>` at 12 pt against Pango's layout of it
    /// (`markup_scripts.json`, within Pango's 1/1024 pt steps), "x" a run of its own.
    @Test func runsReportTheSizeAndBaselineOffsetMarkupResolvedTo() throws {
        let markup = "a<sup><sub>x</sub></sup>b"
        let data = try Data(contentsOf: URL(fileURLWithPath: CLI.path("Tests/Goldens/markup_scripts.json")))
        let cases = try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["cases"] as? [[String: Any]])
        let pango = try #require(cases.first { $0["markup"] as? String == markup }?["runs"] as? [[String: Any]])
        let measured = try CLI.run(["measure", "--markup", markup, "--font", "Fonts/NotoSans-Regular.ttf", "--size", "12", "--json"])
        #expect(measured.status == 0, "\(measured.standardError)")
        let request = #"{"id": 1, "markup": "a<sup><sub>x</sub></sup>b", "font": "Fonts/NotoSans-Regular.ttf", "size": 12}"#
        let batch = try CLI.run(["batch", "--font-root", "Fonts"], input: request)
        for answer in [try #require(measured.jsonLines.first), try #require(batch.jsonLines.first)] {
            let runs = try #require((answer["lines"] as? [[String: Any]])?.first?["runs"] as? [[String: Any]])
            #expect(runs.map { $0["start"] as? Int } == pango.map { $0["start"] as? Int }, "\(answer)")
            for (run, expected) in zip(runs, pango) {
                let size = try #require(expected["size"] as? Double)
                let offset = try #require(expected["baselineOffset"] as? Double)
                #expect(abs((run["size"] as? Double ?? 0) - size) <= 2.0 / 1024, "\(run)")
                // Present only when not 0.
                #expect((run["baselineOffset"] == nil) == (offset == 0), "\(run)")
                #expect(abs((run["baselineOffset"] as? Double ?? 0) - offset) <= 2.0 / 1024, "\(run)")
            }
        }
    }

    static let errors: [([String], String)] = [
        (["measure", "--markup", "<b>unclosed", "--font", "Fonts/NotoSans-Regular.ttf"], "invalid markup at UTF-8 offset"),
        (["measure", "--markup", "<blink>x</blink>", "--font", "Fonts/NotoSans-Regular.ttf"], "blink"),
        (["measure", "--markup", #"<span line_height="2">x</span>"#, "--font", "Fonts/NotoSans-Regular.ttf"], "line_height"),
        (["measure", "--markup", #"<span font_family="No Such Family">x</span>"#, "--font", "Fonts/NotoSans-Regular.ttf"], "No Such Family"),
    ]

    @Test(arguments: errors)
    func badMarkupIsRefusedWithItsOffset(_ arguments: [String], _ phrase: String) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 1, "\(result.standardError)")
        #expect(result.standardError.contains(phrase), "\(result.standardError)")
    }

    @Test func batchMarkupComesAloneOrNotAtAll() throws {
        let requests = [
            #"{"id": 1, "markup": "<b>x</b>", "text": "x", "font": "Fonts/NotoSans-Regular.ttf"}"#,
            #"{"id": 2, "markup": "<b>x", "font": "Fonts/NotoSans-Regular.ttf"}"#,
        ]
        let answers = try CLI.run(["batch", "--font-root", "Fonts"], input: requests.joined(separator: "\n")).jsonLines
        #expect((answers.first?["error"] as? String)?.contains("not both") == true)
        #expect((answers.last?["error"] as? String)?.contains("invalid markup at UTF-8 offset") == true)
    }
}
