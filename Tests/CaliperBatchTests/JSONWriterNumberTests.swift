// JSONWriterNumberTests.swift — numbers written straight into an answer's bytes read exactly as Swift's own `description` writes them; keys written alike however they are given.
import CaliperBatch
import Foundation
import Testing
import TestSupport

@Suite struct JSONWriterNumberTests {
    /// What `JSONWriter` writes for one number.
    static func written(_ value: Double) -> String {
        var writer = JSONWriter()
        writer.number(value)
        return writer.string
    }

    /// A million doubles — answer-like values (design units over unitsPerEm × a size), dyadic
    /// fractions, whole numbers, values near the edges of positional notation (10⁻⁴, 10¹⁵, 10¹⁶),
    /// random values, the Doubles nearest to short decimals (up to 16 digits, 1 to 20 places) and
    /// their neighbours one unit in the last place away, and random bit patterns — each written
    /// byte for byte as `Double.description` writes it (issue #28: the writer formats the common
    /// values itself and hands the rest to `description`).
    @Test func aMillionNumbersAreWrittenAsDescriptionWritesThem() {
        var random = SplitMix64(seed: 0x28_2026)
        var mismatches: [String] = []
        let upems: [Double] = [1000, 1024, 2048, 2816, 256, 4096]
        for index in 0..<1_000_000 {
            let value: Double
            switch index % 10 {
            case 0:  // a width: advance units × size / unitsPerEm
                let units = Double(Int.random(in: -200_000...2_000_000, using: &random))
                value = units * Double(Int.random(in: 1...120, using: &random)) / upems[Int.random(in: 0..<upems.count, using: &random)]
            case 1: value = Double(Int.random(in: -1_000_000...1_000_000, using: &random)) / Double(1 << Int.random(in: 0...30, using: &random))
            case 2: value = Double(Int.random(in: Int(-1e16)...Int(1e16), using: &random))
            case 3: value = [0.0001, 0.00009999999999999999, 1e15, 999_999_999_999_999.9, 1e16, 9_007_199_254_740_992][Int.random(in: 0..<6, using: &random)]
                * (Bool.random(using: &random) ? 1 : -1) * Double(Int.random(in: 1...3, using: &random))
            case 4: value = Double.random(in: -1000...1000, using: &random)
            case 5: value = (Double(Int.random(in: 0...99_999, using: &random)) / 100).rounded(.toNearestOrEven)
            case 6: value = Double(bitPattern: random.next())
            case 8:  // a short decimal, d / 10^k: the nearest Double to it
                let digits = Int.random(in: 1...16, using: &random)
                let whole = Double(Int.random(in: 1...Int(pow(10, Double(digits))) - 1, using: &random))
                value = whole / pow(10, Double(Int.random(in: 1...20, using: &random))) * (Bool.random(using: &random) ? 1 : -1)
            case 9:  // one unit in the last place beside a short decimal: its shortest digits are long
                let decimal = Double(Int.random(in: 1...99_999_999, using: &random)) / pow(10, Double(Int.random(in: 1...12, using: &random)))
                value = Bool.random(using: &random) ? decimal.nextUp : decimal.nextDown
            default: value = Double(Int.random(in: 1...65_535, using: &random)) * 0x1p-24 * (Bool.random(using: &random) ? 1 : -1)
            }
            guard value.isFinite else { continue }
            let expected = value.description
            let got = Self.written(value)
            if got != expected, mismatches.count < 10 { mismatches.append("\(value.bitPattern): \(got) vs \(expected)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
        for value in [0.0, -0.0, 0.5, -0.5, 17, 102.6142578125, 0.000244140625, 1e-4, 1e15 - 1, 123_456_789_012_345, 0.1, 1.0 / 3, Double.leastNonzeroMagnitude] {
            #expect(Self.written(value) == value.description)
        }
    }

    /// Exact decimals of every shape positional notation takes — 1 to 24 places, whole parts of
    /// 1 to 15 digits or none (`0.000…`) — written as `description` writes them: an odd n over
    /// 2^p has exactly p places.
    @Test func positionalNumbersOfEveryShapeAreWrittenAsDescriptionWritesThem() {
        var checked = 0
        for places in 1...24 {
            let fivePower = pow(5, Double(places))
            for start: UInt64 in [1, 3, 7, 9] {
                var numerator = start
                while Double(numerator) * fivePower < 1e15 {
                    for candidate in [numerator, numerator * 10 - 1] where Double(candidate) * fivePower < 1e15 {
                        let value = Double(candidate) / pow(2, Double(places))
                        #expect(Self.written(value) == value.description)
                        #expect(Self.written(-value) == (-value).description)
                        checked += 1
                    }
                    numerator = numerator * 10 + 3
                }
            }
        }
        #expect(checked > 600, "\(checked)")
    }

    /// Whole numbers are written as Swift writes them, from the most negative to the most positive.
    @Test func integersAreWrittenAsDescriptionWritesThem() {
        var random = SplitMix64(seed: 28)
        // Every value to ±1,000,000 and each power of ten and its neighbours: one digit, then two
        // at a time, with an even and an odd count of digits.
        var powers: [Int] = []
        var power = 10
        while power <= Int.max / 10 {
            powers += [power - 1, power, power + 1, -power + 1, -power, -power - 1]
            power *= 10
        }
        let values = Array(-1_000_000...1_000_000) + powers + [Int.max, Int.min, Int.max - 1, Int.min + 1, 1_000_000]
        for value in values + (0..<10_000).map({ _ in Int(truncatingIfNeeded: random.next()) }) {
            var writer = JSONWriter()
            writer.integer(value)
            #expect(writer.string == value.description)
        }
    }

    /// A key written in the source is copied as it stands and reads as the same key made at
    /// run time, which is escaped as any string is.
    @Test func keysInTheSourceAndKeysMadeAtRunTimeAreWrittenAlike() {
        var literal = JSONWriter()
        literal.beginObject()
        literal.key("width")
        literal.number(1)
        literal.key("")
        literal.integer(2)
        literal.endObject()
        var made = JSONWriter()
        made.beginObject()
        made.key(text: "width")
        made.number(1)
        made.key(text: String())
        made.integer(2)
        made.endObject()
        #expect(literal.string == #"{"width":1.0,"":2}"#)
        #expect(made.bytes == literal.bytes)
        var escaped = JSONWriter()
        escaped.beginObject()
        escaped.key(text: "a\"b\\c\n")
        escaped.bool(true)
        escaped.endObject()
        #expect(escaped.string == #"{"a\"b\\c\n":true}"#)
        // A one-character key, which a literal may hold as its scalar rather than as bytes.
        var short = JSONWriter()
        short.beginObject()
        short.key("x")
        short.integer(1)
        short.key("é")
        short.integer(2)
        short.endObject()
        #expect(short.string == #"{"x":1,"é":2}"#)
    }

    /// The bytes a writer lends are the bytes it gives, and a body's error comes through as it is.
    @Test func lentBytesAreTheBytesWritten() {
        var writer = JSONWriter(capacity: 1)
        writer.beginObject()
        writer.key("width")
        writer.number(102.6142578125)
        writer.endObject()
        writer.lineBreak()
        #expect(writer.withBytes { Array($0) } == writer.bytes)
        #expect(writer.withBytes { String(decoding: $0, as: UTF8.self) } == "{\"width\":102.6142578125}\n")
        struct Refused: Error {}
        #expect(throws: Refused.self) { try writer.withBytes { _ throws(Refused) in throw Refused() } }
    }

    /// A copy of a writer is a value: what one writes after the copy the other does not see,
    /// however deep the nesting (past the first allocation of both the bytes and the stack).
    @Test func aCopiedWriterWritesOnItsOwn() {
        var first = JSONWriter(capacity: 1)
        for _ in 0..<40 { first.beginArray() }
        var second = first
        first.integer(1)
        second.string("two")
        for _ in 0..<40 {
            first.endArray()
            second.endArray()
        }
        let open = String(repeating: "[", count: 40)
        let close = String(repeating: "]", count: 40)
        #expect(first.string == open + "1" + close)
        #expect(second.string == open + #""two""# + close)
        #expect(first.bytes == Array(first.string.utf8))
    }

    /// Lines of JSON Lines in one writer: a value given up halfway (an answer with a number that
    /// is not finite) is rewound away, with the containers it opened and the non-finite mark, and
    /// the next line is written as if it had never been.
    @Test func aRewoundValueLeavesNoTraceInTheLinesAfterIt() {
        var writer = JSONWriter(capacity: 4)
        writer.beginObject()
        writer.key("a")
        writer.integer(1)
        writer.endObject()
        writer.lineBreak()
        let start = writer.byteCount
        #expect(start == 8)
        writer.beginObject()
        writer.key("b")
        writer.beginArray()
        writer.number(.infinity)
        #expect(writer.hasNonFiniteNumber)
        writer.rewind(to: start)
        #expect(!writer.hasNonFiniteNumber)
        writer.beginObject()
        writer.key("c")
        writer.beginArray()
        writer.integer(2)
        writer.endArray()
        writer.endObject()
        writer.lineBreak()
        writer.string("last")
        #expect(writer.string == "{\"a\":1}\n{\"c\":[2]}\n\"last\"")
        writer.rewind(to: 0)
        writer.null()
        #expect(writer.string == "null")
    }
}
