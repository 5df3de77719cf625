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

    /// Generations turned out and not yet freed: ``Locked/withLockFreeingDropped(_:)`` frees them
    /// after releasing the lock, since freeing thousands of entries inside it stalled every other
    /// thread that used the table.
    var dropped: [Generation] = []

    /// Makes room in the current generation for an entry of `bytes`, turning generations when it
    /// would pass half of `budget` (the one dropped goes to ``dropped``). The caller then adds the
    /// entry and its bytes to ``current``.
    mutating func makeRoom(for bytes: Int, budget: Int) {
        guard current.byteCount + bytes > budget / 2 else { return }
        evictions += previous.entryCount
        dropped.append(previous)
        previous = current
        current = Generation()
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

extension Locked {
    /// ``withLock(_:)`` for a table of generations: what the body dropped
    /// (``Generations/dropped``) is freed after the lock is released.
    func withLockFreeingDropped<Generation: TableGeneration, Result>(
        _ body: (inout Generations<Generation>) -> Result
    ) -> Result where Value == Generations<Generation> {
        let (result, dropped) = withLock { state -> (Result, [Generation]?) in
            let result = body(&state)
            guard !state.dropped.isEmpty else { return (result, nil) }
            defer { state.dropped = [] }
            return (result, state.dropped)
        }
        withExtendedLifetime(dropped) {}
        return result
    }
}
