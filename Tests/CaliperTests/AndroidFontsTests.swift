// AndroidFontsTests.swift — a device's fonts.xml and fallback: what Android 14 makes of the fixture fonts.xml, and Minikin's choice among its families (Tests/Goldens/android_fonts.json).
@testable import Caliper
import Foundation
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
    }
}
