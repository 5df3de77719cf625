// MarkupWords.swift — the words and enumerations of markup values (weights, styles, stretches, booleans, colours, features, languages).

/// How Pango 1.50 reads the words of attribute values.
enum MarkupWord {
    /// Whether `word` is `pattern`, ignoring ASCII case, the pattern's hyphens optional
    /// (`fonts.c`'s `field_matches`: "semibold" and "Semi-Bold" both match "Semi-Bold").
    static func fieldMatches(_ pattern: String, _ word: ArraySlice<UInt8>) -> Bool {
        let patternBytes = Array(pattern.utf8)
        var patternIndex = 0
        var wordIndex = word.startIndex
        while wordIndex < word.endIndex, patternIndex < patternBytes.count {
            let expected = asciiLowercased(patternBytes[patternIndex])
            if expected != asciiLowercased(word[wordIndex]) {
                if expected == UInt8(ascii: "-") {
                    patternIndex += 1
                    continue
                }
                return false
            }
            patternIndex += 1
            wordIndex += 1
        }
        return wordIndex == word.endIndex && patternIndex == patternBytes.count
    }

    static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }

    static let weightWords: [(String, Int)] = [
        ("Thin", 100), ("Ultra-Light", 200), ("Extra-Light", 200), ("Light", 300), ("Semi-Light", 350), ("Demi-Light", 350),
        ("Book", 380), ("Regular", 400), ("Medium", 500), ("Semi-Bold", 600), ("Demi-Bold", 600), ("Bold", 700),
        ("Ultra-Bold", 800), ("Extra-Bold", 800), ("Heavy", 900), ("Black", 900), ("Ultra-Heavy", 1000),
        ("Extra-Heavy", 1000), ("Ultra-Black", 1000), ("Extra-Black", 1000),
    ]
    static let styleWords: [(String, Int)] = [("Roman", 0), ("Oblique", 1), ("Italic", 2)]
    static let stretchWords: [(String, Int)] = [
        ("Ultra-Condensed", 0), ("Extra-Condensed", 1), ("Condensed", 2), ("Semi-Condensed", 3), ("Semi-Expanded", 5),
        ("Expanded", 6), ("Extra-Expanded", 7), ("Ultra-Expanded", 8),
    ]
    static let variantWords: [(String, Int)] = [
        ("Small-Caps", 1), ("All-Small-Caps", 2), ("Petite-Caps", 3), ("All-Petite-Caps", 4), ("Unicase", 5), ("Title-Caps", 6),
    ]
    static let gravityWords: [(String, Int)] = [
        ("Not-Rotated", 0), ("South", 0), ("Upside-Down", 2), ("North", 2), ("Rotated-Left", 1), ("East", 1),
        ("Rotated-Right", 3), ("West", 3),
    ]

    /// A `weight`, `style`, `variant` or `stretch` value as `pango_parse_weight` and its siblings read
    /// it: "normal" (any case), one of `words` (any case, hyphens optional) or a non-negative integer.
    static func parseField(_ value: [UInt8], words: [(String, Int)], normal: Int) -> Int? {
        guard !value.isEmpty else { return nil }
        let word = value[...]
        if fieldMatches("Normal", word) { return normal }
        for (pattern, number) in words where fieldMatches(pattern, word) { return number }
        return CNumber.parseNonNegativeInt(word)
    }

    /// An enumeration value as `_pango_parse_enum` reads it: a GLib nick exactly, or a non-negative integer.
    static func enumerationValue(_ value: [UInt8], _ names: [String]) -> Int? {
        let text = String(decoding: value, as: UTF8.self)
        if let index = names.firstIndex(of: text) { return index }
        return CNumber.parseNonNegativeInt(value[...])
    }

    /// `show` flags: a nick, an integer, or nicks joined with "|" (as `pango_parse_flags` reads them).
    static func showFlags(_ value: [UInt8]) -> Int? {
        let names = ["none": 0, "spaces": 1, "line-breaks": 2, "ignorables": 4]
        if let flags = names[String(decoding: value, as: UTF8.self)] { return flags }
        if let number = CNumber.parseNonNegativeInt(value[...]) { return number }
        var flags = 0
        for part in value.split(separator: UInt8(ascii: "|"), omittingEmptySubsequences: false) {
            guard let flag = names[String(decoding: trimmedCSpace(part), as: UTF8.self)] else { return nil }
            flags |= flag
        }
        return flags
    }

    static func parseBoolean(_ value: [UInt8]) -> Bool? {
        switch String(decoding: value, as: UTF8.self) {
        case "true", "yes", "t", "y": return true
        case "false", "no", "f", "n": return false
        default: return nil
        }
    }

    /// Whether `value` is a colour Pango reads: `#` and 3, 6, 9 or 12 hexadecimal digits (4, 8 or 16
    /// with alpha where allowed), or a name. Names are not checked against Pango's X11 list: any
    /// name of ASCII letters, digits and spaces passes.
    static func isColor(_ value: [UInt8], allowsAlpha: Bool) -> Bool {
        guard let first = value.first else { return false }
        if first == UInt8(ascii: "#") {
            let digits = value.dropFirst()
            let lengths = allowsAlpha ? [3, 4, 6, 8, 9, 12, 16] : [3, 6, 9, 12]
            return lengths.contains(digits.count) && digits.allSatisfy { MarkupParser.digitValue($0, hex: true) != nil }
        }
        return value.allSatisfy { MarkupParser.isASCIIAlphanumeric($0) || $0 == 0x20 }
    }

    static func trimmedCSpace(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var slice = bytes
        while let first = slice.first, CNumber.isCSpace(first) { slice = slice.dropFirst() }
        while let last = slice.last, CNumber.isCSpace(last) { slice = slice.dropLast() }
        return slice
    }

    /// `font_features` as HarfBuzz settings: split at commas, trimmed, empty ones dropped (Pango
    /// hands each piece to `hb_feature_from_string`, which skips the same spaces).
    static func featureSettings(_ value: [UInt8]) -> [String] {
        value.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).compactMap { piece in
            let trimmed = trimmedCSpace(piece)
            return trimmed.isEmpty ? nil : String(decoding: trimmed, as: UTF8.self)
        }
    }

    /// `pango_language_from_string`: ASCII letters lowercased, "_" and "@" as "-", digits and "-"
    /// kept, stopping at the first other character ("en_US.UTF-8" → "en-us").
    static func canonicalLanguage(_ value: [UInt8]) -> String {
        var result: [UInt8] = []
        for byte in value {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"): result.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): result.append(byte | 0x20)
            case UInt8(ascii: "_"), UInt8(ascii: "@"): result.append(UInt8(ascii: "-"))
            default: return String(decoding: result, as: UTF8.self)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
