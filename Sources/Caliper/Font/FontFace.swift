// FontFace.swift — one face of a font file, loaded and ready to shape with.
import Foundation

/// One face of a font file, loaded once and shared: immutable, `Sendable`, safe to measure with
/// from many tasks at once.
///
/// ```swift
/// let dejaVu = try FontFace(contentsOfFile: "Fonts/DejaVuSans.ttf")
/// let bold = try FontFace.matching("DejaVu Sans:bold")
/// let cjk = try FontFace(contentsOfFile: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", faceIndex: 2)
/// ```
public final class FontFace: Sendable, Hashable, CustomStringConvertible {
    /// Font files larger than this are refused unless a caller passes a larger limit.
    public static let defaultFileSizeLimit = 256 * 1024 * 1024

    /// The font file.
    public let path: String
    /// The face in the file (0 for a single-face .ttf/.otf).
    public let faceIndex: Int
    /// How many faces the file holds.
    public let faceCount: Int
    /// The family name from the face's tables, e.g. "DejaVu Sans".
    public let familyName: String
    /// The style name, e.g. "Book" or "Bold".
    public let styleName: String
    /// The number of glyphs in the face.
    public let glyphCount: Int
    /// Vertical metrics in design units.
    public let designMetrics: FontDesignMetrics

    let harfBuzz: HarfBuzzFont
    /// The font file's bytes, shared with the other faces of a collection loaded through a ``FontResolver``.
    let data: FontData
    /// Which of U+0000…U+024F (Basic Latin to Latin Extended-B) the character map covers, one bit
    /// each: the plain-Latin fast path (``PlainLatinLabel``) checks coverage here, without HarfBuzz.
    let latinCoverage: LatinCoverage
    private let spaceIsolation = Locked<Bool?>(nil)

    /// Loads face `faceIndex` of the font file at `path`.
    ///
    /// - Throws: ``CaliperError/fontFileNotFound(path:)``, ``CaliperError/fontFileUnreadable(path:reason:)``,
    ///   ``CaliperError/fontFileTooLarge(path:bytes:limit:)``, ``CaliperError/faceIndexOutOfRange(path:faceIndex:faceCount:)``
    ///   or ``CaliperError/invalidFont(path:faceIndex:reason:)``.
    public convenience init(
        contentsOfFile path: String, faceIndex: Int = 0, fileSizeLimit: Int = FontFace.defaultFileSizeLimit
    ) throws(CaliperError) {
        try self.init(data: try FontFile(path: path).read(limit: fileSizeLimit), faceIndex: faceIndex)
    }

    /// Loads face `faceIndex` of a font held in memory (downloaded, embedded); `name` stands for
    /// its path in ``path`` and in error messages.
    public convenience init(
        bytes: some Collection<UInt8>, faceIndex: Int = 0, name: String = "<memory>",
        fileSizeLimit: Int = FontFace.defaultFileSizeLimit
    ) throws(CaliperError) {
        try self.init(data: try FontData(bytes: bytes, name: name, limit: fileSizeLimit), faceIndex: faceIndex)
    }

    /// Loads face `faceIndex` of bytes already read (several faces of one collection share them).
    init(data: FontData, faceIndex: Int) throws(CaliperError) {
        let path = data.path
        let tables = try FreeType.readTables(of: data, faceIndex: faceIndex)
        self.path = path
        self.data = data
        self.faceIndex = faceIndex
        self.faceCount = tables.faceCount
        self.familyName = tables.familyName
        self.styleName = tables.styleName
        self.glyphCount = tables.glyphCount
        self.designMetrics = FontDesignMetrics(
            unitsPerEm: tables.unitsPerEm, ascender: tables.hheaAscender, descender: tables.hheaDescender,
            lineGap: tables.hheaLineGap, capHeight: tables.capHeight ?? 0, xHeight: tables.xHeight ?? 0)
        let harfBuzz = try HarfBuzzFont(data: data, faceIndex: faceIndex)
        self.harfBuzz = harfBuzz
        self.latinCoverage = LatinCoverage { harfBuzz.nominalGlyph(for: $0) != nil }
        guard harfBuzz.unitsPerEm == tables.unitsPerEm else {
            throw .invalidFont(path: path, faceIndex: faceIndex, reason: "FreeType and HarfBuzz disagree on unitsPerEm")
        }
    }

    /// Loads the installed font fontconfig picks for `pattern`, e.g. `"DejaVu Sans:bold"`.
    ///
    /// The match is strict about families: when the pattern names a family that no installed font
    /// has, this throws ``CaliperError/fontNotMatched(pattern:closest:)`` naming fontconfig's
    /// substitute, rather than silently measuring with another font. Generic families
    /// (`sans-serif`, `serif`, `monospace`, `emoji`, …) resolve to fontconfig's choice.
    public static func matching(_ pattern: String) throws(CaliperError) -> FontFace {
        let match = try matchedFile(pattern)
        return try FontFace(contentsOfFile: match.path, faceIndex: match.faceIndex)
    }

    /// The file and face fontconfig picks for `pattern`, strict about families as ``matching(_:)``.
    static func matchedFile(_ pattern: String) throws(CaliperError) -> (path: String, faceIndex: Int) {
        let match = try Fontconfig.match(pattern)
        let requested = try Fontconfig.requestedFamilies(in: pattern)
        let genericFamilies: Set<String> = [
            "sans-serif", "sans", "serif", "monospace", "mono", "system-ui", "emoji", "cursive", "fantasy", "math",
        ]
        let offered = Set(match.families.map { $0.lowercased() })
        let isSatisfied = requested.isEmpty || requested.contains { family in
            genericFamilies.contains(family.lowercased()) || offered.contains(family.lowercased())
        }
        guard isSatisfied else {
            let closest = [match.families.first, match.style].compactMap { $0 }.joined(separator: ":")
            throw .fontNotMatched(pattern: pattern, closest: closest.isEmpty ? nil : closest)
        }
        return (match.path, match.faceIndex)
    }

    /// The font fontconfig uses for `sans-serif` (DejaVu Sans on a stock Debian system).
    public static func systemDefault() throws(CaliperError) -> FontFace {
        try matching("sans-serif")
    }

    /// The installed fonts that match `pattern` (every font for `""`).
    public static func installedFonts(matching pattern: String = "") throws(CaliperError) -> [InstalledFont] {
        try Fontconfig.list(pattern)
    }

    /// The metrics in points at `pointSize`.
    public func metrics(atSize pointSize: CGFloat) -> FontMetrics {
        designMetrics.scaled(toPointSize: pointSize)
    }

    /// Whether the face draws in colour (bitmap, layered or SVG glyphs), as emoji fonts do.
    public var isColorFont: Bool { harfBuzz.isColorFont }

    /// Whether the face's character map has a glyph for `scalar`.
    public func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
        harfBuzz.nominalGlyph(for: scalar) != nil
    }

    /// Whether Latin words shape the same on their own as between spaces (see ``SpaceIsolation``),
    /// worked out on first use.
    var isolatesSpaces: Bool {
        if let known = spaceIsolation.withLock({ $0 }) { return known }
        let holds = SpaceIsolation.holds(in: harfBuzz)
        spaceIsolation.withLock { $0 = holds }
        return holds
    }

    public var description: String {
        "\(familyName) \(styleName) (\((path as NSString).lastPathComponent)\(faceIndex == 0 ? "" : "#\(faceIndex)"))"
    }

    public static func == (lhs: FontFace, rhs: FontFace) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
