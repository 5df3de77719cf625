// ParagraphStyleTests.swift — a paragraph style per paragraph: the API's rules, and layouts that stack each paragraph laid out alone.
import Foundation
import Testing

@testable import Caliper

@Suite struct ParagraphStyleTests {
    static let paragraphs = [
        "Ana replied to your post about the weekend trip",
        "שלום עולם and a few words of English after it",
        "Supercalifragilisticexpialidocious is long",
        "",
        "The last paragraph wraps over two lines or more",
    ]
    /// One style per paragraph above (the empty one has none of its own).
    static let ownStyles: [ParagraphStyle?] = [
        ParagraphStyle(lineSpacing: 3),
        ParagraphStyle(lineHeightMultiple: 1.5, baseDirection: .rightToLeft),
        ParagraphStyle(lineBreakMode: .byCharWrapping, minimumLineHeight: 30),
        nil,
        ParagraphStyle(lineBreakMode: .byClipping, lineSpacing: 7, maximumLineHeight: 15, baseDirection: .leftToRight),
    ]

    func style() throws -> TextStyle { TextStyle(font: try Fixtures.font("Fonts/DejaVuSans.ttf"), size: 15) }

    func styledText() throws -> AttributedText {
        var text = AttributedText(Self.paragraphs.joined(separator: "\n"), style: try style())
        var start = 0
        for (paragraph, own) in zip(Self.paragraphs, Self.ownStyles) {
            let length = paragraph.utf16.count
            // A range inside the paragraph applies to all of it; the break alone also counts.
            if let own {
                try text.setParagraphStyle(own, utf16Range: (length > 4 ? start + 2 : start)..<min(start + length + 1, text.utf16Count))
            }
            start += length + 1
        }
        return text
    }

    /// Each paragraph is laid out as it is alone in its own style (or the layout's), and the
    /// paragraphs stack: each starts below the last line of the one before, plus that
    /// paragraph's line spacing.
    @Test(arguments: [nil, 90, 140, 260] as [CGFloat?])
    func aParagraphIsLaidOutAsItIsAloneInItsStyle(maxWidth: CGFloat?) throws {
        let text = try styledText()
        let layoutStyle = ParagraphStyle(lineSpacing: 1, lineHeightMultiple: 1.2)
        for measurer in [TextMeasurer(), TextMeasurer(cache: nil)] {
            let layout = try measurer.layout(text, paragraphStyle: layoutStyle, maxWidth: maxWidth)
            var lines = layout.lines[...]
            var offset = 0
            var top: CGFloat = 0
            var expectedWidth: CGFloat = 0
            var anyTruncated = false
            for (index, (paragraph, own)) in zip(Self.paragraphs, Self.ownStyles).enumerated() {
                // With its hard break: the empty paragraph is a line only with it. Alone, a text
                // that ends in a break has an empty line after it, which the whole text has not.
                let endsInBreak = index < Self.paragraphs.count - 1
                let withBreak = endsInBreak ? paragraph + "\n" : paragraph
                let alone = try measurer.layout(withBreak, style: try style(), paragraphStyle: own ?? layoutStyle, maxWidth: maxWidth)
                let aloneLines = alone.lines.dropLast(endsInBreak ? 1 : 0)
                for expected in aloneLines {
                    let next = lines.popFirst()
                    let line = try #require(next, "paragraph \(index)")
                    #expect(line.utf16Range.location == expected.utf16Range.location + offset, "paragraph \(index)")
                    #expect(line.width == expected.width, "paragraph \(index)")
                    #expect(line.height == expected.height, "paragraph \(index)")
                    #expect(line.top == expected.top + top, "paragraph \(index)")
                    #expect(line.baseline - line.top == expected.baseline - expected.top, "paragraph \(index)")
                    #expect(line.isClipped == expected.isClipped, "paragraph \(index)")
                    #expect(line.runs.map(\.x) == expected.runs.map(\.x), "paragraph \(index)")
                    #expect(line.runs.map(\.bidiLevel) == expected.runs.map(\.bidiLevel), "paragraph \(index)")
                    expectedWidth = max(expectedWidth, maxWidth == nil ? expected.widthIncludingTrailingWhitespace : expected.width)
                }
                anyTruncated = anyTruncated || alone.isTruncated
                top += (aloneLines.last.map { $0.top + $0.height } ?? 0) + (own ?? layoutStyle).lineSpacing
                offset += paragraph.utf16.count + 1
            }
            #expect(lines.isEmpty)
            #expect(layout.size.height == top - Self.ownStyles.last!!.lineSpacing)
            #expect(layout.size.width == expectedWidth)
            #expect(layout.isTruncated == anyTruncated)
        }
    }

    /// The one-line size of text with paragraph styles is its layout's with no width: each line's
    /// height and spacing from its paragraph's style.
    @Test func theSizeFollowsEachParagraphsStyle() throws {
        let text = try styledText()
        let size = try TextMeasurer().size(of: text)
        #expect(size == (try TextMeasurer().layout(text).size))
        #expect(size == (try TextMeasurer(cache: nil).measure(text).unwrappedSize))
        #expect(size.height != (try TextMeasurer().size(of: text.string, style: try style()).height))
    }

    /// One span with a paragraph style of its own is not the one-style shortcut: its own style counts.
    @Test func aSingleStyleTextWithAParagraphStyleKeepsIt() throws {
        var text = AttributedText("One paragraph that wraps over lines", style: try style())
        let own = ParagraphStyle(lineSpacing: 10, baseDirection: .rightToLeft)
        try text.setParagraphStyle(own, utf16Range: 0..<1)
        #expect(!text.isSingleStyle)
        let layout = try TextMeasurer().layout(text, maxWidth: 120)
        let expected = try TextMeasurer().layout(text.string, style: try style(), paragraphStyle: own, maxWidth: 120)
        #expect(layout.lines.map(\.top) == expected.lines.map(\.top))
        #expect(layout.lines.count > 1)
        #expect(layout.lines.map(\.top) != (try TextMeasurer().layout(text.string, style: try style(), maxWidth: 120)).lines.map(\.top))
    }

    /// The line limit is the layout's; the last allowed line is cut as its own paragraph's mode says.
    @Test func theLastAllowedLineIsCutInItsParagraphsMode() throws {
        let first = "Short first paragraph"
        let second = "A second paragraph that goes on for a good while longer than the width"
        var text = AttributedText(first + "\n" + second, style: try style())
        try text.setParagraphStyle(ParagraphStyle(lineBreakMode: .byTruncatingHead), utf16Range: first.utf16.count + 1..<text.utf16Count)
        let limit = ParagraphStyle(lineBreakMode: .byTruncatingTail, numberOfLines: 2)
        let layout = try TextMeasurer().layout(text, paragraphStyle: limit, maxWidth: 200)
        let alone = try TextMeasurer().layout(
            second, style: try style(), paragraphStyle: ParagraphStyle(lineBreakMode: .byTruncatingHead, numberOfLines: 1), maxWidth: 200)
        #expect(layout.lines.count == 2)
        #expect(layout.isTruncated)
        #expect(layout.lines[1].truncatedText == alone.lines[0].truncatedText)
        #expect(layout.lines[1].truncatedText?.hasPrefix("…") == true)
        #expect(layout.lines[1].width == alone.lines[0].width)
    }

    /// Measured once, laid out at several widths: as measuring for each width.
    @Test func aMeasuredTextKeepsItsParagraphStyles() throws {
        let text = try styledText()
        let measured = try TextMeasurer().measure(text)
        for width: CGFloat in [80, 150, 400] {
            let once = try measured.layout(maxWidth: width)
            let fresh = try TextMeasurer(cache: nil).layout(text, maxWidth: width)
            #expect(once.lines.map(\.top) == fresh.lines.map(\.top))
            #expect(once.lines.map(\.utf16Range) == fresh.lines.map(\.utf16Range))
            #expect(once.lines.map { $0.runs.map(\.x) } == fresh.lines.map { $0.runs.map(\.x) })
        }
    }

    // MARK: - The API

    @Test func aRangeGivesItsStyleToEveryParagraphItTouches() throws {
        var text = AttributedText("ab\ncd\r\nef\n\ngh", style: try style())
        let spaced = ParagraphStyle(lineSpacing: 4)
        try text.setParagraphStyle(spaced, utf16Range: 1..<4)  // b, LF, c: the first two paragraphs
        #expect(text.paragraphStyles.map(\.paragraphStart) == [0, 3])
        try text.setParagraphStyle(spaced, utf16Range: 6..<7)  // the LF of CR LF: the second paragraph's break
        #expect(text.paragraphStyles.map(\.paragraphStart) == [0, 3])
        try text.setParagraphStyle(spaced, utf16Range: 10..<11)  // the empty paragraph's LF
        #expect(text.paragraphStyles.map(\.paragraphStart) == [0, 3, 10])
        #expect(text.paragraphStyle(atUTF16Offset: 10) == spaced)
        #expect(text.paragraphStyle(atUTF16Offset: 5) == spaced, "the CR of the second paragraph's break")
        #expect(text.paragraphStyle(atUTF16Offset: 7) == nil)
        #expect(text.paragraphStyle(atUTF16Offset: 12) == nil)
        try text.setParagraphStyle(spaced, utf16Range: 8..<8)
        #expect(text.paragraphStyles.count == 3, "an empty range changes nothing")
        try text.setParagraphStyle(nil, utf16Range: 0..<4)
        #expect(text.paragraphStyles.map(\.paragraphStart) == [10])
        try text.setParagraphStyle(ParagraphStyle(lineSpacing: 1), range: text.string.range(of: "gh")!)
        #expect(text.paragraphStyles.map(\.paragraphStart) == [10, 11])
        try text.setStyle(try style(), utf16Range: 0..<2)
        #expect(text.paragraphStyles.count == 2, "character styles leave paragraph styles alone")
    }

    @Test func badParagraphStylesAreRefused() throws {
        var text = AttributedText("a\u{1F600}\nb", style: try style())
        #expect(throws: CaliperError.invalidSpans("the range 0..<9 is outside the text of 5 UTF-16 code units")) {
            try text.setParagraphStyle(ParagraphStyle(), utf16Range: 0..<9)
        }
        #expect(throws: CaliperError.invalidSpans("the range's end at 2 falls between the two halves of a surrogate pair")) {
            try text.setParagraphStyle(ParagraphStyle(), utf16Range: 0..<2)
        }
        #expect(throws: CaliperError.invalidLength(name: "line spacing", value: -1)) {
            try text.setParagraphStyle(ParagraphStyle(lineSpacing: -1), utf16Range: 0..<1)
        }
        #expect(throws: CaliperError.self) {
            try text.setParagraphStyle(ParagraphStyle(minimumLineHeight: .nan), utf16Range: 0..<1)
        }
        let limit = #expect(throws: CaliperError.self) {
            try text.setParagraphStyle(ParagraphStyle(numberOfLines: 2), utf16Range: 0..<1)
        }
        #expect(limit?.description.hasPrefix("invalid paragraph style: a paragraph's own style has numberOfLines 2") == true)
        #expect(text.paragraphStyles.isEmpty)
    }

    @Test func appendingKeepsEachParagraphsStyleWhereItStillStartsAParagraph() throws {
        let spaced = ParagraphStyle(lineSpacing: 4)
        var other = AttributedText("x\ny", style: try style())
        try other.setParagraphStyle(spaced, utf16Range: 0..<3)
        #expect(other.paragraphStyles.map(\.paragraphStart) == [0, 2])

        var afterBreak = AttributedText("ab\n", style: try style())
        afterBreak.append(other)
        #expect(afterBreak.paragraphStyles.map(\.paragraphStart) == [3, 5])
        var joined = AttributedText("ab", style: try style())
        joined.append(other)
        #expect(joined.paragraphStyles.map(\.paragraphStart) == [4], "x joins the paragraph of ab, which has no style")
        var crlf = AttributedText("ab\r", style: try style())
        var startsWithLF = AttributedText("\nz", style: try style())
        try startsWithLF.setParagraphStyle(spaced, utf16Range: 0..<2)
        crlf.append(startsWithLF)
        #expect(crlf.paragraphStyles.map(\.paragraphStart) == [4], "the LF completes ab's CR LF")
        #expect(crlf.paragraphStyle(atUTF16Offset: 0) == nil)
        var empty = AttributedText("", style: try style())
        empty.append(other)
        #expect(empty == other)
        var plain = other
        plain.append(" and more", style: try style())
        #expect(plain.paragraphStyles == other.paragraphStyles)
        #expect((other + other).paragraphStyles.map(\.paragraphStart) == [0, 2, 5], "the second x joins the paragraph of y")
    }
}

/// `usesFontLeading`: a line's natural height with its fonts' hhea lineGap (the default, as
/// `NSLayoutManager`), or without it (`boundingRect` without `.usesFontLeading`).
@Suite struct FontLeadingTests {
    struct Metrics: Decodable {
        struct Font: Decodable {
            var font: String
            var ascender: Int
            var descender: Int
            var lineGap: Int
            var unitsPerEm: Int
        }

        var fonts: [Font]
    }

    /// Liberation Sans has a lineGap of 67 units (fontTools, metrics.json): lines are that much
    /// shorter without it, and their baselines sit at the ascender either way.
    @Test func leadingCountsOnlyWhenAsked() throws {
        let golden = try #require(try Fixtures.golden("metrics.json", as: Metrics.self).fonts.first { $0.font == "Fonts/LiberationSans-Regular.ttf" })
        try #require(golden.lineGap > 0)
        let size: CGFloat = 20
        let scale = size / CGFloat(golden.unitsPerEm)
        let style = TextStyle(font: try Fixtures.font(golden.font), size: size)
        let text = "Leading is the space between lines of text"
        for cache in [ShapeCache(), nil] as [ShapeCache?] {
            let measurer = TextMeasurer(cache: cache)
            let with = try measurer.layout(text, style: style, maxWidth: 120)
            let without = try measurer.layout(text, style: style, paragraphStyle: ParagraphStyle(usesFontLeading: false), maxWidth: 120)
            try #require(with.lines.count == without.lines.count && with.lines.count > 1)
            for (line, bare) in zip(with.lines, without.lines) {
                #expect(abs(line.height - CGFloat(golden.ascender - golden.descender + golden.lineGap) * scale) <= 1e-9)
                #expect(abs(bare.height - CGFloat(golden.ascender - golden.descender) * scale) <= 1e-9)
                #expect(abs((bare.baseline - bare.top) - CGFloat(golden.ascender) * scale) <= 1e-9)
                #expect(abs((line.baseline - line.top) - CGFloat(golden.ascender) * scale) <= 1e-9)
            }
            #expect(without.lineHeight == without.lines[0].height)
            // One line of plain Latin (the fast path) and the general path agree.
            let label = try measurer.layout("Leading", style: style, paragraphStyle: ParagraphStyle(usesFontLeading: false))
            #expect(abs(label.size.height - CGFloat(golden.ascender - golden.descender) * scale) <= 1e-9)
        }
    }
}
