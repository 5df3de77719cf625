// ShapeAdmissionTests.swift — a size on one line keeps its paragraph shape only the second time it misses (TinyLFU's doorkeeper); a layout keeps it at once.
import Foundation
import TestSupport
import Testing

@testable import Caliper

@Suite struct ShapeAdmissionTests {
    /// International text: not a plain Latin label, so every size below takes the general path.
    static let text = "Hello 世界 مرحبا"

    @Test func aSizeKeepsItsShapeTheSecondTimeItsParagraphMisses() throws {
        let cache = ShapeCache()
        let measurer = TextMeasurer(cache: cache)
        let uncached = TextMeasurer(cache: nil)
        let font = try Fixtures.font("Fonts/NotoSans-Regular.ttf")
        // 11 pt: a miss, not kept; 13 pt: a second miss, kept; 17 pt: a hit; 17 pt again: the size table's.
        for (index, size) in [11.0, 13, 17, 17].enumerated() {
            let style = TextStyle(font: font, size: CGFloat(size))
            #expect(try measurer.size(of: Self.text, style: style) == uncached.size(of: Self.text, style: style), "\(size) pt")
            #expect(cache.paragraphs.statistics.entryCount == (index == 0 ? 0 : 1), "\(size) pt")
        }
        #expect(cache.paragraphs.statistics.misses == 2)
        #expect(cache.paragraphs.statistics.hits == 1)
        // The shape kept has its line breaks: a layout from it wraps as one made afresh (a shape
        // kept without them would wrap nowhere, and trip the line breaker's assertion).
        let narrow = TextStyle(font: font, size: 13)
        #expect(try measurer.layout(Self.text, style: narrow, maxWidth: 30) == uncached.layout(Self.text, style: narrow, maxWidth: 30))
        #expect(try uncached.layout(Self.text, style: narrow, maxWidth: 30).lines.count > 1)
        #expect(cache.paragraphs.statistics.hits == 2)
        // Attributed text takes the same door.
        var attributed = AttributedText("Ana ", style: TextStyle(font: font, size: 15))
        attributed.append(Self.text, style: TextStyle(font: font, size: 13))
        #expect(try measurer.size(of: attributed) == uncached.size(of: attributed))
        #expect(cache.paragraphs.statistics.entryCount == 1)
        // A layout and a measurement keep theirs at once.
        let style = TextStyle(font: font, size: 17)
        #expect(try measurer.layout("Ana 東京", style: style, maxWidth: 100) == uncached.layout("Ana 東京", style: style, maxWidth: 100))
        #expect(cache.paragraphs.statistics.entryCount == 2)
        _ = try measurer.measure("Ana مرحبا", style: style)
        #expect(cache.paragraphs.statistics.entryCount == 3)
        // A shape a layout kept serves a size at once.
        let hits = cache.paragraphs.statistics.hits
        #expect(try measurer.size(of: "Ana 東京", style: style) == uncached.size(of: "Ana 東京", style: style))
        #expect(cache.paragraphs.statistics.hits == hits + 1)
        // Emptying the cache empties the doorkeeper: a text sized once before it is a first miss
        // again after it.
        let other = "Other 世界 مرحبا"
        _ = try measurer.size(of: other, style: TextStyle(font: font, size: 11))
        cache.removeAll()
        _ = try measurer.size(of: other, style: TextStyle(font: font, size: 13))
        #expect(cache.paragraphs.statistics.entryCount == 0)
        _ = try measurer.size(of: other, style: TextStyle(font: font, size: 15))
        #expect(cache.paragraphs.statistics.entryCount == 1)
    }

    /// The doorkeeper remembers one key per kibibyte of the shapes' budget, then forgets them all.
    @Test(arguments: [1_022, 1_023, 1_024])
    func theDoorkeeperForgetsEveryKeyAtItsLimit(othersBetween: Int) throws {
        let cache = ShapeCache(byteBudget: 2 << 20)  // shapes get half: 1 MiB, 1,024 keys
        #expect(cache.paragraphs.doorkeeperLimit == 1_024)
        let measurer = TextMeasurer(cache: cache)
        let font = try Fixtures.font("Fonts/NotoSans-Regular.ttf")
        let small = TextStyle(font: font, size: 11)
        _ = try measurer.size(of: Self.text, style: small)
        for index in 0..<othersBetween { _ = try measurer.size(of: "label \(index) 世界", style: small) }
        #expect(cache.paragraphs.statistics.entryCount == 0)
        _ = try measurer.size(of: Self.text, style: TextStyle(font: font, size: 13))
        // 1 + 1,023 keys fit: the first is remembered and its shape kept; 1 + 1,024 do not (the
        // 1,025th empties the doorkeeper).
        #expect(cache.paragraphs.statistics.entryCount == (othersBetween < 1_024 ? 1 : 0))
    }

    /// A size whose paragraph shape is not kept is made without line-break opportunities (ICU is
    /// not asked): it must be the size of the text measured in full, for every golden text, in the
    /// goldens' fonts, with and without a cache, and with tabs, soft hyphens, bidi and hard breaks.
    @Test func sizesMadeWithoutBreaksAreTheFullMeasurementsSizes() throws {
        let font = try Fixtures.font("Fonts/NotoSans-Regular.ttf")
        let extra = [
            "a\tb\t\tc", "soft\u{AD}hy\u{AD}phen\u{AD}", "עברית and English 123", "\u{202B}embedded\u{202C} مرحبا",
            "one\ntwo\r\nthree\u{2029}four\n", "  leading and trailing  ", "\n", "東京 😀 ภาษาไทย",
        ].map { ($0, TextStyle(font: font, size: 15)) }
        let corpus = try ShapeCacheTests.corpus().filter { $0.3 == nil }.map { ($0.0, $0.1) } + extra
        var compared = 0
        for (text, style) in corpus {
            let full = try TextMeasurer(cache: nil).measure(text, style: style)
            let expected = full.unwrappedSize
            #expect(try TextMeasurer(cache: nil).size(of: text, style: style) == expected, "\(text.prefix(20).debugDescription)")
            let cache = ShapeCache()
            #expect(try TextMeasurer(cache: cache).size(of: text, style: style) == expected, "\(text.prefix(20).debugDescription)")
            // (Two equal paragraphs of one text are a second miss: the second's shape is kept.)
            if !text.contains(where: \.isNewline) { #expect(cache.paragraphs.statistics.entryCount == 0) }
            compared += 1
        }
        #expect(compared > 100)
    }

    /// What the table tells `make` (whether the shape is admitted, and so made with its line
    /// breaks): a size's shape on its second miss, and never where no shape fits the budget (a
    /// table under a kibibyte), where one admitted would be made in full and then dropped.
    @Test(arguments: [(64 << 10, [false, true]), (750, [false, false, false])])
    func theTableTellsMakeWhetherItAdmits(budget: Int, expected: [Bool]) throws {
        let table = ParagraphShapeTable(byteBudget: budget)
        let style = TextStyle(font: try Fixtures.font("Fonts/NotoSans-Regular.ttf"), size: 13)
        let content = Array(Self.text.utf16)
        let styles = StyleRuns(style: style, cascade: try FontCascade(style: style), length: content.count)
        let key = ParagraphShapeTable.Key(content: content, styles: styles, direction: .natural)
        var told: [Bool] = []
        for _ in 0..<3 {
            _ = try table.shape(for: key, admission: .onSecondMiss) { (isAdmitted: Bool) throws(CaliperError) -> ParagraphShape in
                told.append(isAdmitted)
                return try ParagraphShape(content: content, styles: styles, baseDirection: .natural, breaksLines: isAdmitted)
            }
        }
        #expect(told == expected)  // with room, the third call is a hit: `make` is not called
        #expect(table.statistics.entryCount == (budget > 1024 ? 1 : 0))
    }
}
