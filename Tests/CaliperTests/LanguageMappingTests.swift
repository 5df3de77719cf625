// LanguageMappingTests.swift — a request's language tag shaped in a language HarfBuzz plans alike: the same glyphs as the tag itself, and a bounded set of languages interned.
@testable import Caliper
import Foundation
import TestSupport
import Testing

/// `Tests/Goldens/languages.json`: hb-shape's glyphs with `--language=TAG` (see languages.md).
struct LanguageGoldens: Decodable {
    struct Case: Decodable, CustomStringConvertible {
        var font: String
        var script: String
        var direction: String
        var text: String
        /// Each distinct result: glyphs as [id, UTF-16 cluster, x advance, x offset, y offset].
        var results: [[[Int]]]
        var resultByTag: [String: Int]
        var description: String { "\(font) \(script)" }
    }

    var harfbuzzTags: [String]
    var otherTags: [String]
    var cases: [Case]

    static func load() throws -> LanguageGoldens { try Fixtures.golden("languages.json", as: LanguageGoldens.self) }
}

/// Issue #41, item 7: HarfBuzz keeps every distinct language it is given for the life of the
/// process, and a plan per language, so Caliper maps a request's tag, per font and script, to one
/// of a bounded few that HarfBuzz plans alike (`LanguageSystems`). These tests hold the mapping to
/// both halves of that: the glyphs are those of the tag itself, and the languages stay few.
@Suite struct LanguageMappingTests {
    static func glyphs(
        of golden: LanguageGoldens.Case, language: String, features: [FontFeature] = [], asGiven: Bool = false
    ) throws -> GlyphRun {
        let face = try Fixtures.font(golden.font)
        let text = Array(golden.text.utf16)
        let properties = ShapingProperties(isRightToLeft: golden.direction == "rtl", script: golden.script, language: language)
        return text.withUnsafeBufferPointer {
            face.harfBuzz.shape($0, range: 0..<text.count, features: features, properties: properties, languageAsGiven: asGiven)
        }
    }

    /// Every language tag HarfBuzz 6.0.0's tests use, and 74 more, over the fixture fonts in the
    /// scripts they cover: shaped in the language Caliper maps it to, each gives the glyphs,
    /// clusters and positions of the tag handed to HarfBuzz as it is (in this process), and those
    /// hb-shape gives with `--language=TAG` (with ligatures off too). A case of the conformance
    /// report is one tag in one font and script case.
    @Test func everyTagShapesAsItsOwnTagDoes() throws {
        let goldens = try LanguageGoldens.load()
        let pairs = goldens.cases.flatMap { golden in (goldens.harfbuzzTags + goldens.otherTags).map { TagCase(golden: golden, tag: $0) } }
        let noLigatures = [try FontFeature("liga=0")]
        let agreed = Conformance.agreed(pairs) { pair in
            let (golden, tag) = (pair.golden, pair.tag)
            let face = try Fixtures.font(golden.font)
            let mapped = try Self.glyphs(of: golden, language: tag)
            guard let expected = golden.resultByTag[tag].map({ golden.results[$0] }) else { return ["not in languages.json"] }
            var differing: [String] = []
            if mapped != (try Self.glyphs(of: golden, language: tag, asGiven: true)) { differing.append("not as the tag itself") }
            let found = mapped.glyphs.map { [Int($0.id), Int($0.clusterOffset), Int($0.advance), Int($0.xOffset), Int($0.yOffset)] }
            if found != expected { differing.append("not as hb-shape --language=\(tag)") }
            if try Self.glyphs(of: golden, language: tag, features: noLigatures)
                != (try Self.glyphs(of: golden, language: tag, features: noLigatures, asGiven: true))
            {
                differing.append("not as the tag itself with liga=0")
            }
            if !differing.isEmpty { differing.append("shaped in \(face.harfBuzz.shapingLanguage(for: tag, script: golden.script) ?? "none")") }
            return differing
        }
        Conformance.record("languages", cases: pairs.count, agreed: agreed)
    }

    /// One language tag in one font and script case of languages.json.
    struct TagCase: CustomStringConvertible {
        var golden: LanguageGoldens.Case
        var tag: String
        var description: String { "\(golden) \(tag)" }
    }

    /// Tags made at random from subtags HarfBuzz reads (languages with and without OpenType tags,
    /// extended languages, scripts, regions, variants, extensions, `-hbot-` and `-hbsc-` with the
    /// fonts' own tags and others), in every case: each shapes as the tag given to HarfBuzz as it is.
    @Test(arguments: try LanguageGoldens.load().cases)
    func randomTagsShapeAsTheirOwnTagsDo(_ golden: LanguageGoldens.Case) throws {
        var random = SplitMix64(seed: 0x4107)
        let languages = ["en", "zh", "sr", "ro", "mo", "ca", "ur", "mr", "ne", "nv", "se", "es", "und", "cmn", "yue", "qaa", "zzz", "x"]
        let subtags = [
            "Latn", "Cyrl", "Hant", "Hans", "Arab", "HK", "MO", "TW", "MD", "polyton", "fonipa", "fonnapa", "yue", "min",
            "nan", "valencia", "u-nu-latn", "a-hk", "1996", "geok", "syrj",
        ]
        let openTypeTags = ["ROM ", "MOL ", "CAT ", "SRB ", "URD ", "MAR ", "NEP ", "ZHH ", "ZHTM", "ESP ", "dflt", "DFLT", "QQQ "]
        let scriptTags = ["latn", "cyrl", "arab", "dev2", "deva", "hani", "DFLT", "zzzz", "Qaaa"]
        for _ in 0..<300 {
            var tag = languages.randomElement(using: &random) ?? "en"
            for _ in 0..<Int.random(in: 0...3, using: &random) { tag += "-" + (subtags.randomElement(using: &random) ?? "") }
            if Bool.random(using: &random) {
                tag += "-x"
                if Bool.random(using: &random) { tag += "-hbsc-" + LanguageSystems.privateUseHex(Tag(scriptTags.randomElement(using: &random) ?? "").code) }
                if Bool.random(using: &random) { tag += "-hbot-" + LanguageSystems.privateUseHex(Tag(openTypeTags.randomElement(using: &random) ?? "").code) }
                if Bool.random(using: &random) { tag += "-\(random.next() % 1_000)" }
            }
            let face = try Fixtures.font(golden.font)
            let shapedIn = face.harfBuzz.shapingLanguage(for: tag, script: golden.script) ?? "none"
            #expect(
                try Self.glyphs(of: golden, language: tag) == (try Self.glyphs(of: golden, language: tag, asGiven: true)),
                "\(golden) \(tag), shaped in \(shapedIn)")
        }
    }

    /// Tags that select nothing in a font are shaped as text without a language; a tag that selects
    /// one language system, as that system's own tag; a tag naming a script, as that script's tag
    /// or, when the font lacks it, as any script it lacks.
    @Test func tagsMapToTheFontsOwnLanguageSystems() throws {
        let noto = try Fixtures.font("Fonts/NotoSans-Regular.ttf").harfBuzz
        #expect(noto.shapingLanguage(for: "x123", script: "Latn") == "c")
        #expect(noto.shapingLanguage(for: "EN_us", script: "Latn") == "c")
        #expect(noto.shapingLanguage(for: "nl", script: "Latn") == "c")
        #expect(noto.shapingLanguage(for: "zh-Hant-HK", script: "Latn") == "c")
        #expect(noto.shapingLanguage(for: "ro", script: "Latn") == "x-hbot-524f4d20")  // ROM
        #expect(noto.shapingLanguage(for: "ro", script: "Cyrl") == "c", "ROM is a language system of latn only")
        #expect(noto.shapingLanguage(for: "ro-MD", script: "Latn") == "x-hbot-4d4f4c20")  // MOL
        #expect(noto.shapingLanguage(for: "ca", script: "Latn") == "x-hbot-43415420")  // CAT
        #expect(noto.shapingLanguage(for: "cat", script: "Latn") == "x-hbot-43415420")
        #expect(noto.shapingLanguage(for: "x-hbot-43415420", script: "Latn") == "x-hbot-43415420")
        #expect(noto.shapingLanguage(for: "sr-Latn", script: "Cyrl") == "x-hbot-53524220")  // SRB
        #expect(noto.shapingLanguage(for: "x-hbsc-6379726c", script: "Latn") == "x-hbsc-6379726c")  // cyrl
        #expect(noto.shapingLanguage(for: "x-hbsc-41424344", script: "Latn") == "x-hbsc-7a7a7a7a", "ABCD and zzzz: absent alike")
        let dejaVu = try Fixtures.dejaVuSans.harfBuzz
        #expect(dejaVu.shapingLanguage(for: "es", script: "Latn") == "x-hbot-45535020", "ESP: in GSUB only")
        let droid = try Fixtures.font("Fonts/DroidSansFallbackFull.ttf").harfBuzz
        #expect(droid.shapingLanguage(for: "zh-TW", script: "Hani") == "c", "no language systems at all")
    }

    /// In a font whose GSUB selects ZHH and whose GPOS selects ZHTM for `zh-MO`, no one language
    /// system stands for it: every tag with that choice is shaped in the first such tag seen.
    @Test func aChoiceSplitBetweenGSUBAndGPOSKeepsOneTag() throws {
        let font = try Fixtures.font("Fonts/Languages/CaliperLanguageSplitTest.ttf").harfBuzz
        let first = try #require(font.shapingLanguage(for: "zh-MO", script: "Latn"))
        #expect(["zh-mo", "zh-hant-mo"].contains(first) || first.hasPrefix("zh-"), "\(first)")
        for tag in ["zh-Hant-MO", "zh-mo", "zh-abcd-MO", "zh-MO-x-foo", "cmn-Hant-MO", "zh-Hant-MO-u-nu-latn"] {
            #expect(font.shapingLanguage(for: tag, script: "Latn") == first, "\(tag)")
        }
        #expect(font.shapingLanguage(for: "zh-HK", script: "Latn") == "x-hbot-5a484820")  // ZHH, GSUB only
        #expect(font.shapingLanguage(for: "zh-MO", script: "Cyrl") == "x-hbot-5a48544d", "cyrl: GPOS falls back to latn, ZHTM")
    }

    /// Issue #41, item 7: thousands of distinct tags — garbage, private use, every three-letter
    /// code, random `-hbot-` and `-hbsc-` tags, Chinese variants — in every fixture font and its
    /// scripts intern a few dozen languages in HarfBuzz: the fonts' language systems, the scripts
    /// they have and one split choice, whatever the requests send.
    @Test func thousandsOfTagsInternOnlyTheFontsLanguages() throws {
        let fontScripts: [(String, [String])] = [
            ("Fonts/NotoSans-Regular.ttf", ["Latn", "Cyrl"]),
            ("Fonts/NotoSansArabic-Regular.ttf", ["Arab"]),
            ("Fonts/NotoSansDevanagari-Regular.ttf", ["Deva"]),
            ("Fonts/DejaVuSans.ttf", ["Latn", "Cyrl", "Arab"]),
            ("Fonts/DroidSansFallbackFull.ttf", ["Hani"]),
            ("Fonts/Languages/CaliperLanguageSplitTest.ttf", ["Latn"]),
        ]
        var random = SplitMix64(seed: 41)
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        let threeLetterCodes = letters.flatMap { a in letters.flatMap { b in letters.map { c in String([a, b, c]) } } }
        var tags = (0..<1_000).map { "x\($0)" } + (0..<1_000).map { "en-x-\($0)" } + threeLetterCodes
        tags += (0..<1_000).map { _ in "x-hbot-" + String(format: "%08x", UInt32(truncatingIfNeeded: random.next())) }
        tags += (0..<1_000).map { _ in "x-hbsc-" + String(format: "%08x", UInt32(truncatingIfNeeded: random.next())) }
        tags += (0..<1_000).map { "zh-\(threeLetterCodes[$0])-MO" } + (0..<1_000).map { "ro-\(threeLetterCodes[$0])" }
        #expect(Set(tags).count > 20_000)
        // Other suites shape in parallel and intern languages of their own, so the bound is on
        // the languages these tags map to, and no tag is ever interned as it was given.
        var produced = Set<String>()
        for (path, scripts) in fontScripts {
            let font = try Fixtures.font(path).harfBuzz
            for script in scripts {
                for tag in tags { font.shapingLanguage(for: tag, script: script).map { _ = produced.insert($0) } }
            }
        }
        // And through the whole pipeline, a label in 2,000 more languages.
        let measurer = TextMeasurer(cache: ShapeCache())
        let noto = try Fixtures.font("Fonts/NotoSans-Regular.ttf")
        var style = TextStyle(font: noto, size: 17, fallback: .none)
        var pipelineTags: [String] = []
        for index in 0..<2_000 {
            let tag = index.isMultiple(of: 2) ? "q\(index)" : "ro-x-\(index)"
            style.language = tag
            pipelineTags.append(tag)
            _ = try measurer.size(of: "Şţ Hello", style: style)
            noto.harfBuzz.shapingLanguage(for: tag, script: "Latn").map { _ = produced.insert($0) }
        }
        #expect(produced.count <= 40, "\(produced.sorted())")
        for tag in produced {
            #expect(tag == "c" || tag.hasPrefix("x-hbot-") || tag.hasPrefix("x-hbsc-") || tag.hasPrefix("zh-"), "\(tag)")
        }
        let interned = Languages.internedTags
        let internedAsGiven = (tags + pipelineTags).filter { interned.contains($0) && !produced.contains($0.lowercased()) }
        #expect(internedAsGiven.isEmpty, "\(internedAsGiven.prefix(20))")
    }

    /// `x-hbot-` with eight hex digits is read back as exactly that tag, `DFLT` in any case too
    /// (HarfBuzz flips its case: `parse_private_use_subtag`, src/hb-ot-tag.cc).
    @Test func privateUseHexReadsBackAsTheTag() {
        for tag in [Tag("ROM").code, Tag("ZHTM").code, Tag("DFLT").code, Tag("dflt").code, Tag("DfLt").code, 0, 0xFFFF_FFFF] {
            let hex = LanguageSystems.privateUseHex(tag)
            #expect(Languages.openTypeTags(ofLanguage: "x-hbot-" + hex, script: "Latn").languages == [tag], "\(hex)")
            #expect(Languages.openTypeTags(ofLanguage: "x-hbsc-" + hex, script: "Latn").scripts == [tag], "\(hex)")
        }
        #expect(LanguageSystems.privateUseHex(Tag("DFLT").code) == "64666c74")
        #expect(Languages.readsTagsInPlace, "HarfBuzz reads a language as the string it points to")
    }

    /// As `hb_language_from_string` keeps a tag (`canon_map`, src/hb-common.cc).
    @Test func canonicalTagsAreHarfBuzzs() {
        #expect(Languages.canonical("EN_us") == "en-us")
        #expect(Languages.canonical("zh-Hant-HK") == "zh-hant-hk")
        #expect(Languages.canonical("fa_IR.utf8") == "fa-ir")
        #expect(Languages.canonical("") == "")
    }

    /// `ltag` strings as `ltag::get_language` interns them, matched as `hb_language_matches` matches.
    @Test func ltagLanguagesAreReadAsHarfBuzzReadsThem() {
        func ltag(_ strings: [String]) -> [UInt8] {
            var table: [UInt8] = [0, 0, 0, 1, 0, 0, 0, 0] + [0, 0, 0, UInt8(strings.count)]
            var offset = 12 + 4 * strings.count
            for string in strings {
                table += [UInt8(offset >> 8), UInt8(offset & 0xFF), 0, UInt8(string.utf8.count)]
                offset += string.utf8.count
            }
            return table + strings.flatMap(\.utf8)
        }
        #expect(FaceLanguages.ltagLanguages(ltag(["en", "SR_Latn", "", ".x", "zh.TW"])) == ["en", "sr-latn", nil, "", "zh"])
        #expect(FaceLanguages.ltagLanguages(Array(ltag(["en"]).dropLast())).isEmpty, "a string past the end: no table")
        #expect(FaceLanguages.ltagLanguages([0, 0, 0, 0] + ltag(["en"]).dropFirst(4)).isEmpty, "version 0: no table")
        #expect(LanguageSystemChoice.matches("sr", "sr-latn"))
        #expect(LanguageSystemChoice.matches("sr-latn", "sr-latn"))
        #expect(!LanguageSystemChoice.matches("sr", "srb"))
        #expect(!LanguageSystemChoice.matches("sr-latn", "sr"))
        #expect(LanguageSystemChoice.matches("", "-x"))
    }

    /// What HarfBuzz hands Graphite (the first subtag's first four letters), looked up as Graphite
    /// looks it up in `Sill` (spaces at the end zeroed).
    @Test func graphiteFaceLanguagesAreTheirFirstSubtags() {
        #expect(GraphiteLanguages.identifier(of: "en-us") == 0x656E_0000)
        #expect(GraphiteLanguages.identifier(of: "x-hbot-41") == 0x7800_0000)
        #expect(GraphiteLanguages.identifier(of: "abcdef") == 0x6162_6364)
        #expect(GraphiteLanguages.identifier(of: "-en") == 0)
        func sill(_ identifiers: [UInt32]) -> [UInt8] {
            var table: [UInt8] = [0, 1, 0, 0, 0, UInt8(identifiers.count), 0, 0, 0, 0, 0, 0]
            for identifier in identifiers + [0] {
                table += (0..<4).map { UInt8(truncatingIfNeeded: identifier >> (24 - 8 * $0)) } + [0, 0, 0, 0]
            }
            return table
        }
        let languages = GraphiteLanguages(sill: sill([0x656E_0000, 0x6B6D_7200]))  // en, kmr
        #expect(languages.representative(of: "en-us") == "en")
        #expect(languages.representative(of: "kmr-latn") == "kmr")
        #expect(languages.representative(of: "fr") == "c")
        #expect(languages.representative(of: "englisch") == "c", "engl: not en")
        #expect(GraphiteLanguages(sill: sill([0x6300_0000])).representative(of: "fr") == "-", "c is one of its languages")
        #expect(GraphiteLanguages(sill: [0, 2]).representative(of: "fr") == "fr", "a table Graphite would not read: as given")
    }
}
