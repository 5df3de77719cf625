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

    /// The view that lays the text out.
    public enum Widget: String, Sendable, Hashable, CaseIterable {
        /// A `TextView` with `wrap_content` width and height (`TextView.onMeasure`).
        case textView = "text-view"
        /// A Jetpack Compose `Text` with soft wrap, in a parent whose constraints are at most the
        /// width (`TextLayout`, `LayoutIntrinsics`, `ParagraphLayoutCache`).
        case compose
    }

    /// A Compose line height: `TextStyle.lineHeight`, in sp or in ems of the font size.
    public enum LineHeight: Sendable, Hashable {
        /// A line height in sp (px by the profile's font scale and density).
        case sp(Double)
        /// A line height in ems: × the text size in px.
        case em(Double)
    }

    /// Compose's `LineHeightStyle`: where a line sits in its line height, and whether the space
    /// the line height adds above the first line and below the last is trimmed.
    public struct LineHeightStyle: Sendable, Hashable {
        /// `LineHeightStyle.Alignment`: how the space the line height adds (or takes away) is
        /// shared between above and below the line.
        public enum Alignment: String, Sendable, Hashable, CaseIterable {
            /// All of it below (`topRatio` 0).
            case top
            /// Half above, half below (`topRatio` 0.5).
            case center
            /// In proportion to the line's ascent and descent (`topRatio` −1), Compose's default.
            case proportional
            /// All of it above (`topRatio` 1).
            case bottom
        }

        /// `LineHeightStyle.Trim`: which of the first line's top and the last line's bottom keep
        /// the font's ascent or descent rather than the line height's.
        public enum Trim: String, Sendable, Hashable, CaseIterable {
            /// Neither is trimmed.
            case none
            /// The first line's top.
            case firstLineTop = "first-line-top"
            /// The last line's bottom.
            case lastLineBottom = "last-line-bottom"
            /// Both, Compose's default.
            case both
        }

        /// `LineHeightStyle.Mode`: what a line height shorter than the font's does.
        public enum Mode: String, Sendable, Hashable, CaseIterable {
            /// Every line is the line height; the layout adds padding at its top and bottom so
            /// that the first and last lines are not cut (Compose's default).
            case fixed
            /// A line height shorter than the font's is not applied (`preserveMinimumHeight`).
            case minimum
        }

        /// Where the line sits in its line height.
        public var alignment: Alignment
        /// Which of the first line's top and the last line's bottom are trimmed.
        public var trim: Trim
        /// What a line height shorter than the font's does.
        public var mode: Mode

        /// A line height style; by default Compose's `LineHeightStyle.Default`.
        public init(alignment: Alignment = .proportional, trim: Trim = .both, mode: Mode = .fixed) {
            self.alignment = alignment
            self.trim = trim
            self.mode = mode
        }
    }

    /// The view the text is laid out in; a `TextView` by default.
    /// ``compose(lineHeight:lineHeightStyle:maxLines:ellipsize:breakStrategy:includeFontPadding:)``
    /// gives a Compose `Text`'s defaults.
    public var widget: Widget
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
    /// A Compose `Text`'s `TextStyle.lineHeight`; `nil`: the font's (a `TextView` has none).
    public var lineHeight: LineHeight?
    /// A Compose `Text`'s `TextStyle.lineHeightStyle`, read with a ``lineHeight``; `nil`:
    /// Compose's choice — `LineHeightStyle.Default` without font padding; with font padding,
    /// Compose's older line height rule (its `LineHeightSpan`), which scales the line's descent.
    public var lineHeightStyle: LineHeightStyle?

    /// A paragraph style; by default a `TextView`'s.
    public init(
        breakStrategy: BreakStrategy = .highQuality, hyphenationFrequency: HyphenationFrequency = .none, includeFontPadding: Bool = true,
        fallbackLineSpacing: Bool = true, lineSpacingMultiplier: Float = 1, lineSpacingExtra: Float = 0, maxLines: Int? = nil,
        ellipsize: Ellipsize? = nil, textSizeFromResource: Bool = true
    ) {
        self.widget = .textView
        self.lineHeight = nil
        self.lineHeightStyle = nil
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

    /// A Compose `Text`'s defaults (Compose UI 1.7–1.9 on Android 14): simple breaking
    /// (`LineBreak` unspecified), no hyphenation (`Hyphens.None`; `Hyphens.Auto` is not
    /// modelled), no font padding (`PlatformParagraphStyle`'s default since Compose 1.5), fallback
    /// line spacing (always), the exact text size (`TextUnit.toPx`), with an optional line height
    /// and line limit; an ellipsis only at the end (`TextOverflow.Ellipsis`).
    public static func compose(
        lineHeight: LineHeight? = nil, lineHeightStyle: LineHeightStyle? = nil, maxLines: Int? = nil, ellipsize: Bool = false,
        breakStrategy: BreakStrategy = .simple, includeFontPadding: Bool = false
    ) -> AndroidParagraphStyle {
        var style = AndroidParagraphStyle(
            breakStrategy: breakStrategy, includeFontPadding: includeFontPadding, maxLines: maxLines,
            ellipsize: ellipsize ? .end : nil, textSizeFromResource: false)
        style.widget = .compose
        style.lineHeight = lineHeight
        style.lineHeightStyle = lineHeightStyle
        return style
    }

    /// The line heights a Compose style may ask for: up to 10,000 sp, or 1,000 ems.
    public static let lineHeightLimit = (sp: 10_000.0, em: 1_000.0)

    /// The line spacing multipliers a style may ask for: from 0 to 100, which keeps every height
    /// far inside Android's integers.
    public static let lineSpacingMultiplierRange: ClosedRange<Float> = 0...100
    /// The most line spacing extra, either way, a style may ask for: 10,000 dp.
    public static let lineSpacingExtraLimit: Float = 10_000

    /// Refuses a multiplier outside 0…100 or not finite, an extra that is not finite or past
    /// ±10,000 dp, and a line limit below 1; what one widget has and the other does not (a line
    /// height on a `TextView`; line spacing, a text size from a resource, or an ellipsis other
    /// than at the end, fallback line spacing off or hyphenation on a Compose `Text`); a line
    /// height style without a line height; a line height that is not a finite positive number up
    /// to ``lineHeightLimit``.
    public func validate() throws(CaliperError) {
        try validateWidget()
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

    private func validateWidget() throws(CaliperError) {
        switch widget {
        case .textView:
            if lineHeight != nil {
                throw .unsupportedOnAndroid("a line height is a Compose Text's (widget \"compose\"); a TextView's android:lineHeight is not modelled")
            }
        case .compose:
            if lineSpacingMultiplier != 1 || lineSpacingExtra != 0 {
                throw .unsupportedOnAndroid("line spacing (lineSpacingMultiplier, lineSpacingExtra) is a TextView's; a Compose Text's is its lineHeight")
            }
            if textSizeFromResource {
                throw .unsupportedOnAndroid("textSizeFromResource is a TextView's; a Compose Text's size is always exact (TextUnit.toPx)")
            }
            if !fallbackLineSpacing {
                throw .unsupportedOnAndroid("fallbackLineSpacing false is a TextView's; a Compose Text always has fallback line spacing (AndroidParagraph)")
            }
            if hyphenationFrequency != .none {
                throw .unsupportedOnAndroid(
                    "hyphenation for a Compose Text (Hyphens.Auto) uses Android 13's fast frequencies, which measure hyphens without kerning: not modelled")
            }
            if let ellipsize, ellipsize != .end {
                throw .unsupportedOnAndroid("ellipsize \"\(ellipsize.rawValue)\" is a TextView's; a Compose Text ellipsizes at the end (TextOverflow.Ellipsis)")
            }
        }
        if lineHeightStyle != nil, lineHeight == nil {
            throw .invalidAndroidProfile("a line height style applies only with a line height")
        }
        switch lineHeight {
        case .sp(let value)?:
            guard value.isFinite, value > 0, value <= Self.lineHeightLimit.sp else {
                throw .invalidAndroidProfile("the line height must be a number of sp above 0 and at most \(Int(Self.lineHeightLimit.sp)), not \(value)")
            }
        case .em(let value)?:
            guard value.isFinite, value > 0, value <= Self.lineHeightLimit.em else {
                throw .invalidAndroidProfile("the line height must be a number of ems above 0 and at most \(Int(Self.lineHeightLimit.em)), not \(value)")
            }
        case nil:
            break
        }
    }
}
