// MeasureDoorTests.swift — `caliper measure --json` and `caliper batch` answer the same request with the same bytes.
import Foundation
import Testing

/// The command line and the batch protocol fill one request model and write its answer with one
/// writer: for each request below, `caliper measure … --json` prints exactly the batch answer to
/// the same request given as JSON (with `"intrinsicWidths": true`, which the command always asks
/// for), less its `"id"`.
@Suite struct MeasureDoorTests {
    /// A request as command-line arguments (after `measure TEXT`) and as the JSON keys of a batch request.
    struct Case: Sendable, CustomStringConvertible {
        var text: String
        var arguments: [String]
        var json: String
        var batchArguments: [String] = []
        var description: String { "\(text.debugDescription) \(arguments.joined(separator: " "))" }
    }

    static let cases: [Case] = [
        Case(text: "Hello, World", arguments: ["--font", "Fonts/DejaVuSans.ttf"], json: #""font": "Fonts/DejaVuSans.ttf""#),
        Case(
            text: "Invite friends, Get $30!\n",
            arguments: ["--font", "Fonts/Inter.var.ttf", "--variation", "wght=600", "--size", "16", "--max-width", "311", "--lines", "2", "--scale", "2"],
            json: #""font": "Fonts/Inter.var.ttf", "variations": {"wght": 600}, "size": 16, "maxWidth": 311, "maxLines": 2, "scale": 2"#),
        Case(
            text: "The quick brown fox jumps over the lazy dog", arguments: ["--font", "Fonts/NotoSans-Regular.ttf", "--max-width", "120", "--line-spacing", "3", "--feature", "liga=0", "--letter-spacing", "0.5"],
            json: #""font": "Fonts/NotoSans-Regular.ttf", "maxWidth": 120, "lineSpacing": 3, "features": ["liga=0"], "letterSpacing": 0.5"#),
        Case(
            text: "Hello, World", arguments: ["--font", "Fonts/DejaVuSans.ttf", "--max-width", "80", "--lines", "1", "--minimum-scale-factor", "0.5"],
            json: #""font": "Fonts/DejaVuSans.ttf", "maxWidth": 80, "maxLines": 1, "minimumScaleFactor": 0.5"#),
        Case(
            text: "A long body of text that will not fit in the height it is given", arguments: ["--font", "Fonts/DejaVuSans.ttf", "--max-width", "100", "--max-height", "45", "--truncate-last-visible-line", "--scale", "3"],
            json: #""font": "Fonts/DejaVuSans.ttf", "maxWidth": 100, "maxHeight": 45, "truncatesLastVisibleLine": true, "scale": 3"#),
        Case(
            text: "<b>Ana</b> replied: <span size=\"smaller\">great</span>", arguments: ["--markup", "--font", "Fonts/NotoSans-Regular.ttf", "--text-style", "headline", "--content-size-category", "AX2"],
            json: #""markup": "<b>Ana</b> replied: <span size=\"smaller\">great</span>", "font": "Fonts/NotoSans-Regular.ttf", "textStyle": "headline", "contentSizeCategory": "AX2""#),
        Case(
            text: "12:45 Total", arguments: ["--system-font", "Fonts/SystemFonts/Static", "--text-style", "headline", "--monospaced-digits", "--max-width", "60"],
            json: #""systemFont": {"monospacedDigits": true}, "textStyle": "headline", "maxWidth": 60"#,
            batchArguments: ["--system-font", "Fonts/SystemFonts/Static"]),
        Case(text: "", arguments: ["--font", "Fonts/DejaVuSans.ttf", "--scale", "2"], json: #""font": "Fonts/DejaVuSans.ttf", "scale": 2"#),
        Case(
            text: "A feed post measured at six phone widths, its hyphenation without a dictionary", arguments: ["--font", "Fonts/DejaVuSans.ttf", "--widths", "320,375,390, 414,428,430", "--scale", "3", "--lines", "2", "--hyphenation-factor", "1"],
            json: #""font": "Fonts/DejaVuSans.ttf", "widths": [320, 375, 390, 414, 428, 430], "scale": 3, "maxLines": 2, "hyphenationFactor": 1"#),
        Case(
            text: "Ana replied: great", arguments: ["--markup", "--font", "Fonts/NotoSans-Regular.ttf", "--widths", "40,0"],
            json: #""markup": "Ana replied: great", "font": "Fonts/NotoSans-Regular.ttf", "widths": [40, 0]"#),
    ]

    /// A request with `widths` answers at each width the size, line count, truncation and warnings
    /// that a request at that `maxWidth` answers (the sizes-only query against the full layout,
    /// through the doors): a text wrapped, truncated at a line limit and hyphenated, in spans.
    @Test func eachSizeIsTheLayoutsAtItsWidth() throws {
        let text = #""text": "A body in two spans that wraps onto several lines and is cut short at the third", "font": "Fonts/NotoSans-Regular.ttf", "spans": [{"start": 2, "end": 6, "font": "Fonts/NotoSans-Bold.ttf", "size": 21}], "maxLines": 3, "lineBreak": "truncate-middle", "language": "en-US", "hyphenationFactor": 0.9, "scale": 2"#
        let widths = [0, 31.5, 80, 120, 200, 1_000]
        let lines = [#"{\#(text), "widths": [\#(widths.map { "\($0)" }.joined(separator: ", "))]}"#]
            + widths.map { #"{\#(text), "maxWidth": \#($0)}"# }
        let run = try CLI.run(["batch"], input: lines.joined(separator: "\n"))
        #expect(run.status == 0, "\(run.standardError)")
        let answers = try run.standardOutput.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        let sizes = try #require(answers.first?["sizes"] as? [[String: Any]], "\(answers.first ?? [:])")
        #expect(sizes.count == widths.count)
        for (size, layout) in zip(sizes, answers.dropFirst()) {
            for key in ["width", "height", "roundedWidth", "roundedHeight"] { #expect(size[key] as? Double == layout[key] as? Double, "\(key)") }
            #expect(size["lines"] as? Int == (layout["lines"] as? [Any])?.count)
            #expect(size["truncated"] as? Bool == layout["truncated"] as? Bool)
            #expect(size["warnings"] as? [String] == layout["warnings"] as? [String])
        }
        #expect(sizes.contains { $0["truncated"] as? Bool == true } && sizes.contains { $0["truncated"] as? Bool == false })
    }

    /// What `widths` cannot be combined with, or hold, is refused by name at both doors.
    @Test func widthsThatCannotApplyAreRefused() throws {
        let refusals: [(arguments: [String], json: String, message: String)] = [
            (["--widths", "100", "--max-width", "100"], #""widths": [100], "maxWidth": 100"#, "not both"),
            (["--widths", "100", "--max-height", "40"], #""widths": [100], "maxHeight": 40"#, "cannot be combined with"),
            // Shrinking needs a width, which `widths` cannot give.
            (["--widths", "100", "--minimum-scale-factor", "0.5"], #""widths": [100], "minimumScaleFactor": 0.5"#, "needs"),
            (["--widths", "-3"], #""widths": [-3]"#, "0 or more"),
            (["--widths", Array(repeating: "10", count: 65).joined(separator: ",")], #""widths": [\#(Array(repeating: "10", count: 65).joined(separator: ","))]"#, "from 1 to 64"),
        ]
        for refusal in refusals {
            let command = try CLI.run(["measure", "Hello", "--font", "Fonts/DejaVuSans.ttf"] + refusal.arguments)
            #expect(command.status != 0 && command.standardError.contains(refusal.message), "\(refusal.arguments): \(command.standardError)")
            let batch = try CLI.run(["batch"], input: #"{"text": "Hello", "font": "Fonts/DejaVuSans.ttf", \#(refusal.json)}"#)
            #expect(batch.standardOutput.contains(#""error""#) && batch.standardOutput.contains(refusal.message), "\(refusal.json): \(batch.standardOutput)")
        }
        let empty = try CLI.run(["batch"], input: #"{"text": "Hello", "font": "Fonts/DejaVuSans.ttf", "widths": []}"#)
        #expect(empty.standardOutput.contains("from 1 to 64"))
        let words = try CLI.run(["measure", "Hello", "--font", "Fonts/DejaVuSans.ttf", "--widths", "10,wide"])
        #expect(words.status != 0 && words.standardError.contains("--widths must be numbers"))
        // Not a number, infinite, or a JSON number too large for a Double (read as infinity).
        for width in ["nan", "inf", "-inf"] {
            let command = try CLI.run(["measure", "Hello", "--font", "Fonts/DejaVuSans.ttf", "--widths", "10,\(width)"])
            #expect(command.status != 0 && command.standardError.contains("0 or more: width 2 is"), "\(width): \(command.standardError)")
        }
        let overflowing = try CLI.run(["batch"], input: #"{"text": "Hello", "font": "Fonts/DejaVuSans.ttf", "widths": [10, 1e400]}"#)
        #expect(overflowing.standardOutput.contains("0 or more: width 2 is inf"), "\(overflowing.standardOutput)")
        // The largest finite width is a width: one line.
        let largest = try CLI.run(["batch"], input: #"{"text": "Hello there", "font": "Fonts/DejaVuSans.ttf", "widths": [1.7976931348623157e308]}"#)
        #expect(largest.standardOutput.contains(#""lines":1,"#), "\(largest.standardOutput)")
    }

    @Test(arguments: cases)
    func theCommandLinesJSONIsTheBatchAnswer(_ request: Case) throws {
        let measured = try CLI.run(["measure", request.text] + request.arguments + ["--json"])
        #expect(measured.status == 0, "\(measured.standardError)")
        let textJSON = String(decoding: try JSONSerialization.data(withJSONObject: [request.text], options: [.withoutEscapingSlashes]), as: UTF8.self)
        let textKey = request.arguments.contains("--markup") ? "" : #""text": \#(textJSON.dropFirst().dropLast()), "#
        let line = #"{"id": 7, \#(textKey)\#(request.json), "intrinsicWidths": true}"#
        let batch = try CLI.run(["batch"] + request.batchArguments, input: line)
        #expect(batch.status == 0, "\(batch.standardError)")
        let answer = batch.standardOutput.trimmingCharacters(in: .newlines)
        #expect(answer.hasPrefix(#"{"id":7,"#), "\(answer)")
        #expect(!answer.contains(#""error""#), "\(answer)")
        #expect("{" + answer.dropFirst(#"{"id":7,"#.count) == measured.standardOutput.trimmingCharacters(in: .newlines))
    }

    /// Asking for the intrinsic widths changes nothing else of the answer: the layout measured
    /// once for both is the one the measurer's fast paths and caches give.
    @Test(arguments: cases)
    func intrinsicWidthsAddOnlyTheirMembers(_ request: Case) throws {
        guard !request.arguments.contains("--markup"), request.batchArguments.isEmpty else { return }
        let textJSON = String(decoding: try JSONSerialization.data(withJSONObject: [request.text], options: [.withoutEscapingSlashes]), as: UTF8.self)
        let plain = #"{"id": 7, "text": \#(textJSON.dropFirst().dropLast()), \#(request.json)}"#
        let asked = #"{"id": 7, "text": \#(textJSON.dropFirst().dropLast()), \#(request.json), "intrinsicWidths": true}"#
        let answers = try CLI.run(["batch"], input: plain + "\n" + asked).standardOutput.split(separator: "\n").map(String.init)
        try #require(answers.count == 2)
        let members = try #require(answers[1].firstMatch(of: #/,"minContentWidth":[^,]+,"maxContentWidth":[^,}]+/#))
        #expect(answers[1].replacingCharacters(in: members.range, with: "") == answers[0])
    }

    /// The rounded size is the layout's ceiled to the scale's pixels, in both doors.
    @Test func aScaleAnswersTheCeiledSize() throws {
        let answer = try #require(
            try CLI.run(["measure", "Invite friends, Get $30!\n", "--font", "Fonts/Inter.var.ttf", "--variation", "wght=600", "--size", "16", "--max-width", "311", "--lines", "2", "--scale", "2", "--json"]).jsonLines.first)
        #expect((answer["lines"] as? [Any])?.count == 2)
        let height = try #require(answer["height"] as? Double)
        #expect(answer["roundedHeight"] as? Double == (height * 2).rounded(.up) / 2)
        #expect(answer["roundedHeight"] as? Double == 39.0, "UIKit's frame of this label")
        let bad = try CLI.run(
            ["batch"],
            input: [
                #"{"id": 1, "text": "a", "font": "Fonts/DejaVuSans.ttf", "scale": 0}"#,
                #"{"id": 2, "text": "a", "font": "Fonts/DejaVuSans.ttf", "intrinsicWidths": 3}"#,
                #"{"id": 3, "op": "flow", "width": 100, "scale": 2, "items": [{"text": "a", "font": "Fonts/DejaVuSans.ttf"}]}"#,
            ].joined(separator: "\n")
        ).jsonLines.map { $0["error"] as? String }
        #expect(bad == [
            #""scale" must be a number from 0.01 to 100.0, not 0.0"#, #""intrinsicWidths" must be true or false"#,
            #""scale" goes with "rounding": "pixel""#,
        ])
        let cli = try CLI.run(["measure", "a", "--font", "Fonts/DejaVuSans.ttf", "--scale", "nan"])
        #expect(cli.status == 64 && cli.standardError.contains("--scale must be a number from 0.01 to 100.0"))
    }
}
