// LayoutPropertyTests.swift — invariants of every layout over seeded random text, widths and modes.
import Caliper
import Foundation
import Testing
import TestSupport

@Suite struct LayoutPropertyTests {
    static let pieces = [
        "word", "a", "Hello", "AVAVAV", "office", " ", "  ", "\t", "\n", "\r\n", "\r", "\u{2028}", "\u{2029}",
        "e\u{301}", "\u{301}\u{302}\u{303}", "👩‍👩‍👧", "🇫🇷", "1️⃣", "東京", "مرحبا", "हिन्दी", "ภาษาไทย", "\u{A0}", "\u{200B}",
        "-", "—", "https://example.org/a/b", "\u{0}", "\u{7}", "\u{FFFD}", "\u{E000}", "…", "x\u{300}\u{301}\u{302}\u{303}\u{304}",
    ]

    static func randomText(_ generator: inout SplitMix64) -> String {
        let count = Int.random(in: 0...40, using: &generator)
        return (0..<count).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
    }

    @Test(arguments: 0..<8)
    func layoutsAreContiguousAndFitOrHoldOneCluster(seedBlock: Int) throws {
        let fonts = try ["Fonts/DejaVuSans.ttf", "Fonts/NotoSans-Regular.ttf"].map { try Fixtures.font($0) }
        let measurer = TextMeasurer()
        for seed in (seedBlock * 50)..<((seedBlock + 1) * 50) {
            var generator = SplitMix64(seed: UInt64(seed))
            let text = Self.randomText(&generator)
            let font = fonts.randomElement(using: &generator) ?? fonts[0]
            let widths: [Double] = [0, 1, 10, 37.5, 120, 400]
            let maxWidth = widths.randomElement(using: &generator) ?? 100
            let mode = [LineBreakMode.byWordWrapping, .byCharWrapping].randomElement(using: &generator) ?? .byWordWrapping
            let style = TextStyle(font: font, size: 13, letterSpacing: Bool.random(using: &generator) ? 0 : 0.5)
            let layout = try measurer.layout(
                text, style: style, paragraphStyle: ParagraphStyle(lineBreakMode: mode), maxWidth: CGFloat(maxWidth))
            let ranges = layout.utf16Ranges
            let context = "seed \(seed): \(text.debugDescription) at \(maxWidth) \(mode)"
            #expect(ranges.first?.lowerBound ?? 0 == 0, "\(context)")
            #expect(ranges.last?.upperBound ?? 0 == text.utf16.count, "\(context)")
            #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound }, "\(context)")
            // Only the line after a final hard break is empty.
            let endsInHardBreak = text.utf16.last.map { [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029].contains($0) } ?? false
            #expect(ranges.dropLast(endsInHardBreak ? 1 : 0).allSatisfy { !$0.isEmpty }, "\(context)")
            #expect(!endsInHardBreak || ranges.last == text.utf16.count..<text.utf16.count, "\(context)")
            #expect(!layout.isTruncated, "\(context)")
            for line in layout.lines where line.width > CGFloat(maxWidth) + 1e-9 {
                // Only a line holding a single grapheme cluster may be wider than the limit.
                let content = String(text[line.range]).trimmingCharacters(in: .whitespacesAndNewlines)
                #expect(content.count <= 1, "\(context): line \(String(text[line.range]).debugDescription) is \(line.width)")
            }
            // Lines stack without gaps; a fallback font may make a line taller, never shorter.
            let height = layout.lines.map(\.height).reduce(0, +)
            #expect(abs(layout.size.height - height) < 1e-9, "\(context)")
            #expect(layout.lines.allSatisfy { $0.height >= layout.lineHeight - 1e-9 }, "\(context)")
            #expect(zip(layout.lines, layout.lines.dropFirst()).allSatisfy { abs($0.top + $0.height - $1.top) < 1e-9 }, "\(context)")
        }
    }

    @Test(arguments: 0..<4)
    func truncatedLayoutsKeepTheirLimitAndFit(seedBlock: Int) throws {
        let font = try Fixtures.font("Fonts/DejaVuSans.ttf")
        let measurer = TextMeasurer()
        for seed in (1000 + seedBlock * 50)..<(1000 + (seedBlock + 1) * 50) {
            var generator = SplitMix64(seed: UInt64(seed))
            let text = Self.randomText(&generator)
            let widths: [Double] = [20, 60, 150]
            let maxWidth = widths.randomElement(using: &generator) ?? 60
            let limit = Int.random(in: 1...3, using: &generator)
            let mode = [LineBreakMode.byTruncatingTail, .byTruncatingHead, .byTruncatingMiddle, .byClipping]
                .randomElement(using: &generator) ?? .byTruncatingTail
            let layout = try measurer.layout(
                text, style: TextStyle(font: font, size: 13),
                paragraphStyle: ParagraphStyle(lineBreakMode: mode, numberOfLines: limit), maxWidth: CGFloat(maxWidth))
            let context = "seed \(seed): \(text.debugDescription) at \(maxWidth) \(mode) \(limit) lines"
            #expect(layout.lines.count <= limit, "\(context)")
            #expect(layout.utf16Ranges.last?.upperBound ?? 0 <= text.utf16.count, "\(context)")
            if let last = layout.lines.last, let shown = last.truncatedText {
                // Scalars, not Characters: a suffix that starts with a lone combining mark joins the ellipsis.
                #expect(shown.unicodeScalars.contains("\u{2026}"), "\(context)")
                // The ellipsis alone may be wider than a tiny width; anything longer must fit.
                if shown != "\u{2026}" { #expect(last.width <= CGFloat(maxWidth) + 1e-9, "\(context)") }
            }
            if mode == .byClipping { #expect(layout.lines.allSatisfy { $0.width <= CGFloat(maxWidth) + 1e-9 }, "\(context)") }
        }
    }
}
