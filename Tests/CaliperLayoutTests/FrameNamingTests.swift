// FrameNamingTests.swift — framesByID names every frame of a cell: nodes, flow items, overflow chips and inline boxes.
import Caliper
import CaliperLayout
import Foundation
import Testing

@Suite struct FrameNamingTests {
    let measurer = FakeMeasurer()  // 10 pt per character, 20 pt lines

    /// A title over a flow of `items`, inset 10 (top/bottom) and 20 (left/right), 6 pt between.
    func cell(_ flow: FlowLayout) throws -> any Layout {
        InsetLayout(insets: EdgeInsets(top: 10, left: 20, bottom: 10, right: 20), child: StackLayout(axis: .vertical, spacing: 6, children: [
            LabelLayout(id: "title", text: "Tags", style: try LayoutFixtures.style()), flow,
        ]))
    }

    /// Chips 10 pt per character + 10 of padding, 24 pt tall; 8 pt between chips and rows.
    func chips(_ texts: [String]) throws -> [FlowItem] {
        try LayoutFixtures.chips(texts, padding: EdgeInsets(top: 2, left: 5, bottom: 2, right: 5))
    }

    @Test func flowItemsAreNamedByTheirFlowAndIndexInTheCellsCoordinates() throws {
        var items = try chips(["ab", "cde", "f", "ghijklmnop"])
        items[2].id = "own"
        let frames = try cell(FlowLayout(id: "tags", items: items)).arrange(width: 160, measurer: measurer).framesByID
        // The flow starts at (20, 10 + 20 + 6); the row is 120 wide: "ab" (30) + 8 + "cde" (40) + 8 + "f" (20) = 106.
        #expect(frames["tags"] == CGRect(x: 20, y: 36, width: 120, height: 24 + 8 + 24))
        #expect(frames["tags[0]"] == CGRect(x: 20, y: 36, width: 30, height: 24))
        #expect(frames["tags[1]"] == CGRect(x: 58, y: 36, width: 40, height: 24))
        // An item with an id of its own is named by it, and only by it.
        #expect(frames["own"] == CGRect(x: 106, y: 36, width: 20, height: 24))
        #expect(frames["tags[2]"] == nil)
        // "ghijklmnop" (110) does not fit beside them: second row.
        #expect(frames["tags[3]"] == CGRect(x: 20, y: 68, width: 110, height: 24))
        #expect(frames["tags[4]"] == nil)
        #expect(frames.count == 6)
    }

    @Test func hiddenItemsHaveNoFrameAndTheOverflowChipHasOne() throws {
        var style = FlowStyle(maximumRows: 1)
        style.overflowChip = FlowStyle.OverflowChip(style: try LayoutFixtures.style(), padding: EdgeInsets(top: 2, left: 5, bottom: 2, right: 5))
        let flow = FlowLayout(id: "tags", items: try chips(["ab", "cd", "ef", "gh", "ij"]), style: style)
        let frames = try cell(flow).arrange(width: 140, measurer: measurer).framesByID
        // Rows of 100: "ab" "cd" (30 + 8 + 30) on the first; "+3" (30) does not fit after them
        // (68 + 8 + 30 = 106), so "cd" gives way to "+4".
        #expect(frames["tags[0]"] == CGRect(x: 20, y: 36, width: 30, height: 24))
        #expect(frames["tags.overflow"] == CGRect(x: 58, y: 36, width: 30, height: 24))
        for hidden in 1...4 { #expect(frames["tags[\(hidden)]"] == nil, "tags[\(hidden)]") }
    }

    @Test func aFlowWithoutAnIDNamesOnlyItemsWithIDsOfTheirOwn() throws {
        var items = try chips(["ab", "cd"])
        items[1].id = "second"
        let frames = try cell(FlowLayout(items: items)).arrange(width: 200, measurer: measurer).framesByID
        #expect(Set(frames.keys) == ["title", "second"])
        #expect(frames["second"] == CGRect(x: 58, y: 36, width: 30, height: 24))
    }

    @Test func anIDGivenTwiceKeepsTheFirstFrameInDepthFirstOrder() throws {
        var items = try chips(["ab"])
        items[0].id = "title"
        let frames = try cell(FlowLayout(items: items)).arrange(width: 200, measurer: measurer).framesByID
        #expect(frames["title"] == CGRect(x: 20, y: 10, width: 160, height: 20))
    }

    @Test func chipsInlineBoxesAreInTheCellsCoordinates() throws {
        let style = try LayoutFixtures.style("Fonts/NotoSans-Regular.ttf", size: 14)
        var text = AttributedText("ab \u{FFFC}", style: style)
        try text.setInlineBox(InlineBox(width: 12, height: 12, alignment: .bottom, id: "icon"), atUTF16Offset: 3)
        let padding = EdgeInsets(top: 4, left: 10, bottom: 4, right: 10)
        let flow = FlowLayout(id: "tags", items: [.chip("swift", style: style, padding: padding), .chip(text, padding: padding)])
        let measurer = TextMeasurer(cache: nil)
        let frames = try cell(flow).arrange(width: 300, measurer: measurer).framesByID
        let chip = try #require(frames["tags[1]"])
        let icon = try #require(frames["icon"])
        // The box follows "ab " inside the chip's padding, and its bottom is the line's.
        let before = try measurer.size(of: "ab ", style: style).width
        #expect(abs(icon.minX - (chip.minX + 10 + before)) < 1e-9)
        #expect(icon.width == 12 && icon.height == 12)
        #expect(abs(icon.maxY - (chip.maxY - 4)) < 1e-9)
        #expect(chip.minX > 20 && abs(chip.minY - (10 + style.metrics.lineHeight + 6)) < 1e-9)
    }
}

/// What an arrangement reports, gathered in one walk (`report`, which the public properties
/// read), is what the rules say, restated here over `allArrangements` node by node, each part
/// on its own (as the properties were made before issue #28): named nodes, flow items, overflow
/// chips and inline boxes, clusters no font covers in labels, chips and overflow chips (named
/// and not), and the notices of text that could not be hyphenated.
@Suite struct ArrangementReportTests {
    /// `framesByID` as its documentation states it: node ids, inline box ids (in labels and
    /// chips), visible flow items by their own id or `<flow id>[index]`, the overflow chip as
    /// `<flow id>.overflow`; the first frame of an id kept, in depth-first order.
    static func referenceFramesByID(_ arrangement: LayoutArrangement) -> [String: CGRect] {
        var frames: [String: CGRect] = [:]
        func add(_ id: String?, _ frame: CGRect) {
            if let id, frames[id] == nil { frames[id] = frame }
        }
        func addBoxes(of text: TextMeasurement, at origin: CGPoint) {
            for placed in text.inlineBoxes { add(placed.box.id, placed.frame.offsetBy(dx: origin.x, dy: origin.y)) }
        }
        for node in arrangement.allArrangements {
            add(node.layout.id, node.frame)
            switch node.content {
            case .text(let measured, _):
                addBoxes(of: measured, at: node.frame.origin)
            case .flow(let result, let flow):
                func addChip(_ placed: FlowLayoutResult.PlacedItem, _ id: String?) {
                    add(id, placed.frame.offsetBy(dx: node.frame.minX, dy: node.frame.minY))
                    if let text = placed.text, let textFrame = placed.textFrame {
                        addBoxes(of: text, at: CGPoint(x: node.frame.minX + textFrame.minX, y: node.frame.minY + textFrame.minY))
                    }
                }
                for (index, placed) in result.items.enumerated() where !placed.isHidden && index < flow.items.count {
                    addChip(placed, flow.items[index].id ?? flow.id.map { FlowLayout.itemID(flowID: $0, index: index) })
                }
                if let chip = result.overflowChip { addChip(chip, flow.id.map { FlowLayout.overflowChipID(flowID: $0) }) }
            case .none:
                break
            }
        }
        return frames
    }

    /// The clusters no font covers in the text shown, the names of the frames whose text has
    /// some (labels by id, visible chips by their names, overflow chips by theirs), and the
    /// notices, each once in the order met.
    static func referenceLeftOut(_ arrangement: LayoutArrangement) -> (count: Int, names: [String], notices: [LayoutNotice]) {
        var count = 0
        var names: [String] = []
        var notices: [LayoutNotice] = []
        func note(_ text: TextMeasurement, _ name: String?) {
            count += text.missingGlyphCount
            if text.missingGlyphCount > 0, let name { names.append(name) }
            for notice in text.notices where !notices.contains(notice) { notices.append(notice) }
        }
        for node in arrangement.allArrangements {
            switch node.content {
            case .text(let measured, _):
                note(measured, node.layout.id)
            case .flow(let result, let flow):
                for (index, placed) in result.items.enumerated() where !placed.isHidden {
                    guard let text = placed.text else { continue }
                    note(text, index < flow.items.count ? flow.items[index].id ?? flow.id.map { FlowLayout.itemID(flowID: $0, index: index) } : nil)
                }
                if let text = result.overflowChip?.text { note(text, flow.id.map { FlowLayout.overflowChipID(flowID: $0) }) }
            case .none:
                break
            }
        }
        return (count, names, notices)
    }

    @Test func oneWalkReportsWhatThePropertiesReport() throws {
        let noto = try LayoutFixtures.resolver.face(for: LayoutFixtures.path("Fonts/NotoSans-Regular.ttf"))
        let style = TextStyle(font: noto, size: 14, fallback: .none)  // no emoji, no CJK
        let padding = EdgeInsets(top: 2, left: 5, bottom: 2, right: 5)
        var boxed = AttributedText("see ", style: style)
        try boxed.append(InlineBox(width: 12, height: 12, id: "icon"), style: style)
        boxed.append(" 日本", style: style)
        var hyphenating = ParagraphStyle()
        hyphenating.hyphenationFactor = 1  // and no language: a notice once the text breaks
        var overflowing = FlowStyle(interitemSpacing: 8, maximumRows: 1)
        overflowing.overflowChip = FlowStyle.OverflowChip(format: "+%d 🌍", style: style, padding: padding)
        var items = ["ok", "🌍", "日本", "fine", "🌍🌍", "x"].map { FlowItem.chip($0, style: style, padding: padding) }
        items[1].id = "globe"
        let root = StackLayout(axis: .vertical, spacing: 4, children: [
            LabelLayout(id: "title", text: "日本 title", style: style),
            LabelLayout(text: "🌍 unnamed", style: style),
            LabelLayout(id: "boxed", attributedText: boxed),
            LabelLayout(id: "long", text: "Donaudampfschifffahrtsgesellschaft wird", style: style, paragraphStyle: hyphenating),
            FlowLayout(id: "tags", items: items),
            FlowLayout(id: "few", items: items, style: overflowing),
            FlowLayout(items: items),
            StackLayout(axis: .horizontal, spacing: 2, children: [LabelLayout(id: "title", text: "again 🌍", style: style)]),
        ])
        let arrangement = try root.arrange(width: 90, measurer: TextMeasurer(cache: nil))
        let report = arrangement.report
        let reference = Self.referenceLeftOut(arrangement)
        #expect(report.framesByID == Self.referenceFramesByID(arrangement))
        #expect(report.missingGlyphCount == reference.count)
        #expect(report.framesMissingGlyphs == reference.names)
        #expect(report.notices == reference.notices)
        // The public properties are the report's.
        #expect(arrangement.framesByID == report.framesByID && arrangement.missingGlyphCount == report.missingGlyphCount)
        #expect(arrangement.framesMissingGlyphs == report.framesMissingGlyphs && arrangement.notices == report.notices)
        // Each part has something to compare.
        #expect(report.framesByID["icon"] != nil && report.framesByID["few.overflow"] != nil && report.framesByID["globe"] != nil)
        #expect(report.framesMissingGlyphs.contains("globe") && report.framesMissingGlyphs.contains("few.overflow"), "\(report.framesMissingGlyphs)")
        #expect(!report.notices.isEmpty)
    }
}
