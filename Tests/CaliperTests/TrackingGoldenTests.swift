// TrackingGoldenTests.swift — fonts with an AAT `trak` table measured as `hb-shape --font-ptem` (Core Text's rule) measures them, at every size of Tests/Goldens/trak.json.
@testable import Caliper
import Foundation
import TestSupport
import Testing

/// `Tests/Goldens/trak.json` (`make_trak.py`: hb-shape 6.0.0 with `--font-ptem`, fontTools).
struct TrakGoldens: Decodable {
    struct Case: Decodable {
        var text: String
        var size: Double
        var width: Double
        var untrackedWidth: Double
        var trackingPerCluster: Int
        var clusters: Int
    }

    struct Font: Decodable {
        var font: String
        var cases: [Case]
    }

    struct ListedSize: Decodable {
        var size: Double
        var harfbuzzTracking: Int
    }

    struct Apple: Decodable {
        var font: String
        var listedSizes: [ListedSize]
        var otherSizes: [ListedSize]
    }

    struct VariableCase: Decodable {
        var text: String
        var size: Double
        var width: Double
        var variations: [String: Double]
    }

    struct Variable: Decodable {
        var font: String
        var cases: [VariableCase]
    }

    var fonts: [Font]
    var appleSFPro: Apple
    var variable: Variable

    static let loaded: TrakGoldens? = try? Fixtures.golden("trak.json", as: TrakGoldens.self)
}

@Suite struct TrackingGoldenTests {
    /// The widths hb-shape gives with the point size set, within 1e-6 pt (the golden's rounding),
    /// for every text at every size — between, below and above the table's sizes — all measured
    /// by one measurer with the shared caches, so a shape made at one size serves the others.
    @Test func widthsMatchHbShapeWithThePointSizeSet() throws {
        let goldens = try #require(TrakGoldens.loaded)
        let measurer = TextMeasurer()
        var compared = 0
        var agreed = 0
        for font in goldens.fonts {
            let face = try Fixtures.font(font.font)
            #expect(face.tracking != nil, "\(font.font) has a trak table")
            for golden in font.cases {
                let style = TextStyle(font: face, size: CGFloat(golden.size))
                let size = try measurer.size(of: golden.text, style: style)
                let widthAgrees = abs(Double(size.width) - golden.width) <= 1e-6
                #expect(widthAgrees, "\(font.font) \(golden.text.debugDescription) at \(golden.size) pt: \(size.width), hb-shape \(golden.width)")
                // The layout's line and the attributed path agree with it.
                let layout = try measurer.layout(golden.text, style: style)
                let lineAgrees = abs(Double(layout.lines[0].widthIncludingTrailingWhitespace) - golden.width) <= 1e-6
                #expect(lineAgrees)
                compared += 1
                if widthAgrees && lineAgrees && face.tracking != nil { agreed += 1 }
            }
        }
        #expect(compared >= 200)
        Conformance.record("trak", part: "static", cases: compared, agreed: agreed)
    }

    /// Tracking per cluster is HarfBuzz's at every size: Apple's SF Pro table at each size it lists
    /// (which reproduces Apple's published values) and at sizes between, below and above them.
    @Test func trackingPerClusterIsHarfBuzzs() throws {
        let goldens = try #require(TrakGoldens.loaded)
        let sf = try #require(try Fixtures.font(goldens.appleSFPro.font).tracking)
        for listed in goldens.appleSFPro.listedSizes + goldens.appleSFPro.otherSizes {
            #expect(sf.designUnits(atPointSize: CGFloat(listed.size)) == listed.harfbuzzTracking, "SF Pro table at \(listed.size) pt")
        }
        for font in goldens.fonts {
            let table = try #require(try Fixtures.font(font.font).tracking)
            for golden in font.cases {
                #expect(table.designUnits(atPointSize: CGFloat(golden.size)) == golden.trackingPerCluster, "\(font.font) at \(golden.size) pt")
            }
        }
    }

    /// A variable face keeps its tracking at every instance (the optical size following the
    /// point size, weights and widths), as hb-shape applies it.
    @Test func variableInstancesAreTracked() throws {
        let goldens = try #require(TrakGoldens.loaded)
        let face = try Fixtures.font(goldens.variable.font)
        var agreed = 0
        for golden in goldens.variable.cases {
            let variations = try golden.variations.sorted { $0.key < $1.key }.map { try FontVariation(tag: $0.key, value: $0.value) }
            let style = TextStyle(font: try face.withVariations(variations), size: CGFloat(golden.size))
            let width = try TextMeasurer().size(of: golden.text, style: style).width
            let agrees = abs(Double(width) - golden.width) <= 1e-6
            #expect(agrees, "\(golden.variations) \(golden.text.debugDescription) at \(golden.size) pt: \(width), hb-shape \(golden.width)")
            if agrees { agreed += 1 }
        }
        Conformance.record("trak", part: "variable", cases: goldens.variable.cases.count, agreed: agreed)
    }

    /// `trak=0` turns tracking off, as it does in HarfBuzz (the `trak` feature).
    @Test func theTrakFeatureTurnsItOff() throws {
        let goldens = try #require(TrakGoldens.loaded)
        let font = goldens.fonts[0]
        let golden = try #require(font.cases.first { $0.trackingPerCluster != 0 })
        var style = TextStyle(font: try Fixtures.font(font.font), size: CGFloat(golden.size))
        style.features = [try FontFeature("trak=0")]
        let width = try TextMeasurer().size(of: golden.text, style: style).width
        #expect(abs(Double(width) - golden.untrackedWidth) <= 1e-6)
    }

    /// Drawn glyphs (the SVG's) sit where HarfBuzz puts them with the point size set: each cluster's
    /// first glyph moved by trunc(T / 2) (the golden's `xOffsetAdded`) and the pen advanced by T
    /// after it, so the drawing spans the measured width.
    @Test func glyphsAreDrawnWhereHarfBuzzPlacesThem() throws {
        let goldens = try #require(TrakGoldens.loaded)
        let font = goldens.fonts[0]
        let face = try Fixtures.font(font.font)
        for golden in font.cases where golden.text == "Hello, World" && golden.trackingPerCluster != 0 {
            let style = TextStyle(font: face, size: CGFloat(golden.size))
            var untracked = style
            untracked.features = [try FontFeature("trak=0")]
            let tracked = try TextMeasurer().glyphs(ofLine: golden.text, style: style)
            let plain = try TextMeasurer().glyphs(ofLine: golden.text, style: untracked)
            try #require(tracked.count == plain.count && tracked.count == golden.clusters)
            let scale = golden.size / Double(face.designMetrics.unitsPerEm)
            let tracking = golden.trackingPerCluster
            for (index, (moved, base)) in zip(tracked, plain).enumerated() {
                let expected = Double(index * tracking + tracking / 2) * scale
                #expect(abs(Double(moved.position.x - base.position.x) - expected) <= 1e-9, "glyph \(index) at \(golden.size) pt")
            }
        }
    }

    /// Shrinking to fit tracks each trial size at its size: the answer's layout is the layout of
    /// the shrunk text measured afresh.
    @Test func shrinkToFitTracksEachTrialSize() throws {
        let goldens = try #require(TrakGoldens.loaded)
        let face = try Fixtures.font(goldens.fonts[0].font)
        let text = AttributedText("Tracking 123 Hello, World", style: TextStyle(font: face, size: 30))
        let measurer = TextMeasurer()
        let shrunk = try measurer.layoutShrinkingToFit(
            text, minimumScaleFactor: 0.2, paragraphStyle: ParagraphStyle(numberOfLines: 1), maxWidth: 200)
        let fresh = try TextMeasurer(cache: nil).layout(shrunk.text, paragraphStyle: ParagraphStyle(numberOfLines: 1), maxWidth: 200)
        #expect(shrunk.layout.size == fresh.size)
        #expect(!shrunk.layout.isTruncated && shrunk.scale < 1)
    }

    /// `Fonts/Trak/CaliperTrakTest.ttf` with its `trak` table rewritten by `edit` (offsets into
    /// the table, big-endian), loaded from memory.
    static func trakTestFont(_ edit: (inout [UInt8], _ trak: Int) -> Void) throws -> FontFace {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("Fonts/Trak/CaliperTrakTest.ttf"))))
        func uint(_ offset: Int, _ count: Int) -> Int { (0..<count).reduce(0) { $0 << 8 | Int(bytes[offset + $1]) } }
        let tableCount = uint(4, 2)
        let record = try #require((0..<tableCount).map { 12 + 16 * $0 }.first { bytes[$0..<($0 + 4)].elementsEqual("trak".utf8) })
        edit(&bytes, uint(record + 8, 4))
        return try FontFace(bytes: bytes, name: "hostile-trak.ttf")
    }

    /// A hostile `trak` table — values at Int16's limits, sizes a 65536th of a point apart (so
    /// 10,000 pt extrapolates a line a billion times steeper), or a track count that runs past the
    /// table — never traps: widths stay finite (tracking is held to a C int, as HarfBuzz holds it),
    /// and a table cut short is no tracking at all.
    @Test func aHostileTrakTableNeverTraps() throws {
        func put(_ bytes: inout [UInt8], _ offset: Int, _ value: Int, _ count: Int) {
            for index in 0..<count { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * (count - 1 - index))) }
        }
        for extreme in [-32_768, 32_767] {
            let face = try Self.trakTestFont { bytes, trak in
                let data = Int(bytes[trak + 6]) << 8 | Int(bytes[trak + 7])
                let sizeCount = Int(bytes[trak + data + 2]) << 8 | Int(bytes[trak + data + 3])
                let sizeTable = (0..<4).reduce(0) { $0 << 8 | Int(bytes[trak + data + 4 + $1]) }
                let values = Int(bytes[trak + data + 8 + 6]) << 8 | Int(bytes[trak + data + 8 + 7])
                for index in 0..<sizeCount {
                    put(&bytes, trak + sizeTable + 4 * index, index + 1, 4)  // 1/65536 pt, 2/65536 pt, …
                    put(&bytes, trak + values + 2 * index, index.isMultiple(of: 2) ? extreme : -extreme - 1, 2)
                }
            }
            let table = try #require(face.tracking)
            #expect(abs(table.designUnits(atPointSize: TextStyle.maximumFontSize)) <= Int(Int32.max))
            let text = String(repeating: "Tracking hostile tables, ", count: 400)
            for size in [CGFloat(0.01), 1, 17, TextStyle.maximumFontSize] {
                let style = TextStyle(font: face, size: size)
                let layout = try TextMeasurer().layout(text, style: style, maxWidth: 300)
                #expect(layout.size.width.isFinite && layout.size.height.isFinite)
                #expect(try TextMeasurer().size(of: text, style: style).width.isFinite)
            }
        }
        let cut = try Self.trakTestFont { bytes, trak in
            let data = Int(bytes[trak + 6]) << 8 | Int(bytes[trak + 7])
            bytes[trak + data] = 0xFF  // 65,280 or more tracks: their entries run past the table
        }
        #expect(cut.tracking == nil)
    }
}

/// `Tests/Goldens/trak_wrapped.json` (`make_trak_wrapped.py`: first fit over hb-shape's widths with
/// `--font-ptem`).
struct TrakWrappedGoldens: Decodable {
    struct Line: Decodable {
        var text: String
        var width: Double
    }

    struct Case: Decodable, CustomStringConvertible {
        var font: String
        var text: String
        var size: Double
        var maxWidth: Double
        var lines: [Line]
        var description: String { "\(font) \(size) pt at \(maxWidth)" }
    }

    var cases: [Case]
}

@Suite struct TrackedWrappingTests {
    /// Wrapped paragraphs in tracked faces break where first fit over the tracked widths breaks
    /// them, each line as wide as hb-shape makes it with the point size set, within 1e-6 pt — a
    /// third of the cases break differently untracked, so the breaks see the tracking.
    @Test func wrappedParagraphsBreakWhereTrackedWidthsBreakThem() throws {
        let goldens = try Fixtures.golden("trak_wrapped.json", as: TrakWrappedGoldens.self)
        try #require(goldens.cases.count == 100)
        let measurer = TextMeasurer()
        let agreed = Conformance.agreed(goldens.cases) { item in
            let style = TextStyle(font: try Fixtures.font(item.font), size: CGFloat(item.size))
            let layout = try measurer.layout(AttributedText(item.text, style: style), maxWidth: CGFloat(item.maxWidth))
            let units = Array(item.text.utf16)
            let texts = layout.lines.map { line in
                String(decoding: units[line.utf16Range.location..<NSMaxRange(line.utf16Range)], as: UTF16.self)
                    .trimmingCharacters(in: .whitespaces)
            }
            guard texts == item.lines.map(\.text) else { return ["lines \(texts)"] }
            return zip(layout.lines, item.lines).compactMap { line, expected in
                abs(Double(line.width) - expected.width) <= 1e-6 ? nil : "\(expected.text): \(line.width), hb-shape \(expected.width)"
            }
        }
        Conformance.record("trak-wrapped", cases: goldens.cases.count, agreed: agreed)
    }
}
