// GraphemeBreakConformanceTests.swift — Unicode's GraphemeBreakTest.txt (15.0) through Caliper's grapheme layer: ICU's boundaries and the pipeline's clusters.
@testable import Caliper
import Foundation
import Testing
import TestSupport

@Suite struct GraphemeBreakConformanceTests {
    struct TestCase {
        var lineNumber: Int
        var utf16: [UInt16]
        /// Boundaries from 0 to the end, as the file marks them with ÷.
        var expectedBoundaries: [Int]
    }

    static func load() throws -> [TestCase] {
        let text = try String(contentsOf: Fixtures.root.appendingPathComponent("Tests/Goldens/GraphemeBreakTest.txt"), encoding: .utf8)
        var cases: [TestCase] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            var utf16: [UInt16] = []
            var boundaries: [Int] = []
            for token in line.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                switch token {
                case "÷": boundaries.append(utf16.count)
                case "×": continue
                default:
                    guard let value = UInt32(token, radix: 16), let scalar = Unicode.Scalar(value) else { continue }
                    utf16.append(contentsOf: String(Character(scalar)).utf16)
                }
            }
            cases.append(TestCase(lineNumber: index + 1, utf16: utf16, expectedBoundaries: boundaries))
        }
        return cases
    }

    /// Every line of the file: ICU's boundaries, and, for lines with no hard line break (which
    /// would make two paragraphs), the clusters the pipeline measures by.
    @Test func graphemeBreakTestPasses() throws {
        let cases = try Self.load()
        let style = TextStyle(font: try Fixtures.font("Fonts/DejaVuSans.ttf"), size: 12, fallback: .none)
        var passed = 0
        var pipelinePassed = 0
        var pipelineCases = 0
        var failures: [Int] = []
        for testCase in cases {
            let boundaries = GraphemeClusters.boundaries(in: testCase.utf16)
            if boundaries == testCase.expectedBoundaries { passed += 1 } else { failures.append(testCase.lineNumber) }
            guard !testCase.utf16.contains(where: ParagraphSegmenter.isHardBreak) else { continue }
            pipelineCases += 1
            let text = String(decoding: testCase.utf16, as: UTF16.self)
            let measured = try TextMeasurer(cache: nil).measure(text, style: style)
            if measured.paragraph(0, in: ParagraphStyle()).graphemeBoundaries == testCase.expectedBoundaries { pipelinePassed += 1 } else {
                failures.append(testCase.lineNumber)
            }
        }
        // A line agrees when its boundaries and (without a hard break) the pipeline's clusters are the file's.
        Conformance.record(
            "unicode-grapheme-break", cases: cases.count, agreed: cases.count - Set(failures).count,
            figures: ["pipelineCases": pipelineCases])
        print("GraphemeBreakTest.txt (Unicode 15.0, ICU data \(TextBoundaries.unicodeVersion)): \(passed) of \(cases.count) passed; pipeline clusters \(pipelinePassed) of \(pipelineCases)")
        #expect(cases.count > 600)
        #expect(passed == cases.count && pipelinePassed == pipelineCases, "failing lines: \(failures.prefix(20))")
    }

    /// The rule segmenter (`GraphemeClusters.boundaries(in:)`) against ICU's iterator, besides
    /// the file above: 40,000 texts of fixed random draws from characters of every
    /// Grapheme_Cluster_Break value and the neighbours the rules look at (Extended_Pictographic
    /// ones before and after ZWJ, with Extend between; runs of regional indicators; Hangul
    /// syllables of every kind; CR LF; lone surrogates), each answered as the iterator answers.
    @Test func theRulesAgreeWithICUsIterator() throws {
        let pool: [UInt32] = [
            0x41, 0x20, 0x09, 0x7F, 0x85, 0xA9, 0xAD, 0xAE, 0xE9, 0x2FF,  // Other and Control below U+0300 (© ® pictographic)
            0x0D, 0x0A,  // CR, LF
            0x300, 0x301, 0x36F, 0x93F, 0x94D, 0x200C, 0x200D, 0xFE0F, 0xFE0E, 0x1F3FB, 0x1F3FF, 0xE0020, 0xE007F,  // Extend, SpacingMark, ZWJ
            0x600, 0x110BD, 0xD4E,  // Prepend
            0x1100, 0x115F, 0x1161, 0x11A8, 0xAC00, 0xAC01, 0xD7B0, 0xD7CB,  // Hangul L, V, T, LV, LVT
            0x1F1EF, 0x1F1F5, 0x1F1FA,  // regional indicators
            0x1F600, 0x1F469, 0x1F4BB, 0x2764, 0x2640, 0x1F3F4, 0x1FFFD, 0x4E16, 0x3042, 0x627, 0x5D0, 0xE01, 0xE33, 0x915,
            0x200B, 0x2028, 0x2029, 0xFFFC, 0x1F000,
            0xD800, 0xDBFF, 0xDC00,  // lone surrogates (as units)
        ]
        var generator = SplitMix64(seed: 29)
        for _ in 0..<40_000 {
            var units: [UInt16] = []
            for _ in 0..<Int.random(in: 1...10, using: &generator) {
                let value = Int.random(in: 0..<4, using: &generator) == 0
                    ? [0x41, 0x4E16, 0x627, 0x1F600, 0x20].randomElement(using: &generator) ?? 0x41 : pool.randomElement(using: &generator) ?? 0x41
                if value >= 0xD800 && value <= 0xDFFF {
                    units.append(UInt16(value))
                } else if let scalar = Unicode.Scalar(value) {
                    units.append(contentsOf: String(Character(scalar)).utf16)
                }
            }
            let iterated = try TextBoundaries.iteratedGraphemeClusterBoundaries(in: units)
            #expect(GraphemeClusters.boundaries(in: units) == iterated, "\(units.map { String($0, radix: 16) })")
        }
    }

    /// Every character of the Basic Multilingual Plane and the emoji planes between two others it
    /// might join (a letter before, a mark or a ZWJ and a pictograph after), as ICU's iterator
    /// segments it: each property value as the rules read it.
    @Test func everyCharacterIsSegmentedAsICUSegmentsIt() throws {
        var mismatches: [UInt32] = []
        for value in UInt32(0)...0x1FFFF {
            let units: [UInt16]
            if let scalar = Unicode.Scalar(value) {
                units = Array("a".utf16) + Array(String(Character(scalar)).utf16) + [0x301, 0x200D] + Array("😀".utf16) + [0x0D, 0x0A]
            } else {
                units = [0x61, UInt16(value), 0x301]  // a lone surrogate
            }
            if GraphemeClusters.boundaries(in: units) != (try TextBoundaries.iteratedGraphemeClusterBoundaries(in: units)) {
                mismatches.append(value)
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20).map { String($0, radix: 16) })")
    }
}
