// HarfBuzzFace.swift — a font's tables through HarfBuzz's face: from the whole file in memory, or from a file a table at a time (a folder's index).
internal import CHarfBuzz
import Foundation

/// A HarfBuzz face, the one reader of a font's tables: its names, axes and glyph count through
/// HarfBuzz's own parsers, and the bytes of any table Caliper parses itself (`head`, `hhea`,
/// `OS/2`, `trak`). Over a font's bytes in memory (HarfBuzz reads the table directory and
/// sanitizes each table when first asked for it), or over a file whose tables are read one at a
/// time when HarfBuzz asks for them, so that indexing a folder reads a few kilobytes a file.
/// Immutable after creation, which makes it safe to read from any thread.
final class HarfBuzzFace: @unchecked Sendable {
    /// HarfBuzz's face; ``HarfBuzzFont`` makes its fonts on it.
    let face: OpaquePointer
    /// The blob of the whole file, for a face over bytes in memory (its plan faces share it).
    let blob: OpaquePointer?
    let faceIndex: Int
    /// How many faces the font file has (1 for a `.ttf`, n for a `.ttc` collection).
    let faceCount: Int
    /// The bytes the blob points into, or the file the tables are read from: kept while the face is.
    private let data: FontData?
    private let fileTables: FileTables?

    /// The path of the font, for errors.
    var path: String { data?.path ?? fileTables?.file.path ?? "" }

    /// Face `faceIndex` of a font's bytes.
    ///
    /// - Throws: ``CaliperError/invalidFont(path:faceIndex:reason:)`` when HarfBuzz finds no
    ///   font in the bytes, ``CaliperError/faceIndexOutOfRange(path:faceIndex:faceCount:)``.
    init(data: FontData, faceIndex: Int) throws(CaliperError) {
        // FontData never holds more than a 32-bit length; checked rather than trapped all the same.
        guard let bytes = data.bytes.baseAddress?.assumingMemoryBound(to: CChar.self),
            let length = UInt32(exactly: data.byteCount),
            let blob = hb_blob_create(bytes, length, HB_MEMORY_MODE_READONLY, nil, nil)
        else {
            throw .invalidFont(path: data.path, faceIndex: faceIndex, reason: "HarfBuzz could not take the bytes")
        }
        hb_blob_make_immutable(blob)
        let faceCount = Int(hb_face_count(blob))
        guard faceCount > 0 else {
            hb_blob_destroy(blob)
            throw .invalidFont(path: data.path, faceIndex: faceIndex, reason: Self.notAFont)
        }
        guard (0..<faceCount).contains(faceIndex) else {
            hb_blob_destroy(blob)
            throw .faceIndexOutOfRange(path: data.path, faceIndex: faceIndex, faceCount: faceCount)
        }
        // HarfBuzz answers a failed creation with its empty singleton face, never NULL; the
        // checks of `FontTables` catch an empty face (no glyphs, no `head`).
        guard let face = hb_face_create(blob, UInt32(faceIndex)) else {
            hb_blob_destroy(blob)
            throw .invalidFont(path: data.path, faceIndex: faceIndex, reason: "HarfBuzz could not open the face")
        }
        hb_face_make_immutable(face)
        self.face = face
        self.blob = blob
        self.faceIndex = faceIndex
        self.faceCount = faceCount
        self.data = data
        fileTables = nil
    }

    /// Face `faceIndex` of the font file `file`, its tables read from the file when first asked
    /// for (each at most ``FileTables/maximumTableBytes``).
    ///
    /// - Throws: ``CaliperError/fontFileUnreadable(path:reason:)`` for a file that cannot be
    ///   read, ``CaliperError/invalidFont(path:faceIndex:reason:)`` for one that is not a font,
    ///   ``CaliperError/faceIndexOutOfRange(path:faceIndex:faceCount:)``.
    init(file: FontFile, faceIndex: Int) throws(CaliperError) {
        let tables = try FileTables(file: file, faceIndex: faceIndex)
        faceCount = tables.faceCount
        let unmanaged = Unmanaged.passRetained(tables)
        guard
            let face = hb_face_create_for_tables(
                { _, tag, userData in
                    guard let userData else { return nil }
                    return Unmanaged<FileTables>.fromOpaque(userData).takeUnretainedValue().blob(of: tag)
                },
                unmanaged.toOpaque(), { userData in
                    if let userData { Unmanaged<FileTables>.fromOpaque(userData).release() }
                })
        else {
            unmanaged.release()
            throw .invalidFont(path: file.path, faceIndex: faceIndex, reason: "HarfBuzz could not open the face")
        }
        hb_face_set_index(face, UInt32(faceIndex))
        hb_face_make_immutable(face)
        self.face = face
        blob = nil
        self.faceIndex = faceIndex
        data = nil
        fileTables = tables
    }

    deinit {
        hb_face_destroy(face)
        if let blob { hb_blob_destroy(blob) }
    }

    /// The number of faces in the font file `file` (1 for a `.ttf`, n for a `.ttc` collection),
    /// from its header.
    static func faceCount(of file: FontFile) throws(CaliperError) -> Int {
        try FileTables.faceOffsets(of: file).count
    }

    /// Why bytes are not a font, as errors say it.
    static let notAFont = "not a font file (no TrueType or OpenType table directory HarfBuzz can read)"

    /// The first error met reading the file's tables, if any (a table HarfBuzz asked for then
    /// reads as missing).
    var readError: CaliperError? { fileTables?.error }

    /// `head.unitsPerEm` as HarfBuzz reads it (1000 when the table's is outside 16…16384).
    var unitsPerEm: Int { Int(hb_face_get_upem(face)) }

    /// `maxp.numGlyphs`.
    var glyphCount: Int { Int(hb_face_get_glyph_count(face)) }

    /// The bytes of table `tag` (empty when the face has none).
    func table(_ tag: Tag) -> [UInt8] {
        guard let blob = hb_face_reference_table(face, tag.code) else { return [] }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: data, count: Int(length)))
    }

    /// Name `nameID` of the `name` table, in English when the font has it so, else in the first
    /// language HarfBuzz lists; `nil` when the font has no such name.
    func name(_ nameID: UInt32) -> String? {
        let english = Languages.language("en")
        for language in [english, nil] {
            var length: UInt32 = 0
            length = hb_ot_name_get_utf8(face, nameID, language, &length, nil)
            guard length > 0 else { continue }
            var size = length + 1
            var characters = [CChar](repeating: 0, count: Int(size))
            _ = hb_ot_name_get_utf8(face, nameID, language, &size, &characters)
            return String(decoding: characters.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return nil
    }

    /// The face's variation axes (`fvar`), in the font's order; none for a static font.
    var axes: [FontAxis] {
        var count = hb_ot_var_get_axis_count(face)
        guard count > 0 else { return [] }
        var infos = [hb_ot_var_axis_info_t](repeating: hb_ot_var_axis_info_t(), count: Int(count))
        count = hb_ot_var_get_axis_infos(face, 0, &count, &infos)
        return infos.prefix(Int(count)).map { info in
            FontAxis(
                tag: Tag(code: info.tag), name: name(info.name_id) ?? Tag(code: info.tag).description,
                minimum: Double(info.min_value), defaultValue: Double(info.default_value), maximum: Double(info.max_value),
                isHidden: info.flags.rawValue & HB_OT_VAR_AXIS_FLAG_HIDDEN.rawValue != 0)
        }
    }

    /// The face's named instances (`fvar`): each with its subfamily name ("SemiBold") and design
    /// coordinates on every axis, in the order of ``axes``.
    var namedInstances: [FontNamedInstance] {
        let count = hb_ot_var_get_named_instance_count(face)
        let axes = self.axes
        guard count > 0, !axes.isEmpty else { return [] }
        return (0..<count).map { index in
            var coordinateCount = UInt32(axes.count)
            var coordinates = [Float](repeating: 0, count: axes.count)
            coordinateCount = hb_ot_var_named_instance_get_design_coords(face, index, &coordinateCount, &coordinates)
            let nameID = hb_ot_var_named_instance_get_subfamily_name_id(face, index)
            return FontNamedInstance(
                name: name(nameID) ?? "Instance \(index + 1)",
                coordinates: zip(axes, coordinates.prefix(Int(coordinateCount))).map {
                    FontVariation(validatedTag: $0.tag, value: Double($1))
                })
        }
    }
}

/// An sfnt file's tables for a face HarfBuzz reads a table at a time: the face's table directory,
/// read once, and each table read from the file when HarfBuzz asks for it. Every offset and length
/// comes from the file, so each read is bounded; a table past ``maximumTableBytes`` reads as
/// missing, as does one the file cannot give (``error`` keeps why).
private final class FileTables: @unchecked Sendable {
    let file: FontFile
    /// How many faces the file has.
    let faceCount: Int
    /// Each table's offset and length in the file, by tag.
    private let records: [UInt32: (offset: Int, length: Int)]
    /// The first error reading a table, if any. Written only while HarfBuzz reads the face,
    /// which the face's owner does on one thread before handing the face on.
    private(set) var error: CaliperError?

    /// The largest table read (a font's `name` table is a few kilobytes; a hostile one is refused).
    static let maximumTableBytes = 1 << 20

    init(file: FontFile, faceIndex: Int) throws(CaliperError) {
        self.file = file
        let offsets = try Self.faceOffsets(of: file)
        faceCount = offsets.count
        guard (0..<offsets.count).contains(faceIndex) else {
            throw .faceIndexOutOfRange(path: file.path, faceIndex: faceIndex, faceCount: offsets.count)
        }
        let offset = offsets[faceIndex]
        let directory = BigEndianReader(try file.bytes(at: offset, count: 12))
        guard let tableCount = directory.uint16(at: 4), tableCount > 0, tableCount < 512 else {
            throw .invalidFont(path: file.path, faceIndex: faceIndex, reason: HarfBuzzFace.notAFont)
        }
        let directoryRecords = BigEndianReader(try file.bytes(at: offset + 12, count: Int(tableCount) * 16))
        var records: [UInt32: (offset: Int, length: Int)] = [:]
        for record in 0..<(directoryRecords.bytes.count / 16) {
            let base = record * 16
            if let tag = directoryRecords.uint32(at: base), let tableOffset = directoryRecords.uint32(at: base + 8),
                let length = directoryRecords.uint32(at: base + 12)
            {
                records[tag] = (Int(tableOffset), Int(length))
            }
        }
        self.records = records
    }

    /// Where each face's table directory starts: 0 for a single font, the collection's offsets
    /// for a `ttcf` (at most 256).
    static func faceOffsets(of file: FontFile) throws(CaliperError) -> [Int] {
        let header = BigEndianReader(try file.bytes(at: 0, count: 12))
        guard let version = header.uint32(at: 0) else { throw .invalidFont(path: file.path, faceIndex: 0, reason: HarfBuzzFace.notAFont) }
        switch version {
        case Tag("ttcf").code:
            let count = min(Int(header.uint32(at: 8) ?? 0), 256)
            let offsets = BigEndianReader(try file.bytes(at: 12, count: count * 4))
            return (0..<(offsets.bytes.count / 4)).compactMap { offsets.uint32(at: $0 * 4).map(Int.init) }
        case 0x0001_0000, Tag("OTTO").code, Tag("true").code, Tag("typ1").code:
            return [0]
        default:
            throw .invalidFont(path: file.path, faceIndex: 0, reason: HarfBuzzFace.notAFont)
        }
    }

    /// A blob of table `tag`, for HarfBuzz (which takes the reference); `nil` when the face has no
    /// such table or it cannot be read.
    func blob(of tag: hb_tag_t) -> OpaquePointer? {
        guard let record = records[tag], record.length > 0 else { return nil }
        guard record.length <= Self.maximumTableBytes else { return nil }
        let bytes: [UInt8]
        do throws(CaliperError) {
            bytes = try file.bytes(at: record.offset, count: record.length)
        } catch {
            if self.error == nil { self.error = error }
            return nil
        }
        guard !bytes.isEmpty, let copy = malloc(bytes.count) else { return nil }
        bytes.withUnsafeBytes { source in
            if let start = source.baseAddress { copy.copyMemory(from: start, byteCount: source.count) }
        }
        return hb_blob_create(copy.assumingMemoryBound(to: CChar.self), UInt32(bytes.count), HB_MEMORY_MODE_READONLY, copy) { free($0) }
    }
}
