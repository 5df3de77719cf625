// ReadBuffer.swift — bytes read with read(2) into room that grows by doubling up to a bound, copied with memcpy/memmove, never byte by byte.
import Caliper
import Foundation

/// Bytes read from a descriptor and not yet consumed.
///
/// The room is allocated, moved and cleared with the C library's memory functions: appending
/// and removing array elements one by one (`append(contentsOf: repeatElement(0, count:))`)
/// costs milliseconds per 64 KiB read in a debug build, enough to make reading a long line slow.
struct ReadBuffer {
    /// The room; the first `count` bytes hold input.
    private var storage: [UInt8] = []
    /// How many bytes hold input.
    private(set) var count = 0

    /// How many bytes the buffer has room for.
    var capacity: Int { storage.count }

    /// Reads once from `descriptor`, up to `readSize` bytes, after the bytes held; returns how many
    /// came (0 at the end of the input). Room grows by doubling, but not past `capacityLimit`
    /// unless the bytes held and one read need more.
    mutating func read(from descriptor: Int32, upTo readSize: Int, capacityLimit: Int) throws(Errno) -> Int {
        let needed = count + readSize
        if needed > storage.count { grow(to: min(max(needed, 2 * storage.count), max(capacityLimit, needed))) }
        let start = count
        let result = storage.withUnsafeMutableBytes { room in
            // `withUnsafeMutableBytes` rethrows untyped errors: carry the typed one out in a Result.
            Result { () throws(Errno) in
                try SystemCall.read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: room[start..<start + readSize]))
            }
        }
        let readCount = try result.get()
        count += readCount
        return readCount
    }

    /// Drops the first `dropped` bytes held, moving the rest to the front.
    mutating func removeFirst(_ dropped: Int) {
        guard dropped > 0 else { return }
        let kept = count - dropped
        storage.withUnsafeMutableBytes { room in
            guard let base = room.baseAddress else { return }
            _ = memmove(base, base + dropped, kept)
        }
        count = kept
    }

    /// Drops every byte held, keeping the room.
    mutating func removeAll() { count = 0 }

    /// The offset of the first `byte` in `range` of the bytes held, or `nil`.
    func firstIndex(of byte: UInt8, in range: Range<Int>) -> Int? {
        guard !range.isEmpty else { return nil }
        return storage.withUnsafeBytes { bytes -> Int? in
            guard let base = bytes.baseAddress else { return nil }
            return memchr(base + range.lowerBound, Int32(byte), range.count).map { UnsafeRawPointer($0) - base }
        }
    }

    /// `range` of the bytes held.
    func slice(_ range: Range<Int>) -> ArraySlice<UInt8> { storage[range] }

    /// The bytes held.
    var bytes: [UInt8] { Array(storage[..<count]) }

    private mutating func grow(to size: Int) {
        let old = storage
        let held = count
        storage = [UInt8](unsafeUninitializedCapacity: size) { room, initializedCount in
            guard let target = room.baseAddress else { return }
            old.withUnsafeBytes { bytes in
                if let source = bytes.baseAddress { _ = memcpy(target, source, held) }
            }
            _ = memset(target + held, 0, size - held)
            initializedCount = size
        }
    }
}
