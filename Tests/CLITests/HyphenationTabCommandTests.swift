// HyphenationTabCommandTests.swift — --hyphenation-factor, --tab-stops and their batch keys, and their bad values.
import Foundation
import Testing

@Suite struct HyphenationTabCommandTests {
    static let german = "Die Donaudampfschifffahrtsgesellschaft veröffentlichte ihren Jahresbericht."

    /// `--hyphenation-factor 1` in German hyphenates lines, reported as `hyphenated`; the batch
    /// says the same for the same request.
    @Test func hyphenationFromTheCommandLineAndTheBatch() throws {
        let arguments = ["measure", Self.german, "--font", "Fonts/NotoSans-Regular.ttf", "--size", "16", "--max-width", "120", "--json"]
        let plain = try CLI.run(arguments + ["--language", "de"])
        let hyphenated = try CLI.run(arguments + ["--language", "de", "--hyphenation-factor", "1"])
        try #require(plain.status == 0 && hyphenated.status == 0, "\(hyphenated.standardError)")
        let plainLines = try #require(plain.jsonLines.first?["lines"] as? [[String: Any]])
        let lines = try #require(hyphenated.jsonLines.first?["lines"] as? [[String: Any]])
        #expect(!plainLines.contains { $0["hyphenated"] != nil })
        #expect(lines.filter { $0["hyphenated"] as? Bool == true }.count >= 3)
        #expect(lines.count < plainLines.count)
        let request = #"{"id": 1, "text": "\#(Self.german)", "font": "Fonts/NotoSans-Regular.ttf", "size": 16, "maxWidth": 120, "language": "de", "hyphenationFactor": 1}"#
        let answer = try #require(try CLI.run(["batch"], input: request).jsonLines.first)
        let batchLines = try #require(answer["lines"] as? [[String: Any]])
        #expect(batchLines.map { $0["end"] as? Int } == lines.map { $0["end"] as? Int })
        #expect(batchLines.map { $0["hyphenated"] as? Bool } == lines.map { $0["hyphenated"] as? Bool })
    }

    /// The human-readable lines show the hyphen a line draws, not the soft hyphen it ends with.
    @Test func linesShowTheirHyphens() throws {
        let result = try CLI.run(["measure", "Ab\u{AD}wasser\u{AD}behandlung", "--font", "Fonts/NotoSans-Regular.ttf", "--size", "16", "--max-width", "90"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains(#"width 77.408  "Abwasser‐""#), "\(result.standardOutput)")
    }

    /// `--tab-stops` and batch `tabStops` put a right-aligned column's edge and a decimal
    /// column's point at their stops.
    @Test func tabStopsFromTheCommandLineAndTheBatch() throws {
        let text = "Apples\t3\t1.20"
        let cli = try CLI.run([
            "measure", text, "--font", "Fonts/NotoSans-Regular.ttf", "--size", "15", "--tab-stops", "140:right,200:decimal", "--json",
        ])
        try #require(cli.status == 0, "\(cli.standardError)")
        let runs = try #require((cli.jsonLines.first?["lines"] as? [[String: Any]])?.first?["runs"] as? [[String: Any]])
        try #require(runs.count == 5)
        let quantity = runs[2]
        #expect(abs((quantity["x"] as? Double ?? 0) + (quantity["width"] as? Double ?? 0) - 140) < 1e-9)
        let request = #"{"id": 1, "text": "Apples\t3\t1.20", "font": "Fonts/NotoSans-Regular.ttf", "size": 15, "tabStops": [{"location": 140, "alignment": "right"}, {"location": 200, "alignment": "decimal"}]}"#
        let answer = try #require(try CLI.run(["batch"], input: request).jsonLines.first)
        let batchRuns = try #require((answer["lines"] as? [[String: Any]])?.first?["runs"] as? [[String: Any]])
        #expect(batchRuns.map { $0["x"] as? Double } == runs.map { $0["x"] as? Double })
        let none = try CLI.run(["measure", "a\tb", "--font", "Fonts/NotoSans-Regular.ttf", "--tab-stops", "none", "--json"])
        #expect(none.status == 0)
    }

    /// Bad factors, stops and intervals: usage errors on the command line, error answers in a batch.
    @Test func badValues() throws {
        for arguments in [
            ["--hyphenation-factor", "1.5"], ["--hyphenation-factor", "-1"], ["--tab-stops", "10:middle"], ["--tab-stops", "-4"],
            ["--tab-stops", "x"], ["--default-tab-interval", "-1"], ["--default-tab-interval", "inf"],
        ] {
            let result = try CLI.run(["measure", "a\tb", "--font", "Fonts/NotoSans-Regular.ttf"] + arguments)
            #expect(result.status == 64, "\(arguments)")
        }
        let requests = [
            #"{"id": 1, "text": "a", "font": "Fonts/NotoSans-Regular.ttf", "hyphenationFactor": 1.0000001}"#,
            #"{"id": 2, "text": "a", "font": "Fonts/NotoSans-Regular.ttf", "tabStops": [{"location": 10, "alignment": "middle"}]}"#,
            #"{"id": 3, "text": "a", "font": "Fonts/NotoSans-Regular.ttf", "tabStops": [{"alignment": "left"}]}"#,
            #"{"id": 4, "text": "a", "font": "Fonts/NotoSans-Regular.ttf", "tabStops": [{"location": 10, "align": "left"}]}"#,
            #"{"id": 5, "text": "a", "font": "Fonts/NotoSans-Regular.ttf", "defaultTabInterval": -2}"#,
            #"{"id": 6, "text": "a", "font": "Fonts/NotoSans-Regular.ttf", "tabStops": 3}"#,
        ]
        let answers = try CLI.run(["batch"], input: requests.joined(separator: "\n")).jsonLines
        try #require(answers.count == 6)
        #expect(answers[0]["error"] as? String == "hyphenationFactor 1.0000001 is not from 0 to 1")
        #expect(answers[1]["error"] as? String == #"unknown tabStops[0].alignment "middle" (known: left, right, center, decimal)"#)
        #expect(answers[2]["error"] as? String == "missing tabStops[0].location")
        #expect((answers[3]["error"] as? String)?.hasPrefix("unknown key tabStops[0].align") == true, "\(answers[3])")
        #expect(answers[4]["error"] as? String == "invalid default tab interval -2.0: it must be a finite number of points, 0 or more")
        #expect(answers[5]["error"] as? String == #""tabStops" must be an array of objects"#)
    }
}

@Suite struct HeightBoundCommandTests {
    /// `--max-height` with `--truncate-last-visible-line`, and the batch's `maxHeight` and
    /// `truncatesLastVisibleLine`, show the lines that fit, the last one truncated.
    @Test func heightFromTheCommandLineAndTheBatch() throws {
        let text = "The quick brown fox jumps over the lazy dog, then naps in the warm afternoon sun."
        let cli = try CLI.run([
            "measure", text, "--font", "Fonts/NotoSans-Regular.ttf", "--size", "15", "--max-width", "140", "--max-height", "45",
            "--truncate-last-visible-line", "--json",
        ])
        try #require(cli.status == 0, "\(cli.standardError)")
        let lines = try #require(cli.jsonLines.first?["lines"] as? [[String: Any]])
        #expect(lines.count == 2 && lines[1]["truncatedText"] != nil)
        let requests = [
            #"{"id": 1, "text": "\#(text)", "font": "Fonts/NotoSans-Regular.ttf", "size": 15, "maxWidth": 140, "maxHeight": 45, "truncatesLastVisibleLine": true}"#,
            #"{"id": 2, "text": "a", "font": "Fonts/NotoSans-Regular.ttf", "truncatesLastVisibleLine": true}"#,
            #"{"id": 3, "text": "a", "font": "Fonts/NotoSans-Regular.ttf", "maxHeight": -1}"#,
            #"{"id": 4, "text": "a", "font": "Fonts/NotoSans-Regular.ttf", "maxWidth": 9, "maxHeight": 9, "minimumScaleFactor": 0.5}"#,
        ]
        let answers = try CLI.run(["batch"], input: requests.joined(separator: "\n")).jsonLines
        try #require(answers.count == 4)
        let batchLines = try #require(answers[0]["lines"] as? [[String: Any]])
        #expect(batchLines.map { $0["truncatedText"] as? String } == lines.map { $0["truncatedText"] as? String })
        #expect(answers[1]["error"] as? String == #""truncatesLastVisibleLine" needs "maxHeight", the height to fit"#)
        #expect(answers[2]["error"] as? String == "invalid maximum height -1.0: it must be a finite number of points, 0 or more")
        #expect(answers[3]["error"] as? String == #""minimumScaleFactor" cannot be combined with "maxHeight""#)
        for arguments in [["--max-height", "-2"], ["--truncate-last-visible-line"], ["--max-height", "5", "--all-categories"]] {
            #expect(try CLI.run(["measure", "a", "--font", "Fonts/NotoSans-Regular.ttf"] + arguments).status == 64, "\(arguments)")
        }
    }
}
