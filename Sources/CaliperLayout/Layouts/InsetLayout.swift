// InsetLayout.swift — a child with space around it, as constraints to a cell's margins.
import Foundation

/// Its child, inset from its edges: the child is offered the width less the left and right insets.
public struct InsetLayout: Layout {
    public var id: String?
    public var insets: EdgeInsets
    public var child: any Layout

    public init(id: String? = nil, insets: EdgeInsets, child: any Layout) {
        self.id = id
        self.insets = insets
        self.child = child
    }

    public func measurement(proposedWidth: CGFloat, measurer: any TextMeasuring) throws -> LayoutMeasurement {
        try insets.validate("insets")
        let childMeasurement = try child.measurement(
            proposedWidth: max(0, proposedWidth - insets.horizontal), measurer: measurer)
        let size = CGSize(
            width: childMeasurement.size.width + insets.horizontal, height: childMeasurement.size.height + insets.vertical)
        return LayoutMeasurement(layout: self, size: size, proposedWidth: proposedWidth, sublayouts: [childMeasurement])
    }

    public func arrangement(within frame: CGRect, measurement: LayoutMeasurement) -> LayoutArrangement {
        // The child fills the inset frame (as leading/trailing constraints stretch it).
        let childFrame = CGRect(
            x: frame.minX + insets.left, y: frame.minY + insets.top,
            width: max(0, frame.width - insets.horizontal), height: max(0, frame.height - insets.vertical))
        let children = measurement.sublayouts.map { $0.layout.arrangement(within: childFrame, measurement: $0) }
        return LayoutArrangement(layout: self, frame: frame, sublayouts: children)
    }
}
