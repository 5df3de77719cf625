// CellLayoutTests.swift — the seed cells and each layout node, with a fake measurer's round numbers.
import Caliper
import CaliperLayout
import Foundation
import Testing

@Suite struct CellLayoutTests {
    let measurer = FakeMeasurer()  // 10 pt per character, 20 pt lines, baseline 16

    func label(_ id: String, _ text: String, lines: Int = 0) throws -> LabelLayout {
        LabelLayout(
            id: id, text: text, style: try LayoutFixtures.style(),
            paragraphStyle: ParagraphStyle(lineBreakMode: lines == 1 ? .byTruncatingTail : .byWordWrapping, numberOfLines: lines))
    }

    /// Seed cell (a): title (1 line) over content (0 lines), 16 pt insets, 8 pt between.
    func titleContentCell(content: String) throws -> any Layout {
        InsetLayout(insets: EdgeInsets(all: 16), child: StackLayout(axis: .vertical, spacing: 8, children: [
            try label("title", String(repeating: "t", count: 100), lines: 1), try label("content", content),
        ]))
    }

    @Test(arguments: [320.0, 375, 414])
    func titleAndContentCellHeightFollowsTheWrappedContent(_ width: Double) throws {
        let content = String(repeating: "c", count: 70)
        let cell = try titleContentCell(content: content)
        // Content is offered width − 32 and wraps at 10 pt per character.
        let perLine = Int((width - 32) / 10)
        let contentLines = (70 + perLine - 1) / perLine
        let expected: CGFloat = 16 + 20 + 8 + CGFloat(contentLines) * 20 + 16
        #expect(try cell.size(fittingWidth: CGFloat(width), measurer: measurer) == CGSize(width: width, height: expected))
        let frames = try cell.arrange(width: CGFloat(width), measurer: measurer).framesByID
        #expect(frames["title"] == CGRect(x: 16, y: 16, width: width - 32, height: 20))
        #expect(frames["content"] == CGRect(x: 16, y: 44, width: width - 32, height: CGFloat(contentLines) * 20))
    }

    /// Seed cell (b): avatar 40×40, name and date beside it, content below, 8/10 margins.
    func feedCell(content: String) throws -> any Layout {
        let names = StackLayout(axis: .vertical, spacing: 2, children: [
            try label("name", "Ada Lovelace", lines: 1), try label("date", "Today", lines: 1),
        ])
        let header = StackLayout(
            axis: .horizontal, spacing: 10, alignment: .leading,
            children: [BoxLayout(id: "avatar", width: 40, height: 40), names], flexibleChild: 1)
        return InsetLayout(
            insets: EdgeInsets(top: 8, left: 10, bottom: 8, right: 10),
            child: StackLayout(axis: .vertical, spacing: 8, children: [header, try label("post", content)]))
    }

    @Test(arguments: [320.0, 375, 414])
    func feedCellPlacesTheAvatarBesideTheNamesAndThePostBelow(_ width: Double) throws {
        let cell = try feedCell(content: String(repeating: "p", count: 90))
        let perLine = Int((width - 20) / 10)
        let postLines = (90 + perLine - 1) / perLine
        // Header: max(40, 20 + 2 + 20) = 42.
        let expected: CGFloat = 8 + 42 + 8 + CGFloat(postLines) * 20 + 8
        #expect(try cell.size(fittingWidth: CGFloat(width), measurer: measurer).height == expected)
        let frames = try cell.arrange(width: CGFloat(width), measurer: measurer).framesByID
        #expect(frames["avatar"] == CGRect(x: 10, y: 8, width: 40, height: 40))
        #expect(frames["name"] == CGRect(x: 60, y: 8, width: width - 70, height: 20))
        #expect(frames["date"] == CGRect(x: 60, y: 30, width: width - 70, height: 20))
        #expect(frames["post"]?.minY == 58)
    }

    @Test func tagCellHeightIsItsFlowContentHeight() throws {
        let chips = try LayoutFixtures.chips(["swift", "ios", "machine learning", "text", "layout"])
        let flow = FlowLayout(id: "tags", items: chips, style: FlowStyle(interitemSpacing: 8, lineSpacing: 8))
        let cell = InsetLayout(insets: EdgeInsets(top: 12, left: 16, bottom: 12, right: 16), child: flow)
        // At 200: rows of 168 available: [60, 40] [170→clamped 168] [50, 70].
        let size = try cell.size(fittingWidth: 200, measurer: measurer)
        let rowsHeight: CGFloat = 24 * 3 + 8 * 2
        #expect(size.height == 12 + rowsHeight + 12)
        let arrangement = try cell.arrange(width: 200, measurer: measurer)
        #expect(arrangement.framesByID["tags"] == CGRect(x: 16, y: 12, width: 168, height: rowsHeight))
    }

    @Test func stackAlignmentsPlaceNarrowChildren() throws {
        for alignment in StackLayout.Alignment.allCases {
            // A fixed width is required: fill does not stretch it. A box that hugs at 250 does stretch.
            let stack = StackLayout(axis: .vertical, alignment: alignment, children: [
                BoxLayout(id: "box", width: 40, height: 10),
                BoxLayout(id: "loose", width: 40, height: 10, contentHuggingPriority: AxisPriorities(horizontal: 250, vertical: 1000)),
            ])
            let frames = try stack.arrange(width: 100, measurer: measurer).framesByID
            let expectedX: CGFloat = [.leading: 0, .center: 30, .trailing: 60, .fill: 0][alignment] ?? -1
            #expect(frames["box"]?.minX == expectedX)
            #expect(frames["box"]?.width == 40)
            #expect(frames["loose"]?.width == (alignment == .fill ? 100 : 40))
        }
    }

    @Test func aspectRatioBoxesTakeTheirHeightFromTheWidth() throws {
        let box = BoxLayout(id: "image", aspectRatio: 16.0 / 9)
        #expect(try box.size(fittingWidth: 320, measurer: measurer).height == 180)
        #expect(throws: LayoutError.self) { try BoxLayout(aspectRatio: 0).size(fittingWidth: 100, measurer: measurer) }
    }

    @Test func aFlexibleChildOutsideTheStackIsAnError() {
        let stack = StackLayout(axis: .horizontal, children: [BoxLayout(width: 1, height: 1)], flexibleChild: 3)
        #expect(throws: LayoutError.self) { try stack.size(fittingWidth: 100, measurer: measurer) }
    }
}

@Suite struct ArrangeInFrameTests {
    @Test func arrangingInAFrameOffsetsEveryNode() throws {
        let layout = InsetLayout(insets: EdgeInsets(all: 5), child: BoxLayout(id: "box", width: 10, height: 10))
        let arrangement = try layout.arrange(in: CGRect(x: 100, y: 200, width: 50, height: 50), measurer: FakeMeasurer())
        // The box's fixed size wins over the inset's edges: it keeps 10 × 10 at the inset's top left.
        #expect(arrangement.framesByID["box"] == CGRect(x: 105, y: 205, width: 10, height: 10))
        let stretchy = InsetLayout(insets: EdgeInsets(all: 5), child: BoxLayout(id: "box", aspectRatio: 1))
        #expect(try stretchy.arrange(in: CGRect(x: 100, y: 200, width: 50, height: 50), measurer: FakeMeasurer())
            .framesByID["box"] == CGRect(x: 105, y: 205, width: 40, height: 40))
    }
}
