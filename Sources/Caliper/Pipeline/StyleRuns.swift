// StyleRuns.swift — one paragraph's styles as stretches of its content, with what shaping and measuring need of each.
import Foundation

/// The styles of one paragraph, in order: an ``AttributedText``'s spans clipped to the paragraph.
/// For each stretch: where it ends, its style (size, letter spacing and baseline offset measure
/// it), the font cascade its characters are itemized with, and the span of the whole text it
/// comes from. A text in one style has one stretch per paragraph. A class, as nothing in it
/// changes: the pipeline's stages pass it along, and a copy of seven arrays would count seven
/// references each time.
final class StyleRuns: Sendable {
    /// The end of each stretch relative to the paragraph's start: increasing, the last one the
    /// paragraph's length (an empty paragraph has one stretch, ending at 0).
    let ends: [Int]
    let styles: [TextStyle]
    let cascades: [FontCascade]
    /// The index in the attributed text's spans of each stretch.
    let spanIndices: [Int]
    /// Each stretch's point size and letter spacing, read on the hot paths without copying a
    /// whole style (with its fonts and arrays) each time.
    let sizes: [CGFloat]
    let letterSpacings: [CGFloat]
    /// Whether any stretch has letter spacing (most text has none).
    let hasLetterSpacing: Bool
    /// The inline box each stretch is, if any (its one U+FFFC); empty when none is (most text),
    /// so that such text makes no array for it.
    private let boxes: [InlineBox?]
    /// Whether any stretch is an inline box.
    let hasBoxes: Bool

    /// The inline box stretch `index` is, if it is one.
    func box(_ index: Int) -> InlineBox? { hasBoxes ? boxes[index] : nil }

    /// One stretch of `length` code units in `style`.
    convenience init(style: TextStyle, cascade: FontCascade, length: Int, spanIndex: Int = 0) {
        self.init(ends: [length], styles: [style], cascades: [cascade], spanIndices: [spanIndex])
    }

    init(ends: [Int], styles: [TextStyle], cascades: [FontCascade], spanIndices: [Int], boxes: [InlineBox?]? = nil) {
        hasBoxes = boxes?.contains { $0 != nil } ?? false
        self.boxes = hasBoxes ? boxes ?? [] : []
        self.ends = ends
        self.styles = styles
        self.cascades = cascades
        self.spanIndices = spanIndices
        sizes = styles.map(\.size)
        letterSpacings = styles.map(\.letterSpacing)
        hasLetterSpacing = letterSpacings.contains { $0 != 0 }
    }

    /// The stretches of `spans` (whose cascades are `cascades`) over `range` of the text, which
    /// the spans cover: each span that overlaps it, clipped; for an empty range, the span holding it.
    convenience init(spans: [AttributedText.Span], cascades: [FontCascade], over range: Range<Int>) {
        var first = 0
        while first + 1 < spans.count, spans[first].utf16Range.upperBound <= range.lowerBound { first += 1 }
        var ends: [Int] = []
        var styles: [TextStyle] = []
        var stretchCascades: [FontCascade] = []
        var indices: [Int] = []
        var boxes: [InlineBox?] = []
        var index = first
        repeat {
            ends.append(min(spans[index].utf16Range.upperBound, range.upperBound) - range.lowerBound)
            styles.append(spans[index].style)
            stretchCascades.append(cascades[index])
            indices.append(index)
            boxes.append(spans[index].box)
            index += 1
        } while index < spans.count && spans[index].utf16Range.lowerBound < range.upperBound
        ends[ends.count - 1] = range.count
        self.init(ends: ends, styles: styles, cascades: stretchCascades, spanIndices: indices, boxes: boxes)
    }

    var count: Int { ends.count }

    /// The stretch holding relative offset `offset` (the last one at the end).
    func index(containing offset: Int) -> Int {
        guard ends.count > 1 else { return 0 }
        return min(firstIndex(in: ends, atOrAfter: offset + 1), ends.count - 1)
    }

    /// The start of stretch `index`, relative to the paragraph.
    func start(of index: Int) -> Int { index == 0 ? 0 : ends[index - 1] }

    /// The largest point size of the stretches.
    var largestSize: CGFloat { sizes.count == 1 ? sizes[0] : sizes.max() ?? 0 }

    /// The stretches of `range` (relative to this paragraph), in order, each clipped to it and
    /// made relative to its start, for a line shown on its own (a truncated line's pieces).
    func slice(_ range: Range<Int>) -> [(length: Int, stretch: Int)] {
        guard !range.isEmpty else { return [] }
        var pieces: [(length: Int, stretch: Int)] = []
        var index = self.index(containing: range.lowerBound)
        var position = range.lowerBound
        while position < range.upperBound {
            let end = min(ends[index], range.upperBound)
            if end > position { pieces.append((end - position, index)) }
            position = end
            index += 1
        }
        return pieces
    }
}
