// CacheKeyTests.swift — every cache key hashes each field its equality compares; tables with many styles find each one.
import Foundation
import Testing

@testable import Caliper

@Suite struct CacheKeyTests {
    /// A paragraph-shape key differing from another in one field must differ in its digest too:
    /// keys that differ only in a field left out of the hash all fall into one bucket (one text
    /// in 4,000 languages took 11.7 s, against 0.75 s for 4,000 texts).
    @Test func paragraphShapeKeysHashEveryFieldTheyCompare() throws {
        let dejaVu = try Fixtures.font("Fonts/DejaVuSans.ttf")
        let noto = try Fixtures.font("Fonts/NotoSans-Regular.ttf")
        let content = Array("Hello, World".utf16)
        func key(_ style: TextStyle, content: [UInt16] = content, direction: BaseDirection = .leftToRight, split: Int? = nil) throws -> ShapeCache.Key {
            let cascade = try FontCascade(style: style)
            let styles = split.map { StyleRuns(ends: [$0, content.count], styles: [style, style], cascades: [cascade, cascade], spanIndices: [0, 1]) }
                ?? StyleRuns(style: style, cascade: cascade, length: content.count)
            return ShapeCache.Key(content: content, styles: styles, direction: direction)
        }
        let plain = TextStyle(font: dejaVu, size: 17, fallback: .none)
        let base = try key(plain)
        var variants: [(String, ShapeCache.Key)] = [
            ("text", try key(plain, content: Array("Hello, world".utf16))),
            ("direction", try key(plain, direction: .rightToLeft)),
            ("stretch end", try key(plain, split: 5)),
        ]
        var language = plain
        language.language = "tr"
        variants.append(("language", try key(language)))
        var features = plain
        features.features = [try FontFeature("liga=0")]
        variants.append(("features", try key(features)))
        var fallback = plain
        fallback.fallback = .system
        variants.append(("fallback", try key(fallback)))
        var fallbackFonts = plain
        fallbackFonts.fallbackFonts = [noto]
        variants.append(("fallback fonts", try key(fallbackFonts)))
        var font = plain
        font.font = noto
        variants.append(("font", try key(font)))
        #expect(try key(plain) == base && key(plain).digest == base.digest, "equal keys, equal digests")
        for (field, variant) in variants {
            #expect(variant != base, "\(field)")
            #expect(variant.digest != base.digest, "the digest leaves out the \(field)")
        }
    }

    /// Word keys hash their group (the style) as well as their units. (A text key is the text
    /// alone: each style has its own dictionary.)
    @Test func wordKeysHashTheirGroup() {
        let units = Array("Hello".utf16)
        let digest = WordKey.digest(of: units[...])
        let words = (0..<64).map { WordKey(group: $0, units: units[...], digest: digest) }
        #expect(Set(words.map(\.hashValue)).count == words.count)
    }

    /// Text keys (the label table's) compare and hash the text's bytes in place: the same text
    /// held inline, in the heap, or built up piece by piece is one key with one hash; another
    /// text of the same length is another key; the group is hashed as well as compared.
    @Test func textKeysHashTheBytesTheyCompare() {
        for text in ["Hello", "Hello, wide world of text", "Grüße aus Köln, 東京 🌍"] {
            var built = ""
            for character in text { built.append(character) }
            let sliced = String(("<" + text + ">").dropFirst().dropLast())
            let keys = [text, built, sliced, String(decoding: Array(text.utf8), as: UTF8.self)].map { TextKey(group: 3, text: $0) }
            for key in keys {
                #expect(key == keys[0] && key.hashValue == keys[0].hashValue, "\(text)")
            }
            var changed = Array(text.utf8)
            changed[changed.count - 1] ^= 0x01
            #expect(TextKey(group: 3, text: String(decoding: changed, as: UTF8.self)) != keys[0])
            #expect(TextKey(group: 4, text: text) != keys[0])
            #expect(TextKey(group: 4, text: text).hashValue != keys[0].hashValue, "the group is hashed")
        }
    }

    /// Past the styles found by a scan, styles are found by their key: each of 300 styles (one
    /// label in 300 languages) finds its own value, in a word table and an advance table.
    @Test func manyStylesEachFindTheirOwnEntries() throws {
        let font = try Fixtures.font("Fonts/DejaVuSans.ttf")
        let languages = (0..<300).map { "x\($0)" }
        let advances = AdvanceTable<Int>(byteBudget: 1 << 24)
        for (index, language) in languages.enumerated() {
            advances.insert(index, for: "Hello", style: AdvanceStyle(kind: .label, font: font, features: [], language: language))
        }
        for (index, language) in languages.enumerated() {
            #expect(advances.value(for: "Hello", kind: .label, font: font, features: [], language: language) == index)
            #expect(advances.value(for: "Hello", kind: .latinPiece, font: font, features: [], language: language) == nil)
        }
        let words = WordTable(byteBudget: 1 << 24)
        let content = Array("Hello ".utf16)
        let digest = WordKey.digest(of: content[...])
        for (index, language) in languages.enumerated() {
            let style = WordStyle(face: font, script: 0, isRightToLeft: false, shaping: ShapingAttributes(features: [], language: language))
            let glyph = ShapedGlyph(id: UInt32(index), clusterOffset: 0, advance: 1, xOffset: 0, yOffset: 0, isUnsafeToBreak: false)
            words.insert([(range: 0..<content.count, digest: digest, glyphs: [glyph])], of: content, style: style)
        }
        for (index, language) in languages.enumerated() {
            let style = WordStyle(face: font, script: 0, isRightToLeft: false, shaping: ShapingAttributes(features: [], language: language))
            let found = words.glyphs(of: [0..<content.count], digests: [digest], in: content, style: style)
            #expect(found.first??.first?.id == UInt32(index), "\(language)")
        }
    }

    /// Runs with a language or features are shaped with plans the font keeps, at most 64 of them:
    /// HarfBuzz's own cache would keep one per language for ever and search them one by one.
    /// The glyphs are the same as with HarfBuzz's own plans.
    @Test func shapePlansStayBoundedAndShapeAlike() throws {
        let font = try Fixtures.font("Fonts/NotoSans-Regular.ttf")
        let measurer = TextMeasurer(cache: nil)
        let plain = try measurer.layout("AVA Wave", style: TextStyle(font: font, size: 17, fallback: .none))
        for index in 0..<200 {
            var style = TextStyle(font: font, size: 17, fallback: .none)
            style.language = "x\(index)"
            style.features = index % 2 == 0 ? [] : [try FontFeature("kern=\(index)")]
            let layout = try measurer.layout("AVA Wave", style: style)
            #expect(layout.size == plain.size, "a language without its own glyphs, and kern on, shape as the defaults do")
        }
        #expect(font.harfBuzz.shapePlanCount <= 64)
        #expect(font.harfBuzz.shapePlanCount > 0)
        var noKerning = TextStyle(font: font, size: 17, fallback: .none)
        noKerning.features = [try FontFeature("kern=0")]
        noKerning.language = "en"
        #expect(try measurer.layout("AVA Wave", style: noKerning).size.width > plain.size.width, "the features apply")
    }
}
