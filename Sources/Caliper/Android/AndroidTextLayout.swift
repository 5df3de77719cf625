// AndroidTextLayout.swift — a text laid out as an Android 14 TextView lays it out: its lines, its measured size in px and dp, and what was left out.
import Foundation

/// A text laid out as an Android 14 `TextView` measures and lays it out (`TextView.onMeasure`
/// with `wrap_content`, then `BoringLayout` or `StaticLayout`): its lines, tops and baselines in
/// px, and the size the view measures itself to. Made by
/// ``TextMeasurer/androidLayout(of:style:paragraphStyle:profile:maxWidth:)``.
///
/// Offsets are UTF-16 code units of the text; y grows downwards from the layout's top, so an
/// ascent is negative.
public struct AndroidTextLayout: Sendable, Hashable {
    /// Which of Android's layouts the `TextView` makes (`TextView.makeSingleLayout`).
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// `BoringLayout`: one line that fits, of left-to-right text without line feeds, tabs or
        /// bidi controls. Its height ignores line spacing.
        case boring
        /// `StaticLayout`: everything else — wrapped, multi-paragraph, right-to-left or
        /// ellipsized text.
        case `static`
    }

    /// One line as `Layout`'s getters give it, in px.
    public struct Line: Sendable, Hashable {
        /// The UTF-16 range of the text on the line, trailing spaces and its line feed included.
        public var utf16Range: Range<Int>
        /// `Layout.getLineMax`: the line's advance in px, trailing spaces left out and a hyphen
        /// added (Minikin's line width); for an ellipsized line, the advances of the text it
        /// shows and of the ellipsis; a `BoringLayout`'s is its whole-pixel width.
        public var width: Float
        /// `getLineTop`.
        public var top: Int
        /// `getLineBaseline`.
        public var baseline: Int
        /// `getLineBottom`: the next line's top.
        public var bottom: Int
        /// `getLineAscent`: the top less the baseline (negative).
        public var ascent: Int
        /// `getLineDescent`: the bottom less the baseline, line spacing included.
        public var descent: Int
        /// Whether the line ends in a hyphen Android adds (an automatic or soft hyphen break).
        public var isHyphenated: Bool
        /// The UTF-16 range of the text an ellipsis "…" replaces on this line
        /// (`getEllipsisStart`, `getEllipsisCount`); `nil` when none does.
        public var ellipsisRange: Range<Int>?
    }

    /// The layout the view made.
    public var kind: Kind
    /// The lines the view shows: at most ``AndroidParagraphStyle/maxLines``.
    public var lines: [Line]
    /// The view's measured width in px (`setMeasuredDimension`): the text's desired width
    /// (`BoringLayout.Metrics.width` or `Layout.getDesiredWidth`, whole pixels), at most the
    /// width it was given.
    public var width: Int
    /// The view's measured height in px: the layout's height up to the last line shown
    /// (`getDesiredHeight`).
    public var height: Int
    /// Pixels per dp, from the profile.
    public var density: Double
    /// The text size the paint laid out at, in px.
    public var textSize: Float
    /// Whether an ellipsis replaces some of the text (``AndroidParagraphStyle/ellipsize``).
    public var isEllipsized: Bool
    /// Whether lines past ``AndroidParagraphStyle/maxLines`` were cut off without an ellipsis.
    public var isTruncated: Bool
    /// Glyphs drawn as the missing-glyph box because no font of the collection has the character.
    public var missingGlyphCount: Int
    /// Whether the paragraph style asks for hyphenation but the profile has no
    /// ``AndroidHyphenationPatterns`` for the text's locale, so words broke only at hyphens and
    /// soft hyphens — as on a device without that language's patterns.
    public var lacksHyphenationPatterns: Bool

    /// ``width`` in dp.
    public var widthInDP: Double { Double(width) / density }
    /// ``height`` in dp.
    public var heightInDP: Double { Double(height) / density }
}

/// Android 14's `BoringLayout` for a text `BoringLayout.isBoring` accepts: one line, its
/// metrics the paint's, widened with fallback line spacing to the fonts the text uses.
struct BoringLayout: Sendable, Equatable {
    /// `BoringLayout.Metrics`: `getFontMetricsInt` values (y down) and the whole-pixel width.
    struct Metrics: Sendable, Equatable {
        var top: Int
        var ascent: Int
        var descent: Int
        var bottom: Int
        var width: Int
    }

    /// `mBottom`: the layout's height.
    let height: Int
    /// `mDesc`: the line's descent.
    let descent: Int
    let width: Int

    /// `BoringLayout.init`: font padding measures from top to bottom, else from ascent to
    /// descent; line spacing is not applied.
    init(metrics: Metrics, includePad: Bool) {
        height = includePad ? metrics.bottom - metrics.top : metrics.descent - metrics.ascent
        descent = includePad ? metrics.bottom : metrics.descent
        width = metrics.width
    }

    /// `BoringLayout.hasAnyInterestingChars`: a line feed, a tab, or a unit
    /// `TextUtils.couldAffectRtl` (right-to-left scripts, bidi controls, surrogates, Hebrew and
    /// Arabic presentation forms) makes a text not boring.
    static func isBoring(_ text: [UInt16]) -> Bool {
        !text.contains { unit in unit == 0x0A || unit == 0x09 || couldAffectRTL(unit) }
    }

    /// `TextUtils.couldAffectRtl`: right-to-left scripts, bidi controls, surrogates, Hebrew and
    /// Arabic presentation forms.
    static func couldAffectRTL(_ unit: UInt16) -> Bool {
        (0x0590...0x08FF).contains(unit) || unit == 0x200E || unit == 0x200F || (0x202A...0x202E).contains(unit) || (0x2066...0x2069).contains(unit)
            || (0xD800...0xDFFF).contains(unit) || (0xFB1D...0xFDFF).contains(unit) || (0xFE70...0xFEFE).contains(unit)
    }
}
