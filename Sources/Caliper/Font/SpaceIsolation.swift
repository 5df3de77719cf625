// SpaceIsolation.swift — whether a face shapes Latin words independently of the spaces between them.

/// Whether, in a face, the words of Latin text shape the same on their own as between spaces, so
/// a label's advance is the sum of its words' and its spaces' (the condition under which browsers
/// cache shaped words; Blink asks the same question of the font). It holds when nothing in the
/// face can act across a space:
///
/// - no GSUB or GPOS lookup reachable from the Latin or default script (any language, any
///   feature) reads, matches or produces the space glyph (`hb_ot_layout_lookup_collect_glyphs`),
///   and none skips base glyphs (the lookup flag IgnoreBaseGlyphs, which would step over a space);
/// - GDEF does not class the space as a mark or ligature;
/// - the legacy `kern` table, if any, is made of horizontal format-0 subtables with no pair
///   that has the space;
/// - there are no AAT tables (morx, kerx, trak).
///
/// Anything the check cannot read makes it answer `false`, which only costs speed: the label is
/// then shaped whole.
enum SpaceIsolation {
    /// Whether the property holds for the lookups of `scriptTags` (`nil`: of every script the
    /// face has, for words of any script: see ``ShapeCache``'s word glyphs).
    static func holds(in font: HarfBuzzFont, scriptTags: [String]? = ["latn", "DFLT", "dflt"]) -> Bool {
        guard let space = font.nominalGlyph(for: " "), !font.hasAATLayout, font.isBaseOrUnclassified(space) else {
            return false
        }
        for table in ["GSUB", "GPOS"] {
            let lookups = font.lookups(inTable: table, scriptTags: scriptTags)
            guard !lookups.isEmpty else { continue }
            guard let flags = lookupFlags(inTable: font.table(table)) else { return false }
            for lookup in lookups {
                guard lookup < flags.count, flags[lookup] & ignoreBaseGlyphs == 0 else { return false }
                if font.lookup(lookup, inTable: table, involves: space) { return false }
            }
        }
        return kernTablePairs(font.table("kern"), avoid: UInt16(truncatingIfNeeded: space))
    }

    private static let ignoreBaseGlyphs: UInt16 = 0x0002

    /// The LookupFlag of every lookup of a GSUB or GPOS table, or `nil` if the table is malformed.
    static func lookupFlags(inTable bytes: [UInt8]) -> [UInt16]? {
        let reader = BigEndianReader(bytes)
        // Header: major and minor version, then offsets to the script, feature and lookup lists.
        guard let lookupList = reader.uint16(at: 8).map(Int.init), let count = reader.uint16(at: lookupList) else { return nil }
        var flags: [UInt16] = []
        for index in 0..<Int(count) {
            // Lookup: type, then flag.
            guard let offset = reader.uint16(at: lookupList + 2 + 2 * index),
                let flag = reader.uint16(at: lookupList + Int(offset) + 2)
            else { return nil }
            flags.append(flag)
        }
        return flags
    }

    /// Whether a `kern` table (empty: none) is made only of horizontal format-0 subtables whose
    /// pairs all avoid `glyph`.
    static func kernTablePairs(_ bytes: [UInt8], avoid glyph: UInt16) -> Bool {
        guard !bytes.isEmpty else { return true }
        let reader = BigEndianReader(bytes)
        // The OpenType (Microsoft) version 0 only; Apple's version 1 is not read.
        guard reader.uint16(at: 0) == 0, let tableCount = reader.uint16(at: 2) else { return false }
        var offset = 4
        for _ in 0..<tableCount {
            // Subtable header: version, length, coverage (format in the high byte, horizontal in bit 0).
            guard let coverage = reader.uint16(at: offset + 4), coverage >> 8 == 0, coverage & 1 == 1,
                let pairCount = reader.uint16(at: offset + 6)
            else { return false }
            let pairs = offset + 14
            for pair in 0..<Int(pairCount) {
                guard let left = reader.uint16(at: pairs + 6 * pair), let right = reader.uint16(at: pairs + 6 * pair + 2) else {
                    return false
                }
                if left == glyph || right == glyph { return false }
            }
            // The length field overflows in large tables; the pair count gives the true size.
            offset = pairs + 6 * Int(pairCount)
        }
        return true
    }
}
