// JSONParser.swift — JSON text (RFC 8259) to `JSON` values, for requests read one per line.

/// Parses JSON text into ``JSON`` values: objects keep their members in order (a key given twice
/// reads as its last value), every number is a `Double`. `JSONSerialization` did this before, but
/// through `Any` and `NSNumber` it cost a fifth of a measurement request and scaled poorly across
/// threads. Nesting deeper than ``maximumDepth`` is refused, so no input can exhaust the stack.
package struct JSONParser {
    package static let maximumDepth = 512

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0
    /// The members of the objects being read, innermost last: an object's members are gathered
    /// here and moved out once, at their count, so reading an object allocates its array once
    /// rather than at every doubling of its growth (issue #28: a request's parse allocated its
    /// arrays three to four times over).
    private var memberStack: [(String, JSON)] = []
    /// The same for the elements of arrays.
    private var elementStack: [JSON] = []

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The value `text` holds.
    ///
    /// - Throws: ``InputError`` "invalid JSON" for anything that is not one JSON value.
    package static func parse(_ text: String) throws(InputError) -> JSON {
        var text = text
        let parsed: Result<JSON, InputError> = text.withUTF8 { bytes in
            var parser = JSONParser(bytes: bytes)
            return Result { () throws(InputError) -> JSON in
                parser.skipWhitespace()
                let value = try parser.value()
                parser.skipWhitespace()
                guard parser.index == bytes.count else { throw invalid }
                return value
            }
        }
        return try parsed.get()
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

    private mutating func value() throws(InputError) -> JSON {
        switch current ?? 0 {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw Self.invalid
        }
    }

    private mutating func literal(_ word: StaticString) throws(InputError) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw Self.invalid }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { throw Self.invalid }
        index += count
    }

    private mutating func nested<T>(_ body: (inout JSONParser) throws(InputError) -> T) throws(InputError) -> T {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else {
            throw InputError("invalid JSON: arrays and objects nested deeper than \(Self.maximumDepth)")
        }
        return try body(&self)
    }

    private mutating func object() throws(InputError) -> JSON {
        try nested { (parser: inout JSONParser) throws(InputError) -> JSON in
            try parser.expect(UInt8(ascii: "{"))
            parser.skipWhitespace()
            if parser.current == UInt8(ascii: "}") {
                parser.index += 1
                return .object([])
            }
            let mark = parser.memberStack.count
            while true {
                parser.skipWhitespace()
                let key = try parser.string()
                parser.skipWhitespace()
                try parser.expect(UInt8(ascii: ":"))
                parser.skipWhitespace()
                let value = try parser.value()
                parser.memberStack.append((key, value))
                parser.skipWhitespace()
                if parser.current == UInt8(ascii: ",") {
                    parser.index += 1
                    continue
                }
                try parser.expect(UInt8(ascii: "}"))
                return .object(Self.moveOut(&parser.memberStack, from: mark, placeholder: ("", .null)))
            }
        }
    }

    private mutating func array() throws(InputError) -> JSON {
        try nested { (parser: inout JSONParser) throws(InputError) -> JSON in
            try parser.expect(UInt8(ascii: "["))
            parser.skipWhitespace()
            if parser.current == UInt8(ascii: "]") {
                parser.index += 1
                return .array([])
            }
            let mark = parser.elementStack.count
            while true {
                parser.skipWhitespace()
                let element = try parser.value()
                parser.elementStack.append(element)
                parser.skipWhitespace()
                if parser.current == UInt8(ascii: ",") {
                    parser.index += 1
                    continue
                }
                try parser.expect(UInt8(ascii: "]"))
                return .array(Self.moveOut(&parser.elementStack, from: mark, placeholder: .null))
            }
        }
    }

    /// The values of `stack` from `mark` on, moved into an array of their count, and the stack cut
    /// back to `mark`: each value moves (no copy, so no reference counting), its slot refilled with
    /// `placeholder` (a value with nothing to release) before the slots are dropped.
    private static func moveOut<Element>(_ stack: inout [Element], from mark: Int, placeholder: Element) -> [Element] {
        let count = stack.count - mark
        guard count > 0 else { return [] }
        let moved = stack.withUnsafeMutableBufferPointer { source in
            [Element](unsafeUninitializedCapacity: count) { target, initialized in
                initialized = 0
                guard let from = source.baseAddress, let to = target.baseAddress else { return }
                to.moveInitialize(from: from + mark, count: count)
                (from + mark).initialize(repeating: placeholder, count: count)
                initialized = count
            }
        }
        stack.removeSubrange(mark...)
        return moved
    }

    private mutating func string() throws(InputError) -> String {
        try expect(UInt8(ascii: "\""))
        // The string's bytes between escapes, when it has any (clients that escape every `/`
        // send each font path this way).
        var decoded: [UInt8] = []
        var hasEscape = false
        while true {
            // Plain content is taken whole, up to the next quote, backslash or control character.
            let runStart = index
            index = Self.plainRunEnd(in: bytes, from: index)
            guard let stop = current, stop >= 0x20 else { throw Self.invalid }
            let run = UnsafeBufferPointer(rebasing: bytes[runStart..<index])
            index += 1
            if stop == UInt8(ascii: "\"") {
                // Without escapes, straight from the request's bytes: no copy, and no allocation
                // at all for a string of up to 15 bytes (Swift keeps it inline).
                guard hasEscape else { return String(decoding: run, as: UTF8.self) }
                decoded.append(contentsOf: run)
                return String(decoding: decoded, as: UTF8.self)
            }
            // A backslash.
            if !hasEscape {
                hasEscape = true
                decoded.reserveCapacity(run.count + 16)
            }
            decoded.append(contentsOf: run)
            guard let escape = current else { throw Self.invalid }
            index += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escape)
            case UInt8(ascii: "b"): decoded.append(0x08)
            case UInt8(ascii: "f"): decoded.append(0x0C)
            case UInt8(ascii: "n"): decoded.append(0x0A)
            case UInt8(ascii: "r"): decoded.append(0x0D)
            case UInt8(ascii: "t"): decoded.append(0x09)
            case UInt8(ascii: "u"): decoded.append(contentsOf: try unicodeEscape())
            default: throw Self.invalid
            }
        }
    }

    /// Where the run of plain string content from `start` ends: the index of the first quote,
    /// backslash or control character (below 0x20), or `bytes.count`. It looks at eight bytes at a
    /// time (a request is mostly the text of its strings): a word holds one of those bytes when
    /// `(w - k) & ~w` has a high bit set, with `w` the word, or the word exclusive-or a byte
    /// repeated, and `k` the repeated byte 1 (for a zero: the quote or the backslash) or 0x20
    /// (a byte below it); the test is exact for bytes below 0x80, and bytes of 0x80 and above
    /// (the rest of UTF-8) never set it. The word that holds one is then read byte by byte.
    static func plainRunEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        if let base = UnsafeRawPointer(bytes.baseAddress) {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highBits: UInt64 = 0x8080_8080_8080_8080
            while index + 8 <= bytes.count {
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let quote = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
                let backslash = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
                let special = (quote &- ones) & ~quote | (backslash &- ones) & ~backslash | (word &- ones &* 0x20) & ~word
                guard special & highBits == 0 else { break }
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

    /// The UTF-8 bytes of a `\uXXXX` escape (after the `u`), a surrogate pair taking two escapes.
    private mutating func unicodeEscape() throws(InputError) -> [UInt8] {
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
        return Array(String(Character(scalar)).utf8)
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
