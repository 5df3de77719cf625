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
/// A paragraph shape made for a size on one line (``TextMeasurer/size(of:style:)`` of text the
/// label fast path does not take, and ``TextMeasurer/size(of:)-(AttributedText)``) is kept only
/// the second time its paragraph misses: the size itself is kept at once, and most labels are
/// sized once, so keeping each one's shape would fill memory the next label could reuse. A text
/// sized at several point sizes is shaped twice before its shape is kept. A layout's or
/// measurement's shape is kept at once.
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
    public typealias Statistics = CacheStatistics

    /// The key of a paragraph's shape (``ParagraphShapeTable/Key``).
    typealias Key = ParagraphShapeTable.Key

    /// The most bytes kept, all kinds of entries together.
    public let byteBudget: Int
    /// Paragraph shapes of the general path.
    let paragraphs: ParagraphShapeTable
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
        paragraphs = ParagraphShapeTable(byteBudget: self.byteBudget / 2)
        words = WordTable(byteBudget: self.byteBudget / 8)
        labels = AdvanceTable(byteBudget: self.byteBudget / 8)
        pieces = AdvanceTable(byteBudget: self.byteBudget / 8)
        layouts = ResultTable(byteBudget: self.byteBudget / 32 * 3)
        sizes = ResultTable(byteBudget: self.byteBudget / 32) { _ in MemoryLayout<CGSize>.stride }
    }

    /// The cache's counters and size now, summed over its tables.
    public var statistics: Statistics { tables.reduce(.zero) { $0 + $1.statistics } }

    /// One of the cache's tables: its name, its share of ``ShapeCache/byteBudget``, and its
    /// counters and size now.
    public struct Table: Sendable, Hashable {
        /// `paragraphs` (paragraph shapes), `words` (the general path's shaped words), `labels`
        /// (plain Latin labels' advances), `labelWords` (their words' advances), `layouts`
        /// (finished layouts) or `sizes` (one-line sizes).
        public var name: String
        /// The most bytes the table keeps.
        public var byteBudget: Int
        /// The table's look-ups, evictions, entries and bytes.
        public var statistics: Statistics
    }

    /// Each table's counters and size now, in a fixed order (as `/metrics` labels them).
    public var tables: [Table] {
        [
            Table(name: "paragraphs", byteBudget: paragraphs.byteBudget, statistics: paragraphs.statistics),
            Table(name: "words", byteBudget: words.byteBudget, statistics: words.statistics),
            Table(name: "labels", byteBudget: labels.byteBudget, statistics: labels.statistics),
            Table(name: "labelWords", byteBudget: pieces.byteBudget, statistics: pieces.statistics),
            Table(name: "layouts", byteBudget: layouts.byteBudget, statistics: layouts.statistics),
            Table(name: "sizes", byteBudget: sizes.byteBudget, statistics: sizes.statistics),
        ]
    }

    /// Drops every entry (the counters stay).
    public func removeAll() {
        paragraphs.removeAll()
        labels.removeAll()
        pieces.removeAll()
        layouts.removeAll()
        sizes.removeAll()
        words.removeAll()
    }

    /// The shape for `key`, from ``paragraphs`` or computed by `make` on a miss (told whether
    /// `admission` admits it, see ``ParagraphShapeTable/shape(for:admission:make:)``).
    @inline(__always)
    func shape(
        for key: Key, admission: ParagraphShapeTable.Admission = .always,
        make: (_ isAdmitted: Bool) throws(CaliperError) -> ParagraphShape
    ) throws(CaliperError) -> ParagraphShape {
        try paragraphs.shape(for: key, admission: admission, make: make)
    }
}
