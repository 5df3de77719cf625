// AttributedText+Paragraphs.swift — a paragraph style per paragraph, as each paragraph of an NSAttributedString has its NSParagraphStyle.
import Foundation

extension AttributedText {
    /// The paragraph style of one paragraph of the text, kept at the paragraph's first character
    /// (TextKit reads a paragraph's `NSParagraphStyle` from its first character).
    public struct ParagraphAttributes: Sendable, Hashable {
        /// The UTF-16 offset of the paragraph's first character.
        public let paragraphStart: Int
        /// How the paragraph's lines break and are spaced, and its direction.
        public let style: ParagraphStyle

        /// The style `style` of the paragraph starting at UTF-16 offset `paragraphStart`.
        public init(paragraphStart: Int, style: ParagraphStyle) {
            self.paragraphStart = paragraphStart
            self.style = style
        }
    }

    /// Gives every paragraph that `utf16Range` touches its own paragraph style, as a text view
    /// applies paragraph attributes to each paragraph of a selection (AppKit's
    /// `NSTextView.rangeForUserParagraphAttributeChange`); `nil` takes their own style away, so
    /// that they take the style a layout is given again. A paragraph is its text and the hard
    /// break that ends it; an empty range changes nothing.
    ///
    /// ```swift
    /// var text = AttributedText("Title\nA longer body that wraps…", style: body)
    /// try text.setParagraphStyle(ParagraphStyle(lineBreakMode: .byTruncatingTail, lineSpacing: 4),
    ///                            utf16Range: 6..<text.utf16Count)
    /// ```
    ///
    /// A paragraph with a style of its own is laid out with all of it: its line break mode, line
    /// spacing, line height bounds and base direction (see ``TextMeasurer/layout(_:paragraphStyle:maxWidth:)``).
    /// The line limit is the whole text's, as `UILabel.numberOfLines` is the label's.
    ///
    /// - Throws: ``CaliperError/invalidSpans(_:)`` for a range outside the text or one that
    ///   splits a surrogate pair; ``CaliperError/invalidParagraphStyle(_:)`` for a style with a
    ///   line limit; the style's own errors (a negative spacing…).
    public mutating func setParagraphStyle(_ style: ParagraphStyle?, utf16Range: Range<Int>) throws(CaliperError) {
        let units = try checkRange(utf16Range)
        if let style { try Self.validateParagraphOwn(style) }
        guard !utf16Range.isEmpty else { return }
        let touched = ParagraphSegmenter.paragraphs(in: units)
            .filter { $0.content.lowerBound < utf16Range.upperBound && utf16Range.lowerBound < $0.end }
            .map(\.content.lowerBound)
        let replaced = Set(touched)
        var entries = paragraphStyles.filter { !replaced.contains($0.paragraphStart) }
        if let style {
            entries += touched.map { ParagraphAttributes(paragraphStart: $0, style: style) }
            entries.sort { $0.paragraphStart < $1.paragraphStart }
        }
        paragraphStyles = entries
    }

    /// Gives every paragraph that `range` of ``string`` touches its own paragraph style (see
    /// ``setParagraphStyle(_:utf16Range:)``).
    public mutating func setParagraphStyle(_ style: ParagraphStyle?, range: Range<String.Index>) throws(CaliperError) {
        try setParagraphStyle(style, utf16Range: try utf16Range(of: range))
    }

    /// Replaces every paragraph's own paragraph style with `entries` (at most one per paragraph,
    /// in order): what ``setParagraphStyle(_:utf16Range:)`` gives, for many paragraphs in one pass.
    ///
    /// - Throws: ``CaliperError/invalidParagraphStyle(_:)`` when an entry's
    ///   ``ParagraphAttributes/paragraphStart`` is not where a paragraph starts (see
    ///   ``paragraphRanges``), the entries are not in increasing order, or a style has a line
    ///   limit; the styles' own errors.
    public mutating func setParagraphStyles(_ entries: [ParagraphAttributes]) throws(CaliperError) {
        let starts = paragraphRanges.map(\.lowerBound)
        var next = 0
        for entry in entries {
            while next < starts.count, starts[next] < entry.paragraphStart { next += 1 }
            guard next < starts.count, starts[next] == entry.paragraphStart else {
                throw .invalidParagraphStyle(
                    "no paragraph starts at \(entry.paragraphStart), or the entries are not in increasing order (paragraphs start at \(starts.prefix(8).map(String.init).joined(separator: ", "))\(starts.count > 8 ? ", …" : ""))")
            }
            next += 1
            try Self.validateParagraphOwn(entry.style)
        }
        paragraphStyles = entries
    }

    /// The UTF-16 range of each paragraph, its hard break (LF, CR, CR LF, VT, FF, NEL, U+2028 or
    /// U+2029) included: the text up to each break, and the text after the last one unless it is
    /// empty (`"a\n"` is one paragraph, `""` none). A layout of a text that ends in a hard break
    /// has one more, empty line after its last paragraph, as TextKit's extra line fragment: it
    /// is no paragraph, and takes the style of the paragraph before it.
    public var paragraphRanges: [Range<Int>] {
        ParagraphSegmenter.paragraphs(in: Array(string.utf16)).map { $0.content.lowerBound..<$0.end }
    }

    /// The paragraph style of the paragraph holding UTF-16 offset `offset` (its hard break
    /// included), or `nil` when that paragraph has none of its own.
    public func paragraphStyle(atUTF16Offset offset: Int) -> ParagraphStyle? {
        guard !paragraphStyles.isEmpty else { return nil }
        let paragraph = ParagraphSegmenter.paragraphs(in: Array(string.utf16)).first { offset < $0.end }
        guard let start = paragraph?.content.lowerBound else { return nil }
        return paragraphStyles.first { $0.paragraphStart == start }?.style
    }

    /// The own paragraph style of each of `segments` (this text's paragraphs, in order, and the
    /// empty line after its last hard break if it has one), `nil` for those that have none. The
    /// empty line after the last break has the style of the paragraph that break ends, as its
    /// height follows the break's attributes.
    func ownParagraphStyles(of segments: [ParagraphSegment]) -> [ParagraphStyle?] {
        guard !paragraphStyles.isEmpty else { return Array(filling: nil, count: segments.count) }
        var entries = paragraphStyles[...]
        var styles: [ParagraphStyle?] = []
        styles.reserveCapacity(segments.count)
        for segment in segments {
            if segment.isTrailingLine, let previous = styles.last {
                styles.append(previous)
                continue
            }
            while let first = entries.first, first.paragraphStart < segment.content.lowerBound { entries.removeFirst() }
            guard let first = entries.first, first.paragraphStart == segment.content.lowerBound else {
                styles.append(nil)
                continue
            }
            styles.append(first.style)
        }
        return styles
    }

    /// Takes `other`'s paragraph styles, for `other` appended at `offset`: its first paragraph
    /// keeps its style only when it still starts a paragraph (this text ends with a hard break
    /// that `other` does not extend, as CR followed by LF).
    mutating func appendParagraphStyles(of other: AttributedText, at offset: Int) {
        guard !other.paragraphStyles.isEmpty else { return }
        let last = string.utf16.last
        let startsParagraph = last.map {
            ParagraphSegmenter.isHardBreak($0) && !($0 == 0x0D && other.string.utf16.first == 0x0A)
        } ?? true
        for entry in other.paragraphStyles where entry.paragraphStart > 0 || startsParagraph {
            paragraphStyles.append(ParagraphAttributes(paragraphStart: entry.paragraphStart + offset, style: entry.style))
        }
    }

    /// Sets the paragraph styles from each paragraph's first character's style (`style(offset)`,
    /// asked in increasing offsets), as TextKit takes a paragraph's style from its first character.
    mutating func setParagraphStyles(fromFirstCharacters style: (Int) -> ParagraphStyle?) throws(CaliperError) {
        var entries: [ParagraphAttributes] = []
        for segment in ParagraphSegmenter.paragraphs(in: Array(string.utf16)) {
            guard let own = style(segment.content.lowerBound) else { continue }
            try Self.validateParagraphOwn(own)
            entries.append(ParagraphAttributes(paragraphStart: segment.content.lowerBound, style: own))
        }
        paragraphStyles = entries
    }

    /// Refuses a style a paragraph cannot have on its own: an invalid one, or one with a line limit.
    private static func validateParagraphOwn(_ style: ParagraphStyle) throws(CaliperError) {
        try style.validate()
        guard style.numberOfLines == 0 else {
            throw .invalidParagraphStyle(
                "a paragraph's own style has numberOfLines \(style.numberOfLines); the line limit is the whole text's (as UILabel.numberOfLines is the label's): give it to the layout")
        }
    }
}
