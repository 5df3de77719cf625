// MarkupEntities.swift — XML entities and character references in markup, and the parser's error helpers.

extension MarkupParser {
    // MARK: Entities

    /// The character of the entity starting at `start` (an "&"); leaves ``position`` after its ";".
    mutating func entity(at start: Int) throws(CaliperError) -> Unicode.Scalar {
        var index = start + 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "#") {
            index += 1
            let isHex = index < bytes.count && bytes[index] == UInt8(ascii: "x")
            if isHex { index += 1 }
            let digitsStart = index
            var value: UInt32 = 0
            while index < bytes.count, let digit = Self.digitValue(bytes[index], hex: isHex) {
                value = min(value * (isHex ? 16 : 10) + digit, 0x11_0000)  // past U+10FFFF all values are refused alike
                index += 1
            }
            guard index > digitsStart else {
                throw .invalidMarkup(
                    offset: start,
                    reason: "a character reference needs \(isHex ? "hexadecimal " : "")digits, as in &#169; or &#xA9; (write &amp; for a literal \"&\")")
            }
            guard index < bytes.count, bytes[index] == UInt8(ascii: ";") else {
                throw .invalidMarkup(offset: start, reason: "the character reference \(Self.clipped(string(start..<index))) does not end with \";\"")
            }
            guard (1...0xD7FF).contains(value) || (0xE000...0xFFFD).contains(value) || (0x1_0000...0x10_FFFF).contains(value),
                let scalar = Unicode.Scalar(value)
            else {
                throw .invalidMarkup(
                    offset: start,
                    reason: "\(Self.clipped(string(start..<(index + 1)))) is not a character markup may hold (NUL, surrogates, U+FFFE, U+FFFF and values past U+10FFFF are refused)")
            }
            position = index + 1
            return scalar
        }
        for (entityName, scalar) in Self.namedEntities where hasPrefix(entityName, at: index) {
            position = index + entityName.utf8CodeUnitCount
            return scalar
        }
        var end = index
        while end < bytes.count, end - index < 32, Self.isASCIIAlphanumeric(bytes[end]) { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: ";") {
            if end == index { throw .invalidMarkup(offset: start, reason: "empty entity \"&;\" (the entities are &amp; &lt; &gt; &quot; &apos;)") }
            throw .invalidMarkup(offset: start, reason: "unknown entity &\(string(index..<end)); (the entities are &amp; &lt; &gt; &quot; &apos;)")
        }
        throw .invalidMarkup(offset: start, reason: "\"&\" does not start an entity; write &amp; for a literal \"&\"")
    }

    static let namedEntities: [(StaticString, Unicode.Scalar)] = [
        ("lt;", "<"), ("gt;", ">"), ("amp;", "&"), ("quot;", "\""), ("apos;", "'"),
    ]

    static func digitValue(_ byte: UInt8, hex: Bool) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    static func nulError(at offset: Int) -> CaliperError {
        .invalidMarkup(offset: offset, reason: "a NUL character (U+0000) is not allowed in markup")
    }

    /// `text` in quotes, cut short so that an error never carries a megabyte of input.
    static func quoted(_ text: String) -> String { "\"\(clipped(text))\"" }

    static func clipped(_ text: String) -> String {
        text.utf8.count > 60 ? String(decoding: text.utf8.prefix(60), as: UTF8.self) + "…" : text
    }
}
