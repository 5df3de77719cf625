// CNumber.swift — numbers read from markup values as C's strtol and g_ascii_strtod read them, which is how Pango reads them.

/// C's number scanners over bytes, in the C locale.
enum CNumber {
    /// C's `isspace` in the C locale.
    static func isCSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }

    static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    /// An integer as C's `strtol` reads it from `start` (leading space, a sign, digits), as Pango's
    /// `_pango_scan_int` uses it: the value and where it stopped; no digits is 0, stopping at `start`;
    /// nil when it does not fit 32 bits.
    static func scanInt(_ value: [UInt8], from start: Int) -> (Int, Int)? {
        var index = start
        while index < value.count, isCSpace(value[index]) { index += 1 }
        var negative = false
        if index < value.count, value[index] == UInt8(ascii: "+") || value[index] == UInt8(ascii: "-") {
            negative = value[index] == UInt8(ascii: "-")
            index += 1
        }
        let digitsStart = index
        var magnitude = 0
        while index < value.count, isDigit(value[index]) {
            magnitude = min(magnitude * 10 + Int(value[index] - UInt8(ascii: "0")), Int(Int32.max) + 2)
            index += 1
        }
        guard index > digitsStart else { return (0, start) }
        let number = negative ? -magnitude : magnitude
        guard number >= Int(Int32.min), number <= Int(Int32.max) else { return nil }
        return (number, index)
    }

    /// A whole value that is a non-negative integer (`parse_int` of `fonts.c` and `pango-utils.c`).
    static func parseNonNegativeInt(_ value: ArraySlice<UInt8>) -> Int? {
        let bytes = Array(value)
        guard let (number, end) = scanInt(bytes, from: 0), end > 0, end == bytes.count, number >= 0 else { return nil }
        return number
    }

    /// A decimal number as C's `strtod` reads it from `start` (leading space, sign, digits with one
    /// optional point, an optional exponent), and where it stopped; nil without digits. The
    /// hexadecimal, `inf` and `nan` forms `strtod` also reads are not read.
    static func parseCDouble(_ value: [UInt8], from start: Int) -> (Double, Int)? {
        var index = start
        while index < value.count, isCSpace(value[index]) { index += 1 }
        var literal = ""
        if index < value.count, value[index] == UInt8(ascii: "+") || value[index] == UInt8(ascii: "-") {
            if value[index] == UInt8(ascii: "-") { literal = "-" }
            index += 1
        }
        let integerStart = index
        while index < value.count, isDigit(value[index]) { index += 1 }
        var integer = String(decoding: value[integerStart..<index], as: UTF8.self)
        var fraction = ""
        if index < value.count, value[index] == UInt8(ascii: ".") {
            let fractionStart = index + 1
            index = fractionStart
            while index < value.count, isDigit(value[index]) { index += 1 }
            fraction = String(decoding: value[fractionStart..<index], as: UTF8.self)
        }
        guard !integer.isEmpty || !fraction.isEmpty else { return nil }
        if integer.isEmpty { integer = "0" }
        literal += integer + "." + (fraction.isEmpty ? "0" : fraction)
        if index < value.count, value[index] | 0x20 == UInt8(ascii: "e") {
            var exponentIndex = index + 1
            var exponent = "e"
            if exponentIndex < value.count, value[exponentIndex] == UInt8(ascii: "+") || value[exponentIndex] == UInt8(ascii: "-") {
                exponent.append(Character(Unicode.Scalar(value[exponentIndex])))
                exponentIndex += 1
            }
            let exponentDigits = exponentIndex
            while exponentIndex < value.count, isDigit(value[exponentIndex]) { exponentIndex += 1 }
            if exponentIndex > exponentDigits {
                literal += exponent + String(decoding: value[exponentDigits..<exponentIndex], as: UTF8.self)
                index = exponentIndex
            }
        }
        guard let number = Double(literal) else { return nil }
        return (number, index)
    }
}
