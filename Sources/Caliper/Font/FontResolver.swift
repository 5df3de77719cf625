// FontResolver.swift — turns a font name from a user (a path or a fontconfig pattern) into a loaded face, once.
import Foundation

/// Resolves font specifications to loaded faces and keeps them loaded, so a batch of requests
/// naming the same font loads it once. Thread-safe.
///
/// A specification is a **file path** when it contains a `/`, ends in `.ttf`, `.otf`, `.ttc`,
/// `.otc` (case-insensitive), or names an existing file or folder; a face of a collection is picked
/// with `#N` (`"Fonts/x.ttc#1"`). Anything else is a **fontconfig pattern** (`"DejaVu Sans:bold"`);
/// `nil` or `""` is the default font, ``defaultFontFamily`` (DejaVu Sans) as fontconfig finds it:
/// the same font on every machine that has it, and an error naming fontconfig's substitute on one
/// that does not, never another font in its place. Only regular files are read: a folder, a FIFO,
/// a device or a socket is refused before a byte is read.
///
/// Loaded fonts are kept by the file they came from, not by how it was spelled, within a budget of
/// ``cacheByteBudget`` bytes (least recently used files let go first; see ``statistics``).
///
/// For a server, confine it: with a `fontRoot`, only font files inside that folder are read, and
/// fontconfig patterns are refused unless allowed. The file is opened once, and where the kernel
/// says the open file really is (every symbolic link and `..` resolved) is what must lie inside the
/// root, so swapping a link between a check and the read cannot reach a file outside it.
public final class FontResolver: Sendable {
    /// The family of the default font, used when no font is named: DejaVu Sans (its Book face),
    /// which Debian installs with `fonts-dejavu-core` and most Linux systems have. It is named
    /// rather than left to fontconfig's `sans-serif`, which is whatever the machine prefers
    /// (Noto Sans where Noto is installed), so that measurements without a font agree across machines.
    public static let defaultFontFamily = "DejaVu Sans"

    /// The default budget for font files kept loaded: 512 MiB.
    public static let defaultCacheByteBudget = 512 << 20

    /// The resolver of the fonts loaded without one: ``FontFace/matching(_:)``,
    /// ``FontFace/systemDefault()`` and fontconfig's fallback fonts (`SystemFallback`). Unconfined,
    /// with the default budget, so those files count against one budget and are let go (least
    /// recently used first) as any resolver's are.
    static let systemFonts = FontResolver()

    /// How a resolver's fonts have been served, at one moment: its entries are the font files
    /// kept loaded.
    public typealias Statistics = CacheStatistics

    private let cache: FontCache
    /// The faces of the folders ``face(family:weight:italic:near:)`` looked in, by folder (real
    /// path); forgotten all at once past 64 folders.
    private let folders = Locked<[String: [FolderFace]]>([:])
    let fileSizeLimit: Int
    /// The folder font files must be in (its real path), or `nil` for anywhere.
    public let fontRoot: String?
    /// The font root as it was given, for error messages: an answer never tells where the folder
    /// is on this machine, so workers whose fonts are in different places answer alike.
    let fontRootAsGiven: String?
    /// Whether fontconfig patterns (and the default font) may be used.
    public let allowsFontconfigPatterns: Bool
    /// The most bytes of font files kept loaded; a file larger than this is refused.
    public var cacheByteBudget: Int { cache.byteBudget }
    /// How the fonts have been served so far.
    public var statistics: Statistics { cache.statistics }

    private init(
        fileSizeLimit: Int, cacheByteBudget: Int, resolvedRoot: String?, givenRoot: String? = nil, allowsFontconfigPatterns: Bool,
        bytes: FontCache.LoadedBytes = FontCache.LoadedBytes()
    ) {
        self.fileSizeLimit = fileSizeLimit
        self.cache = FontCache(byteBudget: cacheByteBudget, bytes: bytes)
        self.fontRoot = resolvedRoot
        self.fontRootAsGiven = givenRoot
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
        let resolved: String
        do throws(Errno) {
            resolved = try SystemCall.realPath(fontRoot)
        } catch {
            throw .invalidFontRoot(path: fontRoot, reason: error.description)
        }
        guard (try? SystemCall.status(atPath: resolved))?.kind == .directory else {
            throw .invalidFontRoot(path: fontRoot, reason: "it is not a folder")
        }
        self.init(
            fileSizeLimit: fileSizeLimit, cacheByteBudget: cacheByteBudget, resolvedRoot: resolved, givenRoot: fontRoot,
            allowsFontconfigPatterns: allowsFontconfigPatterns)
    }

    /// A resolver with this one's settings (font root, limits, budget) and faces of its own,
    /// sharing with it only the bytes of the files they read: a file either has read is not read
    /// again while a face made from it lives. Each thread of `caliper batch --jobs` and of the
    /// service's compute pool resolves with a sibling, so that threads never count references to
    /// the same faces (their counts would bounce between the cores' caches on every run copied);
    /// its faces answer exactly as this resolver's would. Each sibling keeps up to
    /// ``cacheByteBudget`` bytes of files loaded; bytes they share are in memory once, so
    /// siblings hold more than one budget only while they use different files.
    public func sibling() -> FontResolver {
        FontResolver(
            fileSizeLimit: fileSizeLimit, cacheByteBudget: cacheByteBudget, resolvedRoot: fontRoot, givenRoot: fontRootAsGiven,
            allowsFontconfigPatterns: allowsFontconfigPatterns, bytes: cache.bytes)
    }

    /// The face for `specification`, loaded on first use.
    public func face(for specification: String?) throws(CaliperError) -> FontFace {
        let spelling = specification ?? ""
        if let face = cache.face(spelledAs: spelling) { return face }
        let (path, faceIndex, namedInstance, isPattern) = try fileToOpen(for: spelling)
        // A pattern is matched among the machine's fonts (when patterns are allowed); a path is confined.
        let file = isPattern ? try FontFile(path: path) : try openConfined(path)
        return try cache.face(
            of: file, faceIndex: faceIndex, namedInstance: namedInstance, spelling: spelling, fileSizeLimit: fileSizeLimit)
    }

    /// The face fontconfig picks for `pattern`, which is always a pattern here, never a path (see
    /// ``FontFace/matching(_:)``). fontconfig is asked and the file opened on every call, so a
    /// font installed or rewritten since the last one is seen; its bytes and face come from the
    /// cache while the same file is loaded.
    func face(matchingPattern pattern: String) throws(CaliperError) -> FontFace {
        guard allowsFontconfigPatterns else { throw .fontPatternNotAllowed(pattern) }
        let match = try FontFace.matchedFile(pattern)
        return try face(ofInstalledFile: match.path, faceIndex: match.faceIndex, namedInstance: match.namedInstance)
    }

    /// Face `faceIndex` (at its named instance `namedInstance`, as fontconfig numbers them) of the
    /// installed font file at `path`, as fontconfig names it: opened without confinement, and
    /// loaded through the cache.
    func face(ofInstalledFile path: String, faceIndex: Int, namedInstance: Int?) throws(CaliperError) -> FontFace {
        try cache.face(
            of: try FontFile(path: path), faceIndex: faceIndex, namedInstance: namedInstance, spelling: nil,
            fileSizeLimit: fileSizeLimit)
    }

    /// The file a specification names, and whether a fontconfig pattern named it, after refusing
    /// patterns when they are not allowed.
    private func fileToOpen(
        for specification: String
    ) throws(CaliperError) -> (path: String, faceIndex: Int, namedInstance: Int?, isPattern: Bool) {
        // C strings end at NUL: the name would open (or match) something else than it says. A
        // spelling is remembered only once it resolved, so the look-up before this never finds one.
        guard !specification.utf8.contains(0) else { throw .invalidFontName(specification) }
        guard let (path, faceIndex) = Self.filePath(in: specification), !specification.isEmpty else {
            guard allowsFontconfigPatterns else { throw .fontPatternNotAllowed(specification) }
            let matched = try FontFace.matchedFile(specification.isEmpty ? Self.defaultFontFamily : specification)
            return (matched.path, matched.faceIndex, matched.namedInstance, true)
        }
        return (path, faceIndex, nil, false)
    }

    /// The file at `path` opened once, refused unless it lies inside the font root when there is
    /// one: first by its real path, so nothing outside the root is opened at all while that
    /// holds, then authoritatively by where the kernel says the open file is, so a link swapped
    /// between the check and the open cannot lead outside it. The one confinement check of
    /// Caliper: fonts for shaping (``face(for:)``) and files served whole
    /// (``contentsOfFontFile(atPath:)``) both open through it.
    func openConfined(_ path: String) throws(CaliperError) -> FontFile {
        guard let fontRoot else { return try FontFile(path: path) }
        guard let resolved = Self.realPath(path) else { throw .fontFileNotFound(path: path) }
        guard Self.isInside(resolved, root: fontRoot) else { throw .fontOutsideRoot(path: path, root: fontRootAsGiven ?? fontRoot) }
        let file = try FontFile(path: path)
        guard let opened = file.openedPath else {
            throw .fontFileUnreadable(path: path, reason: "cannot tell where it is (/proc/self/fd is not available)")
        }
        guard Self.isInside(opened, root: fontRoot) else { throw .fontOutsideRoot(path: path, root: fontRootAsGiven ?? fontRoot) }
        return file
    }

    /// The face of `family` (the family of `base` when `nil`) nearest to `weight` (CSS's 100–1000:
    /// 400 regular, 700 bold) and `italic`, as markup's `<b>`, `<i>` and `font_family` ask for it
    /// relative to the text's font.
    ///
    /// It is looked for among the font files in `base`'s folder (inside the font root, when the
    /// resolver is confined) by their `name` and `OS/2` tables, chosen by CSS's font-matching rule
    /// (CSS Fonts 4, §5.2); a variable face covers its whole `wght` range and is set at the weight
    /// (and, for italic, at `ital` 1 or at the `slnt` nearest to CSS's oblique 14°). When the folder
    /// has no face of the family and fontconfig patterns are allowed, fontconfig chooses.
    ///
    /// - Throws: ``CaliperError/fontNotMatched(pattern:closest:)`` when nothing of the family is
    ///   found, and the errors of ``face(for:)``.
    public func face(family: String?, weight: Int, italic: Bool, near base: FontFace) throws(CaliperError) -> FontFace {
        let familyName = family ?? base.familyName
        let folder = (base.path as NSString).deletingLastPathComponent
        let candidates = folderFaces(folder.isEmpty ? "." : folder).filter {
            $0.family.caseInsensitiveCompare(familyName) == .orderedSame
        }
        if let (chosen, chosenWeight) = FontFolder.best(among: candidates, weight: weight, italic: italic) {
            var face = try self.face(for: chosen.path + (chosen.faceIndex == 0 ? "" : "#\(chosen.faceIndex)"))
            var settings: [FontVariation] = []
            if let axis = face.axes.first(where: { $0.tag == "wght" }), chosen.weightAxis != nil {
                settings.append(FontVariation(validatedTag: axis.tag, value: min(max(chosenWeight, axis.minimum), axis.maximum)))
            }
            if italic, !chosen.isItalic {
                if let axis = face.axes.first(where: { $0.tag == "ital" }) {
                    settings.append(FontVariation(validatedTag: axis.tag, value: min(1, axis.maximum)))
                } else if let axis = face.axes.first(where: { $0.tag == "slnt" }) {
                    settings.append(FontVariation(validatedTag: axis.tag, value: min(max(-14, axis.minimum), axis.maximum)))
                }
            }
            if !settings.isEmpty { face = try face.withVariations(settings) }
            return face
        }
        guard allowsFontconfigPatterns else {
            throw .fontNotMatched(pattern: "\(familyName) weight \(weight)\(italic ? " italic" : "") in \(folder)", closest: nil)
        }
        return try self.face(for: Fontconfig.pattern(family: familyName, weight: weight, italic: italic))
    }

    private func folderFaces(_ folder: String) -> [FolderFace] {
        let key = Self.realPath(folder) ?? folder
        if let known = folders.withLock({ $0[key] }) { return known }
        let faces = FontFolder.faces(in: folder) { file in
            guard let fontRoot else { return true }
            return file.openedPath.map { Self.isInside($0, root: fontRoot) } ?? false
        }
        folders.withLock { folders in
            if folders.count >= 64 { folders.removeAll() }
            folders[key] = faces
        }
        return faces
    }

    static func isInside(_ path: String, root: String) -> Bool {
        path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    /// The absolute path with every symbolic link, `.` and `..` resolved, or `nil` if it does not exist.
    static func realPath(_ path: String) -> String? {
        try? SystemCall.realPath(path)
    }

    /// `specification` with a relative font file path made relative to `folder`, as a document
    /// that names fonts beside itself needs (a layout spec naming `../Fonts/x.ttf`); absolute
    /// paths and fontconfig patterns are returned as they are.
    ///
    /// A specification is a path by the rules of ``face(for:)``, "names an existing file or
    /// folder" being asked of `folder`: `"x.ttc#1"` in `"cells"` is `"cells/x.ttc#1"`;
    /// `"DejaVu Sans:bold"` stays a pattern.
    public static func specification(_ specification: String, relativeTo folder: String) -> String {
        guard !specification.isEmpty, !specification.hasPrefix("/") else { return specification }
        let prefix = (folder.isEmpty ? "." : folder) + "/"
        let (path, _) = splitFaceIndex(specification)
        return looksLikePath(path) || FileManager.default.fileExists(atPath: prefix + path) ? prefix + specification : specification
    }

    /// The face a request names under a font root (`caliper batch --font-root`, the service): a
    /// relative path is read from `root`, as the service's clients name its files
    /// (`"DejaVuSans.ttf"` in the root `Fonts`). A relative path that names no file in `root` but
    /// names one from the working directory keeps that meaning (`"Fonts/DejaVuSans.ttf"`, the
    /// spelling `caliper batch` read before 0.2), and this resolver's confinement still decides
    /// it: a file inside the root loads, one outside is refused as outside. Otherwise the error
    /// is the one for the path in `root`.
    ///
    /// The path in `root` is tried first, through the cache of spellings, so a name seen before
    /// costs a look-up and no system call; only a name not found there is tried as given.
    public func face(for specification: String, inRoot root: String) throws(CaliperError) -> FontFace {
        let inRoot = Self.specification(specification, relativeTo: root)
        do {
            return try face(for: inRoot)
        } catch .fontFileNotFound(let path) where inRoot != specification {
            guard let (given, _) = Self.filePath(in: specification), FileManager.default.fileExists(atPath: given) else {
                throw .fontFileNotFound(path: path)
            }
            return try face(for: specification)
        }
    }

    /// `(path, faceIndex)` when `specification` names a file, else `nil`.
    static func filePath(in specification: String) -> (String, Int)? {
        let (path, faceIndex) = splitFaceIndex(specification)
        return looksLikePath(path) || FileManager.default.fileExists(atPath: path) ? (path, faceIndex) : nil
    }

    /// `specification` without a `#N` face index, and the index (0 without one).
    private static func splitFaceIndex(_ specification: String) -> (path: String, faceIndex: Int) {
        if let hash = specification.lastIndex(of: "#"),
            let index = Int(specification[specification.index(after: hash)...]), index >= 0
        {
            return (String(specification[..<hash]), index)
        }
        return (specification, 0)
    }

    /// Whether `path` is a path by its spelling: it has a `/` or a font file's extension.
    private static func looksLikePath(_ path: String) -> Bool {
        let fontExtensions: Set<String> = ["ttf", "otf", "ttc", "otc"]
        return path.contains("/") || fontExtensions.contains((path as NSString).pathExtension.lowercased())
    }
}
