// ShapeCache.swift — a bounded, thread-safe cache of paragraph shapes, shared by every size.

/// Caches the size-independent shape of paragraphs (ICU boundaries, itemization, HarfBuzz
/// glyphs in design units), so measuring the same paragraph again — at any point size, with any
/// width, line limit or letter spacing — skips all of that work.
///
/// **Key**: the paragraph's UTF-16 text, the style's fonts (primary and fallbacks, by identity),
/// its fallback setting, OpenType features and language, and the paragraph direction.
/// **Bound**: the approximate bytes of the cached shapes; past ``byteBudget`` the least recently
/// used entries are dropped until three quarters of it remain. Results are bit-identical to
/// measuring without the cache (the cached value is what the uncached path computes).
///
/// ```swift
/// let measurer = TextMeasurer(cache: ShapeCache(byteBudget: 16 << 20))
/// measurer.cache?.statistics.hits
/// ```
public final class ShapeCache: Sendable {
    /// The default budget: 64 MiB.
    public static let defaultByteBudget = 64 << 20

    /// The process-wide cache that ``TextMeasurer`` uses unless told otherwise.
    public static let shared = ShapeCache()

    /// What the cache holds and how it has served, at one moment.
    public struct Statistics: Sendable, Hashable {
        public var hits: Int
        public var misses: Int
        public var evictions: Int
        public var entryCount: Int
        public var byteCount: Int

        /// hits ÷ (hits + misses), or 0 before any look-up.
        public var hitRate: Double { hits + misses == 0 ? 0 : Double(hits) / Double(hits + misses) }
    }

    struct Key: Hashable, Sendable {
        var content: [UInt16]
        var fonts: [FontFace]
        var fallback: FontFallback
        var features: [FontFeature]
        var language: String?
        var direction: BaseDirection
    }

    private struct Entry {
        var shape: ParagraphShape
        var lastUsed: UInt64
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var clock: UInt64 = 0
        var statistics = Statistics(hits: 0, misses: 0, evictions: 0, entryCount: 0, byteCount: 0)
    }

    /// The most bytes of shapes kept.
    public let byteBudget: Int
    private let state = Locked(State())

    public init(byteBudget: Int = ShapeCache.defaultByteBudget) {
        self.byteBudget = max(0, byteBudget)
    }

    public var statistics: Statistics { state.withLock { $0.statistics } }

    /// Drops every entry (the counters stay).
    public func removeAll() {
        state.withLock { state in
            state.entries.removeAll()
            state.statistics.entryCount = 0
            state.statistics.byteCount = 0
        }
    }

    /// The shape for `key`, computed by `make` on a miss. Two threads missing the same key at once
    /// may both compute it; both results are identical and one is kept.
    func shape(for key: Key, make: () throws(CaliperError) -> ParagraphShape) throws(CaliperError) -> ParagraphShape {
        let cached: ParagraphShape? = state.withLock { state in
            state.clock += 1
            guard var entry = state.entries[key] else {
                state.statistics.misses += 1
                return nil
            }
            state.statistics.hits += 1
            entry.lastUsed = state.clock
            state.entries[key] = entry
            return entry.shape
        }
        if let cached { return cached }
        let shape = try make()
        let bytes = shape.byteCount + key.content.count * 2
        guard bytes <= byteBudget else { return shape }
        state.withLock { state in
            if state.entries[key] == nil {
                state.statistics.entryCount += 1
                state.statistics.byteCount += bytes
            }
            state.entries[key] = Entry(shape: shape, lastUsed: state.clock)
            if state.statistics.byteCount > byteBudget { evict(&state) }
        }
        return shape
    }

    /// Drops the least recently used entries until three quarters of the budget remain.
    private func evict(_ state: inout State) {
        let target = byteBudget / 4 * 3
        let byAge = state.entries.sorted { $0.value.lastUsed < $1.value.lastUsed }
        for (key, entry) in byAge where state.statistics.byteCount > target {
            state.entries[key] = nil
            state.statistics.byteCount -= entry.shape.byteCount + key.content.count * 2
            state.statistics.entryCount -= 1
            state.statistics.evictions += 1
        }
    }
}
