// ParagraphShapeTable.swift — paragraph shapes by everything shaping takes of a paragraph, bounded in bytes, least recently used let go first.
import Foundation

/// The size-independent shapes of paragraphs (``ParagraphShape``), by ``Key``.
///
/// **Bound**: ``byteBudget``, the approximate bytes of the shapes and their keys' text; past it the
/// least recently used are dropped until three quarters of it remain. A shape larger than the
/// whole budget is computed and not kept.
///
/// **Admission**: a shape made for a layout or a measurement is kept at once; one made for a size
/// on one line (``Admission/onSecondMiss``) only the second time its key misses — content
/// delivery networks' "cache on second hit", which keeps one-hit wonders out (Maggs and
/// Sitaraman, "Algorithmic Nuggets in Content Delivery", ACM SIGCOMM Computer Communication
/// Review 45(3), 2015), its first hits remembered as TinyLFU's doorkeeper remembers them
/// (Einziger, Friedman and Manes, "TinyLFU: A Highly Efficient Cache Admission Policy", ACM
/// Transactions on Storage 13(4), 2017). Most labels are sized once, and their sizes are kept in
/// the size table anyway, so keeping every shape only filled memory that the next label could have
/// reused: a cold pass over distinct mixed-script labels ran about 1.4 times as fast without it
/// (issue #45). The doorkeeper is a set of key digests, emptied when it holds ``doorkeeperLimit``
/// (one per kibibyte of the budget, so at most about 2% of it in memory, not counted in
/// ``statistics``); a digest shared by two keys admits a shape one miss early, which changes what
/// is kept, never a result. A table whose budget is under a kibibyte (less than any shape counts)
/// admits no size's shape.
final class ParagraphShapeTable: Sendable {
    /// When a shape made on a miss is kept.
    enum Admission: Sendable {
        /// At once: a layout or measurement, whose text is often laid out again (at another width,
        /// in another size).
        case always
        /// The second time its key misses while the doorkeeper remembers the first: a size on
        /// one line, whose text is usually sized once.
        case onSecondMiss
    }

    struct Key: Hashable, Sendable {
        /// A style stretch as shaping sees it.
        struct Stretch: Hashable, Sendable {
            let end: Int
            let font: FontFace
            /// The style's own array (its fonts are not copied into a new one for the key).
            let fallbackFonts: [FontFace]
            let fallback: FontFallback
            let features: [FontFeature]
            let language: String?
            /// Whether the stretch is an inline box (shaped as nothing; its size is not in the key).
            let isBox: Bool
        }

        let content: [UInt16]
        let stretches: [Stretch]
        let direction: BaseDirection
        /// Every field equality compares — the text (as bytes), each stretch's end, fonts (by
        /// identity), fallback, features, language and box flag, and the direction — hashed once,
        /// when the key is made, outside the cache's lock: a paragraph's text is long, and the lock
        /// is shared. Keys that differ only in a field left out of the hash would all collide, and
        /// every insert would compare against each of them under the lock.
        let digest: Int

        init(content: [UInt16], styles: StyleRuns, direction: BaseDirection) {
            self.content = content
            self.direction = direction
            stretches = zip(styles.ends, styles.styles).enumerated().map { index, stretch in
                let (end, style) = stretch
                return Stretch(
                    end: end, font: style.font, fallbackFonts: style.fallbackFonts, fallback: style.fallback, features: style.features,
                    language: style.language, isBox: styles.box(index) != nil)
            }
            var hasher = Hasher()
            content.withUnsafeBytes { hasher.combine(bytes: $0) }
            for stretch in stretches { hasher.combine(stretch) }
            hasher.combine(direction)
            digest = hasher.finalize()
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(digest)
        }
    }

    /// A cached shape and when it was last used; a class, so a hit updates its age in place
    /// rather than writing the entry back into the dictionary (hashing the key again).
    private final class Entry {
        let shape: ParagraphShape
        var lastUsed: UInt64

        init(shape: ParagraphShape, lastUsed: UInt64) {
            self.shape = shape
            self.lastUsed = lastUsed
        }
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var clock: UInt64 = 0
        /// The digests of the keys whose shapes were not admitted on their first miss.
        var doorkeeper = Set<Int>()
        var statistics = ShapeCache.Statistics(hits: 0, misses: 0, evictions: 0, entryCount: 0, byteCount: 0)
    }

    /// The most bytes kept.
    let byteBudget: Int
    /// How many keys the doorkeeper remembers before it forgets them all: one per kibibyte of
    /// ``byteBudget`` (a shape takes at least about one).
    let doorkeeperLimit: Int
    private let state = Locked(State())

    init(byteBudget: Int) {
        self.byteBudget = max(0, byteBudget)
        doorkeeperLimit = self.byteBudget / 1024
    }

    /// The table's counters and size now.
    var statistics: ShapeCache.Statistics { state.withLock { $0.statistics } }

    /// Drops every entry (the counters stay).
    func removeAll() {
        let dropped = state.withLock { state in
            defer {
                state.entries.removeAll()
                state.doorkeeper.removeAll()
                state.statistics.entryCount = 0
                state.statistics.byteCount = 0
            }
            return state.entries
        }
        withExtendedLifetime(dropped) {}  // freed after the lock
    }

    /// The shape for `key`, computed by `make` on a miss — told whether `admission` admits it (a
    /// shape not admitted may leave out its line breaks, see ``ParagraphShape/breaksLines``) —
    /// and kept when admitted and within the budget. Two threads missing the same key at once may
    /// both compute it; one admitted is kept, and every shape kept has its line breaks.
    func shape(
        for key: Key, admission: Admission = .always, make: (_ isAdmitted: Bool) throws(CaliperError) -> ParagraphShape
    ) throws(CaliperError) -> ParagraphShape {
        let (cached, isAdmitted): (ParagraphShape?, Bool) = state.withLock { state in
            state.clock += 1
            guard let entry = state.entries[key] else {
                state.statistics.misses += 1
                return (nil, admission == .always || Self.passesDoorkeeper(key, in: &state, limit: doorkeeperLimit))
            }
            state.statistics.hits += 1
            entry.lastUsed = state.clock
            return (entry.shape, true)
        }
        if let cached { return cached }
        let shape = try make(isAdmitted)
        let bytes = shape.byteCount + key.content.count * 2
        guard isAdmitted, bytes <= byteBudget else { return shape }
        assert(shape.breaksLines, "a shape kept must have its line breaks: every later layout reads them")
        var evicted: [(key: Key, value: Entry)] = []
        state.withLock { state in
            if state.entries[key] == nil {
                state.statistics.entryCount += 1
                state.statistics.byteCount += bytes
            }
            state.entries[key] = Entry(shape: shape, lastUsed: state.clock)
            if state.statistics.byteCount > byteBudget { evicted = evict(&state) }
        }
        withExtendedLifetime(evicted) {}  // the shapes let go are freed after the lock
        return shape
    }

    /// Whether a key that missed is admitted on this miss: when the doorkeeper remembers its
    /// first (and forgets it now); else the doorkeeper remembers this one, emptied first when it
    /// holds `limit` keys. With no room for a key (a budget under a kibibyte, which no shape fits),
    /// never.
    private static func passesDoorkeeper(_ key: Key, in state: inout State, limit: Int) -> Bool {
        guard limit > 0 else { return false }
        if state.doorkeeper.remove(key.digest) != nil { return true }
        if state.doorkeeper.count >= limit { state.doorkeeper.removeAll(keepingCapacity: true) }
        state.doorkeeper.insert(key.digest)
        return false
    }

    /// Drops the least recently used entries until three quarters of the budget remain, and
    /// returns them (and the sorted copy holding them) for the caller to free after the lock.
    private func evict(_ state: inout State) -> [(key: Key, value: Entry)] {
        let target = byteBudget / 4 * 3
        let byAge = state.entries.sorted { $0.value.lastUsed < $1.value.lastUsed }
        for (key, entry) in byAge where state.statistics.byteCount > target {
            state.entries[key] = nil
            state.statistics.byteCount -= entry.shape.byteCount + key.content.count * 2
            state.statistics.entryCount -= 1
            state.statistics.evictions += 1
        }
        return byAge
    }
}
