// FontFileContentsTests.swift — a font file's bytes read under the resolver's confinement: inside the root read, everything leading out refused.
import Caliper
import Foundation
import Testing

@Suite struct FontFileContentsTests {
    @Test func aFileInsideTheRootIsReadWhole() throws {
        let root = Fixtures.path("Fonts")
        let resolver = try FontResolver(fontRoot: root)
        let path = root + "/DejaVuSans.ttf"
        #expect(try resolver.contentsOfFontFile(atPath: path) == Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        // Nothing is loaded or kept: the bytes are handed on, not made a face.
        #expect(resolver.statistics.entryCount == 0)
    }

    @Test func aPathLeadingOutOfTheRootIsRefused() throws {
        let root = Fixtures.path("Fonts")
        let resolver = try FontResolver(fontRoot: root)
        for path in [root + "/../README.md", Fixtures.path("Package.swift")] {
            #expect(throws: CaliperError.fontOutsideRoot(path: path, root: root)) { try resolver.contentsOfFontFile(atPath: path) }
        }
        #expect(throws: CaliperError.fontFileNotFound(path: root + "/missing.ttf")) {
            try resolver.contentsOfFontFile(atPath: root + "/missing.ttf")
        }
        #expect(throws: CaliperError.invalidFontName(root + "/DejaVuSans.ttf\u{0}.ttf")) {
            try resolver.contentsOfFontFile(atPath: root + "/DejaVuSans.ttf\u{0}.ttf")
        }
    }

    @Test func aLinkLeadingOutOfTheRootIsRefused() throws {
        let folder = try TemporaryFolder()
        let root = folder.path("root")
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: Fixtures.path("Fonts/NotoSansThai-Regular.ttf"), toPath: root + "/inside.ttf")
        try FileManager.default.copyItem(atPath: Fixtures.path("Fonts/NotoSansArabic-Regular.ttf"), toPath: folder.path("outside.ttf"))
        try #require(symlink("../outside.ttf", root + "/out.ttf") == 0)
        try #require(symlink("inside.ttf", root + "/in.ttf") == 0)
        let resolver = try FontResolver(fontRoot: root)
        #expect(throws: CaliperError.fontOutsideRoot(path: root + "/out.ttf", root: root)) {
            try resolver.contentsOfFontFile(atPath: root + "/out.ttf")
        }
        // A link that stays inside the root is followed.
        #expect(try resolver.contentsOfFontFile(atPath: root + "/in.ttf").count == 37_744)
    }

    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
        let folder = try TemporaryFolder()
        try folder.withFilledFIFO(named: "font.ttf") { fifo in
            let expected = CaliperError.fontFileUnreadable(path: fifo, reason: "it is a FIFO (named pipe), not a regular file")
            #expect(throws: expected) { try FontResolver(fontRoot: folder.path).contentsOfFontFile(atPath: fifo) }
            #expect(throws: expected) { try FontResolver().contentsOfFontFile(atPath: fifo) }
        }
    }

    @Test func aFileOverTheSizeLimitIsRefused() throws {
        let root = Fixtures.path("Fonts")
        let path = root + "/NotoSansThai-Regular.ttf"
        #expect(throws: CaliperError.fontFileTooLarge(path: path, bytes: 37_744, limit: 30_000)) {
            try FontResolver(fileSizeLimit: 30_000, fontRoot: root).contentsOfFontFile(atPath: path)
        }
    }
}
