// FlowLayoutResult.swift — where a flow layout put each item, its rows and its content size.
import Foundation

/// The result of a ``FlowLayout``: a frame for every item, the rows, and the content size.
public struct FlowLayoutResult: Sendable, Hashable {
    /// One placed item (or the overflow chip).
    public struct PlacedItem: Sendable, Hashable {
        /// The item's frame in the container; `.zero` for a hidden item.
        public var frame: CGRect
        /// Hidden because it is past ``FlowStyle/maximumRows``.
        public var isHidden: Bool
        /// For a text chip: the text as shown (possibly truncated or wrapped).
        public var text: TextMeasurement?
        /// For a text chip: where the text box sits in the container.
        public var textFrame: CGRect?
        /// The first baseline, from the container's top.
        public var baseline: CGFloat
    }

    /// One entry per input item, in input order.
    public var items: [PlacedItem]
    /// The visible items of each row, as index ranges of `items`.
    public var rows: [Range<Int>]
    /// Width: the container's (or the strip's, when scrolling horizontally); height: insets + rows
    /// + line spacing between rows, or 0 for no items.
    public var contentSize: CGSize
    /// How many items (a suffix of the input) are hidden by ``FlowStyle/maximumRows``.
    public var hiddenCount: Int
    /// The "+N" chip standing for the hidden items, on the last row.
    public var overflowChip: PlacedItem?
    /// The overflow chip's text.
    public var overflowText: String?

    /// The frames of all items, in input order (`.zero` for hidden ones).
    public var frames: [CGRect] { items.map(\.frame) }
}
