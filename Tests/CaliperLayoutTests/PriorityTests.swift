// PriorityTests.swift — each node's default priorities and intrinsic width, derived priorities, and bad priorities.
import Caliper
import CaliperLayout
import Foundation
import Testing

@Suite struct PriorityTests {
    let measurer = FakeMeasurer()  // 10 pt per character, 20 pt lines

    func label(_ id: String, _ text: String, hugging: AxisPriorities = .labelContentHugging,
               resistance: AxisPriorities = .defaultCompressionResistance) throws -> LabelLayout {
        LabelLayout(
            id: id, text: text, style: try LayoutFixtures.style(),
            paragraphStyle: ParagraphStyle(lineBreakMode: .byTruncatingTail, numberOfLines: 1),
            contentHuggingPriority: hugging, compressionResistancePriority: resistance)
    }

    @Test func nodesHaveUIKitsDefaults() throws {
        let text = try label("a", "abc")
        #expect(text.contentHuggingPriority == AxisPriorities(251))
        #expect(text.compressionResistancePriority == AxisPriorities(750))
        #expect(BoxLayout(width: 40, height: 40).contentHuggingPriority == .required)
        #expect(BoxLayout(width: 40, height: 40).compressionResistancePriority == .required)
        // Only the fixed sides are required; a height from an aspect ratio is fixed too.
        #expect(BoxLayout(aspectRatio: 2).contentHuggingPriority == AxisPriorities(horizontal: 250, vertical: 1000))
        #expect(BoxLayout(aspectRatio: 2).compressionResistancePriority == AxisPriorities(horizontal: 750, vertical: 1000))
        #expect(BoxLayout(width: 30, aspectRatio: 2).contentHuggingPriority == .required)
        #expect(InsetLayout(insets: .zero, child: text).contentHuggingPriority == text.contentHuggingPriority)
        let flow = FlowLayout(items: [], style: FlowStyle())
        #expect(flow.contentHuggingPriority == AxisPriorities(250) && flow.compressionResistancePriority == AxisPriorities(750))
        #expect(try flow.intrinsicWidth(measurer: measurer) == nil)
    }

    @Test func stacksDeriveTheirPrioritiesFromTheirChildren() throws {
        let children: [any Layout] = [
            try label("a", "a", hugging: AxisPriorities(horizontal: 300, vertical: 260), resistance: AxisPriorities(horizontal: 800, vertical: 700)),
            BoxLayout(width: 10, height: 10),
        ]
        let row = StackLayout(axis: .horizontal, children: children)
        // Along: the lowest; across: the highest hugging below required, the highest resistance.
        #expect(row.contentHuggingPriority == AxisPriorities(horizontal: 300, vertical: 260))
        #expect(row.compressionResistancePriority == AxisPriorities(horizontal: 800, vertical: 1000))
        let column = StackLayout(axis: .vertical, children: children)
        #expect(column.contentHuggingPriority == AxisPriorities(horizontal: 300, vertical: 260))
        #expect(column.compressionResistancePriority == AxisPriorities(horizontal: 1000, vertical: 700))
        let boxes = StackLayout(axis: .vertical, children: [BoxLayout(width: 1, height: 1)])
        #expect(boxes.contentHuggingPriority == .required)
        // flexibleChild is 1 on the horizontal axis only.
        let flexible = StackLayout(axis: .horizontal, children: children, flexibleChild: 1)
        #expect(flexible.contentHuggingPriority.horizontal == .flexible)
        #expect(flexible.compressionResistancePriority == AxisPriorities(horizontal: 1, vertical: 1000))
        let overridden = StackLayout(axis: .horizontal, children: children, contentHuggingPriority: AxisPriorities(900))
        #expect(overridden.contentHuggingPriority == AxisPriorities(900))
    }

    @Test func intrinsicWidthsAddAlongARowAndTakeTheWidestInAColumn() throws {
        let children: [any Layout] = [try label("a", "abcd"), BoxLayout(width: 15, height: 1)]
        #expect(try children[0].intrinsicWidth(measurer: measurer) == 40)
        #expect(try StackLayout(axis: .horizontal, spacing: 5, children: children).intrinsicWidth(measurer: measurer) == 60)
        #expect(try StackLayout(axis: .vertical, spacing: 5, children: children).intrinsicWidth(measurer: measurer) == 40)
        #expect(try InsetLayout(insets: EdgeInsets(all: 3), child: children[0]).intrinsicWidth(measurer: measurer) == 46)
        #expect(try StackLayout(axis: .horizontal, children: children + [BoxLayout(aspectRatio: 1)]).intrinsicWidth(measurer: measurer) == nil)
    }

    @Test func requiredChildrenNeverGiveWaySoTheRowSticksOut() throws {
        let row = StackLayout(axis: .horizontal, spacing: 10, children: [
            BoxLayout(id: "a", width: 60, height: 10), BoxLayout(id: "b", width: 60, height: 10),
        ])
        #expect(try row.measurement(proposedWidth: 100, measurer: measurer).size.width == 130)
        let frames = try row.arrange(width: 100, measurer: measurer).framesByID
        #expect(frames["b"] == CGRect(x: 70, y: 0, width: 60, height: 10))
    }

    @Test func aRowWithAFlexibleChildIsAsWideAsOffered() throws {
        let children: [any Layout] = [try label("a", "ab"), try label("b", "cd")]
        #expect(try StackLayout(axis: .horizontal, children: children).measurement(proposedWidth: 100, measurer: measurer).size.width == 40)
        #expect(try StackLayout(axis: .horizontal, children: children, flexibleChild: 0)
            .measurement(proposedWidth: 100, measurer: measurer).size.width == 100)
        let frames = try StackLayout(axis: .horizontal, children: children, flexibleChild: 0).arrange(width: 100, measurer: measurer).framesByID
        #expect(frames["a"]?.width == 80 && frames["b"] == CGRect(x: 80, y: 0, width: 20, height: 20))
    }

    @Test(arguments: [Float(1200), -1, .nan, .infinity])
    func prioritiesOutsideZeroToAThousandAreErrors(_ value: Float) throws {
        let bad = try label("a", "abc", hugging: AxisPriorities(horizontal: LayoutPriority(value), vertical: 251))
        #expect(throws: LayoutError("the horizontal content hugging priority must be a finite number from 0 to 1000, not \(value)")) {
            try bad.size(fittingWidth: 100, measurer: measurer)
        }
        let box = BoxLayout(width: 1, height: 1, compressionResistancePriority: AxisPriorities(horizontal: 1000, vertical: LayoutPriority(value)))
        #expect(throws: LayoutError("the vertical compression resistance priority must be a finite number from 0 to 1000, not \(value)")) {
            try StackLayout(axis: .vertical, children: [box]).size(fittingWidth: 100, measurer: measurer)
        }
        #expect(throws: LayoutError.self) {
            try InsetLayout(insets: .zero, child: BoxLayout(width: 1, height: 1), contentHuggingPriority: AxisPriorities(LayoutPriority(value)))
                .size(fittingWidth: 100, measurer: measurer)
        }
    }
}
