// PangoMarkup.swift — what Pango 1.50 markup parses into (text, runs, attributes) and the entry point; the parser is MarkupParser.swift.
import Foundation

/// Markup parsed: the text, and the attributes every range of it asks for, in order, covering it.
struct MarkupText: Equatable, Sendable {
    /// The text, tags removed and entities replaced.
    var string: String
    /// The attributes over ``string``: contiguous, in order, covering its UTF-16 length, neighbours
    /// with equal attributes merged; one empty run for an empty text.
    var runs: [MarkupRun]
}

/// A range of a ``MarkupText`` and the attributes its markup gives it.
struct MarkupRun: Equatable, Sendable {
    /// The range in UTF-16 code units of ``MarkupText/string``.
    var utf16Range: Range<Int>
    var attributes: MarkupAttributes
}

/// What markup asks of a range of text that can change how big it is, resolved to numbers.
/// `nil` means "as the base style has it".
struct MarkupAttributes: Equatable, Sendable {
    /// A font family (or a comma-separated list of them, as Pango passes it to fontconfig) from
    /// `font_family`/`face` or the family part of `font`; `<tt>` gives `"monospace"`.
    var family: String? = nil
    /// A CSS/OpenType weight, 100...1000 (`<b>` is 700).
    var weight: Int? = nil
    /// `true` for italic and oblique, `false` for normal.
    var isItalic: Bool? = nil
    /// The point size, resolved against the base size the way Pango 1.50 resolves it
    /// (see ``PangoMarkup``).
    var size: Double
    /// Points of letter spacing.
    var letterSpacing: Double? = nil
    /// Points the text is raised (negative: lowered), Pango's `rise`: the innermost one applies.
    var rise: Double = 0
    /// HarfBuzz feature settings from `font_features`, outer spans' first (a later setting of the
    /// same feature wins in HarfBuzz, so the innermost span's wins).
    var features: [String]? = nil
    /// The language, canonicalised as `pango_language_from_string` does (`"en_US"` → `"en-us"`).
    var language: String? = nil
    /// Every enclosing `<sup>` and `<sub>`, outermost first. Each scales the text and shifts its
    /// baseline by the text just before it, and nested ones compound (a `<sub>` inside a `<sup>`
    /// does not cancel it): ``MarkupScriptLayout`` resolves them as Pango 1.50 does.
    var scripts: [MarkupScript] = []
}

/// A parser of the markup language of Pango 1.50 (https://docs.gtk.org/Pango/pango_markup.html),
/// written from `pango-markup.c`, `fonts.c` and GLib's `gmarkup.c` of Pango 1.50.12 / GLib 2.74.
///
/// ```swift
/// let text = try PangoMarkup.parse("<b>Ana</b> replied: <span size=\"smaller\">great shot</span>", baseSize: 17)
/// // text.string == "Ana replied: great shot"
/// // text.runs: 0..<3 weight 700, 3..<13 plain, 13..<23 size 17 / 1.2
/// ```
///
/// **Syntax** (GMarkup's): the tags `<b> <big> <i> <s> <sub> <sup> <small> <tt> <u> <span>` and
/// `<markup>` — the root when the markup starts with it, so that nothing may follow its
/// `</markup>`; anywhere else, as in Pango, a tag that changes nothing. Attribute values in
/// single or double quotes, whitespace allowed around `=`; the entities `&amp; &lt; &gt; &quot;
/// &apos;`, `&#NNN;` and `&#xHH;` (NUL, surrogates, U+FFFE, U+FFFF and values past U+10FFFF are
/// refused); `<!-- comments -->` and `<? … ?>` are skipped.
/// Text is kept as written except that, as in every XML parser, CR LF and CR become LF, and in
/// attribute values tab, LF and CR become spaces. Self-closing tags (`<b/>`) are accepted.
///
/// **Sizes** follow Pango's attribute model: a range's size is the innermost *absolute*
/// size (a `size` in 1024ths of a point — `size="12"` is 12/1024 pt, as in Pango — or in `pt`,
/// the size of a `font` description, or a
/// `<big>`/`<small>`/`larger`/`smaller` under one) — or the base size — times the innermost
/// *scale* (a keyword `xx-small`…`xx-large` = 1.2^−3…1.2^3, a percentage, or
/// `<big>`/`<small>`/`larger`/`smaller` counted from the last keyword). So
/// `<small><small>` is the base size ÷ 1.44, `<span size="x-large"><small>` is × 1.2,
/// `<span size="20pt"><span size="x-large">` is 28.8 pt, `<span size="50%"><span size="50%">`
/// is half the base size (a scale replaces the one outside it), `<big>a<span size="20pt">b` makes
/// "b" 24 pt, and `<span font="Sans 12" size="larger">` is 12 pt (the description's size wins).
/// A resolved size is checked when text first uses it: at least 1/1024 pt, at most
/// ``TextStyle/maximumFontSize``.
///
/// **`<span>` attributes.** Names may be written with `-` for `_` (`font-family`), as Pango allows.
/// - Used: `font`/`font_desc` (family list, the style words Normal Roman Oblique Italic, the weight
///   words Thin … Ultra-Black, `weight=N`/`style=N`, the stretch/variant word Normal, gravity
///   South/Not-Rotated, a trailing size in points; like Pango, a description always sets weight
///   400 and normal style unless it names others), `font_family`/`face`, `size`/`font_size`,
///   `style`/`font_style`, `weight`/`font_weight`, `font_features`, `letter_spacing`, `rise`, `lang`.
/// - Accepted and ignored (they change colour or decoration, never size): `foreground`/`fgcolor`/
///   `color`, `background`/`bgcolor`, `alpha`/`fgalpha`, `background_alpha`/`bgalpha`,
///   `underline`, `underline_color`, `overline`, `overline_color`, `strikethrough`,
///   `strikethrough_color`, `gravity_hint` (it only matters for vertical gravities); and these
///   only with the value that leaves layout as Caliper does it: `variant`/`stretch` `normal`,
///   `gravity` `south`, `fallback` true, `allow_breaks` true, `insert_hyphens` false (hyphenation is
///   the paragraph style's, not a span's), `show` `none`, `text_transform` `none`, `baseline_shift` `none`, `font_scale` `none`.
/// - Refused, naming the attribute, because they would change the measurement and are not
///   supported: every other value of those, `line_height` and `segment`; in `font`, a stretch,
///   variant or rotated gravity word, a `px` size and `@axis=value` variations.
///
/// **Where this differs from Pango 1.50**: by refusing, by under 1/1024 pt, or for `<sup>`/`<sub>` as said here:
/// - Pango keeps sizes, rises and spacings in whole 1024ths of a point, truncating (17 ÷ 1.2 pt
///   becomes 14506/1024 = 14.16602 pt, `12.3pt` becomes 12.29980 pt); here they are exact. Sizes
///   under 1/1024 pt, which Pango makes 0, are refused.
/// - Refused where Pango accepts: anything after the root's `</markup>` (Pango, which wraps the
///   markup in a root of its own, keeps it as text); a NUL character (Pango stops reading there);
///   sizes that resolve above 10,000 pt (``TextStyle/maximumFontSize``) and rises or letter
///   spacings larger than that either way; weights outside 100...1000 and numeric styles other
///   than 0...2; an empty `face` or a `lang` that canonicalises to nothing; `<![CDATA[…]]>`
///   (Pango silently drops its text) and `<!DOCTYPE>`; more than ``maximumFeatureCount`` feature
///   settings on a range (Pango drops the rest); markup over ``maximumMarkupLength`` bytes or
///   nested deeper than ``maximumNestingDepth`` tags; numbers in the forms only C's `strtod` and
///   `strtoul` read (`0x10`, `inf`, `&# 65;`).
/// - Accepted where Pango refuses: `letter_spacing` in points (`"1.5pt"`), as `rise` and `size`
///   take them; colour names are not checked against Pango's X11 list (colours never change size).
/// - `<tt>` gives `"monospace"` where Pango writes `"Monospace"` (fontconfig ignores the case).
/// - `<sup>`/`<sub>` (``MarkupScriptLayout``) are resolved before lines are broken: one that starts a
///   wrapped line is set by the text before it (Pango: 5000/1024 pt, as at a paragraph's start); after
///   a line or paragraph break inside one its text keeps its scale and raise (Pango sets it on the
///   baseline, unscaled after a paragraph break, and lowers the rest of that line by the raise); the
///   text before is taken in the font markup picks for it, never a fallback font; the `OS/2` x offset,
///   which Pango moves the following text by, is ignored; a y size of 0 counts as none (1/1.2).
/// - Feature settings are passed on as written, split at commas and trimmed: Pango silently skips
///   those HarfBuzz cannot parse, Caliper's ``FontFeature`` refuses them. Pango 1.50 also turns
///   off `liga`, `clig`, `dlig` and `hlig` wherever `letter_spacing` is set; that is left to the caller.
///
/// Parsing is one pass over the UTF-8 bytes, O(n) in the markup's length.
enum PangoMarkup {
    /// The longest markup parsed, in UTF-8 bytes (4 MiB); longer markup is refused before any work.
    static let maximumMarkupLength = 4 * 1024 * 1024
    /// The deepest nesting of tags accepted.
    static let maximumNestingDepth = 100
    /// The most OpenType feature settings one range may carry: Pango 1.50 applies at most 32 to a
    /// run (the font's own and letter spacing's among them) and silently drops the rest.
    static let maximumFeatureCount = 32

    /// Parses `markup` into text and attribute runs, resolving sizes against `baseSize` points.
    ///
    /// - Throws: ``CaliperError/invalidMarkup(offset:reason:)`` with the UTF-8 byte offset in
    ///   `markup` where the problem starts; ``CaliperError/invalidFontSize(_:)`` for a `baseSize`
    ///   that is not finite, not positive or past ``TextStyle/maximumFontSize``.
    static func parse(_ markup: String, baseSize: Double) throws(CaliperError) -> MarkupText {
        guard baseSize.isFinite, baseSize > 0, baseSize <= Double(TextStyle.maximumFontSize) else {
            throw .invalidFontSize(baseSize)
        }
        let length = markup.utf8.count
        guard length <= maximumMarkupLength else {
            throw .invalidMarkup(
                offset: maximumMarkupLength, reason: "the markup is \(length) bytes, over the limit of \(maximumMarkupLength)")
        }
        var parser = MarkupParser(bytes: Array(markup.utf8), baseSize: baseSize)
        return try parser.parse()
    }
}
