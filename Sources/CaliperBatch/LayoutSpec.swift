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
    package static let nodeKeys: KnownKeys = ["type", "id", "description"]
    /// The priorities a label, box, inset or stack may set, read by ``priorities(_:_:over:)``.
    package static let priorityKeys: KnownKeys = ["huggingPriority", "compressionResistancePriority"]
    /// What a stack's child may say besides its own node's keys.
    package static let stackChildKeys: KnownKeys = ["flexible"]
    /// A text style (a request's, a label's, a chip's), read by ``textStyle(_:)``.
    package static let textStyleKeys: KnownKeys = ["font", "variations", "systemFont", "size", "letterSpacing", "features", "baselineOffset", "fallback", "language"]
    /// Styled text, read by ``styledText(_:lengthLimit:)``: the text and its style.
    package static let styledTextKeys: KnownKeys = ["text", "markup", "spans", "attachments", "textStyle", "contentSizeCategory"] + textStyleKeys
    /// A paragraph style (a measure request's, a label's, a `paragraphs` entry's), read by
    /// ``paragraphStyle(_:over:)``.
    package static let paragraphStyleKeys: KnownKeys = [
        "lineBreak", "lineSpacing", "lineHeightMultiple", "minLineHeight", "maxLineHeight", "direction", "usesFontLeading", "textWrap",
        "hyphenationFactor", "tabStops", "defaultTabInterval",
    ]
    /// A `paragraphs` entry, read by ``settingParagraphStyles(of:on:over:)``: the range whose
    /// paragraphs it styles, and the paragraph style keys it sets for them.
    package static let paragraphKeys: KnownKeys = ["start", "end"] + paragraphStyleKeys
    package static let labelKeys: KnownKeys = nodeKeys + styledTextKeys + ["numberOfLines", "paragraphs", "minimumScaleFactor"] + paragraphStyleKeys + priorityKeys
    package static let boxKeys: KnownKeys = nodeKeys + ["width", "height", "aspectRatio"] + priorityKeys
    package static let insetKeys: KnownKeys = nodeKeys + ["insets", "child"] + priorityKeys
    package static let stackKeys: KnownKeys = nodeKeys + ["axis", "spacing", "alignment", "children"] + priorityKeys
    /// A flow's own keys, read by ``flow(_:)`` (a flow node adds ``nodeKeys``, a flow request its own).
    package static let flowKeys: KnownKeys = [
        "items", "insets", "spacing", "lineSpacing", "alignment", "verticalAlignment", "rtl", "maxRows", "overflowFormat",
        "overflow", "packing", "rounding", "scale", "horizontal",
    ]
    package static let flowNodeKeys: KnownKeys = nodeKeys + flowKeys
    /// A text chip of a flow.
    package static let chipKeys: KnownKeys = ["id"] + styledTextKeys + ["padding", "minWidth", "maxWidth", "maxLines", "minimumScaleFactor"]
    /// A flow item of a fixed size (one with a `width` and no `text` or `markup`).
    package static let fixedItemKeys: KnownKeys = ["id", "width", "height"]
    // For Android ("platform": "android") a label, chip or flow has fewer keys: a TextView's text
    // is in one style, `size` in sp; UIKit's keys beside these are refused by name
    // (`JSONObject.requireKnownAndroidKeys`). Boxes, insets and stacks have the same keys, in dp.

    /// A label for Android: its text (``AndroidMeasureRequest/textKeys``, or a `typeface` of the
    /// device's fonts instead of a font file), its line limit and
    /// line break mode (``Caliper/AndroidParagraphStyle/init(_:view:)`` maps them), priorities.
    package static let androidLabelKeys: KnownKeys =
        nodeKeys + AndroidMeasureRequest.textKeys + ["typeface", "numberOfLines", "lineBreak"] + priorityKeys
    /// A text chip of a flow for Android.
    package static let androidChipKeys: KnownKeys = ["id"] + AndroidMeasureRequest.textKeys + ["typeface", "padding", "minWidth", "maxWidth", "maxLines"]
    /// A flow's own keys for Android: ``flowKeys`` but UIKit's rounding to its pixel grid
    /// (`rounding`, `scale`); a `TextView`'s sizes are whole px already.
    package static let androidFlowKeys: KnownKeys = [
        "items", "insets", "spacing", "lineSpacing", "alignment", "verticalAlignment", "rtl", "maxRows", "overflowFormat", "overflow",
        "packing", "horizontal",
    ]
    package static let androidFlowNodeKeys: KnownKeys = nodeKeys + androidFlowKeys
    /// A node's `huggingPriority` or `compressionResistancePriority` object.
    package static let axisPriorityKeys: KnownKeys = ["horizontal", "vertical"]
    /// A `tabStops` entry.
    package static let tabStopKeys: KnownKeys = ["location", "alignment"]
    // Spans (``spanKeys``) and attachments (``attachmentKeys``) have theirs beside their readers below.

    /// The spec's settings and the faces its font names resolved to, in one object: a spec is
    /// copied several times over a request (into the closures that read its texts), and a copy
    /// counted a reference to each of its seven; now to one.
    let settings: Settings

    /// The fonts' resolver.
    package var resolver: FontResolver { settings.resolver }
    /// Where characters the fonts lack are looked for (`fallback` fonts named in the JSON come first).
    package var fallback: FontFallback { settings.fallback }
    /// The folder relative font paths are read from (a spec file's folder); `nil` reads them from
    /// the current directory, as the resolver does.
    package var fontFolder: String? { settings.fontFolder }
    /// Whether ``fontFolder`` is a font root (batch with `--font-root`, the service), whose
    /// requests may still name a file inside it from the working directory
    /// (`FontResolver.face(for:inRoot:)`), rather than a spec file's folder.
    package var fontFolderIsRoot: Bool { settings.fontFolderIsRoot }
    /// Only the fonts the JSON names: every text must name its `font` (the default font is found
    /// among the machine's), and there is no system fallback.
    package var onlyGivenFonts: Bool { settings.onlyGivenFonts }
    /// The fallback fonts of a text that names none (`fallback`): a service's cascade from its
    /// font root; none for `caliper batch`, which falls back through fontconfig.
    package var defaultFallbackFonts: [FontFace] { settings.defaultFallbackFonts }
    /// Apple's system fonts, which a text's `systemFont` is set in (`caliper --system-font DIR`,
    /// the service's `--system-font DIR`); `nil`: `systemFont` is refused.
    package var systemFonts: SystemFonts? { settings.systemFonts }
    /// The platform the spec's texts are laid out for: for Android, labels, chips and flows have
    /// only the keys a `TextView` reads (``androidLabelKeys``, ``androidChipKeys``,
    /// ``androidFlowKeys``), each text names its `size` (in sp), and no system fallback is looked
    /// for (Android falls back through its own fonts).
    package var platform: MeasurePlatform { settings.platform }
    /// A device's fonts (the door's `--android-fonts`), which an Android text's `typeface` names a
    /// family of; `nil`: `typeface` is refused.
    package var androidFonts: AndroidFonts? { settings.androidFonts }
    /// A spec whose fonts come from `resolver`, relative paths read from `fontFolder`, its texts
    /// laid out for `platform`.
    package init(
        resolver: FontResolver, fallback: FontFallback = .system, fontFolder: String? = nil, fontFolderIsRoot: Bool = false,
        onlyGivenFonts: Bool = false, defaultFallbackFonts: [FontFace] = [], systemFonts: SystemFonts? = nil, platform: MeasurePlatform = .ios,
        androidFonts: AndroidFonts? = nil
    ) {
        settings = Settings(
            resolver: resolver, fallback: onlyGivenFonts || platform == .android ? .none : fallback, fontFolder: fontFolder,
            fontFolderIsRoot: fontFolderIsRoot, onlyGivenFonts: onlyGivenFonts, defaultFallbackFonts: defaultFallbackFonts,
            systemFonts: systemFonts, platform: platform, androidFonts: androidFonts)
    }

    /// What a spec reads with, set once, and the faces its font names resolved to, in the order
    /// first named (at most ``capacity``): a request names a few fonts, often many times over
    /// (each chip of a flow its fallback list), and each look-up in the resolver hashes the name
    /// and takes the lock every thread shares. Belongs to one spec, read on one
    /// thread: not `Sendable`.
    final class Settings {
        let resolver: FontResolver
        let fallback: FontFallback
        let fontFolder: String?
        let fontFolderIsRoot: Bool
        let onlyGivenFonts: Bool
        let defaultFallbackFonts: [FontFace]
        let systemFonts: SystemFonts?
        let platform: MeasurePlatform
        let androidFonts: AndroidFonts?
        /// The most font names remembered; past it, names are looked up each time.
        static let capacity = 16
        private var faces: [(name: String, face: FontFace)] = []

        init(
            resolver: FontResolver, fallback: FontFallback, fontFolder: String?, fontFolderIsRoot: Bool, onlyGivenFonts: Bool,
            defaultFallbackFonts: [FontFace], systemFonts: SystemFonts?, platform: MeasurePlatform, androidFonts: AndroidFonts?
        ) {
            self.resolver = resolver
            self.fallback = fallback
            self.fontFolder = fontFolder
            self.fontFolderIsRoot = fontFolderIsRoot
            self.onlyGivenFonts = onlyGivenFonts
            self.defaultFallbackFonts = defaultFallbackFonts
            self.systemFonts = systemFonts
            self.platform = platform
            self.androidFonts = androidFonts
        }

        /// The face remembered for `name`, else `resolve()`'s, remembered.
        func face(_ name: String, orResolve resolve: () throws -> FontFace) rethrows -> FontFace {
            for entry in faces where JSONObject.same(entry.name, name) { return entry.face }
            let face = try resolve()
            if faces.count < Self.capacity { faces.append((name, face)) }
            return face
        }
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

    private func layout(_ node: JSONObject, extraKeys: KnownKeys? = nil, ids: inout FrameIDs) throws -> any Layout {
        let id = try node.string("id")
        let type = try node.requiredString("type")
        let known: KnownKeys
        switch type {
        case "label": known = Self.labelKeys
        case "box": known = Self.boxKeys
        case "inset": known = Self.insetKeys
        case "stack": known = Self.stackKeys
        case "flow": known = Self.flowNodeKeys
        default: throw InputError("unknown \(node.keyPath("type")) \"\(type)\" (known: label, box, inset, stack, flow)")
        }
        switch (platform, type) {
        case (.android, "label"): try node.requireKnownAndroidKeys(Self.androidLabelKeys, uikitKeys: known, extraKeys)
        case (.android, "flow"): try node.requireKnownAndroidKeys(Self.androidFlowNodeKeys, uikitKeys: known, extraKeys)
        default: try node.requireKnownKeys(known, extraKeys)
        }
        if let id { try ids.add(id, at: node) }
        switch type {
        case "label":
            let paragraph = try paragraphStyle(node, over: ParagraphStyle(numberOfLines: try node.integer("numberOfLines") ?? 0))
            if platform == .android { try requireAndroidText(node, paragraphStyle: paragraph) }
            try ids.addAttachments(of: node)
            let text = try settingParagraphStyles(of: node, on: try styledText(node).text, over: paragraph)
            var label = LabelLayout(id: id, attributedText: text, paragraphStyle: paragraph)
            label.minimumScaleFactor = try node.number("minimumScaleFactor").map { CGFloat($0) }
            try overridePriorities(of: &label, from: node)
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
            try overridePriorities(of: &box, from: node)
            return box
        case "inset":
            var inset = InsetLayout(id: id, insets: try edgeInsets(node, "insets"), child: try layout(node.object("child"), ids: &ids))
            try overridePriorities(of: &inset, from: node)
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
            try overridePriorities(of: &stack, from: node)
            return stack
        default:
            var flowLayout = try flow(node)
            flowLayout.id = id
            try ids.addItems(of: node, flowID: id, hasOverflowChip: flowLayout.style.overflowChip != nil)
            return flowLayout
        }
    }


    /// Refuses a label or chip for Android without a `size` (a `TextView`'s default depends on
    /// its theme), or whose paragraph style a `TextView` cannot follow
    /// (``Caliper/AndroidParagraphStyle/init(_:view:)``), naming the object: checked as the spec is
    /// read, before anything is laid out.
    func requireAndroidText(_ object: JSONObject, paragraphStyle: ParagraphStyle = ParagraphStyle()) throws {
        guard object.has("size") else {
            throw InputError("missing \(object.name("size")): the text size in sp (a TextView's default depends on its theme)")
        }
        do {
            _ = try AndroidParagraphStyle(paragraphStyle)
        } catch {
            throw object.error(error.description)
        }
    }

    /// `node`'s `huggingPriority` and `compressionResistancePriority`, each over `layout`'s own;
    /// a key left out keeps what the layout derives.
    private func overridePriorities(of layout: inout some PrioritizedNode, from node: JSONObject) throws {
        if let hugging = try priorities(node, "huggingPriority", over: layout.contentHuggingPriority) {
            layout.override(hugging: hugging)
        }
        if let resistance = try priorities(node, "compressionResistancePriority", over: layout.compressionResistancePriority) {
            layout.override(compressionResistance: resistance)
        }
    }

    /// `key` (`huggingPriority` or `compressionResistancePriority`) of `node`: `{"horizontal",
    /// "vertical"}`, each a number from 0 to 1000; an axis left out keeps `defaults`' (the node's
    /// own). `nil` when the node has no `key`, so a node keeps the priorities it derives.
    private func priorities(_ node: JSONObject, _ key: String, over defaults: AxisPriorities) throws -> AxisPriorities? {
        guard node.contains(key: key) else { return nil }
        let object = try node.object(key)
        try object.requireKnownKeys(Self.axisPriorityKeys)
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

}

/// A node whose spec may set its priorities (`huggingPriority`, `compressionResistancePriority`).
protocol PrioritizedNode {
    var contentHuggingPriority: AxisPriorities { get }
    var compressionResistancePriority: AxisPriorities { get }
    mutating func override(hugging: AxisPriorities)
    mutating func override(compressionResistance: AxisPriorities)
}

extension LabelLayout: PrioritizedNode {
    mutating func override(hugging: AxisPriorities) { contentHuggingPriority = hugging }
    mutating func override(compressionResistance: AxisPriorities) { compressionResistancePriority = compressionResistance }
}

/// A layout that keeps a spec's priorities as overrides of those it derives (box, inset, stack).
protocol PriorityOverriding: PrioritizedNode {
    var contentHuggingPriorityOverride: AxisPriorities? { get set }
    var compressionResistancePriorityOverride: AxisPriorities? { get set }
}

extension PriorityOverriding {
    mutating func override(hugging: AxisPriorities) { contentHuggingPriorityOverride = hugging }
    mutating func override(compressionResistance: AxisPriorities) { compressionResistancePriorityOverride = compressionResistance }
}

extension BoxLayout: PriorityOverriding {}
extension InsetLayout: PriorityOverriding {}
extension StackLayout: PriorityOverriding {}
