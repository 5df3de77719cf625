// LayoutSpec+Flow.swift — chip flows read from JSON: items, insets, spacing, alignment, packing, rounding.
import Caliper
import CaliperLayout
import Foundation

extension LayoutSpec {
    /// A flow: `items` (chips `{text, font, size, padding, minWidth, maxWidth, maxLines}`, with `spans`,
    /// `markup`, `variations` and `attachments` as a label's, or fixed `{width, height}`; either may have an `id`),
    /// `width` (when laid out alone), `insets`, `spacing` and `lineSpacing` (``FlowStyle``'s defaults, 8),
    /// `alignment` (`leading`/`left`, `center`, `trailing`/`right`, `justified`), `verticalAlignment`,
    /// `rtl`, `maxRows`, `overflowFormat` (``FlowStyle/OverflowChip/defaultFormat``; `"overflow": false` hides silently), `packing` (`greedy`|`balanced`),
    /// `rounding` (`none`|`pixel`) with `scale`, `horizontal` (one scrolling row). The caller checks
    /// the flow object's own keys (they differ for a node and a request, and for Android:
    /// ``androidFlowKeys``); this checks the items' (for Android, ``androidChipKeys``).
    package func flow(_ object: JSONObject) throws -> FlowLayout {
        let itemObjects = try object.objects("items")
        guard itemObjects.count <= Self.maximumFlowItems else {
            throw InputError("\(object.keyPath("items")) has \(itemObjects.count) items, over the limit of \(Self.maximumFlowItems)")
        }
        let items: [FlowItem] = try itemObjects.map { item in
            let id = try item.string("id")
            if try item.string("text") == nil, try item.string("markup") == nil, let width = try item.number("width") {
                try item.requireKnownKeys(Self.fixedItemKeys)
                return .fixed(CGSize(width: width, height: try item.requiredNumber("height")), id: id)
            }
            if platform == .android {
                try item.requireKnownAndroidKeys(Self.androidChipKeys, uikitKeys: Self.chipKeys)
                try requireAndroidText(item)
            } else {
                try item.requireKnownKeys(Self.chipKeys)
            }
            return .chip(
                try styledText(item).text, id: id, padding: try edgeInsets(item, "padding"),
                minimumWidth: try item.number("minWidth").map { CGFloat($0) }, maximumWidth: try item.number("maxWidth").map { CGFloat($0) },
                maximumLines: try item.integer("maxLines") ?? 1,
                minimumScaleFactor: try item.number("minimumScaleFactor").map { CGFloat($0) })
        }
        var style = FlowStyle(
            insets: try edgeInsets(object, "insets"), interitemSpacing: try object.number("spacing").map { CGFloat($0) } ?? FlowStyle.defaultInteritemSpacing,
            lineSpacing: try object.number("lineSpacing").map { CGFloat($0) } ?? FlowStyle.defaultLineSpacing,
            horizontalAlignment: try horizontalAlignment(object.string("alignment")),
            verticalAlignment: try verticalAlignment(object.string("verticalAlignment")),
            isRightToLeft: try object.bool("rtl") ?? false, maximumRows: try object.integer("maxRows"),
            packing: try packing(object.string("packing")), scrollsHorizontally: try object.bool("horizontal") ?? false)
        switch try object.string("rounding") ?? "none" {
        case "none":
            // A scale that would round nothing is refused rather than ignored.
            if object.has("scale") { throw object.error("\"scale\" goes with \"rounding\": \"pixel\"") }
        case "pixel": style.pixelScale = CGFloat(try object.number("scale") ?? 1)
        case let other: throw InputError("\(object.name("rounding")) must be none or pixel, not \"\(other)\"")
        }
        // Hidden items are counted on a "+N" chip styled like the first chip, unless "overflow" is false.
        let firstChip = items.lazy.compactMap { item -> (TextStyle, EdgeInsets)? in
            if case .text(let text) = item.content { return (text.spans[0].style, item.padding) } else { return nil }
        }.first
        if style.maximumRows != nil, try object.bool("overflow") ?? true, let (chipStyle, padding) = firstChip {
            let format = try object.string("overflowFormat") ?? FlowStyle.OverflowChip.defaultFormat
            style.overflowChip = FlowStyle.OverflowChip(format: format, style: chipStyle, padding: padding)
        }
        // The node's `id` is set by `layout(_:)`; a batch request's `id` is the request's own.
        return FlowLayout(items: items, style: style)
    }

    func edgeInsets(_ object: JSONObject, _ key: String) throws -> EdgeInsets {
        guard let values = try object.insets(key) else { return .zero }
        return EdgeInsets(top: values[0], left: values[1], bottom: values[2], right: values[3])
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

    func packing(_ name: String?) throws -> FlowStyle.Packing {
        guard let name else { return .greedy }
        guard let packing = FlowStyle.Packing(rawValue: name) else { throw InputError("unknown packing \"\(name)\" (known: greedy, balanced)") }
        return packing
    }
}
