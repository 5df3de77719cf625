// FontFolder.swift — the faces of a folder's font files by family, weight and style, read from their name and OS/2 tables, and CSS's rule for picking one.
import Foundation

/// One face of a font file in a folder, as its `name` and `OS/2` tables describe it.
struct FolderFace: Sendable, Hashable {
    var path: String
    var faceIndex: Int
    /// The typographic family (name ID 16), else the family (name ID 1).
    var family: String
    /// `OS/2.usWeightClass` (400 regular, 700 bold).
    var weight: Int
    /// `OS/2.fsSelection` italic or oblique bit.
    var isItalic: Bool
    /// The weight range of a `wght` axis, when the face is variable along it.
    var weightAxis: ClosedRange<Double>?
    /// Whether the face has an `ital` or `slnt` axis.
    var hasSlantAxis: Bool
}

/// The faces of the font files (`.ttf`, `.otf`, `.ttc`, `.otc`) directly in a folder. Only each
/// file's table directory, `name`, `OS/2` and `fvar` tables are read, through ``FontFile`` (regular
/// files only, never blocking), so indexing a folder costs a few kilobytes per file.
enum FontFolder {
    /// The most files one folder's index reads.
    static let maximumFileCount = 1_000

    /// The faces of the font files in `folder` that `isAllowed` lets be read (it sees each file
    /// opened, before a byte is read: a confined resolver checks where it really is).
    static func faces(in folder: String, isAllowed: (FontFile) -> Bool = { _ in true }) -> [FolderFace] {
        faces(ofFiles: fontFiles(in: folder, limit: maximumFileCount), isAllowed: isAllowed)
    }

    /// The faces of the font files in `folder` and in the folders below it, down to
    /// `maximumDepth` levels (Apple's font downloads unpack into nested folders), folder by folder
    /// in order of name; at most ``maximumFileCount`` files and as many folders in all. A link to a
    /// folder is not followed (it could lead outside `folder`, or round in a loop); unreadable
    /// folders are skipped.
    static func faces(under folder: String, maximumDepth: Int, isAllowed: (FontFile) -> Bool = { _ in true }) -> [FolderFace] {
        var files: [String] = []
        var pending = [(folder, 0)]
        var visited = 0
        while !pending.isEmpty, visited < maximumFileCount, files.count < maximumFileCount {
            let (current, depth) = pending.removeFirst()
            visited += 1
            files += fontFiles(in: current, limit: maximumFileCount - files.count)
            guard depth < maximumDepth, let names = try? FileManager.default.contentsOfDirectory(atPath: current) else { continue }
            for name in names.sorted() where !name.hasPrefix(".") {
                let path = (current as NSString).appendingPathComponent(name)
                if (try? SystemCall.linkStatus(atPath: path))?.kind == .directory { pending.append((path, depth + 1)) }
            }
        }
        return faces(ofFiles: files, isAllowed: isAllowed)
    }

    /// The paths of the font files (`.ttf`, `.otf`, `.ttc`, `.otc`) directly in `folder`, in order
    /// of name, at most `limit`.
    private static func fontFiles(in folder: String, limit: Int) -> [String] {
        guard limit > 0, let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        let fontExtensions: Set<String> = ["ttf", "otf", "ttc", "otc"]
        return names.filter { fontExtensions.contains(($0 as NSString).pathExtension.lowercased()) }.sorted().prefix(limit)
            .map { (folder as NSString).appendingPathComponent($0) }
    }

    /// The faces of `files` that `isAllowed` lets be read, each file opened once (regular files only).
    private static func faces(ofFiles files: [String], isAllowed: (FontFile) -> Bool) -> [FolderFace] {
        files.flatMap { path -> [FolderFace] in
            guard let file = try? FontFile(path: path), isAllowed(file) else { return [] }
            return (try? SfntReader(file: file).faces()) ?? []
        }
    }

    /// The face CSS Fonts 4 (§5.2, "font-style" then "font-weight") picks among `faces` for
    /// `weight` and `italic`: italic faces first when asked for (else upright ones first), then
    /// the weight — exact; else for a weight from 400 to 500, the weights up to 500 in increasing
    /// order, then those below in decreasing order, then those above 500; below 400, lighter ones
    /// first (descending), then heavier (ascending); above 500, heavier first, then lighter. A
    /// variable face covers every weight of its `wght` range.
    static func best(
        among faces: [FolderFace], weight: Int, italic: Bool
    ) -> (face: FolderFace, weight: Double)? {
        let styled = faces.filter { $0.isItalic == italic || $0.hasSlantAxis }
        let pool = styled.isEmpty ? faces : styled
        guard !pool.isEmpty else { return nil }
        let wanted = Double(weight)
        func range(_ face: FolderFace) -> ClosedRange<Double> { face.weightAxis ?? Double(face.weight)...Double(face.weight) }
        if let exact = pool.first(where: { range($0).contains(wanted) }) { return (exact, wanted) }
        // Each face's nearest weight to the wanted one, ranked by CSS's order.
        let candidates = pool.map { face -> (FolderFace, Double) in
            let r = range(face)
            return (face, min(max(wanted, r.lowerBound), r.upperBound))
        }
        func rank(_ value: Double) -> (Int, Double) {
            if (400...500).contains(wanted) {
                if value > wanted && value <= 500 { return (0, value) }
                if value < wanted { return (1, -value) }
                return (2, value)
            }
            if wanted < 400 { return value < wanted ? (0, -value) : (1, value) }
            return value > wanted ? (0, value) : (1, -value)
        }
        return candidates.min { rank($0.1) < rank($1.1) }.map { ($0.0, $0.1) }
    }
}

/// Reads the tables of an sfnt (TrueType or OpenType) file or collection that describe its faces.
/// Every offset and length comes from the file, so each read is bounds-checked.
private struct SfntReader {
    let file: FontFile

    /// The largest `name` table read (a font's names are a few kilobytes; a hostile one is skipped).
    static let maximumNameTableBytes = 1 << 20

    func faces() throws(CaliperError) -> [FolderFace] {
        let header = try file.bytes(at: 0, count: 12)
        guard header.count == 12 else { return [] }
        if header[0..<4].elementsEqual(Array("ttcf".utf8)) {
            let count = min(Int(Self.u32(header, 8) ?? 0), 256)
            let offsets = try file.bytes(at: 12, count: count * 4)
            var faces: [FolderFace] = []
            for index in 0..<min(count, offsets.count / 4) {
                if let face = try face(at: Int(Self.u32(offsets, index * 4) ?? 0), index: index) { faces.append(face) }
            }
            return faces
        }
        return try face(at: 0, index: 0).map { [$0] } ?? []
    }

    private func face(at offset: Int, index: Int) throws(CaliperError) -> FolderFace? {
        let directory = try file.bytes(at: offset, count: 12)
        guard let tableCount = Self.u16(directory, 4), tableCount > 0, tableCount < 512 else { return nil }
        let records = try file.bytes(at: offset + 12, count: Int(tableCount) * 16)
        var tables: [String: (offset: Int, length: Int)] = [:]
        for record in 0..<(records.count / 16) {
            let base = record * 16
            let tag = String(decoding: records[base..<base + 4], as: UTF8.self)
            if let tableOffset = Self.u32(records, base + 8), let length = Self.u32(records, base + 12) {
                tables[tag] = (Int(tableOffset), Int(length))
            }
        }
        guard let name = tables["name"], let os2 = tables["OS/2"] else { return nil }
        let names = try file.bytes(at: name.offset, count: min(name.length, Self.maximumNameTableBytes))
        guard let family = Self.string(16, in: names) ?? Self.string(1, in: names) else { return nil }
        let os2Bytes = try file.bytes(at: os2.offset, count: min(os2.length, 64))
        let weight = Int(Self.u16(os2Bytes, 4) ?? 400)
        let selection = Self.u16(os2Bytes, 62) ?? 0
        var weightAxis: ClosedRange<Double>?
        var hasSlantAxis = false
        if let fvar = tables["fvar"] {
            let header = try file.bytes(at: fvar.offset, count: 16)
            if let axesOffset = Self.u16(header, 4), let axisCount = Self.u16(header, 8), let axisSize = Self.u16(header, 10),
                axisSize >= 20, axisCount < 64
            {
                let axes = try file.bytes(at: fvar.offset + Int(axesOffset), count: Int(axisCount) * Int(axisSize))
                for axis in 0..<(axes.count / Int(axisSize)) {
                    let base = axis * Int(axisSize)
                    let tag = String(decoding: axes[base..<base + 4], as: UTF8.self)
                    if tag == "wght", let minimum = Self.fixed(axes, base + 4), let maximum = Self.fixed(axes, base + 12),
                        minimum <= maximum
                    {
                        weightAxis = minimum...maximum
                    }
                    if tag == "ital" || tag == "slnt" { hasSlantAxis = true }
                }
            }
        }
        return FolderFace(
            path: file.path, faceIndex: index, family: family, weight: weight, isItalic: selection & 0x0201 != 0,
            weightAxis: weightAxis, hasSlantAxis: hasSlantAxis)
    }

    /// Name `nameID` from a `name` table: Windows Unicode (US English first), else Mac Roman.
    private static func string(_ nameID: UInt16, in table: [UInt8]) -> String? {
        guard let count = u16(table, 2), let storage = u16(table, 4) else { return nil }
        var best: (rank: Int, value: String)?
        for record in 0..<Int(count) {
            let base = 6 + record * 12
            guard let platform = u16(table, base), let encoding = u16(table, base + 2), let language = u16(table, base + 4),
                let id = u16(table, base + 6), id == nameID, let length = u16(table, base + 8), let offset = u16(table, base + 10)
            else { continue }
            let start = Int(storage) + Int(offset)
            guard start + Int(length) <= table.count else { continue }
            let bytes = Array(table[start..<start + Int(length)])
            let rank: Int
            let value: String
            if platform == 3, encoding == 1 || encoding == 10 {
                rank = language == 0x409 ? 0 : 1
                let units = stride(from: 0, to: bytes.count - 1, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
                value = String(decoding: units, as: UTF16.self)
            } else if platform == 1, encoding == 0 {
                rank = 2
                value = String(decoding: bytes.map { $0 < 0x80 ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
            } else {
                continue
            }
            if best == nil || rank < best?.rank ?? Int.max { best = (rank, value) }
        }
        return best?.value
    }

    private static func u16(_ bytes: [UInt8], _ offset: Int) -> UInt16? {
        guard offset >= 0, offset + 2 <= bytes.count else { return nil }
        return UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    private static func u32(_ bytes: [UInt8], _ offset: Int) -> UInt32? {
        guard offset >= 0, offset + 4 <= bytes.count else { return nil }
        return bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// A 16.16 fixed-point number.
    private static func fixed(_ bytes: [UInt8], _ offset: Int) -> Double? {
        u32(bytes, offset).map { Double(Int32(bitPattern: $0)) / 65536 }
    }
}
