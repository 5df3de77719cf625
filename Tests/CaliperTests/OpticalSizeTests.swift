// OpticalSizeTests.swift — a face with an `opsz` axis it does not set follows the point size, against hb-shape and fontTools (Tests/Goldens/opsz.json).
@testable import Caliper
import Foundation
import TestSupport
import Testing

struct OpticalSizeGoldens: Decodable {
    struct Automatic: Decodable, CustomStringConvertible {
        var text: String
        var size: Double
        var opsz: Double
        var advanceSum: Int
        var description: String { "\(text) at \(size) pt" }
    }
    struct Pinned: Decodable, CustomStringConvertible {
        var text: String
        var opsz: Double
        var advanceSum: Int
        var description: String { "\(text) at opsz \(opsz)" }
    }
    struct LineMetrics: Decodable {
        var opsz: Double
        var ascender: Int
        var descender: Int
        var lineGap: Int
    }
    struct Axis: Decodable { var minimum: Double; var `default`: Double; var maximum: Double }
    var font: String
    var unitsPerEm: Int
    var axis: Axis
    var automatic: [Automatic]
    var pinned: [Pinned]
    var lineMetrics: [LineMetrics]
}

@Suite struct OpticalSizeTests {
    static let goldens = try? Fixtures.golden("opsz.json", as: OpticalSizeGoldens.self)
    static var automaticCases: [OpticalSizeGoldens.Automatic] { goldens?.automatic ?? [] }
    static var pinnedCases: [OpticalSizeGoldens.Pinned] { goldens?.pinned ?? [] }

    func face() throws -> FontFace { try Fixtures.font(try #require(Self.goldens).font) }

    func points(_ advanceSum: Int, size: Double) throws -> Double {
        Double(advanceSum) * size / Double(try #require(Self.goldens).unitsPerEm)
    }

    @Test func theAxisIsTheFontsOwn() throws {
        let golden = try #require(Self.goldens)
        let font = try face()
        let axis = try #require(font.axes.first { $0.tag == "opsz" })
        #expect([axis.minimum, axis.defaultValue, axis.maximum] == [golden.axis.minimum, golden.axis.default, golden.axis.maximum])
        #expect(font.followsOpticalSize)
        #expect(try font.instance(atPointSize: 17).variations == [try FontVariation("opsz=17")])
        #expect(try font.instance(atPointSize: 6).variations == [try FontVariation("opsz=8")])
        #expect(try font.instance(atPointSize: 100).variations == [try FontVariation("opsz=72")])
        #expect(try font.instance(atPointSize: 17) === font.instance(atPointSize: 17))
        #expect(throws: CaliperError.self) { try font.instance(atPointSize: .nan) }
    }

    /// Width at each size = hb-shape's advances at opsz = the size clamped to 8…72 (to 1e-9 pt),
    /// through every entry: the label fast path with and without a cache, the general layout,
    /// measure and glyphs.
    @Test func widthsFollowThePointSize() {
        let agreed = Conformance.agreed(Self.automaticCases) { golden in
            let style = TextStyle(font: try face(), size: CGFloat(golden.size))
            let expected = try points(golden.advanceSum, size: golden.size)
            let opsz = [try FontVariation(tag: "opsz", value: golden.opsz)]
            let width = try TextMeasurer(cache: nil).size(of: golden.text, style: style).width
            var differing: [String] = []
            if abs(Double(width) - expected) >= 1e-9 { differing.append("\(width) vs \(expected)") }
            if try TextMeasurer(cache: ShapeCache()).size(of: golden.text, style: style).width != width { differing.append("cached width") }
            let layout = try TextMeasurer(cache: nil).layout(golden.text, style: style)
            if layout.lines.first?.widthIncludingTrailingWhitespace != width { differing.append("layout width") }
            let run = layout.lines.first?.runs.first
            if run?.font.variations != opsz { differing.append("run in \(String(describing: run?.font))") }
            let measured = try TextMeasurer(cache: nil).measure(golden.text, style: style)
            if measured.unwrappedSize.width != width { differing.append("measured width \(measured.unwrappedSize.width)") }
            if try measured.layout(maxWidth: width / 2).lines.count <= 1 { differing.append("one line at half its width") }
            let glyphs = try TextMeasurer(cache: nil).glyphs(ofLine: golden.text, style: style)
            if !glyphs.allSatisfy({ $0.font.variations == opsz }) { differing.append("glyphs not at \(opsz)") }
            return differing
        }
        Conformance.record("opsz", part: "automatic", cases: Self.automaticCases.count, agreed: agreed)
    }

    /// A face whose variations set opsz keeps it at every size (to 1e-9 pt), as
    /// `font-variation-settings` overrides `font-optical-sizing: auto`; a named instance's
    /// coordinates set it too.
    @Test func aPinnedOpticalSizeHoldsAtEverySize() {
        let agreed = Conformance.agreed(Self.pinnedCases) { golden in
            let pinned = try face().withVariations([try FontVariation(tag: "opsz", value: golden.opsz)])
            var differing: [String] = []
            if pinned.followsOpticalSize { differing.append("follows the optical size") }
            for size in [6.0, 12, 17, 100] {
                let style = TextStyle(font: pinned, size: CGFloat(size))
                let width = try TextMeasurer(cache: nil).size(of: golden.text, style: style).width
                let expected = try points(golden.advanceSum, size: size)
                if abs(Double(width) - expected) >= 1e-9 { differing.append("\(width) vs \(expected) at \(size) pt") }
                if try TextMeasurer(cache: ShapeCache()).size(of: golden.text, style: style).width != width {
                    differing.append("cached width at \(size) pt")
                }
            }
            if golden.opsz == 72 {
                let display = try face().namedInstance("Display")
                if display.followsOpticalSize { differing.append("Display follows the optical size") }
                let width = try TextMeasurer(cache: nil).size(of: golden.text, style: TextStyle(font: display, size: 12)).width
                if abs(Double(width) - (try points(golden.advanceSum, size: 12))) >= 1e-9 { differing.append("Display at 12 pt: \(width)") }
            }
            return differing
        }
        Conformance.record("opsz", part: "pinned", cases: Self.pinnedCases.count, agreed: agreed)
    }

    /// The line height carries the MVAR deltas of the optical size the point size picks.
    @Test func lineMetricsFollowThePointSize() throws {
        let golden = try #require(Self.goldens)
        for size in [6.0, 11.5, 17, 40, 100] {
            let opsz = min(max(size, golden.axis.minimum), golden.axis.maximum)
            let expected = try #require(golden.lineMetrics.first { $0.opsz == opsz })
            let style = TextStyle(font: try face(), size: CGFloat(size))
            let lineHeight = Double(expected.ascender - expected.descender + expected.lineGap) * size / Double(golden.unitsPerEm)
            #expect(abs(Double(style.metrics.lineHeight) - lineHeight) < 1e-9, "at \(size) pt")
            #expect(abs(Double(style.metrics.ascender) - Double(expected.ascender) * size / Double(golden.unitsPerEm)) < 1e-9)
            for measurer in [TextMeasurer(cache: nil), TextMeasurer(cache: ShapeCache())] {
                #expect(try measurer.size(of: "Hello", style: style).height == style.metrics.lineHeight)
                #expect(try measurer.layout("Hello", style: style).fontMetrics == style.metrics)
                #expect(try measurer.layout("Hello there, a wrapped line", style: style, maxWidth: 10).fontMetrics == style.metrics)
            }
        }
    }

    /// Each span follows its own size: a 12 pt and a 40 pt span of one face are two instances.
    @Test func spansFollowTheirOwnSizes() throws {
        let font = try face()
        var text = AttributedText("Hello, ", style: TextStyle(font: font, size: 12))
        text.append("World", style: TextStyle(font: font, size: 40))
        let layout = try TextMeasurer(cache: nil).layout(text)
        let runs = try #require(layout.lines.first?.runs)
        #expect(runs.map { $0.font.variations } == [[try FontVariation("opsz=12")], [try FontVariation("opsz=40")]])
        let pinned12 = TextStyle(font: try font.withVariations([try FontVariation("opsz=12")]), size: 12)
        let pinned40 = TextStyle(font: try font.withVariations([try FontVariation("opsz=40")]), size: 40)
        #expect(runs[0].width == (try TextMeasurer(cache: nil).size(of: "Hello, ", style: pinned12).width))
        #expect(runs[1].width == (try TextMeasurer(cache: nil).size(of: "World", style: pinned40).width))
        #expect(try TextMeasurer().size(of: text) == TextMeasurer(cache: nil).size(of: text))
    }

    /// One cache across sizes answers each size as measuring without a cache does: a shape made
    /// at 12 pt is not reused at 40 pt, since each optical size is its own face in every key.
    @Test func cachedEqualsUncachedAcrossSizes() throws {
        let font = try face()
        let cached = TextMeasurer(cache: ShapeCache())
        let uncached = TextMeasurer(cache: nil)
        let paragraph = "Variable fonts follow the point size: office affine AVATAR Wave, Hello, World."
        for size: CGFloat in [12, 40, 12, 17, 100, 6, 40, 12] {
            let style = TextStyle(font: font, size: size)
            for text in ["Hello, World", "AVATAR Wave", paragraph] {
                #expect(try cached.size(of: text, style: style) == uncached.size(of: text, style: style), "\(text) at \(size)")
                for width: CGFloat? in [nil, 120, 300] {
                    let a = try cached.layout(text, style: style, maxWidth: width)
                    let b = try uncached.layout(text, style: style, maxWidth: width)
                    #expect(a.size == b.size && a.lines.map(\.width) == b.lines.map(\.width), "\(text) at \(size), width \(String(describing: width))")
                }
                let measured = try cached.measure(text, style: style)
                #expect(try measured.layout(maxWidth: 150).size == uncached.measure(text, style: style).layout(maxWidth: 150).size)
            }
            var spans = AttributedText("Ana ", style: TextStyle(font: font, size: size))
            spans.append("replied", style: TextStyle(font: font, size: size * 2))
            #expect(try cached.size(of: spans) == uncached.size(of: spans))
            #expect(try cached.layout(spans, maxWidth: 100).size == uncached.layout(spans, maxWidth: 100).size)
        }
    }

    /// The glyphs drawn (SVG outlines) are the instance's: "H" is 1.08 times as wide at 6 pt (opsz 8)
    /// as in the default instance, and 0.9 times at 100 pt (opsz 72), as Fonts/make_opsz_font.py built it.
    @Test func outlinesAreTheInstances() throws {
        func width(at size: CGFloat) throws -> Double {
            let glyph = try #require(try TextMeasurer(cache: nil).glyphs(ofLine: "H", style: TextStyle(font: try face(), size: size)).first)
            let xs = glyph.font.outline(ofGlyph: glyph.glyph).commands.compactMap { command -> Double? in
                switch command {
                case .move(let point), .line(let point): Double(point.x)
                case .quadratic(_, let point), .cubic(_, _, let point): Double(point.x)
                case .close: nil
                }
            }
            return try #require(xs.max()) - (try #require(xs.min()))
        }
        let regular = try width(at: 12)
        #expect(abs(try width(at: 6) / regular - 1.08) < 0.01)
        #expect(abs(try width(at: 100) / regular - 0.90) < 0.01)
    }

    /// Fonts without an opsz axis are measured in the face given, whatever the size.
    @Test func fontsWithoutAnOpticalSizeAxisAreUnaffected() throws {
        let dejaVu = try Fixtures.dejaVuSans
        let inter = try Fixtures.font("Fonts/Inter.var.ttf")
        for font in [dejaVu, inter, try inter.withVariations([try FontVariation("wght=600")])] {
            #expect(!font.followsOpticalSize)
            #expect(try font.instance(atPointSize: 40) === font)
            let style = TextStyle(font: font, size: 40)
            #expect(try style.resolvingOpticalSizes().font === font)
            let layout = try TextMeasurer(cache: nil).layout("Hello, World", style: style, maxWidth: 100)
            #expect(layout.lines.flatMap(\.runs).allSatisfy { $0.font === font })
        }
        // The face's own width at 40 pt is hb-shape's default-instance advance (advances.json).
        let width = try TextMeasurer(cache: nil).size(of: "Hello", style: TextStyle(font: dejaVu, size: 40)).width
        #expect(width == CGFloat(Double(try AdvanceGoldens.advance(of: "Hello")) * 40 / 2048))
    }
}
