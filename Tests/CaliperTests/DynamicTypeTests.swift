// DynamicTypeTests.swift — Apple's Dynamic Type sizes, UIFontMetrics's proportional scaling, and every category's layout in one call.
import Foundation
import TestSupport
import Testing

@testable import Caliper

@Suite struct DynamicTypeTests {
    struct Table: Decodable {
        var categories: [String]
        var pointSizes: [String: [Int]]
    }

    /// Every text style at every category is the point size of Apple's table (transcribed beside
    /// its sources in Tests/Goldens/dynamic_type.json).
    @Test func theSizesAreApplesTable() throws {
        let table = try Fixtures.golden("dynamic_type.json", as: Table.self)
        #expect(table.categories == ContentSizeCategory.allCases.map(\.rawValue))
        #expect(Set(table.pointSizes.keys) == Set(DynamicTypeStyle.allCases.map(\.rawValue)))
        var sizes = 0
        var agreed = 0
        for style in DynamicTypeStyle.allCases {
            let expected = try #require(table.pointSizes[style.rawValue])
            let found = ContentSizeCategory.allCases.map { style.pointSize(at: $0) }
            #expect(found == expected.map { CGFloat($0) }, "\(style)")
            sizes += expected.count
            agreed += zip(found, expected).filter { $0 == CGFloat($1) }.count
        }
        Conformance.record("dynamic-type", cases: sizes, agreed: agreed)
        #expect(DynamicTypeStyle.body.defaultPointSize == 17)
        #expect(DynamicTypeStyle.headline.weight == 600 && DynamicTypeStyle.body.weight == 400)
        #expect(ContentSizeCategory(named: "ax3") == .accessibilityExtraLarge)
        #expect(ContentSizeCategory(named: "extraSmall") == .extraSmall)
        #expect(ContentSizeCategory(named: "huge") == nil)
        #expect(ContentSizeCategory.allCases.filter(\.isAccessibilityCategory).count == 5)
    }

    /// `scaledValue(for:)` is the value times the style's size at the category over its size at Large.
    @Test func valuesScaleInProportionToTheStyle() throws {
        let body = DynamicTypeMetrics.default
        #expect(body.scaledValue(for: 16, compatibleWith: .large) == 16)
        #expect(body.scaledValue(for: 16, compatibleWith: .accessibilityExtraLarge) == CGFloat(16) * 40 / 17)
        #expect(body.scaledValue(for: 17, compatibleWith: .extraSmall) == 14)
        let title = DynamicTypeMetrics(forTextStyle: .title1)
        #expect(title.scaledValue(for: 28, compatibleWith: .accessibilityExtraExtraExtraLarge) == 58)
        #expect(title.scale(at: .extraLarge) == CGFloat(30) / 28)
        let style = TextStyle(font: try Fixtures.font("Fonts/NotoSans-Regular.ttf"), size: 15, letterSpacing: 0.5)
        let scaled = body.scaledStyle(for: style, compatibleWith: .accessibilityMedium)
        #expect(scaled.size == 15 * 28 / 17 && scaled.letterSpacing == 0.5)
        #expect(body.scaledStyle(for: style, maximumPointSize: 20, compatibleWith: .accessibilityMedium).size == 20)
    }

    /// One call gives the twelve layouts, each the layout of the text at its scaled sizes, and the
    /// paragraph is shaped once for all of them.
    @Test func everyCategoryInOneCallSharesTheShaping() throws {
        let regular = TextStyle(font: try Fixtures.font("Fonts/NotoSans-Regular.ttf"), size: 17)
        var bold = regular
        bold.font = try Fixtures.font("Fonts/NotoSans-Bold.ttf")
        var text = AttributedText("Ana", style: bold)
        text.append(" replied to your post about the weekend — ναι, 東京 😀", style: regular)
        let cache = ShapeCache()
        let measurer = TextMeasurer(cache: cache)
        let layouts = try measurer.layoutsForEveryContentSizeCategory(text, scaledAs: .body, maxWidth: 200)
        #expect(layouts.map(\.category) == ContentSizeCategory.allCases)
        for entry in layouts {
            let expected = try TextMeasurer(cache: nil).layout(DynamicTypeMetrics.default.scaledText(text, compatibleWith: entry.category), maxWidth: 200)
            #expect(entry.layout.size == expected.size, "\(entry.category)")
            #expect(entry.layout.lines.map(\.utf16Range) == expected.lines.map(\.utf16Range), "\(entry.category)")
            #expect(entry.text.spans.map(\.style.size) == text.spans.map { $0.style.size * entry.scale }, "\(entry.category)")
        }
        #expect(layouts.first?.layout.size.height ?? 0 < layouts.last?.layout.size.height ?? 0)
        // Paragraph shapes: the cache's own look-ups, less its tables'.
        let tables = [
            cache.labels.statistics.misses, cache.pieces.statistics.misses, cache.layouts.statistics.misses, cache.sizes.statistics.misses,
            cache.words.statistics.misses,
        ]
        let shapeMisses = cache.statistics.misses - tables.reduce(0, +)
        #expect(shapeMisses == 1, "one paragraph shaped once for twelve sizes")
        // Without a cache of its own, the measurer makes one for the call: the same layouts.
        let uncached = try TextMeasurer(cache: nil).layoutsForEveryContentSizeCategory(text, scaledAs: .body, maxWidth: 200)
        #expect(uncached.map(\.layout.size) == layouts.map(\.layout.size))
    }
}
