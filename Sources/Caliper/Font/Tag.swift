// Tag.swift — an OpenType tag: the four bytes fonts and HarfBuzz hold, and the string Caliper's API spells it as.

/// An OpenType tag (`wght`, `liga`, `GSUB`, `cvt `) as the 32-bit number fonts and HarfBuzz hold
/// (the four bytes, first byte highest, as OpenType's `Tag` and HarfBuzz's `HB_TAG`), made from
/// and written as the string Caliper's API uses: a string shorter than four bytes is padded with
/// spaces, and the spaces that pad a tag are left out when it is written.
struct Tag: Hashable, Sendable, CustomStringConvertible {
    /// The tag as a number: the first byte in the highest eight bits.
    let code: UInt32

    init(code: UInt32) { self.code = code }

    /// The tag `string` spells: its first four bytes, padded with spaces.
    init(_ string: String) {
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
    var description: String {
        var bytes = (0..<4).map { UInt8(truncatingIfNeeded: code >> (24 - 8 * $0)) }
        while bytes.last == 0x20 { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}
