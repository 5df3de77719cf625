// AndroidProfile.swift — how a measurement for Android is set up: the screen's density, the user's font scale, the paint's hinting, letter spacing and locale.
import Foundation

/// What an Android measurement depends on besides the text and its fonts: the screen, the user's
/// font scale and the paint (`android.graphics.Paint`) a `TextView` or `StaticLayout` measures
/// with. A ``TextStyle``'s size is in sp (scale-independent pixels); answers are in px and dp.
///
/// ```swift
/// let pixel8 = AndroidProfile(density: 2.625)
/// let width = try TextMeasurer().androidMeasurement(of: "Hello, World", style: roboto16, profile: pixel8).width
/// ```
///
/// Measured as Android 14's Minikin measures (`Paint.measureText`): see ``TextMeasurer/androidMeasurement(of:style:profile:)``.
public struct AndroidProfile: Sendable, Hashable {
    /// Pixels per dp (`DisplayMetrics.density`): 1 (mdpi), 1.5, 2, 2.625 (a Pixel), 3, 3.5, 4.
    public var density: Double
    /// The user's font size setting (`Configuration.fontScale`), from 0.5 to 2 (Android 14's
    /// settings are 0.85, 1, 1.15, 1.3, 1.5, 1.8 and 2). Below 1.13 sp are `fontScale` dp; from
    /// 1.15 on, Android 14 scales sizes non-linearly (`FontScaleConverter`): small text by about
    /// `fontScale`, larger text less (at 2, 8 sp become 16 dp but 30 sp only 38 dp, and 100 sp
    /// stay 100 dp); from 1.13 to 1.15, by `fontScale` again, through a one-entry table. A text
    /// size in px is its sp so scaled, times ``density``, as `TypedValue.applyDimension` gives it.
    public var fontScale: Double
    /// Whether glyph advances are hinted to whole pixels, as a default `Paint` has them (Skia's
    /// `kNormal` hinting); `false` is `Paint.setHinting(HINTING_OFF)` (linear advances, as
    /// Compose's `TextMotion.Animated` sets them).
    public var hinting: Bool
    /// `Paint.setLetterSpacing`, in ems: added half before and half after every cluster of the
    /// scripts that allow spacing.
    public var letterSpacing: Double
    /// The paint's locales (`Paint.setTextLocales`, BCP 47; several separated by commas, the
    /// device's language list as `LocaleList.getDefault` gives it, e.g. `"ja-JP,en-US"`): they
    /// choose among fallback families (a `ja` family for Han text under `ja-JP`), and HarfBuzz
    /// shapes each script in the first that supports it. `en-US` by default.
    public var locale: String
    /// The device's system fonts, which a style falls back to as a `TextView` does (see
    /// ``AndroidFonts``); `nil` (the default): only the style's own fonts, each a family of
    /// equal standing.
    public var systemFonts: AndroidFonts?
    /// The device's hyphenation patterns (`/system/usr/hyphen-data/`), one set per locale: a
    /// paragraph that hyphenates uses the set for the paint's first locale (see
    /// ``AndroidHyphenationPatterns``). Empty by default: words break only at hyphens and soft
    /// hyphens.
    public var hyphenationPatterns: [AndroidHyphenationPatterns]

    /// A profile; by default a density of 1 (sp = dp = px), font scale 1, hinting on, no letter
    /// spacing, `en-US`, no system fonts and no hyphenation patterns.
    public init(
        density: Double = 1, fontScale: Double = 1, hinting: Bool = true, letterSpacing: Double = 0, locale: String = "en-US",
        systemFonts: AndroidFonts? = nil, hyphenationPatterns: [AndroidHyphenationPatterns] = []
    ) {
        self.density = density
        self.fontScale = fontScale
        self.hinting = hinting
        self.letterSpacing = letterSpacing
        self.locale = locale
        self.systemFonts = systemFonts
        self.hyphenationPatterns = hyphenationPatterns
    }

    /// The font scales a profile takes: from 0.5 (below any device's setting) to 2, Android 14's
    /// largest setting and its last non-linear table.
    public static let fontScaleRange: ClosedRange<Double> = 0.5...2

    /// The longest locale list, in UTF-8 bytes: twelve locales (all Minikin weighs) of the longest
    /// tags fit.
    public static let maximumLocaleLength = 2_048

    /// The most px a text size may be: Android's `Paint` takes any size, but past this a layout's
    /// numbers would leave single precision's exact integers.
    static let maximumTextSizeInPixels: Double = 100_000

    /// Refuses a density that is not a positive finite number up to 100, a font scale outside
    /// 0.5…2 (``fontScaleRange``), letter spacing that is not finite or past ±100 em, and an empty
    /// locale or one longer than ``maximumLocaleLength``.
    public func validate() throws(CaliperError) {
        guard density.isFinite, density > 0, density <= 100 else {
            throw .invalidAndroidProfile("density must be a number greater than 0 and at most 100, not \(density)")
        }
        guard fontScale.isFinite, Self.fontScaleRange.contains(fontScale) else {
            throw .invalidAndroidProfile(
                "font scale must be a number from 0.5 to 2 (Android 14's largest font size setting), not \(fontScale)")
        }
        guard letterSpacing.isFinite, abs(letterSpacing) <= 100 else {
            throw .invalidAndroidProfile("letter spacing must be a finite number of ems from -100 to 100, not \(letterSpacing)")
        }
        guard !locale.isEmpty else { throw .invalidAndroidProfile("the locale must not be empty") }
        guard locale.utf8.count <= Self.maximumLocaleLength else {
            throw .invalidAndroidProfile("the locale list is \(locale.utf8.count) bytes, over the limit of \(Self.maximumLocaleLength)")
        }
    }

    /// The widest layout, in dp: far wider than any screen, small enough that its px stay exact.
    public static let maximumWidthInDP: Double = 100_000

    /// A length of `dp` dp in whole px as a resource dimension becomes one
    /// (`TypedValue.complexToDimensionPixelSize`): `dp × density` in single precision, rounded
    /// half away from zero, at least 1 px for a length that is not 0.
    func pixelSize(fromDP dp: Double) -> Int {
        Self.pixelSize(fromDP: dp, density: density)
    }

    /// ``pixelSize(fromDP:)`` at `density`.
    static func pixelSize(fromDP dp: Double, density: Double) -> Int {
        dimensionPixelSize(Float(dp) * Float(density), of: dp)
    }

    /// `complexToDimensionPixelSize`'s rounding of `pixels`, a length of `value` in its unit:
    /// half away from zero, at least 1 px (or -1) for a length that is not 0.
    static func dimensionPixelSize(_ pixels: Float, of value: Double) -> Int {
        let rounded = Int(pixels >= 0 ? pixels + 0.5 : pixels - 0.5)
        if rounded != 0 || value == 0 { return rounded }
        return value > 0 ? 1 : -1
    }

    /// The size in px of text `sp` sp, in single precision as `TypedValue.applyDimension(COMPLEX_UNIT_SP,
    /// sp, metrics)` computes it with the metrics `ResourcesImpl.updateConfiguration` sets: through
    /// `metrics.fontScaleConverter` (``FontScaleConverter/forScale(_:)``) to dp, then × density
    /// (`applyDimension(COMPLEX_UNIT_DIP, …)`); without one (a font scale below 1.13),
    /// `sp × scaledDensity`, where `scaledDensity` is `density × fontScale`.
    func pixels(fromSP sp: CGFloat) -> Float {
        let value = Float(sp), density = Float(self.density), fontScale = Float(self.fontScale)
        if let converter = FontScaleConverter.forScale(fontScale) {
            return converter.dp(fromSP: value) * density
        }
        return value * (density * fontScale)
    }

    /// The size in px of `sp` sp as Compose makes it (`TextUnit.toPx` of a `Density` made from
    /// the context): through the font scale converter to dp (linear, `sp × fontScale`, without
    /// one), then × density.
    func composePixels(fromSP sp: Double) -> Float {
        let value = Float(sp), density = Float(self.density), fontScale = Float(self.fontScale)
        let dp = FontScaleConverter.forScale(fontScale).map { $0.dp(fromSP: value) } ?? value * fontScale
        return dp * density
    }

    /// A width of `dp` dp in px as Compose's constraints have it (`Dp.roundToPx`): `dp × density`
    /// in single precision, rounded half up.
    func composePixelSize(fromDP dp: Double) -> Int {
        Int((Float(dp) * Float(density) + 0.5).rounded(.down))
    }
}

/// A text measured as Android measures it.
public struct AndroidMeasurement: Sendable, Hashable {
    /// Minikin's advance of the whole text on one line, in px (`Layout::measureText`): unrounded,
    /// in single precision.
    public var advance: Float
    /// `Paint.measureText`: ``advance`` rounded up to whole pixels.
    public var measureText: Float { advance.rounded(.up) }
    /// The text size the paint measured at, in px.
    public var textSize: Float
    /// Pixels per dp, from the profile.
    public var density: Double
    /// ``advance`` in dp.
    public var advanceInDP: Double { Double(advance) / density }
    /// Glyphs drawn as the missing-glyph box because no font of the collection has the character
    /// (the style's fonts, and the device's when the profile has ``AndroidProfile/systemFonts``).
    public var missingGlyphCount: Int
}

/// A font's vertical metrics at a text size as `Paint.getFontMetrics` and
/// `Paint.getFontMetricsInt` report them, in px, y down: ``top`` and ``ascent`` are negative.
public struct AndroidFontMetrics: Sendable, Hashable {
    /// The highest any glyph reaches (the `head` table's bounding box), as a float.
    public var top: Float
    /// The recommended distance above the baseline (`hhea`, or `OS/2` typo metrics when the font
    /// asks for them), as a float.
    public var ascent: Float
    /// The recommended distance below the baseline, as a float.
    public var descent: Float
    /// The lowest any glyph reaches, as a float.
    public var bottom: Float
    /// The recommended gap between lines, as a float (never negative).
    public var leading: Float

    /// `getFontMetricsInt`'s `top`: ``top`` rounded down.
    public var topInt: Int { Self.int(top.rounded(.down)) }
    /// `getFontMetricsInt`'s `ascent`: ``ascent`` rounded half up.
    public var ascentInt: Int { Self.roundHalfUp(ascent) }
    /// `getFontMetricsInt`'s `descent`: ``descent`` rounded half up.
    public var descentInt: Int { Self.roundHalfUp(descent) }
    /// `getFontMetricsInt`'s `bottom`: ``bottom`` rounded up.
    public var bottomInt: Int { Self.int(bottom.rounded(.up)) }
    /// `getFontMetricsInt`'s `leading`: ``leading`` rounded half up.
    public var leadingInt: Int { Self.roundHalfUp(leading) }

    /// `SkScalarRoundToInt`: `floor(x + 0.5)` in double precision.
    private static func roundHalfUp(_ value: Float) -> Int {
        int(Float((Double(value) + 0.5).rounded(.down)))
    }

    /// Sizes are limited (``AndroidProfile``), so every metric is far inside `Int`'s range.
    private static func int(_ value: Float) -> Int {
        value.isFinite ? Int(value) : 0
    }
}

extension AndroidFontMetrics {
    /// `face`'s metrics at `size` px as Skia's FreeType scaler makes them (hinted or not): the one
    /// place Android's font metrics are read.
    init(of face: FontFace, size: Float, hinting: Bool) throws(CaliperError) {
        let metrics = try face.androidScaler().metrics(size: size, hinting: hinting)
        self.init(top: metrics.top, ascent: metrics.ascent, descent: metrics.descent, bottom: metrics.bottom, leading: metrics.leading)
    }
}
