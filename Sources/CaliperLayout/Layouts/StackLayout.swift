// StackLayout.swift — children one after another, vertically or horizontally, with fixed spacing.
import Foundation

/// Children in a column or a row with `spacing` between them, as a `UIStackView` (or the same
/// views chained with constraints) decides it with content hugging and compression resistance.
///
/// A vertical stack offers every child its whole width; its height is its children's. A horizontal
/// stack offers each child its intrinsic width (``Layout/intrinsicWidth(measurer:)``; the whole row
/// for a child without one). When the children want more than the row, the child of lowest
/// horizontal compression resistance gives way first — down to zero if need be, then the next —
/// and is measured at the width that remains, so a label wraps or truncates by its own
/// `numberOfLines` and `lineBreakMode`; a required child never gives way. When the row is wider
/// than its children (stretched by its parent), the spare width goes to the child of lowest
/// horizontal hugging. In a column arranged taller or shorter than its content, the same happens
/// to heights with the vertical priorities. Among equal priorities the earlier child yields first.
///
/// ```swift
/// // "long name … 2h": both labels default to 251/750, so the name (the earlier) gives way.
/// StackLayout(axis: .horizontal, spacing: 8, children: [nameLabel, dateLabel])
/// ```
public struct StackLayout: Layout {
    /// The direction children follow one another in, as `UIStackView.axis`.
    public enum Axis: String, Sendable, Hashable {
        /// A column: children top to bottom, each offered the stack's whole width.
        case vertical
        /// A row: children left to right, sharing the row's width by their priorities.
        case horizontal
    }

    /// Where children sit across the stack's axis: for a vertical stack leading is left, for a
    /// horizontal stack leading is top; fill stretches them to the stack's breadth, except a child
    /// whose hugging on that axis is required (a fixed size), which keeps its size at the leading edge.
    public enum Alignment: String, Sendable, Hashable, CaseIterable {
        /// At the left of a column, at the top of a row.
        case leading
        /// Centred across the axis.
        case center
        /// At the right of a column, at the bottom of a row.
        case trailing
        /// Stretched to the stack's breadth, unless the child's hugging on that axis is required.
        case fill
    }

    /// A name for the stack's frame in ``LayoutArrangement/framesByID``.
    public var id: String?
    /// Whether the children form a column or a row.
    public var axis: Axis
    /// Points between neighbouring children.
    public var spacing: CGFloat
    /// Where children sit across the axis.
    public var alignment: Alignment
    /// The nodes stacked, in order (leading to trailing, top to bottom).
    public var children: [any Layout]
    /// A shorthand for the child that takes the remaining width of a horizontal stack: its
    /// horizontal hugging and compression resistance count as ``LayoutPriority/flexible`` (1), so it
    /// gives way first and takes the spare width, and the row is as wide as it is offered.
    public var flexibleChild: Int?
    /// Priorities that replace the ones derived from the children; `nil` keeps those.
    public var contentHuggingPriorityOverride: AxisPriorities?
    /// Priorities that replace the ones derived from the children; `nil` keeps those.
    public var compressionResistancePriorityOverride: AxisPriorities?

    /// `children` along `axis`, `spacing` apart, placed across it by `alignment`. The priorities
    /// replace the ones derived from the children (`nil` keeps those).
    public init(
        id: String? = nil, axis: Axis, spacing: CGFloat = 0, alignment: Alignment = .fill, children: [any Layout],
        flexibleChild: Int? = nil, contentHuggingPriority: AxisPriorities? = nil,
        compressionResistancePriority: AxisPriorities? = nil
    ) {
        self.id = id
        self.axis = axis
        self.spacing = spacing
        self.alignment = alignment
        self.children = children
        self.flexibleChild = flexibleChild
        self.contentHuggingPriorityOverride = contentHuggingPriority
        self.compressionResistancePriorityOverride = compressionResistancePriority
    }

    private var totalSpacing: CGFloat { spacing * CGFloat(max(children.count - 1, 0)) }

    /// The hugging of the child at `index`, with ``flexibleChild`` applied.
    private func hugging(_ index: Int) -> AxisPriorities {
        hugging(index, given: children[index].contentHuggingPriority)
    }

    /// `priorities`, the hugging of the child at `index`, with ``flexibleChild`` applied.
    private func hugging(_ index: Int, given priorities: AxisPriorities) -> AxisPriorities {
        var priorities = priorities
        if axis == .horizontal, index == flexibleChild { priorities.horizontal = .flexible }
        return priorities
    }

    /// The compression resistance of the child at `index`, with ``flexibleChild`` applied.
    private func resistance(_ index: Int) -> AxisPriorities {
        var priorities = children[index].compressionResistancePriority
        if axis == .horizontal, index == flexibleChild { priorities.horizontal = .flexible }
        return priorities
    }

    /// Unless set: along the axis, the lowest of the children's (the stack grows or gives way as
    /// its first yielding child does); across it, the highest hugging below required (required
    /// when every child's is) and the highest compression resistance (every child is stretched or
    /// squeezed together). A stack without children has the defaults.
    public var contentHuggingPriority: AxisPriorities {
        if let contentHuggingPriorityOverride { return contentHuggingPriorityOverride }
        guard !children.isEmpty else { return .defaultContentHugging }
        let (along, across) = lowestAlongHighestAcross(hugging) { $0 < .required }
        var derived = AxisPriorities.defaultContentHugging
        derived[axis] = along ?? .defaultLow
        derived[axis.cross] = across ?? .required
        return derived
    }

    /// See ``contentHuggingPriority``.
    public var compressionResistancePriority: AxisPriorities {
        if let compressionResistancePriorityOverride { return compressionResistancePriorityOverride }
        guard !children.isEmpty else { return .defaultCompressionResistance }
        let (along, across) = lowestAlongHighestAcross(resistance) { _ in true }
        var derived = AxisPriorities.defaultCompressionResistance
        derived[axis] = along ?? .defaultHigh
        derived[axis.cross] = across ?? .defaultHigh
        return derived
    }

    /// The lowest of the children's `priorities` along the axis and the highest across it of
    /// those `countsAcross` admits (`nil` where there is none), in one pass without arrays:
    /// stacks nest, and a cell's measurement asks for these many times.
    @inline(__always)
    private func lowestAlongHighestAcross(
        _ priorities: (Int) -> AxisPriorities, countsAcross: (LayoutPriority) -> Bool
    ) -> (along: LayoutPriority?, across: LayoutPriority?) {
        var along: LayoutPriority?
        var across: LayoutPriority?
        for index in children.indices {
            let child = priorities(index)
            along = min(along ?? child[axis], child[axis])
            if countsAcross(child[axis.cross]) { across = max(across ?? child[axis.cross], child[axis.cross]) }
        }
        return (along, across)
    }

    /// The strength of the child at `index` against growing on `axis`, with ``flexibleChild`` applied.
    private func huggingStrength(_ index: Int, on axis: Axis) -> YieldStrength {
        if axis == .horizontal, self.axis == .horizontal, index == flexibleChild { return YieldStrength(.flexible) }
        return YieldStrength.hugging(children[index], on: axis)
    }

    /// The strength of the child at `index` against shrinking on `axis`, with ``flexibleChild`` applied.
    private func resistanceStrength(_ index: Int, on axis: Axis, measurer: (any TextMeasuring)?) throws -> YieldStrength {
        if axis == .horizontal, self.axis == .horizontal, index == flexibleChild { return YieldStrength(.flexible) }
        return try YieldStrength.resistance(children[index], on: axis, measurer: measurer)
    }

    /// Along the axis, the weakest child's (the one that would take the spare); across it, every
    /// child that fill would stretch, together.
    func huggingStrength(on axis: Axis) -> YieldStrength {
        let strengths = children.indices.map { huggingStrength($0, on: axis) }
        guard !strengths.isEmpty else { return YieldStrength(.defaultLow) }
        return axis == self.axis ? strengths.min() ?? YieldStrength(.defaultLow) : YieldStrength.together(strengths)
    }

    /// Along the axis, the weakest child's (the first to give way); across it, the children that
    /// would be squeezed first, together: a column's widest (by intrinsic width, when a measurer is
    /// given), a row's every child.
    func resistanceStrength(on axis: Axis, measurer: (any TextMeasuring)?) throws -> YieldStrength {
        let strengths = try children.indices.map { try resistanceStrength($0, on: axis, measurer: measurer) }
        guard !strengths.isEmpty else { return YieldStrength(.defaultHigh) }
        if axis == self.axis { return strengths.min() ?? YieldStrength(.defaultHigh) }
        guard axis == .horizontal, let measurer else { return YieldStrength.together(strengths) }
        // A child without an intrinsic width takes the whole width: it is among the widest.
        let widths = try children.map { try $0.intrinsicWidth(measurer: measurer) ?? .infinity }
        let widest = widths.max() ?? 0
        return YieldStrength.together(strengths.indices.filter { widths[$0] >= widest - lengthTolerance }.map { strengths[$0] })
    }

    /// A row: the children's intrinsic widths and the spacing; a column: the widest child's.
    /// `nil` if a child has none.
    public func intrinsicWidth(measurer: any TextMeasuring) throws -> CGFloat? {
        var widths: [CGFloat] = []
        for child in children {
            guard let width = try child.intrinsicWidth(measurer: measurer) else { return nil }
            widths.append(width)
        }
        return axis == .horizontal ? widths.reduce(0, +) + totalSpacing : widths.max() ?? 0
    }

    public func measurement(proposedWidth: CGFloat, measurer: any TextMeasuring) throws -> LayoutMeasurement {
        try requireLength(spacing, "stack spacing")
        // The priorities set on this stack; those it derives come from its children's, checked here
        // once each (a child stack's are derived from its own children's in turn).
        try contentHuggingPriorityOverride?.validate("content hugging priority")
        try compressionResistancePriorityOverride?.validate("compression resistance priority")
        if let flexibleChild, !children.indices.contains(flexibleChild) {
            throw LayoutError("the flexible child \(flexibleChild) is not one of the stack's \(children.count) children")
        }
        var childHugging: [AxisPriorities] = []
        childHugging.reserveCapacity(children.count)
        for child in children {
            let hugging = child.contentHuggingPriority
            try hugging.validate("content hugging priority")
            try child.compressionResistancePriority.validate("compression resistance priority")
            childHugging.append(hugging)
        }
        switch axis {
        case .vertical:
            let measured = try children.map { try $0.measurement(proposedWidth: proposedWidth, measurer: measurer) }
            let width = alignment == .fill ? proposedWidth : measured.map(\.size.width).max() ?? 0
            let height = measured.map(\.size.height).reduce(0, +) + totalSpacing
            return LayoutMeasurement(
                layout: self, size: CGSize(width: width, height: height), proposedWidth: proposedWidth, sublayouts: measured)
        case .horizontal:
            // Each child wants its intrinsic width (at most the row); the lowest compression
            // resistance gives way while they want more than the row, then each is measured at
            // the width it is given, and its frame is that wide.
            let available = max(0, proposedWidth - totalSpacing)
            let wanted = try children.map { min(try $0.intrinsicWidth(measurer: measurer) ?? available, available) }
            let excess = wanted.reduce(0, +) - available
            let widths = excess > lengthTolerance
                ? Yielding.shrink(
                    wanted, by: excess,
                    resistance: try children.indices.map { try resistanceStrength($0, on: .horizontal, measurer: measurer) })
                : wanted
            let sublayouts = try children.indices.map { index in
                var measured = try children[index].measurement(proposedWidth: widths[index], measurer: measurer)
                measured.size.width = widths[index]
                return measured
            }
            let contentWidth = widths.reduce(0, +) + totalSpacing
            // A child that hugs below the fitting level (a flexible one) stretches the row to the width offered.
            let growsToFit = children.indices.contains { hugging($0, given: childHugging[$0]).horizontal < .fittingSizeLevel }
            let width = growsToFit ? max(proposedWidth, contentWidth) : contentWidth
            let height = sublayouts.map(\.size.height).max() ?? 0
            return LayoutMeasurement(
                layout: self, size: CGSize(width: width, height: height), proposedWidth: proposedWidth,
                sublayouts: sublayouts)
        }
    }

    public func arrangement(within frame: CGRect, measurement: LayoutMeasurement) -> LayoutArrangement {
        let sublayouts = measurement.sublayouts
        // Without a measurer a column counts all its children as squeezed (`try?`: only measuring throws).
        let along = Yielding.distribute(
            sublayouts.map { axis == .horizontal ? $0.size.width : $0.size.height },
            in: axis == .horizontal ? frame.width : frame.height, spacing: spacing,
            hugging: sublayouts.indices.map { huggingStrength($0, on: axis) },
            resistance: sublayouts.indices.map { (try? resistanceStrength($0, on: axis, measurer: nil)) ?? YieldStrength(.required) })
        var arranged: [LayoutArrangement] = []
        var position = axis == .horizontal ? frame.minX : frame.minY
        for (index, child) in sublayouts.enumerated() {
            // Fill stretches a child across the stack unless its size on that axis is required.
            let stretches = alignment == .fill && hugging(index)[axis.cross] < .required
            let childFrame: CGRect
            switch axis {
            case .vertical:
                let width = stretches ? frame.width : child.size.width
                childFrame = CGRect(
                    x: frame.minX + crossOffset(free: frame.width - width), y: position, width: width, height: along[index])
            case .horizontal:
                let height = stretches ? frame.height : child.size.height
                childFrame = CGRect(
                    x: position, y: frame.minY + crossOffset(free: frame.height - height), width: along[index], height: height)
            }
            arranged.append(child.layout.arrangement(within: childFrame, measurement: child))
            position += along[index] + spacing
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

extension StackLayout.Axis {
    /// The other axis.
    var cross: StackLayout.Axis { self == .horizontal ? .vertical : .horizontal }
}
