// FlowStyle.swift — how a flow layout spaces, aligns, limits and rounds its rows.
import Caliper
import Foundation

/// The settings of a ``FlowLayout``, with UICollectionViewFlowLayout's names where it has them.
public struct FlowStyle: Sendable, Hashable {
    /// Where a row's items sit horizontally.
    public enum HorizontalAlignment: String, Sendable, Hashable, CaseIterable {
        /// Packed toward the leading edge (left in left-to-right): the default.
        case leading
        /// Centred in the row.
        case center
        /// Packed toward the trailing edge (right in left-to-right).
        case trailing
        /// Extra room shared between the gaps of every row but the last; rows of one item, and
        /// the last row, stay leading.
        case justified
    }

    /// Where items of different heights sit in their row.
    public enum VerticalAlignment: String, Sendable, Hashable, CaseIterable {
        /// Tops lined up: the default.
        case top
        /// Centred in the row's height.
        case center
        /// Bottoms lined up.
        case bottom
        /// The first baselines of the items' text line up.
        case firstBaseline
    }

    /// How rows are filled.
    public enum Packing: String, Sendable, Hashable, CaseIterable {
        /// Each row takes as many items as fit.
        case greedy
        /// Same order and number of rows as greedy, but the rows are filled as evenly as possible
        /// (the least sum of squared leftover widths).
        case balanced
    }

    /// The chip that stands for hidden items when ``maximumRows`` cuts the flow short.
    public struct OverflowChip: Sendable, Hashable {
        /// Its text, with `%d` replaced by the number of hidden items, e.g. `"+%d"` or `"%d more"`.
        public var format: String
        /// The chip's text style.
        public var style: TextStyle
        /// Space around the text inside the chip.
        public var padding: EdgeInsets

        /// The format of an overflow chip that names none: `"+%d"`.
        public static let defaultFormat = "+%d"

        /// An overflow chip reading `format` (`%d` is the hidden count) in `style`, with `padding`.
        public init(format: String = OverflowChip.defaultFormat, style: TextStyle, padding: EdgeInsets = .zero) {
            self.format = format
            self.style = style
            self.padding = padding
        }

        /// `format` with each `%d` replaced by `hiddenCount`, matched by whole characters
        /// (extended grapheme clusters, UAX #29): a `%d` whose `%` or `d` joins a neighbour's
        /// character — a combining or spacing mark or a zero-width joiner after the `d`, a
        /// prepended mark before the `%` — is left as it is. A loop over the characters, rather
        /// than Foundation's `replacingOccurrences(of:with:)` (through `NSString`) or the standard
        /// library's generic `replacing(_:with:)`, both far slower for a format of a few
        /// characters; Foundation also replaced the `%d` of a joiner, a spacing mark or a
        /// prepended mark.
        func text(hiddenCount: Int) -> String {
            var text = ""
            var afterPercent = false
            for character in format {
                if afterPercent {
                    afterPercent = false
                    if character == "d" {
                        text += String(hiddenCount)
                        continue
                    }
                    text.append("%")
                }
                if character == "%" { afterPercent = true } else { text.append(character) }
            }
            if afterPercent { text.append("%") }
            return text
        }
    }

    /// Space between the container's edges and the items (UICollectionViewFlowLayout's `sectionInset`).
    public var insets: EdgeInsets
    /// Space between items in a row (`minimumInteritemSpacing`, used exactly).
    public var interitemSpacing: CGFloat
    /// Space between rows (`minimumLineSpacing`, used exactly).
    public var lineSpacing: CGFloat
    /// Where a row's items sit horizontally.
    public var horizontalAlignment: HorizontalAlignment
    /// Where items of different heights sit in their row.
    public var verticalAlignment: VerticalAlignment
    /// Right-to-left layout: rows start at the right, and leading means right.
    public var isRightToLeft: Bool
    /// At most this many rows; items past them are hidden. `nil` or 0: no limit.
    public var maximumRows: Int?
    /// Shown at the end of the last row when items are hidden; `nil` hides them silently.
    public var overflowChip: OverflowChip?
    /// How rows are filled: greedily (the default) or balanced.
    public var packing: Packing
    /// When set (1, 2, 3), sizes are ceiled like UIKit's `ceil(width) + padding * 2` and positions
    /// rounded to this scale's pixel grid. Off (`nil`) by default: raw values stay unrounded.
    public var pixelScale: CGFloat?
    /// One row that grows as wide as its items (a horizontally scrolling strip) instead of wrapping.
    public var scrollsHorizontally: Bool

    /// The space between items in a row of a flow that sets none: 8 pt.
    public static let defaultInteritemSpacing: CGFloat = 8
    /// The space between rows of a flow that sets none: 8 pt.
    public static let defaultLineSpacing: CGFloat = 8

    /// The settings of a flow. By default: no insets, 8 pt between items and between rows
    /// (``defaultInteritemSpacing``, ``defaultLineSpacing``), leading, top-aligned, left-to-right
    /// rows, no row limit, greedy packing, no pixel rounding.
    public init(
        insets: EdgeInsets = .zero, interitemSpacing: CGFloat = FlowStyle.defaultInteritemSpacing,
        lineSpacing: CGFloat = FlowStyle.defaultLineSpacing,
        horizontalAlignment: HorizontalAlignment = .leading, verticalAlignment: VerticalAlignment = .top,
        isRightToLeft: Bool = false, maximumRows: Int? = nil, overflowChip: OverflowChip? = nil,
        packing: Packing = .greedy, pixelScale: CGFloat? = nil, scrollsHorizontally: Bool = false
    ) {
        self.insets = insets
        self.interitemSpacing = interitemSpacing
        self.lineSpacing = lineSpacing
        self.horizontalAlignment = horizontalAlignment
        self.verticalAlignment = verticalAlignment
        self.isRightToLeft = isRightToLeft
        self.maximumRows = maximumRows
        self.overflowChip = overflowChip
        self.packing = packing
        self.pixelScale = pixelScale
        self.scrollsHorizontally = scrollsHorizontally
    }

    func validate() throws(LayoutError) {
        try insets.validate("flow insets")
        try requireLength(interitemSpacing, "interitem spacing")
        try requireLength(lineSpacing, "line spacing")
        if let maximumRows, maximumRows < 0 { throw LayoutError("maximum rows must be 0 (no limit) or more, not \(maximumRows)") }
        if let pixelScale, !PixelRounding.scales.contains(pixelScale) {
            throw LayoutError("pixel scale must be a number from 0.01 to 100, not \(pixelScale)")
        }
    }
}
