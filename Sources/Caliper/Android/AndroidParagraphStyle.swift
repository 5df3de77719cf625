// AndroidParagraphStyle.swift — how an Android TextView lays a paragraph out: break strategy, hyphenation, font padding, line spacing, line limit and ellipsis.
import Foundation

/// The `TextView` attributes (and the `StaticLayout.Builder` settings they become) that decide an
/// Android text's lines and height. The defaults are a `TextView`'s in an app targeting Android 9
/// (API 28) or later on Android 14: high-quality breaking, no hyphenation, font padding, fallback
/// line spacing, single spacing, no line limit.
public struct AndroidParagraphStyle: Sendable, Hashable {
    /// `android:breakStrategy` (`Layout.BREAK_STRATEGY_*`).
    public enum BreakStrategy: String, Sendable, Hashable, CaseIterable {
        /// Greedy: each line takes as many words as fit (`GreedyLineBreaker`).
        case simple
        /// Minikin's optimal fit over the whole paragraph (`OptimalLineBreaker`), a `TextView`'s default.
        case highQuality = "high-quality"
        /// The optimal fit, lines evened out.
        case balanced
    }

    /// `android:hyphenationFrequency` (`Layout.HYPHENATION_FREQUENCY_*`).
    public enum HyphenationFrequency: String, Sendable, Hashable, CaseIterable {
        /// No automatic hyphenation (a `TextView`'s default since Android 10).
        case none
        /// Hyphenation that avoids breaking words when it can.
        case normal
        /// Hyphenation wherever the line breaker scores it better.
        case full
    }

    /// `android:ellipsize` (`TextUtils.TruncateAt`): where "…" replaces text that does not fit.
    public enum Ellipsize: String, Sendable, Hashable, CaseIterable {
        /// At the start of a single line.
        case start
        /// In the middle of a single line.
        case middle
        /// At the end of the last line shown.
        case end
    }

    /// How lines break.
    public var breakStrategy: BreakStrategy
    /// How often words are hyphenated.
    public var hyphenationFrequency: HyphenationFrequency
    /// `android:includeFontPadding`: the first line reaches up to the font's top and the last
    /// down to its bottom (the `head` table's bounds), not just its ascent and descent. A
    /// `TextView`'s default is `true`; Compose's `Text` sets it `false`.
    public var includeFontPadding: Bool
    /// `TextView.setFallbackLineSpacing`: a line grows to hold its fallback fonts' ascent and
    /// descent (emoji, CJK). On by default for apps targeting Android 9 or later; for a
    /// single-line text that fits (a `BoringLayout`), for apps targeting Android 13 or later.
    public var fallbackLineSpacing: Bool
    /// `android:lineSpacingMultiplier`: each line but the last grows by its height × (multiplier − 1).
    public var lineSpacingMultiplier: Float
    /// `android:lineSpacingExtra`, in dp: added below each line but the last (px by the profile's
    /// density), with the multiplier's growth, rounded half away from zero.
    public var lineSpacingExtra: Float
    /// `android:maxLines`; `nil`: no limit.
    public var maxLines: Int?
    /// `android:ellipsize`; `nil`: none (lines past ``maxLines`` are cut off).
    public var ellipsize: Ellipsize?
    /// Whether the text size comes from a resource — `android:textSize` in a layout, style or
    /// text appearance — which a `TextView` reads as whole px (`getDimensionPixelSize`: 14 sp at
    /// a density of 2.625 is 37 px, not 36.75); `false`: `TextView.setTextSize` in code, which
    /// keeps the exact px. `true` by default.
    public var textSizeFromResource: Bool

    /// A paragraph style; by default a `TextView`'s.
    public init(
        breakStrategy: BreakStrategy = .highQuality, hyphenationFrequency: HyphenationFrequency = .none, includeFontPadding: Bool = true,
        fallbackLineSpacing: Bool = true, lineSpacingMultiplier: Float = 1, lineSpacingExtra: Float = 0, maxLines: Int? = nil,
        ellipsize: Ellipsize? = nil, textSizeFromResource: Bool = true
    ) {
        self.breakStrategy = breakStrategy
        self.hyphenationFrequency = hyphenationFrequency
        self.includeFontPadding = includeFontPadding
        self.fallbackLineSpacing = fallbackLineSpacing
        self.lineSpacingMultiplier = lineSpacingMultiplier
        self.lineSpacingExtra = lineSpacingExtra
        self.maxLines = maxLines
        self.ellipsize = ellipsize
        self.textSizeFromResource = textSizeFromResource
    }

    /// The line spacing multipliers a style may ask for: from 0 to 100, which keeps every height
    /// far inside Android's integers.
    public static let lineSpacingMultiplierRange: ClosedRange<Float> = 0...100
    /// The most line spacing extra, either way, a style may ask for: 10,000 dp.
    public static let lineSpacingExtraLimit: Float = 10_000

    /// Refuses a multiplier outside 0…100 or not finite, an extra that is not finite or past
    /// ±10,000 dp, and a line limit below 1.
    public func validate() throws(CaliperError) {
        guard lineSpacingMultiplier.isFinite, Self.lineSpacingMultiplierRange.contains(lineSpacingMultiplier) else {
            throw .invalidAndroidProfile("the line spacing multiplier must be a number from 0 to 100, not \(lineSpacingMultiplier)")
        }
        guard lineSpacingExtra.isFinite, abs(lineSpacingExtra) <= Self.lineSpacingExtraLimit else {
            throw .invalidAndroidProfile("the line spacing extra must be a number of dp from -10000 to 10000, not \(lineSpacingExtra)")
        }
        if let maxLines, maxLines < 1 {
            throw .invalidAndroidProfile("maxLines must be at least 1, not \(maxLines)")
        }
    }
}
