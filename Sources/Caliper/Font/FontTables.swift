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
        let head = BigEndianReader(face.table(Tag("head")))
        let hhea = BigEndianReader(face.table(Tag("hhea")))
        let os2 = BigEndianReader(face.table(Tag("OS/2")))
        if let error = face.readError { throw error }
        func invalid(_ reason: String) -> CaliperError { .invalidFont(path: face.path, faceIndex: face.faceIndex, reason: reason) }
        guard face.glyphCount > 0 else { throw invalid("HarfBuzz found no glyphs in the face") }
        // `head` rather than anything derived from it: HarfBuzz reads a unitsPerEm outside the
        // range as 1000, FreeType as 0 for bitmap-only fonts, and advances scale by `head`'s.
        guard let upem = head.uint16(at: 18).map(Int.init), Self.unitsPerEmRange.contains(upem) else {
            throw invalid("no head table with unitsPerEm in 16...16384")
        }
        guard let ascender = hhea.int16(at: 4), let descender = hhea.int16(at: 6), let lineGap = hhea.int16(at: 8) else {
            throw invalid("no hhea table")
        }
        unitsPerEm = upem
        glyphCount = face.glyphCount
        familyName = face.name(16) ?? face.name(1) ?? ""
        styleName = face.name(17) ?? face.name(2) ?? ""
        (self.ascender, self.descender, self.lineGap) = (Int(ascender), Int(descender), Int(lineGap))
        hasOS2 = !os2.bytes.isEmpty
        weightClass = os2.uint16(at: 4).map(Int.init) ?? 400
        isItalic = (os2.uint16(at: 62) ?? 0) & 0x0201 != 0
        if let version = os2.uint16(at: 0), version >= 2, let xHeight = os2.int16(at: 86), let capHeight = os2.int16(at: 88) {
            (self.capHeight, self.xHeight) = (Int(capHeight), Int(xHeight))
        }
        trackingTable = face.table(Tag("trak"))
    }
}
