// Layout.swift — the two-pass layout protocol: measure for a width, then arrange in a frame.
import Caliper
import Foundation

/// A node of a cell's layout tree, in the spirit of LinkedIn's LayoutKit: measuring is a pure
/// function of the proposed width (an immutable, `Sendable` result), and arranging places every
/// node from that measurement without measuring again.
///
/// ```swift
/// let cell = InsetLayout(insets: EdgeInsets(all: 16), child: StackLayout(axis: .vertical, spacing: 8, children: [
///     LabelLayout(id: "title", text: title, style: titleStyle, paragraphStyle: ParagraphStyle(lineBreakMode: .byTruncatingTail, numberOfLines: 1)),
///     LabelLayout(id: "body", text: body, style: bodyStyle),
/// ]))
/// let height = try cell.size(fittingWidth: 375, measurer: TextMeasurer()).height
/// let frames = try cell.arrange(width: 375, measurer: TextMeasurer()).framesByID
/// ```
public protocol Layout: Sendable {
    /// A name for this node's frame in an arrangement (`framesByID`), or `nil`.
    var id: String? { get }

    /// This node's size when offered `proposedWidth` points of width, with the measurements of
    /// its children.
    func measurement(proposedWidth: CGFloat, measurer: any TextMeasuring) throws -> LayoutMeasurement

    /// Places this node in `frame` (its measured size, possibly stretched by its parent) and its
    /// children inside it, from `measurement`.
    func arrangement(within frame: CGRect, measurement: LayoutMeasurement) -> LayoutArrangement

    /// How strongly this node refuses to grow past its content on each axis
    /// (`contentHuggingPriority(for:)`): spare length in a stack goes to the child of lowest hugging,
    /// and a child whose hugging on an axis is ``LayoutPriority/required`` is not stretched across
    /// a `fill` stack. Default: 250 on both axes.
    var contentHuggingPriority: AxisPriorities { get }

    /// How strongly this node refuses to shrink below its content on each axis
    /// (`contentCompressionResistancePriority(for:)`): in a row its children overfill, the child of
    /// lowest compression resistance gives way first. Default: 750 on both axes.
    var compressionResistancePriority: AxisPriorities { get }

    /// The width this node takes when nothing limits it, as `intrinsicContentSize.width` (a label's
    /// text on one line, a box's fixed width), or `nil` for a node that takes whatever width it is
    /// offered (a flow, a box with only an aspect ratio). Default: `nil`.
    func intrinsicWidth(measurer: any TextMeasuring) throws -> CGFloat?
}

extension Layout {
    /// 250 on both axes (`UILayoutPriority.defaultLow`, a `UIView`'s default).
    public var contentHuggingPriority: AxisPriorities { .defaultContentHugging }
    /// 750 on both axes (`UILayoutPriority.defaultHigh`, a `UIView`'s default).
    public var compressionResistancePriority: AxisPriorities { .defaultCompressionResistance }
    /// `nil`: the node takes the width it is offered (`UIView.noIntrinsicMetric`).
    public func intrinsicWidth(measurer: any TextMeasuring) throws -> CGFloat? { nil }
}

/// What a node shows, for drawing and for callers that need more than frames.
public enum LayoutContent: Sendable {
    /// Nothing to draw: a box, an inset or a stack (its children draw themselves).
    case none
    /// A label's text as measured, with its styles.
    case text(TextMeasurement, AttributedText)
    /// A flow's placed items (frames relative to the flow's origin) with the flow itself.
    case flow(FlowLayoutResult, FlowLayout)
}

/// The measured size of a node and of its children.
public struct LayoutMeasurement: Sendable {
    /// The node measured.
    public var layout: any Layout
    /// The node's size in points at the proposed width.
    public var size: CGSize
    /// The width the node was offered.
    public var proposedWidth: CGFloat
    /// The children's measurements, in the node's order.
    public var sublayouts: [LayoutMeasurement]
    /// What the node shows (a label's measured text, a flow's placed items).
    public var content: LayoutContent

    /// A measurement of `layout` at `proposedWidth`: `size`, its children's measurements and what it
    /// shows. A node of your own returns one from ``Layout/measurement(proposedWidth:measurer:)``.
    public init(
        layout: any Layout, size: CGSize, proposedWidth: CGFloat, sublayouts: [LayoutMeasurement] = [],
        content: LayoutContent = .none
    ) {
        self.layout = layout
        self.size = size
        self.proposedWidth = proposedWidth
        self.sublayouts = sublayouts
        self.content = content
    }

    /// Arranges the measured node with its top-left corner at `origin`.
    public func arrangement(at origin: CGPoint = .zero) -> LayoutArrangement {
        layout.arrangement(within: CGRect(origin: origin, size: size), measurement: self)
    }
}

/// The frames of a node and of its children, in the root's coordinates.
public struct LayoutArrangement: Sendable {
    /// The node arranged.
    public var layout: any Layout
    /// The node's frame in the root's coordinates, in points.
    public var frame: CGRect
    /// The children's arrangements, in the node's order.
    public var sublayouts: [LayoutArrangement]
    /// What the node shows, as measured.
    public var content: LayoutContent

    /// An arrangement of `layout` in `frame`, with its children's arrangements and what it shows. A
    /// node of your own returns one from ``Layout/arrangement(within:measurement:)``.
    public init(layout: any Layout, frame: CGRect, sublayouts: [LayoutArrangement] = [], content: LayoutContent = .none) {
        self.layout = layout
        self.frame = frame
        self.sublayouts = sublayouts
        self.content = content
    }

    /// This node and all below it, depth first (a node before its children, the children in order).
    public var allArrangements: [LayoutArrangement] {
        // One array filled from a stack: concatenating each subtree's own array copied every
        // node once per level above it.
        var all: [LayoutArrangement] = []
        var pending = [self]
        while let next = pending.popLast() {
            all.append(next)
            pending.append(contentsOf: next.sublayouts.reversed())
        }
        return all
    }

    /// Every named frame, in the root's coordinates:
    /// - every node that has an `id`;
    /// - every inline box that has an `id`, in a label or in a flow's chip;
    /// - every visible item of a flow: by its own ``FlowItem/id``, else, when the flow has an `id`,
    ///   as `<flow id>[index]` (``FlowLayout/itemID(flowID:index:)``; `tags[3]` is the fourth item,
    ///   counting hidden ones), and the flow's overflow chip as `<flow id>.overflow`. Hidden items
    ///   have no frame; items of a flow without an id are named only by their own ids.
    ///
    /// An id that names two frames keeps the first in depth-first order (a node before its
    /// children, children and items in order, a chip before its inline boxes); `caliper layout`
    /// specs refuse such ids.
    public var framesByID: [String: CGRect] { report.framesByID }
}

extension Layout {
    /// The size of the laid-out node at `width`, as `systemLayoutSizeFitting` would give a
    /// self-sizing cell: the width is the cell's; the height is what its content needs.
    public func size(fittingWidth width: CGFloat, measurer: any TextMeasuring) throws -> CGSize {
        try requireLength(width, "width")
        let measured = try measurement(proposedWidth: width, measurer: measurer).size
        return CGSize(width: width, height: measured.height)
    }

    /// Measures at `width` and arranges the node at the origin, its frame `width` wide and as tall
    /// as its content. A node whose horizontal hugging is required (a fixed box, an inset or stack
    /// of fixed boxes alone) is not stretched, as under any alignment: its frame is its own width.
    public func arrange(width: CGFloat, measurer: any TextMeasuring) throws -> LayoutArrangement {
        try requireLength(width, "width")
        let measured = try measurement(proposedWidth: width, measurer: measurer)
        let frame = CGRect(x: 0, y: 0, width: ownWidth(within: width, measured: measured), height: measured.size.height)
        return arrangement(within: frame, measurement: measured)
    }

    /// `width`, or the node's measured width when its horizontal hugging is required.
    private func ownWidth(within width: CGFloat, measured: LayoutMeasurement) -> CGFloat {
        YieldStrength.hugging(self, on: .horizontal).isRequired ? measured.size.width : width
    }

    /// Measures at `frame.width` and arranges the node in `frame` (a cell's bounds, say); a node
    /// whose horizontal hugging is required keeps its own width, at the frame's leading edge.
    public func arrange(in frame: CGRect, measurer: any TextMeasuring) throws -> LayoutArrangement {
        try requireLength(frame.width, "width")
        for (name, coordinate) in [("x", frame.minX), ("y", frame.minY)]
        where !(coordinate.isFinite && abs(coordinate) <= LayoutLimits.maximumLength) {
            throw LayoutError("the frame's \(name) must be a finite number from -1000000 to 1000000, not \(coordinate)")
        }
        let measured = try measurement(proposedWidth: frame.width, measurer: measurer)
        let width = ownWidth(within: frame.width, measured: measured)
        return arrangement(within: CGRect(x: frame.minX, y: frame.minY, width: width, height: frame.height), measurement: measured)
    }
}
