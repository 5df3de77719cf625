// ICU.swift — the only Swift file that reaches ICU: UAX #14 line breaks, UAX #29 grapheme clusters, bidi levels, character properties and Minikin's locale tags.
internal import CICUBoundaries

/// An error reported by ICU, carrying ICU's own name for it (for example `U_ILLEGAL_ARGUMENT_ERROR`).
///
/// It stays public because ``CaliperError/textBoundaries(_:)`` carries it: a caller that switches
/// over ``CaliperError`` can read ICU's code and name.
public struct ICUError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The raw `UErrorCode`.
    public let code: Int32
    /// ICU's name of the code, from `u_errorName`.
    public let name: String

    /// A sentence naming ICU's error, e.g. "ICU failed to find text boundaries: U_MEMORY_ALLOCATION_ERROR".
    public var description: String { "ICU failed to find text boundaries: \(name)" }
}

/// A place where a line may (or must) end, as ICU's line-break iterator reports it.
struct LineBreakOpportunity: Sendable, Hashable {
    /// UTF-16 offset of the break: the line before it ends here (exclusive).
    var utf16Offset: Int
    /// `true` for a mandatory break after a line separator such as `\n`, `\r\n`, U+2028 or U+2029.
    var isMandatory: Bool

    init(utf16Offset: Int, isMandatory: Bool) {
        self.utf16Offset = utf16Offset
        self.isMandatory = isMandatory
    }
}

/// Text boundaries computed by ICU over UTF-16 text.
enum TextBoundaries {
    /// The Unicode version of ICU's data, e.g. `"15.0"`.
    static var unicodeVersion: String {
        let packed = caliper_icu_unicode_version()
        return "\(packed / 100).\(packed % 100)"
    }

    /// UAX #14 line-break opportunities of `text` in increasing order. The end of a non-empty text
    /// is always the last one; offset 0 is never reported.
    ///
    /// - Parameter locale: an ICU locale ID (`"th"`, `"ja"`; `""` for the root rules).
    static func lineBreakOpportunities(
        in text: [UInt16], locale: String = ""
    ) throws(ICUError) -> [LineBreakOpportunity] {
        var opportunities: [LineBreakOpportunity] = []
        opportunities.reserveCapacity(text.count / 4 + 1)  // about one a word in most scripts
        try forEachBoundary(of: CALIPER_BOUNDARY_LINE, in: text, locale: locale) { offset, isMandatory in
            opportunities.append(LineBreakOpportunity(utf16Offset: offset, isMandatory: isMandatory))
        }
        return opportunities
    }

    /// ICU's locale ID for a BCP 47 tag (`uloc_forLanguageTag`: `en-US` → `en_US`), or `""` (the
    /// root rules) when ICU cannot read it.
    static func icuLocale(forLanguageTag tag: String) -> String {
        var identifier = [CChar](repeating: 0, count: 160)
        let length = identifier.withUnsafeMutableBufferPointer { out in
            tag.withCString { caliper_locale_for_language_tag($0, out.baseAddress, Int32(out.count)) }
        }
        guard length > 0 else { return "" }
        return String(decoding: identifier.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Grapheme cluster boundaries from ICU's iterator, from 0 to the text's end: the reference
    /// ``GraphemeClusters/boundaries(in:)`` is tested against (`GraphemeBreakConformanceTests`).
    static func iteratedGraphemeClusterBoundaries(in text: [UInt16]) throws(ICUError) -> [Int] {
        var boundaries = [0]
        try forEachBoundary(of: CALIPER_BOUNDARY_GRAPHEME, in: text, locale: "") { offset, _ in
            boundaries.append(offset)
        }
        return boundaries
    }

    /// Opens an ICU iterator over `text`, calls `body` with every boundary after offset 0, and closes it.
    private static func forEachBoundary(
        of kind: CaliperBoundaryKind, in text: [UInt16], locale: String,
        _ body: (_ offset: Int, _ isMandatory: Bool) -> Void
    ) throws(ICUError) {
        guard !text.isEmpty else { return }
        let result: Result<Void, ICUError> = text.withUnsafeBufferPointer { buffer in
            locale.withCString { locale in
                var errorCode: Int32 = 0
                guard
                    let iterator = caliper_boundary_iterator_open(
                        kind, locale, buffer.baseAddress, Int32(buffer.count), &errorCode)
                else {
                    return .failure(ICUError(code: errorCode, name: String(cString: caliper_icu_error_name(errorCode))))
                }
                defer { caliper_boundary_iterator_close(iterator) }
                var isMandatory: Int32 = 0
                while true {
                    let offset = caliper_boundary_iterator_next(iterator, &isMandatory)
                    guard offset >= 0 else { return .success(()) }
                    body(Int(offset), isMandatory != 0)
                }
            }
        }
        try result.get()
    }
}

/// The Unicode Bidirectional Algorithm (UAX #9), resolved by ICU's `ubidi`.
enum Bidi {
    /// The embedding level of every UTF-16 code unit of one paragraph (even: left-to-right, odd:
    /// right-to-left), with rule L1 applied (trailing whitespace takes the paragraph level), and the
    /// paragraph's level.
    static func levels(
        of text: [UInt16], baseDirection: BaseDirection = .natural
    ) throws(ICUError) -> (levels: [UInt8], paragraphLevel: UInt8) {
        guard !text.isEmpty else { return ([], baseDirection == .rightToLeft ? 1 : 0) }
        // A paragraph that is not forced right-to-left and has no code unit that may raise a
        // level is all at level 0, whatever ICU would be asked: with no R, AL or AN character and
        // no explicit embedding, override or isolate, every strong character is L, European
        // digits take the L before them (rule W7) and neutrals between L and the paragraph's
        // edges are L (N1). Latin, CJK, Thai, Indic and emoji text never reaches ICU.
        if baseDirection != .rightToLeft, !text.contains(where: mayRaiseLevel) {
            return ([UInt8](filling: 0, count: text.count), 0)
        }
        return try icuLevels(of: text, baseDirection: baseDirection)
    }

    /// Whether a UTF-16 code unit may belong to a character that is right-to-left (R, AL), an
    /// Arabic number (AN) or an explicit embedding, override or isolate (LRE, RLE, PDF, LRO,
    /// RLO, LRI, RLI, FSI, PDI, and RLM), by the blocks where Unicode gives those classes, their
    /// unassigned code points included (DerivedBidiClass.txt's defaults): U+0590–U+08FF,
    /// U+FB1D–U+FDFF, U+FE70–U+FEFF, and through their high surrogates U+10800–U+10FFF and
    /// U+1E800–U+1EFFF. `PipelineShortcutTests` checks every code unit outside them against ICU.
    static func mayRaiseLevel(_ unit: UInt16) -> Bool {
        switch unit {
        case ..<0x0590: false
        case 0x0590...0x08FF: true
        case 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        case 0xD802...0xD803, 0xD83A...0xD83B: true
        case 0xFB1D...0xFDFF, 0xFE70...0xFEFF: true
        default: false
        }
    }

    /// ``levels(of:baseDirection:)`` from ICU alone, without its shortcut for text with no code
    /// unit that may raise a level (for tests).
    static func icuLevels(of text: [UInt16], baseDirection: BaseDirection) throws(ICUError) -> (levels: [UInt8], paragraphLevel: UInt8) {
        guard !text.isEmpty else { return ([], baseDirection == .rightToLeft ? 1 : 0) }
        let requested: Int32 = switch baseDirection {
        case .natural: -1
        case .leftToRight: 0
        case .rightToLeft: 1
        }
        var levels = [UInt8](filling: 0, count: text.count)
        var paragraphLevel: Int32 = 0
        let status = text.withUnsafeBufferPointer { buffer in
            levels.withUnsafeMutableBufferPointer { output in
                caliper_bidi_levels(buffer.baseAddress, Int32(buffer.count), requested, output.baseAddress, &paragraphLevel)
            }
        }
        guard status == 0 else { throw ICUError(code: status, name: String(cString: caliper_icu_error_name(status))) }
        return (levels, UInt8(truncatingIfNeeded: paragraphLevel))
    }

    /// Rule L2: the visual order of items with these levels, as indices into `levels`, left to right.
    /// From the highest level down to the lowest odd level, every run at that level or higher is reversed.
    static func visualOrder(levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), let lowest = levels.min() else { return order }
        let lowestOdd = lowest % 2 == 1 ? lowest : lowest + 1
        guard highest >= lowestOdd else { return order }
        for level in stride(from: Int(highest), through: Int(lowestOdd), by: -1) {
            var index = 0
            while index < order.count {
                guard levels[order[index]] >= level else {
                    index += 1
                    continue
                }
                var end = index
                while end < order.count, levels[order[end]] >= level { end += 1 }
                order[index..<end].reverse()
                index = end
            }
        }
        return order
    }
}

/// Unicode character properties, from ICU's data.
enum UnicodeProperties {
    /// ICU's UScriptCode of `scalar` (0 Common, 1 Inherited).
    static func script(of scalar: Unicode.Scalar) -> Int32 {
        scalar.isASCII ? asciiScripts[Int(scalar.value)] : icuScript(scalar.value)
    }
    /// ICU's answers for ASCII, asked once: most text is mostly ASCII.
    private static let asciiScripts: [Int32] = (0..<128).map(icuScript)
    private static let asciiBracketTypes: [Int32] = (0..<128).map(icuBracketType)
    /// ICU's script and bracket type of a scalar value, asked each time.
    static func icuScript(_ value: UInt32) -> Int32 { max(caliper_script(value), 0) }
    static func icuBracketType(_ value: UInt32) -> Int32 { caliper_bracket_type(value) }

    /// The ISO 15924 code of a UScriptCode ("Latn", "Arab", "Zyyy"): every run shaped asks it.
    static func scriptCode(_ script: Int32) -> String {
        scriptCodes.indices.contains(Int(script)) ? scriptCodes[Int(script)] : icuScriptCode(script)
    }
    /// The codes of UScriptCodes below 256 (ICU 72 has some 200), read from ICU once.
    private static let scriptCodes: [String] = (Int32(0)..<256).map(icuScriptCode)
    /// ICU's code of a UScriptCode, asked each time.
    static func icuScriptCode(_ script: Int32) -> String { String(cString: caliper_script_code(script)) }

    /// Emoji_Presentation. None lies below U+231A or from U+2C00 to U+1EFFF (Indic, CJK, Hangul:
    /// the text a font cascade is asked about most), answered without asking ICU;
    /// `PipelineShortcutTests` compares both answers for every scalar.
    static func isEmojiPresentation(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        guard value >= 0x231A, !(0x2C00..<0x1F000).contains(value) else { return false }
        return icuIsEmojiPresentation(value)
    }
    /// Default_Ignorable_Code_Point. ICU is asked only within the stretches that hold the
    /// property's characters in Unicode 15 (DerivedCoreProperties.txt); every other character
    /// (Arabic, Cyrillic, CJK…) is answered without it. `PipelineShortcutTests` compares this
    /// with ICU for every scalar, so a later Unicode that adds one elsewhere fails it.
    static func isDefaultIgnorable(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        switch value {
        case 0xAD, 0x34F, 0x61C, 0x115F...0x1160, 0x17B4...0x17B5, 0x180B...0x180F, 0x200B...0x206F, 0x3164,
            0xFE00...0xFEFF, 0xFFA0...0xFFF8, 0x1BCA0...:
            return icuIsDefaultIgnorable(value)
        default:
            return false
        }
    }
    /// ICU's answers, asked each time.
    static func icuIsEmojiPresentation(_ value: UInt32) -> Bool { caliper_is_emoji_presentation(value) != 0 }
    static func icuIsDefaultIgnorable(_ value: UInt32) -> Bool { caliper_is_default_ignorable(value) != 0 }
    static func isExtendedPictographic(_ scalar: Unicode.Scalar) -> Bool { isExtendedPictographic(scalar.value) }
    static func isMark(_ scalar: Unicode.Scalar) -> Bool { caliper_is_mark(scalar.value) != 0 }
    /// Extended_Pictographic of a scalar value (a lone surrogate's value answers `false`).
    static func isExtendedPictographic(_ value: UInt32) -> Bool { caliper_is_extended_pictographic(value) != 0 }

    /// The Grapheme_Cluster_Break value of a scalar value, or of a lone surrogate's (Control).
    static func graphemeClusterBreak(of value: UInt32) -> GraphemeClusterBreak {
        // ICU numbers the values as ``GraphemeClusterBreak`` does; Unicode 9's emoji values
        // (E_Base, E_Base_GAZ, E_Modifier, Glue_After_Zwj) have had no character since Unicode 11.
        GraphemeClusterBreak(rawValue: UInt8(truncatingIfNeeded: caliper_grapheme_cluster_break(value))) ?? .other
    }

    /// 1 for an opening bracket, 2 for a closing one (Bidi_Paired_Bracket_Type), else 0.
    static func bracketType(of scalar: Unicode.Scalar) -> Int32 {
        scalar.isASCII ? asciiBracketTypes[Int(scalar.value)] : icuBracketType(scalar.value)
    }
    /// The bracket that pairs with `scalar` ("(" for ")").
    static func pairedBracket(of scalar: Unicode.Scalar) -> UInt32 { caliper_paired_bracket(scalar.value) }

    static let common: Int32 = 0
    static let inherited: Int32 = 1

    /// The Line_Break class of a scalar value as ICU numbers it (`ULineBreak`).
    static func lineBreakClass(of value: UInt32) -> Int32 { caliper_line_break_class(value) }
    static let lineBreakOpenPunctuation: Int32 = 20  // U_LB_OPEN_PUNCTUATION
    static let lineBreakQuotation: Int32 = 23  // U_LB_QUOTATION

    /// The general category of a scalar value as ICU numbers it (`UCharCategory`, 12 Zs, 15 Cc…).
    static func generalCategory(of value: UInt32) -> Int32 { caliper_general_category(value) }

    /// The Joining_Type of a scalar value as ICU numbers it (`UJoiningType`).
    static func joiningType(of value: UInt32) -> Int32 { caliper_joining_type(value) }

    /// The Unicode property Emoji, from ICU's data.
    static func isEmoji(_ value: UInt32) -> Bool { caliper_is_emoji(value) != 0 }
}

/// ICU's locale identifiers, as Android's Minikin normalizes a locale list entry.
enum ICULocales {
    /// The longest locale ICU is handed: Minikin's buffers are `ULOC_FULLNAME_CAPACITY` (157)
    /// long, and nothing longer becomes a locale there.
    static let maximumLength = 156

    /// `toLanguageTag` of Android 14's `LocaleListCache.cpp`: `locale` canonicalized, likely
    /// subtags added (`"ja"` → `"ja-Jpan-JP"`), as a BCP 47 tag; `""` stays `"und"` and a bare
    /// script stays one (`"und-Zsye"`); `nil` when ICU cannot make a tag of it.
    static func minikinLanguageTag(_ locale: String) -> String? {
        guard !locale.isEmpty, locale.utf8.count <= maximumLength, !locale.utf8.contains(0) else { return nil }
        var output = [CChar](repeating: 0, count: maximumLength + 1)
        let length = output.withUnsafeMutableBufferPointer { buffer in
            caliper_minikin_language_tag(locale, buffer.baseAddress, Int32(buffer.count))
        }
        guard length > 0 else { return nil }
        return String(decoding: output.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
