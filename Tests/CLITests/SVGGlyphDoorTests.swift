// SVGGlyphDoorTests.swift — every door that draws measures for drawing with its own measurer, and draws what it drew before.
import Caliper
import CaliperBatch
import CaliperLayout
import Foundation
import Testing

@Suite struct SVGGlyphDoorTests {
    /// The README's chip cloud, drawn again by the command `CommandLine.md` gives for it, is the
    /// committed `Examples/cloud.svg`, byte for byte: drawn from the glyphs kept by its measurement.
    @Test func theReadmeCloudIsDrawnAsCommitted() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("caliper-cloud-\(UUID()).svg")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try CLI.run([
            "flow", "swift", "ios", "machine learning", "東京", "🌍", "text layout", "مرحبا", "HarfBuzz", "ภาษาไทย",
            "server-side swift", "👩‍👩‍👧", "typography", "--width", "375", "--font", "Fonts/NotoSans-Regular.ttf",
            "--fallback", "Fonts/DroidSansFallbackFull.ttf", "--fallback", "Fonts/NotoColorEmoji.ttf",
            "--fallback", "Fonts/NotoSansArabic-Regular.ttf", "--fallback", "Fonts/NotoSansThai-Regular.ttf",
            "--size", "15", "--insets", "16", "--svg", file.path,
        ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try Data(contentsOf: file) == Data(contentsOf: URL(fileURLWithPath: CLI.path("Examples/cloud.svg"))))
    }

    static let examples = ["feed-cell.json", "rich-feed-cell.json", "tag-cell.json", "title-content-cell.json"]

    /// Each example cell, as `caliper layout --svg --only-given-fonts` draws it (from kept glyphs),
    /// is the picture drawn from a measurement without glyphs, every run shaped again, byte for byte.
    @Test(arguments: examples)
    func examplesDrawAsTheirRunsShapedAgain(_ example: String) throws {
        let path = CLI.path("Examples/\(example)")
        let document = try JSONObject(parsing: String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self))
        let reader = LayoutSpec(resolver: FontResolver(), fontFolder: CLI.path("Examples"), onlyGivenFonts: true)
        let root = try reader.layout(document.object("root"))
        let width = CGFloat(try #require(try document.number("width")))
        for guides in [false, true] {
            let plain = try root.arrange(width: width, measurer: TextMeasurer())
            let reshaped = try SVGRenderer(showsBaselines: guides, showsFrames: guides).svg(for: plain, size: plain.frame.size)
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("caliper-example-\(UUID()).svg")
            defer { try? FileManager.default.removeItem(at: file) }
            let result = try CLI.run(["layout", path, "--only-given-fonts", "--svg", file.path] + (guides ? ["--show-guides"] : []))
            #expect(result.status == 0, "\(result.standardError)")
            #expect(String(decoding: try Data(contentsOf: file), as: UTF8.self) == reshaped, "\(example), guides \(guides)")
        }
    }

    /// `caliper flow --svg` and `caliper layout --svg` draw from the glyphs their measurement
    /// kept: with letter spacing, "ffi" (one glyph) is followed by three letters' spacing, as the
    /// run's width counts them, where a run shaped again to draw (as before) lost two.
    @Test func theCommandsDrawFromKeptGlyphs() throws {
        let style = TextStyle(font: try FontResolver().face(for: CLI.path("Fonts/NotoSans-Regular.ttf")), size: 15, letterSpacing: 4, fallback: .none)
        let flow = FlowLayout(items: [.chip("office", style: style)], style: FlowStyle())
        let label = LabelLayout(id: "word", text: "office", style: style)
        func picture(keepingGlyphs: Bool) throws -> (flow: String, layout: String) {
            let measurer = TextMeasurer(keepsGlyphs: keepingGlyphs)
            let arrangement = try label.arrange(width: 300, measurer: measurer)
            return (
                try SVGRenderer().svg(for: flow.layout(width: 300, measurer: measurer), of: flow),
                try SVGRenderer().svg(for: arrangement, size: arrangement.frame.size))
        }
        let kept = try picture(keepingGlyphs: true)
        let reshaped = try picture(keepingGlyphs: false)
        #expect(kept.flow != reshaped.flow && kept.layout != reshaped.layout)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("caliper-office-\(UUID()).svg")
        defer { try? FileManager.default.removeItem(at: file) }
        let flowResult = try CLI.run([
            "flow", "office", "--width", "300", "--font", "Fonts/NotoSans-Regular.ttf", "--size", "15", "--letter-spacing", "4", "--padding", "0",
            "--spacing", "8", "--svg", file.path,
        ])
        #expect(flowResult.status == 0, "\(flowResult.standardError)")
        #expect(String(decoding: try Data(contentsOf: file), as: UTF8.self) == kept.flow)
        let spec = #"{"width": 300, "root": {"type": "label", "id": "word", "text": "office", "font": "\#(CLI.path("Fonts/NotoSans-Regular.ttf"))", "size": 15, "letterSpacing": 4}}"#
        let layoutResult = try CLI.withTemporaryFile(spec) { try CLI.run(["layout", $0, "--only-given-fonts", "--svg", file.path]) }
        #expect(layoutResult.status == 0, "\(layoutResult.standardError)")
        #expect(String(decoding: try Data(contentsOf: file), as: UTF8.self) == kept.layout)
    }

    /// A flow request with Latin, Arabic and emoji chips (and a wrapped one), in fonts of its own.
    static func flowRequest() -> String {
        let noto = CLI.path("Fonts/NotoSans-Regular.ttf"), arabic = CLI.path("Fonts/NotoSansArabic-Regular.ttf")
        let emoji = CLI.path("Fonts/NotoColorEmoji.ttf")
        return #"{"width": 220, "onlyGivenFonts": true, "items": ["#
            + #"{"text": "swift", "font": "\#(noto)"}, {"text": "مرحبا", "font": "\#(arabic)"}, "#
            + #"{"text": "hi 🌍", "font": "\#(noto)", "fallback": ["\#(emoji)"]}, "#
            + #"{"text": "a long chip that wraps onto two lines", "font": "\#(noto)", "maxWidth": 120, "maxLines": 2}]}"#
    }

    /// `BatchProcessor.picture` (the service's `POST /v1/flow/svg`) shapes exactly what measuring
    /// for drawing shapes with the processor's measurer, and not one run more to draw.
    @Test func aPictureIsShapedOnceByTheProcessorsMeasurer() throws {
        let processor = BatchProcessor(resolver: FontResolver(), measurer: TextMeasurer(cache: nil))
        var measuringForDrawing = processor
        measuringForDrawing.measurer.keepsGlyphs = true
        let faces = try ["NotoSans-Regular.ttf", "NotoSansArabic-Regular.ttf", "NotoColorEmoji.ttf"].map {
            try processor.resolver.face(for: CLI.path("Fonts/\($0)"))
        }
        let request = Self.flowRequest()
        let picture = FontFace.countingShapings(in: faces) { processor.picture(request, op: .flow) }
        let answer = FontFace.countingShapings(in: faces) { measuringForDrawing.answer(request, op: .flow) }
        #expect(picture.result.error == nil, "\(picture.result.error ?? "")")
        #expect(answer.result.error == nil)
        #expect(picture.shapings > 0)
        #expect(picture.shapings == answer.shapings, "the picture shapes what its measurement shapes, and nothing to draw")
        #expect(picture.result.svg?.contains("<use ") == true)
    }

    /// A picture is measured in the processor's cache: its layouts are kept there (keeping
    /// glyphs), and the same picture asked again is drawn without shaping anything.
    @Test func aPictureIsKeptInTheProcessorsCache() throws {
        let cache = ShapeCache()
        let processor = BatchProcessor(resolver: FontResolver(), measurer: TextMeasurer(cache: cache))
        let faces = try ["NotoSans-Regular.ttf", "NotoSansArabic-Regular.ttf", "NotoColorEmoji.ttf"].map {
            try processor.resolver.face(for: CLI.path("Fonts/\($0)"))
        }
        let first = processor.picture(Self.flowRequest(), op: .flow)
        #expect(first.error == nil)
        let layouts = try #require(cache.tables.first { $0.name == "layouts" })
        #expect(layouts.statistics.entryCount >= 4, "each chip's layout, with its glyphs")
        let again = FontFace.countingShapings(in: faces) { processor.picture(Self.flowRequest(), op: .flow) }
        #expect(again.shapings == 0)
        #expect(again.result.svg == first.svg)
    }
}
