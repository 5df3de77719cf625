// ShapeCache.swift — a bounded, thread-safe cache of paragraph shapes, shared by every size.
import Foundation

/// Caches the size-independent shape of paragraphs (ICU boundaries, itemization, HarfBuzz
/// glyphs in design units), so measuring the same paragraph again — at any point size, with any
/// width, line limit or letter spacing — skips all of that work.
///
/// **Key**: the paragraph's UTF-16 text, the paragraph direction, and for each of its style
/// stretches where it ends and what shaping takes of its style: fonts (primary and fallbacks, by
/// identity), fallback setting, OpenType features and language. Sizes, letter spacing and baseline
/// offsets are not in it: a stretch boundary is, so two spans that differ only in size still
/// split the text where they meet (and never kern or ligate across it). A face whose optical size
/// follows the point size (``FontFace/followsOpticalSize``) reaches the cache as its instance at
/// the size's `opsz`, a face of its own, so a shape is shared only by sizes with the same optical
/// size and stays exact.
///
/// Plain Latin labels (see ``TextMeasurer/size(of:style:)``) are kept apart, as browsers' word
/// caches do: the advance of each whole label, and of each word and run of spaces, in design
/// units, so a label seen before costs one look-up and a new label of known words is summed from
/// its words (only in fonts where nothing shapes across a space, see ``TextMeasurer/size(of:style:)``).
///
/// Finished layouts and sizes are kept too, for the calls the label fast path does not answer
/// (wrapped, truncated or international text): a call with the same text, spans, styles, paragraph
/// style and maximum width — compared bit for bit and byte for byte, fonts by identity — returns
/// the layout or size the first call computed, without itemizing, breaking or truncating again.
///
/// The glyphs of words are kept as well: a run of the general path in a face where nothing
/// shapes across a space (no layout lookup of any script involves the space glyph) is shaped word
/// by word, and a word seen before, in any paragraph, is not shaped again; the glyphs are those of
/// shaping the run whole, so this too changes no result.
///
/// **Bound**: the approximate bytes of what is cached. Paragraph shapes get half of
/// ``byteBudget`` (past it the least recently used are dropped until three quarters of their share
/// remain); shaped words, labels and label words an eighth each, layouts three thirty-seconds and
/// sizes one, in two generations (when the newer fills half its share, the older is dropped). Results are bit-identical to measuring
/// without the cache (the cached value is what the uncached path computes).
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

    /// What the cache holds and how it has served, at one moment: look-ups of paragraph shapes,
    /// labels and words together.
    public struct Statistics: Sendable, Hashable {
        /// Look-ups answered from the cache.
        public var hits: Int
        /// Look-ups that had to shape (or measure) afresh.
        public var misses: Int
        /// Entries let go to stay within the byte budget.
        public var evictions: Int
        /// The entries held now.
        public var entryCount: Int
        /// The bytes the entries are estimated to hold now, at most the budget.
        public var byteCount: Int

        /// hits ÷ (hits + misses), or 0 before any look-up.
        public var hitRate: Double { hits + misses == 0 ? 0 : Double(hits) / Double(hits + misses) }
    }

    struct Key: Hashable, Sendable {
        /// A style stretch as shaping sees it.
        struct Stretch: Hashable, Sendable {
            let end: Int
            let fonts: [FontFace]
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
                    end: end, fonts: [style.font] + style.fallbackFonts, fallback: style.fallback, features: style.features,
                    language: style.language, isBox: styles.hasBoxes && styles.boxes[index] != nil)
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
        var statistics = Statistics(hits: 0, misses: 0, evictions: 0, entryCount: 0, byteCount: 0)
    }

    /// The most bytes kept, all kinds of entries together.
    public let byteBudget: Int
    private let paragraphBudget: Int
    private let state = Locked(State())
    /// Advances of whole plain Latin labels.
    let labels: AdvanceTable<LabelAdvance>
    /// Advances of the words and runs of spaces of plain Latin labels.
    let pieces: AdvanceTable<ShapedAdvance>
    /// Finished layouts of the general path.
    let layouts: ResultTable<TextLayout>
    /// Sizes on one line per paragraph of the general path (text the label fast path does not take).
    let sizes: ResultTable<CGSize>
    /// Glyphs of the words and runs of spaces of the general path's runs.
    let words: WordTable

    /// An empty cache that holds at most about `byteBudget` bytes (negative counts as 0), shared
    /// between paragraph shapes, label and word advances, and finished layouts.
    public init(byteBudget: Int = ShapeCache.defaultByteBudget) {
        self.byteBudget = max(0, byteBudget)
        paragraphBudget = self.byteBudget / 2
        words = WordTable(byteBudget: self.byteBudget / 8)
        labels = AdvanceTable(byteBudget: self.byteBudget / 8)
        pieces = AdvanceTable(byteBudget: self.byteBudget / 8)
        layouts = ResultTable(byteBudget: self.byteBudget / 32 * 3)
        sizes = ResultTable(byteBudget: self.byteBudget / 32) { _ in MemoryLayout<CGSize>.stride }
    }

    /// The cache's counters and size now, summed over its tables.
    public var statistics: Statistics {
        var statistics = state.withLock { $0.statistics }
        for table in [labels.statistics, pieces.statistics, layouts.statistics, sizes.statistics, words.statistics] {
            statistics.hits += table.hits
            statistics.misses += table.misses
            statistics.evictions += table.evictions
            statistics.entryCount += table.entryCount
            statistics.byteCount += table.byteCount
        }
        return statistics
    }

    /// Drops every entry (the counters stay).
    public func removeAll() {
        state.withLock { state in
            state.entries.removeAll()
            state.statistics.entryCount = 0
            state.statistics.byteCount = 0
        }
        labels.removeAll()
        pieces.removeAll()
        layouts.removeAll()
        sizes.removeAll()
        words.removeAll()
    }

    /// The shape for `key`, computed by `make` on a miss. Two threads missing the same key at once
    /// may both compute it; both results are identical and one is kept.
    func shape(for key: Key, make: () throws(CaliperError) -> ParagraphShape) throws(CaliperError) -> ParagraphShape {
        let cached: ParagraphShape? = state.withLock { state in
            state.clock += 1
            guard let entry = state.entries[key] else {
                state.statistics.misses += 1
                return nil
            }
            state.statistics.hits += 1
            entry.lastUsed = state.clock
            return entry.shape
        }
        if let cached { return cached }
        let shape = try make()
        let bytes = shape.byteCount + key.content.count * 2
        guard bytes <= paragraphBudget else { return shape }
        var evicted: [(key: Key, value: Entry)] = []
        state.withLock { state in
            if state.entries[key] == nil {
                state.statistics.entryCount += 1
                state.statistics.byteCount += bytes
            }
            state.entries[key] = Entry(shape: shape, lastUsed: state.clock)
            if state.statistics.byteCount > paragraphBudget { evicted = evict(&state) }
        }
        withExtendedLifetime(evicted) {}  // the shapes let go are freed after the lock
        return shape
    }

    /// Drops the least recently used entries until three quarters of the budget remain, and
    /// returns them (and the sorted copy holding them) for the caller to free after the lock.
    private func evict(_ state: inout State) -> [(key: Key, value: Entry)] {
        let target = paragraphBudget / 4 * 3
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
