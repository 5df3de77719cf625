// TextLayout.swift — the result of measuring text: its size and its lines.
import Foundation

/// One laid-out line.
public struct TextLine: Sendable, Hashable {
    /// The UTF-16 range of the source text the line stands for. A line owns the whitespace and
    /// the hard break that end it; the last allowed line of a truncated or clipped layout owns the
    /// rest of its paragraph.
    public var utf16Range: NSRange
    /// The same range as indices of the source `String`.
    public var range: Range<String.Index>
    /// The width of what the line shows, trailing whitespace excluded, in points. A clipped line
    /// reports at most the layout's maximum width.
    public var width: CGFloat
    /// The width with trailing whitespace, in points (hard breaks have no width).
    public var widthIncludingTrailingWhitespace: CGFloat
    /// The top of the line box, from the top of the layout, in points.
    public var top: CGFloat
    /// The height of the line box, in points.
    public var height: CGFloat
    /// The baseline, from the top of the layout, in points.
    public var baseline: CGFloat
    /// The text shown when the line was truncated with an ellipsis; `nil` otherwise.
    public var truncatedText: String?
    /// Whether text was cut off at the maximum width (``LineBreakMode/byClipping``).
    public var isClipped: Bool
    /// The runs of the line's visible content (trailing whitespace excluded) in visual order, left
    /// to right. For a truncated line they are the runs of ``truncatedText`` and their ranges index it.
    /// A hyphenated line's hyphen is a run of its own with an empty range at the line's end.
    public var runs: [TextRun]
    /// Whether the line breaks inside a word and shows a hyphen after it: at a hyphenation point
    /// (``ParagraphStyle/hyphenationFactor``) or a soft hyphen. ``width`` includes the hyphen.
    public var isHyphenated: Bool = false
}

/// A run of a line: text in one font, one script and one bidi level, placed on the line.
public struct TextRun: Sendable, Hashable {
    /// The run's UTF-16 range in the source text (in ``TextLine/truncatedText`` for a truncated line).
    public var utf16Range: NSRange
    /// The font the run is set in: its style's font or a fallback.
    public var font: FontFace
    /// The point size of the run's style.
    public var size: CGFloat
    /// Points the run is raised above the baseline (its style's baseline offset).
    public var baselineOffset: CGFloat
    /// The index of the run's span in the measured ``AttributedText`` (0 for text in one style).
    public var spanIndex: Int
    /// The run's script, ISO 15924 ("Latn", "Arab", "Hani", "Zyyy" for common characters).
    public var script: String
    /// The UAX #9 embedding level: even left-to-right, odd right-to-left.
    public var bidiLevel: Int
    /// The run's left edge, from the line's left edge, in points.
    public var x: CGFloat
    /// The run's width in points (letter spacing included).
    public var width: CGFloat
    /// The run's glyphs in visual order, placed where the layout measured them: kept by a measurer
    /// that keeps glyphs (``TextMeasurer/keepsGlyphs``), `nil` otherwise. An inline box's run has
    /// none. The glyphs' advances add up to ``width``.
    public var glyphs: [RunGlyph]? = nil

    /// Whether the run is right-to-left: its bidi level is odd.
    public var isRightToLeft: Bool { bidiLevel % 2 == 1 }
}

/// A glyph of a laid-out run, as the layout measured it: drawing it at ``position`` from its
/// run's origin (``TextRun/x`` on the line's baseline, raised by ``TextRun/baselineOffset``) in
/// the run's font and size shows the text where the measurement put it, without shaping again.
public struct RunGlyph: Sendable, Hashable {
    /// The glyph's ID in the run's font (``TextRun/font``).
    public var id: UInt32
    /// The glyph's origin from the run's left edge on the baseline, in points (x right, y up):
    /// the pen position plus HarfBuzz's offset (and half its cluster's AAT tracking).
    public var position: CGPoint
    /// How far the glyph moves the pen, in points: its advance at the run's size with its
    /// cluster's AAT tracking and the letter spacing that follows it; a tab's, its advance to its stop.
    public var advance: CGFloat
    /// The UTF-16 offset of the first code unit of the glyph's cluster, from the run's start
    /// (``TextRun/utf16Range``'s location; 0 for a hyphen).
    public var clusterOffset: Int

    /// A glyph `id` at `position` from its run's left edge, advancing the pen by `advance`, of the
    /// cluster starting `clusterOffset` code units into its run.
    public init(id: UInt32, position: CGPoint, advance: CGFloat, clusterOffset: Int) {
        self.id = id
        self.position = position
        self.advance = advance
        self.clusterOffset = clusterOffset
    }
}

/// Text measured and broken into lines, as `boundingRect(with:options:attributes:context:)` and
/// `UILabel` would lay it out. All values are unrounded points; see ``PixelRounding`` for UIKit's
/// `ceil` idiom.
public struct TextLayout: Sendable, Hashable {
    /// Width = the widest line (with trailing whitespace when there was no maximum width, without
    /// it otherwise); height = the line heights plus line spacing between lines.
    public var size: CGSize
    /// The lines shown, in order.
    public var lines: [TextLine]
    /// Whether some text is not shown in full: lines past `numberOfLines`, an ellipsis, or clipping.
    public var isTruncated: Bool
    /// The height of a line set in the primary font alone (its line height after the paragraph
    /// style's multiple, minimum and maximum). A line with a taller fallback font is taller: see
    /// each ``TextLine/height``.
    public var lineHeight: CGFloat
    /// The primary font's metrics at the style's size.
    public var fontMetrics: FontMetrics
    /// Grapheme clusters that no font of the cascade covers, measured with the primary font's
    /// .notdef glyph (as CoreText does).
    public var missingGlyphCount: Int
    /// The inline boxes shown, in line order, with their frames (y from the layout's top).
    public var inlineBoxes: [PlacedInlineBox] = []
    /// What the styles asked for and the layout could not do (a language with no hyphenation
    /// dictionary), each once; empty when nothing was left out.
    public var notices: [LayoutNotice] = []
}
