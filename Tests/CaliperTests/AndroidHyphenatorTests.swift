// AndroidHyphenatorTests.swift — Minikin's .hyb files as Caliper reads them: the fixture read, and corrupt or hostile files refused without a crash.
@testable import Caliper
import Foundation
import Testing
import TestSupport

@Suite struct AndroidHyphenatorTests {
    /// `Tests/Fixtures/Android/hyph-en-us.hyb` (`make-hyb.sh`).
    static let fixture = Result { [UInt8](try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("Tests/Fixtures/Android/hyph-en-us.hyb")))) }

    /// The header's fields (little-endian words at 0, 4, … 20).
    static func word(_ bytes: [UInt8], at offset: Int) -> Int {
        Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16 | Int(bytes[offset + 3]) << 24
    }

    static func setting(_ bytes: [UInt8], word value: UInt32, at offset: Int) -> [UInt8] {
        var bytes = bytes
        for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * index)) }
        return bytes
    }

    /// Why the reader refuses `bytes`, or nil when it reads them.
    static func refusal(_ bytes: [UInt8]) -> String? {
        do {
            _ = try MinikinHyphenationPatterns(bytes: bytes, source: "test.hyb")
            return nil
        } catch {
            guard case .invalidHyphenationPatterns(path: "test.hyb", let reason) = error else { return "unexpected \(error)" }
            return reason
        }
    }

    static let words = [
        "hyphenation", "internationalization", "characteristically", "representatives", "incomprehensibilities", "associate", "table",
        "Supercalifragilisticexpialidocious", "e-mail", "soft\u{AD}ly", "NAÏVE", "a", "",
    ]

    @Test func theFixtureReadsAsMinikinBuiltIt() throws {
        let patterns = try MinikinHyphenationPatterns(bytes: try Self.fixture.get(), source: "hyph-en-us.hyb")
        // The alphabet of the chr file: a–z and A–Z share codes 1–26.
        #expect(patterns.code(of: 0x61) == 1 && patterns.code(of: 0x41) == 1 && patterns.code(of: 0x7A) == 26)
        #expect(patterns.code(of: 0x2D) == nil && patterns.code(of: 0xE9) == nil)
        let hyphenator = MinikinHyphenator(patterns: patterns, minPrefix: 2, minSuffix: 3, locale: "en-US")
        // "hy-phen-ation" (TeX's patterns; min prefix 2 and suffix 3 drop "hyphena-tion"'s last point).
        let points = hyphenator.hyphenate(ArraySlice("hyphenation".utf16)).enumerated().filter { $0.element != .dontBreak }.map(\.offset)
        #expect(points == [2, 6])
        // An exception of the .hyp file: "as-so-ciate".
        let exception = hyphenator.hyphenate(ArraySlice("associate".utf16)).enumerated().filter { $0.element != .dontBreak }.map(\.offset)
        #expect(exception == [2, 4])
    }

    @Test func wordsOutsideThePatternsBreakOnlyAfterHyphens() throws {
        let hyphenator = MinikinHyphenator.softHyphenOnly
        let types = hyphenator.hyphenate(ArraySlice("soft\u{AD}ly co-op".utf16))
        #expect(types[5] == .breakAndInsertHyphen)  // after the soft hyphen
        #expect(types[11] == .breakAndDontInsertHyphen)  // after the hyphen
        #expect(types.enumerated().filter { $0.element != .dontBreak }.count == 2)
        // No-break spaces split words; a word over 45 code units is not hyphenated.
        let long = String(repeating: "ab\u{AD}", count: 16)
        #expect(hyphenator.hyphenateWords(ArraySlice(long.utf16)).allSatisfy { $0 == .dontBreak })
        #expect(hyphenator.hyphenateWords(ArraySlice("ab\u{AD}cd\u{A0}ef\u{AD}gh".utf16)).enumerated().filter { $0.element != .dontBreak }.map(\.offset) == [3, 9])
    }

    @Test func truncatedFilesAreRefused() throws {
        let bytes = try Self.fixture.get()
        for length in [0, 1, 4, 20, 23, 24, 25, 100, bytes.count / 2, bytes.count - 1] {
            #expect(Self.refusal(Array(bytes.prefix(length))) != nil, "a file cut to \(length) bytes")
        }
        // Cut, with the header's file size made to agree: the tables then reach past the end.
        let trieOffset = Self.word(bytes, at: 12)
        let patternOffset = Self.word(bytes, at: 16)
        for length in [24, 30, trieOffset, trieOffset + 30, patternOffset, patternOffset + 20, bytes.count - 1] {
            let cut = Self.setting(Array(bytes.prefix(length)), word: UInt32(length), at: 20)
            #expect(Self.refusal(cut) != nil, "a file cut to \(length) bytes that says it has \(length)")
        }
    }

    @Test func badHeadersAndOffsetsAreRefused() throws {
        let bytes = try Self.fixture.get()
        let alphabetOffset = Self.word(bytes, at: 8)
        let trieOffset = Self.word(bytes, at: 12)
        let patternOffset = Self.word(bytes, at: 16)
        let corruptions: [(String, [UInt8])] = [
            ("magic", Self.setting(bytes, word: 0x1234_5678, at: 0)),
            ("version", Self.setting(bytes, word: 1, at: 4)),
            ("alphabet offset", Self.setting(bytes, word: 0xFFFF_FFF0, at: 8)),
            ("trie offset", Self.setting(bytes, word: UInt32(bytes.count), at: 12)),
            ("pattern offset", Self.setting(bytes, word: 0x7FFF_FFFF, at: 16)),
            ("file size", Self.setting(bytes, word: UInt32(bytes.count + 1), at: 20)),
            ("alphabet version", Self.setting(bytes, word: 7, at: alphabetOffset)),
            ("alphabet range", Self.setting(bytes, word: 0, at: alphabetOffset + 8)),
            ("alphabet size", Self.setting(bytes, word: 0xFFFF_FFFF, at: alphabetOffset + 8)),
            ("trie version", Self.setting(bytes, word: 3, at: trieOffset)),
            ("link shift", Self.setting(bytes, word: 40, at: trieOffset + 8)),
            ("trie entry count", Self.setting(bytes, word: 0xFFFF_FFFF, at: trieOffset + 20)),
            ("trie too short for the alphabet", Self.setting(bytes, word: 3, at: trieOffset + 20)),
            ("pattern count", Self.setting(bytes, word: 0x4000_0000, at: patternOffset + 4)),
            ("pool offset", Self.setting(bytes, word: 0xFFFF_0000, at: patternOffset + 8)),
            ("pool size", Self.setting(bytes, word: UInt32(bytes.count), at: patternOffset + 12)),
            ("a pattern past the pool", Self.setting(bytes, word: 63 << 26 | 0xFFFFF, at: patternOffset + 16 + 4)),
            ("a trie link past the trie", Self.setting(bytes, word: 0xFFFF_FFFF, at: trieOffset + 24)),
        ]
        for (what, corrupt) in corruptions {
            let reason = Self.refusal(corrupt)
            #expect(reason != nil, "\(what) is read")
            #expect(reason.map { !$0.hasPrefix("unexpected") } ?? true, "\(what): \(reason ?? "")")
        }
        // A general (version 1) alphabet out of order.
        var general: [UInt8] = []
        for value: UInt32 in [0x62AD_7968, 0, 24, 40, 40, 40] { general += Self.setting([0, 0, 0, 0], word: value, at: 0) }
        for value: UInt32 in [1, 2, 0x62 << 11 | 2, 0x61 << 11 | 1] { general += Self.setting([0, 0, 0, 0], word: value, at: 0) }
        #expect(Self.refusal(general)?.contains("sorted") == true)
    }

    /// Thousands of files with a few bytes changed: each is refused, or read and then hyphenates
    /// every word without leaving its tables.
    @Test func mutatedFilesAreRefusedOrHyphenateSafely() throws {
        let bytes = try Self.fixture.get()
        var random = SplitMix64(seed: 0x4859_4221)
        var read = 0
        for _ in 0..<3000 {
            var mutated = bytes
            for _ in 0..<random.next(in: 1...6) {
                // Mostly the header and the tables' own headers, where one byte moves everything.
                let offset = random.next(in: 0...9) < 4 ? random.next(in: 0...47) : random.next(in: 0...(bytes.count - 1))
                mutated[offset] = UInt8(truncatingIfNeeded: random.next())
            }
            guard let patterns = try? MinikinHyphenationPatterns(bytes: mutated, source: "mutated.hyb") else { continue }
            read += 1
            let hyphenator = MinikinHyphenator(patterns: patterns, minPrefix: 2, minSuffix: 3, locale: "en-US")
            for word in Self.words {
                #expect(hyphenator.hyphenateWords(ArraySlice(word.utf16)).count == word.utf16.count)
            }
        }
        #expect(read > 100)
    }
}
