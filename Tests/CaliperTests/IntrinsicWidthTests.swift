// IntrinsicWidthTests.swift — CSS min-content and max-content widths against hb-shape, and how breaking by characters changes them.
import Foundation
import TestSupport
import Testing

@testable import Caliper

@Suite struct IntrinsicWidthTests {
    struct Golden: Decodable {
        struct Case: Decodable, CustomStringConvertible {
            var font: String
            var size: CGFloat
            var text: String
            var minContent: CGFloat
            var maxContent: CGFloat
            var description: String { text.debugDescription }
        }

        var cases: [Case]
    }

    /// Every case of `Tests/Goldens/intrinsic.json` (hb-shape widths of the widest unbreakable
    /// piece and of the widest paragraph) within 1e-9.
    @Test func theWidthsAreHBShapes() throws {
        let golden = try Fixtures.golden("intrinsic.json", as: Golden.self)
        try #require(golden.cases.count >= 7)
        let agreed = Conformance.agreed(golden.cases) { item in
            let style = TextStyle(font: try Fixtures.font(item.font), size: item.size)
            let widths = try TextMeasurer().intrinsicWidths(of: item.text, style: style)
            var differing: [String] = []
            if abs(widths.minContent - item.minContent) > 1e-9 { differing.append("min-content \(widths.minContent), hb-shape \(item.minContent)") }
            if abs(widths.maxContent - item.maxContent) > 1e-9 { differing.append("max-content \(widths.maxContent), hb-shape \(item.maxContent)") }
            // The layout agrees: at min-content nothing breaks inside a word; at max-content each paragraph is one line.
            let narrow = try TextMeasurer().layout(item.text, style: style, maxWidth: widths.minContent)
            if narrow.size.width > widths.minContent + 1e-9 { differing.append("\(narrow.size.width) wide at min-content") }
            let wide = try TextMeasurer().layout(item.text, style: style, maxWidth: widths.maxContent)
            if wide.lines.count != item.text.split(separator: "\n", omittingEmptySubsequences: false).count {
                differing.append("\(wide.lines.count) lines at max-content")
            }
            return differing
        }
        Conformance.record("intrinsic", cases: golden.cases.count, agreed: agreed)
    }

    /// A paragraph that breaks by characters can be as narrow as its widest grapheme cluster.
    @Test func breakingByCharactersNarrowsMinContent() throws {
        let style = TextStyle(font: try Fixtures.font("Fonts/DejaVuSans.ttf"), size: 16)
        let word = "Wolkenkratzer"
        let byWord = try TextMeasurer().intrinsicWidths(of: word, style: style)
        let byCharacter = try TextMeasurer().intrinsicWidths(of: word, style: style, paragraphStyle: ParagraphStyle(lineBreakMode: .byCharWrapping))
        let widest = try word.map { try TextMeasurer().size(of: String($0), style: style).width }.max() ?? 0
        #expect(byWord.minContent == byWord.maxContent)
        #expect(byCharacter.minContent == widest)
        #expect(byCharacter.maxContent == byWord.maxContent)
        // A paragraph's own style counts: only the second paragraph breaks by characters.
        var text = AttributedText("\(word)\nabc \(word)", style: style)
        try text.setParagraphStyle(ParagraphStyle(lineBreakMode: .byCharWrapping), utf16Range: word.utf16.count + 1..<text.utf16Count)
        #expect(try TextMeasurer().intrinsicWidths(of: text).minContent == byWord.minContent)
        #expect(try TextMeasurer().intrinsicWidths(of: AttributedText("", style: style)) == IntrinsicWidths(minContent: 0, maxContent: 0))
    }
}
