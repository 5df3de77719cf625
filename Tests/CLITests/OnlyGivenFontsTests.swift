// OnlyGivenFontsTests.swift — the default font is DejaVu Sans on every machine, and --only-given-fonts / "onlyGivenFonts" measure with the named fonts alone.
import Foundation
import Testing

@Suite struct OnlyGivenFontsTests {
    /// An emoji no Noto Sans glyph covers: found in Noto Color Emoji by fontconfig's fallback (the
    /// tests' fontconfig lists the fixture fonts), or counted as missing with the given font alone.
    static let text = "ok 😀"

    func runFonts(_ json: [String: Any]) -> [String] {
        ((json["lines"] as? [[String: Any]]) ?? []).flatMap { ($0["runs"] as? [[String: Any]]) ?? [] }.compactMap { $0["font"] as? String }
    }

    @Test func measureWithOnlyTheGivenFontFindsNoFallback() throws {
        let arguments = ["measure", Self.text, "--font", "Fonts/NotoSans-Regular.ttf", "--json"]
        let machine = try #require(try CLI.run(arguments).jsonLines.first)
        #expect(machine["missingGlyphs"] as? Int == 0)
        #expect(runFonts(machine).contains { $0.hasSuffix("NotoColorEmoji.ttf") })
        let given = try #require(try CLI.run(arguments + ["--only-given-fonts"]).jsonLines.first)
        #expect(given["missingGlyphs"] as? Int == 1)
        #expect(runFonts(given).allSatisfy { $0 == "Fonts/NotoSans-Regular.ttf" })
        // A --fallback is a given font.
        let fallback = try #require(try CLI.run(arguments + ["--only-given-fonts", "--fallback", "Fonts/NotoColorEmoji.ttf"]).jsonLines.first)
        #expect(fallback["missingGlyphs"] as? Int == 0)
    }

    @Test func onlyGivenFontsNeedsAFont() throws {
        let result = try CLI.run(["measure", "x", "--only-given-fonts"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("--only-given-fonts needs --font"))
    }

    @Test func batchRequestsUseOnlyTheirFontsWhenAskedOrWithTheFlag() throws {
        let requests = [
            #"{"id": 1, "text": "ok 😀", "font": "Fonts/NotoSans-Regular.ttf"}"#,
            #"{"id": 2, "text": "ok 😀", "font": "Fonts/NotoSans-Regular.ttf", "onlyGivenFonts": true}"#,
            #"{"id": 3, "text": "ok", "onlyGivenFonts": true}"#,
            #"{"id": 4, "op": "flow", "width": 300, "onlyGivenFonts": true, "items": [{"text": "ok"}]}"#,
            #"{"id": 5, "op": "layout", "width": 300, "onlyGivenFonts": true, "root": {"type": "label", "text": "ok 😀", "font": "Fonts/NotoSans-Regular.ttf"}}"#,
            #"{"id": 6, "text": "ok"}"#,
        ].joined(separator: "\n")
        let answers = try CLI.run(["batch"], input: requests).jsonLines
        try #require(answers.count == 6)
        #expect(answers[0]["missingGlyphs"] as? Int == 0)
        #expect(answers[1]["missingGlyphs"] as? Int == 1)
        #expect((answers[2]["error"] as? String)?.hasPrefix(#"missing "font": only the fonts given are used"#) == true, "\(answers[2])")
        #expect((answers[3]["error"] as? String)?.hasPrefix("missing items[0].font") == true, "\(answers[3])")
        // The label is as wide as Noto Sans's .notdef makes it, not the emoji font's glyph.
        #expect(answers[4]["error"] == nil)
        #expect(answers[5]["width"] is Double)
        // With the flag every request is so, whatever it says.
        let flagged = try CLI.run(["batch", "--only-given-fonts"], input: requests).jsonLines
        try #require(flagged.count == 6)
        #expect(flagged[0]["missingGlyphs"] as? Int == 1)
        #expect((flagged[5]["error"] as? String)?.hasPrefix(#"missing "font""#) == true)
    }

    @Test func layoutWithOnlyGivenFontsRefusesATextWithoutAFont() throws {
        let spec = #"{"width": 200, "root": {"type": "stack", "axis": "vertical", "children": [{"type": "label", "text": "x"}]}}"#
        let result = try CLI.withTemporaryFile(spec) { try CLI.run(["layout", $0, "--only-given-fonts"]) }
        #expect(result.status == 1)
        #expect(result.standardError.contains("missing root.children[0].font"), "\(result.standardError)")
        let plain = try CLI.withTemporaryFile(spec) { try CLI.run(["layout", $0]) }
        #expect(plain.status == 0, "\(plain.standardError)")
    }

    /// Without a font the CLI measures in DejaVu Sans, whatever else fontconfig knows: the tests'
    /// fontconfig lists every fixture font (its own `sans-serif` choice would be another), and a
    /// machine without DejaVu Sans gets an error rather than another font.
    @Test func theDefaultFontIsDejaVuSans() throws {
        let metrics = try #require(try CLI.run(["metrics", "--json"]).jsonLines.first)
        #expect((metrics["path"] as? String)?.hasSuffix("/DejaVuSans.ttf") == true, "\(metrics)")
        let measured = try #require(try CLI.run(["measure", "Hello, World", "--json"]).jsonLines.first)
        #expect(measured["width"] as? Double == Double(try CLI.goldenAdvance("Hello, World")) * 17 / 2048)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("caliper-no-dejavu-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("NotoSans-Regular.ttf").path, withDestinationPath: CLI.path("Fonts/NotoSans-Regular.ttf"))
        let configuration = folder.appendingPathComponent("fonts.conf")
        try Data("<fontconfig><dir>\(folder.path)</dir><cachedir>\(folder.path)/cache</cachedir></fontconfig>".utf8).write(to: configuration)
        let without = try CLI.run(["measure", "x"], environment: ["FONTCONFIG_FILE": configuration.path])
        #expect(without.status == 1)
        #expect(without.standardError.contains(#"no installed font matches "DejaVu Sans""#), "\(without.standardError)")
    }

    @Test func theHelpStatesTheDefaults() throws {
        let help = try CLI.run(["measure", "--help"]).standardOutput.replacingOccurrences(of: "\n", with: " ")
            .split(separator: " ").joined(separator: " ")
        #expect(help.contains("Default: DejaVu Sans"))
        #expect(help.contains("Default: every installed font, in fontconfig's fallback order"))
        #expect(help.contains("--only-given-fonts"))
        let layoutHelp = try CLI.run(["layout", "--help"]).standardOutput
        #expect(layoutHelp.contains("--only-given-fonts"))
    }
}
