// FlowItem.swift — one item of a flow layout: a text chip, or anything of a fixed size.
import Caliper
import Foundation

/// An item of a ``FlowLayout``: a chip (text + padding) sized from its measured text, or a box of
/// a fixed size (an image, a precomputed view).
///
/// ```swift
/// let chip = FlowItem.chip("machine learning", style: style, padding: EdgeInsets(top: 4, left: 10, bottom: 4, right: 10))
/// let avatar = FlowItem.fixed(CGSize(width: 24, height: 24))
/// ```
public struct FlowItem: Sendable, Hashable {
    /// What an item shows: text in a chip, or a box of a fixed size.
    public enum Content: Sendable, Hashable {
        /// Text in one style or several ("swift **12**"); the chip is as wide as the text plus padding.
        case text(AttributedText)
        /// A fixed size; `baseline` (from the top) is used for first-baseline alignment, else the bottom.
        case fixed(CGSize, baseline: CGFloat?)
    }

    /// The item's text or fixed size.
    public var content: Content
    /// A name for the item's frame in a cell's ``LayoutArrangement/framesByID``; without one, an
    /// item of a flow with an `id` is named `<flow id>[index]` (see ``FlowLayout/itemID(flowID:index:)``).
    public var id: String?
    /// Space around the text inside the chip.
    public var padding: EdgeInsets
    /// The chip is at least this wide (text centred in the extra room).
    public var minimumWidth: CGFloat?
    /// The chip is at most this wide; longer text is truncated (or wrapped, see ``maximumLines``).
    public var maximumWidth: CGFloat?
    /// When the chip's text must be narrower than it is (the chip is clamped to the row or to
    /// ``maximumWidth``): 1 truncates it with "…" on one line; n > 1 wraps it to at most n lines,
    /// truncating the last; 0 wraps it to as many lines as it takes. The chip grows taller.
    public var maximumLines: Int
    /// When the chip's text must be narrower than it is, shrink its point sizes first, down to
    /// this factor (`UILabel.adjustsFontSizeToFitWidth` with `minimumScaleFactor`): the text
    /// takes the largest scale at which it fits the chip within ``maximumLines`` with nothing
    /// truncated (`ShrinkToFit.largestScale`), and is
    /// truncated at the minimum only if it still does not fit. `nil` (the default) never
    /// shrinks; so does a factor of 0, and a chip whose ``maximumLines`` is 0 (it wraps instead).
    public var minimumScaleFactor: CGFloat? {
        get { scaleFactor.sign == .minus && scaleFactor == 0 ? nil : scaleFactor }
        set { scaleFactor = newValue ?? -0.0 }
    }

    /// ``minimumScaleFactor``, with −0 for `nil` (both never shrink): an optional would make an
    /// item 129 bytes, and every copy of a longer struct a `memcpy` call (flows copy items often).
    private var scaleFactor: CGFloat = -0.0

    /// An item showing `content`, named `id`, with `padding` around its text and its width kept within
    /// `minimumWidth`…`maximumWidth`; text too wide for it shrinks down to `minimumScaleFactor`, then
    /// takes at most `maximumLines` lines. The
    /// ``chip(_:style:id:padding:minimumWidth:maximumWidth:maximumLines:minimumScaleFactor:)`` and ``fixed(_:baseline:id:)``
    /// shorthands build the usual items.
    public init(
        content: Content, id: String? = nil, padding: EdgeInsets = .zero, minimumWidth: CGFloat? = nil, maximumWidth: CGFloat? = nil,
        maximumLines: Int = 1, minimumScaleFactor: CGFloat? = nil
    ) {
        self.content = content
        self.id = id
        self.padding = padding
        self.minimumWidth = minimumWidth
        self.maximumWidth = maximumWidth
        self.maximumLines = maximumLines
        self.minimumScaleFactor = minimumScaleFactor
    }

    /// A text chip.
    public static func chip(
        _ text: String, style: TextStyle, id: String? = nil, padding: EdgeInsets = .zero, minimumWidth: CGFloat? = nil,
        maximumWidth: CGFloat? = nil, maximumLines: Int = 1, minimumScaleFactor: CGFloat? = nil
    ) -> FlowItem {
        FlowItem(
            content: .text(AttributedText(text, style: style)), id: id, padding: padding, minimumWidth: minimumWidth, maximumWidth: maximumWidth,
            maximumLines: maximumLines, minimumScaleFactor: minimumScaleFactor)
    }

    /// A chip of text in several styles (a tag with a bold count, an icon as an inline box).
    public static func chip(
        _ text: AttributedText, id: String? = nil, padding: EdgeInsets = .zero, minimumWidth: CGFloat? = nil,
        maximumWidth: CGFloat? = nil, maximumLines: Int = 1, minimumScaleFactor: CGFloat? = nil
    ) -> FlowItem {
        FlowItem(
            content: .text(text), id: id, padding: padding, minimumWidth: minimumWidth, maximumWidth: maximumWidth,
            maximumLines: maximumLines, minimumScaleFactor: minimumScaleFactor)
    }

    /// An item of a fixed size.
    public static func fixed(_ size: CGSize, baseline: CGFloat? = nil, id: String? = nil) -> FlowItem {
        FlowItem(content: .fixed(size, baseline: baseline), id: id)
    }
}
