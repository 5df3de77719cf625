// ItemizerShortcutTests.swift — the itemizer's shortcut for plain Latin paragraphs gives the runs
// of the cluster-by-cluster itemizer, in one style and in several.
@testable import Caliper
import Foundation
import Testing

@Suite struct ItemizerShortcutTests {
    static let fontFiles = ["NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "DejaVuSans.ttf", "Inter.var.ttf", "LiberationSans-Regular.ttf"]

    /// Plain Latin of every kind the shortcut takes (letters, digits, punctuation, brackets,
    /// Latin-1 and Latin Extended letters, signs, spaces) and texts it must refuse.
    static func texts() throws -> [String] {
        var texts = try WordShapingTests.corpus()
        texts += [
            "123 456", "!!! ???", "(a) [b] {c}", "“quoted” — dash", "µ × ÷ ª º ¿¡", "Ærøskøbing ŒŸ ǅ ǈ ɏ",
            "café naïve façade", "   ", "a", "ABC def 0.5%", "soft\u{AD}hyphen", "tab\there", "line\u{2028}sep",
            "Ωmega", "x\u{300}", "ʰʲ ˤ", "\u{24F}\u{250}", "‘single’ “double” – — … • ‰ ′ ″ ‹a› ‼ ⁉ ⁅x⁆ ⁞",
            "a\u{2028}b", "a\u{200B}b", "a\u{200E}b", "a\u{202E}b", "a\u{2066}b\u{2069}", "a\u{2060}b", "a\u{2002}b", "‐‑‒",
        ]
        return texts
    }

    static func general(_ content: [UInt16], _ styles: StyleRuns, _ direction: BaseDirection) throws -> Itemization {
        let boundaries = try TextBoundaries.iteratedGraphemeClusterBoundaries(in: content)
        return try Itemizer.itemizeCluster(
            byCluster: content, range: 0..<content.count, graphemeBoundaries: boundaries, styles: styles, baseDirection: direction)
    }

    static func expectSame(_ shortcut: [ItemRun], _ general: Itemization, _ label: String) {
        #expect(shortcut == general.runs, "\(label)")
        #expect(general.paragraphLevel == 0 && general.missingGlyphs == 0, "\(label)")
    }

    /// One style: every text the shortcut answers is itemized as the general itemizer does, and
    /// it answers for most of them.
    @Test func oneStyle() throws {
        var answered = 0
        var total = 0
        for file in Self.fontFiles {
            let style = TextStyle(font: try Fixtures.font("Fonts/" + file), size: 15, fallback: .none)
            let cascade = try FontCascade(style: style)
            for text in try Self.texts() where !text.isEmpty {
                let content = Array(text.utf16)
                let styles = StyleRuns(style: style, cascade: cascade, length: content.count)
                total += 1
                for direction in [BaseDirection.natural, .leftToRight] {
                    guard let runs = Itemizer.plainLatinRuns(content, range: 0..<content.count, styles: styles) else { continue }
                    if direction == .natural { answered += 1 }
                    Self.expectSame(runs, try Self.general(content, styles, direction), "\(file) \(direction): \(text.prefix(40))")
                }
            }
        }
        #expect(answered > total / 3, "\(answered) of \(total)")
    }

    /// Several stretches in different fonts, some empty, cut anywhere: one run per stretch with
    /// text, as the general itemizer finds them.
    @Test func severalStyles() throws {
        let styles = try Self.fontFiles.map { TextStyle(font: try Fixtures.font("Fonts/" + $0), size: 15, fallback: .none) }
        let cascades = try styles.map { try FontCascade(style: $0) }
        var generator = SystemRandomNumberGenerator()
        var answered = 0
        for text in try Self.texts() where text.utf16.count > 1 {
            let content = Array(text.utf16)
            for _ in 0..<4 {
                var ends = (0..<Int.random(in: 1...4, using: &generator)).map { _ in Int.random(in: 0...content.count, using: &generator) }
                ends = (ends + [content.count]).sorted()
                let picked = ends.indices.map { _ in Int.random(in: 0..<styles.count, using: &generator) }
                let runs = StyleRuns(
                    ends: ends, styles: picked.map { styles[$0] }, cascades: picked.map { cascades[$0] }, spanIndices: Array(ends.indices))
                guard let shortcut = Itemizer.plainLatinRuns(content, range: 0..<content.count, styles: runs) else { continue }
                answered += 1
                Self.expectSame(shortcut, try Self.general(content, runs, .natural), "\(ends) \(picked): \(text.prefix(40))")
            }
        }
        #expect(answered > 100)
    }

    /// Texts it must leave to the general itemizer: a soft hyphen, a tab, a character past Latin
    /// Extended-B, a character the font lacks, a right-to-left paragraph is not asked.
    @Test func refusals() throws {
        let style = TextStyle(font: try Fixtures.font("Fonts/NotoSans-Regular.ttf"), size: 15, fallback: .none)
        let cascade = try FontCascade(style: style)
        for text in [
            "soft\u{AD}hyphen", "tab\there", "x\u{300}", "Ωmega", "\u{250}", "a\u{7F}b", "a\u{2028}b", "a\u{200E}b", "a\u{202E}b",
            "a\u{2066}b", "a\u{2002}b", "a\u{2060}b", "a\u{2070}b",
        ] {
            let content = Array(text.utf16)
            let styles = StyleRuns(style: style, cascade: cascade, length: content.count)
            #expect(Itemizer.plainLatinRuns(content, range: 0..<content.count, styles: styles) == nil, "\(text.debugDescription)")
        }
        let content = Array("right to left".utf16)
        let styles = StyleRuns(style: style, cascade: cascade, length: content.count)
        let itemization = try Itemizer.itemize(
            content, range: 0..<content.count, graphemeBoundaries: Array(0...content.count), styles: styles, baseDirection: .rightToLeft)
        #expect(itemization.paragraphLevel == 1)
    }

    /// The itemizer's White_Space list is the property, for every scalar.
    @Test func whitespaceListIsTheProperty() {
        var differing: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if Itemizer.isWhitespace(scalar) != scalar.properties.isWhitespace { differing.append(value) }
        }
        #expect(differing.isEmpty, "\(differing.prefix(10).map { String($0, radix: 16) })")
    }

    /// Letter spacing's cursive scripts, kept as ICU's codes, are all nine named ones.
    @Test func everyCursiveScriptHasItsCode() {
        #expect(ParagraphShape.cursiveScriptCodes.count == ParagraphShape.cursiveScripts.count)
        #expect(Set(ParagraphShape.cursiveScriptCodes.map(UnicodeProperties.scriptCode)) == ParagraphShape.cursiveScripts)
    }
}
