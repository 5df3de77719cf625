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

    /// The platform `object` asks for: `"ios"` when it has no `platform`.
    package static func of(_ object: JSONObject) throws -> MeasurePlatform {
        guard let name = try object.string("platform") else { return .ios }
        return try named(name, naming: .json(object))
    }

    /// The platform called `name`, or an error listing them.
    package static func named(_ name: String, naming: FieldNaming) throws -> MeasurePlatform {
        guard let platform = MeasurePlatform(rawValue: name) else {
            throw naming.error("unknown \(naming.path("platform")) \"\(name)\" (known: \(allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return platform
    }
}

/// The Android settings of a measure request, each optional (a `TextView`'s default when left
/// out): the `"android"` object of a JSON request, the Android flags of `caliper measure`. Read
/// into an ``AndroidProfile`` and an ``AndroidParagraphStyle`` by one function,
/// ``AndroidMeasureRequest/init(text:style:settings:maxWidth:maxLines:naming:)`` (`naming` names the settings: the `"android"` object's keys, or the flags).
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

    package init() {}

    /// The keys of the `"android"` object.
    package static let keys: KnownKeys = [
        "density", "fontScale", "hinting", "letterSpacing", "locale", "breakStrategy", "hyphenationFrequency", "includeFontPadding",
        "fallbackLineSpacing", "lineSpacingMultiplier", "lineSpacingExtra", "ellipsize", "textSizeFromResource",
    ]

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

    /// The keys of a measure request for Android: the shared ones (`text`, the font, `size` in
    /// sp, `maxWidth` in dp, `maxLines`) and `android`. UIKit's keys are refused by
    /// ``requireKnownKeys(of:)`` with a sentence saying so.
    package static let requestKeys: KnownKeys = [
        "id", "op", "onlyGivenFonts", "platform", "android", "text", "font", "variations", "size", "features", "fallback", "maxWidth",
        "maxLines",
    ]

    /// Refuses a key of `object` that a measure request for Android does not read: one of
    /// UIKit's (`measureKeys`) is named as UIKit's, any other as unknown.
    package static func requireKnownKeys(of object: JSONObject, measureKeys: KnownKeys) throws {
        for key in object.keys where !requestKeys.names.contains(key) && measureKeys.names.contains(key) {
            throw object.error(
                "\(object.name(key)) is not read for Android (\"platform\": \"android\"): it sets what UIKit does; Android's settings go in \"android\" (\(AndroidSettings.keys.names.joined(separator: ", ")))"
            )
        }
        try object.requireKnownKeys(requestKeys)
    }

    /// A request: `settings` read into a profile and a paragraph style, `maxLines` 0 or `nil`
    /// for no limit. Errors name the settings as `naming` does.
    package init(text: String, style: TextStyle, settings: AndroidSettings, maxWidth: Double?, maxLines: Int?, naming: FieldNaming) throws {
        func named<Value: RawRepresentable & CaseIterable>(_ key: String, _ name: String?) throws -> Value? where Value.RawValue == String {
            guard let name else { return nil }
            guard let value = Value(rawValue: name) else {
                throw InputError("unknown \(naming.path(key)) \"\(name)\" (known: \(Value.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            return value
        }
        let defaults = AndroidParagraphStyle()
        var paragraphStyle = AndroidParagraphStyle(
            breakStrategy: try named("breakStrategy", settings.breakStrategy) ?? defaults.breakStrategy,
            hyphenationFrequency: try named("hyphenationFrequency", settings.hyphenationFrequency) ?? defaults.hyphenationFrequency,
            includeFontPadding: settings.includeFontPadding ?? defaults.includeFontPadding,
            fallbackLineSpacing: settings.fallbackLineSpacing ?? defaults.fallbackLineSpacing,
            ellipsize: try named("ellipsize", settings.ellipsize))
        if let multiplier = settings.lineSpacingMultiplier { paragraphStyle.lineSpacingMultiplier = Float(multiplier) }
        if let extra = settings.lineSpacingExtra { paragraphStyle.lineSpacingExtra = Float(extra) }
        if let maxLines, maxLines > 0 { paragraphStyle.maxLines = maxLines }
        if let fromResource = settings.textSizeFromResource { paragraphStyle.textSizeFromResource = fromResource }
        let defaultProfile = AndroidProfile()
        let profile = AndroidProfile(
            density: settings.density ?? defaultProfile.density, fontScale: settings.fontScale ?? defaultProfile.fontScale,
            hinting: settings.hinting ?? defaultProfile.hinting, letterSpacing: settings.letterSpacing ?? defaultProfile.letterSpacing,
            locale: settings.locale ?? defaultProfile.locale)
        do {
            try profile.validate()
            try paragraphStyle.validate()
        } catch {
            throw naming.error(error.description)
        }
        self.text = text
        self.style = style
        self.profile = profile
        self.paragraphStyle = paragraphStyle
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
        layout.lacksHyphenationPatterns
            ? ["no hyphenation patterns for the text's locale: words were broken only at hyphens and soft hyphens"] : []
    }
}
