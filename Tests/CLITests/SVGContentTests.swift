// SVGContentTests.swift — the SVG of `flow` and `layout` is well-formed XML whatever the text, and never holds a non-finite number.
import Foundation
import FoundationXML
import Testing

@Suite struct SVGContentTests {
    /// Texts with characters XML 1.0 does not allow (U+FFFF, U+FFFE, U+0001, U+000B), markup
    /// characters, a tab (kept through attribute normalisation) and emoji, with the lines whose
    /// `data-text` the SVG must read back: U+FFFD for each character XML cannot hold; U+000B
    /// (vertical tab) is a hard line break, so its text is drawn as two lines.
    static let texts: [(text: String, readBack: [String])] = [
        ("end\u{FFFF}", ["end\u{FFFD}"]),
        ("\u{FFFE}start", ["\u{FFFD}start"]),
        ("a\u{1}b\u{B}c", ["a\u{FFFD}b", "c"]),
        (#"<&>"'"#, [#"<&>"'"#]),
        ("tab\there", ["tab\there"]),
        ("👩‍👩‍👧 🌍", ["👩‍👩‍👧 🌍"]),
    ]

    private func withSVGFile(_ body: (URL) throws -> Void) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("caliper-text-\(UUID()).svg")
        defer { try? FileManager.default.removeItem(at: file) }
        try body(file)
    }

    @Test func flowWritesWellFormedXMLForAnyText() throws {
        try withSVGFile { file in
            let result = try CLI.run(
                ["flow"] + Self.texts.map(\.text) + [
                    "--width", "2000", "--font", "Fonts/NotoSans-Regular.ttf", "--fallback", "Fonts/NotoColorEmoji.ttf", "--svg", file.path,
                ])
            #expect(result.status == 0, "\(result.standardError)")
            let lines = try SVGLines(contentsOf: file)
            #expect(lines.isWellFormed)
            #expect(lines.texts == Self.texts.flatMap(\.readBack))
        }
    }

    @Test func layoutWritesWellFormedXMLForAnyText() throws {
        let labels = Self.texts.enumerated().map { index, text in
            ["type": "label", "id": "t\(index)", "text": text.text, "font": CLI.path("Fonts/NotoSans-Regular.ttf"), "size": 14]
        }
        // The spec is written in the temporary folder, and a spec's relative font paths are read from its folder.
        let spec: [String: Any] = ["width": 2000, "root": ["type": "stack", "axis": "vertical", "children": labels]]
        let specText = String(decoding: try JSONSerialization.data(withJSONObject: spec), as: UTF8.self)
        try withSVGFile { file in
            let result = try CLI.withTemporaryFile(specText) { try CLI.run(["layout", $0, "--svg", file.path, "--show-guides"]) }
            #expect(result.status == 0, "\(result.standardError)")
            let lines = try SVGLines(contentsOf: file)
            #expect(lines.isWellFormed)
            #expect(lines.texts == Self.texts.flatMap(\.readBack))
        }
    }

    /// Bytes that are not UTF-8 (here a UTF-8-encoded lone surrogate, ED A0 80) reach the SVG as U+FFFD.
    @Test func illFormedUTF8InATagFileIsWellFormedInTheSVG() throws {
        let tags = FileManager.default.temporaryDirectory.appendingPathComponent("caliper-tags-\(UUID())")
        try Data([0x61, 0xED, 0xA0, 0x80, 0x62, 0x0A, 0xFF, 0x0A]).write(to: tags)
        defer { try? FileManager.default.removeItem(at: tags) }
        try withSVGFile { file in
            let result = try CLI.run(["flow", "--file", tags.path, "--width", "300", "--font", "Fonts/DejaVuSans.ttf", "--svg", file.path])
            #expect(result.status == 0, "\(result.standardError)")
            let lines = try SVGLines(contentsOf: file)
            #expect(lines.isWellFormed)
            #expect(lines.texts.count == 2)
            #expect(lines.texts.allSatisfy { $0.unicodeScalars.contains("\u{FFFD}") })
        }
    }

    /// Rows 1e308 apart would add up past `Double`'s range: the flow refuses the spacing by name
    /// (the renderer's own refusal of a non-finite frame is `SVGRendererTests`), and no file
    /// holding `inf` is written.
    @Test func aLayoutPastTheLengthLimitWritesNoSVG() throws {
        try withSVGFile { file in
            let result = try CLI.run(
                ["flow", "a", "b", "c", "--width", "1", "--line-spacing", "1e308", "--font", "Fonts/DejaVuSans.ttf", "--svg", file.path])
            #expect(result.status == 64)
            #expect(result.standardError.contains("--line-spacing must be a finite number from 0 to 1000000.0, not 1e+308"),
                    "\(result.standardError)")
            #expect(!FileManager.default.fileExists(atPath: file.path))
        }
    }
}
