// LayoutCommandTests.swift — `caliper flow`, `caliper layout`, their SVG, and the batch ops flow and layout.
import Foundation
import FoundationXML
import Testing

@Suite struct LayoutCommandTests {
    @Test func flowPrintsFramesSpacedFromTheInset() throws {
        let result = try CLI.run([
            "flow", "Hello", "ios", "machine learning", "--width", "375", "--font", "Fonts/DejaVuSans.ttf", "--size", "17",
            "--padding", "4,10,4,10", "--spacing", "8", "--insets", "16", "--json",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let json = try #require(result.jsonLines.first)
        let frames = try #require(json["frames"] as? [[Double]])
        try #require(frames.count == 3)
        #expect(frames[0][0] == 16)
        #expect(frames[0][1] == 16)
        // Each chip is as wide as its text (hb-shape) plus 20 of padding, 8 apart.
        let hello = Double(try CLI.goldenAdvance("Hello", font: "Fonts/DejaVuSans.ttf")) * 17 / 2048
        #expect(abs(frames[0][2] - (hello + 20)) < 1e-9)
        #expect(abs(frames[1][0] - (frames[0][0] + frames[0][2] + 8)) < 1e-9)
        #expect(json["hiddenCount"] as? Int == 0)
    }

    @Test func flowReadsTagsFromStandardInputAndLimitsRows() throws {
        let tags = (1...30).map { "tag\($0)" }.joined(separator: "\n")
        let result = try CLI.run(["flow", "--width", "200", "--font", "Fonts/DejaVuSans.ttf", "--max-rows", "2", "--json"], input: tags)
        let json = try #require(result.jsonLines.first)
        #expect((json["rows"] as? [[Int]])?.count == 2)
        let hidden = try #require(json["hiddenCount"] as? Int)
        #expect(hidden > 0)
        let overflow = try #require(json["overflow"] as? [String: Any])
        #expect(overflow["text"] as? String == "+\(hidden)")
    }

    @Test func flowWritesAnSVGWithTheTextWhereTheLayoutSaysItIs() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("caliper-cloud-\(UUID()).svg")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try CLI.run([
            "flow", "swift", "A & B <tag>", "--width", "300", "--font", "Fonts/NotoSans-Regular.ttf", "--padding", "4,10,4,10",
            "--json", "--svg", file.path,
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let frames = try #require(result.jsonLines.first?["frames"] as? [[Double]])
        let lines = try SVGLines(contentsOf: file)
        #expect(lines.isWellFormed)
        #expect(lines.texts == ["swift", "A & B <tag>"])
        // Each line's origin is at the chip's left padding; its baseline lies inside the chip.
        for (line, frame) in zip(lines.origins, frames) {
            #expect(abs(line.x - (frame[0] + 10)) < 1e-3)
            #expect(line.y > frame[1] && line.y < frame[1] + frame[3])
        }
        #expect(lines.glyphUses > 10)
    }

    @Test(arguments: [
        "Examples/title-content-cell.json", "Examples/feed-cell.json", "Examples/tag-cell.json", "Examples/rich-feed-cell.json",
    ])
    func layoutSizesTheSeedCells(_ spec: String) throws {
        for width in ["320", "375", "414"] {
            let result = try CLI.run(["layout", spec, "--width", width, "--json"])
            #expect(result.status == 0, "\(result.standardError)")
            let json = try #require(result.jsonLines.first)
            let size = try #require(json["size"] as? [Double])
            #expect(size[0] == Double(width))
            #expect(size[1] > 40)
            #expect((json["frames"] as? [String: Any])?.isEmpty == false)
        }
    }

    @Test func layoutHeightsAgreeWithChromium() throws {
        // Tests/Goldens/browser_cells.json: Chromium's heights of the same specs (1/64 px line boxes).
        let data = try Data(contentsOf: CLI.root.appendingPathComponent("Tests/Goldens/browser_cells.json"))
        let cells = try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["cells"] as? [[String: Any]])
        #expect(cells.count == 12)
        for cell in cells {
            let spec = try #require(cell["spec"] as? String)
            let width = try #require(cell["width"] as? Double)
            let height = try #require(cell["height"] as? Double)
            let result = try CLI.run(["layout", spec, "--width", String(width), "--json"])
            let size = try #require(result.jsonLines.first?["size"] as? [Double])
            #expect(abs(size[1] - height) < 0.1, "\(spec) at \(width)")
        }
    }

    @Test func layoutDrawsTheCell() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("caliper-cell-\(UUID()).svg")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try CLI.run(["layout", "Examples/feed-cell.json", "--svg", file.path, "--show-guides"])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = try SVGLines(contentsOf: file)
        #expect(lines.isWellFormed)
        #expect(lines.texts.first == "Ada Lovelace")
    }

    static let layoutErrors: [([String], String)] = [
        (["flow", "a", "--width", "-1"], "--width"),
        (["flow", "a", "--width", "100", "--padding", "1,2"], "padding"),
        (["flow", "a", "--width", "100", "--align", "diagonal"], "align"),
        (["flow", "a", "--width", "100", "--max-rows", "0"], "--max-rows"),
        (["flow", "a"], "width"),
        (["layout", "/no/such/spec.json"], "cannot read the spec file"),
        (["layout", "README.md"], "invalid JSON"),
    ]

    @Test(arguments: layoutErrors)
    func layoutCommandErrorsAreClear(_ arguments: [String], _ phrase: String) throws {
        let result = try CLI.run(arguments)
        #expect(result.status != 0)
        #expect(result.standardError.contains(phrase), "\(arguments): \(result.standardError)")
    }

    @Test func batchAnswersFlowAndLayoutOps() throws {
        let flow = #"{"id": 41, "op": "flow", "width": 200, "insets": [8, 8, 8, 8], "spacing": 6, "lineSpacing": 4, "alignment": "left", "rounding": "pixel", "scale": 2, "items": [{"text": "swift", "font": "../Fonts/DejaVuSans.ttf", "size": 15, "padding": [4, 10, 4, 10]}, {"text": "ios", "font": "../Fonts/DejaVuSans.ttf", "size": 15, "padding": [4, 10, 4, 10]}]}"#
        let spec = try String(contentsOfFile: CLI.path("Examples/tag-cell.json"), encoding: .utf8)
        let specObject = try #require(try JSONSerialization.jsonObject(with: Data(spec.utf8)) as? [String: Any])
        let layoutRequest: [String: Any] = ["id": "l1", "op": "layout", "width": 320, "root": specObject["root"] as Any]
        let layout = String(decoding: try JSONSerialization.data(withJSONObject: layoutRequest), as: UTF8.self)
        let bad = #"{"id": "f2", "op": "flow", "width": 200, "items": [{"text": "x", "font": "../Fonts/DejaVuSans.ttf", "size": 0}]}"#
        let badLayout = #"{"id": "l2", "op": "layout", "width": 200, "root": {"type": "triangle"}}"#
        // The spec's font paths are relative to its folder; a batch reads them from the current directory.
        let answers = try CLI.run(
            ["batch"], input: [flow, layout, bad, badLayout].joined(separator: "\n"),
            in: CLI.root.appendingPathComponent("Examples")).jsonLines
        try #require(answers.count == 4)
        let frames = try #require(answers[0]["frames"] as? [[Double]])
        try #require(frames.count == 2)
        #expect(frames[0][0] == 8)
        // Pixel rounding at 2×: every size and position is on the half-point grid.
        #expect(frames.flatMap { $0 }.allSatisfy { ($0 * 2).rounded() == $0 * 2 })
        #expect((answers[0]["contentSize"] as? [Double])?.first == 200)
        #expect(answers[0]["id"] as? Int == 41)
        #expect(answers[1]["id"] as? String == "l1")
        #expect((answers[1]["size"] as? [Double])?.first == 320)
        #expect((answers[1]["frames"] as? [String: Any])?["tags"] != nil)
        #expect((answers[2]["error"] as? String)?.contains("font size") == true)
        #expect((answers[3]["error"] as? String)?.contains("triangle") == true)
    }
}

/// The text lines of an SVG written by Caliper: `<g class="line" data-text=… transform="translate(x y)">`.
struct SVGLines {
    var isWellFormed = false
    var texts: [String] = []
    var origins: [(x: Double, y: Double)] = []
    var glyphUses = 0

    init(contentsOf file: URL) throws {
        let parser = XMLParser(data: try Data(contentsOf: file))
        let collector = Collector()
        parser.delegate = collector
        isWellFormed = parser.parse()
        texts = collector.texts
        origins = collector.origins
        glyphUses = collector.uses
    }

    private final class Collector: NSObject, XMLParserDelegate {
        var texts: [String] = []
        var origins: [(x: Double, y: Double)] = []
        var uses = 0

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            if name == "use" { uses += 1 }
            guard name == "g", attributes["class"] == "line", let text = attributes["data-text"],
                let transform = attributes["transform"]
            else { return }
            let numbers = transform.dropFirst("translate(".count).dropLast().split(separator: " ").compactMap { Double($0) }
            texts.append(text)
            origins.append((numbers.first ?? .nan, numbers.last ?? .nan))
        }
    }
}

/// A layout's `scale` (`caliper layout --scale`, a spec's or a batch request's `"scale"`) answers
/// the cell's size ceiled to the screen's pixels beside the unrounded size, as a measure's does.
@Suite struct LayoutScaleTests {
    @Test func aScaleAnswersTheCeiledSizeInEveryDoor() throws {
        let root = #"{"type": "inset", "insets": [8, 8, 8, 8], "child": {"type": "label", "id": "title", "text": "Hello there", "font": "Fonts/DejaVuSans.ttf"}}"#
        let answers = try CLI.run(
            ["batch"],
            input: [
                #"{"id": 1, "op": "layout", "width": 320, "scale": 3, "root": \#(root)}"#,
                #"{"id": 2, "op": "layout", "width": 320, "root": \#(root)}"#,
                #"{"id": 3, "op": "layout", "width": 320, "scale": -2, "root": \#(root)}"#,
            ].joined(separator: "\n")
        ).jsonLines
        try #require(answers.count == 3)
        let size = try #require(answers[0]["size"] as? [Double])
        let rounded = try #require(answers[0]["roundedSize"] as? [Double])
        #expect(rounded == size.map { ($0 * 3).rounded(.up) / 3 })
        #expect(rounded[1] > size[1], "19.79 + 16 is not on the 3x grid")
        #expect(answers[1]["roundedSize"] == nil && answers[1]["size"] as? [Double] == size)
        #expect(answers[2]["error"] as? String == #""scale" must be a number from 0.01 to 100.0, not -2.0"#)
        let spec = FileManager.default.temporaryDirectory.appendingPathComponent("caliper-scale-\(UUID().uuidString).json")
        try #"{"width": 320, "scale": 3, "root": \#(root.replacingOccurrences(of: "Fonts/", with: CLI.path("Fonts") + "/"))}"#
            .write(to: spec, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: spec) }
        let cli = try #require(try CLI.run(["layout", spec.path, "--json"]).jsonLines.first)
        #expect(cli["roundedSize"] as? [Double] == rounded)
        let bad = try CLI.run(["layout", spec.path, "--scale", "0"])
        #expect(bad.status == 64 && bad.standardError.contains("--scale must be a number from 0.01 to 100.0, not 0.0"))
    }
}
