// FlowLayout.swift — packs chips and fixed-size items into left-aligned (or otherwise aligned) rows.
import Caliper
import Foundation

/// A tag-cloud flow layout: items in order, left to right in rows, each as wide as its text plus
/// padding, with exact spacing; a row breaks only when the next item does not fit.
///
/// ```swift
/// let style = TextStyle(font: try FontFace(contentsOfFile: "Fonts/NotoSans-Regular.ttf"), size: 14)
/// let padding = EdgeInsets(top: 4, left: 10, bottom: 4, right: 10)
/// let flow = FlowLayout(items: ["swift", "ios", "machine learning"].map { .chip($0, style: style, padding: padding) },
///                       style: FlowStyle(insets: EdgeInsets(all: 16), interitemSpacing: 8, lineSpacing: 8))
/// let result = try flow.layout(width: 375, measurer: TextMeasurer())
/// result.frames         // one CGRect per tag
/// result.contentSize    // the height a containing cell needs
/// ```
public struct FlowLayout: Sendable, Hashable {
    /// A name for the flow's frame when it is a node of a cell layout.
    public var id: String?
    /// The items in reading order.
    public var items: [FlowItem]
    /// Insets, spacing, alignment, row limits and packing.
    public var style: FlowStyle

    /// A flow of `items` laid out by `style`, named `id` as a node of a cell.
    public init(id: String? = nil, items: [FlowItem], style: FlowStyle = FlowStyle()) {
        self.id = id
        self.items = items
        self.style = style
    }

    /// Lays the items out in a container `width` points wide.
    public func layout(width: CGFloat, measurer: some TextMeasuring) throws -> FlowLayoutResult {
        try style.validate()
        try requireLength(width, "flow width")
        let rowLimit: CGFloat? = style.scrollsHorizontally ? nil : max(0, width - style.insets.horizontal)
        var measured = try items.map { try measure($0, rowLimit: rowLimit, measurer: measurer) }
        let widths = measured.map(\.size.width)
        let spacing = style.interitemSpacing

        var rows: [Range<Int>]
        if let rowLimit {
            rows = FlowRowPacker.greedyRows(widths: widths, available: rowLimit, spacing: spacing)
        } else {
            rows = items.isEmpty ? [] : [0..<items.count]
        }
        var hiddenCount = 0
        var overflow: (text: String, item: MeasuredItem)?
        if let maximumRows = style.maximumRows, maximumRows > 0, rows.count > maximumRows, let rowLimit {
            rows.removeLast(rows.count - maximumRows)
            hiddenCount = items.count - rows[rows.count - 1].upperBound
            if let chip = style.overflowChip {
                // Displace items from the last row until the "+N" chip fits beside them.
                var lastRow = rows[rows.count - 1]
                while true {
                    let text = chip.text(hiddenCount: hiddenCount)
                    let item = try measure(
                        .chip(text, style: chip.style, padding: chip.padding), rowLimit: rowLimit, measurer: measurer)
                    let rowWidth = FlowRowPacker.rowWidth(widths[lastRow], spacing: spacing)
                    let fits = lastRow.isEmpty || rowWidth + spacing + item.size.width <= rowLimit + lengthTolerance
                    if fits {
                        overflow = (text, item)
                        break
                    }
                    lastRow = lastRow.lowerBound..<(lastRow.upperBound - 1)
                    hiddenCount += 1
                }
                // An empty last row holds the overflow chip alone.
                rows[rows.count - 1] = lastRow
            }
        } else if style.packing == .balanced, let rowLimit {
            rows = FlowRowPacker.balancedRows(widths: widths, available: rowLimit, spacing: spacing)
        }
        for index in (items.count - hiddenCount)..<items.count { measured[index].isHidden = true }
        return place(measured, rows: rows, overflow: overflow, hiddenCount: hiddenCount, width: width)
    }

    // MARK: - Measuring items

    /// An item's size before placement, with its text as it will be shown.
    struct MeasuredItem {
        var size: CGSize
        /// First baseline from the item's top.
        var baseline: CGFloat
        var text: TextMeasurement?
        /// The text box relative to the item's origin.
        var textFrame: CGRect?
        var isHidden = false
    }

    private func measure(_ item: FlowItem, rowLimit: CGFloat?, measurer: some TextMeasuring) throws -> MeasuredItem {
        if let minimumWidth = item.minimumWidth { try requireLength(minimumWidth, "an item's minimum width") }
        if let maximumWidth = item.maximumWidth { try requireLength(maximumWidth, "an item's maximum width") }
        let limit = min(item.maximumWidth ?? .infinity, rowLimit ?? .infinity)
        switch item.content {
        case .fixed(let size, let baseline):
            try requireLength(size.width, "a fixed item's width")
            try requireLength(size.height, "a fixed item's height")
            if let baseline { try requireLength(baseline, "a fixed item's baseline") }
            let width = min(max(size.width, item.minimumWidth ?? 0), limit)
            return MeasuredItem(size: CGSize(width: width, height: size.height), baseline: baseline ?? size.height)
        case .text(let text):
            try item.padding.validate("chip padding")
            if let minimumScaleFactor = item.minimumScaleFactor { try ShrinkToFit.validate(minimumScaleFactor: minimumScaleFactor) }
            guard item.maximumLines >= 0 else { throw LayoutError("a chip's maximum lines must be 0 or more") }
            let padding = item.padding
            var shown = try measure(text, paragraphStyle: ParagraphStyle(), maxWidth: nil, measurer: measurer)
            var textWidth = rounded(shown.size.width)
            var chipWidth = max(textWidth + padding.horizontal, item.minimumWidth ?? 0)
            if chipWidth > limit + lengthTolerance {
                // Too wide for the row (or its maximum): clamp the chip, and truncate or wrap its
                // text. A chip that wraps freely is never narrower than its longest word, as a CSS
                // flex item's automatic minimum width (its min-content, capped by its max-width),
                // even if that is wider than the row.
                chipWidth = limit
                if item.maximumLines == 0 {
                    let minContent = rounded(try measurer.intrinsicWidths(of: text, paragraphStyle: ParagraphStyle()).minContent)
                    chipWidth = min(item.maximumWidth ?? .infinity, max(limit, minContent + padding.horizontal))
                }
                let textBox = max(0, chipWidth - padding.horizontal)
                let paragraph = ParagraphStyle(
                    lineBreakMode: item.maximumLines == 0 ? .byWordWrapping : .byTruncatingTail,
                    numberOfLines: item.maximumLines)
                var fitted = text
                if let minimumScaleFactor = item.minimumScaleFactor, item.maximumLines > 0 {
                    let scale = try ShrinkToFit.largestScale(minimumScaleFactor: minimumScaleFactor) { scale in
                        try !measure(text.scalingPointSizes(by: scale), paragraphStyle: paragraph, maxWidth: textBox, measurer: measurer)
                            .isTruncated
                    }
                    fitted = text.scalingPointSizes(by: scale)
                }
                shown = try measure(fitted, paragraphStyle: paragraph, maxWidth: textBox, measurer: measurer)
                textWidth = min(rounded(shown.size.width), textBox)
            }
            let textHeight = rounded(shown.size.height)
            // Extra room from a minimum width centres the text; otherwise it starts after the padding.
            let spare = max(0, chipWidth - padding.horizontal - textWidth)
            let textFrame = CGRect(x: padding.left + spare / 2, y: padding.top, width: textWidth, height: textHeight)
            return MeasuredItem(
                size: CGSize(width: chipWidth, height: textHeight + padding.vertical),
                baseline: padding.top + shown.firstBaseline, text: shown, textFrame: textFrame)
        }
    }

    /// A chip's text measured: plain text as plain text (a measurer's fast paths), else with its styles.
    private func measure(
        _ text: AttributedText, paragraphStyle: ParagraphStyle, maxWidth: CGFloat?, measurer: some TextMeasuring
    ) throws -> TextMeasurement {
        text.isSingleStyle
            ? try measurer.measure(text.string, style: text.spans[0].style, paragraphStyle: paragraphStyle, maxWidth: maxWidth)
            : try measurer.measure(text, paragraphStyle: paragraphStyle, maxWidth: maxWidth)
    }

    /// UIKit's `ceil` of a text size to the pixel grid, when rounding is on.
    private func rounded(_ length: CGFloat) -> CGFloat {
        guard let scale = style.pixelScale else { return length }
        return PixelRounding.ceil(length, scale: scale)
    }

    /// A position on the pixel grid, when rounding is on.
    private func snapped(_ position: CGFloat) -> CGFloat {
        guard let scale = style.pixelScale else { return position }
        return (position * scale).rounded() / scale
    }

    // MARK: - Placing rows

    private func place(
        _ measured: [MeasuredItem], rows: [Range<Int>], overflow: (text: String, item: MeasuredItem)?,
        hiddenCount: Int, width: CGFloat
    ) -> FlowLayoutResult {
        let hiddenItem = FlowLayoutResult.PlacedItem(frame: .zero, isHidden: true, text: nil, textFrame: nil, baseline: 0)
        var placed = [FlowLayoutResult.PlacedItem](filling: hiddenItem, count: measured.count)
        var placedOverflow: FlowLayoutResult.PlacedItem?
        let spacing = style.interitemSpacing
        let leadingInset = style.isRightToLeft ? style.insets.right : style.insets.left
        let available = max(0, width - style.insets.horizontal)
        var top = style.insets.top
        var widestRow: CGFloat = 0
        var placedRowCount = 0

        for (rowIndex, row) in rows.enumerated() {
            // The row's members: its items, and the overflow chip at the end of the last row.
            var members: [(index: Int?, item: MeasuredItem)] = row.map { ($0, measured[$0]) }
            if rowIndex == rows.count - 1, let overflow { members.append((nil, overflow.item)) }
            guard !members.isEmpty else { continue }
            placedRowCount += 1

            let rowWidth = members.map(\.item.size.width).reduce(0, +) + spacing * CGFloat(members.count - 1)
            widestRow = max(widestRow, rowWidth)
            let slack = max(0, available - rowWidth)
            var offset: CGFloat = 0
            var gap = spacing
            switch style.horizontalAlignment {
            case .leading: break
            case .center: offset = slack / 2
            case .trailing: offset = slack
            case .justified:
                if rowIndex < rows.count - 1, members.count > 1, !style.scrollsHorizontally {
                    gap = spacing + slack / CGFloat(members.count - 1)
                }
            }

            let rowBaseline = members.map(\.item.baseline).max() ?? 0
            let rowHeight: CGFloat
            switch style.verticalAlignment {
            case .firstBaseline:
                rowHeight = members.map { rowBaseline - $0.item.baseline + $0.item.size.height }.max() ?? 0
            case .top, .center, .bottom:
                rowHeight = members.map(\.item.size.height).max() ?? 0
            }

            var cursor = leadingInset + offset
            for member in members {
                let size = member.item.size
                let dy: CGFloat
                switch style.verticalAlignment {
                case .top: dy = 0
                case .center: dy = (rowHeight - size.height) / 2
                case .bottom: dy = rowHeight - size.height
                case .firstBaseline: dy = rowBaseline - member.item.baseline
                }
                let x = style.isRightToLeft ? width - cursor - size.width : cursor
                let frame = CGRect(x: snapped(x), y: snapped(top + dy), width: size.width, height: size.height)
                let textFrame = member.item.textFrame.map { $0.offsetBy(dx: frame.minX, dy: frame.minY) }
                let item = FlowLayoutResult.PlacedItem(
                    frame: frame, isHidden: false, text: member.item.text, textFrame: textFrame,
                    baseline: frame.minY + member.item.baseline)
                if let index = member.index { placed[index] = item } else { placedOverflow = item }
                cursor += size.width + gap
            }
            top += rowHeight + style.lineSpacing
        }

        let contentHeight = placedRowCount == 0 ? 0 : top - style.lineSpacing + style.insets.bottom
        let contentWidth = style.scrollsHorizontally ? (measured.isEmpty ? 0 : style.insets.horizontal + widestRow) : width
        return FlowLayoutResult(
            items: placed, rows: rows, contentSize: CGSize(width: contentWidth, height: contentHeight),
            hiddenCount: hiddenCount, overflowChip: placedOverflow, overflowText: overflow?.text)
    }
}
