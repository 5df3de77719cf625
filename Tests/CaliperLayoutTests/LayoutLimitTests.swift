// LayoutLimitTests.swift — lengths a layout refuses, so that every frame it gives is a finite number.
import Caliper
import CaliperLayout
import Foundation
import Testing

@Suite struct LayoutLimitTests {
    let measurer = FakeMeasurer()
    let huge: CGFloat = 1e308

    func expectRefusal(_ named: String, _ body: () throws -> Void) {
        let error = #expect(throws: LayoutError.self) { try body() }
        #expect(error?.message.contains(named) == true, "\(String(describing: error)) should name \(named)")
        #expect(error?.message.contains("from 0 to 1000000") == true || named == "pixel scale")
    }

    @Test func flowLengthsPastTheLimitAreRefused() throws {
        let chips = try LayoutFixtures.chips(["a", "bb", "ccc"])
        expectRefusal("flow insets") {
            _ = try FlowLayout(items: chips, style: FlowStyle(insets: EdgeInsets(all: huge))).layout(width: 100, measurer: measurer)
        }
        expectRefusal("interitem spacing") {
            _ = try FlowLayout(items: chips, style: FlowStyle(interitemSpacing: huge)).layout(width: 100, measurer: measurer)
        }
        expectRefusal("line spacing") {
            _ = try FlowLayout(items: chips, style: FlowStyle(lineSpacing: huge)).layout(width: 100, measurer: measurer)
        }
        expectRefusal("flow width") { _ = try FlowLayout(items: chips).layout(width: huge, measurer: measurer) }
        let style = try LayoutFixtures.style()
        expectRefusal("chip padding") {
            _ = try FlowLayout(items: [.chip("a", style: style, padding: EdgeInsets(all: huge))]).layout(width: 100, measurer: measurer)
        }
        expectRefusal("a fixed item's height") {
            _ = try FlowLayout(items: [.fixed(CGSize(width: 10, height: huge))]).layout(width: 100, measurer: measurer)
        }
        // Pixel rounding at a vanishing scale made one pixel infinitely large.
        expectRefusal("pixel scale") {
            _ = try FlowLayout(items: chips, style: FlowStyle(pixelScale: .leastNonzeroMagnitude)).layout(width: 100, measurer: measurer)
        }
    }

    /// A negative maximum width put the item at x = −5.
    @Test func anItemsMinimumAndMaximumWidthsMustBeLengths() throws {
        let style = try LayoutFixtures.style()
        expectRefusal("an item's maximum width") {
            _ = try FlowLayout(items: [.chip("abc", style: style, maximumWidth: -5)]).layout(width: 100, measurer: measurer)
        }
        expectRefusal("an item's minimum width") {
            _ = try FlowLayout(items: [.chip("abc", style: style, minimumWidth: .nan)]).layout(width: 100, measurer: measurer)
        }
    }

    @Test func cellLengthsPastTheLimitAreRefused() throws {
        expectRefusal("insets") {
            _ = try InsetLayout(insets: EdgeInsets(top: huge), child: BoxLayout(width: 10, height: 10)).arrange(width: 100, measurer: measurer)
        }
        expectRefusal("stack spacing") {
            _ = try StackLayout(axis: .vertical, spacing: huge, children: [BoxLayout(width: 1, height: 1)]).arrange(width: 100, measurer: measurer)
        }
        expectRefusal("box height") { _ = try BoxLayout(width: 10, height: huge).arrange(width: 100, measurer: measurer) }
        expectRefusal("box height") { _ = try BoxLayout(width: 100, aspectRatio: 1e-300).arrange(width: 100, measurer: measurer) }
        expectRefusal("width") { _ = try BoxLayout(width: 10, height: 10).arrange(width: huge, measurer: measurer) }
        #expect(throws: LayoutError.self) {
            _ = try BoxLayout(width: 10, height: 10).arrange(in: CGRect(x: huge, y: 0, width: 10, height: 10), measurer: measurer)
        }
    }

    /// `allArrangements` lists a node before its children and the children in order, at every
    /// depth (written as one walk over a stack; the order is what `framesByID` keeps the first
    /// of and what `framesMissingGlyphs` lists in).
    @Test func allArrangementsAreDepthFirstInOrder() throws {
        let tree = StackLayout(id: "root", axis: .vertical, children: [
            StackLayout(id: "a", axis: .horizontal, children: [
                BoxLayout(id: "a1", width: 10, height: 10),
                StackLayout(id: "a2", axis: .vertical, children: [BoxLayout(id: "a2x", width: 5, height: 5), BoxLayout(id: "a2y", width: 5, height: 5)]),
                BoxLayout(id: "a3", width: 10, height: 10),
            ]),
            BoxLayout(id: "b", width: 20, height: 20),
            StackLayout(id: "c", axis: .horizontal, children: [BoxLayout(id: "c1", width: 10, height: 10)]),
        ])
        let arrangement = try tree.arrange(width: 100, measurer: measurer)
        #expect(arrangement.allArrangements.map(\.layout.id) == ["root", "a", "a1", "a2", "a2x", "a2y", "a3", "b", "c", "c1"])
        #expect(arrangement.sublayouts[1].allArrangements.map(\.layout.id) == ["b"])
    }

    /// The largest lengths accepted, stacked many times over, still give finite frames.
    @Test func theLargestLengthsStackedGiveFiniteFrames() throws {
        let limit = LayoutLimits.maximumLength
        let boxes = (0..<1_000).map { BoxLayout(id: "b\($0)", width: limit, height: limit) }
        let cell = InsetLayout(
            insets: EdgeInsets(all: limit),
            child: StackLayout(axis: .horizontal, spacing: limit, children: [
                StackLayout(axis: .vertical, spacing: limit, children: boxes), StackLayout(axis: .vertical, spacing: limit, children: boxes),
            ]))
        let arrangement = try cell.arrange(width: limit, measurer: measurer)
        for frame in arrangement.allArrangements.map(\.frame) {
            #expect([frame.minX, frame.minY, frame.width, frame.height].allSatisfy { $0.isFinite })
        }
        let chips = try LayoutFixtures.chips(Array(repeating: "a", count: 1_000))
        let result = try FlowLayout(
            items: chips, style: FlowStyle(insets: EdgeInsets(all: limit), interitemSpacing: limit, lineSpacing: limit,
                                           pixelScale: PixelRounding.scales.lowerBound)
        ).layout(width: limit, measurer: measurer)
        #expect(result.frames.allSatisfy { [$0.minX, $0.minY, $0.width, $0.height].allSatisfy { $0.isFinite } })
        #expect(result.contentSize.height.isFinite)
    }
}
