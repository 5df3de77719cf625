// GraphemeClusters.swift — UAX #29 extended grapheme cluster boundaries, by the rules, from ICU's property data.

/// A character's Grapheme_Cluster_Break value (UAX #29, Table 2), numbered as ICU numbers them.
enum GraphemeClusterBreak: UInt8 {
    case other = 0, control = 1, carriageReturn = 2, extend = 3, hangulL = 4, lineFeed = 5, hangulLV = 6, hangulLVT = 7
    case hangulT = 8, hangulV = 9, spacingMark = 10, prepend = 11, regionalIndicator = 12, zeroWidthJoiner = 17
}

/// Extended grapheme cluster boundaries, found by UAX #29's rules (GB1–GB999, Unicode 15.0, the
/// rules of ICU 72's data) over each character's Grapheme_Cluster_Break value, in one pass with
/// a property look-up per character past U+007E: ICU's rule-based iterator costs many times
/// more a character, and its opening and closing more than a short label's shaping.
/// `GraphemeBreakConformanceTests` runs Unicode's GraphemeBreakTest.txt through it and compares
/// it with ICU's iterator (`TextBoundaries.iteratedGraphemeClusterBoundaries(in:)`) over random
/// texts of characters of every value.
enum GraphemeClusters {
    /// The boundaries of `text` in increasing order, from 0 to `text.count` inclusive (an empty
    /// text gives `[0]`). A lone surrogate is a character of its own (Control, as ICU reads it).
    static func boundaries(in text: [UInt16]) -> [Int] {
        var boundaries = [Int]()
        boundaries.reserveCapacity(text.count + 1)
        boundaries.append(0)
        let count = text.count
        var index = 0
        var previous = GraphemeClusterBreak.control  // GB1 and GB2 are the array's ends, not rules
        // GB11: the last character that was not Extend, while only Extend has followed it (an
        // Extended_Pictographic one lets a ZWJ after those Extends join what follows it).
        var pictographicCandidate: UInt32?
        var zeroWidthJoinerFollowsPictographic = false
        // GB12, GB13: how many regional indicators end at the previous character.
        var regionalIndicators = 0
        while index < count {
            let unit = text[index]
            if (0x20...0x7E).contains(unit) {
                // Printable ASCII, most of most text: Other and never Extended_Pictographic, so by
                // GB9b and GB999 a boundary comes before it unless a Prepend character precedes.
                if index > 0, previous != .prepend { boundaries.append(index) }
                previous = .other
                pictographicCandidate = nil
                regionalIndicators = 0
                index += 1
                continue
            }
            let value: UInt32
            let width: Int
            if UTF16.isLeadSurrogate(unit), index + 1 < count, UTF16.isTrailSurrogate(text[index + 1]) {
                value = 0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(text[index + 1] - 0xDC00)
                width = 2
            } else {
                value = UInt32(unit)
                width = 1
            }
            let current = UnicodeProperties.graphemeClusterBreak(of: value)
            if index > 0, breaks(
                between: previous, and: current, value: value, regionalIndicators: regionalIndicators,
                zeroWidthJoinerFollowsPictographic: zeroWidthJoinerFollowsPictographic)
            {
                boundaries.append(index)
            }
            switch current {
            case .extend: break
            case .zeroWidthJoiner:
                // Asked only here: a ZWJ is rare, a property look-up per character is not.
                zeroWidthJoinerFollowsPictographic = pictographicCandidate.map(UnicodeProperties.isExtendedPictographic) ?? false
                pictographicCandidate = nil
            default: pictographicCandidate = value
            }
            regionalIndicators = current == .regionalIndicator ? regionalIndicators + 1 : 0
            previous = current
            index += width
        }
        if count > 0 { boundaries.append(count) }
        return boundaries
    }

    /// Whether UAX #29 breaks between a character of value `previous` and one of value `current`
    /// (scalar value `value`), given the state the earlier characters left.
    private static func breaks(
        between previous: GraphemeClusterBreak, and current: GraphemeClusterBreak, value: UInt32, regionalIndicators: Int,
        zeroWidthJoinerFollowsPictographic: Bool
    ) -> Bool {
        switch (previous, current) {
        case (.carriageReturn, .lineFeed): return false  // GB3
        case (.control, _), (.carriageReturn, _), (.lineFeed, _): return true  // GB4
        case (_, .control), (_, .carriageReturn), (_, .lineFeed): return true  // GB5
        case (.hangulL, .hangulL), (.hangulL, .hangulV), (.hangulL, .hangulLV), (.hangulL, .hangulLVT): return false  // GB6
        case (.hangulLV, .hangulV), (.hangulLV, .hangulT), (.hangulV, .hangulV), (.hangulV, .hangulT): return false  // GB7
        case (.hangulLVT, .hangulT), (.hangulT, .hangulT): return false  // GB8
        case (_, .extend), (_, .zeroWidthJoiner): return false  // GB9
        case (_, .spacingMark): return false  // GB9a
        case (.prepend, _): return false  // GB9b
        case (.zeroWidthJoiner, _):  // GB11
            return !(zeroWidthJoinerFollowsPictographic && UnicodeProperties.isExtendedPictographic(value))
        case (.regionalIndicator, .regionalIndicator): return regionalIndicators % 2 == 0  // GB12, GB13
        default: return true  // GB999
        }
    }
}
