// LineBreakConformanceTests.swift — Unicode's LineBreakTest.txt (15.0) through Caliper's ICU break layer.
@testable import Caliper
import Foundation
import TestSupport
import Testing

@Suite struct LineBreakConformanceTests {
    /// Lines of LineBreakTest.txt where ICU 72 deliberately differs from the plain UAX #14 rules.
    /// ICU's line rules implement the numeric-expression tailoring that UAX #14 itself suggests for
    /// LB25 (section 8.2, example 7), so it keeps together what the untailored rules would split:
    /// - 2265–2431: HYPHEN-MINUS before `#`, `§` and similar symbols (HY ÷ AL in the test; ICU
    ///   treats "-#", "-§" as a unit like a signed number).
    /// - 2873, 2875: COMMA or FULL STOP (IS) before a digit ("," "0"): ICU reads ",0" as the
    ///   start of a number and does not break.
    /// - 7477, 7576–7587: the test's examples "equals .35 cents", "a.2 ", "A.1 몪": a full stop
    ///   before digits after a letter or space is, to ICU, a decimal point, so no break before the digit.
    /// Each line number below is checked to still fail, so a change in ICU shows up here.
    static let deliberateTailorings: Set<Int> = [
        2265, 2267, 2421, 2423, 2425, 2427, 2429, 2431, 2873, 2875, 7477,
        7576, 7577, 7578, 7579, 7580, 7581, 7583, 7584, 7585, 7586, 7587,
    ]

    struct TestCase {
        var lineNumber: Int
        var utf16: [UInt16]
        /// Offsets (after offset 0) where the file allows a break.
        var expectedBreaks: [Int]
    }

    static func load() throws -> [TestCase] {
        let text = try String(contentsOf: Fixtures.root.appendingPathComponent("Tests/Goldens/LineBreakTest.txt"), encoding: .utf8)
        var cases: [TestCase] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            var utf16: [UInt16] = []
            var breaks: [Int] = []
            for token in line.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                switch token {
                case "÷": if !utf16.isEmpty { breaks.append(utf16.count) }
                case "×": continue
                default:
                    guard let value = UInt32(token, radix: 16), let scalar = Unicode.Scalar(value) else { continue }
                    utf16.append(contentsOf: String(Character(scalar)).utf16)
                }
            }
            cases.append(TestCase(lineNumber: index + 1, utf16: utf16, expectedBreaks: breaks))
        }
        return cases
    }

    @Test func lineBreakTestPassesExceptDocumentedTailorings() throws {
        let cases = try Self.load()
        var passed = 0
        var failedLines: Set<Int> = []
        for testCase in cases {
            let breaks = try TextBoundaries.lineBreakOpportunities(in: testCase.utf16).map(\.utf16Offset)
            if breaks == testCase.expectedBreaks { passed += 1 } else { failedLines.insert(testCase.lineNumber) }
        }
        print("LineBreakTest.txt (Unicode 15.0, ICU data \(TextBoundaries.unicodeVersion)): \(passed) of \(cases.count) passed; \(failedLines.count) differ as documented ICU tailorings")
        #expect(cases.count > 7000)
        let undocumented = failedLines.subtracting(Self.deliberateTailorings).sorted()
        let nowPassing = Self.deliberateTailorings.subtracting(failedLines).sorted()
        #expect(undocumented.isEmpty, "\(undocumented.count) undocumented differences, first: \(undocumented.prefix(20))")
        #expect(nowPassing.isEmpty, "documented tailorings that now pass: \(nowPassing.prefix(20))")
        Conformance.record(
            "unicode-line-break", cases: cases.count, agreed: passed,
            differences: ["icu-tailoring": failedLines.intersection(Self.deliberateTailorings).count])
    }

    @Test func hardBreaksAreMandatory() throws {
        let text = Array("a\nb\r\nc\u{2028}d\u{2029}e".utf16)
        let mandatory = try TextBoundaries.lineBreakOpportunities(in: text).filter(\.isMandatory).map(\.utf16Offset)
        // The end of the text is a break, but not a hard one.
        #expect(mandatory == [2, 5, 7, 9])
    }
}
