// LayoutPlatform.swift — what a flow or layout request (or a `caliper layout` spec) lays out for: UIKit's points, or Android's dp with the request's "android" settings.
import Caliper
import CaliperLayout
import Foundation

/// The platform a flow or layout request, or a `caliper layout` spec document, lays its texts out
/// for: `"platform"` (`"ios"` when left out) and, for Android, the `"android"` settings read as a
/// measure request's are (``AndroidSettings``) — every `TextView` of the layout shares them. For
/// Android a spec's sizes are in sp, its widths, heights, insets and spacing in dp, and so are the
/// answer's frames.
package enum LayoutPlatform {
    /// UIKit's, in points.
    case ios
    /// Android's: each label measured as a `TextView` with the profile and the shared settings
    /// (``CaliperLayout/AndroidTextMeasurer``).
    case android(AndroidProfile, AndroidParagraphStyle)

    /// The platform `object` asks for, with its `android` settings read and a device's
    /// `hyphenationPatterns` and `systemFonts` (the door's). Their `ellipsize` is refused: in a layout each label
    /// says its own (`lineBreak`), and a chip truncates at its end.
    package static func of(
        _ object: JSONObject, hyphenationPatterns: [AndroidHyphenationPatterns] = [], systemFonts: AndroidFonts? = nil
    ) throws -> LayoutPlatform {
        guard try MeasurePlatform.of(object) == .android else { return .ios }
        let android = object.has("android") ? try object.object("android") : nil
        let settings = try android.map(AndroidSettings.init(json:)) ?? AndroidSettings()
        if let android, settings.ellipsize != nil {
            throw InputError(
                "\(android.name("ellipsize")) is each label's in a flow or layout: give a label \"lineBreak\" (truncate-tail, truncate-head or truncate-middle) with \"numberOfLines\"; a chip too wide for its row is ellipsized at its end"
            )
        }
        var (profile, paragraphStyle) = try settings.profileAndParagraphStyle(maxLines: nil, naming: .json(android ?? object))
        profile.hyphenationPatterns = hyphenationPatterns
        profile.systemFonts = systemFonts
        return .android(profile, paragraphStyle)
    }

    /// The device's fonts an Android layout's texts fall back through and name typefaces of.
    package var androidFonts: AndroidFonts? {
        guard case .android(let profile, _) = self else { return nil }
        return profile.systemFonts
    }

    /// The platform as a measure request names it.
    package var measurePlatform: MeasurePlatform {
        switch self {
        case .ios: .ios
        case .android: .android
        }
    }

    /// Refuses a key of `object` its platform does not read: for iOS one not in `ios`; for
    /// Android one not in `android`, UIKit's (`ios`) named as UIKit's.
    package func requireKnownKeys(of object: JSONObject, ios: KnownKeys, android: KnownKeys) throws {
        switch self {
        case .ios: try object.requireKnownKeys(ios)
        case .android: try object.requireKnownAndroidKeys(android, uikitKeys: ios)
        }
    }

    /// The measurer of Android's texts, measuring with `measurer`'s limits; `nil` for iOS, whose
    /// texts `measurer` measures itself.
    package func androidMeasurer(measuringWith measurer: TextMeasurer) throws -> AndroidTextMeasurer? {
        guard case .android(let profile, let paragraphStyle) = self else { return nil }
        return try AndroidTextMeasurer(measurer: measurer, profile: profile, paragraphStyle: paragraphStyle)
    }

    /// Why a flow or layout for Android has no picture: every door that draws says this.
    package static let androidPictureRefusal =
        "a flow or layout for Android (\"platform\": \"android\") cannot be drawn yet: its lines are measured as a TextView's, without glyphs, and a picture drawn with UIKit's glyphs would be wrong; its answer has the frames"
}
