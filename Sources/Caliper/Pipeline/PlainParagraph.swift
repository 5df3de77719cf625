// PlainParagraph.swift — what breaking a plain paragraph by arithmetic reads, in one value: the walk's input, kept by a measured text for its size-only query.
import Foundation

/// A plain paragraph's break opportunities as the line breaker's walk reads them
/// (``LineBreaker/forEachPlainLine(of:in:maxWidth:maxLines:measuresTrailingWhitespace:_:)``):
/// a record per opportunity (``SizedParagraph/breakContents``) and the few numbers that turn
/// them into widths. Made from a ``SizedParagraph`` that ``SizedParagraph/isPlain``
/// (``SizedParagraph/plainBreaks``).
struct PlainBreaks: Sendable {
    /// The paragraph's absolute range in its text.
    let range: Range<Int>
    /// Its run's size and units per em.
    let scale: SizedParagraph.PlainScale
    /// The largest size of its styles: the screen's slack (see
    /// ``LineBreaker/plainScreen(_:readsBreakContents:in:from:limit:)``).
    let largestSize: CGFloat
    /// Whether a soft hyphen comes before one of its break opportunities.
    let hasSoftHyphen: Bool
    /// One record per break opportunity, in order, with the paragraph's units (tracked where it
    /// has AAT tracking).
    let contents: [ParagraphShape.BreakContent]
    /// Each record's ``ParagraphShape/BreakContent/units``, in an array of their own, which the
    /// walk's screen reads (8 bytes a candidate, not 32) where it is kept: by a ``PlainParagraph``,
    /// read at every size query; empty otherwise.
    var contentUnits: [Int] = []
    /// The index of the first record after the paragraph's start.
    let firstCandidate: Int
    /// The units before the paragraph's start, and whether a line may start there without
    /// reshaping.
    let startUnits: Int
    let startIsSafe: Bool

    /// About how many lines the paragraph takes at `wrapWidth`, to make room for: its width
    /// over `wrapWidth` and an eighth more (a greedy line leaves some of its width empty), at
    /// least one and at most one more than its break opportunities.
    func estimatedLineCount(at wrapWidth: CGFloat) -> Int {
        let width = scale.width(units: (contents.last?.breakUnits ?? startUnits) - startUnits)
        let estimate = Double(width) / Double(max(wrapWidth, 1)) * 1.125
        return 1 + Int(min(max(estimate, 0), Double(contents.count)))
    }
}

/// What a ``MeasuredText`` in one style keeps of each paragraph for its size-only query and its
/// plain re-wrap (``MeasuredText/plainParagraphs``), made when it is measured: its
/// ``PlainBreaks``, the metrics every one of its lines has, the run every one of its lines
/// shows, and for an empty paragraph its one line's width. The query reads this small value and
/// one table per paragraph, not the paragraph's shape, styles and fonts, and makes no
/// ``SizedParagraph`` unless a line needs the general path.
struct PlainParagraph: Sendable {
    private(set) var breaks: PlainBreaks
    /// ``SizedParagraph/plainLineMetrics``; for an empty paragraph, its one line's metrics
    /// (``SizedParagraph/lineMetrics(from:to:)`` of its empty range).
    let lineMetrics: LineMetrics
    /// The run a line showing some of the paragraph shows, but for its range and width: the
    /// paragraph's one run in its font, style, script and level, at x 0 (see
    /// ``run(from:to:width:)``); `nil` for an empty paragraph.
    private let lineRun: TextRun?
    /// An empty paragraph's one line's width (``LineBreaker/fragment(_:_:_:hyphenated:)``); 0 for
    /// the others.
    let emptyLineWidth: CGFloat

    /// Whether a paragraph of `shape` in `styles` is kept: it is in one style, holds no tab
    /// character, and is empty (whatever its style: its one line shows no letter spacing or
    /// box) or plain (``SizedParagraph/isPlain``: one run, no inline box, no letter spacing).
    /// Read before a ``SizedParagraph`` is made for it.
    static func admits(shape: ParagraphShape, styles: StyleRuns) -> Bool {
        styles.count == 1 && shape.tabOffsets.isEmpty
            && (shape.runs.isEmpty || SizedParagraph.isPlain(runCount: shape.runs.count, styles: styles, hasTabs: false))
    }

    /// `paragraph` as the size-only query and the plain re-wrap read it, when its shape and
    /// styles are admitted (``admits(shape:styles:)``); `nil` otherwise.
    init?(_ paragraph: SizedParagraph) {
        guard Self.admits(shape: paragraph.shape, styles: paragraph.styles) else { return nil }
        let range = paragraph.range
        breaks = paragraph.plainBreaks
        guard let item = paragraph.shape.runs.first?.item, !range.isEmpty else {
            lineMetrics = paragraph.lineMetrics(from: range.lowerBound, to: range.lowerBound)
            lineRun = nil
            emptyLineWidth = LineBreaker(maxWidth: nil, mode: .byWordWrapping)
                .fragment(paragraph, range.lowerBound, range.lowerBound).width
            return
        }
        breaks.contentUnits = breaks.contents.map(\.units)
        lineMetrics = paragraph.plainLineMetrics
        lineRun = TextRun(SizedRun(item: item, width: 0), of: paragraph, x: 0)
        emptyLineWidth = 0
    }

    /// The one run of a line showing `start..<end` of the paragraph (absolute, not empty) `width`
    /// wide, as ``SizedParagraph/onlyRun(from:to:displayedTo:)`` makes it and the layout places
    /// it; `nil` for an empty paragraph.
    @inline(__always)
    func run(from start: Int, to end: Int, width: CGFloat) -> TextRun? {
        guard var run = lineRun else { return nil }
        run.utf16Range = NSRange(location: start, length: end - start)
        run.width = width
        return run
    }
}

extension SizedParagraph {
    /// The paragraph's break opportunities as the plain walk reads them (meaningful for a plain
    /// paragraph, ``isPlain``, and an empty one).
    var plainBreaks: PlainBreaks {
        PlainBreaks(
            range: range, scale: plainScale, largestSize: styles.largestSize, hasSoftHyphen: shape.hasSoftHyphen,
            contents: breakContents, firstCandidate: breakOpportunities.lowerBound { $0 <= range.lowerBound },
            startUnits: units(before: 0), startIsSafe: shape.isSafeBoundary[0])
    }
}
