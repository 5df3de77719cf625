// Truncator.swift — fits the last allowed line with an ellipsis (tail, head or middle), as UILabel does.
import Foundation

/// The last line of a truncated layout: what is shown, and how wide it is.
struct TruncatedLine {
    /// The shown text: kept clusters of the source around the ellipsis.
    var displayedText: [UInt16]
    /// Width of `displayedText` shaped as one line, in points.
    var width: CGFloat
    /// `displayedText` itemized and shaped, for its runs and fonts.
    var shaped: SizedParagraph
}

/// Shortens `text[start..<end]` of a paragraph to fit `maxWidth` together with "…" (U+2026, or
/// "..." when the font has no ellipsis glyph), cutting between grapheme clusters only. Each kept
/// piece loses its hanging whitespace next to the ellipsis. When not even the ellipsis fits, the
/// line is the ellipsis alone.
///
/// Each mode is defined by a scan over candidate lines, each keeping one grapheme cluster more
/// than the one before:
/// - head keeps ever longer suffixes, and stops at the first that does not fit;
/// - middle grows the kept prefix and suffix in turn, prefix first; once one side's growth does
///   not fit, that side stops and the other grows alone until its growth does not fit;
/// - tail screens prefixes with the paragraph's widths plus the ellipsis against `maxWidth` plus
///   the point size, stopping at the first over it, then keeps the longest screened prefix whose
///   line fits.
///
/// Shaping every candidate made that O(n²) in the kept text. The scans are kept, answer for
/// answer, but a candidate is shaped only when its width is in doubt. Its width is bounded without
/// shaping: the paragraph's estimated widths of the kept text and the ellipsis's own width, plus
/// a margin for what cutting can change — two em and four letter spacings (kerning and joining
/// with the ellipsis, an Arabic letter taking its final form, a ligature split, the ellipsis
/// changing runs), plus the estimated width of the stretch around each cut that HarfBuzz says
/// cutting there may reshape (its unsafe-to-break neighbourhood). A candidate whose bound fits
/// is taken as fitting; only the few near `maxWidth` are shaped, and a run of candidates showing
/// the same text (a cut moving through spaces) is shaped once.
///
/// Widths are not monotone in the kept text (cutting an Arabic word mid-way often makes a
/// shorter prefix wider than a longer one), so the candidates in doubt are shaped in the scan's
/// order. Only when more than ``linesShapedInOrder`` of one scan are in doubt (text of thousands
/// of zero-width clusters) is the rest searched by galloping and bisection, which finds the scan's
/// answer when widths grow with the kept text from there on. Answers are the scans' to the bit
/// whenever the bound holds and that limit is not reached (the same lines are shaped the same way).
struct Truncator {
    let paragraph: SizedParagraph
    let maxWidth: CGFloat
    /// The direction the shortened line is set in (its styles and their font cascades are the paragraph's).
    let baseDirection: BaseDirection
    let cache: ShapeCache?
    /// Told of every line shaped, so tests can bound the work without timing it.
    var lineShaped: ((TruncatedLine) -> Void)? = nil
    /// Taken off the width bound's margin: tests make it large to stand for a font the bound does
    /// not hold for (a contextual glyph far wider beside the ellipsis), whose answers must still fit.
    var marginReduction: CGFloat = 0

    /// How many candidates one scan shapes in order before it searches the rest (see the type's comment).
    static let linesShapedInOrder = 16

    /// "…" in the style of stretch `stretch`, or "..." when its font has no ellipsis glyph.
    private func ellipsis(inStretch stretch: Int) -> [UInt16] {
        paragraph.styles.styles[stretch].font.hasGlyph(for: "\u{2026}") ? [0x2026] : Array("...".utf16)
    }

    /// The stretch whose style the ellipsis of `kept` takes: the style of the text it replaces,
    /// at the first code unit hidden (the line's last one when only later text is hidden).
    private func ellipsisStretch(_ kept: KeptText, in geometry: CutGeometry) -> Int {
        let hidden = max(geometry.start, min(kept.prefixEnd, geometry.end - 1))
        return paragraph.styles.index(containing: hidden - paragraph.range.lowerBound)
    }

    func truncate(from start: Int, to end: Int, mode: LineBreakMode) throws(CaliperError) -> TruncatedLine {
        let geometry = CutGeometry(paragraph, from: start, to: end)
        // When everything fits beside the ellipsis (text is hidden only after this paragraph),
        // keep it all; this also spares the searches below on very wide lines.
        let everything = mode == .byTruncatingHead
            ? geometry.kept(prefixTo: start, suffixFrom: start) : geometry.kept(prefixTo: end, suffixFrom: end)
        let styles = paragraph.styles.styles
        // Tabs to stops move text by more than any margin: with them every candidate is in doubt.
        let margin = paragraph.tabs != nil ? .infinity : 2 * paragraph.styles.largestSize
            + 4 * styles.dropFirst().map { abs($0.letterSpacing) }.reduce(abs(styles[0].letterSpacing), max)
        // The whole line is shaped unless its width bound, even with no ellipsis, is past the
        // maximum width (a title far longer than its label skips its longest line); were the
        // bound wrong, the scans below still reach the candidate keeping everything.
        let wholeBound = geometry.widthBound(of: everything, ellipsisWidth: 0, margin: margin)
        if wholeBound.estimate - (wholeBound.margin - marginReduction) <= maxWidth + LineBreaker.fitTolerance {
            let whole = try line(everything, in: geometry)
            if fits(whole) { return whole }
        }
        let ellipsisAlone = try line(geometry.kept(prefixTo: start, suffixFrom: end), in: geometry)
        // The ellipsis's width in every style it may take on this line, for the width bounds.
        var ellipsisWidths = (smallest: ellipsisAlone.width, largest: ellipsisAlone.width)
        let base = paragraph.range.lowerBound
        let stretches = paragraph.styles.index(containing: start - base)...paragraph.styles.index(containing: max(start, end - 1) - base)
        for stretch in stretches where stretch != ellipsisStretch(geometry.kept(prefixTo: start, suffixFrom: end), in: geometry) {
            let width = try shapedLine(ellipsis(inStretch: stretch), styles: [(ellipsis(inStretch: stretch).count, stretch)]).width
            ellipsisWidths = (min(ellipsisWidths.smallest, width), max(ellipsisWidths.largest, width))
        }
        let candidates = Candidates(truncator: self, geometry: geometry, ellipsisWidth: ellipsisWidths.largest, margin: margin)
        let boundaries = paragraph.graphemeBoundaries
        let cuts = Array(boundaries[firstIndex(in: boundaries, atOrAfter: start)..<firstIndex(in: boundaries, atOrAfter: end + 1)])
        switch mode {
        case .byTruncatingHead:
            // Candidate k keeps the suffix from the k-th cut counted from the end.
            let kept = try candidates.fittingBeforeFirstMisfit(of: cuts.count) { k in
                geometry.kept(prefixTo: start, suffixFrom: cuts[cuts.count - k])
            }
            return kept.line ?? ellipsisAlone
        case .byTruncatingMiddle:
            // The prefix ends at cuts[p] and the suffix starts at cuts[s]. Turn t grows the prefix
            // when odd and the suffix when even: after t turns the prefix has grown ⌈t/2⌉ clusters
            // and the suffix ⌊t/2⌋; the sides meet after `last` turns.
            let last = cuts.count - 1
            let together = try candidates.fittingBeforeFirstMisfit(of: max(last, 0)) { turn in
                geometry.kept(prefixTo: cuts[(turn + 1) / 2], suffixFrom: cuts[last - turn / 2])
            }
            guard together.count < last else { return together.line ?? ellipsisAlone }
            let (p, s) = ((together.count + 1) / 2, last - together.count / 2)
            // The side whose turn did not fit stops; the other grows alone while there is text between them.
            let prefixStopped = together.count % 2 == 0
            let alone = try candidates.fittingBeforeFirstMisfit(of: s - p) { step in
                prefixStopped
                    ? geometry.kept(prefixTo: cuts[p], suffixFrom: cuts[s - step])
                    : geometry.kept(prefixTo: cuts[p + step], suffixFrom: cuts[s])
            }
            return alone.line ?? together.line ?? ellipsisAlone
        case .byTruncatingTail, .byWordWrapping, .byCharWrapping, .byClipping:
            // The screen is part of the definition, so its estimates are estimatedWidth's to the
            // bit (the geometry holds them for every end).
            let limit = maxWidth + paragraph.styles.largestSize
            var screened = 0
            while screened < cuts.count,
                geometry.estimatedWidth(from: start, to: geometry.contentEnd(before: cuts[screened])) + ellipsisWidths.smallest <= limit
            {
                screened += 1
            }
            // Candidate k keeps the prefix up to the k-th screened cut.
            let kept = try candidates.lastFitting(of: screened) { k in geometry.kept(prefixTo: cuts[k - 1], suffixFrom: end) }
            return kept ?? ellipsisAlone
        }
    }

    fileprivate func fits(_ line: TruncatedLine) -> Bool {
        line.width <= maxWidth + LineBreaker.fitTolerance
    }

    /// The text `kept` shows around the ellipsis, each piece in its own style, shaped as one line.
    fileprivate func line(_ kept: KeptText, in geometry: CutGeometry) throws(CaliperError) -> TruncatedLine {
        let text = paragraph.text
        let base = paragraph.range.lowerBound
        let stretch = ellipsisStretch(kept, in: geometry)
        let ellipsis = ellipsis(inStretch: stretch)
        let displayed = Array(text[geometry.start..<kept.prefixEnd]) + ellipsis + Array(text[kept.suffixStart..<geometry.end])
        let styles = paragraph.styles.slice((geometry.start - base)..<(kept.prefixEnd - base)) + [(ellipsis.count, stretch)]
            + paragraph.styles.slice((kept.suffixStart - base)..<(geometry.end - base))
        return try shapedLine(displayed, styles: styles)
    }

    /// `displayed` in the paragraph's style stretches `styles` (lengths, in order), shaped as one line.
    private func shapedLine(_ displayed: [UInt16], styles pieces: [(length: Int, stretch: Int)]) throws(CaliperError) -> TruncatedLine {
        let source = paragraph.styles
        var ends: [Int] = []
        var stretches: [Int] = []
        var end = 0
        for (length, stretch) in pieces where length > 0 {
            end += length
            if stretches.last == stretch { ends[ends.count - 1] = end } else { (ends, stretches) = (ends + [end], stretches + [stretch]) }
        }
        let styles = StyleRuns(
            ends: ends, styles: stretches.map { source.styles[$0] }, cascades: stretches.map { source.cascades[$0] },
            spanIndices: stretches.map { source.spanIndices[$0] })
        // Candidate lines are kept out of the cache: each is one prefix of one text at one width,
        // seldom asked for again (a layout asked for again is answered by the cache's layout
        // table), and they would crowd out paragraphs. Their words are looked up in the cache's
        // word table, though: they are the words of the paragraph just shaped, so only the word
        // that meets the ellipsis is shaped. The ellipsis alone, in every line's style, is kept.
        let shape = displayed.count <= 3
            ? try ParagraphShape.make(content: displayed, styles: styles, direction: baseDirection, cache: cache)
            : try ParagraphShape(content: displayed, styles: styles, baseDirection: baseDirection, words: cache?.words)
        let shown = SizedParagraph(
            text: displayed, range: 0..<displayed.count, shape: shape, styles: styles, tabs: paragraph.tabs)
        let width = shown.width(from: 0, to: displayed.count)
        let line = TruncatedLine(displayedText: displayed, width: width, shaped: shown)
        lineShaped?(line)
        return line
    }
}

/// A candidate line by what it shows: `text[start..<prefixEnd]` + ellipsis + `text[suffixStart..<end]`,
/// both already trimmed of hanging whitespace next to the ellipsis.
private struct KeptText: Equatable {
    var prefixEnd: Int
    var suffixStart: Int
}

/// The candidate lines of one truncation: shaping them, bounding their widths without shaping,
/// and the two scans over them.
private struct Candidates {
    let truncator: Truncator
    let geometry: CutGeometry
    /// The ellipsis alone, shaped (the widest, when the line's styles differ).
    let ellipsisWidth: CGFloat
    /// What cutting may change beyond its neighbourhood: two em and four letter spacings (of the
    /// largest size and spacing of the paragraph's styles).
    let margin: CGFloat

    func line(_ kept: KeptText) throws(CaliperError) -> TruncatedLine {
        try truncator.line(kept, in: geometry)
    }

    /// Whether the line of `kept` fits by its width bound (see ``Truncator``), without shaping it.
    func surelyFits(_ kept: KeptText) -> Bool {
        let bound = geometry.widthBound(of: kept, ellipsisWidth: ellipsisWidth, margin: margin)
        return bound.estimate + (bound.margin - truncator.marginReduction) <= truncator.maxWidth + LineBreaker.fitTolerance
    }

    /// The forward scan over candidates 1…`count`: how many fit before the first that does not,
    /// and the line of the last that fits (`nil` when none does).
    func fittingBeforeFirstMisfit(
        of count: Int, _ keptAt: (Int) -> KeptText
    ) throws(CaliperError) -> (count: Int, line: TruncatedLine?) {
        var fitting = 0
        var fittingLine: TruncatedLine?  // nil while the last fitting candidate was not shaped
        var linesShaped = 0
        var index = 1
        scan: while index <= count {
            let kept = keptAt(index)
            if surelyFits(kept) {
                (fitting, fittingLine) = (index, nil)
            } else if let previous = fittingLine, keptAt(fitting) == kept {
                // The same text as the line just shaped, which fit.
                (fitting, fittingLine) = (index, previous)
            } else if linesShaped == Truncator.linesShapedInOrder {
                let rest = try longestFittingSeries(of: count - index + 1) { keptAt(index - 1 + $0) }
                if rest.count > 0 { (fitting, fittingLine) = (index - 1 + rest.count, rest.line) }
                break scan
            } else {
                let line = try line(kept)
                linesShaped += 1
                guard truncator.fits(line) else { break scan }
                (fitting, fittingLine) = (index, line)
            }
            index += 1
        }
        if fitting > 0, fittingLine == nil { return try checked(fitting, keptAt) }
        return (fitting, fittingLine)
    }

    /// Candidate `index`, taken as fitting by its bound, shaped; if the bound did not hold (a font
    /// whose glyphs change far more at a cut than any seen), the candidates before it are searched
    /// by shaping, so a truncated line always fits.
    private func checked(_ index: Int, _ keptAt: (Int) -> KeptText) throws(CaliperError) -> (count: Int, line: TruncatedLine?) {
        let line = try line(keptAt(index))
        if truncator.fits(line) { return (index, line) }
        return try longestFittingSeries(of: index - 1, keptAt)
    }

    /// The backward scan over candidates `count`…1: the line of the last that fits, if any.
    func lastFitting(of count: Int, _ keptAt: (Int) -> KeptText) throws(CaliperError) -> TruncatedLine? {
        var misfit: KeptText?  // the last line shaped, which did not fit
        var linesShaped = 0
        var index = count
        while index >= 1 {
            let kept = keptAt(index)
            // The same text as the line just shaped, which did not fit.
            if kept == misfit {
                index -= 1
                continue
            }
            if surelyFits(kept) { return try checked(index, keptAt).line }
            if linesShaped == Truncator.linesShapedInOrder { return try longestFittingSeries(of: index, keptAt).line }
            let line = try line(kept)
            linesShaped += 1
            if truncator.fits(line) { return line }
            misfit = kept
            index -= 1
        }
        return nil
    }

    /// How many of the candidates 1…`count` fit before the first that does not, with the line of
    /// the last that fits, assuming those that fit come first. Gallops from the short end (1, 2,
    /// 4…), then bisects: about 2·log₂ of the answer lines shaped, costing what the kept text costs.
    func longestFittingSeries(
        of count: Int, _ keptAt: (Int) -> KeptText
    ) throws(CaliperError) -> (count: Int, line: TruncatedLine?) {
        var fitting = 0
        var fittingLine: TruncatedLine?
        var failing = count + 1  // as if a candidate past the last did not fit
        while fitting < count, failing == count + 1 {
            let next = min(max(fitting * 2, 1), count)
            let line = try line(keptAt(next))
            if truncator.fits(line) { (fitting, fittingLine) = (next, line) } else { failing = next }
        }
        while failing - fitting > 1 {
            let middle = fitting + (failing - fitting) / 2
            let line = try line(keptAt(middle))
            if truncator.fits(line) { (fitting, fittingLine) = (middle, line) } else { failing = middle }
        }
        return (fitting, fittingLine)
    }
}

/// What the truncator knows of every offset of a line's `start...end` before shaping any
/// candidate, each found in one pass: where hanging whitespace next to a cut there ends, the
/// paragraph's estimated width up to it, and the stretch around it that cutting may reshape.
/// Every question about a cut is then O(1), even inside a run of thousands of spaces or in text
/// that changes font at every character.
private struct CutGeometry {
    let start: Int
    let end: Int
    /// At `offset - start`: the offset moved back over hanging whitespace, not before `start`.
    private var contentEnds: [Int]
    /// At `offset - start`: the offset moved forward over hanging whitespace, not past `end`.
    private var contentStarts: [Int]
    /// At `offset - start`: the paragraph's estimated width of `text[start..<offset]`.
    private var widthsFromStart: [CGFloat]
    /// At `offset - start`: the nearest offsets at or before and at or after it where the
    /// paragraph is safe to break, within `start...end`.
    private var safeBefore: [Int]
    private var safeAfter: [Int]

    init(_ paragraph: SizedParagraph, from start: Int, to end: Int) {
        (self.start, self.end) = (start, end)
        let text = paragraph.text
        let isSafe = paragraph.shape.isSafeBoundary
        let base = paragraph.range.lowerBound
        let count = max(end - start, 0)
        contentEnds = [Int](filling: start, count: count + 1)
        safeBefore = [Int](filling: start, count: count + 1)
        widthsFromStart = [CGFloat](filling: 0, count: count + 1)
        for index in stride(from: 1, through: count, by: 1) {
            let offset = start + index
            contentEnds[index] = ParagraphSegmenter.isHangingWhitespace(text[offset - 1]) ? contentEnds[index - 1] : offset
            safeBefore[index] = isSafe[offset - base] || index == count ? offset : safeBefore[index - 1]
            widthsFromStart[index] = paragraph.estimatedWidth(from: start, to: offset)
        }
        contentStarts = [Int](filling: start + count, count: count + 1)
        safeAfter = [Int](filling: start + count, count: count + 1)
        for index in stride(from: count - 1, through: 0, by: -1) {
            let offset = start + index
            contentStarts[index] = ParagraphSegmenter.isHangingWhitespace(text[offset]) ? contentStarts[index + 1] : offset
            safeAfter[index] = isSafe[offset - base] || index == 0 ? offset : safeAfter[index + 1]
        }
    }

    /// What a candidate keeping the prefix up to `prefixEnd` and the suffix from `suffixStart` shows.
    func kept(prefixTo prefixEnd: Int, suffixFrom suffixStart: Int) -> KeptText {
        KeptText(prefixEnd: contentEnd(before: prefixEnd), suffixStart: contentStart(after: suffixStart))
    }

    func contentEnd(before offset: Int) -> Int { contentEnds[offset - start] }

    func contentStart(after offset: Int) -> Int { contentStarts[offset - start] }

    /// The paragraph's estimated width of `text[from..<to]`, both within `start...end`.
    func estimatedWidth(from lower: Int, to upper: Int) -> CGFloat {
        widthsFromStart[upper - start] - widthsFromStart[lower - start]
    }

    /// The width bound of the line showing `kept` (see ``Truncator``): the estimated widths of its
    /// kept text and an ellipsis `ellipsisWidth` wide, and how far its shaped width may be from
    /// that — `margin` plus the stretches its cuts may reshape.
    func widthBound(of kept: KeptText, ellipsisWidth: CGFloat, margin: CGFloat) -> (estimate: CGFloat, margin: CGFloat) {
        let estimate = estimatedWidth(from: start, to: kept.prefixEnd) + estimatedWidth(from: kept.suffixStart, to: end) + ellipsisWidth
        return (estimate, margin + reshapedWidth(around: kept.prefixEnd) + reshapedWidth(around: kept.suffixStart))
    }

    /// The estimated width of the stretch that cutting at `offset` may reshape: from the safe
    /// boundary before it to the one after (nothing when `offset` is safe).
    func reshapedWidth(around offset: Int) -> CGFloat {
        abs(estimatedWidth(from: safeBefore[offset - start], to: safeAfter[offset - start]))
    }
}
