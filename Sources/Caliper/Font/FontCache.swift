// FontCache.swift — the fonts a resolver has loaded, keyed by the file they came from and bounded in bytes.

/// The font files a ``FontResolver`` keeps loaded, keyed by each file's identity on disk (device,
/// inode, size, modification time), never by how its path was spelled: `Fonts/x.ttf`,
/// `Fonts/./x.ttf` and a link to it share one copy of the bytes, and the faces of one collection
/// share its bytes too.
///
/// **Bound**: the bytes of the files kept loaded, ``byteBudget``; past it the least recently used
/// files are let go. A face let go lives on while something else holds it (a cached paragraph
/// shape, a caller's `TextStyle`), and while it does it is found again rather than read anew, so
/// no file is ever in memory twice. A file larger than the whole budget is refused.
///
/// It also remembers how requests spelled their fonts (a path as given, a fontconfig pattern),
/// up to ``spellingLimit`` spellings, so a repeated request costs one look-up and no system call.
final class FontCache: Sendable {
    /// A face of a file.
    struct FaceKey: Hashable {
        var identity: FontFileIdentity
        var faceIndex: Int
    }

    /// A file kept loaded, with the faces made from it so far.
    private final class LoadedFile {
        let data: FontData
        var faces: [Int: FontFace] = [:]
        var lastUsed: UInt64

        init(data: FontData, lastUsed: UInt64) {
            self.data = data
            self.lastUsed = lastUsed
        }
    }

    /// A face handed out, held weakly: found again while anything else keeps it alive.
    private final class Handed {
        weak var face: FontFace?
        init(_ face: FontFace) { self.face = face }
    }

    private struct State {
        var files: [FontFileIdentity: LoadedFile] = [:]
        var handed: [FaceKey: Handed] = [:]
        var spellings: [String: FaceKey] = [:]
        var clock: UInt64 = 0
        var statistics = FontResolver.Statistics(hits: 0, misses: 0, evictions: 0, fileCount: 0, byteCount: 0)

        mutating func remember(_ spelling: String, as key: FaceKey, limit: Int) {
            guard spellings[spelling] != key else { return }
            if spellings.count >= limit { spellings.removeAll(keepingCapacity: true) }
            spellings[spelling] = key
        }
    }

    /// The most bytes of font files kept loaded.
    let byteBudget: Int
    /// The most spellings remembered; past it they are forgotten all at once (and looked up again).
    let spellingLimit: Int
    private let state = Locked(State())

    init(byteBudget: Int, spellingLimit: Int = 4096) {
        self.byteBudget = max(0, byteBudget)
        self.spellingLimit = max(0, spellingLimit)
    }

    var statistics: FontResolver.Statistics { state.withLock { $0.statistics } }

    /// The face a request spelled this way got before, if it is still loaded or alive.
    func face(spelledAs spelling: String) -> FontFace? {
        state.withLock { state in
            guard let key = state.spellings[spelling] else { return nil }
            return Self.cachedFace(key, in: &state)
        }
    }

    /// Face `faceIndex` of the opened `file`: the one already loaded or alive for the same file,
    /// else read and loaded now (refusing a file over `fileSizeLimit` or over the whole budget).
    /// `spelling` is remembered for ``face(spelledAs:)``.
    func face(of file: FontFile, faceIndex: Int, spelling: String, fileSizeLimit: Int) throws(CaliperError) -> FontFace {
        let key = FaceKey(identity: file.identity, faceIndex: faceIndex)
        let found: (face: FontFace?, data: FontData?) = state.withLock { state in
            if let face = Self.cachedFace(key, in: &state) {
                state.remember(spelling, as: key, limit: spellingLimit)
                return (face, nil)
            }
            // Another face of a collection already read, or one of its faces still alive.
            let data = state.files[key.identity]?.data
                ?? state.handed.lazy.filter { $0.key.identity == key.identity }.compactMap { $0.value.face?.data }.first
            return (nil, data)
        }
        if let face = found.face { return face }
        let loaded: FontFace
        if let data = found.data {
            loaded = try FontFace(data: data, faceIndex: faceIndex)
        } else {
            loaded = try FontFace(data: try file.read(limit: min(fileSizeLimit, byteBudget)), faceIndex: faceIndex)
        }
        return state.withLock { state in
            // Two threads may load the same face at once: the first one kept wins.
            let face = Self.cachedFace(key, in: &state) ?? loaded
            if face === loaded {
                state.statistics.misses += 1
                Self.keep(face, as: key, in: &state)
                evict(&state, sparing: key.identity)
            }
            state.remember(spelling, as: key, limit: spellingLimit)
            return face
        }
    }

    /// The face for `key` if a file kept loaded has it or it is still alive elsewhere (then its
    /// file is kept loaded again); counts a hit.
    private static func cachedFace(_ key: FaceKey, in state: inout State) -> FontFace? {
        state.clock += 1
        if let file = state.files[key.identity], let face = file.faces[key.faceIndex] {
            file.lastUsed = state.clock
            state.statistics.hits += 1
            return face
        }
        guard let face = state.handed[key]?.face else { return nil }
        keep(face, as: key, in: &state)
        state.statistics.hits += 1
        return face
    }

    /// Keeps `face`'s file loaded (counting its bytes once) with `face` among its faces.
    private static func keep(_ face: FontFace, as key: FaceKey, in state: inout State) {
        let file = state.files[key.identity] ?? {
            let file = LoadedFile(data: face.data, lastUsed: state.clock)
            state.files[key.identity] = file
            state.statistics.fileCount += 1
            state.statistics.byteCount += face.data.byteCount
            return file
        }()
        file.faces[key.faceIndex] = face
        file.lastUsed = state.clock
        if state.handed[key]?.face !== face { state.handed[key] = Handed(face) }
    }

    /// Lets the least recently used files go until the rest fit the budget (never `spared`, the
    /// file just loaded, which fits on its own), and forgets faces that died.
    private func evict(_ state: inout State, sparing spared: FontFileIdentity) {
        if state.statistics.byteCount > byteBudget {
            let byAge = state.files.filter { $0.key != spared }.sorted { $0.value.lastUsed < $1.value.lastUsed }
            for (identity, file) in byAge where state.statistics.byteCount > byteBudget {
                state.files[identity] = nil
                state.statistics.fileCount -= 1
                state.statistics.byteCount -= file.data.byteCount
                state.statistics.evictions += 1
            }
        }
        // Dead weak references are swept once they outnumber the living faces, so the sweep is
        // paid for by the loads that made them.
        let keptFaces = state.files.values.reduce(0) { $0 + $1.faces.count }
        if state.handed.count > 2 * keptFaces + 64 {
            state.handed = state.handed.filter { $0.value.face != nil }
        }
    }
}
