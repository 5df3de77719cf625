// WrapOptimizer.swift — CSS text-wrap: balance and pretty, as Chromium's Blink breaks lines for them.
import Foundation

/// Re-breaks a paragraph's greedy lines for `text-wrap: balance` and `text-wrap: pretty`, the way
/// Chromium's Blink does (`ScoreLineBreaker`, after Android Minikin's optimal line breaker, and
/// `ParagraphLineBreaker::AttemptParagraphBalancing`): see Tests/Goldens/wrap.md for the source of every rule and constant here.
enum WrapOptimizer {
    /// Balance only paragraphs of at most this many lines (`kMaxLinesForBalance`).
    static let maximumLinesForBalance = 6
    /// Pretty reconsiders at most this many last lines (`kMaxLinesForOptimal`).
    static let maximumLinesForPretty = 4
    /// The optimizer needs at least this many break opportunities (`kMinCandidates`).
    static let minimumCandidates = 3
    /// Added to the break before the last word (`kOrphansPenalty`).
    static let orphanPenalty: Double = 10_000
    /// A line wider than the width (`kScoreOverfull`).
    static let overfullScore: Double = 1e12
    /// Pretty's last line costs this many times the penalty of the break that starts it
    /// (`kLastLinePenaltyMultiplier`).
    static let lastLinePenaltyMultiplier: Double = 4
    /// Pretty acts only when the last line is a single word narrower than the width divided by
    /// this (`kShortLineDenominator`).
    static let shortLineDenominator: CGFloat = 3
    /// Blink's LayoutUnit: the fitting width gets one added (`AddEpsilon`), and bisection works
    /// in multiples of it.
    static let layoutUnit: CGFloat = 1.0 / 64

    /// The lines of `paragraph` under `wrap`, given its greedy `lines` at `maxWidth` (which
    /// cover the whole paragraph); the greedy lines themselves wherever Chromium keeps them.
    static func lines(
        _ lines: [LineFragment], of paragraph: SizedParagraph, wrap: TextWrap, breaker: LineBreaker, maxWidth: CGFloat
    ) -> [LineFragment] {
        // Nothing to choose on one line; Blink keeps greedy with a tab; and a word broken because
        // it is wider than the line (CSS would let it overflow) leaves nothing comparable.
        if wrap == .pushOut { return pushedOut(lines, of: paragraph, breaker: breaker, maxWidth: maxWidth) }
        guard lines.count > 1, wrap != .wrap, paragraph.shape.tabOffsets.isEmpty else { return lines }
        guard lines.allSatisfy({ paragraph.isBreakOpportunity($0.end) }) else { return lines }
        let fontSize = Double(paragraph.styles.styles[0].size)
        let starts = lines.map(\.start)
        switch wrap {
        case .wrap, .pushOut:
            return lines
        case .balance:
            guard lines.count <= maximumLinesForBalance else { return lines }
            if let balanced = scoredStarts(
                paragraph, from: 0, greedyStarts: starts, maxWidth: maxWidth, fontSize: fontSize, balanced: true)
            {
                return fragments(balanced, of: paragraph, breaker: breaker)
            }
            return bisected(lines, of: paragraph, maxWidth: maxWidth) ?? lines
        case .pretty:
            // Only a last line that is one short word, and only the last few lines.
            guard let last = lines.last, last.width < maxWidth / shortLineDenominator,
                !paragraph.breakOpportunities.contains(where: { $0 > last.start && $0 < paragraph.range.upperBound })
            else { return lines }
            let first = max(0, lines.count - maximumLinesForPretty)
            guard
                let tail = scoredStarts(
                    paragraph, from: first, greedyStarts: starts, maxWidth: maxWidth, fontSize: fontSize, balanced: false)
            else { return lines }
            return Array(lines[..<first]) + fragments(tail, of: paragraph, breaker: breaker)
        }
    }

    /// `ScoreLineBreaker::Optimize` over the greedy lines from `greedyStarts[first]` to the end:
    /// the starts of the best lines, or `nil` where Blink keeps greedy (too few break
    /// opportunities, or a line count other than greedy's).
    private static func scoredStarts(
        _ paragraph: SizedParagraph, from first: Int, greedyStarts: [Int], maxWidth: CGFloat, fontSize: Double,
        balanced: Bool
    ) -> [Int]? {
        let windowStart = greedyStarts[first]
        let end = paragraph.range.upperBound
        // Candidates: the window's start, each break opportunity inside it, the paragraph's end;
        // each with the x where the next line starts (trailing whitespace included) and where a
        // line ending there ends (excluded), from the window's start.
        let breaks = paragraph.breakOpportunities.filter { $0 > windowStart && $0 < end }
        guard breaks.count >= minimumCandidates else { return nil }
        var offsets = [windowStart]
        var positionAfter: [Double] = [0]
        var positionIfBreak: [Double] = [0]
        var penalties: [Double] = [0]
        for candidate in breaks + [end] {
            offsets.append(candidate)
            positionAfter.append(Double(paragraph.width(from: windowStart, to: candidate)))
            let contentEnd = paragraph.trimmingHangingWhitespace(from: windowStart, to: candidate)
            positionIfBreak.append(Double(paragraph.width(from: windowStart, to: contentEnd)))
            penalties.append(0)
        }
        if offsets.count >= 4 { penalties[offsets.count - 2] += orphanPenalty }
        let width = Double(maxWidth)
        let linePenalty = width * fontSize * 2 * 2
        let fit = width + Double(layoutUnit)
        var scores: [(score: Double, previous: Int)] = [(0, 0)]
        var active = 0
        for candidate in 1..<offsets.count {
            let isLast = candidate == offsets.count - 1
            var best = Double.infinity
            var bestPrevious = 0
            var bestHope: Double = 0
            let startEdge = positionIfBreak[candidate] - fit
            for start in active..<candidate {
                if scores[start].score + bestHope >= best { continue }
                let delta = positionAfter[start] - startEdge
                var widthScore: Double = 0
                var additional: Double = 0
                if isLast, delta < 0 {
                    widthScore = overfullScore
                } else if isLast, !balanced {
                    additional = lastLinePenaltyMultiplier * penalties[start]
                } else if delta < 0 {
                    widthScore = overfullScore
                } else {
                    widthScore = delta * delta
                }
                if delta < 0 { active = start + 1 } else { bestHope = widthScore }
                let score = scores[start].score + widthScore + additional
                if score <= best { (best, bestPrevious) = (score, start) }
            }
            scores.append((best + penalties[candidate] + linePenalty, bestPrevious))
        }
        var lineEnds: [Int] = []
        var index = offsets.count - 1
        while index > 0 {
            lineEnds.append(index)
            index = scores[index].previous
        }
        guard lineEnds.count == greedyStarts.count - first else { return nil }
        return [windowStart] + lineEnds.reversed().dropLast().map { offsets[$0] }
    }

    /// `AttemptParagraphBalancing`: the narrowest width, to 1 px, from 0.8 × the average greedy
    /// line width up to `maxWidth`, that keeps the greedy line count; the greedy lines there.
    /// Lines break only between words, as in CSS, where a word wider than the line overflows it
    /// (Caliper's clipping mode); every word fits `maxWidth`, so no line is wider than that.
    private static func bisected(_ lines: [LineFragment], of paragraph: SizedParagraph, maxWidth: CGFloat) -> [LineFragment]? {
        let count = lines.count
        let average = lines.reduce(0) { $0 + $1.width } / CGFloat(count)
        var lower = (average * 0.8 / layoutUnit).rounded(.toNearestOrEven) * layoutUnit
        var upper = maxWidth
        while lower + 1 < upper {
            let middle = ((upper + lower) / 2 / layoutUnit).rounded(.towardZero) * layoutUnit
            if LineBreaker(maxWidth: middle, mode: .byClipping).lines(of: paragraph, maxLines: count + 1).count <= count {
                upper = middle
            } else {
                lower = middle
            }
        }
        return LineBreaker(maxWidth: upper, mode: .byClipping).lines(of: paragraph)
    }

    /// The lines starting at `starts` and ending where the next starts (the last at the end).
    private static func fragments(_ starts: [Int], of paragraph: SizedParagraph, breaker: LineBreaker) -> [LineFragment] {
        zip(starts, starts.dropFirst() + [paragraph.range.upperBound]).map { breaker.fragment(paragraph, $0, $1) }
    }

    /// ``TextWrap/pushOut``: `lines` with the last word of the line before last moved down when
    /// the last line is one word (no break opportunity inside what it shows), the line before
    /// holds more than one and does not end inside a word, and the last line fits with it.
    static func pushedOut(
        _ lines: [LineFragment], of paragraph: SizedParagraph, breaker: LineBreaker, maxWidth: CGFloat
    ) -> [LineFragment] {
        guard lines.count > 1, let last = lines.last else { return lines }
        let previous = lines[lines.count - 2]
        let opportunities = paragraph.breakOpportunities
        let inside = firstIndex(in: opportunities, atOrAfter: last.start + 1)
        guard paragraph.isBreakOpportunity(previous.end), previous.hyphen == nil, !(inside < opportunities.count && opportunities[inside] < last.contentEnd)
        else { return lines }
        // The start of the previous line's last word: the last opportunity inside it.
        let lastWord = firstIndex(in: opportunities, atOrAfter: previous.end) - 1
        guard lastWord >= 0, opportunities[lastWord] > previous.start else { return lines }
        let split = opportunities[lastWord]
        let newLast = breaker.fragment(paragraph, split, last.end)
        guard newLast.width <= maxWidth + LineBreaker.fitTolerance else { return lines }
        return Array(lines.dropLast(2)) + [breaker.fragment(paragraph, previous.start, split), newLast]
    }
}
