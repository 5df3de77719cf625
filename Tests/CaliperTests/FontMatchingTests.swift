// FontMatchingTests.swift — the face of a family, weight and style near a base font: static faces in its folder by CSS's rule, variable ones at the weight.
@testable import Caliper
import Foundation
import Testing

@Suite struct FontMatchingTests {
    let resolver = FontResolver()
    func font(_ name: String) throws -> FontFace { try resolver.face(for: Fixtures.path("Fonts/\(name)")) }

    @Test func theFolderIsIndexedFromItsFontsTables() {
        let faces = FontFolder.faces(in: Fixtures.path("Fonts"))
        let noto = faces.filter { $0.family == "Noto Sans" }.map { ($0.path.hasSuffix("Bold.ttf"), $0.weight, $0.isItalic) }
        #expect(noto.count == 2)
        #expect(noto.contains { $0 == (true, 700, false) } && noto.contains { $0 == (false, 400, false) })
        let inter = faces.first { $0.family == "Inter" }
        #expect(inter?.weightAxis == 100...900)
        #expect(inter?.hasSlantAxis == true)
        #expect(faces.count == 11)  // one per fixture file, the emoji font and the opsz test font included
    }

    /// CSS Fonts 4, §5.2: above 500, heavier weights first; below 400, lighter first; exact wins.
    @Test func weightsFollowCSSsMatchingOrder() throws {
        let regular = try font("NotoSans-Regular.ttf")
        for (weight, expected) in [(700, "NotoSans-Bold.ttf"), (600, "NotoSans-Bold.ttf"), (900, "NotoSans-Bold.ttf"),
                                   (400, "NotoSans-Regular.ttf"), (500, "NotoSans-Regular.ttf"), (300, "NotoSans-Regular.ttf")] {
            let face = try resolver.face(family: nil, weight: weight, italic: false, near: regular)
            #expect(face.path.hasSuffix(expected), "\(weight): \(face)")
        }
        // No italic Noto Sans here and no slant axis: the upright face.
        #expect(try resolver.face(family: nil, weight: 700, italic: true, near: regular).path.hasSuffix("NotoSans-Bold.ttf"))
        let dejaVu = try resolver.face(family: "DejaVu Sans", weight: 400, italic: false, near: regular)
        #expect(dejaVu.familyName == "DejaVu Sans")
    }

    @Test func aVariableFaceIsSetAtTheWeightAndSlant() throws {
        let inter = try font("Inter.var.ttf")
        let semibold = try resolver.face(family: nil, weight: 600, italic: false, near: inter)
        #expect(semibold.variations == [try FontVariation("wght=600")])
        let boldItalic = try resolver.face(family: nil, weight: 700, italic: true, near: inter)
        #expect(boldItalic.variations == [try FontVariation("slnt=-10"), try FontVariation("wght=700")])
        #expect(boldItalic.styleName == "Bold Italic")
        let heaviest = try resolver.face(family: nil, weight: 1000, italic: false, near: inter)
        #expect(heaviest.variations == [try FontVariation("wght=900")])
    }

    @Test func aConfinedResolverLooksOnlyInsideItsRoot() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.copyItem(atPath: Fixtures.path("Fonts/NotoSans-Regular.ttf"), toPath: folder.path("Regular.ttf"))
        try #require(symlink(Fixtures.path("Fonts/NotoSans-Bold.ttf"), folder.path("Bold.ttf")) == 0)
        let confined = try FontResolver(fontRoot: folder.path)
        let regular = try confined.face(for: folder.path("Regular.ttf"))
        // The bold file is a link out of the root: not indexed, so the nearest face is the regular one.
        #expect(try confined.face(family: nil, weight: 700, italic: false, near: regular).path.hasSuffix("Regular.ttf"))
        #expect(throws: CaliperError.self) { try confined.face(family: "DejaVu Sans", weight: 400, italic: false, near: regular) }
    }
}
