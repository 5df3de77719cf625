// LayoutSpecPriorityTests.swift — huggingPriority and compressionResistancePriority in layout specs, measured with the fixture fonts.
import Caliper
@testable import CaliperBatch
import CaliperLayout
import Foundation
import Testing

@Suite struct LayoutSpecPriorityTests {
    let spec = LayoutSpec(resolver: FontResolver())
    let measurer = TextMeasurer(cache: nil)

    func layout(_ json: String) throws -> any Layout {
        try spec.layout(try JSONObject(parsing: json, path: "root"))
    }

    /// The issue's row: a long name and "2h", 8 pt apart, 240 pt wide, no flexible child.
    func nameDateRow(namePriorities: String = "") -> String {
        let font = CLI.path("Fonts/NotoSans-Regular.ttf")
        return """
            {"type": "stack", "axis": "horizontal", "spacing": 8, "children": [
              {"type": "label", "id": "name", "text": "Ada Lovelace, Countess of Lovelace, replied to your post", "font": "\(font)",
               "size": 15, "numberOfLines": 1, "lineBreak": "truncate-tail"\(namePriorities)},
              {"type": "label", "id": "date", "text": "2h", "font": "\(font)", "size": 13, "numberOfLines": 1}
            ]}
            """
    }

    @Test func theDateKeepsItsWidthAndOneLineAndTheNameGivesWay() throws {
        let font = try FontFace(contentsOfFile: CLI.path("Fonts/NotoSans-Regular.ttf"))
        let date = try measurer.layout("2h", style: TextStyle(font: font, size: 13))
        let oneNameLine = try measurer.layout("Ada", style: TextStyle(font: font, size: 15)).size.height
        let arrangement = try layout(nameDateRow()).arrange(width: 240, measurer: measurer)
        let frames = arrangement.framesByID
        let dateFrame = try #require(frames["date"])
        let nameFrame = try #require(frames["name"])
        #expect(dateFrame.width == date.size.width)
        #expect(dateFrame.maxX == 240)
        #expect(abs(nameFrame.width - (240 - 8 - date.size.width)) < 1e-9)
        #expect(nameFrame.height == oneNameLine)  // truncated to its one line; the date is stretched to it (fill)
        let shown = arrangement.allArrangements.compactMap { node -> (String, TextMeasurement)? in
            guard let id = node.layout.id, case .text(let measured, _) = node.content else { return nil }
            return (id, measured)
        }
        let lines = Dictionary(uniqueKeysWithValues: shown)
        #expect(lines["date"]?.lines.map(\.text) == ["2h"])
        #expect(lines["name"]?.lines.count == 1)
        #expect(lines["name"]?.lines.first?.text.hasSuffix("…") == true)
    }

    @Test func aNameThatResistsMoreMakesTheDateGiveWay() throws {
        let row = try layout(nameDateRow(namePriorities: #", "compressionResistancePriority": {"horizontal": 751}"#))
        let label = try #require((row as? StackLayout)?.children.first as? LabelLayout)
        #expect(label.compressionResistancePriority == AxisPriorities(horizontal: 751, vertical: 750))
        #expect(label.contentHuggingPriority == .labelContentHugging)
        let frames = try row.arrange(width: 240, measurer: measurer).framesByID
        #expect(frames["date"]?.width == 0)
        #expect(frames["name"]?.width == 232)
    }

    @Test func aFixedAvatarKeepsItsSizeUnderFill() throws {
        let font = CLI.path("Fonts/NotoSans-Regular.ttf")
        let row = try layout("""
            {"type": "stack", "axis": "horizontal", "spacing": 10, "children": [
              {"type": "box", "id": "avatar", "width": 40, "height": 40},
              {"type": "stack", "id": "names", "axis": "vertical", "spacing": 2, "children": [
                {"type": "label", "text": "Ada Lovelace", "font": "\(font)", "size": 16, "numberOfLines": 1},
                {"type": "label", "text": "23 November 2026 at 10:57", "font": "\(font)", "size": 13, "numberOfLines": 1}]}
            ]}
            """)
        let frames = try row.arrange(width: 320, measurer: measurer).framesByID
        let names = try #require(frames["names"])
        #expect(abs(names.height - 41.498) < 1e-3)  // the row is taller than the avatar, so fill would stretch it
        #expect(frames["avatar"] == CGRect(x: 0, y: 0, width: 40, height: 40))
        #expect(names.minX == 50 && names.maxX == 320)  // the names take the spare width
    }

    @Test func boxesInsetsAndStacksTakePrioritiesAndKeepTheirOtherAxis() throws {
        let box = try #require(try layout(#"{"type": "box", "width": 40, "height": 40, "huggingPriority": {"vertical": 250}}"#) as? BoxLayout)
        #expect(box.contentHuggingPriority == AxisPriorities(horizontal: .required, vertical: 250))
        #expect(box.compressionResistancePriority == .required)
        let inset = try #require(try layout(#"""
            {"type": "inset", "insets": [1, 2, 3, 4], "compressionResistancePriority": {"horizontal": 0},
             "child": {"type": "box", "width": 10, "height": 10}}
            """#) as? InsetLayout)
        #expect(inset.compressionResistancePriority == AxisPriorities(horizontal: 0, vertical: .required))
        let stack = try #require(try layout(#"""
            {"type": "stack", "axis": "horizontal", "huggingPriority": {"horizontal": 900, "vertical": 10.5}, "children": []}
            """#) as? StackLayout)
        #expect(stack.contentHuggingPriority == AxisPriorities(horizontal: 900, vertical: 10.5))
    }

    @Test(arguments: [
        (#""huggingPriority": {"horizontal": 1200}"#, "root.children[0].huggingPriority.horizontal must be a number from 0 to 1000, not 1200.0"),
        (#""compressionResistancePriority": {"vertical": -1}"#,
         "root.children[0].compressionResistancePriority.vertical must be a number from 0 to 1000, not -1.0"),
        (#""huggingPriority": {"horizontal": "high"}"#, "root.children[0].huggingPriority.horizontal must be a number"),
        (#""huggingPriority": {"horizontl": 251}"#, "unknown key root.children[0].huggingPriority.horizontl: did you mean horizontal?"),
        (#""huggingPriority": 251"#, "root.children[0].huggingPriority must be a JSON object"),
    ])
    func badPrioritiesAreRefusedByName(_ priorities: String, _ message: String) throws {
        do {
            _ = try layout(nameDateRow(namePriorities: ", " + priorities))
            Issue.record("\(priorities) was accepted")
        } catch {
            #expect("\(error)".hasPrefix(message), "\(error)")
        }
    }

    @Test func batchLayoutRequestsTakePriorities() throws {
        let request = #"{"id": "row", "op": "layout", "width": 240, "root": \#(nameDateRow(namePriorities: #", "compressionResistancePriority": {"horizontal": 751}"#))}"#
            .replacingOccurrences(of: "\n", with: " ")
        let result = try CLI.run(["batch"], input: request + "\n")
        #expect(result.status == 0, "\(result.standardError)")
        let frames = try #require(result.jsonLines.first?["frames"] as? [String: [Double]])
        #expect(frames["date"]?[2] == 0)
        #expect(frames["name"] == [0, 0, 232, frames["name"]?[3] ?? -1])
    }

    @Test func priorityErrorsReachTheCLI() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("caliper-priority-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let root = nameDateRow(namePriorities: #", "huggingPriority": {"vertical": 1001}"#)
        try Data(#"{"width": 240, "root": \#(root)}"#.utf8).write(to: file)
        let result = try CLI.run(["layout", file.path, "--json"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("root.children[0].huggingPriority.vertical must be a number from 0 to 1000, not 1001.0"))
    }
}
