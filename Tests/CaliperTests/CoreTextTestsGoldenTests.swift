// CoreTextTestsGoldenTests.swift — numbers Core Text and UIKit computed in other libraries' unit tests, measured again.
import Caliper
import Foundation
import TestSupport
import Testing

/// `Tests/Goldens/coretext_tests.json` (make_coretext_tests.py, described in coretext_tests.md):
/// values that open-source libraries' unit tests assert after Core Text (`CTLineGetTypographicBounds`)
/// or UIKit (`boundingRect(with:options:attributes:context:)`) measured text in a font they commit.
/// Each value is a sum of line widths, each counted with a factor, plus a constant the library adds
/// by its own rule (a space between math atoms, a tab's padding).
struct CoreTextTestGoldens: Decodable {
    /// Characters in one style; `kern` is the `kCTKernAttributeName` after them, in points.
    struct Span: Decodable {
        var text: String
        var kern: Double
    }

    /// One Core Text line: its spans at a point size with OpenType features, counted `factor` times.
    struct Term: Decodable {
        var factor: Double
        var pointSize: Double
        var features: [String]
        var spans: [Span]
    }

    struct Record: Decodable, CustomStringConvertible {
        var repository: String
        var file: String
        var line: Int
        var test: String
        var quantity: String
        var font: String
        var expected: Double
        var tolerance: Double
        var terms: [Term]
        var constant: Double
        var rule: String
        var description: String { "\(repository) \(file):\(line) \(test) \(quantity) = \(rule)" }
    }

    var records: [Record]
}

@Suite struct CoreTextTestsGoldenTests {
    static let records = (try? Fixtures.golden("coretext_tests.json", as: CoreTextTestGoldens.self).records) ?? []

    @Test func goldensLoaded() {
        #expect(Self.records.count >= 20)
        #expect(Set(Self.records.map(\.repository)).count >= 2)
    }

    /// Every asserted value from Caliper's widths, within the tolerance the source test allows.
    @Test func valuesMatchTheSourceTestsWithinTheirTolerances() {
        let agreed = Conformance.agreed(Self.records) { record in
            let measured = try Self.value(of: record)
            guard abs(measured - record.expected) > record.tolerance else { return [] }
            return ["Caliper \(measured), the test asserts \(record.expected) ± \(record.tolerance)"]
        }
        Conformance.record("coretext-tests", cases: Self.records.count, agreed: agreed)
    }

    /// The record's constant plus each line's width times its factor.
    static func value(of record: CoreTextTestGoldens.Record) throws -> Double {
        // A font a Debian package installs (Latin Modern Math: fonts-lmodern, which
        // `scripts/test` installs) is named by its absolute path.
        let face: FontFace
        if record.font.hasPrefix("/") {
            guard FileManager.default.fileExists(atPath: record.font) else {
                throw CaliperError.fontFileUnreadable(path: record.font, reason: "not installed: scripts/install-deps fonts-lmodern")
            }
            face = try FontFace(contentsOfFile: record.font)
        } else {
            face = try Fixtures.font(record.font)
        }
        var value = record.constant
        for term in record.terms {
            value += term.factor * (try width(of: term, in: face))
        }
        return value
    }

    /// A line's width as `CTLineGetTypographicBounds` gives it: one span per run of characters,
    /// its kern attribute as the span's letter spacing (`.kern`), no fallback font.
    static func width(of term: CoreTextTestGoldens.Term, in face: FontFace) throws -> Double {
        let features = try term.features.map { try FontFeature($0) }
        var text = ""
        var spans: [AttributedText.Span] = []
        for span in term.spans {
            let start = text.utf16.count
            text += span.text
            let style = TextStyle(
                font: face, size: CGFloat(term.pointSize), letterSpacing: CGFloat(span.kern), features: features,
                fallback: .none)
            spans.append(AttributedText.Span(utf16Range: start..<text.utf16.count, style: style))
        }
        return Double(try TextMeasurer().size(of: AttributedText(string: text, spans: spans)).width)
    }
}
