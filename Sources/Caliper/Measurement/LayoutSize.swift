// LayoutSize.swift — a layout's size without its lines: what a precompute job asks of a text at many widths.
import Foundation

/// The size of a layout and how many lines it has, without the lines: what
/// ``MeasuredText/layoutSize(maxWidth:paragraphStyle:)`` answers, equal to the ``TextLayout``
/// that ``MeasuredText/layout(maxWidth:paragraphStyle:)`` gives at the same width, field for
/// field, bit for bit.
public struct LayoutSize: Sendable, Hashable {
    /// The layout's ``TextLayout/size``.
    public var size: CGSize
    /// The number of the layout's ``TextLayout/lines``.
    public var lineCount: Int
    /// The layout's ``TextLayout/isTruncated``.
    public var isTruncated: Bool
    /// The layout's ``TextLayout/notices``.
    public var notices: [LayoutNotice]

    /// A layout `size` with `lineCount` lines, truncated or not, with its `notices`.
    public init(size: CGSize, lineCount: Int, isTruncated: Bool, notices: [LayoutNotice] = []) {
        self.size = size
        self.lineCount = lineCount
        self.isTruncated = isTruncated
        self.notices = notices
    }
}

extension TextLayout {
    /// The layout's size, line count, truncation and notices.
    public var layoutSize: LayoutSize {
        LayoutSize(size: size, lineCount: lines.count, isTruncated: isTruncated, notices: notices)
    }
}
