// ShapeCacheTests.swift — cached measurement equals uncached measurement, bit for bit; the cache stays bounded.
import Caliper
import Foundation
import Testing

@Suite struct ShapeCacheTests {
    /// A corpus of every golden text, each at several sizes, widths, modes and letter spacings.
    static func corpus() throws -> [(String, TextStyle, ParagraphStyle, CGFloat?)] {
        let texts = WrappedLayoutTests.goldens.map(\.text) + (try AdvanceGoldens.load().map(\.text))
            + ["Hello 世界 😀 مرحبا", "ภาษาไทยเป็นภาษา", "a\nb\r\nc", ""]
        let fonts = try ["Fonts/DejaVuSans.ttf", "Fonts/NotoSans-Regular.ttf"].map { try Fixtures.font($0) }
        var cases: [(String, TextStyle, ParagraphStyle, CGFloat?)] = []
        for (index, text) in texts.enumerated() {
            let font = fonts[index % fonts.count]
            for size in [11.0, 17.0] {
                let style = TextStyle(font: font, size: CGFloat(size), letterSpacing: index % 3 == 0 ? 0.5 : 0)
                cases.append((text, style, ParagraphStyle(), nil))
                cases.append((text, style, ParagraphStyle(), 120))
                cases.append((text, style, ParagraphStyle(lineBreakMode: .byTruncatingTail, numberOfLines: 2), 90))
            }
        }
        return cases
    }

    @Test func cachedResultsAreIdenticalToUncachedOnes() throws {
        let cache = ShapeCache()
        let cached = TextMeasurer(cache: cache)
        let uncached = TextMeasurer(cache: nil)
        let corpus = try Self.corpus()
        for _ in 0..<2 {  // the second pass is served from the cache
            for (text, style, paragraphStyle, width) in corpus {
                let expected = try uncached.layout(text, style: style, paragraphStyle: paragraphStyle, maxWidth: width)
                let actual = try cached.layout(text, style: style, paragraphStyle: paragraphStyle, maxWidth: width)
                #expect(actual == expected, "\(text.prefix(20).debugDescription)")
            }
        }
        let statistics = cache.statistics
        #expect(statistics.hits > statistics.misses)
        print("shape cache over \(corpus.count * 2) layouts: \(statistics.hits) hits, \(statistics.misses) misses, \(statistics.entryCount) entries, \(statistics.byteCount) bytes")
    }

    @Test func oneShapeServesEverySize() throws {
        let cache = ShapeCache()
        let measurer = TextMeasurer(cache: cache)
        let font = try Fixtures.dejaVuSans
        for size in [9.0, 12, 17, 24, 40] {
            _ = try measurer.measure("Hello, World", style: TextStyle(font: font, size: CGFloat(size)))
        }
        #expect(cache.statistics.misses == 1)
        #expect(cache.statistics.hits == 4)
        // A label's advance, too: after the first size, every size is one hit.
        _ = try measurer.size(of: "Hello, World", style: TextStyle(font: font, size: 9))
        let afterFirst = cache.statistics
        for size in [12.0, 17, 24, 40] {
            _ = try measurer.size(of: "Hello, World", style: TextStyle(font: font, size: CGFloat(size)))
        }
        #expect(cache.statistics.hits == afterFirst.hits + 4)
        #expect(cache.statistics.misses == afterFirst.misses)
    }

    @Test func theCacheStaysWithinItsBudget() throws {
        let cache = ShapeCache(byteBudget: 64 * 1024)
        let measurer = TextMeasurer(cache: cache)
        let style = TextStyle(font: try Fixtures.dejaVuSans, size: 13)
        for index in 0..<2_000 { _ = try measurer.size(of: "label number \(index) of many", style: style) }
        let statistics = cache.statistics
        #expect(statistics.byteCount <= 64 * 1024)
        #expect(statistics.evictions > 0)
        #expect(statistics.entryCount < 2_000)
        cache.removeAll()
        #expect(cache.statistics.entryCount == 0)
    }

    @Test func aMeasuredTextRewrapsLikeAFreshLayout() throws {
        let golden = try #require(WrappedLayoutTests.goldens.first)
        let style = TextStyle(font: try Fixtures.font(golden.font), size: CGFloat(golden.size))
        let measured = try TextMeasurer(cache: nil).measure(golden.text, style: style)
        for width in [80.0, 120, 200, 320, 1000] {
            let rewrapped = try measured.layout(maxWidth: CGFloat(width))
            let fresh = try TextMeasurer(cache: nil).layout(golden.text, style: style, maxWidth: CGFloat(width))
            #expect(rewrapped == fresh)
        }
    }
}

@Suite struct FastPathTests {
    @Test func sizeOfEqualsTheUnwrappedLayoutsSize() throws {
        let measurer = TextMeasurer(cache: nil)
        for (text, style, _, _) in try ShapeCacheTests.corpus() {
            let fast = try measurer.size(of: text, style: style)
            let full = try measurer.layout(text, style: style).size
            #expect(fast == full, "\(text.prefix(20).debugDescription)")
        }
    }
}
