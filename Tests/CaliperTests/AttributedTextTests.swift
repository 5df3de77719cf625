// AttributedTextTests.swift — attributed text: building it, refusing bad spans, and what spans do to runs, lines and caching.
@testable import Caliper
import Foundation
import Testing

@Suite struct AttributedTextTests {
    static let regular = TextStyle(font: (try? Fixtures.font("Fonts/NotoSans-Regular.ttf")) ?? Self.placeholder, size: 17)
    static let bold = TextStyle(font: (try? Fixtures.font("Fonts/NotoSans-Bold.ttf")) ?? Self.placeholder, size: 17)
    static var placeholder: FontFace { (try? Fixtures.dejaVuSans) ?? { preconditionFailure("fixture fonts missing") }() }

    let measurer = TextMeasurer(cache: nil)

    // MARK: Building

    @Test func spansCoverTheTextAndEqualNeighboursMerge() throws {
        var text = AttributedText("Ana", style: Self.bold)
        text.append(" replied", style: Self.regular)
        text.append(" to you", style: Self.regular)
        #expect(text.string == "Ana replied to you")
        #expect(text.spans.map(\.utf16Range) == [0..<3, 3..<18])
        try text.setStyle(Self.bold, utf16Range: 4..<11)
        #expect(text.spans.map(\.utf16Range) == [0..<3, 3..<4, 4..<11, 11..<18])
        try text.setStyle(Self.bold, utf16Range: 3..<4)
        #expect(text.spans.map(\.utf16Range) == [0..<11, 11..<18])
        try text.updateStyle(utf16Range: 9..<13) { $0.size = 11 }
        #expect(text.spans.map(\.utf16Range) == [0..<9, 9..<11, 11..<13, 13..<18])
        #expect(text.spans.map(\.style.size) == [17, 11, 11, 17])
        #expect(text.spans[1].style.font === Self.bold.font && text.spans[2].style.font === Self.regular.font)
        let joined = AttributedText("a", style: Self.bold) + AttributedText("b", style: Self.bold)
        #expect(joined.spans.count == 1)
    }

    @Test func anEmptyTextKeepsAStyleForItsEmptyLine() throws {
        let small = TextStyle(font: Self.regular.font, size: 9)
        let empty = AttributedText("", style: small)
        #expect(empty.spans == [AttributedText.Span(utf16Range: 0..<0, style: small)])
        #expect(try measurer.size(of: empty) == .zero)
        let layout = try measurer.layout(AttributedText("\n", style: small))
        #expect(layout.lines.count == 2, "the newline's line and the empty line after it")
        #expect(layout.lines.allSatisfy { $0.height == small.font.metrics(atSize: 9).lineHeight })
    }

    @Test func badSpansAreRefusedNamingThem() throws {
        let text = "a😀b"  // the emoji is a surrogate pair at 1..<3
        let spans = { (ranges: [Range<Int>]) in ranges.map { AttributedText.Span(utf16Range: $0, style: Self.regular) } }
        let cases: [([Range<Int>], String)] = [
            ([], "at least one span"),
            ([0..<2, 2..<4], "span 0 at 2 falls between the two halves of a surrogate pair"),
            ([0..<1, 2..<4], "span 1 starts at 2, where 1 was expected"),
            ([0..<3, 1..<4], "span 1 starts at 1, where 3 was expected"),
            ([0..<1, 1..<1, 1..<4], "span 1 is empty"),
            ([0..<3], "the spans end at 3, but the text has 4 UTF-16 code units"),
            ([0..<5], "span 0 starts at 0"),
        ]
        for (ranges, phrase) in cases {
            let error = #expect(throws: CaliperError.self) { try AttributedText(string: text, spans: spans(ranges)) }
            #expect(error?.description.contains(phrase.hasPrefix("span 0 starts") ? "the spans end at 5" : phrase) == true,
                    "\(ranges): \(String(describing: error))")
        }
        var attributed = AttributedText(text, style: Self.regular)
        #expect(throws: CaliperError.self) { try attributed.setStyle(Self.bold, utf16Range: 0..<2) }
        #expect(throws: CaliperError.self) { try attributed.setStyle(Self.bold, utf16Range: 3..<9) }
        #expect(attributed.spans.count == 1)
        // A span edge inside a grapheme cluster is allowed: the cluster takes its first unit's style.
        var accented = AttributedText("cafe\u{301}", style: Self.regular)
        try accented.setStyle(Self.bold, utf16Range: 4..<5)
        let run = try #require(try measurer.layout(accented).lines.first?.runs.last)
        #expect(run.font === Self.regular.font)
        #expect(run.utf16Range == NSRange(location: 0, length: 5))
    }

    // MARK: Runs and widths

    /// "Ana" in bold and " replied" in regular are two runs, each exactly as wide as its text
    /// measured alone in its style (the boundary is at a word edge, so nothing shapes across it).
    @Test func eachSpanIsARunAsWideAsItsTextAlone() throws {
        var text = AttributedText("Ana", style: Self.bold)
        text.append(" replied", style: Self.regular)
        let layout = try measurer.layout(text)
        let line = try #require(layout.lines.first)
        #expect(line.runs.map(\.utf16Range) == [NSRange(location: 0, length: 3), NSRange(location: 3, length: 8)])
        #expect(line.runs.map(\.spanIndex) == [0, 1])
        #expect(line.runs[0].font === Self.bold.font && line.runs[1].font === Self.regular.font)
        let bold = try measurer.size(of: "Ana", style: Self.bold).width
        let regular = try measurer.size(of: " replied", style: Self.regular).width
        #expect(abs(line.runs[0].width - bold) < 1e-9 && abs(line.runs[1].width - regular) < 1e-9)
        #expect(abs(line.width - (bold + regular)) < 1e-9)
        #expect(abs(try measurer.size(of: text).width - (bold + regular)) < 1e-9)
    }

    /// Spans that differ only in size split a ligature: "office" in one style forms "ffi"; cut
    /// between "of" and "fice" it cannot (CoreText never shapes across attribute runs).
    @Test func noLigatureOrKerningJoinsTwoSpans() throws {
        let whole = try measurer.size(of: "office", style: Self.regular).width
        var split = AttributedText("of", style: Self.regular)
        split.append("fice", style: TextStyle(font: Self.regular.font, size: 17.5))
        let layout = try measurer.layout(split)
        let pieces = try measurer.size(of: "of", style: Self.regular).width
            + measurer.size(of: "fice", style: TextStyle(font: Self.regular.font, size: 17.5)).width
        #expect(abs(layout.size.width - pieces) < 1e-9)
        #expect(layout.size.width != whole)
    }

    // MARK: Line heights

    @Test func aLineIsAsTallAsTheLargestSpanOnIt() throws {
        let large = TextStyle(font: Self.regular.font, size: 34)
        var text = AttributedText("small ", style: Self.regular)
        text.append("LARGE", style: large)
        text.append("\nsmall only", style: Self.regular)
        let layout = try measurer.layout(text)
        try #require(layout.lines.count == 2)
        let largeMetrics = large.font.metrics(atSize: 34)
        #expect(layout.lines[0].height == largeMetrics.lineHeight)
        #expect(layout.lines[0].baseline == largeMetrics.ascender)
        // The second line has no large text: it is as tall as the regular style alone.
        #expect(layout.lines[1].height == Self.regular.font.metrics(atSize: 17).lineHeight)
        #expect(layout.size.height == layout.lines[0].height + layout.lines[1].height)
    }

    /// A raised span (a superscript) moves its ascender up: the line grows above, and the span's
    /// run reports its offset.
    @Test func aBaselineOffsetRaisesTheSpanAndTheLineMakesRoom() throws {
        let superscript = TextStyle(font: Self.regular.font, size: 10, baselineOffset: 12)
        var text = AttributedText("x", style: Self.regular)
        text.append("2", style: superscript)
        let line = try #require(try measurer.layout(text).lines.first)
        let base = Self.regular.font.metrics(atSize: 17)
        let raised = superscript.font.metrics(atSize: 10)
        let ascender = max(base.ascender, raised.ascender + 12)
        #expect(line.baseline == ascender)
        #expect(line.height == ascender - min(base.descender, raised.descender + 12) + max(base.leading, raised.leading))
        #expect(line.runs.map(\.baselineOffset) == [0, 12])
        #expect(line.runs.map(\.size) == [17, 10])
    }

    // MARK: Truncation

    /// The ellipsis takes the style of the text it replaces: cut inside a small span, it is small.
    @Test func theEllipsisTakesTheStyleOfTheTextItReplaces() throws {
        let small = TextStyle(font: Self.regular.font, size: 9)
        var text = AttributedText("Title ", style: Self.bold)
        text.append("and a long small subtitle that does not fit", style: small)
        let full = try measurer.size(of: text).width
        let layout = try measurer.layout(
            text, paragraphStyle: ParagraphStyle(lineBreakMode: .byTruncatingTail, numberOfLines: 1), maxWidth: full * 0.6)
        let line = try #require(layout.lines.first)
        let shown = try #require(line.truncatedText)
        #expect(shown.hasSuffix("…"))
        let ellipsisRun = try #require(line.runs.last)
        #expect(ellipsisRun.size == 9 && ellipsisRun.spanIndex == 1)
        #expect(line.width <= full * 0.6 + 1e-9)
        // Cut in the bold title, the ellipsis is bold.
        let narrow = try measurer.layout(
            text, paragraphStyle: ParagraphStyle(lineBreakMode: .byTruncatingTail, numberOfLines: 1),
            maxWidth: try measurer.size(of: "Tit", style: Self.bold).width + 25)
        let boldRun = try #require(narrow.lines.first?.runs.last)
        #expect(boldRun.font === Self.bold.font && boldRun.spanIndex == 0)
    }

    // MARK: Caching

    /// A rich corpus measured through a cache (twice: filling it, then hitting it) gives the
    /// layouts measured without one, bit for bit.
    @Test func cachedRichLayoutsAreTheUncachedOnes() throws {
        let cached = TextMeasurer(cache: ShapeCache())
        for (text, width) in try Self.corpus() {
            let expected = try measurer.layout(text, maxWidth: width)
            for _ in 0..<2 {
                let layout = try cached.layout(text, maxWidth: width)
                #expect(layout == expected, "\(text.string.debugDescription) at \(String(describing: width))")
            }
        }
    }

    /// Texts in several styles: bold and regular, sizes, fallback, bidi, letter spacing, offsets.
    static func corpus() throws -> [(AttributedText, CGFloat?)] {
        let emoji = try Fixtures.font("Fonts/NotoColorEmoji.ttf")
        let cjk = try Fixtures.font("Fonts/DroidSansFallbackFull.ttf")
        let arabic = try Fixtures.font("Fonts/NotoSansArabic-Regular.ttf")
        func style(_ base: TextStyle, size: CGFloat? = nil, spacing: CGFloat = 0, offset: CGFloat = 0) -> TextStyle {
            var style = base
            style.size = size ?? base.size
            style.letterSpacing = spacing
            style.baselineOffset = offset
            style.fallbackFonts = [emoji, cjk, arabic]
            return style
        }
        var texts: [AttributedText] = []
        var feed = AttributedText("Ana Lima", style: style(Self.bold))
        feed.append(" replied to your post: great shot 📸 from 東京", style: style(Self.regular))
        texts.append(feed)
        var price = AttributedText("$", style: style(Self.regular, size: 11))
        price.append("12", style: style(Self.bold, size: 24))
        price.append(".99 per month, billed yearly", style: style(Self.regular, size: 11, spacing: 0.5))
        texts.append(price)
        var bidi = AttributedText("Hello مرح", style: style(Self.regular))
        bidi.append("با world x", style: style(Self.regular, size: 20))
        bidi.append("2", style: style(Self.regular, size: 10, offset: 7))
        texts.append(bidi)
        var paragraphs = AttributedText("First paragraph in bold.\n", style: style(Self.bold))
        paragraphs.append("Second, regular and longer, wraps over several lines at narrow widths.\n\nFourth.", style: style(Self.regular))
        texts.append(paragraphs)
        return texts.flatMap { text in [nil, 80, 160, 320].map { (text, $0) } }
    }
}
