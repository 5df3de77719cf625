// StackLayout.swift — children one after another, vertically or horizontally, with fixed spacing.
import Foundation

/// Children in a column or a row with `spacing` between them, as a `UIStackView`.
///
/// A vertical stack offers every child its whole width. A horizontal stack offers each child the
/// width left after the children before it; the ``flexibleChild`` (if any) is measured last and
/// takes all the width the others leave, like a label pinned between an avatar and the trailing edge.
public struct StackLayout: Layout {
    public enum Axis: String, Sendable, Hashable { case vertical, horizontal }

    /// Where children sit across the stack's axis: for a vertical stack leading is left, for a
    /// horizontal stack leading is top; fill stretches them to the stack's breadth.
    public enum Alignment: String, Sendable, Hashable, CaseIterable { case leading, center, trailing, fill }

    public var id: String?
    public var axis: Axis
    public var spacing: CGFloat
    public var alignment: Alignment
    public var children: [any Layout]
    /// The index of the child that takes the remaining width of a horizontal stack.
    public var flexibleChild: Int?

    public init(
        id: String? = nil, axis: Axis, spacing: CGFloat = 0, alignment: Alignment = .fill, children: [any Layout],
        flexibleChild: Int? = nil
    ) {
        self.id = id
        self.axis = axis
        self.spacing = spacing
        self.alignment = alignment
        self.children = children
        self.flexibleChild = flexibleChild
    }

    private var totalSpacing: CGFloat { spacing * CGFloat(max(children.count - 1, 0)) }

    public func measurement(proposedWidth: CGFloat, measurer: any TextMeasuring) throws -> LayoutMeasurement {
        try requireLength(spacing, "stack spacing")
        if let flexibleChild, !children.indices.contains(flexibleChild) {
            throw LayoutError("the flexible child \(flexibleChild) is not one of the stack's \(children.count) children")
        }
        switch axis {
        case .vertical:
            let measured = try children.map { try $0.measurement(proposedWidth: proposedWidth, measurer: measurer) }
            let width = alignment == .fill ? proposedWidth : measured.map(\.size.width).max() ?? 0
            let height = measured.map(\.size.height).reduce(0, +) + totalSpacing
            return LayoutMeasurement(
                layout: self, size: CGSize(width: width, height: height), proposedWidth: proposedWidth, sublayouts: measured)
        case .horizontal:
            var measured = [LayoutMeasurement?](repeating: nil, count: children.count)
            var used: CGFloat = totalSpacing
            for (index, child) in children.enumerated() where index != flexibleChild {
                let child = try child.measurement(proposedWidth: max(0, proposedWidth - used), measurer: measurer)
                measured[index] = child
                used += child.size.width
            }
            if let flexibleChild {
                measured[flexibleChild] = try children[flexibleChild].measurement(
                    proposedWidth: max(0, proposedWidth - used), measurer: measurer)
            }
            let sublayouts = measured.compactMap { $0 }
            let width = flexibleChild == nil ? sublayouts.map(\.size.width).reduce(0, +) + totalSpacing : max(proposedWidth, used)
            let height = sublayouts.map(\.size.height).max() ?? 0
            return LayoutMeasurement(
                layout: self, size: CGSize(width: width, height: height), proposedWidth: proposedWidth,
                sublayouts: sublayouts)
        }
    }

    public func arrangement(within frame: CGRect, measurement: LayoutMeasurement) -> LayoutArrangement {
        var arranged: [LayoutArrangement] = []
        switch axis {
        case .vertical:
            var y = frame.minY
            for child in measurement.sublayouts {
                let width = alignment == .fill ? frame.width : child.size.width
                let x = frame.minX + crossOffset(free: frame.width - width)
                arranged.append(child.layout.arrangement(
                    within: CGRect(x: x, y: y, width: width, height: child.size.height), measurement: child))
                y += child.size.height + spacing
            }
        case .horizontal:
            let fixedWidths = measurement.sublayouts.enumerated()
                .filter { $0.offset != flexibleChild }.map(\.element.size.width).reduce(0, +)
            var x = frame.minX
            for (index, child) in measurement.sublayouts.enumerated() {
                let width = index == flexibleChild ? max(0, frame.width - fixedWidths - totalSpacing) : child.size.width
                let height = alignment == .fill ? frame.height : child.size.height
                let y = frame.minY + crossOffset(free: frame.height - height)
                arranged.append(child.layout.arrangement(
                    within: CGRect(x: x, y: y, width: width, height: height), measurement: child))
                x += width + spacing
            }
        }
        return LayoutArrangement(layout: self, frame: frame, sublayouts: arranged)
    }

    private func crossOffset(free: CGFloat) -> CGFloat {
        switch alignment {
        case .leading, .fill: return 0
        case .center: return max(0, free) / 2
        case .trailing: return max(0, free)
        }
    }
}
