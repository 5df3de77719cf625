// Hyphenation.swift — hyphenation patterns by language, and which part of a piece of text is a word they hyphenate.
import Foundation

/// The hyphenation patterns of one language: libhyphen's dictionaries (LibreOffice's `.dic`
/// files, which Debian's `hyphen-*` packages install in `/usr/share/hyphen`), found by the
/// language of the text (``TextStyle/language``).
///
/// A layout hyphenates when its ``ParagraphStyle/hyphenationFactor`` is above 0 and a dictionary
/// exists for the language of the word: text with no language, or in a language without a
/// dictionary, breaks only between words and at soft hyphens, as text in a language without
/// patterns does on Apple platforms.
public final class HyphenationDictionary: Sendable {
    /// The dictionary file, its symbolic links resolved (Debian's `hyph_de_CH.dic` is a link to
    /// `hyph_de_DE.dic`: both tags share one dictionary, loaded once).
    public let path: String
    private let patterns: HyphenPatterns

    private init(path: String, patterns: HyphenPatterns) {
        self.path = path
        self.patterns = patterns
    }

    /// The folders searched for dictionaries, in order: those listed in the environment variable
    /// `CALIPER_HYPHENATION_PATH` (separated by colons), then `/usr/share/hyphen`. Read once, when
    /// first used.
    public static let searchDirectories: [String] = {
        let listed = ProcessInfo.processInfo.environment["CALIPER_HYPHENATION_PATH"]?
            .split(separator: ":").map(String.init).filter { !$0.isEmpty } ?? []
        return listed + ["/usr/share/hyphen"]
    }()

    /// Dictionaries found so far, by language tag (`nil` for a language without one).
    private static let loaded = Locked([String: HyphenationDictionary?]())
    private static let maximumRememberedTags = 1_024
    /// One slot per dictionary file (its links resolved), made once and never removed: there are
    /// only as many as the search directories hold.
    private static let files = Locked([String: FileSlot]())

    /// A dictionary file's one load. The first thread to need the file loads it under the slot's
    /// lock; a thread that needs it meanwhile, by any tag or link, waits for that load rather than
    /// loading the file again (German takes seconds). Files of other slots load in parallel. A
    /// load that fails is not remembered: the next look-up tries again.
    private final class FileSlot: Sendable {
        private let dictionary = Locked<HyphenationDictionary?>(nil)
        /// How many times the file was loaded: 1 once it has been, whatever the concurrency.
        let loads = Locked(0)

        func dictionary(loading load: () -> HyphenationDictionary?) -> HyphenationDictionary? {
            dictionary.withLock { dictionary in
                if let dictionary { return dictionary }
                dictionary = load()
                if dictionary != nil { loads.withLock { $0 += 1 } }
                return dictionary
            }
        }
    }

    /// How many times the file at `path` (links resolved) has been loaded: at most 1.
    static func loadCount(ofFile path: String) -> Int {
        files.withLock { $0[path] }?.loads.withLock { $0 } ?? 0
    }

    /// The dictionary for `language` (BCP 47, `"de"`, `"de-CH"`, `"en-US"`, `"sr-Latn-RS"`), or
    /// `nil` when no search directory has one. For language `ll`, region `RR` and script `Ssss`
    /// it takes the first file found of `hyph_ll_Ssss_RR.dic`, `hyph_ll_RR.dic`, `hyph_ll.dic`,
    /// then the first `hyph_ll_*.dic` by name, in each directory in turn. Each file is loaded once
    /// per process: the first hyphenation in a language costs its loading (libhyphen takes about
    /// 3 s for Debian's German patterns, 10 ms for English).
    public static func forLanguage(_ language: String) -> HyphenationDictionary? {
        let subtags = language.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let primary = subtags.first?.lowercased(), !primary.isEmpty,
            primary.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return nil }
        if let known = loaded.withLock({ $0[language] }) { return known }
        let dictionary = find(primary: primary, rest: Array(subtags.dropFirst()), in: searchDirectories)
        // Tags come from requests: remember a bounded number of them.
        loaded.withLock { if $0.count < maximumRememberedTags { $0[language] = dictionary } }
        return dictionary
    }

    /// The largest dictionary file loaded (Debian's German patterns take 1.1 MB).
    public static let maximumFileBytes = 16 << 20

    /// The dictionary for the language `primary` with the other subtags `rest`, from the first of
    /// `directories` that has one (see ``forLanguage(_:)``). Only regular files of at most
    /// ``maximumFileBytes`` are read, links followed: a FIFO would block the read, a folder has no
    /// patterns.
    static func find(primary: String, rest: [String], in directories: [String]) -> HyphenationDictionary? {
        let script = rest.first { $0.count == 4 && $0.allSatisfy(\.isLetter) }.map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }
        let region = rest.first { ($0.count == 2 && $0.allSatisfy(\.isLetter)) || ($0.count == 3 && $0.allSatisfy(\.isNumber)) }?.uppercased()
        var names: [String] = []
        if let script, let region { names.append("hyph_\(primary)_\(script)_\(region).dic") }
        if let region { names.append("hyph_\(primary)_\(region).dic") }
        names.append("hyph_\(primary).dic")
        for directory in directories {
            var candidates = names.map { directory + "/" + $0 }
            let others = (try? FileManager.default.contentsOfDirectory(atPath: directory))?
                .filter { $0.hasPrefix("hyph_\(primary)_") && $0.hasSuffix(".dic") }.sorted() ?? []
            candidates += others.map { directory + "/" + $0 }
            for candidate in candidates where FileManager.default.isReadableFile(atPath: candidate) {
                // One object per file, whichever language tag or link found it.
                guard let path = try? SystemCall.realPath(candidate) else { continue }
                let slot = files.withLock { files in
                    if let slot = files[path] { return slot }
                    let slot = FileSlot()
                    files[path] = slot
                    return slot
                }
                let dictionary = slot.dictionary {
                    guard let status = try? SystemCall.status(atPath: path), status.kind == .regular,
                        status.byteCount <= maximumFileBytes,
                        let patterns = HyphenPatterns(path: path)
                    else { return nil }
                    return HyphenationDictionary(path: path, patterns: patterns)
                }
                if let dictionary { return dictionary }
            }
        }
        return nil
    }

    /// The longest word hyphenated, in UTF-16 code units; longer ones are not hyphenated.
    public static let maximumWordLength = 64

    /// Where `text` may break with a hyphen: UTF-16 offsets into it, ascending, each strictly
    /// inside its word.
    ///
    /// The word is `text` less its trailing whitespace and any characters before its first letter
    /// or after its last (quotes, punctuation, digits); it is hyphenated only when what is left
    /// holds letters and combining marks alone (Unicode categories L and M), at most
    /// ``maximumWordLength`` code units, each character lowercasing to one character of the
    /// same length. Points come from libhyphen (`hnj_hyphen_hyphenate3`), at least two characters
    /// from either end of the word (more if the dictionary says so); points where the patterns
    /// change the spelling are left out.
    public func hyphenationPoints(in text: String) -> [Int] {
        let units = Array(text.utf16)
        return points(in: units, range: 0..<units.count)
    }

    /// ``hyphenationPoints(in:)`` of `text[range]`, as offsets into `text`.
    func points(in text: [UInt16], range: Range<Int>) -> [Int] {
        guard let word = Self.word(in: text, range: range) else { return [] }
        return patterns.points(ofCharacters: word.lowercased).map { word.offsets[$0] }
    }

    /// The word of `text[range]` as ``hyphenationPoints(in:)`` defines it: its characters
    /// lowercased, and the offset into `text` where each starts (with its end after them).
    private static func word(in text: [UInt16], range: Range<Int>) -> (lowercased: [Unicode.Scalar], offsets: [Int])? {
        var characters: [(scalar: Unicode.Scalar, offset: Int)] = []
        var offset = range.lowerBound
        while offset < range.upperBound {
            let unit = text[offset]
            var width = 1
            var value = UInt32(unit)
            if UTF16.isLeadSurrogate(unit), offset + 1 < range.upperBound, UTF16.isTrailSurrogate(text[offset + 1]) {
                value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(text[offset + 1]) - 0xDC00)
                width = 2
            }
            guard let scalar = Unicode.Scalar(value) else { return nil }  // a lone surrogate
            characters.append((scalar, offset))
            offset += width
        }
        guard let first = characters.firstIndex(where: { isLetter($0.scalar) }),
            let last = characters.lastIndex(where: { isLetter($0.scalar) || isMark($0.scalar) })
        else { return nil }
        let core = characters[first...last]
        let end = last + 1 < characters.count ? characters[last + 1].offset : range.upperBound
        guard end - core[first].offset <= maximumWordLength, core.allSatisfy({ isLetter($0.scalar) || isMark($0.scalar) }) else {
            return nil
        }
        var lowercased: [Unicode.Scalar] = []
        lowercased.reserveCapacity(core.count)
        for (scalar, _) in core {
            let mapped = scalar.properties.lowercaseMapping.unicodeScalars
            guard mapped.count == 1, let lower = mapped.first, lower.utf16.count == scalar.utf16.count else { return nil }
            lowercased.append(lower)
        }
        return (lowercased, core.map(\.offset) + [end])
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: return true
        default: return false
        }
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }
}
