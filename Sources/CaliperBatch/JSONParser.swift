// JSONParser.swift — JSON text (RFC 8259) to a `JSONDocument`, for requests read one per line.

/// Parses JSON text into a ``JSONDocument``: objects keep their members in order (a key given
/// twice reads as its last value), every number is a `Double`. `JSONSerialization` did this
/// before, but through `Any` and `NSNumber` it cost a fifth of a measurement request and scaled
/// poorly across threads. Nesting deeper than ``maximumDepth`` is refused, so no input can
/// exhaust the stack.
package struct JSONParser {
    package static let maximumDepth = 512
    /// The most keys of an object checked for a repeat as they are read (see ``object()``).
    static let keysCheckedForRepeats = 32

    /// The text, whose strings with escapes are decoded in place as they are read.
    private let bytes: UnsafeMutableBufferPointer<UInt8>
    private var index = 0
    private var depth = 0
    /// The document's values, in the order the text writes them.
    private var nodes: [JSONDocument.Node] = []

    private init(bytes: UnsafeMutableBufferPointer<UInt8>) {
        self.bytes = bytes
        // About one value per eight bytes of a request, so the array rarely grows more than once.
        nodes.reserveCapacity(bytes.count / 8 + 4)
    }

    /// The value `text` holds, as a ``JSON`` value.
    ///
    /// - Throws: ``InputError`` "invalid JSON" for anything that is not one JSON value.
    package static func parse(_ text: String) throws(InputError) -> JSON {
        try JSONDocument.parse(text).json(at: 0)
    }

    /// The nodes of the one JSON value the UTF-8 `bytes` hold: what a ``JSONDocument`` holds.
    /// Each string is a range of `bytes`; one with escapes is decoded where it is written
    /// (decoded, an escape is never longer than it is written), so `bytes` change.
    static func nodes(of bytes: UnsafeMutableBufferPointer<UInt8>) throws(InputError) -> [JSONDocument.Node] {
        var parser = JSONParser(bytes: bytes)
        parser.skipWhitespace()
        try parser.value()
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw invalid }
        return parser.nodes
    }

    private static let invalid = InputError("invalid JSON")

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    private mutating func expect(_ byte: UInt8) throws(InputError) {
        guard current == byte else { throw Self.invalid }
        index += 1
    }

    private mutating func value() throws(InputError) {
        switch current ?? 0 {
        case UInt8(ascii: "{"): try object()
        case UInt8(ascii: "["): try array()
        case UInt8(ascii: "\""): try string()
        case UInt8(ascii: "t"): try literal("true"); nodes.append(.literal(.true))
        case UInt8(ascii: "f"): try literal("false"); nodes.append(.literal(.false))
        case UInt8(ascii: "n"): try literal("null"); nodes.append(.literal(.null))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            nodes.append(.number(try number()))
        default: throw Self.invalid
        }
    }

    private mutating func literal(_ word: StaticString) throws(InputError) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw Self.invalid }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { throw Self.invalid }
        index += count
    }

    private mutating func nested(_ body: (inout JSONParser) throws(InputError) -> Void) throws(InputError) {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else {
            throw InputError("invalid JSON: arrays and objects nested deeper than \(Self.maximumDepth)")
        }
        try body(&self)
    }

    /// An object's node, then its members' (key, value, key, value…); the object's node is
    /// completed with its count and end once they are read.
    private mutating func object() throws(InputError) {
        try nested { (parser: inout JSONParser) throws(InputError) in
            try parser.expect(UInt8(ascii: "{"))
            let node = parser.nodes.count
            parser.nodes.append(.container(.object))
            parser.skipWhitespace()
            var count = 0
            var keySignatures: UInt64 = 0
            if parser.current == UInt8(ascii: "}") {
                parser.index += 1
            } else {
                repeat {
                    parser.skipWhitespace()
                    try parser.string()
                    let signature = parser.signatureOfLastString()
                    if keySignatures & signature != 0, !parser.nodes[node].hasRepeatedKey {
                        // Past a few keys every signature bit is taken, and looking back through
                        // the object for each key would take time quadratic in its size (a review
                        // finding: 80,000 distinct keys, 40 s). So an object of more keys than
                        // any kind has is read as if one repeated: each look-up goes through all
                        // its keys, as with the tree of values before.
                        parser.nodes[node].hasRepeatedKey =
                            count >= Self.keysCheckedForRepeats || parser.lastStringIsAKey(before: parser.nodes.count - 1, of: node)
                    }
                    keySignatures |= signature
                    parser.skipWhitespace()
                    try parser.expect(UInt8(ascii: ":"))
                    parser.skipWhitespace()
                    try parser.value()
                    count += 1
                } while try parser.anotherFollows(closing: UInt8(ascii: "}"))
            }
            parser.nodes[node].complete(end: parser.nodes.count, elements: count, keySignatures: keySignatures)
        }
    }

    /// After a member or element: whether a comma says another follows; else `closing` must
    /// end the object or array, and is read.
    private mutating func anotherFollows(closing: UInt8) throws(InputError) -> Bool {
        skipWhitespace()
        if current == UInt8(ascii: ",") {
            index += 1
            return true
        }
        try expect(closing)
        return false
    }

    /// The bytes of the string `node`, lent to `body`.
    private func withBytes<T>(of node: JSONDocument.Node, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        body(UnsafeBufferPointer(rebasing: bytes[node.stringStart..<node.stringStart + node.stringLength]))
    }

    /// The ``JSONDocument/signature(of:)`` of the string just read.
    private func signatureOfLastString() -> UInt64 {
        guard let node = nodes.last else { return 0 }
        return withBytes(of: node) { JSONDocument.signature(of: $0) }
    }

    /// Whether the key at `key` (the one just read) is one of the earlier keys of the object at `object`.
    private func lastStringIsAKey(before key: Int, of object: Int) -> Bool {
        withBytes(of: nodes[key]) { wanted in
            var member = object + 1
            while member < key {
                if withBytes(of: nodes[member], { JSONDocument.same($0, wanted) }) { return true }
                let value = nodes[member + 1]
                member = value.kind == .object || value.kind == .array ? value.end : member + 2
            }
            return false
        }
    }

    /// An array's node, then its elements'; completed as an object's is.
    private mutating func array() throws(InputError) {
        try nested { (parser: inout JSONParser) throws(InputError) in
            try parser.expect(UInt8(ascii: "["))
            let node = parser.nodes.count
            parser.nodes.append(.container(.array))
            parser.skipWhitespace()
            var count = 0
            if parser.current == UInt8(ascii: "]") {
                parser.index += 1
            } else {
                repeat {
                    parser.skipWhitespace()
                    try parser.value()
                    count += 1
                } while try parser.anotherFollows(closing: UInt8(ascii: "]"))
            }
            parser.nodes[node].complete(end: parser.nodes.count, elements: count, keySignatures: 0)
        }
    }

    /// A string's node: its range of the text. A string with escapes is decoded where it is
    /// written, each run of plain content between escapes moved down whole to follow what is
    /// decoded before it (clients that escape every `/` send each font path this way).
    private mutating func string() throws(InputError) {
        try expect(UInt8(ascii: "\""))
        let start = index
        // Where the next decoded byte goes, once an escape is met.
        var decodedEnd: Int?
        while true {
            // Plain content is taken whole, up to the next quote, backslash or control character.
            let runStart = index
            index = JSON.plainRunEnd(in: UnsafeBufferPointer(bytes), from: index)
            guard let stop = current, stop >= 0x20 else { throw Self.invalid }
            if let end = decodedEnd {
                // Moved down (`copyMemory` is a `memmove`: the two ranges may overlap).
                if let base = UnsafeMutableRawPointer(bytes.baseAddress) {
                    (base + end).copyMemory(from: base + runStart, byteCount: index - runStart)
                }
                decodedEnd = end + index - runStart
            }
            index += 1
            if stop == UInt8(ascii: "\"") {
                nodes.append(.string(start: start, length: (decodedEnd ?? index - 1) - start))
                return
            }
            // A backslash: decoded, it is written at the end of what is decoded so far.
            var end = decodedEnd ?? index - 1
            guard let escape = current else { throw Self.invalid }
            index += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes[end] = escape
            case UInt8(ascii: "b"): bytes[end] = 0x08
            case UInt8(ascii: "f"): bytes[end] = 0x0C
            case UInt8(ascii: "n"): bytes[end] = 0x0A
            case UInt8(ascii: "r"): bytes[end] = 0x0D
            case UInt8(ascii: "t"): bytes[end] = 0x09
            case UInt8(ascii: "u"):
                // At most four bytes for the six or twelve of `\uXXXX` or a surrogate pair.
                for byte in try unicodeEscape().utf8 {
                    bytes[end] = byte
                    end += 1
                }
                decodedEnd = end
                continue
            default: throw Self.invalid
            }
            decodedEnd = end + 1
        }
    }

    /// The scalar of a `\uXXXX` escape (after the `u`), a surrogate pair taking two escapes.
    private mutating func unicodeEscape() throws(InputError) -> Unicode.Scalar {
        var value = try hexQuad()
        if (0xD800..<0xDC00).contains(value) {
            guard current == UInt8(ascii: "\\") else { throw Self.invalid }
            index += 1
            try expect(UInt8(ascii: "u"))
            let low = try hexQuad()
            guard (0xDC00..<0xE000).contains(low) else { throw Self.invalid }
            value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(value) else { throw Self.invalid }  // a lone low surrogate
        return scalar
    }

    private mutating func hexQuad() throws(InputError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current else { throw Self.invalid }
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw Self.invalid
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// A number in JSON's grammar, read by Swift's correctly rounded `Double` parser.
    private mutating func number() throws(InputError) -> Double {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        if current == UInt8(ascii: "0") {
            index += 1
        } else {
            guard try digits() > 0 else { throw Self.invalid }
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard try digits() > 0 else { throw Self.invalid }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard try digits() > 0 else { throw Self.invalid }
        }
        if let number = Self.shortDecimal(UnsafeBufferPointer(rebasing: bytes[start..<index])) { return number }
        guard let number = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else { throw Self.invalid }
        return number
    }

    /// A number of at most 15 digits and 22 places with no exponent (`17`, `-0.5`, `320`,
    /// `15.25`: nearly every number a request has) read without making a string for `strtod`:
    /// its digits as an integer m below 2^53 and m / 10^k, both exact, so IEEE division rounds
    /// the quotient once, as `strtod` rounds the decimal (Clinger's fast path); `nil` for any
    /// other number. `JSONParserTests` compares it with `Double(String)` over a million numbers.
    static func shortDecimal(_ token: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = token.startIndex
        let isNegative = index < token.endIndex && token[index] == UInt8(ascii: "-")
        if isNegative { index += 1 }
        var mantissa: UInt64 = 0
        var digitCount = 0
        var places = 0
        var seenPoint = false
        while index < token.endIndex {
            let byte = token[index]
            if byte == UInt8(ascii: ".") {
                seenPoint = true
            } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                // Past 15 digits it is not this shortcut's (and the digits would soon overflow).
                guard digitCount < 15 else { return nil }
                mantissa = mantissa * 10 + UInt64(byte - UInt8(ascii: "0"))
                digitCount += 1
                if seenPoint { places += 1 }
            } else {
                return nil  // an exponent
            }
            index += 1
        }
        guard places <= 22 else { return nil }  // 10^15 < 2^53 above; 10^22 is exact
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let magnitude = Double(mantissa) / scale
        return isNegative ? -magnitude : magnitude
    }

    private mutating func digits() throws(InputError) -> Int {
        let start = index
        while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
        return index - start
    }
}
