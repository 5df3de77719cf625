// HyphenationTests.swift — hyphenationFactor and soft hyphens: UIKit's factor rule line by line, dictionaries by language, bad input.
import Foundation
import TestSupport
import Testing

@testable import Caliper

@Suite struct HyphenationTests {
    static let german = """
        Die Donaudampfschifffahrtsgesellschaft veröffentlichte ihren Jahresbericht über \
        Rechtsschutzversicherungsgesellschaften und Geschwindigkeitsbegrenzungen auf Autobahnen.
        """

    static func style(_ language: String? = "de", size: CGFloat = 16) throws -> TextStyle {
        TextStyle(font: try Fixtures.font("Fonts/NotoSans-Regular.ttf"), size: size, language: language)
    }

    /// Dictionaries are found by language tag: region first, then the language alone, in
    /// Debian's `/usr/share/hyphen` (`hyphen-de`, `hyphen-en-us`), whose regional German files and
    /// `hyph_en.dic` are links to one file each: one dictionary per file.
    @Test func dictionariesByLanguage() throws {
        #expect(HyphenationDictionary.searchDirectories.last == "/usr/share/hyphen")
        let cases: [(String, String?)] = [
            ("de", "hyph_de_DE.dic"), ("de-CH", "hyph_de_DE.dic"), ("de_AT", "hyph_de_DE.dic"), ("en-US", "hyph_en_US.dic"),
            ("en", "hyph_en_US.dic"), ("EN-us", "hyph_en_US.dic"), ("de-Latn-DE", "hyph_de_DE.dic"), ("xx", nil), ("", nil),
            ("1-2", nil),
        ]
        for (language, file) in cases {
            let found = HyphenationDictionary.forLanguage(language)
            #expect(found.map { URL(fileURLWithPath: $0.path).lastPathComponent } == file, "\(language)")
        }
        #expect(HyphenationDictionary.forLanguage("de") === HyphenationDictionary.forLanguage("de-CH"))
    }

    /// Dictionary files that cannot be patterns are passed over, never read: a FIFO (reading it
    /// would block), a folder, a file over the size limit, a link to any of them; a link to a
    /// real dictionary is followed; garbage is refused, or, after a character set line, loads without harm.
    @Test func hostileDictionaryFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("caliper-hyphen-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        #expect(mkfifo(path("hyph_qa.dic"), 0o644) == 0)
        try FileManager.default.createDirectory(atPath: path("hyph_qb.dic"), withIntermediateDirectories: false)
        #expect(FileManager.default.createFile(atPath: path("hyph_qc.dic"), contents: nil))
        let huge = try FileHandle(forWritingTo: URL(fileURLWithPath: path("hyph_qc.dic")))
        try huge.truncate(atOffset: UInt64(HyphenationDictionary.maximumFileBytes + 1))
        try huge.close()
        try FileManager.default.createSymbolicLink(atPath: path("hyph_qd.dic"), withDestinationPath: path("hyph_qa.dic"))
        try FileManager.default.createSymbolicLink(atPath: path("hyph_qe.dic"), withDestinationPath: "/usr/share/hyphen/hyph_en_US.dic")
        var garbage = [UInt8](repeating: 0, count: 50_000)
        for index in garbage.indices { garbage[index] = UInt8(truncatingIfNeeded: index &* 2_654_435_761 >> 7) }
        #expect(FileManager.default.createFile(atPath: path("hyph_qf.dic"), contents: Data(garbage)))
        #expect(FileManager.default.createFile(atPath: path("hyph_qg.dic"), contents: Data("UTF-8\n".utf8) + Data(garbage)))
        for language in ["qa", "qb", "qc", "qd"] {
            #expect(HyphenationDictionary.find(primary: language, rest: [], in: [folder.path]) == nil, "\(language)")
        }
        let linked = try #require(HyphenationDictionary.find(primary: "qe", rest: [], in: [folder.path]))
        #expect(linked.path == "/usr/share/hyphen/hyph_en_US.dic")
        #expect(linked.hyphenationPoints(in: "hyphenation") == HyphenationDictionary.forLanguage("en-US")?.hyphenationPoints(in: "hyphenation"))
        #expect(HyphenationDictionary.find(primary: "qf", rest: [], in: [folder.path]) == nil, "no character set libhyphen names")
        let junk = try #require(HyphenationDictionary.find(primary: "qg", rest: [], in: [folder.path]))
        _ = junk.hyphenationPoints(in: "Rechtsschutzversicherung")
    }

    /// A dictionary file is loaded once whatever the concurrency: threads asking at the same
    /// moment for tags that resolve to one file (directly or through links) all get the one
    /// object of the one load (two loads of German once took 3 s each, and the later replaced
    /// the first, so `forLanguage("de") === forLanguage("de-CH")` failed on a busy machine).
    @Test func oneLoadPerFileUnderContention() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("caliper-hyphen-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("hyph_qh_AA.dic").path
        try FileManager.default.copyItem(atPath: "/usr/share/hyphen/hyph_en_US.dic", toPath: file)
        for link in ["hyph_qh.dic", "hyph_qh_BB.dic"] {
            try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent(link).path, withDestinationPath: file)
        }
        let asks: [[String]] = [["AA"], ["BB"], [], ["CC"]]
        let threadCount = 8
        let found = Locked([ObjectIdentifier?](repeating: nil, count: threadCount))
        let start = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        for index in 0..<threadCount {
            done.enter()
            Thread.detachNewThread {
                start.wait()
                let dictionary = HyphenationDictionary.find(primary: "qh", rest: asks[index % asks.count], in: [folder.path])
                found.withLock { $0[index] = dictionary.map(ObjectIdentifier.init) }
                done.leave()
            }
        }
        for _ in 0..<threadCount { start.signal() }
        done.wait()
        let identities = found.withLock { $0 }
        #expect(identities.allSatisfy { $0 != nil && $0 == identities[0] })
        let resolved = URL(fileURLWithPath: file).resolvingSymlinksInPath().path
        #expect(HyphenationDictionary.loadCount(ofFile: resolved) == 1)
    }

    /// Which part of a piece of text is hyphenated: leading and trailing non-letters are left
    /// out, a word with other characters inside, or too long, is not hyphenated.
    @Test func wordsAndTheirPoints() throws {
        let german = try #require(HyphenationDictionary.forLanguage("de"))
        let bare = german.hyphenationPoints(in: "Rechtsschutzversicherung")
        #expect(!bare.isEmpty)
        #expect(german.hyphenationPoints(in: "„Rechtsschutzversicherung“, ") == bare.map { $0 + 1 })
        #expect(german.hyphenationPoints(in: "RECHTSSCHUTZVERSICHERUNG") == bare, "lowercased before hyphenating")
        #expect(german.hyphenationPoints(in: "Rechtsschutz4versicherung").isEmpty)
        #expect(german.hyphenationPoints(in: String(repeating: "versicherung", count: 6)).isEmpty, "over 64 code units")
        #expect(german.hyphenationPoints(in: "ab").isEmpty)
        #expect(german.hyphenationPoints(in: "").isEmpty)
        #expect(german.hyphenationPoints(in: "...").isEmpty)
        #expect(bare.allSatisfy { $0 >= 2 && $0 <= "Rechtsschutzversicherung".utf16.count - 2 })
    }

    /// UIKit's rule, checked line by line against the same text broken without hyphenation: a
    /// line is hyphenated only when, broken between words, it would fill less than factor ×
    /// width, and then at the last point of the next word at which it fits with its hyphen; a
    /// line that is not hyphenated either fills enough or has no point that fits.
    @Test(arguments: [Float(0.25), 0.5, 0.8, 1])
    func factorRuleLineByLine(factor: Float) throws {
        let style = try Self.style()
        let text = Self.german
        let units = Array(text.utf16)
        let german = try #require(HyphenationDictionary.forLanguage("de"))
        let measurer = TextMeasurer(cache: nil)
        var hyphenated = 0
        for width in stride(from: CGFloat(70), through: 330, by: 13) {
            let layout = try measurer.layout(text, style: style, paragraphStyle: ParagraphStyle(hyphenationFactor: factor), maxWidth: width)
            for line in layout.lines.dropLast() {
                let start = line.utf16Range.location
                let rest = String(decoding: units[start...], as: UTF16.self)
                let greedy = try #require(try measurer.layout(rest, style: style, maxWidth: width).lines.first)
                let greedyEnd = start + greedy.utf16Range.length
                // Not even the first word fits when greedy breaks it between letters (the text has
                // no hyphens): then that word is the one hyphenated.
                let brokeWord = greedyEnd < units.count && units[greedyEnd - 1] != 0x20
                let fills = !brokeWord && greedy.width >= CGFloat(factor) * width
                // The points of the word hyphenated, and the widths of the line ending at each.
                let wordStart = brokeWord ? start : greedyEnd
                let wordEnd = units[wordStart...].firstIndex(where: { $0 == 0x20 }) ?? units.count
                // The rest of a word broken between letters (not at a hyphenation point) is not a
                // word: it is not hyphenated.
                let previous = layout.lines.last { $0.utf16Range.location + $0.utf16Range.length == wordStart }
                let startsWord = wordStart == 0 || units[wordStart - 1] == 0x20 || previous?.isHyphenated == true
                let points = startsWord ? german.points(in: units, range: wordStart..<wordEnd) : []
                let fitting = try points.filter { point in
                    let shown = String(decoding: units[start..<point], as: UTF16.self) + "\u{2010}"
                    return try measurer.layout(shown, style: style).lines[0].width <= width + 1e-6
                }
                if line.isHyphenated {
                    hyphenated += 1
                    #expect(!fills, "width \(width): a line filling \(greedy.width) was hyphenated")
                    #expect(start + line.utf16Range.length == fitting.last, "width \(width): not the last point that fits")
                    #expect(line.width <= width + 1e-9)
                    #expect(line.runs.last?.utf16Range.length == 0 && line.runs.last?.utf16Range.location == start + line.utf16Range.length)
                } else {
                    #expect(line.utf16Range.length == greedy.utf16Range.length, "width \(width)")
                    #expect(fills || fitting.isEmpty, "width \(width): \(fitting) fit but the line was not hyphenated")
                }
            }
        }
        #expect(hyphenated > 10, "the text hyphenates at these widths")
        // The same layouts with a cache, and again from it, bit for bit.
        let cached = TextMeasurer(cache: ShapeCache(byteBudget: 1 << 24))
        for width in [CGFloat(90), 150, 240] {
            let paragraphStyle = ParagraphStyle(hyphenationFactor: factor)
            let expected = try measurer.layout(text, style: style, paragraphStyle: paragraphStyle, maxWidth: width)
            for _ in 0..<2 {
                let layout = try cached.layout(text, style: style, paragraphStyle: paragraphStyle, maxWidth: width)
                #expect(layout == expected)
            }
        }
    }

    /// No hyphenation without a factor, without a dictionary for the language, without a
    /// language, or when breaking by characters or clipping.
    @Test func whereWordsAreNotHyphenated() throws {
        let text = Self.german
        let plain = try TextMeasurer().layout(text, style: try Self.style(), maxWidth: 120)
        #expect(!plain.lines.contains { $0.isHyphenated })
        for (style, paragraphStyle, notices) in [
            (try Self.style(nil), ParagraphStyle(hyphenationFactor: 1), [LayoutNotice.hyphenationNeedsLanguage]),
            (try Self.style("xx"), ParagraphStyle(hyphenationFactor: 1), [.noHyphenationDictionary(language: "xx")]),
            (try Self.style(), ParagraphStyle(lineBreakMode: .byCharWrapping, hyphenationFactor: 1), []),
            (try Self.style(), ParagraphStyle(lineBreakMode: .byClipping, hyphenationFactor: 1), []),
        ] {
            var layout = try TextMeasurer().layout(text, style: style, paragraphStyle: paragraphStyle, maxWidth: 120)
            var unhyphenated = paragraphStyle
            unhyphenated.hyphenationFactor = 0
            #expect(!layout.lines.contains { $0.isHyphenated })
            #expect(layout.notices == notices, "the layout says what it could not do")
            layout.notices = []
            let unhyphenatedLayout = try TextMeasurer().layout(text, style: style, paragraphStyle: unhyphenated, maxWidth: 120)
            #expect(layout == unhyphenatedLayout)
        }
        let hyphenated = try TextMeasurer().layout(text, style: try Self.style(), paragraphStyle: ParagraphStyle(hyphenationFactor: 1), maxWidth: 120)
        #expect(hyphenated.lines.contains { $0.isHyphenated })
        #expect(hyphenated.lines.count < plain.lines.count)
    }

    /// A soft hyphen breaks with a visible hyphen whatever the factor, counted in the line's width
    /// and shown as a run of its own; it is invisible where the line does not end.
    @Test func softHyphensShowAHyphenWhereTheyBreak() throws {
        let style = try Self.style(nil)
        let text = "Ab\u{AD}wasser\u{AD}behandlungs\u{AD}anlage"
        let measurer = TextMeasurer()
        let hyphen = try measurer.layout("\u{2010}", style: style).lines[0].width
        let unbroken = try measurer.layout(text, style: style)
        #expect(unbroken.lines.count == 1 && !unbroken.lines[0].isHyphenated)
        let joined = try measurer.layout("Abwasserbehandlungsanlage", style: style)
        #expect(unbroken.size.width == joined.size.width)
        let layout = try measurer.layout(text, style: style, maxWidth: 110)
        #expect(layout.lines.count > 1)
        for line in layout.lines.dropLast() {
            #expect(line.isHyphenated)
            let shown = (text as NSString).substring(with: line.utf16Range).replacingOccurrences(of: "\u{AD}", with: "")
            let expected = try measurer.layout(shown, style: style).lines[0].width + hyphen
            #expect(abs(line.width - expected) < 1e-9, "\(shown)")
            #expect(line.width <= 110)
            #expect(line.runs.reduce(0) { $0 + $1.width } - line.width < 1e-9)
        }
        #expect(!(layout.lines.last?.isHyphenated ?? true))
        // A soft hyphen at the end of the text shows nothing.
        let trailing = try measurer.layout("Wasser\u{AD}", style: style, maxWidth: 10)
        #expect(!trailing.lines.contains { $0.isHyphenated })
    }

    /// Min-content counts the hyphen of a piece ending at a soft hyphen, and with a factor, the
    /// pieces between hyphenation points.
    @Test func minContentWithHyphens() throws {
        let style = try Self.style()
        let measurer = TextMeasurer()
        let word = "Rechtsschutzversicherungsgesellschaften"
        let whole = try measurer.intrinsicWidths(of: word, style: style)
        let hyphenated = try measurer.intrinsicWidths(of: word, style: style, paragraphStyle: ParagraphStyle(hyphenationFactor: 0.5))
        #expect(hyphenated.maxContent == whole.maxContent)
        #expect(hyphenated.minContent < whole.minContent / 2)
        let points = try #require(HyphenationDictionary.forLanguage("de")).hyphenationPoints(in: word)
        var widest: CGFloat = 0
        var start = 0
        let units = Array(word.utf16)
        let hyphen = try measurer.layout("\u{2010}", style: style).lines[0].width
        for end in points + [units.count] {
            let piece = String(decoding: units[start..<end], as: UTF16.self)
            widest = max(widest, try measurer.layout(piece, style: style).lines[0].width + (end < units.count ? hyphen : 0))
            start = end
        }
        #expect(abs(hyphenated.minContent - widest) < 1e-9)
    }

    /// A factor outside 0…1 is refused by every layout.
    @Test func factorsOutsideTheRangeAreRefused() throws {
        for factor in [Float(-0.1), 1.5, .nan, .infinity] {
            do {
                _ = try TextMeasurer().layout("a", style: try Self.style(), paragraphStyle: ParagraphStyle(hyphenationFactor: factor), maxWidth: 10)
                Issue.record("factor \(factor) was accepted")
            } catch let error as CaliperError {
                guard case .invalidHyphenationFactor(let value) = error else { throw error }
                #expect(value.bitPattern == Double(factor).bitPattern)
            }
        }
        #expect(CaliperError.invalidHyphenationFactor(1.5).description == "invalid hyphenation factor 1.5: it must be a number from 0 to 1")
    }
}

/// Hyphenation against `Tests/Goldens/hyphenation.json`: libhyphen's points (restated in Python
/// and checked over all 69,125 German dictionary words), and Chromium 156's lines over the same
/// texts with U+00AD at every point (`hyphens: manual`), with hb-shape's widths.
@Suite struct HyphenationGoldenTests {
    struct Golden: Decodable {
        struct Word: Decodable {
            var language: String
            var word: String
            var points: [Int]
        }

        struct Line: Decodable {
            var start: Int
            var end: Int
            var hyphenated: Bool
            var width: CGFloat
        }

        struct Layout: Decodable {
            var name: String
            var font: String
            var size: CGFloat
            var maxWidth: CGFloat
            var language: String
            var text: String
            var dictionary: Bool
            var lines: [Line]
            var minContentWidth: CGFloat
        }

        var points: [Word]
        var layouts: [Layout]
    }

    /// Every word's points are libhyphen's, found through the word's language.
    @Test func pointsOfEveryWord() throws {
        let golden = try Fixtures.golden("hyphenation.json", as: Golden.self)
        try #require(golden.points.count >= 100)
        var differing: [String] = []
        for word in golden.points {
            let dictionary = try #require(HyphenationDictionary.forLanguage(word.language))
            let points = dictionary.hyphenationPoints(in: word.word)
            if points != word.points { differing.append("\(word.word): \(points) vs \(word.points)") }
        }
        #expect(differing.isEmpty, "\(differing)")
        Conformance.record("hyphenation-points", cases: golden.points.count, agreed: golden.points.count - differing.count)
    }

    /// Every layout breaks where Chromium did, hyphenated where it drew a hyphen, each line as
    /// wide as hb-shape says (its hyphen included), with and without the cache; min-content too.
    /// Dictionary cases are laid out with hyphenationFactor 1, soft-hyphen cases with 0.
    @Test func chromiumsLines() throws {
        let golden = try Fixtures.golden("hyphenation.json", as: Golden.self)
        try #require(golden.layouts.count >= 20)
        var differing: [String] = []
        var hyphenatedLines = 0
        var overflowing = 0
        var agreed = 0
        for item in golden.layouts {
            let before = differing.count
            var overflows = false
            let style = TextStyle(font: try Fixtures.font(item.font), size: item.size, language: item.language)
            let paragraphStyle = ParagraphStyle(hyphenationFactor: item.dictionary ? 1 : 0)
            for measurer in [TextMeasurer(), TextMeasurer(cache: nil)] {
                let layout = try measurer.layout(item.text, style: style, paragraphStyle: paragraphStyle, maxWidth: item.maxWidth)
                var lines = layout.lines.map { ($0.utf16Range.location, $0.utf16Range.location + $0.utf16Range.length, $0.isHyphenated) }
                var expected = item.lines.map { ($0.start, $0.end, $0.hyphenated) }
                // A word wider than the line overflows in Chromium; Caliper breaks it between
                // grapheme clusters (Semantics.md's emergency break). Lines are compared up to it.
                var compared = item.lines.count
                if let overflow = item.lines.firstIndex(where: { $0.width > item.maxWidth }) {
                    overflows = true
                    if measurer.cache == nil { overflowing += 1 }
                    compared = overflow
                    expected = Array(expected.prefix(overflow))
                    lines = Array(lines.prefix(overflow))
                    #expect(layout.lines.allSatisfy { $0.width <= item.maxWidth + 1e-9 })
                }
                if !lines.elementsEqual(expected, by: ==) {
                    differing.append("\(item.name): \(lines) vs \(expected)")
                    continue
                }
                for (line, golden) in zip(layout.lines, item.lines).prefix(compared) where abs(line.width - golden.width) > 1e-6 {
                    differing.append("\(item.name) line \(golden.start): \(line.width) vs \(golden.width)")
                }
                hyphenatedLines += item.lines.prefix(compared).filter(\.hyphenated).count
            }
            let widths = try TextMeasurer().intrinsicWidths(of: item.text, style: style, paragraphStyle: paragraphStyle)
            if abs(widths.minContent - item.minContentWidth) > 1e-6 {
                differing.append("\(item.name) min-content: \(widths.minContent) vs \(item.minContentWidth)")
            }
            // A layout compared only up to a word Chromium lets overflow is a documented difference.
            if differing.count == before && !overflows { agreed += 1 }
        }
        #expect(hyphenatedLines >= 200)
        #expect(overflowing <= 4)
        #expect(differing.isEmpty, "\(differing.count): \(differing.prefix(4))")
        Conformance.record(
            "hyphenation-lines", cases: golden.layouts.count, agreed: agreed, differences: ["overflow": overflowing])
    }
}

/// A layout says which hyphenation it could not do (``TextLayout/notices``), once a paragraph that
/// asks for it breaks into lines.
@Suite struct HyphenationNoticeTests {
    @Test func noticesNameWhatWasLeftOut() throws {
        let font = try Fixtures.font("Fonts/DejaVuSans.ttf")
        let measurer = TextMeasurer(cache: nil)
        let hyphenating = ParagraphStyle(hyphenationFactor: 1)
        let text = "Donaudampfschifffahrtsgesellschaft wird"
        func notices(_ language: String?, _ text: String = text, _ style: ParagraphStyle = hyphenating, width: CGFloat? = 100) throws -> [LayoutNotice] {
            var textStyle = TextStyle(font: font, size: 17, fallback: .none)
            textStyle.language = language
            return try measurer.layout(text, style: textStyle, paragraphStyle: style, maxWidth: width).notices
        }
        #expect(try notices("fr") == [.noHyphenationDictionary(language: "fr")])
        #expect(try notices(nil) == [.hyphenationNeedsLanguage])
        #expect(try notices("de").isEmpty)
        #expect(try notices("fr", "wird").isEmpty, "one line: hyphenation could not have changed it")
        #expect(try notices("fr", width: nil).isEmpty, "not wrapped")
        #expect(try notices("fr", text, ParagraphStyle()).isEmpty, "not asked for")
        #expect(try notices("fr", text, ParagraphStyle(lineBreakMode: .byCharWrapping, hyphenationFactor: 1)).isEmpty, "breaks between characters")
        var spans = AttributedText(text, style: TextStyle(font: font, size: 17, fallback: .none))
        var french = TextStyle(font: font, size: 17, fallback: .none)
        french.language = "fr"
        try spans.setStyle(french, utf16Range: 0..<4)
        #expect(try measurer.layout(spans, paragraphStyle: hyphenating, maxWidth: 100).notices == [.noHyphenationDictionary(language: "fr"), .hyphenationNeedsLanguage])
    }
}
