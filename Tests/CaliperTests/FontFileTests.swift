// FontFileTests.swift — what font loading refuses (FIFOs, devices, links out of the root, huge files) and how the resolver keeps fonts.
@testable import Caliper
import Foundation
import Synchronization
import Testing

@Suite struct FontFileTests {
    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
        let folder = try TemporaryFolder()
        try folder.withFilledFIFO(named: "font.ttf") { fifo in
            let expected = CaliperError.fontFileUnreadable(path: fifo, reason: "it is a FIFO (named pipe), not a regular file")
            #expect(throws: expected) { try FontFace(contentsOfFile: fifo) }
            #expect(throws: expected) { try FontResolver().face(for: fifo) }
            #expect(throws: expected) { try FontResolver(fontRoot: folder.path).face(for: fifo) }
        }
    }

    @Test func devicesAreRefused() {
        for device in ["/dev/null", "/dev/zero"] {
            #expect(throws: CaliperError.fontFileUnreadable(path: device, reason: "it is a character device, not a regular file")) {
                try FontResolver().face(for: device)
            }
        }
    }

    @Test func aFontRootThatIsNotAFolderIsRefused() {
        let file = Fixtures.path("Fonts/DejaVuSans.ttf")
        #expect(throws: CaliperError.invalidFontRoot(path: file, reason: "it is not a folder")) {
            try FontResolver(fontRoot: file)
        }
        #expect(throws: CaliperError.invalidFontRoot(path: "/no/such/folder", reason: "No such file or directory")) {
            try FontResolver(fontRoot: "/no/such/folder")
        }
    }

    /// A link inside the root flipped between a font inside and a font outside while fonts are
    /// resolved through it: the outside font must never be read (the check and the read were two
    /// opens by name; 2,518 of 20,000 answers measured the outside file).
    @Test func aLinkFlippedDuringResolutionNeverReachesOutsideTheRoot() throws {
        let folder = try TemporaryFolder()
        let root = folder.path("root")
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: Fixtures.path("Fonts/NotoSansThai-Regular.ttf"), toPath: root + "/inside.ttf")
        try FileManager.default.copyItem(atPath: Fixtures.path("Fonts/NotoSansArabic-Regular.ttf"), toPath: folder.path("outside.ttf"))
        let link = root + "/link.ttf"
        try #require(symlink("inside.ttf", link) == 0)
        let stop = Flag()
        let flipper = Thread {
            // rename(2) replaces the link atomically, so it always exists, pointing in or out.
            var outward = true
            while !stop.isSet {
                let staging = root + "/staging.ttf"
                unlink(staging)
                _ = symlink(outward ? "../outside.ttf" : "inside.ttf", staging)
                _ = rename(staging, link)
                outward.toggle()
            }
        }
        flipper.start()
        defer { stop.set() }
        var (loaded, refused, escaped) = (0, 0, 0)
        for _ in 0..<5_000 {
            do {
                // A fresh resolver each time: a cached face would skip the file.
                let face = try FontResolver(fontRoot: root).face(for: link)
                if face.familyName == "Noto Sans Thai" { loaded += 1 } else { escaped += 1 }
            } catch .fontOutsideRoot {
                refused += 1
            } catch .fontFileNotFound {
                refused += 1  // the link between unlink and rename of another round: cannot happen with rename, kept safe
            }
        }
        stop.set()
        #expect(escaped == 0)
        #expect(loaded > 0 && refused > 0, "the race was not exercised: \(loaded) loaded, \(refused) refused")
    }

    @Test func everySpellingOfOneFileSharesOneCopy() throws {
        let resolver = FontResolver()
        let path = Fixtures.path("Fonts/NotoSansThai-Regular.ttf")
        let first = try resolver.face(for: path)
        let folder = (path as NSString).deletingLastPathComponent
        var spellings = (1...500).map { String(repeating: "./", count: $0) }.map { folder + "/" + $0 + "NotoSansThai-Regular.ttf" }
        spellings += (1...500).map { folder + String(repeating: "/", count: $0) + "NotoSansThai-Regular.ttf" }
        for spelling in spellings { #expect(try resolver.face(for: spelling) === first) }
        let statistics = resolver.statistics
        #expect(statistics.entryCount == 1)
        #expect(statistics.misses == 1)
        #expect(statistics.byteCount == 37_744)
    }

    @Test func filesPastTheBudgetAreLetGoAndOneLargerThanItIsRefused() throws {
        // Thai 37,744 + Devanagari 229,336 bytes fit; Arabic's 244,072 more do not.
        let resolver = FontResolver(cacheByteBudget: 300_000)
        let thai = try resolver.face(for: Fixtures.path("Fonts/NotoSansThai-Regular.ttf"))
        _ = try resolver.face(for: Fixtures.path("Fonts/NotoSansDevanagari-Regular.ttf"))
        #expect(resolver.statistics.entryCount == 2)
        _ = try resolver.face(for: Fixtures.path("Fonts/NotoSansArabic-Regular.ttf"))
        var statistics = resolver.statistics
        #expect(statistics.byteCount <= 300_000)
        #expect(statistics.evictions >= 1)
        // Thai was let go but is still alive here: its bytes are used again, not read a second time.
        #expect(try resolver.face(for: Fixtures.path("Fonts/NotoSansThai-Regular.ttf")).data === thai.data)
        statistics = resolver.statistics
        #expect(statistics.misses == 3)
        #expect(statistics.byteCount <= 300_000)
        let emoji = Fixtures.path("Fonts/NotoColorEmoji.ttf")
        #expect(throws: CaliperError.fontFileTooLarge(path: emoji, bytes: 10_980_856, limit: 300_000)) {
            try resolver.face(for: emoji)
        }
    }

    /// A sibling (what each thread of `caliper batch --jobs` resolves with) makes faces of its
    /// own, which measure alike, from the bytes the first resolver read: no file is read twice.
    @Test func aSiblingMakesFacesOfItsOwnFromTheSameBytes() throws {
        let resolver = FontResolver(cacheByteBudget: 1 << 20)
        let path = Fixtures.path("Fonts/NotoSansThai-Regular.ttf")
        let face = try resolver.face(for: path)
        let sibling = resolver.sibling()
        #expect(sibling.cacheByteBudget == 1 << 20)
        let own = try sibling.face(for: path)
        #expect(own !== face)
        #expect(own.data === face.data)
        #expect(sibling.statistics == FontResolver.Statistics(hits: 1, misses: 0, evictions: 0, entryCount: 1, byteCount: 37_744))
        #expect(try sibling.face(for: path) === own)
        let measurer = TextMeasurer(cache: nil)
        let text = "สวัสดีครับ ภาษาไทย"
        #expect(try measurer.size(of: text, style: TextStyle(font: own, size: 17)) == measurer.size(of: text, style: TextStyle(font: face, size: 17)))
        // A file only the sibling reads is read once, there.
        let arabic = try sibling.face(for: Fixtures.path("Fonts/NotoSansArabic-Regular.ttf"))
        #expect(sibling.statistics.misses == 1)
        #expect(try resolver.face(for: Fixtures.path("Fonts/NotoSansArabic-Regular.ttf")).data === arabic.data)
        #expect(resolver.statistics.misses == 1)
    }

    /// A sibling is confined to its resolver's font root, and refuses as it does.
    @Test func aSiblingKeepsItsResolversFontRoot() throws {
        let resolver = try FontResolver(fontRoot: Fixtures.path("Fonts"))
        let sibling = resolver.sibling()
        #expect(sibling.fontRoot == resolver.fontRoot)
        #expect(sibling.allowsFontconfigPatterns == resolver.allowsFontconfigPatterns)
        #expect(try sibling.face(for: Fixtures.path("Fonts/DejaVuSans.ttf")).familyName == "DejaVu Sans")
        // A real font outside the root: refused by both, alike, though an unconfined resolver reads it.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("caliper-sibling-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outside = folder.appendingPathComponent("DejaVuSans.ttf").path
        try FileManager.default.copyItem(atPath: Fixtures.path("Fonts/DejaVuSans.ttf"), toPath: outside)
        #expect(try FontResolver().sibling().face(for: outside).familyName == "DejaVu Sans")
        var refusals: [String] = []
        for each in [resolver, sibling] {
            do {
                _ = try each.face(for: outside)
            } catch {
                refusals.append("\(error)")
            }
        }
        #expect(refusals.count == 2 && refusals[0] == refusals[1])
    }

    @Test func aFileLetGoAndDeadIsReadAgain() throws {
        let resolver = FontResolver(cacheByteBudget: 300_000)
        _ = try resolver.face(for: Fixtures.path("Fonts/NotoSansThai-Regular.ttf"))
        _ = try resolver.face(for: Fixtures.path("Fonts/NotoSansDevanagari-Regular.ttf"))
        _ = try resolver.face(for: Fixtures.path("Fonts/NotoSansArabic-Regular.ttf"))
        _ = try resolver.face(for: Fixtures.path("Fonts/NotoSansThai-Regular.ttf"))
        #expect(resolver.statistics.misses == 4)
    }

    /// HarfBuzz takes a font's length as 32 bits: a larger file (here sparse, so nothing is
    /// written or read) is refused by size, even with no limit set, instead of trapping.
    @Test func aFontOverFourGibibytesIsRefusedBeforeItIsRead() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("huge.ttf")
        let descriptor = open(path, O_WRONLY | O_CREAT, 0o600)
        try #require(descriptor >= 0)
        let size = Int(UInt32.max) + 1
        let truncated = ftruncate(descriptor, off_t(size))
        close(descriptor)
        try #require(truncated == 0)
        #expect(throws: CaliperError.fontFileTooLarge(path: path, bytes: size, limit: Int(UInt32.max))) {
            try FontFace(contentsOfFile: path, fileSizeLimit: .max)
        }
        #expect(throws: CaliperError.fontFileTooLarge(path: path, bytes: size, limit: Int(UInt32.max))) {
            try FontResolver(fileSizeLimit: .max, cacheByteBudget: .max).face(for: path)
        }
    }
}

/// A folder under the system's temporary folder, removed when the value goes away.
final class TemporaryFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "caliper-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { path + "/" + name }

    /// A FIFO named `name` in the folder, its write end held open with bytes in it while `body`
    /// runs, so that code which opens or reads the FIFO fails the test instead of blocking the suite.
    func withFilledFIFO(named name: String, _ body: (String) throws -> Void) throws {
        let fifo = path(name)
        try #require(mkfifo(fifo, 0o600) == 0)
        let writer = open(fifo, O_RDWR | O_NONBLOCK)
        try #require(writer >= 0)
        defer { close(writer) }
        _ = write(writer, "not a font", 10)
        try body(fifo)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// A flag one thread sets and another reads.
final class Flag: Sendable {
    private let value = Atomic(false)
    var isSet: Bool { value.load(ordering: .acquiring) }
    func set() { value.store(true, ordering: .releasing) }
}
