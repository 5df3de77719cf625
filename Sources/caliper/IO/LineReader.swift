// LineReader.swift — the lines of `caliper batch`'s input: each byte scanned once, a line over a limit refused, memory bounded.
import Caliper
import Foundation

/// Reads newline-ended lines from a file descriptor without loading the whole input.
///
/// Each byte is searched for a newline once: the search of an unfinished line resumes where the
/// last one stopped (rescanning it from its start after every read made a 200 MB line take
/// minutes). A line longer than `maximumLineBytes` is given as ``Place/tooLong`` as soon as it passes
/// the limit; the rest of it is read and dropped without being kept, so the buffer never holds
/// more than the limit plus one read, whatever the input (`/dev/zero` included).
struct LineReader {
    /// How many bytes one read(2) asks for.
    static let readSize = 64 * 1024

    let fileDescriptor: Int32
    let maximumLineBytes: Int

    /// Bytes read and not yet given out as lines; lines are read past, not removed one by one.
    private var buffer = ReadBuffer()
    /// Where the next line starts in `buffer`.
    private var start = 0
    /// Where the search for the next newline resumes: `buffer[start..<searched]` has none.
    private var searched = 0
    /// Whether the bytes being read belong to a line already given as `.tooLong`.
    private var isSkipping = false
    private var atEnd = false

    /// The error that ended the input early, if one did (a read of a directory, EIO…).
    private(set) var readError: Errno?
    /// How many bytes have been searched for a newline: each byte read is searched once, so this
    /// never exceeds the bytes read (the tests hold the reader to it).
    private(set) var searchedByteCount = 0
    /// The most bytes the buffer has had room for: `maximumLineBytes` + ``readSize`` at most, as
    /// only an unfinished line stays in it from one read to the next.
    private(set) var largestBufferCapacity = 0

    init(fileDescriptor: Int32, maximumLineBytes: Int) {
        self.fileDescriptor = fileDescriptor
        self.maximumLineBytes = maximumLineBytes
    }

    /// Where a line is in the reader's buffer, until the next line is asked for.
    enum Place: Equatable {
        /// A line of at most `maximumLineBytes` bytes, without its newline: ``bytes(of:)`` reads them.
        case text(Range<Int>)
        /// A line longer than `maximumLineBytes`: its bytes are skipped to the next newline.
        case tooLong
    }

    /// The bytes of a line whose place ``nextLine(beforeWaiting:)`` gave last.
    func bytes(of range: Range<Int>) -> ArraySlice<UInt8> { buffer.slice(range) }

    /// The next line's place, or `nil` at the end of the input (or at a read error, kept in
    /// `readError`). `beforeWaiting` runs before a read of the descriptor that may wait: one that
    /// has no input ready (a client waiting for its answers), never one of a regular file or a
    /// full pipe. The caller copies the line's bytes (``bytes(of:)``) rather than make a string
    /// of them: `caliper batch --jobs N` leaves that to the thread answering it, which then frees
    /// what it allocated.
    mutating func nextLine<Failure: Error>(beforeWaiting: () throws(Failure) -> Void) throws(Failure) -> Place? {
        while true {
            if let newline = nextNewline() {
                let lineStart = start
                start = newline + 1
                searched = start
                if isSkipping {
                    // The end of a line already answered as too long.
                    isSkipping = false
                    continue
                }
                guard newline - lineStart <= maximumLineBytes else { return .tooLong }
                return .text(lineStart..<newline)
            }
            // No newline after `start`: the buffer holds part of one line.
            if isSkipping {
                dropBuffer()
            } else if buffer.count - start > maximumLineBytes {
                isSkipping = true
                dropBuffer()
                return .tooLong
            }
            if atEnd {
                // The last line may lack its newline; a skipped one has been answered already.
                guard start < buffer.count, !isSkipping else { return nil }
                // Its bytes stay in the buffer until the next call, which finds none after them.
                let lineStart = start
                start = buffer.count
                searched = start
                return .text(lineStart..<buffer.count)
            }
            if !SystemCall.canReadWithoutWaiting(fileDescriptor) { try beforeWaiting() }
            readMore()
        }
    }

    /// The index of the first newline after `start`, searching only bytes not searched before.
    private mutating func nextNewline() -> Int? {
        let found = buffer.firstIndex(of: UInt8(ascii: "\n"), in: searched..<buffer.count)
        searchedByteCount += (found.map { $0 + 1 } ?? buffer.count) - searched
        searched = found ?? buffer.count
        return found
    }

    private mutating func dropBuffer() {
        buffer.removeAll()
        start = 0
        searched = 0
    }

    /// Adds what one read(2) gives — what a pipe has, waiting only when it has nothing
    /// (`FileHandle.readData(ofLength:)` would wait for the whole length) — after moving the
    /// unfinished line to the front.
    private mutating func readMore() {
        buffer.removeFirst(start)
        searched -= start
        start = 0
        do {
            // The unfinished line is at most `maximumLineBytes` long here: the room stays within
            // the limit and one read.
            let count = try buffer.read(from: fileDescriptor, upTo: Self.readSize, capacityLimit: maximumLineBytes + Self.readSize)
            if count == 0 { atEnd = true }
        } catch {
            readError = error
            atEnd = true
        }
        largestBufferCapacity = max(largestBufferCapacity, buffer.capacity)
    }
}
