// DynamicTypeCommandTests.swift — `--text-style`, `--content-size-category`, `--all-categories` and batch `textStyle` / `contentSizeCategory`.
import Foundation
import Testing

@Suite struct DynamicTypeCommandTests {
    static func table() throws -> (categories: [String], sizes: [String: [Double]]) {
        let data = try Data(contentsOf: URL(fileURLWithPath: CLI.path("Tests/Goldens/dynamic_type.json")))
        let golden = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return (try #require(golden["categories"] as? [String]), try #require(golden["pointSizes"] as? [String: [Double]]))
    }

    /// The issue's command: 12 rows, each at the body size of Apple's table for its category, each
    /// as wide as the label measured at that size on its own.
    @Test func everyCategoryGivesTwelveRowsAtApplesSizes() throws {
        let (categories, sizes) = try Self.table()
        let rows = try CLI.run(["measure", "Settings", "--font", "Fonts/NotoSans-Regular.ttf", "--text-style", "body", "--all-categories", "--json"]).jsonLines
        try #require(rows.count == 12)
        #expect(rows.map { $0["category"] as? String } == categories)
        #expect(rows.map { $0["pointSize"] as? Double } == sizes["body"])
        for row in rows {
            let size = try #require(row["pointSize"] as? Double)
            let alone = try #require(
                try CLI.run(["measure", "Settings", "--font", "Fonts/NotoSans-Regular.ttf", "--size", String(size), "--json"]).jsonLines.first)
            #expect(row["width"] as? Double == alone["width"] as? Double)
            #expect(row["height"] as? Double == alone["height"] as? Double)
        }
    }

    /// A custom size scales by UIFontMetrics's proportion: 16 pt body at AX3 is 16 × 40 / 17 pt.
    @Test func aCustomSizeScalesInProportion() throws {
        let scaled = try #require(
            try CLI.run(["measure", "Settings", "--font", "Fonts/NotoSans-Regular.ttf", "--size", "16", "--content-size-category", "AX3", "--json"]).jsonLines.first)
        let direct = try #require(
            try CLI.run(["measure", "Settings", "--font", "Fonts/NotoSans-Regular.ttf", "--size", String(16.0 * 40 / 17), "--json"]).jsonLines.first)
        #expect(scaled["width"] as? Double == direct["width"] as? Double)
        let text = try CLI.run(["measure", "Settings", "--font", "Fonts/NotoSans-Regular.ttf", "--text-style", "title1", "--all-categories"])
        #expect(text.standardOutput.split(separator: "\n").count == 12)
        #expect(text.standardOutput.hasPrefix("xSmall\t25.0 pt\t"))
    }

    @Test func badNamesAreUsageErrors() throws {
        let style = try CLI.run(["measure", "a", "--font", "Fonts/DejaVuSans.ttf", "--text-style", "huge"])
        #expect(style.status == 64)
        #expect(style.standardError.contains(#"unknown --text-style "huge" (known: largeTitle, title1"#))
        let category = try CLI.run(["measure", "a", "--font", "Fonts/DejaVuSans.ttf", "--content-size-category", "AX9"])
        #expect(category.status == 64)
        #expect(category.standardError.contains(#"unknown --content-size-category "AX9" (known: xSmall, small"#))
        let both = try CLI.run(["measure", "a", "--font", "Fonts/DejaVuSans.ttf", "--all-categories", "--content-size-category", "AX1"])
        #expect(both.status == 64)
    }

    /// Batch requests take `textStyle` and `contentSizeCategory`; spans scale with the text.
    @Test func batchRequestsScaleTheirSizes() throws {
        let (_, sizes) = try Self.table()
        let title1AX5 = try #require(sizes["title1"]?.last)
        let input = [
            #"{"id": 1, "text": "Ana replied", "font": "Fonts/NotoSans-Regular.ttf", "textStyle": "title1", "contentSizeCategory": "AX5", "spans": [{"start": 0, "end": 3, "size": 14}]}"#,
            #"{"id": 2, "text": "Ana replied", "font": "Fonts/NotoSans-Regular.ttf", "size": \#(title1AX5), "spans": [{"start": 0, "end": 3, "size": \#(14 * title1AX5 / 28)}]}"#,
            #"{"id": 3, "text": "a", "font": "Fonts/NotoSans-Regular.ttf", "contentSizeCategory": "huge"}"#,
            #"{"id": 4, "text": "a", "font": "Fonts/NotoSans-Regular.ttf", "textStyle": "body", "contentSizeCategory": "large"}"#,
            #"{"id": 5, "text": "a", "font": "Fonts/NotoSans-Regular.ttf"}"#,
            #"{"id": 6, "text": "a", "font": "Fonts/NotoSans-Regular.ttf", "size": 10000, "contentSizeCategory": "AX5"}"#,
            #"{"id": 7, "text": "a", "font": "Fonts/NotoSans-Regular.ttf", "textWrap": "even"}"#,
        ]
        let answers = try CLI.run(["batch"], input: input.joined(separator: "\n")).jsonLines
        try #require(answers.count == 7)
        #expect((answers[5]["error"] as? String)?.hasPrefix("invalid font size 31176.") == true, "10000 × 53 ÷ 17 is past the largest size: \(answers[5])")
        #expect(answers[6]["error"] as? String == #"unknown textWrap "even" (known: wrap, balance, pretty, push-out)"#)
        let cli = try CLI.run(["measure", "a", "--font", "Fonts/NotoSans-Regular.ttf", "--text-wrap", "even"])
        #expect(cli.status == 64)
        #expect(answers[0]["width"] as? Double == answers[1]["width"] as? Double)
        #expect(answers[0]["height"] as? Double == answers[1]["height"] as? Double)
        #expect((answers[2]["error"] as? String)?.hasPrefix(#"unknown contentSizeCategory "huge" (known: xSmall"#) == true)
        #expect(answers[3]["width"] as? Double == answers[4]["width"] as? Double, "body at Large is 17 pt, the default")
    }
}

/// `--minimum-scale-factor` and batch `minimumScaleFactor`: shrink to fit, and the scale used.
@Suite struct ShrinkToFitCommandTests {
    @Test func theCLIAndTheBatchShrinkAndSayByHowMuch() throws {
        let cli = try #require(
            try CLI.run(["measure", "Hello, World", "--font", "Fonts/DejaVuSans.ttf", "--max-width", "80", "--lines", "1", "--minimum-scale-factor", "0.5", "--json"]).jsonLines.first)
        let scale = try #require(cli["scale"] as? Double)
        #expect(scale < 1 && scale > 0.5)
        #expect((cli["width"] as? Double ?? 81) <= 80)
        let input = [
            #"{"id": 1, "text": "Hello, World", "font": "Fonts/DejaVuSans.ttf", "maxWidth": 80, "maxLines": 1, "minimumScaleFactor": 0.5}"#,
            #"{"id": 2, "text": "Hello", "font": "Fonts/DejaVuSans.ttf", "minimumScaleFactor": 0.5}"#,
            #"{"id": 3, "text": "Hello", "font": "Fonts/DejaVuSans.ttf", "maxWidth": 9, "maxLines": 1, "minimumScaleFactor": 2}"#,
            #"{"id": 4, "text": "Hello", "font": "Fonts/DejaVuSans.ttf", "maxWidth": 90}"#,
        ]
        let answers = try CLI.run(["batch"], input: input.joined(separator: "\n")).jsonLines
        try #require(answers.count == 4)
        #expect(answers[0]["scale"] as? Double == scale)
        #expect(answers[0]["width"] as? Double == cli["width"] as? Double)
        #expect(answers[1]["error"] as? String == #""minimumScaleFactor" needs "maxWidth", the width to fit"#)
        #expect(answers[2]["error"] as? String == "invalid minimum scale factor 2.0: it must be a number from 0 to 1")
        #expect(answers[3]["scale"] == nil)
        let bad = try CLI.run(["measure", "a", "--font", "Fonts/DejaVuSans.ttf", "--minimum-scale-factor", "0.5"])
        #expect(bad.status == 64 && bad.standardError.contains("--minimum-scale-factor needs --max-width"))
    }
}

/// A label in a layout shrinks as the measure request does.
@Suite struct LabelShrinkTests {
    @Test func aLabelShrinksToItsWidth() throws {
        let label = #""text": "Hello, World", "font": "Fonts/DejaVuSans.ttf", "numberOfLines": 1, "lineBreak": "truncate-tail""#
        let input = [
            #"{"id": "m", \#(label), "maxWidth": 80, "maxLines": 1, "minimumScaleFactor": 0.5}"#.replacingOccurrences(of: #""numberOfLines": 1, "#, with: ""),
            #"{"id": "l", "op": "layout", "width": 80, "root": {"type": "label", "id": "title", \#(label), "minimumScaleFactor": 0.5}}"#,
            #"{"id": "n", "op": "layout", "width": 80, "root": {"type": "label", "id": "title", \#(label)}}"#,
            #"{"id": "b", "op": "layout", "width": 80, "root": {"type": "label", "id": "title", \#(label), "minimumScaleFactor": 3}}"#,
            #"{"id": "z", "op": "layout", "width": 80, "root": {"type": "label", "text": "a", "font": "Fonts/DejaVuSans.ttf", "minimumScaleFactor": -1}}"#,
        ]
        let answers = try CLI.run(["batch"], input: input.joined(separator: "\n")).jsonLines
        try #require(answers.count == 5)
        let height = try #require(answers[0]["height"] as? Double)
        #expect((answers[0]["scale"] as? Double ?? 1) < 1)
        let frame = try #require((answers[1]["frames"] as? [String: Any])?["title"] as? [Double])
        #expect(frame[3] == height, "the shrunk label is as tall as the shrunk measure")
        let unshrunk = try #require((answers[2]["frames"] as? [String: Any])?["title"] as? [Double])
        #expect(unshrunk[3] > frame[3])
        #expect((answers[3]["error"] as? String)?.contains("invalid minimum scale factor 3.0") == true)
        #expect((answers[4]["error"] as? String)?.contains("invalid minimum scale factor -1.0") == true, "refused even with no line limit")
    }
}
