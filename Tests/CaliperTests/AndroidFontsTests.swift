// AndroidFontsTests.swift — a device's fonts.xml and fallback: what Android 14 makes of the fixture fonts.xml, and Minikin's choice among its families (Tests/Goldens/android_fonts.json).
@testable import Caliper
import Foundation
import TestSupport
import Testing

/// `Tests/Goldens/android_fonts.json` (`make_android_fonts.py`): Android 14's Java restated over
/// `Fonts/Android/fonts.xml`, and Minikin at android-14.0.0_r50 measuring with its collections.
struct AndroidFontsGoldens: Decodable {
    struct Font: Decodable, Equatable {
        var file: String
        var index: Int
        var weight: Int
        var italic: Bool
        var variations: [[Variation]]
        var fallbackFor: String?
    }

    /// One element of a `[tag, value]` pair.
    enum Variation: Decodable, Equatable {
        case tag(String)
        case value(Double)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                self = .tag(text)
            } else {
                self = .value(try container.decode(Double.self))
            }
        }
    }

    struct Family: Decodable, Equatable {
        var locales: String
        var variant: String
        var isDefaultFallback: Bool
        var fonts: [Font]
    }

    struct Typeface: Decodable {
        var name: String
        var families: [Family]
    }

    struct Alias: Decodable, Equatable {
        var name: String
        var family: String
        var weight: Int
    }

    struct Measure: Decodable, CustomStringConvertible {
        var kind: String
        var typeface: String?
        var weight: Int?
        var customFonts: [String]?
        var locale: String
        var variant: String
        var text: String
        var size: Double
        var hinting: Bool
        var advance: Float
        var measureText: Float
        var description: String {
            "\(typeface ?? customFonts?.joined(separator: "+") ?? "")\(weight.map { " \($0)" } ?? "") \(text.debugDescription) "
                + "under \(locale), variant \(variant), at \(size) px, hinting \(hinting)"
        }
    }

    var directory: String
    var configuration: String
    var familyNames: [String]
    var aliases: [Alias]
    var missingFiles: [String]
    var fallbackFamilies: [Family]
    var typefaces: [Typeface]
    var measure: [Measure]

    static let loaded: AndroidFontsGoldens? = try? Fixtures.golden("android_fonts.json", as: AndroidFontsGoldens.self)
}

extension AndroidFontsGoldens.Family {
    /// A family as Caliper lists it, in the golden's terms.
    init(_ family: AndroidFontFamily) {
        locales = family.locales
        variant = family.variant.rawValue
        isDefaultFallback = family.isDefaultFallback
        fonts = family.fonts.map {
            AndroidFontsGoldens.Font(
                file: $0.file, index: $0.index, weight: $0.weight, italic: $0.isItalic,
                variations: $0.variations.map { [.tag($0.tag.description), .value($0.value)] }, fallbackFor: $0.fallbackFor)
        }
    }
}

@Suite struct AndroidFontsTests {
    /// The fixture device: `Fonts/Android/fonts.xml` over `Fonts/`.
    static let device: AndroidFonts? = try? AndroidFonts(
        directory: Fixtures.path("Fonts"), configuration: Fixtures.path("Fonts/Android/fonts.xml"))

    @Test func namesAliasesAndMissingFilesAreFontListParsers() throws {
        let golden = try #require(AndroidFontsGoldens.loaded)
        let device = try #require(Self.device)
        #expect(device.familyNames == golden.familyNames)
        #expect(device.aliases.map { AndroidFontsGoldens.Alias(name: $0.name, family: $0.family, weight: $0.weight) } == golden.aliases)
        #expect(device.missingFiles == golden.missingFiles)
        #expect(device.fallbackFamilies.map(AndroidFontsGoldens.Family.init) == golden.fallbackFamilies)
    }

    @Test func eachTypefaceFallsBackAsSystemFontsBuildsIt() throws {
        let golden = try #require(AndroidFontsGoldens.loaded)
        let device = try #require(Self.device)
        #expect(golden.typefaces.count == 8)
        for typeface in golden.typefaces {
            let families = try device.families(ofTypeface: typeface.name).map(AndroidFontsGoldens.Family.init)
            #expect(families == typeface.families, "\(typeface.name)")
        }
    }

    /// A golden measured through the public door (the paint's default variant), or with the
    /// family variant set on the paint as `Paint.setElegantTextHeight` would (internal).
    static func measured(_ golden: AndroidFontsGoldens.Measure, device: AndroidFonts) throws -> Float {
        let style: TextStyle
        if let typeface = golden.typeface {
            style = try device.textStyle(family: typeface, weight: golden.weight, size: CGFloat(golden.size))
        } else {
            let fonts = try (golden.customFonts ?? []).map { try Fixtures.font("Fonts/\($0)") }
            style = TextStyle(font: fonts[0], size: CGFloat(golden.size), fallbackFonts: Array(fonts.dropFirst()), fallback: .none)
        }
        let profile = AndroidProfile(hinting: golden.hinting, locale: golden.locale, systemFonts: device)
        guard golden.variant != "default" else {
            return try TextMeasurer(cache: nil).androidMeasurement(of: golden.text, style: style, profile: profile).advance
        }
        let variant = try #require(AndroidFontVariant(rawValue: golden.variant))
        let paint = AndroidPaint(
            size: Float(golden.size), letterSpacing: 0, hinting: golden.hinting, locale: golden.locale, features: [], familyVariant: variant)
        return try MinikinLayout.measureText(golden.text.utf16Units, families: device.collection(for: style), paint: paint).advance
    }

    @Test(arguments: ["locale", "emoji", "variant", "primary", "custom", "weight", "variable"])
    func measureTextIsMinikins(kind: String) throws {
        let device = try #require(Self.device)
        let goldens = try #require(AndroidFontsGoldens.loaded).measure.filter { $0.kind == kind }
        #expect(goldens.count >= 6)
        var failures: [String] = []
        for golden in goldens {
            let advance = try Self.measured(golden, device: device)
            if advance != golden.advance {
                failures.append("\(golden): \(advance), Minikin \(golden.advance)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(goldens.count):\n\(failures.prefix(12).joined(separator: "\n"))")
        Conformance.record("android-fonts", part: kind, cases: goldens.count, agreed: goldens.count - failures.count)
    }
}

/// Typefaces and aliases as `Typeface` resolves them on the fixture device.
@Suite struct AndroidTypefaceTests {
    @Test func aliasesAreTheirFamilyAtTheirWeight() throws {
        let device = try #require(AndroidFontsTests.device)
        let medium = try device.typeface("sans-serif-medium")
        #expect((medium.familyName, medium.weight, medium.isItalic) == ("sans-serif", 500, false))
        // `weight == 400 ? base`: an alias at 400 is its family's typeface.
        let arial = try device.typeface("arial")
        #expect((arial.familyName, arial.weight) == ("sans-serif", 400))
        #expect(arial.font === (try device.typeface("sans-serif").font))
        // Typeface.create(typeface, weight, italic) sets the weight exactly.
        #expect(try device.typeface("sans-serif-bold", weight: 300).weight == 300)
    }

    @Test func theFamilysFontIsTheClosestMatch() throws {
        let device = try #require(AndroidFontsTests.device)
        // serif: NotoSans-Regular (400), NotoSans-Bold (700). 600 is one hundred from 700, two from 400.
        #expect(try device.typeface("serif", weight: 600).font.path.hasSuffix("NotoSans-Bold.ttf"))
        #expect(try device.typeface("serif", weight: 500).font.path.hasSuffix("NotoSans-Regular.ttf"))
        // 550 and 450 are one hundred (by whole hundreds) from 400… and from 700 by two: Regular.
        #expect(try device.typeface("serif-bold").font.path.hasSuffix("NotoSans-Bold.ttf"))
        // No italic font: the upright one is the closest (two for the slant).
        #expect(try device.typeface("serif", weight: 700, italic: true).font.path.hasSuffix("NotoSans-Bold.ttf"))
    }

    @Test func axesOfFontsXMLAreApplied() throws {
        let device = try #require(AndroidFontsTests.device)
        let bold = try device.typeface("sans-serif-condensed", weight: 700).font
        // wght 700; the wdth axis Inter lacks is ignored.
        #expect(bold.variations == [try FontVariation("wght=700")])
        #expect(try device.typeface("sans-serif-condensed", weight: 300).font.variations == [try FontVariation("wght=300")])
        // The default weight is the regular font's (RESOLVE_BY_FONT_TABLE): its wght, 400.
        #expect(try device.typeface("sans-serif-condensed").weight == 400)
    }

    @Test func eachTypefaceHasAFaceOfItsOwn() throws {
        let device = try #require(AndroidFontsTests.device)
        let regular = try device.typeface("sans-serif")
        let bold = try device.typeface("sans-serif-bold")
        // Roboto Regular is the only font: the same file, two faces, two typefaces.
        #expect(regular.font.path == bold.font.path)
        #expect(regular.font !== bold.font)
        #expect(try device.typeface("sans-serif").font === regular.font)
        let style = try device.textStyle(family: "sans-serif-bold", size: 16)
        #expect(style.font === bold.font)
    }

    @Test func unknownNamesAndWeightsAreRefused() throws {
        let device = try #require(AndroidFontsTests.device)
        // A dangling alias (to a family fonts.xml does not have) is dropped, as FontListParser drops it.
        for name in ["dangling", "no-such-family", "Sans-Serif", ""] {
            #expect(throws: CaliperError.androidFontFamilyNotFound(
                name, configuration: device.configurationPath,
                available: ["sans-serif", "serif", "sans-serif-condensed", "cjk-first", "sans-serif-medium", "sans-serif-bold", "arial", "serif-bold"]
            )) { _ = try device.typeface(name) }
        }
        #expect(throws: CaliperError.self) { _ = try device.families(ofTypeface: "dangling") }
        for weight in [0, 1001, -400] {
            #expect(throws: CaliperError.invalidAndroidProfile("a typeface's weight is from 1 to 1000, not \(weight)")) {
                _ = try device.typeface("sans-serif", weight: weight)
            }
        }
    }

    @Test func withoutSystemFontsAStyleMeasuresAsBefore() throws {
        let device = try #require(AndroidFontsTests.device)
        // A typeface's style measured without system fonts is its one font, of equal standing.
        let style = try device.textStyle(family: "sans-serif", size: 16)
        let alone = try TextMeasurer(cache: nil).androidMeasurement(of: "Hi 漢字", style: style, profile: AndroidProfile(locale: "ja-JP"))
        #expect(alone.missingGlyphCount == 2)
        let onDevice = try TextMeasurer(cache: nil).androidMeasurement(
            of: "Hi 漢字", style: style, profile: AndroidProfile(locale: "ja-JP", systemFonts: device))
        #expect(onDevice.missingGlyphCount == 0)
    }
}

/// What Android's FontListParser would fail on, refused with its line and column.
@Suite struct AndroidFontConfigurationTests {
    /// A folder holding Roboto (as `Roboto.ttf`) and `fonts.xml` with `configuration` inside it.
    static func device(_ configuration: String) throws -> (AndroidFonts?, CaliperError?) {
        let folder = try TemporaryFolder()
        try FileManager.default.copyItem(atPath: Fixtures.path("Fonts/Android/Roboto-Regular.ttf"), toPath: folder.path("Roboto.ttf"))
        try Data(configuration.utf8).write(to: URL(fileURLWithPath: folder.path("fonts.xml")))
        do {
            return (try AndroidFonts(directory: folder.path), nil)
        } catch {
            return (nil, error)
        }
    }

    static func refusal(_ body: String) throws -> (line: Int, column: Int, reason: String)? {
        guard case .invalidFontConfiguration(_, let line, let column, let reason)? = try device("<familyset>\n\(body)\n</familyset>").1 else {
            return nil
        }
        return (line, column, reason)
    }

    @Test(arguments: [
        ("<family name=\"x\" lang=\"ja\"><font>Roboto.ttf</font></family>", 2, 1, "a named family cannot have lang"),
        ("<family name=\"x\" variant=\"elegant\"><font>Roboto.ttf</font></family>", 2, 1, "cannot have variant"),
        ("<family-list name=\"x\"><family lang=\"ja\"><font>Roboto.ttf</font></family></family-list>", 2, 23, "inside a family list cannot have lang"),
        ("<family-list><family><font>Roboto.ttf</font></family></family-list>", 2, 1, "needs a name"),
        ("<family><font weight=\"bold\">Roboto.ttf</font></family>", 2, 9, "weight \"bold\" is not a whole number"),
        ("<family><font weight=\"1001\">Roboto.ttf</font></family>", 2, 9, "weight 1001 is not from 1 to 1000"),
        ("<family><font weight=\" 400\">Roboto.ttf</font></family>", 2, 9, "not a whole number"),
        ("<family><font index=\"-1\">Roboto.ttf</font></family>", 2, 9, "index -1 is negative"),
        ("<family><font>Roboto.ttf<axis tag=\"wg\" stylevalue=\"1\"/></font></family>", 2, 25, "four printable ASCII"),
        ("<family><font>Roboto.ttf<axis tag=\"wght\" stylevalue=\"heavy\"/></font></family>", 2, 25, "finite number"),
        ("<family><font>Roboto.ttf<axis tag=\"wght\"/></font></family>", 2, 25, "finite number"),
        ("<family><font> .tt </font></family>", 2, 9, "shorter than an extension"),
        ("<family><font/></family>", 2, 9, "shorter than an extension"),
        ("<alias name=\"x\"/>", 2, 1, "needs a name and a to"),
        ("<alias name=\"x\" to=\"sans-serif\" weight=\"heavy\"/>", 2, 1, "not a whole number"),
    ] as [(String, Int, Int, String)])
    func whatAndroidWouldFailOnIsRefused(body: String, line: Int, column: Int, reason: String) throws {
        let refusal = try #require(try Self.refusal(body), "\(body) was read")
        #expect((refusal.line, refusal.column) == (line, column), "\(refusal)")
        #expect(refusal.reason.contains(reason), "\(refusal.reason)")
    }

    @Test func theRootMustBeAFamilySet() throws {
        guard case .invalidFontConfiguration(_, 1, 1, let reason)? = try Self.device("<fontconfig/>").1 else {
            Issue.record("a <fontconfig> root was read")
            return
        }
        #expect(reason == "the root element is <fontconfig>, not <familyset>")
    }

    @Test func missingFilesAreLeftOutAsAndroidLeavesThem() throws {
        let (read, error) = try Self.device("""
            <familyset>
              <family name="sans-serif"><font>Gone.ttf</font><font>Roboto.ttf</font></family>
              <family name="serif"><font>Gone.ttf</font></family>
              <alias name="serif-bold" to="serif" weight="700"/>
              <family lang="ja"><font postScriptName="Nothing">  </font><font>Also-Gone.ttf</font></family>
            </familyset>
            """)
        let device = try #require(read, "\(String(describing: error))")
        #expect(device.missingFiles == ["Gone.ttf", "", "Also-Gone.ttf"])
        // serif lost its only font, so the family and its alias are gone.
        #expect(device.familyNames == ["sans-serif"])
        #expect(device.aliases.isEmpty)
        #expect(device.fallbackFamilies.map { $0.fonts.map(\.file) } == [["Roboto.ttf"]])
    }

    @Test func aFileOutsideTheFolderIsRefused() throws {
        let outer = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: outer.path("fonts"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Fixtures.path("Fonts/Android/Roboto-Regular.ttf"), toPath: outer.path("Roboto.ttf"))
        try Data("<familyset>\n  <family><font>../Roboto.ttf</font></family>\n</familyset>".utf8)
            .write(to: URL(fileURLWithPath: outer.path("fonts.xml")))
        #expect(throws: CaliperError.invalidFontConfiguration(
            path: outer.path("fonts.xml"), line: 2, column: 11, reason: "<font>: \(outer.path("fonts"))/../Roboto.ttf lies outside the font folder \(outer.path("fonts"))"
        )) {
            _ = try AndroidFonts(directory: outer.path("fonts"), configuration: outer.path("fonts.xml"))
        }
    }

    @Test func aConfigurationThatCannotBeReadIsRefused() throws {
        let folder = try TemporaryFolder()
        #expect(throws: CaliperError.fontConfigurationUnreadable(path: folder.path("fonts.xml"), reason: "no such file")) {
            _ = try AndroidFonts(directory: folder.path)
        }
        #expect(throws: CaliperError.fontConfigurationUnreadable(path: folder.path, reason: "it is a directory")) {
            _ = try AndroidFonts(directory: folder.path, configuration: folder.path)
        }
        #expect(throws: CaliperError.invalidFontRoot(path: folder.path("nowhere"), reason: "No such file or directory")) {
            _ = try AndroidFonts(directory: folder.path("nowhere"))
        }
    }
}
