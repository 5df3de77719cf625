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
    let paragraph: SizedParagraph
    let start: Int
    let end: Int

    init(_ measured: MeasuredText, lineStart start: Int) throws {
        let index = try #require(measured.segments.firstIndex { $0.content.contains(start) || $0.content.upperBound == start })
        let segment = measured.segments[index]
        self.measured = measured
        paragraph = measured.paragraph(index, in: ParagraphStyle())
        self.start = start
        end = paragraph.trimmingHangingWhitespace(from: start, to: segment.content.upperBound)
    }

    func reference(maxWidth: CGFloat) -> ReferenceTruncator {
        ReferenceTruncator(
            paragraph: paragraph, maxWidth: maxWidth, cascade: paragraph.styles.cascades[0],
            baseDirection: measured.baseDirection, cache: measured.cache)
    }

    func current(maxWidth: CGFloat) -> Truncator {
        Truncator(paragraph: paragraph, maxWidth: maxWidth, baseDirection: measured.baseDirection, cache: measured.cache)
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

    /// `estimatedWidth` reads the whole runs inside a span from per-run sums instead of adding
    /// them up each time: a span's estimate must be its pieces' estimates added, split at every run
    /// edge inside it (to rounding; a wrong run index would be off by whole runs).
    @Test(arguments: corpus)
    func estimatedWidthsAddUpOverRuns(_ entry: TruncationCorpusEntry) throws {
        let measured = try TextMeasurer().measure(entry.text, style: entry.style)
        for (index, (segment, shape)) in zip(measured.segments, measured.shapes).enumerated() {
            let paragraph = measured.paragraph(index, in: ParagraphStyle())
            let runEdges = shape.runStarts.map { $0 + segment.content.lowerBound }
            for start in segment.content {
                for end in start...segment.content.upperBound {
                    let inside = runEdges.filter { $0 > start && $0 < end }
                    let edges = [start] + inside + [end]
                    let pieces = zip(edges, edges.dropFirst()).map { paragraph.estimatedWidth(from: $0, to: $1) }.reduce(0, +)
                    let whole = paragraph.estimatedWidth(from: start, to: end)
                    #expect(abs(whole - pieces) <= 1e-9 * max(1, abs(whole)), "\(start)..<\(end): \(whole) vs \(pieces)" as Comment)
                }
            }
        }
    }

    /// `count` UTF-16 units of English-like words, the same every run.
    static func words(utf16Count count: Int) -> String {
        let words = ["the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "office", "affine", "AVATAR", "Wave", "typography"]
        var text = ""
        var seed: UInt64 = 12
        while text.utf16.count < count {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            text += (text.isEmpty ? "" : " ") + words[Int(seed >> 33) % words.count]
        }
        return String(text.prefix(count))  // ASCII: one unit per character
    }

    /// Truncates `text` to one line at `fraction` of its width in every mode: each mode's line and
    /// how many lines it shaped.
    static func truncations(
        _ text: String, style: TextStyle, atFraction fraction: CGFloat
    ) throws -> [(mode: LineBreakMode, line: TruncatedLine, linesShaped: Int)] {
        let measured = try TextMeasurer(cache: nil).measure(text, style: style)  // such candidates would only crowd the shared cache
        let maxWidth = measured.unwrappedSize.width * fraction
        let input = try TruncationInput(measured, lineStart: 0)
        return try truncatingModes.map { mode in
            var count = 0
            var truncator = input.current(maxWidth: maxWidth)
            truncator.lineShaped = { _ in count += 1 }
            let line = try truncator.truncate(from: input.start, to: input.end, mode: mode)
            #expect(line.width <= maxWidth + LineBreaker.fitTolerance, "\(mode.rawValue)")
            return (mode, line, count)
        }
    }

    /// The bound a search keeps to for `utf16Count` units, 2·log₂ n + 10; the scans stay under it
    /// because estimates settle all but the candidates near the width.
    static func lineBound(utf16Count: Int) -> Int { 2 * Int(log2(Double(utf16Count)).rounded(.up)) + 10 }

    @Test(arguments: [1_000, 10_000, 100_000])
    func truncatingLongTextShapesLogarithmicallyManyLines(utf16Count: Int) throws {
        let style = TextStyle(font: try Fixtures.dejaVuSans, size: 17)
        for (mode, line, count) in try Self.truncations(Self.words(utf16Count: utf16Count), style: style, atFraction: 0.6) {
            #expect(count <= Self.lineBound(utf16Count: utf16Count), "\(mode.rawValue): \(count) lines shaped")
            #expect(line.displayedText.count > utf16Count / 2, "\(mode.rawValue): most of the text fits")
        }
    }

    @Test func theLinearScanShapedALineForEveryClusterKept() throws {
        // The same 1,000 units as above, through the scan the searches replaced: one line per
        // cluster kept, hundreds where the searches shape a handful, and the same answers.
        let text = Self.words(utf16Count: 1_000)
        let style = TextStyle(font: try Fixtures.dejaVuSans, size: 17)
        let measured = try TextMeasurer(cache: nil).measure(text, style: style)
        let maxWidth = measured.unwrappedSize.width * 0.6
        let input = try TruncationInput(measured, lineStart: 0)
        for mode in Self.truncatingModes {
            var count = 0
            var reference = input.reference(maxWidth: maxWidth)
            reference.lineShaped = { _ in count += 1 }
            let line = try reference.truncate(from: input.start, to: input.end, mode: mode)
            let current = try input.current(maxWidth: maxWidth).truncate(from: input.start, to: input.end, mode: mode)
            #expect(current.displayedText == line.displayedText)
            #expect(current.width.bitPattern == line.width.bitPattern)
            // The tail scan shaped few lines too, but estimated every cut from the paragraph's start.
            if mode != .byTruncatingTail { #expect(count >= 300, "\(mode.rawValue): \(count) lines shaped") }
        }
    }

    @Test func aCutInTwentyThousandSpacesShapesFewLines() throws {
        let text = "begin" + String(repeating: " ", count: 20_000) + "end"
        let expected: [LineBreakMode: String] = [
            .byTruncatingTail: "begin\u{2026}", .byTruncatingHead: "\u{2026}end", .byTruncatingMiddle: "begin\u{2026}end",
        ]
        let style = TextStyle(font: try Fixtures.dejaVuSans, size: 17)
        for (mode, line, count) in try Self.truncations(text, style: style, atFraction: 0.5) {
            #expect(count <= Self.lineBound(utf16Count: text.utf16.count), "\(mode.rawValue): \(count) lines shaped")
            #expect(String(decoding: line.displayedText, as: UTF16.self) == expected[mode])
        }
    }

    @Test func textChangingFontAtEveryCharacterShapesFewLines() throws {
        let text = String(repeating: "aあ", count: 10_000)
        let style = TextStyle(
            font: try Fixtures.dejaVuSans, size: 17, fallbackFonts: [try Fixtures.font("Fonts/DroidSansFallbackFull.ttf")])
        for (mode, line, count) in try Self.truncations(text, style: style, atFraction: 0.6) {
            #expect(count <= Self.lineBound(utf16Count: text.utf16.count), "\(mode.rawValue): \(count) lines shaped")
            #expect(line.displayedText.count > text.utf16.count / 2, "\(mode.rawValue): most of the text fits")
        }
    }

    /// Zero-width clusters (U+200B) leave hundreds of candidates in doubt, all of one width: past
    /// ``Truncator/linesShapedInOrder`` the rest is searched by bisection, with the scan's answers.
    @Test func manyCandidatesInDoubtAreSearchedByBisection() throws {
        let entry = TruncationCorpusEntry(
            name: "zero-width spaces", text: "abcd" + String(repeating: "\u{200B}", count: 300) + "efgh",
            style: TextStyle(font: try Fixtures.dejaVuSans, size: 17))
        let measured = try TextMeasurer().measure(entry.text, style: entry.style)
        let input = try TruncationInput(measured, lineStart: 0)
        for mode in Self.truncatingModes {
            var mostLinesShaped = 0
            for maxWidth in try Self.widths(for: entry, mode: mode, lines: 1) {
                var count = 0
                var truncator = input.current(maxWidth: maxWidth)
                truncator.lineShaped = { _ in count += 1 }
                let line = try truncator.truncate(from: input.start, to: input.end, mode: mode)
                let reference = try input.reference(maxWidth: maxWidth).truncate(from: input.start, to: input.end, mode: mode)
                #expect(line.displayedText == reference.displayedText, "\(mode.rawValue) at \(maxWidth)")
                #expect(line.width.bitPattern == reference.width.bitPattern, "\(mode.rawValue) at \(maxWidth)")
                #expect(count <= 2 * Truncator.linesShapedInOrder + Self.lineBound(utf16Count: entry.text.utf16.count))
                mostLinesShaped = max(mostLinesShaped, count)
            }
            #expect(mostLinesShaped > Truncator.linesShapedInOrder, "\(mode.rawValue): the bisection was not reached")
        }
    }
}

extension TruncationTests {
    /// A font could change far more at a cut than the width bound allows for (a contextual glyph
    /// many em wide beside the ellipsis): stood for by taking the bound's whole margin away, so
    /// that every candidate seems to fit. Lines taken by the bound are checked once shaped, so the
    /// answer still fits, and with widths that grow with the kept text it is still the scan's.
    @Test(arguments: [0.3, 0.6, 0.9])
    func aBoundThatDoesNotHoldStillGivesLinesThatFit(fraction: CGFloat) throws {
        let style = TextStyle(font: try Fixtures.dejaVuSans, size: 17)
        let measured = try TextMeasurer(cache: nil).measure(Self.words(utf16Count: 400), style: style)
        let maxWidth = measured.unwrappedSize.width * fraction
        let input = try TruncationInput(measured, lineStart: 0)
        for mode in Self.truncatingModes {
            var truncator = input.current(maxWidth: maxWidth)
            truncator.marginReduction = 1e6
            var count = 0
            truncator.lineShaped = { _ in count += 1 }
            let line = try truncator.truncate(from: input.start, to: input.end, mode: mode)
            #expect(line.width <= maxWidth + LineBreaker.fitTolerance, "\(mode.rawValue): \(line.width) > \(maxWidth)")
            let expected = try input.reference(maxWidth: maxWidth).truncate(from: input.start, to: input.end, mode: mode)
            #expect(line.displayedText == expected.displayedText, "\(mode.rawValue)")
            #expect(line.width.bitPattern == expected.width.bitPattern, "\(mode.rawValue)")
            #expect(count <= 4 * Self.lineBound(utf16Count: 400), "\(mode.rawValue): \(count) lines shaped")
        }
    }
}
