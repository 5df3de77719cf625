// InternationalTextTests.swift — fallback cascades, runs, bidi order, mixed-font line heights, emoji.
@testable import Caliper
import Foundation
import TestSupport
import Testing

@Suite struct InternationalTextTests {
    let measurer = TextMeasurer()

    func font(_ name: String) throws -> FontFace { try Fixtures.font("Fonts/\(name)") }

    /// Noto Sans with the explicit cascade CJK → emoji → Arabic.
    func cascadeStyle(size: CGFloat = 17) throws -> TextStyle {
        TextStyle(
            font: try font("NotoSans-Regular.ttf"), size: size,
            fallbackFonts: [try font("DroidSansFallbackFull.ttf"), try font("NotoColorEmoji.ttf"), try font("NotoSansArabic-Regular.ttf")])
    }

    func golden(_ text: String, _ font: String) throws -> Double {
        let advance = try AdvanceGoldens.advance(of: text, font: "Fonts/\(font)")
        let upem = try AdvanceGoldens.load().first { $0.font == "Fonts/\(font)" }?.unitsPerEm ?? 2048
        return points(advance, size: 17, unitsPerEm: upem)
    }

    @Test func eachClusterGoesToTheFirstFontThatCoversIt() throws {
        let layout = try measurer.layout("Hello 世界 😀 مرحبا", style: try cascadeStyle())
        let runs = try #require(layout.lines.first?.runs).sorted { $0.utf16Range.location < $1.utf16Range.location }
        let fonts = runs.map { ($0.font.path as NSString).lastPathComponent }
        // The space after 世界 stays in Droid Sans Fallback (it has one); the space after the
        // emoji is text, so it goes back to the first font.
        #expect(fonts == [
            "NotoSans-Regular.ttf", "DroidSansFallbackFull.ttf", "NotoColorEmoji.ttf", "NotoSans-Regular.ttf",
            "NotoSansArabic-Regular.ttf",
        ])
        #expect(layout.missingGlyphCount == 0)
        // Each run is as wide as hb-shape makes its text in its font.
        let text = Array("Hello 世界 😀 مرحبا".utf16)
        func runText(_ run: TextRun) -> String {
            String(decoding: text[run.utf16Range.location..<(run.utf16Range.location + run.utf16Range.length)], as: UTF16.self)
        }
        #expect(abs(Double(runs[1].width) - (try golden(runText(runs[1]), "DroidSansFallbackFull.ttf"))) < 1e-9)
        #expect(abs(Double(runs[2].width) - (try golden(runText(runs[2]), "NotoColorEmoji.ttf"))) < 1e-9)
        #expect(abs(Double(runs[4].width) - (try golden(runText(runs[4]), "NotoSansArabic-Regular.ttf"))) < 1e-9)
        #expect(runs[4].isRightToLeft)
        #expect(runs.map(\.script) == ["Latn", "Hani", "Hani", "Hani", "Arab"])
        // The line's width is the sum of its runs.
        #expect(abs(layout.size.width - runs.map(\.width).reduce(0, +)) < 1e-9)
    }

    @Test func withoutAFallbackMissingClustersUseNotdefAndAreCounted() throws {
        let style = TextStyle(font: try font("NotoSans-Regular.ttf"), size: 17, fallback: .none)
        let layout = try measurer.layout("A世界😀", style: style)
        #expect(layout.missingGlyphCount == 3)
        // Two runs by script (Latin, then Han with the emoji), both in the primary font.
        #expect(layout.lines.first?.runs.map { ($0.font.path as NSString).lastPathComponent } == ["NotoSans-Regular.ttf", "NotoSans-Regular.ttf"])
    }

    @Test func fontconfigFallbackFollowsItsSortOrder() throws {
        // Fonts/fonts.conf lists only the fixtures; fc-match -s "Noto Sans" sorts them Noto Sans,
        // DejaVu Sans, Liberation Sans, Noto Sans Arabic, Devanagari, Thai, Droid Sans Fallback, Noto Color Emoji.
        let style = TextStyle(
            font: try font("NotoSans-Regular.ttf"), size: 17,
            fallback: .fontconfig(configurationFile: Fixtures.path("Fonts/fonts.conf")))
        let layout = try measurer.layout("a世ภ😀क", style: style)
        let fonts = (layout.lines.first?.runs ?? []).sorted { $0.utf16Range.location < $1.utf16Range.location }
            .map { ($0.font.path as NSString).lastPathComponent }
        #expect(fonts == [
            "NotoSans-Regular.ttf", "DroidSansFallbackFull.ttf", "NotoSansThai-Regular.ttf", "NotoColorEmoji.ttf",
            "NotoSansDevanagari-Regular.ttf",
        ])
        #expect(layout.missingGlyphCount == 0)
    }

    @Test func rightToLeftRunsArePlacedInVisualOrder() throws {
        let layout = try measurer.layout("abc مرحبا def", style: try cascadeStyle())
        let runs = try #require(layout.lines.first?.runs)
        // Visual order: "abc " then the Arabic word then " def", x increasing.
        #expect(runs.map(\.x) == runs.map(\.x).sorted())
        #expect(runs.filter(\.isRightToLeft).map(\.script) == ["Arab"])
        #expect(runs.first?.script == "Latn")
        #expect(runs.last?.script == "Latn")
        let rtl = try measurer.layout("مرحبا abc", style: try cascadeStyle())
        let rtlRuns = try #require(rtl.lines.first?.runs)
        // A right-to-left paragraph: the Latin word sits at the left, the Arabic word at the right.
        #expect(rtlRuns.first?.script == "Latn")
        #expect(rtlRuns.last?.script == "Arab")
    }

    @Test func aForcedDirectionOverridesTheFirstStrongCharacter() throws {
        let natural = try measurer.layout("abc مرحبا", style: try cascadeStyle())
        let forced = try measurer.layout(
            "abc مرحبا", style: try cascadeStyle(), paragraphStyle: ParagraphStyle(baseDirection: .rightToLeft))
        #expect(natural.lines.first?.runs.first?.script == "Latn")
        #expect(forced.lines.first?.runs.first?.script == "Arab")
    }

    @Test func aTallerFallbackFontMakesItsLineTaller() throws {
        // hhea of Noto Sans: 1069/-293/0 per 1000; Noto Color Emoji: 1900/-500/0 per 2048 (metrics.json).
        let goldens = try Fixtures.golden("metrics.json", as: MetricsGoldens.self).fonts
        let noto = try #require(goldens.first { $0.font == "Fonts/NotoSans-Regular.ttf" })
        let emoji = try #require(goldens.first { $0.font == "Fonts/NotoColorEmoji.ttf" })
        func scaled(_ value: Int, _ font: MetricsGoldens.Font) -> Double { Double(value) * 17 / Double(font.unitsPerEm) }
        let layout = try measurer.layout("plain\nwith 😀", style: try cascadeStyle())
        #expect(layout.lines.count == 2)
        #expect(abs(Double(layout.lines[0].height) - scaled(noto.ascender - noto.descender + noto.lineGap, noto)) < 1e-9)
        let ascender = max(scaled(noto.ascender, noto), scaled(emoji.ascender, emoji))
        let descender = min(scaled(noto.descender, noto), scaled(emoji.descender, emoji))
        #expect(abs(Double(layout.lines[1].height) - (ascender - descender)) < 1e-9)
        #expect(abs(Double(layout.lines[1].baseline) - (Double(layout.lines[1].top) + ascender)) < 1e-9)
        #expect(abs(Double(layout.size.height) - Double(layout.lines[0].height + layout.lines[1].height)) < 1e-9)
        // A fixed line height wins over the fonts.
        let fixed = try measurer.layout(
            "plain\nwith 😀", style: try cascadeStyle(),
            paragraphStyle: ParagraphStyle(minimumLineHeight: 30, maximumLineHeight: 30))
        #expect(fixed.lines.map(\.height) == [30, 30])
    }

    @Test func letterSpacingSkipsTheInsideOfCursiveWords() throws {
        let arabic = "مرحبا"
        let style = TextStyle(font: try font("NotoSansArabic-Regular.ttf"), size: 17, letterSpacing: 2)
        let width = try measurer.size(of: arabic, style: style).width
        // One slot, after the word, instead of one per letter.
        #expect(abs(Double(width) - ((try golden(arabic, "NotoSansArabic-Regular.ttf")) + 2)) < 1e-9)
    }

    @Test func aLanguageTagMustBeWellFormed() throws {
        let style = TextStyle(font: try font("NotoSans-Regular.ttf"), size: 17, language: "not a tag!")
        #expect(throws: CaliperError.invalidLanguage("not a tag!")) { try measurer.size(of: "a", style: style) }
        let serbian = TextStyle(font: try font("NotoSans-Regular.ttf"), size: 17, language: "sr")
        #expect(try measurer.size(of: "бгдпт", style: serbian).width > 0)
    }

    @Test func everyFullyQualifiedEmojiIsOneClusterMeasuredAsOneEmojiGlyph() throws {
        let text = try String(contentsOf: Fixtures.root.appendingPathComponent("Tests/Goldens/emoji-test.txt"), encoding: .utf8)
        let style = TextStyle(font: try font("NotoSans-Regular.ttf"), size: 17, fallbackFonts: [try font("NotoColorEmoji.ttf")])
        let emojiFont = try font("NotoColorEmoji.ttf")
        let oneGlyph = try golden("\u{1F600}", "NotoColorEmoji.ttf")
        var total = 0
        var asOneGlyph = 0
        var agreed = 0
        var newerThanFont: [String] = []
        for line in text.split(separator: "\n") where line.contains("; fully-qualified") {
            let codePoints = line.split(separator: ";")[0].split(separator: " ").compactMap { UInt32($0, radix: 16) }
            let sequence = String(String.UnicodeScalarView(codePoints.compactMap(Unicode.Scalar.init)))
            total += 1
            let oneCluster = GraphemeClusters.boundaries(in: Array(sequence.utf16)).count == 2
            #expect(oneCluster, "\(sequence) is not one cluster")
            let layout = try measurer.layout(sequence, style: style)
            let runs = layout.lines.first?.runs ?? []
            let inEmojiFont = runs.count == 1 && runs.first?.font === emojiFont
            #expect(inEmojiFont, "\(sequence) is not set in Noto Color Emoji")
            // One visible glyph: the sequence's ligature, ZWJ and variation selectors adding nothing.
            if abs(Double(layout.size.width) - oneGlyph) < 1e-9 {
                asOneGlyph += 1
                if oneCluster && inEmojiFont { agreed += 1 }
            } else {
                newerThanFont.append(sequence)
            }
        }
        print("emoji-test.txt (Emoji 15.0): \(asOneGlyph) of \(total) fully-qualified sequences measure as one Noto Color Emoji glyph; \(newerThanFont.count) are newer than the font: \(newerThanFont.prefix(10))")
        #expect(total > 3600)
        // Noto Color Emoji 2.042 (2023) covers Emoji 15.0; anything else is a regression.
        #expect(newerThanFont.count <= 0, "sequences not set as one emoji glyph: \(newerThanFont.prefix(20))")
        Conformance.record("unicode-emoji", cases: total, agreed: agreed)
    }
}
