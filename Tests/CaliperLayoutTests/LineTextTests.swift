// LineTextTests.swift — the text a measurement's line shows: the laid-out line without the
// spaces, tabs and hard break that end it, trimmed character by character.
import Caliper
import CaliperLayout
import Foundation
import Testing

@Suite struct LineTextTests {
    /// The rule as written, over whole characters (the measurer trims ASCII ends byte by byte).
    static func reference(_ line: Substring) -> String {
        var result = line
        while let last = result.last, last.isNewline || last == " " || last == "\t" { result.removeLast() }
        return String(result)
    }

    static let texts = [
        "one two three four five six seven eight nine ten", "trailing spaces   ", "tabs\t\tand more\t", "a\r\nb\nc\u{0B}d\u{0C}e",
        "line\u{2028}next\u{2029}last", "nel\u{85}after", "x \u{301} y \u{301}", "\u{600} \u{600} done ", "é \nzu ", "日本語 テキスト 東京 ",
        "emoji 😀 \n👩‍👩‍👧 ", " ", "\n\n", "", "a\u{00A0} b",
    ]

    @Test(arguments: texts)
    func linesShowTheirTextWithoutWhatEndsThem(_ text: String) throws {
        let style = TextStyle(font: try LayoutFixtures.resolver.face(for: LayoutFixtures.path("Fonts/NotoSans-Regular.ttf")), size: 14)
        let measurer = TextMeasurer(cache: nil)
        for width: CGFloat in [30, 60, 120, 1_000] {
            let layout = try measurer.layout(text, style: style, maxWidth: width)
            let measurement = try measurer.measure(text, style: style, paragraphStyle: ParagraphStyle(), maxWidth: width)
            #expect(measurement.lines.map(\.text) == layout.lines.map { Self.reference(text[$0.range]) }, "at \(width)")
        }
    }
}
