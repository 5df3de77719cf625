// AndroidOptions.swift — the flags of `caliper measure --platform android`: the screen, the paint and the TextView's paragraph settings.
import ArgumentParser
import Caliper
import CaliperBatch
import Foundation

struct AndroidOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "Measure for this platform: ios (UIKit, points; the default) or android (an Android 14 TextView with wrap_content: px and dp; --size in sp, --max-width in dp).",
        valueName: "platform"))
    var platform: String?

    @Option(name: .long, parsing: .unconditional, help: "Android: pixels per dp (DisplayMetrics.density: 1, 1.5, 2, 2.625, 3, 3.5, 4). Default: 1.")
    var density: Double?

    @Option(name: .long, parsing: .unconditional, help: "Android: the user's font scale (0.5…2; from 1.15 Android 14 scales sizes non-linearly). Default: 1.")
    var fontScale: Double?

    @Flag(name: .long, help: "Android: unhinted glyph advances (Paint.setHinting(HINTING_OFF); Compose's TextMotion.Animated), not whole pixels.")
    var noHinting = false

    @Option(name: .long, parsing: .unconditional, help: "Android: letter spacing in ems (Paint.setLetterSpacing). Default: 0.")
    var letterSpacingEm: Double?

    @Option(name: .long, help: "Android: the paint's locales, BCP 47, comma-separated (Paint.setTextLocales). Default: en-US.")
    var locale: String?

    @Option(name: .long, help: "Android: android:breakStrategy (simple, high-quality, balanced). Default: high-quality.")
    var breakStrategy: String?

    @Option(name: .long, help: "Android: android:hyphenationFrequency (none, normal, full). Default: none.")
    var hyphenationFrequency: String?

    @Flag(name: .long, help: "Android: android:includeFontPadding=\"false\" (Compose's default).")
    var noFontPadding = false

    @Flag(name: .long, help: "Android: includeFontPadding true for a Compose Text (--widget compose), whose default is false.")
    var fontPadding = false

    @Flag(name: .long, help: "Android: android:fallbackLineSpacing=\"false\".")
    var noFallbackLineSpacing = false

    @Option(name: .long, parsing: .unconditional, help: "Android: android:lineSpacingMultiplier. Default: 1.")
    var lineSpacingMultiplier: Double?

    @Option(name: .long, parsing: .unconditional, help: "Android: android:lineSpacingExtra, in dp. Default: 0.")
    var lineSpacingExtra: Double?

    @Option(name: .long, help: "Android: android:ellipsize (start, middle, end) at --lines. Default: none.")
    var ellipsize: String?

    @Flag(name: .long, help: "Android: the size was set with TextView.setTextSize in code (exact px), not android:textSize (whole px).")
    var textSizeFromCode = false

    @Option(name: .long, help: ArgumentHelp(
        "Android: the view, text-view (a TextView with wrap_content; the default) or compose (a Jetpack Compose Text, with Compose's defaults: simple breaking, no font padding, the exact text size).",
        valueName: "widget"))
    var widget: String?

    @Option(name: .long, parsing: .unconditional, help: "Android, --widget compose: TextStyle.lineHeight in sp.")
    var lineHeight: Double?

    @Option(name: .long, parsing: .unconditional, help: "Android, --widget compose: TextStyle.lineHeight in ems.")
    var lineHeightEm: Double?

    @Option(name: .long, help: "Android, --widget compose: LineHeightStyle.Alignment (top, center, proportional, bottom). Default: proportional.")
    var lineHeightAlignment: String?

    @Option(name: .long, help: "Android, --widget compose: LineHeightStyle.Trim (none, first-line-top, last-line-bottom, both). Default: both.")
    var lineHeightTrim: String?

    @Option(name: .long, help: "Android, --widget compose: LineHeightStyle.Mode (fixed, minimum). Default: fixed.")
    var lineHeightMode: String?

    @Option(name: .long, help: ArgumentHelp(
        "Android: set the text in this typeface of the --android-fonts device's fonts.xml (sans-serif, sans-serif-medium, serif, …), as Typeface.create makes it, instead of --font.",
        valueName: "name"))
    var typeface: String?

    @Option(name: .long, parsing: .unconditional, help: "Android: the --typeface's weight (1…1000), as Typeface.create(typeface, weight, italic). Default: the typeface's own.")
    var typefaceWeight: Int?

    @Flag(name: .long, help: "Android: the --typeface in italic.")
    var typefaceItalic = false

    func validate() throws {
        if typeface == nil, typefaceWeight != nil || typefaceItalic {
            throw ValidationError("--typeface-weight and --typeface-italic go with --typeface NAME")
        }
        if fontPadding, noFontPadding {
            throw ValidationError("give --font-padding or --no-font-padding, not both")
        }
    }

    /// The typeface asked for, for the request model to read.
    var typefaceRequest: AndroidTypefaceRequest? {
        typeface.map { AndroidTypefaceRequest(name: $0, weight: typefaceWeight, isItalic: typefaceItalic) }
    }

    /// The flags of the Android settings, as errors name them.
    static let flagNames = [
        "platform": "--platform", "density": "--density", "fontScale": "--font-scale", "hinting": "--no-hinting",
        "letterSpacing": "--letter-spacing-em", "locale": "--locale", "breakStrategy": "--break-strategy",
        "hyphenationFrequency": "--hyphenation-frequency", "includeFontPadding": "--no-font-padding",
        "fallbackLineSpacing": "--no-fallback-line-spacing", "lineSpacingMultiplier": "--line-spacing-multiplier",
        "lineSpacingExtra": "--line-spacing-extra", "ellipsize": "--ellipsize", "textSizeFromResource": "--text-size-from-code",
        "widget": "--widget", "lineHeight": "--line-height", "lineHeightEm": "--line-height-em",
        "lineHeightStyle.alignment": "--line-height-alignment", "lineHeightStyle.trim": "--line-height-trim",
        "lineHeightStyle.mode": "--line-height-mode",
    ]

    /// The platform asked for, `ios` without `--platform`.
    var measurePlatform: MeasurePlatform {
        get throws {
            guard let platform else { return .ios }
            do {
                return try MeasurePlatform.named(platform, naming: .flags(Self.flagNames))
            } catch let error as InputError {
                throw ValidationError(error.message)
            }
        }
    }

    /// The Android flags given, by flag name: with `--platform ios` each is refused.
    var givenFlags: [String] {
        let given: [(String, Bool)] = [
            ("--density", density != nil), ("--font-scale", fontScale != nil), ("--no-hinting", noHinting),
            ("--letter-spacing-em", letterSpacingEm != nil), ("--locale", locale != nil), ("--break-strategy", breakStrategy != nil),
            ("--hyphenation-frequency", hyphenationFrequency != nil), ("--no-font-padding", noFontPadding),
            ("--no-fallback-line-spacing", noFallbackLineSpacing), ("--line-spacing-multiplier", lineSpacingMultiplier != nil),
            ("--line-spacing-extra", lineSpacingExtra != nil), ("--ellipsize", ellipsize != nil),
            ("--text-size-from-code", textSizeFromCode), ("--typeface", typeface != nil), ("--font-padding", fontPadding),
            ("--widget", widget != nil), ("--line-height", lineHeight != nil), ("--line-height-em", lineHeightEm != nil),
            ("--line-height-alignment", lineHeightAlignment != nil), ("--line-height-trim", lineHeightTrim != nil),
            ("--line-height-mode", lineHeightMode != nil),
        ]
        return given.filter(\.1).map(\.0)
    }

    /// The settings these flags give, for the request model to read.
    var settings: AndroidSettings {
        var settings = AndroidSettings()
        settings.density = density
        settings.fontScale = fontScale
        settings.hinting = noHinting ? false : nil
        settings.letterSpacing = letterSpacingEm
        settings.locale = locale
        settings.breakStrategy = breakStrategy
        settings.hyphenationFrequency = hyphenationFrequency
        settings.includeFontPadding = noFontPadding ? false : fontPadding ? true : nil
        settings.fallbackLineSpacing = noFallbackLineSpacing ? false : nil
        settings.lineSpacingMultiplier = lineSpacingMultiplier
        settings.lineSpacingExtra = lineSpacingExtra
        settings.ellipsize = ellipsize
        settings.textSizeFromResource = textSizeFromCode ? false : nil
        settings.widget = widget
        settings.lineHeight = lineHeight
        settings.lineHeightEm = lineHeightEm
        if lineHeightAlignment != nil || lineHeightTrim != nil || lineHeightMode != nil {
            settings.lineHeightStyle = (lineHeightAlignment, lineHeightTrim, lineHeightMode)
        }
        return settings
    }
}
