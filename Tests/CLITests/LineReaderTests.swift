// LineReaderTests.swift — `caliper batch`'s line reader: each byte searched once, over-long lines refused, the buffer bounded.
@testable import caliper
import Foundation
import Testing

@Suite struct LineReaderTests {
    /// One line read: its text decoded as UTF-8 (an ill-formed sequence becomes U+FFFD), or
    /// refused as too long.
    enum Line: Equatable {
        case text(String)
        case tooLong
    }

    /// The next line of `reader`, as `caliper batch` reads it.
    private func next(_ reader: inout LineReader) -> Line? {
        switch reader.nextLine(beforeWaiting: {}) {
        case .text(let range)?: .text(String(decoding: reader.bytes(of: range), as: UTF8.self))
        case .tooLong?: .tooLong
        case nil: nil
        }
    }

    /// The lines of `input` read through a file, with the reader's counters.
    private func readLines(_ input: [UInt8], limit: Int) throws -> (lines: [Line], reader: LineReader) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("caliper-lines-\(UUID())")
        try Data(input).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let descriptor = open(file.path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var reader = LineReader(fileDescriptor: descriptor, maximumLineBytes: limit)
        var lines: [Line] = []
        while let line = next(&reader) { lines.append(line) }
        return (lines, reader)
    }

    /// A line of 5 MB arrives in some 80 reads; the old reader searched it again from its start
    /// after each (≈ 200 MB of searching), this one searches each byte once.
    @Test func eachByteIsSearchedOnce() throws {
        let long = [UInt8](repeating: UInt8(ascii: "a"), count: 5_000_000)
        let input = long + Array("\nshort\n\nlast".utf8)
        let (lines, reader) = try readLines(input, limit: 8 * 1024 * 1024)
        #expect(lines == [.text(String(decoding: long, as: UTF8.self)), .text("short"), .text(""), .text("last")])
        #expect(reader.searchedByteCount == input.count)
        #expect(reader.readError == nil)
    }

    @Test func aLineOverTheLimitIsRefusedAndTheNextOneRead() throws {
        let limit = 100_000
        let exactlyAtLimit = String(repeating: "b", count: limit)
        let input = Array("first\n".utf8) + [UInt8](repeating: 0, count: 1_000_000) + Array("\n\(exactlyAtLimit)\n".utf8)
            + Array(String(repeating: "c", count: limit + 1).utf8) + Array("\nafter\n".utf8)
            + [UInt8](repeating: UInt8(ascii: "d"), count: 300_000)  // the last line, over the limit, without a newline
        let (lines, reader) = try readLines(input, limit: limit)
        #expect(lines == [.text("first"), .tooLong, .text(exactlyAtLimit), .tooLong, .text("after"), .tooLong])
        #expect(reader.searchedByteCount == input.count)
        // Only an unfinished line stays from one read to the next, so the room never passes the limit and one read.
        #expect(reader.largestBufferCapacity <= limit + LineReader.readSize)
    }

    /// Lines of one read that pass the limit are refused too, though they arrived whole.
    @Test func aLongLineInsideOneReadIsRefused() throws {
        let (lines, _) = try readLines(Array("0123456789\nok\n0123\n".utf8), limit: 4)
        #expect(lines == [.tooLong, .text("ok"), .text("0123")])
    }

    @Test func readingADirectoryKeepsTheError() throws {
        let descriptor = open(FileManager.default.temporaryDirectory.path, O_RDONLY | O_DIRECTORY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var reader = LineReader(fileDescriptor: descriptor, maximumLineBytes: 100)
        #expect(next(&reader) == nil)
        #expect(reader.readError?.code == EISDIR)
    }
}
