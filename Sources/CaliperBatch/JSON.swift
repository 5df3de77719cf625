// JSON.swift — a JSON value that keeps its keys in the order they were written, for stable, readable answers.

/// A JSON value written with keys in insertion order (`JSONEncoder` does not promise an order).
package enum JSON: Sendable, Equatable {
    case object([(String, JSON)])
    case array([JSON])
    case string(String)
    case number(Double)
    case integer(Int)
    case bool(Bool)
    case null

    package static func == (lhs: JSON, rhs: JSON) -> Bool { lhs.serialized == rhs.serialized }

    /// Compact JSON text on one line.
    package var serialized: String {
        var writer = JSONWriter()
        write(to: &writer)
        return writer.string
    }

    package func write(to writer: inout JSONWriter) {
        switch self {
        case .object(let members):
            writer.beginObject()
            for (key, value) in members {
                writer.key(text: key)
                value.write(to: &writer)
            }
            writer.endObject()
        case .array(let elements):
            writer.beginArray()
            for element in elements { element.write(to: &writer) }
            writer.endArray()
        case .string(let string): writer.string(string)
        case .number(let number): writer.number(number)
        case .integer(let integer): writer.integer(integer)
        case .bool(let bool): writer.bool(bool)
        case .null: writer.null()
        }
    }
}

extension JSON {
    /// Where the run of plain string content from `start` ends: the index of the first quote,
    /// backslash or control character (below 0x20), or `bytes.count`. It looks at eight bytes at a
    /// time (a request or an answer is mostly the text of its strings): a word holds one of those bytes when
    /// `(w - k) & ~w` has a high bit set, with `w` the word, or the word exclusive-or a byte
    /// repeated, and `k` the repeated byte 1 (for a zero: the quote or the backslash) or 0x20
    /// (a byte below it); bytes of 0x80 and above (the rest of UTF-8) never set it. A subtraction
    /// borrows only towards the word's high end, so the lowest byte that sets it is the first
    /// such byte (one above it may be set falsely): its place is the lowest high bit's. Most
    /// strings (keys) end in their first word, found without a loop over its bytes.
    static func plainRunEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        if let base = UnsafeRawPointer(bytes.baseAddress) {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highBits: UInt64 = 0x8080_8080_8080_8080
            while index + 8 <= bytes.count {
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let quote = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
                let backslash = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
                let special = ((quote &- ones) & ~quote | (backslash &- ones) & ~backslash | (word &- ones &* 0x20) & ~word) & highBits
                guard special == 0 else { return index + special.trailingZeroBitCount / 8 }
                index += 8
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            index += 1
        }
        return index
    }
}
