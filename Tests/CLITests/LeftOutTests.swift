// LeftOutTests.swift — every answer that measures text says what it left out: clusters no font covers, hyphenation it could not do.
import Foundation
import Testing

@Suite struct LeftOutTests {
    /// A chip "🌍 travel" in Noto Sans with no fallback is measured with the tofu glyph: the flow,
    /// the layout and the CLI say so, and where.
    @Test func missingGlyphsInFlowsAndLayoutsAreReported() throws {
        let noto = CLI.path("Fonts/NotoSans-Regular.ttf")
        let answers = try CLI.batchAnswers([
            #"{"id": 1, "op": "flow", "width": 200, "onlyGivenFonts": true, "items": [{"text": "ok", "font": "\#(noto)"}, {"text": "🌍 travel", "font": "\#(noto)"}]}"#,
            #"{"id": 2, "op": "layout", "width": 200, "onlyGivenFonts": true, "root": {"type": "stack", "axis": "vertical", "children": [{"type": "label", "id": "title", "text": "日本", "font": "\#(noto)"}, {"type": "label", "text": "ok", "font": "\#(noto)"}, {"type": "flow", "id": "tags", "items": [{"text": "ok", "font": "\#(noto)"}, {"text": "🌍", "font": "\#(noto)"}]}]}}"#,
            #"{"id": 3, "op": "flow", "width": 200, "items": [{"text": "ok", "font": "\#(noto)"}]}"#,
        ])
        #expect(answers[0]["missingGlyphs"] as? Int == 1, "\(answers[0])")
        #expect(answers[0]["itemsMissingGlyphs"] as? [Int] == [1])
        #expect(answers[1]["missingGlyphs"] as? Int == 3, "\(answers[1])")
        #expect(answers[1]["framesMissingGlyphs"] as? [String] == ["title", "tags[1]"])
        #expect(answers[2]["missingGlyphs"] as? Int == 0)
        #expect(answers[2]["itemsMissingGlyphs"] == nil)
        let flow = try CLI.run(["flow", "--width", "200", "--font", noto, "--only-given-fonts", "ok", "🌍 travel"])
        #expect(flow.standardOutput.contains("missing glyphs: 1 cluster(s) no font covers (tags 2)"), "\(flow.standardOutput)")
    }

    /// Hyphenation asked for in text with no language, or in a language with no dictionary,
    /// answers with a warning once the text breaks into lines; the CLI writes it on standard error.
    @Test func hyphenationItCouldNotDoIsReported() throws {
        let dejaVu = CLI.path("Fonts/DejaVuSans.ttf")
        let text = "Donaudampfschifffahrtsgesellschaft wird"
        let answers = try CLI.batchAnswers([
            #"{"id": 1, "text": "\#(text)", "font": "\#(dejaVu)", "maxWidth": 100, "hyphenationFactor": 1, "language": "fr"}"#,
            #"{"id": 2, "text": "\#(text)", "font": "\#(dejaVu)", "maxWidth": 100, "hyphenationFactor": 1}"#,
            #"{"id": 3, "text": "\#(text)", "font": "\#(dejaVu)", "maxWidth": 100, "hyphenationFactor": 1, "language": "de"}"#,
            #"{"id": 4, "text": "wird", "font": "\#(dejaVu)", "maxWidth": 100, "hyphenationFactor": 1, "language": "fr"}"#,
            #"{"id": 5, "text": "\#(text)", "font": "\#(dejaVu)", "maxWidth": 100, "language": "fr"}"#,
            #"{"id": 6, "op": "layout", "width": 100, "root": {"type": "label", "text": "\#(text)", "font": "\#(dejaVu)", "hyphenationFactor": 1, "language": "fr"}}"#,
        ])
        #expect((answers[0]["warnings"] as? [String])?.first?.contains(#"no hyphenation dictionary for "fr""#) == true, "\(answers[0])")
        #expect((answers[1]["warnings"] as? [String])?.first?.contains("hyphenation needs a language") == true, "\(answers[1])")
        for index in [2, 3, 4] { #expect(answers[index]["warnings"] == nil, "\(answers[index])") }
        #expect((answers[5]["warnings"] as? [String])?.count == 1, "\(answers[5])")
        let measured = try CLI.run(["measure", text, "--font", dejaVu, "--max-width", "100", "--hyphenation-factor", "1", "--language", "fr"])
        #expect(measured.status == 0)
        #expect(measured.standardError.contains(#"caliper: warning: no hyphenation dictionary for "fr""#), "\(measured.standardError)")
    }
}
