// SystemCallTests.swift — the one system-call layer: typed errors with their C names, file kinds, reads at an offset, links resolved.
import Foundation
import Testing

@testable import Caliper

@Suite struct SystemCallTests {
    private func withFolder(_ body: (String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("caliper-syscalls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder.path)
    }

    @Test func errorsCarryTheirCNameAndTheCLibrarysWords() {
        #expect(Errno(code: ENOENT).name == "ENOENT")
        #expect(Errno(code: ENOENT).description == "No such file or directory")
        #expect(Errno(code: EPIPE).name == "EPIPE")
        #expect(Errno(code: 9999).name == "errno 9999")
    }

    @Test func aMissingFileIsENOENTAndAPathWithNULIsRefused() throws {
        try withFolder { folder in
            #expect(throws: Errno(code: ENOENT)) { try SystemCall.open(folder + "/missing", O_RDONLY) }
            #expect(throws: Errno(code: ENOENT)) { try SystemCall.status(atPath: folder + "/missing") }
            // C would end the path at the NUL and open the folder itself.
            #expect(throws: Errno(code: EINVAL)) { try SystemCall.open(folder + "\u{0}/missing", O_RDONLY) }
            #expect(throws: Errno(code: EINVAL)) { try SystemCall.realPath(folder + "\u{0}x") }
        }
    }

    @Test func kindsAreToldWithAndWithoutFollowingLinks() throws {
        try withFolder { folder in
            #expect(mkfifo(folder + "/fifo", 0o644) == 0)
            try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: folder + "/fifo")
            #expect(try SystemCall.status(atPath: folder).kind == .directory)
            #expect(try SystemCall.status(atPath: folder + "/link").kind == .fifo)
            #expect(try SystemCall.linkStatus(atPath: folder + "/link").kind == .symbolicLink)
            #expect(try SystemCall.destination(ofLink: folder + "/link") == folder + "/fifo")
            #expect(try SystemCall.realPath(folder + "/./link") == (try SystemCall.realPath(folder + "/fifo")))
        }
    }

    @Test func writtenBytesReadBackWholeAndAtAnOffset() throws {
        try withFolder { folder in
            let path = folder + "/bytes"
            let written = Array("0123456789".utf8)
            let output = try SystemCall.open(path, O_WRONLY | O_CREAT | O_CLOEXEC, mode: 0o644)
            try SystemCall.write(output, written)
            try SystemCall.close(output)
            let input = try SystemCall.open(path, O_RDONLY | O_CLOEXEC)
            defer { try? SystemCall.close(input) }
            #expect(try SystemCall.status(of: input).byteCount == written.count)
            #expect(SystemCall.canReadWithoutWaiting(input))
            var buffer = [UInt8](repeating: 0, count: 4)
            let atOffset = try buffer.withUnsafeMutableBytes { try SystemCall.read(input, into: $0, atOffset: 6) }
            #expect(atOffset == 4 && buffer == Array("6789".utf8))
            let fromStart = try buffer.withUnsafeMutableBytes { try SystemCall.read(input, into: $0) }
            #expect(fromStart == 4 && buffer == Array("0123".utf8), "pread leaves the position where it was")
        }
    }
}
