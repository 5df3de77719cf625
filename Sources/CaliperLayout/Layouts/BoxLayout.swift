// BoxLayout.swift — a box of fixed size or fixed aspect ratio: an avatar, an image, a spacer.
import Foundation

/// A box of a fixed size, or as wide as proposed with a fixed aspect ratio (width ÷ height).
public struct BoxLayout: Layout {
    public var id: String?
    /// The width; `nil` takes the proposed width.
    public var width: CGFloat?
    /// The height; `nil` derives it from ``aspectRatio``.
    public var height: CGFloat?
    /// Width ÷ height, used when ``height`` is `nil`.
    public var aspectRatio: CGFloat?

    /// A box of a fixed size.
    public init(id: String? = nil, width: CGFloat, height: CGFloat) {
        self.id = id
        self.width = width
        self.height = height
    }

    /// A box of a fixed aspect ratio (width ÷ height), as wide as `width` or the proposed width.
    public init(id: String? = nil, width: CGFloat? = nil, aspectRatio: CGFloat) {
        self.id = id
        self.width = width
        self.aspectRatio = aspectRatio
    }

    public func measurement(proposedWidth: CGFloat, measurer: any TextMeasuring) throws -> LayoutMeasurement {
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
