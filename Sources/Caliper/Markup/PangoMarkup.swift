// PangoMarkup.swift — Pango 1.50 markup parsed into plain text and, for every range of it, the attributes that change its size.
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
///   `gravity` `south`, `fallback` true, `allow_breaks` true, `insert_hyphens` false (Caliper never
///   hyphenates), `show` `none`, `text_transform` `none`, `baseline_shift` `none`, `font_scale` `none`.
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

// MARK: - The parser

/// The tags Pango 1.50 knows.
private enum MarkupTag: String {
    case b, big, i, s, sub, sup, small, tt, u, span, markup
}

/// The attributes in effect inside a tag, with Pango's bookkeeping for relative sizes.
private struct TagState {
    var attributes: MarkupAttributes
    /// The innermost absolute size in points (Pango's size attribute); nil: the base size.
    var absoluteSize: Double?
    /// The innermost scale factor (Pango's scale attribute); nil: 1.
    var scale: Double?
    /// Pango's `OpenTag` fields: `<big>`/`<small>` levels since the last absolute size or scale,
    /// and what they count from.
    var scaleLevel = 0
    var baseScaleFactor = 1.0
    var baseFontSize = 0.0
    var hasBaseFontSize = false
    /// Where the tag that last set the size starts, for an error about it.
    var sizeOrigin = 0
    /// Whether `attributes.size` has been checked (it is checked when text first uses it).
    var sizeChecked = false

    mutating func resolveSize(baseSize: Double) {
        attributes.size = (absoluteSize ?? baseSize) * (scale ?? 1)
    }
}

private struct OpenTag {
    var tag: MarkupTag
    var offset: Int
    var state: TagState
    var isRoot: Bool
}

/// One `name="value"` of a start tag, the value unescaped and whitespace-normalised.
private struct RawAttribute {
    var name: String
    var nameOffset: Int
    var value: [UInt8]
    var valueOffset: Int

    var valueText: String { String(decoding: value, as: UTF8.self) }
}

private struct MarkupParser {
    let bytes: [UInt8]
    let baseSize: Double
    let baseState: TagState
    var position = 0
    var text: [UInt8] = []
    var utf16Length = 0
    var runs: [MarkupRun] = []
    var stack: [OpenTag] = []

    init(bytes: [UInt8], baseSize: Double) {
        self.bytes = bytes
        self.baseSize = baseSize
        baseState = TagState(attributes: MarkupAttributes(size: baseSize), sizeChecked: true)
        text.reserveCapacity(bytes.count)
    }

    var current: TagState { stack.last?.state ?? baseState }

    mutating func parse() throws(CaliperError) -> MarkupText {
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "<"):
                try markupTag()
            case UInt8(ascii: "&"):
                let scalar = try entity(at: position)
                Self.appendUTF8(of: scalar, to: &text)
                try addRun(utf16Count: scalar.value > 0xFFFF ? 2 : 1)
            case UInt8(ascii: "\r"):
                // GMarkup turns CR LF and a lone CR into LF.
                position += position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "\n") ? 2 : 1
                text.append(UInt8(ascii: "\n"))
                try addRun(utf16Count: 1)
            case 0:
                throw Self.nulError(at: position)
            default:
                let start = position
                var added = 0
                while position < bytes.count {
                    let byte = bytes[position]
                    if byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "\r") || byte == 0 { break }
                    added += Self.utf16Weight(byte)
                    position += 1
                }
                text.append(contentsOf: bytes[start..<position])
                try addRun(utf16Count: added)
            }
        }
        if let open = stack.last {
            throw .invalidMarkup(offset: open.offset, reason: "<\(open.tag.rawValue)> is not closed")
        }
        if runs.isEmpty { runs = [MarkupRun(utf16Range: 0..<0, attributes: baseState.attributes)] }
        return MarkupText(string: String(decoding: text, as: UTF8.self), runs: runs)
    }

    /// UTF-16 code units a UTF-8 byte adds: one per lead byte, two for a four-byte sequence.
    static func utf16Weight(_ byte: UInt8) -> Int {
        switch byte {
        case 0..<0x80, 0xC0..<0xF0: return 1
        case 0xF0...: return 2
        default: return 0
        }
    }

    static func appendUTF8(of scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
        UTF8.encode(scalar) { bytes.append($0) }
    }

    // MARK: Runs

    /// Extends the last run, or starts one, with `added` UTF-16 code units of text in the current state.
    mutating func addRun(utf16Count added: Int) throws(CaliperError) {
        guard added > 0 else { return }
        try checkSize()
        let attributes = current.attributes
        let start = utf16Length
        utf16Length += added
        if let last = runs.indices.last, runs[last].attributes == attributes {
            runs[last].utf16Range = runs[last].utf16Range.lowerBound..<utf16Length
            // Keep the value in effect now: comparing it with itself again is O(1) (shared storage),
            // which keeps long family or feature strings from being compared at every tag.
            runs[last].attributes = attributes
        } else {
            runs.append(MarkupRun(utf16Range: start..<utf16Length, attributes: attributes))
        }
    }

    /// Checks the current size once, when text first uses it (as Pango, which accepts an unusable
    /// size no text is set in).
    mutating func checkSize() throws(CaliperError) {
        guard let index = stack.indices.last, !stack[index].state.sizeChecked else { return }
        let state = stack[index].state
        let size = state.attributes.size
        if !size.isFinite || size > Double(TextStyle.maximumFontSize) {
            throw .invalidMarkup(
                offset: state.sizeOrigin,
                reason: "the text size resolves to \(size) pt, over the limit of \(Int(TextStyle.maximumFontSize)) pt")
        }
        if !(size >= 1.0 / 1024) {
            let hint = state.hasBaseFontSize && state.baseFontSize == 0
                ? "a font description without a size (font=\"Sans\") gives <big>, <small>, larger and smaller inside it a size of 0 in Pango 1.50"
                : "Pango keeps sizes in 1024ths of a point, so it would be 0"
            throw .invalidMarkup(offset: state.sizeOrigin, reason: "the text size resolves to \(size) pt (\(hint))")
        }
        stack[index].state.sizeChecked = true
    }

    // MARK: Tags

    mutating func markupTag() throws(CaliperError) {
        let start = position
        let next: UInt8? = start + 1 < bytes.count ? bytes[start + 1] : nil
        switch next {
        case UInt8(ascii: "/"):
            try closeTag(at: start)
        case UInt8(ascii: "!"):
            if hasPrefix("<!--", at: start) {
                // GMarkup ends a comment at the first ">" after "--", the opening dashes included ("<!-->").
                var index = start + 4
                while index < bytes.count,
                    !(bytes[index] == UInt8(ascii: ">") && bytes[index - 1] == UInt8(ascii: "-") && bytes[index - 2] == UInt8(ascii: "-"))
                {
                    index += 1
                }
                guard index < bytes.count else { throw .invalidMarkup(offset: start, reason: "the comment is not closed with -->") }
                position = index + 1
            } else if hasPrefix("<![CDATA[", at: start) {
                throw .invalidMarkup(
                    offset: start, reason: "CDATA sections are not supported (Pango drops their text); write the text with &lt; and &amp;")
            } else if hasPrefix("<!DOCTYPE", at: start) {
                throw .invalidMarkup(offset: start, reason: "a DOCTYPE is not supported in markup")
            } else {
                throw .invalidMarkup(offset: start, reason: "\"<!\" starts no comment (<!-- … -->); write &lt; for a literal \"<\"")
            }
        case UInt8(ascii: "?"):
            // A processing instruction, which Pango skips; it ends at the first "?>" ("<?>" is one).
            var index = start + 2
            while index < bytes.count, !(bytes[index] == UInt8(ascii: ">") && bytes[index - 1] == UInt8(ascii: "?")) { index += 1 }
            guard index < bytes.count else {
                throw .invalidMarkup(offset: start, reason: "the processing instruction is not closed with ?>")
            }
            position = index + 1
        case let byte? where !Self.endsName(byte):
            try openTag(at: start)
        default:
            throw .invalidMarkup(offset: start, reason: "\"<\" does not start a tag; write &lt; for a literal \"<\"")
        }
    }

    func hasPrefix(_ prefix: StaticString, at offset: Int) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        return prefix.withUTF8Buffer { buffer in
            for index in 0..<count where bytes[offset + index] != buffer[index] { return false }
            return true
        }
    }

    /// GMarkup ends names at "=", "/", ">" and XML whitespace.
    static func endsName(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "=") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">") || isXMLSpace(byte)
    }

    static func isXMLSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    func skippingXMLSpace(from index: Int) -> Int {
        var index = index
        while index < bytes.count, Self.isXMLSpace(bytes[index]) { index += 1 }
        return index
    }

    func nameEnd(from index: Int) -> Int {
        var index = index
        while index < bytes.count, !Self.endsName(bytes[index]) { index += 1 }
        return index
    }

    func string(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    mutating func openTag(at start: Int) throws(CaliperError) {
        var index = nameEnd(from: start + 1)
        let tagName = string((start + 1)..<index)
        var attributes: [RawAttribute] = []
        var selfClosing = false
        while true {
            index = skippingXMLSpace(from: index)
            guard index < bytes.count else {
                throw .invalidMarkup(offset: start, reason: "the tag <\(Self.clipped(tagName))> is not closed with \">\"")
            }
            if bytes[index] == UInt8(ascii: ">") {
                index += 1
                break
            }
            if bytes[index] == UInt8(ascii: "/") {
                guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") else {
                    throw .invalidMarkup(offset: index, reason: "expected \">\" after \"/\" to end the tag <\(Self.clipped(tagName))/>")
                }
                index += 2
                selfClosing = true
                break
            }
            if bytes[index] == UInt8(ascii: "=") {
                throw .invalidMarkup(offset: index, reason: "unexpected \"=\" in the tag <\(Self.clipped(tagName))>, where an attribute name should be")
            }
            let attribute = try attribute(at: index, inTag: tagName)
            attributes.append(attribute)
            index = position
        }
        position = index

        guard let tag = MarkupTag(rawValue: tagName) else {
            throw .invalidMarkup(
                offset: start, reason: "unknown tag <\(Self.clipped(tagName))> (the tags are b, big, i, s, sub, sup, small, tt, u, span and markup)")
        }
        guard stack.count < PangoMarkup.maximumNestingDepth else {
            throw .invalidMarkup(offset: start, reason: "tags are nested more than \(PangoMarkup.maximumNestingDepth) deep")
        }
        if tag != .span, let first = attributes.first {
            throw .invalidMarkup(offset: first.nameOffset, reason: "<\(tag.rawValue)> takes no attributes, but has \(Self.quoted(first.name))")
        }
        var state = current
        let sizeBefore = (state.absoluteSize, state.scale)
        switch tag {
        case .b: state.attributes.weight = 700
        case .i: state.attributes.isItalic = true
        case .big: Self.changeLevel(by: 1, in: &state)
        case .small: Self.changeLevel(by: -1, in: &state)
        case .tt: state.attributes.family = "monospace"
        case .sup: state.attributes.scripts.append(MarkupScript(isSuperscript: true, utf16Start: utf16Length))
        case .sub: state.attributes.scripts.append(MarkupScript(isSuperscript: false, utf16Start: utf16Length))
        case .s, .u, .markup: break
        case .span: try SpanAttributes(attributes).apply(to: &state)
        }
        if sizeBefore != (state.absoluteSize, state.scale) {
            state.sizeOrigin = start
            state.sizeChecked = false
            state.resolveSize(baseSize: baseSize)
        }
        stack.append(OpenTag(tag: tag, offset: start, state: state, isRoot: tag == .markup && start == 0))
        if selfClosing { try popTag() }
    }

    /// `<big>` or `<small>`: one level up or down, as Pango's size attribute for it.
    static func changeLevel(by change: Int, in state: inout TagState) {
        state.scaleLevel += change
        applyRelativeSize(to: &state)
    }

    /// The size attribute Pango makes for a tag that moved the `<big>`/`<small>` level: an absolute
    /// size when the level counts from an absolute size, else a scale.
    static func applyRelativeSize(to state: inout TagState) {
        if state.hasBaseFontSize {
            state.absoluteSize = scaleFactor(level: state.scaleLevel, base: 1.0) * state.baseFontSize
        } else {
            state.scale = scaleFactor(level: state.scaleLevel, base: state.baseScaleFactor)
        }
    }

    /// `base` × 1.2^level, multiplied out one step at a time as Pango does.
    static func scaleFactor(level: Int, base: Double) -> Double {
        var factor = base
        if level > 0 {
            for _ in 0..<level { factor *= 1.2 }
        } else if level < 0 {
            for _ in 0..<(-level) { factor /= 1.2 }
        }
        return factor
    }

    /// Reads `name = "value"` at `start`, leaving ``position`` after the closing quote.
    mutating func attribute(at start: Int, inTag tagName: String) throws(CaliperError) -> RawAttribute {
        var index = nameEnd(from: start)
        let attributeName = string(start..<index)
        index = skippingXMLSpace(from: index)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
            throw .invalidMarkup(
                offset: start, reason: "the attribute \(Self.quoted(attributeName)) of <\(Self.clipped(tagName))> has no value (expected =\"…\")")
        }
        index = skippingXMLSpace(from: index + 1)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
            throw .invalidMarkup(offset: index, reason: "the value of \(Self.quoted(attributeName)) must be in quotes")
        }
        let quote = bytes[index]
        let valueStart = index + 1
        index = valueStart
        var value: [UInt8] = []
        while true {
            guard index < bytes.count else {
                throw .invalidMarkup(offset: valueStart - 1, reason: "the value of \(Self.quoted(attributeName)) is not closed with its quote")
            }
            let byte = bytes[index]
            if byte == quote { break }
            switch byte {
            case UInt8(ascii: "&"):
                let scalar = try entity(at: index)
                Self.appendUTF8(of: scalar, to: &value)
                index = position
            case 0x09, 0x0A:
                // GMarkup normalises whitespace in attribute values.
                value.append(0x20)
                index += 1
            case 0x0D:
                value.append(0x20)
                index += index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
            case 0:
                throw Self.nulError(at: index)
            default:
                value.append(byte)
                index += 1
            }
        }
        position = index + 1
        return RawAttribute(name: attributeName, nameOffset: start, value: value, valueOffset: valueStart)
    }

    mutating func closeTag(at start: Int) throws(CaliperError) {
        let nameStart = start + 2
        guard nameStart < bytes.count, !Self.endsName(bytes[nameStart]) else {
            throw .invalidMarkup(offset: start, reason: "\"</\" must be followed by a tag name")
        }
        var index = nameEnd(from: nameStart)
        let closeName = string(nameStart..<index)
        index = skippingXMLSpace(from: index)
        guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else {
            throw .invalidMarkup(offset: start, reason: "the closing tag </\(Self.clipped(closeName))> is not closed with \">\"")
        }
        guard let open = stack.last else {
            throw .invalidMarkup(offset: start, reason: "</\(Self.clipped(closeName))> closes no open tag")
        }
        guard open.tag.rawValue == closeName else {
            throw .invalidMarkup(
                offset: start,
                reason: "</\(Self.clipped(closeName))> does not close <\(open.tag.rawValue)>, which is open (from offset \(open.offset))")
        }
        position = index + 1
        try popTag()
    }

    mutating func popTag() throws(CaliperError) {
        guard let open = stack.popLast() else { return }
        if open.isRoot, position < bytes.count {
            throw .invalidMarkup(offset: position, reason: "nothing may follow the root </markup>")
        }
    }

    // MARK: Entities

    /// The character of the entity starting at `start` (an "&"); leaves ``position`` after its ";".
    mutating func entity(at start: Int) throws(CaliperError) -> Unicode.Scalar {
        var index = start + 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "#") {
            index += 1
            let isHex = index < bytes.count && bytes[index] == UInt8(ascii: "x")
            if isHex { index += 1 }
            let digitsStart = index
            var value: UInt32 = 0
            while index < bytes.count, let digit = Self.digitValue(bytes[index], hex: isHex) {
                value = min(value * (isHex ? 16 : 10) + digit, 0x11_0000)  // past U+10FFFF all values are refused alike
                index += 1
            }
            guard index > digitsStart else {
                throw .invalidMarkup(
                    offset: start,
                    reason: "a character reference needs \(isHex ? "hexadecimal " : "")digits, as in &#169; or &#xA9; (write &amp; for a literal \"&\")")
            }
            guard index < bytes.count, bytes[index] == UInt8(ascii: ";") else {
                throw .invalidMarkup(offset: start, reason: "the character reference \(Self.clipped(string(start..<index))) does not end with \";\"")
            }
            guard (1...0xD7FF).contains(value) || (0xE000...0xFFFD).contains(value) || (0x1_0000...0x10_FFFF).contains(value),
                let scalar = Unicode.Scalar(value)
            else {
                throw .invalidMarkup(
                    offset: start,
                    reason: "\(Self.clipped(string(start..<(index + 1)))) is not a character markup may hold (NUL, surrogates, U+FFFE, U+FFFF and values past U+10FFFF are refused)")
            }
            position = index + 1
            return scalar
        }
        for (entityName, scalar) in Self.namedEntities where hasPrefix(entityName, at: index) {
            position = index + entityName.utf8CodeUnitCount
            return scalar
        }
        var end = index
        while end < bytes.count, end - index < 32, Self.isASCIIAlphanumeric(bytes[end]) { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: ";") {
            if end == index { throw .invalidMarkup(offset: start, reason: "empty entity \"&;\" (the entities are &amp; &lt; &gt; &quot; &apos;)") }
            throw .invalidMarkup(offset: start, reason: "unknown entity &\(string(index..<end)); (the entities are &amp; &lt; &gt; &quot; &apos;)")
        }
        throw .invalidMarkup(offset: start, reason: "\"&\" does not start an entity; write &amp; for a literal \"&\"")
    }

    static let namedEntities: [(StaticString, Unicode.Scalar)] = [
        ("lt;", "<"), ("gt;", ">"), ("amp;", "&"), ("quot;", "\""), ("apos;", "'"),
    ]

    static func digitValue(_ byte: UInt8, hex: Bool) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    static func nulError(at offset: Int) -> CaliperError {
        .invalidMarkup(offset: offset, reason: "a NUL character (U+0000) is not allowed in markup")
    }

    /// `text` in quotes, cut short so that an error never carries a megabyte of input.
    static func quoted(_ text: String) -> String { "\"\(clipped(text))\"" }

    static func clipped(_ text: String) -> String {
        text.utf8.count > 60 ? String(decoding: text.utf8.prefix(60), as: UTF8.self) + "…" : text
    }
}

// MARK: - <span> attributes

/// A `<span>` attribute, in the order Pango 1.50's `span_parse_func` reads their values: a
/// font description first, so that every other font attribute overrides it.
private enum SpanAttributeKind: Int, CaseIterable {
    case font, family, size, style, weight, variant, stretch, foreground, background, alpha, backgroundAlpha
    case underline, underlineColor, overline, overlineColor, gravity, gravityHint, strikethrough, strikethroughColor
    case fallback, show, textTransform, rise, baselineShift, fontScale, letterSpacing, lineHeight, lang, fontFeatures
    case allowBreaks, insertHyphens, segment

    /// Every name Pango accepts for each, `-` written as `_` (Pango treats them alike).
    static let byName: [String: SpanAttributeKind] = [
        "font": .font, "font_desc": .font, "face": .family, "font_family": .family, "size": .size, "font_size": .size,
        "style": .style, "font_style": .style, "weight": .weight, "font_weight": .weight, "variant": .variant,
        "font_variant": .variant, "stretch": .stretch, "font_stretch": .stretch, "foreground": .foreground,
        "fgcolor": .foreground, "color": .foreground, "background": .background, "bgcolor": .background,
        "alpha": .alpha, "fgalpha": .alpha, "background_alpha": .backgroundAlpha, "bgalpha": .backgroundAlpha,
        "underline": .underline, "underline_color": .underlineColor, "overline": .overline,
        "overline_color": .overlineColor, "gravity": .gravity, "gravity_hint": .gravityHint,
        "strikethrough": .strikethrough, "strikethrough_color": .strikethroughColor, "fallback": .fallback,
        "show": .show, "text_transform": .textTransform, "rise": .rise, "baseline_shift": .baselineShift,
        "font_scale": .fontScale, "letter_spacing": .letterSpacing, "line_height": .lineHeight, "lang": .lang,
        "font_features": .fontFeatures, "allow_breaks": .allowBreaks, "insert_hyphens": .insertHyphens,
        "segment": .segment,
    ]
}

/// The attributes of one `<span>`, checked for unknown and repeated names, applied as Pango applies them.
private struct SpanAttributes {
    var byKind: [RawAttribute?]

    init(_ attributes: [RawAttribute]) throws(CaliperError) {
        byKind = Array(repeating: nil, count: SpanAttributeKind.allCases.count)
        for attribute in attributes {
            let canonical = String(attribute.name.map { $0 == "-" ? "_" : $0 })
            guard let kind = SpanAttributeKind.byName[canonical] else {
                throw .invalidMarkup(offset: attribute.nameOffset, reason: "unknown attribute \(MarkupParser.quoted(attribute.name)) on <span>")
            }
            if let earlier = byKind[kind.rawValue] {
                let same = earlier.name == attribute.name ? "" : " (the same attribute as \(MarkupParser.quoted(earlier.name)))"
                throw .invalidMarkup(
                    offset: attribute.nameOffset, reason: "the attribute \(MarkupParser.quoted(attribute.name)) appears twice on <span>\(same)")
            }
            byKind[kind.rawValue] = attribute
        }
    }

    subscript(kind: SpanAttributeKind) -> RawAttribute? { byKind[kind.rawValue] }

    /// Changes `state` as Pango 1.50 does for this span: its size bookkeeping in the order
    /// `span_parse_func` reads the values, then its attributes in the order they win — the
    /// `larger`/`smaller` size first (Pango adds it when the tag closes, before the others), then
    /// the font description, then family, size, style and weight.
    func apply(to state: inout TagState) throws(CaliperError) {
        let description = try self[.font].map { (attribute) throws(CaliperError) in try FontDescription(attribute) }
        let size = try self[.size].map { (attribute) throws(CaliperError) in try SizeValue(attribute) }
        var levelChange = 0
        if let description {
            state.hasBaseFontSize = true
            state.baseFontSize = description.size ?? 0
            state.scaleLevel = 0
        }
        switch size {
        case .absolute(let points):
            state.hasBaseFontSize = true
            state.baseFontSize = points
            state.scaleLevel = 0
            levelChange = 0
        case .relative(let change):
            levelChange = change
            state.scaleLevel += change
        case .scale(let factor):
            state.hasBaseFontSize = false
            state.baseScaleFactor = factor
            state.scaleLevel = 0
            levelChange = 0
        case nil: break
        }
        if levelChange != 0 { MarkupParser.applyRelativeSize(to: &state) }

        if let description {
            if let family = description.family { state.attributes.family = family }
            if let points = description.size { state.absoluteSize = points }
            state.attributes.weight = description.weight
            state.attributes.isItalic = description.isItalic
        }
        if let attribute = self[.family] {
            guard attribute.value.contains(where: { !isCSpace($0) }) else {
                throw invalidValue(attribute, expected: "a font family name")
            }
            state.attributes.family = attribute.valueText
        }
        switch size {
        case .absolute(let points): state.absoluteSize = points
        case .scale(let factor): state.scale = factor
        case .relative, nil: break
        }
        if let attribute = self[.style] {
            guard let style = parseField(attribute.value, words: styleWords, normal: 0), (0...2).contains(style) else {
                throw invalidValue(attribute, expected: "normal, oblique or italic")
            }
            state.attributes.isItalic = style != 0
        }
        if let attribute = self[.weight] {
            guard let weight = parseField(attribute.value, words: weightWords, normal: 400), (100...1000).contains(weight) else {
                throw invalidValue(attribute, expected: "a weight such as light, normal, semibold, bold, heavy, or a number from 100 to 1000")
            }
            state.attributes.weight = weight
        }
        try checkIgnoredAndRefused()
        if let attribute = self[.rise] {
            guard let rise = parseLength(attribute.value) else {
                throw invalidValue(attribute, expected: "an integer in 1024ths of a point, or points such as \"5.5pt\"")
            }
            state.attributes.rise = try bounded(rise, attribute)
        }
        if let attribute = self[.letterSpacing] {
            let spacing: Double
            if let (units, end) = scanInt(attribute.value, from: 0), end == attribute.value.count {
                spacing = Double(units) / 1024
            } else if let points = parsePoints(attribute.value) {
                spacing = points
            } else {
                throw invalidValue(attribute, expected: "an integer in 1024ths of a point, or points such as \"1.5pt\"")
            }
            state.attributes.letterSpacing = try bounded(spacing, attribute)
        }
        if let attribute = self[.lang] {
            let language = canonicalLanguage(attribute.value)
            guard !language.isEmpty else { throw invalidValue(attribute, expected: "a language tag such as \"en\" or \"sr-Latn\"") }
            state.attributes.language = language
        }
        if let attribute = self[.fontFeatures] {
            let own = featureSettings(attribute.value)
            if !own.isEmpty {
                let all = (state.attributes.features ?? []) + own
                guard all.count <= PangoMarkup.maximumFeatureCount else {
                    throw .invalidMarkup(
                        offset: attribute.valueOffset,
                        reason: "font_features makes \(all.count) feature settings here with those of the spans around it, over the \(PangoMarkup.maximumFeatureCount) Pango applies to a run")
                }
                state.attributes.features = all
            }
        }
    }

    /// Validates the attributes that cannot change measurements, and refuses values of those that
    /// would which Caliper does not apply.
    func checkIgnoredAndRefused() throws(CaliperError) {
        for kind in [SpanAttributeKind.foreground, .background] {
            if let attribute = self[kind], !isColor(attribute.value, allowsAlpha: true) {
                throw invalidValue(attribute, expected: "a colour such as \"#00FF00\", \"#00FF007F\" or \"red\"")
            }
        }
        for kind in [SpanAttributeKind.underlineColor, .overlineColor, .strikethroughColor] {
            if let attribute = self[kind], !isColor(attribute.value, allowsAlpha: false) {
                throw invalidValue(attribute, expected: "a colour such as \"#00FF00\" or \"red\"")
            }
        }
        for kind in [SpanAttributeKind.alpha, .backgroundAlpha] {
            guard let attribute = self[kind] else { continue }
            let value = attribute.value
            guard let (alpha, end) = scanInt(value, from: 0),
                end == value.count ? (1...0xFFFF).contains(alpha) : (value[end] == UInt8(ascii: "%") && (1...100).contains(alpha))
            else {
                throw invalidValue(attribute, expected: "an integer from 1 to 65535 or a percentage such as \"50%\"")
            }
        }
        try checkEnumeration(.underline, ["none", "single", "double", "low", "error", "single-line", "double-line", "error-line"])
        try checkEnumeration(.overline, ["none", "single"])
        try checkEnumeration(.gravityHint, ["natural", "strong", "line"])
        if let attribute = self[.strikethrough], parseBoolean(attribute.value) == nil {
            throw invalidValue(attribute, expected: "true or false")
        }

        if let attribute = self[.variant] {
            guard let variant = parseField(attribute.value, words: variantWords, normal: 0) else {
                throw invalidValue(attribute, expected: "normal, small-caps, all-small-caps, petite-caps, all-petite-caps, unicase or title-caps")
            }
            if variant != 0 { throw unsupported(attribute, "it changes glyphs and widths; only \"normal\" is accepted") }
        }
        if let attribute = self[.stretch] {
            guard let stretch = parseField(attribute.value, words: stretchWords, normal: 4) else {
                throw invalidValue(attribute, expected: "a stretch such as condensed, normal or expanded")
            }
            if stretch != 4 { throw unsupported(attribute, "a condensed or expanded face changes widths; only \"normal\" is accepted") }
        }
        if let attribute = self[.gravity] {
            guard let gravity = enumerationValue(attribute.value, ["south", "east", "north", "west"]) else {
                throw invalidValue(attribute, expected: "south, east, north or west")
            }
            if gravity != 0 { throw unsupported(attribute, "rotated text changes advances and line heights; only \"south\" is accepted") }
        }
        try checkBoolean(.fallback, supported: true, "turning font fallback off changes which font draws characters the font lacks")
        try checkBoolean(.allowBreaks, supported: true, "it changes where lines may break")
        try checkBoolean(.insertHyphens, supported: false, "Caliper never inserts hyphens where it breaks inside a word")
        if let attribute = self[.show] {
            guard let flags = showFlags(attribute.value) else {
                throw invalidValue(attribute, expected: "none, or spaces, line-breaks and ignorables combined with |")
            }
            if flags != 0 { throw unsupported(attribute, "showing invisible characters adds glyphs; only \"none\" is accepted") }
        }
        try checkNoneOnly(.textTransform, ["none", "lowercase", "uppercase", "capitalize"], "changing case changes glyphs and widths")
        try checkNoneOnly(.fontScale, ["none", "superscript", "subscript", "small-caps"], "it scales text from font metrics; use <sup> or <sub>")
        if let attribute = self[.baselineShift] {
            if enumerationValue(attribute.value, ["none", "superscript", "subscript"]) != 0 {
                throw unsupported(attribute, "it moves text and changes line heights; use rise, or <sup> or <sub>")
            }
        }
        if let attribute = self[.lineHeight] { throw unsupported(attribute, "it changes line heights") }
        if let attribute = self[.segment] { throw unsupported(attribute, "it changes word and sentence boundaries, and so line breaks") }
    }

    func checkEnumeration(_ kind: SpanAttributeKind, _ names: [String]) throws(CaliperError) {
        guard let attribute = self[kind], enumerationValue(attribute.value, names) == nil else { return }
        throw invalidValue(attribute, expected: names.joined(separator: ", "))
    }

    /// An attribute of which only the value `none` (0) is accepted.
    func checkNoneOnly(_ kind: SpanAttributeKind, _ names: [String], _ why: String) throws(CaliperError) {
        guard let attribute = self[kind] else { return }
        guard let value = enumerationValue(attribute.value, names) else {
            throw invalidValue(attribute, expected: names.joined(separator: ", "))
        }
        if value != 0 { throw unsupported(attribute, "\(why); only \"none\" is accepted") }
    }

    func checkBoolean(_ kind: SpanAttributeKind, supported: Bool, _ why: String) throws(CaliperError) {
        guard let attribute = self[kind] else { return }
        guard let value = parseBoolean(attribute.value) else { throw invalidValue(attribute, expected: "true or false") }
        if value != supported { throw unsupported(attribute, "\(why); only \"\(supported)\" is accepted") }
    }

    func bounded(_ points: Double, _ attribute: RawAttribute) throws(CaliperError) -> Double {
        let limit = Double(TextStyle.maximumFontSize)
        guard points.isFinite, abs(points) <= limit else {
            throw invalidValue(attribute, expected: "at most \(Int(limit)) pt either way")
        }
        return points
    }
}

private func invalidValue(_ attribute: RawAttribute, expected: String) -> CaliperError {
    .invalidMarkup(
        offset: attribute.valueOffset,
        reason: "invalid value \(MarkupParser.quoted(attribute.valueText)) for \(attribute.name): expected \(expected)")
}

private func unsupported(_ attribute: RawAttribute, _ why: String) -> CaliperError {
    .invalidMarkup(
        offset: attribute.nameOffset,
        reason: "\(attribute.name)=\(MarkupParser.quoted(attribute.valueText)) is not supported: \(why)")
}

// MARK: - Sizes

/// A `size` value: Pango's size attribute, a step of `<big>`/`<small>`, or its scale attribute.
private enum SizeValue {
    case absolute(Double)
    case relative(Int)
    case scale(Double)

    /// Reads a value in Pango's order: a length (1024ths of a point, or points with "pt") over 0,
    /// `smaller`, `larger`, a keyword, a percentage.
    init(_ attribute: RawAttribute) throws(CaliperError) {
        let value = attribute.value
        if let points = parseLength(value), points * 1024 >= 1 {
            self = .absolute(points)
            return
        }
        switch attribute.valueText {
        case "smaller": self = .relative(-1)
        case "larger": self = .relative(1)
        case "xx-small": self = .scale(MarkupParser.scaleFactor(level: -3, base: 1))
        case "x-small": self = .scale(MarkupParser.scaleFactor(level: -2, base: 1))
        case "small": self = .scale(MarkupParser.scaleFactor(level: -1, base: 1))
        case "medium": self = .scale(1)
        case "large": self = .scale(MarkupParser.scaleFactor(level: 1, base: 1))
        case "x-large": self = .scale(MarkupParser.scaleFactor(level: 2, base: 1))
        case "xx-large": self = .scale(MarkupParser.scaleFactor(level: 3, base: 1))
        default:
            if let (percent, end) = parseCDouble(value, from: 0), percent > 0, percent.isFinite,
                end + 1 == value.count, value[end] == UInt8(ascii: "%")
            {
                self = .scale(percent / 100)
                return
            }
            throw invalidValue(
                attribute,
                expected: "a size over 0 in 1024ths of a point or in points (\"12.5pt\"), xx-small … xx-large, a percentage such as \"150%\", smaller or larger")
        }
    }
}

/// A length as Pango's `parse_length` reads it — an integer in 1024ths of a point, or a number of
/// points followed by "pt" — in points; nil if it is neither or out of Pango's integer range.
private func parseLength(_ value: [UInt8]) -> Double? {
    if let (units, end) = scanInt(value, from: 0), end == value.count { return Double(units) / 1024 }
    return parsePoints(value)
}

/// A number followed by exactly "pt", in points, within the range Pango can hold in 1024ths.
private func parsePoints(_ value: [UInt8]) -> Double? {
    guard let (points, end) = parseCDouble(value, from: 0), end + 2 == value.count,
        value[end] == UInt8(ascii: "p"), value[end + 1] == UInt8(ascii: "t"),
        points.isFinite, abs(points * 1024) <= Double(Int32.max)
    else { return nil }
    return points
}

/// C's `isspace` in the C locale.
private func isCSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }

private func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

/// An integer as C's `strtol` reads it from `start` (leading space, a sign, digits), as Pango's
/// `_pango_scan_int` uses it: the value and where it stopped; no digits is 0, stopping at `start`;
/// nil when it does not fit 32 bits.
private func scanInt(_ value: [UInt8], from start: Int) -> (Int, Int)? {
    var index = start
    while index < value.count, isCSpace(value[index]) { index += 1 }
    var negative = false
    if index < value.count, value[index] == UInt8(ascii: "+") || value[index] == UInt8(ascii: "-") {
        negative = value[index] == UInt8(ascii: "-")
        index += 1
    }
    let digitsStart = index
    var magnitude = 0
    while index < value.count, isDigit(value[index]) {
        magnitude = min(magnitude * 10 + Int(value[index] - UInt8(ascii: "0")), Int(Int32.max) + 2)
        index += 1
    }
    guard index > digitsStart else { return (0, start) }
    let number = negative ? -magnitude : magnitude
    guard number >= Int(Int32.min), number <= Int(Int32.max) else { return nil }
    return (number, index)
}

/// A whole value that is a non-negative integer (`parse_int` of `fonts.c` and `pango-utils.c`).
private func parseNonNegativeInt(_ value: ArraySlice<UInt8>) -> Int? {
    let bytes = Array(value)
    guard let (number, end) = scanInt(bytes, from: 0), end > 0, end == bytes.count, number >= 0 else { return nil }
    return number
}

/// A decimal number as C's `strtod` reads it from `start` (leading space, sign, digits with one
/// optional point, an optional exponent), and where it stopped; nil without digits. The
/// hexadecimal, `inf` and `nan` forms `strtod` also reads are not read.
private func parseCDouble(_ value: [UInt8], from start: Int) -> (Double, Int)? {
    var index = start
    while index < value.count, isCSpace(value[index]) { index += 1 }
    var literal = ""
    if index < value.count, value[index] == UInt8(ascii: "+") || value[index] == UInt8(ascii: "-") {
        if value[index] == UInt8(ascii: "-") { literal = "-" }
        index += 1
    }
    let integerStart = index
    while index < value.count, isDigit(value[index]) { index += 1 }
    var integer = String(decoding: value[integerStart..<index], as: UTF8.self)
    var fraction = ""
    if index < value.count, value[index] == UInt8(ascii: ".") {
        let fractionStart = index + 1
        index = fractionStart
        while index < value.count, isDigit(value[index]) { index += 1 }
        fraction = String(decoding: value[fractionStart..<index], as: UTF8.self)
    }
    guard !integer.isEmpty || !fraction.isEmpty else { return nil }
    if integer.isEmpty { integer = "0" }
    literal += integer + "." + (fraction.isEmpty ? "0" : fraction)
    if index < value.count, value[index] | 0x20 == UInt8(ascii: "e") {
        var exponentIndex = index + 1
        var exponent = "e"
        if exponentIndex < value.count, value[exponentIndex] == UInt8(ascii: "+") || value[exponentIndex] == UInt8(ascii: "-") {
            exponent.append(Character(Unicode.Scalar(value[exponentIndex])))
            exponentIndex += 1
        }
        let exponentDigits = exponentIndex
        while exponentIndex < value.count, isDigit(value[exponentIndex]) { exponentIndex += 1 }
        if exponentIndex > exponentDigits {
            literal += exponent + String(decoding: value[exponentDigits..<exponentIndex], as: UTF8.self)
            index = exponentIndex
        }
    }
    guard let number = Double(literal) else { return nil }
    return (number, index)
}

// MARK: - Words and enumerations

/// Whether `word` is `pattern`, ignoring ASCII case, the pattern's hyphens optional
/// (`fonts.c`'s `field_matches`: "semibold" and "Semi-Bold" both match "Semi-Bold").
private func fieldMatches(_ pattern: String, _ word: ArraySlice<UInt8>) -> Bool {
    let patternBytes = Array(pattern.utf8)
    var patternIndex = 0
    var wordIndex = word.startIndex
    while wordIndex < word.endIndex, patternIndex < patternBytes.count {
        let expected = asciiLowercased(patternBytes[patternIndex])
        if expected != asciiLowercased(word[wordIndex]) {
            if expected == UInt8(ascii: "-") {
                patternIndex += 1
                continue
            }
            return false
        }
        patternIndex += 1
        wordIndex += 1
    }
    return wordIndex == word.endIndex && patternIndex == patternBytes.count
}

private func asciiLowercased(_ byte: UInt8) -> UInt8 {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
}

private let weightWords: [(String, Int)] = [
    ("Thin", 100), ("Ultra-Light", 200), ("Extra-Light", 200), ("Light", 300), ("Semi-Light", 350), ("Demi-Light", 350),
    ("Book", 380), ("Regular", 400), ("Medium", 500), ("Semi-Bold", 600), ("Demi-Bold", 600), ("Bold", 700),
    ("Ultra-Bold", 800), ("Extra-Bold", 800), ("Heavy", 900), ("Black", 900), ("Ultra-Heavy", 1000),
    ("Extra-Heavy", 1000), ("Ultra-Black", 1000), ("Extra-Black", 1000),
]
private let styleWords: [(String, Int)] = [("Roman", 0), ("Oblique", 1), ("Italic", 2)]
private let stretchWords: [(String, Int)] = [
    ("Ultra-Condensed", 0), ("Extra-Condensed", 1), ("Condensed", 2), ("Semi-Condensed", 3), ("Semi-Expanded", 5),
    ("Expanded", 6), ("Extra-Expanded", 7), ("Ultra-Expanded", 8),
]
private let variantWords: [(String, Int)] = [
    ("Small-Caps", 1), ("All-Small-Caps", 2), ("Petite-Caps", 3), ("All-Petite-Caps", 4), ("Unicase", 5), ("Title-Caps", 6),
]
private let gravityWords: [(String, Int)] = [
    ("Not-Rotated", 0), ("South", 0), ("Upside-Down", 2), ("North", 2), ("Rotated-Left", 1), ("East", 1),
    ("Rotated-Right", 3), ("West", 3),
]

/// A `weight`, `style`, `variant` or `stretch` value as `pango_parse_weight` and its siblings read
/// it: "normal" (any case), one of `words` (any case, hyphens optional) or a non-negative integer.
private func parseField(_ value: [UInt8], words: [(String, Int)], normal: Int) -> Int? {
    guard !value.isEmpty else { return nil }
    let word = value[...]
    if fieldMatches("Normal", word) { return normal }
    for (pattern, number) in words where fieldMatches(pattern, word) { return number }
    return parseNonNegativeInt(word)
}

/// An enumeration value as `_pango_parse_enum` reads it: a GLib nick exactly, or a non-negative integer.
private func enumerationValue(_ value: [UInt8], _ names: [String]) -> Int? {
    let text = String(decoding: value, as: UTF8.self)
    if let index = names.firstIndex(of: text) { return index }
    return parseNonNegativeInt(value[...])
}

/// `show` flags: a nick, an integer, or nicks joined with "|" (as `pango_parse_flags` reads them).
private func showFlags(_ value: [UInt8]) -> Int? {
    let names = ["none": 0, "spaces": 1, "line-breaks": 2, "ignorables": 4]
    if let flags = names[String(decoding: value, as: UTF8.self)] { return flags }
    if let number = parseNonNegativeInt(value[...]) { return number }
    var flags = 0
    for part in value.split(separator: UInt8(ascii: "|"), omittingEmptySubsequences: false) {
        guard let flag = names[String(decoding: trimmedCSpace(part), as: UTF8.self)] else { return nil }
        flags |= flag
    }
    return flags
}

private func parseBoolean(_ value: [UInt8]) -> Bool? {
    switch String(decoding: value, as: UTF8.self) {
    case "true", "yes", "t", "y": return true
    case "false", "no", "f", "n": return false
    default: return nil
    }
}

/// Whether `value` is a colour Pango reads: `#` and 3, 6, 9 or 12 hexadecimal digits (4, 8 or 16
/// with alpha where allowed), or a name. Names are not checked against Pango's X11 list: any
/// name of ASCII letters, digits and spaces passes.
private func isColor(_ value: [UInt8], allowsAlpha: Bool) -> Bool {
    guard let first = value.first else { return false }
    if first == UInt8(ascii: "#") {
        let digits = value.dropFirst()
        let lengths = allowsAlpha ? [3, 4, 6, 8, 9, 12, 16] : [3, 6, 9, 12]
        return lengths.contains(digits.count) && digits.allSatisfy { MarkupParser.digitValue($0, hex: true) != nil }
    }
    return value.allSatisfy { MarkupParser.isASCIIAlphanumeric($0) || $0 == 0x20 }
}

private func trimmedCSpace(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    var slice = bytes
    while let first = slice.first, isCSpace(first) { slice = slice.dropFirst() }
    while let last = slice.last, isCSpace(last) { slice = slice.dropLast() }
    return slice
}

/// `font_features` as HarfBuzz settings: split at commas, trimmed, empty ones dropped (Pango
/// hands each piece to `hb_feature_from_string`, which skips the same spaces).
private func featureSettings(_ value: [UInt8]) -> [String] {
    value.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).compactMap { piece in
        let trimmed = trimmedCSpace(piece)
        return trimmed.isEmpty ? nil : String(decoding: trimmed, as: UTF8.self)
    }
}

/// `pango_language_from_string`: ASCII letters lowercased, "_" and "@" as "-", digits and "-"
/// kept, stopping at the first other character ("en_US.UTF-8" → "en-us").
private func canonicalLanguage(_ value: [UInt8]) -> String {
    var result: [UInt8] = []
    for byte in value {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"): result.append(byte)
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): result.append(byte | 0x20)
        case UInt8(ascii: "_"), UInt8(ascii: "@"): result.append(UInt8(ascii: "-"))
        default: return String(decoding: result, as: UTF8.self)
        }
    }
    return String(decoding: result, as: UTF8.self)
}

// MARK: - Font descriptions

/// A `font`/`font_desc` value as `pango_font_description_from_string` reads it:
/// "[FAMILY-LIST] [STYLE-OPTIONS] [SIZE] [VARIATIONS]", words read from the end. Like Pango's, the
/// result always sets weight and style (400 and normal unless it names others), and sets family
/// and size only when it has them.
private struct FontDescription {
    var family: String?
    var size: Double?
    var weight = 400
    var isItalic = false

    init(_ attribute: RawAttribute) throws(CaliperError) {
        let value = attribute.value
        var last = value.count
        var (wordStart, wordLength) = Self.word(in: value, endingBefore: last, stoppingAtComma: false)
        if wordLength != 0, value[wordStart] == UInt8(ascii: "@") {
            throw unsupported(attribute, "font variations (\(String(decoding: value[wordStart..<(wordStart + wordLength)], as: UTF8.self))) change glyphs and widths")
        }
        (wordStart, wordLength) = Self.word(in: value, endingBefore: last, stoppingAtComma: true)
        if wordLength != 0, let (points, isAbsolute) = Self.size(value[wordStart..<(wordStart + wordLength)]) {
            if isAbsolute {
                throw unsupported(attribute, "a size in pixels depends on the device resolution; give it in points")
            }
            size = points
            last = wordStart
        }
        var weights: [Int] = []
        var styles: [Int] = []
        (wordStart, wordLength) = Self.word(in: value, endingBefore: last, stoppingAtComma: true)
        while wordLength != 0 {
            let word = value[wordStart..<(wordStart + wordLength)]
            guard let field = try Self.field(word, attribute) else { break }
            switch field {
            case .weight(let weight): weights.append(weight)
            case .style(let style): styles.append(style)
            case .normal: break
            }
            last = wordStart
            (wordStart, wordLength) = Self.word(in: value, endingBefore: last, stoppingAtComma: true)
        }
        // Words are read from the end and each overwrites the field, so the first word written wins.
        if let weight = weights.last {
            guard (100...1000).contains(weight) else {
                throw invalidValue(attribute, expected: "a weight from 100 to 1000 in the font description")
            }
            self.weight = weight
        }
        if let style = styles.last {
            guard (0...2).contains(style) else { throw invalidValue(attribute, expected: "a style 0, 1 or 2 in the font description") }
            isItalic = style != 0
        }
        family = Self.familyList(value[..<last])
    }

    enum Field { case normal, weight(Int), style(Int) }

    /// `fonts.c`'s `getword`: the word ending before `end`, after trailing spaces; it stops at a
    /// space, or also at a comma.
    static func word(in value: [UInt8], endingBefore end: Int, stoppingAtComma: Bool) -> (start: Int, length: Int) {
        var last = end
        while last > 0, isCSpace(value[last - 1]) { last -= 1 }
        var start = last
        while start > 0, !isCSpace(value[start - 1]), !(stoppingAtComma && value[start - 1] == UInt8(ascii: ",")) { start -= 1 }
        return (start, last - start)
    }

    /// `fonts.c`'s `parse_size`: a number from 0 to 1,000,000, optionally followed by "px".
    static func size(_ word: ArraySlice<UInt8>) -> (Double, Bool)? {
        let bytes = Array(word)
        guard let (points, end) = parseCDouble(bytes, from: 0), end > 0, points >= 0, points <= 1_000_000 else { return nil }
        if end == bytes.count { return (points, false) }
        if end + 2 == bytes.count, bytes[end] == UInt8(ascii: "p"), bytes[end + 1] == UInt8(ascii: "x") { return (points, true) }
        return nil
    }

    /// `find_field_any`: "Normal", or a weight, style, stretch, variant or gravity word (or
    /// `weight=N`…); nil when the word is none, which ends the style words.
    static func field(_ word: ArraySlice<UInt8>, _ attribute: RawAttribute) throws(CaliperError) -> Field? {
        if fieldMatches("Normal", word) { return .normal }
        if let weight = findField("weight", weightWords, word) { return .weight(weight) }
        if let style = findField("style", styleWords, word) { return .style(style) }
        let written = String(decoding: word, as: UTF8.self)
        if let stretch = findField("stretch", stretchWords, word) {
            if stretch == 4 { return .normal }
            throw unsupported(attribute, "the stretch \"\(written)\" changes widths")
        }
        if let variant = findField("variant", variantWords, word) {
            if variant == 0 { return .normal }
            throw unsupported(attribute, "the variant \"\(written)\" changes glyphs and widths")
        }
        if let gravity = findField("gravity", gravityWords, word) {
            if gravity == 0 { return .normal }
            throw unsupported(attribute, "the gravity \"\(written)\" rotates text")
        }
        return nil
    }

    /// `find_field`: a word of `words`, or with the prefix "`what`=" a word or a non-negative integer.
    static func findField(_ what: String, _ words: [(String, Int)], _ word: ArraySlice<UInt8>) -> Int? {
        var candidate = word
        var hadPrefix = false
        let prefix = Array(what.utf8)
        if word.count > prefix.count, word.prefix(prefix.count).elementsEqual(prefix),
            word[word.startIndex + prefix.count] == UInt8(ascii: "=")
        {
            candidate = word.dropFirst(prefix.count + 1)
            hadPrefix = true
        }
        for (pattern, number) in words where fieldMatches(pattern, candidate) { return number }
        return hadPrefix ? parseNonNegativeInt(candidate) : nil
    }

    /// What precedes the size and style words: trimmed, one trailing comma dropped, each family of
    /// the list trimmed and joined with ","; nil when empty.
    static func familyList(_ head: ArraySlice<UInt8>) -> String? {
        var list = trimmedCSpace(head)
        if list.last == UInt8(ascii: ",") { list = trimmedCSpace(list.dropLast()) }
        guard !list.isEmpty else { return nil }
        return list.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
            .map { String(decoding: trimmedCSpace($0), as: UTF8.self) }
            .joined(separator: ",")
    }
}
