// MinikinLocale.swift — Android 14's Minikin locales and locale lists (Locale.cpp, LocaleListCache.cpp): how well a font family's locales suit a paint's.
import Foundation

/// An emoji style a locale asks for (`EmojiStyle`, `Locale.h`): by a `-u-em-` extension
/// (`emoji`, `text`, `default`) or by the script `Zsye` (emoji) or `Zsym` (text).
enum MinikinEmojiStyle: UInt8, Sendable {
    case empty, `default`, emoji, text
}

/// Minikin's `Locale` (`libs/minikin/Locale.cpp`, Android 14): what of a BCP 47 tag matters for
/// fonts — the language (two or three lower-case letters), script, region, the German
/// orthography variant and the emoji style. A tag whose first subtag is no language code is
/// unsupported (Minikin drops it from a list).
struct MinikinLocale: Sendable, Hashable {
    var language: String?
    var script: String?
    var region: String?
    /// `-1901` or `-1996` after a German tag.
    var germanVariant: String?
    var emojiStyle = MinikinEmojiStyle.empty
    /// The scripts the script stands for (`scriptToSubScriptBits`): `Jpan` is Han, Hiragana and Katakana.
    var subScriptBits: UInt8 = 0

    static let bopomofo: UInt8 = 1
    static let han: UInt8 = 1 << 1
    static let hangul: UInt8 = 1 << 2
    static let hiragana: UInt8 = 1 << 3
    static let katakana: UInt8 = 1 << 4
    static let simplifiedChinese: UInt8 = 1 << 5
    static let traditionalChinese: UInt8 = 1 << 6

    /// `Locale::Locale(const StringPiece&)` over a tag ICU has normalized.
    init(parsing tag: String) {
        var tokens = tag.split(separator: "-", omittingEmptySubsequences: false).makeIterator()
        guard let first = tokens.next(), Self.isLanguageCode(first) else { return }
        language = String(first)
        guard var token = tokens.next() else { return }  // the language alone: no emoji style either
        var finished = false
        if Self.isScriptCode(token) {
            script = String(token)
            subScriptBits = Self.subScriptBits(of: token)
            if let next = tokens.next() { token = next } else { finished = true }
        }
        if !finished, Self.isRegionCode(token) {
            region = String(token)
            if let next = tokens.next() { token = next } else { finished = true }
        }
        if !finished {
            if first == "de", token == "1901" || token == "1996" {
                germanVariant = String(token)
            }
            emojiStyle = Self.unicodeExtensionEmojiStyle(tag)
        }
        if emojiStyle == .empty { emojiStyle = Self.emojiStyle(ofScript: script) }
    }

    /// The subtags `getPartialLocale` keeps.
    struct Subtags: OptionSet, Sendable {
        let rawValue: UInt8
        static let language = Subtags(rawValue: 1)
        static let script = Subtags(rawValue: 2)
        static let region = Subtags(rawValue: 4)
        static let variant = Subtags(rawValue: 8)
    }

    /// `getPartialLocale`: only `subtags` of this locale; no emoji style.
    func partial(_ subtags: Subtags) -> MinikinLocale {
        var partial = MinikinLocale(parsing: "")
        if subtags.contains(.language) { partial.language = language }
        if subtags.contains(.script) {
            partial.script = script
            partial.subScriptBits = subScriptBits
        }
        if subtags.contains(.region) { partial.region = region }
        if subtags.contains(.variant) { partial.germanVariant = germanVariant }
        return partial
    }

    /// Whether anything of the tag was understood (`isSupported`).
    var isSupported: Bool {
        language != nil || script != nil || region != nil || germanVariant != nil || emojiStyle != .empty
    }

    /// `getString`: language (`und` without one), script, region and variant, for HarfBuzz.
    var string: String {
        ([language ?? "und"] + [script, region, germanVariant].compactMap { $0 }).joined(separator: "-")
    }

    /// `supportsScript`: the locale's script is `script`, or covers all it stands for (`ja-Jpan`
    /// supports `Hira`; `ja-Hira` does not support `Jpan`).
    func supports(script code: String) -> Bool {
        code == script || Self.supportsScript(provided: subScriptBits, requested: Self.subScriptBits(of: Substring(code)))
    }

    /// `calcScoreFor`: how well `supported` (a family's locales) covers this locale of the paint's:
    /// 4 the same emoji style and language, 3 the same script (or sub-scripts) and language, 2 the
    /// same emoji style, 1 the same script, else 0.
    func score(for supported: MinikinLocaleList) -> Int {
        var languageScriptMatch = false
        var subtagMatch = false
        var scriptMatch = false
        for locale in supported.locales {
            if emojiStyle != .empty, emojiStyle == locale.emojiStyle {
                subtagMatch = true
                if language == locale.language { return 4 }
            }
            if script == locale.script || Self.supportsScript(provided: locale.subScriptBits, requested: subScriptBits) {
                scriptMatch = true
                if language == locale.language { languageScriptMatch = true }
            }
        }
        if Self.supportsScript(provided: supported.unionOfSubScriptBits, requested: subScriptBits) {
            scriptMatch = true
            if let first = supported.locales.first, language == first.language, supported.isAllTheSameLanguage { return 3 }
        }
        if languageScriptMatch { return 3 }
        if subtagMatch { return 2 }
        if scriptMatch { return 1 }
        return 0
    }

    /// The identity Minikin dedupes a list by (`getIdentifier`).
    var identity: [String?] { [language, script, region, germanVariant, String(emojiStyle.rawValue)] }

    private static func supportsScript(provided: UInt8, requested: UInt8) -> Bool {
        requested != 0 && provided & requested == requested
    }

    private static func isLower(_ byte: UInt8) -> Bool { (0x61...0x7A).contains(byte) }
    private static func isUpper(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) }
    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    private static func isLanguageCode(_ token: Substring) -> Bool {
        let bytes = Array(token.utf8)
        return (bytes.count == 2 || bytes.count == 3) && bytes.allSatisfy(isLower)
    }

    private static func isScriptCode(_ token: Substring) -> Bool {
        let bytes = Array(token.utf8)
        return bytes.count == 4 && isUpper(bytes[0]) && bytes.dropFirst().allSatisfy(isLower)
    }

    private static func isRegionCode(_ token: Substring) -> Bool {
        let bytes = Array(token.utf8)
        return (bytes.count == 2 && bytes.allSatisfy(isUpper)) || (bytes.count == 3 && bytes.allSatisfy(isDigit))
    }

    /// `scriptToSubScriptBits`.
    static func subScriptBits(of script: Substring) -> UInt8 {
        switch script {
        case "Bopo": bopomofo
        case "Hang": hangul
        case "Hanb": han | bopomofo
        case "Hani": han
        case "Hans": han | simplifiedChinese
        case "Hant": han | traditionalChinese
        case "Hira": hiragana
        case "Hrkt": katakana | hiragana
        case "Jpan": han | katakana | hiragana
        case "Kana": katakana
        case "Kore": han | hangul
        default: 0
        }
    }

    /// `scriptToEmojiStyle`.
    private static func emojiStyle(ofScript script: String?) -> MinikinEmojiStyle {
        switch script {
        case "Zsye": .emoji
        case "Zsym": .text
        default: .empty
        }
    }

    /// `resolveUnicodeExtension` and `resolveEmojiStyle`: after the first `-u-`, the first `em-`
    /// followed by `emoji`, `text` or `default` as a whole subtag.
    private static func unicodeExtensionEmojiStyle(_ tag: String) -> MinikinEmojiStyle {
        let bytes = Array(tag.utf8)
        guard let extensionStart = bytes.firstRange(of: Array("-u-".utf8))?.upperBound else { return .empty }
        let rest = bytes[extensionStart...]
        guard rest.count >= 7, let keyEnd = rest.firstRange(of: Array("em-".utf8))?.upperBound else { return .empty }
        let value = bytes[keyEnd...]
        func isSubtag(_ word: String) -> Bool {
            let word = Array(word.utf8)
            guard value.starts(with: word) else { return false }
            let after = value.index(value.startIndex, offsetBy: word.count)
            return after == value.endIndex || value[after] == 0x2D || value[after] == 0x5F
        }
        if isSubtag("emoji") { return .emoji }
        if isSubtag("text") { return .text }
        if isSubtag("default") { return .default }
        return .empty
    }
}

/// Minikin's `LocaleList` as `LocaleListCache` makes it from a comma-separated string: each entry
/// normalized by ICU (``ICULocales/minikinLanguageTag(_:)``), unsupported and repeated ones
/// dropped, at most ``maximumCount``.
struct MinikinLocaleList: Sendable, Hashable {
    /// `FONT_LOCALE_LIMIT`: the locale score has room for 12 locales.
    static let maximumCount = 12

    let locales: [MinikinLocale]
    /// Each locale's ``MinikinLocale/string``, made once.
    let strings: [String]
    let unionOfSubScriptBits: UInt8
    /// `isAllTheSameLocale`: every locale has the first one's language.
    let isAllTheSameLanguage: Bool
    /// The first emoji style any locale asks for.
    let emojiStyle: MinikinEmojiStyle

    static let empty = MinikinLocaleList(locales: [])

    init(locales: [MinikinLocale]) {
        self.locales = locales
        strings = locales.map(\.string)
        unionOfSubScriptBits = locales.reduce(0) { $0 | $1.subScriptBits }
        isAllTheSameLanguage = locales.allSatisfy { $0.language == locales.first?.language }
        emojiStyle = locales.first { $0.emojiStyle != .empty }?.emojiStyle ?? .empty
    }

    /// `parseLocaleList`.
    init(parsing string: String) {
        var seen: Set<[String?]> = []
        var locales: [MinikinLocale] = []
        for entry in string.split(separator: ",", omittingEmptySubsequences: false) {
            let locale = MinikinLocale(parsing: ICULocales.minikinLanguageTag(String(entry)) ?? "")
            guard locale.isSupported, seen.insert(locale.identity).inserted else { continue }
            locales.append(locale)
            if locales.count >= Self.maximumCount { break }
        }
        self.init(locales: locales)
    }

    /// The list `string` makes, from a cache (Minikin's `LocaleListCache`): each distinct string
    /// is parsed once, and the cache forgets all past ``cacheCapacity`` strings.
    static func cached(_ string: String) -> MinikinLocaleList {
        if let known = cache.withLock({ $0[string] }) { return known }
        let parsed = MinikinLocaleList(parsing: string)
        cache.withLock { cache in
            if cache.count >= cacheCapacity { cache.removeAll(keepingCapacity: true) }
            cache[string] = parsed
        }
        return parsed
    }

    static let cacheCapacity = 256
    private static let cache = Locked<[String: MinikinLocaleList]>([:])

    /// `calcLocaleMatchingScore`: each of this (the paint's) list's locales scored against
    /// `familyLocales`, as digits of a base-5 number, the first locale the most significant.
    func matchingScore(for familyLocales: MinikinLocaleList) -> UInt32 {
        locales.prefix(Self.maximumCount).reduce(0) { $0 * 5 + UInt32($1.score(for: familyLocales)) }
    }

    /// The language HarfBuzz shapes a run of `script` (ISO 15924) in (`LayoutPiece`): that of the
    /// first locale that supports the script, else of the first locale; `nil` for an empty list.
    func shapingLanguage(for script: String) -> String? {
        guard !locales.isEmpty else { return nil }
        return strings[locales.firstIndex { $0.supports(script: script) } ?? 0]
    }
}

extension AndroidPaint {
    /// `getEffectiveLocale` (`LineBreakerUtil.h`): the list's first locale, whose rules the word
    /// breaker and hyphenator follow; "" for an empty list.
    var effectiveLocale: String { locales.strings.first ?? "" }
}
