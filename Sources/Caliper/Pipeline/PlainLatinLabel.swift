// PlainLatinLabel.swift — the size of a plain Latin label in one font, without the general pipeline.
import Foundation

/// A whole label's advance in design units and its grapheme cluster count (one per character),
/// with what a line of it needs besides: the advance and count without its trailing spaces (which
/// hang at a line's end), and whether any glyph advance is negative.
struct LabelAdvance: Sendable {
    var units: Int
    var clusterCount: Int
    var script: PieceScript
    /// The advance without trailing spaces, `nil` when it is not known exactly (the label ends in
    /// spaces and was shaped whole, so the spaces' share is unknown).
    var contentUnits: Int?
    var contentClusterCount: Int
    var hasNegativeAdvance: Bool
}

/// ``TextMeasurer/size(of:style:)`` for the commonest label: one line of plain Latin text —
/// U+0020…U+007E and U+00A0…U+024F, so no control, line break or combining mark — that the
/// primary font covers entirely.
///
/// For such text the general pipeline's answer is known in advance: one paragraph; one bidi level
/// (no character is right-to-left, so the paragraph is left to right); one script (Latin, Common
/// taking it, or Common alone when there is no letter); one font; one grapheme cluster per
/// character. So the whole label is one HarfBuzz run, and its size is that run's advance turned
/// into points by the helpers the general pipeline uses (``Widths``, ``LineMetrics``,
/// ``UnwrappedSize``, ``LineStack``). With a cache, the run's
/// advance is looked up, or summed from its words and runs of spaces (each shaped once and cached)
/// when nothing in the font shapes across a space (``SpaceIsolation``); otherwise the label is
/// shaped whole. `PlainLatinLabelTests` checks every step against the general pipeline, bit for bit.
enum PlainLatinLabel {
    /// The size of `text`, or `nil` when it is not plain Latin in the style's font (or HarfBuzz
    /// gave no glyphs), for the general pipeline to measure.
    static func size(of text: String, style: TextStyle, cache: ShapeCache?) -> CGSize? {
        labelAdvance(of: text, style: style, cache: cache).map { size(of: $0, style: style) }
    }

    /// The advance of `text` as a label, from the cache or measured (and then cached), or `nil`
    /// when it is not plain Latin in the style's font.
    static func labelAdvance(of text: String, style: TextStyle, cache: ShapeCache?) -> LabelAdvance? {
        // An entry exists only for text that passed the check below with this same font.
        if let cache,
            let advance = cache.labels.value(
                for: text, kind: .label, font: style.font, features: style.features, language: style.language,
                countsMiss: false)
        {
            return advance
        }
        guard let (script, count) = scan(text, font: style.font) else { return nil }
        cache?.labels.recordMiss()  // only now: text the general path takes is no miss of this table
        guard let advance = advance(of: text, script: script, count: count, style: style, cache: cache) else { return nil }
        let labelStyle = AdvanceStyle(kind: .label, font: style.font, features: style.features, language: style.language)
        cache?.labels.insert(advance, for: text, style: labelStyle)
        return advance
    }

    /// The size of a label with `advance`: `MeasuredText.unwrappedSize` of one paragraph in one
    /// run of the primary font, added up by the same ``UnwrappedSize``. Kept out of line: inlined,
    /// it grew `size(of:style:cache:)` past being inlined into `TextMeasurer.size(of:style:)`.
    @inline(never)
    static func size(of advance: LabelAdvance, style: TextStyle) -> CGSize {
        var size = UnwrappedSize()
        size.add(
            lineWidth: width(units: advance.units, clusterCount: advance.clusterCount, style: style),
            metrics: LineMetrics(primary: style.font, size: style.size), ownStyle: nil)
        return size.size
    }

    /// `SizedParagraph.width` of a slice of one run that is `units` wide and holds `clusterCount`
    /// clusters: the run's points summed from 0, then its letter spacing (``Widths``).
    @inline(__always)
    private static func width(units: Int, clusterCount: Int, style: TextStyle) -> CGFloat {
        let spacing = Widths.letterSpacing(style.letterSpacing, clusters: style.letterSpacing != 0 ? clusterCount : 0)
        return Widths.width(points: 0.0 + points(units, style: style), letterSpacing: spacing)
    }

    /// Points for `units` of advance in `style`'s font at its size.
    @inline(__always)
    static func points(_ units: Int, style: TextStyle) -> Double {
        Widths.points(designUnits: units, size: style.size, unitsPerEm: style.font.designMetrics.unitsPerEm)
    }

    /// The longest text, in UTF-8 bytes, that a layout with a width tries as a one-line label.
    static let maximumWrappedLabelLength = 160

    /// ``TextMeasurer/layout(_:style:paragraphStyle:maxWidth:)`` for a plain Latin label that is
    /// one line: what `MeasuredText.layout` builds for it, with its line, run and size made by
    /// the same helpers (``Widths``, ``LineMetrics/box(in:top:)``, ``LineStack``), or `nil` when
    /// the text is not plain Latin in the style's font or may not be exactly one line.
    ///
    /// With a width to wrap to, the label must fit it, and the line breaker must be sure to reach
    /// its end: it screens break opportunities by the widths of the line's prefixes and stops at
    /// the first prefix past the width plus one em, so every prefix must be no wider than the
    /// whole, which holds when no glyph advance and no letter spacing is negative. The line's
    /// width leaves out trailing spaces, so their share must be known exactly.
    static func layout(
        _ text: String, style: TextStyle, paragraphStyle: ParagraphStyle, maxWidth: CGFloat?, cache: ShapeCache?
    ) -> TextLayout? {
        let wrapWidth = maxWidth.flatMap { $0.isFinite ? $0 : nil }
        // Text this long wrapped to a width is a paragraph, not a label: it would rarely fit one
        // line, and the label table is no place for it.
        guard paragraphStyle.baseDirection != .rightToLeft, paragraphStyle.usesFontLeading, wrapWidth == nil || text.utf8.count <= maximumWrappedLabelLength,
            let advance = labelAdvance(of: text, style: style, cache: cache), let contentUnits = advance.contentUnits
        else { return nil }
        let contentWidth = width(units: contentUnits, clusterCount: advance.contentClusterCount, style: style)
        if let wrapWidth {
            guard !advance.hasNegativeAdvance, style.letterSpacing >= 0,
                contentWidth <= wrapWidth + min(LineBreaker.fitTolerance, style.size)
            else { return nil }
        }
        let fullWidth = width(units: advance.units, clusterCount: advance.clusterCount, style: style)
        let box = LineMetrics(primary: style.font, size: style.size).box(in: paragraphStyle, top: 0)
        let contentEnd = advance.contentClusterCount  // one UTF-16 unit per cluster
        let spacing = Widths.letterSpacing(style.letterSpacing, clusters: style.letterSpacing != 0 ? contentEnd : 0)
        let runs = contentEnd == 0 ? [] : [
            TextRun(
                utf16Range: 0..<contentEnd, font: style.font, style: style, spanIndex: 0, script: advance.script == .latin ? "Latn" : "Zyyy",
                bidiLevel: 0, x: 0, width: Widths.width(points: points(contentUnits, style: style), letterSpacing: spacing))
        ]
        // The label is all one line: its clusters are its UTF-16 units, all of them.
        let stack = LineStack(
            TextLine(
                utf16Range: NSRange(location: 0, length: advance.clusterCount), range: text.startIndex..<text.endIndex,
                width: contentWidth, widthWithTrailingWhitespace: fullWidth, box: box, runs: runs),
            lineSpacing: paragraphStyle.lineSpacing)
        return stack.layout(
            isWrapped: wrapWidth != nil, isTruncated: false, firstStyle: paragraphStyle, fontMetrics: style.metrics, missingGlyphCount: 0)
    }

    /// The script the general pipeline would shape `text` in and its character count, or `nil`
    /// if `text` is empty, has a character outside plain Latin, or one `font` has no glyph for,
    /// or `font` has AAT tracking (its widths depend on the size: the general path applies it).
    static func scan(_ text: String, font: FontFace) -> (script: PieceScript, count: Int)? {
        guard font.tracking == nil else { return nil }
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

    /// The advance of `text` shaped as one run: the sum of its words' and runs of spaces' when the
    /// font lets words shape apart from spaces and a cache keeps them, else shaped whole.
    static func advance(
        of text: String, script: PieceScript, count: Int, style: TextStyle, cache: ShapeCache?
    ) -> LabelAdvance? {
        let bytes = text.utf8
        var trailingSpaces = 0
        for byte in bytes.reversed() {
            guard byte == UInt8(ascii: " ") else { break }
            trailingSpaces += 1
        }
        guard let cache, style.font.isolatesSpaces else {
            guard let whole = shape(text, script: script, style: style) else { return nil }
            return LabelAdvance(
                units: whole.units, clusterCount: count, script: script, contentUnits: trailingSpaces == 0 ? whole.units : nil,
                contentClusterCount: count - trailingSpaces, hasNegativeAdvance: whole.hasNegativeAdvance)
        }
        let kind: AdvanceStyle.Kind = script == .latin ? .latinPiece : .commonPiece
        var total = 0
        var lastPiece = 0
        var hasNegativeAdvance = false
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let isSpace = bytes[start] == UInt8(ascii: " ")
            var end = bytes.index(after: start)
            while end < bytes.endIndex, (bytes[end] == UInt8(ascii: " ")) == isSpace { end = bytes.index(after: end) }
            // Space bytes are scalar boundaries, so `start` and `end` are valid String indices.
            let piece = String(text[start..<end])
            let advance: ShapedAdvance
            if let cached = cache.pieces.value(
                for: piece, kind: kind, font: style.font, features: style.features, language: style.language)
            {
                advance = cached
            } else {
                guard let shaped = shape(piece, script: script, style: style) else { return nil }
                let pieceStyle = AdvanceStyle(kind: kind, font: style.font, features: style.features, language: style.language)
                cache.pieces.insert(shaped, for: piece, style: pieceStyle)
                advance = shaped
            }
            total += advance.units
            lastPiece = advance.units
            hasNegativeAdvance = hasNegativeAdvance || advance.hasNegativeAdvance
            start = end
        }
        // Trailing spaces are the last piece.
        return LabelAdvance(
            units: total, clusterCount: count, script: script, contentUnits: trailingSpaces == 0 ? total : total - lastPiece,
            contentClusterCount: count - trailingSpaces, hasNegativeAdvance: hasNegativeAdvance)
    }

    private static func shape(_ text: String, script: PieceScript, style: TextStyle) -> ShapedAdvance? {
        var text = text
        return text.withUTF8 { utf8 in
            Shaper.advance(ofUTF8: utf8, face: style.font, script: script, features: style.features, language: style.language)
        }
    }
}
