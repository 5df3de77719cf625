// LayoutSpec.swift — builds flows and cell layout trees from JSON (spec files and batch requests).
import Caliper
import CaliperLayout
import Foundation

/// Reads the JSON form of layouts, shared by `caliper layout`, `caliper flow` and `caliper batch`.
///
/// A node is an object with a `type`:
/// - `label`: `text`, `font`, `size` (17), `numberOfLines` (0), `lineBreak` (`word`), `lineSpacing`, `letterSpacing`;
///   for attributed text, `spans` over `text` or `markup` instead of `text`, `variations`, and `attachments`
///   (inline boxes, whose `id`s name frames like nodes' do) — the keys of a batch request, read by ``styledText(_:lengthLimit:)``;
///   the paragraph keys of ``paragraphStyle(_:over:)`` and `paragraphs` (``settingParagraphStyles(of:on:over:)``)
/// - `box`: `width` and `height`, or `aspectRatio` (width ÷ height) with an optional `width`
/// - `inset`: `insets` `[top, left, bottom, right]`, `child`
/// - `stack`: `axis` (`vertical`|`horizontal`), `spacing`, `alignment` (`leading`|`center`|`trailing`|`fill`),
///   `children`; one child may say `"flexible": true` to take a horizontal stack's remaining width
/// - `flow`: see ``flow(_:)``
/// Any node may have an `id`, which names its frame in the output, and a `description` for people.
/// A `label`, `box`, `inset` or `stack` may have `huggingPriority` and `compressionResistancePriority`,
/// each `{"horizontal": 0…1000, "vertical": 0…1000}` (an axis left out keeps the node's default).
/// A key that is not one of its object's is an error naming its path and the nearest known key;
/// so is an id that names two frames (see ``layout(_:)``).
package struct LayoutSpec {
    /// The most items one flow may have: a tag cloud has tens to hundreds, and balanced packing
    /// costs up to the square of the count.
    package static let maximumFlowItems = 10_000

    // The keys each kind of object may have, one list per kind: a key not in its object's list is
    // an error, so a misspelling never passes silently. A new key is added to its kind's list here.

    /// Every node: its `type`, the `id` naming its frame, and a `description` for people.
    package static let nodeKeys = ["type", "id", "description"]
    /// The priorities a label, box, inset or stack may set, read by ``priorities(_:_:over:)``.
    package static let priorityKeys = ["huggingPriority", "compressionResistancePriority"]
    /// What a stack's child may say besides its own node's keys.
    package static let stackChildKeys = ["flexible"]
    /// A text style (a request's, a label's, a chip's), read by ``textStyle(_:)``.
    package static let textStyleKeys = ["font", "variations", "size", "letterSpacing", "features", "baselineOffset", "fallback", "language"]
    /// Styled text, read by ``styledText(_:lengthLimit:)``: the text and its style.
    package static let styledTextKeys = ["text", "markup", "spans", "attachments", "textStyle", "contentSizeCategory"] + textStyleKeys
    /// A paragraph style (a measure request's, a label's, a `paragraphs` entry's), read by
    /// ``paragraphStyle(_:over:)``.
    package static let paragraphStyleKeys = [
        "lineBreak", "lineSpacing", "lineHeightMultiple", "minLineHeight", "maxLineHeight", "direction", "usesFontLeading", "textWrap",
        "hyphenationFactor", "tabStops", "defaultTabInterval",
    ]
    /// A `paragraphs` entry, read by ``settingParagraphStyles(of:on:over:)``: the range whose
    /// paragraphs it styles, and the paragraph style keys it sets for them.
    package static let paragraphKeys = ["start", "end"] + paragraphStyleKeys
    package static let labelKeys = nodeKeys + styledTextKeys + ["numberOfLines", "paragraphs", "minimumScaleFactor"] + paragraphStyleKeys + priorityKeys
    package static let boxKeys = nodeKeys + ["width", "height", "aspectRatio"] + priorityKeys
    package static let insetKeys = nodeKeys + ["insets", "child"] + priorityKeys
    package static let stackKeys = nodeKeys + ["axis", "spacing", "alignment", "children"] + priorityKeys
    /// A flow's own keys, read by ``flow(_:)`` (a flow node adds ``nodeKeys``, a flow request its own).
    package static let flowKeys = [
        "items", "insets", "spacing", "lineSpacing", "alignment", "verticalAlignment", "rtl", "maxRows", "overflowFormat",
        "overflow", "packing", "rounding", "scale", "horizontal",
    ]
    package static let flowNodeKeys = nodeKeys + flowKeys
    /// A text chip of a flow.
    package static let chipKeys = ["id"] + styledTextKeys + ["padding", "minWidth", "maxWidth", "maxLines", "minimumScaleFactor"]
    /// A flow item of a fixed size (one with a `width` and no `text` or `markup`).
    package static let fixedItemKeys = ["id", "width", "height"]
    // Spans (``spanKeys``) and attachments (``attachmentKeys``) have theirs beside their readers below.

    package let resolver: FontResolver
    /// Where characters the fonts lack are looked for (`fallback` fonts named in the JSON come first).
    package var fallback = FontFallback.system
    /// The folder relative font paths are read from (a spec file's folder); `nil` reads them from
    /// the current directory, as the resolver does.
    package var fontFolder: String?
    /// Whether ``fontFolder`` is a font root (batch with `--font-root`, the service), whose
    /// requests may still name a file inside it from the working directory
    /// (``FontResolver/specification(_:inRoot:)``), rather than a spec file's folder.
    package var fontFolderIsRoot = false
    /// Only the fonts the JSON names: every text must name its `font` (the default font is found
    /// among the machine's), and there is no system fallback.
    package var onlyGivenFonts = false
    /// The fallback fonts of a text that names none (`fallback`): a service's cascade from its
    /// font root; none for `caliper batch`, which falls back through fontconfig.
    package var defaultFallbackFonts: [FontFace] = []

    package init(resolver: FontResolver, fallback: FontFallback = .system, fontFolder: String? = nil, onlyGivenFonts: Bool = false) {
        self.resolver = resolver
        self.fallback = onlyGivenFonts ? .none : fallback
        self.fontFolder = fontFolder
        self.onlyGivenFonts = onlyGivenFonts
    }

    /// The layout tree of `node` and all below it.
    ///
    /// Every frame the arrangement will name (``LayoutArrangement/framesByID``) must have one
    /// name: node ids, inline box ids, flow items' ids (their own, or `<flow id>[index]`) and a
    /// flow's `<flow id>.overflow`; an id used twice is an error naming both places.
    package func layout(_ node: JSONObject) throws -> any Layout {
        var ids = FrameIDs()
        return try layout(node, ids: &ids)
    }

    private func layout(_ node: JSONObject, extraKeys: [String] = [], ids: inout FrameIDs) throws -> any Layout {
        let id = try node.string("id")
        let type = try node.requiredString("type")
        let known: [String]
        switch type {
        case "label": known = Self.labelKeys
        case "box": known = Self.boxKeys
        case "inset": known = Self.insetKeys
        case "stack": known = Self.stackKeys
        case "flow": known = Self.flowNodeKeys
        default: throw InputError("unknown \(node.path.isEmpty ? "type" : node.path + ".type") \"\(type)\" (known: label, box, inset, stack, flow)")
        }
        try node.requireKnownKeys(known + extraKeys)
        if let id { try ids.add(id, at: node.path) }
        switch type {
        case "label":
            let paragraph = try paragraphStyle(node, over: ParagraphStyle(numberOfLines: try node.integer("numberOfLines") ?? 0))
            try ids.addAttachments(of: node)
            let text = try settingParagraphStyles(of: node, on: try styledText(node).text, over: paragraph)
            var label = LabelLayout(id: id, attributedText: text, paragraphStyle: paragraph)
            label.minimumScaleFactor = try node.number("minimumScaleFactor").map { CGFloat($0) }
            label.contentHuggingPriority =
                try priorities(node, "huggingPriority", over: label.contentHuggingPriority) ?? label.contentHuggingPriority
            label.compressionResistancePriority = try priorities(
                node, "compressionResistancePriority", over: label.compressionResistancePriority) ?? label.compressionResistancePriority
            return label
        case "box":
            // The height follows from the width and the ratio: a height as well would be dropped.
            if node.has("aspectRatio"), node.has("height") {
                throw InputError("\(node.path): a box takes width and height, or aspectRatio with an optional width, not height with aspectRatio")
            }
            var box = if let aspectRatio = try node.number("aspectRatio") {
                BoxLayout(id: id, width: try node.number("width").map { CGFloat($0) }, aspectRatio: CGFloat(aspectRatio))
            } else {
                BoxLayout(id: id, width: CGFloat(try node.requiredNumber("width")), height: CGFloat(try node.requiredNumber("height")))
            }
            box.contentHuggingPriorityOverride = try priorities(node, "huggingPriority", over: box.contentHuggingPriority)
            box.compressionResistancePriorityOverride = try priorities(
                node, "compressionResistancePriority", over: box.compressionResistancePriority)
            return box
        case "inset":
            var inset = InsetLayout(id: id, insets: try edgeInsets(node, "insets"), child: try layout(node.object("child"), ids: &ids))
            inset.contentHuggingPriorityOverride = try priorities(node, "huggingPriority", over: inset.contentHuggingPriority)
            inset.compressionResistancePriorityOverride = try priorities(
                node, "compressionResistancePriority", over: inset.compressionResistancePriority)
            return inset
        case "stack":
            let children = try node.objects("children")
            let flexible = try children.indices.filter { try children[$0].bool("flexible") == true }
            guard flexible.count <= 1 else { throw InputError("\(node.path): at most one child may be flexible") }
            let axis = try node.requiredString("axis")
            guard let stackAxis = StackLayout.Axis(rawValue: axis) else {
                throw InputError("\(node.path).axis must be vertical or horizontal, not \"\(axis)\"")
            }
            // A flexible child takes a horizontal stack's remaining width; a vertical stack has none to give.
            if let child = flexible.first, stackAxis == .vertical {
                throw InputError("\(children[child].path).flexible: only a child of a horizontal stack can be flexible (this stack is vertical)")
            }
            let alignmentName = try node.string("alignment") ?? "fill"
            guard let alignment = StackLayout.Alignment(rawValue: alignmentName) else {
                throw InputError("\(node.path).alignment must be leading, center, trailing or fill, not \"\(alignmentName)\"")
            }
            var stack = StackLayout(
                id: id, axis: stackAxis, spacing: CGFloat(try node.number("spacing") ?? 0), alignment: alignment,
                children: try children.map { try layout($0, extraKeys: Self.stackChildKeys, ids: &ids) }, flexibleChild: flexible.first)
            stack.contentHuggingPriorityOverride = try priorities(node, "huggingPriority", over: stack.contentHuggingPriority)
            stack.compressionResistancePriorityOverride = try priorities(
                node, "compressionResistancePriority", over: stack.compressionResistancePriority)
            return stack
        default:
            var flowLayout = try flow(node)
            flowLayout.id = id
            try ids.addItems(of: node, flowID: id, hasOverflowChip: flowLayout.style.overflowChip != nil)
            return flowLayout
        }
    }

    /// A flow: `items` (chips `{text, font, size, padding, minWidth, maxWidth, maxLines}`, with `spans`,
    /// `markup`, `variations` and `attachments` as a label's, or fixed `{width, height}`; either may have an `id`),
    /// `width` (when laid out alone), `insets`, `spacing` (8), `lineSpacing` (8),
    /// `alignment` (`leading`/`left`, `center`, `trailing`/`right`, `justified`), `verticalAlignment`,
    /// `rtl`, `maxRows`, `overflowFormat` (`"+%d"`; `"overflow": false` hides silently), `packing` (`greedy`|`balanced`),
    /// `rounding` (`none`|`pixel`) with `scale`, `horizontal` (one scrolling row). The caller checks
    /// the flow object's own keys (they differ for a node and a request); this checks the items'.
    package func flow(_ object: JSONObject) throws -> FlowLayout {
        let itemObjects = try object.objects("items")
        guard itemObjects.count <= Self.maximumFlowItems else {
            throw InputError("\(object.path.isEmpty ? "" : object.path + ".")items has \(itemObjects.count) items, over the limit of \(Self.maximumFlowItems)")
        }
        let items: [FlowItem] = try itemObjects.map { item in
            let id = try item.string("id")
            if try item.string("text") == nil, try item.string("markup") == nil, let width = try item.number("width") {
                try item.requireKnownKeys(Self.fixedItemKeys)
                return .fixed(CGSize(width: width, height: try item.requiredNumber("height")), id: id)
            }
            try item.requireKnownKeys(Self.chipKeys)
            return .chip(
                try styledText(item).text, id: id, padding: try edgeInsets(item, "padding"),
                minimumWidth: try item.number("minWidth").map { CGFloat($0) }, maximumWidth: try item.number("maxWidth").map { CGFloat($0) },
                maximumLines: try item.integer("maxLines") ?? 1,
                minimumScaleFactor: try item.number("minimumScaleFactor").map { CGFloat($0) })
        }
        var style = FlowStyle(
            insets: try edgeInsets(object, "insets"), interitemSpacing: CGFloat(try object.number("spacing") ?? 8),
            lineSpacing: CGFloat(try object.number("lineSpacing") ?? 8),
            horizontalAlignment: try horizontalAlignment(object.string("alignment")),
            verticalAlignment: try verticalAlignment(object.string("verticalAlignment")),
            isRightToLeft: try object.bool("rtl") ?? false, maximumRows: try object.integer("maxRows"),
            packing: try packing(object.string("packing")), scrollsHorizontally: try object.bool("horizontal") ?? false)
        switch try object.string("rounding") ?? "none" {
        case "none": break
        case "pixel": style.pixelScale = CGFloat(try object.number("scale") ?? 1)
        case let other: throw InputError("\(object.path.isEmpty ? "\"rounding\"" : object.path + ".rounding") must be none or pixel, not \"\(other)\"")
        }
        // Hidden items are counted on a "+N" chip styled like the first chip, unless "overflow" is false.
        let firstChip = items.lazy.compactMap { item -> (TextStyle, EdgeInsets)? in
            if case .text(let text) = item.content { return (text.spans[0].style, item.padding) } else { return nil }
        }.first
        if style.maximumRows != nil, try object.bool("overflow") ?? true, let (chipStyle, padding) = firstChip {
            let format = try object.string("overflowFormat") ?? "+%d"
            style.overflowChip = FlowStyle.OverflowChip(format: format, style: chipStyle, padding: padding)
        }
        // The node's `id` is set by `layout(_:)`; a batch request's `id` is the request's own.
        return FlowLayout(items: items, style: style)
    }

    /// `font` with `variations` (`{"wght": 600}`), `size` (17), `letterSpacing`, `features`,
    /// `baselineOffset`, `fallback` (fonts), `language`.
    /// Without `font`, the default font, unless ``onlyGivenFonts`` refuses it.
    package func textStyle(_ object: JSONObject, defaultSize: CGFloat = 17) throws -> TextStyle {
        let fontName = try object.string("font")
        if fontName == nil, onlyGivenFonts {
            throw InputError(
                "missing \(object.path.isEmpty ? "\"font\"" : object.path + ".font"): only the fonts given are used (onlyGivenFonts, --only-given-fonts), so every text names its font")
        }
        let primary = try face(fontName)
        return TextStyle(
            font: try variations(object).map { try primary.withVariations($0) } ?? primary, size: try object.number("size").map { CGFloat($0) } ?? defaultSize,
            letterSpacing: CGFloat(try object.number("letterSpacing") ?? 0),
            features: try (object.strings("features") ?? []).map { try FontFeature($0) },
            fallbackFonts: try object.strings("fallback").map { try $0.map { try face($0) } } ?? defaultFallbackFonts, fallback: fallback,
            language: try object.string("language"), baselineOffset: CGFloat(try object.number("baselineOffset") ?? 0))
    }

    /// The text of a measure request, label or chip, styled: `markup` (Pango markup over the
    /// object's style), or `text` with `spans`; then `attachments` on its U+FFFC characters.
    /// Also the spans' ranges by their index in the object (none for markup). A text longer than
    /// `lengthLimit` is refused before its spans are read.
    package func styledText(
        _ object: JSONObject, lengthLimit: Int = .max
    ) throws -> (text: AttributedText, spans: [(range: Range<Int>, index: Int)]) {
        let dynamicType = try dynamicTypeStyle(object)
        let style = try textStyle(object, defaultSize: dynamicType?.defaultPointSize ?? 17)
        let styled: (AttributedText, [(range: Range<Int>, index: Int)])
        if let markup = try object.string("markup") {
            guard try object.string("text") == nil, try object.objects("spans").isEmpty else {
                throw InputError(
                    "\(object.path.isEmpty ? "" : object.path + ": ")give \"markup\" or \"text\" with \"spans\", not both")
            }
            styled = (try AttributedText(markup: markup, style: style, fonts: resolver), [])
        } else {
            let text = try object.requiredString("text")
            let length = text.utf16.count
            guard length <= lengthLimit else { throw CaliperError.textTooLong(utf16Length: length, limit: lengthLimit) }
            styled = try attributedText(text, style: style, spans: object)
        }
        var text = styled.0
        if let name = try object.string("contentSizeCategory") {
            guard let category = ContentSizeCategory(named: name) else {
                throw InputError(
                    "unknown \(object.path.isEmpty ? "" : object.path + ".")contentSizeCategory \"\(name)\" (known: \(ContentSizeCategory.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            text = DynamicTypeMetrics(forTextStyle: dynamicType ?? .body).scaledText(text, compatibleWith: category)
        }
        return (try attachingBoxes(to: text, from: object), styled.1)
    }

    /// The object's `textStyle`, a Dynamic Type style: sizes default to its size at the default
    /// category and scale as it does with `contentSizeCategory` (body's when there is none).
    private func dynamicTypeStyle(_ object: JSONObject) throws -> DynamicTypeStyle? {
        guard let name = try object.string("textStyle") else { return nil }
        guard let style = DynamicTypeStyle(rawValue: name) else {
            throw InputError(
                "unknown \(object.path.isEmpty ? "" : object.path + ".")textStyle \"\(name)\" (known: \(DynamicTypeStyle.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return style
    }

    /// The `start` and `end` of a span or `paragraphs` entry, in UTF-16 code units of `units`:
    /// both given, in order, within the text, and neither between the two halves of a surrogate pair.
    private static func range(of object: JSONObject, in units: [UInt16]) throws -> (start: Int, end: Int) {
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

    /// `object`'s paragraph style keys set on `base`: `lineBreak`, `lineSpacing`,
    /// `lineHeightMultiple`, `minLineHeight`, `maxLineHeight`, `direction` (`natural`, `ltr`,
    /// `rtl`), `usesFontLeading`, `textWrap` (`wrap`, `balance`, `pretty`), `hyphenationFactor` (0…1), `tabStops` (`[{location, alignment}]`, alignment `left`, `right`, `center` or `decimal`) and `defaultTabInterval`. Checked as a layout checks it, with the object's path in the error.
    package func paragraphStyle(_ object: JSONObject, over base: ParagraphStyle) throws -> ParagraphStyle {
        var style = base
        if let name = try object.string("lineBreak") { style.lineBreakMode = try lineBreakMode(name) }
        if let spacing = try object.number("lineSpacing") { style.lineSpacing = CGFloat(spacing) }
        if let multiple = try object.number("lineHeightMultiple") { style.lineHeightMultiple = CGFloat(multiple) }
        if let minimum = try object.number("minLineHeight") { style.minimumLineHeight = CGFloat(minimum) }
        if let maximum = try object.number("maxLineHeight") { style.maximumLineHeight = CGFloat(maximum) }
        if let usesFontLeading = try object.bool("usesFontLeading") { style.usesFontLeading = usesFontLeading }
        if let factor = try object.number("hyphenationFactor") {
            // Checked as a Double: a Float conversion would make 1.0000000001 valid.
            guard (0...1).contains(factor) else { throw InputError("\(object.path.isEmpty ? "" : object.path + ".")hyphenationFactor \(factor) is not from 0 to 1") }
            style.hyphenationFactor = Float(factor)
        }
        if let interval = try object.number("defaultTabInterval") { style.defaultTabInterval = CGFloat(interval) }
        if object.has("tabStops") {
            let stops = try object.objects("tabStops")
            guard stops.count <= ParagraphStyle.maximumTabStopCount else {
                throw InputError("\(object.path.isEmpty ? "" : object.path + ".")tabStops has \(stops.count) stops (at most \(ParagraphStyle.maximumTabStopCount))")
            }
            style.tabStops = try stops.map { stop in
                try stop.requireKnownKeys(["location", "alignment"])
                let location = try stop.requiredNumber("location")
                var alignment = TextTab.Alignment.left
                if let name = try stop.string("alignment") {
                    guard let named = TextTab.Alignment(rawValue: name) else {
                        throw InputError(
                            "unknown \(stop.path).alignment \"\(name)\" (known: \(TextTab.Alignment.allCases.map(\.rawValue).joined(separator: ", ")))")
                    }
                    alignment = named
                }
                return TextTab(alignment, location: CGFloat(location))
            }
        }
        if let name = try object.string("textWrap") {
            guard let wrap = TextWrap(rawValue: name) else {
                throw InputError(
                    "unknown \(object.path.isEmpty ? "" : object.path + ".")textWrap \"\(name)\" (known: \(TextWrap.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            style.textWrap = wrap
        }
        if let name = try object.string("direction") {
            guard let direction = BaseDirection(rawValue: name) else {
                throw InputError(
                    "unknown \(object.path.isEmpty ? "" : object.path + ".")direction \"\(name)\" (known: \(BaseDirection.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            style.baseDirection = direction
        }
        do {
            try style.validate()
        } catch {
            throw object.path.isEmpty ? error : InputError("\(object.path): \(error)")
        }
        return style
    }

    /// `text` with `object`'s `paragraphs`: each entry `{"start", "end"}` (UTF-16 code units)
    /// gives every paragraph its range touches its own paragraph style, `base` (less its line
    /// limit, which is the whole text's) with the entry's paragraph style keys set on top. An
    /// empty range styles nothing; two entries styling one paragraph are an error.
    package func settingParagraphStyles(of object: JSONObject, on text: AttributedText, over base: ParagraphStyle) throws -> AttributedText {
        let entries = try object.objects("paragraphs")
        guard !entries.isEmpty else { return text }
        let units = Array(text.string.utf16)
        let paragraphs = text.paragraphRanges
        var paragraphBase = base
        paragraphBase.numberOfLines = 0
        var owners: [Int: Int] = [:]  // paragraph index → the entry styling it
        var styled: [AttributedText.ParagraphAttributes] = []
        for (index, entry) in entries.enumerated() {
            try entry.requireKnownKeys(Self.paragraphKeys)
            let (start, end) = try Self.range(of: entry, in: units)
            let style = try paragraphStyle(entry, over: paragraphBase)
            // The first paragraph ending after `start`, then every one starting before `end`.
            var low = 0
            var high = paragraphs.count
            while low < high {
                let middle = (low + high) / 2
                if paragraphs[middle].upperBound <= start { low = middle + 1 } else { high = middle }
            }
            var paragraph = low
            while start < end, paragraph < paragraphs.count, paragraphs[paragraph].lowerBound < end {
                if let other = owners[paragraph] {
                    throw InputError(
                        "\(entry.path) styles the paragraph at \(paragraphs[paragraph].lowerBound)..<\(paragraphs[paragraph].upperBound), which paragraphs[\(other)] styles too")
                }
                owners[paragraph] = index
                styled.append(AttributedText.ParagraphAttributes(paragraphStart: paragraphs[paragraph].lowerBound, style: style))
                paragraph += 1
            }
        }
        styled.sort { $0.paragraphStart < $1.paragraphStart }
        var result = text
        try result.setParagraphStyles(styled)
        return result
    }

    /// The keys a span may have: its range and the attributes it overrides.
    package static let spanKeys = [
        "start", "end", "font", "variations", "size", "letterSpacing", "features", "baselineOffset", "language", "fallback",
    ]

    /// `variations`: an object of axis tags and coordinates, `{"wght": 600, "slnt": -5}`.
    private func variations(_ object: JSONObject) throws -> [FontVariation]? {
        guard object.fields.contains(where: { $0.0 == "variations" }) else { return nil }
        let settings = try object.object("variations")
        return try settings.fields.map { tag, _ in
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
        _ text: String, style: TextStyle, spans object: JSONObject
    ) throws -> (AttributedText, spans: [(range: Range<Int>, index: Int)]) {
        let spanObjects = try object.objects("spans")
        guard !spanObjects.isEmpty else { return (AttributedText(text, style: style), []) }
        let units = Array(text.utf16)
        var ranged: [(range: Range<Int>, index: Int, style: TextStyle)] = []
        for (index, span) in spanObjects.enumerated() {
            try span.requireKnownKeys(Self.spanKeys)
            let (start, end) = try Self.range(of: span, in: units)
            guard start < end else { continue }
            ranged.append((start..<end, index, try spanStyle(span, base: style)))
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
    package static let attachmentKeys = ["at", "width", "height", "alignment", "baselineOffset", "id"]

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
    private func spanStyle(_ span: JSONObject, base: TextStyle) throws -> TextStyle {
        var style = base
        if let font = try span.string("font") { style.font = try face(font) }
        if let variations = try variations(span) { style.font = try style.font.withVariations(variations) }
        if let size = try span.number("size") { style.size = CGFloat(size) }
        if let letterSpacing = try span.number("letterSpacing") { style.letterSpacing = CGFloat(letterSpacing) }
        if let features = try span.strings("features") { style.features = try features.map { try FontFeature($0) } }
        if let offset = try span.number("baselineOffset") { style.baselineOffset = CGFloat(offset) }
        if let language = try span.string("language") { style.language = language }
        if let fallback = try span.strings("fallback") { style.fallbackFonts = try fallback.map { try face($0) } }
        do {
            try style.validate()
        } catch {
            throw InputError("\(span.path): \(error)")
        }
        return style
    }

    /// The face a font name in the JSON names: a relative path is read from ``fontFolder`` when
    /// there is one (as a font root's when ``fontFolderIsRoot``); `nil` is the default font.
    private func face(_ name: String?) throws -> FontFace {
        guard let name, let fontFolder else { return try resolver.face(for: name) }
        if fontFolderIsRoot { return try resolver.face(for: FontResolver.specification(name, inRoot: fontFolder)) }
        return try resolver.face(for: FontResolver.specification(name, relativeTo: fontFolder))
    }

    /// `key` (`huggingPriority` or `compressionResistancePriority`) of `node`: `{"horizontal",
    /// "vertical"}`, each a number from 0 to 1000; an axis left out keeps `defaults`' (the node's
    /// own). `nil` when the node has no `key`, so a node keeps the priorities it derives.
    private func priorities(_ node: JSONObject, _ key: String, over defaults: AxisPriorities) throws -> AxisPriorities? {
        guard node.fields.contains(where: { $0.0 == key }) else { return nil }
        let object = try node.object(key)
        try object.requireKnownKeys(["horizontal", "vertical"])
        var priorities = defaults
        for axis in [StackLayout.Axis.horizontal, .vertical] {
            guard let value = try object.number(axis.rawValue) else { continue }
            guard value >= 0, value <= 1000 else {
                throw InputError("\(object.path).\(axis.rawValue) must be a number from 0 to 1000, not \(value)")
            }
            priorities[axis] = LayoutPriority(Float(value))
        }
        return priorities
    }

    private func edgeInsets(_ object: JSONObject, _ key: String) throws -> EdgeInsets {
        guard let values = try object.insets(key) else { return .zero }
        return EdgeInsets(top: values[0], left: values[1], bottom: values[2], right: values[3])
    }

    package func lineBreakMode(_ name: String?) throws -> LineBreakMode {
        guard let name else { return .byWordWrapping }
        guard let mode = LineBreakMode(rawValue: name) else {
            throw InputError("unknown lineBreak \"\(name)\" (known: \(LineBreakMode.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return mode
    }

    package func horizontalAlignment(_ name: String?) throws -> FlowStyle.HorizontalAlignment {
        switch name ?? "leading" {
        case "leading", "left": return .leading
        case "center": return .center
        case "trailing", "right": return .trailing
        case "justified": return .justified
        case let other: throw InputError("unknown alignment \"\(other)\" (known: leading/left, center, trailing/right, justified)")
        }
    }

    package func verticalAlignment(_ name: String?) throws -> FlowStyle.VerticalAlignment {
        switch name ?? "top" {
        case "top": return .top
        case "center": return .center
        case "bottom": return .bottom
        case "firstBaseline", "first-baseline": return .firstBaseline
        case let other: throw InputError("unknown verticalAlignment \"\(other)\" (known: top, center, bottom, firstBaseline)")
        }
    }

    private func packing(_ name: String?) throws -> FlowStyle.Packing {
        guard let name else { return .greedy }
        guard let packing = FlowStyle.Packing(rawValue: name) else { throw InputError("unknown packing \"\(name)\" (known: greedy, balanced)") }
        return packing
    }
}

/// The names of a cell's frames as its spec gives them, each with the path where it was given, so
/// that a name given twice is an error naming both places.
private struct FrameIDs {
    private var places: [String: String] = [:]

    mutating func add(_ id: String, at place: String) throws {
        if let earlier = places[id] {
            throw InputError("the id \"\(id)\" names two frames, \(earlier) and \(place); ids must be unique in a cell")
        }
        places[id] = place
    }

    /// The ids of `object`'s inline boxes.
    mutating func addAttachments(of object: JSONObject) throws {
        for attachment in try object.objects("attachments") {
            if let id = try attachment.string("id") { try add(id, at: attachment.path) }
        }
    }

    /// The names of a flow node's items (their own ids, or `<flowID>[index]`), of its overflow
    /// chip (`<flowID>.overflow`) and of its chips' inline boxes.
    mutating func addItems(of flow: JSONObject, flowID: String?, hasOverflowChip: Bool) throws {
        for (index, item) in try flow.objects("items").enumerated() {
            if let id = try item.string("id") ?? flowID.map({ FlowLayout.itemID(flowID: $0, index: index) }) {
                try add(id, at: item.path)
            }
            try addAttachments(of: item)
        }
        if hasOverflowChip, let flowID { try add(FlowLayout.overflowChipID(flowID: flowID), at: "\(flow.path) (its overflow chip)") }
    }
}

/// JSON forms of layout results, shared by the commands and batch answers.
package enum LayoutJSON {
    package static func rect(_ rect: CGRect) -> JSON {
        .array([rect.minX, rect.minY, rect.width, rect.height].map { .number(Double($0)) })
    }

    package static func size(_ size: CGSize) -> JSON { .array([.number(Double(size.width)), .number(Double(size.height))]) }

    /// `frames`, `rows`, `contentSize`, `hiddenCount`, `overflow` when there is an overflow chip,
    /// `missingGlyphs` (clusters no font covers in the text shown) with `itemsMissingGlyphs` (the
    /// visible items' indices) when there are any, and `warnings` when the chips' styles asked for
    /// what could not be done.
    package static func flowMembers(_ result: FlowLayoutResult) -> [(String, JSON)] {
        var members: [(String, JSON)] = [
            ("frames", .array(result.frames.map(rect))),
            ("rows", .array(result.rows.map { .array([.integer($0.lowerBound), .integer($0.upperBound)]) })),
            ("contentSize", size(result.contentSize)), ("hiddenCount", .integer(result.hiddenCount)),
        ]
        if let overflow = result.overflowChip {
            members.append(("overflow", .object([("text", .string(result.overflowText ?? "")), ("frame", rect(overflow.frame))])))
        }
        let missing = result.missingGlyphCount
        members.append(("missingGlyphs", .integer(missing)))
        if missing > 0 { members.append(("itemsMissingGlyphs", .array(result.itemsMissingGlyphs.map { .integer($0) }))) }
        return members + warnings(result.notices)
    }

    /// `size`, `frames` (every named frame, see ``LayoutArrangement/framesByID``), `missingGlyphs`
    /// with `framesMissingGlyphs` (the named frames whose text has them) when there are any, and
    /// `warnings` when the styles asked for what could not be done.
    package static func layoutMembers(_ arrangement: LayoutArrangement) -> [(String, JSON)] {
        let frames = sortedFrames(arrangement.framesByID).map { ($0.id, rect($0.frame)) }
        var members: [(String, JSON)] = [("size", size(arrangement.frame.size)), ("frames", .object(frames))]
        let missing = arrangement.missingGlyphCount
        members.append(("missingGlyphs", .integer(missing)))
        if missing > 0 { members.append(("framesMissingGlyphs", .array(arrangement.framesMissingGlyphs.map { .string($0) }))) }
        return members + warnings(arrangement.notices)
    }

    /// `warnings`, the notices' sentences, when there are any.
    private static func warnings(_ notices: [LayoutNotice]) -> [(String, JSON)] {
        notices.isEmpty ? [] : [("warnings", .array(notices.map { .string($0.description) }))]
    }

    /// Named frames in the order people read them: by id, numbers by value (`tags[2]` before `tags[10]`).
    package static func sortedFrames(_ frames: [String: CGRect]) -> [(id: String, frame: CGRect)] {
        frames.sorted { first, second in
            switch first.key.compare(second.key, options: .numeric) {
            case .orderedAscending: return true
            case .orderedDescending: return false
            case .orderedSame: return first.key < second.key
            }
        }.map { ($0.key, $0.value) }
    }
}
