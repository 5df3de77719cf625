// UTF16Units.swift — a string's UTF-16 code units, transcoded from its UTF-8 in one pass.

extension String {
    /// The string's UTF-16 code units, equal to `Array(utf16)`: transcoded from the string's
    /// UTF-8 in one pass over its bytes, each ASCII byte copied as it is. `Array(utf16)` walks the
    /// UTF-16 view a unit at a time, slowly for text that is not all ASCII; every measurement
    /// starts with this conversion. `UTF16UnitsTests` compares the two.
    var utf16Units: [UInt16] {
        // No buffer for no text: initializing an empty array in place writes the count into the
        // shared empty-array storage, a write other threads reading it race with (ThreadSanitizer).
        guard !isEmpty else { return [] }
        var string = self
        return string.withUTF8 { bytes in
            // A UTF-8 sequence of n bytes is at most n UTF-16 units (four bytes make two).
            [UInt16](unsafeUninitializedCapacity: bytes.count) { units, count in
                var index = 0
                var written = 0
                let end = bytes.count
                while index < end {
                    let lead = UInt32(bytes[index])
                    if lead < 0x80 {
                        units[written] = UInt16(truncatingIfNeeded: lead)
                        written += 1
                        index += 1
                        continue
                    }
                    // A String's bytes are valid UTF-8: the continuation bytes are there.
                    let scalar: UInt32
                    if lead < 0xE0 {
                        scalar = (lead & 0x1F) << 6 | (UInt32(bytes[index + 1]) & 0x3F)
                        index += 2
                    } else if lead < 0xF0 {
                        scalar = (lead & 0x0F) << 12 | (UInt32(bytes[index + 1]) & 0x3F) << 6 | (UInt32(bytes[index + 2]) & 0x3F)
                        index += 3
                    } else {
                        scalar = (lead & 0x07) << 18 | (UInt32(bytes[index + 1]) & 0x3F) << 12
                            | (UInt32(bytes[index + 2]) & 0x3F) << 6 | (UInt32(bytes[index + 3]) & 0x3F)
                        index += 4
                    }
                    if scalar < 0x10000 {
                        units[written] = UInt16(truncatingIfNeeded: scalar)
                        written += 1
                    } else {
                        let value = scalar - 0x10000
                        units[written] = UInt16(truncatingIfNeeded: 0xD800 + (value >> 10))
                        units[written + 1] = UInt16(truncatingIfNeeded: 0xDC00 + (value & 0x3FF))
                        written += 2
                    }
                }
                count = written
            }
        }
    }
}

extension String {
    /// The number of the string's UTF-16 code units, equal to `utf16.count`, counted from its
    /// UTF-8 eight bytes at a time: a byte that starts a character counts one, a four-byte one
    /// two. `utf16.count` of a string that is not all ASCII allocates the string's UTF-16
    /// breadcrumbs (an index every 64 units) on its first call, which every new text pays. `UTF16UnitsTests` compares the two.
    package var utf16UnitCount: Int {
        // A short string (held in place of a pointer, or a few words) has no breadcrumbs: the
        // view's count is as quick, and for ASCII it is known without counting.
        guard utf8.count > 32 else { return utf16.count }
        var string = self
        return string.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return 0 }
            var count = 0
            var index = 0
            while index + 8 <= bytes.count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                count += UTF8Word.utf16Count(of: word)
                index += 8
            }
            while index < bytes.count {
                count += UTF8Word.utf16Count(ofByte: bytes[index])
                index += 1
            }
            return count
        }
    }
}

/// Counting UTF-16 units in UTF-8 eight bytes at a time (the bytes of a `UInt64`, in any order).
enum UTF8Word {
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Whether the eight bytes are all ASCII.
    @inline(__always) static func isASCII(_ word: UInt64) -> Bool { word & highBits == 0 }

    /// The UTF-16 units the eight bytes make: eight, less one for each continuation byte
    /// (10xxxxxx), plus one for each lead of four bytes (11110xxx).
    @inline(__always) static func utf16Count(of word: UInt64) -> Int {
        if isASCII(word) { return 8 }
        let continuations = word & ~(word << 1) & highBits
        let fourByteLeads = word & (word << 1) & (word << 2) & (word << 3) & highBits
        return 8 - continuations.nonzeroBitCount + fourByteLeads.nonzeroBitCount
    }

    /// The UTF-16 units one byte makes, as ``utf16Count(of:)`` counts them.
    @inline(__always) static func utf16Count(ofByte byte: UInt8) -> Int {
        (byte & 0xC0 == 0x80 ? 0 : 1) + (byte >= 0xF0 ? 1 : 0)
    }
}

/// The indices of a string at UTF-16 offsets given in increasing order, found by walking its
/// UTF-8 forward from the last one (eight ASCII bytes a step): a native string's index is its
/// UTF-8 offset, so this never builds the string's UTF-16 breadcrumbs, as
/// `utf16.index(_:offsetBy:)` does for a distance of more than 32 units in text that is not all
/// ASCII. An offset below the last one starts the walk again from the start. Offsets fall on
/// character boundaries (never inside a surrogate pair); the index returned equals
/// `utf16.index(utf16.startIndex, offsetBy: offset)`.
package struct UTF16Walk {
    private let text: String
    private var offset = 0
    private var utf8Offset = 0
    /// The string's ``UTF8Shifts``, when it has them and is stored as contiguous UTF-8; and the
    /// next of them past ``offset``.
    private let shifts: UTF8Shifts?
    private var nextShift = 0
    /// The last offset asked for (-1 before the first) and its index: a line's end is often the
    /// next line's start.
    private var foundTarget = -1
    private var foundIndex: String.Index

    package init(_ text: String) {
        self.text = text
        shifts = nil
        foundIndex = text.startIndex
    }

    /// A walk that reads the string's UTF-8 offsets from `shifts`, which must be made from
    /// `text`'s UTF-16 units (``UTF8Shifts/init(_:)``), rather than from its bytes: a step
    /// costs the shifts it passes, not the bytes.
    package init(_ text: String, shifts: UTF8Shifts?) {
        self.text = text
        self.shifts = text.utf8.withContiguousStorageIfAvailable { _ in true } == true ? shifts : nil
        foundIndex = text.startIndex
    }

    /// The index at UTF-16 offset `target` (at most the string's UTF-16 count).
    package mutating func index(at target: Int) -> String.Index {
        if target == foundTarget { return foundIndex }
        foundIndex = seek(target)
        foundTarget = target
        return foundIndex
    }

    private mutating func seek(_ target: Int) -> String.Index {
        if target < offset {
            offset = 0
            utf8Offset = 0
            nextShift = 0
        }
        if let shifts {
            let ends = shifts.ends
            while nextShift < ends.count, ends[nextShift].utf16 <= target {
                utf8Offset = ends[nextShift].utf8
                nextShift += 1
            }
            // The UTF-8 offset of the last shift passed, plus the ASCII units since it.
            let passed = nextShift > 0 ? ends[nextShift - 1].utf16 : 0
            offset = target
            return text.utf8.index(text.utf8.startIndex, offsetBy: utf8Offset + (target - passed))
        }
        let start = (offset, utf8Offset)
        let walked = text.utf8.withContiguousStorageIfAvailable { bytes -> (Int, Int) in
            guard let base = bytes.baseAddress else { return start }
            var (offset, index) = start
            while offset < target, index < bytes.count {
                if target - offset >= 8, index + 8 <= bytes.count,
                    UTF8Word.isASCII(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                {
                    offset += 8
                    index += 8
                    continue
                }
                let lead = bytes[index]
                let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                index += length
                offset += length == 4 ? 2 : 1
            }
            return (offset, index)
        }
        guard let walked else {
            // Not stored as UTF-8 (a string bridged lazily): the UTF-16 view's own seek.
            return text.utf16.index(text.utf16.startIndex, offsetBy: target)
        }
        (offset, utf8Offset) = walked
        return text.utf8.index(text.utf8.startIndex, offsetBy: utf8Offset)
    }
}

/// Where a string's UTF-8 and UTF-16 offsets part: the end of each scalar outside ASCII, as a
/// UTF-16 and a UTF-8 offset; between two such ends (and before the first) every unit is ASCII,
/// one byte. Made once from the string's UTF-16 units, for ``UTF16Walk/init(_:shifts:)``.
package struct UTF8Shifts: Sendable {
    /// A scalar's end in both encodings.
    package struct End: Sendable, Equatable {
        package var utf16: Int
        package var utf8: Int
    }

    /// The ends of the scalars outside ASCII, in order (none for ASCII text).
    package let ends: [End]

    /// The shifts of the string whose UTF-16 units are `units` (a valid string's: a lead
    /// surrogate is followed by its trail); `nil` when more than one unit in eight is outside
    /// ASCII (CJK, Arabic, Thai…), where the table would outgrow the text and walking its bytes
    /// costs about as much.
    package init?(_ units: [UInt16]) {
        var ends: [End] = []
        let limit = units.count / 8
        var utf8 = 0
        var index = 0
        let found = units.withUnsafeBufferPointer { units -> Bool in
            guard let base = units.baseAddress else { return true }
            let count = units.count
            while index < count {
                // Four ASCII units at a time.
                if index + 4 <= count,
                    UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0xFF80_FF80_FF80_FF80 == 0
                {
                    index += 4
                    utf8 += 4
                    continue
                }
                let unit = units[index]
                if unit < 0x80 {
                    index += 1
                    utf8 += 1
                    continue
                }
                if unit < 0x800 {
                    (index, utf8) = (index + 1, utf8 + 2)
                } else if UTF16.isLeadSurrogate(unit), index + 1 < count, UTF16.isTrailSurrogate(units[index + 1]) {
                    (index, utf8) = (index + 2, utf8 + 4)
                } else {
                    (index, utf8) = (index + 1, utf8 + 3)
                }
                guard ends.count < limit else { return false }
                ends.append(End(utf16: index, utf8: utf8))
            }
            return true
        }
        guard found else { return nil }
        self.ends = ends
    }
}
