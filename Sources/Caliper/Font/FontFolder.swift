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
/// face's table directory and the tables ``FontTables`` and the axes need (`head`, `hhea`, `maxp`,
/// `name`, `OS/2`, `fvar`) are read, through ``FontFile`` (regular files only, never blocking) and
/// ``HarfBuzzFace``, so indexing a folder costs a few kilobytes per file.
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
            guard let count = try? HarfBuzzFace.faceCount(of: file) else { return [] }
            return (0..<count).compactMap { index in try? folderFace(file, index: index) }
        }
    }

    /// Face `index` of `file`, as ``FontTables`` reads a loaded face's tables (a face a load
    /// would refuse is not indexed), read a table at a time; `nil` for a face without a family
    /// name or an `OS/2` table, which a family and weight cannot be matched against.
    private static func folderFace(_ file: FontFile, index: Int) throws(CaliperError) -> FolderFace? {
        let face = try HarfBuzzFace(file: file, faceIndex: index)
        let tables = try FontTables(reading: face)
        guard !tables.familyName.isEmpty, tables.hasOS2 else { return nil }
        let axes = face.axes
        let weightAxis = axes.first { $0.tag == "wght" && $0.minimum <= $0.maximum }.map { $0.minimum...$0.maximum }
        return FolderFace(
            path: file.path, faceIndex: index, family: tables.familyName, weight: tables.weightClass, isItalic: tables.isItalic,
            weightAxis: weightAxis, hasSlantAxis: axes.contains { $0.tag == "ital" || $0.tag == "slnt" })
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
