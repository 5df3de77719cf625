// FreeType.swift — the only file that calls FreeType: reads a face's tables when a font loads.
internal import CFreeType

/// An error code from FreeType with FreeType's own description of it.
struct FreeTypeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The raw `FT_Error`.
    let code: Int32
    /// FreeType's description of the code, e.g. "unknown file format".
    let message: String
    /// The FreeType call that failed.
    let operation: String

    var description: String { "\(operation): \(message) (FreeType error 0x\(String(code, radix: 16)))" }

    static func check(_ code: FT_Error, _ operation: String) throws(FreeTypeError) {
        guard code != 0 else { return }
        throw FreeTypeError(code: code, message: String(cString: caliper_ft_error_description(code)), operation: operation)
    }
}

/// What Caliper takes from a face's tables at load time, in design units.
struct FreeTypeFaceTables: Sendable {
    var faceCount: Int
    var unitsPerEm: Int
    var glyphCount: Int
    var familyName: String
    var styleName: String
    /// `hhea` ascender, descender (negative) and line gap.
    var hheaAscender: Int
    var hheaDescender: Int
    var hheaLineGap: Int
    /// `OS/2` sCapHeight / sxHeight (version ≥ 2), else the top of the outline of "H" / "x", else `nil`.
    var capHeight: Int?
    var xHeight: Int?
    /// `OS/2.usWeightClass` (400 without the table) and whether `OS/2.fsSelection` says italic or oblique.
    var weightClass = 400
    var isItalic = false
    /// The face's AAT `trak` table, or empty when it has none.
    var trackingTable: [UInt8] = []
}

/// Owns one `FT_Library` and one `FT_Face` for the duration of a table read. FreeType's library
/// object is not thread-safe, so each read gets its own and nothing is shared between threads.
private final class FreeTypeFace {
    private var library: FT_Library?
    let face: FT_Face

    init(data: FontData, faceIndex: Int) throws(FreeTypeError) {
        var library: FT_Library?
        try FreeTypeError.check(FT_Init_FreeType(&library), "FT_Init_FreeType")
        var face: FT_Face?
        let status = FT_New_Memory_Face(
            library, data.bytes.baseAddress?.assumingMemoryBound(to: FT_Byte.self),
            FT_Long(data.byteCount), FT_Long(faceIndex), &face)
        guard status == 0, let face else {
            FT_Done_FreeType(library)
            try FreeTypeError.check(status == 0 ? FT_Error(FT_Err_Invalid_Argument) : status, "FT_New_Memory_Face")
            throw FreeTypeError(code: 0, message: "no face", operation: "FT_New_Memory_Face")
        }
        self.library = library
        self.face = face
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    /// The top of the unhinted, unscaled outline of the glyph for `scalar`, or `nil` if the font
    /// has no glyph for it.
    func outlineTop(of scalar: UInt32) -> Int? {
        let glyphIndex = FT_Get_Char_Index(face, FT_ULong(scalar))
        guard glyphIndex != 0 else { return nil }
        let flags = FT_Int32(FT_LOAD_NO_SCALE) | FT_Int32(FT_LOAD_NO_HINTING)
        guard FT_Load_Glyph(face, glyphIndex, flags) == 0, let glyph = face.pointee.glyph else { return nil }
        return Int(glyph.pointee.metrics.horiBearingY)
    }
}

enum FreeType {
    /// Reads the tables Caliper needs from face `faceIndex` of `data`.
    static func readTables(of data: FontData, faceIndex: Int) throws(CaliperError) -> FreeTypeFaceTables {
        let faceCount = try Self.faceCount(of: data)
        guard faceIndex >= 0, faceIndex < faceCount else {
            throw .faceIndexOutOfRange(path: data.path, faceIndex: faceIndex, faceCount: faceCount)
        }
        let owner: FreeTypeFace
        do {
            owner = try FreeTypeFace(data: data, faceIndex: faceIndex)
        } catch {
            throw .invalidFont(path: data.path, faceIndex: faceIndex, reason: error.description)
        }
        let face = owner.face.pointee
        // `head` rather than FT_Face.units_per_EM, which FreeType sets to 0 for bitmap-only
        // (CBDT/sbix) fonts such as Noto Color Emoji, whose advances HarfBuzz still scales by `head`.
        guard let head = FT_Get_Sfnt_Table(owner.face, FT_SFNT_HEAD)?.assumingMemoryBound(to: TT_Header.self),
            (16...16384).contains(head.pointee.Units_Per_EM)
        else {
            throw .invalidFont(path: data.path, faceIndex: faceIndex, reason: "no head table with unitsPerEm in 16...16384")
        }
        guard let hhea = FT_Get_Sfnt_Table(owner.face, FT_SFNT_HHEA)?.assumingMemoryBound(to: TT_HoriHeader.self) else {
            throw .invalidFont(path: data.path, faceIndex: faceIndex, reason: "no hhea table")
        }
        var tables = FreeTypeFaceTables(
            faceCount: faceCount,
            unitsPerEm: Int(head.pointee.Units_Per_EM),
            glyphCount: Int(face.num_glyphs),
            familyName: face.family_name.map { String(cString: $0) } ?? "",
            styleName: face.style_name.map { String(cString: $0) } ?? "",
            hheaAscender: Int(hhea.pointee.Ascender),
            hheaDescender: Int(hhea.pointee.Descender),
            hheaLineGap: Int(hhea.pointee.Line_Gap))
        if let os2 = FT_Get_Sfnt_Table(owner.face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self), os2.pointee.version != 0xFFFF {
            tables.weightClass = Int(os2.pointee.usWeightClass)
            tables.isItalic = os2.pointee.fsSelection & 0x0201 != 0
        }
        if let os2 = FT_Get_Sfnt_Table(owner.face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self),
            os2.pointee.version != 0xFFFF, os2.pointee.version >= 2
        {
            tables.capHeight = Int(os2.pointee.sCapHeight)
            tables.xHeight = Int(os2.pointee.sxHeight)
        } else {
            tables.capHeight = owner.outlineTop(of: 0x48)  // "H"
            tables.xHeight = owner.outlineTop(of: 0x78)  // "x"
        }
        // Most faces have none: the table directory says so before anything is read.
        let trak = FT_ULong(Tag("trak").code)
        var trakLength: FT_ULong = 0
        if FT_Load_Sfnt_Table(owner.face, trak, 0, nil, &trakLength) == 0, trakLength > 0 {
            var bytes = [UInt8](repeating: 0, count: Int(trakLength))
            if FT_Load_Sfnt_Table(owner.face, trak, 0, &bytes, &trakLength) == 0 { tables.trackingTable = bytes }
        }
        return tables
    }

    /// The number of faces in the file (1 for a .ttf, n for a .ttc collection).
    private static func faceCount(of data: FontData) throws(CaliperError) -> Int {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0 else {
            throw .invalidFont(path: data.path, faceIndex: 0, reason: "FreeType could not start")
        }
        defer { FT_Done_FreeType(library) }
        var face: FT_Face?
        // Face index -1 asks FreeType only to count the faces.
        let status = FT_New_Memory_Face(
            library, data.bytes.baseAddress?.assumingMemoryBound(to: FT_Byte.self),
            FT_Long(data.byteCount), -1, &face)
        guard status == 0, let face else {
            let error = FreeTypeError(
                code: status, message: String(cString: caliper_ft_error_description(status)),
                operation: "FT_New_Memory_Face")
            throw .invalidFont(path: data.path, faceIndex: 0, reason: error.description)
        }
        defer { FT_Done_Face(face) }
        return Int(face.pointee.num_faces)
    }
}
