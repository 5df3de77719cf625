// AndroidHyphenationPatterns.swift — a device's hyphenation patterns for one locale: Minikin's `.hyb` file, read and checked once.
import Foundation

/// The hyphenation patterns Android hyphenates one locale with: a `.hyb` file from a device's
/// `/system/usr/hyphen-data/` (Minikin's binary form of TeX patterns, made by its
/// `tools/mk_hyb_file.py`), with the shortest word start and end a break may leave, as
/// `android_text_Hyphenator.cpp` registers them (most languages 2 and 2; English 2 and 3).
///
/// Give them to ``AndroidProfile/hyphenationPatterns``: a paragraph style that hyphenates
/// (``AndroidParagraphStyle/hyphenationFrequency``) uses the patterns of the text's locale, and
/// without them breaks words only at soft and hard hyphens, as a device without them does — and
/// the layout says so (``AndroidTextLayout/lacksHyphenationPatterns``).
public final class AndroidHyphenationPatterns: Sendable, Hashable, CustomStringConvertible {
    /// The file the patterns were read from.
    public let path: String
    /// The locale they hyphenate (BCP 47: `en-US`, `de`, `pt-BR`).
    public let locale: String
    /// The fewest code units a break leaves at the start of a word.
    public let minPrefix: Int
    /// The fewest code units a break leaves at the end of a word.
    public let minSuffix: Int
    let hyphenator: MinikinHyphenator

    /// The largest `.hyb` file read: Android's largest is under 1 MB.
    public static let maximumByteCount = 16 << 20

    /// Reads the patterns in `path` for `locale`.
    ///
    /// - Throws: ``CaliperError/invalidHyphenationPatterns(path:reason:)`` for a file that cannot
    ///   be read, is larger than ``maximumByteCount``, or is not a valid `.hyb` file (every offset
    ///   and link is checked before use); a prefix or suffix below 1 or above 64; a locale Android cannot read (Minikin drops it).
    public init(contentsOfFile path: String, locale: String, minPrefix: Int = 2, minSuffix: Int = 3) throws(CaliperError) {
        guard MinikinLocaleList.cached(locale).locales.first?.language != nil else {
            throw .invalidHyphenationPatterns(path: path, reason: "\"\(locale)\" is not a locale Android reads (a BCP 47 tag such as en-US)")
        }
        guard (1...64).contains(minPrefix), (1...64).contains(minSuffix) else {
            throw .invalidHyphenationPatterns(path: path, reason: "minPrefix and minSuffix must be from 1 to 64, not \(minPrefix) and \(minSuffix)")
        }
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        guard let attributes else { throw .invalidHyphenationPatterns(path: path, reason: "no such file, or it cannot be read") }
        if let size = attributes[.size] as? Int, size > Self.maximumByteCount {
            throw .invalidHyphenationPatterns(path: path, reason: "\(size) bytes, over the limit of \(Self.maximumByteCount)")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .invalidHyphenationPatterns(path: path, reason: "it cannot be read")
        }
        guard data.count <= Self.maximumByteCount else {
            throw .invalidHyphenationPatterns(path: path, reason: "\(data.count) bytes, over the limit of \(Self.maximumByteCount)")
        }
        let patterns = try MinikinHyphenationPatterns(bytes: [UInt8](data), source: path)
        self.path = path
        self.locale = locale
        self.minPrefix = minPrefix
        self.minSuffix = minSuffix
        hyphenator = MinikinHyphenator(patterns: patterns, minPrefix: minPrefix, minSuffix: minSuffix, locale: Self.language(of: locale))
    }

    /// The language subtag of a locale, lowercased (`en-US` → `en`).
    static func language(of locale: String) -> String {
        String(locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? "").lowercased()
    }

    /// The patterns of `patterns` a text whose paint locale list is `locale` is hyphenated with,
    /// as Minikin's `HyphenatorMap::lookup` falls back from the list's first locale
    /// (`getEffectiveLocale`): the first set of the same language and region, else of the same
    /// language; `nil` when none has its language.
    static func lookup(_ locale: String, in patterns: [AndroidHyphenationPatterns]) -> AndroidHyphenationPatterns? {
        guard let wanted = MinikinLocaleList.cached(locale).locales.first, let language = wanted.language else { return nil }
        let candidates = patterns.filter { $0.parsedLocale?.language == language }
        return candidates.first { $0.parsedLocale?.region == wanted.region } ?? candidates.first
    }

    /// ``locale`` as Minikin reads a locale (likely subtags added).
    private var parsedLocale: MinikinLocale? { MinikinLocaleList.cached(locale).locales.first }

    /// Identity: two readings of one file are two pattern sets.
    public static func == (lhs: AndroidHyphenationPatterns, rhs: AndroidHyphenationPatterns) -> Bool { lhs === rhs }

    /// Hashes the identity equality compares.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// The file and locale.
    public var description: String { "\(path) (\(locale), \(minPrefix):\(minSuffix))" }
}
