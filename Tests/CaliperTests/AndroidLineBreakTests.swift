// AndroidLineBreakTests.swift — paragraphs broken into lines as Android 14's Minikin breaks them, against Minikin itself (Tests/Goldens/android.json), and the .hyb reader's refusals.
@testable import Caliper
import Foundation
import Testing
import TestSupport

/// `Tests/Goldens/android.json`'s `paragraphs` (`make_android.py`: `minikin::breakIntoLines` as
/// `StaticLayout` calls it, in the harness of `android.md`).
struct AndroidParagraphGoldens: Decodable {
    struct Line: Decodable, CustomStringConvertible {
        var start: Int
        var end: Int
        var width: Float
        var ascent: Float
        var descent: Float
        var endHyphenEdit: UInt8
        /// Only in `android_breaks.json` (`android.json` has no line with a start edit).
        var startHyphenEdit: UInt8?
        var description: String { "\(start)..<\(end) \(width) [\(ascent), \(descent)] edits \(startHyphenEdit ?? 0) \(endHyphenEdit)" }
    }
    struct Layout: Decodable {
        var breakStrategy: String
        var width: Float
        var lines: [Line]
    }
    struct Paragraph: Decodable, CustomStringConvertible {
        var kind: String
        var fonts: [String]
        var text: String
        var size: Double
        var hinting: Bool
        var letterSpacing: Double
        var hyphenation: String
        /// `Layout::measureText` of the whole text.
        var advance: Float
        /// The paint's locale, when not en-US (`android_breaks.json`'s `startEdits`).
        var locale: String?
        var layouts: [Layout]
        var description: String { "\(kind) \(text.prefix(32).debugDescription) at \(size) px, hinting \(hinting), spacing \(letterSpacing) em, hyphenation \(hyphenation)" }
    }
    var paragraphs: [Paragraph]

    static let loaded: AndroidParagraphGoldens? = try? Fixtures.golden("android.json", as: AndroidParagraphGoldens.self)

    /// The fallback list of the `fallback` paragraphs: Roboto, Arabic, emoji, CJK.
    static var fallbackFonts: [String] { loaded?.paragraphs.first { $0.kind == "fallback" }?.fonts ?? [] }
}

/// `Tests/Goldens/android_breaks.json` (`make_android_breaks.py`, the same harness): android.json's
/// paragraphs broken with the balanced strategy, and edge cases with all three strategies.
struct AndroidBreakGoldens: Decodable {
    var balanced: [AndroidParagraphGoldens.Paragraph]
    var edges: [AndroidParagraphGoldens.Paragraph]
    /// Lines that start with a hyphen edit, the harness run as Android's HarfBuzz runs
    /// (`android/hb_no_assert.c`).
    var startEdits: [AndroidParagraphGoldens.Paragraph]

    static let loaded: AndroidBreakGoldens? = try? Fixtures.golden("android_breaks.json", as: AndroidBreakGoldens.self)
}

@Suite struct AndroidLineBreakTests {
    /// The en-US patterns the goldens were made with (`Tests/Fixtures/Android`, `make-hyb.sh`),
    /// registered as Android registers them: minimum prefix 2, suffix 3.
    static let englishHyphenator = Result { () throws -> MinikinHyphenator in
        let path = Fixtures.path("Tests/Fixtures/Android/hyph-en-us.hyb")
        let patterns = try MinikinHyphenationPatterns(bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), source: path)
        return MinikinHyphenator(patterns: patterns, minPrefix: 2, minSuffix: 3, locale: "en-US")
    }

    /// The harness's Polish hyphenator: the same patterns, prefix and suffix 2, Polish's hyphen rule.
    static let polishHyphenator = Result { () throws -> MinikinHyphenator in
        MinikinHyphenator(patterns: try englishHyphenator.get().patterns, minPrefix: 2, minSuffix: 2, locale: "pl")
    }

    static let roboto = Result { try Fixtures.font("Fonts/Android/Roboto-Regular.ttf") }

    static func paint(size: Double, hinting: Bool = true, letterSpacing: Double = 0, locale: String = "en-US") -> AndroidPaint {
        AndroidPaint(size: Float(size), letterSpacing: Float(letterSpacing), hinting: hinting, locale: locale, features: [])
    }

    static func strategy(_ name: String) throws -> MinikinLineBreaker.Strategy {
        switch name {
        case "simple": return .simple
        case "high_quality": return .highQuality
        case "balanced": return .balanced
        default: throw GoldenMissing(text: name, font: "no such break strategy")
        }
    }

    static func frequency(_ name: String) throws -> MinikinLineBreaker.HyphenationFrequency {
        switch name {
        case "none": return MinikinLineBreaker.HyphenationFrequency.none
        case "normal": return .normal
        case "full": return .full
        default: throw GoldenMissing(text: name, font: "no such hyphenation frequency")
        }
    }

    /// Minikin's lines and Caliper's differing, one sentence each, for every layout of `paragraphs`.
    static func differences(_ paragraphs: [AndroidParagraphGoldens.Paragraph]) throws -> (layouts: Int, failures: [String]) {
        var layouts = 0
        var failures: [String] = []
        for paragraph in paragraphs {
            let families = try paragraph.fonts.map { AndroidFamily(font: try Fixtures.font($0)) }
            let locale = paragraph.locale ?? "en-US"
            let hyphenator = try (locale == "pl" ? polishHyphenator : englishHyphenator).get()
            let paint = paint(size: paragraph.size, hinting: paragraph.hinting, letterSpacing: paragraph.letterSpacing, locale: locale)
            let frequency = try frequency(paragraph.hyphenation)
            let measured = try MinikinMeasuredText(
                text: paragraph.text.utf16Units, families: families, paint: paint, hyphenator: hyphenator, computesHyphenation: frequency != .none)
            let advance = try MinikinLayout.measureText(paragraph.text.utf16Units, families: families, paint: paint).advance
            if advance != paragraph.advance { failures.append("\(paragraph): measureText \(advance), Minikin \(paragraph.advance)") }
            for layout in paragraph.layouts {
                layouts += 1
                let lines = try MinikinLineBreaker.breakIntoLines(measured, width: layout.width, strategy: try strategy(layout.breakStrategy), frequency: frequency)
                // Bit for bit: the goldens' floats are written as the shortest decimals that read back the same.
                let matches =
                    lines.count == layout.lines.count
                    && zip(lines, layout.lines).allSatisfy { line, golden in
                        line.start == golden.start && line.end == golden.end && line.endHyphenEdit.rawValue == golden.endHyphenEdit
                            && line.startHyphenEdit.rawValue == golden.startHyphenEdit ?? 0 && line.width == golden.width && line.ascent == golden.ascent
                            && line.descent == golden.descent
                    }
                if !matches {
                    let caliper = lines.map { "\($0.start)..<\($0.end) \($0.width) [\($0.ascent), \($0.descent)] edits \($0.startHyphenEdit.rawValue) \($0.endHyphenEdit.rawValue)" }
                    failures.append("\(paragraph) \(layout.breakStrategy) at \(layout.width) px:\n  Caliper \(caliper)\n  Minikin \(layout.lines)")
                }
            }
        }
        return (layouts, failures)
    }

    @Test(arguments: ["latin", "fallback", "letterSpacing", "hyphenation"])
    func linesAreMinikins(kind: String) throws {
        let (layouts, failures) = try Self.differences(try #require(AndroidParagraphGoldens.loaded).paragraphs.filter { $0.kind == kind })
        print("\(kind): \(layouts - failures.count) of \(layouts) layouts are Minikin's")
        #expect(layouts >= 50)
        #expect(failures.isEmpty, "\(failures.count) of \(layouts) \(kind) layouts differ:\n\(failures.prefix(6).joined(separator: "\n"))")
        Conformance.record("android-lines", part: kind, cases: layouts, agreed: max(0, layouts - failures.count))
    }

    @Test func balancedLinesAreMinikins() throws {
        let (layouts, failures) = try Self.differences(try #require(AndroidBreakGoldens.loaded).balanced)
        print("balanced: \(layouts - failures.count) of \(layouts) layouts are Minikin's")
        #expect(layouts >= 150)
        #expect(failures.isEmpty, "\(failures.count) of \(layouts) balanced layouts differ:\n\(failures.prefix(6).joined(separator: "\n"))")
        Conformance.record("android-breaks", part: "balanced", cases: layouts, agreed: max(0, layouts - failures.count))
    }

    @Test func edgeCasesAreMinikins() throws {
        let (layouts, failures) = try Self.differences(try #require(AndroidBreakGoldens.loaded).edges)
        print("edges: \(layouts - failures.count) of \(layouts) layouts are Minikin's")
        #expect(layouts >= 150)
        #expect(failures.isEmpty, "\(failures.count) of \(layouts) edge layouts differ:\n\(failures.prefix(6).joined(separator: "\n"))")
        Conformance.record("android-breaks", part: "edges", cases: layouts, agreed: max(0, layouts - failures.count))
    }

    @Test func aWidthThatIsNoLengthIsRefusedAndATabBreaksGreedily() throws {
        let families = [AndroidFamily(font: try Self.roboto.get())]
        for width in [-1, -.infinity, .infinity, .nan] as [Float] {
            #expect(throws: CaliperError.self) {
                try MinikinLineBreaker.breakIntoLines(
                    "Hello".utf16Units, families: families, paint: Self.paint(size: 16), width: width, strategy: .simple, frequency: .none, hyphenator: nil)
            }
        }
        // A tab is no error: Minikin breaks such a text greedily whatever the strategy, each tab
        // moving to the next multiple of 20 px.
        let tabbed = "a\tb c\td".utf16Units
        let paint = Self.paint(size: 16)
        for width: Float in [25, 45, 100] {
            let optimal = try MinikinLineBreaker.breakIntoLines(tabbed, families: families, paint: paint, width: width, strategy: .highQuality, frequency: .none, hyphenator: nil)
            let greedy = try MinikinLineBreaker.breakIntoLines(tabbed, families: families, paint: paint, width: width, strategy: .simple, frequency: .none, hyphenator: nil)
            #expect(optimal == greedy)
        }
        #expect(MinikinLineBreaker.nextTab(0) == 20 && MinikinLineBreaker.nextTab(19.9) == 20 && MinikinLineBreaker.nextTab(20) == 40)
    }

    @Test func withoutPatternsOnlySoftAndHardHyphensBreakWords() throws {
        let families = [AndroidFamily(font: try Self.roboto.get())]
        for strategy in MinikinLineBreaker.Strategy.allCases {
            let empty = try MinikinLineBreaker.breakIntoLines([], families: families, paint: Self.paint(size: 16), width: 0, strategy: strategy, frequency: .full, hyphenator: nil)
            #expect(empty.isEmpty)
            // No hyphenator for the locale: Minikin's soft-hyphen-only one, so "Hyphenation" is
            // broken at graphemes, never hyphenated, and "soft\u{AD}ly" at its soft hyphen.
            let lines = try MinikinLineBreaker.breakIntoLines(
                "Hyphenation soft\u{AD}ly".utf16Units, families: families, paint: Self.paint(size: 16), width: 36, strategy: strategy, frequency: .full,
                hyphenator: nil)
            #expect(lines.allSatisfy { $0.endHyphenEdit == .noEdit || $0.end == 17 }, "\(strategy): \(lines)")
            #expect(lines.contains { $0.end == 17 && $0.endHyphenEdit == .insertHyphen }, "\(strategy): \(lines.map { ($0.start, $0.end, $0.width, $0.endHyphenEdit) })")
        }
    }

    @Test func startEditsAreMinikins() throws {
        let (layouts, failures) = try Self.differences(try #require(AndroidBreakGoldens.loaded).startEdits)
        print("start edits: \(layouts - failures.count) of \(layouts) layouts are Minikin's")
        #expect(layouts >= 20)
        #expect(failures.isEmpty, "\(failures.count) of \(layouts) layouts with start edits differ:\n\(failures.prefix(6).joined(separator: "\n"))")
        Conformance.record("android-breaks", part: "start-edits", cases: layouts, agreed: max(0, layouts - failures.count))
    }

    /// A soft hyphen between joining Arabic letters breaks with a ZWJ and a hyphen, and the next
    /// line starts with a ZWJ (`BREAK_AND_INSERT_HYPHEN_AND_ZWJ`), with or without patterns for
    /// the locale; the ZWJ reaches HarfBuzz.
    @Test func aSoftHyphenInArabicBreaksWithJoiners() throws {
        let families = try AndroidParagraphGoldens.fallbackFonts.map { AndroidFamily(font: try Fixtures.font($0)) }
        try #require(!families.isEmpty)
        let text = "\u{645}\u{631}\u{62D}\u{AD}\u{628}\u{627}\u{644}\u{639}".utf16Units
        let paint = Self.paint(size: 16)
        for strategy in MinikinLineBreaker.Strategy.allCases {
            let lines = try MinikinLineBreaker.breakIntoLines(text, families: families, paint: paint, width: 40, strategy: strategy, frequency: .full, hyphenator: nil)
            #expect(lines.map(\.end) == [4, 8], "\(strategy)")
            #expect(lines.first?.endHyphenEdit == .insertZWJAndHyphen && lines.last?.startHyphenEdit == .insertZWJ, "\(strategy)")
        }
        let measured = try MinikinMeasuredText(text: text, families: families, paint: paint, hyphenator: .softHyphenOnly, computesHyphenation: true)
        let run = try #require(measured.runs.first)
        let rest = Array(text[4...])
        let plain = try measured.measureHyphenPiece(rest, range: 0..<rest.count, run: run)
        let joined = try measured.measureHyphenPiece(rest, range: 0..<rest.count, run: run, startEdit: .insertZWJ)
        // The ZWJ ahead makes the first letter join backwards: another form, another advance.
        #expect(plain > 0 && joined > 0 && joined != plain)
    }

    /// At any width, with every strategy and frequency, the lines cover the text one after the other.
    @Test func linesCoverTheTextAtAnyWidth() throws {
        let paragraphs = try #require(AndroidParagraphGoldens.loaded).paragraphs
        let hyphenator = try Self.englishHyphenator.get()
        var random = SplitMix64(seed: 0x4C49_4E45)
        for paragraph in paragraphs where paragraph.hyphenation == "full" || paragraph.kind == "fallback" {
            let families = try paragraph.fonts.map { AndroidFamily(font: try Fixtures.font($0)) }
            let text = paragraph.text.utf16Units
            let measured = try MinikinMeasuredText(text: text, families: families, paint: Self.paint(size: paragraph.size), hyphenator: hyphenator, computesHyphenation: true)
            for _ in 0..<12 {
                let width = Float(random.next(in: 0...400)) / 2
                for strategy in MinikinLineBreaker.Strategy.allCases {
                    let lines = try MinikinLineBreaker.breakIntoLines(measured, width: width, strategy: strategy, frequency: .full)
                    #expect(lines.first?.start == 0 && lines.last?.end == text.count, "\(paragraph) at \(width)")
                    #expect(zip(lines, lines.dropFirst()).allSatisfy { $0.end == $1.start && $0.start <= $0.end }, "\(paragraph) at \(width)")
                    #expect(lines.allSatisfy { $0.width.isFinite && $0.ascent <= 0 && $0.descent >= 0 })  // an empty line (high quality) has no extent
                }
            }
        }
    }

    /// Texts of code units chosen to be awkward (lone surrogates, controls, no-break and soft
    /// hyphens, joiners, emoji, Arabic, CJK, an address) break at any width without a fault.
    @Test func awkwardTextsBreakWithoutAFault() throws {
        let families = try AndroidParagraphGoldens.fallbackFonts.map { AndroidFamily(font: try Fixtures.font($0)) }
        let hyphenator = try Self.englishHyphenator.get()
        let units: [UInt16] = Array("ab Hy-phen\u{AD}ation @:/.\u{A0}\u{2010}\u{200D}\u{FE0F}\u{0645}\u{0631}\u{65E5}\u{3000}\u{2029}\n\r".utf16)
            + [0xD83D, 0xDE00, 0xD83C, 0xDFFD, 0xD800, 0xDC00, 0x0301, 0x0000, 0x001B]
        var random = SplitMix64(seed: 0x4157_4B57)
        for _ in 0..<150 {
            let text = (0..<random.next(in: 0...48)).map { _ in units[random.next(in: 0...(units.count - 1))] }
            let width = Float(random.next(in: 0...200))
            for strategy in MinikinLineBreaker.Strategy.allCases {
                for frequency in MinikinLineBreaker.HyphenationFrequency.allCases {
                    let lines = try MinikinLineBreaker.breakIntoLines(
                        text, families: families, paint: Self.paint(size: 16, letterSpacing: 0.05), width: width, strategy: strategy, frequency: frequency,
                        hyphenator: hyphenator)
                    #expect(lines.isEmpty == text.isEmpty && (lines.last?.end ?? 0) == text.count, "\(text) at \(width)")
                    #expect(zip(lines, lines.dropFirst()).allSatisfy { $0.end == $1.start }, "\(text) at \(width)")
                }
            }
        }
    }

    @Test func threadsBreakWhatOneThreadBreaks() async throws {
        let paragraphs = try #require(AndroidParagraphGoldens.loaded).paragraphs
        let hyphenator = try Self.englishHyphenator.get()
        @Sendable func lines(_ paragraph: AndroidParagraphGoldens.Paragraph) throws -> [[MinikinLine]] {
            let families = try paragraph.fonts.map { AndroidFamily(font: try Fixtures.font($0)) }
            let paint = Self.paint(size: paragraph.size, hinting: paragraph.hinting, letterSpacing: paragraph.letterSpacing)
            return try paragraph.layouts.map { layout in
                try MinikinLineBreaker.breakIntoLines(
                    paragraph.text.utf16Units, families: families, paint: paint, width: layout.width, strategy: try Self.strategy(layout.breakStrategy),
                    frequency: try Self.frequency(paragraph.hyphenation), hyphenator: hyphenator)
            }
        }
        let serial = try paragraphs.map(lines)
        let parallel = try await withThrowingTaskGroup(of: (Int, [[MinikinLine]]).self) { group in
            for (index, paragraph) in paragraphs.enumerated() { group.addTask { (index, try lines(paragraph)) } }
            var results = [[[MinikinLine]]](repeating: [], count: paragraphs.count)
            for try await (index, result) in group { results[index] = result }
            return results
        }
        #expect(parallel == serial)
    }
}
