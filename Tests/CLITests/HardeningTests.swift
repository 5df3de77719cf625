// HardeningTests.swift — inputs that were answered silently or slowly, each now refused with its own message or honoured.
import Caliper
import Foundation
import Testing

@Suite struct HardeningTests {
    /// C would end a font name at its NUL and open another file than the one named.
    @Test func aFontNameHoldingNULIsRefused() throws {
        let answers = try CLI.batchAnswers([
            #"{"id": 1, "text": "a", "font": "Fonts/DejaVuSans.ttf\u0000.ttf"}"#,
            #"{"id": 2, "text": "a", "font": "DejaVu Sans\u0000:bold"}"#,
            #"{"id": 3, "op": "flow", "width": 100, "items": [{"text": "a", "font": "Fonts/DejaVuSans.ttf\u0000"}]}"#,
        ])
        #expect(answers.count == 3)
        for answer in answers {
            #expect((answer["error"] as? String)?.contains("holds a NUL character") == true, "\(answer)")
        }
        let measured = try CLI.run(["measure", "a", "--font", "Fonts/DejaVuSans.ttf\u{1}"])
        #expect(measured.status != 0, "a control character other than NUL is part of the name: no such file")
    }

    /// Nesting past the parser's depth names the limit; a tab interval under its minimum names its range.
    @Test func limitsAreNamed() throws {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        let answers = try CLI.batchAnswers([
            deep,
            #"{"id": 2, "text": "a\tb", "tabStops": [], "defaultTabInterval": 5e-324}"#,
            #"{"id": 3, "text": "a\tb", "tabStops": [], "defaultTabInterval": 0.015625}"#,
        ])
        #expect((answers[0]["error"] as? String)?.contains("nested deeper than 512") == true, "\(answers[0])")
        #expect((answers[1]["error"] as? String)?.contains("must be 0 (none) or from 0.015625") == true, "\(answers[1])")
        #expect(answers[2]["width"] is Double, "\(answers[2])")
    }

    /// Each repeated option is counted before ArgumentParser parses it (which took over 20 s for
    /// 10,000 `--feature` flags); the style's own limit on features applies after it.
    @Test func repeatedOptionsAreCountedBeforeParsing() throws {
        let flood = try CLI.run(["measure", "Hello"] + Array(repeating: ["--feature", "kern"], count: 5_000).flatMap { $0 })
        #expect(flood.status == 64)
        #expect(flood.standardError.contains("--feature is given 5000 times; an option may be given at most 1024 times"), "\(flood.standardError)")
        let many = try CLI.run(["measure", "Hello"] + (0..<300).flatMap { ["--feature", "kern=\($0)"] })
        #expect(many.status != 0)
        #expect(many.standardError.contains("too many OpenType feature settings: 300 (at most 256)"), "\(many.standardError)")
        let answers = try CLI.batchAnswers([#"{"id": 1, "text": "a", "features": [\#((0..<257).map { "\"kern=\($0)\"" }.joined(separator: ","))]}"#])
        #expect((answers[0]["error"] as? String)?.contains("at most 256") == true, "\(answers[0])")
    }

    /// A negative number is a number: the option's own range check answers, not "Missing value".
    @Test func negativeNumbersReachTheirOptionsChecks() throws {
        let flow = try CLI.run(["flow", "a", "--width", "-20"])
        #expect(flow.status == 64)
        #expect(flow.standardError.contains("--width must be a finite number from 0"), "\(flow.standardError)")
        let measure = try CLI.run(["measure", "Hello", "--font", CLI.path("Fonts/DejaVuSans.ttf"), "--letter-spacing", "-0.5", "--json"])
        #expect(measure.status == 0, "\(measure.standardError)")
        let width = try #require(measure.jsonLines.first?["width"] as? Double)
        let plain = try #require(try CLI.run(["measure", "Hello", "--font", CLI.path("Fonts/DejaVuSans.ttf"), "--json"]).jsonLines.first?["width"] as? Double)
        #expect(abs(width - (plain - 2.5)) < 1e-9, "five clusters, each 0.5 pt narrower")
    }

    /// Human-readable numbers carry no binary noise: 16 + 101.29 prints 117.29. `--json` keeps every bit.
    @Test func humanReadableNumbersHaveNoNoise() throws {
        let args = ["flow", "--width", "300", "--font", CLI.path("Fonts/DejaVuSans.ttf"), "--spacing", "0.7", "--padding", "0.3", "swift", "ios", "kotlin"]
        let text = try CLI.run(args)
        #expect(text.status == 0, "\(text.standardError)")
        // 0.3 + 40.13544921875 + 0.7 is 41.135449218750004 in binary.
        #expect(text.standardOutput.contains("2: [41.13544921875, 0.0, 24.58095703125, 20.3890625]"), "\(text.standardOutput)")
        #expect(text.standardOutput.contains("3: [66.41640625, 0.0, 47.12587890625, 20.3890625]"), "\(text.standardOutput)")
    }

    /// The version is written once (`CaliperVersion`), printed by `caliper --version`, and is the
    /// newest release CHANGELOG.md records: a version bump without its CHANGELOG entry fails here.
    @Test func versionIsPrintedAndRecordedInTheChangelog() throws {
        let result = try CLI.run(["--version"])
        #expect(result.status == 0)
        #expect(result.standardOutput == CaliperVersion.string + "\n", "\(result.standardOutput)")
        #expect(CaliperVersion.string.range(of: #"^\d+\.\d+\.\d+$"#, options: .regularExpression) != nil)
        let changelog = try String(contentsOf: CLI.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let releases = changelog.split(separator: "\n").filter { $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]") }
        #expect(releases.first?.hasPrefix("## [\(CaliperVersion.string)] — ") == true, "\(releases.first ?? "no release")")
    }

    /// An id that overflows a Double reads as infinity, which JSON cannot write: the answer is the
    /// error for a number too large, its id null, whatever else the request got wrong or right.
    @Test func anIdBeyondADoubleIsAnsweredAsANumberTooLarge() throws {
        let answers = try CLI.batchAnswers([
            #"{"id": 1e400, "op": "nope"}"#,
            #"{"id": -1e999, "text": "Hello", "font": "\#(CLI.path("Fonts/DejaVuSans.ttf"))"}"#,
        ])
        #expect(answers.count == 2)
        for answer in answers {
            #expect(answer["error"] as? String == "the result has a number too large to represent (an input is too large for the layout)", "\(answer)")
            #expect(answer["id"] is NSNull, "\(answer)")
        }
    }

    /// Layout keys that could not apply were dropped silently; each is now refused, naming it.
    @Test func layoutKeysThatCannotApplyAreRefused() throws {
        let answers = try CLI.batchAnswers([
            #"{"id": 1, "op": "layout", "width": 300, "root": {"type": "box", "width": 100, "height": 50, "aspectRatio": 2}}"#,
            #"{"id": 2, "op": "layout", "width": 300, "root": {"type": "stack", "axis": "vertical", "children": [{"type": "box", "width": 10, "height": 10, "flexible": true}]}}"#,
            #"{"id": 3, "op": "layout", "width": 300, "root": {"type": "stack", "axis": "horizontal", "children": [{"type": "box", "aspectRatio": 1, "flexible": true}]}}"#,
        ])
        #expect((answers[0]["error"] as? String)?.contains("not height with aspectRatio") == true, "\(answers[0])")
        #expect((answers[1]["error"] as? String)?.contains("root.children[0].flexible: only a child of a horizontal stack") == true, "\(answers[1])")
        #expect(answers[2]["error"] == nil, "\(answers[2])")
        let spec = #"{"width": 200, "root": {"type": "box", "id": "b", "width": 10, "height": 10}}"#
        let guides = try CLI.withTemporaryFile(spec) { try CLI.run(["layout", $0, "--show-guides"]) }
        #expect(guides.status == 64)
        #expect(guides.standardError.contains("--show-guides draws into the SVG: give --svg FILE too"), "\(guides.standardError)")
    }

    /// A fixed box is required on both axes, so a root box keeps its size in a wider layout.
    @Test func aFixedRootBoxKeepsItsWidth() throws {
        let answers = try CLI.batchAnswers([
            #"{"id": 1, "op": "layout", "width": 300, "root": {"type": "box", "id": "b", "width": 100, "height": 50}}"#,
            #"{"id": 2, "op": "layout", "width": 300, "root": {"type": "inset", "id": "i", "insets": [1, 2, 3, 4], "child": {"type": "box", "id": "b", "width": 100, "height": 50}}}"#,
            #"{"id": 3, "op": "layout", "width": 300, "root": {"type": "box", "id": "b", "aspectRatio": 2}}"#,
        ])
        #expect(answers[0]["size"] as? [Double] == [100, 50], "\(answers[0])")
        #expect((answers[0]["frames"] as? [String: [Double]])?["b"] == [0, 0, 100, 50])
        #expect((answers[1]["frames"] as? [String: [Double]])?["i"] == [0, 0, 106, 54], "\(answers[1])")
        #expect((answers[2]["frames"] as? [String: [Double]])?["b"] == [0, 0, 300, 150], "an aspect-ratio box takes the width")
    }
}
