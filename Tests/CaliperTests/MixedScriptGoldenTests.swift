// MixedScriptGoldenTests.swift — itemization and wrapping of international text against Pango
// (private fontconfig over Fonts/) with run widths from hb-shape (Tests/Goldens/mixed.json).
import Caliper
import Foundation
import TestSupport
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

    /// Each line's runs (range, font file, script, bidi level) are Pango's, each run as wide as
    /// hb-shape says (to 1e-9 pt), and so the line; the missing glyphs are counted alike.
    @Test func runsMatchPangoAndWidthsMatchHbShape() {
        let agreed = Conformance.agreed(Self.runCases) { golden in
            let layout = try TextMeasurer().layout(golden.text, style: try Self.style((golden.font, golden.size)))
            let runs = (layout.lines.first?.runs ?? []).sorted { $0.utf16Range.location < $1.utf16Range.location }
            let described = runs.map { run in
                "\(run.utf16Range.location)..<\(run.utf16Range.location + run.utf16Range.length) \(URL(fileURLWithPath: run.font.path).lastPathComponent) \(run.script) \(run.bidiLevel)"
            }
            let expected = golden.runs.map { run in
                "\(run.start)..<\(run.end) \(URL(fileURLWithPath: run.font).lastPathComponent) \(run.script) \(run.level)"
            }
            var differing: [String] = []
            if described != expected {
                differing.append("runs \(described), Pango \(expected)")
            } else {
                for (run, expectedRun) in zip(runs, golden.runs) where abs(Double(run.width) - expectedRun.width) >= 1e-9 {
                    differing.append("run at \(expectedRun.start): \(run.width), hb-shape \(expectedRun.width)")
                }
            }
            if abs(Double(layout.size.width) - golden.width) >= 1e-9 { differing.append("width \(layout.size.width), not \(golden.width)") }
            if layout.missingGlyphCount != golden.missingGlyphs { differing.append("\(layout.missingGlyphCount) missing glyphs") }
            return differing
        }
        let all = MixedGoldens.load()?.runs.count ?? 0
        Conformance.record(
            "mixed", part: "runs", cases: all, agreed: agreed, differences: ["keycap-split": all - Self.runCases.count])
    }

    /// Wrapped international text breaks where ICU's opportunities and hb-shape's widths put it
    /// (`icuLines`, which equal Pango's lines except for Thai, where Pango uses libthai's
    /// dictionary and Caliper ICU's), each line as wide as hb-shape says (to 1e-9 pt) but where a
    /// space's font differs (`spaceFontDiffers`, counted apart); no line starts with 。 or 、.
    @Test func wrappedLinesFollowICUOpportunities() {
        var agreedWithPango = 0
        let differences = { (golden: MixedGoldens.WrappedCase) throws -> [String] in
            let layout = try TextMeasurer().layout(
                golden.text, style: try Self.style((golden.font, golden.size)), maxWidth: CGFloat(golden.maxWidth))
            var differing: [String] = []
            if layout.utf16Ranges != golden.icuLines.map({ $0.start..<$0.end }) { differing.append("lines \(layout.utf16Ranges)") }
            for (line, expected) in zip(layout.lines, golden.icuLines)
            where !Self.spaceFontDiffers.contains(golden.name) && abs(Double(line.width) - expected.width) >= 1e-9 {
                differing.append("line at \(expected.start): \(line.width), hb-shape \(expected.width)")
            }
            let utf16 = Array(golden.text.utf16)
            for line in layout.lines.dropFirst() where [0x3002, 0x3001].contains(utf16[line.utf16Range.location]) {
                differing.append("line at \(line.utf16Range.location) starts with 。 or 、")
            }
            if layout.utf16Ranges == golden.lines.map({ $0.start..<$0.end }) { agreedWithPango += 1 }
            return differing
        }
        let compared = Self.wrappedCases.filter { !Self.spaceFontDiffers.contains($0.name) }
        let agreed = Conformance.agreed(compared, differences: differences)
        let documented = Self.wrappedCases.filter { Self.spaceFontDiffers.contains($0.name) }
        _ = Conformance.agreed(documented, differences: differences)
        Conformance.record(
            "mixed", part: "wrapped", cases: Self.wrappedCases.count, agreed: agreed,
            differences: ["space-font": documented.count], figures: ["pangoLines": agreedWithPango])
    }
}
