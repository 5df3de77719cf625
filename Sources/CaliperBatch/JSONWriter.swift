// JSONWriter.swift — compact JSON written straight to UTF-8 bytes, for answers written per request.

/// Writes compact JSON text as UTF-8 bytes, member by member, without building a value tree
/// first: `caliper batch` writes one answer per request, and for a measurement most of the time
/// went into building and walking the tree. Keys are written in the order given. It is the one
/// JSON writer of Caliper's doors: the CLI, batch answers and the HTTP service's own JSON.
///
/// ```swift
/// var writer = JSONWriter()
/// writer.beginObject()
/// writer.key("width"); writer.number(102.6)
/// writer.endObject()  // {"width":102.6}
/// ```
public struct JSONWriter {
    /// The JSON written so far, as UTF-8.
    public private(set) var bytes: [UInt8] = []
    /// One entry per open object or array: whether it has a member or element yet.
    private var hasContent: [Bool] = []

    /// An empty writer, with room for `capacity` bytes reserved.
    public init(capacity: Int = 512) {
        bytes.reserveCapacity(capacity)
    }

    /// The JSON written so far, as a string.
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    /// Opens an object: `{`; its members are ``key(_:)`` and a value each.
    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        hasContent.append(false)
    }

    /// Closes the object opened last: `}`.
    public mutating func endObject() {
        hasContent.removeLast()
        bytes.append(UInt8(ascii: "}"))
    }

    /// Opens an array: `[`.
    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        hasContent.append(false)
    }

    /// Closes the array opened last: `]`.
    public mutating func endArray() {
        hasContent.removeLast()
        bytes.append(UInt8(ascii: "]"))
    }

    /// A member's key; its value follows.
    public mutating func key(_ key: String) {
        separate()
        writeString(key)
        bytes.append(UInt8(ascii: ":"))
        // The value that follows must not be preceded by a comma.
        if !hasContent.isEmpty { hasContent[hasContent.count - 1] = false }
    }

    /// A string, escaped as JSON needs: quotes, backslashes and control characters.
    public mutating func string(_ value: String) {
        separate()
        writeString(value)
    }

    /// A number as the shortest text that reads back as the same Double; `null` for NaN and
    /// infinities, which JSON has no way to write (and ``hasNonFiniteNumber`` turns true: an
    /// answer with one is replaced by an error).
    public mutating func number(_ value: Double) {
        separate()
        guard value.isFinite else {
            hasNonFiniteNumber = true
            append(literal: "null")
            return
        }
        append(value.description)
    }

    /// Whether a NaN or an infinity was written (as `null`).
    public private(set) var hasNonFiniteNumber = false

    /// An integer, in decimal.
    public mutating func integer(_ value: Int) {
        separate()
        append(value.description)
    }

    /// `true` or `false`.
    public mutating func bool(_ value: Bool) {
        separate()
        append(literal: value ? "true" : "false")
    }

    /// `null`.
    public mutating func null() {
        separate()
        append(literal: "null")
    }

    /// A comma before every member or element but the first of its object or array.
    private mutating func separate() {
        guard let last = hasContent.indices.last else { return }
        if hasContent[last] { bytes.append(UInt8(ascii: ",")) } else { hasContent[last] = true }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// A JSON string: quotes, backslashes and control characters escaped, everything else as is.
    /// The UTF-8 of `text`, copied from its storage (a native or small string's: every string
    /// these answers write) without the generic sequence path and its reference counting.
    private mutating func append(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            bytes.append(contentsOf: text.utf8)
        }
    }

    /// A literal's UTF-8, from the program's constant bytes.
    private mutating func append(literal: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    private mutating func writeString(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        // Most strings (font paths, scripts, ids) need no escape: copy them whole, from their
        // storage when it is contiguous (no copy of the string, so no reference counting).
        let isPlain = string.utf8.withContiguousStorageIfAvailable { utf8 in
            guard !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return false }
            bytes.append(contentsOf: utf8)
            return true
        } ?? false
        if isPlain {
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
            case UInt8(ascii: "\n"): bytes.append(contentsOf: #"\n"#.utf8)
            case UInt8(ascii: "\r"): bytes.append(contentsOf: #"\r"#.utf8)
            case UInt8(ascii: "\t"): bytes.append(contentsOf: #"\t"#.utf8)
            case 0..<0x20:
                bytes.append(contentsOf: #"\u00"#.utf8)
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0xF)])
            default: bytes.append(byte)  // UTF-8 bytes of other characters pass through whole
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
