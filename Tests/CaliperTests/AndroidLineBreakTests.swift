// AndroidLineBreakTests.swift — paragraphs broken into lines as Android 14's Minikin breaks them, against Minikin itself (Tests/Goldens/android.json), and the .hyb reader's refusals.
@testable import Caliper
import Foundation
import Testing

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
        var description: String { "\(start)..<\(end) \(width) [\(ascent), \(descent)] edit \(endHyphenEdit)" }
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
        var layouts: [Layout]
        var description: String { "\(kind) \(text.prefix(32).debugDescription) at \(size) px, hinting \(hinting), spacing \(letterSpacing) em, hyphenation \(hyphenation)" }
    }
    var paragraphs: [Paragraph]

    static let loaded: AndroidParagraphGoldens? = try? Fixtures.golden("android.json", as: AndroidParagraphGoldens.self)
}

@Suite struct AndroidLineBreakTests {
    /// The en-US patterns the goldens were made with (`Tests/Fixtures/Android`, `make-hyb.sh`),
    /// registered as Android registers them: minimum prefix 2, suffix 3.
    static let englishHyphenator = Result { () throws -> MinikinHyphenator in
        let path = Fixtures.path("Tests/Fixtures/Android/hyph-en-us.hyb")
        let patterns = try MinikinHyphenationPatterns(bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), source: path)
        return MinikinHyphenator(patterns: patterns, minPrefix: 2, minSuffix: 3, locale: "en-US")
    }

    static let roboto = Result { try Fixtures.font("Fonts/Android/Roboto-Regular.ttf") }

    static func paint(size: Double, hinting: Bool = true, letterSpacing: Double = 0) -> AndroidPaint {
        AndroidPaint(size: Float(size), letterSpacing: Float(letterSpacing), hinting: hinting, locale: "en-US", features: [])
    }

    static func strategy(_ name: String) throws -> MinikinLineBreaker.Strategy {
        switch name {
        case "simple": return .simple
        case "high_quality": return .highQuality
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

    /// Minikin's lines and Caliper's differing, one sentence each, for every layout of `kind`.
    static func differences(kind: String) throws -> (layouts: Int, failures: [String]) {
        let paragraphs = try #require(AndroidParagraphGoldens.loaded).paragraphs.filter { $0.kind == kind }
        let hyphenator = try englishHyphenator.get()
        var layouts = 0
        var failures: [String] = []
        for paragraph in paragraphs {
            let families = try paragraph.fonts.map { AndroidFamily(font: try Fixtures.font($0)) }
            let paint = paint(size: paragraph.size, hinting: paragraph.hinting, letterSpacing: paragraph.letterSpacing)
            let frequency = try frequency(paragraph.hyphenation)
            let measured = try MinikinMeasuredText(
                text: paragraph.text.utf16Units, families: families, paint: paint, hyphenator: hyphenator, computesHyphenation: frequency != .none)
            for layout in paragraph.layouts {
                layouts += 1
                let lines = try MinikinLineBreaker.breakIntoLines(measured, width: layout.width, strategy: try strategy(layout.breakStrategy), frequency: frequency)
                let matches =
                    lines.count == layout.lines.count
                    && zip(lines, layout.lines).allSatisfy { line, golden in
                        line.start == golden.start && line.end == golden.end && line.endHyphenEdit.rawValue == golden.endHyphenEdit
                            && line.startHyphenEdit == .noEdit && line.width == golden.width && line.ascent == golden.ascent
                            && line.descent == golden.descent
                    }
                if !matches {
                    failures.append(
                        "\(paragraph) \(layout.breakStrategy) at \(layout.width) px:\n  Caliper \(lines.map { "\($0.start)..<\($0.end) \($0.width) [\($0.ascent), \($0.descent)] edit \($0.endHyphenEdit.rawValue)" })\n  Minikin \(layout.lines)"
                    )
                }
            }
        }
        return (layouts, failures)
    }

    @Test(arguments: ["latin", "fallback", "letterSpacing", "hyphenation"])
    func linesAreMinikins(kind: String) throws {
        let (layouts, failures) = try Self.differences(kind: kind)
        print("\(kind): \(layouts - failures.count) of \(layouts) layouts are Minikin's")
        #expect(layouts >= 50)
        #expect(failures.isEmpty, "\(failures.count) of \(layouts) \(kind) layouts differ:\n\(failures.prefix(6).joined(separator: "\n"))")
    }
}
