// Hyphen.swift — the only file that calls libhyphen: loads a pattern dictionary and finds a word's hyphenation points.
internal import CHyphen
import Foundation

/// A libhyphen pattern dictionary (LibreOffice's `.dic` format: Liang's TeX patterns with
/// libhyphen's extensions), loaded once and then read by any number of threads: hyphenating a
/// word reads the dictionary's states and never changes them, so the object is `Sendable`.
final class HyphenPatterns: @unchecked Sendable {
    private let dictionary: UnsafeMutablePointer<HyphenDict>
    /// How the dictionary's patterns are encoded: UTF-8, or a single-byte character set.
    private let encoding: String.Encoding

    /// The least number of characters kept before and after a hyphenation point; libhyphen
    /// raises them to the dictionary's own `LEFTHYPHENMIN` and `RIGHTHYPHENMIN`.
    static let minimumFragment: Int32 = 2

    /// Loads the dictionary at `path`, or returns `nil` when libhyphen cannot read it or its
    /// character set is not one Caliper can encode words in (UTF-8, ISO 8859-1 and -2,
    /// Windows-1250, -1251 and -1252).
    init?(path: String) {
        guard let dictionary = hnj_hyphen_load(path) else { return nil }
        let characterSet = withUnsafeBytes(of: dictionary.pointee.cset) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        guard let encoding = dictionary.pointee.utf8 != 0 ? .utf8 : Self.encoding(named: characterSet) else {
            hnj_hyphen_free(dictionary)
            return nil
        }
        self.dictionary = dictionary
        self.encoding = encoding
    }

    deinit { hnj_hyphen_free(dictionary) }

    /// The single-byte character sets LibreOffice's dictionaries declare, as Foundation names them.
    private static func encoding(named name: String) -> String.Encoding? {
        switch name.uppercased().replacingOccurrences(of: "_", with: "-") {
        case "ISO8859-1", "ISO-8859-1": return .isoLatin1
        case "ISO8859-2", "ISO-8859-2": return .isoLatin2
        case "MICROSOFT-CP1250", "CP1250", "WINDOWS-1250": return .windowsCP1250
        case "MICROSOFT-CP1251", "CP1251", "WINDOWS-1251": return .windowsCP1251
        case "MICROSOFT-CP1252", "CP1252", "WINDOWS-1252": return .windowsCP1252
        default: return nil
        }
    }

    /// The hyphenation points of `characters` (a lowercase word, one Unicode scalar each): the
    /// indices `i` (0 < i < count) such that the word may break after its first `i` characters.
    /// Standard points only: a point where the patterns change the spelling (libhyphen's
    /// non-standard hyphenation, "Schiffahrt" → "Schiff-fahrt") is left out.
    func points(ofCharacters characters: [Unicode.Scalar]) -> [Int] {
        var bytes: [UInt8] = []
        for character in characters {
            guard let encoded = String(Character(character)).data(using: encoding), !encoded.isEmpty else { return [] }
            bytes.append(contentsOf: encoded)
        }
        guard !bytes.isEmpty, !bytes.contains(0) else { return [] }
        var hyphens = [CChar](repeating: 0, count: bytes.count + 5)
        var replacements: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        var positions: UnsafeMutablePointer<Int32>?
        var cuts: UnsafeMutablePointer<Int32>?
        let status = bytes.withUnsafeBufferPointer { word in
            word.withMemoryRebound(to: CChar.self) { word in
                hnj_hyphen_hyphenate3(
                    dictionary, word.baseAddress, Int32(word.count), &hyphens, nil, &replacements, &positions, &cuts,
                    Self.minimumFragment, Self.minimumFragment, Self.minimumFragment, Self.minimumFragment)
            }
        }
        defer {
            if let replacements {
                for index in 0..<bytes.count { free(replacements[index]) }
                free(replacements)
            }
            free(positions)
            free(cuts)
        }
        guard status == 0 else { return [] }
        // libhyphen indexes `hyphens` by character: it renumbers UTF-8 dictionaries' bytes, and
        // in the single-byte character sets every character is one byte.
        var points: [Int] = []
        for index in 0..<(characters.count - 1) where hyphens[index] & 1 == 1 {
            if let replacements, replacements[index] != nil { continue }
            points.append(index + 1)
        }
        return points
    }
}
