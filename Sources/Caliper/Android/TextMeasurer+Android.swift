// TextMeasurer+Android.swift — the library's door to measuring for Android: a text's advance as `Paint.measureText` measures it, and a font's metrics as `Paint.getFontMetrics` reports them.
import Foundation

extension TextMeasurer {
    /// The width of `text` on one line as an Android 14 device measures it with
    /// `Paint.measureText` (Minikin's layout over Skia's glyph advances; see <doc:Semantics>):
    /// `style`'s size in sp (px by `profile`'s font scale and density), its features the paint's
    /// feature settings; `profile`'s hinting, letter spacing (ems) and locales.
    ///
    /// ```swift
    /// let roboto = TextStyle(font: try FontFace(contentsOfFile: "Fonts/Android/Roboto-Regular.ttf"), size: 16)
    /// try TextMeasurer().androidMeasurement(of: "Hello, World", style: roboto, profile: AndroidProfile()).measureText
    /// ```
    ///
    /// The fonts: with the profile's ``AndroidProfile/systemFonts``, a style in a device family's
    /// font (``AndroidFonts/textStyle(family:weight:italic:size:features:)``) is measured as the
    /// system typeface (that family, then the device's fallback families), and a style in fonts
    /// of your own as a custom typeface (its font and fallback fonts, then the device's
    /// `sans-serif` collection); Minikin chooses a family for each character by coverage, the
    /// paint's locales and the family variant (see ``AndroidFonts``). Without system fonts, only
    /// the style's font and fallback fonts, each a family of equal standing (a colour font among
    /// them is the emoji family). A character no family has is drawn as the first family's
    /// missing glyph and counted in ``AndroidMeasurement/missingGlyphCount``. The style's
    /// ``TextStyle/fallback`` is not read, except that a fontconfig configuration, which Android
    /// never reads, is refused. For lines and heights, see
    /// ``androidLayout(of:style:paragraphStyle:profile:maxWidth:)``.
    ///
    /// - Throws: ``CaliperError/invalidAndroidProfile(_:)`` for a profile out of range, a style
    ///   with letter spacing in points (Android's is the profile's, in ems) or a fontconfig
    ///   fallback; the style's own errors; ``CaliperError/textTooLong(utf16Length:limit:)``; the
    ///   errors of loading the system fonts' files.
    public func androidMeasurement(of text: String, style: TextStyle, profile: AndroidProfile) throws(CaliperError) -> AndroidMeasurement {
        let size = try Self.androidTextSize(style: style, profile: profile)
        let units = text.utf16Units
        guard units.count <= maximumTextLength else { throw .textTooLong(utf16Length: units.count, limit: maximumTextLength) }
        let families = try profile.systemFonts?.collection(for: style) ?? ([style.font] + style.fallbackFonts).map(AndroidFamily.init)
        let paint = AndroidPaint(
            size: size, letterSpacing: Float(profile.letterSpacing), hinting: profile.hinting, locale: profile.locale, features: style.features)
        let measured = try MinikinLayout.measureText(units, families: families, paint: paint)
        return AndroidMeasurement(advance: measured.advance, textSize: size, density: profile.density, missingGlyphCount: measured.missingGlyphs)
    }

    /// `style`'s font's vertical metrics at its size as an Android 14 device reports them with
    /// `Paint.getFontMetrics` and `Paint.getFontMetricsInt` (Skia over FreeType, unhinted: see
    /// ``AndroidFontMetrics``), the size in sp made px by `profile`.
    ///
    /// - Throws: as ``androidMeasurement(of:style:profile:)``.
    public func androidFontMetrics(style: TextStyle, profile: AndroidProfile) throws(CaliperError) -> AndroidFontMetrics {
        let size = try Self.androidTextSize(style: style, profile: profile)
        return try AndroidFontMetrics(of: style.font, size: size, hinting: profile.hinting)
    }

    /// `text` laid out as an Android 14 `TextView` with `wrap_content` width and height lays it
    /// out, at most `maxWidth` dp wide (the parent's `AT_MOST` width; `nil`: unlimited): the
    /// view's measured size and its lines (see <doc:Semantics>).
    ///
    /// ```swift
    /// let body = TextStyle(font: try FontFace(contentsOfFile: "Fonts/Android/Roboto-Regular.ttf"), size: 14)
    /// let layout = try TextMeasurer().androidLayout(
    ///     of: "Invite friends and get $30 off your next ride", style: body,
    ///     paragraphStyle: AndroidParagraphStyle(maxLines: 2, ellipsize: .end),
    ///     profile: AndroidProfile(density: 2.625), maxWidth: 120)
    /// (layout.width, layout.height, layout.lines.count)  // px, px, 2
    /// ```
    ///
    /// The size in sp becomes px as `android:textSize` does, in whole px, unless the paragraph
    /// style says the size was set in code (``AndroidParagraphStyle/textSizeFromResource``).
    /// A tab moves to the next multiple of 20 px (`Layout.TAB_INCREMENT`), and its paragraph is
    /// broken greedily whatever the break strategy, as Minikin breaks it. A paragraph style
    /// whose ``AndroidParagraphStyle/widget`` is `.compose` measures a Jetpack Compose `Text`
    /// instead (see <doc:MeasuringForAndroid>).
    ///
    /// As `TextView.onMeasure` does: a text `BoringLayout.isBoring` accepts (no line feed, tab or
    /// right-to-left character) is as wide as its advance rounded up, and is one `BoringLayout`
    /// line if that fits; any other text is as wide as its widest paragraph (capped at the
    /// width) and is broken by `StaticLayout` at that width with the paragraph style's break
    /// strategy, hyphenation, line spacing, font padding, line limit and ellipsis. The width
    /// and line spacing in dp become px as `TypedValue.complexToDimensionPixelSize` rounds them.
    /// Hyphenation uses the profile's ``AndroidProfile/hyphenationPatterns`` for the paint's
    /// first locale; without them words break only at hyphens and soft hyphens, and the layout
    /// says so (``AndroidTextLayout/lacksHyphenationPatterns``). Fonts are chosen as
    /// ``androidMeasurement(of:style:profile:)`` chooses them; the line metrics are the first
    /// family's font's.
    ///
    /// - Throws: as ``androidMeasurement(of:style:profile:)``; also
    ///   ``CaliperError/invalidAndroidProfile(_:)`` for a paragraph style out of range
    ///   (``AndroidParagraphStyle/validate()``), a `maxWidth` that is negative, not finite or
    ///   over ``AndroidProfile/maximumWidthInDP``; ``CaliperError/unsupportedOnAndroid(_:)`` for
    ///   a tab in a text with right-to-left characters, and what the paragraph style's widget
    ///   cannot do.
    public func androidLayout(
        of text: String, style: TextStyle, paragraphStyle: AndroidParagraphStyle = AndroidParagraphStyle(), profile: AndroidProfile,
        maxWidth: Double? = nil
    ) throws(CaliperError) -> AndroidTextLayout {
        var size = try Self.androidTextSize(style: style, profile: profile)
        try paragraphStyle.validate()
        let isCompose = paragraphStyle.widget == .compose
        if isCompose {
            size = profile.composePixels(fromSP: Double(style.size))
        } else if paragraphStyle.textSizeFromResource {
            size = Float(AndroidProfile.dimensionPixelSize(size, of: Double(style.size)))
        }
        let widthLimit: Int? = try maxWidth.map { (width) throws(CaliperError) -> Int in
            guard width.isFinite, width >= 0, width <= AndroidProfile.maximumWidthInDP else {
                throw .invalidAndroidProfile("the width must be a number of dp from 0 to \(Int(AndroidProfile.maximumWidthInDP)), not \(width)")
            }
            return isCompose ? profile.composePixelSize(fromDP: width) : profile.pixelSize(fromDP: width)
        }
        let units = text.utf16Units
        guard units.count <= maximumTextLength else { throw .textTooLong(utf16Length: units.count, limit: maximumTextLength) }
        if units.contains(0x09), units.contains(where: BoringLayout.couldAffectRTL) {
            throw .unsupportedOnAndroid("a tab in a text with right-to-left characters: how TextLine orders its direction runs around tab stops is not modelled")
        }
        let families = try profile.systemFonts?.collection(for: style) ?? ([style.font] + style.fallbackFonts).map(AndroidFamily.init)
        let paint = AndroidPaint(
            size: size, letterSpacing: Float(profile.letterSpacing), hinting: profile.hinting, locale: profile.locale, features: style.features)
        var layout = try AndroidTextViewLayout(
            text: units, families: families, paint: paint, style: paragraphStyle, density: profile.density,
            hyphenationPatterns: profile.hyphenationPatterns)
        if case .sp(let value)? = paragraphStyle.lineHeight { layout.lineHeightInPixels = profile.composePixels(fromSP: value) }
        return try isCompose ? layout.measureCompose(widthLimit: widthLimit) : layout.measure(widthLimit: widthLimit)
    }

    /// The paint's text size in px, once the profile and the style are known to apply.
    private static func androidTextSize(style: TextStyle, profile: AndroidProfile) throws(CaliperError) -> Float {
        try profile.validate()
        try style.validate()
        guard style.letterSpacing == 0 else {
            throw .invalidAndroidProfile("letter spacing is the profile's, in ems (Paint.setLetterSpacing), not the style's \(style.letterSpacing) points")
        }
        if case .fontconfig(let file) = style.fallback, style.fallbackFonts.isEmpty {
            throw .invalidAndroidProfile("a fontconfig fallback (\(file)) cannot apply: Android falls back through its own fonts.xml; list the fonts as fallbackFonts")
        }
        let size = profile.pixels(fromSP: style.size)
        guard Double(size) <= AndroidProfile.maximumTextSizeInPixels else {
            throw .invalidAndroidProfile("the text size is \(size) px, over the limit of \(Int(AndroidProfile.maximumTextSizeInPixels)) px")
        }
        return size
    }
}
