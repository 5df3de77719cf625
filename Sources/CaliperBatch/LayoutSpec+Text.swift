// LayoutSpec+Text.swift — a text's style, spans, markup, Dynamic Type and inline boxes read from JSON.
import Caliper
import CaliperLayout
import Foundation

extension LayoutSpec {
    /// What `object` says of its text style: `font` with `variations` (`{"wght": 600}`) or
    /// `systemFont` (``systemFontRequest(_:)``), `size`, `textStyle` (Dynamic Type) and
    /// `contentSizeCategory`, `letterSpacing`, `features`, `baselineOffset`, `fallback` (fonts),
    /// `language`; errors name the keys at the object's path.
    @inline(__always)
    package func textStyleDescription(_ object: JSONObject) throws -> TextStyleDescription {
        // Every field read first and the description made once: built field by field, it was
        // copied and destroyed again around each call that can throw.
        let font = try object.string("font")
        let variations = try variations(object)
        let systemFont = try systemFontRequest(object)
        let size = try object.number("size").map { CGFloat($0) }
        let dynamicType = try dynamicTypeStyle(object)
        var contentSizeCategory: ContentSizeCategory?
        if let name = try object.string("contentSizeCategory") {
            guard let category = ContentSizeCategory(named: name) else {
                throw InputError(
                    "unknown \(object.keyPath("contentSizeCategory")) \"\(name)\" (known: \(ContentSizeCategory.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            contentSizeCategory = category
        }
        return TextStyleDescription(
            font: font, variations: variations, systemFont: systemFont, size: size, dynamicType: dynamicType,
            contentSizeCategory: contentSizeCategory, letterSpacing: CGFloat(try object.number("letterSpacing") ?? 0),
            features: try (object.strings("features") ?? []).map { try FontFeature($0) },
            baselineOffset: CGFloat(try object.number("baselineOffset") ?? 0), fallback: try object.strings("fallback"),
            language: try object.string("language"))
    }

    /// The keys of a `systemFont` object.
    package static let systemFontKeys: KnownKeys = ["weight", "width", "design", "italic", "monospacedDigits"]

    /// `systemFont`: `{"weight": "semibold", "width": "condensed", "design": "rounded", "italic":
    /// true, "monospacedDigits": true}`, every key optional (`{}` is the regular system font, its
    /// weight the text style's). `nil` without the key.
    func systemFontRequest(_ object: JSONObject) throws -> SystemFontRequest? {
        guard object.has("systemFont") else { return nil }
        let settings = try object.object("systemFont")
        try settings.requireKnownKeys(Self.systemFontKeys)
        func named<Value: RawRepresentable & CaseIterable>(
            _ key: String, _ make: (String) -> Value?
        ) throws -> Value? where Value.RawValue == String {
            guard let name = try settings.string(key) else { return nil }
            guard let value = make(name) else {
                throw InputError("unknown \(settings.keyPath(key)) \"\(name)\" (known: \(Value.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            return value
        }
        return SystemFontRequest(
            weight: try named("weight", SystemFontWeight.init(named:)), width: try named("width", SystemFontWidth.init(named:)),
            design: try named("design", SystemFontDesign.init(named:)), isItalic: try settings.bool("italic") ?? false,
            monospacedDigits: try settings.bool("monospacedDigits") ?? false)
    }

    /// What the system font cannot be given with.
    package enum SystemFontConflict {
        /// A font of its own: the system font is the face.
        case font
        /// Variation settings: the system font sets its axes from its weight and width.
        case variations
    }

    /// The one rule of what goes with the system font, for every door to word its own way (the
    /// CLI's `--system-font` beside `--font` or `--variation`, a request's `systemFont` beside
    /// `font` or `variations`).
    package static func systemFontConflict(hasFont: Bool, hasVariations: Bool) -> SystemFontConflict? {
        hasFont ? .font : hasVariations ? .variations : nil
    }

    /// The text of a measure request, label or chip, styled: `markup` (Pango markup over the
    /// object's style), or `text` with `spans`; then `attachments` on its U+FFFC characters.
    /// Also the spans' ranges by their index in the object (none for markup). A text longer than
    /// `lengthLimit` is refused before its spans are read.
    package func styledText(
        _ object: JSONObject, lengthLimit: Int = .max
    ) throws -> (text: AttributedText, spans: [(range: Range<Int>, index: Int)]) {
        let description = try textStyleDescription(object)
        let style = platform == .android ? try androidTextStyle(object, description: description) : try textStyle(description, naming: .json(object))
        let styled: (AttributedText, [(range: Range<Int>, index: Int)])
        if let markup = try object.string("markup") {
            guard try object.string("text") == nil, try object.objects("spans").isEmpty else {
                throw object.error("give \"markup\" or \"text\" with \"spans\", not both")
            }
            styled = (try AttributedText(markup: markup, style: style, fonts: resolver), [])
        } else {
            let text = try object.requiredString("text")
            let length = text.utf16UnitCount
            guard length <= lengthLimit else { throw CaliperError.textTooLong(utf16Length: length, limit: lengthLimit) }
            styled = try attributedText(text, style: style, spans: object, dynamicType: description.dynamicType)
        }
        let text = description.scaled(styled.0)
        return (try attachingBoxes(to: text, from: object), styled.1)
    }

    /// The style of a text for Android (a measure request's, a label's or a chip's): in a
    /// `typeface` of the device's fonts (``AndroidTypefaceRequest``, `size` in sp required), or
    /// `description`'s font file. The one reader of an Android text's style.
    package func androidTextStyle(_ object: JSONObject, description: TextStyleDescription) throws -> TextStyle {
        guard object.has("typeface") else { return try textStyle(description, naming: .json(object)) }
        let typeface = try AndroidTypefaceRequest(json: try object.object("typeface"))
        return try typeface.textStyle(
            in: androidFonts, size: CGFloat(try object.requiredNumber("size")), features: description.features,
            conflicting: ["font", "variations", "fallback"].first { object.has($0) }, naming: .json(object))
    }

    /// The object's `textStyle`, a Dynamic Type style: sizes default to its size at the default
    /// category and scale as it does with `contentSizeCategory` (body's when there is none).
    func dynamicTypeStyle(_ object: JSONObject) throws -> DynamicTypeStyle? {
        guard let name = try object.string("textStyle") else { return nil }
        guard let style = DynamicTypeStyle(rawValue: name) else {
            throw InputError(
                "unknown \(object.keyPath("textStyle")) \"\(name)\" (known: \(DynamicTypeStyle.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return style
    }

    /// The `start` and `end` of a span or `paragraphs` entry, in UTF-16 code units of `units`:
    /// both given, in order, within the text, and neither between the two halves of a surrogate pair.
    static func range(of object: JSONObject, in units: [UInt16]) throws -> (start: Int, end: Int) {
        let start = try object.integer("start") ?? { throw InputError("missing \(object.path).start") }()
        let end = try object.integer("end") ?? { throw InputError("missing \(object.path).end") }()
        guard start <= end else { throw InputError("\(object.path) starts at \(start), after its end \(end)") }
        guard end <= units.count else {
            throw InputError("\(object.path) ends at \(end), past the text's \(units.count) UTF-16 code units")
        }
        for (edge, offset) in [("start", start), ("end", end)]
        where offset > 0 && offset < units.count && UTF16.isLeadSurrogate(units[offset - 1]) && UTF16.isTrailSurrogate(units[offset]) {
            throw InputError("\(object.path).\(edge) \(offset) falls between the two halves of a surrogate pair")
        }
        return (start, end)
    }

    /// The keys a span may have: its range and the attributes it overrides.
    package static let spanKeys: KnownKeys = [
        "start", "end", "font", "variations", "systemFont", "size", "letterSpacing", "features", "baselineOffset", "language",
        "fallback",
    ]

    /// `variations`: an object of axis tags and coordinates, `{"wght": 600, "slnt": -5}`.
    func variations(_ object: JSONObject) throws -> [FontVariation]? {
        guard object.contains(key: "variations") else { return nil }
        let settings = try object.object("variations")
        return try settings.keys.map { tag in
            guard let value = try settings.number(tag) else { throw InputError("\(settings.path).\(tag) must be a number") }
            return try FontVariation(tag: tag, value: value)
        }
    }

    /// `text` in `style`, with each of `object`'s `spans` over its range: `{"start", "end"}` in
    /// UTF-16 code units and any of `font`, `size`, `letterSpacing`, `features`,
    /// `baselineOffset`, `language`, `fallback`, which override `style` there. Spans may come in
    /// any order but must not overlap; an empty span is ignored. Also returns the spans' ranges,
    /// by their index in the request, sorted by start (to report which span each run is in).
    package func attributedText(
        _ text: String, style: TextStyle, spans object: JSONObject, dynamicType: DynamicTypeStyle? = nil
    ) throws -> (AttributedText, spans: [(range: Range<Int>, index: Int)]) {
        let spanObjects = try object.objects("spans")
        guard !spanObjects.isEmpty else { return (AttributedText(text, style: style), []) }
        let units = Array(text.utf16)
        var ranged: [(range: Range<Int>, index: Int, style: TextStyle)] = []
        for (index, span) in spanObjects.enumerated() {
            try span.requireKnownKeys(Self.spanKeys)
            let (start, end) = try Self.range(of: span, in: units)
            guard start < end else { continue }
            ranged.append((start..<end, index, try spanStyle(span, base: style, dynamicType: dynamicType)))
        }
        ranged.sort { $0.range.lowerBound < $1.range.lowerBound }
        var spans: [AttributedText.Span] = []
        var position = 0
        for (offset, span) in ranged.enumerated() {
            if offset > 0, span.range.lowerBound < ranged[offset - 1].range.upperBound {
                let other = ranged[offset - 1]
                throw InputError(
                    "spans[\(span.index)] (\(span.range.lowerBound)..<\(span.range.upperBound)) overlaps spans[\(other.index)] (\(other.range.lowerBound)..<\(other.range.upperBound))")
            }
            if span.range.lowerBound > position { spans.append(AttributedText.Span(utf16Range: position..<span.range.lowerBound, style: style)) }
            spans.append(AttributedText.Span(utf16Range: span.range, style: span.style))
            position = span.range.upperBound
        }
        if position < units.count || spans.isEmpty {
            spans.append(AttributedText.Span(utf16Range: position..<units.count, style: style))
        }
        return (try AttributedText(string: text, spans: spans), ranged.map { ($0.range, $0.index) })
    }

    /// The keys an attachment may have.
    package static let attachmentKeys: KnownKeys = ["at", "width", "height", "alignment", "baselineOffset", "id"]

    /// `text` with `object`'s `attachments` set on its U+FFFC characters: `{"at": <UTF-16 offset>,
    /// "width", "height", "alignment": "baseline" (default) | "middle" | "center" | "top" |
    /// "bottom", "baselineOffset" (with "baseline"), "id"}`.
    package func attachingBoxes(to text: AttributedText, from object: JSONObject) throws -> AttributedText {
        var attributed = text
        var taken: Set<Int> = []
        for attachment in try object.objects("attachments") {
            try attachment.requireKnownKeys(Self.attachmentKeys)
            let offset = try attachment.integer("at") ?? { throw InputError("missing \(attachment.path).at") }()
            guard taken.insert(offset).inserted else { throw InputError("\(attachment.path).at \(offset) has a box already") }
            let alignmentName = try attachment.string("alignment") ?? "baseline"
            let alignment: InlineBox.Alignment
            switch alignmentName {
            case "baseline": alignment = .baseline(offset: CGFloat(try attachment.number("baselineOffset") ?? 0))
            case "middle": alignment = .centerOnXHeight
            case "center": alignment = .centerOnLine
            case "top": alignment = .top
            case "bottom": alignment = .bottom
            case let other:
                throw InputError("unknown \(attachment.path).alignment \"\(other)\" (known: baseline, middle, center, top, bottom)")
            }
            if alignmentName != "baseline", try attachment.number("baselineOffset") != nil {
                throw InputError("\(attachment.path).baselineOffset goes with the baseline alignment only")
            }
            let box = InlineBox(
                width: CGFloat(try attachment.requiredNumber("width")), height: CGFloat(try attachment.requiredNumber("height")),
                alignment: alignment, id: try attachment.string("id"))
            do {
                try attributed.setInlineBox(box, atUTF16Offset: offset)
            } catch {
                throw InputError("\(attachment.path): \(error)")
            }
        }
        return attributed
    }

    /// `base` with the attributes `span` gives.
    /// A span's `systemFont` without a weight takes `dynamicType`'s, as the object's own does.
    func spanStyle(_ span: JSONObject, base: TextStyle, dynamicType: DynamicTypeStyle?) throws -> TextStyle {
        // The attributes gathered first and the style made once: each change of a style's
        // attribute gives it a box of its own.
        var font = base.font
        var features = base.features
        if let name = try span.string("font") { font = try face(name) }
        let spanFeatures = try span.strings("features").map { try $0.map { try FontFeature($0) } }
        if let given = spanFeatures { features = given }
        if let system = try systemFontRequest(span)?.descriptor(defaultWeight: dynamicType?.systemFontWeight ?? .regular) {
            let variations = try variations(span)
            font = try systemFace(system, hasFont: span.has("font"), hasVariations: variations != nil, naming: .json(span))
            features = system.features(adding: features)
        } else if let variations = try variations(span) {
            font = try font.withVariations(variations)
        }
        let size = try span.number("size").map { CGFloat($0) } ?? base.size
        let letterSpacing = try span.number("letterSpacing").map { CGFloat($0) } ?? base.letterSpacing
        let baselineOffset = try span.number("baselineOffset").map { CGFloat($0) } ?? base.baselineOffset
        let language = try span.string("language") ?? base.language
        let fallbackFonts = try span.strings("fallback").map { try $0.map { try face($0) } } ?? base.fallbackFonts
        let style = TextStyle(
            font: font, size: size, letterSpacing: letterSpacing, features: features, fallbackFonts: fallbackFonts,
            fallback: base.fallback, language: language, baselineOffset: baselineOffset)
        do {
            try style.validate()
        } catch {
            throw InputError("\(span.path): \(error)")
        }
        return style
    }

    /// The face a font name in the JSON names: a relative path is read from ``fontFolder`` when
    /// there is one (as a font root's when ``fontFolderIsRoot``); `nil` is the default font.
    /// A name the same spec resolved before (a flow's chips share their fallback list) is found
    /// in ``settings`` (``Settings/face(_:orResolve:)``) by comparison, without the resolver's
    /// shared table and its lock.
    func face(_ name: String?) throws -> FontFace {
        guard let name else { return try resolver.face(for: nil) }
        return try settings.face(name) { () throws -> FontFace in
            guard let fontFolder else { return try resolver.face(for: name) }
            if fontFolderIsRoot { return try resolver.face(for: name, inRoot: fontFolder) }
            return try resolver.face(for: FontResolver.specification(name, relativeTo: fontFolder))
        }
    }
}
