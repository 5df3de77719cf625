// PlainLatinSpansTests.swift — the plain-Latin fast path for text in several spans equals the general pipeline, bit for bit.
@testable import Caliper
import Foundation
import Testing
import TestSupport

@Suite struct PlainLatinSpansTests {
    /// Span styles: regular and bold, a font whose space kerns (shaped whole, not by words),
    /// sizes, letter spacing either way, baseline offsets, features and a language.
    static func styles() throws -> [TextStyle] {
        let regular = try Fixtures.font("Fonts/NotoSans-Regular.ttf")
        let bold = try Fixtures.font("Fonts/NotoSans-Bold.ttf")
        let dejaVu = try Fixtures.dejaVuSans
        let liberation = try Fixtures.font("Fonts/LiberationSans-Regular.ttf")
        return [
            TextStyle(font: regular, size: 15, fallback: .none),
            TextStyle(font: bold, size: 15, fallback: .none),
            TextStyle(font: bold, size: 22.5),
            TextStyle(font: regular, size: 11, letterSpacing: 0.6),
            TextStyle(font: dejaVu, size: 13, letterSpacing: -0.3, fallback: .none, baselineOffset: 4),
            TextStyle(font: liberation, size: 17),
            TextStyle(font: regular, size: 9, features: [try FontFeature(tag: "kern", value: 0)], language: "tr", baselineOffset: -2.5),
        ]
    }

    /// Labels of the plain-Latin vocabulary cut into one to four spans at random offsets (so a
    /// span edge may fall inside a word, between a kerning pair, or in the trailing spaces).
    static func texts(count: Int, seed: UInt64) throws -> [AttributedText] {
        let styles = try Self.styles()
        var generator = SplitMix64(seed: seed)
        return try PlainLatinLabelTests.labels(count: count, seed: seed).map { label in
            let length = label.utf16.count
            var cuts = Set((0..<Int.random(in: 1...3, using: &generator)).map { _ in Int.random(in: 1...max(1, length), using: &generator) })
            cuts.insert(length)
            var spans: [AttributedText.Span] = []
            var start = 0
            for end in cuts.sorted() where end > start {
                // Every vocabulary character is one UTF-16 unit, so any offset is between characters.
                spans.append(AttributedText.Span(utf16Range: start..<end, style: styles.randomElement(using: &generator) ?? styles[0]))
                start = end
            }
            return try AttributedText(string: label, spans: spans)
        }
    }

    /// Sizes through the fast path — uncached (runs shaped whole), cached the first time (summed
    /// from words), cached again (one look-up per span) — against `measure(_:).unwrappedSize`
    /// without a cache, bit for bit.
    @Test func sizesEqualTheGeneralPipelineBitForBit() throws {
        let general = TextMeasurer(cache: nil)
        let cached = TextMeasurer(cache: ShapeCache())
        let texts = try Self.texts(count: 400, seed: 21)
        var fastCount = 0
        for pass in 0..<2 {
            for text in texts {
                let expected = try general.measure(text).unwrappedSize
                for measurer in [general, cached] {
                    let size = try measurer.size(of: text)
                    #expect(size.width.bitPattern == expected.width.bitPattern, "pass \(pass): \(text.string.debugDescription) \(text.spans)")
                    #expect(size.height.bitPattern == expected.height.bitPattern, "pass \(pass): \(text.string.debugDescription)")
                }
                if pass == 0, !text.isSingleStyle, PlainLatinLabel.spanAdvances(of: text, cache: nil) != nil { fastCount += 1 }
            }
        }
        #expect(fastCount > 250, "the fast path took \(fastCount) texts")
    }

    /// One-line layouts through the fast path against `measure` then `MeasuredText.layout`, over
    /// paragraph styles and widths from none to less than a word, the natural width and the
    /// values around it included.
    @Test func layoutsEqualTheGeneralPipeline() throws {
        let general = TextMeasurer(cache: nil)
        let cached = TextMeasurer(cache: ShapeCache())
        let paragraphStyles = [
            ParagraphStyle(),
            ParagraphStyle(lineBreakMode: .byTruncatingTail, numberOfLines: 1),
            ParagraphStyle(lineBreakMode: .byCharWrapping, numberOfLines: 2, lineSpacing: 3.3),
            ParagraphStyle(lineBreakMode: .byClipping, lineHeightMultiple: 1.4, baseDirection: .leftToRight),
            ParagraphStyle(minimumLineHeight: 30, maximumLineHeight: 31),
            ParagraphStyle(baseDirection: .rightToLeft),
        ]
        var fastCount = 0
        for text in try Self.texts(count: 120, seed: 22) {
            let natural = try general.measure(text).layout().lines.first?.width ?? 0
            let widths: [CGFloat?] = [nil, .infinity, 0, 25, 80, 1000, natural, natural.nextDown, natural.nextUp, natural - 1e-9, natural + 1e-9]
                .filter { $0.map { $0 >= 0 } ?? true }
            for paragraphStyle in paragraphStyles {
                for width in widths {
                    let expected = try general.measure(text, baseDirection: paragraphStyle.baseDirection)
                        .layout(maxWidth: width, paragraphStyle: paragraphStyle)
                    for measurer in [cached, general, cached] {
                        let actual = try measurer.layout(text, paragraphStyle: paragraphStyle, maxWidth: width)
                        #expect(actual == expected, "\(text.string.debugDescription) \(text.spans) width \(String(describing: width))")
                        #expect(actual.size.width.bitPattern == expected.size.width.bitPattern)
                        #expect(actual.size.height.bitPattern == expected.size.height.bitPattern)
                    }
                    if !text.isSingleStyle,
                        PlainLatinLabel.layout(text, paragraphStyle: paragraphStyle, maxWidth: width, cache: ShapeCache()) != nil
                    {
                        fastCount += 1
                    }
                }
            }
        }
        #expect(fastCount > 2_000, "the fast path took \(fastCount) layouts")
    }

    /// An inline box, a character outside plain Latin or one a span's font lacks sends the text
    /// down the general path.
    @Test func otherTextIsNotTaken() throws {
        let styles = try Self.styles()
        let thai = TextStyle(font: try Fixtures.font("Fonts/NotoSansThai-Regular.ttf"), size: 15)
        let missing = try #require(PlainLatinLabelTests.plainLatin.first { !thai.font.hasGlyph(for: $0) })
        var withBox = AttributedText("Tag ", style: styles[0])
        try withBox.append(InlineBox(width: 12, height: 12), style: styles[1])
        var lacking = AttributedText("Tag ", style: styles[0])
        lacking.append("a" + String(missing), style: thai)
        var nonLatin = AttributedText("Tag ", style: styles[0])
        nonLatin.append("Ωmega", style: styles[1])
        for text in [withBox, lacking, nonLatin] {
            #expect(PlainLatinLabel.spanAdvances(of: text, cache: ShapeCache()) == nil, "\(text.string.debugDescription)")
        }
    }

    /// The fast path throws what the general path throws for a bad style in any span.
    @Test func invalidStylesAreRefusedAsTheGeneralPathRefusesThem() throws {
        var text = AttributedText("swift ", style: try Self.styles()[0])
        var bad = try Self.styles()[1]
        bad.letterSpacing = .nan
        text.append("12", style: bad)
        #expect(throws: CaliperError.self) { try TextMeasurer().size(of: text) }
        #expect(throws: CaliperError.self) { try TextMeasurer().layout(text, maxWidth: 100) }
    }
}
