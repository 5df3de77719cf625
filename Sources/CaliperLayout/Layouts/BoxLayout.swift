// BoxLayout.swift — a box of fixed size or fixed aspect ratio: an avatar, an image, a spacer.
import Foundation

/// A box of a fixed size, or as wide as proposed with a fixed aspect ratio (width ÷ height).
///
/// A fixed side is required, as a width or height constraint at priority 1000: the box's hugging
/// and compression resistance on that axis are ``LayoutPriority/required``, so a row never
/// squeezes it and a `fill` stack never stretches it. A height that follows from an aspect ratio
/// is required too. A side that is not fixed (the width of a box with only an aspect ratio) takes
/// what it is offered, at the defaults 250 and 750. Pass priorities to override these.
///
/// ```swift
/// BoxLayout(id: "avatar", width: 40, height: 40)   // 40 × 40 in any stack
/// ```
public struct BoxLayout: Layout {
    public var id: String?
    /// The width; `nil` takes the proposed width.
    public var width: CGFloat?
    /// The height; `nil` derives it from ``aspectRatio``.
    public var height: CGFloat?
    /// Width ÷ height, used when ``height`` is `nil`.
    public var aspectRatio: CGFloat?
    /// Priorities that replace the ones the fixed sides imply; `nil` keeps those.
    public var contentHuggingPriorityOverride: AxisPriorities?
    /// Priorities that replace the ones the fixed sides imply; `nil` keeps those.
    public var compressionResistancePriorityOverride: AxisPriorities?

    /// A box of a fixed size. `contentHuggingPriority` and `compressionResistancePriority`
    /// replace the required ones its fixed sides imply (`nil` keeps them).
    public init(
        id: String? = nil, width: CGFloat, height: CGFloat, contentHuggingPriority: AxisPriorities? = nil,
        compressionResistancePriority: AxisPriorities? = nil
    ) {
        self.id = id
        self.width = width
        self.height = height
        self.contentHuggingPriorityOverride = contentHuggingPriority
        self.compressionResistancePriorityOverride = compressionResistancePriority
    }

    /// A box of a fixed aspect ratio (width ÷ height), as wide as `width` or the proposed width.
    /// The priorities replace the ones its sides imply (`nil` keeps them).
    public init(
        id: String? = nil, width: CGFloat? = nil, aspectRatio: CGFloat, contentHuggingPriority: AxisPriorities? = nil,
        compressionResistancePriority: AxisPriorities? = nil
    ) {
        self.id = id
        self.width = width
        self.aspectRatio = aspectRatio
        self.contentHuggingPriorityOverride = contentHuggingPriority
        self.compressionResistancePriorityOverride = compressionResistancePriority
    }

    /// The priorities the box's fixed sides imply: required on a fixed axis, `others` elsewhere.
    private func fixedSides(others: LayoutPriority) -> AxisPriorities {
        AxisPriorities(horizontal: width == nil ? others : .required, vertical: .required)
    }

    /// Required on each fixed side (the height always is: given or from the aspect ratio), else 250.
    public var contentHuggingPriority: AxisPriorities {
        contentHuggingPriorityOverride ?? fixedSides(others: .defaultLow)
    }

    /// Required on each fixed side (the height always is: given or from the aspect ratio), else 750.
    public var compressionResistancePriority: AxisPriorities {
        compressionResistancePriorityOverride ?? fixedSides(others: .defaultHigh)
    }

    /// The fixed width, or `nil` when the box takes the proposed width.
    public func intrinsicWidth(measurer: any TextMeasuring) throws -> CGFloat? { width }

    public func measurement(proposedWidth: CGFloat, measurer: any TextMeasuring) throws -> LayoutMeasurement {
        try validatePriorities()
        let boxWidth = width ?? proposedWidth
        try requireLength(boxWidth, "box width")
        let boxHeight: CGFloat
        if let height {
            boxHeight = height
        } else if let aspectRatio, aspectRatio.isFinite, aspectRatio > 0 {
            boxHeight = boxWidth / aspectRatio
        } else {
            throw LayoutError("a box needs a height or an aspect ratio greater than 0")
        }
        try requireLength(boxHeight, "box height")
        return LayoutMeasurement(layout: self, size: CGSize(width: boxWidth, height: boxHeight), proposedWidth: proposedWidth)
    }

    public func arrangement(within frame: CGRect, measurement: LayoutMeasurement) -> LayoutArrangement {
        LayoutArrangement(layout: self, frame: frame)
    }
}
