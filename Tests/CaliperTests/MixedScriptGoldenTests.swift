// MixedScriptGoldenTests.swift — itemization and wrapping of international text against Pango
// (private fontconfig over Fonts/) with run widths from hb-shape (Tests/Goldens/mixed.json).
import Caliper
import Foundation
import Testing

@Suite struct MixedScriptGoldenTests {
    /// Cases where Pango's choices are not Caliper's documented ones, and why:
    /// - emoji-keycap: Pango splits "1️⃣" (the digit and VS16 in DejaVu Sans, the keycap in the
    ///   emoji font); Caliper keeps an emoji sequence whole in one font, as the issue asks.
    static let pangoSpecific: Set<String> = ["emoji-keycap"]

    /// Wrapped cases whose line *widths* differ from Pango's runs by one space's font: in
    /// "كلمة hello تعني" Pango keeps the space after "hello" in Noto Sans, where Caliper gives a
    /// space between a left-to-right word and a right-to-left one the font of the text after it at
    /// its own bidi level (DejaVu Sans here, as Pango itself does in "العدد 42 هو"). Line breaks are
    /// still compared.
    static let spaceFontDiffers: Set<String> = ["arabic-latin"]

    static let runCases = (MixedGoldens.load()?.runs ?? []).filter { !pangoSpecific.contains($0.name) }
    static let wrappedCases = MixedGoldens.load()?.wrapped ?? []

    /// The primary font with fontconfig's fallback order from Fonts/fonts.conf, as Pango saw it.
    static func style(_ golden: (font: String, size: Double)) throws -> TextStyle {
        TextStyle(
            font: try Fixtures.font(golden.font), size: CGFloat(golden.size),
            fallback: .fontconfig(configurationFile: Fixtures.path("Fonts/fonts.conf")))
    }

    @Test func thereAreGoldens() {
        #expect(Self.runCases.count >= 20)
        #expect(Self.wrappedCases.count >= 8)
    }

    @Test(arguments: runCases)
    func runsMatchPangoAndWidthsMatchHbShape(_ golden: MixedGoldens.RunsCase) throws {
        let layout = try TextMeasurer().layout(golden.text, style: try Self.style((golden.font, golden.size)))
        let runs = try #require(layout.lines.first?.runs).sorted { $0.utf16Range.location < $1.utf16Range.location }
        let described = runs.map { run in
            "\(run.utf16Range.location)..<\(run.utf16Range.location + run.utf16Range.length) \(URL(fileURLWithPath: run.font.path).lastPathComponent) \(run.script) \(run.bidiLevel)"
        }
        let expected = golden.runs.map { run in
            "\(run.start)..<\(run.end) \(URL(fileURLWithPath: run.font).lastPathComponent) \(run.script) \(run.level)"
        }
        #expect(described == expected)
        if described == expected {
            for (run, expectedRun) in zip(runs, golden.runs) {
                #expect(abs(Double(run.width) - expectedRun.width) < 1e-9, "run at \(expectedRun.start)")
            }
        }
        #expect(abs(Double(layout.size.width) - golden.width) < 1e-9)
        #expect(layout.missingGlyphCount == golden.missingGlyphs)
    }

    /// Wrapped international text breaks where ICU's opportunities and hb-shape's widths put it
    /// (`icuLines`, which equal Pango's lines except for Thai, where Pango uses libthai's
    /// dictionary and Caliper ICU's).
    @Test(arguments: wrappedCases)
    func wrappedLinesFollowICUOpportunities(_ golden: MixedGoldens.WrappedCase) throws {
        let layout = try TextMeasurer().layout(
            golden.text, style: try Self.style((golden.font, golden.size)), maxWidth: CGFloat(golden.maxWidth))
        #expect(layout.utf16Ranges == golden.icuLines.map { $0.start..<$0.end })
        for (line, expected) in zip(layout.lines, golden.icuLines) where !Self.spaceFontDiffers.contains(golden.name) {
            #expect(abs(Double(line.width) - expected.width) < 1e-9, "line at \(expected.start)")
        }
        // Kinsoku: no line starts with 。 or 、.
        let utf16 = Array(golden.text.utf16)
        for line in layout.lines.dropFirst() {
            #expect(![0x3002, 0x3001].contains(utf16[line.utf16Range.location]))
        }
    }
}
