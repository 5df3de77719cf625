// WordShapingTests.swift — shaping runs word by word (through the cache's word table) gives the
// glyphs of shaping each run whole, glyph for glyph, in every script the fixtures cover.
@testable import Caliper
import Foundation
import Testing

@Suite struct WordShapingTests {
    /// The fixture faces and whether each lets words shape apart from spaces in every script
    /// (`FontFace.isolatesWords`): a face whose lookups involve the space in any script is shaped
    /// whole, so the property is checked here for the faces the benchmarks and goldens lean on.
    @Test func whichFixtureFacesIsolateWords() throws {
        let expected: [String: Bool] = [
            "NotoSans-Regular.ttf": true, "NotoSans-Bold.ttf": true, "NotoSansArabic-Regular.ttf": true,
            "NotoSansThai-Regular.ttf": true, "DroidSansFallbackFull.ttf": true, "NotoColorEmoji.ttf": true,
            // Lookups that read the space: DejaVu's in some script, Devanagari's, Inter's and
            // Liberation's in Latin itself (`isolatesSpaces` is false for the last two as well).
            "DejaVuSans.ttf": false, "NotoSansDevanagari-Regular.ttf": false, "Inter.var.ttf": false,
            "LiberationSans-Regular.ttf": false,
        ]
        for (file, isolates) in expected {
            #expect(try Fixtures.font("Fonts/" + file).isolatesWords == isolates, "\(file)")
        }
    }

    /// A cascade over every script of the fixtures, isolating faces and not mixed, so runs of
    /// both kinds meet in one paragraph.
    static func cascadeStyle(primary: String = "NotoSans-Regular.ttf") throws -> TextStyle {
        let fallbacks = [
            "NotoSansArabic-Regular.ttf", "NotoSansThai-Regular.ttf", "NotoSansDevanagari-Regular.ttf",
            "DroidSansFallbackFull.ttf", "NotoColorEmoji.ttf", "DejaVuSans.ttf",
        ]
        return TextStyle(
            font: try Fixtures.font("Fonts/" + primary), size: 17,
            fallbackFonts: try fallbacks.map { try Fixtures.font("Fonts/" + $0) }, fallback: .none)
    }

    /// Texts that cut words next to clusters, marks, prepended characters, bidi and emoji.
    static let edgeCases: [String] = [
        "", " ", "   ", "word", " leading", "trailing ", "two  spaces   three", "a b c d e f",
        // A space carrying a combining mark is one cluster with it: never cut between them.
        "a \u{301}b", "x \u{301} \u{301}y", "\u{301} start",
        // A prepended character (Arabic number sign) before a space is one cluster with it.
        "\u{600} ١٢ \u{600}", "مرحبا بالعالم", "שלום עולם וגם", "كلمة hello تعني", "العدد 42 هو",
        "ภาษาไทย ง่าย มาก", "日本語 の テキスト 東京", "👩‍👩‍👧 family 🇫🇷 flag 1️⃣", "नमस्ते दुनिया hello",
        "tab\there and\tthere", "soft\u{AD}hyphen and NBSP\u{A0}here", "fi fl ffi AVAT Wa To.",
        "(مرحبا) [hello] «عالم»", "a\u{200D} b\u{200C} c",
        String(repeating: "supercalifragilistic", count: 4) + " short " + String(repeating: "ab", count: 30),
    ]

    /// Every text of the goldens and the benchmarks' kinds: Latin paragraphs, international runs
    /// and wrapped text, rich-text paragraphs.
    static func corpus() throws -> [String] {
        var texts = edgeCases
        if let mixed = MixedGoldens.load() {
            texts += mixed.runs.map(\.text) + mixed.wrapped.map(\.text)
        }
        struct Texts: Decodable {
            struct Case: Decodable { var text: String? }
            var cases: [Case]
        }
        for file in ["wrap.json", "paragraphs.json", "wrapped.json", "truncation.json"] {
            texts += try Fixtures.golden(file, as: Texts.self).cases.compactMap(\.text)
        }
        return Array(Set(texts)).sorted()
    }

    static func shape(_ text: String, style: TextStyle, direction: BaseDirection, words: WordTable?) throws -> ParagraphShape {
        let content = Array(text.utf16)
        let styles = StyleRuns(style: style, cascade: try FontCascade(style: style), length: content.count)
        return try ParagraphShape(content: content, styles: styles, baseDirection: direction, words: words)
    }

    static func expectSame(_ whole: ParagraphShape, _ byWords: ParagraphShape, _ label: String) {
        #expect(whole.runs.map(\.item) == byWords.runs.map(\.item), "\(label)")
        for (left, right) in zip(whole.runs, byWords.runs) where left.glyphs != right.glyphs {
            Issue.record("glyphs differ in run \(left.item.range) (\(left.item.face.familyName)): \(label)")
        }
        #expect(whole.unitPrefix == byWords.unitPrefix, "\(label)")
        #expect(whole.isSafeBoundary == byWords.isSafeBoundary, "\(label)")
    }

    /// Word by word through an empty table, then again through the table it filled (every word
    /// a hit), against each run shaped whole: the same glyphs, IDs, clusters, advances, offsets
    /// and unsafe-to-break flags, in both base directions.
    @Test func wordByWordEqualsWholeRuns() throws {
        let texts = try Self.corpus()
        #expect(texts.count >= 100)
        for primary in ["NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "DroidSansFallbackFull.ttf"] {
            let style = try Self.cascadeStyle(primary: primary)
            for direction in [BaseDirection.natural, .rightToLeft] {
                let words = WordTable(byteBudget: 64 << 20)
                for pass in 0..<2 {
                    for text in texts {
                        let whole = try Self.shape(text, style: style, direction: direction, words: nil)
                        let byWords = try Self.shape(text, style: style, direction: direction, words: words)
                        Self.expectSame(whole, byWords, "\(primary) \(direction) pass \(pass): \(text.prefix(40).debugDescription)")
                    }
                }
                #expect(words.statistics.hits > words.statistics.misses, "the second pass finds every word")
            }
        }
    }

    /// The words are really shaped apart and kept: a word met in one paragraph is found in
    /// another, and a face that does not isolate words puts nothing in the table.
    @Test func wordsAreSharedAcrossParagraphsAndOnlyForIsolatingFaces() throws {
        let style = try Self.cascadeStyle()
        let words = WordTable(byteBudget: 1 << 20)
        _ = try Self.shape("hello brave world", style: style, direction: .natural, words: words)
        let afterFirst = words.statistics
        #expect(afterFirst.misses == 3 && afterFirst.hits == 0)  // "hello ", "brave ", "world"
        _ = try Self.shape("brave new world", style: style, direction: .natural, words: words)
        #expect(words.statistics.hits - afterFirst.hits == 2)  // "brave ", "world"
        #expect(words.statistics.misses - afterFirst.misses == 1)  // "new "

        let inter = TextStyle(font: try Fixtures.font("Fonts/Inter.var.ttf"), size: 17, fallback: .none)
        let other = WordTable(byteBudget: 1 << 20)
        _ = try Self.shape("hello brave world", style: inter, direction: .natural, words: other)
        #expect(other.statistics.entryCount == 0 && other.statistics.misses == 0)
    }

    /// Over a tiny budget the table drops generations, and every answer stays whole-run exact.
    @Test func aTinyTableStaysExact() throws {
        let style = try Self.cascadeStyle()
        let words = WordTable(byteBudget: 4096)
        for text in try Self.corpus().prefix(60) {
            let whole = try Self.shape(text, style: style, direction: .natural, words: nil)
            let byWords = try Self.shape(text, style: style, direction: .natural, words: words)
            Self.expectSame(whole, byWords, text)
        }
        #expect(words.statistics.evictions > 0)
        #expect(words.statistics.byteCount <= 4096)
    }
}
