// FontCache.swift — the fonts a resolver has loaded, keyed by the file they came from and bounded in bytes.

/// The font files a ``FontResolver`` keeps loaded, keyed by each file's identity on disk (device,
/// inode, size, modification time), never by how its path was spelled: `Fonts/x.ttf`,
/// `Fonts/./x.ttf` and a link to it share one copy of the bytes, and the faces of one collection
/// share its bytes too.
///
/// **Bound**: the bytes of the files kept loaded, ``byteBudget``; past it the least recently used
/// files are let go. A file let go stays in memory while a face made from it lives elsewhere (a
/// cached paragraph shape, a caller's `TextStyle`), and while it does its bytes are used again
/// rather than read anew, so no file is ever in memory twice. A file larger than the whole budget
/// is refused.
///
/// Those bytes are found through a weak reference to them, not to the faces: a weakly referenced
/// object's reference counting takes the runtime's slow path, and faces are retained and released
/// throughout measuring, bytes only when a face is made or freed. The weak references live in a
/// ``LoadedBytes`` that sibling caches share (``FontResolver/sibling()``): each makes faces of its
/// own, and no file is in memory twice among them either.
///
/// It also remembers how requests spelled their fonts (a path as given, a fontconfig pattern),
/// up to ``spellingLimit`` spellings, so a repeated request costs one look-up and no system call.
final class FontCache: Sendable {
    /// A face of a file: its index in the file and, for a variable font's named instance as
    /// fontconfig picks it, that instance.
    struct FaceKey: Hashable {
        var identity: FontFileIdentity
        var faceIndex: Int
        var namedInstance: Int?

        var slot: Slot { Slot(faceIndex: faceIndex, namedInstance: namedInstance) }
    }

    /// Where a face is kept among its file's faces.
    struct Slot: Hashable {
        var faceIndex: Int
        var namedInstance: Int?
    }

    /// A file kept loaded, with the faces made from it so far.
    private final class LoadedFile {
        let data: FontData
        var faces: [Slot: FontFace] = [:]
        var lastUsed: UInt64

        init(data: FontData, lastUsed: UInt64) {
            self.data = data
            self.lastUsed = lastUsed
        }
    }

    /// The bytes of the files that caches sharing it have read, each held weakly: found again
    /// while any face made from them is alive, in whichever cache. Its lock is taken only when a
    /// cache makes a face.
    final class LoadedBytes: Sendable {
        /// A file's bytes, held weakly.
        private final class WeakData {
            weak var data: FontData?
            init(_ data: FontData) { self.data = data }
        }

        private struct State {
            var alive: [FontFileIdentity: WeakData] = [:]
            /// How many references there may be before the dead ones are swept.
            var sweepAbove = 64
        }

        private let state = Locked(State())

        /// The bytes of the file `identity`, if a face made from them is alive.
        func data(of identity: FontFileIdentity) -> FontData? {
            state.withLock { $0.alive[identity]?.data }
        }

        /// The bytes of the file `identity` that are alive, else `data`, remembered as them: two
        /// caches that read the same file at once both make their faces from the first copy.
        @discardableResult
        func remember(_ data: FontData, of identity: FontFileIdentity) -> FontData {
            state.withLock { state in
                if let alive = state.alive[identity]?.data { return alive }
                state.alive[identity] = WeakData(data)
                // Dead references are swept once they double, so a sweep is paid for by the
                // loads that made them.
                if state.alive.count > state.sweepAbove {
                    state.alive = state.alive.filter { $0.value.data != nil }
                    state.sweepAbove = 2 * state.alive.count + 64
                }
                return data
            }
        }
    }

    private struct State {
        var files: [FontFileIdentity: LoadedFile] = [:]
        var spellings: [String: FaceKey] = [:]
        var clock: UInt64 = 0
        var statistics = FontResolver.Statistics(hits: 0, misses: 0, evictions: 0, entryCount: 0, byteCount: 0)

        mutating func remember(_ spelling: String, as key: FaceKey, limit: Int) {
            guard spellings[spelling] != key else { return }
            if spellings.count >= limit { spellings.removeAll(keepingCapacity: true) }
            spellings[spelling] = key
        }

        /// The face for `key` if a file kept loaded has it; counts a hit.
        mutating func loadedFace(_ key: FaceKey) -> FontFace? {
            clock += 1
            guard let file = files[key.identity], let face = file.faces[key.slot] else { return nil }
            file.lastUsed = clock
            statistics.hits += 1
            return face
        }
    }

    /// The most bytes of font files kept loaded.
    let byteBudget: Int
    /// The most spellings remembered; past it they are forgotten all at once (and looked up again).
    let spellingLimit: Int
    private let state = Locked(State())
    /// The bytes this cache and its siblings have read.
    let bytes: LoadedBytes

    /// An empty cache; `bytes` is shared with sibling caches, whose files it reads no second time.
    init(byteBudget: Int, spellingLimit: Int = 4096, bytes: LoadedBytes = LoadedBytes()) {
        self.byteBudget = max(0, byteBudget)
        self.spellingLimit = max(0, spellingLimit)
        self.bytes = bytes
    }

    var statistics: FontResolver.Statistics { state.withLock { $0.statistics } }

    /// The face a request spelled this way got before, if its file is still loaded.
    func face(spelledAs spelling: String) -> FontFace? {
        state.withLock { state in
            guard let key = state.spellings[spelling] else { return nil }
            return state.loadedFace(key)
        }
    }

    /// Face `faceIndex` of the opened `file`: the one already loaded, else made from the file's
    /// bytes if they are in memory, else read and made now (refusing a file over `fileSizeLimit`
    /// or over the whole budget). `spelling`, if any, is remembered for ``face(spelledAs:)``.
    func face(
        of file: FontFile, faceIndex: Int, namedInstance: Int? = nil, spelling: String?, fileSizeLimit: Int
    ) throws(CaliperError) -> FontFace {
        let key = FaceKey(identity: file.identity, faceIndex: faceIndex, namedInstance: namedInstance)
        let found: (face: FontFace?, data: FontData?) = state.withLock { state in
            if let face = state.loadedFace(key) {
                if let spelling { state.remember(spelling, as: key, limit: spellingLimit) }
                return (face, nil)
            }
            // Another face of a collection already read.
            return (nil, state.files[key.identity]?.data)
        }
        if let face = found.face { return face }
        // Else bytes a live face still holds, here or in a sibling cache; else the file read.
        let inMemory = found.data ?? bytes.data(of: key.identity)
        let data: FontData
        if let inMemory {
            data = inMemory
        } else {
            data = bytes.remember(try file.read(limit: min(fileSizeLimit, byteBudget)), of: key.identity)
        }
        let loaded = try FontFace(data: data, faceIndex: faceIndex)
        let made = try namedInstance.map { (index: Int) throws(CaliperError) in try loaded.namedInstance(at: index) } ?? loaded
        return state.withLock { state in
            // Two threads may load the same face at once: the first one kept wins.
            if let raced = state.loadedFace(key) {
                if let spelling { state.remember(spelling, as: key, limit: spellingLimit) }
                return raced
            }
            if inMemory == nil { state.statistics.misses += 1 } else { state.statistics.hits += 1 }
            keep(made, as: key, in: &state)
            if let spelling { state.remember(spelling, as: key, limit: spellingLimit) }
            return made
        }
    }

    /// Keeps `face`'s file loaded (counting its bytes once) with `face` among its faces, then lets
    /// the least recently used other files go until the rest fit the budget. Its bytes are in
    /// ``bytes`` already: they were remembered there when the file was read.
    private func keep(_ face: FontFace, as key: FaceKey, in state: inout State) {
        let file = state.files[key.identity] ?? {
            let file = LoadedFile(data: face.data, lastUsed: state.clock)
            state.files[key.identity] = file
            state.statistics.entryCount += 1
            state.statistics.byteCount += face.data.byteCount
            return file
        }()
        file.faces[key.slot] = face
        file.lastUsed = state.clock
        if state.statistics.byteCount > byteBudget {
            let byAge = state.files.filter { $0.key != key.identity }.sorted { $0.value.lastUsed < $1.value.lastUsed }
            for (identity, evicted) in byAge where state.statistics.byteCount > byteBudget {
                state.files[identity] = nil
                state.statistics.entryCount -= 1
                state.statistics.byteCount -= evicted.data.byteCount
                state.statistics.evictions += 1
            }
        }
    }
}
