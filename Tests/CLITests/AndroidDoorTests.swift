// AndroidDoorTests.swift — `caliper measure --platform android --json` and a batch request with "platform": "android" answer alike; each door refuses the other platform's settings by name.
import Caliper
import Foundation
import Testing

@Suite struct AndroidDoorTests {
    struct Case: Sendable, CustomStringConvertible {
        var text: String
        var arguments: [String]
        var json: String
        var description: String { "\(text.debugDescription) \(arguments.joined(separator: " "))" }
    }

    static let roboto = "Fonts/Android/Roboto-Regular.ttf"

    static let cases: [Case] = [
        Case(text: "Sign in", arguments: ["--font", roboto, "--size", "16"], json: #""font": "\#(roboto)", "size": 16"#),
        Case(
            text: "Invite friends and get $30 off your next ride",
            arguments: ["--font", roboto, "--size", "14", "--density", "2.625", "--max-width", "120", "--lines", "2", "--ellipsize", "end"],
            json: #""font": "\#(roboto)", "size": 14, "maxWidth": 120, "maxLines": 2, "android": {"density": 2.625, "ellipsize": "end"}"#),
        Case(
            text: "The quick brown fox\njumps over the lazy dog",
            arguments: [
                "--font", roboto, "--size", "15", "--density", "3", "--font-scale", "0.85", "--max-width", "90", "--break-strategy", "simple",
                "--no-font-padding", "--line-spacing-extra", "4", "--line-spacing-multiplier", "1.2", "--letter-spacing-em", "0.05", "--no-hinting",
            ],
            json: #""font": "\#(roboto)", "size": 15, "maxWidth": 90, "android": {"density": 3, "fontScale": 0.85, "breakStrategy": "simple", "includeFontPadding": false, "lineSpacingExtra": 4, "lineSpacingMultiplier": 1.2, "letterSpacing": 0.05, "hinting": false}"#),
        Case(
            text: "hyphenation internationalization", arguments: ["--font", roboto, "--size", "14", "--max-width", "60", "--hyphenation-frequency", "full"],
            json: #""font": "\#(roboto)", "size": 14, "maxWidth": 60, "android": {"hyphenationFrequency": "full"}"#),
        Case(
            text: "Compose measures its Text with a line height\n",
            arguments: [
                "--font", roboto, "--size", "14", "--density", "2.625", "--max-width", "120", "--widget", "compose", "--line-height", "20",
                "--line-height-alignment", "center", "--line-height-trim", "first-line-top", "--lines", "3", "--ellipsize", "end",
            ],
            json: #""font": "\#(roboto)", "size": 14, "maxWidth": 120, "maxLines": 3, "android": {"density": 2.625, "widget": "compose", "lineHeight": 20, "lineHeightStyle": {"alignment": "center", "trim": "first-line-top"}, "ellipsize": "end"}"#),
        Case(
            text: "Tight lines", arguments: ["--font", roboto, "--size", "18", "--widget", "compose", "--line-height-em", "0.8", "--line-height-mode", "minimum", "--font-padding"],
            json: #""font": "\#(roboto)", "size": 18, "android": {"widget": "compose", "lineHeightEm": 0.8, "lineHeightStyle": {"mode": "minimum"}, "includeFontPadding": true}"#),
    ]

    @Test(arguments: cases)
    func theCommandLinesJSONIsTheBatchAnswer(_ request: Case) throws {
        let measured = try CLI.run(["measure", request.text, "--platform", "android"] + request.arguments + ["--json"])
        #expect(measured.status == 0, "\(measured.standardError)")
        let textJSON = String(decoding: try JSONSerialization.data(withJSONObject: [request.text], options: [.withoutEscapingSlashes]), as: UTF8.self)
        let line = #"{"id": 7, "platform": "android", "text": \#(textJSON.dropFirst().dropLast()), \#(request.json)}"#
        let batch = try CLI.run(["batch"], input: line)
        #expect(batch.status == 0, "\(batch.standardError)")
        let answer = batch.standardOutput.trimmingCharacters(in: .newlines)
        #expect(answer.hasPrefix(#"{"id":7,"platform":"android","#), "\(answer)")
        #expect("{" + answer.dropFirst(#"{"id":7,"#.count) == measured.standardOutput.trimmingCharacters(in: .newlines))
    }

    /// The answer's numbers are the library's: a boring label is as wide as its advance rounded
    /// up, in px, and in dp by the density.
    @Test func aLabelIsAnsweredInPixelsAndDP() throws {
        let batch = try CLI.run(
            ["batch"], input: #"{"id": 1, "platform": "android", "text": "Sign in", "font": "\#(Self.roboto)", "size": 16, "android": {"density": 2}}"#)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(batch.standardOutput.utf8)) as? [String: Any])
        #expect(object["layout"] as? String == "boring")
        let width = try #require(object["width"] as? Int)
        #expect(object["widthDP"] as? Double == Double(width) / 2)
        #expect(object["textSize"] as? Double == 32)
        #expect((object["lines"] as? [Any])?.count == 1)
    }

    /// A device's hyphenation folder given to each door: words hyphenate, and nothing warns.
    @Test func aDevicesHyphenationFolderReachesEveryDoor() throws {
        let folder = "Tests/Fixtures/Android"
        let request = #"{"id": 1, "platform": "android", "text": "internationalization characteristically", "font": "\#(Self.roboto)", "size": 14, "maxWidth": 90, "android": {"hyphenationFrequency": "full", "breakStrategy": "simple"}}"#
        let without = try CLI.run(["batch"], input: request)
        #expect(without.standardOutput.contains(#""warnings""#) && !without.standardOutput.contains(#""hyphenated":true"#))
        let with = try CLI.run(["batch", "--android-hyphenation", folder], input: request)
        #expect(!with.standardOutput.contains(#""warnings""#) && with.standardOutput.contains(#""hyphenated":true"#), "\(with.standardOutput)")
        let measured = try CLI.run([
            "measure", "internationalization characteristically", "--platform", "android", "--font", Self.roboto, "--size", "14", "--max-width", "90",
            "--hyphenation-frequency", "full", "--break-strategy", "simple", "--android-hyphenation", folder, "--json",
        ])
        #expect("{" + with.standardOutput.trimmingCharacters(in: .newlines).dropFirst(#"{"id":1,"#.count) == measured.standardOutput.trimmingCharacters(in: .newlines))
        let missing = try CLI.run(["batch", "--android-hyphenation", "/nonexistent"], input: request)
        #expect(missing.status != 0 && missing.standardError.contains("/nonexistent"))
    }

    /// A device's fonts given to the doors: a text falls back through the device's families as
    /// the library's `AndroidFonts` has it (the fixture `fonts.xml` over `Fonts/`), where without
    /// them Roboto alone draws missing glyphs.
    @Test func aDevicesFontsReachEveryDoor() throws {
        let text = "Hi 漢字 ❤"
        let textJSON = String(decoding: try JSONSerialization.data(withJSONObject: [text]), as: UTF8.self).dropFirst().dropLast()
        let request = #"{"id": 1, "platform": "android", "text": \#(textJSON), "font": "\#(Self.roboto)", "size": 16, "android": {"locale": "ja-JP"}}"#
        let device = ["--android-fonts", "Fonts", "--android-fonts-xml", "Fonts/Android/fonts.xml"]
        let without = try #require(try CLI.run(["batch", "--only-given-fonts"], input: request).jsonLines.first)
        #expect((without["missingGlyphs"] as? Int ?? 0) > 0)
        let with = try CLI.run(["batch"] + device, input: request)
        let answer = try #require(with.jsonLines.first)
        #expect(answer["missingGlyphs"] as? Int == 0, "\(with.standardOutput)")
        let fonts = try AndroidFonts(directory: CLI.path("Fonts"), configuration: CLI.path("Fonts/Android/fonts.xml"))
        let style = TextStyle(font: try FontFace(contentsOfFile: CLI.path(Self.roboto)), size: 16)
        let library = try TextMeasurer().androidLayout(of: text, style: style, profile: AndroidProfile(locale: "ja-JP", systemFonts: fonts))
        #expect(answer["width"] as? Int == library.width && answer["height"] as? Int == library.height)
        let measured = try CLI.run(["measure", text, "--platform", "android", "--font", Self.roboto, "--size", "16", "--locale", "ja-JP", "--json"] + device)
        #expect("{" + with.standardOutput.trimmingCharacters(in: .newlines).dropFirst(#"{"id":1,"#.count) == measured.standardOutput.trimmingCharacters(in: .newlines))
        let alone = try CLI.run(["batch", "--android-fonts-xml", "Fonts/Android/fonts.xml"], input: request)
        #expect(alone.status != 0 && alone.standardError.contains("--android-fonts-xml goes with --android-fonts"))
    }

    /// A typeface of the device's fonts.xml, named by a request instead of a font file: the
    /// library's `AndroidFonts.textStyle(family:weight:italic:size:)`, through each door.
    @Test func aTypefaceOfTheDevicesFontsReachesEveryDoor() throws {
        let device = ["--android-fonts", "Fonts", "--android-fonts-xml", "Fonts/Android/fonts.xml"]
        let request = #"{"id": 1, "platform": "android", "text": "Sign in 漢字", "size": 16, "typeface": {"name": "serif", "weight": 700}}"#
        let batch = try CLI.run(["batch"] + device, input: request)
        let answer = try #require(batch.jsonLines.first)
        let fonts = try AndroidFonts(directory: CLI.path("Fonts"), configuration: CLI.path("Fonts/Android/fonts.xml"))
        let style = try fonts.textStyle(family: "serif", weight: 700, size: 16)
        let library = try TextMeasurer().androidLayout(of: "Sign in 漢字", style: style, profile: AndroidProfile(systemFonts: fonts))
        #expect(answer["width"] as? Int == library.width && answer["height"] as? Int == library.height, "\(batch.standardOutput)")
        #expect(answer["missingGlyphs"] as? Int == 0)
        let measured = try CLI.run(
            ["measure", "Sign in 漢字", "--platform", "android", "--size", "16", "--typeface", "serif", "--typeface-weight", "700", "--json"] + device)
        #expect("{" + batch.standardOutput.trimmingCharacters(in: .newlines).dropFirst(#"{"id":1,"#.count) == measured.standardOutput.trimmingCharacters(in: .newlines))
        let refusals: [(String, [String], String)] = [
            (#"{"platform": "android", "text": "x", "size": 16, "typeface": {"name": "serif"}}"#, [], "give the door a device's fonts"),
            (#"{"platform": "android", "text": "x", "size": 16, "typeface": {"name": "serif"}, "font": "\#(Self.roboto)"}"#, device, #"give \"typeface\" or \"font\", not both"#),
            (#"{"platform": "android", "text": "x", "size": 16, "typeface": {"name": "nope"}}"#, device, #"no family or alias \"nope\""#),
            (#"{"platform": "android", "text": "x", "size": 16, "typeface": {"name": "serif", "weight": 1001}}"#, device, "from 1 to 1000"),
            (#"{"platform": "android", "text": "x", "size": 16, "typeface": {"name": "serif", "slant": 1}}"#, device, "unknown key typeface.slant"),
        ]
        for (line, arguments, expected) in refusals {
            let refused = try CLI.run(["batch"] + arguments, input: line)
            #expect(refused.standardOutput.contains(#""error""#) && refused.standardOutput.contains(expected), "\(line) → \(refused.standardOutput)")
        }
        let flags = try CLI.run(["measure", "x", "--platform", "android", "--size", "16", "--typeface-weight", "700"])
        #expect(flags.status != 0 && flags.standardError.contains("go with --typeface NAME"))
    }

    @Test func eachDoorRefusesTheOtherPlatformsSettings() throws {
        let refusals: [(String, String)] = [
            (#"{"platform": "android", "text": "x", "font": "\#(Self.roboto)", "size": 14, "lineBreak": "char"}"#, #"\"lineBreak\" is not read for Android"#),
            (#"{"platform": "android", "text": "x", "font": "\#(Self.roboto)", "size": 14, "scale": 2}"#, #"\"scale\" is not read for Android"#),
            (#"{"text": "x", "android": {"density": 2}}"#, #"\"android\" settings are read only with \"platform\": \"android\""#),
            (#"{"platform": "android", "text": "x", "font": "\#(Self.roboto)"}"#, #"missing \"size\""#),
            (#"{"platform": "android", "text": "x", "font": "\#(Self.roboto)", "size": 14, "android": {"ellipsize": "marquee"}}"#, "unknown android.ellipsize"),
            (#"{"platform": "android", "text": "x", "font": "\#(Self.roboto)", "size": 14, "android": {"dpi": 3}}"#, "unknown key android.dpi"),
            (#"{"platform": "android", "text": "x", "font": "\#(Self.roboto)", "size": 14, "android": {"density": 0}}"#, "density must be"),
            (#"{"platform": "android", "text": "a\tשלום", "font": "\#(Self.roboto)", "size": 14}"#, "a tab in a text with right-to-left characters"),
            (#"{"platform": "android", "text": "x", "font": "\#(Self.roboto)", "size": 14, "android": {"lineSpacingMultiplier": 100.000001}}"#, "android.lineSpacingMultiplier must be"),
            (#"{"platform": "android", "text": "x", "font": "\#(Self.roboto)", "size": 14, "android": {"lineSpacingMultiplier": -1e-50}}"#, "android.lineSpacingMultiplier must be"),
            (#"{"platform": "android", "text": "x", "font": "\#(Self.roboto)", "size": 14, "android": {"lineSpacingExtra": 10000.0001}}"#, "android.lineSpacingExtra must be"),
            (#"{"platform": "windows", "text": "x"}"#, #"unknown \"platform\" \"windows\""#),
            (#"{"platform": "android", "text": "x", "font": "\#(Self.roboto)", "size": 14, "android": {"lineHeight": 20}}"#, "a line height is a Compose Text's"),
            (#"{"platform": "android", "text": "x", "font": "\#(Self.roboto)", "size": 14, "android": {"widget": "compose", "lineHeight": 20, "lineHeightEm": 1.2}}"#, #"give \"lineHeight\" (sp) or \"lineHeightEm\", not both"#),
            (#"{"platform": "android", "text": "x", "font": "\#(Self.roboto)", "size": 14, "android": {"widget": "compose", "lineHeight": 20, "lineHeightStyle": {"align": "top"}}}"#, "unknown key android.lineHeightStyle.align"),
            (#"{"platform": "android", "text": "x", "font": "\#(Self.roboto)", "size": 14, "android": {"widget": "compose", "lineHeight": 20, "lineHeightStyle": {"mode": "tight"}}}"#, "unknown android.lineHeightStyle.mode"),
            (#"{"platform": "android", "text": "x", "font": "\#(Self.roboto)", "size": 14, "android": {"widget": "compose", "lineSpacingExtra": 2}}"#, "a Compose Text's is its lineHeight"),
            (#"{"platform": "android", "text": "x", "font": "\#(Self.roboto)", "size": 14, "android": {"widget": "compose", "lineHeight": -1}}"#, "line height must be"),
            (#"{"platform": "android", "text": "x", "font": "\#(Self.roboto)", "size": 14, "android": {"widget": "flutter"}}"#, "unknown android.widget"),
            (#"{"platform": "android", "text": "x", "font": "\#(Self.roboto)", "size": 14, "android": {"widget": "compose", "lineHeight": 1e308}}"#, "line height must be a number of sp above 0 and at most 10000"),
            (#"{"platform": "android", "text": "x", "font": "\#(Self.roboto)", "size": 14, "android": {"widget": "compose", "lineHeightEm": -1}}"#, "line height must be a number of ems above 0"),
            (#"{"platform": "android", "text": "x", "font": "\#(Self.roboto)", "size": 14, "android": {"widget": "compose", "lineHeight": 20, "lineHeightStyle": 3}}"#, "android.lineHeightStyle must be a JSON object"),
        ]
        let batch = try CLI.run(["batch"], input: refusals.map(\.0).joined(separator: "\n"))
        let answers = batch.standardOutput.split(separator: "\n").map(String.init)
        #expect(answers.count == refusals.count)
        for (answer, (request, expected)) in zip(answers, refusals) {
            #expect(answer.contains(#""error""#) && answer.contains(expected), "\(request) → \(answer)")
        }
        for (arguments, expected) in [
            (["--platform", "android", "--font", Self.roboto, "--size", "14", "--line-spacing", "2"], "--line-spacing sets what UIKit does"),
            (["--platform", "android", "--font", Self.roboto, "--size", "14", "--scale", "2"], "--scale sets what UIKit does"),
            (["--font", Self.roboto, "--density", "2"], "--density goes with --platform android"),
            (["--font", Self.roboto, "--android-hyphenation", "Tests/Fixtures/Android"], "--android-hyphenation goes with --platform android"),
            (["--platform", "android", "--font", Self.roboto], "needs --size"),
            (["--platform", "android", "--font", Self.roboto, "--size", "14", "--break-strategy", "fast"], "unknown --break-strategy"),
            (["--platform", "android", "--font", Self.roboto, "--size", "14", "--widget", "compose", "--line-height-trim", "top"], "unknown --line-height-trim"),
            (["--platform", "android", "--font", Self.roboto, "--size", "14", "--font-padding", "--no-font-padding"], "not both"),
            (["--font", Self.roboto, "--widget", "compose"], "--widget goes with --platform android"),
        ] {
            let run = try CLI.run(["measure", "x"] + arguments)
            #expect(run.status != 0 && run.standardError.contains(expected), "\(arguments) → \(run.standardError)")
        }
    }
}

extension AndroidDoorTests {
    /// A text for Android names its font: the machine's default font is not a device's. And a
    /// line feed is no missing glyph.
    @Test func aTextForAndroidNamesItsFontAndALineFeedIsNoMissingGlyph() throws {
        let requests = [
            #"{"platform": "android", "text": "hi", "size": 14}"#,
            #"{"op": "flow", "platform": "android", "width": 100, "items": [{"text": "hi", "size": 14}]}"#,
            #"{"platform": "android", "font": "\#(Self.roboto)", "size": 14}"#,
        ]
        let batch = try CLI.run(["batch"], input: requests.joined(separator: "\n"))
        let answers = batch.standardOutput.split(separator: "\n")
        #expect(answers.count == 3)
        #expect(answers.prefix(2).allSatisfy { $0.contains(#""error":"missing"#) && $0.contains("names its font file") }, "\(batch.standardOutput)")
        #expect(answers.last?.contains(#"missing \"text\""#) == true)
        let cli = try CLI.run(["measure", "hi", "--platform", "android", "--size", "14"])
        #expect(cli.status != 0 && cli.standardError.contains("needs --font FILE"))
        let lines = try CLI.run(["batch"], input: #"{"platform": "android", "text": "a\nb\n\n", "font": "\#(Self.roboto)", "size": 14}"#)
        #expect(lines.jsonLines.first?["missingGlyphs"] as? Int == 0, "\(lines.standardOutput)")
    }
}
