// ItemizerReferenceTests.swift — the general itemizer gives, run for run, what the cluster-by-cluster
// itemizer it replaced gives (ReferenceItemizer), over the goldens' texts and over generated
// mixed-script texts in one style and in several, with inline boxes, in every base direction.
@testable import Caliper
import Foundation
import Testing
import TestSupport

@Suite struct ItemizerReferenceTests {
    /// Pieces the generated texts are drawn from: every case the itemizer treats apart — plain
    /// Latin, other scripts (CJK, Arabic, Hebrew, Thai, Devanagari), emoji with and without
    /// presentation selectors, ZWJ sequences, flags, skin tones, marks on spaces and letters,
    /// brackets that pair across scripts, spaces of every kind (some no font has), tabs, line
    /// separators, default-ignorables, bidi controls, lone surrogates, characters no font has.
    static let pieces: [String] = [
        "Hello", "world", " ", "  ", "\u{A0}", "\u{3000}", "\u{2003}", "\u{205F}", "\t", "\u{2028}", "\r\n",
        "你好世界", "機器", "日本語のテキスト", "مرحبا", "بالعالم", "שלום", "สวัสดีครับ", "नमस्ते", "1234", "3.14",
        "(", ")", "[", "]", "«", "»", "「", "」", "{", "}", "\"", "—", "…", ",", ".", "!",
        "😀", "👍🏽", "🇯🇵", "👩‍💻", "❤️", "❤︎", "☕", "☕\u{FE0E}", "#\u{FE0F}\u{20E3}", "✨",
        "a\u{301}", " \u{301}", "\u{301}", "\u{200D}", "\u{200B}", "\u{200E}", "\u{202E}", "\u{2067}", "\u{2069}",
        "\u{AD}", "\u{FFFD}", "\u{10FFFD}", "\u{E000}", "ŒŸ", "Ωmega", "ß",
    ]

    static func generatedTexts(count: Int, seed: UInt64) -> [[UInt16]] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            var units: [UInt16] = []
            for _ in 0..<Int.random(in: 1...14, using: &generator) {
                units += Array((pieces.randomElement(using: &generator) ?? " ").utf16)
                // Now and then a lone surrogate, high or low.
                if Int.random(in: 0..<40, using: &generator) == 0 { units.append(Bool.random(using: &generator) ? 0xD83D : 0xDE00) }
            }
            return units
        }
    }

    static func styles() throws -> [TextStyle] {
        let font = { (name: String) in try Fixtures.font("Fonts/" + name) }
        let fallbacks = [
            try font("DroidSansFallbackFull.ttf"), try font("NotoColorEmoji.ttf"), try font("NotoSansArabic-Regular.ttf"),
            try font("NotoSansThai-Regular.ttf"), try font("NotoSansDevanagari-Regular.ttf"),
        ]
        return [
            TextStyle(font: try font("DejaVuSans.ttf"), size: 17, fallbackFonts: fallbacks),
            TextStyle(font: try font("NotoSans-Regular.ttf"), size: 17, fallbackFonts: Array(fallbacks.reversed())),
            TextStyle(font: try font("NotoColorEmoji.ttf"), size: 17, fallbackFonts: [try font("Inter.var.ttf")] + fallbacks),
            TextStyle(font: try font("LiberationSans-Regular.ttf"), size: 17, fallback: .none),
        ]
    }

    static func expectSame(
        _ content: [UInt16], _ styles: StyleRuns, _ direction: BaseDirection, _ label: @autoclosure () -> String
    ) throws {
        let boundaries = GraphemeClusters.boundaries(in: content)
        let fast = try Itemizer.itemizeCluster(
            byCluster: content, range: 0..<content.count, graphemeBoundaries: boundaries, styles: styles, baseDirection: direction)
        let reference = try ReferenceItemizer.itemize(
            content, range: 0..<content.count, graphemeBoundaries: boundaries, styles: styles, baseDirection: direction)
        #expect(fast.runs == reference.runs, "\(label())")
        #expect(fast.paragraphLevel == reference.paragraphLevel && fast.missingGlyphs == reference.missingGlyphs, "\(label())")
    }

    /// The goldens' texts and 1,500 generated ones, in each of four cascades, in every base direction.
    @Test func oneStyle() throws {
        let texts = try WordShapingTests.corpus().map { Array($0.utf16) } + Self.generatedTexts(count: 1_500, seed: 28)
        for style in try Self.styles() {
            let cascade = try FontCascade(style: style)
            for content in texts where !content.isEmpty {
                let styles = StyleRuns(style: style, cascade: cascade, length: content.count)
                for direction in [BaseDirection.natural, .leftToRight, .rightToLeft] {
                    try Self.expectSame(content, styles, direction, "\(style.font.familyName) \(direction): \(String(decoding: content, as: UTF16.self))")
                }
            }
        }
    }

    /// Generated texts cut into two to five stretches in different cascades (cuts between clusters,
    /// as attributed text's are), some of them an inline box's U+FFFC.
    @Test func severalStylesAndBoxes() throws {
        let styles = try Self.styles()
        let cascades = try styles.map { try FontCascade(style: $0) }
        var generator = SplitMix64(seed: 2_028)
        var compared = 0
        for var content in Self.generatedTexts(count: 1_500, seed: 1_128) {
            var boundaries = GraphemeClusters.boundaries(in: content)
            // A box is one U+FFFC of its own; put one in at a cluster boundary now and then.
            var boxAt: Int?
            if Bool.random(using: &generator), let at = boundaries.randomElement(using: &generator) {
                content.insert(0xFFFC, at: at)
                boxAt = at
                boundaries = GraphemeClusters.boundaries(in: content)
            }
            var ends = (0..<Int.random(in: 1...4, using: &generator)).compactMap { _ in boundaries.randomElement(using: &generator) }
            if let boxAt { ends += [boxAt, boxAt + 1] }
            ends = Array(Set(ends + [content.count])).sorted().filter { $0 > 0 }
            let picked = ends.indices.map { _ in Int.random(in: 0..<styles.count, using: &generator) }
            let boxes: [InlineBox?] = ends.indices.map { index in
                let start = index == 0 ? 0 : ends[index - 1]
                return start == boxAt && ends[index] == start + 1 ? InlineBox(width: 20, height: 10) : nil
            }
            let runs = StyleRuns(
                ends: ends, styles: picked.map { styles[$0] }, cascades: picked.map { cascades[$0] }, spanIndices: Array(ends.indices),
                boxes: boxes)
            for direction in [BaseDirection.natural, .rightToLeft] {
                try Self.expectSame(content, runs, direction, "\(ends) \(picked): \(String(decoding: content, as: UTF16.self))")
                compared += 1
            }
        }
        #expect(compared == 3_000)
    }

    /// A paragraph inside a longer text: its range is not the whole text, boundaries absolute.
    @Test func aParagraphInsideALongerText() throws {
        let style = try Self.styles()[0]
        let cascade = try FontCascade(style: style)
        for content in Self.generatedTexts(count: 300, seed: 7) {
            let text = Array("前 ".utf16) + content + Array(" after".utf16)
            let range = 2..<(2 + content.count)
            let boundaries = GraphemeClusters.boundaries(in: content).map { $0 + 2 }
            let styles = StyleRuns(style: style, cascade: cascade, length: content.count)
            let fast = try Itemizer.itemizeCluster(
                byCluster: text, range: range, graphemeBoundaries: boundaries, styles: styles, baseDirection: .natural)
            let reference = try ReferenceItemizer.itemize(
                text, range: range, graphemeBoundaries: boundaries, styles: styles, baseDirection: .natural)
            #expect(fast.runs == reference.runs, "\(String(decoding: content, as: UTF16.self))")
        }
    }
}
