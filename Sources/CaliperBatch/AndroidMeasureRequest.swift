// AndroidMeasureRequest.swift — a measure request for Android ("platform": "android") as every door fills it, the one function that answers it and the one writer of its answer.
import Caliper
import Foundation

/// The platform a measure request measures for: `"platform"` in JSON, `--platform` on the
/// command line.
package enum MeasurePlatform: String, CaseIterable {
    /// UIKit's numbers, in points (the default).
    case ios
    /// An Android 14 `TextView`'s numbers, in px and dp.
    case android

    /// The platform `object` (a request, a spec document) asks for: `"ios"` when it has no
    /// `platform`. Its `"android"` settings are refused unless it asks for Android.
    package static func of(_ object: JSONObject) throws -> MeasurePlatform {
        let platform = try object.string("platform").map { try named($0, naming: .json(object)) } ?? .ios
        if platform != .android, object.contains(key: "android") {
            throw object.error("\"android\" settings are read only with \"platform\": \"android\"")
        }
        return platform
    }

    /// The platform called `name`, or an error listing them.
    package static func named(_ name: String, naming: FieldNaming) throws -> MeasurePlatform {
        guard let platform = MeasurePlatform(rawValue: name) else {
            throw naming.error("unknown \(naming.path("platform")) \"\(name)\" (known: \(allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return platform
    }
}

/// The Android settings of a request, each optional (a `TextView`'s default when left out): the
/// `"android"` object of a JSON request (measure, flow or layout) or spec, the Android flags of
/// `caliper measure`. Read into an ``AndroidProfile`` and an ``AndroidParagraphStyle`` by one
/// function, ``profileAndParagraphStyle(maxLines:naming:)`` (`naming` names the settings: the
/// `"android"` object's keys, or the flags).
package struct AndroidSettings {
    package var density: Double?
    package var fontScale: Double?
    package var hinting: Bool?
    /// In ems.
    package var letterSpacing: Double?
    package var locale: String?
    package var breakStrategy: String?
    package var hyphenationFrequency: String?
    package var includeFontPadding: Bool?
    package var fallbackLineSpacing: Bool?
    package var lineSpacingMultiplier: Double?
    /// In dp.
    package var lineSpacingExtra: Double?
    package var ellipsize: String?
    package var textSizeFromResource: Bool?
    /// `"text-view"` or `"compose"`.
    package var widget: String?
    /// In sp.
    package var lineHeight: Double?
    /// In ems.
    package var lineHeightEm: Double?
    /// A Compose line height style's names, each optional (`LineHeightStyle.Default`'s when left
    /// out); `nil`: no line height style.
    package var lineHeightStyle: (alignment: String?, trim: String?, mode: String?)?

    package init() {}

    /// The keys of the `"android"` object.
    package static let keys: KnownKeys = [
        "density", "fontScale", "hinting", "letterSpacing", "locale", "breakStrategy", "hyphenationFrequency", "includeFontPadding",
        "fallbackLineSpacing", "lineSpacingMultiplier", "lineSpacingExtra", "ellipsize", "textSizeFromResource", "widget", "lineHeight",
        "lineHeightEm", "lineHeightStyle",
    ]

    /// The keys of the `"lineHeightStyle"` object.
    package static let lineHeightStyleKeys: KnownKeys = ["alignment", "trim", "mode"]

    /// The settings of `object` (a request's `"android"`), its keys checked.
    package init(json object: JSONObject) throws {
        try object.requireKnownKeys(Self.keys)
        density = try object.number("density")
        fontScale = try object.number("fontScale")
        hinting = try object.bool("hinting")
        letterSpacing = try object.number("letterSpacing")
        locale = try object.string("locale")
        breakStrategy = try object.string("breakStrategy")
        hyphenationFrequency = try object.string("hyphenationFrequency")
        includeFontPadding = try object.bool("includeFontPadding")
        fallbackLineSpacing = try object.bool("fallbackLineSpacing")
        lineSpacingMultiplier = try object.number("lineSpacingMultiplier")
        lineSpacingExtra = try object.number("lineSpacingExtra")
        ellipsize = try object.string("ellipsize")
        textSizeFromResource = try object.bool("textSizeFromResource")
        widget = try object.string("widget")
        lineHeight = try object.number("lineHeight")
        lineHeightEm = try object.number("lineHeightEm")
        if object.has("lineHeightStyle") {
            let style = try object.object("lineHeightStyle")
            try style.requireKnownKeys(Self.lineHeightStyleKeys)
            // An empty object is Compose's LineHeightStyle.Default.
            lineHeightStyle = (try style.string("alignment"), try style.string("trim"), try style.string("mode"))
        }
    }

    /// The settings read into a profile and a paragraph style, each setting left out a
    /// `TextView`'s default, `maxLines` 0 or `nil` for no limit: the one reader of Android
    /// settings, for every door. Errors name the settings as `naming` does.
    package func profileAndParagraphStyle(maxLines: Int?, naming: FieldNaming) throws -> (AndroidProfile, AndroidParagraphStyle) {
        func named<Value: RawRepresentable & CaseIterable>(_ key: String, _ name: String?) throws -> Value? where Value.RawValue == String {
            guard let name else { return nil }
            guard let value = Value(rawValue: name) else {
                throw InputError("unknown \(naming.path(key)) \"\(name)\" (known: \(Value.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            return value
        }
        let widget: AndroidParagraphStyle.Widget = try named("widget", self.widget) ?? .textView
        // Each setting left out is the widget's default.
        var paragraphStyle = widget == .compose ? AndroidParagraphStyle.compose() : AndroidParagraphStyle()
        if let strategy: AndroidParagraphStyle.BreakStrategy = try named("breakStrategy", breakStrategy) { paragraphStyle.breakStrategy = strategy }
        if let frequency: AndroidParagraphStyle.HyphenationFrequency = try named("hyphenationFrequency", hyphenationFrequency) {
            paragraphStyle.hyphenationFrequency = frequency
        }
        if let includeFontPadding { paragraphStyle.includeFontPadding = includeFontPadding }
        if let fallbackLineSpacing { paragraphStyle.fallbackLineSpacing = fallbackLineSpacing }
        paragraphStyle.ellipsize = try named("ellipsize", ellipsize)
        switch (lineHeight, lineHeightEm) {
        case (let sp?, nil): paragraphStyle.lineHeight = .sp(sp)
        case (nil, let em?): paragraphStyle.lineHeight = .em(em)
        case (nil, nil): break
        case (_?, _?): throw InputError("give \(naming.name("lineHeight")) (sp) or \(naming.name("lineHeightEm")), not both")
        }
        if let names = lineHeightStyle {
            var style = AndroidParagraphStyle.LineHeightStyle()
            if let alignment: AndroidParagraphStyle.LineHeightStyle.Alignment = try named("lineHeightStyle.alignment", names.alignment) {
                style.alignment = alignment
            }
            if let trim: AndroidParagraphStyle.LineHeightStyle.Trim = try named("lineHeightStyle.trim", names.trim) { style.trim = trim }
            if let mode: AndroidParagraphStyle.LineHeightStyle.Mode = try named("lineHeightStyle.mode", names.mode) { style.mode = mode }
            paragraphStyle.lineHeightStyle = style
        }
        // The bounds checked on the numbers as given, before single precision rounds 100.000001
        // to 100: the style's own check then holds the rounded value to the same bounds.
        let multipliers = AndroidParagraphStyle.lineSpacingMultiplierRange
        if let multiplier = lineSpacingMultiplier {
            guard multiplier >= Double(multipliers.lowerBound), multiplier <= Double(multipliers.upperBound) else {
                throw InputError("\(naming.path("lineSpacingMultiplier")) must be a number from \(multipliers.lowerBound) to \(multipliers.upperBound), not \(multiplier)")
            }
            paragraphStyle.lineSpacingMultiplier = Float(multiplier)
        }
        if let extra = lineSpacingExtra {
            let limit = Double(AndroidParagraphStyle.lineSpacingExtraLimit)
            guard abs(extra) <= limit else {
                throw InputError("\(naming.path("lineSpacingExtra")) must be a number of dp from \(-limit) to \(limit), not \(extra)")
            }
            paragraphStyle.lineSpacingExtra = Float(extra)
        }
        if let maxLines, maxLines > 0 { paragraphStyle.maxLines = maxLines }
        if let fromResource = textSizeFromResource { paragraphStyle.textSizeFromResource = fromResource }
        let defaultProfile = AndroidProfile()
        let profile = AndroidProfile(
            density: density ?? defaultProfile.density, fontScale: fontScale ?? defaultProfile.fontScale,
            hinting: hinting ?? defaultProfile.hinting, letterSpacing: letterSpacing ?? defaultProfile.letterSpacing,
            locale: locale ?? defaultProfile.locale)
        do {
            try profile.validate()
            try paragraphStyle.validate()
        } catch {
            throw naming.error(error.description)
        }
        return (profile, paragraphStyle)
    }
}

/// A typeface of a device's `fonts.xml` a measure request for Android is set in, as
/// `Typeface.create(name, weight, italic)` makes it: `"typeface": {"name": "sans-serif-medium",
/// "weight": 700, "italic": true}` in JSON (weight and italic optional), `--typeface`,
/// `--typeface-weight`, `--typeface-italic` on the command line. It needs the door's device
/// fonts (`--android-fonts`) and goes instead of a font file.
package struct AndroidTypefaceRequest {
    package var name: String
    package var weight: Int?
    package var isItalic: Bool

    package init(name: String, weight: Int?, isItalic: Bool) {
        self.name = name
        self.weight = weight
        self.isItalic = isItalic
    }

    /// The keys of a `typeface` object.
    package static let keys: KnownKeys = ["name", "weight", "italic"]

    /// The typeface `object` (a request's `typeface`) names, its keys checked.
    package init(json object: JSONObject) throws {
        try object.requireKnownKeys(Self.keys)
        self.init(name: try object.requiredString("name"), weight: try object.integer("weight", minimum: 1), isItalic: try object.bool("italic") ?? false)
    }

    /// The style of a text in this typeface of `fonts` at `size` sp with `features`; errors name
    /// the fields as `naming` does (the request's `typeface`, or the flags), and the one field
    /// that cannot go with a typeface (`font`, `variations`, `fallback`: a typeface's fonts and
    /// fallbacks are the device's) when `given`.
    package func textStyle(
        in fonts: AndroidFonts?, size: CGFloat, features: [FontFeature], conflicting given: String?, naming: FieldNaming
    ) throws -> TextStyle {
        if let given {
            throw InputError("give \(naming.name("typeface")) or \(naming.name(given)), not both: a typeface's fonts and fallbacks are the device's")
        }
        guard let fonts else {
            throw InputError(
                "\(naming.name("typeface")) names a family of a device's fonts.xml: give the door a device's fonts (--android-fonts FOLDER)")
        }
        return try fonts.textStyle(family: name, weight: weight, italic: isItalic, size: size, features: features)
    }
}

/// What a measure request for Android asks: a text in one style, laid out as a `TextView` with
/// `wrap_content` lays it out, at most `maxWidth` dp wide. Batch lines and HTTP bodies read it
/// from JSON (`"platform": "android"`), `caliper measure --platform android` from its flags;
/// both answer it with ``answer(with:)`` and write the answer with
/// ``writeJSONMembers(of:to:)``.
package struct AndroidMeasureRequest {
    package var text: String
    package var style: TextStyle
    package var profile: AndroidProfile
    package var paragraphStyle: AndroidParagraphStyle
    /// In dp; `nil`: no limit.
    package var maxWidth: Double?

    /// The keys of a text for Android — a measure request's, a label's or a chip's: the text
    /// and its font, `size` in sp, `features` and `fallback` fonts.
    package static let textKeys: KnownKeys = ["text", "font", "variations", "size", "features", "fallback"]

    /// The keys of a measure request for Android: the shared ones (``textKeys``, `maxWidth` in
    /// dp, `maxLines`) and `android`. UIKit's keys are refused by
    /// ``requireKnownKeys(of:measureKeys:)`` with a sentence saying so.
    package static let requestKeys: KnownKeys = ["id", "op", "onlyGivenFonts", "platform", "android", "typeface"] + textKeys + ["maxWidth", "maxLines"]

    /// Refuses a key of `object` that a measure request for Android does not read: one of
    /// UIKit's (`measureKeys`) is named as UIKit's, any other as unknown.
    package static func requireKnownKeys(of object: JSONObject, measureKeys: KnownKeys) throws {
        try object.requireKnownAndroidKeys(requestKeys, uikitKeys: measureKeys)
    }

    /// A request: `settings` read into a profile and a paragraph style
    /// (``AndroidSettings/profileAndParagraphStyle(maxLines:naming:)``), `maxLines` 0 or `nil`
    /// for no limit. Errors name the settings as `naming` does.
    package init(text: String, style: TextStyle, settings: AndroidSettings, maxWidth: Double?, maxLines: Int?, naming: FieldNaming) throws {
        (profile, paragraphStyle) = try settings.profileAndParagraphStyle(maxLines: maxLines, naming: naming)
        self.text = text
        self.style = style
        self.maxWidth = maxWidth
    }

    /// The request laid out by `measurer`.
    package func answer(with measurer: TextMeasurer) throws -> AndroidTextLayout {
        try measurer.androidLayout(of: text, style: style, paragraphStyle: paragraphStyle, profile: profile, maxWidth: maxWidth)
    }

    /// Writes an answer's members: `platform` (`"android"`), `layout` (`"boring"` or
    /// `"static"`), `width` and `height` in px (the view's measured size), `widthDP` and
    /// `heightDP`, `textSize` in px, `lines` (UTF-16 `start` and exclusive `end`, `width` in px,
    /// `top`, `baseline`, `bottom`, `ascent`, `descent` in whole px, `hyphenated: true` when
    /// the line ends in an added hyphen, `ellipsisStart` and `ellipsisEnd` when "…" replaces
    /// text), `ellipsized`, `truncated` (text not shown: cut off or ellipsized),
    /// `missingGlyphs`, and `warnings` when there are any. Every door writes an Android answer here.
    package static func writeJSONMembers(of layout: AndroidTextLayout, to writer: inout JSONWriter) {
        writer.member("platform", string: MeasurePlatform.android.rawValue)
        writer.member("layout", string: layout.kind.rawValue)
        writer.member("width", integer: layout.width)
        writer.member("height", integer: layout.height)
        writer.member("widthDP", number: layout.widthInDP)
        writer.member("heightDP", number: layout.heightInDP)
        writer.member("textSize", number: Double(layout.textSize))
        writer.key("lines")
        writer.beginArray()
        for line in layout.lines {
            writer.beginObject()
            writer.member("start", integer: line.utf16Range.lowerBound)
            writer.member("end", integer: line.utf16Range.upperBound)
            writer.member("width", number: Double(line.width))
            writer.member("top", integer: line.top)
            writer.member("baseline", integer: line.baseline)
            writer.member("bottom", integer: line.bottom)
            writer.member("ascent", integer: line.ascent)
            writer.member("descent", integer: line.descent)
            if line.isHyphenated {
                writer.key("hyphenated")
                writer.bool(true)
            }
            if let ellipsis = line.ellipsisRange {
                writer.member("ellipsisStart", integer: ellipsis.lowerBound)
                writer.member("ellipsisEnd", integer: ellipsis.upperBound)
            }
            writer.endObject()
        }
        writer.endArray()
        writer.key("ellipsized")
        writer.bool(layout.isEllipsized)
        writer.key("truncated")
        writer.bool(layout.isTruncated || layout.isEllipsized)
        writer.member("missingGlyphs", integer: layout.missingGlyphCount)
        let warnings = Self.warnings(of: layout)
        if !warnings.isEmpty {
            writer.key("warnings")
            writer.beginArray()
            for warning in warnings { writer.string(warning) }
            writer.endArray()
        }
    }

    /// What an answer left out, one sentence each.
    package static func warnings(of layout: AndroidTextLayout) -> [String] {
        layout.lacksHyphenationPatterns ? [LayoutNotice.noAndroidHyphenationPatterns.description] : []
    }
}

extension JSONObject {
    /// Refuses a key an object for Android does not read: one of `uikitKeys` (its UIKit form's
    /// keys) as UIKit's, naming it and where Android's settings go; any other not in `known` or
    /// `more` as unknown (``requireKnownKeys(_:_:)``). Every door for Android checks its keys here.
    package func requireKnownAndroidKeys(_ known: KnownKeys, uikitKeys: KnownKeys, _ more: KnownKeys? = nil) throws {
        for key in keys where !known.names.contains(key) && !(more?.names.contains(key) ?? false) && uikitKeys.names.contains(key) {
            throw InputError(
                "\(name(key)) is not read for Android (\"platform\": \"android\"): it sets what UIKit does; Android's settings go in \"android\" (\(AndroidSettings.keys.names.joined(separator: ", ")))"
            )
        }
        try requireKnownKeys(known, more)
    }
}
