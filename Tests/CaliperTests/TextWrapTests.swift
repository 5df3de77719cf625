// TextWrapTests.swift — CSS text-wrap: balance and pretty against headless Chromium's lines (wrap.json), and where they leave greedy alone.
import Foundation
import TestSupport
import Testing

@testable import Caliper

@Suite struct TextWrapTests {
    struct Golden: Decodable {
        struct Case: Decodable {
            var name: String
            var font: String
            var size: CGFloat
            var width: CGFloat
            var text: String
            var lines: [String: [Int]]
        }

        var cases: [Case]
    }

    /// Every case of `Tests/Goldens/wrap.json` (Chromium 156's line starts under `text-wrap:
    /// wrap`, `balance` and `pretty`, 25 paragraphs) gives the same line starts, exactly.
    @Test(arguments: [TextWrap.wrap, .balance, .pretty])
    func chromiumsLinesForEveryCase(wrap: TextWrap) throws {
        let golden = try Fixtures.golden("wrap.json", as: Golden.self)
        try #require(golden.cases.count >= 25)
        var differing: [String] = []
        var agreed = 0
        for item in golden.cases {
            let style = TextStyle(font: try Fixtures.font(item.font), size: item.size)
            let expected = try #require(item.lines[wrap.rawValue])
            var agrees = true
            for measurer in [TextMeasurer(), TextMeasurer(cache: nil)] {
                let layout = try measurer.layout(item.text, style: style, paragraphStyle: ParagraphStyle(textWrap: wrap), maxWidth: item.width)
                let starts = layout.lines.map(\.utf16Range.location)
                if starts != expected {
                    differing.append("\(item.name): \(starts) vs \(expected)")
                    agrees = false
                }
                let fits = layout.lines.allSatisfy { $0.width <= item.width + 1e-9 }
                #expect(fits)
                agrees = agrees && fits
            }
            if agrees { agreed += 1 }
        }
        #expect(differing.isEmpty, "\(differing.count) differ: \(differing.prefix(5))")
        Conformance.record("text-wrap", part: wrap.rawValue, cases: golden.cases.count, agreed: agreed)
    }

    /// Balance and pretty keep greedy's lines where Chromium does: one line, a tab, a line limit
    /// that cuts the paragraph, breaking by characters.
    @Test func greedyWhereNothingIsOptimized() throws {
        let style = TextStyle(font: try Fixtures.font("Fonts/DejaVuSans.ttf"), size: 16)
        let text = "The quick brown fox jumps over the lazy dog again and again"
        for wrap in [TextWrap.balance, .pretty] {
            for paragraphStyle in [
                ParagraphStyle(numberOfLines: 2, textWrap: wrap), ParagraphStyle(lineBreakMode: .byCharWrapping, textWrap: wrap),
            ] {
                var greedy = paragraphStyle
                greedy.textWrap = .wrap
                let optimized = try TextMeasurer().layout(text, style: style, paragraphStyle: paragraphStyle, maxWidth: 150)
                let plain = try TextMeasurer().layout(text, style: style, paragraphStyle: greedy, maxWidth: 150)
                #expect(optimized.lines.map(\.utf16Range) == plain.lines.map(\.utf16Range), "\(wrap) \(paragraphStyle.lineBreakMode)")
            }
            let long = "Supercalifragilisticexpialidocious and a few more words"
            let broken = try TextMeasurer().layout(long, style: style, paragraphStyle: ParagraphStyle(textWrap: wrap), maxWidth: 120)
            #expect(broken.lines.map(\.utf16Range) == (try TextMeasurer().layout(long, style: style, maxWidth: 120)).lines.map(\.utf16Range))
            let tabbed = text.replacingOccurrences(of: " dog", with: "\tdog")
            let withTab = try TextMeasurer().layout(tabbed, style: style, paragraphStyle: ParagraphStyle(textWrap: wrap), maxWidth: 150)
            let tabGreedy = try TextMeasurer().layout(tabbed, style: style, maxWidth: 150)
            #expect(withTab.lines.map(\.utf16Range) == tabGreedy.lines.map(\.utf16Range))
        }
    }

    /// Push-out (UIKit's `lineBreakStrategy .pushOut`): greedy lines, except that a last line of
    /// one word takes the last word of the line before when that line has two or more and the
    /// last line fits; over many paragraphs and widths, checked line by line against greedy.
    @Test func pushOutMovesOneWordDown() throws {
        let style = TextStyle(font: try Fixtures.font("Fonts/NotoSans-Regular.ttf"), size: 15)
        let golden = try Fixtures.golden("wrap.json", as: Golden.self)
        var pushed = 0
        for item in golden.cases {
            for width in stride(from: CGFloat(90), through: 330, by: 30) {
                let greedy = try TextMeasurer().layout(item.text, style: style, maxWidth: width)
                let layout = try TextMeasurer().layout(item.text, style: style, paragraphStyle: ParagraphStyle(textWrap: .pushOut), maxWidth: width)
                #expect(layout.lines.count == greedy.lines.count)
                #expect(layout.lines.allSatisfy { $0.width <= width + 1e-9 })
                let words = { (line: TextLine) in
                    (item.text as NSString).substring(with: line.utf16Range).split(separator: " ").count
                }
                guard layout.lines != greedy.lines else {
                    // Unchanged: the last line is not one word, or the line before has one, or
                    // the last line would not fit with another word.
                    if greedy.lines.count > 1, let last = greedy.lines.last, words(last) == 1, words(greedy.lines[greedy.lines.count - 2]) > 1 {
                        let before = greedy.lines[greedy.lines.count - 2]
                        let moved = (item.text as NSString).substring(with: before.utf16Range).split(separator: " ").last.map(String.init) ?? ""
                        let lastText = (item.text as NSString).substring(with: last.utf16Range)
                        let joined = try TextMeasurer().layout(moved + " " + lastText, style: style).lines[0].width
                        let isBrokenWord = !(item.text as NSString).substring(with: before.utf16Range).hasSuffix(" ")
                        #expect(joined > width || isBrokenWord, "\(item.name) at \(width): \(moved) \(lastText) fits")
                    }
                    continue
                }
                pushed += 1
                #expect(Array(layout.lines.dropLast(2).map(\.utf16Range)) == Array(greedy.lines.dropLast(2).map(\.utf16Range)))
                let last = try #require(layout.lines.last)
                #expect(words(last) == 2, "\(item.name) at \(width)")
                #expect(words(try #require(greedy.lines.last)) == 1)
            }
        }
        #expect(pushed >= 10)
    }
}
