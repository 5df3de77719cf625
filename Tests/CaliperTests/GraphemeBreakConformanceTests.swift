// GraphemeBreakConformanceTests.swift — Unicode's GraphemeBreakTest.txt (15.0) through Caliper's grapheme layer: ICU's boundaries and the pipeline's clusters.
@testable import Caliper
import Foundation
import Testing

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
            let boundaries = try TextBoundaries.graphemeClusterBoundaries(in: testCase.utf16)
            if boundaries == testCase.expectedBoundaries { passed += 1 } else { failures.append(testCase.lineNumber) }
            guard !testCase.utf16.contains(where: ParagraphSegmenter.isHardBreak) else { continue }
            pipelineCases += 1
            let text = String(decoding: testCase.utf16, as: UTF16.self)
            let measured = try TextMeasurer(cache: nil).measure(text, style: style)
            if measured.paragraph(0, in: ParagraphStyle()).graphemeBoundaries == testCase.expectedBoundaries { pipelinePassed += 1 } else {
                failures.append(testCase.lineNumber)
            }
        }
        print("GraphemeBreakTest.txt (Unicode 15.0, ICU data \(TextBoundaries.unicodeVersion)): \(passed) of \(cases.count) passed; pipeline clusters \(pipelinePassed) of \(pipelineCases)")
        #expect(cases.count > 600)
        #expect(passed == cases.count && pipelinePassed == pipelineCases, "failing lines: \(failures.prefix(20))")
    }
}
