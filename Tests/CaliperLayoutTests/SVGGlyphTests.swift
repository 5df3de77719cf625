// SVGGlyphTests.swift — text is drawn from the glyphs its layout kept: drawing a layout measured for it shapes nothing.
import Caliper
import CaliperLayout
import Foundation
import Testing

@Suite struct SVGGlyphTests {
    /// The fonts a test draws with, loaded by it alone: shaping in them is counted while it draws.
    struct Fonts {
        let noto: FontFace
        let dejaVu: FontFace
        let arabic: FontFace
        let emoji: FontFace
        let tracked: FontFace
        var all: [FontFace] { [noto, dejaVu, arabic, emoji, tracked] }

        init() throws {
            func load(_ relative: String) throws -> FontFace { try FontFace(contentsOfFile: LayoutFixtures.path(relative)) }
            noto = try load("Fonts/NotoSans-Regular.ttf")
            dejaVu = try load("Fonts/DejaVuSans.ttf")
            arabic = try load("Fonts/NotoSansArabic-Regular.ttf")
            emoji = try load("Fonts/NotoColorEmoji.ttf")
            tracked = try load("Fonts/Trak/CaliperTrakTest.ttf")
        }

        func style(_ font: FontFace, size: CGFloat = 15, letterSpacing: CGFloat = 0, language: String? = nil) -> TextStyle {
            TextStyle(font: font, size: size, letterSpacing: letterSpacing, fallbackFonts: [arabic, emoji], fallback: .none, language: language)
        }
    }

    /// A cell of labels that use every kind of run: hyphens, tab stops, tracking, right-to-left
    /// and bidi text, emoji, spans, an inline box, a truncated line; without letter spacing, where
    /// the runs shaped on their own (the drawing without kept glyphs) are the glyphs measured.
    static func cell(_ fonts: Fonts) throws -> any Layout {
        var rich = AttributedText("Bold ", style: fonts.style(fonts.dejaVu, size: 17))
        rich.append("big ", style: fonts.style(fonts.noto, size: 24))
        try rich.append(InlineBox(width: 14, height: 14), style: fonts.style(fonts.noto))
        rich.append(" tracked مرحبا", style: fonts.style(fonts.tracked, size: 14))
        return StackLayout(
            axis: .vertical, spacing: 4,
            children: [
                LabelLayout(
                    text: "Rechtsschutzversicherungsgesellschaften", style: fonts.style(fonts.dejaVu, size: 17, language: "de"),
                    paragraphStyle: ParagraphStyle(hyphenationFactor: 1)),
                LabelLayout(
                    text: "Name\tQty\nApples\t3", style: fonts.style(fonts.noto),
                    paragraphStyle: ParagraphStyle(tabStops: [TextTab(location: 80), TextTab(.right, location: 140)])),
                LabelLayout(text: "Tracking AVA at display sizes", style: fonts.style(fonts.tracked, size: 28)),
                LabelLayout(text: "English then مرحبا بالعالم then 123 👩‍👩‍👧 🌍", style: fonts.style(fonts.noto)),
                LabelLayout(
                    text: "مرحبا English بالعالم", style: fonts.style(fonts.arabic),
                    paragraphStyle: ParagraphStyle(baseDirection: .rightToLeft)),
                LabelLayout(
                    text: "A long title that will certainly not fit on one line of this cell", style: fonts.style(fonts.noto),
                    paragraphStyle: ParagraphStyle(lineBreakMode: .byTruncatingMiddle, numberOfLines: 1)),
                LabelLayout(attributedText: rich),
            ])
    }

    /// A flow of chips with one that wraps, one that shrinks, and an overflow chip.
    static func flow(_ fonts: Fonts) -> FlowLayout {
        let style = fonts.style(fonts.noto)
        return FlowLayout(
            items: [
                .chip("swift", style: style, padding: EdgeInsets(all: 6)),
                .chip("a very long chip that wraps onto two lines", style: style, maximumWidth: 120, maximumLines: 2),
                .chip("shrinking chip text here", style: style, maximumWidth: 100, minimumScaleFactor: 0.5),
                .chip("مرحبا", style: fonts.style(fonts.arabic, letterSpacing: 1)),
                .chip("tracked", style: fonts.style(fonts.tracked, size: 12)),
                .chip("hidden", style: style), .chip("hidden too", style: style),
            ],
            style: FlowStyle(maximumRows: 2, overflowChip: FlowStyle.OverflowChip(style: style)))
    }

    /// A layout measured by a measurer that keeps glyphs is drawn without shaping anything: not
    /// one run in any of its fonts. Drawn from a measurement without glyphs, the renderer shapes
    /// each run again (which the count sees), and the pictures are the same, byte for byte.
    @Test func drawingALayoutMeasuredForItShapesNothing() throws {
        let fonts = try Fonts()
        let cell = try Self.cell(fonts)
        let drawing = TextMeasurer(cache: ShapeCache(), keepsGlyphs: true)
        let measuring = TextMeasurer(cache: ShapeCache())
        let measured = try cell.arrange(width: 240, measurer: drawing)
        let drawn = try FontFace.countingShapings(in: fonts.all) {
            try SVGRenderer(showsBaselines: true).svg(for: measured, size: measured.frame.size)
        }
        #expect(drawn.shapings == 0)
        #expect(drawn.result.contains("<use "))
        let plain = try cell.arrange(width: 240, measurer: measuring)
        let reshaped = try FontFace.countingShapings(in: fonts.all) {
            try SVGRenderer(showsBaselines: true).svg(for: plain, size: plain.frame.size)
        }
        #expect(reshaped.shapings > 0, "runs without glyphs are shaped again (the count sees it)")
        #expect(reshaped.result == drawn.result)
    }

    /// The same for a flow of chips: its chips', wrapped, shrunk and overflow chips' glyphs are
    /// kept, and the picture is the one drawn by shaping each run again.
    @Test func drawingAFlowMeasuredForItShapesNothing() throws {
        let fonts = try Fonts()
        let flow = Self.flow(fonts)
        let result = try flow.layout(width: 260, measurer: TextMeasurer(cache: nil, keepsGlyphs: true))
        #expect(result.overflowChip != nil && result.rows.count == 2)
        let drawn = try FontFace.countingShapings(in: fonts.all) { try SVGRenderer().svg(for: result, of: flow) }
        #expect(drawn.shapings == 0)
        let plain = try flow.layout(width: 260, measurer: TextMeasurer(cache: nil))
        let reshaped = try FontFace.countingShapings(in: fonts.all) { try SVGRenderer().svg(for: plain, of: flow) }
        #expect(reshaped.shapings > 0)
        // The spaced Arabic chip too: a cursive run's one letter spacing follows its last glyph.
        #expect(drawn.result == reshaped.result)
    }

    /// With letter spacing, a ligature ("ffi", one glyph for three letters) is followed by the
    /// spacing of every letter it stands for, as the run's width counts it: a run drawn from its
    /// kept glyphs ends where the layout says, where shaping it again lost two spacings.
    @Test func aLigatureIsFollowedByEachOfItsLettersSpacing() throws {
        let fonts = try Fonts()
        let label = LabelLayout(text: "office", style: fonts.style(fonts.noto, size: 20, letterSpacing: 4))
        let arrangement = try label.arrange(width: 300, measurer: TextMeasurer(cache: nil, keepsGlyphs: true))
        guard case .text(let text, _) = arrangement.content else {
            Issue.record("a label arranges text")
            return
        }
        let run = try #require(text.lines.first?.runs.first)
        let glyphs = try #require(run.glyphs)
        #expect(glyphs.count < 6, "the font ligates ffi")
        #expect(abs(glyphs.reduce(0) { $0 + $1.advance } - run.width) <= 1e-9)
        let alone = try TextMeasurer(cache: nil).glyphs(ofLine: "office", style: fonts.style(fonts.noto, size: 20, letterSpacing: 4))
        #expect(alone.map(\.glyph) == glyphs.map(\.id))
        let last = try #require(glyphs.last)
        let lastAlone = try #require(alone.last)
        #expect(abs(last.position.x - lastAlone.position.x - 8) <= 1e-9, "two more spacings before the last letter")
    }

    /// A measurer that gives no runs (a fake) has its lines drawn in the first style, as before.
    @Test func linesWithoutRunsAreStillDrawn() throws {
        let fonts = try Fonts()
        let label = LabelLayout(text: "Fake lines", style: fonts.style(fonts.noto))
        let arrangement = try label.arrange(width: 300, measurer: FakeMeasurer())
        let svg = try SVGRenderer().svg(for: arrangement, size: arrangement.frame.size)
        #expect(svg.components(separatedBy: "<use ").count - 1 == "Fakelines".count)
    }
}
