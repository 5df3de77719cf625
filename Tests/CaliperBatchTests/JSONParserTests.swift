// JSONParserTests.swift — the batch protocol's JSON reader agrees with Foundation's JSONSerialization.
@testable import CaliperBatch
import Foundation
import Testing
import TestSupport

@Suite struct JSONParserTests {
    /// Valid documents, from plain to awkward (escapes, surrogate pairs, exponents, nesting, whitespace).
    static let valid = [
        #"{"id": 1, "text": "Hello, World", "font": "Fonts/DejaVuSans.ttf", "size": 17, "maxWidth": null}"#,
        // (not "-0": Foundation reads that integer as 0, this parser as the Double -0.0)
        #"{"a": [1, -2.5, 3e2, -0.0, 0.125E-3, 1E+2], "b": {"c": [true, false, null]}, "d": []}"#,
        #"  {"s": "\"\\\/\b\f\n\r\t\u00e9\u4e16\ud83c\udf0d"}  "#,
        #"{"emoji": "🌍 مرحبا 世界", "empty": "", "nested": [[[[]]]], "o": {}}"#,
        #"{"big": 12345678901234567890, "bigger": 2869296410528444942918147375104, "small": -1e-320, "id": "x"}"#,
        #"{"dup": 1, "dup": 2}"#,
        "[1,2,3]", "\"fragment\"", "3.5", "true", "null",
    ]

    /// Invalid ones: each would be refused by a strict reader.
    static let invalid = [
        "", "{", "}", "{\"a\" 1}", "{\"a\": 1,}", "[1,]", "[01]", "[1.]", "[.5]", "[-]", "[1e]", "[+1]",
        "{a: 1}", "{'a': 1}", "[\"\\x\"]", "[\"\\u12\"]", "[\"\\ud800\"]", "[\"\\udc00\"]", "[\"a\tb\"]",
        "[tru]", "[nul]", "[1] 2", "{\"a\": 1}}", "[NaN]", "[Infinity]", "\u{FEFF}{}",
        String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
    ]

    /// Foundation's reading of the same text, as a `JSON` value (numbers as Doubles).
    static func foundation(_ text: String) -> JSON? {
        guard let value = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) else {
            return nil
        }
        return convert(value)
    }

    static func convert(_ value: Any) -> JSON {
        switch value {
        case let dictionary as [String: Any]:
            return .object(dictionary.keys.sorted().map { ($0, convert(dictionary[$0] as Any)) })
        case let array as [Any]: return .array(array.map(convert))
        case let string as String: return .string(string)
        case let number as NSNumber:
            return String(cString: number.objCType) == "c" ? .bool(number.boolValue) : .number(number.doubleValue)
        default: return .null
        }
    }

    /// The parser's value with object members sorted and duplicates collapsed to the last, as a
    /// dictionary holds them.
    static func normalized(_ value: JSON) -> JSON {
        switch value {
        case .object(let members):
            var last: [String: JSON] = [:]
            for (key, member) in members { last[key] = normalized(member) }
            return .object(last.keys.sorted().map { ($0, last[$0] ?? .null) })
        case .array(let elements): return .array(elements.map(normalized))
        default: return value
        }
    }

    @Test(arguments: valid) func validDocumentsReadAsFoundationReadsThem(_ text: String) throws {
        let parsed = try JSONParser.parse(text)
        let expected = try #require(Self.foundation(text), "Foundation refused \(text)")
        #expect(Self.normalized(parsed) == expected)
    }

    @Test(arguments: invalid) func invalidDocumentsAreRefused(_ text: String) {
        #expect(throws: InputError.self) { try JSONParser.parse(text) }
    }

    /// Nesting up to the limit reads; one level more is refused rather than recursing further.
    @Test func nestingIsBounded() throws {
        let depth = JSONParser.maximumDepth
        _ = try JSONParser.parse(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        #expect(throws: InputError.self) {
            try JSONParser.parse(String(repeating: "[", count: depth + 1) + String(repeating: "]", count: depth + 1))
        }
    }

    /// Random documents — strings of 0 to 40 bytes on both sides of Swift's 15-byte inline strings,
    /// ASCII and not, with and without escapes (plain runs between them, `\/` as
    /// `JSONSerialization` writes every slash), in objects and arrays nested and side by side —
    /// read as Foundation reads them: the parser gathers members and elements on shared stacks and
    /// makes strings straight from the request's bytes, and neither may mix one value into another.
    @Test func randomDocumentsReadAsFoundationReadsThem() throws {
        var random = SplitMix64(seed: 28)
        let pieces = ["a", "é", "世", "🌍", "\\n", "\\\"", "\\u00e9", "\\ud83c\\udf0d", " ", "Fonts/", "Fonts\\/", "\\\\", "x", "well-known "]
        func string() -> String {
            var text = ""
            let length = Int.random(in: 0...40, using: &random)
            while text.utf8.count < length { text += pieces[Int.random(in: 0..<pieces.count, using: &random)] }
            return "\"" + text + "\""
        }
        func value(_ depth: Int) -> String {
            switch Int.random(in: 0..<(depth > 3 ? 3 : 5), using: &random) {
            case 0: return string()
            case 1: return String(Int.random(in: -1000...1000, using: &random))
            case 2: return ["true", "false", "null"][Int.random(in: 0..<3, using: &random)]
            case 3:
                let count = Int.random(in: 0...6, using: &random)
                return "{" + (0..<count).map { _ in string() + ": " + value(depth + 1) }.joined(separator: ", ") + "}"
            default:
                let count = Int.random(in: 0...6, using: &random)
                return "[" + (0..<count).map { _ in value(depth + 1) }.joined(separator: ", ") + "]"
            }
        }
        for _ in 0..<500 {
            let text = "{" + (0..<Int.random(in: 1...8, using: &random)).map { _ in string() + ": " + value(0) }.joined(separator: ", ") + "}"
            let expected = try #require(Self.foundation(text), "Foundation refused \(text)")
            #expect(Self.normalized(try JSONParser.parse(text)) == expected, "\(text)")
            // Each key looked up in place finds its last value, as Foundation's dictionary holds it.
            let document = try JSONDocument.parse(text)
            guard case .object(let members) = expected else { continue }
            for (key, value) in members {
                let found = try #require(document.member(key, inObject: 0), "\(key) in \(text)")
                #expect(Self.normalized(document.json(at: found)) == value, "\(key) in \(text)")
                #expect(document.member(key + "x", inObject: 0) == nil || members.contains { $0.0 == key + "x" })
            }
        }
    }

    /// Keys are looked up by their bytes: a key given twice reads as its last value (escaped or
    /// not), keys of one length, first and last byte (one signature bit) are told apart, an
    /// escaped key is its decoded bytes, a canonically equivalent key is another key, and a
    /// key left out, or given as `null`, reads as absent.
    @Test func keysAreLookedUpByTheirBytes() throws {
        let object = try JSONObject(parsing: #"{"axb": 1, "ayb": 2, "a": 3, "\u0061": 4, "a\/b": 5, "K": 6, "n": null, "s": "v", "s": "w"}"#)
        #expect(try object.number("axb") == 1)
        #expect(try object.number("ayb") == 2)
        #expect(try object.number("azb") == nil)
        #expect(try object.number("a") == 4)
        #expect(try object.number("a/b") == 5)
        #expect(try object.number("\u{212A}") == nil)  // KELVIN SIGN, canonically equivalent to K
        #expect(try object.number("K") == 6)
        #expect(object.contains(key: "n") && !object.has("n") && !object.contains(key: "m"))
        #expect(try object.string("s") == "w")
        #expect(object.keys == ["axb", "ayb", "a", "a", "a/b", "K", "n", "s", "s"])
        #expect(try JSONObject(parsing: #"{"b": 1, "c": 2}"#).number("c") == 2)
        // A value's node is 16 bytes, so a request of many small values costs little more than its text.
        #expect(MemoryLayout<JSONDocument.Node>.stride == 16)
    }

    /// A list of known keys finds exactly its names, byte for byte: each name of every list, and
    /// none of the near misses of each (a letter changed, dropped, added or in another case,
    /// most of them in the same signature bucket as the name they miss).
    @Test func knownKeysFindExactlyTheirNames() {
        let lists: [KnownKeys] = [
            BatchProcessor.measureRequestKeys, BatchProcessor.flowRequestKeys, BatchProcessor.layoutRequestKeys, LayoutSpec.labelKeys,
            LayoutSpec.chipKeys, LayoutSpec.spanKeys, LayoutSpec.attachmentKeys, LayoutSpec.tabStopKeys, [], ["", "a"],
        ]
        func contains(_ list: KnownKeys, _ key: String) -> Bool { Array(key.utf8).withUnsafeBufferPointer { list.contains($0) } }
        for list in lists {
            for name in list.names {
                #expect(contains(list, name), "\(name)")
                var misses = [name + "s", String(name.dropLast()), name.uppercased(), name.lowercased(), "x" + name]
                if name.count > 2 {
                    var changed = Array(name.utf8)
                    changed[1] ^= 0x01
                    misses.append(String(decoding: changed, as: UTF8.self))
                }
                for miss in misses { #expect(contains(list, miss) == list.names.contains(miss), "\(miss)") }
            }
        }
    }

    /// An object of more keys than are checked for repeats as they are read still reads a
    /// repeated key as its last value; and one of many distinct keys reads in time linear in its
    /// size (a check of each key against every earlier one took 40 s for 80,000 keys).
    @Test func largeObjectsReadTheirLastValueInLinearTime() throws {
        let count = 100_000
        let members = (0..<count).map { #""k\#($0)": \#($0)"# }
        let object = try JSONObject(parsing: "{" + members.joined(separator: ", ") + #", "k7": -1}"#)
        #expect(try object.number("k7") == -1)
        #expect(try object.number("k\(count - 1)") == Double(count - 1))
        #expect(try object.number("k\(count)") == nil)
        let small = (0..<(JSONParser.keysCheckedForRepeats + 2)).map { #""k\#($0)": \#($0)"# }
        #expect(try JSONObject(parsing: "{" + small.joined(separator: ", ") + #", "k1": -1}"#).number("k1") == -1)
    }

    /// The end of a string's plain run, found eight bytes at a time, is where a byte-by-byte
    /// reading finds it: over random buffers of bytes on both sides of each one that ends a run
    /// (below and at 0x20, around the quote and the backslash, 0x7F, 0x80 and above), read from
    /// every start.
    @Test func plainRunsEndWhereAByteByByteReadingEnds() {
        var random = SplitMix64(seed: 28)
        let alphabet: [UInt8] = [0x00, 0x01, 0x0A, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x41, 0x5B, 0x5C, 0x5D, 0x7F, 0x80, 0xA2, 0xDC, 0xE2, 0xFF]
        for _ in 0..<5_000 {
            let length = Int.random(in: 0...40, using: &random)
            // Mostly plain bytes, so runs are long enough to cross whole words.
            let bytes = (0..<length).map { _ in
                Int.random(in: 0..<8, using: &random) == 0 ? alphabet[Int.random(in: 0..<alphabet.count, using: &random)] : UInt8.random(in: 0x23...0x7E, using: &random)
            }
            bytes.withUnsafeBufferPointer { buffer in
                for start in 0...length {
                    let expected = buffer[start...].firstIndex { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 } ?? length
                    #expect(JSON.plainRunEnd(in: buffer, from: start) == expected, "\(bytes) from \(start)")
                }
            }
        }
    }

    /// A million numbers as requests write them — whole numbers, decimals of 1 to 22 places and
    /// up to 17 digits (past the 15 the shortcut takes), negative ones, zeros, -0, exponents,
    /// the shortest text of random Doubles — each read to the same bits as `Double(String)`
    /// reads it, whether the shortcut (`JSONParser.shortDecimal`) or `strtod` answers.
    @Test func aMillionNumbersReadAsStrtodReadsThem() throws {
        var random = SplitMix64(seed: 0x28_1127)
        var mismatches: [String] = []
        var shortcut = 0
        for index in 0..<1_000_000 {
            let sign = Bool.random(using: &random) ? "-" : ""
            let text: String
            switch index % 7 {
            case 0: text = sign + String(Int.random(in: 0...999_999_999_999_999_999, using: &random) >> Int.random(in: 0...60, using: &random))
            case 1:
                let digits = String(UInt64.random(in: 0...UInt64.max, using: &random)).prefix(Int.random(in: 1...17, using: &random))
                let places = Int.random(in: 1...min(22, digits.count + 3), using: &random)
                let padded = String(repeating: "0", count: max(0, places + 1 - digits.count)) + digits
                text = sign + padded.dropLast(places).drop(while: { $0 == "0" }).description.ifEmpty("0") + "." + padded.suffix(places)
            case 2: text = sign + ["0", "0.0", "0.5", "17", "320", "15.25", "0.1", "0.3", "1.7976931348623157", "9007199254740993"][Int.random(in: 0..<10, using: &random)]
            case 3: text = sign + String(Int.random(in: 1...99_999, using: &random)) + "e" + String(Int.random(in: -30...30, using: &random))
            case 4: text = Double(bitPattern: random.next()).magnitude.description
            case 5:  // long digit strings, whole and not: past 15 digits, past UInt64's 20
                let length = Int.random(in: 16...60, using: &random)
                let digits = (0..<length).map { _ in String(Int.random(in: 0...9, using: &random)) }.joined().drop(while: { $0 == "0" })
                let whole = digits.isEmpty ? "1" : String(digits)
                text = sign + (Bool.random(using: &random) ? whole : whole.prefix(max(1, whole.count / 2)) + "." + whole.dropFirst(max(1, whole.count / 2)))
            default: text = sign + String(format: "%.\(Int.random(in: 1...6, using: &random))f", Double.random(in: 0...10_000, using: &random))
            }
            guard text.first != "n", text.first != "i", !text.contains("e+"), let expected = Double(text) else { continue }
            let bytes = Array(text.utf8)
            if bytes.withUnsafeBufferPointer({ JSONParser.shortDecimal($0) }) != nil { shortcut += 1 }
            let got = try JSONParser.parse(text)
            if case .number(let value) = got, value.bitPattern == expected.bitPattern { continue }
            if mismatches.count < 10 { mismatches.append("\(text): \(got) vs \(expected)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
        #expect(shortcut > 400_000, "\(shortcut)")
    }
}

extension String {
    fileprivate func ifEmpty(_ replacement: String) -> String { isEmpty ? replacement : self }
}
