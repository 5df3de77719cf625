// FontTables.swift — what Caliper reads of a face's tables, when a font loads and when a folder is indexed: one reader, over HarfBuzz's face.
import Foundation

/// A face's names, vertical metrics, weight and style and tracking table, read from its tables
/// through ``HarfBuzzFace`` (names and axes by HarfBuzz's parsers, the few fields of `head`,
/// `hhea` and `OS/2` from the tables' bytes, bounds-checked). ``FontFace`` reads them from the
/// whole file in memory, ``FontFolder`` from a file a table at a time: the same rules either way.
struct FontTables: Sendable {
    /// `head.unitsPerEm`, from 16 to 16384.
    var unitsPerEm: Int
    /// `maxp.numGlyphs`.
    var glyphCount: Int
    /// The typographic family (name ID 16), else the family (name ID 1); empty when the font has neither.
    var familyName: String
    /// The typographic subfamily (name ID 17), else the subfamily (name ID 2).
    var styleName: String
    /// `hhea` ascender, descender (negative) and line gap, in design units.
    var ascender: Int
    var descender: Int
    var lineGap: Int
    /// `OS/2` sCapHeight and sxHeight (version 2 and later), else `nil`.
    var capHeight: Int?
    var xHeight: Int?
    /// `OS/2.usWeightClass` (400 without the table).
    var weightClass: Int
    /// Whether `OS/2.fsSelection` says italic (bit 0) or oblique (bit 9).
    var isItalic: Bool
    /// Whether the face has an `OS/2` table.
    var hasOS2: Bool
    /// The AAT `trak` table, empty when the face has none.
    var trackingTable: [UInt8]

    /// The smallest and largest `head.unitsPerEm` accepted (the OpenType range).
    static let unitsPerEmRange = 16...16384

    /// Reads `face`'s tables.
    ///
    /// - Throws: ``CaliperError/invalidFont(path:faceIndex:reason:)`` for a face without glyphs,
    ///   a `head` table with unitsPerEm in 16…16384 or an `hhea` table; the error the file gave
    ///   when a table could not be read from it.
    init(reading face: HarfBuzzFace) throws(CaliperError) {
        let head = face.table(Tag("head"))
        let hhea = face.table(Tag("hhea"))
        let os2 = face.table(Tag("OS/2"))
        if let error = face.readError { throw error }
        func invalid(_ reason: String) -> CaliperError { .invalidFont(path: face.path, faceIndex: face.faceIndex, reason: reason) }
        guard face.glyphCount > 0 else { throw invalid("HarfBuzz found no glyphs in the face") }
        // `head` rather than anything derived from it: HarfBuzz reads a unitsPerEm outside the
        // range as 1000, FreeType as 0 for bitmap-only fonts, and advances scale by `head`'s.
        guard let upem = Self.u16(head, 18).map(Int.init), Self.unitsPerEmRange.contains(upem) else {
            throw invalid("no head table with unitsPerEm in 16...16384")
        }
        guard let ascender = Self.i16(hhea, 4), let descender = Self.i16(hhea, 6), let lineGap = Self.i16(hhea, 8) else {
            throw invalid("no hhea table")
        }
        unitsPerEm = upem
        glyphCount = face.glyphCount
        familyName = face.name(16) ?? face.name(1) ?? ""
        styleName = face.name(17) ?? face.name(2) ?? ""
        (self.ascender, self.descender, self.lineGap) = (ascender, descender, lineGap)
        hasOS2 = !os2.isEmpty
        weightClass = Self.u16(os2, 4).map(Int.init) ?? 400
        isItalic = (Self.u16(os2, 62) ?? 0) & 0x0201 != 0
        if let version = Self.u16(os2, 0), version >= 2, let xHeight = Self.i16(os2, 86), let capHeight = Self.i16(os2, 88) {
            (self.capHeight, self.xHeight) = (capHeight, xHeight)
        }
        trackingTable = face.table(Tag("trak"))
    }

    private static func u16(_ bytes: [UInt8], _ offset: Int) -> UInt16? {
        guard offset >= 0, offset + 2 <= bytes.count else { return nil }
        return UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    private static func i16(_ bytes: [UInt8], _ offset: Int) -> Int? {
        u16(bytes, offset).map { Int(Int16(bitPattern: $0)) }
    }
}
