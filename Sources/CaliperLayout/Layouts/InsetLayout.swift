// InsetLayout.swift — a child with space around it, as constraints to a cell's margins.
import Foundation

/// Its child, inset from its edges: the child is offered the width less the left and right insets.
///
/// The child fills the inset frame (as leading, trailing, top and bottom constraints stretch it),
/// except on an axis where its hugging is ``LayoutPriority/required`` (a fixed size): there it keeps
/// its size at the top left. Its priorities are its child's unless set.
public struct InsetLayout: Layout {
    /// A name for the inset's frame in ``LayoutArrangement/framesByID``.
    public var id: String?
    /// The space between the node's edges and its child's.
    public var insets: EdgeInsets
    /// The node inset.
    public var child: any Layout
    /// Priorities that replace the child's; `nil` passes the child's on.
    public var contentHuggingPriorityOverride: AxisPriorities?
    /// Priorities that replace the child's; `nil` passes the child's on.
    public var compressionResistancePriorityOverride: AxisPriorities?

    /// `child` inset by `insets`; the priorities replace the child's (`nil` passes the child's on).
    public init(
        id: String? = nil, insets: EdgeInsets, child: any Layout, contentHuggingPriority: AxisPriorities? = nil,
        compressionResistancePriority: AxisPriorities? = nil
    ) {
        self.id = id
        self.insets = insets
        self.child = child
        self.contentHuggingPriorityOverride = contentHuggingPriority
        self.compressionResistancePriorityOverride = compressionResistancePriority
    }

    /// The child's unless set.
    public var contentHuggingPriority: AxisPriorities { contentHuggingPriorityOverride ?? child.contentHuggingPriority }
    /// The child's unless set.
    public var compressionResistancePriority: AxisPriorities {
        compressionResistancePriorityOverride ?? child.compressionResistancePriority
    }

    /// The child's intrinsic width and the left and right insets.
    public func intrinsicWidth(measurer: any TextMeasuring) throws -> CGFloat? {
        try child.intrinsicWidth(measurer: measurer).map { $0 + insets.horizontal }
    }

    public func measurement(proposedWidth: CGFloat, measurer: any TextMeasuring) throws -> LayoutMeasurement {
        try insets.validate("insets")
        try validatePriorities()
        let childMeasurement = try child.measurement(
            proposedWidth: max(0, proposedWidth - insets.horizontal), measurer: measurer)
        let size = CGSize(
            width: childMeasurement.size.width + insets.horizontal, height: childMeasurement.size.height + insets.vertical)
        return LayoutMeasurement(layout: self, size: size, proposedWidth: proposedWidth, sublayouts: [childMeasurement])
    }

    public func arrangement(within frame: CGRect, measurement: LayoutMeasurement) -> LayoutArrangement {
        let children = measurement.sublayouts.map { child in
            // A fixed side keeps its size; every other side fills the inset frame.
            let hugging = child.layout.contentHuggingPriority
            let childFrame = CGRect(
                x: frame.minX + insets.left, y: frame.minY + insets.top,
                width: hugging.horizontal == .required ? child.size.width : max(0, frame.width - insets.horizontal),
                height: hugging.vertical == .required ? child.size.height : max(0, frame.height - insets.vertical))
            return child.layout.arrangement(within: childFrame, measurement: child)
        }
        return LayoutArrangement(layout: self, frame: frame, sublayouts: children)
    }
}
