// RunGlyphTests.swift — layouts that keep glyphs: each run's glyphs add up to its width, and keeping them changes nothing else.
import Foundation
import Testing

@testable import Caliper

@Suite struct RunGlyphTests {
    /// A text to lay out, in its styles, with a paragraph style.
    struct Case: CustomStringConvertible {
        var name: String
        var text: AttributedText
        var paragraphStyle = ParagraphStyle()
        var description: String { name }
    }

    static func style(
        _ font: String, size: CGFloat = 15, letterSpacing: CGFloat = 0, language: String? = nil, fallback: [String] = [],
        baselineOffset: CGFloat = 0
    ) throws -> TextStyle {
        TextStyle(
            font: try Fixtures.font(font), size: size, letterSpacing: letterSpacing,
            fallbackFonts: try fallback.map { try Fixtures.font($0) }, fallback: .none, language: language,
            baselineOffset: baselineOffset)
    }

    /// Texts that exercise every rule a run's width follows: tabs to stops, AAT tracking, letter
    /// spacing (ligatures, negative, cursive), Arabic, hyphens, truncation in every mode, bidi,
    /// spans, inline boxes, hanging whitespace kerned against a letter, clipping.
    static func cases() throws -> [Case] {
        let noto = "Fonts/NotoSans-Regular.ttf", dejaVu = "Fonts/DejaVuSans.ttf", arabic = "Fonts/NotoSansArabic-Regular.ttf"
        let trak = "Fonts/Trak/CaliperTrakTest.ttf", liberation = "Fonts/LiberationSans-Regular.ttf"
        let long = "A long title that will certainly not fit on one line of this label, office affine"
        let arabicText = "مرحبا بالعالم، هذا نص عربي طويل يلتف على عدة أسطر"
        var cases: [Case] = [
            Case(name: "plain Latin", text: AttributedText("Hello, World", style: try style(dejaVu))),
            Case(
                name: "tab stops", text: AttributedText("Name\tQty\tPrice\nApples\t3\t1.25\nKiwi\t12\t10.5", style: try style(noto)),
                paragraphStyle: ParagraphStyle(tabStops: [TextTab(location: 100), TextTab(.right, location: 200), TextTab(.decimal, location: 280)])),
            Case(name: "default tabs", text: AttributedText("a\tbb\tccc\tdddd\te f", style: try style(noto)), paragraphStyle: ParagraphStyle(defaultTabInterval: 36)),
            Case(name: "tabs past every stop", text: AttributedText("x\ty\tz", style: try style(noto)), paragraphStyle: ParagraphStyle(tabStops: [TextTab(location: 4)])),
            Case(name: "ligatures spaced", text: AttributedText("office affine fluffy ffi", style: try style(noto, letterSpacing: 2.5))),
            Case(name: "negative spacing", text: AttributedText("Tight spacing here", style: try style(noto, letterSpacing: -0.8))),
            Case(name: "Arabic", text: AttributedText(arabicText, style: try style(arabic, size: 18))),
            Case(name: "Arabic spaced", text: AttributedText(arabicText, style: try style(arabic, size: 18, letterSpacing: 3))),
            Case(
                name: "bidi", text: AttributedText("English then عربي مرحبا then more English 123 and עברית", style: try style(noto, fallback: [arabic, dejaVu]))),
            Case(
                name: "right to left", text: AttributedText("مرحبا English بالعالم 2024", style: try style(arabic, letterSpacing: 1, fallback: [noto])),
                paragraphStyle: ParagraphStyle(baseDirection: .rightToLeft)),
            Case(
                name: "hyphens", text: AttributedText("Die Rechtsschutzversicherungsgesellschaften verhandeln Donaudampfschifffahrtsgesellschaftskapitäne.",
                    style: try style(dejaVu, letterSpacing: 0.7, language: "de")),
                paragraphStyle: ParagraphStyle(hyphenationFactor: 1)),
            Case(
                name: "tracked hyphens", text: AttributedText("Rechtsschutzversicherungsgesellschaften", style: try style(trak, size: 12, language: "de")),
                paragraphStyle: ParagraphStyle(hyphenationFactor: 1)),
            Case(name: "soft hyphens", text: AttributedText("extra\u{AD}ordinarily super\u{AD}cali\u{AD}fragilistic\u{AD}expi\u{AD}ali\u{AD}docious", style: try style(noto, size: 20))),
            Case(name: "tail", text: AttributedText(long, style: try style(noto)), paragraphStyle: ParagraphStyle(lineBreakMode: .byTruncatingTail, numberOfLines: 1)),
            Case(name: "head", text: AttributedText(long, style: try style(noto)), paragraphStyle: ParagraphStyle(lineBreakMode: .byTruncatingHead, numberOfLines: 1)),
            Case(name: "middle", text: AttributedText(long, style: try style(noto, letterSpacing: 0.5)), paragraphStyle: ParagraphStyle(lineBreakMode: .byTruncatingMiddle, numberOfLines: 1)),
            Case(name: "two lines, tail", text: AttributedText(long + " " + long, style: try style(noto, letterSpacing: 0.5)), paragraphStyle: ParagraphStyle(lineBreakMode: .byTruncatingTail, numberOfLines: 2)),
            Case(name: "Arabic tail", text: AttributedText(arabicText, style: try style(arabic)), paragraphStyle: ParagraphStyle(lineBreakMode: .byTruncatingTail, numberOfLines: 1)),
            Case(name: "clipped", text: AttributedText(long, style: try style(noto)), paragraphStyle: ParagraphStyle(lineBreakMode: .byClipping, numberOfLines: 1)),
            Case(name: "hanging kern", text: AttributedText("AVA Tay. WAVE A  Yo  To P. V Ta Ta A A Y Y", style: try style(liberation, size: 20))),
            Case(name: "Devanagari", text: AttributedText("हिन्दी पाठ का उदाहरण क्षत्रिय", style: try style("Fonts/NotoSansDevanagari-Regular.ttf", size: 18))),
            Case(name: "Thai", text: AttributedText("ภาษาไทยเป็นภาษาที่ไม่มีช่องว่างระหว่างคำ", style: try style("Fonts/NotoSansThai-Regular.ttf", letterSpacing: 1))),
            Case(name: "emoji", text: AttributedText("Hi 👩‍👩‍👧 🌍 ok 🇫🇷", style: try style(noto, fallback: ["Fonts/NotoColorEmoji.ttf"]))),
            Case(name: "balanced", text: AttributedText(long, style: try style(noto)), paragraphStyle: ParagraphStyle(textWrap: .balance)),
        ]
        for size: CGFloat in [9, 17, 28] {
            cases.append(Case(name: "tracked \(size)", text: AttributedText("Tracking AVA Tay fi at sizes, wrapping", style: try style(trak, size: size))))
            cases.append(Case(name: "tracked \(size), spaced", text: AttributedText("Tracked and spaced", style: try style(trak, size: size, letterSpacing: 1.5))))
        }
        var spans = AttributedText("Mixed spans: ", style: try style(noto))
        spans.append("big ", style: try style(noto, size: 24))
        spans.append("raised ", style: try style(noto, baselineOffset: 4))
        spans.append("spaced ", style: try style(dejaVu, letterSpacing: 3))
        try spans.append(InlineBox(width: 14, height: 14), style: try style(noto))
        spans.append(" tracked", style: try style(trak, size: 14))
        spans.append(" عربي", style: try style(arabic))
        cases.append(Case(name: "spans and a box", text: spans))
        return cases
    }

    static let widths: [CGFloat?] = [nil, 300, 150, 90, 40]

    /// `layout` with its runs' glyphs left out.
    static func withoutGlyphs(_ layout: TextLayout) -> TextLayout {
        var layout = layout
        for line in layout.lines.indices {
            for run in layout.lines[line].runs.indices { layout.lines[line].runs[run].glyphs = nil }
        }
        return layout
    }

    /// Each run's glyphs move the pen by the run's width: their advances add up to it within
    /// 1e-9 pt (only the order of the additions differs), for every text and width.
    @Test(arguments: try cases())
    func advancesAddUpToEachRunsWidth(_ testCase: Case) throws {
        let measurer = TextMeasurer(cache: nil, keepsGlyphs: true)
        var runsChecked = 0
        for width in Self.widths {
            let layout = try measurer.layout(testCase.text, paragraphStyle: testCase.paragraphStyle, maxWidth: width)
            for (lineIndex, line) in layout.lines.enumerated() {
                for run in line.runs {
                    let glyphs = try #require(run.glyphs, "\(testCase) at \(String(describing: width)): line \(lineIndex) has a run without glyphs")
                    if testCase.text.spans[run.spanIndex].box != nil {
                        #expect(glyphs.isEmpty, "an inline box draws no glyph")
                        continue
                    }
                    let sum = glyphs.reduce(0.0) { $0 + Double($1.advance) }
                    #expect(
                        abs(sum - Double(run.width)) <= 1e-9,
                        "\(testCase) at \(String(describing: width)), line \(lineIndex) \(run.utf16Range): advances \(sum), width \(run.width)")
                    #expect(!glyphs.isEmpty || run.width == 0, "\(testCase): a run with a width has glyphs")
                    runsChecked += 1
                }
            }
        }
        #expect(runsChecked > 0)
    }

    /// A layout that keeps glyphs is the layout that does not, bit for bit, but for the glyphs:
    /// the widths are made from the same design units (and the label fast path's answer is the
    /// general path's).
    @Test(arguments: try cases())
    func keepingGlyphsChangesNothingElse(_ testCase: Case) throws {
        for width in Self.widths {
            let kept = try TextMeasurer(cache: nil, keepsGlyphs: true).layout(testCase.text, paragraphStyle: testCase.paragraphStyle, maxWidth: width)
            let plain = try TextMeasurer(cache: nil).layout(testCase.text, paragraphStyle: testCase.paragraphStyle, maxWidth: width)
            #expect(LayoutTableTests.bits(Self.withoutGlyphs(kept)) == LayoutTableTests.bits(plain), "\(testCase) at \(String(describing: width))")
            #expect(Self.withoutGlyphs(kept) == plain, "\(testCase) at \(String(describing: width))")
            #expect(plain.lines.allSatisfy { $0.runs.allSatisfy { $0.glyphs == nil } }, "measuring alone keeps no glyphs")
        }
    }

    /// Cached layouts keep glyphs as uncached ones do, and a layout measured without them is not
    /// what a measurer keeping them gets from the same cache (the key says which it is).
    @Test func cachedLayoutsKeepTheirGlyphsApart() throws {
        let cache = ShapeCache()
        for testCase in try Self.cases() {
            for width in Self.widths {
                let plain = try TextMeasurer(cache: cache).layout(testCase.text, paragraphStyle: testCase.paragraphStyle, maxWidth: width)
                let cached = try TextMeasurer(cache: cache, keepsGlyphs: true)
                    .layout(testCase.text, paragraphStyle: testCase.paragraphStyle, maxWidth: width)
                let again = try TextMeasurer(cache: cache, keepsGlyphs: true)
                    .layout(testCase.text, paragraphStyle: testCase.paragraphStyle, maxWidth: width)
                let uncached = try TextMeasurer(cache: nil, keepsGlyphs: true)
                    .layout(testCase.text, paragraphStyle: testCase.paragraphStyle, maxWidth: width)
                #expect(cached == uncached && again == uncached, "\(testCase) at \(String(describing: width))")
                #expect(plain == Self.withoutGlyphs(uncached), "\(testCase) at \(String(describing: width))")
            }
        }
    }

    /// Every way to a layout keeps glyphs when its measurer does: a text measured once and laid
    /// out at a width, the lines that fit a height (the last truncated), a text shrunk to fit.
    @Test func everyLayoutOfAMeasurerThatKeepsGlyphsHasThem() throws {
        let measurer = TextMeasurer(cache: ShapeCache(), keepsGlyphs: true)
        let text = AttributedText("A paragraph long enough to wrap onto several lines of text", style: try Self.style("Fonts/NotoSans-Regular.ttf"))
        let layouts = [
            try measurer.measure(text).layout(maxWidth: 120),
            try measurer.layout(text, fitting: CGSize(width: 120, height: 30), truncatesLastVisibleLine: true),
            try measurer.layoutShrinkingToFit(text, minimumScaleFactor: 0.5, paragraphStyle: ParagraphStyle(numberOfLines: 2), maxWidth: 200)
                .layout,
        ]
        #expect(layouts[1].isTruncated && layouts[1].lines.last?.truncatedText != nil)
        for layout in layouts {
            #expect(!layout.lines.isEmpty)
            for run in layout.lines.flatMap(\.runs) {
                let glyphs = try #require(run.glyphs)
                #expect(abs(glyphs.reduce(0) { $0 + $1.advance } - run.width) <= 1e-9)
            }
        }
    }

    /// The glyphs are those the width was measured from, not the run's text shaped again: a line
    /// of Liberation Sans ending in "A" before a space is shaped with the space, so the A keeps its
    /// kerning against it (the hanging-whitespace rule), which shaping "A" alone would lose.
    @Test func aLinesLastGlyphKeepsItsKernAgainstTheHangingSpace() throws {
        let style = try Self.style("Fonts/LiberationSans-Regular.ttf", size: 20)
        let layout = try TextMeasurer(cache: nil, keepsGlyphs: true).layout("WAVE A Yo", style: style, maxWidth: 80)
        try #require(layout.lines.count > 1 && layout.lines[0].runs.count == 1)
        let run = layout.lines[0].runs[0]
        let glyphs = try #require(run.glyphs)
        let alone = try TextMeasurer(cache: nil).glyphs(ofLine: "WAVE A", style: style)
        let aloneWidth = try TextMeasurer(cache: nil).layout("WAVE A", style: style).lines[0].width
        #expect(glyphs.map(\.id) == alone.map(\.glyph))
        #expect(aloneWidth != run.width, "the space after the A moves it")
        #expect(abs(glyphs.reduce(0) { $0 + $1.advance } - run.width) <= 1e-9)
        #expect(glyphs.map(\.clusterOffset) == [0, 1, 2, 3, 4, 5])
    }

    /// Glyph positions are the pen plus HarfBuzz's offsets: marks sit on their bases, each glyph
    /// starts where the ones before it advanced to (with its cluster's half tracking).
    @Test func positionsFollowTheAdvances() throws {
        let layout = try TextMeasurer(cache: nil, keepsGlyphs: true)
            .layout("بِسْمِ ٱللَّٰهِ", style: try Self.style("Fonts/NotoSansArabic-Regular.ttf", size: 18))
        let glyphs = try #require(layout.lines.first?.runs.first?.glyphs)
        var pen: CGFloat = 0
        var offsets = 0
        for glyph in glyphs {
            if abs(glyph.position.x - pen) > 1e-9 || glyph.position.y != 0 { offsets += 1 }
            pen += glyph.advance
        }
        #expect(offsets > 0, "Arabic places its marks by offset")
        #expect(offsets < glyphs.count)
    }
}
