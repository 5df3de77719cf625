// TruncationTests.swift — truncated last lines against hb-shape widths (Tests/Goldens/truncation.json).
import Caliper
import Foundation
import TestSupport
import Testing

@Suite struct TruncationTests {
    static let goldens = (try? Fixtures.golden("truncation.json", as: TruncationGoldens.self).cases) ?? []

    @Test func thereAreTruncationGoldensForOneAndTwoLines() {
        #expect(Set(Self.goldens.map(\.numberOfLines)) == [1, 2])
        #expect(Set(Self.goldens.map(\.mode)) == ["truncate-tail", "truncate-head", "truncate-middle"])
    }

    /// Every truncated layout of truncation.json keeps its last line from the golden's start to
    /// the text's end, shortened around "…" to the golden's text and width (to 1e-9 pt).
    @Test func lastLinesAreShortenedAroundAnEllipsis() {
        let agreed = Conformance.agreed(Self.goldens) { golden in
            guard let mode = LineBreakMode(rawValue: golden.mode) else { return ["no line break mode \(golden.mode)"] }
            let style = TextStyle(font: try Fixtures.font(golden.font), size: CGFloat(golden.size))
            let layout = try TextMeasurer().layout(
                golden.text, style: style,
                paragraphStyle: ParagraphStyle(lineBreakMode: mode, numberOfLines: golden.numberOfLines),
                maxWidth: CGFloat(golden.maxWidth))
            guard let last = layout.lines.last else { return ["no lines"] }
            var differing: [String] = []
            if !layout.isTruncated { differing.append("not truncated") }
            if layout.lines.count != golden.numberOfLines { differing.append("\(layout.lines.count) lines") }
            if last.utf16Range.location != golden.start { differing.append("last line starts at \(last.utf16Range.location)") }
            if last.utf16Range.location + last.utf16Range.length != golden.text.utf16.count { differing.append("last line ends before the text") }
            if last.truncatedText != golden.expectedText { differing.append("shown \(String(describing: last.truncatedText))") }
            if abs(Double(last.width) - golden.expectedWidth) >= 1e-9 { differing.append("width \(last.width), expected \(golden.expectedWidth)") }
            return differing
        }
        Conformance.record("truncation", cases: Self.goldens.count, agreed: agreed)
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
