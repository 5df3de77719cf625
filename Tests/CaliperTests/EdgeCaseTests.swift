// EdgeCaseTests.swift — empty text, whitespace, hard breaks, tiny widths, clusters, line heights.
import Caliper
import Foundation
import Testing

@Suite struct EdgeCaseTests {
    let measurer = TextMeasurer()
    var style: TextStyle { get throws { TextStyle(font: try Fixtures.dejaVuSans, size: 17) } }

    func width(_ text: String) throws -> Double { points(try AdvanceGoldens.advance(of: text), size: 17) }

    @Test func emptyTextHasNoLines() throws {
        let layout = try measurer.layout("", style: try style, maxWidth: 100)
        #expect(layout.lines.isEmpty)
        #expect(layout.size == .zero)
        #expect(!layout.isTruncated)
    }

    @Test func onlySpacesMakeOneLineWhoseWidthHangs() throws {
        let layout = try measurer.layout("   ", style: try style, maxWidth: 100)
        #expect(layout.utf16Ranges == [0..<3])
        #expect(layout.lines[0].width == 0)
        #expect(abs(Double(layout.lines[0].widthIncludingTrailingWhitespace) - (try width("   "))) < 1e-9)
        #expect(layout.size.width == 0)
        // Unwrapped, the size includes trailing whitespace, as size(withAttributes:) does.
        #expect(abs(Double(try measurer.size(of: "   ", style: try style).width) - (try width("   "))) < 1e-9)
    }

    @Test func spacesWiderThanTheLineStillHang() throws {
        let layout = try measurer.layout("ab          cd", style: try style, maxWidth: Double(try width("ab")) + 1)
        #expect(layout.utf16Ranges == [0..<12, 12..<14])
        #expect(abs(Double(layout.lines[0].width) - (try width("ab"))) < 1e-9)
    }

    /// Each newline ends an empty line, and the text that ends in one has an empty line after it.
    @Test func onlyNewlinesMakeOneEmptyLineEachAndOneAfter() throws {
        let style = try style
        let layout = try measurer.layout("\n\n", style: style, maxWidth: 100)
        #expect(layout.utf16Ranges == [0..<1, 1..<2, 2..<2])
        #expect(layout.lines.allSatisfy { $0.width == 0 })
        #expect(layout.size.height == 3 * style.metrics.lineHeight)
        #expect(try measurer.size(of: "\n", style: style) == CGSize(width: 0, height: 2 * style.metrics.lineHeight))
        #expect(try measurer.size(of: "", style: style) == .zero)
    }

    /// A text that ends in a hard break has one more, empty line after it, as TextKit lays out its
    /// extra line fragment there (UIKit's frame of "Invite friends, Get $30!\n" in two lines is two
    /// lines tall): for every hard break, in every measure.
    @Test func aFinalHardBreakAddsAnEmptyLine() throws {
        let style = try style
        #expect(try measurer.layout("a\n", style: style).utf16Ranges == [0..<2, 2..<2])
        #expect(try measurer.layout("a\n\n", style: style).utf16Ranges == [0..<2, 2..<3, 3..<3])
        for hardBreak in ["\n", "\r", "\r\n", "\u{2028}", "\u{2029}", "\u{0B}", "\u{0C}", "\u{85}"] {
            let text = "ab" + hardBreak
            let layout = try measurer.layout(text, style: style, maxWidth: 100)
            #expect(layout.lines.count == 2, "\(text.debugDescription)")
            #expect(layout.size.height == 2 * style.metrics.lineHeight, "\(text.debugDescription)")
            #expect(try measurer.size(of: text, style: style).height == 2 * style.metrics.lineHeight)
            #expect(try measurer.measure(text, style: style).layout(maxWidth: 50).lines.count == 2)
        }
        #expect(try measurer.layout("a\nb", style: style).lines.count == 2, "a break inside the text adds none")
    }

    /// The empty line after the last break shows nothing: a line limit that leaves it out
    /// truncates nothing, and a limit that keeps it cuts nothing before it.
    @Test func aLineLimitLeavesTheFinalEmptyLineOutWithoutTruncating() throws {
        let style = try style
        let one = try measurer.layout("ab\n", style: style, paragraphStyle: ParagraphStyle(lineBreakMode: .byTruncatingTail, numberOfLines: 1))
        #expect(one.utf16Ranges == [0..<3])
        #expect(!one.isTruncated)
        #expect(one.lines[0].truncatedText == nil)
        let two = try measurer.layout("ab\ncd\n", style: style, paragraphStyle: ParagraphStyle(lineBreakMode: .byTruncatingTail, numberOfLines: 2))
        #expect(two.utf16Ranges == [0..<3, 3..<6])
        #expect(!two.isTruncated)
        let cut = try measurer.layout("ab\ncd\n", style: style, paragraphStyle: ParagraphStyle(lineBreakMode: .byTruncatingTail, numberOfLines: 1))
        #expect(cut.isTruncated, "text remains after the first line")
    }

    @Test func crlfIsOneHardBreakOwnedByItsLine() throws {
        let layout = try measurer.layout("ab\r\ncd", style: try style, maxWidth: 1000)
        #expect(layout.utf16Ranges == [0..<4, 4..<6])
        #expect(abs(Double(layout.lines[0].width) - (try width("ab"))) < 1e-9)
        #expect(abs(Double(layout.lines[1].width) - (try width("cd"))) < 1e-9)
    }

    @Test func everyUnicodeHardBreakEndsALine() throws {
        let layout = try measurer.layout("a\u{2028}b\u{2029}c\rd\u{0B}e\u{0C}f\u{85}g", style: try style)
        #expect(layout.lines.count == 7)
    }

    @Test func anOverlongWordBreaksBetweenGraphemeClusters() throws {
        let layout = try measurer.layout("Hello", style: try style, maxWidth: 1)
        #expect(layout.utf16Ranges == [0..<1, 1..<2, 2..<3, 3..<4, 4..<5])
        for (line, letter) in zip(layout.lines, ["H", "e", "l", "l", "o"]) {
            #expect(abs(Double(line.width) - (try width(letter))) < 1e-9)
        }
    }

    @Test func zeroWidthPutsOneClusterOnEachLine() throws {
        // e + two combining marks is one grapheme cluster; so is e + one mark.
        let layout = try measurer.layout("e\u{301}\u{302}e\u{301}", style: try style, maxWidth: 0)
        #expect(layout.utf16Ranges == [0..<3, 3..<5])
    }

    @Test func anOverlongWordFillsEachLineAsFarAsItFits() throws {
        // "AVA" fits but "AVAV" does not; the line "AVA" is shaped alone, without the kerning
        // of its last A with the V that went to the next line.
        let maxWidth = max(try width("AVA"), try width("VAV")) + 0.001
        #expect(try width("AVAV") > maxWidth)
        let layout = try measurer.layout("AVAVAV", style: try style, maxWidth: CGFloat(maxWidth))
        #expect(layout.utf16Ranges == [0..<3, 3..<6])
        #expect(abs(Double(layout.lines[0].width) - (try width("AVA"))) < 1e-9)
        #expect(abs(Double(layout.lines[1].width) - (try width("VAV"))) < 1e-9)
    }

    @Test func kerningAcrossABreakDoesNotLeakIntoTheLine() throws {
        // In the shaped paragraph "AVAVAV", the third A's advance carries its kern with the next V.
        // A line ending after that A must not.
        let expected = try width("AVA")
        let layout = try measurer.layout("AVAVAV", style: try style, maxWidth: CGFloat(expected))
        let first = try #require(layout.lines.first)
        #expect(layout.utf16Ranges.first == 0..<3)
        #expect(abs(Double(first.width) - expected) < 1e-9)
    }

    @Test func charWrappingBreaksInsideWords() throws {
        let maxWidth = CGFloat(try width("Hello Wo")) + 0.5
        #expect(try width("Hello Wor") > Double(maxWidth))
        let wordWrapped = try measurer.layout("Hello World", style: try style, maxWidth: maxWidth)
        #expect(wordWrapped.utf16Ranges == [0..<6, 6..<11])
        let charWrapped = try measurer.layout(
            "Hello World", style: try style, paragraphStyle: ParagraphStyle(lineBreakMode: .byCharWrapping),
            maxWidth: maxWidth)
        #expect(charWrapped.utf16Ranges == [0..<8, 8..<11])
        #expect(abs(Double(charWrapped.lines[0].width) - (try width("Hello Wo"))) < 1e-9)
        #expect(abs(Double(charWrapped.lines[1].width) - (try width("rld"))) < 1e-9)
    }

    @Test func charWrappingHangsTheSpaceAfterTheBreak() throws {
        let maxWidth = CGFloat(try width("Hello")) + 0.5
        let layout = try measurer.layout(
            "Hello World", style: try style, paragraphStyle: ParagraphStyle(lineBreakMode: .byCharWrapping),
            maxWidth: maxWidth)
        #expect(layout.utf16Ranges.first == 0..<6)
    }

    @Test func clippingLetsAWordOverflowAndReportsTheClippedWidth() throws {
        let layout = try measurer.layout(
            "Hello World", style: try style, paragraphStyle: ParagraphStyle(lineBreakMode: .byClipping), maxWidth: 20)
        #expect(layout.utf16Ranges == [0..<6, 6..<11])
        #expect(layout.lines.allSatisfy { $0.isClipped && $0.width == 20 })
        #expect(layout.isTruncated)
    }

    @Test func clippingTheLastAllowedLineKeepsTheRestOfTheParagraph() throws {
        let layout = try measurer.layout(
            "Hello World", style: try style,
            paragraphStyle: ParagraphStyle(lineBreakMode: .byClipping, numberOfLines: 1), maxWidth: 60)
        #expect(layout.utf16Ranges == [0..<11])
        #expect(layout.lines[0].width == 60)
        #expect(layout.isTruncated)
    }

    @Test func letterSpacingCountsTowardFitting() throws {
        let spaced = TextStyle(font: try Fixtures.dejaVuSans, size: 17, letterSpacing: 10)
        // "Hello World" is 11 clusters; "Hello" with spacing is width("Hello") + 50.
        let maxWidth = CGFloat(try width("Hello World")) + 20
        let plain = try measurer.layout("Hello World", style: try style, maxWidth: maxWidth)
        let layout = try measurer.layout("Hello World", style: spaced, maxWidth: maxWidth)
        #expect(plain.lines.count == 1)
        #expect(layout.utf16Ranges == [0..<6, 6..<11])
        #expect(abs(Double(layout.lines[0].width) - ((try width("Hello")) + 50)) < 1e-9)
    }

    @Test func lineSpacingGoesBetweenLinesOnly() throws {
        let style = try style
        let layout = try measurer.layout(
            "a\nb\nc", style: style, paragraphStyle: ParagraphStyle(lineSpacing: 4))
        let lineHeight = style.metrics.lineHeight
        #expect(layout.size.height == 3 * lineHeight + 2 * 4)
        #expect(layout.lines.map(\.top) == [0, lineHeight + 4, 2 * (lineHeight + 4)])
        #expect(layout.lines[0].baseline == style.metrics.ascender)
    }

    @Test func lineHeightMultipleAndLimitsShapeTheLineBox() throws {
        let style = try style
        let natural = style.metrics.lineHeight
        let doubled = try measurer.layout("a\nb", style: style, paragraphStyle: ParagraphStyle(lineHeightMultiple: 2))
        #expect(doubled.lineHeight == natural * 2)
        #expect(doubled.size.height == natural * 4)
        // The extra height goes above the glyphs.
        #expect(doubled.lines[0].baseline == natural + style.metrics.ascender)
        let clamped = try measurer.layout(
            "a", style: style, paragraphStyle: ParagraphStyle(lineHeightMultiple: 2, maximumLineHeight: 30))
        #expect(clamped.lineHeight == 30)
        let raised = try measurer.layout("a", style: style, paragraphStyle: ParagraphStyle(minimumLineHeight: 44))
        #expect(raised.lineHeight == 44)
    }

    @Test func infiniteWidthMeansNoWrapping() throws {
        let layout = try measurer.layout("Hello World", style: try style, maxWidth: .infinity)
        #expect(layout.lines.count == 1)
        #expect(abs(Double(layout.size.width) - (try width("Hello World"))) < 1e-9)
    }

    @Test func linesCarryStringRangesThatMatchTheirUTF16Ranges() throws {
        let text = "naïve 👩‍👩‍👧 café\nnext"
        let layout = try measurer.layout(text, style: try style, maxWidth: 60)
        for line in layout.lines {
            let fromRange = text.utf16.distance(from: text.utf16.startIndex, to: line.range.lowerBound)
            #expect(fromRange == line.utf16Range.location)
            #expect(text[line.range].utf16.count == line.utf16Range.length)
        }
        #expect(layout.lines.last.map { String(text[$0.range]) } == "next")
    }

    @Test func pixelRoundingCeilsToTheScaleGrid() {
        #expect(PixelRounding.ceil(102.6142578125, scale: 1) == 103)
        #expect(PixelRounding.ceil(102.6142578125, scale: 2) == 103)
        #expect(PixelRounding.ceil(102.2, scale: 2) == 102.5)
        #expect(PixelRounding.ceil(19.7890625, scale: 3) == CGFloat(60) / 3)
        #expect(PixelRounding.ceil(CGSize(width: 0.1, height: 2), scale: 1) == CGSize(width: 1, height: 2))
    }
}
