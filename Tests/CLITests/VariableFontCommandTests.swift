// VariableFontCommandTests.swift — variable fonts from the CLI and batch: --variation, fontconfig's named instances, axes in `metrics`.
import Foundation
import Testing

@Suite struct VariableFontCommandTests {
    /// hb-shape --variations=wght=700 Fonts/Inter.var.ttf "Variable": 11359 design units (2816 per em).
    static let boldVariable = 11359.0 * 17 / 2816

    @Test func aVariationSetsTheAxisOfTheFont() throws {
        let result = try CLI.run(["measure", "Variable", "--font", "Fonts/Inter.var.ttf", "--variation", "wght=700", "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let answer = try #require(result.jsonLines.first)
        #expect(abs((answer["width"] as? Double ?? 0) - Self.boldVariable) < 1e-9)
        let run = try #require(((answer["lines"] as? [[String: Any]])?.first?["runs"] as? [[String: Any]])?.first)
        #expect(run["variations"] as? [String: Double] == ["wght": 700])
    }

    /// fontconfig lists Inter's named instances as faces numbered in the index's upper bits
    /// ("face index 458752 is out of range" before): "Inter:bold" is the Bold instance.
    @Test func aFontconfigPatternPicksANamedInstance() throws {
        let result = try CLI.run(["measure", "Variable", "--font", "Inter:bold"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Inter Bold (Inter.var.ttf slnt=0,wght=700)"))
        // Human-readable output has 15 significant digits (--json has every bit).
        #expect(result.standardOutput.contains("width: \(String(format: "%.15g", Self.boldVariable))"))
        let fonts = try CLI.run(["fonts", "Inter", "--json"])
        let bold = fonts.jsonLines.first { $0["style"] as? String == "Bold" }
        #expect(bold?["faceIndex"] as? Int == 0)
        #expect(bold?["namedInstance"] as? Int == 12)
    }

    @Test func metricsListAxesAndNamedInstances() throws {
        let result = try CLI.run(["metrics", "--font", "Fonts/Inter.var.ttf", "--json"])
        let answer = try #require(result.jsonLines.first)
        let axes = try #require(answer["axes"] as? [[String: Any]])
        #expect(axes.map { $0["tag"] as? String } == ["wght", "slnt"])
        #expect((answer["namedInstances"] as? [[String: Any]])?.count == 18)
    }

    static let errors: [([String], Int32, String)] = [
        (["measure", "x", "--font", "Fonts/Inter.var.ttf", "--variation", "wdth=75"], 1, "has no axis wdth"),
        (["measure", "x", "--font", "Fonts/Inter.var.ttf", "--variation", "wght=2000"], 1, "ranges from 100 to 900"),
        (["measure", "x", "--font", "Fonts/DejaVuSans.ttf", "--variation", "wght=700"], 1, "not a variable font"),
        (["measure", "x", "--variation", "heavy"], 64, "write it as tag=value"),
        (["measure", "x", "--feature", "wght=700"], 64, "wght is a variation axis"),
    ]

    @Test(arguments: errors)
    func badVariationsAreRefused(_ arguments: [String], _ status: Int32, _ phrase: String) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == status, "\(result.standardError)")
        #expect(result.standardError.contains(phrase), "\(result.standardError)")
    }

    @Test func batchRequestsAndSpansSetAxes() throws {
        let requests = [
            #"{"id": 1, "text": "Variable", "font": "Fonts/Inter.var.ttf", "variations": {"wght": 700}}"#,
            #"{"id": 2, "text": "Variable", "font": "Fonts/Inter.var.ttf", "spans": [{"start": 0, "end": 8, "variations": {"wght": 700}}]}"#,
            #"{"id": 3, "text": "x", "font": "Fonts/Inter.var.ttf", "variations": {"wght": "bold"}}"#,
            #"{"id": 4, "text": "x", "font": "Fonts/Inter.var.ttf", "spans": [{"start": 0, "end": 1, "variations": {"opsz": 12}}]}"#,
        ]
        let answers = try CLI.run(["batch", "--font-root", "Fonts"], input: requests.joined(separator: "\n")).jsonLines
        try #require(answers.count == 4)
        #expect(abs((answers[0]["width"] as? Double ?? 0) - Self.boldVariable) < 1e-9)
        #expect(answers[1]["width"] as? Double == answers[0]["width"] as? Double)
        #expect(answers[2]["error"] as? String == "variations.wght must be a number")
        #expect((answers[3]["error"] as? String)?.contains("has no axis opsz") == true)
    }

    /// The optical size follows the point size in the CLI and batch unless given: hb-shape's
    /// advance sums of "Hello" in Caliper Opsz Test at opsz 17 and 12 (`opsz.json`'s rule:
    /// `hb-shape --variations=opsz=17 Fonts/CaliperOpszTest.ttf Hello`).
    @Test func opticalSizeFollowsTheSizeUnlessGiven() throws {
        let at17 = 5148.0 * 17 / 2048
        let pinned12 = 5191.0 * 17 / 2048
        let automatic = try CLI.run(["measure", "Hello", "--font", "Fonts/CaliperOpszTest.ttf", "--size", "17", "--json"])
        let answer = try #require(automatic.jsonLines.first)
        #expect(abs((answer["width"] as? Double ?? 0) - at17) < 1e-9)
        let runs = ((answer["lines"] as? [[String: Any]])?.first?["runs"] as? [[String: Any]]) ?? []
        #expect((runs.first?["variations"] as? [String: Double]) == ["opsz": 17])
        let pinned = try CLI.run(["measure", "Hello", "--font", "Fonts/CaliperOpszTest.ttf", "--variation", "opsz=12", "--size", "17", "--json"])
        #expect(abs((pinned.jsonLines.first?["width"] as? Double ?? 0) - pinned12) < 1e-9)
        let requests = [
            #"{"id": 1, "text": "Hello", "font": "Fonts/CaliperOpszTest.ttf", "size": 17}"#,
            #"{"id": 2, "text": "Hello", "font": "Fonts/CaliperOpszTest.ttf", "size": 17, "variations": {"opsz": 12}}"#,
        ]
        let answers = try CLI.run(["batch", "--font-root", "Fonts"], input: requests.joined(separator: "\n")).jsonLines
        try #require(answers.count == 2)
        #expect(abs((answers[0]["width"] as? Double ?? 0) - at17) < 1e-9)
        #expect(abs((answers[1]["width"] as? Double ?? 0) - pinned12) < 1e-9)
        let metrics = try CLI.run(["metrics", "--font", "Fonts/CaliperOpszTest.ttf", "--size", "40", "--json"])
        let report = try #require(metrics.jsonLines.first)
        #expect((report["axes"] as? [[String: Any]])?.map { $0["tag"] as? String } == ["opsz"])
        #expect((report["variations"] as? [String: Double]) == ["opsz": 40])
    }
}
