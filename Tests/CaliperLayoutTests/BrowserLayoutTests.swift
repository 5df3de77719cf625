// BrowserLayoutTests.swift — flows and seed cells measured with the fixture fonts against headless
// Chromium's flex layout of the same chips and cells (Tests/Goldens/browser_*.json, make_browser_layouts.py).
import Caliper
import CaliperLayout
import Foundation
import TestSupport
import Testing

/// `browser_flow.json`: Chromium's frames of `display:flex; flex-wrap:wrap` chip clouds.
struct BrowserFlowGoldens: Decodable {
    struct Item: Decodable {
        var text: String
        var font: String
        var size: Double
        var padding: [Double]
    }
    struct Case: Decodable, CustomStringConvertible {
        var name: String
        var containerWidth: Double
        var insets: [Double]
        var spacing: Double
        var lineSpacing: Double
        var alignment: String
        var rtl: Bool
        var exactFit: Bool
        var items: [Item]
        var frames: [[Double]]
        var rows: [[Int]]
        var contentSize: [Double]
        var description: String { name }
    }
    var cases: [Case]
}

/// `browser_cells.json`: Chromium's layout of each Examples/*.json cell at 320, 375 and 414.
struct BrowserCellGoldens: Decodable {
    /// An inline box of a label, whose frame is among the cell's frames.
    struct InlineBox: Decodable {
        var label: String
        /// Text runs before the box on its line, each of which Chromium ceils to 1/64.
        var textRunsBefore: Int
    }
    struct Cell: Decodable, CustomStringConvertible {
        var spec: String
        var width: Double
        var height: Double
        var frames: [String: [Double]]
        var labelLines: [String: Int]
        var flowRows: [String: [[Int]]]?
        /// Each flow's chips, in the root's coordinates.
        var flowFrames: [String: [[Double]]]?
        var inlineBoxes: [String: InlineBox]?
        var description: String { "\(spec) at \(width)" }
    }
    var cells: [Cell]
}

func edgeInsets(_ values: [Double]) -> EdgeInsets {
    EdgeInsets(top: values[0], left: values[1], bottom: values[2], right: values[3])
}

@Suite struct BrowserLayoutTests {
    static func load<T: Decodable>(_ name: String, as type: T.Type) -> T? {
        guard let data = try? Data(contentsOf: LayoutFixtures.root.appendingPathComponent("Tests/Goldens/\(name)")) else { return nil }
        return try? JSONDecoder().decode(T.self, from: data)
    }

    static let flows = load("browser_flow.json", as: BrowserFlowGoldens.self)?.cases ?? []
    static let cells = load("browser_cells.json", as: BrowserCellGoldens.self)?.cells ?? []

    @Test func goldensAreThere() {
        #expect(Self.flows.count >= 20)
        #expect(Self.cells.count == 12)
    }

    /// Chromium works in 1/64 px units and ceils each text width to them, so positions may drift by
    /// 1/64 per chip before them in the row (the tolerances of Tests/Goldens/browser_layouts.md).
    @Test func chipFramesAgreeWithChromiumFlexWrap() {
        let agreed = Conformance.agreed(Self.flows) { golden in
            var found = Conformance.Differences()
            let items = try golden.items.map { item in
                FlowItem.chip(
                    item.text, style: try LayoutFixtures.style(item.font, size: CGFloat(item.size)), padding: edgeInsets(item.padding))
            }
            let alignment: FlowStyle.HorizontalAlignment = ["center": .center, "trailing": .trailing][golden.alignment] ?? .leading
            let style = FlowStyle(
                insets: edgeInsets(golden.insets), interitemSpacing: CGFloat(golden.spacing), lineSpacing: CGFloat(golden.lineSpacing),
                horizontalAlignment: alignment, isRightToLeft: golden.rtl)
            let result = try FlowLayout(items: items, style: style).layout(width: CGFloat(golden.containerWidth), measurer: TextMeasurer())
            found.check(result.rows.map { [$0.lowerBound, $0.upperBound] } == golden.rows)
            for (rowIndex, row) in golden.rows.enumerated() {
                let count = row[1] - row[0]
                for index in row[0]..<row[1] {
                    let frame = result.frames[index]
                    let expected = golden.frames[index]
                    let positionTolerance = golden.exactFit ? 1e-9 : Double(count + 1) / 64
                    found.check(abs(Double(frame.minX) - expected[0]) <= positionTolerance, "item \(index) x")
                    found.check(abs(Double(frame.minY) - expected[1]) <= Double(rowIndex) / 128 + 1e-9, "item \(index) y")
                    found.check(abs(Double(frame.width) - expected[2]) <= (golden.exactFit ? 1e-9 : 1.0 / 64), "item \(index) width")
                    found.check(abs(Double(frame.height) - expected[3]) <= 1.0 / 128, "item \(index) height")
                }
            }
            found.check(Double(result.contentSize.width) == golden.contentSize[0])
            found.check(abs(Double(result.contentSize.height) - golden.contentSize[1]) <= Double(golden.rows.count) / 128 + 1e-9)
            return found.found
        }
        Conformance.record("browser-flow", cases: Self.flows.count, agreed: agreed)
    }

    @Test func seedCellsAgreeWithChromium() {
        let agreed = Conformance.agreed(Self.cells) { golden in
            var found = Conformance.Differences()
            let data = try Data(contentsOf: LayoutFixtures.root.appendingPathComponent(golden.spec))
            let folder = (golden.spec as NSString).deletingLastPathComponent
            let root = try CellSpecReader(resolver: LayoutFixtures.resolver, folder: folder).layout(
                try found.require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["root"] as? [String: Any]))
            let arrangement = try root.arrange(width: CGFloat(golden.width), measurer: TextMeasurer())
            // Chromium rounds each line box to 1/64; allow half of that per line of text in the cell
            // (label lines and chip rows).
            let textLines = golden.labelLines.values.reduce(0, +) + (golden.flowRows?.values.map(\.count).reduce(0, +) ?? 0)
            let tolerance = Double(textLines) / 128 + 1e-9
            found.check(abs(Double(arrangement.frame.height) - golden.height) <= tolerance)
            let frames = arrangement.framesByID
            for (id, expected) in golden.frames {
                let frame = try found.require(frames[id], "no frame for \(id)")
                // Nodes' x involves no text width; an inline box's is the text before it on its line.
                let xTolerance = Double(golden.inlineBoxes?[id]?.textRunsBefore ?? 0) / 64 + 1e-9
                found.check(abs(Double(frame.minX) - expected[0]) <= xTolerance, "\(id) x")
                found.check(abs(Double(frame.width) - expected[2]) <= 1e-9, "\(id) width")
                found.check(abs(Double(frame.minY) - expected[1]) <= tolerance, "\(id) y")
                found.check(abs(Double(frame.height) - expected[3]) <= tolerance, "\(id) height")
            }
            // Every chip of a flow has a frame of its own, `<flow id>[index]`, in the root's coordinates;
            // Chromium's may drift by 1/64 per chip before it in its row, as in the flow test above.
            for (flowID, chips) in golden.flowFrames ?? [:] {
                let rows = try found.require(golden.flowRows?[flowID])
                for (rowIndex, row) in rows.enumerated() {
                    for index in row[0]..<row[1] {
                        let frame = try found.require(frames["\(flowID)[\(index)]"], "no frame for \(flowID)[\(index)]")
                        let expected = chips[index]
                        found.check(abs(Double(frame.minX) - expected[0]) <= Double(row[1] - row[0] + 1) / 64, "\(flowID)[\(index)] x")
                        found.check(abs(Double(frame.minY) - expected[1]) <= Double(rowIndex) / 128 + 1e-9, "\(flowID)[\(index)] y")
                        found.check(abs(Double(frame.width) - expected[2]) <= 1.0 / 64, "\(flowID)[\(index)] width")
                        found.check(abs(Double(frame.height) - expected[3]) <= 1.0 / 128, "\(flowID)[\(index)] height")
                    }
                }
                found.check(frames["\(flowID)[\(chips.count)]"] == nil)
            }
            for (id, lines) in golden.labelLines {
                let label = try found.require(arrangement.allArrangements.first { $0.layout.id == id })
                guard case .text(let text, _) = label.content else {
                    found.check(false, "\(id) is not a label")
                    continue
                }
                found.check(text.lines.count == lines, "\(id) lines")
            }
            return found.found
        }
        Conformance.record("browser-cells", cases: Self.cells.count, agreed: agreed)
    }
}

/// Builds the cell trees of Examples/*.json for the tests (the CLI has its own reader; this one
/// covers the node types and label keys the examples use, so the test does not depend on the CLI target).
struct CellSpecReader {
    let resolver: FontResolver
    /// The spec's folder, from the repository's root: its font paths are relative to it.
    let folder: String

    func layout(_ node: [String: Any]) throws -> any Layout {
        let id = node["id"] as? String
        func number(_ key: String) -> CGFloat? { (node[key] as? NSNumber).map { CGFloat($0.doubleValue) } }
        func insets(_ key: String) -> EdgeInsets {
            edgeInsets((node[key] as? [NSNumber])?.map(\.doubleValue) ?? [0, 0, 0, 0])
        }
        switch node["type"] as? String {
        case "label":
            let lines = (node["numberOfLines"] as? NSNumber)?.intValue ?? 0
            let mode = LineBreakMode(rawValue: node["lineBreak"] as? String ?? "word") ?? .byWordWrapping
            return LabelLayout(
                id: id, attributedText: try attributedText(node),
                paragraphStyle: ParagraphStyle(lineBreakMode: mode, numberOfLines: lines))
        case "box":
            return BoxLayout(id: id, width: number("width") ?? 0, height: number("height") ?? 0)
        case "inset":
            return InsetLayout(id: id, insets: insets("insets"), child: try layout(node["child"] as? [String: Any] ?? [:]))
        case "stack":
            let children = node["children"] as? [[String: Any]] ?? []
            return StackLayout(
                id: id, axis: StackLayout.Axis(rawValue: node["axis"] as? String ?? "") ?? .vertical, spacing: number("spacing") ?? 0,
                alignment: StackLayout.Alignment(rawValue: node["alignment"] as? String ?? "fill") ?? .fill,
                children: try children.map(layout), flexibleChild: children.firstIndex { $0["flexible"] as? Bool == true })
        case "flow":
            let items = try (node["items"] as? [[String: Any]] ?? []).map { item in
                FlowItem.chip(
                    item["text"] as? String ?? "", style: try style(item),
                    padding: edgeInsets((item["padding"] as? [NSNumber])?.map(\.doubleValue) ?? [0, 0, 0, 0]))
            }
            return FlowLayout(
                id: id, items: items,
                style: FlowStyle(insets: insets("insets"), interitemSpacing: number("spacing") ?? 8, lineSpacing: number("lineSpacing") ?? 8))
        default:
            throw LayoutError("unknown node type in \(node)")
        }
    }

    /// A font file, set at `variations` (`{"wght": 650}`) when given.
    func face(_ path: String, variations: Any?) throws -> FontFace {
        let face = try resolver.face(for: LayoutFixtures.path(folder + "/" + path))
        guard let axes = variations as? [String: NSNumber] else { return face }
        return try face.withVariations(axes.map { try FontVariation(tag: $0.key, value: $0.value.doubleValue) })
    }

    func style(_ object: [String: Any]) throws -> TextStyle {
        TextStyle(
            font: try face(object["font"] as? String ?? "", variations: object["variations"]),
            size: CGFloat((object["size"] as? NSNumber)?.doubleValue ?? 17))
    }

    /// A label's or chip's `text` in its style, with `spans` overriding `font` (with its own
    /// `variations`) and `size`, and `attachments` (inline boxes) on its U+FFFC characters.
    func attributedText(_ object: [String: Any]) throws -> AttributedText {
        let base = try style(object)
        var text = AttributedText(object["text"] as? String ?? "", style: base)
        for span in object["spans"] as? [[String: Any]] ?? [] {
            var spanStyle = base
            if let font = span["font"] as? String { spanStyle.font = try face(font, variations: span["variations"]) }
            if let size = span["size"] as? NSNumber { spanStyle.size = CGFloat(size.doubleValue) }
            let start = (span["start"] as? NSNumber)?.intValue ?? 0
            try text.setStyle(spanStyle, utf16Range: start..<((span["end"] as? NSNumber)?.intValue ?? start))
        }
        let alignments: [String: InlineBox.Alignment] = [
            "baseline": .baseline(offset: 0), "middle": .centerOnXHeight, "center": .centerOnLine, "top": .top, "bottom": .bottom,
        ]
        for attachment in object["attachments"] as? [[String: Any]] ?? [] {
            let box = InlineBox(
                width: CGFloat((attachment["width"] as? NSNumber)?.doubleValue ?? 0),
                height: CGFloat((attachment["height"] as? NSNumber)?.doubleValue ?? 0),
                alignment: alignments[attachment["alignment"] as? String ?? "baseline"] ?? .baseline(offset: 0),
                id: attachment["id"] as? String)
            try text.setInlineBox(box, atUTF16Offset: (attachment["at"] as? NSNumber)?.intValue ?? -1)
        }
        return text
    }
}
