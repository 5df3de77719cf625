// TruncationSearchTests.swift — the truncator against the linear scan it replaced, bit for bit, and the bound on the lines it shapes.
@testable import Caliper
import Foundation
import Testing

/// One text in one style, for truncating at many widths.
struct TruncationCorpusEntry: CustomStringConvertible, Sendable {
    var name: String
    var text: String
    var style: TextStyle
    var description: String { name }
}

/// The inputs `MeasuredText` gives the truncator for a last line that starts at `lineStart` (read
/// from a public layout): the paragraph holding the line, its start, and its content end.
struct TruncationInput {
    let measured: MeasuredText
    let paragraph: ShapedParagraph
    let start: Int
    let end: Int

    init(_ measured: MeasuredText, lineStart start: Int) throws {
        let index = try #require(measured.segments.firstIndex { $0.content.contains(start) || $0.content.upperBound == start })
        let segment = measured.segments[index]
        self.measured = measured
        paragraph = ShapedParagraph(
            text: measured.utf16, range: segment.content, shape: measured.shapes[index], style: measured.style)
        self.start = start
        end = paragraph.trimmingHangingWhitespace(from: start, to: segment.content.upperBound)
    }

    func reference(maxWidth: CGFloat) -> ReferenceTruncator {
        ReferenceTruncator(
            paragraph: paragraph, maxWidth: maxWidth, cascade: measured.cascade, baseDirection: measured.baseDirection,
            cache: measured.cache)
    }

    func current(maxWidth: CGFloat) -> Truncator {
        Truncator(
            paragraph: paragraph, maxWidth: maxWidth, cascade: measured.cascade, baseDirection: measured.baseDirection,
            cache: measured.cache)
    }
}

extension TruncationTests {
    static let truncatingModes: [LineBreakMode] = [.byTruncatingTail, .byTruncatingHead, .byTruncatingMiddle]

    static func font(_ name: String) -> FontFace? { try? Fixtures.font("Fonts/\(name)") }

    /// Latin in three fonts (kerning, ligatures), spaces at the edges and inside, single clusters,
    /// combining marks; international text through an explicit cascade (Arabic, mixed direction,
    /// CJK, emoji sequences, Thai, Devanagari, fonts alternating every character, primary fonts
    /// without "…"); letter spacing positive and negative.
    static let corpus: [TruncationCorpusEntry] = {
        guard let dejaVu = font("DejaVuSans.ttf"), let noto = font("NotoSans-Regular.ttf"),
            let liberation = font("LiberationSans-Regular.ttf"), let droid = font("DroidSansFallbackFull.ttf"),
            let emoji = font("NotoColorEmoji.ttf"), let arabic = font("NotoSansArabic-Regular.ttf"),
            let thai = font("NotoSansThai-Regular.ttf"), let devanagari = font("NotoSansDevanagari-Regular.ttf")
        else { return [] }
        let latin = [
            ("kerning and ligatures", "AVATAR Wave Typography: office affine waffle, fjord LTA VA To Yo. ffi"),
            ("spaces at both ends and inside", "   leading  and   trailing    spaces\tand a tab   "),
            ("a long run of inner spaces", "word                                        word"),
            ("one cluster a line", "W\nX\nhidden"),
            ("combining marks", "e\u{301}te\u{301} cafe\u{301} nai\u{308}ve Zoe\u{308} a\u{30A}\u{301}ngstro\u{308}m"),
            ("one long word", "Supercalifragilisticexpialidocious"),
            ("hidden paragraphs", "First paragraph, shown\nsecond one, hidden\nthird"),
        ]
        var entries: [TruncationCorpusEntry] = []
        for (fontName, face) in [("DejaVu", dejaVu), ("Noto", noto), ("Liberation", liberation)] {
            for (name, text) in latin {
                entries.append(.init(name: "\(fontName): \(name)", text: text, style: TextStyle(font: face, size: 17)))
            }
        }
        for spacing: CGFloat in [1.5, -1] {
            for (name, text) in latin.prefix(3) {
                entries.append(
                    .init(name: "DejaVu, spacing \(spacing): \(name)", text: text,
                          style: TextStyle(font: dejaVu, size: 17, letterSpacing: spacing)))
            }
        }
        let cascade = [droid, emoji, arabic, thai, devanagari]
        let international = [
            ("Arabic", "مرحبا بالعالم، هذا نص عربي طويل للاختبار"),
            ("mixed direction", "Hello مرحبا world عالم (end) ١٢٣ 456"),
            ("right-to-left first", "عربي English text عربي"),
            ("CJK", "日本語のテキストを測定します。中文文本测量，标点符号。"),
            ("emoji sequences", "Emoji 😀👍🏽 family 👨‍👩‍👧 flag 🇫🇷 keycap 1️⃣ end"),
            ("Thai", "ภาษาไทยเป็นภาษาที่ไม่มีช่องว่างระหว่างคำ"),
            ("Devanagari", "हिन्दी पाठ का माप क्षत्रिय संस्कृत"),
            ("fonts alternating every character", "aあbいcうdえeおfかgきhくiけjこk"),
            ("scripts alternating", "aبcدeفgحiجk世m😀oกqक"),
        ]
        for spacing: CGFloat in [0, 1.5, -1] {
            // Letter spacing on the texts where it is applied differently (cursive runs, clusters of many characters).
            let spaced = ["Arabic", "mixed direction", "emoji sequences", "scripts alternating"]
            for (name, text) in international where spacing == 0 || spaced.contains(name) {
                entries.append(
                    .init(name: "cascade, spacing \(spacing): \(name)", text: text,
                          style: TextStyle(font: noto, size: 17, letterSpacing: spacing, fallbackFonts: cascade)))
            }
        }
        // Primary fonts without U+2026: the ellipsis is "...", from the fallback.
        entries.append(
            .init(name: "Arabic font, three dots", text: "مرحبا بالعالم، هذا نص عربي",
                  style: TextStyle(font: arabic, size: 17, fallbackFonts: [noto])))
        entries.append(
            .init(name: "Thai font, three dots", text: "ภาษาไทยเป็นภาษาที่ไม่มีช่องว่าง",
                  style: TextStyle(font: thai, size: 17, fallbackFonts: [noto])))
        return entries
    }()

    /// Widths to truncate `entry` at: fractions of its single-line width, and the smallest (mostly
    /// the ellipsis alone), middle and largest exact widths of the lines the linear scan shaped at
    /// those, each with its neighbours one ulp away and shifted by the fit tolerance (where "fits" turns).
    static func widths(for entry: TruncationCorpusEntry, mode: LineBreakMode, lines: Int) throws -> [CGFloat] {
        let measured = try TextMeasurer().measure(entry.text, style: entry.style)
        let fractions = [0, 0.1, 0.3, 0.6, 0.9].map { measured.unwrappedSize.width * $0 }
        var shapedWidths: Set<UInt> = []
        for width in fractions {
            let layout = try measured.layout(
                maxWidth: width, paragraphStyle: ParagraphStyle(lineBreakMode: mode, numberOfLines: lines))
            guard let last = layout.lines.last, last.truncatedText != nil else { continue }
            let input = try TruncationInput(measured, lineStart: last.utf16Range.location)
            var reference = input.reference(maxWidth: width)
            reference.lineShaped = { shapedWidths.insert($0.width.bitPattern) }
            _ = try reference.truncate(from: input.start, to: input.end, mode: mode)
        }
        let shaped = shapedWidths.map { CGFloat(bitPattern: $0) }.sorted()
        let sampleCount = min(3, shaped.count)
        let sample = (0..<sampleCount).map { shaped[$0 * (shaped.count - 1) / max(sampleCount - 1, 1)] }
        var widths = fractions
        for width in sample {
            let turning = width - LineBreaker.fitTolerance
            widths += [width, width.nextDown, width.nextUp, turning, turning.nextDown, turning.nextUp]
        }
        return Set(widths.filter { $0 >= 0 }.map(\.bitPattern)).sorted().map { CGFloat(bitPattern: $0) }
    }

    /// The last line of `text` laid out through the public API, beside the linear scan's answer
    /// for the same inputs; `nil` when the layout is not truncated (the truncator never ran).
    static func compare(
        _ entry: TruncationCorpusEntry, mode: LineBreakMode, lines: Int, maxWidth: CGFloat
    ) throws -> (line: TextLine, reference: TruncatedLine)? {
        let paragraphStyle = ParagraphStyle(lineBreakMode: mode, numberOfLines: lines)
        let layout = try TextMeasurer().layout(entry.text, style: entry.style, paragraphStyle: paragraphStyle, maxWidth: maxWidth)
        guard let last = layout.lines.last, last.truncatedText != nil else { return nil }
        let measured = try TextMeasurer().measure(entry.text, style: entry.style)
        let input = try TruncationInput(measured, lineStart: last.utf16Range.location)
        return (last, try input.reference(maxWidth: maxWidth).truncate(from: input.start, to: input.end, mode: mode))
    }

    @Test func theTruncationCorpusHasItsFonts() {
        #expect(Self.corpus.count == 46)
    }

    @Test(arguments: corpus)
    func truncatedLinesAreTheLinearScansBitForBit(_ entry: TruncationCorpusEntry) throws {
        var truncated = 0
        for mode in Self.truncatingModes {
            for lines in [1, 2] {
                for maxWidth in try Self.widths(for: entry, mode: mode, lines: lines) {
                    guard let (line, reference) = try Self.compare(entry, mode: mode, lines: lines, maxWidth: maxWidth) else { continue }
                    truncated += 1
                    let context = "\(mode.rawValue), \(lines) line(s) at \(maxWidth) (bits \(maxWidth.bitPattern))"
                    #expect(line.truncatedText.map { Array($0.utf16) } == reference.displayedText, "\(context)")
                    #expect(line.width.bitPattern == reference.width.bitPattern, "\(context): \(line.width) vs \(reference.width)")
                    // The same shaping: each run's range, font and width bits (the layout lists them in visual order).
                    let runs = line.runs.map { "\($0.utf16Range.location)+\($0.utf16Range.length) \($0.font.path) \($0.width.bitPattern)" }
                    let referenceRuns = reference.shaped.runs(from: 0, to: reference.displayedText.count)
                        .map { "\($0.item.range.lowerBound)+\($0.item.range.count) \($0.item.face.path) \($0.width.bitPattern)" }
                    #expect(runs.sorted() == referenceRuns.sorted(), "\(context)")
                }
            }
        }
        // Most widths truncate; the rest show everything and never reach the truncator.
        #expect(truncated >= 30, "\(truncated) truncated layouts")
    }

    /// The tail screen is part of the tail mode's definition, so the walk that replaced
    /// `estimatedWidth` per cut must give its values to the bit, from any start, at every end.
    @Test(arguments: corpus)
    func prefixWidthEstimatesAreEstimatedWidthsBitForBit(_ entry: TruncationCorpusEntry) throws {
        let measured = try TextMeasurer().measure(entry.text, style: entry.style)
        for (segment, shape) in zip(measured.segments, measured.shapes) {
            let paragraph = ShapedParagraph(text: measured.utf16, range: segment.content, shape: shape, style: entry.style)
            for start in segment.content {
                var estimator = ShapedParagraph.PrefixWidthEstimator(paragraph, from: start)
                for end in start...segment.content.upperBound {
                    #expect(
                        estimator.width(to: end).bitPattern == paragraph.estimatedWidth(from: start, to: end).bitPattern,
                        "\(start)..<\(end)")
                }
            }
        }
    }
}
