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
        if !appendExactDecimal(value) { append(value.description) }
    }

    /// Whether a NaN or an infinity was written (as `null`).
    public private(set) var hasNonFiniteNumber = false

    /// An integer, in decimal.
    public mutating func integer(_ value: Int) {
        separate()
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(of: UInt64(value.magnitude))
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

    /// The UTF-8 of `text`, copied from its storage (a native or small string's: every string
    /// these answers write) without the generic sequence path and its reference counting.
    private mutating func append(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            bytes.append(contentsOf: text.utf8)
        }
    }

    /// The decimal digits of `value`, most significant first, written straight into the output.
    private mutating func appendDigits(of value: UInt64) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            var remaining = value
            var index = buffer.count
            repeat {
                index -= 1
                buffer[index] = UInt8(ascii: "0") + UInt8(remaining % 10)
                remaining /= 10
            } while remaining > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[index...]))
        }
    }

    /// The number of decimal digits of `value` (1 for 0).
    private static func digitCount(of value: UInt64) -> Int {
        var count = 1
        var remaining = value / 10
        while remaining > 0 {
            count += 1
            remaining /= 10
        }
        return count
    }

    /// Writes `value` as Swift's `description` writes it — the shortest digits that read back as
    /// the same Double — when its exact decimal expansion is that, and says whether it did; a
    /// value it leaves is written through `description`. Widths, heights and offsets in answers
    /// are sums of design units over unitsPerEm × a point size: dyadic fractions whose exact
    /// expansion is short (102.6142578125). Such an expansion of at most 15 significant digits is
    /// the shortest: another decimal of fewer digits differs from it by at least a unit of its
    /// last digit, more than 10⁻¹⁵ of its value, past the half unit in the last place (2⁻⁵³ of
    /// it) within which a decimal reads back as this Double. `description` writes every value
    /// from 10⁻⁴ to below 10¹⁶ in positional notation (`17.0`, `0.000244140625`, `-0.5`); below
    /// and above it uses an exponent, and those are left to it. Checked against `description`
    /// over a million random values (`JSONWriterNumberTests`).
    private mutating func appendExactDecimal(_ value: Double) -> Bool {
        let magnitude = value.magnitude
        if magnitude == 0 {
            append(literal: value.sign == .minus ? "-0.0" : "0.0")
            return true
        }
        guard magnitude >= 0.0001, magnitude < 1e15 else { return false }
        // magnitude = significand × 2^shift, the significand odd.
        let fraction = magnitude.significandBitPattern | (1 << UInt64(Double.significandBitCount))
        let trailingZeros = fraction.trailingZeroBitCount
        let significand = fraction >> UInt64(trailingZeros)
        let shift = Int(magnitude.exponent) - Double.significandBitCount + trailingZeros
        if shift >= 0 {
            // A whole number below 10^15: its digits and ".0".
            if value.sign == .minus { bytes.append(UInt8(ascii: "-")) }
            appendDigits(of: significand << UInt64(shift))
            append(literal: ".0")
            return true
        }
        // significand / 2^k = significand × 5^k / 10^k: the digits of significand × 5^k, the point k from the right.
        let places = -shift
        guard places <= 24 else { return false }  // 5^24 × 2^53 still fits in 128 bits
        var power: UInt128 = 1
        for _ in 0..<places { power *= 5 }
        let wide = UInt128(significand) * power  // odd × 5^k: no trailing zero
        guard wide < 1_000_000_000_000_000 else { return false }  // at most 15 digits
        let scaled = UInt64(wide)
        let count = Self.digitCount(of: scaled)
        if value.sign == .minus { bytes.append(UInt8(ascii: "-")) }
        if count <= places {
            // 0.000…digits
            bytes.append(UInt8(ascii: "0"))
            bytes.append(UInt8(ascii: "."))
            for _ in 0..<(places - count) { bytes.append(UInt8(ascii: "0")) }
            appendDigits(of: scaled)
        } else {
            var divisor: UInt64 = 1
            for _ in 0..<places { divisor *= 10 }
            appendDigits(of: scaled / divisor)
            bytes.append(UInt8(ascii: "."))
            let fractionDigits = scaled % divisor
            for _ in 0..<(places - Self.digitCount(of: fractionDigits)) { bytes.append(UInt8(ascii: "0")) }
            appendDigits(of: fractionDigits)
        }
        return true
    }

    /// A literal's UTF-8, from the program's constant bytes.
    private mutating func append(literal: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// A JSON string: quotes, backslashes and control characters escaped, everything else as is.
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
