// AndroidFontScaleTests.swift — sp → px as Android 14 scales fonts (FontScaleConverter), against its Java restated in Python (Tests/Goldens/android_fontscale.json) and AOSP's own tests.
@testable import Caliper
import Foundation
import TestSupport
import Testing

/// `Tests/Goldens/android_fontscale.json` (`make_android_fontscale.py`: Android 14's
/// `FontScaleConverterFactory`, `FontScaleConverter` and `TypedValue.applyDimension` restated in
/// single precision).
struct AndroidFontScaleGoldens: Decodable {
    struct Table: Decodable {
        var key: Int?
        var fromSp: [Double]
        var toDpBits: [UInt32]
    }
    struct Density: Decodable {
        var density: Double
        var pxBits: [UInt32]
        var dimensionPixelSize: [Int]
    }
    struct Scale: Decodable, CustomStringConvertible {
        var fontScale: Double
        var fontScaleBits: UInt32
        var key: Int
        /// `none` (linear, by `scaledDensity`), `table`, `interpolated` or `linear` (the one-entry table).
        var converter: String
        var table: Table?
        var dpBits: [UInt32]?
        var densities: [Density]
        var description: String { "font scale \(fontScale) (\(converter))" }
    }

    var minScaleBeforeCurvesAppliedBits: UInt32
    var tables: [Table]
    var sp: [Double]
    var scales: [Scale]

    static let loaded = Result { try Fixtures.golden("android_fontscale.json", as: AndroidFontScaleGoldens.self) }
}

@Suite struct AndroidFontScaleTests {
    @Test func tablesAndThresholdAreAndroid14s() throws {
        let golden = try AndroidFontScaleGoldens.loaded.get()
        #expect(FontScaleConverter.minimumScaleBeforeCurvesApplied.bitPattern == golden.minScaleBeforeCurvesAppliedBits)
        #expect(FontScaleConverter.lookupTables.map(\.key) == golden.tables.map(\.key))
        for (entry, table) in zip(FontScaleConverter.lookupTables, golden.tables) {
            #expect(entry.converter.fromSP == table.fromSp.map { Float($0) })
            #expect(entry.converter.toDP.map(\.bitPattern) == table.toDpBits, "table \(entry.key)")
        }
    }

    @Test func eachScaleFindsAndroidsTable() throws {
        let golden = try AndroidFontScaleGoldens.loaded.get()
        #expect(golden.scales.count > 20)
        for scale in golden.scales {
            let fontScale = Float(scale.fontScale)
            #expect(fontScale.bitPattern == scale.fontScaleBits, "\(scale)")
            #expect(FontScaleConverter.key(forScale: fontScale) == scale.key, "\(scale)")
            let converter = FontScaleConverter.forScale(fontScale)
            #expect((converter == nil) == (scale.converter == "none"), "\(scale)")
            #expect(converter?.fromSP == scale.table?.fromSp.map { Float($0) }, "\(scale)")
            #expect(converter?.toDP.map(\.bitPattern) == scale.table?.toDpBits, "\(scale)")
        }
    }

    @Test func spBecomeDPAsAndroidConvertsThem() throws {
        let golden = try AndroidFontScaleGoldens.loaded.get()
        var failures: [String] = []
        var count = 0
        for scale in golden.scales {
            guard let expected = scale.dpBits else { continue }
            let converter = try #require(FontScaleConverter.forScale(Float(scale.fontScale)))
            for (sp, bits) in zip(golden.sp, expected) {
                count += 1
                let dp = converter.dp(fromSP: Float(sp))
                if dp.bitPattern != bits { failures.append("\(sp) sp at \(scale): \(dp) dp, Android \(Float(bitPattern: bits))") }
            }
        }
        #expect(count > 400)
        #expect(failures.isEmpty, "\(failures.count) of \(count): \(failures.prefix(12).joined(separator: "\n"))")
        Conformance.record("android-font-scale", part: "sp-to-dp", cases: count, agreed: count - failures.count)
    }

    @Test func spBecomePixelsAsApplyDimensionComputesThem() throws {
        let golden = try AndroidFontScaleGoldens.loaded.get()
        var failures: [String] = []
        var count = 0
        for scale in golden.scales {
            for density in scale.densities {
                let profile = AndroidProfile(density: density.density, fontScale: scale.fontScale)
                try profile.validate()
                for (index, sp) in golden.sp.enumerated() {
                    count += 1
                    let pixels = profile.pixels(fromSP: CGFloat(sp))
                    let pixelSize = AndroidProfile.dimensionPixelSize(pixels, of: sp)
                    if pixels.bitPattern != density.pxBits[index] || pixelSize != density.dimensionPixelSize[index] {
                        failures.append(
                            "\(sp) sp at \(scale), density \(density.density): \(pixels) px (\(pixelSize)), "
                                + "Android \(Float(bitPattern: density.pxBits[index])) px (\(density.dimensionPixelSize[index]))")
                    }
                }
            }
        }
        #expect(count > 2_500)
        #expect(failures.isEmpty, "\(failures.count) of \(count): \(failures.prefix(12).joined(separator: "\n"))")
        Conformance.record("android-font-scale", part: "sp-to-px", cases: count, agreed: count - failures.count)
    }

    /// The paint's size reaches a measurement and a layout (an `android:textSize` rounded to whole px).
    @Test(arguments: [(1.3, 2.625), (1.6, 3), (2, 2.625)])
    func measurementsUseTheScaledSize(fontScale: Double, density: Double) throws {
        let golden = try AndroidFontScaleGoldens.loaded.get()
        let scale = try #require(golden.scales.first { $0.fontScale == fontScale })
        let expected = try #require(scale.densities.first { $0.density == density })
        let index = try #require(golden.sp.firstIndex(of: 22))
        let style = TextStyle(font: try AndroidProfileTests.roboto.get(), size: 22, fallback: .none)
        let profile = AndroidProfile(density: density, fontScale: fontScale)
        let measurer = TextMeasurer(cache: nil)
        #expect(try measurer.androidMeasurement(of: "Hello", style: style, profile: profile).textSize.bitPattern == expected.pxBits[index])
        var fromResource = AndroidParagraphStyle()
        fromResource.textSizeFromResource = true
        let layout = try measurer.androidLayout(of: "Hello", style: style, paragraphStyle: fromResource, profile: profile)
        #expect(layout.textSize == Float(expected.dimensionPixelSize[index]))
    }

    @Test func fontScalesUpToAndroidsLargestAreTaken() throws {
        for fontScale in [0.5, 0.85, 1, 1.15, 1.3, 1.5, 1.8, 2] { try AndroidProfile(fontScale: fontScale).validate() }
        for fontScale in [0.49, 2.01, 3, .infinity, .nan] {
            #expect(throws: CaliperError.self) { try AndroidProfile(fontScale: fontScale).validate() }
        }
        let error = #expect(throws: CaliperError.self) { try AndroidProfile(fontScale: 2.5).validate() }
        guard case .invalidAndroidProfile(let message) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(message == "font scale must be a number from 0.5 to 2 (Android 14's largest font size setting), not 2.5")
    }
}

/// AOSP's own expectations, each within its tolerance of 0.05: frameworks/base
/// `core/tests/coretests/src/android/content/res/FontScaleConverterFactoryTest.kt` (the version
/// with `LOOKUP_TABLES`, commit `066094fa4a0c` of `aosp-mirror/platform_frameworks_base`) and
/// `FontScaleConverterTest.kt` (commit `5f7036df7126`), and CTS's
/// `android/content/res/cts/FontScaleConverterFactoryTest.kt` (`TeamWin/android_cts` commit
/// `2747fb380992`).
@Suite struct AOSPFontScaleTests {
    static let tolerance: Float = 0.05

    static func expect(_ converter: FontScaleConverter, _ pairs: [(sp: Float, dp: Float)], sourceLocation: SourceLocation = #_sourceLocation) {
        for (sp, dp) in pairs {
            #expect(abs(converter.dp(fromSP: sp) - dp) <= tolerance, "\(sp) sp: \(converter.dp(fromSP: sp)), AOSP \(dp)", sourceLocation: sourceLocation)
        }
    }

    @Test func scale200IsTwiceAtSmallSizes() throws {
        let table = try #require(FontScaleConverter.forScale(2))
        Self.expect(table, [(1, 2), (8, 16), (10, 20), (5, 10), (0, 0)])
    }

    /// CTS's `scale200IsNonlinearAtLargeSizes`, but for its `45 sp ≤ 50 dp`: Android 14's table
    /// gives 51.29 dp (38 + 62 × 15⁄70, between 30 sp → 38 dp and 100 sp → 100 dp).
    @Test func scale200IsNonlinearAtLargeSizes() throws {
        let table = try #require(FontScaleConverter.forScale(2))
        #expect(table.dp(fromSP: 24) <= 36 && table.dp(fromSP: 30) <= 38 && table.dp(fromSP: 50) <= 60)
        Self.expect(table, [(100, 100)])
    }

    @Test func missingLookupTablePastEndReturnsLinear() throws {
        let table = try #require(FontScaleConverter.forScale(3))
        Self.expect(table, [(1, 3), (8, 24), (10, 30), (5, 15), (0, 0), (50, 150), (100, 300)])
        for sp in stride(from: Float(-100), through: 100, by: 0.25) {
            #expect(abs(table.dp(fromSP: sp) - sp * 3) <= Self.tolerance)
        }
    }

    @Test func missingLookupTable199ReturnsInterpolated() throws {
        let table = try #require(FontScaleConverter.forScale(1.9999))
        Self.expect(table, [(1, 2), (8, 16), (10, 20), (5, 10), (0, 0)])
    }

    @Test func missingLookupTable160ReturnsInterpolated() throws {
        let table = try #require(FontScaleConverter.forScale(1.6))
        Self.expect(table, [(1, 1 * 1.6), (8, 8 * 1.6), (10, 10 * 1.6), (5, 5 * 1.6), (0, 0)])
        #expect(table.dp(fromSP: 20) < 20 * 1.6 && table.dp(fromSP: 100) < 100 * 1.6)
    }

    @Test func unnecessaryAndNegativeFontScalesReturnNil() {
        for fontScale: Float in [-1, 0, 1, 1.1, 0.85] { #expect(FontScaleConverter.forScale(fontScale) == nil) }
    }

    @Test func nonLinearFontScalingIsActiveFrom113() {
        for fontScale: Float in [1, 0, -1, 0.85, 1.02, 1.10] { #expect(!FontScaleConverter.isNonLinearFontScalingActive(fontScale)) }
        for fontScale: Float in [1.15, 1.1499999, 1.5, 2, 3] { #expect(FontScaleConverter.isNonLinearFontScalingActive(fontScale)) }
    }

    @Test func tablesMatchAndAreMonotonicallyIncreasing() {
        for entry in FontScaleConverter.lookupTables {
            let table = entry.converter
            #expect(!table.toDP.isEmpty && table.toDP.count == table.fromSP.count)
            #expect(zip(table.fromSP, table.fromSP.dropFirst()).allSatisfy { $0 < $1 })
            #expect(zip(table.toDP, table.toDP.dropFirst()).allSatisfy { $0 < $1 })
        }
    }

    // FontScaleConverterTest: tables of its own.

    @Test func straightInterpolation() {
        let table = FontScaleConverter(fromSP: [8, 10, 20], toDP: [8, 10, 20])
        Self.expect(table, [(1, 1), (8, 8), (10, 10), (30, 30), (20, 20), (5, 5), (0, 0)])
    }

    @Test func interpolate200Percent() {
        let table = FontScaleConverter(fromSP: [8, 10, 30], toDP: [16, 20, 60])
        Self.expect(table, [(1, 2), (8, 16), (10, 20), (30, 60), (20, 40), (5, 10), (0, 0)])
    }

    @Test func interpolate150Percent() {
        let table = FontScaleConverter(fromSP: [2, 10, 20, 100], toDP: [3, 15, 30, 150])
        Self.expect(table, [(2, 3), (1, 1.5), (8, 12), (10, 15), (20, 30), (50, 75), (5, 7.5), (0, 0)])
    }

    @Test func pastEndsUsesLastScalingFactor() {
        let table = FontScaleConverter(fromSP: [8, 10, 30], toDP: [16, 20, 60])
        Self.expect(table, [(100, 200), (31, 62), (1000, 2000), (2000, 4000), (10000, 20000)])
    }

    @Test func negativeSpIsNegativeDp() {
        let table = FontScaleConverter(fromSP: [8, 10, 30], toDP: [16, 20, 60])
        Self.expect(table, [(-1, -2), (-8, -16), (-10, -20), (-30, -60), (-20, -40), (-5, -10), (-0, 0)])
    }
}
