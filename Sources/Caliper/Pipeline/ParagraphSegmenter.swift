// ParagraphSegmenter.swift — splits UTF-16 text into paragraphs at hard line breaks.

/// A paragraph of text: its content, and the hard break (if any) that ends it.
struct ParagraphSegment: Sendable, Equatable {
    /// The paragraph's characters, without its hard break.
    var content: Range<Int>
    /// The end of the hard break that closes the paragraph (== `content.upperBound` when none).
    var end: Int

    /// Whether this is the empty line after a text's last hard break (see
    /// ``ParagraphSegmenter/lines(in:)``): empty, and ended by no break.
    var isTrailingLine: Bool { content.isEmpty && end == content.lowerBound }
}

enum ParagraphSegmenter {
    /// Splits `text` at hard breaks — LF, VT, FF, CR, CR LF, NEL, U+2028, U+2029 (UAX #14 classes
    /// BK, CR, LF and NL). Text after the last hard break forms a paragraph only when it is not
    /// empty, so `"a\n"` is one paragraph and `""` is none.
    static func paragraphs(in text: [UInt16]) -> [ParagraphSegment] {
        var paragraphs: [ParagraphSegment] = []
        var start = 0
        var index = 0
        while index < text.count {
            let unit = text[index]
            guard isHardBreak(unit) else {
                index += 1
                continue
            }
            var end = index + 1
            if unit == 0x0D, end < text.count, text[end] == 0x0A { end += 1 }
            paragraphs.append(ParagraphSegment(content: start..<index, end: end))
            start = end
            index = end
        }
        if start < text.count { paragraphs.append(ParagraphSegment(content: start..<text.count, end: text.count)) }
        return paragraphs
    }

    /// The paragraphs of `text` as they are laid out: ``paragraphs(in:)`` and, when the text ends
    /// in a hard break, one empty line after it (``ParagraphSegment/isTrailingLine``), as TextKit
    /// lays out its extra line fragment there (`NSLayoutManager.extraLineFragmentRect`), which
    /// `usedRect(for:)`, `boundingRect(with:options:attributes:context:)` and `UILabel` count: `"a\n"`
    /// is two lines, `"\n"` two empty lines, `""` none.
    static func lines(in text: [UInt16]) -> [ParagraphSegment] {
        var segments = paragraphs(in: text)
        if let last = text.last, isHardBreak(last) {
            segments.append(ParagraphSegment(content: text.count..<text.count, end: text.count))
        }
        return segments
    }

    static func isHardBreak(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// Whitespace that hangs past the end of a line: it does not count toward fitting, and a line's
    /// width excludes it. No-break spaces (U+00A0, U+2007, U+202F) are glue, not whitespace, here.
    static func isHangingWhitespace(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x09, 0x20, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F, 0x3000: return true
        default: return false
        }
    }
}
