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
    /// The bytes and the open containers, shared by copies of the writer until one of them
    /// writes (copy on write, as an array is).
    private var output: JSONOutput

    /// An empty writer, with room for `capacity` bytes reserved.
    public init(capacity: Int = 512) {
        output = JSONOutput(capacity: capacity)
    }

    /// The JSON written so far, as UTF-8.
    public var bytes: [UInt8] { output.withBytes { Array($0) } }

    /// The JSON written so far, as a string.
    public var string: String { output.withBytes { String(decoding: $0, as: UTF8.self) } }

    /// The result of `body` called with the JSON written so far, as UTF-8 where the writer holds
    /// it: no copy, as ``bytes`` makes (`caliper batch` writes a chunk's answers to its output
    /// from here). The bytes must not be used after `body` returns.
    public func withBytes<Result, Failure: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result) throws(Failure) -> Result {
        try output.withBytes(body)
    }

    /// How many bytes have been written.
    public var byteCount: Int { output.byteCount }

    /// Ends a line of JSON Lines after a whole value: a newline, so that the writer can go on with
    /// the next line's value (values outside any object or array are written one after another,
    /// with no comma). Inside an object or array it is a programming error, which traps.
    public mutating func lineBreak() {
        unique()
        precondition(output.isAtTopLevel, "JSONWriter: a line break inside an object or array")
        output.append(UInt8(ascii: "\n"))
    }

    /// Forgets what was written after the first `byteCount` bytes (kept, as their room is), for a
    /// value given up halfway, such as an answer replaced by an error. ``hasNonFiniteNumber`` is
    /// false again: rewind to a ``byteCount`` read while it was false (the bytes kept have no
    /// non-finite number). `byteCount` must be read between whole values (every object and array
    /// then open is closed).
    public mutating func rewind(to byteCount: Int) {
        unique()
        output.rewind(to: byteCount)
        hasNonFiniteNumber = false
    }

    /// Called first by every method that writes: a copy of the writer made earlier keeps its own bytes.
    private mutating func unique() {
        if !isKnownUniquelyReferenced(&output) { output = output.copy() }
    }

    /// Opens an object: `{`; its members are ``key(_:)`` and a value each.
    public mutating func beginObject() {
        unique()
        separate()
        output.append(UInt8(ascii: "{"))
        output.open()
    }

    /// Closes the object opened last: `}`.
    public mutating func endObject() {
        unique()
        output.close()
        output.append(UInt8(ascii: "}"))
    }

    /// Opens an array: `[`.
    public mutating func beginArray() {
        unique()
        separate()
        output.append(UInt8(ascii: "["))
        output.open()
    }

    /// Closes the array opened last: `]`.
    public mutating func endArray() {
        unique()
        output.close()
        output.append(UInt8(ascii: "]"))
    }

    /// A member's key, as written in the source (`writer.key("width")`); its value follows.
    ///
    /// Its bytes are copied as they stand, with the quotes and the colon, in one append: an
    /// answer writes a key for each of its values. A key that would need an escape is a
    /// programming error, caught in debug builds; keys made at run time go through ``key(text:)``.
    public mutating func key(_ key: StaticString) {
        unique()
        appendKey(key)
    }

    /// `key(_:)` after ``unique()``; with `valueFollows` false, for a value written next without
    /// ``separate()``.
    @inline(__always) private mutating func appendKey(_ key: StaticString, valueFollows: Bool = true) {
        assert(key.withUTF8Buffer { !$0.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") } }, "key \(key) needs escaping")
        if key.hasPointerRepresentation {
            output.appendKey(UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount), valueFollows: valueFollows)
        } else {
            key.withUTF8Buffer { output.appendKey($0, valueFollows: valueFollows) }  // a one-character literal may be held as its scalar
        }
    }

    /// A member's key made at run time (a variation axis's tag, a JSON value's own member),
    /// escaped as any string is; its value follows.
    public mutating func key(text key: String) {
        unique()
        separate()
        writeString(key)
        output.append(UInt8(ascii: ":"))
        // The value that follows must not be preceded by a comma.
        output.markEmpty()
    }

    /// A string, escaped as JSON needs: quotes, backslashes and control characters.
    public mutating func string(_ value: String) {
        unique()
        separate()
        writeString(value)
    }

    /// A number as the shortest text that reads back as the same Double; `null` for NaN and
    /// infinities, which JSON has no way to write (and ``hasNonFiniteNumber`` turns true: an
    /// answer with one is replaced by an error).
    public mutating func number(_ value: Double) {
        unique()
        separate()
        appendNumber(value)
    }

    /// `number(_:)` after ``unique()`` and ``separate()``.
    private mutating func appendNumber(_ value: Double) {
        guard value.isFinite else {
            hasNonFiniteNumber = true
            append(literal: "null")
            return
        }
        let magnitude = value.magnitude
        guard magnitude != 0 else { return append(literal: value.sign == .minus ? "-0.0" : "0.0") }
        if let (digits, places) = ShortestDecimal.exact(magnitude) ?? ShortestDecimal.nearest(magnitude) {
            appendPositional(digits, places: places, isNegative: value.sign == .minus)
        } else {
            appendDescription(of: value)
        }
    }

    /// `value`'s `description`, written straight into the output: `Double.write(to:)` formats it
    /// on the stack and hands the digits over through `_writeASCII`, where `description` would
    /// allocate a string of every value of more than 15 characters (a number of 17 significant
    /// digits). Were a later standard library to write through `write(_:)` instead, the text
    /// would be the same, in a string.
    private mutating func appendDescription(of value: Double) {
        var stream = OutputStream(output: output)
        value.write(to: &stream)
    }

    /// The writer's output as a `TextOutputStream`, for `Double.write(to:)`.
    private struct OutputStream: TextOutputStream {
        let output: JSONOutput

        mutating func write(_ string: String) {
            var string = string
            string.withUTF8 { output.append($0) }
        }

        mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
            output.append(buffer)
        }
    }

    /// Whether a NaN or an infinity was written (as `null`).
    public private(set) var hasNonFiniteNumber = false

    /// An integer, in decimal.
    public mutating func integer(_ value: Int) {
        unique()
        separate()
        appendInteger(value)
    }

    /// `integer(_:)` after ``unique()`` and ``separate()``.
    private mutating func appendInteger(_ value: Int) {
        if value < 0 { output.append(UInt8(ascii: "-")) }
        appendDigits(of: UInt64(value.magnitude))
    }

    // One member, key and value, in one call: what `key(_:)` and the value's method write, with
    // one check that the bytes are the writer's own and no comma to decide for the value (it
    // follows its key). A measure answer writes some sixty members.

    /// `"key":value`, as ``key(_:)`` and ``integer(_:)`` write it.
    @inline(__always) mutating func member(_ key: StaticString, integer value: Int) {
        unique()
        appendKey(key, valueFollows: false)
        appendInteger(value)
    }

    /// `"key":value`, as ``key(_:)`` and ``number(_:)`` write it.
    @inline(__always) mutating func member(_ key: StaticString, number value: Double) {
        unique()
        appendKey(key, valueFollows: false)
        appendNumber(value)
    }

    /// `[a,b,…]`, as ``beginArray()``, a ``number(_:)`` each and ``endArray()`` write it: a size
    /// or a frame.
    mutating func array<let count: Int>(_ numbers: InlineArray<count, Double>) {
        unique()
        separate()
        output.append(UInt8(ascii: "["))
        for index in numbers.indices {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            appendNumber(numbers[index])
        }
        output.append(UInt8(ascii: "]"))
    }

    /// `"key":"value"`, as ``key(_:)`` and ``string(_:)`` write it.
    @inline(__always) mutating func member(_ key: StaticString, string value: String) {
        unique()
        appendKey(key, valueFollows: false)
        writeString(value)
    }

    /// `true` or `false`.
    public mutating func bool(_ value: Bool) {
        unique()
        separate()
        append(literal: value ? "true" : "false")
    }

    /// `null`.
    public mutating func null() {
        unique()
        separate()
        append(literal: "null")
    }

    /// A comma before every member or element but the first of its object or array.
    private mutating func separate() {
        if output.takeMember() { output.append(UInt8(ascii: ",")) }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// The decimal digits of `value`, most significant first, written straight into the output.
    private mutating func appendDigits(of value: UInt64) {
        // Most integers in answers are offsets and levels: one digit.
        guard value >= 10 else { return output.append(UInt8(ascii: "0") + UInt8(value)) }
        let count = Self.decimalDigitCount(of: value)
        output.appendWritten(count: count) { target in
            _ = Self.writeDigits(of: value, endingAt: count, in: target)
        }
    }

    /// How many decimal digits `value` (above 0) has: from its bit length, which leaves at most
    /// two counts possible, told apart by one comparison with a power of ten.
    @inline(__always) private static func decimalDigitCount(of value: UInt64) -> Int {
        let bits = 64 - (value | 1).leadingZeroBitCount  // 1 to 64
        let guess = (bits &* 1233) &>> 12  // ⌊bits × log₁₀ 2⌋: the count is this or one more
        return guess &+ (value >= ShortestDecimal.powersOfTen[guess] ? 1 : 0)
    }

    /// Writes the decimal digits of `value` (at least one) into `buffer` so that they end just
    /// before `end`, and returns where they start.
    @inline(__always) private static func writeDigits(of value: UInt64, endingAt end: Int, in buffer: UnsafeMutablePointer<UInt8>) -> Int {
        var remaining = value
        var index = end
        while remaining >= 100 {
            index &-= 2
            writePair(Int(remaining % 100), at: index, in: buffer)
            remaining /= 100
        }
        if remaining >= 10 {
            index &-= 2
            writePair(Int(remaining), at: index, in: buffer)
        } else {
            index &-= 1
            buffer[index] = UInt8(ascii: "0") + UInt8(remaining)
        }
        return index
    }

    /// The two digits of every number below 100, "00" to "99": numbers are written two digits a
    /// division.
    private static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """

    /// The two digits of `pair` (below 100) at `index` and the index after it.
    @inline(__always) private static func writePair(_ pair: Int, at index: Int, in buffer: UnsafeMutablePointer<UInt8>) {
        let digits = UnsafeRawPointer(digitPairs.utf8Start).loadUnaligned(fromByteOffset: pair &* 2, as: UInt16.self)
        UnsafeMutableRawPointer(buffer + index).storeBytes(of: digits, as: UInt16.self)  // both in one store
    }

    /// `scaled` / 10^`places` in positional notation with at least one digit on each side of
    /// the point, as `description` writes it (`-0.000244140625`, `102.6142578125`), written
    /// from its last digit back, straight into the output (`places` ≤ 24, `scaled` > 0).
    private mutating func appendPositional(_ scaled: UInt64, places: Int, isNegative: Bool) {
        let sign = isNegative ? 1 : 0
        let wholeDigits = max(Self.decimalDigitCount(of: scaled) &- places, 1)
        let length = sign &+ wholeDigits &+ 1 &+ places  // at most 1 + 16 + 1 + 24
        output.appendWritten(count: length) { target in
            var index = length
            var remaining = scaled
            var placesLeft = places
            while placesLeft >= 2 {
                index &-= 2
                Self.writePair(Int(remaining % 100), at: index, in: target)
                remaining /= 100
                placesLeft &-= 2
            }
            if placesLeft == 1 {
                index &-= 1
                target[index] = UInt8(ascii: "0") + UInt8(remaining % 10)
                remaining /= 10
            }
            index &-= 1
            target[index] = UInt8(ascii: ".")
            let start = Self.writeDigits(of: remaining, endingAt: index, in: target)
            assert(start == sign, "appendPositional: \(start) bytes reserved for the sign, \(sign) written")
            if isNegative { target[0] = UInt8(ascii: "-") }
        }
    }

    /// A literal's UTF-8, from the program's constant bytes. Every literal given is two characters
    /// or more (`null`, `\"`…): a one-character literal may be held as its scalar, whose
    /// `utf8Start` traps, which debug builds catch here (a byte is written with `output.append(_:)`).
    private mutating func append(literal: StaticString) {
        assert(literal.hasPointerRepresentation, "append(literal:) of a one-character literal: append its byte")
        output.append(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// A JSON string: quotes, backslashes and control characters escaped, everything else as is.
    private mutating func writeString(_ string: String) {
        output.append(UInt8(ascii: "\""))
        // Most strings (font paths, scripts, ids) need no escape: copy them whole, from their
        // storage when it is contiguous (no copy of the string, so no reference counting).
        let isPlain = string.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
            guard JSON.plainRunEnd(in: utf8, from: 0) == utf8.count else { return false }  // eight bytes at a time
            output.append(utf8)
            return true
        } ?? false
        if isPlain {
            output.append(UInt8(ascii: "\""))
            return
        }
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append(literal: #"\""#)
            case UInt8(ascii: "\\"): append(literal: #"\\"#)
            case UInt8(ascii: "\n"): append(literal: #"\n"#)
            case UInt8(ascii: "\r"): append(literal: #"\r"#)
            case UInt8(ascii: "\t"): append(literal: #"\t"#)
            case 0..<0x20:
                append(literal: #"\u00"#)
                output.append(Self.hexDigits[Int(byte >> 4)])
                output.append(Self.hexDigits[Int(byte & 0xF)])
            default: output.append(byte)  // UTF-8 bytes of other characters pass through whole
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
