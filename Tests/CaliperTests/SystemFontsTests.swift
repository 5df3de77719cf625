// SystemFontsTests.swift — FontFace.matching and fontconfig's fallback fonts load through one resolver, within its budget.
import Foundation
import Testing

@testable import Caliper

@Suite struct SystemFontsTests {
    /// A pattern matched twice gives the one face the system fonts' resolver keeps loaded.
    @Test func matchedFacesComeFromTheSystemFontsResolver() throws {
        let bold = try FontFace.matching("DejaVu Sans:bold")
        #expect(try FontFace.matching("DejaVu Sans:bold") === bold)
        let kept = try FontResolver.systemFonts.face(ofInstalledFile: bold.path, faceIndex: bold.faceIndex, namedInstance: nil)
        #expect(kept === bold)
        #expect(FontResolver.systemFonts.statistics.fileCount >= 1)
    }

    /// A fallback face is the face the system fonts' resolver has loaded for its file, so it counts
    /// against that resolver's budget.
    @Test func fallbackFacesComeFromTheSystemFontsResolver() throws {
        let primary = try Fixtures.font("Fonts/NotoSans-Regular.ttf")
        let fallback = try SystemFallback.fallback(for: primary, configurationFile: Fixtures.path("Fonts/fonts.conf"))
        let thai = try #require(Array(fallback.faces(covering: ["ภ"])).first)
        #expect((thai.path as NSString).lastPathComponent == "NotoSansThai-Regular.ttf")
        let kept = try FontResolver.systemFonts.face(ofInstalledFile: thai.path, faceIndex: thai.faceIndex, namedInstance: nil)
        #expect(kept === thai)
        #expect(Array(fallback.faces(covering: ["ภ"])).first === thai)
    }
}
