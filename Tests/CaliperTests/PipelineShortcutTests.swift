// PipelineShortcutTests.swift — each shortcut of the pipeline against the general answer it skips.
@testable import Caliper
import Foundation
import Testing
import TestSupport

@Suite struct PipelineShortcutTests {
    /// Text below U+0590 that is not forced right-to-left is all at level 0 without asking ICU:
    /// checked against ICU on every code unit below U+0590 (controls, paragraph separators, digits,
    /// marks, brackets) alone and in random strings, in each base direction the shortcut takes.
    @Test func bidiLevelsBelowHebrewAreICUs() throws {
        var generator = SplitMix64(seed: 0x0590)
        var texts: [[UInt16]] = (0..<0x0590).map { [UInt16($0)] }
        for _ in 0..<2_000 {
            texts.append((0..<Int.random(in: 1...40, using: &generator)).map { _ in UInt16.random(in: 0..<0x0590, using: &generator) })
        }
        for text in texts {
            for direction in [BaseDirection.natural, .leftToRight] {
                let shortcut = try Bidi.levels(of: text, baseDirection: direction)
                let icu = try Bidi.icuLevels(of: text, baseDirection: direction)
                #expect(shortcut.levels == icu.levels && shortcut.paragraphLevel == icu.paragraphLevel, "\(text) \(direction)")
            }
        }
    }

    /// The cascade's shortcut for one plain Latin character is right to skip the emoji and
    /// default-ignorable checks: ICU says none of those characters is either.
    @Test func plainLatinIsNeitherDefaultIgnorableNorEmojiPresentation() {
        var checked = 0
        for value in UInt32(0)..<LatinCoverage.end where FontCascade.isPlainLatin(value) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(!UnicodeProperties.isDefaultIgnorable(scalar), "U+\(String(value, radix: 16))")
            #expect(!UnicodeProperties.isEmojiPresentation(scalar), "U+\(String(value, radix: 16))")
            checked += 1
        }
        #expect(checked == 95 + 0x250 - 0xA0 - 1)
    }

    /// A cluster of one plain Latin character gets the font the cascade's general search gives it,
    /// for a primary font that has it and one that lacks it.
    @Test func plainLatinClustersGetTheSearchedFont() throws {
        let emoji = try Fixtures.font("Fonts/NotoColorEmoji.ttf")
        let noto = try Fixtures.font("Fonts/NotoSans-Regular.ttf")
        for primary in [noto, emoji] {
            let cascade = try FontCascade(style: TextStyle(font: primary, size: 17, fallbackFonts: [noto], fallback: .none))
            for value in UInt32(0x20)..<LatinCoverage.end where FontCascade.isPlainLatin(value) {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let searched = [primary, noto].first { $0.hasGlyph(for: scalar) }
                let chosen = cascade.face(forCluster: [scalar])
                #expect(chosen.face === (searched ?? primary) && chosen.isMissing == (searched == nil), "U+\(String(value, radix: 16))")
            }
        }
    }

    /// The ASCII script and bracket tables hold ICU's answers.
    @Test func asciiPropertiesAreICUs() {
        for value in UInt32(0)..<128 {
            let scalar = Unicode.Scalar(UInt8(value))
            #expect(UnicodeProperties.script(of: scalar) == UnicodeProperties.icuScript(value))
            #expect(UnicodeProperties.bracketType(of: scalar) == UnicodeProperties.icuBracketType(value))
        }
    }
}
