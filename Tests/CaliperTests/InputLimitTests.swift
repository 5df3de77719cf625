// InputLimitTests.swift — the documented caps that keep one request's work bounded, and the answers past them.
@testable import Caliper
import Foundation
import Testing

@Suite struct InputLimitTests {
    let measurer = TextMeasurer(cache: nil)

    @Test func aGraphemeClusterPastTheLimitIsRefusedBeforeShaping() throws {
        let style = TextStyle(font: try Fixtures.dejaVuSans, size: 17)
        let limit = TextMeasurer.maximumGraphemeClusterLength
        // A letter with limit − 1 acute accents is one cluster exactly at the limit: measured.
        let atLimit = "a" + String(repeating: "\u{301}", count: limit - 1)
        #expect(try measurer.size(of: atLimit + " b", style: style).width > 0)
        for markCount in [limit, 99_999] {
            let text = "x " + "a" + String(repeating: "\u{301}", count: markCount)
            #expect(throws: CaliperError.graphemeClusterTooLong(utf16Length: markCount + 1, limit: limit)) {
                try measurer.layout(text, style: style, maxWidth: 100)
            }
            #expect(throws: CaliperError.graphemeClusterTooLong(utf16Length: markCount + 1, limit: limit)) {
                try measurer.size(of: text, style: style)
            }
        }
        // Marks with no base and a run of Hangul leading jamo are single clusters too.
        #expect(throws: CaliperError.self) { try measurer.size(of: String(repeating: "\u{301}", count: 1_000), style: style) }
        #expect(throws: CaliperError.self) { try measurer.size(of: String(repeating: "\u{1100}", count: 1_000), style: style) }
    }

    @Test func moreFallbackFontsThanTheLimitAreRefused() throws {
        let font = try Fixtures.dejaVuSans
        let limit = TextStyle.maximumFallbackFontCount
        let atLimit = TextStyle(font: font, size: 17, fallbackFonts: Array(repeating: font, count: limit))
        #expect(try measurer.size(of: "\u{E000}", style: atLimit).width > 0)
        let over = TextStyle(font: font, size: 17, fallbackFonts: Array(repeating: font, count: limit + 1))
        #expect(throws: CaliperError.tooManyFallbackFonts(count: limit + 1, limit: limit)) {
            try measurer.size(of: "\u{E000}", style: over)
        }
        #expect(throws: CaliperError.tooManyFallbackFonts(count: limit + 1, limit: limit)) {
            try measurer.layout("a", style: over)
        }
    }

    @Test func letterSpacingMayBeNegativeAndItsErrorSaysSo() throws {
        let font = try Fixtures.dejaVuSans
        #expect(try measurer.size(of: "ab", style: TextStyle(font: font, size: 17, letterSpacing: -5)).width > 0)
        for spacing in [CGFloat.nan, .infinity, 10_001, -10_001] {
            let error = #expect(throws: CaliperError.self) {
                try measurer.size(of: "ab", style: TextStyle(font: font, size: 17, letterSpacing: spacing))
            }
            guard case .invalidLetterSpacing = error else {
                Issue.record("unexpected error \(String(describing: error))")
                continue
            }
            #expect(error?.description.contains("from −10000 to 10000") == true)
        }
    }

    /// Every length of a paragraph style is bounded, so that no number of lines makes a height
    /// overflow: line spacing of 1e308 between three lines was `inf`.
    @Test func paragraphLengthsPastTheLimitAreRefused() throws {
        let style = TextStyle(font: try Fixtures.dejaVuSans, size: 17)
        let cases: [(ParagraphStyle, String, CGFloat)] = [
            (ParagraphStyle(lineSpacing: 1e308), "line spacing", ParagraphStyle.maximumLength),
            (ParagraphStyle(lineHeightMultiple: 1e308), "line height multiple", ParagraphStyle.maximumLineHeightMultiple),
            (ParagraphStyle(minimumLineHeight: 1e7), "minimum line height", ParagraphStyle.maximumLength),
            (ParagraphStyle(maximumLineHeight: 1e300), "maximum line height", ParagraphStyle.maximumLength),
        ]
        for (paragraphStyle, name, limit) in cases {
            let value = [paragraphStyle.lineSpacing, paragraphStyle.lineHeightMultiple, paragraphStyle.minimumLineHeight,
                         paragraphStyle.maximumLineHeight].max() ?? 0
            #expect(throws: CaliperError.lengthTooLarge(name: name, value: Double(value), limit: Double(limit))) {
                try measurer.layout("a\nb\nc", style: style, paragraphStyle: paragraphStyle)
            }
        }
        // The largest values accepted still give finite numbers over many lines.
        let largest = ParagraphStyle(
            lineSpacing: ParagraphStyle.maximumLength, lineHeightMultiple: ParagraphStyle.maximumLineHeightMultiple)
        let layout = try measurer.layout(
            String(repeating: "a\n", count: 10_000), style: TextStyle(font: try Fixtures.dejaVuSans, size: TextStyle.maximumFontSize),
            paragraphStyle: largest)
        #expect(layout.size.height.isFinite && layout.lines.allSatisfy { $0.top.isFinite && $0.baseline.isFinite })
    }

    /// Script resolution remembers a bounded number of open brackets (the search for a closer's
    /// opener was linear in all of them: 50,000 "(" then 50,000 "]" took 2 s): a closer finds
    /// its opener among the last `maximumOpenBrackets` only.
    @Test func closingBracketsLookBackOverABoundedStack() {
        let latin = UnicodeProperties.script(of: "a")
        let arabic = UnicodeProperties.script(of: "\u{627}")
        let common = UnicodeProperties.common
        func resolved(depth: Int) -> Int32 {
            // Latin, `depth` openers, Arabic, one closer: the closer pairs with the innermost opener.
            let scalars: [Unicode.Scalar] = ["a"] + Array(repeating: "(", count: depth) + ["\u{627}", ")"]
            let scripts = [latin] + Array(repeating: common, count: depth) + [arabic, common]
            return Itemizer.resolvedScripts(scripts, firstScalars: scalars).last ?? common
        }
        // The innermost opener (after Latin) is always remembered: the closer is Latin.
        #expect(resolved(depth: 1) == latin)
        #expect(resolved(depth: 1_000) == latin)
        // With a closer that matches no remembered opener, it takes the preceding script.
        let limit = Itemizer.maximumOpenBrackets
        let scalars: [Unicode.Scalar] = ["a", "["] + Array(repeating: "(", count: limit) + ["\u{627}", "]"]
        let scripts = [latin, common] + Array(repeating: common, count: limit) + [arabic, common]
        #expect(Itemizer.resolvedScripts(scripts, firstScalars: scalars).last == arabic)
        let within = Array(scalars.dropFirst(2).prefix(limit - 1))
        let nearer: [Unicode.Scalar] = ["a", "["] + within + ["\u{627}", "]"]
        let nearerScripts = [latin, common] + Array(repeating: common, count: limit - 1) + [arabic, common]
        #expect(Itemizer.resolvedScripts(nearerScripts, firstScalars: nearer).last == latin)
    }
}
