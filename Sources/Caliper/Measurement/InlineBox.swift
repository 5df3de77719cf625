// InlineBox.swift — an object of a given size sitting in a line of text: NSTextAttachment, CSS inline-block, SkParagraph placeholders.
import Foundation

/// An object of a given size placed in text as one character, U+FFFC OBJECT REPLACEMENT
/// CHARACTER, as `NSTextAttachment`, a CSS `inline-block`, SkParagraph's placeholders and Parley's
/// inline boxes are: an @mention chip, an icon, an emoji image inside a sentence. It is as wide as
/// its ``width`` whatever the font, lines break around it as around an ideograph (UAX #14 class
/// CB: before and after it), and its line grows to hold it as its ``alignment`` places it.
///
/// ```swift
/// var text = AttributedText("Tagged ", style: body)
/// text.append(InlineBox(width: 60, height: 22, alignment: .centerOnXHeight, id: "mention"), style: body)
/// text.append(" in a post", style: body)
/// try TextMeasurer().layout(text, maxWidth: 200).inlineBoxes   // each box's frame
/// ```
public struct InlineBox: Sendable, Hashable {
    /// Where a box sits on its line, with CSS's `vertical-align` and UIKit's equivalents.
    public enum Alignment: Sendable, Hashable {
        /// Its bottom `offset` points above the baseline (negative: below it), as
        /// `NSTextAttachment.bounds.origin.y` and CSS `vertical-align: <length>` place it;
        /// `.baseline(offset: 0)` is CSS's `baseline` for a box without a baseline of its own.
        case baseline(offset: CGFloat)
        /// Its middle at half the x-height above the baseline, the x-height of the font around
        /// it (CSS `middle`).
        case centerOnXHeight
        /// Its middle at the middle of the line's text, between its ascender and descender
        /// (SkParagraph's `PlaceholderAlignment.middle`).
        case centerOnLine
        /// Its top at the top of the line (CSS `top`).
        case top
        /// Its bottom at the bottom of the line (CSS `bottom`).
        case bottom
    }

    /// The box's width in points, from 0 to 1,000,000: its advance on the line.
    public var width: CGFloat
    /// The box's height in points, from 0 to 1,000,000.
    public var height: CGFloat
    /// Where the box sits on its line.
    public var alignment: Alignment
    /// A name for the box in ``TextLayout/inlineBoxes``.
    public var id: String?

    /// A box of `width` × `height` points, placed on its line as `alignment` says and named `id` in
    /// ``TextLayout/inlineBoxes`` (and in a cell's frames).
    public init(width: CGFloat, height: CGFloat, alignment: Alignment = .baseline(offset: 0), id: String? = nil) {
        self.width = width
        self.height = height
        self.alignment = alignment
        self.id = id
    }

    /// The character a box stands for in the text.
    public static let character: Character = "\u{FFFC}"

    /// Refuses sizes and offsets no layout can use.
    func validate() throws(CaliperError) {
        for (name, value) in [("width", width), ("height", height)] {
            guard value.isFinite, value >= 0, value <= ParagraphStyle.maximumLength else {
                throw .invalidInlineBox("its \(name) \(value) must be a finite number of points from 0 to \(Int(ParagraphStyle.maximumLength))")
            }
        }
        if case .baseline(let offset) = alignment, !(offset.isFinite && abs(offset) <= ParagraphStyle.maximumLength) {
            throw .invalidInlineBox("its baseline offset \(offset) must be a finite number of points from −1000000 to 1000000")
        }
    }
}

/// A box placed by a layout: where its character is and its frame, in the layout's coordinates
/// (x from the left edge, y from the top).
public struct PlacedInlineBox: Sendable, Hashable {
    /// The box as it was given.
    public var box: InlineBox
    /// The UTF-16 offset of its U+FFFC in the text.
    public var utf16Offset: Int
    /// The index of its line in ``TextLayout/lines``.
    public var lineIndex: Int
    /// The box's frame in the layout's coordinates (x from the left edge, y from the top), in points.
    public var frame: CGRect
}
