// AndroidLayoutDoorTests.swift — flow and layout requests with "platform": "android" through batch and `caliper layout`: frames in dp from the library's TextView layouts, UIKit's keys and pictures refused by name, iOS answers unchanged.
import Caliper
@testable import CaliperBatch
import Foundation
import Testing

@Suite struct AndroidLayoutDoorTests {
    static let roboto = "Fonts/Android/Roboto-Regular.ttf"
    static let density = 2.625

    /// The TextView the library lays `text` out as, `size` sp at the suite's density.
    func textView(_ text: String, size: CGFloat, paragraphStyle: AndroidParagraphStyle = AndroidParagraphStyle(), maxWidth: Double? = nil) throws
        -> AndroidTextLayout
    {
        let style = TextStyle(font: try FontFace(contentsOfFile: CLI.path(Self.roboto)), size: size)
        return try TextMeasurer().androidLayout(
            of: text, style: style, paragraphStyle: paragraphStyle, profile: AndroidProfile(density: Self.density), maxWidth: maxWidth)
    }

    /// Whether `read` (a number of a JSON answer, which Foundation's reader may round in its last
    /// digit) is `expected`.
    func same(_ read: [Double]?, _ expected: [Double]) -> Bool {
        guard let read, read.count == expected.count else { return false }
        return zip(read, expected).allSatisfy { abs($0 - $1) < 1e-9 }
    }

    func answer(_ request: String) throws -> [String: Any] {
        let batch = try CLI.run(["batch"], input: request)
        #expect(batch.status == 0, "\(batch.standardError)")
        return try #require(batch.jsonLines.first)
    }

    /// `caliper batch --android-hyphenation` reaches a flow's chips too: with the folder, a
    /// hyphenating flow has no warning.
    @Test func aDevicesHyphenationFolderReachesFlows() throws {
        let request = #"{"id": 1, "op": "flow", "platform": "android", "android": {"hyphenationFrequency": "full"}, "width": 60, "items": [{"text": "internationalization", "font": "\#(Self.roboto)", "size": 14, "maxLines": 2}]}"#
        let without = try CLI.run(["batch"], input: request)
        #expect(without.standardOutput.contains("no hyphenation patterns"), "\(without.standardOutput)")
        let with = try CLI.run(["batch", "--android-hyphenation", "Tests/Fixtures/Android"], input: request)
        #expect(with.status == 0 && !with.standardOutput.contains("hyphenation patterns") && !with.standardOutput.contains(#""error""#), "\(with.standardOutput)")
    }

    @Test func aFlowOfChipsIsAnsweredInDP() throws {
        let tags = ["kotlin", "jetpack compose", "material design", "coroutines", "room"]
        let items = tags.map { #"{"text": "\#($0)", "font": "\#(Self.roboto)", "size": 14, "padding": [6, 12, 6, 12]}"# }
        let answer = try answer(
            #"{"id": 1, "op": "flow", "platform": "android", "android": {"density": 2.625}, "width": 240, "insets": [8, 8, 8, 8], "spacing": 8, "lineSpacing": 6, "items": [\#(items.joined(separator: ", "))]}"#
        )
        let frames = try #require(answer["frames"] as? [[Double]])
        // Each chip: its TextView's measured px ÷ density, plus 24 dp across and 12 dp down.
        let sizes = try tags.map { tag in
            let view = try textView(tag, size: 14)
            return (width: Double(view.width) / Self.density + 24, height: Double(view.height) / Self.density + 12)
        }
        #expect(same(frames.map { $0[2] }, sizes.map(\.width)))
        #expect(same(frames.map { $0[3] }, sizes.map(\.height)))
        // Rows packed greedily within 224 dp, 8 dp apart, as for iOS.
        var expectedRows: [[Int]] = []
        var x = 8.0
        var y = 8.0
        var rowStart = 0
        for (index, size) in sizes.enumerated() {
            if index > rowStart, x + size.width > 232 {
                expectedRows.append([rowStart, index])
                (rowStart, x, y) = (index, 8, y + sizes[0].height + 6)
            }
            #expect(same(Array(frames[index][0...1]), [x, y]), "chip \(index)")
            x += size.width + 8
        }
        expectedRows.append([rowStart, tags.count])
        #expect(answer["rows"] as? [[Int]] == expectedRows)
        #expect(expectedRows.count > 1)
        #expect(same(answer["contentSize"] as? [Double], [240, y + sizes[0].height + 8]))
    }

    static let cellRoot = #"""
        {"type": "inset", "insets": [16, 16, 16, 16], "child": {"type": "stack", "axis": "vertical", "children": [
          {"type": "label", "id": "title", "text": "Weekend trip to the mountains", "font": "Roboto-Regular.ttf", "size": 18,
           "numberOfLines": 1, "lineBreak": "truncate-tail"},
          {"type": "label", "id": "body", "text": "Pack light: a warm jacket, good boots and a thermos. The forecast says snow on Saturday.",
           "font": "Roboto-Regular.ttf", "size": 14}]}}
        """#

    @Test func aCellIsItsTextViewsHeightsPlusInsetsInBatchAndTheCommand() throws {
        let title = try textView("Weekend trip to the mountains", size: 18, paragraphStyle: AndroidParagraphStyle(maxLines: 1, ellipsize: .end), maxWidth: 328)
        let body = try textView(
            "Pack light: a warm jacket, good boots and a thermos. The forecast says snow on Saturday.", size: 14, maxWidth: 328)
        #expect(body.lines.count > 1)
        // One line, as batch reads requests.
        let root = Self.cellRoot.replacingOccurrences(of: "Roboto-Regular.ttf", with: Self.roboto).replacingOccurrences(of: "\n", with: " ")
        let answer = try answer(#"{"id": 2, "op": "layout", "platform": "android", "android": {"density": 2.625}, "width": 360, "root": \#(root)}"#)
        #expect(same(answer["size"] as? [Double], [360, 16 + title.heightInDP + body.heightInDP + 16]))
        let frames = try #require(answer["frames"] as? [String: [Double]])
        #expect(same(frames["title"], [16, 16, 328, title.heightInDP]))
        #expect(same(frames["body"], [16, 16 + title.heightInDP, 328, body.heightInDP]))

        // The same spec as a file for `caliper layout`: the same members.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("caliper-android-cell-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: URL(fileURLWithPath: CLI.path(Self.roboto)), to: folder.appendingPathComponent("Roboto-Regular.ttf"))
        let spec = folder.appendingPathComponent("cell.json")
        try Data(#"{"width": 360, "platform": "android", "android": {"density": 2.625}, "root": \#(Self.cellRoot)}"#.utf8).write(to: spec)
        let command = try CLI.run(["layout", spec.path, "--json"])
        #expect(command.status == 0, "\(command.standardError)")
        let json = try #require(command.jsonLines.first)
        #expect(json["size"] as? [Double] == answer["size"] as? [Double])
        #expect(json["frames"] as? [String: [Double]] == frames)
        for (arguments, expected) in [
            (["--svg", folder.appendingPathComponent("cell.svg").path], "cannot be drawn yet"), (["--scale", "3"], "--scale ceils the cell"),
        ] {
            let refused = try CLI.run(["layout", spec.path] + arguments)
            #expect(refused.status != 0 && refused.standardError.contains(expected), "\(arguments) → \(refused.standardError)")
        }
    }

    @Test func theDoorsRefuseWhatATextViewCannotDoByName() throws {
        let text = #""text": "x", "font": "\#(Self.roboto)""#
        let refusals: [(String, String)] = [
            (#"{"op": "layout", "platform": "android", "width": 100, "scale": 3, "root": {"type": "box", "width": 1, "height": 1}}"#,
             #"\"scale\" is not read for Android"#),
            (#"{"op": "flow", "platform": "android", "width": 100, "rounding": "pixel", "items": []}"#, #"\"rounding\" is not read for Android"#),
            (#"{"op": "layout", "platform": "android", "width": 100, "root": {"type": "label", \#(text), "size": 14, "lineSpacing": 2}}"#,
             "root.lineSpacing is not read for Android"),
            (#"{"op": "layout", "platform": "android", "width": 100, "root": {"type": "label", \#(text), "size": 14, "markup": "<b>x</b>"}}"#,
             "root.markup is not read for Android"),
            (#"{"op": "flow", "platform": "android", "width": 100, "items": [{\#(text), "size": 14, "letterSpacing": 1}]}"#,
             "items[0].letterSpacing is not read for Android"),
            (#"{"op": "flow", "platform": "android", "width": 100, "items": [{\#(text), "size": 14, "spans": []}]}"#,
             "items[0].spans is not read for Android"),
            (#"{"op": "layout", "platform": "android", "width": 100, "root": {"type": "label", \#(text), "size": 14, "lineBreak": "clip"}}"#,
             #"root: not available for Android: lineBreakMode \"clip\""#),
            (#"{"op": "layout", "platform": "android", "width": 100, "root": {"type": "label", \#(text)}}"#, "missing root.size"),
            (#"{"op": "flow", "platform": "android", "width": 100, "items": [{\#(text)}]}"#, "missing items[0].size"),
            (#"{"op": "flow", "platform": "android", "width": 100, "android": {"ellipsize": "end"}, "items": []}"#,
             "android.ellipsize is each label's"),
            (#"{"op": "flow", "platform": "android", "width": 100, "android": {"density": -1}, "items": []}"#, "density must be"),
            (#"{"op": "flow", "width": 100, "android": {"density": 2}, "items": []}"#, #"\"android\" settings are read only with \"platform\": \"android\""#),
            (#"{"op": "layout", "platform": "web", "width": 100, "root": {"type": "box", "width": 1, "height": 1}}"#, #"unknown \"platform\" \"web\""#),
        ]
        let batch = try CLI.run(["batch"], input: refusals.map(\.0).joined(separator: "\n"))
        let answers = batch.standardOutput.split(separator: "\n").map(String.init)
        #expect(answers.count == refusals.count)
        for (answer, (request, expected)) in zip(answers, refusals) {
            #expect(answer.contains(#""error""#) && answer.contains(expected), "\(request) → \(answer)")
        }
        let picture = BatchProcessor().picture(
            #"{"platform": "android", "width": 100, "items": [{\#(text), "size": 14}]}"#.replacingOccurrences(of: Self.roboto, with: CLI.path(Self.roboto)),
            op: .flow)
        #expect(picture.svg == nil && picture.error == LayoutPlatform.androidPictureRefusal)
    }

    /// The example spec for Android lays out, its texts TextViews: the title one line, ellipsized.
    @Test func theAndroidExampleSpecLaysOut() throws {
        let result = try CLI.run(["layout", "Examples/android-post-cell.json", "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let frames = try #require(result.jsonLines.first?["frames"] as? [String: [Double]])
        let title = try textView(
            "Weekend trip to the mountains, with everything we packed", size: 18, paragraphStyle: AndroidParagraphStyle(maxLines: 1, ellipsize: .end),
            maxWidth: 328)
        #expect(title.isEllipsized)
        #expect(same(frames["title"], [16, 16, 328, title.heightInDP]))
        #expect(["body", "tags", "tags[0]", "tags[3]"].allSatisfy { frames[$0] != nil })
    }

    @Test func hyphenationWithoutPatternsIsAWarning() throws {
        let answer = try answer(
            #"{"op": "layout", "platform": "android", "android": {"hyphenationFrequency": "full"}, "width": 60, "root": {"type": "label", "text": "hyphenation internationalization", "font": "\#(Self.roboto)", "size": 14}}"#
        )
        #expect(answer["warnings"] as? [String] == [LayoutNotice.noAndroidHyphenationPatterns.description])
    }

    @Test func iOSAnswersAreTheSameWithPlatformIOS() throws {
        let font = #""font": "Fonts/NotoSans-Regular.ttf""#
        let flow = #""op": "flow", "width": 120, "items": [{"text": "swift", \#(font)}, {"text": "machine learning", \#(font)}]"#
        let layout = #""op": "layout", "width": 200, "scale": 3, "root": {"type": "label", "text": "A label that wraps onto lines", \#(font)}"#
        let batch = try CLI.run(
            ["batch"], input: [flow, layout].flatMap { [#"{"id": 1, \#($0)}"#, #"{"id": 1, "platform": "ios", \#($0)}"#] }.joined(separator: "\n"))
        let answers = batch.standardOutput.split(separator: "\n")
        #expect(answers.count == 4 && !batch.standardOutput.contains(#""error""#), "\(batch.standardOutput)")
        #expect(answers[0] == answers[1] && answers[2] == answers[3])
    }

    /// Every key a flow or layout for Android reads is in the batch protocol's article.
    @Test func everyAndroidKeyIsInTheBatchProtocolArticle() throws {
        let article = try String(contentsOfFile: CLI.path("Sources/Caliper/Caliper.docc/BatchProtocol.md"), encoding: .utf8)
        let lists: [KnownKeys] = [
            BatchProcessor.androidFlowRequestKeys, BatchProcessor.androidLayoutRequestKeys, LayoutSpec.androidLabelKeys,
            LayoutSpec.androidChipKeys, LayoutSpec.androidFlowNodeKeys, AndroidSettings.keys,
        ]
        for key in lists.flatMap(\.names) { #expect(article.contains("`\(key)`"), "\(key) is not in BatchProtocol.md") }
    }
}

extension AndroidLayoutDoorTests {
    /// A flow's chips and a layout's labels in a typeface of the door's device fonts: each chip as
    /// wide as the library's TextView of its text in that typeface; without device fonts, or with
    /// a font file beside it, refused by name; for iOS, unknown.
    @Test func chipsAndLabelsNameATypefaceOfTheDevicesFonts() throws {
        let device = ["--android-fonts", "Fonts", "--android-fonts-xml", "Fonts/Android/fonts.xml"]
        let chip = #"{"text": "Sign in 漢字", "size": 16, "typeface": {"name": "serif", "weight": 700}}"#
        let flow = #"{"id": 1, "op": "flow", "platform": "android", "width": 300, "spacing": 8, "items": [\#(chip), \#(chip)]}"#
        let batch = try CLI.run(["batch"] + device, input: flow)
        let answer = try #require(batch.jsonLines.first)
        let frames = try #require(answer["frames"] as? [[Double]], "\(batch.standardOutput)")
        let fonts = try AndroidFonts(directory: CLI.path("Fonts"), configuration: CLI.path("Fonts/Android/fonts.xml"))
        let library = try TextMeasurer().androidLayout(
            of: "Sign in 漢字", style: try fonts.textStyle(family: "serif", weight: 700, size: 16), profile: AndroidProfile(systemFonts: fonts))
        #expect(frames.count == 2)
        #expect(frames.allSatisfy { $0[2] == Double(library.width) }, "\(frames)")
        let label = #"{"type": "label", "id": "t", "text": "Sign in 漢字", "size": 16, "typeface": {"name": "serif", "weight": 700}}"#
        let layout = try CLI.run(["batch"] + device, input: #"{"id": 2, "op": "layout", "platform": "android", "width": 300, "root": \#(label)}"#)
        let layoutAnswer = try #require(layout.jsonLines.first)
        let labelFrame = try #require((layoutAnswer["frames"] as? [String: [Double]])?["t"], "\(layout.standardOutput)")
        #expect(labelFrame[3] == Double(library.height), "\(layout.standardOutput)")
        for (line, arguments, expected) in [
            (flow, [String](), "give the door a device's fonts"),
            (flow.replacingOccurrences(of: #""typeface""#, with: #""font": "Fonts/Android/Roboto-Regular.ttf", "typeface""#), device, "not both"),
            (flow.replacingOccurrences(of: #""platform": "android", "#, with: ""), device, "typeface"),
        ] {
            let refused = try CLI.run(["batch"] + arguments, input: line)
            #expect(refused.standardOutput.contains(#""error""#) && refused.standardOutput.contains(expected), "\(refused.standardOutput)")
        }
    }

    /// A flow of chips laid out as Compose `Text`s: each chip's width is the Compose text's.
    @Test func aFlowOfComposeTexts() throws {
        let roboto = "Fonts/Android/Roboto-Regular.ttf"
        let chip = #"{"text": "jetpack compose", "font": "\#(roboto)", "size": 14, "padding": [6, 12, 6, 12]}"#
        let flow = #"{"id": 1, "op": "flow", "platform": "android", "android": {"density": 2.625, "widget": "compose", "lineHeight": 20}, "width": 360, "items": [\#(chip)]}"#
        let batch = try CLI.run(["batch"], input: flow)
        let flowAnswer = try #require(batch.jsonLines.first)
        let frames = try #require(flowAnswer["frames"] as? [[Double]], "\(batch.standardOutput)")
        let library = try TextMeasurer().androidLayout(
            of: "jetpack compose", style: TextStyle(font: try FontFace(contentsOfFile: CLI.path(roboto)), size: 14),
            paragraphStyle: .compose(lineHeight: .sp(20), maxLines: 1, ellipsize: true), profile: AndroidProfile(density: 2.625), maxWidth: 360 - 24)
        #expect(abs((frames.first?[3] ?? 0) - (Double(library.height) / 2.625 + 12)) < 1e-9, "\(frames) \(library)")
        #expect(abs((frames.first?[2] ?? 0) - (Double(library.width) / 2.625 + 24)) < 1e-9, "\(frames) \(library)")
    }
}
