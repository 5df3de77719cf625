// ConformanceReportTests.swift — the conformance report's article, headline and totals say what conformance.json holds.
import Foundation
import TestSupport
import Testing

/// `Tests/Goldens/conformance.json`, written by `scripts/conformance` from the counts each golden
/// test records (`Conformance.record`, which holds the file to what the suite measures); these
/// tests hold the rest of the report to the file: each suite's totals, the headline, the article
/// `Conformance.md` and the README's headline paragraph.
struct ConformanceReport: Decodable {
    struct Article: Decodable {
        var path: String
        var fnv1a64: String
    }
    struct Item: Decodable {
        var engine: String
        var noun: String
        var suites: [String]
        var cases: Int
        var agreed: Int
    }
    struct Headline: Decodable {
        var prefix: String
        var items: [Item]
        var suffix: String
        var text: String
    }
    var article: Article
    var headline: Headline
    /// The suites, read as `Conformance.record` reads them.
    var suites: [Conformance.Suite]
}

@Suite struct ConformanceReportTests {
    static let report = Result { try Fixtures.golden("conformance.json", as: ConformanceReport.self) }
    static let regenerate = "the report was edited by hand or is stale: run scripts/conformance"

    /// A suite's counts are its parts' added up, and every case that does not agree is a
    /// documented difference.
    @Test func eachSuitesCountsAddUp() throws {
        let report = try Self.report.get()
        #expect(report.suites.count >= 30)
        for suite in report.suites {
            let documented = suite.differences.reduce(0) { $0 + $1.cases }
            #expect(suite.cases - suite.agreed == documented, "\(suite): \(suite.cases - suite.agreed) differ, \(documented) documented")
            #expect(suite.agreed >= 0 && suite.agreed <= suite.cases, "\(suite)")
            guard !suite.parts.isEmpty else { continue }
            #expect(suite.parts.reduce(0) { $0 + $1.cases } == suite.cases, "\(suite): \(Self.regenerate)")
            #expect(suite.parts.reduce(0) { $0 + $1.agreed } == suite.agreed, "\(suite): \(Self.regenerate)")
            for difference in suite.differences {
                #expect(suite.parts.reduce(0) { $0 + ($1.differences[difference.id] ?? 0) } == difference.cases, "\(suite) \(difference.id)")
            }
            for (figure, value) in suite.figures {
                #expect(suite.parts.reduce(0) { $0 + ($1.figures[figure] ?? 0) } == value, "\(suite) \(figure)")
            }
        }
    }

    /// The headline adds up the suites it names, and says so in the words `scripts/conformance` writes.
    @Test func theHeadlineAddsUpItsSuites() throws {
        let report = try Self.report.get()
        let suites = Dictionary(uniqueKeysWithValues: report.suites.map { ($0.id, $0) })
        var phrases: [String] = []
        for item in report.headline.items {
            let named = item.suites.compactMap { suites[$0] }
            #expect(named.count == item.suites.count && !named.isEmpty, "\(item.engine): \(item.suites)")
            #expect(named.reduce(0) { $0 + $1.cases } == item.cases, "\(item.engine): \(Self.regenerate)")
            #expect(named.reduce(0) { $0 + $1.agreed } == item.agreed, "\(item.engine): \(Self.regenerate)")
            phrases.append("with \(item.engine) on \(item.agreed) of \(item.cases) \(item.noun)")
        }
        let joined = phrases.dropLast().joined(separator: ", ") + " and " + (phrases.last ?? "")
        #expect(report.headline.text == report.headline.prefix + joined + report.headline.suffix, "\(Self.regenerate)")
    }

    /// The article is the one `scripts/conformance` wrote with these counts (its FNV-1a hash is in
    /// the report), and it and the README's first screen state the headline.
    @Test func theArticleAndTheReadmeSayWhatTheReportHolds() throws {
        let report = try Self.report.get()
        let article = try Data(contentsOf: URL(fileURLWithPath: Repository.path(report.article.path)))
        #expect(Self.fnv1a64(article) == report.article.fnv1a64, "\(report.article.path): \(Self.regenerate)")
        let readme = try String(contentsOfFile: Repository.path("README.md"), encoding: .utf8)
        let firstScreen = readme.split(separator: "\n", omittingEmptySubsequences: false).prefix(25).joined(separator: "\n")
        let headline = report.headline.text + " See [Conformance](\(report.article.path))."
        #expect(Self.words(firstScreen).contains(Self.words(headline)), "README.md's first screen: \(Self.regenerate)")
        #expect(Self.words(String(decoding: article, as: UTF8.self)).contains(Self.words(report.headline.text)), "\(Self.regenerate)")
    }

    /// The 64-bit FNV-1a hash of `data`, in 16 hexadecimal digits, as `scripts/conformance` computes it.
    static func fnv1a64(_ data: Data) -> String {
        let hash = data.reduce(UInt64(0xCBF2_9CE4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// `text` with every run of white space one space, as a wrapped paragraph reads.
    static func words(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }
}
