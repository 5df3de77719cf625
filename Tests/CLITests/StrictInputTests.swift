// StrictInputTests.swift — unknown keys in layout specs and batch requests are errors naming their path and the nearest known key.
@testable import CaliperBatch
import Foundation
import Testing

@Suite struct StrictInputTests {
    /// Examples/title-content-cell.json with one change, written with absolute font paths to a
    /// temporary file and laid out.
    func layout(_ original: String, replacedBy replacement: String) throws -> CLIResult {
        var spec = try String(contentsOfFile: CLI.path("Examples/title-content-cell.json"), encoding: .utf8)
            .replacingOccurrences(of: "\"../Fonts/", with: "\"\(CLI.path("Fonts"))/")
        try #require(spec.contains(original))
        spec = spec.replacingOccurrences(of: original, with: replacement)
        return try CLI.withTemporaryFile(spec) { try CLI.run(["layout", $0, "--json"]) }
    }

    static let misspeltSpecs: [(String, String, String)] = [
        (#""numberOfLines": 1"#, #""numberOfLine": 1"#, "unknown key root.child.children[0].numberOfLine: did you mean numberOfLines?"),
        (#""lineBreak""#, #""linebreak""#, "unknown key root.child.children[0].linebreak: did you mean lineBreak?"),
        (#""size": 14"#, #""size": 14, "fallbackk": []"#, "unknown key root.child.children[1].fallbackk: did you mean fallback?"),
        (#""size": 17"#, #""size": 17, "weight": 700"#,
         #"unknown key root.child.children[0].weight: a font's weight, style and family are chosen with "font""#),
        (#""size": 17"#, #""size": 17, "colour": "red""#, "unknown key root.child.children[0].colour (known: type, id, description, text, markup, spans"),
        (#""width": 375"#, #""widht": 375"#, "unknown key widht: did you mean width?"),
        (#""alignment": "fill""#, #""alignment": "fill", "flexible": true"#, "unknown key root.child.flexible (known: "),
        (#""type": "stack""#, #""type": "stack", "children ": []"#, #"unknown key root.child."children ": did you mean children?"#),
    ]

    @Test(arguments: misspeltSpecs)
    func aMisspeltKeyInASpecIsAnErrorNamingItsPath(_ original: String, _ replacement: String, _ message: String) throws {
        let result = try layout(original, replacedBy: replacement)
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }

    @Test func theSpecAsWrittenIsAccepted() throws {
        let result = try layout(#""width": 375"#, replacedBy: #""width": 375"#)
        #expect(result.status == 0, "\(result.standardError)")
    }

    static let font = #""font": "Fonts/NotoSans-Regular.ttf""#
    static let misspeltRequests: [(String, String)] = [
        (#"{"id": "m", "text": "x", \#(font), "maxwidth": 100}"#, "unknown key maxwidth: did you mean maxWidth?"),
        (#"{"id": "m", "text": "x", \#(font), "numberOfLines": 1}"#, "unknown key numberOfLines (known: id, op, onlyGivenFonts, text"),
        (#"{"id": "m", "text": "x", \#(font), "spans": [{"start": 0, "end": 1, "fnt": "x"}]}"#, "unknown key spans[0].fnt: did you mean font?"),
        (#"{"id": "m", "op": "flow", "width": 100, "items": [], "linespacing": 4}"#, "unknown key linespacing: did you mean lineSpacing?"),
        (#"{"id": "m", "op": "flow", "width": 100, "items": [{"text": "x", \#(font), "paddding": [1, 1, 1, 1]}]}"#,
         "unknown key items[0].paddding: did you mean padding?"),
        (#"{"id": "m", "op": "flow", "width": 100, "items": [{"width": 10, "height": 10, "baseline": 5}]}"#,
         "unknown key items[0].baseline (known: id, width, height)"),
        (#"{"id": "m", "op": "flow", "width": 100, "items": [{"text": "x", \#(font), "attachments": [{"at": 0, "width": 1, "height": 1, "aligment": "top"}]}]}"#,
         "unknown key items[0].attachments[0].aligment: did you mean alignment?"),
        (#"{"id": "m", "op": "layout", "width": 100, "rot": {"type": "box", "width": 1, "height": 1}}"#, "unknown key rot: did you mean root?"),
        (#"{"id": "m", "op": "layout", "width": 100, "root": {"type": "stack", "axis": "vertical", "children": [{"type": "label", "text": "x", \#(font), "numberOfLine": 1}]}}"#,
         "unknown key root.children[0].numberOfLine: did you mean numberOfLines?"),
        (#"{"id": "m", "op": "layout", "width": 100, "root": {"type": "flow", "items": [{"text": "x", \#(font), "spans": [{"start": 0, "end": 1, "sizee": 3}]}]}}"#,
         "unknown key root.items[0].spans[0].sizee: did you mean size?"),
        (#"{"id": "m", "op": "layout", "width": 100, "root": {"type": "inset", "insets": [0, 0, 0, 0], "child": {"type": "box", "width": 1, "hieght": 1}}}"#,
         "unknown key root.child.hieght: did you mean height?"),
    ]

    /// Each op, and each kind of object inside a request, answers the usual error with the key's
    /// path; the batch goes on.
    @Test(arguments: misspeltRequests)
    func aMisspeltKeyInABatchRequestIsAnErrorAnswer(_ request: String, _ message: String) throws {
        let next = #"{"id": "next", "text": "ok", "font": "Fonts/NotoSans-Regular.ttf"}"#
        let answers = try CLI.run(["batch"], input: request + "\n" + next).jsonLines
        try #require(answers.count == 2)
        #expect(answers[0].keys.sorted() == ["error", "id"])
        #expect(answers[0]["id"] as? String == "m")
        #expect((answers[0]["error"] as? String)?.contains(message) == true, "\(answers[0])")
        #expect(answers[1]["width"] is Double)
    }

    /// Every key the batch protocol's article documents, in one request per op (and one node of each type), is accepted.
    @Test func everyDocumentedKeyIsAccepted() throws {
        let style = #""font": "Fonts/Inter.var.ttf", "variations": {"wght": 600}, "size": 15, "letterSpacing": 0.5, "features": ["tnum"], "fallback": ["Fonts/NotoColorEmoji.ttf"], "language": "en", "baselineOffset": 1"#
        let text = #""text": "Hi \ufffc there", "spans": [{"start": 0, "end": 2, "font": "Fonts/Inter.var.ttf", "variations": {"wght": 700}, "size": 16, "letterSpacing": 0, "features": [], "baselineOffset": 0, "language": "en", "fallback": []}], "attachments": [{"at": 3, "width": 10, "height": 10, "alignment": "baseline", "baselineOffset": 1, "id": "box"}]"#
        let requests = [
            #"{"id": 1, "op": "measure", \#(text), \#(style), "maxWidth": 100, "maxLines": 2, "lineBreak": "truncate-tail", "lineSpacing": 2, "direction": "ltr", "onlyGivenFonts": true}"#,
            #"{"id": 2, "markup": "<b>Hi</b> there", "font": "Fonts/NotoSans-Regular.ttf"}"#,
            #"{"id": 3, "op": "flow", "width": 200, "insets": [1, 2, 3, 4], "spacing": 6, "lineSpacing": 4, "alignment": "left", "verticalAlignment": "firstBaseline", "rtl": false, "maxRows": 2, "overflowFormat": "+%d", "overflow": true, "packing": "greedy", "rounding": "pixel", "scale": 2, "horizontal": false, "onlyGivenFonts": false, "items": [{"id": "a", \#(text), \#(style), "padding": [4, 10, 4, 10], "minWidth": 20, "maxWidth": 150, "maxLines": 2}, {"id": "b", "width": 20, "height": 20}]}"#,
            #"{"id": 4, "op": "layout", "width": 320, "onlyGivenFonts": false, "root": {"type": "inset", "id": "cell", "description": "a cell", "insets": [8, 8, 8, 8], "child": {"type": "stack", "axis": "vertical", "spacing": 4, "alignment": "fill", "children": [{"type": "stack", "axis": "horizontal", "children": [{"type": "box", "id": "avatar", "width": 40, "height": 40}, {"type": "box", "aspectRatio": 2, "flexible": true}]}, {"type": "label", "id": "name", \#(text), \#(style), "numberOfLines": 1, "lineBreak": "word", "lineSpacing": 2}, {"type": "flow", "id": "tags", "items": [{"text": "x", "font": "Fonts/NotoSans-Regular.ttf"}], "insets": [0, 0, 0, 0], "spacing": 8, "lineSpacing": 8, "alignment": "center", "verticalAlignment": "top", "rtl": true, "maxRows": 1, "overflowFormat": "+%d", "overflow": false, "packing": "balanced", "rounding": "none", "horizontal": false}]}}}"#,
        ]
        let answers = try CLI.run(["batch"], input: requests.joined(separator: "\n")).jsonLines
        try #require(answers.count == requests.count)
        for answer in answers { #expect(answer["error"] == nil, "\(answer)") }
    }

    /// The Markdown files whose JSON examples are requests: the README and every article of the
    /// two DocC catalogues, in a fixed order.
    static func documentation() throws -> [String] {
        var files = ["README.md"]
        for catalogue in ["Sources/Caliper/Caliper.docc", "Sources/CaliperLayout/CaliperLayout.docc"] {
            let found = try #require(FileManager.default.enumerator(atPath: CLI.path(catalogue)))
            files += found.compactMap { $0 as? String }.filter { $0.hasSuffix(".md") }.sorted().map { "\(catalogue)/\($0)" }
        }
        return files
    }

    /// The requests in the JSON blocks of the README and the DocC articles are answered without an
    /// error (their font paths are relative to the repository root, where the batch runs).
    @Test func theDocumentedRequestsAreAccepted() throws {
        var requests: [String] = []
        for file in try Self.documentation() {
            let text = try String(contentsOfFile: CLI.path(file), encoding: .utf8)
            let blocks = text.components(separatedBy: "```json\n").dropFirst().compactMap { $0.components(separatedBy: "\n```").first }
            requests += try blocks.compactMap { block -> String? in
                let object = try #require(try JSONSerialization.jsonObject(with: Data(block.utf8)) as? [String: Any], "\(file): \(block)")
                guard object["text"] != nil || object["markup"] != nil || object["op"] != nil else { return nil }
                return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
            }
        }
        try #require(requests.count >= 10)
        let answers = try CLI.run(["batch"], input: requests.joined(separator: "\n")).jsonLines
        try #require(answers.count == requests.count)
        for (request, answer) in zip(requests, answers) { #expect(answer["error"] == nil, "\(request) → \(answer)") }
    }

    /// Every key a request or a spec object may have is in the batch protocol's article, written
    /// as code (`` `key` ``), so the reference lists each key the reader accepts.
    @Test func everyKnownKeyIsInTheBatchProtocolArticle() throws {
        let article = try String(contentsOfFile: CLI.path("Sources/Caliper/Caliper.docc/BatchProtocol.md"), encoding: .utf8)
        let lists: [(String, KnownKeys)] = [
            ("measure request", BatchProcessor.measureRequestKeys), ("flow request", BatchProcessor.flowRequestKeys),
            ("layout request", BatchProcessor.layoutRequestKeys), ("label", LayoutSpec.labelKeys), ("box", LayoutSpec.boxKeys),
            ("inset", LayoutSpec.insetKeys), ("stack", LayoutSpec.stackKeys), ("stack child", LayoutSpec.stackChildKeys),
            ("flow node", LayoutSpec.flowNodeKeys), ("chip", LayoutSpec.chipKeys), ("fixed item", LayoutSpec.fixedItemKeys),
            ("span", LayoutSpec.spanKeys), ("attachment", LayoutSpec.attachmentKeys), ("paragraphs entry", LayoutSpec.paragraphKeys),
            ("tab stop", LayoutSpec.tabStopKeys), ("priorities", LayoutSpec.axisPriorityKeys),
            ("systemFont", LayoutSpec.systemFontKeys),
        ]
        for (kind, keys) in lists {
            for key in keys.names { #expect(article.contains("`\(key)`"), "the \(kind) key \(key) is not in BatchProtocol.md") }
        }
    }

    static let suggestions: [(String, KnownKeys, String?)] = [
        ("numberOfLine", LayoutSpec.labelKeys, "numberOfLines"),
        ("linebreak", LayoutSpec.labelKeys, "lineBreak"),
        ("lienBreak", LayoutSpec.labelKeys, "lineBreak"),
        ("fallbackk", LayoutSpec.labelKeys, "fallback"),
        ("sise", LayoutSpec.spanKeys, "size"),
        ("weight", LayoutSpec.labelKeys, nil),
        ("colour", LayoutSpec.attachmentKeys, nil),
        ("x", LayoutSpec.boxKeys, nil),
        ("", LayoutSpec.boxKeys, nil),
        ("wdith", LayoutSpec.boxKeys, "width"),
        ("maximumNumberOfLines", LayoutSpec.labelKeys, nil),
    ]

    @Test(arguments: suggestions)
    func theNearestKeyIsSuggestedOnlyWhenItIsClose(_ key: String, _ known: KnownKeys, _ expected: String?) {
        #expect(NearestKey.suggestion(for: key, among: known.names) == expected)
    }

    @Test func anIDNamingTwoFramesIsAnError() throws {
        let requests = [
            #"{"id": 1, "op": "layout", "width": 100, "root": {"type": "stack", "axis": "vertical", "children": [{"type": "box", "id": "a", "width": 1, "height": 1}, {"type": "box", "id": "a", "width": 1, "height": 1}]}}"#,
            // A chip is named tags[1] by its flow: a node may not take that name.
            #"{"id": 2, "op": "layout", "width": 100, "root": {"type": "stack", "axis": "vertical", "children": [{"type": "flow", "id": "tags", "items": [{"width": 1, "height": 1}, {"width": 1, "height": 1}]}, {"type": "box", "id": "tags[1]", "width": 1, "height": 1}]}}"#,
            #"{"id": 3, "op": "layout", "width": 100, "root": {"type": "label", "id": "badge", "text": "a\ufffc", "font": "Fonts/NotoSans-Regular.ttf", "attachments": [{"at": 1, "width": 4, "height": 4, "id": "badge"}]}}"#,
            // Items of a flow without an id have no names, so nothing clashes.
            #"{"id": 4, "op": "layout", "width": 100, "root": {"type": "stack", "axis": "vertical", "children": [{"type": "flow", "items": [{"width": 1, "height": 1}]}, {"type": "box", "id": "[0]", "width": 1, "height": 1}]}}"#,
        ]
        let answers = try CLI.run(["batch"], input: requests.joined(separator: "\n")).jsonLines
        try #require(answers.count == 4)
        #expect(answers[0]["error"] as? String == #"the id "a" names two frames, root.children[0] and root.children[1]; ids must be unique in a cell"#)
        #expect(answers[1]["error"] as? String == #"the id "tags[1]" names two frames, root.children[0].items[1] and root.children[1]; ids must be unique in a cell"#)
        #expect(answers[2]["error"] as? String == #"the id "badge" names two frames, root and root.attachments[0]; ids must be unique in a cell"#)
        #expect(answers[3]["error"] == nil, "\(answers[3])")
    }

    /// Chips are named in batch answers as in `caliper layout --json`: own ids, flow id and index, the overflow chip.
    @Test func batchLayoutAnswersNameEveryChip() throws {
        let chip = #"{"text": "swift", "font": "Fonts/NotoSans-Regular.ttf", "padding": [4, 10, 4, 10]}"#
        let own = #"{"id": "mine", "text": "ios", "font": "Fonts/NotoSans-Regular.ttf"}"#
        let request = #"{"id": 1, "op": "layout", "width": 200, "root": {"type": "flow", "id": "tags", "maxRows": 1, "items": [\#(chip), \#(own), \#(chip), \#(chip), \#(chip)]}}"#
        let answer = try #require(try CLI.run(["batch"], input: request).jsonLines.first)
        let frames = try #require(answer["frames"] as? [String: [Double]], "\(answer)")
        #expect(frames["tags[0]"]?[0] == 0)
        #expect(frames["mine"] != nil && frames["tags[1]"] == nil)
        #expect(frames["tags.overflow"] != nil)
        #expect(frames["tags[4]"] == nil)
    }
}
