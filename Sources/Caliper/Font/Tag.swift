// Tag.swift — an OpenType tag: the four bytes fonts and HarfBuzz hold, and the string Caliper's API spells it as.

/// An OpenType tag (`wght`, `liga`, `GSUB`, `cvt `) as the 32-bit number fonts and HarfBuzz hold
/// (the four bytes, first byte highest, as OpenType's `Tag` and HarfBuzz's `HB_TAG`), made from
/// and written as the string Caliper's API uses: a string shorter than four bytes is padded with
/// spaces, and the spaces that pad a tag are left out when it is written. The tag of a
/// ``FontFeature``, a ``FontVariation`` and a ``FontAxis``; a string literal is one (`"wght"`).
///
/// ```swift
/// let weight: Tag = "wght"
/// weight.description   // "wght"
/// Tag("cvt").code      // 0x6376_7420, "cvt " padded
/// ```
public struct Tag: Hashable, Sendable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The tag as a number: the first byte in the highest eight bits.
    public let code: UInt32

    /// The tag whose four bytes are `code`'s, the first in the highest eight bits.
    public init(code: UInt32) { self.code = code }

    /// The tag a string literal spells (``init(_:)``).
    public init(stringLiteral value: String) { self.init(value) }

    /// Tags in the order of their bytes, which for printable ASCII tags is their spelling's.
    public static func < (lhs: Tag, rhs: Tag) -> Bool { lhs.code < rhs.code }

    /// The tag `string` spells: its first four bytes, padded with spaces.
    public init(_ string: String) {
        var code: UInt32 = 0
        var count = 0
        for byte in string.utf8.prefix(4) {
            code = code << 8 | UInt32(byte)
            count += 1
        }
        for _ in count..<4 { code = code << 8 | 0x20 }
        self.code = code
    }

    /// The tag's characters, without the spaces that pad it (`"cvt"` for `cvt `).
    public var description: String {
        var bytes = (0..<4).map { UInt8(truncatingIfNeeded: code >> (24 - 8 * $0)) }
        while bytes.last == 0x20 { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}
