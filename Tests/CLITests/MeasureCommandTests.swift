// MeasureCommandTests.swift — `caliper measure`, `metrics` and `fonts`: output and every error path.
import Foundation
import Testing

@Suite struct MeasureCommandTests {
    let dejaVu = "Fonts/DejaVuSans.ttf"

    @Test func measurePrintsTheHbShapeWidth() throws {
        let result = try CLI.run(["measure", "Hello, World", "--font", dejaVu, "--size", "17"])
        #expect(result.status == 0)
        let widthLine = try #require(result.standardOutput.split(separator: "\n").first { $0.hasPrefix("width: ") })
        let width = try #require(Double(widthLine.dropFirst("width: ".count)))
        #expect(abs(width - Double(try CLI.goldenAdvance("Hello, World")) * 17 / 2048) < 1e-6)
    }

    @Test func mixedScriptsReportRunsWhoseWidthsAreHbShapes() throws {
        let result = try CLI.run([
            "measure", "Hello 世界 🌍 مرحبا", "--font", "Fonts/NotoSans-Regular.ttf", "--fallback", "Fonts/DroidSansFallbackFull.ttf",
            "--fallback", "Fonts/NotoColorEmoji.ttf", "--fallback", "Fonts/NotoSansArabic-Regular.ttf", "--json",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let json = try #require(result.jsonLines.first)
        let runs = try #require((json["lines"] as? [[String: Any]])?.first?["runs"] as? [[String: Any]])
        let text = Array("Hello 世界 🌍 مرحبا".utf16)
        var expectedWidth = 0.0
        for run in runs {
            let start = try #require(run["start"] as? Int)
            let end = try #require(run["end"] as? Int)
            let font = try #require(run["font"] as? String)
            let runText = String(decoding: text[start..<end], as: UTF16.self)
            let golden = try CLI.goldenWidth(runText, font: font, size: 17)
            #expect(abs((run["width"] as? Double ?? 0) - golden) < 1e-9, "\(runText) in \(font)")
            expectedWidth += golden
        }
        #expect(runs.map { ($0["font"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent } } == [
            "NotoSans-Regular.ttf", "DroidSansFallbackFull.ttf", "NotoColorEmoji.ttf", "NotoSans-Regular.ttf",
            "NotoSansArabic-Regular.ttf",
        ])
        #expect(runs.map { $0["script"] as? String } == ["Latn", "Hani", "Hani", "Hani", "Arab"])
        #expect(runs.map { $0["level"] as? Int } == [0, 0, 0, 0, 1])
        #expect(abs((json["width"] as? Double ?? 0) - expectedWidth) < 1e-9)
    }

    /// The batch's measure answer, plus the text's intrinsic widths (CSS min-content and max-content).
    @Test func measureJSONHasTheBatchShape() throws {
        let result = try CLI.run(["measure", "Hello, World", "--font", dejaVu, "--json"])
        let json = try #require(result.jsonLines.first)
        #expect(Set(json.keys) == ["width", "height", "lineHeight", "lines", "truncated", "missingGlyphs", "minContentWidth", "maxContentWidth"])
        #expect(json["maxContentWidth"] as? Double == json["width"] as? Double)
        #expect((json["minContentWidth"] as? Double ?? 0) < (json["maxContentWidth"] as? Double ?? 0))
        let lines = try #require(json["lines"] as? [[String: Any]])
        try #require(lines.count == 1)
        #expect(lines[0]["start"] as? Int == 0)
        #expect(lines[0]["end"] as? Int == 12)
    }

    @Test func textComesFromStandardInputOrAFile() throws {
        let fromArgument = try CLI.run(["measure", "Hello", "--font", dejaVu, "--json"]).standardOutput
        #expect(try CLI.run(["measure", "--font", dejaVu, "--json"], input: "Hello").standardOutput == fromArgument)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("caliper-text-\(UUID()).txt")
        try Data("Hello".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try CLI.run(["measure", "--file", file.path, "--font", dejaVu, "--json"]).standardOutput == fromArgument)
    }

    @Test func wrappingTruncationAndScaleOptionsWork() throws {
        let text = "The quick brown fox jumps over the lazy dog"
        let result = try CLI.run([
            "measure", text, "--font", dejaVu, "--max-width", "100", "--lines", "2", "--line-break", "truncate-tail",
            "--line-spacing", "3", "--scale", "2",
        ])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("lines: 2 (truncated)"))
        #expect(result.standardOutput.contains("\u{2026}"))
        #expect(result.standardOutput.contains("rounded (scale 2.0)"))
    }

    @Test func metricsReportsHheaValues() throws {
        let result = try CLI.run(["metrics", "--font", dejaVu, "--size", "2048", "--json"])
        let json = try #require(result.jsonLines.first)
        // DejaVu Sans: hhea ascender 1901, descender -483, lineGap 0 (Tests/Goldens/metrics.json).
        #expect(json["ascender"] as? Double == 1901)
        #expect(json["descender"] as? Double == -483)
        #expect(json["lineHeight"] as? Double == 2384)
        #expect(json["unitsPerEm"] as? Int == 2048)
    }

    @Test func fontsListsTheFontconfigFonts() throws {
        let result = try CLI.run(["fonts", "--json"])
        let paths = Set(result.jsonLines.compactMap { ($0["path"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent } })
        #expect(paths.contains("DejaVuSans.ttf"))
        #expect(paths.contains("NotoSansThai-Regular.ttf"))
        let match = try CLI.run(["fonts", "Liberation Sans", "--match"])
        #expect(match.status == 0)
        #expect(match.standardOutput.contains("LiberationSans-Regular.ttf"))
    }

    @Test func fontconfigPatternsLoadFonts() throws {
        let byPattern = try #require(try CLI.run(["measure", "Hello, World", "--font", "DejaVu Sans", "--json"]).jsonLines.first)
        let byPath = try #require(try CLI.run(["measure", "Hello, World", "--font", dejaVu, "--json"]).jsonLines.first)
        #expect(byPattern["width"] as? Double == byPath["width"] as? Double)
        // fontconfig names the same file by its absolute path.
        let runs = (byPattern["lines"] as? [[String: Any]])?.first?["runs"] as? [[String: Any]]
        #expect((runs?.first?["font"] as? String)?.hasSuffix("Fonts/DejaVuSans.ttf") == true)
    }

    /// (arguments, exit status, a phrase standard error must contain)
    static let errorCases: [([String], Int32, String)] = [
        (["measure", "x", "--font", "/no/such/font.ttf"], 1, "font file not found: /no/such/font.ttf"),
        (["measure", "x", "--font", "README.md"], 1, "not a usable font"),
        (["measure", "x", "--font", "Fonts"], 1, "cannot read font file"),
        (["measure", "x", "--font", "Fonts/DejaVuSans.ttf#4"], 1, "face index 4 is out of range"),
        (["measure", "x", "--font", "No Such Family"], 1, "no installed font matches"),
        (["measure", "x", "--size", "0"], 64, "--size"),
        (["measure", "x", "--size", "-3"], 64, "--size"),
        (["measure", "x", "--size", "nan"], 64, "--size"),
        (["measure", "x", "--size", "1e9"], 64, "--size"),
        (["measure", "x", "--size", "big"], 64, "size"),
        (["measure", "x", "--max-width", "-5"], 64, "--max-width"),
        (["measure", "x", "--max-width", "nan"], 64, "--max-width"),
        (["measure", "x", "--lines", "-1"], 64, "--lines"),
        (["measure", "x", "--line-break", "sideways"], 64, "line-break"),
        (["measure", "x", "--line-spacing", "-1"], 64, "--line-spacing"),
        (["measure", "x", "--letter-spacing", "inf"], 64, "--letter-spacing"),
        (["measure", "x", "--feature", "liga=x"], 64, "liga=x"),
        (["measure", "x", "--language", "not a tag!"], 1, "invalid language tag"),
        (["measure", "x", "--direction", "sideways"], 64, "direction"),
        (["measure", "x", "--fallback", "/no/such/font.ttf"], 1, "font file not found"),
        (["measure", "x", "--scale", "0"], 64, "--scale"),
        (["measure", "x", "--scale", "5e-324"], 64, "--scale must be a number from 0.01 to 100.0"),
        (["measure", "a\nb\nc", "--line-spacing", "1e308"], 64, "--line-spacing must be a finite number from 0 to 1000000.0"),
        (["measure", "x", "--line-height-multiple", "1e308"], 64, "--line-height-multiple"),
        (["measure", "x", "--letter-spacing=-20000"], 64, "--letter-spacing must be a finite number from -10000.0 to 10000.0"),
        (["measure", "x", "--font", "/dev/zero"], 1, "cannot read font file /dev/zero: it is a character device, not a regular file"),
        (["flow", "a", "b", "--width", "100", "--line-spacing", "1e308"], 64, "--line-spacing"),
        (["flow", "a", "b", "--width", "1e308"], 64, "--width"),
        (["flow", "a", "--width", "100", "--padding", "1e308"], 64, "padding"),
        (["flow", "a", "--width", "100", "--scale", "5e-324"], 64, "--scale"),
        (["batch", "--font-root", "README.md"], 1, "invalid font root README.md: it is not a folder"),
        (["batch", "--max-font-bytes", "100", "--font-cache-bytes", "10"], 64, "--font-cache-bytes"),
        (["measure", "--file", "/no/such/file"], 1, "cannot read the text file /no/such/file: No such file or directory"),
        (["measure", "x", "--file", "README.md"], 64, "not both"),
        (["measure", "x", "--no-such-flag"], 64, "no-such-flag"),
        (["metrics", "--font", "/no/such/font.ttf"], 1, "font file not found"),
        (["fonts", "No Such Family", "--match"], 1, "no installed font matches"),
        (["frobnicate"], 64, "frobnicate"),
    ]

    @Test(arguments: errorCases)
    func errorsPrintOneMessageAndExitNonZero(_ arguments: [String], _ status: Int32, _ phrase: String) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == status, "\(arguments): \(result.standardError)")
        #expect(result.standardError.contains(phrase), "\(arguments): \(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }

    @Test func emptyTextMeasuresAsNothing() throws {
        let json = try #require(try CLI.run(["measure", "", "--font", dejaVu, "--json"]).jsonLines.first)
        #expect(json["width"] as? Double == 0)
        #expect(json["height"] as? Double == 0)
        #expect((json["lines"] as? [Any])?.isEmpty == true)
    }

    @Test func helpDocumentsEveryFlag() throws {
        let help = try CLI.run(["measure", "--help"]).standardOutput
        for flag in ["--font", "--size", "--max-width", "--lines", "--line-break", "--letter-spacing", "--line-spacing",
                     "--feature", "--scale", "--json", "--file"] {
            #expect(help.contains(flag), "\(flag) missing from help")
        }
    }
}
