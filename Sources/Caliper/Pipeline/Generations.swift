// Generations.swift — the two generations and counters that the cache's tables share.

/// One generation of a generational table: its entries, and roughly the bytes they take.
protocol TableGeneration {
    init()
    var byteCount: Int { get set }
    var entryCount: Int { get }
}

/// The bookkeeping of a table bounded by bytes with generational eviction (``AdvanceTable``,
/// ``ResultTable``): entries go into the current generation; when the next would take it past half
/// the budget it becomes the previous one and the one before is dropped, so both together stay
/// within the budget. A hit costs no bookkeeping write, which a strict LRU could not offer; the
/// tables copy an entry found only in the previous generation forward, so what is in use survives.
struct Generations<Generation: TableGeneration> {
    var current = Generation()
    var previous = Generation()
    var hits = 0
    var misses = 0
    var evictions = 0

    /// Whether an entry of `bytes` may be kept at all under `budget` (at most half of it).
    static func admits(_ bytes: Int, budget: Int) -> Bool { bytes <= budget / 2 }

    /// Makes room in the current generation for an entry of `bytes`, turning generations when it
    /// would pass half of `budget`. The caller then adds the entry and its bytes to ``current``.
    /// Returns the generation dropped, if one was: the caller lets it go after releasing its lock,
    /// since freeing thousands of entries inside it stalled every other thread that used the table.
    mutating func makeRoom(for bytes: Int, budget: Int) -> Generation? {
        guard current.byteCount + bytes > budget / 2 else { return nil }
        evictions += previous.entryCount
        let dropped = previous
        previous = current
        current = Generation()
        return dropped
    }

    /// What the table holds (an entry copied forward counts in both generations) and how it has served.
    var statistics: ShapeCache.Statistics {
        ShapeCache.Statistics(
            hits: hits, misses: misses, evictions: evictions, entryCount: current.entryCount + previous.entryCount,
            byteCount: current.byteCount + previous.byteCount)
    }

    /// Drops every entry (the counters stay).
    mutating func removeAll() {
        current = Generation()
        previous = Generation()
    }
}
