// MinikinWordBreaker.swift — where Android may end a line, and which word it may hyphenate: Minikin's WordBreaker restated over ICU's line boundaries.

/// Minikin's `WordBreaker` (`libs/minikin/WordBreaker.cpp`): ICU's line break iterator for a
/// locale (UAX #14), less the breaks Minikin refuses (`isValidBreak`: after a hyphen or soft
/// hyphen, which hyphenation handles; after a Myanmar virama; inside an emoji ZWJ sequence or
/// before a skin tone after its base), and, inside an email address or URL (a run of printable
/// ASCII holding `@` or `://`), the breaks the Chicago Manual of Style recommends instead.
///
/// After each ``next()``, ``wordRange`` is the word that ended at the break, stripped of leading
/// opening punctuation and quotes and of trailing spaces, punctuation and controls: what may be
/// hyphenated. ICU's boundaries are found once for the whole text and walked as ICU's iterator
/// would walk them (`following`, `next`, `isBoundary`).
struct MinikinWordBreaker {
    /// `UBRK_DONE`.
    static let done = -1

    private let text: [UInt16]
    /// ICU's line boundaries after 0, ascending, the text's end last.
    private var boundaries: [Int] = []
    /// Where ICU's iterator stands, as an index of `boundaries` (`boundaries.count`: done).
    private var iteratorIndex = 0
    private var hasBoundaries = false

    private var last = 0
    private(set) var current = 0
    private var scanOffset = 0
    private var inEmailOrURL = false

    /// `setText`.
    init(text: [UInt16]) {
        self.text = text
    }

    /// `followingWithLocale`: ICU's rules for `locale` (a BCP 47 tag), then the first break after
    /// `offset` (``done`` when none). Inside an email address or URL the position is kept, as
    /// Minikin keeps it.
    mutating func following(locale: String, from offset: Int) throws(CaliperError) -> Int {
        do {
            boundaries = try TextBoundaries.lineBreakOpportunities(in: text, locale: TextBoundaries.icuLocale(forLanguageTag: locale)).map(\.utf16Offset)
        } catch {
            throw .textBoundaries(error)
        }
        hasBoundaries = true
        if !inEmailOrURL {
            current = offset
            last = offset
            scanOffset = offset
            _ = next()
        }
        return current
    }

    /// `next`: the next break, or ``done``.
    mutating func next() -> Int {
        last = current
        detectEmailOrURL()
        current = inEmailOrURL ? nextBreakInEmailOrURL() : iteratorNext()
        return current
    }

    /// `wordRange`: from `wordStart` to `wordEnd`, empty at the end when they cross.
    var wordRange: Range<Int> {
        let start = wordStart
        let end = wordEnd
        return start < end ? start..<end : max(end, 0)..<max(end, 0)
    }

    /// `breakBadness`: 1 for a break inside an email address or URL, else 0.
    var breakBadness: Int { inEmailOrURL && current < scanOffset ? 1 : 0 }

    // MARK: ICU's iterator over the boundaries found once

    /// `ubrk_following`: the first boundary after `offset`.
    private mutating func icuFollowing(_ offset: Int) -> Int {
        var low = 0
        var high = boundaries.count
        while low < high {
            let middle = (low + high) / 2
            if boundaries[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        iteratorIndex = low
        return low < boundaries.count ? boundaries[low] : Self.done
    }

    /// `ubrk_next`.
    private mutating func icuNext() -> Int {
        guard iteratorIndex < boundaries.count else { return Self.done }
        iteratorIndex += 1
        return iteratorIndex < boundaries.count ? boundaries[iteratorIndex] : Self.done
    }

    /// `ubrk_isBoundary`.
    private func icuIsBoundary(_ offset: Int) -> Bool {
        offset == 0 || boundaries.contains(offset)
    }

    // MARK: Minikin's rules

    /// `iteratorNext`: ICU's next break that `isValidBreak` accepts.
    private mutating func iteratorNext() -> Int {
        guard hasBoundaries, current >= 0 else { return Self.done }
        var result = icuFollowing(current)
        while !isValidBreak(result) { result = icuNext() }
        return result
    }

    /// `isValidBreak`.
    private func isValidBreak(_ offset: Int) -> Bool {
        if offset == Self.done || offset == text.count { return true }
        var previousOffset = offset
        var previous = Self.codePoint(before: &previousOffset, in: text, from: 0)
        if MinikinHyphenator.isLineBreakingHyphen(previous) || previous == 0x00AD { return false }
        if previous == 0x1039 { return false }  // MYANMAR SIGN VIRAMA
        let next = Self.codePoint(at: offset, in: text)
        if previous == 0x200D, UnicodeProperties.isEmoji(next) { return false }  // LB8 for emoji ZWJ sequences
        if MinikinItemizer.isEmojiModifier(next) {  // LB30b
            if previous == 0xFE0F, previousOffset > 0 { previous = Self.codePoint(before: &previousOffset, in: text, from: 0) }
            if MinikinItemizer.isEmojiBase(previous) { return false }
        }
        return true
    }

    /// `detectEmailOrUrl`: from the last break, scans printable ASCII for `@` or `://`.
    private mutating func detectEmailOrURL() {
        guard last >= scanOffset, last >= 0 else { return }
        enum State { case start, sawAt, sawColon, sawColonSlash, sawColonSlashSlash }
        var state = State.start
        var index = last
        while index < text.count {
            let unit = text[index]
            guard unit > 0x20, unit <= 0x7E else { break }
            if state == .start, unit == 0x40 {
                state = .sawAt
            } else if state == .start, unit == 0x3A {
                state = .sawColon
            } else if state == .sawColon || state == .sawColonSlash {
                state = unit == 0x2F ? (state == .sawColon ? .sawColonSlash : .sawColonSlashSlash) : .start
            }
            index += 1
        }
        if state == .sawAt || state == .sawColonSlashSlash {
            // Combining marks after the address or URL belong to it: on to ICU's next boundary.
            if !icuIsBoundary(index) { index = icuFollowing(index) }
            inEmailOrURL = true
        } else {
            inEmailOrURL = false
        }
        scanOffset = index
    }

    /// `findNextBreakInEmailOrUrl`: after `:`, `=`, `&` and `//`; before `~ . , - _ ? # % = &` and
    /// a single `/`; never after a hyphen.
    private func nextBreakInEmailOrURL() -> Int {
        guard last >= 0, last < text.count else { return scanOffset }
        var lastUnit = text[last]
        var index = last + 1
        while index < scanOffset {
            if Self.breaksAfter(lastUnit) { break }
            if lastUnit == 0x2F, index >= last + 2, text[index - 2] == 0x2F { break }
            let unit = text[index]
            if lastUnit != 0x2D {
                if Self.breaksBefore(unit) { break }
                if unit == 0x2F, lastUnit != 0x2F, !(index + 1 < scanOffset && text[index + 1] == 0x2F) { break }
            }
            lastUnit = unit
            index += 1
        }
        return index
    }

    private static func breaksAfter(_ unit: UInt16) -> Bool { unit == 0x3A || unit == 0x3D || unit == 0x26 }

    private static func breaksBefore(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x7E, 0x2E, 0x2C, 0x2D, 0x5F, 0x3F, 0x23, 0x25, 0x3D, 0x26: true
        default: false
        }
    }

    /// `wordStart`: the last break, past leading opening punctuation and quotes (UAX #14's OP, QU).
    private var wordStart: Int {
        if inEmailOrURL { return last }
        var result = last
        while result < current {
            var index = result
            let value = Self.codePoint(after: &index, in: text, to: current)
            let lineBreak = UnicodeProperties.lineBreakClass(of: value)
            guard lineBreak == UnicodeProperties.lineBreakOpenPunctuation || lineBreak == UnicodeProperties.lineBreakQuotation else { break }
            result = index
        }
        return result
    }

    /// `wordEnd`: this break, before trailing spaces (Zs), punctuation (P) and controls (Cc).
    private var wordEnd: Int {
        if inEmailOrURL { return last }
        var result = current
        while result > last {
            var index = result
            let value = Self.codePoint(before: &index, in: text, from: last)
            guard Self.isSpacePunctuationOrControl(value) else { break }
            result = index
        }
        return result
    }

    /// `U_GET_GC_MASK(c) & (U_GC_ZS_MASK | U_GC_P_MASK | U_GC_CC_MASK)`.
    private static func isSpacePunctuationOrControl(_ value: UInt32) -> Bool {
        switch UnicodeProperties.generalCategory(of: value) {
        case 12, 15: true  // Zs, Cc
        case 19...23, 28, 29: true  // Pd, Ps, Pe, Pc, Po, Pi, Pf
        default: false
        }
    }

    /// `U16_NEXT`: the code point at `offset` (a lone surrogate as itself), `offset` moved past it.
    static func codePoint(after offset: inout Int, in text: [UInt16], to end: Int) -> UInt32 {
        let unit = text[offset]
        offset += 1
        if UTF16.isLeadSurrogate(unit), offset < end, UTF16.isTrailSurrogate(text[offset]) {
            defer { offset += 1 }
            return 0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(text[offset] - 0xDC00)
        }
        return UInt32(unit)
    }

    /// The code point at `offset`, as `U16_NEXT` reads it up to the text's end.
    static func codePoint(at offset: Int, in text: [UInt16]) -> UInt32 {
        var index = offset
        return codePoint(after: &index, in: text, to: text.count)
    }

    /// `U16_PREV`: the code point before `offset` (a lone surrogate as itself), `offset` moved to its start.
    static func codePoint(before offset: inout Int, in text: [UInt16], from start: Int) -> UInt32 {
        offset -= 1
        let unit = text[offset]
        if UTF16.isTrailSurrogate(unit), offset > start, UTF16.isLeadSurrogate(text[offset - 1]) {
            offset -= 1
            return 0x10000 + (UInt32(text[offset] - 0xD800) << 10) + UInt32(unit - 0xDC00)
        }
        return UInt32(unit)
    }
}
