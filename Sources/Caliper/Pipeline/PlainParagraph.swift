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
    /// The index of the first record after the paragraph's start.
    let firstCandidate: Int
    /// The units before the paragraph's start, and whether a line may start there without
    /// reshaping.
    let startUnits: Int
    let startIsSafe: Bool
}

/// What a ``MeasuredText`` in one style keeps of each paragraph for its size-only query
/// (``MeasuredText/plainParagraphs``), made when it is measured: its ``PlainBreaks``, the
/// metrics every one of its lines has, and for an empty paragraph its one line's width. The
/// query reads this small value and one table per paragraph, not the paragraph's shape, styles
/// and fonts, and makes no ``SizedParagraph`` unless a line needs the general path.
struct PlainParagraph: Sendable {
    let breaks: PlainBreaks
    /// ``SizedParagraph/plainLineMetrics``; for an empty paragraph, its one line's metrics
    /// (``SizedParagraph/lineMetrics(from:to:)`` of its empty range).
    let lineMetrics: LineMetrics
    /// An empty paragraph's one line's width (``LineBreaker/fragment(_:_:_:hyphenated:)``); 0 for
    /// the others.
    let emptyLineWidth: CGFloat

    /// `paragraph` as the size-only query reads it, when it is empty or plain in one style
    /// without tab characters (``SizedParagraph/isPlain``); `nil` otherwise.
    init?(_ paragraph: SizedParagraph) {
        let range = paragraph.range
        if range.isEmpty {
            breaks = paragraph.plainBreaks
            lineMetrics = paragraph.lineMetrics(from: range.lowerBound, to: range.lowerBound)
            emptyLineWidth = LineBreaker(maxWidth: nil, mode: .byWordWrapping)
                .fragment(paragraph, range.lowerBound, range.lowerBound).width
            return
        }
        guard paragraph.isPlain, paragraph.styles.count == 1, paragraph.tabs == nil, paragraph.shape.tabOffsets.isEmpty else {
            return nil
        }
        breaks = paragraph.plainBreaks
        lineMetrics = paragraph.plainLineMetrics
        emptyLineWidth = 0
    }
}

extension SizedParagraph {
    /// The paragraph's break opportunities as the plain walk reads them (meaningful for a plain
    /// paragraph, ``isPlain``, and an empty one).
    var plainBreaks: PlainBreaks {
        let (startUnits, startIsSafe) = withPlainBuffers { ($0.units[0], $0.isSafe[0]) }
        return PlainBreaks(
            range: range, scale: plainScale, largestSize: styles.largestSize, hasSoftHyphen: shape.hasSoftHyphen,
            contents: breakContents, firstCandidate: breakOpportunities.lowerBound { $0 <= range.lowerBound },
            startUnits: startUnits, startIsSafe: startIsSafe)
    }
}
