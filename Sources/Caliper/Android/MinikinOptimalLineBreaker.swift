// MinikinOptimalLineBreaker.swift — Android's high quality and balanced line breaking: Minikin's OptimalLineBreaker restated.

/// Minikin's `OptimalLineBreaker` (`libs/minikin/OptimalLineBreaker.cpp`), as Android 14 runs it
/// for ragged text (not justified, bounds not used, no letter spacing taken off a line's edges,
/// no phrase breaking): every word break, hyphenation point and — inside a word wider than the
/// line — every grapheme is a candidate (`populateCandidates`); the breaks chosen are those of
/// least total score (`computeBreaks`): the square of each line's slack, an overfull line
/// 10¹², a break inside a word 10¹⁰, a hyphen or a break inside an email address or URL the
/// hyphen penalty (half the text size times the line width, four times that at frequency
/// normal), each line the line penalty (twice the hyphen penalty); the last line's slack is free
/// but a hyphen before it costs four times more — unless balanced, where its slack counts too.
/// All in single precision, as Minikin computes it.
enum MinikinOptimalLineBreaker {
    /// `SCORE_INFTY`, `SCORE_OVERFULL`, `SCORE_DESPERATE`.
    private static let infinity = Float.greatestFiniteMagnitude
    private static let overfull: Float = 1e12
    private static let desperate: Float = 1e10
    /// `LAST_LINE_PENALTY_MULTIPLIER`, `LINE_PENALTY_MULTIPLIER`.
    private static let lastLinePenaltyMultiplier: Float = 4
    private static let linePenaltyMultiplier: Float = 2

    /// A break candidate (`Candidate`).
    private struct Candidate {
        var offset: Int
        /// The paragraph's width up to here if the line goes on (`preBreak`), and if it ends here
        /// (`postBreak`, trailing spaces left out, a hyphen added).
        var preBreak: Float
        var postBreak: Float
        var penalty: Float
        var hyphenType: MinikinHyphenationType
    }

    /// `breakLineOptimal`.
    static func breakLines(
        _ measured: MinikinMeasuredText, width: Float, strategy: MinikinLineBreaker.Strategy, frequency: MinikinLineBreaker.HyphenationFrequency
    ) throws(CaliperError) -> [MinikinLineBreaker.LineBreak] {
        guard !measured.text.isEmpty else { return [] }
        let (candidates, linePenalty) = try populateCandidates(measured, width: width, frequency: frequency)
        return computeBreaks(candidates, linePenalty: linePenalty, width: width, strategy: strategy)
    }

    /// `populateCandidates`: the start, then at each word break its desperate breaks (when the
    /// word is wider than the line) and hyphenation points merged in order, then the word break.
    private static func populateCandidates(
        _ measured: MinikinMeasuredText, width: Float, frequency: MinikinLineBreaker.HyphenationFrequency
    ) throws(CaliperError) -> (candidates: [Candidate], linePenalty: Float) {
        let text = measured.text
        var processor = MinikinCharProcessor(text: text)
        var candidates = [Candidate(offset: 0, preBreak: 0, postBreak: 0, penalty: 0, hyphenType: .dontBreak)]
        var linePenalty: Float = 0
        var hyphenIndex = 0
        for run in measured.runs {
            // `computePenalties` (in double, then single precision, as Minikin's mixed arithmetic goes).
            var hyphenPenalty = Float(0.5 * Double(measured.paint.size) * 1 * Double(width))
            if frequency == .normal { hyphenPenalty = Float(Double(hyphenPenalty) * 4) }
            linePenalty = max(hyphenPenalty * linePenaltyMultiplier, linePenalty)

            try processor.updateLocale(measured.paint.effectiveLocale, runStart: run.range.lowerBound, hyphenator: measured.hyphenator)
            for index in run.range {
                processor.feed(index, text[index], width: measured.widths[index], canBreak: true)
                let nextOffset = index + 1
                guard nextOffset == processor.nextWordBreak else { continue }

                let context = processor.contextRange
                let firstHyphen = hyphenIndex
                while hyphenIndex < measured.hyphenBreaks.count, measured.hyphenBreaks[hyphenIndex].offset < context.upperBound { hyphenIndex += 1 }
                let desperateBreaks = processor.widthFromLastWordBreak > width ? desperatePoints(measured, in: context) : []
                let hyphenBreaks = frequency != .none ? measured.hyphenBreaks[firstHyphen..<hyphenIndex] : []
                appendMerging(hyphenBreaks, desperateBreaks, processor: processor, hyphenPenalty: hyphenPenalty, to: &candidates)

                candidates.append(
                    Candidate(
                        offset: nextOffset, preBreak: processor.sumOfCharWidths, postBreak: processor.effectiveWidth,
                        penalty: hyphenPenalty * Float(processor.wordBreakPenalty), hyphenType: .dontBreak))
            }
        }
        return (candidates, linePenalty)
    }

    /// `populateDesperatePoints`: before every grapheme of `range` but its first, with the width
    /// of the word before it.
    private static func desperatePoints(_ measured: MinikinMeasuredText, in range: Range<Int>) -> [(offset: Int, width: Float)] {
        guard !range.isEmpty else { return [] }
        var points: [(offset: Int, width: Float)] = []
        var width = measured.widths[range.lowerBound]
        for index in (range.lowerBound + 1)..<max(range.upperBound, range.lowerBound + 1) {
            let advance = measured.widths[index]
            if advance == 0 { continue }  // not a grapheme's start
            points.append((index, width))
            width += advance
        }
        return points
    }

    /// `appendWithMerging`: desperate breaks and hyphenation points in order of offset, a
    /// desperate break first at an offset both have (its line is the narrower).
    private static func appendMerging(
        _ hyphenBreaks: ArraySlice<MinikinMeasuredText.HyphenBreak>, _ desperateBreaks: [(offset: Int, width: Float)], processor: MinikinCharProcessor,
        hyphenPenalty: Float, to candidates: inout [Candidate]
    ) {
        var hyphen = hyphenBreaks.startIndex
        var desperateIndex = 0
        while hyphen != hyphenBreaks.endIndex || desperateIndex < desperateBreaks.count {
            if desperateIndex < desperateBreaks.count, hyphen == hyphenBreaks.endIndex || desperateBreaks[desperateIndex].offset <= hyphenBreaks[hyphen].offset {
                let point = desperateBreaks[desperateIndex]
                let width = processor.sumOfCharWidthsAtPreviousWordBreak + point.width
                candidates.append(Candidate(offset: point.offset, preBreak: width, postBreak: width, penalty: desperate, hyphenType: .breakAndDontInsertHyphen))
                desperateIndex += 1
            } else {
                let point = hyphenBreaks[hyphen]
                candidates.append(
                    Candidate(
                        offset: point.offset, preBreak: processor.sumOfCharWidths - point.second,
                        postBreak: processor.sumOfCharWidthsAtPreviousWordBreak + point.first, penalty: hyphenPenalty, hyphenType: point.type))
                hyphen += 1
            }
        }
    }

    /// `LineBreakOptimizer::computeBreaks`: for each candidate, the best previous one (dynamic
    /// programming, skipping starts that already made a line overfull: `active`, and starts that
    /// cannot beat the best so far: `bestHope`); then the chain from the end (`finishBreaksOptimal`).
    private static func computeBreaks(_ candidates: [Candidate], linePenalty: Float, width: Float, strategy: MinikinLineBreaker.Strategy) -> [MinikinLineBreaker.LineBreak] {
        var scores: [Float] = [0]
        var previous: [Int] = [0]
        scores.reserveCapacity(candidates.count)
        previous.reserveCapacity(candidates.count)
        var active = 0
        for end in 1..<max(candidates.count, 1) {
            let atEnd = end == candidates.count - 1
            var best = infinity
            var bestPrevious = 0
            // Every line has the same width, so the line number Minikin tracks changes nothing.
            let leftEdge = candidates[end].postBreak - width
            var bestHope: Float = 0
            for start in active..<end {
                let startScore = scores[start]
                if startScore + bestHope >= best { continue }
                let delta = candidates[start].preBreak - leftEdge
                var widthScore: Float = 0
                var additionalPenalty: Float = 0
                if delta < 0 {
                    widthScore = overfull  // ragged text: no space shrinks
                } else if atEnd, strategy != .balanced {
                    additionalPenalty = lastLinePenaltyMultiplier * candidates[start].penalty
                } else {
                    widthScore = delta * delta
                }
                if delta < 0 {
                    active = start + 1
                } else {
                    bestHope = widthScore
                }
                let score = startScore + widthScore + additionalPenalty
                if score <= best {
                    best = score
                    bestPrevious = start
                }
            }
            scores.append(best + candidates[end].penalty + linePenalty)
            previous.append(bestPrevious)
        }

        var breaks: [MinikinLineBreaker.LineBreak] = []
        var index = candidates.count - 1
        while index > 0 {
            let start = candidates[previous[index]]
            let end = candidates[index]
            breaks.append(
                MinikinLineBreaker.LineBreak(
                    offset: end.offset, width: end.postBreak - start.preBreak, startEdit: start.hyphenType.editForNextLine, endEdit: end.hyphenType.editForThisLine))
            index = previous[index]
        }
        return breaks.reversed()
    }
}
