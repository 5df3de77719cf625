// FontLoadingTests.swift — fonts from paths, fontconfig patterns and the default, and the resolver cache.
import Caliper
import Foundation
import Testing

@Suite struct FontLoadingTests {
    @Test func aFontLoadsFromAPath() throws {
        let font = try FontFace(contentsOfFile: Fixtures.path("Fonts/DejaVuSans.ttf"))
        #expect(font.familyName == "DejaVu Sans")
        #expect(font.faceCount == 1)
        #expect(font.hasGlyph(for: "A"))
        #expect(!font.hasGlyph(for: "\u{E000}"))
    }

    @Test func theResolverLoadsEachFontOnce() throws {
        let resolver = FontResolver()
        let path = Fixtures.path("Fonts/NotoSans-Regular.ttf")
        #expect(try resolver.face(for: path) === resolver.face(for: path))
        // Another spelling of the same file is the same face: fonts are kept by file, not by name.
        #expect(try resolver.face(for: path + "#0") === resolver.face(for: path))
    }

    @Test func theResolverTellsPathsFromPatterns() throws {
        #expect(throws: CaliperError.fontFileNotFound(path: "missing.ttf")) { try FontResolver().face(for: "missing.ttf") }
        #expect(throws: CaliperError.fontFileNotFound(path: "./missing")) { try FontResolver().face(for: "./missing#1") }
    }

    @Test func relativeFontPathsAreMadeRelativeToADocumentsFolder() throws {
        let fixtures = Fixtures.path("Fonts")
        #expect(FontResolver.specification("../Fonts/x.ttf", relativeTo: "Examples") == "Examples/../Fonts/x.ttf")
        #expect(FontResolver.specification("x.TTC#1", relativeTo: "cells") == "cells/x.TTC#1")
        #expect(FontResolver.specification("x.otf", relativeTo: "") == "./x.otf")
        // An absolute path, a pattern and the default font stay as they are.
        #expect(FontResolver.specification("/fonts/x.ttf", relativeTo: "cells") == "/fonts/x.ttf")
        #expect(FontResolver.specification("DejaVu Sans:bold", relativeTo: "cells") == "DejaVu Sans:bold")
        #expect(FontResolver.specification("", relativeTo: "cells") == "")
        // A name without a slash or extension is a path when the folder has such a file (here the
        // fixtures' LICENSES folder, which the current directory does not have).
        #expect(FontResolver.specification("LICENSES", relativeTo: fixtures) == fixtures + "/LICENSES")
        #expect(FontResolver.specification("LICENSES", relativeTo: Fixtures.path("Tests")) == "LICENSES")
    }

    @Test func theDefaultFontIsDejaVuSans() throws {
        // Depends on the system's fonts, as the test below: fonts-dejavu-core.
        let font = try FontResolver().face(for: nil)
        #expect(font.familyName == FontResolver.defaultFontFamily)
        #expect(font.familyName == "DejaVu Sans" && font.styleName == "Book")
    }

    @Test func installedFontsMatchFontconfigPatterns() throws {
        // Depends on the system's fonts: DejaVu Sans comes with the `fontconfig` package's dependencies.
        let fonts = try FontFace.installedFonts(matching: "DejaVu Sans")
        try #require(!fonts.isEmpty, "DejaVu Sans is not installed (apt-get install fonts-dejavu-core)")
        let bold = try FontFace.matching("DejaVu Sans:bold")
        #expect(bold.familyName == "DejaVu Sans")
        #expect(bold.styleName == "Bold")
    }

    @Test func anUnknownFamilyIsAnErrorNotASubstitution() {
        let error = #expect(throws: CaliperError.self) { try FontFace.matching("No Such Family 12345") }
        guard case .fontNotMatched(let pattern, _) = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        #expect(pattern == "No Such Family 12345")
    }

    @Test func genericFamiliesResolve() throws {
        #expect(!(try FontFace.matching("sans-serif").familyName.isEmpty))
        #expect(!(try FontFace.systemDefault().familyName.isEmpty))
    }
}

@Suite struct FontConfinementTests {
    @Test func aConfinedResolverRefusesFilesOutsideItsRootAndPatterns() throws {
        let resolver = try FontResolver(fontRoot: Fixtures.path("Fonts"))
        #expect(try resolver.face(for: Fixtures.path("Fonts/DejaVuSans.ttf")).familyName == "DejaVu Sans")
        #expect(throws: CaliperError.fontOutsideRoot(path: Fixtures.path("Fonts/../README.md"), root: Fixtures.path("Fonts"))) {
            try resolver.face(for: Fixtures.path("Fonts/../README.md"))
        }
        #expect(throws: CaliperError.fontPatternNotAllowed("DejaVu Sans")) { try resolver.face(for: "DejaVu Sans") }
        #expect(throws: CaliperError.fontPatternNotAllowed("")) { try resolver.face(for: nil) }
        #expect(throws: CaliperError.self) { try FontResolver(fontRoot: "/no/such/folder") }
        let patterns = try FontResolver(fontRoot: Fixtures.path("Fonts"), allowsFontconfigPatterns: true)
        #expect(try patterns.face(for: "DejaVu Sans").familyName == "DejaVu Sans")
    }
}

@Suite struct FontFromMemoryTests {
    @Test func aFontLoadsFromBytes() throws {
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: Fixtures.path("Fonts/DejaVuSans.ttf"))))
        let font = try FontFace(bytes: bytes, name: "dejavu.ttf")
        #expect(font.familyName == "DejaVu Sans")
        #expect(font.path == "dejavu.ttf")
        let width = try TextMeasurer().size(of: "Hello, World", style: TextStyle(font: font, size: 17)).width
        #expect(abs(Double(width) - points(try AdvanceGoldens.advance(of: "Hello, World"), size: 17)) < 1e-9)
        #expect(throws: CaliperError.self) { try FontFace(bytes: Array(bytes.prefix(64))) }
        #expect(throws: CaliperError.self) { try FontFace(bytes: [UInt8]()) }
        #expect(throws: CaliperError.fontFileTooLarge(path: "<memory>", bytes: bytes.count, limit: 10)) {
            try FontFace(bytes: bytes, fileSizeLimit: 10)
        }
    }
}
