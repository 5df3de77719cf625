// VariableFontTests.swift — variable fonts: axes, named instances and advances at any coordinates, against fontTools and hb-shape (Tests/Goldens/variations.json).
@testable import Caliper
import Foundation
import TestSupport
import Testing

struct VariationGoldens: Decodable {
    struct Axis: Decodable { var tag: String; var name: String; var minimum: Double; var `default`: Double; var maximum: Double }
    struct Instance: Decodable { var name: String; var coordinates: [String: Double] }
    struct Case: Decodable, CustomStringConvertible {
        var text: String
        var variations: String
        var advanceSum: Int
        var description: String { "\(text) [\(variations)]" }
    }
    var font: String
    var unitsPerEm: Int
    var axes: [Axis]
    var namedInstances: [Instance]
    var ascender: Int
    var descender: Int
    var lineGap: Int
    var cases: [Case]
}

@Suite struct VariableFontTests {
    static let goldens = try? Fixtures.golden("variations.json", as: VariationGoldens.self)
    static var cases: [VariationGoldens.Case] { goldens?.cases ?? [] }

    func inter() throws -> FontFace { try Fixtures.font(try #require(Self.goldens).font) }

    @Test func axesAndNamedInstancesAreTheFontsOwn() throws {
        let golden = try #require(Self.goldens)
        let font = try inter()
        #expect(font.axes.map(\.tag.description) == golden.axes.map(\.tag))
        #expect(font.axes.map(\.name) == golden.axes.map(\.name))
        #expect(font.axes.map { [$0.minimum, $0.defaultValue, $0.maximum] } == golden.axes.map { [$0.minimum, $0.default, $0.maximum] })
        #expect(font.namedInstances.map(\.name) == golden.namedInstances.map(\.name))
        for (instance, expected) in zip(font.namedInstances, golden.namedInstances) {
            #expect(Dictionary(uniqueKeysWithValues: instance.coordinates.map { ($0.tag.description, $0.value) }) == expected.coordinates)
        }
        let semiBold = try font.namedInstance("semi bold")
        #expect(semiBold.variations == [try FontVariation("slnt=0"), try FontVariation("wght=600")])
        #expect(semiBold.styleName == "Semi Bold")
        #expect(try FontFace(contentsOfFile: Fixtures.path("Fonts/DejaVuSans.ttf")).axes.isEmpty)
    }

    /// Every text at every setting is as wide as `hb-shape --variations` says (to 1e-9 pt), also
    /// through the cache and the label fast path.
    @Test func advancesAreHarfBuzzsAtTheCoordinates() throws {
        let unitsPerEm = Double(try #require(Self.goldens).unitsPerEm)
        let agreed = Conformance.agreed(Self.cases) { golden in
            let settings = try golden.variations.split(separator: ",").map { try FontVariation(String($0)) }
            let font = try inter().withVariations(settings)
            let width = try TextMeasurer(cache: nil).size(of: golden.text, style: TextStyle(font: font, size: 17)).width
            let expected = Double(golden.advanceSum) * 17 / unitsPerEm
            var differing: [String] = []
            if abs(Double(width) - expected) >= 1e-9 { differing.append("\(width) vs \(expected)") }
            let cached = try TextMeasurer().size(of: golden.text, style: TextStyle(font: font, size: 17)).width
            if cached != width { differing.append("\(cached) through the cache") }
            return differing
        }
        Conformance.record("variations", cases: Self.cases.count, agreed: agreed)
    }

    /// Without an MVAR table an instance keeps the hhea metrics.
    @Test func instancesKeepTheLineMetricsWithoutMVAR() throws {
        let golden = try #require(Self.goldens)
        let bold = try inter().withVariations([try FontVariation("wght=700")])
        #expect(bold.designMetrics.ascender == golden.ascender)
        #expect(bold.designMetrics.descender == golden.descender)
        #expect(bold.designMetrics.lineGap == golden.lineGap)
    }

    @Test func theSameCoordinatesGiveTheSameFace() throws {
        let font = try inter()
        let a = try font.withVariations([try FontVariation("wght=600")])
        let b = try font.withVariations([try FontVariation(tag: "wght", value: 600)])
        #expect(a === b)
        // Settings apply on top of an instance's own.
        let slanted = try a.withVariations([try FontVariation("slnt=-10")])
        #expect(slanted.variations == [try FontVariation("slnt=-10"), try FontVariation("wght=600")])
        #expect(slanted === (try font.withVariations([try FontVariation("slnt=-10"), try FontVariation("wght=600")])))
        #expect(try font.withVariations([]) === font)
    }

    /// An instance holds its default instance; the default instance's table of instances must not
    /// hold them back, or a variable face, its instances and its file's bytes would outlive their
    /// last user (a cycle LeakSanitizer reported).
    @Test func aVariableFaceAndItsInstancesAreFreedAfterTheirLastUse() throws {
        weak var weakBase: FontFace?
        weak var weakInstance: FontFace?
        try {
            let base = try FontFace(contentsOfFile: Fixtures.path("Fonts/Inter.var.ttf"))
            let instance = try base.withVariations([try FontVariation("wght=600")])
            #expect(try base.withVariations([try FontVariation("wght=600")]) === instance)
            (weakBase, weakInstance) = (base, instance)
        }()
        #expect(weakInstance == nil)
        #expect(weakBase == nil)
    }

    @Test func badSettingsAreRefusedNamingThem() throws {
        let font = try inter()
        let cases: [(() throws -> Void, String)] = [
            ({ _ = try font.withVariations([try FontVariation("wdth=75")]) }, "has no axis wdth (its axes: wght 100…900, slnt -10…0)"),
            ({ _ = try font.withVariations([try FontVariation("wght=950")]) }, "wght of Inter Regular (Inter.var.ttf) ranges from 100 to 900"),
            ({ _ = try font.withVariations([try FontVariation("wght=500"), try FontVariation("wght=600")]) }, "the axis wght is given twice"),
            ({ _ = try FontFace(contentsOfFile: Fixtures.path("Fonts/DejaVuSans.ttf")).withVariations([try FontVariation("wght=700")]) },
             "it is not a variable font"),
            ({ _ = try FontVariation("wght") }, "write it as tag=value"),
            ({ _ = try FontVariation(tag: "wght", value: .nan) }, "finite"),
            ({ _ = try font.namedInstance("Ultra") }, "has no named instance Ultra"),
            ({ _ = try FontFeature("wght=700") }, "wght is a variation axis, not an OpenType feature"),
            ({ _ = try FontFeature(tag: "opsz", value: 12) }, "opsz is a variation axis"),
        ]
        for (body, phrase) in cases {
            let error = #expect(throws: CaliperError.self) { try body() }
            #expect(error?.description.contains(phrase) == true, "\(String(describing: error)) should say \(phrase)")
        }
    }

    /// A weight span in a variable font: the bold part measures as the instance alone.
    @Test func spansCanSetAxes() throws {
        let regular = TextStyle(font: try inter(), size: 17)
        var text = AttributedText("Ana", style: TextStyle(font: try inter().withVariations([try FontVariation("wght=700")]), size: 17))
        text.append(" replied", style: regular)
        let line = try #require(try TextMeasurer(cache: nil).layout(text).lines.first)
        #expect(line.runs.count == 2)
        #expect(line.runs[0].font.variations == [try FontVariation("wght=700")])
        let bold = try TextMeasurer(cache: nil).size(of: "Ana", style: TextStyle(font: line.runs[0].font, size: 17)).width
        #expect(abs(line.runs[0].width - bold) < 1e-9)
    }
}
