// TruncationTests.swift — truncated last lines against hb-shape widths (Tests/Goldens/truncation.json).
import Caliper
import Foundation
import Testing

@Suite struct TruncationTests {
    static let goldens = (try? Fixtures.golden("truncation.json", as: TruncationGoldens.self).cases) ?? []

    @Test func thereAreTruncationGoldensForOneAndTwoLines() {
        #expect(Set(Self.goldens.map(\.numberOfLines)) == [1, 2])
        #expect(Set(Self.goldens.map(\.mode)) == ["truncate-tail", "truncate-head", "truncate-middle"])
    }

    @Test(arguments: goldens)
    func lastLineIsShortenedAroundAnEllipsis(_ golden: TruncationGoldens.Case) throws {
        let mode = try #require(LineBreakMode(rawValue: golden.mode))
        let style = TextStyle(font: try Fixtures.font(golden.font), size: CGFloat(golden.size))
        let layout = try TextMeasurer().layout(
            golden.text, style: style,
            paragraphStyle: ParagraphStyle(lineBreakMode: mode, numberOfLines: golden.numberOfLines),
            maxWidth: CGFloat(golden.maxWidth))
        #expect(layout.isTruncated)
        #expect(layout.lines.count == golden.numberOfLines)
        let last = try #require(layout.lines.last)
        #expect(last.utf16Range.location == golden.start)
        #expect(last.utf16Range.location + last.utf16Range.length == golden.text.utf16.count)
        #expect(last.truncatedText == golden.expectedText)
        #expect(abs(Double(last.width) - golden.expectedWidth) < 1e-9)
    }

    @Test func wordWrappingWithALineLimitDropsLinesWithoutAnEllipsis() throws {
        let golden = try #require(WrappedLayoutTests.goldens.first { $0.lines.count >= 3 })
        let style = TextStyle(font: try Fixtures.font(golden.font), size: CGFloat(golden.size))
        let layout = try TextMeasurer().layout(
            golden.text, style: style, paragraphStyle: ParagraphStyle(numberOfLines: 2),
            maxWidth: CGFloat(golden.maxWidth))
        #expect(layout.utf16Ranges == golden.lines.prefix(2).map { $0.start..<$0.end })
        #expect(layout.lines.allSatisfy { $0.truncatedText == nil })
        #expect(layout.isTruncated)
    }

    @Test func textThatFitsIsNotTruncated() throws {
        let style = TextStyle(font: try Fixtures.dejaVuSans, size: 17)
        let layout = try TextMeasurer().layout(
            "Hello", style: style, paragraphStyle: ParagraphStyle(lineBreakMode: .byTruncatingTail, numberOfLines: 1),
            maxWidth: 200)
        #expect(!layout.isTruncated)
        #expect(layout.lines.first?.truncatedText == nil)
    }

    @Test func hiddenParagraphsTruncateTheLastLineEvenWhenItFits() throws {
        let style = TextStyle(font: try Fixtures.dejaVuSans, size: 17)
        let layout = try TextMeasurer().layout(
            "Hello\nWorld", style: style,
            paragraphStyle: ParagraphStyle(lineBreakMode: .byTruncatingTail, numberOfLines: 1), maxWidth: 200)
        #expect(layout.lines.count == 1)
        #expect(layout.lines.first?.truncatedText == "Hello\u{2026}")
        #expect(layout.utf16Ranges == [0..<6])
        #expect(layout.isTruncated)
    }
}
