// BatchLimitTests.swift — `caliper batch` answers an error naming the option, never a `null` number, for inputs past the limits.
@testable import CaliperBatch
import Foundation
import Testing

@Suite struct BatchLimitTests {
    static let font = #""font": "Fonts/DejaVuSans.ttf""#

    /// Each request is valid JSON with values that are each valid numbers; the layouts they ask
    /// for would overflow (they answered `null` widths and heights) or cost without bound.
    static let cases: [(request: String, phrase: String)] = [
        (#"{"id": 1, "text": "a\nb\nc", \#(font), "lineSpacing": 1e308}"#, "line spacing"),
        (#"{"id": 2, "op": "flow", "width": 300, "insets": [1e308, 0, 0, 0], "items": [{"text": "a", \#(font)}]}"#, "flow insets"),
        (#"{"id": 3, "op": "flow", "width": 300, "spacing": 1e308, "items": [{"text": "a", \#(font)}, {"text": "b", \#(font)}]}"#, "interitem spacing"),
        (#"{"id": 4, "op": "flow", "width": 300, "items": [{"text": "a", \#(font), "padding": [0, 1e308, 0, 0]}]}"#, "chip padding"),
        (#"{"id": 5, "op": "flow", "width": 300, "rounding": "pixel", "scale": 5e-324, "items": [{"text": "a", \#(font)}]}"#, "pixel scale"),
        (#"{"id": 6, "op": "flow", "width": 300, "items": [{"text": "a", \#(font), "maxWidth": -5}]}"#, "maximum width"),
        (#"{"id": 7, "op": "layout", "width": 300, "root": {"type": "stack", "axis": "vertical", "children": [{"type": "box", "width": 10, "height": 1e308}, {"type": "box", "width": 10, "height": 1e308}]}}"#, "box height"),
        (#"{"id": 8, "op": "layout", "width": 300, "root": {"type": "inset", "insets": [0, 0, 1e308, 0], "child": {"type": "box", "width": 1, "height": 1}}}"#, "insets"),
        (#"{"id": 9, "text": "a\#(String(repeating: "\\u0301", count: 300))", \#(font)}"#, "grapheme cluster"),
        (#"{"id": 10, "text": "a", \#(font), "fallback": [\#(Array(repeating: #""Fonts/DejaVuSans.ttf""#, count: 65).joined(separator: ","))]}"#, "fallback fonts"),
        (#"{"id": 11, "op": "flow", "width": 300, "items": [\#(Array(repeating: #"{"width": 1, "height": 1}"#, count: 10_001).joined(separator: ","))]}"#, "over the limit of 10000"),
        (#"{"id": 12, "op": "layout", "width": 300, "root": {"type": "spiral"}}"#, #"unknown root.type "spiral" (known: label, box, inset, stack, flow)"#),
        (#"{"id": 13, "text": "ab", \#(font), "letterSpacing": 1e308}"#, "letter spacing"),
        (#"{"id": 14, "op": "layout", "width": 1e308, "root": {"type": "box", "width": 1, "height": 1}}"#, "width"),
        // An overflow chip's format that grows past the text limit once its counts are in.
        (#"{"id": 15, "op": "flow", "width": 40, "maxRows": 1, "overflowFormat": "\#(String(repeating: "%d", count: 60_000))", "items": [\#(Array(repeating: #"{"text": "tag", \#(font)}"#, count: 12).joined(separator: ","))]}"#, "over the limit of 100000"),
    ]

    @Test func overflowingInputsAnswerErrorsNamingTheOption() throws {
        let result = try CLI.run(["batch", "--font-root", "Fonts"], input: Self.cases.map(\.request).joined(separator: "\n"))
        #expect(result.status == 0)
        let answers = result.jsonLines
        try #require(answers.count == Self.cases.count)
        for (answer, testCase) in zip(answers, Self.cases) {
            let message = answer["error"] as? String ?? "(no error: \(answer))"
            #expect(message.contains(testCase.phrase), "request \(answer["id"] ?? "?"): \(message)")
        }
        #expect(!result.standardOutput.contains("null,") && !result.standardOutput.contains("null]"))
    }

    /// A FIFO in the font root answered "not a usable font" only because a writer was there;
    /// with none, it blocked that request and every later one. The writer here keeps a
    /// regression from hanging the suite: it shows as the wrong message.
    @Test func aFIFOInTheFontRootIsRefusedAndTheBatchGoesOn() throws {
        let root = NSTemporaryDirectory() + "caliper-fifo-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.copyItem(atPath: CLI.path("Fonts/NotoSansThai-Regular.ttf"), toPath: root + "/thai.ttf")
        try #require(mkfifo(root + "/fifo.ttf", 0o600) == 0)
        let writer = open(root + "/fifo.ttf", O_RDWR | O_NONBLOCK)
        try #require(writer >= 0)
        defer { close(writer) }
        let requests = [
            #"{"id": 1, "text": "a", "font": "\#(root)/fifo.ttf"}"#,
            #"{"id": 2, "text": "a", "font": "\#(root)/thai.ttf", "fallback": ["\#(root)/fifo.ttf"]}"#,
            #"{"id": 3, "text": "ก", "font": "\#(root)/thai.ttf"}"#,
        ]
        let result = try CLI.run(["batch", "--font-root", root], input: requests.joined(separator: "\n"))
        let answers = result.jsonLines
        try #require(answers.count == 3)
        for answer in answers.prefix(2) {
            #expect((answer["error"] as? String)?.hasSuffix("fifo.ttf: it is a FIFO (named pipe), not a regular file") == true, "\(answer)")
        }
        #expect(answers[2]["width"] is Double)
    }

    /// The net under the bounds: an answer that would hold a NaN or an infinity is an error instead.
    @Test func aNonFiniteNumberIsNeverWritten() {
        var writer = JSONWriter()
        JSON.array([.number(1), .number(2)]).write(to: &writer)
        #expect(!writer.hasNonFiniteNumber)
        JSON.array([.number(.infinity)]).write(to: &writer)
        #expect(writer.hasNonFiniteNumber)
        #expect(!BatchProcessor.nonFiniteMessage.isEmpty)
    }
}
