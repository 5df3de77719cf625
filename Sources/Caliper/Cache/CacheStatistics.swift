// CacheStatistics.swift — how a cache has served, at one moment: the one counter type of every table and of the font cache.

/// What a cache holds and how it has served, at one moment: a ``ShapeCache``'s tables
/// (``ShapeCache/Statistics``) and a ``FontResolver``'s font files (``FontResolver/Statistics``,
/// whose entries are files).
public struct CacheStatistics: Sendable, Hashable {
    /// Look-ups answered from the cache (for fonts: without reading a file, a font already loaded
    /// or made from bytes still in memory).
    public var hits: Int
    /// Look-ups that had to make the entry afresh (shape, measure, or read a font file).
    public var misses: Int
    /// Entries let go to stay within the byte budget.
    public var evictions: Int
    /// The entries held now (for fonts: the files kept loaded).
    public var entryCount: Int
    /// The bytes the entries hold now (estimated for shapes and layouts), at most the budget.
    public var byteCount: Int

    /// Counts and sizes as given.
    public init(hits: Int, misses: Int, evictions: Int, entryCount: Int, byteCount: Int) {
        self.hits = hits
        self.misses = misses
        self.evictions = evictions
        self.entryCount = entryCount
        self.byteCount = byteCount
    }

    /// hits ÷ (hits + misses), or 0 before any look-up.
    public var hitRate: Double { hits + misses == 0 ? 0 : Double(hits) / Double(hits + misses) }

    /// Nothing looked up, let go or held.
    public static let zero = CacheStatistics(hits: 0, misses: 0, evictions: 0, entryCount: 0, byteCount: 0)

    /// Two readings together (several tables', caches' or resolvers'): each count added.
    public static func + (lhs: CacheStatistics, rhs: CacheStatistics) -> CacheStatistics {
        CacheStatistics(
            hits: lhs.hits + rhs.hits, misses: lhs.misses + rhs.misses, evictions: lhs.evictions + rhs.evictions,
            entryCount: lhs.entryCount + rhs.entryCount, byteCount: lhs.byteCount + rhs.byteCount)
    }
}
