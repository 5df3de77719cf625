// InlineBoxTests.swift — inline boxes in text: their width on the line, where lines break around them, how each alignment grows the line, their frames.
import Caliper
import Foundation
import Testing

@Suite struct InlineBoxTests {
    let measurer = TextMeasurer(cache: nil)
    var style: TextStyle { get throws { TextStyle(font: try Fixtures.font("Fonts/NotoSans-Regular.ttf"), size: 17) } }

    func text(_ before: String, _ box: InlineBox, _ after: String) throws -> AttributedText {
        var text = AttributedText(before, style: try style)
        try text.append(box, style: try style)
        text.append(after, style: try style)
        return text
    }

    @Test func aBoxIsAsWideAsItSaysAndSitsOnTheBaseline() throws {
        let box = InlineBox(width: 30, height: 40, id: "icon")
        let layout = try measurer.layout(try text("ab", box, "cd"))
        let ab = try measurer.size(of: "ab", style: try style).width
        let cd = try measurer.size(of: "cd", style: try style).width
        let line = try #require(layout.lines.first)
        #expect(abs(line.width - (ab + 30 + cd)) < 1e-9)
        #expect(line.runs.map(\.utf16Range) == [NSRange(location: 0, length: 2), NSRange(location: 2, length: 1), NSRange(location: 3, length: 2)])
        #expect(line.runs[1].width == 30)
        // Taller than the text above the baseline: the line's ascender is the box's top.
        let metrics = try style.font.metrics(atSize: 17)
        #expect(line.baseline == 40)
        #expect(line.height == 40 - metrics.descender + metrics.leading)
        let placed = try #require(layout.inlineBoxes.first)
        #expect(placed.box.id == "icon" && placed.utf16Offset == 2 && placed.lineIndex == 0)
        #expect(placed.frame == CGRect(x: ab, y: 0, width: 30, height: 40))
        #expect(layout.missingGlyphCount == 0)
    }

    @Test func eachAlignmentPlacesTheBoxAndGrowsTheLine() throws {
        let metrics = try style.font.metrics(atSize: 17)
        let height: CGFloat = 50
        let cases: [(InlineBox.Alignment, top: CGFloat)] = [
            (.baseline(offset: -5), 45),
            (.centerOnXHeight, metrics.xHeight / 2 + height / 2),
            (.centerOnLine, (metrics.ascender + metrics.descender) / 2 + height / 2),
        ]
        for (alignment, topAboveBaseline) in cases {
            let layout = try measurer.layout(try text("x", InlineBox(width: 10, height: height, alignment: alignment), "y"))
            let line = try #require(layout.lines.first)
            let ascender = max(metrics.ascender, topAboveBaseline)
            let descender = min(metrics.descender, topAboveBaseline - height)
            #expect(line.baseline == ascender, "\(alignment)")
            #expect(line.height == ascender - descender + metrics.leading, "\(alignment)")
            #expect(layout.inlineBoxes.first?.frame.minY == line.baseline - topAboveBaseline, "\(alignment)")
        }
        // Top: the box hangs from the line's top, growing it below; bottom: it stands on the
        // line's bottom, growing it above.
        let hanging = try measurer.layout(try text("x", InlineBox(width: 10, height: height, alignment: .top), "y"))
        #expect(hanging.lines[0].baseline == metrics.ascender)
        #expect(hanging.inlineBoxes[0].frame.minY == 0)
        #expect(hanging.lines[0].height == height + metrics.leading)
        let standing = try measurer.layout(try text("x", InlineBox(width: 10, height: height, alignment: .bottom), "y"))
        #expect(standing.lines[0].baseline == height + metrics.descender)
        #expect(standing.inlineBoxes[0].frame.maxY == standing.lines[0].baseline - metrics.descender)
    }

    /// UAX #14 class CB: a line may break before and after a box, as browsers break around an
    /// atomic inline; a box that does not fit the rest of the line starts the next.
    @Test func linesBreakAroundBoxes() throws {
        let words = try measurer.size(of: "Tagged by", style: try style).width
        let today = try measurer.size(of: "today", style: try style).width
        let text = try text("Tagged by", InlineBox(width: 80, height: 20, id: "mention"), "today")
        let width = max(words, 80 + today) + 1
        try #require(words + 80 > width)
        let layout = try measurer.layout(text, maxWidth: width)
        #expect(layout.lines.map(\.utf16Range.location) == [0, 9])
        #expect(layout.inlineBoxes.first?.lineIndex == 1)
        #expect(layout.inlineBoxes.first?.frame.minX == 0)
        #expect(layout.inlineBoxes.first?.frame.minY == layout.lines[1].baseline - 20)
    }

    @Test func badBoxesAreRefused() throws {
        var text = AttributedText("a", style: try style)
        for box in [InlineBox(width: -1, height: 1), InlineBox(width: 1, height: .nan), InlineBox(width: 1, height: 1, alignment: .baseline(offset: .infinity))] {
            #expect(throws: CaliperError.self) { try text.append(box, style: try style) }
        }
        let notAnObject = AttributedText.Span(utf16Range: 0..<1, style: try style, box: InlineBox(width: 1, height: 1))
        let error = #expect(throws: CaliperError.self) { try AttributedText(string: "a", spans: [notAnObject]) }
        #expect(error?.description.contains("is not one U+FFFC character") == true)
    }

    @Test func cachedBoxLayoutsAreTheUncachedOnes() throws {
        let text = try text("Tagged ", InlineBox(width: 60, height: 22, alignment: .centerOnXHeight), " in a long post about boxes")
        for width in [nil, 60, 120, 200] as [CGFloat?] {
            let expected = try measurer.layout(text, maxWidth: width)
            #expect(try TextMeasurer().layout(text, maxWidth: width) == expected)
            #expect(try TextMeasurer().layout(text, maxWidth: width) == expected)
        }
    }
}
