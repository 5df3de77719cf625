// Conformance.swift — each golden suite's counts, held to the committed report or written for scripts/conformance.
import Foundation
import Testing

/// The counts of the conformance report (`Tests/Goldens/conformance.json`, the article
/// `Conformance.md`): each golden suite's test calls ``record(_:part:cases:agreed:differences:figures:sourceLocation:)``
/// with what it measured. By default the committed report must hold exactly those counts, so a
/// report that no longer says what the suites measure fails the suite's own test. With
/// `CALIPER_CONFORMANCE_OUT` set to a folder, the counts are written there instead, one file per
/// suite (and part), for `scripts/conformance` to assemble the report from.
public enum Conformance {
    /// The environment variable naming the folder the counts are written to.
    public static let outputVariable = "CALIPER_CONFORMANCE_OUT"

    /// A suite of the committed report: its counts, its documented differences, its parts.
    public struct Suite: Decodable, Sendable, CustomStringConvertible {
        public var id: String
        public var cases: Int
        public var agreed: Int
        public var differences: [Difference]
        public var figures: [String: Int]
        public var parts: [Part]
        public var description: String { id }
    }
    /// A documented difference: its id in `scripts/conformance` and how many cases it covers.
    public struct Difference: Decodable, Sendable {
        public var id: String
        public var cases: Int
    }
    /// A part of a suite checked by several tests.
    public struct Part: Decodable, Sendable {
        public var name: String
        public var cases: Int
        public var agreed: Int
        public var differences: [String: Int]
        public var figures: [String: Int]
    }

    /// The committed report, as far as the counts go.
    struct Report: Decodable {
        var suites: [Suite]
    }

    /// One suite's (or part's) counts, as recorded and as written for the script.
    struct Row: Codable, Equatable {
        var suite: String
        var part: String?
        var cases: Int
        var agreed: Int
        var differences: [String: Int]
        var figures: [String: Int]
    }

    static let reportPath = Repository.path("Tests/Goldens/conformance.json")

    static let committed = Result { try JSONDecoder().decode(Report.self, from: Data(contentsOf: URL(fileURLWithPath: reportPath))) }

    /// Records a golden suite's counts: `cases` compared, `agreed` of them equal to the engine's
    /// within the suite's tolerance, `differences` the cases that differ as the suite documents,
    /// by the difference's id in `scripts/conformance`, and `figures` other numbers the report
    /// states (frames set aside, say). A suite checked by several tests records one `part` each.
    public static func record(
        _ suite: String, part: String? = nil, cases: Int, agreed: Int, differences: [String: Int] = [:],
        figures: [String: Int] = [:], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let row = Row(
            suite: suite, part: part, cases: cases, agreed: agreed, differences: differences.filter { $0.value != 0 },
            figures: figures)
        if let folder = ProcessInfo.processInfo.environment[outputVariable], !folder.isEmpty {
            write(row, to: folder, sourceLocation: sourceLocation)
        } else {
            check(row, sourceLocation: sourceLocation)
        }
    }

    /// Compares each case with `differences`, which lists what differs from the engine (empty
    /// when the case agrees); records an issue for each difference, naming the case, and returns
    /// how many cases agreed. A case that throws differs.
    public static func agreed<Case: CustomStringConvertible>(
        _ cases: some Sequence<Case>, sourceLocation: SourceLocation = #_sourceLocation,
        differences: (Case) throws -> [String]
    ) -> Int {
        var agreed = 0
        for item in cases {
            let found: [String]
            do { found = try differences(item) } catch { found = ["\(error)"] }
            if found.isEmpty {
                agreed += 1
            } else {
                Issue.record(Comment(rawValue: "\(item): \(found.joined(separator: "; "))"), sourceLocation: sourceLocation)
            }
        }
        return agreed
    }

    /// What differs in one case from the engine, noted check by check.
    public struct Differences {
        /// Each difference found, described.
        public private(set) var found: [String] = []

        public init() {}

        /// Notes `what` (or the line of the check) unless the check agrees.
        public mutating func check(_ agrees: Bool, _ what: @autoclosure () -> String = "", line: Int = #line) {
            guard !agrees else { return }
            let described = what()
            found.append(described.isEmpty ? "the check at line \(line)" : described)
        }

        /// `value`, or, when it is missing, an error naming `what` that ends the case.
        public func require<Value>(_ value: Value?, _ what: @autoclosure () -> String = "a value it needs is missing") throws -> Value {
            guard let value else { throw Missing(description: what()) }
            return value
        }

        /// What a case lacked to be compared further.
        public struct Missing: Error, CustomStringConvertible {
            public var description: String
        }
    }

    static func write(_ row: Row, to folder: String, sourceLocation: SourceLocation) {
        let name = row.part.map { "\(row.suite)--\($0)" } ?? row.suite
        let url = URL(fileURLWithPath: folder).appendingPathComponent("\(name).json")
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try encoder.encode(row).write(to: url, options: .atomic)
        } catch {
            Issue.record(Comment(rawValue: "cannot write \(url.path): \(error)"), sourceLocation: sourceLocation)
        }
    }

    static func check(_ row: Row, sourceLocation: SourceLocation) {
        let name = row.part.map { "\(row.suite) (\($0))" } ?? row.suite
        let report: Report
        switch committed {
        case .success(let found): report = found
        case .failure(let error):
            Issue.record(Comment(rawValue: "\(reportPath) cannot be read (\(error)): run scripts/conformance"), sourceLocation: sourceLocation)
            return
        }
        guard let suite = report.suites.first(where: { $0.id == row.suite }) else {
            Issue.record(Comment(rawValue: "conformance.json has no suite \(row.suite): run scripts/conformance"), sourceLocation: sourceLocation)
            return
        }
        let committedRow: Row
        if let part = row.part {
            guard let found = suite.parts.first(where: { $0.name == part }) else {
                Issue.record(Comment(rawValue: "conformance.json has no part \(name): run scripts/conformance"), sourceLocation: sourceLocation)
                return
            }
            committedRow = Row(
                suite: row.suite, part: part, cases: found.cases, agreed: found.agreed, differences: found.differences,
                figures: found.figures)
        } else {
            committedRow = Row(
                suite: row.suite, part: nil, cases: suite.cases, agreed: suite.agreed,
                differences: Dictionary(uniqueKeysWithValues: suite.differences.map { ($0.id, $0.cases) }).filter { $0.value != 0 },
                figures: suite.figures)
        }
        if committedRow != row {
            Issue.record(
                Comment(
                    rawValue: """
                        conformance.json is stale for \(name): it says \(describe(committedRow)), the suite measured \
                        \(describe(row)). If the change is intended, run scripts/conformance.
                        """), sourceLocation: sourceLocation)
        }
    }

    static func describe(_ row: Row) -> String {
        var text = "\(row.agreed) of \(row.cases) agreed"
        if !row.differences.isEmpty {
            text += ", differences " + row.differences.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        }
        if !row.figures.isEmpty {
            text += ", figures " + row.figures.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        }
        return text
    }
}
