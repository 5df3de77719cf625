// LayoutTableTests.swift — the cache's finished layouts: keyed by every value that decides them, bit for bit, and bounded.
import Foundation
import Testing

@testable import Caliper

@Suite struct LayoutTableTests {
    static let paragraph = "Ana replied to your post about the long weekend: great shot, where was it taken? مرحبا بالعالم"

    static func text(_ regular: TextStyle, _ bold: TextStyle) throws -> AttributedText {
        var text = AttributedText("Ana", style: bold)
        text.append(String(paragraph.dropFirst(3)), style: regular)
        return text
    }

    /// Layouts through a cache equal layouts without one, bit for bit, on the first call and on
    /// the second (answered by the layout table): wrapped, truncated in every mode, clipped, in
    /// several spans, right to left, with an inline box and with letter spacing.
    @Test func cachedLayoutsAreBitIdenticalToUncachedOnes() throws {
        let regular = TextStyle(font: try Fixtures.font("Fonts/NotoSans-Regular.ttf"), size: 15)
        let bold = TextStyle(font: try Fixtures.font("Fonts/NotoSans-Bold.ttf"), size: 17, letterSpacing: 0.25)
        var texts = [try Self.text(regular, bold), AttributedText(Self.paragraph, style: regular)]
        var withBox = try Self.text(regular, bold)
        try withBox.append(InlineBox(width: 14, height: 14, alignment: .bottom, id: "badge"), style: regular)
        texts.append(withBox)
        let modes: [ParagraphStyle] = LineBreakMode.allCases.flatMap { mode in
            [ParagraphStyle(lineBreakMode: mode, numberOfLines: 1), ParagraphStyle(lineBreakMode: mode, numberOfLines: 2, lineSpacing: 3)]
        } + [ParagraphStyle(baseDirection: .rightToLeft), ParagraphStyle(lineHeightMultiple: 1.3)]
        let cache = ShapeCache()
        let cached = TextMeasurer(cache: cache)
        let uncached = TextMeasurer(cache: nil)
        var compared = 0
        for text in texts {
            for paragraphStyle in modes {
                for width: CGFloat? in [nil, 60, 150, 343] {
                    let expected = try uncached.layout(text, paragraphStyle: paragraphStyle, maxWidth: width)
                    for _ in 0..<2 {
                        let actual = try cached.layout(text, paragraphStyle: paragraphStyle, maxWidth: width)
                        #expect(Self.bits(actual) == Self.bits(expected), "\(paragraphStyle) at \(String(describing: width))")
                        compared += 1
                    }
                }
            }
        }
        #expect(compared == 3 * modes.count * 4 * 2)
        #expect(cache.layouts.statistics.hits > 0)
    }

    /// Sizes of text the label fast path does not take (other scripts, fallback, several spans
    /// with a box) through a cache equal sizes without one, bit for bit, first and from the table;
    /// a measurer with a lower length limit sharing the cache is refused, not answered.
    @Test func cachedSizesAreBitIdenticalToUncachedOnes() throws {
        let regular = TextStyle(font: try Fixtures.font("Fonts/NotoSans-Regular.ttf"), size: 15)
        let bold = TextStyle(font: try Fixtures.font("Fonts/NotoSans-Bold.ttf"), size: 17, letterSpacing: 0.25)
        var withBox = try Self.text(regular, bold)
        try withBox.append(InlineBox(width: 14, height: 14, alignment: .bottom, id: "badge"), style: regular)
        let texts = [
            AttributedText("Hello 世界 😀 مرحبا", style: regular), AttributedText("ภาษาไทย\nsecond line", style: regular),
            try Self.text(regular, bold), withBox,
        ]
        let cache = ShapeCache()
        let cached = TextMeasurer(cache: cache)
        let uncached = TextMeasurer(cache: nil)
        for text in texts {
            let expected = try uncached.size(of: text)
            for _ in 0..<2 {
                let actual = try cached.size(of: text)
                #expect(actual.width.bitPattern == expected.width.bitPattern && actual.height.bitPattern == expected.height.bitPattern)
            }
        }
        #expect(cache.sizes.statistics.hits >= texts.count)
        #expect(throws: CaliperError.self) { try TextMeasurer(maximumTextLength: 5, cache: cache).size(of: texts[0]) }
    }

    /// A layout as the bits of every number in it and its strings' bytes (`==` takes -0 for 0).
    static func bits(_ layout: TextLayout) -> [String] {
        var result = ["\(layout.size.width.bitPattern) \(layout.size.height.bitPattern) \(layout.isTruncated) \(layout.lineHeight.bitPattern) \(layout.missingGlyphCount)"]
        for line in layout.lines {
            let numbers = [line.width, line.widthIncludingTrailingWhitespace, line.top, line.height, line.baseline].map(\.bitPattern)
            result.append("\(line.utf16Range) \(numbers) \(Array((line.truncatedText ?? "-").utf8)) \(line.isClipped)")
            for run in line.runs {
                let numbers = [run.size, run.baselineOffset, run.x, run.width].map(\.bitPattern)
                result.append("  \(run.utf16Range) \(ObjectIdentifier(run.font)) \(run.spanIndex) \(run.script) \(run.bidiLevel) \(numbers)")
            }
        }
        for box in layout.inlineBoxes {
            result.append("box \(box.utf16Offset) \(box.lineIndex) \([box.frame.minX, box.frame.minY, box.frame.width, box.frame.height].map(\.bitPattern))")
        }
        return result
    }

    /// Changing any one value a layout depends on gives another key; the same values give the same one.
    @Test func everyValueIsInTheKey() throws {
        let font = try Fixtures.font("Fonts/NotoSans-Regular.ttf")
        let sameFileAgain = try FontFace(contentsOfFile: Fixtures.path("Fonts/NotoSans-Regular.ttf"))
        let style = TextStyle(font: font, size: 15)
        func key(_ text: AttributedText, _ paragraphStyle: ParagraphStyle = ParagraphStyle(), _ width: CGFloat? = 200) -> LayoutKey {
            LayoutKey(text, paragraphStyle: paragraphStyle, maxWidth: width)
        }
        let base = key(AttributedText("Caf\u{E9} au lait", style: style))
        #expect(base == key(AttributedText("Caf\u{E9} au lait", style: style)))
        var styles: [TextStyle] = []
        func varied(_ change: (inout TextStyle) -> Void) {
            var copy = style
            change(&copy)
            styles.append(copy)
        }
        varied { $0.font = sameFileAgain }
        varied { $0.size = 15.000001 }
        varied { $0.letterSpacing = -0.0 }
        let noLigatures = try FontFeature(tag: "liga", value: 0)
        varied { $0.features = [noLigatures] }
        varied { $0.fallbackFonts = [font] }
        varied { $0.fallback = .none }
        varied { $0.fallback = .fontconfig(configurationFile: "Fonts/fonts.conf") }
        varied { $0.baselineOffset = -0.0 }
        varied { $0.language = "fr" }
        // Each key differs, and so does its hash: the digest covers every value equality compares.
        for (index, changed) in styles.enumerated() {
            let changedKey = key(AttributedText("Caf\u{E9} au lait", style: changed))
            #expect(changedKey != base && changedKey.hashValue != base.hashValue, "style change \(index)")
        }
        // Every stored property of the styles has a change above (or below, for paragraph styles
        // and boxes): a new property must be added to LayoutKey and here.
        #expect(Mirror(reflecting: style).children.count == 8)
        #expect(Mirror(reflecting: ParagraphStyle()).children.count == 11)
        #expect(Mirror(reflecting: InlineBox(width: 1, height: 1)).children.count == 4)

        #expect(key(AttributedText("Cafe\u{301} au lait", style: style)) != base, "canonically equivalent text")
        #expect(
            LayoutKey(AttributedText("Caf\u{E9}", style: style), paragraphStyle: nil, maxWidth: nil)
                != LayoutKey(AttributedText("Caf\u{E9}", style: style), paragraphStyle: ParagraphStyle(), maxWidth: nil),
            "a size and a layout")
        let keepingGlyphs = LayoutKey(AttributedText("Caf\u{E9} au lait", style: style), paragraphStyle: ParagraphStyle(), maxWidth: 200, keepsGlyphs: true)
        #expect(keepingGlyphs != base && keepingGlyphs.hashValue != base.hashValue, "a layout keeping its glyphs")
        #expect(key(AttributedText("Caf\u{E9} au lait", style: style), ParagraphStyle(), nil) != base)
        #expect(key(AttributedText("Caf\u{E9} au lait", style: style), ParagraphStyle(), 200.0000001) != base)
        #expect(key(AttributedText("Caf\u{E9} au lait", style: style), ParagraphStyle(), .infinity) != key(AttributedText("Caf\u{E9} au lait", style: style), ParagraphStyle(), nil))
        let paragraphStyles = [
            ParagraphStyle(lineBreakMode: .byCharWrapping), ParagraphStyle(numberOfLines: 1), ParagraphStyle(lineSpacing: -0.0),
            ParagraphStyle(lineHeightMultiple: 1.5), ParagraphStyle(minimumLineHeight: 30), ParagraphStyle(maximumLineHeight: 10),
            ParagraphStyle(baseDirection: .leftToRight), ParagraphStyle(usesFontLeading: false), ParagraphStyle(textWrap: .balance),
            ParagraphStyle(hyphenationFactor: 0.5), ParagraphStyle(tabStops: [TextTab(.right, location: 28)]),
            ParagraphStyle(tabStops: [TextTab(location: 28.000001)]), ParagraphStyle(defaultTabInterval: 28),
        ]
        for (index, paragraphStyle) in paragraphStyles.enumerated() {
            let changedKey = key(AttributedText("Caf\u{E9} au lait", style: style), paragraphStyle)
            #expect(changedKey != base && changedKey.hashValue != base.hashValue, "paragraph style change \(index)")
        }
        // Spans: where they split the text, and each box's values.
        var larger = style
        larger.size = 16
        var split = AttributedText("Caf\u{E9}", style: style)
        split.append(" au lait", style: larger)
        var splitLater = AttributedText("Caf\u{E9} ", style: style)
        splitLater.append("au lait", style: larger)
        #expect(key(split) != key(splitLater))
        let boxes = [
            InlineBox(width: 10, height: 10), InlineBox(width: 11, height: 10), InlineBox(width: 10, height: 11),
            InlineBox(width: 10, height: 10, alignment: .baseline(offset: -0.0)), InlineBox(width: 10, height: 10, alignment: .top),
            InlineBox(width: 10, height: 10, alignment: .bottom), InlineBox(width: 10, height: 10, alignment: .centerOnLine),
            InlineBox(width: 10, height: 10, alignment: .centerOnXHeight), InlineBox(width: 10, height: 10, id: "e\u{301}"),
            InlineBox(width: 10, height: 10, id: "\u{E9}"),
        ]
        let boxKeys = try boxes.map { box -> LayoutKey in
            var text = AttributedText("a", style: style)
            try text.append(box, style: style)
            return key(text)
        }
        #expect(Set(boxKeys).count == boxes.count && Set(boxKeys.map(\.hashValue)).count == boxes.count)
        // Paragraphs' own styles: which paragraph has one, and what it is.
        #expect(Mirror(reflecting: AttributedText("", style: style)).children.count == 3, "string, spans, paragraph styles")
        let twoParagraphs = AttributedText("Caf\u{E9}\nau lait", style: style)
        var keys: Set<LayoutKey> = [key(twoParagraphs)]
        for (range, paragraphStyle) in [
            (0..<1, ParagraphStyle(lineSpacing: 2)), (6..<7, ParagraphStyle(lineSpacing: 2)), (0..<12, ParagraphStyle(lineSpacing: 2)),
            (6..<7, ParagraphStyle(lineSpacing: -0.0)), (6..<7, ParagraphStyle(baseDirection: .rightToLeft)),
        ] {
            var text = twoParagraphs
            try text.setParagraphStyle(paragraphStyle, utf16Range: range)
            keys.insert(key(text))
        }
        #expect(keys.count == 6)
    }

    /// A layout kept by a measurer with a high length limit is refused, not returned, to one
    /// sharing the cache with a lower limit.
    @Test func aHitKeepsTheMeasurersLengthLimit() throws {
        let cache = ShapeCache()
        let style = TextStyle(font: try Fixtures.font("Fonts/NotoSans-Regular.ttf"), size: 15)
        _ = try TextMeasurer(cache: cache).layout(Self.paragraph, style: style, maxWidth: 100)
        #expect(cache.layouts.statistics.entryCount == 1)
        #expect(throws: CaliperError.self) {
            try TextMeasurer(maximumTextLength: 10, cache: cache).layout(Self.paragraph, style: style, maxWidth: 100)
        }
    }

    /// The layouts kept stay within the table's share of the budget, and what is dropped is measured again.
    @Test func theTableStaysWithinItsBudget() throws {
        let cache = ShapeCache(byteBudget: 1 << 20)
        let measurer = TextMeasurer(cache: cache)
        let style = TextStyle(font: try Fixtures.font("Fonts/NotoSans-Regular.ttf"), size: 15)
        for index in 0..<2_000 {
            _ = try measurer.layout("\(index) \(Self.paragraph)", style: style, maxWidth: 120)
            #expect(cache.layouts.statistics.byteCount <= cache.layouts.byteBudget)
        }
        #expect(cache.layouts.byteBudget == (1 << 20) / 32 * 3)
        #expect(cache.layouts.statistics.evictions > 0)
        #expect(cache.statistics.byteCount <= cache.byteBudget)
    }
}
