// BatchSpanTests.swift — `caliper batch` measure requests with spans: the rich-text goldens through the protocol, and bad spans.
import Foundation
import Testing

@Suite struct BatchSpanTests {
    /// Every case of `Tests/Goldens/rich.json` (hb-shape, ICU and fontTools under the rules of
    /// Semantics.md) sent as a batch request with spans gives the golden's lines, heights and run widths.
    @Test func theRichGoldensThroughTheBatchGiveTheirNumbers() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: CLI.path("Tests/Goldens/rich.json")))
        let golden = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let cases = try #require(golden["cases"] as? [[String: Any]])
        var requests: [String] = []
        for (index, golden) in cases.enumerated() {
            let spans = try #require(golden["spans"] as? [[String: Any]])
            var request: [String: Any] = [
                "id": index, "text": golden["text"] as Any, "font": spans[0]["font"] as Any, "size": spans[0]["size"] as Any,
                "fallback": spans[0]["fallback"] as Any,
                "spans": spans.map { span in span.filter { Set(["start", "end", "font", "size", "features", "letterSpacing", "baselineOffset", "fallback"]).contains($0.key) } },
            ]
            if let width = golden["maxWidth"] as? Double { request["maxWidth"] = width }
            requests.append(String(decoding: try JSONSerialization.data(withJSONObject: request), as: UTF8.self))
        }
        let result = try CLI.run(["batch", "--font-root", "Fonts"], input: requests.joined(separator: "\n"))
        let answers = result.jsonLines
        try #require(answers.count == cases.count, "\(result.standardError)")
        func close(_ value: Any?, _ expected: Any?) -> Bool {
            guard let value = value as? Double, let expected = expected as? Double else { return false }
            return abs(value - expected) <= 1e-9 * max(1, abs(expected))
        }
        for (answer, golden) in zip(answers, cases) {
            let name = golden["name"] as? String ?? "?"
            let expected = try #require(golden["expected"] as? [String: Any])
            let size = try #require(expected["size"] as? [Double])
            #expect(close(answer["width"], size[0]) && close(answer["height"], size[1]), "\(name): \(answer)")
            let lines = answer["lines"] as? [[String: Any]] ?? []
            let expectedLines = try #require(expected["lines"] as? [[String: Any]])
            try #require(lines.count == expectedLines.count, "\(name)")
            for (line, expectedLine) in zip(lines, expectedLines) {
                #expect(line["start"] as? Int == expectedLine["start"] as? Int && line["end"] as? Int == expectedLine["end"] as? Int, "\(name)")
                #expect(close(line["width"], expectedLine["width"]) && close(line["height"], expectedLine["height"]), "\(name)")
            }
        }
    }

    @Test func runsSayWhichSpanTheyAreIn() throws {
        let request = #"{"id": 1, "text": "Ana replied to Bo", "font": "Fonts/NotoSans-Regular.ttf", "spans": [{"start": 15, "end": 17, "font": "Fonts/NotoSans-Bold.ttf"}, {"start": 0, "end": 3, "font": "Fonts/NotoSans-Bold.ttf"}, {"start": 5, "end": 5, "size": 90}]}"#
        let answer = try #require(try CLI.run(["batch", "--font-root", "Fonts"], input: request).jsonLines.first)
        let runs = try #require((answer["lines"] as? [[String: Any]])?.first?["runs"] as? [[String: Any]])
        #expect(runs.map { $0["start"] as? Int } == [0, 3, 15])
        #expect(runs.map { $0["span"] as? Int } == [1, nil, 0])
        #expect(runs.map { ($0["font"] as? String)?.hasSuffix("Bold.ttf") } == [true, false, true])
        // The empty span (5..<5 at 90 pt) changed nothing: the line is 17 pt tall.
        #expect((answer["height"] as? Double ?? 0) < 30)
    }

    static let badSpans: [(String, String)] = [
        (#"[{"start": 1, "end": 4}, {"start": 0, "end": 3}]"#, "spans[0] (1..<4) overlaps spans[1] (0..<3)"),
        (#"[{"start": 2, "end": 1}]"#, "spans[0] starts at 2, after its end 1"),
        (#"[{"start": 0, "end": 9}]"#, "spans[0] ends at 9, past the text's 4 UTF-16 code units"),
        (#"[{"start": 0, "end": 2}]"#, "spans[0].end 2 falls between the two halves of a surrogate pair"),
        (#"[{"start": -1, "end": 2}]"#, "spans[0].start must be a whole number"),
        (#"[{"end": 2}]"#, "missing spans[0].start"),
        (#"[{"start": 0, "end": 1, "sise": 3}]"#, "unknown key spans[0].sise: did you mean size?"),
        (#"[{"start": 0, "end": 1, "size": -3}]"#, "spans[0]: invalid font size -3.0"),
        (#"[{"start": 0, "end": 1, "baselineOffset": 1e308}]"#, "spans[0]: invalid baseline offset"),
        (#"[{"start": 0, "end": 1, "font": "/etc/passwd"}]"#, "outside the allowed font folder"),
        (#"[{"start": 0, "end": 1, "features": ["liga=x"]}]"#, "invalid OpenType feature setting"),
        (#""x""#, #""spans" must be an array of objects"#),
    ]

    @Test(arguments: badSpans)
    func badSpansAnswerAnErrorNamingThem(_ spans: String, _ phrase: String) throws {
        let request = #"{"id": "s", "text": "a😀b", "font": "Fonts/NotoSans-Regular.ttf", "spans": \#(spans)}"#
        let result = try CLI.run(["batch", "--font-root", "Fonts"], input: request + "\n" + #"{"id": "next", "text": "ok", "font": "Fonts/NotoSans-Regular.ttf"}"#)
        let answers = result.jsonLines
        try #require(answers.count == 2)
        #expect((answers[0]["error"] as? String)?.contains(phrase) == true, "\(answers[0])")
        #expect(answers[1]["width"] is Double)
    }
}

@Suite struct BatchAttachmentTests {
    @Test func attachmentsAreMeasuredAndTheirFramesAnswered() throws {
        let request = #"{"id": 1, "text": "Tagged \ufffc in a post", "font": "Fonts/NotoSans-Regular.ttf", "attachments": [{"at": 7, "width": 60, "height": 22, "alignment": "middle", "id": "mention"}]}"#
        let answer = try #require(try CLI.run(["batch", "--font-root", "Fonts"], input: request).jsonLines.first)
        let attachments = try #require(answer["attachments"] as? [[String: Any]])
        try #require(attachments.count == 1)
        #expect(attachments[0]["id"] as? String == "mention")
        #expect(attachments[0]["at"] as? Int == 7 && attachments[0]["line"] as? Int == 0)
        let frame = try #require(attachments[0]["frame"] as? [Double])
        #expect(frame.count == 4 && frame[2] == 60 && frame[3] == 22)
        let runs = try #require((answer["lines"] as? [[String: Any]])?.first?["runs"] as? [[String: Any]])
        #expect(runs.first { $0["start"] as? Int == 7 }?["width"] as? Double == 60)
        #expect(frame[0] == runs.first { $0["start"] as? Int == 7 }?["x"] as? Double)
    }

    static let bad: [(String, String)] = [
        (#"[{"at": 1, "width": 6, "height": 2}]"#, "the character at 1 is not U+FFFC"),
        (#"[{"at": 3, "width": -6, "height": 2}]"#, "its width -6.0 must be a finite number"),
        (#"[{"at": 3, "width": 6}]"#, "missing attachments[0].height"),
        (#"[{"at": 3, "width": 6, "height": 2, "alignment": "sideways"}]"#, #"unknown attachments[0].alignment "sideways""#),
        (#"[{"at": 3, "width": 6, "height": 2, "alignment": "top", "baselineOffset": 2}]"#, "goes with the baseline alignment only"),
        (#"[{"at": 3, "width": 6, "height": 2}, {"at": 3, "width": 6, "height": 2}]"#, "has a box already"),
        (#"[{"at": 3, "width": 6, "height": 2, "colour": "red"}]"#, "unknown key attachments[0].colour (known: at, width, height, alignment, baselineOffset, id)"),
    ]

    @Test(arguments: bad)
    func badAttachmentsAnswerAnErrorNamingThem(_ attachments: String, _ phrase: String) throws {
        let request = #"{"id": "a", "text": "abc\ufffcd", "font": "Fonts/NotoSans-Regular.ttf", "attachments": \#(attachments)}"#
        let answer = try #require(try CLI.run(["batch", "--font-root", "Fonts"], input: request).jsonLines.first)
        #expect((answer["error"] as? String)?.contains(phrase) == true, "\(answer)")
    }
}
