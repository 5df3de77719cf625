// HostileFontTests.swift — HarfBuzz's test fonts whose layout tables loop or grow the text, shaped with and without a language or a feature, and re-wrapped from a kept measurement.
import Caliper
import Foundation
import Testing

/// The five fonts of HarfBuzz's test suite (from Unicode's text-rendering-tests, `Fonts/HarfBuzzTests/`)
/// that once made Caliper allocate gigabytes or run for minutes when a run had a language or a
/// feature: those runs were shaped without HarfBuzz's limits on a buffer's output and work. Every
/// run now stops at the limits, so a language or a feature that the font does not use gives the
/// plain run's glyphs, and no run has more glyphs than HarfBuzz allows (64 a character, at least
/// 16,384). `scripts/hostile-fonts` runs all of HarfBuzz's fuzz and test fonts the same three ways.
@Suite struct HostileFontTests {
    /// Each font with the texts its own shaping tests use (`test/shape/data/text-rendering-tests/tests`).
    static let cases: [(font: String, texts: [String])] = [
        ("TestGSUBThree.ttf", ["lol"]),
        ("TestMORXFourteen.ttf", ["ABCDE", "ABBBCCCDDDBCDCE"]),
        ("TestMORXTwentyfour.ttf", ["ABCDE"]),
        ("TestMORXThirtyfour.ttf", ["ha"]),
        ("TestMORXThirtysix.ttf", ["A"]),
    ]

    /// HarfBuzz's bound on a buffer's length for a text of `count` UTF-16 units
    /// (`HB_BUFFER_MAX_LEN_FACTOR`, `HB_BUFFER_MAX_LEN_MIN`, `src/hb-buffer.hh`).
    static func maximumGlyphs(forLength count: Int) -> Int { max(64 * count, 16_384) }

    /// `face` at 17 pt without fallback, plain, then with a language, with `kern` and with
    /// `liga=0`: the ways both tests below shape each text.
    static func styles(of face: FontFace) throws -> [(name: String, style: TextStyle)] {
        let plain = TextStyle(font: face, size: 17, fallback: .none)
        var withLanguage = plain
        withLanguage.language = "en"
        var withKerning = plain
        withKerning.features = [try FontFeature("kern")]
        var withoutLigatures = plain
        withoutLigatures.features = [try FontFeature("liga=0")]
        return [("plain", plain), ("language en", withLanguage), ("kern", withKerning), ("liga=0", withoutLigatures)]
    }

    @Test(arguments: cases)
    func aLanguageOrAFeatureShapesWithinHarfBuzzsLimits(font: String, texts: [String]) throws {
        let face = try Fixtures.font("Fonts/HarfBuzzTests/\(font)")
        let measurer = TextMeasurer(cache: nil)
        let styles = try Self.styles(of: face)
        for text in texts {
            let plainStyle = styles[0].style
            let plainGlyphs = try measurer.glyphs(ofLine: text, style: plainStyle)
            let plainWidth = try measurer.size(of: text, style: plainStyle).width
            #expect(plainGlyphs.count <= Self.maximumGlyphs(forLength: text.utf16.count))
            for (name, style) in styles.dropFirst() {
                let glyphs = try measurer.glyphs(ofLine: text, style: style)
                #expect(glyphs.count <= Self.maximumGlyphs(forLength: text.utf16.count), "\(font) \(text) \(name)")
                #expect(glyphs.map(\.glyph) == plainGlyphs.map(\.glyph), "\(font) \(text) \(name): as without it")
                #expect(try measurer.size(of: text, style: style).width == plainWidth, "\(font) \(text) \(name)")
            }
        }
    }

    /// A text measured once and kept (``TextMeasurer/measure(_:style:baseDirection:)``) re-wraps
    /// and sizes by its kept tables (the plain walk straight into lines, the size-only query):
    /// with each font, in each of the three ways, at widths from the text's own to none at all,
    /// it answers within the same limits what the measurer's one-off layout answers.
    @Test(arguments: cases)
    func keptTextsRewrapAsTheOneOffLayout(font: String, texts: [String]) throws {
        let face = try Fixtures.font("Fonts/HarfBuzzTests/\(font)")
        let measurer = TextMeasurer(cache: nil)
        let styles = try Self.styles(of: face).prefix(3)  // plain, a language, kern
        for text in texts {
            // The text twice over in two paragraphs, so that it wraps and breaks between words.
            let wrapped = "\(text) \(text) \(text)\n\(text) \(text)"
            for (name, style) in styles {
                let kept = try measurer.measure(wrapped, style: style)
                let unwrapped = try measurer.layout(wrapped, style: style).size.width
                let widths: [CGFloat] = [1.2, 1, 0.6, 0.3, 0.1, 0].map { unwrapped * $0 }
                let sizes = try kept.layoutSizes(atWidths: widths.map { $0 })
                for (width, size) in zip(widths, sizes) {
                    let oneOff = try measurer.layout(wrapped, style: style, maxWidth: width)
                    #expect(try kept.layout(maxWidth: width) == oneOff, "\(font) \(text) \(name) at \(width)")
                    #expect(size == oneOff.layoutSize, "\(font) \(text) \(name) at \(width)")
                    #expect(oneOff.lines.allSatisfy { $0.runs.allSatisfy { $0.width.isFinite } }, "\(font) \(text) \(name)")
                }
            }
        }
    }
}
