// BatchParagraphTests.swift — `caliper batch` with a paragraph style per paragraph: Chromium's multi-paragraph layouts through the protocol, and bad `paragraphs`.
import Foundation
import TestSupport
import Testing

@Suite struct BatchParagraphTests {
    /// Every case of `Tests/Goldens/paragraphs.json` (headless Chromium: one `<p>` per paragraph
    /// with its own `direction` or `unicode-bidi: plaintext` and a fixed `line-height`) sent as a
    /// measure request with `paragraphs` gives Chromium's lines, line heights, height and word
    /// positions. A word's x is its run's x plus the width of the run's text before it (after
    /// it, in a right-to-left run), measured by one more request; the tolerance is the
    /// golden's: Chromium rounds each glyph's rect to 1/64 px, so the k-th word from the left is
    /// within (k + 1)/64 px (Tests/Goldens/paragraphs.md).
    @Test func chromiumsParagraphsThroughTheBatchGiveTheirNumbers() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: CLI.path("Tests/Goldens/paragraphs.json")))
        let golden = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let font = try #require(golden["font"] as? String)
        let cases = try #require(golden["cases"] as? [[String: Any]])
        try #require(cases.count >= 12)
        func fixed(_ object: [String: Any]) -> [String: Any] {
            var converted = object.filter { $0.key != "lineHeight" }
            if let height = object["lineHeight"] { (converted["minLineHeight"], converted["maxLineHeight"]) = (height, height) }
            return converted
        }
        func request(_ fields: [String: Any]) throws -> String {
            String(decoding: try JSONSerialization.data(withJSONObject: fields, options: .sortedKeys), as: UTF8.self)
        }
        var requests: [String] = []
        for (index, golden) in cases.enumerated() {
            let paragraphs = try #require(golden["paragraphs"] as? [[String: Any]])
            requests.append(
                try request(
                    fixed([
                        "id": index, "text": golden["text"] as Any, "font": font, "size": golden["size"] as Any,
                        "maxWidth": golden["maxWidth"] as Any, "direction": golden["direction"] as Any,
                        "lineHeight": golden["lineHeight"] as Any, "paragraphs": paragraphs.map(fixed),
                    ])))
        }
        let answers = try CLI.run(["batch", "--font-root", "Fonts"], input: requests.joined(separator: "\n")).jsonLines
        try #require(answers.count == cases.count)

        // The width of every run's text before (or after) each word, asked in one more batch.
        var pieces: [(text: String, size: Any)] = []
        var places: [(caseIndex: Int, word: [String: Any], run: [String: Any], piece: Int)] = []
        var differing: Set<String> = []  // the cases whose numbers are not Chromium's
        func check(_ agrees: Bool, _ name: String, _ what: @autoclosure () -> String) {
            guard !agrees else { return }
            differing.insert(name)
            Issue.record(Comment(rawValue: "\(name): \(what())"))
        }
        for (caseIndex, (answer, golden)) in zip(answers, cases).enumerated() {
            let name = golden["name"] as? String ?? "?"
            let expected = try #require(golden["expected"] as? [String: Any])
            let expectedLines = try #require(expected["lines"] as? [[String: Any]])
            let lines = answer["lines"] as? [[String: Any]] ?? []
            try #require(lines.count == expectedLines.count, "\(name): \(answer)")
            for (index, (line, expectedLine)) in zip(lines, expectedLines).enumerated() {
                check(line["start"] as? Int == expectedLine["start"] as? Int, name, "line \(index) start")
                check(abs((line["height"] as? Double ?? 0) - (expectedLine["height"] as? Double ?? -1)) <= 1e-9, name, "line \(index) height")
            }
            check(abs((answer["height"] as? Double ?? 0) - (expected["height"] as? Double ?? -1)) <= 1e-9, name, "height")
            let units = Array((golden["text"] as? String ?? "").utf16)
            for word in try #require(expected["words"] as? [[String: Any]]) {
                let (start, end, lineIndex) = (word["start"] as? Int ?? -1, word["end"] as? Int ?? -1, word["line"] as? Int ?? -1)
                let runs = lines[lineIndex]["runs"] as? [[String: Any]] ?? []
                let run = try #require(
                    runs.first { ($0["start"] as? Int ?? .max) <= start && end <= ($0["end"] as? Int ?? -1) }, "\(name): word \(start)")
                let isRightToLeft = (run["level"] as? Int ?? 0) % 2 == 1
                let runStart = run["start"] as? Int ?? 0
                let before = isRightToLeft ? units[runStart..<end] : units[runStart..<start]
                places.append((caseIndex, word, run, pieces.count))
                pieces.append((String(decoding: before, as: UTF16.self), golden["size"] as Any))
            }
        }
        let widthRequests = try pieces.enumerated().map { index, piece in
            try request(["id": index, "text": piece.text, "font": font, "size": piece.size])
        }
        let widths = try CLI.run(["batch", "--font-root", "Fonts"], input: widthRequests.joined(separator: "\n")).jsonLines
            .map { $0["width"] as? Double ?? .nan }
        try #require(widths.count == pieces.count)

        var wordsByLine: [String: (name: String, words: [(x: Double, golden: Double)])] = [:]
        for place in places {
            let name = cases[place.caseIndex]["name"] as? String ?? "?"
            let runX = place.run["x"] as? Double ?? .nan
            let isRightToLeft = (place.run["level"] as? Int ?? 0) % 2 == 1
            let x = isRightToLeft ? runX + (place.run["width"] as? Double ?? .nan) - widths[place.piece] : runX + widths[place.piece]
            wordsByLine["\(name) line \(place.word["line"] as? Int ?? -1)", default: (name, [])].words.append((x, place.word["x"] as? Double ?? .nan))
        }
        for (line, (name, words)) in wordsByLine {
            for (k, word) in words.sorted(by: { $0.golden < $1.golden }).enumerated() {
                check(abs(word.x - word.golden) <= Double(k + 1) / 64 + 1e-9, name, "\(line): word \(k) at \(word.x), Chromium \(word.golden)")
            }
        }
        #expect(places.count >= 200)
        Conformance.record("paragraphs", cases: cases.count, agreed: cases.count - differing.count)
    }

    /// A label in a layout takes `paragraphs` as a measure request does.
    @Test func aLabelTakesParagraphsAsAMeasureRequestDoes() throws {
        let text = #""text": "Title\nA body that wraps onto a second line", "font": "Fonts/DejaVuSans.ttf", "size": 15"#
        let paragraphs = #""paragraphs": [{"start": 6, "end": 7, "lineSpacing": 5, "minLineHeight": 24}]"#
        let input = [
            #"{"id": "m", \#(text), "maxWidth": 150, \#(paragraphs)}"#,
            #"{"id": "l", "op": "layout", "width": 150, "root": {"type": "label", "id": "body", \#(text), \#(paragraphs)}}"#,
            #"{"id": "plain", \#(text), "maxWidth": 150}"#,
        ]
        let answers = try CLI.run(["batch", "--font-root", "Fonts"], input: input.joined(separator: "\n")).jsonLines
        try #require(answers.count == 3)
        let height = try #require(answers[0]["height"] as? Double)
        let frames = try #require(answers[1]["frames"] as? [String: Any])
        let frame = try #require(frames["body"] as? [Double])
        #expect(frame[3] == height)
        #expect((answers[0]["lines"] as? [Any])?.count == 3)
        // Two body lines at 24 pt instead of 17.45, and 5 pt between them.
        let plainHeight: Double = answers[2]["height"] as? Double ?? .infinity
        let grown: Double = 2 * (24 - 17.5) + 5
        #expect(height > plainHeight + grown)
    }

    static let badParagraphs: [(String, String)] = [
        (#"[{"start": 0, "end": 3, "lineSpacing": 2}, {"start": 2, "end": 5, "lineSpacing": 4}]"#, "paragraphs[1] styles the paragraph at 0..<4, which paragraphs[0] styles too"),
        (#"[{"start": 2, "end": 1}]"#, "paragraphs[0] starts at 2, after its end 1"),
        (#"[{"start": 0, "end": 99}]"#, "paragraphs[0] ends at 99, past the text's 8 UTF-16 code units"),
        (#"[{"start": 0, "end": 6}]"#, "paragraphs[0].end 6 falls between the two halves of a surrogate pair"),
        (#"[{"end": 2}]"#, "missing paragraphs[0].start"),
        (#"[{"start": 0, "end": 1, "lineSpacing": -1}]"#, "paragraphs[0]: invalid line spacing -1.0"),
        (#"[{"start": 0, "end": 1, "maxLineHeight": 1e9}]"#, "paragraphs[0]: invalid maximum line height 1000000000.0: it must be at most"),
        (#"[{"start": 0, "end": 1, "direction": "up"}]"#, #"unknown paragraphs[0].direction "up" (known: natural, ltr, rtl)"#),
        (#"[{"start": 0, "end": 1, "lineBreak": "never"}]"#, #"unknown lineBreak "never""#),
        (#"[{"start": 0, "end": 1, "maxLines": 2}]"#, "unknown key paragraphs[0].maxLines"),
        (#"[{"start": 0, "end": 1, "lineSpacng": 2}]"#, "did you mean lineSpacing?"),
        (#"{"start": 0}"#, #""paragraphs" must be an array of objects"#),
    ]

    @Test(arguments: badParagraphs)
    func badParagraphsAnswerAnErrorNamingThem(_ paragraphs: String, _ phrase: String) throws {
        let request = #"{"id": "p", "text": "abc\nd😀e", "font": "Fonts/DejaVuSans.ttf", "maxLines": 3, "paragraphs": \#(paragraphs)}"#
        let next = #"{"id": "next", "text": "ok", "font": "Fonts/DejaVuSans.ttf"}"#
        let answers = try CLI.run(["batch", "--font-root", "Fonts"], input: request + "\n" + next).jsonLines
        try #require(answers.count == 2)
        #expect((answers[0]["error"] as? String)?.contains(phrase) == true, "\(answers[0])")
        #expect(answers[1]["width"] is Double)
    }

    /// The request's own paragraph style keys are checked as before, with no path.
    @Test func theRequestsOwnParagraphStyleIsChecked() throws {
        let input = [
            #"{"id": 1, "text": "a", "font": "Fonts/DejaVuSans.ttf", "lineHeightMultiple": -2}"#,
            #"{"id": 2, "text": "a", "font": "Fonts/DejaVuSans.ttf", "direction": "sideways"}"#,
            #"{"id": 3, "text": "a\nb", "font": "Fonts/DejaVuSans.ttf", "minLineHeight": 30, "maxLineHeight": 30}"#,
            #"{"id": 4, "text": "a", "font": "Fonts/LiberationSans-Regular.ttf", "size": 20, "usesFontLeading": false}"#,
            #"{"id": 5, "text": "a", "font": "Fonts/LiberationSans-Regular.ttf", "size": 20, "usesFontLeading": "no"}"#,
        ]
        let answers = try CLI.run(["batch", "--font-root", "Fonts"], input: input.joined(separator: "\n")).jsonLines
        try #require(answers.count == 5)
        // Liberation Sans: ascender 1854, descender −434, lineGap 67 units of 2048 (metrics.json).
        #expect(answers[3]["height"] as? Double == Double(1854 + 434) * 20 / 2048)
        #expect(answers[4]["error"] as? String == #""usesFontLeading" must be true or false"#)
        let flag = try CLI.run(["measure", "a", "--font", "Fonts/LiberationSans-Regular.ttf", "--size", "20", "--no-font-leading", "--json"])
        #expect(flag.jsonLines.first?["height"] as? Double == Double(1854 + 434) * 20 / 2048)
        #expect((answers[0]["error"] as? String)?.hasPrefix("invalid line height multiple -2.0") == true, "\(answers[0])")
        #expect((answers[1]["error"] as? String)?.hasPrefix(#"unknown direction "sideways""#) == true, "\(answers[1])")
        #expect(answers[2]["height"] as? Double == 60)
    }
}
