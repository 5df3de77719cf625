// FontResolver.swift — turns a font name from a user (a path or a fontconfig pattern) into a loaded face, once.
import Foundation

/// Resolves font specifications to loaded faces and keeps them loaded, so a batch of requests
/// naming the same font loads it once. Thread-safe.
///
/// A specification is a **file path** when it contains a `/`, ends in `.ttf`, `.otf`, `.ttc`,
/// `.otc` (case-insensitive), or names an existing file or folder; a face of a collection is picked
/// with `#N` (`"Fonts/x.ttc#1"`). Anything else is a **fontconfig pattern** (`"DejaVu Sans:bold"`);
/// `nil` or `""` is the default font. Only regular files are read: a folder, a FIFO, a device or a
/// socket is refused before a byte is read.
///
/// Loaded fonts are kept by the file they came from, not by how it was spelled, within a budget of
/// ``cacheByteBudget`` bytes (least recently used files let go first; see ``statistics``).
///
/// For a server, confine it: with a `fontRoot`, only font files inside that folder are read, and
/// fontconfig patterns are refused unless allowed. The file is opened once, and where the kernel
/// says the open file really is (every symbolic link and `..` resolved) is what must lie inside the
/// root, so swapping a link between a check and the read cannot reach a file outside it.
public final class FontResolver: Sendable {
    /// The default budget for font files kept loaded: 512 MiB.
    public static let defaultCacheByteBudget = 512 << 20

    /// How a resolver's fonts have been served, at one moment.
    public struct Statistics: Sendable, Hashable {
        /// Look-ups answered without reading a file: a font already loaded, or made from bytes
        /// still in memory.
        public var hits: Int
        /// Look-ups that read a font file.
        public var misses: Int
        /// Files let go to stay within the budget.
        public var evictions: Int
        /// Files kept loaded now.
        public var fileCount: Int
        /// Their bytes.
        public var byteCount: Int
    }

    private let cache: FontCache
    private let fileSizeLimit: Int
    /// The folder font files must be in (its real path), or `nil` for anywhere.
    public let fontRoot: String?
    /// Whether fontconfig patterns (and the default font) may be used.
    public let allowsFontconfigPatterns: Bool
    /// The most bytes of font files kept loaded; a file larger than this is refused.
    public var cacheByteBudget: Int { cache.byteBudget }
    /// How the fonts have been served so far.
    public var statistics: Statistics { cache.statistics }

    private init(fileSizeLimit: Int, cacheByteBudget: Int, resolvedRoot: String?, allowsFontconfigPatterns: Bool) {
        self.fileSizeLimit = fileSizeLimit
        self.cache = FontCache(byteBudget: cacheByteBudget)
        self.fontRoot = resolvedRoot
        self.allowsFontconfigPatterns = allowsFontconfigPatterns
    }

    /// An unconfined resolver: any file, any pattern.
    /// - Parameters:
    ///   - fileSizeLimit: font files larger than this many bytes are refused.
    ///   - cacheByteBudget: the most bytes of font files kept loaded.
    public convenience init(
        fileSizeLimit: Int = FontFace.defaultFileSizeLimit, cacheByteBudget: Int = FontResolver.defaultCacheByteBudget
    ) {
        self.init(
            fileSizeLimit: fileSizeLimit, cacheByteBudget: cacheByteBudget, resolvedRoot: nil,
            allowsFontconfigPatterns: true)
    }

    /// A resolver confined to the font files in `fontRoot`.
    /// - Parameters:
    ///   - fileSizeLimit: font files larger than this many bytes are refused.
    ///   - cacheByteBudget: the most bytes of font files kept loaded.
    ///   - fontRoot: font files outside this folder (after resolving links and `..`) are refused.
    ///   - allowsFontconfigPatterns: whether patterns (and the default font) may still be used.
    /// - Throws: ``CaliperError/invalidFontRoot(path:reason:)`` when `fontRoot` is not a folder.
    public convenience init(
        fileSizeLimit: Int = FontFace.defaultFileSizeLimit, cacheByteBudget: Int = FontResolver.defaultCacheByteBudget,
        fontRoot: String, allowsFontconfigPatterns: Bool = false
    ) throws(CaliperError) {
        guard let resolved = Self.realPath(fontRoot) else {
            throw .invalidFontRoot(path: fontRoot, reason: String(cString: strerror(errno)))
        }
        var status = stat()
        guard stat(resolved, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            throw .invalidFontRoot(path: fontRoot, reason: "it is not a folder")
        }
        self.init(
            fileSizeLimit: fileSizeLimit, cacheByteBudget: cacheByteBudget, resolvedRoot: resolved,
            allowsFontconfigPatterns: allowsFontconfigPatterns)
    }

    /// The face for `specification`, loaded on first use.
    public func face(for specification: String?) throws(CaliperError) -> FontFace {
        let spelling = specification ?? ""
        if let face = cache.face(spelledAs: spelling) { return face }
        let (path, faceIndex, namedInstance) = try fileToOpen(for: spelling)
        let file = try FontFile(path: path)
        if let fontRoot, Self.filePath(in: spelling) != nil {
            // The authoritative check: where the open file is, not where the path led a moment ago.
            guard let opened = file.openedPath else {
                throw .fontFileUnreadable(path: path, reason: "cannot tell where it is (/proc/self/fd is not available)")
            }
            guard Self.isInside(opened, root: fontRoot) else { throw .fontOutsideRoot(path: path, root: fontRoot) }
        }
        return try cache.face(
            of: file, faceIndex: faceIndex, namedInstance: namedInstance, spelling: spelling, fileSizeLimit: fileSizeLimit)
    }

    /// The file a specification names, after refusing what the resolver does not allow: patterns
    /// when they are not allowed, and paths whose real path is outside the font root (checked
    /// before the file is opened, so nothing outside the root is opened at all while it holds).
    private func fileToOpen(for specification: String) throws(CaliperError) -> (path: String, faceIndex: Int, namedInstance: Int?) {
        guard let (path, faceIndex) = Self.filePath(in: specification), !specification.isEmpty else {
            guard allowsFontconfigPatterns else { throw .fontPatternNotAllowed(specification) }
            return try FontFace.matchedFile(specification.isEmpty ? "sans-serif" : specification)
        }
        if let fontRoot {
            guard let resolved = Self.realPath(path) else { throw .fontFileNotFound(path: path) }
            guard Self.isInside(resolved, root: fontRoot) else { throw .fontOutsideRoot(path: path, root: fontRoot) }
        }
        return (path, faceIndex, nil)
    }

    private static func isInside(_ path: String, root: String) -> Bool {
        path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    /// The absolute path with every symbolic link, `.` and `..` resolved, or `nil` if it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
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
