// TabStopTests.swift — tabs advancing to NSTextTab-like stops, against Pango 1.50 and the rule restated in Python (tabs.json).
import Foundation
import TestSupport
import Testing

@testable import Caliper

@Suite struct TabStopTests {
    struct Golden: Decodable {
        struct Stop: Decodable {
            var alignment: String
            var location: CGFloat
        }

        struct Piece: Decodable {
            var start: Int?
            var end: Int?
            var offset: Int?
            var x: CGFloat
            var width: CGFloat
        }

        struct Positions: Decodable {
            var segments: [Piece]
            var tabs: [Piece]
            var lineWidth: CGFloat
        }

        struct Case: Decodable {
            var name: String
            var font: String
            var size: CGFloat
            var text: String
            var tabStops: [Stop]
            var defaultTabInterval: CGFloat
            var segments: [Piece]
            var tabs: [Piece]
            var lineWidth: CGFloat
            var model: Positions
            var differences: [[String: AnyDecodable]]?
        }

        var cases: [Case]
        var beyondLastStop: [Case]
    }

    /// Decodes and drops any JSON value (the golden's notes on where Pango differs).
    struct AnyDecodable: Decodable {
        init(from decoder: Decoder) throws {}
    }

    static func layout(_ item: Golden.Case, measurer: TextMeasurer = TextMeasurer()) throws -> TextLayout {
        let stops = try item.tabStops.map { TextTab(try #require(TextTab.Alignment(rawValue: $0.alignment)), location: $0.location) }
        let style = TextStyle(font: try Fixtures.font(item.font), size: item.size)
        return try measurer.layout(
            item.text, style: style, paragraphStyle: ParagraphStyle(tabStops: stops, defaultTabInterval: item.defaultTabInterval))
    }

    /// Where each segment and each tab of `layout`'s one line is: the runs starting there.
    static func positions(of layout: TextLayout, like expected: Golden.Positions) -> [String] {
        var differing: [String] = []
        let runs = layout.lines[0].runs
        for segment in expected.segments where (segment.end ?? 0) > (segment.start ?? 0) {
            guard let run = runs.first(where: { $0.utf16Range.location == segment.start }) else {
                differing.append("no run at \(segment.start ?? -1)")
                continue
            }
            if abs(run.x - segment.x) > 1e-6 { differing.append("segment \(segment.start ?? -1) at \(run.x), not \(segment.x)") }
        }
        for tab in expected.tabs {
            guard let run = runs.first(where: { $0.utf16Range.location == tab.offset && $0.utf16Range.length == 1 }) else {
                if tab.offset != layout.lines[0].utf16Range.length - 1 { differing.append("no run for the tab at \(tab.offset ?? -1)") }
                continue
            }
            if abs(run.x - tab.x) > 1e-6 || abs(run.width - tab.width) > 1e-6 {
                differing.append("tab \(tab.offset ?? -1) at \(run.x) + \(run.width), not \(tab.x) + \(tab.width)")
            }
        }
        if abs(layout.lines[0].widthIncludingTrailingWhitespace - expected.lineWidth) > 1e-6 {
            differing.append("line \(layout.lines[0].widthIncludingTrailingWhitespace), not \(expected.lineWidth)")
        }
        return differing
    }

    /// Every case lays its segments and tabs where the rule, restated in Python over hb-shape's
    /// widths, puts them (to 1e-6 pt), with and without the cache; where Pango 1.50 agrees with
    /// the rule (all but decimal stops, where Pango centres the "." on the stop), Pango's own
    /// positions are within its 1/1024 pt glyph rounding (0.03 pt over a line).
    @Test func tabsAsTheRuleAndPangoPlaceThem() throws {
        let golden = try Fixtures.golden("tabs.json", as: Golden.self)
        try #require(golden.cases.count >= 38)
        var differing: [String] = []
        var pangoChecked = 0
        var agreed = 0
        var agreedWithPango = 0
        for item in golden.cases {
            let before = differing.count
            for measurer in [TextMeasurer(), TextMeasurer(cache: nil)] {
                let layout = try Self.layout(item, measurer: measurer)
                try #require(layout.lines.count == 1)
                differing += Self.positions(of: layout, like: item.model).map { "\(item.name): \($0)" }
                if item.differences?.isEmpty ?? true {
                    pangoChecked += 1
                    let pango = Golden.Positions(segments: item.segments, tabs: item.tabs, lineWidth: item.lineWidth)
                    for segment in pango.segments where (segment.end ?? 0) > (segment.start ?? 0) {
                        let run = layout.lines[0].runs.first { $0.utf16Range.location == segment.start }
                        if let run, abs(run.x - segment.x) > 0.03 { differing.append("\(item.name): Pango \(segment.x), Caliper \(run.x)") }
                    }
                }
            }
            if differing.count == before {
                agreed += 1
                if item.differences?.isEmpty ?? true { agreedWithPango += 1 }
            }
        }
        #expect(pangoChecked >= 50)
        #expect(differing.isEmpty, "\(differing.count): \(differing.prefix(6))")
        Conformance.record("tabs", part: "stops", cases: golden.cases.count, agreed: agreed, figures: ["pangoAgrees": agreedWithPango])
    }

    /// Past the last stop, tabs go to multiples of the default tab interval (UIKit's rule; Pango
    /// repeats the last gap and alignment instead, which agree only for UIKit's defaults).
    @Test func pastTheLastStop() throws {
        let golden = try Fixtures.golden("tabs.json", as: Golden.self)
        var differing: [String] = []
        var agreed = 0
        for item in golden.beyondLastStop {
            let found = Self.positions(of: try Self.layout(item), like: item.model)
            differing += found.map { "\(item.name): \($0)" }
            if found.isEmpty { agreed += 1 }
        }
        #expect(differing.isEmpty, "\(differing)")
        Conformance.record("tabs", part: "past-the-last-stop", cases: golden.beyondLastStop.count, agreed: agreed)
        // With no interval, a tab past every stop is as wide as its glyph.
        let style = TextStyle(font: try Fixtures.font("Fonts/DejaVuSans.ttf"), size: 16)
        let tabGlyph = try TextMeasurer().layout("\t", style: style, paragraphStyle: ParagraphStyle(tabStops: [])).lines[0]
        let past = try TextMeasurer().layout("A\tB", style: style, paragraphStyle: ParagraphStyle(tabStops: [TextTab(location: 2)]))
        let a = try TextMeasurer().size(of: "A", style: style).width
        #expect(tabGlyph.widthIncludingTrailingWhitespace > 0)
        #expect(past.lines[0].runs[1].x == a && past.lines[0].runs[1].width == tabGlyph.widthIncludingTrailingWhitespace)
    }

    /// Tab stops measure from each line's start, so wrapped lines and columns of rows line up,
    /// and a wrapped line's width is that of the same text laid out alone.
    @Test func wrappedLinesStartTheirTabsAfresh() throws {
        let style = TextStyle(font: try Fixtures.font("Fonts/NotoSans-Regular.ttf"), size: 15)
        let rows = ["Apples\t3\t1.20", "Watermelon\t12\t10.5", "Figs\t144\t0.75"]
        let paragraphStyle = ParagraphStyle(tabStops: [TextTab(.right, location: 140), TextTab(.decimal, location: 200)])
        let text = rows.joined(separator: " ")
        for width in stride(from: CGFloat(120), through: 420, by: 37) {
            let wrapped = try TextMeasurer().layout(text, style: style, paragraphStyle: paragraphStyle, maxWidth: width)
            #expect(wrapped.lines.count > 1)
            for line in wrapped.lines {
                let shown = (text as NSString).substring(with: line.utf16Range).trimmingCharacters(in: .whitespaces)
                let alone = try TextMeasurer().layout(shown, style: style, paragraphStyle: paragraphStyle).lines[0]
                #expect(line.width == alone.width, "\(shown)")
                #expect(line.width <= width || !shown.contains("\t"))
                #expect(line.runs.map(\.x) == alone.runs.map(\.x))
            }
        }
        // The quantity column's right edges and the price column's points are at their stops.
        for row in rows {
            let runs = try TextMeasurer().layout(row, style: style, paragraphStyle: paragraphStyle).lines[0].runs
            #expect(abs(runs[2].x + runs[2].width - 140) < 1e-9)
            let price = String(row.split(separator: "\t")[2])
            let beforePoint = try TextMeasurer().size(of: String(price.prefix { $0 != "." }), style: style).width
            #expect(abs(runs[4].x + beforePoint - 200) < 1e-9)
        }
    }

    /// Stops are checked like the other lengths; too many are refused.
    @Test func badStops() throws {
        let style = TextStyle(font: try Fixtures.font("Fonts/DejaVuSans.ttf"), size: 16)
        let bad: [(ParagraphStyle, String)] = [
            (ParagraphStyle(tabStops: [TextTab(location: -1)]), "invalid tab stop location -1.0"),
            (ParagraphStyle(tabStops: [TextTab(location: .nan)]), "invalid tab stop location nan"),
            (ParagraphStyle(defaultTabInterval: .infinity), "invalid default tab interval inf"),
            (ParagraphStyle(tabStops: [TextTab(location: 2_000_000)]), "invalid tab stop location 2000000.0: it must be at most"),
            (ParagraphStyle(tabStops: Array(repeating: TextTab(location: 1), count: 1_001)), "invalid number of tab stops 1001.0: it must be at most"),
        ]
        for (paragraphStyle, message) in bad {
            do {
                _ = try TextMeasurer().layout("a\tb", style: style, paragraphStyle: paragraphStyle)
                Issue.record("\(message) was accepted")
            } catch {
                #expect(error.description.hasPrefix(message), "\(error.description)")
            }
        }
    }
}
