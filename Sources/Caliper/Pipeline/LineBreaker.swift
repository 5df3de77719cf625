// LineBreaker.swift — greedy line filling over a shaped paragraph's break opportunities.
import Foundation

/// One line of a paragraph as the line breaker placed it, in absolute UTF-16 offsets.
struct LineFragment: Sendable, Equatable {
    /// First code unit of the line.
    var start: Int
    /// End of the line's visible content: its trailing (hanging) whitespace excluded.
    var contentEnd: Int
    /// End of the line with its trailing whitespace (the paragraph's hard break is not included).
    var end: Int
    /// Width of `start..<contentEnd` as the line displays it (shaped with its trailing whitespace,
    /// whose advances are left out: see ``SizedParagraph/width(from:to:displayedTo:)``), in points.
    var width: CGFloat
    /// Width of `start..<end`, in points.
    var widthWithTrailingWhitespace: CGFloat
    /// The hyphen the line ends with when it breaks inside a word (at a hyphenation point or a
    /// soft hyphen): the style stretch it is set in; its width is in both widths above.
    var hyphen: LineHyphen? = nil
}

/// The hyphen a line ends with: the style stretch it is set in and its width in points (a
/// struct, not a tuple: a tuple in a line made every copy of a line a generic runtime call).
struct LineHyphen: Sendable, Equatable {
    var stretch: Int
    var width: CGFloat
}

/// Fills lines greedily: each line takes as much text as fits, ending at the furthest break
/// opportunity whose line, trailing whitespace excluded, is no wider than `maxWidth`. A line that
/// ends after a soft hyphen counts the hyphen it shows.
///
/// With a hyphenation factor above 0 (word-based modes only, not character wrapping or
/// clipping), a line so broken that fills less than factor × `maxWidth` — or that not even its
/// first word fits — ends instead at the last hyphenation point of the next word at which it
/// fits with a hyphen, if one does (`NSParagraphStyle.hyphenationFactor`'s rule).
struct LineBreaker {
    /// The widest a line may be; `nil` never wraps.
    let maxWidth: CGFloat?
    let mode: LineBreakMode
    /// ``ParagraphStyle/hyphenationFactor``.
    var hyphenationFactor: Float = 0

    /// Whether lines may break inside words at hyphenation points.
    var hyphenates: Bool { ParagraphStyle.hyphenates(factor: hyphenationFactor, mode: mode) }

    /// Lines closer than this to the width still fit: sums of scaled advances carry rounding.
    static let fitTolerance: CGFloat = 1e-9

    /// The lines of `paragraph`, at most `maxLines` of them (all for `nil`). An empty paragraph
    /// has one empty line.
    func lines(of paragraph: SizedParagraph, maxLines: Int? = nil) -> [LineFragment] {
        let range = paragraph.range
        guard let maxWidth, !range.isEmpty else { return [fragment(paragraph, range.lowerBound, range.upperBound)] }
        assert(paragraph.shape.breaksLines, "a shape made for a size on one line has no break opportunities")
        if paragraph.isPlain, walksPlainParagraphs {
            return plainLines(of: paragraph, maxWidth: maxWidth, maxLines: maxLines ?? .max)
        }
        return generalLines(of: paragraph, maxWidth: maxWidth, maxLines: maxLines ?? .max)
    }

    /// An empty array with room for about as many lines as `paragraph` is wide by `maxWidth`
    /// (at most `maxLines`): one array made, not one grown line by line.
    private func lineArray(for paragraph: SizedParagraph, maxWidth: CGFloat, maxLines: Int) -> [LineFragment] {
        var lines: [LineFragment] = []
        let range = paragraph.range
        let estimate = paragraph.estimatedWidth(from: range.lowerBound, to: range.upperBound) / max(maxWidth, 1)
        if estimate > 0 { lines.reserveCapacity(Int(min(estimate, Double(min(maxLines, range.count)))) + 2) }
        return lines
    }

    /// Whether a plain paragraph (``SizedParagraph/isPlain``) is broken by
    /// ``forEachPlainLine(of:maxWidth:maxLines:measuresTrailingWhitespace:_:)``: between words,
    /// without hyphenation.
    var walksPlainParagraphs: Bool { mode != .byCharWrapping && !hyphenates }

    /// ``lines(of:maxLines:)`` of a plain paragraph (``walksPlainParagraphs``).
    private func plainLines(of paragraph: SizedParagraph, maxWidth: CGFloat, maxLines: Int) -> [LineFragment] {
        var lines = lineArray(for: paragraph, maxWidth: maxWidth, maxLines: maxLines)
        forEachPlainLine(of: paragraph, maxWidth: maxWidth, maxLines: maxLines) { lines.append($0) }
        return lines
    }

    /// Calls `body` with each line of a non-empty plain paragraph (``SizedParagraph/isPlain``)
    /// broken between words without hyphenation (``walksPlainParagraphs``), at most `maxLines`:
    /// the lines ``generalLines(of:maxWidth:maxLines:)`` makes, found as
    /// ``lineEnd(in:from:maxWidth:startsInsideWord:)`` finds them — the candidates screened
    /// (``plainScreen(_:readsBreakContents:in:from:limit:)``), the furthest of them that fits with its
    /// exact width — and made as ``fragment(_:_:_:hyphenated:)`` makes them, but by arithmetic in
    /// one walk over the break opportunities: each line's candidates start after the previous
    /// line's end without a search; its content end and the units before it are read from one
    /// small table walked in order (``SizedParagraph/breakContents``), its widths are those units
    /// at the run's size when its edges are safe to break (else measured by
    /// ``SizedParagraph/width(from:to:displayedTo:)``, which shapes them again), and the width
    /// that fits is the line's, not measured again. A line where no candidate fits (its first word
    /// is wider than the line) or that ends after a soft hyphen is left to the general path.
    /// `PipelineShortcutTests` check that the lines are the general path's.
    ///
    /// With `measuresTrailingWhitespace` false, a line's width with its trailing whitespace is not
    /// measured: its ``LineFragment/widthWithTrailingWhitespace`` is its width (a wrapped
    /// layout's size does not read it).
    func forEachPlainLine(
        of paragraph: SizedParagraph, maxWidth: CGFloat, maxLines: Int, measuresTrailingWhitespace: Bool = true,
        _ body: (LineFragment) -> Void
    ) {
        forEachPlainLine(
            of: paragraph.plainBreaks, in: { paragraph }, maxWidth: maxWidth, maxLines: maxLines,
            measuresTrailingWhitespace: measuresTrailingWhitespace, body)
    }

    /// ``forEachPlainLine(of:maxWidth:maxLines:measuresTrailingWhitespace:_:)`` from the
    /// paragraph's ``PlainBreaks``: `paragraph` makes the ``SizedParagraph`` itself, called only
    /// when a line needs the general path (an edge that is not safe to break, a soft hyphen, a
    /// first word wider than the line), and then once.
    @inline(__always)
    func forEachPlainLine(
        of plain: PlainBreaks, in paragraph: () -> SizedParagraph, maxWidth: CGFloat, maxLines: Int,
        measuresTrailingWhitespace: Bool = true, _ body: (LineFragment) -> Void
    ) {
        let range = plain.range
        let base = range.lowerBound
        let limit = maxWidth + plain.largestSize
        let fit = maxWidth + Self.fitTolerance
        let hasSoftHyphen = plain.hasSoftHyphen
        let scale = plain.scale
        @inline(__always) func width(_ designUnits: Int) -> CGFloat { scale.width(units: designUnits) }
        // A width of units is over `limit` (or `fit`) exactly when the units are over these.
        let screenUnits = Self.largestUnits(withWidthAtMost: limit, width: width)
        let fitUnits = Self.largestUnits(withWidthAtMost: fit, width: width)
        plain.contents.withUnsafeBufferPointer { contents in
          plain.contentUnits.withUnsafeBufferPointer { unitsAtEnds in
            // The screen reads the records' units from their own array where the paragraph
            // keeps one: a quarter of the bytes.
            let readsUnitsAtEnds = unitsAtEnds.count == contents.count
            // The paragraph, once made (a local variable, not one a function captures: that
            // would check each access to the walk's variables at run time).
            var made: SizedParagraph?
            var start = range.lowerBound
            var next = plain.firstCandidate  // the first candidate after `start`
            // The units before the line's start and whether it is safe to break: the paragraph's
            // start's, then read with the candidate a line ended at.
            var lineStart = (units: plain.startUnits, isSafe: plain.startIsSafe)
            var lineCount = 0
            while start < range.upperBound, lineCount < maxLines {
                let lower = start - base
                let (startUnits, startIsSafe) = lineStart
                // The screen: the candidates up to the first whose estimate is over the limit.
                // The units at `max(lower, content.end)`: a content end at or before the line's
                // start is the start.
                @inline(__always) func contentUnits(_ content: ParagraphShape.BreakContent) -> Int {
                    content.end > lower ? content.units : startUnits
                }
                var screenedEnd = next
                if screenUnits >= 0 {
                    // Content ends never go back: the candidates that show nothing (0 units,
                    // which pass) come first, and each after them is measured by its own units.
                    while screenedEnd < contents.count, contents[screenedEnd].end <= lower { screenedEnd += 1 }
                    let (sum, overflows) = startUnits.addingReportingOverflow(screenUnits)
                    let bound = overflows ? Int.max : sum  // `units - startUnits <= screenUnits`
                    if readsUnitsAtEnds {
                        while screenedEnd < unitsAtEnds.count, unitsAtEnds[screenedEnd] <= bound { screenedEnd += 1 }
                    } else {
                        while screenedEnd < contents.count, contents[screenedEnd].units <= bound { screenedEnd += 1 }
                    }
                } else {
                    while screenedEnd < contents.count, contentUnits(contents[screenedEnd]) - startUnits <= screenUnits {
                        screenedEnd += 1
                    }
                }
                // The furthest of them that fits.
                var index = screenedEnd
                var found: LineFragment?
                while found == nil, index > next {
                    index -= 1
                    let content = contents[index]
                    let end = content.offset + base
                    let contentEnd = max(lower, content.end) + base
                    let isSafe = startIsSafe && content.isSafe
                    let lineUnits = contentUnits(content) - startUnits
                    if isSafe, lineUnits > fitUnits, !hasSoftHyphen { continue }  // too wide: no width to measure
                    let lineWidth = isSafe ? width(lineUnits) : SizedParagraph.made(&made, by: paragraph).width(from: start, to: contentEnd, displayedTo: end)
                    if content.followsSoftHyphen {
                        // The hyphen it shows counts: measured, and the line made, by the general path.
                        let paragraph = SizedParagraph.made(&made, by: paragraph)
                        if lineWidth + paragraph.hyphen(before: end).width <= fit { found = fragment(paragraph, start, end) }
                    } else if lineWidth <= fit {
                        found = LineFragment(
                            start: start, contentEnd: contentEnd, end: end, width: lineWidth,
                            widthWithTrailingWhitespace: !measuresTrailingWhitespace
                                ? lineWidth : isSafe ? width(content.breakUnits - startUnits) : SizedParagraph.made(&made, by: paragraph).width(from: start, to: end))
                    }
                }
                let line: LineFragment
                if let found {
                    line = found
                    lineStart = (contents[index].breakUnits, contents[index].isSafe)
                    next = index + 1
                } else {
                    let paragraph = SizedParagraph.made(&made, by: paragraph)
                    line = fragment(paragraph, start, lineEnd(in: paragraph, from: start, maxWidth: maxWidth, startsInsideWord: false).0)
                    if line.end < range.upperBound {
                        lineStart = (paragraph.units(before: line.end - base), paragraph.shape.isSafeBoundary[line.end - base])
                        next = paragraph.breakOpportunities.lowerBound { $0 <= line.end }
                    }
                }
                body(line)
                lineCount += 1
                start = line.end
            }
          }
        }
    }

    /// The largest number of design units whose `width` is at most `bound`, for a `width` that
    /// never falls as units rise (units × size ÷ units per em, each step rounded, is such a
    /// function): then `width(u) > bound` exactly when `u` is over it. `Int.max` when any
    /// paragraph's units fit, `Int.min` when none do.
    static func largestUnits(withWidthAtMost bound: CGFloat, width: (Int) -> CGFloat) -> Int {
        // Where the width crosses the bound, to within rounding: then a few steps to the exact unit.
        let unitWidth = Double(width(1 << 20)) / Double(1 << 20)
        let estimate = Double(bound) / unitWidth
        guard estimate < 0x1p52 else { return estimate.isNaN ? Int.min : Int.max }
        guard estimate > -0x1p52 else { return Int.min }
        var units = Int(estimate.rounded(.down))
        while width(units) > bound { units -= 1 }
        while width(units + 1) <= bound { units += 1 }
        return units
    }

    /// ``lines(of:maxLines:)`` line by line (``lineEnd(in:from:maxWidth:startsInsideWord:)``,
    /// ``fragment(_:_:_:hyphenated:)``), every paragraph, mode and hyphenation.
    func generalLines(of paragraph: SizedParagraph, maxWidth: CGFloat, maxLines: Int) -> [LineFragment] {
        let range = paragraph.range
        guard !range.isEmpty else { return [fragment(paragraph, range.lowerBound, range.upperBound)] }
        var lines = lineArray(for: paragraph, maxWidth: maxWidth, maxLines: maxLines)
        var start = range.lowerBound
        var startsInsideWord = false
        while start < range.upperBound, lines.count < maxLines {
            let (end, isHyphenated) = lineEnd(in: paragraph, from: start, maxWidth: maxWidth, startsInsideWord: startsInsideWord)
            lines.append(fragment(paragraph, start, end, hyphenated: isHyphenated))
            // The rest of a word broken between letters because it was wider than the line is
            // not a word to hyphenate.
            if hyphenates { startsInsideWord = !isHyphenated && !paragraph.isBreakOpportunity(end) }
            start = end
        }
        return lines
    }

    /// The line `start..<end` of `paragraph`; `hyphenated` when it ends at a hyphenation point
    /// (a line ending after a soft hyphen shows a hyphen anyway).
    func fragment(_ paragraph: SizedParagraph, _ start: Int, _ end: Int, hyphenated: Bool = false) -> LineFragment {
        let contentEnd = paragraph.trimmingHangingWhitespace(from: start, to: end)
        var line = LineFragment(
            start: start, contentEnd: contentEnd, end: end,
            width: paragraph.width(from: start, to: contentEnd, displayedTo: end),
            widthWithTrailingWhitespace: paragraph.width(from: start, to: end))
        if hyphenated || paragraph.endsAtSoftHyphen(end) {
            let hyphen = paragraph.hyphen(before: end)
            line.hyphen = hyphen
            line.width += hyphen.width
            line.widthWithTrailingWhitespace = line.width
        }
        return line
    }

    /// The width of the hyphen a line ending at `end` shows after a soft hyphen, else 0.
    @inline(__always)
    private func softHyphenWidth(_ paragraph: SizedParagraph, endingAt end: Int) -> CGFloat {
        paragraph.endsAtSoftHyphen(end) ? paragraph.hyphen(before: end).width : 0
    }

    /// Where the line that starts at `start` ends (always after `start`), and whether it ends at
    /// a hyphenation point.
    private func lineEnd(in paragraph: SizedParagraph, from start: Int, maxWidth: CGFloat, startsInsideWord: Bool) -> (Int, Bool) {
        let boundaries = mode == .byCharWrapping ? paragraph.graphemeBoundaries : paragraph.breakOpportunities
        let candidates = boundaries[firstIndex(in: boundaries, atOrAfter: start + 1)...]
        guard let firstCandidate = candidates.first else { return (paragraph.range.upperBound, false) }
        if let end = furthestFitting(candidates, readsBreakContents: mode != .byCharWrapping, in: paragraph, from: start, maxWidth: maxWidth) {
            if mode == .byCharWrapping { return (paragraph.extendingOverHangingWhitespace(from: end), false) }
            if hyphenates, let point = hyphenationPoint(in: paragraph, from: start, after: end, maxWidth: maxWidth) {
                return (point, true)
            }
            return (end, false)
        }
        // Not even the first word fits: it is hyphenated if it can be. Else clipping lets it
        // overflow; the other modes break it between grapheme clusters, never inside one, keeping
        // at least one cluster on the line.
        if hyphenates, !startsInsideWord, let point = hyphenationPoint(in: paragraph, from: start, after: start, maxWidth: maxWidth) {
            return (point, true)
        }
        if mode == .byClipping { return (firstCandidate, false) }
        let wordEnd = paragraph.trimmingHangingWhitespace(from: start, to: firstCandidate)
        let graphemes = paragraph.graphemeBoundaries
        let clusterEnds = graphemes[firstIndex(in: graphemes, atOrAfter: start + 1)..<firstIndex(in: graphemes, atOrAfter: wordEnd + 1)]
        if let end = furthestFitting(clusterEnds, in: paragraph, from: start, maxWidth: maxWidth) { return (end, false) }
        let end = clusterEnds.first ?? firstCandidate
        return (mode == .byCharWrapping ? paragraph.extendingOverHangingWhitespace(from: end) : end, false)
    }

    /// Where a line from `start`, broken between words at `end` (`start` when not even its first
    /// word fits), ends instead by hyphenating the word after `end`, or `nil`: when the line fills
    /// at least factor × `maxWidth`, when the word has no hyphenation point, or when the line does
    /// not fit with a hyphen at any of them. Takes the last point at which it fits.
    private func hyphenationPoint(in paragraph: SizedParagraph, from start: Int, after end: Int, maxWidth: CGFloat) -> Int? {
        guard end < paragraph.range.upperBound else { return nil }
        if end > start {
            let filled = paragraph.width(from: start, to: paragraph.trimmingHangingWhitespace(from: start, to: end), displayedTo: end)
                + softHyphenWidth(paragraph, endingAt: end)
            guard filled < CGFloat(hyphenationFactor) * maxWidth else { return nil }
        }
        let opportunities = paragraph.breakOpportunities
        let wordEnd = opportunities[min(firstIndex(in: opportunities, atOrAfter: end + 1), opportunities.count - 1)]
        for point in paragraph.hyphenationPoints(from: end, to: wordEnd).reversed() {
            let width = paragraph.width(from: start, to: point) + paragraph.hyphen(before: point).width
            if width <= maxWidth + Self.fitTolerance { return point }
        }
        return nil
    }

    /// The end of the candidates that pass ``furthestFitting(_:readsBreakContents:in:from:maxWidth:)``'s screen:
    /// `candidates[startIndex..<end]`, each with an estimated width, its trailing whitespace
    /// excluded and less what its tabs may not take, of at most `limit`, stopping at the first
    /// that is wider. A soft hyphen's hyphen is left out here: a later candidate without one may
    /// still fit.
    func screen(_ candidates: ArraySlice<Int>, in paragraph: SizedParagraph, from start: Int, limit: CGFloat) -> Int {
        var screenedEnd = candidates.startIndex
        var previous = (candidate: start, contentEnd: start)
        for index in candidates.indices {
            let candidate = candidates[index]
            // Only whitespace since the previous candidate: the content ends where it did there.
            let trimmed = paragraph.trimmingHangingWhitespace(from: previous.candidate, to: candidate)
            let contentEnd = trimmed == previous.candidate ? previous.contentEnd : trimmed
            previous = (candidate, contentEnd)
            if paragraph.estimatedWidth(from: start, to: contentEnd) - paragraph.tabAllowance(from: start, to: contentEnd) > limit {
                break
            }
            screenedEnd = index + 1
        }
        return screenedEnd
    }

    /// ``screen(_:in:from:limit:)`` in a plain paragraph (``SizedParagraph/isPlain``): the same
    /// walk, with the same estimates (the content's design units at the run's size, which is what
    /// ``SizedParagraph/estimatedWidth(from:to:)`` reads for it; it has no tabs to allow for),
    /// compared with the same `limit`, but read from the unit prefix directly: arithmetic over
    /// integers already made, nothing copied or counted. With `readsBreakContents`, for candidates
    /// that are the paragraph's break opportunities, their content ends and units are read from
    /// ``SizedParagraph/breakContents`` (same indices); otherwise (grapheme boundaries) they are
    /// trimmed as the general screen trims them.
    func plainScreen(
        _ candidates: ArraySlice<Int>, readsBreakContents: Bool, in paragraph: SizedParagraph, from start: Int, limit: CGFloat
    ) -> Int {
        let base = paragraph.base
        let scale = paragraph.plainScale
        return paragraph.withPlainBuffers { buffers in
            let (units, text) = (buffers.units, buffers.text)
            let lower = start - base
            let startUnits = units[lower]
            @inline(__always) func exceeds(units contentUnits: Int) -> Bool {
                scale.width(units: contentUnits - startUnits) > limit
            }
            if readsBreakContents {
                let contents = buffers.contents
                var index = candidates.startIndex
                // The units at `max(lower, end)`.
                while index < candidates.endIndex, !exceeds(units: contents[index].end > lower ? contents[index].units : startUnits) {
                    index += 1
                }
                return index
            }
            var screenedEnd = candidates.startIndex
            var previous = (candidate: lower, contentEnd: lower)
            for index in candidates.indices {
                let candidate = candidates[index] - base
                // Only whitespace since the previous candidate: the content ends where it did there.
                var trimmed = candidate
                while trimmed > previous.candidate, ParagraphSegmenter.isHangingWhitespace(text[trimmed - 1 + base]) { trimmed -= 1 }
                let contentEnd = trimmed == previous.candidate ? previous.contentEnd : trimmed
                previous = (candidate, contentEnd)
                if exceeds(units: units[contentEnd]) { break }
                screenedEnd = index + 1
            }
            return screenedEnd
        }
    }

    /// The furthest of `candidates` at which a line from `start` fits, or `nil` if none does.
    ///
    /// Candidates are screened with the whole-paragraph widths, which may differ from a line's own
    /// shaping only by kerning or ligatures at its edges, so one em of slack keeps every candidate
    /// that could fit (the largest em of the paragraph's styles: the edge may be in any of them);
    /// the survivors are then checked, furthest first, with exact widths.
    ///
    /// The screen walks the candidates once: each estimate costs O(log runs), and a candidate's
    /// trailing whitespace is trimmed back only to the previous candidate, so a line of thousands
    /// of runs or a run of thousands of spaces (every one a candidate when breaking by character)
    /// costs time in proportion to its length, not its square.
    private func furthestFitting(
        _ candidates: ArraySlice<Int>, readsBreakContents: Bool = false, in paragraph: SizedParagraph, from start: Int,
        maxWidth: CGFloat
    ) -> Int? {
        let limit = maxWidth + paragraph.styles.largestSize
        let screenedEnd = paragraph.isPlain
            ? plainScreen(candidates, readsBreakContents: readsBreakContents, in: paragraph, from: start, limit: limit)
            : screen(candidates, in: paragraph, from: start, limit: limit)
        var index = screenedEnd
        while index > candidates.startIndex {
            index -= 1
            let candidate = candidates[index]
            let contentEnd = paragraph.trimmingHangingWhitespace(from: start, to: candidate)
            if paragraph.width(from: start, to: contentEnd, displayedTo: candidate) + softHyphenWidth(paragraph, endingAt: candidate)
                <= maxWidth + Self.fitTolerance
            {
                return candidate
            }
        }
        return nil
    }
}
