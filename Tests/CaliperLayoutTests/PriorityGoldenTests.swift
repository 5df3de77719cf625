// PriorityGoldenTests.swift — rows and cells with content hugging and compression resistance against kiwisolver
// (Cassowary) solving the same constraints (Tests/Goldens/priorities.json, make_priorities.py).
import Caliper
import CaliperLayout
import Foundation
import TestSupport
import Testing

/// `priorities.json`: cells as trees of labels, boxes, insets and stacks, with kiwisolver's frames.
struct PriorityGoldens: Decodable {
    final class Node: Decodable, Sendable {
        let type: String
        let id: String?
        let text: String?
        let numberOfLines: Int?
        let lineBreak: String?
        let width: Double?
        let height: Double?
        let insets: [Double]?
        let axis: String?
        let spacing: Double?
        let alignment: String?
        let flexibleChild: Int?
        let children: [Node]?
        let child: Node?
        let huggingPriority: [String: Float]?
        let compressionResistancePriority: [String: Float]?
    }
    struct Case: Decodable, CustomStringConvertible {
        var name: String
        var width: Double
        /// A fixed cell height, or `nil` for a self-sizing cell.
        var height: Double?
        var characterWidth: Double
        var lineHeight: Double
        var root: Node
        var size: [Double]
        var frames: [String: [Double]]
        var description: String { name }
    }
    var cases: [Case]
}

@Suite struct PriorityGoldenTests {
    static let goldens: [PriorityGoldens.Case] = {
        let url = LayoutFixtures.root.appendingPathComponent("Tests/Goldens/priorities.json")
        guard let data = try? Data(contentsOf: url) else { return [] }
        return (try? JSONDecoder().decode(PriorityGoldens.self, from: data))?.cases ?? []
    }()

    @Test func goldensAreThere() {
        #expect(Self.goldens.count >= 16)
        let names = Set(Self.goldens.map(\.name))
        for required in ["name-date-row", "name-date-row-name-resists", "title-content-cell-375", "avatar-cell"] {
            #expect(names.contains(required))
        }
    }

    @Test func framesMatchKiwisolver() {
        let agreed = Conformance.agreed(Self.goldens) { golden in
            var found = Conformance.Differences()
            let measurer = FakeMeasurer(characterWidth: golden.characterWidth, lineHeight: golden.lineHeight, baseline: golden.lineHeight * 0.8)
            let cell = try Self.layout(golden.root)
            let arrangement = if let height = golden.height {
                try cell.arrange(in: CGRect(x: 0, y: 0, width: golden.width, height: height), measurer: measurer)
            } else {
                try cell.arrange(width: golden.width, measurer: measurer)
            }
            found.check(
                abs(arrangement.frame.width - golden.size[0]) <= 1e-6 && abs(arrangement.frame.height - golden.size[1]) <= 1e-6,
                "cell size \(arrangement.frame.size), kiwisolver \(golden.size)")
            let frames = arrangement.framesByID
            for (id, expected) in golden.frames {
                let frame = try found.require(frames[id], "no frame for \(id)")
                let actual = [frame.minX, frame.minY, frame.width, frame.height]
                found.check(zip(actual, expected).allSatisfy { abs($0 - $1) <= 1e-6 }, "\(id): \(actual), kiwisolver \(expected)")
            }
            return found.found
        }
        Conformance.record("priorities", cases: Self.goldens.count, agreed: agreed)
    }

    static func priorities(_ values: [String: Float]?, default defaults: AxisPriorities) -> AxisPriorities {
        AxisPriorities(
            horizontal: values?["horizontal"].map { LayoutPriority($0) } ?? defaults.horizontal,
            vertical: values?["vertical"].map { LayoutPriority($0) } ?? defaults.vertical)
    }

    static func layout(_ node: PriorityGoldens.Node) throws -> any Layout {
        switch node.type {
        case "label":
            let lines = node.numberOfLines ?? 0
            return LabelLayout(
                id: node.id, text: node.text ?? "", style: try LayoutFixtures.style(),
                paragraphStyle: ParagraphStyle(
                    lineBreakMode: node.lineBreak == "truncate-tail" ? .byTruncatingTail : .byWordWrapping, numberOfLines: lines),
                contentHuggingPriority: priorities(node.huggingPriority, default: .labelContentHugging),
                compressionResistancePriority: priorities(node.compressionResistancePriority, default: .defaultCompressionResistance))
        case "box":
            // Without priorities of its own, a box keeps the ones its fixed sides imply (required).
            return BoxLayout(
                id: node.id, width: node.width ?? 0, height: node.height ?? 0,
                contentHuggingPriority: node.huggingPriority.map { priorities($0, default: .required) },
                compressionResistancePriority: node.compressionResistancePriority.map { priorities($0, default: .required) })
        case "inset":
            let insets = node.insets ?? [0, 0, 0, 0]
            return InsetLayout(
                id: node.id, insets: EdgeInsets(top: insets[0], left: insets[1], bottom: insets[2], right: insets[3]),
                child: try layout(try #require(node.child)))
        case "stack":
            return StackLayout(
                id: node.id, axis: node.axis == "horizontal" ? .horizontal : .vertical, spacing: node.spacing ?? 0,
                alignment: StackLayout.Alignment(rawValue: node.alignment ?? "fill") ?? .fill,
                children: try (node.children ?? []).map(layout), flexibleChild: node.flexibleChild)
        default:
            throw LayoutError("unknown node type \(node.type) in priorities.json")
        }
    }
}
