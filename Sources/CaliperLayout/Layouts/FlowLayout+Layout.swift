// FlowLayout+Layout.swift — a flow of chips as a node of a cell: as wide as offered, as tall as its rows.
import Foundation

extension FlowLayout: Layout {
    /// Lays the flow out at `proposedWidth` (see ``layout(width:measurer:)``): as wide as offered,
    /// as tall as its rows and insets.
    public func measurement(proposedWidth: CGFloat, measurer: any TextMeasuring) throws -> LayoutMeasurement {
        let result = try layout(width: proposedWidth, measurer: measurer)
        return LayoutMeasurement(
            layout: self, size: result.contentSize, proposedWidth: proposedWidth, content: .flow(result, self))
    }

    /// Places the flow in `frame`; its items keep the positions they were measured at, relative
    /// to the flow's origin, in ``LayoutArrangement/content``.
    public func arrangement(within frame: CGRect, measurement: LayoutMeasurement) -> LayoutArrangement {
        LayoutArrangement(layout: self, frame: frame, content: measurement.content)
    }

    /// The name of the frame of item `index` of the flow named `flowID` when the item has no
    /// ``FlowItem/id`` of its own: `tags[3]` is the fourth item (counting from 0) of the flow `tags`.
    public static func itemID(flowID: String, index: Int) -> String { "\(flowID)[\(index)]" }

    /// The name of the frame of the overflow chip ("+N") of the flow named `flowID`: `tags.overflow`.
    public static func overflowChipID(flowID: String) -> String { "\(flowID).overflow" }

    /// The name of item `index`'s frame (see ``LayoutArrangement/framesByID``): its own
    /// ``FlowItem/id``, else `<flow id>[index]`; `nil` when it has neither.
    func frameName(ofItem index: Int) -> String? {
        items[index].id ?? id.map { Self.itemID(flowID: $0, index: index) }
    }

    /// The name of the overflow chip's frame, `<flow id>.overflow`; `nil` for a flow without an id.
    var overflowChipFrameName: String? { id.map { Self.overflowChipID(flowID: $0) } }

    /// The frames of this flow's visible items, its overflow chip and its chips' inline boxes that
    /// have names (see ``LayoutArrangement/framesByID``), from `result`, offset by `origin`.
    func namedFrames(of result: FlowLayoutResult, origin: CGPoint) -> [(id: String, frame: CGRect)] {
        var frames: [(id: String, frame: CGRect)] = []
        func add(_ placed: FlowLayoutResult.PlacedItem, id: String?) {
            if let id { frames.append((id, placed.frame.offsetBy(dx: origin.x, dy: origin.y))) }
            guard let text = placed.text, let textFrame = placed.textFrame else { return }
            for box in text.inlineBoxes {
                guard let boxID = box.box.id else { continue }
                frames.append((boxID, box.frame.offsetBy(dx: origin.x + textFrame.minX, dy: origin.y + textFrame.minY)))
            }
        }
        for (index, placed) in result.items.enumerated() where !placed.isHidden && index < items.count {
            add(placed, id: frameName(ofItem: index))
        }
        if let overflow = result.overflowChip { add(overflow, id: overflowChipFrameName) }
        return frames
    }
}
