// AndroidMeasureTests.swift — Paint.measureText as Android 14's Minikin measures it, against Minikin itself (Tests/Goldens/android.json).
@testable import Caliper
import Foundation
import TestSupport
import Testing

/// `Tests/Goldens/android.json` (`make_android.py`: Minikin at android-14.0.0_r50 with a harness
/// that loads glyphs as Skia does on Android).
struct AndroidGoldens: Decodable {
    struct Measure: Decodable, CustomStringConvertible {
        var kind: String
        var fonts: [String]
        var text: String
        var size: Double
        var hinting: Bool
        var letterSpacing: Double
        var advance: Float
        var measureText: Float
        var description: String { "\(kind) \(text.debugDescription) at \(size) px, hinting \(hinting), spacing \(letterSpacing) em" }
    }

    var measure: [Measure]

    static let loaded: AndroidGoldens? = try? Fixtures.golden("android.json", as: AndroidGoldens.self)
}

@Suite struct AndroidMeasureTests {
    /// Each case measured at its size in px (density 1, font scale 1: sp = px).
    static func measured(_ golden: AndroidGoldens.Measure) throws -> AndroidMeasurement {
        let fonts = try golden.fonts.map { try Fixtures.font($0) }
        let style = TextStyle(font: fonts[0], size: CGFloat(golden.size), fallbackFonts: Array(fonts.dropFirst()), fallback: .none)
        let profile = AndroidProfile(hinting: golden.hinting, letterSpacing: golden.letterSpacing)
        return try TextMeasurer(cache: nil).androidMeasurement(of: golden.text, style: style, profile: profile)
    }

    @Test(arguments: ["latin", "letterSpacing", "fallback"])
    func measureTextIsMinikins(kind: String) throws {
        let goldens = try #require(AndroidGoldens.loaded).measure.filter { $0.kind == kind }
        #expect(goldens.count > 10)
        var failures: [String] = []
        for golden in goldens {
            let measured = try Self.measured(golden)
            if abs(measured.advance - golden.advance) > 1e-3 || measured.measureText != golden.measureText {
                failures.append("\(golden): \(measured.advance), Minikin \(golden.advance)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(goldens.count): \(failures.prefix(12).joined(separator: "\n"))")
        Conformance.record("android-measure", part: kind, cases: goldens.count, agreed: goldens.count - failures.count)
    }
}

/// `Paint.getFontMetrics` and `getFontMetricsInt`, against Minikin's harness (Skia's
/// `generateFontMetrics` restated over FreeType, `GraphicsJNI::set_metrics_int`'s rounding).
@Suite struct AndroidFontMetricsTests {
    struct Golden: Decodable, CustomStringConvertible {
        var font: String
        var size: Double
        var top: Float, ascent: Float, descent: Float, bottom: Float, leading: Float
        var topInt: Int, ascentInt: Int, descentInt: Int, bottomInt: Int, leadingInt: Int
        var description: String { "\(font) at \(size) px" }
    }
    struct File: Decodable { var fontMetrics: [Golden] }

    @Test func fontMetricsAreSkias() throws {
        let goldens = try Fixtures.golden("android.json", as: File.self).fontMetrics
        #expect(goldens.count > 40)
        var failures: [String] = []
        for golden in goldens {
            let style = TextStyle(font: try Fixtures.font(golden.font), size: CGFloat(golden.size), fallback: .none)
            let metrics = try TextMeasurer(cache: nil).androidFontMetrics(style: style, profile: AndroidProfile())
            let floats = [metrics.top, metrics.ascent, metrics.descent, metrics.bottom, metrics.leading]
            let ints = [metrics.topInt, metrics.ascentInt, metrics.descentInt, metrics.bottomInt, metrics.leadingInt]
            if floats != [golden.top, golden.ascent, golden.descent, golden.bottom, golden.leading]
                || ints != [golden.topInt, golden.ascentInt, golden.descentInt, golden.bottomInt, golden.leadingInt]
            {
                failures.append("\(golden): \(floats) \(ints)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(goldens.count): \(failures.prefix(8).joined(separator: "\n"))")
        Conformance.record("android-font-metrics", cases: goldens.count, agreed: goldens.count - failures.count)
    }
}

/// The Android door's rules that the goldens do not reach: the profile's units, what it refuses,
/// what an answer says it left out, hostile fonts, and threads.
@Suite struct AndroidProfileTests {
    static let roboto = Result { try Fixtures.font("Fonts/Android/Roboto-Regular.ttf") }

    @Test func spBecomePixelsByFontScaleAndDensity() throws {
        let measurer = TextMeasurer(cache: nil)
        let style = TextStyle(font: try Self.roboto.get(), size: 16, fallback: .none)
        // 16 sp × 0.85 × 2.625 = 35.7 px, in single precision as `TypedValue.applyDimension` computes it.
        let scaled = try measurer.androidMeasurement(of: "Hello, World", style: style, profile: AndroidProfile(density: 2.625, fontScale: 0.85))
        #expect(scaled.textSize == Float(16) * (Float(0.85) * Float(2.625)))
        var pixelStyle = style
        pixelStyle.size = CGFloat(scaled.textSize)
        let inPixels = try measurer.androidMeasurement(of: "Hello, World", style: pixelStyle, profile: AndroidProfile())
        #expect(scaled.advance == inPixels.advance)
        #expect(scaled.advanceInDP == Double(scaled.advance) / 2.625)
    }

    @Test func anEmptyTextIsNothingWide() throws {
        let style = TextStyle(font: try Self.roboto.get(), size: 16, fallback: .none)
        let measured = try TextMeasurer(cache: nil).androidMeasurement(of: "", style: style, profile: AndroidProfile())
        #expect(measured.advance == 0 && measured.measureText == 0 && measured.missingGlyphCount == 0)
    }

    /// A bitmap font (colour emoji) under 1/64 px has no strike (`chooseBitmapStrike` finds none
    /// for a size of 0 in 26.6): Skia's scaler context is empty, its metrics 0, on a fresh face
    /// and on one already set to a strike. (Its advances are HarfBuzz's at the size, as Minikin
    /// lets HarfBuzz measure a colour bitmap font.)
    @Test func aBitmapFontUnderItsSmallestSizeHasNoMetrics() throws {
        for warmFirst in [false, true] {
            let emoji = try FontFace(contentsOfFile: Fixtures.path("Fonts/NotoColorEmoji.ttf"))  // a scaler of its own
            let measurer = TextMeasurer(cache: nil)
            if warmFirst {
                let whole = TextStyle(font: emoji, size: 1, fallback: .none)
                #expect(try measurer.androidFontMetrics(style: whole, profile: AndroidProfile()).ascent < 0)
            }
            for size in [0.01, 1e-300] as [CGFloat] {
                let tiny = TextStyle(font: emoji, size: size, fallback: .none)
                let metrics = try measurer.androidFontMetrics(style: tiny, profile: AndroidProfile())
                #expect([metrics.top, metrics.ascent, metrics.descent, metrics.bottom, metrics.leading] == [0, 0, 0, 0, 0])
                #expect(try measurer.androidMeasurement(of: "😀😀", style: tiny, profile: AndroidProfile()).advance < 1)
                let layout = try measurer.androidLayout(
                    of: "😀", style: tiny, paragraphStyle: AndroidParagraphStyle(textSizeFromResource: false), profile: AndroidProfile(), maxWidth: 100)
                #expect(layout.height == 0 && layout.lines.count == 1, "\(size) after a strike: \(warmFirst)")
            }
        }
    }

    @Test func charactersNoFontHasAreCounted() throws {
        let style = TextStyle(font: try Self.roboto.get(), size: 16, fallback: .system)
        let measurer = TextMeasurer(cache: nil)
        #expect(try measurer.androidMeasurement(of: "Hello", style: style, profile: AndroidProfile()).missingGlyphCount == 0)
        // Roboto has no Arabic or CJK; Android would fall back to its own fonts, which Caliper does not model.
        #expect(try measurer.androidMeasurement(of: "Hi مرحبا 你好", style: style, profile: AndroidProfile()).missingGlyphCount == 7)
        var withArabic = style
        withArabic.fallbackFonts = [try Fixtures.font("Fonts/NotoSansArabic-Regular.ttf")]
        #expect(try measurer.androidMeasurement(of: "Hi مرحبا 你好", style: withArabic, profile: AndroidProfile()).missingGlyphCount == 2)
    }

    @Test(arguments: [
        AndroidProfile(density: 0), AndroidProfile(density: .infinity), AndroidProfile(density: 101), AndroidProfile(fontScale: 2.1),
        AndroidProfile(fontScale: 0.4), AndroidProfile(fontScale: .nan), AndroidProfile(letterSpacing: .infinity),
        AndroidProfile(letterSpacing: -101), AndroidProfile(locale: ""),
    ])
    func aProfileOutOfRangeIsRefused(profile: AndroidProfile) throws {
        let style = TextStyle(font: try Self.roboto.get(), size: 16, fallback: .none)
        #expect(throws: CaliperError.self) { try TextMeasurer(cache: nil).androidMeasurement(of: "x", style: style, profile: profile) }
        #expect(throws: CaliperError.self) { try TextMeasurer(cache: nil).androidFontMetrics(style: style, profile: profile) }
    }

    @Test func whatAndroidCannotApplyIsRefused() throws {
        let measurer = TextMeasurer(cache: nil)
        let roboto = try Self.roboto.get()
        func reason(_ style: TextStyle, _ profile: AndroidProfile = AndroidProfile()) -> String? {
            do {
                _ = try measurer.androidMeasurement(of: "x", style: style, profile: profile)
                return nil
            } catch {
                guard case .invalidAndroidProfile(let reason) = error else { return "\(error)" }
                return reason
            }
        }
        #expect(reason(TextStyle(font: roboto, size: 16, letterSpacing: 1))?.contains("letter spacing") == true)
        #expect(reason(TextStyle(font: roboto, size: 16, fallback: .fontconfig(configurationFile: "Fonts/fonts.conf")))?.contains("fonts.xml") == true)
        #expect(reason(TextStyle(font: roboto, size: 2000), AndroidProfile(density: 100))?.contains("over the limit") == true)
        #expect(reason(TextStyle(font: roboto, size: 16)) == nil)
    }

    @Test(arguments: HostileFontTests.cases)
    func hostileFontsShapeWithinHarfBuzzsLimits(font: String, texts: [String]) throws {
        let style = TextStyle(font: try Fixtures.font("Fonts/HarfBuzzTests/\(font)"), size: 17, fallback: .none)
        for text in texts {
            for profile in [AndroidProfile(), AndroidProfile(hinting: false, letterSpacing: 0.1)] {
                let measured = try TextMeasurer(cache: nil).androidMeasurement(of: text, style: style, profile: profile)
                #expect(measured.advance.isFinite, "\(font) \(text)")
            }
        }
    }

    @Test func threadsMeasureWhatOneThreadMeasures() async throws {
        let goldens = try #require(AndroidGoldens.loaded).measure.filter { $0.kind != "latin" || $0.size == 13.5 }
        let serial = try goldens.map { try AndroidMeasureTests.measured($0).advance }
        let parallel = try await withThrowingTaskGroup(of: (Int, Float).self) { group in
            for (index, golden) in goldens.enumerated() {
                group.addTask { (index, try AndroidMeasureTests.measured(golden).advance) }
            }
            var advances = [Float](repeating: .nan, count: goldens.count)
            for try await (index, advance) in group { advances[index] = advance }
            return advances
        }
        #expect(parallel == serial)
    }
}

/// The advance cache returns what FreeType loads, bit for bit.
@Suite struct SkiaAdvanceCacheTests {
    @Test func cachedAdvancesAreFreeTypes() throws {
        for path in ["Fonts/Android/Roboto-Regular.ttf", "Fonts/NotoColorEmoji.ttf"] {
            let face = try Fixtures.font(path).androidScaler()
            let glyphs = [UInt32](0..<200)
            for (size, hinting) in [(Float(13.5), true), (16, false), (300, true)] {
                let expected = glyphs.map { face.uncachedAdvance(of: $0, size: size, hinting: hinting) }
                for _ in 0..<2 {  // cold, then warm
                    var advances = [Float](repeating: .nan, count: glyphs.count)
                    glyphs.withUnsafeBufferPointer { glyphs in
                        advances.withUnsafeMutableBufferPointer { face.advances(of: glyphs, size: size, hinting: hinting, into: $0) }
                    }
                    #expect(advances == expected, "\(path) at \(size) px, hinting \(hinting)")
                }
            }
        }
    }
}
