// MarkupSpanAttributes.swift — a <span>'s attributes read in Pango 1.50's order, applied, refused or ignored with a reason.

/// A `<span>` attribute, in the order Pango 1.50's `span_parse_func` reads their values: a
/// font description first, so that every other font attribute overrides it.
enum SpanAttributeKind: Int, CaseIterable {
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
struct SpanAttributes {
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
            guard attribute.value.contains(where: { !CNumber.isCSpace($0) }) else {
                throw attribute.invalidValue(expected: "a font family name")
            }
            state.attributes.family = attribute.valueText
        }
        switch size {
        case .absolute(let points): state.absoluteSize = points
        case .scale(let factor): state.scale = factor
        case .relative, nil: break
        }
        if let attribute = self[.style] {
            guard let style = MarkupWord.parseField(attribute.value, words: MarkupWord.styleWords, normal: 0), (0...2).contains(style) else {
                throw attribute.invalidValue(expected: "normal, oblique or italic")
            }
            state.attributes.isItalic = style != 0
        }
        if let attribute = self[.weight] {
            guard let weight = MarkupWord.parseField(attribute.value, words: MarkupWord.weightWords, normal: 400), (100...1000).contains(weight) else {
                throw attribute.invalidValue(expected: "a weight such as light, normal, semibold, bold, heavy, or a number from 100 to 1000")
            }
            state.attributes.weight = weight
        }
        try checkIgnoredAndRefused()
        if let attribute = self[.rise] {
            guard let rise = parseLength(attribute.value) else {
                throw attribute.invalidValue(expected: "an integer in 1024ths of a point, or points such as \"5.5pt\"")
            }
            state.attributes.rise = try bounded(rise, attribute)
        }
        if let attribute = self[.letterSpacing] {
            let spacing: Double
            if let (units, end) = CNumber.scanInt(attribute.value, from: 0), end == attribute.value.count {
                spacing = Double(units) / 1024
            } else if let points = parsePoints(attribute.value) {
                spacing = points
            } else {
                throw attribute.invalidValue(expected: "an integer in 1024ths of a point, or points such as \"1.5pt\"")
            }
            state.attributes.letterSpacing = try bounded(spacing, attribute)
        }
        if let attribute = self[.lang] {
            let language = MarkupWord.canonicalLanguage(attribute.value)
            guard !language.isEmpty else { throw attribute.invalidValue(expected: "a language tag such as \"en\" or \"sr-Latn\"") }
            state.attributes.language = language
        }
        if let attribute = self[.fontFeatures] {
            let own = MarkupWord.featureSettings(attribute.value)
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
            if let attribute = self[kind], !MarkupWord.isColor(attribute.value, allowsAlpha: true) {
                throw attribute.invalidValue(expected: "a colour such as \"#00FF00\", \"#00FF007F\" or \"red\"")
            }
        }
        for kind in [SpanAttributeKind.underlineColor, .overlineColor, .strikethroughColor] {
            if let attribute = self[kind], !MarkupWord.isColor(attribute.value, allowsAlpha: false) {
                throw attribute.invalidValue(expected: "a colour such as \"#00FF00\" or \"red\"")
            }
        }
        for kind in [SpanAttributeKind.alpha, .backgroundAlpha] {
            guard let attribute = self[kind] else { continue }
            let value = attribute.value
            guard let (alpha, end) = CNumber.scanInt(value, from: 0),
                end == value.count ? (1...0xFFFF).contains(alpha) : (value[end] == UInt8(ascii: "%") && (1...100).contains(alpha))
            else {
                throw attribute.invalidValue(expected: "an integer from 1 to 65535 or a percentage such as \"50%\"")
            }
        }
        try checkEnumeration(.underline, ["none", "single", "double", "low", "error", "single-line", "double-line", "error-line"])
        try checkEnumeration(.overline, ["none", "single"])
        try checkEnumeration(.gravityHint, ["natural", "strong", "line"])
        if let attribute = self[.strikethrough], MarkupWord.parseBoolean(attribute.value) == nil {
            throw attribute.invalidValue(expected: "true or false")
        }

        if let attribute = self[.variant] {
            guard let variant = MarkupWord.parseField(attribute.value, words: MarkupWord.variantWords, normal: 0) else {
                throw attribute.invalidValue(expected: "normal, small-caps, all-small-caps, petite-caps, all-petite-caps, unicase or title-caps")
            }
            if variant != 0 { throw attribute.unsupported("it changes glyphs and widths; only \"normal\" is accepted") }
        }
        if let attribute = self[.stretch] {
            guard let stretch = MarkupWord.parseField(attribute.value, words: MarkupWord.stretchWords, normal: 4) else {
                throw attribute.invalidValue(expected: "a stretch such as condensed, normal or expanded")
            }
            if stretch != 4 { throw attribute.unsupported("a condensed or expanded face changes widths; only \"normal\" is accepted") }
        }
        if let attribute = self[.gravity] {
            guard let gravity = MarkupWord.enumerationValue(attribute.value, ["south", "east", "north", "west"]) else {
                throw attribute.invalidValue(expected: "south, east, north or west")
            }
            if gravity != 0 { throw attribute.unsupported("rotated text changes advances and line heights; only \"south\" is accepted") }
        }
        try checkBoolean(.fallback, supported: true, "turning font fallback off changes which font draws characters the font lacks")
        try checkBoolean(.allowBreaks, supported: true, "it changes where lines may break")
        try checkBoolean(.insertHyphens, supported: false, "markup does not turn hyphenation on; a paragraph style's hyphenation does, for the whole paragraph")
        if let attribute = self[.show] {
            guard let flags = MarkupWord.showFlags(attribute.value) else {
                throw attribute.invalidValue(expected: "none, or spaces, line-breaks and ignorables combined with |")
            }
            if flags != 0 { throw attribute.unsupported("showing invisible characters adds glyphs; only \"none\" is accepted") }
        }
        try checkNoneOnly(.textTransform, ["none", "lowercase", "uppercase", "capitalize"], "changing case changes glyphs and widths")
        try checkNoneOnly(.fontScale, ["none", "superscript", "subscript", "small-caps"], "it scales text from font metrics; use <sup> or <sub>")
        if let attribute = self[.baselineShift] {
            if MarkupWord.enumerationValue(attribute.value, ["none", "superscript", "subscript"]) != 0 {
                throw attribute.unsupported("it moves text and changes line heights; use rise, or <sup> or <sub>")
            }
        }
        if let attribute = self[.lineHeight] { throw attribute.unsupported("it changes line heights") }
        if let attribute = self[.segment] { throw attribute.unsupported("it changes word and sentence boundaries, and so line breaks") }
    }

    func checkEnumeration(_ kind: SpanAttributeKind, _ names: [String]) throws(CaliperError) {
        guard let attribute = self[kind], MarkupWord.enumerationValue(attribute.value, names) == nil else { return }
        throw attribute.invalidValue(expected: names.joined(separator: ", "))
    }

    /// An attribute of which only the value `none` (0) is accepted.
    func checkNoneOnly(_ kind: SpanAttributeKind, _ names: [String], _ why: String) throws(CaliperError) {
        guard let attribute = self[kind] else { return }
        guard let value = MarkupWord.enumerationValue(attribute.value, names) else {
            throw attribute.invalidValue(expected: names.joined(separator: ", "))
        }
        if value != 0 { throw attribute.unsupported("\(why); only \"none\" is accepted") }
    }

    func checkBoolean(_ kind: SpanAttributeKind, supported: Bool, _ why: String) throws(CaliperError) {
        guard let attribute = self[kind] else { return }
        guard let value = MarkupWord.parseBoolean(attribute.value) else { throw attribute.invalidValue(expected: "true or false") }
        if value != supported { throw attribute.unsupported("\(why); only \"\(supported)\" is accepted") }
    }

    func bounded(_ points: Double, _ attribute: RawAttribute) throws(CaliperError) -> Double {
        let limit = Double(TextStyle.maximumFontSize)
        guard points.isFinite, abs(points) <= limit else {
            throw attribute.invalidValue(expected: "at most \(Int(limit)) pt either way")
        }
        return points
    }
}

extension RawAttribute {
    /// The error for a value this attribute cannot take.
    func invalidValue(expected: String) -> CaliperError {
        .invalidMarkup(
            offset: valueOffset,
            reason: "invalid value \(MarkupParser.quoted(valueText)) for \(name): expected \(expected)")
    }

    /// The error for an attribute Caliper refuses, saying why.
    func unsupported(_ why: String) -> CaliperError {
        .invalidMarkup(
            offset: nameOffset,
            reason: "\(name)=\(MarkupParser.quoted(valueText)) is not supported: \(why)")
    }
}
