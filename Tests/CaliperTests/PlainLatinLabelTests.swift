// PlainLatinLabelTests.swift — the plain-Latin fast path of size(of:) equals the general pipeline, bit for bit.
@testable import Caliper
import Foundation
import Testing
import TestSupport

@Suite struct PlainLatinLabelTests {
    /// Every character the fast path accepts.
    static let plainLatin: [Unicode.Scalar] = (Array(0x20...0x7E) + Array(0xA0..<0x250)).compactMap(Unicode.Scalar.init)

    /// What the fast path assumes of its characters, asked of ICU: each is a grapheme cluster of its
    /// own, Latin or Common as `isLatinLetter` says, and none makes a paragraph right-to-left.
    @Test func plainLatinCharactersAreSingleLeftToRightLatinOrCommonClusters() throws {
        for scalar in Self.plainLatin {
            let expected = PlainLatinLabel.isLatinLetter(scalar.value) ? "Latn" : "Zyyy"
            #expect(UnicodeProperties.scriptCode(UnicodeProperties.script(of: scalar)) == expected, "U+\(String(scalar.value, radix: 16))")
        }
        let all = Array(String(String.UnicodeScalarView(Self.plainLatin)).utf16)
        #expect(GraphemeClusters.boundaries(in: all).count == all.count + 1)
        let commonOnly = Array(String(String.UnicodeScalarView(Self.plainLatin.filter { !PlainLatinLabel.isLatinLetter($0.value) })).utf16)
        for text in [all, commonOnly, all.reversed()] {
            let (levels, paragraphLevel) = try Bidi.levels(of: text)
            #expect(paragraphLevel == 0)
            #expect(levels.allSatisfy { $0 == 0 })
        }
    }

    /// What `SpaceIsolation` finds in the fixtures agrees with fontTools: Liberation Sans kerns
    /// the space (23 pairs in its `kern` table, and a GPOS pair lookup that covers it); DejaVu
    /// Sans uses it only in an Arabic ligature lookup; Noto Sans nowhere.
    @Test func spaceIsolationMatchesTheFixtures() throws {
        #expect(try Fixtures.dejaVuSans.isolatesSpaces)
        #expect(try Fixtures.font("Fonts/NotoSans-Regular.ttf").isolatesSpaces)
        #expect(try !Fixtures.font("Fonts/LiberationSans-Regular.ttf").isolatesSpaces)
    }

    @Test func kernTablesWithTheSpaceOrOfOtherFormatsAreNotIsolating() {
        // version 0, one subtable: version 0, length 20, coverage 0x0001 (format 0, horizontal), one pair.
        func kern(left: UInt16, right: UInt16, coverage: UInt16 = 1) -> [UInt8] {
            [0, 0, 0, 1, 0, 0, 0, 20, UInt8(coverage >> 8), UInt8(coverage & 0xFF), 0, 1, 0, 6, 0, 0, 0, 0]
                + [UInt8(left >> 8), UInt8(left & 0xFF), UInt8(right >> 8), UInt8(right & 0xFF), 0xFF, 0xC0]
        }
        #expect(SpaceIsolation.kernTablePairs([], avoid: 3))
        #expect(SpaceIsolation.kernTablePairs(kern(left: 36, right: 57), avoid: 3))
        #expect(!SpaceIsolation.kernTablePairs(kern(left: 3, right: 57), avoid: 3))
        #expect(!SpaceIsolation.kernTablePairs(kern(left: 55, right: 3), avoid: 3))
        #expect(!SpaceIsolation.kernTablePairs(kern(left: 36, right: 57, coverage: 0x0201), avoid: 3))
        #expect(!SpaceIsolation.kernTablePairs(Array(kern(left: 36, right: 57).prefix(20)), avoid: 3))
        #expect(!SpaceIsolation.kernTablePairs([0, 1, 0, 0, 0, 0, 0, 0], avoid: 3))
        #expect(SpaceIsolation.lookupFlags(inTable: [0, 1, 0]) == nil)
    }

    /// Words with kerning pairs and ligatures inside and at their edges, digits, punctuation,
    /// Latin-1 and Latin Extended letters, symbols and no-break spaces.
    static let vocabulary = [
        "To", "AV", "Type", "office", "ffi", "fly", "Wave", "LTA", "Y.", "T,", "1/2", "2024", "A-Z", "(Tag)",
        "«Gräße»", "Ærø", "ŁÓDŹ", "ǅemal", "µ×÷", "$9.99", "don't", "e-mail", "Ωx", "ÿ", "ĳ", "\u{A0}", "T\u{A0}A",
        "\u{AD}", "o\u{AD}o", "!?", "\"", "'", "#", "iii", "…", "ı", "ſt",
    ]

    static func labels(count: Int, seed: UInt64) -> [String] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            let words = (0..<Int.random(in: 1...4, using: &generator)).map { _ in
                vocabulary.randomElement(using: &generator) ?? "x"
            }
            var label = ""
            for (index, word) in words.enumerated() {
                if index > 0 { label += String(repeating: " ", count: Int.random(in: 1...2, using: &generator)) }
                label += word
            }
            if Bool.random(using: &generator) { label = " " + label }
            if Bool.random(using: &generator) { label += " " }
            return label
        } + ["   ", " ", "1 2", "...", "T", "\u{A0}"]
    }

    static func styles() throws -> [TextStyle] {
        let fonts = try ["Fonts/DejaVuSans.ttf", "Fonts/NotoSans-Regular.ttf", "Fonts/LiberationSans-Regular.ttf"]
            .map { try Fixtures.font($0) }
        var styles: [TextStyle] = []
        for font in fonts {
            styles.append(TextStyle(font: font, size: 17, fallback: .none))
            styles.append(TextStyle(font: font, size: 11.5, letterSpacing: 0.7, fallback: .none))
            styles.append(TextStyle(font: font, size: 13, letterSpacing: -0.4, features: [try FontFeature("smcp"), try FontFeature(tag: "kern", value: 0)]))
            styles.append(TextStyle(font: font, size: 15, language: "tr"))
        }
        return styles
    }

    /// Labels measured through the fast path — uncached (shaped whole), cached the first time
    /// (summed from words), cached again (one look-up), and new labels of known words — against
    /// the general pipeline (`measure(_:style:).unwrappedSize` without a cache: itemized, broken
    /// and shaped by runs), compared bit for bit.
    @Test func fastPathSizesEqualTheGeneralPipelineBitForBit() throws {
        let general = TextMeasurer(cache: nil)
        for style in try Self.styles() {
            let cache = ShapeCache()
            let cached = TextMeasurer(cache: cache)
            let first = Self.labels(count: 150, seed: 7)
            let recombined = Self.labels(count: 150, seed: 8)
            for (pass, labels) in [first, first, recombined].enumerated() {
                for label in labels {
                    let expected = try general.measure(label, style: style).unwrappedSize
                    let uncached = try general.size(of: label, style: style)
                    let fast = try cached.size(of: label, style: style)
                    #expect(uncached.width.bitPattern == expected.width.bitPattern, "\(label.debugDescription) \(style.font)")
                    #expect(fast.width.bitPattern == expected.width.bitPattern, "pass \(pass): \(label.debugDescription) \(style.font)")
                    #expect(fast.height.bitPattern == expected.height.bitPattern)
                }
            }
            // The fast path took the plain Latin labels ("…" is not): every one has its entry.
            let plain = Set(first + recombined).filter { PlainLatinLabel.scan($0, font: style.font) != nil }
            #expect(plain.count > 200)
            #expect(cache.labels.statistics.entryCount == plain.count)
            if style.font.isolatesSpaces {
                #expect(cache.pieces.statistics.hits > 0, "new labels of known words were summed from cached words")
            } else {
                #expect(cache.pieces.statistics.entryCount == 0, "labels are shaped whole where a space may kern")
            }
        }
    }

    /// One-line layouts through the fast path — cached and uncached — against the general pipeline
    /// (`measure` then `MeasuredText.layout`), over paragraph styles and widths from none to less
    /// than a word, including each label's exact width and the values just around it.
    @Test func fastLayoutsEqualTheGeneralPipeline() throws {
        let general = TextMeasurer(cache: nil)
        let paragraphStyles = [
            ParagraphStyle(),
            ParagraphStyle(lineBreakMode: .byTruncatingTail, numberOfLines: 1),
            ParagraphStyle(lineBreakMode: .byCharWrapping, numberOfLines: 2, lineSpacing: 3.3),
            ParagraphStyle(lineBreakMode: .byClipping, lineHeightMultiple: 1.4, baseDirection: .leftToRight),
            ParagraphStyle(minimumLineHeight: 30, maximumLineHeight: 31),
            ParagraphStyle(baseDirection: .rightToLeft),
        ]
        var fastCount = 0
        for style in try Self.styles() {
            let cached = TextMeasurer(cache: ShapeCache())
            for label in Self.labels(count: 60, seed: 11) {
                let natural = try general.measure(label, style: style).layout().lines.first?.width ?? 0
                let widths: [CGFloat?] = [nil, .infinity, 0, 25, 80, 1000, natural, natural.nextDown, natural.nextUp, natural - 1e-9, natural + 1e-9]
                    .filter { $0.map { $0 >= 0 } ?? true }
                for paragraphStyle in paragraphStyles {
                    for width in widths {
                        let expected = try general.measure(label, style: style, baseDirection: paragraphStyle.baseDirection)
                            .layout(maxWidth: width, paragraphStyle: paragraphStyle)
                        for measurer in [cached, general] {
                            let actual = try measurer.layout(label, style: style, paragraphStyle: paragraphStyle, maxWidth: width)
                            #expect(actual == expected, "\(label.debugDescription) width \(String(describing: width)) \(style.font)")
                            #expect(actual.size.width.bitPattern == expected.size.width.bitPattern)
                            #expect(actual.size.height.bitPattern == expected.size.height.bitPattern)
                        }
                        if PlainLatinLabel.layout(label, style: style, paragraphStyle: paragraphStyle, maxWidth: width, cache: ShapeCache()) != nil {
                            fastCount += 1
                        }
                    }
                }
            }
        }
        #expect(fastCount > 5_000, "the fast path took \(fastCount) layouts")
    }

    /// Text that is not plain Latin, or that the font does not cover, takes the general path.
    @Test func otherTextIsNotTakenByTheFastPath() throws {
        let font = try Fixtures.dejaVuSans
        for text in ["", "a\nb", "e\u{301}", "Tab\there", "Ωmega", "日本", "a\u{2028}b", "😀", "\u{85}", "\u{7F}"] {
            #expect(PlainLatinLabel.scan(text, font: font) == nil, "\(text.debugDescription)")
        }
        let thai = try Fixtures.font("Fonts/NotoSansThai-Regular.ttf")
        let missing = try #require(Self.plainLatin.first { !thai.hasGlyph(for: $0) })
        #expect(PlainLatinLabel.scan("a" + String(missing), font: thai) == nil)
        #expect(PlainLatinLabel.scan("Hello, World", font: font)?.script == .latin)
        #expect(PlainLatinLabel.scan("12 ÷ 3", font: font)?.script == .common)
    }

    /// The coverage bitmap answers as the character map does.
    @Test func latinCoverageMatchesTheCharacterMap() throws {
        for path in ["Fonts/DejaVuSans.ttf", "Fonts/NotoSansThai-Regular.ttf", "Fonts/NotoColorEmoji.ttf"] {
            let font = try Fixtures.font(path)
            for value in UInt32(0)..<LatinCoverage.end {
                guard let scalar = Unicode.Scalar(value) else { continue }
                #expect(
                    font.latinCoverage.contains(value) == (font.harfBuzz.nominalGlyph(for: scalar) != nil), "\(path) U+\(String(value, radix: 16))")
            }
            #expect(!font.latinCoverage.contains(LatinCoverage.end))
        }
    }

    /// Text over the length limit is refused even when a cache has it.
    @Test func theLengthLimitHoldsForCachedLabels() throws {
        let style = TextStyle(font: try Fixtures.dejaVuSans, size: 17)
        let cache = ShapeCache()
        _ = try TextMeasurer(cache: cache).size(of: "A long enough label", style: style)
        #expect(throws: CaliperError.self) {
            try TextMeasurer(maximumTextLength: 5, cache: cache).size(of: "A long enough label", style: style)
        }
    }

    /// A style whose fontconfig file is missing is refused, as the general path refuses it.
    @Test func aBadFallbackConfigurationIsReportedForLatinLabels() throws {
        let style = TextStyle(
            font: try Fixtures.dejaVuSans, size: 17, fallback: .fontconfig(configurationFile: "/nonexistent/fonts.conf"))
        #expect(throws: CaliperError.self) { try TextMeasurer().size(of: "Hello", style: style) }
    }
}
