// PlainLatinLabel.swift — the size of a plain Latin label in one font, without the general pipeline.
import Foundation

/// A whole label's advance in design units and its grapheme cluster count (one per character).
struct LabelAdvance: Sendable {
    var units: Int
    var clusterCount: Int
}

/// ``TextMeasurer/size(of:style:)`` for the commonest label: one line of plain Latin text —
/// U+0020…U+007E and U+00A0…U+024F, so no control, line break or combining mark — that the
/// primary font covers entirely.
///
/// For such text the general pipeline's answer is known in advance: one paragraph; one bidi level
/// (no character is right-to-left, so the paragraph is left to right); one script (Latin, Common
/// taking it, or Common alone when there is no letter); one font; one grapheme cluster per
/// character. So the whole label is one HarfBuzz run, and its size is that run's advance turned
/// into points with the arithmetic of `MeasuredText.unwrappedSize`. With a cache, the run's
/// advance is looked up, or summed from its words and runs of spaces (each shaped once and cached)
/// when nothing in the font shapes across a space (``SpaceIsolation``); otherwise the label is
/// shaped whole. `PlainLatinLabelTests` checks every step against the general pipeline, bit for bit.
enum PlainLatinLabel {
    /// The size of `text`, or `nil` when it is not plain Latin in the style's font (or HarfBuzz
    /// gave no glyphs), for the general pipeline to measure.
    static func size(of text: String, style: TextStyle, cache: ShapeCache?) -> CGSize? {
        // An entry exists only for text that passed the check below with this same font.
        if let cache,
            let advance = cache.labels.value(
                for: text, kind: .label, font: style.font, features: style.features, language: style.language,
                countsMiss: false)
        {
            return size(of: advance, style: style)
        }
        guard let (script, count) = scan(text, font: style.font) else { return nil }
        cache?.labels.recordMiss()  // only now: text the general path takes is no miss of this table
        guard let units = advance(of: text, script: script, style: style, cache: cache) else { return nil }
        let advance = LabelAdvance(units: units, clusterCount: count)
        let labelStyle = AdvanceStyle(kind: .label, font: style.font, features: style.features, language: style.language)
        cache?.labels.insert(advance, for: text, style: labelStyle)
        return size(of: advance, style: style)
    }

    /// The size of a label with `advance`, computed as `MeasuredText.unwrappedSize` computes it
    /// for one paragraph in one run of the primary font (`ShapedParagraph.width` and
    /// `lineMetrics`), operation for operation, so the result is bit-identical.
    static func size(of advance: LabelAdvance, style: TextStyle) -> CGSize {
        let face = style.font
        let points = Double(advance.units) * Double(style.size) / Double(face.designMetrics.unitsPerEm)
        let spacingSlots = style.letterSpacing != 0 ? advance.clusterCount : 0
        let lineWidth = CGFloat(0.0 + points) + style.letterSpacing * CGFloat(spacingSlots)
        var width: CGFloat = 0
        width = max(width, lineWidth)
        var height: CGFloat = 0
        height += face.metrics(atSize: style.size).lineHeight
        return CGSize(width: width, height: height)
    }

    /// The script the general pipeline would shape `text` in and its character count, or `nil`
    /// if `text` is empty, has a character outside plain Latin, or one `font` has no glyph for.
    static func scan(_ text: String, font: FontFace) -> (script: PieceScript, count: Int)? {
        var hasLetter = false
        var count = 0
        for scalar in text.unicodeScalars {
            let value = scalar.value
            guard (0x20...0x7E).contains(value) || (0xA0..<LatinCoverage.end).contains(value),
                font.latinCoverage.contains(value)
            else { return nil }
            if !hasLetter, isLatinLetter(value) { hasLetter = true }
            count += 1
        }
        return count == 0 ? nil : (hasLetter ? .latin : .common, count)
    }

    /// Whether `value` (plain Latin) has the Script property Latin; the others are Common.
    static func isLatinLetter(_ value: UInt32) -> Bool {
        switch value {
        case 0x41...0x5A, 0x61...0x7A, 0xAA, 0xBA: true
        case 0xC0..<LatinCoverage.end: value != 0xD7 && value != 0xF7
        default: false
        }
    }

    /// The design-unit advance of `text` shaped as one run: the sum of its words' and runs of
    /// spaces' when the font lets words shape apart from spaces and a cache keeps them, else
    /// shaped whole.
    private static func advance(of text: String, script: PieceScript, style: TextStyle, cache: ShapeCache?) -> Int? {
        guard let cache, style.font.isolatesSpaces else { return shape(text, script: script, style: style) }
        let pieceStyle = AdvanceStyle(
            kind: script == .latin ? .latinPiece : .commonPiece, font: style.font, features: style.features,
            language: style.language)
        let bytes = text.utf8
        var total = 0
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let isSpace = bytes[start] == UInt8(ascii: " ")
            var end = bytes.index(after: start)
            while end < bytes.endIndex, (bytes[end] == UInt8(ascii: " ")) == isSpace { end = bytes.index(after: end) }
            // Space bytes are scalar boundaries, so `start` and `end` are valid String indices.
            let piece = String(text[start..<end])
            if let units = cache.pieces.value(
                for: piece, kind: pieceStyle.kind, font: style.font, features: style.features, language: style.language)
            {
                total += units
            } else {
                guard let units = shape(piece, script: script, style: style) else { return nil }
                cache.pieces.insert(units, for: piece, style: pieceStyle)
                total += units
            }
            start = end
        }
        return total
    }

    private static func shape(_ text: String, script: PieceScript, style: TextStyle) -> Int? {
        var text = text
        return text.withUTF8 { utf8 in
            style.font.harfBuzz.advance(ofUTF8: utf8, script: script, features: style.features, language: style.language)
        }
    }
}
