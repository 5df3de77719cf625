// SystemFontCommandTests.swift — Apple's system fonts through `caliper measure --system-font`, `caliper batch --system-font` and `caliper fonts --system`.
import Foundation
import Testing

@Suite struct SystemFontCommandTests {
    /// The golden cases of `Tests/Goldens/system_fonts.json` (hb-shape's widths with the point size set).
    static func goldenCases() throws -> [[String: Any]] {
        let data = try Data(contentsOf: CLI.root.appendingPathComponent("Tests/Goldens/system_fonts.json"))
        let golden = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(golden["cases"] as? [[String: Any]])
    }

    static func width(of item: [String: Any], text: String) throws -> Double {
        let measurements = try #require(item["measurements"] as? [[String: Any]])
        return try #require(measurements.first { $0["text"] as? String == text }?["width"] as? Double)
    }

    /// `caliper measure --system-font` with the weight flags, and with `--text-style headline`
    /// alone (preferredFont: semibold), gives hb-shape's width for the call.
    @Test func measureSetsTheTextInTheSystemFont() throws {
        let cases = try Self.goldenCases()
        let text = "Hello, World 0123"
        let semibold20 = try #require(cases.first { $0["call"] as? String == "systemFont(ofSize: 20, weight: .semibold)" })
        let answer = try CLI.run([
            "measure", "--system-font", "Fonts/SystemFonts/Static", "--weight", "semibold", "--size", "20", "--only-given-fonts", "--json", text,
        ]).jsonLines
        #expect(abs((answer.first?["width"] as? Double ?? .nan) - (try Self.width(of: semibold20, text: text))) <= 1e-6, "\(answer)")
        let headline = try #require(cases.first { $0["textStyle"] as? String == "headline" && $0["folder"] as? String == "Static" })
        let preferred = try CLI.run(["measure", "--system-font", "Fonts/SystemFonts/Static", "--text-style", "headline", "--json", text]).jsonLines
        #expect(abs((preferred.first?["width"] as? Double ?? .nan) - (try Self.width(of: headline, text: text))) <= 1e-6, "\(preferred)")
        let condensed = try #require(cases.first { $0["width"] as? String == "condensed" })
        let narrow = try CLI.run([
            "measure", "--system-font", "Fonts/SystemFonts/Variable", "--font-width", "condensed", "--size", "17", "--json", text,
        ]).jsonLines
        #expect(abs((narrow.first?["width"] as? Double ?? .nan) - (try Self.width(of: condensed, text: text))) <= 1e-6, "\(narrow)")
    }

    /// Every golden case as a batch request (`systemFont` with its weight, width, design, italic
    /// and digits, or `textStyle` + `contentSizeCategory` + `systemFont: {}`), shuffled, on two
    /// threads: each answer is hb-shape's width.
    @Test func aBatchOfSystemFontRequestsMatchesHbShape() throws {
        var requests: [String: [String]] = [:]
        var expected: [String: Double] = [:]
        for (index, item) in try Self.goldenCases().enumerated() {
            let folder = try #require(item["folder"] as? String)
            var system: [String: Any] = [:]
            var request: [String: Any] = ["id": "\(index)", "text": "AVAVAV office"]
            if let textStyle = item["textStyle"] as? String {
                request["textStyle"] = textStyle
                request["contentSizeCategory"] = item["category"]
            } else {
                request["size"] = item["size"]
                system["weight"] = item["weight"]
                system["width"] = item["width"]
                system["design"] = item["design"]
                system["italic"] = item["italic"]
                system["monospacedDigits"] = item["monospacedDigits"]
            }
            request["systemFont"] = system
            let line = String(decoding: try JSONSerialization.data(withJSONObject: request, options: .sortedKeys), as: UTF8.self)
            requests[folder, default: []].append(line)
            expected["\(index)"] = try Self.width(of: item, text: "AVAVAV office")
        }
        try #require(requests.keys.sorted() == ["Static", "Variable"])
        for (folder, lines) in requests {
            let order = lines.indices.sorted { ($0 * 7919) % lines.count < ($1 * 7919) % lines.count }
            let answers = try CLI.run(
                ["batch", "--jobs", "2", "--only-given-fonts", "--system-font", "Fonts/SystemFonts/\(folder)"],
                input: order.map { lines[$0] }.joined(separator: "\n")
            ).jsonLines
            try #require(answers.count == lines.count)
            for answer in answers {
                let id = try #require(answer["id"] as? String, "\(answer)")
                let width = try #require(answer["width"] as? Double, "\(answer)")
                #expect(abs(width - (expected[id] ?? .nan)) <= 1e-6, "\(folder) request \(id): \(width), hb-shape \(expected[id] ?? .nan)")
            }
        }
    }

    /// What cannot apply is refused, naming the flag or key: weight flags without a folder,
    /// `--font` beside `--system-font`, an unknown weight, `systemFont` without a folder or beside
    /// `font` or `variations`, an unknown key inside it, a style the folder lacks.
    @Test func whatCannotApplyIsRefusedByName() throws {
        let failures: [([String], String)] = [
            (["measure", "--weight", "bold", "x"], "--weight goes with --system-font"),
            (["measure", "--system-font", "Fonts/SystemFonts/Static", "--font", "Fonts/DejaVuSans.ttf", "x"], "not both"),
            (["measure", "--system-font", "Fonts/SystemFonts/Static", "--weight", "book", "x"], "unknown --weight \"book\""),
            (["measure", "--system-font", "Fonts/SystemFonts/Static", "--variation", "wght=700", "x"], "--variation goes with --font"),
            (["measure", "--system-font", "Fonts/SystemFonts/Static", "--font-width", "condensed", "x"], "no wdth axis"),
            (["measure", "--system-font", "Fonts/Nope", "x"], "Fonts/Nope"),
        ]
        for (arguments, phrase) in failures {
            let result = try CLI.run(arguments)
            #expect(result.status != 0, "\(arguments)")
            #expect(result.standardError.contains(phrase), "\(arguments): \(result.standardError)")
        }
        let requests: [(String, [String], String)] = [
            (#"{"id": 1, "text": "x", "systemFont": {}}"#, [], "needs a folder of Apple's system-font files"),
            (#"{"id": 2, "text": "x", "systemFont": {}, "font": "Fonts/DejaVuSans.ttf"}"#, ["--system-font", "Fonts/SystemFonts/Static"], "not both"),
            (#"{"id": 3, "text": "x", "systemFont": {}, "variations": {"wght": 700}}"#, ["--system-font", "Fonts/SystemFonts/Variable"], "\"variations\" go with \"font\""),
            (#"{"id": 4, "text": "x", "systemFont": {"wieght": "bold"}}"#, ["--system-font", "Fonts/SystemFonts/Static"], "systemFont.wieght"),
            (#"{"id": 5, "text": "x", "systemFont": {"design": "fancy"}}"#, ["--system-font", "Fonts/SystemFonts/Static"], "unknown systemFont.design \"fancy\""),
            (#"{"id": 6, "text": "x", "systemFont": {"italic": true}}"#, ["--system-font", "Fonts/SystemFonts/Variable"], "SF-Pro-Italic.ttf"),
        ]
        for (request, flags, phrase) in requests {
            let answer = try CLI.run(["batch"] + flags, input: request).jsonLines.first ?? [:]
            let error = answer["error"] as? String ?? ""
            #expect(error.contains(phrase), "\(request): \(answer)")
        }
    }

    /// A span may set the system font of its own: its run is measured in the face it names.
    @Test func aSpanMaySetItsOwnSystemFont() throws {
        let request = #"{"id": 1, "text": "Total 42", "systemFont": {}, "size": 17, "spans": [{"start": 6, "end": 8, "systemFont": {"weight": "bold", "monospacedDigits": true}}]}"#
        let answer = try #require(try CLI.run(["batch", "--system-font", "Fonts/SystemFonts/Static"], input: request).jsonLines.first)
        let runs = try #require(((answer["lines"] as? [[String: Any]])?.first?["runs"]) as? [[String: Any]], "\(answer)")
        #expect(runs.compactMap { ($0["font"] as? String).map { ($0 as NSString).lastPathComponent } } == ["SF-Pro-Text-Regular.ttf", "SF-Pro-Text-Bold.ttf"])
        // Without a weight, a span's system font takes the request's text style's, as the request's own does.
        let headline = #"{"id": 2, "text": "Total 42", "font": "Fonts/DejaVuSans.ttf", "textStyle": "headline", "spans": [{"start": 6, "end": 8, "systemFont": {}}]}"#
        let styled = try #require(try CLI.run(["batch", "--system-font", "Fonts/SystemFonts/Static"], input: headline).jsonLines.first)
        let styledRuns = try #require(((styled["lines"] as? [[String: Any]])?.first?["runs"]) as? [[String: Any]], "\(styled)")
        #expect(styledRuns.compactMap { ($0["font"] as? String).map { ($0 as NSString).lastPathComponent } } == ["DejaVuSans.ttf", "SF-Pro-Text-Semibold.ttf"])
    }

    /// `caliper fonts --system FOLDER` lists each face with its role and `trak` sizes.
    @Test func fontsListsTheSystemFolder() throws {
        let lines = try CLI.run(["fonts", "--system", "Fonts/SystemFonts"]).standardOutput.split(separator: "\n")
        #expect(lines.count == 14)
        #expect(lines.contains { $0.hasPrefix("SF Pro Display:Semibold\tweight 600\ttrak 6") && $0.contains("default, from 20 pt") })
        #expect(lines.contains { $0.hasPrefix("SF Pro:Regular") && $0.contains("axes opsz") && $0.contains("instances Regular, Semibold") })
        let json = try CLI.run(["fonts", "--system", "Fonts/SystemFonts/Static", "--json"]).jsonLines
        #expect(json.count == 12)
        #expect(json.allSatisfy { ($0["trakSizes"] as? [Double])?.count == ($0["family"] as? String == "SF Mono" ? 0 : 64) })
    }
}
