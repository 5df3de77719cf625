// MinikinHyphenator.swift — Android's automatic hyphenation: Minikin's `.hyb` pattern files read and checked, and its Hyphenator restated.

/// Minikin's `HyphenationType` (`include/minikin/Hyphenator.h`): what may happen at an offset of
/// a word.
enum MinikinHyphenationType: UInt8, Sendable {
    case dontBreak = 0
    case breakAndInsertHyphen = 1
    case breakAndInsertArmenianHyphen = 2
    case breakAndInsertMaqaf = 3
    case breakAndInsertUCASHyphen = 4
    /// After a hyphen already there, or in a script that writes none (Kannada, Malayalam…).
    case breakAndDontInsertHyphen = 5
    /// Catalan "l·l" → "l-/l".
    case breakAndReplaceWithHyphen = 6
    /// Polish and Slovenian repeat the hyphen at the start of the next line.
    case breakAndInsertHyphenAtNextLine = 7
    /// A soft hyphen in joining Arabic script: ZWJ and hyphen, then ZWJ on the next line.
    case breakAndInsertHyphenAndZWJ = 8

    /// `editForThisLine`.
    var editForThisLine: MinikinEndHyphenEdit {
        switch self {
        case .breakAndInsertHyphen: .insertHyphen
        case .breakAndInsertArmenianHyphen: .insertArmenianHyphen
        case .breakAndInsertMaqaf: .insertMaqaf
        case .breakAndInsertUCASHyphen: .insertUCASHyphen
        case .breakAndReplaceWithHyphen: .replaceWithHyphen
        case .breakAndInsertHyphenAndZWJ: .insertZWJAndHyphen
        case .dontBreak, .breakAndDontInsertHyphen, .breakAndInsertHyphenAtNextLine: .noEdit
        }
    }

    /// `editForNextLine`.
    var editForNextLine: MinikinStartHyphenEdit {
        switch self {
        case .breakAndInsertHyphenAtNextLine: .insertHyphen
        case .breakAndInsertHyphenAndZWJ: .insertZWJ
        default: .noEdit
        }
    }
}

/// Minikin's `EndHyphenEdit`: what a line's end gains (the values `StaticLayout` receives in a
/// line's flags, bits 0–2).
enum MinikinEndHyphenEdit: UInt8, Sendable {
    case noEdit = 0
    case replaceWithHyphen = 1
    case insertHyphen = 2
    case insertArmenianHyphen = 3
    case insertMaqaf = 4
    case insertUCASHyphen = 5
    case insertZWJAndHyphen = 6

    /// `getHyphenString(EndHyphenEdit)`: the characters added (or put in place of the last code unit).
    var hyphenString: [UInt32] {
        switch self {
        case .noEdit: []
        case .replaceWithHyphen, .insertHyphen: [0x2010]
        case .insertArmenianHyphen: [0x058A]
        case .insertMaqaf: [0x05BE]
        case .insertUCASHyphen: [0x1400]
        case .insertZWJAndHyphen: [0x200D, 0x2010]
        }
    }

    var isReplacement: Bool { self == .replaceWithHyphen }
    var isInsertion: Bool { rawValue >= Self.insertHyphen.rawValue }
}

/// Minikin's `StartHyphenEdit`: what a line's start gains (flags bits 3–4).
enum MinikinStartHyphenEdit: UInt8, Sendable {
    case noEdit = 0
    case insertHyphen = 1
    case insertZWJ = 2

    /// `getHyphenString(StartHyphenEdit)`.
    var hyphenString: [UInt32] {
        switch self {
        case .noEdit: []
        case .insertHyphen: [0x2010]
        case .insertZWJ: [0x200D]
        }
    }
}

/// A `.hyb` file: Minikin's packed hyphenation patterns (`doc/hyb_file_format.md`, written by
/// `tools/mk_hyb_file.py`; Android ships them in `/system/usr/hyphen-data/`), read once and
/// checked so that no lookup can leave it: every offset and count of the header and its three
/// tables lies inside the file, every trie link leaves room for the largest alphabet code, every
/// trie entry names a pattern that exists, and every pattern's bytes lie inside the pool.
/// Minikin trusts the file; Caliper refuses one that would make it read out of bounds.
struct MinikinHyphenationPatterns: Sendable {
    /// The alphabet: a code unit's letter code (0: not a letter of the patterns).
    enum Alphabet: Sendable {
        /// Version 0: codes for `minimum..<maximum`, one byte each.
        case direct(minimum: UInt32, maximum: UInt32, codes: [UInt8])
        /// Version 1: `(code point << 11) | code`, sorted by code point.
        case general(entries: [UInt32])
    }

    let alphabet: Alphabet
    let charMask: UInt32
    let linkShift: UInt32
    let linkMask: UInt32
    let patternShift: UInt32
    let trie: [UInt32]
    /// `(length << 26) | (shift << 20) | offset into the pool`.
    let patterns: [UInt32]
    let pool: [UInt8]

    static let magic: UInt32 = 0x62AD_7968

    /// Reads `bytes`, the contents of a `.hyb` file named `source` (for errors).
    ///
    /// - Throws: ``CaliperError/invalidHyphenationPatterns(path:reason:)`` naming `source` and what is wrong.
    init(bytes: [UInt8], source: String) throws(CaliperError) {
        var reader = Reader(bytes: bytes, source: source)
        guard try reader.word(at: 0, "magic") == Self.magic else { throw reader.error("not a .hyb file (no magic number 0x62ad7968)") }
        let version = try reader.word(at: 4, "version")
        guard version == 0 else { throw reader.error("version \(version) is not 0") }
        let alphabetOffset = Int(try reader.word(at: 8, "alphabet offset"))
        let trieOffset = Int(try reader.word(at: 12, "trie offset"))
        let patternOffset = Int(try reader.word(at: 16, "pattern offset"))
        let fileSize = Int(try reader.word(at: 20, "file size"))
        guard fileSize <= bytes.count else { throw reader.error("the header says \(fileSize) bytes, the file has \(bytes.count)") }
        reader.end = fileSize

        switch try reader.word(at: alphabetOffset, "alphabet version") {
        case 0:
            let minimum = try reader.word(at: alphabetOffset + 4, "alphabet minimum")
            let maximum = try reader.word(at: alphabetOffset + 8, "alphabet maximum")
            guard minimum <= maximum else { throw reader.error("the alphabet's range \(minimum)..<\(maximum) is reversed") }
            alphabet = .direct(minimum: minimum, maximum: maximum, codes: try reader.bytes(at: alphabetOffset + 12, count: Int(maximum - minimum), "alphabet"))
        case 1:
            let count = Int(try reader.word(at: alphabetOffset + 4, "alphabet entry count"))
            let entries = try reader.words(at: alphabetOffset + 8, count: count, "alphabet")
            guard zip(entries, entries.dropFirst()).allSatisfy({ $0 >> 11 < $1 >> 11 }) else {
                throw reader.error("the alphabet's entries are not sorted by code point")
            }
            alphabet = .general(entries: entries)
        case let version:
            throw reader.error("alphabet version \(version) is neither 0 nor 1")
        }

        guard try reader.word(at: trieOffset, "trie version") == 0 else { throw reader.error("the trie's version is not 0") }
        charMask = try reader.word(at: trieOffset + 4, "trie character mask")
        linkShift = try reader.word(at: trieOffset + 8, "trie link shift")
        linkMask = try reader.word(at: trieOffset + 12, "trie link mask")
        patternShift = try reader.word(at: trieOffset + 16, "trie pattern shift")
        guard linkShift < 32, patternShift < 32 else { throw reader.error("the trie's shifts \(linkShift), \(patternShift) exceed 31") }
        trie = try reader.words(at: trieOffset + 24, count: Int(try reader.word(at: trieOffset + 20, "trie entry count")), "trie")

        guard try reader.word(at: patternOffset, "pattern version") == 0 else { throw reader.error("the pattern table's version is not 0") }
        let patternCount = Int(try reader.word(at: patternOffset + 4, "pattern count"))
        let poolOffset = Int(try reader.word(at: patternOffset + 8, "pattern pool offset"))
        let poolSize = Int(try reader.word(at: patternOffset + 12, "pattern pool size"))
        patterns = try reader.words(at: patternOffset + 16, count: patternCount, "pattern table")
        pool = try reader.bytes(at: patternOffset + poolOffset, count: poolSize, "pattern pool")
        for (index, entry) in patterns.enumerated() where Int(entry & 0xFFFFF) + Int(entry >> 26) > poolSize {
            throw reader.error("pattern \(index) reaches past the pattern pool")
        }

        // A lookup reads trie[node + code] for a node some entry links to: each must leave room
        // for the largest code, and each entry's pattern must exist.
        let largestCode: Int = switch alphabet {
        case .direct(_, _, let codes): Int(codes.max() ?? 0)
        case .general(let entries): Int(entries.map { $0 & 0x7FF }.max() ?? 0)
        }
        guard largestCode < trie.count else { throw reader.error("the trie has \(trie.count) entries, fewer than the alphabet's codes") }
        for (index, entry) in trie.enumerated() {
            let link = Int((entry & linkMask) >> linkShift)
            guard link + largestCode < trie.count else { throw reader.error("trie entry \(index) links past the trie") }
            guard Int(entry >> patternShift) < patterns.count else { throw reader.error("trie entry \(index) names a pattern past the pattern table") }
        }
    }

    /// The letter code of a code unit, or nil when the patterns have no such letter.
    func code(of unit: UInt16) -> UInt16? {
        switch alphabet {
        case .direct(let minimum, let maximum, let codes):
            let value = UInt32(unit)
            guard value >= minimum, value < maximum else { return nil }
            let code = codes[Int(value - minimum)]
            return code == 0 ? nil : UInt16(code)
        case .general(let entries):
            // std::lower_bound(entries, unit << 11), then the code point must be the unit's.
            let key = UInt32(unit) << 11
            var low = 0
            var high = entries.count
            while low < high {
                let middle = (low + high) / 2
                if entries[middle] < key { low = middle + 1 } else { high = middle }
            }
            guard low < entries.count, entries[low] >> 11 == UInt32(unit) else { return nil }
            return UInt16(entries[low] & 0x7FF)
        }
    }

    /// Bounds-checked little-endian reads of the file, each failure naming what was read.
    private struct Reader {
        let bytes: [UInt8]
        let source: String
        var end: Int

        init(bytes: [UInt8], source: String) {
            self.bytes = bytes
            self.source = source
            end = bytes.count
        }

        func error(_ reason: String) -> CaliperError {
            .invalidHyphenationPatterns(path: source, reason: reason)
        }

        func word(at offset: Int, _ what: String) throws(CaliperError) -> UInt32 {
            guard offset >= 0, offset <= end - 4 else { throw error("the \(what) at byte \(offset) lies past the end (\(end) bytes)") }
            return UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
        }

        func words(at offset: Int, count: Int, _ what: String) throws(CaliperError) -> [UInt32] {
            guard offset >= 0, count >= 0, count <= (end - offset) / 4 else {
                throw error("the \(what) (\(count) entries at byte \(offset)) lies past the end (\(end) bytes)")
            }
            var words: [UInt32] = []
            words.reserveCapacity(count)
            for index in 0..<count { words.append(try word(at: offset + 4 * index, what)) }
            return words
        }

        func bytes(at offset: Int, count: Int, _ what: String) throws(CaliperError) -> [UInt8] {
            guard offset >= 0, count >= 0, offset <= end, count <= end - offset else {
                throw error("the \(what) (\(count) bytes at byte \(offset)) lies past the end (\(end) bytes)")
            }
            return Array(bytes[offset..<(offset + count)])
        }
    }
}

/// Minikin's `Hyphenator` (`libs/minikin/Hyphenator.cpp`): Liang's algorithm over a `.hyb`
/// file's patterns, for words of the patterns' letters only, at least `minPrefix` code units
/// from a word's start and `minSuffix` from its end; and for any other word, breaks after a hard
/// hyphen or a soft hyphen that does not start it (`hyphenateWithNoPatterns`).
struct MinikinHyphenator: Sendable {
    /// The rules `Hyphenator::loadBinary` picks by locale.
    enum LocaleRules: Sendable {
        case other, catalan, polish, slovenian
    }

    let patterns: MinikinHyphenationPatterns?
    let minPrefix: Int
    let minSuffix: Int
    let rules: LocaleRules

    /// A hyphenator over `patterns` for `locale` (Android registers en-US with prefix 2, suffix 3:
    /// `android_text_Hyphenator.cpp`). A prefix or suffix below 1, which Android never registers,
    /// is taken as 1: a break before a word's first letter would make an empty line.
    init(patterns: MinikinHyphenationPatterns?, minPrefix: Int, minSuffix: Int, locale: String) {
        self.patterns = patterns
        self.minPrefix = max(minPrefix, 1)
        self.minSuffix = max(minSuffix, 1)
        rules = switch locale {
        case "pl": .polish
        case "ca": .catalan
        case "sl": .slovenian
        default: .other
        }
    }

    /// What Minikin uses for a locale no hyphenator is registered for (`HyphenatorMap`'s
    /// `mSoftHyphenOnlyHyphenator`): no patterns, prefix and suffix 2.
    static let softHyphenOnly = MinikinHyphenator(patterns: nil, minPrefix: 2, minSuffix: 2, locale: "")

    /// Minikin's `MAX_HYPHENATED_SIZE`: the longest word, with its two padding codes, patterns apply to.
    private static let maximumPaddedLength = 64

    /// `Hyphenator::hyphenate`: a type for each code unit of `word` (a break before it).
    func hyphenate(_ word: ArraySlice<UInt16>) -> [MinikinHyphenationType] {
        let word = Array(word)
        guard !word.isEmpty else { return [] }
        let paddedLength = word.count + 2
        if let patterns, word.count >= minPrefix + minSuffix, paddedLength <= Self.maximumPaddedLength,
            let lookup = Self.alphabetLookup(word, patterns), lookup.type != .dontBreak
        {
            return hyphenate(codes: lookup.codes, type: lookup.type, patterns: patterns)
        }
        // A word with a hyphen or a soft hyphen always gets here: no alphabet has them.
        return hyphenateWithNoPatterns(word)
    }

    /// `alphabetLookup`: the word's letter codes between two 0s, and the type its script breaks
    /// with; nil when a code unit is not a letter of the patterns.
    private static func alphabetLookup(_ word: [UInt16], _ patterns: MinikinHyphenationPatterns) -> (codes: [UInt16], type: MinikinHyphenationType)? {
        var type = MinikinHyphenationType.breakAndInsertHyphen
        var codes: [UInt16] = [0]
        codes.reserveCapacity(word.count + 2)
        for unit in word {
            guard let code = patterns.code(of: unit) else { return nil }
            if type == .breakAndInsertHyphen { type = typeByScript(UInt32(unit)) }
            codes.append(code)
        }
        codes.append(0)
        return (codes, type)
    }

    /// `hyphenateFromCodes`: every pattern matching a substring raises the numbers between its
    /// letters to its own (pointwise maximum); odd numbers are breaks.
    private func hyphenate(codes: [UInt16], type: MinikinHyphenationType, patterns: MinikinHyphenationPatterns) -> [MinikinHyphenationType] {
        let length = codes.count
        // Minikin reuses its answer as this buffer; one longer than the word keeps a suffix of
        // 0 (never registered) inside it.
        var numbers = [UInt8](repeating: 0, count: length)
        let maximumOffset = min(length - minSuffix - 1, length - 2)
        for start in 0..<(length - 1) {
            var node = 0
            for end in start..<length {
                let code = UInt32(codes[end])
                // In bounds: links were checked to leave room for the largest code.
                let entry = patterns.trie[node + Int(code)]
                guard entry & patterns.charMask == code else { break }
                node = Int((entry & patterns.linkMask) >> patterns.linkShift)
                let patternIndex = Int(patterns.trie[node] >> patterns.patternShift)
                guard patternIndex != 0 else { continue }
                let pattern = patterns.patterns[patternIndex]
                let patternLength = Int(pattern >> 26)
                let patternShift = Int((pattern >> 20) & 0x3F)
                let poolOffset = Int(pattern & 0xFFFFF)
                // The offset in `numbers` lining up with the pattern's first number.
                let offset = end + 1 - (patternLength + patternShift)
                let first = max(minPrefix - offset, 0)
                let last = min(patternLength, maximumOffset - offset)
                guard first < last else { continue }
                for index in first..<last {
                    numbers[offset + index] = max(numbers[offset + index], patterns.pool[poolOffset + index])
                }
            }
        }
        var result = [MinikinHyphenationType](repeating: .dontBreak, count: length - 2)
        if minPrefix < maximumOffset {
            for index in minPrefix..<maximumOffset where numbers[index] & 1 == 1 { result[index] = type }
        }
        return result
    }

    /// `hyphenateWithNoPatterns` (UAX #14's advice on hyphens and soft hyphens).
    private func hyphenateWithNoPatterns(_ word: [UInt16]) -> [MinikinHyphenationType] {
        var result = [MinikinHyphenationType](repeating: .dontBreak, count: word.count)
        for index in 1..<max(word.count, 1) {
            let previous = word[index - 1]
            if index > 1, Self.isLineBreakingHyphen(UInt32(previous)) {
                if previous == 0x2D || previous == 0x2010, rules == .polish || rules == .slovenian,
                    UnicodeProperties.icuScript(UInt32(word[index])) == Self.latinScript
                {
                    result[index] = .breakAndInsertHyphenAtNextLine
                } else {
                    result[index] = .breakAndDontInsertHyphen
                }
            } else if index > 1, previous == 0x00AD {
                if UnicodeProperties.icuScript(UInt32(word[index])) == Self.arabicScript {
                    result[index] = Self.arabicType(word, softHyphenBefore: index)
                } else {
                    result[index] = Self.typeByScript(UInt32(word[index]))
                }
            } else if previous == 0x00B7, rules == .catalan, minPrefix < index, index >= 2,
                word.count < minSuffix || index <= word.count - minSuffix,
                (word[index - 2] == 0x6C && word[index] == 0x6C) || (word[index - 2] == 0x4C && word[index] == 0x4C)
            {
                result[index] = .breakAndReplaceWithHyphen
            }
        }
        return result
    }

    /// `Hyphenator::isLineBreakingHyphen`: characters after which a line may break but whose
    /// words are not hyphenated by patterns.
    static func isLineBreakingHyphen(_ value: UInt32) -> Bool {
        switch value {
        case 0x002D, 0x058A, 0x05BE, 0x1400, 0x2010, 0x2013, 0x2027, 0x2E17, 0x2E40: true
        default: false
        }
    }

    // ICU's UScriptCode values the hyphenator asks about.
    private static let arabicScript: Int32 = 2
    private static let armenianScript: Int32 = 3
    private static let kannadaScript: Int32 = 21
    private static let latinScript: Int32 = 25
    private static let malayalamScript: Int32 = 26
    private static let tamilScript: Int32 = 35
    private static let teluguScript: Int32 = 36
    private static let canadianAboriginalScript: Int32 = 40

    /// `hyphenationTypeBasedOnScript`.
    private static func typeByScript(_ value: UInt32) -> MinikinHyphenationType {
        switch UnicodeProperties.icuScript(value) {
        case kannadaScript, malayalamScript, tamilScript, teluguScript: .breakAndDontInsertHyphen
        case armenianScript: .breakAndInsertArmenianHyphen
        case canadianAboriginalScript: .breakAndInsertUCASHyphen
        default: .breakAndInsertHyphen
        }
    }

    // ICU's UJoiningType values.
    private static let joinCausing: Int32 = 1
    private static let dualJoining: Int32 = 2
    private static let leftJoining: Int32 = 3
    private static let rightJoining: Int32 = 4
    private static let transparent: Int32 = 5

    /// `getHyphTypeForArabic`: ZWJ and hyphen when the letters around the soft hyphen join.
    private static func arabicType(_ word: [UInt16], softHyphenBefore location: Int) -> MinikinHyphenationType {
        var index = location
        var type: Int32 = 0
        while index < word.count {
            type = UnicodeProperties.joiningType(of: UInt32(word[index]))
            guard type == transparent else { break }
            index += 1
        }
        guard type == dualJoining || type == rightJoining || type == joinCausing else { return .breakAndInsertHyphen }
        index = location - 2  // before the soft hyphen
        type = 0
        while index >= 0 {
            type = UnicodeProperties.joiningType(of: UInt32(word[index]))
            guard type == transparent else { break }
            index -= 1
        }
        return type == dualJoining || type == leftJoining || type == joinCausing ? .breakAndInsertHyphenAndZWJ : .breakAndInsertHyphen
    }

    /// Minikin's `LONGEST_HYPHENATED_WORD` (`LineBreakerUtil.cpp`): longer words are not hyphenated.
    private static let longestHyphenatedWord = 45

    /// `hyphenate` of `LineBreakerUtil.cpp`: `text` split at no-break spaces, each word no longer
    /// than 45 code units hyphenated.
    func hyphenateWords(_ text: ArraySlice<UInt16>) -> [MinikinHyphenationType] {
        var result = [MinikinHyphenationType](repeating: .dontBreak, count: text.count)
        var wordStart: Int?
        let base = text.startIndex
        for index in base...text.endIndex {
            if index == text.endIndex || text[index] == 0x00A0 {
                if let start = wordStart {
                    if index - start <= Self.longestHyphenatedWord {
                        for (offset, type) in hyphenate(text[start..<index]).enumerated() { result[start - base + offset] = type }
                    }
                    wordStart = nil
                }
            } else if wordStart == nil {
                wordStart = index
            }
        }
        return result
    }
}
