// AndroidHyphenationPatterns.swift — a device's hyphenation patterns for one locale: Minikin's `.hyb` file, read and checked once.
import Foundation

/// The hyphenation patterns Android hyphenates one locale with: a `.hyb` file from a device's
/// `/system/usr/hyphen-data/` (Minikin's binary form of TeX patterns, made by its
/// `tools/mk_hyb_file.py`), with the shortest word start and end a break may leave, as
/// `android_text_Hyphenator.cpp` registers them (most languages 2 and 2; English 2 and 3).
///
/// Give them to ``AndroidProfile/hyphenationPatterns`` — a device's whole folder as Android 14
/// registers it with ``device(directory:)``, or sets of your own: a paragraph style that
/// hyphenates (``AndroidParagraphStyle/hyphenationFrequency``) uses the set registered for the
/// paint's first locale, found as Minikin's `HyphenatorMap::lookup` finds it (the same locale,
/// else without its script, region or variant, else its language, else its script), and
/// without one breaks words only at soft and hard hyphens, as a device without it does — and
/// the layout says so (``AndroidTextLayout/lacksHyphenationPatterns``). A later set registered
/// for the same locale replaces an earlier one, as on a device.
public final class AndroidHyphenationPatterns: Sendable, Hashable, CustomStringConvertible {
    /// The file the patterns were read from; `nil` for a language Android hyphenates by rule
    /// alone (Catalan).
    public let path: String?
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
    public convenience init(contentsOfFile path: String, locale: String, minPrefix: Int = 2, minSuffix: Int = 3) throws(CaliperError) {
        guard MinikinLocaleList.cached(locale).locales.first?.language != nil else {
            throw .invalidHyphenationPatterns(path: path, reason: "\"\(locale)\" is not a locale Android reads (a BCP 47 tag such as en-US)")
        }
        guard (1...64).contains(minPrefix), (1...64).contains(minSuffix) else {
            throw .invalidHyphenationPatterns(path: path, reason: "minPrefix and minSuffix must be from 1 to 64, not \(minPrefix) and \(minSuffix)")
        }
        // Read as font files are (`FontFile`): opened once, only a regular file (a FIFO would
        // block), its size checked before a byte is read.
        let bytes: [UInt8]
        do throws(CaliperError) {
            let file = try FontFile(path: path)
            guard file.identity.byteCount <= Self.maximumByteCount else {
                throw .invalidHyphenationPatterns(path: path, reason: "\(file.identity.byteCount) bytes, over the limit of \(Self.maximumByteCount)")
            }
            bytes = try file.bytes(at: 0, count: file.identity.byteCount)
        } catch {
            switch error {
            case .fontFileNotFound: throw .invalidHyphenationPatterns(path: path, reason: "no such file")
            case .fontFileUnreadable(_, let reason): throw .invalidHyphenationPatterns(path: path, reason: reason)
            case .invalidFontName: throw .invalidHyphenationPatterns(path: path, reason: "the path holds a NUL character")
            default: throw error
            }
        }
        let patterns = try MinikinHyphenationPatterns(bytes: bytes, source: path)
        self.init(path: path, locale: locale, minPrefix: minPrefix, minSuffix: minSuffix, patterns: patterns)
    }

    private init(path: String?, locale: String, minPrefix: Int, minSuffix: Int, patterns: MinikinHyphenationPatterns?) {
        self.path = path
        self.locale = locale
        self.minPrefix = minPrefix
        self.minSuffix = minSuffix
        hyphenator = MinikinHyphenator(patterns: patterns, minPrefix: minPrefix, minSuffix: minSuffix, locale: Self.language(of: locale))
    }

    /// The same patterns registered for another locale too (`addHyphenatorAlias`: `en` hyphenated
    /// as `en-GB`).
    public func registered(as locale: String) -> AndroidHyphenationPatterns {
        AndroidHyphenationPatterns(aliasOf: self, locale: locale)
    }

    private init(aliasOf original: AndroidHyphenationPatterns, locale: String) {
        path = original.path
        self.locale = locale
        minPrefix = original.minPrefix
        minSuffix = original.minSuffix
        hyphenator = original.hyphenator
    }

    /// A device's hyphenation as Android 14 registers it at start (`android_text_Hyphenator.cpp`,
    /// `init`): for each locale of its table, the file `hyph-` + the locale lowercased + `.hyb`
    /// in `directory` (a device's `/system/usr/hyphen-data`) with the table's shortest word start
    /// and end — a locale whose file is missing is left out, as a device leaves it out —; Catalan
    /// by rule, without a file; then the table's aliases whose target was registered (`en` as
    /// `en-GB`, `de` as `de-1996`, `no` as `nb`, …).
    ///
    /// - Throws: ``CaliperError/invalidHyphenationPatterns(path:reason:)`` for a folder that
    ///   cannot be read, or a file of the table that is not a valid `.hyb` file.
    public static func device(directory: String) throws(CaliperError) -> [AndroidHyphenationPatterns] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .invalidHyphenationPatterns(path: directory, reason: "no such folder")
        }
        var registered: [AndroidHyphenationPatterns] = []
        for (locale, minPrefix, minSuffix) in androidRegistrations {
            let path = directory + "/hyph-" + locale.lowercased() + ".hyb"
            guard FileManager.default.fileExists(atPath: path) else { continue }
            registered.append(try AndroidHyphenationPatterns(contentsOfFile: path, locale: locale, minPrefix: minPrefix, minSuffix: minSuffix))
        }
        registered.append(AndroidHyphenationPatterns(path: nil, locale: "ca", minPrefix: 2, minSuffix: 2, patterns: nil))
        for (alias, target) in androidAliases {
            guard let patterns = lookupByIdentity(MinikinLocale(parsing: target), in: registered) else { continue }
            registered.append(patterns.registered(as: alias))
        }
        return registered
    }

    /// `init`'s `addHyphenator` calls: locale, shortest start, shortest end (Indic scripts 2 and 2).
    /// Read in frameworks/base `core/jni/android_text_Hyphenator.cpp` at aosp-mirror's
    /// `7243dc6c19f9ca8999fe0a124aa294cd4e68877a`.
    static let androidRegistrations: [(String, Int, Int)] = [
        ("af", 1, 1), ("am", 1, 1), ("as", 2, 2), ("be", 2, 2), ("bg", 2, 2), ("bn", 2, 2), ("cs", 2, 2), ("cu", 1, 2), ("cy", 2, 3),
        ("da", 2, 2), ("de-1901", 2, 2), ("de-1996", 2, 2), ("de-CH-1901", 2, 2), ("el", 1, 1), ("en-GB", 2, 3), ("en-US", 2, 3),
        ("es", 2, 2), ("et", 2, 3), ("eu", 2, 2), ("fr", 2, 3), ("ga", 2, 3), ("gl", 2, 2), ("gu", 2, 2), ("hi", 2, 2), ("hr", 2, 2),
        ("hu", 2, 2), ("hy", 2, 2), ("it", 2, 2), ("ka", 1, 2), ("kn", 2, 2), ("la", 2, 2), ("lt", 2, 2), ("lv", 2, 2), ("ml", 2, 2),
        ("mn-Cyrl", 2, 2), ("mr", 2, 2), ("nb", 2, 2), ("nl", 2, 2), ("nn", 2, 2), ("or", 2, 2), ("pa", 2, 2), ("pl", 2, 2),
        ("pt", 2, 3), ("ru", 2, 2), ("sk", 2, 2), ("sl", 2, 2), ("sq", 2, 2), ("sv", 1, 2), ("ta", 2, 2), ("te", 2, 2), ("tk", 2, 2),
        ("uk", 2, 2), ("und-Ethi", 1, 1),
    ]

    /// `init`'s `addHyphenatorAlias` calls, in order: alias, target.
    static let androidAliases: [(String, String)] = [
        ("en-AS", "en-US"), ("en-GU", "en-US"), ("en-MH", "en-US"), ("en-MP", "en-US"), ("en-PR", "en-US"), ("en-UM", "en-US"),
        ("en-VI", "en-US"), ("en", "en-GB"), ("de", "de-1996"), ("de-LI-1901", "de-CH-1901"), ("no", "nb"), ("mn", "mn-Cyrl"),
        ("am", "und-Ethi"), ("byn", "und-Ethi"), ("gez", "und-Ethi"), ("ti", "und-Ethi"), ("wal", "und-Ethi"), ("und-Beng", "bn"),
        ("und-Deva", "hi"), ("und-Gujr", "gu"), ("und-Guru", "pa"), ("und-Knda", "kn"), ("und-Mlym", "ml"), ("und-Orya", "or"),
        ("und-Taml", "ta"), ("und-Telu", "te"),
    ]

    /// The language subtag of a locale, lowercased (`en-US` → `en`).
    static func language(of locale: String) -> String {
        String(locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? "").lowercased()
    }

    /// The set of `patterns` a text whose paint locale list is `locale` is hyphenated with, as
    /// Minikin's `HyphenatorMap::lookup` finds it for the list's first locale
    /// (`getEffectiveLocale`, likely subtags added): the set registered for the same locale,
    /// else for it without its emoji style, then without its script, then its language and
    /// variant, its language, its script; `nil` (soft hyphens only) when none is.
    static func lookup(_ locale: String, in patterns: [AndroidHyphenationPatterns]) -> AndroidHyphenationPatterns? {
        guard let wanted = MinikinLocaleList.cached(locale).locales.first else { return nil }
        if let exact = lookupByIdentity(wanted, in: patterns) { return exact }
        let partials: [MinikinLocale.Subtags] = [
            [.language, .region, .script, .variant], [.language, .region, .variant], [.language, .variant], [.language], [.script],
        ]
        for subtags in partials {
            let partial = wanted.partial(subtags)
            guard partial.isSupported, partial.identity != wanted.identity else { continue }
            if let found = lookupByIdentity(partial, in: patterns) { return found }
        }
        return nil
    }

    /// The last set registered for exactly `locale` (`lookupByIdentifier`; a later `add`
    /// overwrites an earlier one), its locale read as `Locale(const StringPiece&)` reads a
    /// registered one: as written, no likely subtags.
    private static func lookupByIdentity(_ locale: MinikinLocale, in patterns: [AndroidHyphenationPatterns]) -> AndroidHyphenationPatterns? {
        patterns.last { MinikinLocale(parsing: $0.locale).identity == locale.identity }
    }

    /// Identity: two readings of one file are two pattern sets.
    public static func == (lhs: AndroidHyphenationPatterns, rhs: AndroidHyphenationPatterns) -> Bool { lhs === rhs }

    /// Hashes the identity equality compares.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// The file and locale.
    public var description: String { "\(path ?? "no patterns") (\(locale), \(minPrefix):\(minSuffix))" }
}
