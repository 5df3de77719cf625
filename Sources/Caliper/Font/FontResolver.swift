// FontResolver.swift — turns a font name from a user (a path or a fontconfig pattern) into a loaded face, once.
import Foundation

/// Resolves font specifications to loaded faces and keeps each face loaded, so a batch of
/// requests naming the same font loads it once. Thread-safe.
///
/// A specification is a **file path** when it contains a `/`, ends in `.ttf`, `.otf`, `.ttc`,
/// `.otc` (case-insensitive), or names an existing file or folder; a face of a collection is picked
/// with `#N` (`"Fonts/x.ttc#1"`). Anything else is a **fontconfig pattern** (`"DejaVu Sans:bold"`);
/// `nil` or `""` is the default font.
///
/// For a server, confine it: with a `fontRoot`, only font files inside that folder (after resolving
/// symbolic links and `..`) are read, and fontconfig patterns are refused unless allowed.
public final class FontResolver: Sendable {
    private let faces = Locked<[String: FontFace]>([:])
    private let fileSizeLimit: Int
    /// The folder font files must be in (its real path), or `nil` for anywhere.
    public let fontRoot: String?
    /// Whether fontconfig patterns (and the default font) may be used.
    public let allowsFontconfigPatterns: Bool

    private init(fileSizeLimit: Int, resolvedRoot: String?, allowsFontconfigPatterns: Bool) {
        self.fileSizeLimit = fileSizeLimit
        self.fontRoot = resolvedRoot
        self.allowsFontconfigPatterns = allowsFontconfigPatterns
    }

    /// An unconfined resolver: any file, any pattern.
    /// - Parameter fileSizeLimit: font files larger than this many bytes are refused.
    public convenience init(fileSizeLimit: Int = FontFace.defaultFileSizeLimit) {
        self.init(fileSizeLimit: fileSizeLimit, resolvedRoot: nil, allowsFontconfigPatterns: true)
    }

    /// A resolver confined to the font files in `fontRoot`.
    /// - Parameters:
    ///   - fileSizeLimit: font files larger than this many bytes are refused.
    ///   - fontRoot: font files outside this folder (after resolving links and `..`) are refused.
    ///   - allowsFontconfigPatterns: whether patterns (and the default font) may still be used.
    /// - Throws: ``CaliperError/fontFileNotFound(path:)`` when `fontRoot` does not exist.
    public convenience init(
        fileSizeLimit: Int = FontFace.defaultFileSizeLimit, fontRoot: String, allowsFontconfigPatterns: Bool = false
    ) throws(CaliperError) {
        guard let resolved = Self.realPath(fontRoot) else { throw .fontFileNotFound(path: fontRoot) }
        self.init(fileSizeLimit: fileSizeLimit, resolvedRoot: resolved, allowsFontconfigPatterns: allowsFontconfigPatterns)
    }

    /// The face for `specification`, loaded on first use.
    public func face(for specification: String?) throws(CaliperError) -> FontFace {
        let key = specification ?? ""
        if let cached = faces.withLock({ $0[key] }) { return cached }
        try checkAccess(key)
        let face = try Self.load(key, fileSizeLimit: fileSizeLimit)
        return faces.withLock { faces in
            if let raced = faces[key] { return raced }
            faces[key] = face
            return face
        }
    }

    /// Refuses files outside the font root and patterns that are not allowed.
    private func checkAccess(_ specification: String) throws(CaliperError) {
        guard let (path, _) = Self.filePath(in: specification), !specification.isEmpty else {
            if !allowsFontconfigPatterns { throw .fontPatternNotAllowed(specification) }
            return
        }
        guard let fontRoot else { return }
        guard let resolved = Self.realPath(path) else { throw .fontFileNotFound(path: path) }
        guard resolved.hasPrefix(fontRoot.hasSuffix("/") ? fontRoot : fontRoot + "/") else {
            throw .fontOutsideRoot(path: path, root: fontRoot)
        }
    }

    /// The absolute path with every symbolic link, `.` and `..` resolved, or `nil` if it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func load(_ specification: String, fileSizeLimit: Int) throws(CaliperError) -> FontFace {
        if specification.isEmpty { return try FontFace.systemDefault() }
        guard let (path, faceIndex) = filePath(in: specification) else {
            return try FontFace.matching(specification)
        }
        return try FontFace(contentsOfFile: path, faceIndex: faceIndex, fileSizeLimit: fileSizeLimit)
    }

    /// `(path, faceIndex)` when `specification` names a file, else `nil`.
    static func filePath(in specification: String) -> (String, Int)? {
        var path = specification
        var faceIndex = 0
        if let hash = specification.lastIndex(of: "#"),
            let index = Int(specification[specification.index(after: hash)...]), index >= 0
        {
            path = String(specification[..<hash])
            faceIndex = index
        }
        let fontExtensions: Set<String> = ["ttf", "otf", "ttc", "otc"]
        let isPath = path.contains("/") || fontExtensions.contains((path as NSString).pathExtension.lowercased())
            || FileManager.default.fileExists(atPath: path)
        return isPath ? (path, faceIndex) : nil
    }
}
