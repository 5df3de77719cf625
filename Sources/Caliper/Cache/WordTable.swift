// WordTable.swift — the glyphs of words (each with the spaces after it), by text and what shapes them, bounded and thread-safe.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Everything besides its text that decides how a word of a run shapes: the run's face, script
/// and direction, and its style's features and language.
struct WordStyle: Sendable {
    var face: FontFace
    var script: Int32
    var isRightToLeft: Bool
    var shaping: ShapingAttributes

    /// Whether the two shape alike: the same face (by identity), script, direction, features and language.
    func shapesLike(_ other: WordStyle) -> Bool {
        face === other.face && script == other.script && isRightToLeft == other.isRightToLeft && shaping == other.shaping
    }

    /// The style as a dictionary key: equal keys exactly when ``shapesLike(_:)`` (a table's styles
    /// hold their faces, so an identity is never reused while its style is kept).
    struct Key: Hashable {
        var face: ObjectIdentifier
        var script: Int32
        var isRightToLeft: Bool
        var shaping: ShapingAttributes
    }

    var key: Key { Key(face: ObjectIdentifier(face), script: script, isRightToLeft: isRightToLeft, shaping: shaping) }
}

/// A word as a table key: its style's index in the generation and its UTF-16 units, compared and
/// hashed as bytes. A look-up's key is a slice of the paragraph's text (nothing is copied); a
/// stored key owns its units.
struct WordKey: Hashable, Sendable {
    var group: Int
    var units: ArraySlice<UInt16>
    /// The units hashed once, when the key is made: a look-up may probe two generations and a
    /// miss inserts the word, all with one hashing of its text.
    var digest: Int

    init(group: Int, units: ArraySlice<UInt16>, digest: Int) {
        self.group = group
        self.units = units
        self.digest = digest
    }

    /// The digest of `units`, for ``init(group:units:digest:)``.
    static func digest(of units: ArraySlice<UInt16>) -> Int {
        var hasher = Hasher()
        units.withUnsafeBytes { hasher.combine(bytes: $0) }
        return hasher.finalize()
    }

    static func == (lhs: WordKey, rhs: WordKey) -> Bool {
        guard lhs.digest == rhs.digest, lhs.group == rhs.group, lhs.units.count == rhs.units.count else { return false }
        return lhs.units.withUnsafeBytes { left in
            rhs.units.withUnsafeBytes { right in
                guard let l = left.baseAddress, let r = right.baseAddress else { return true }  // both empty
                return memcmp(l, r, left.count) == 0
            }
        }
    }

    /// Hashes what equality compares: the units (through their digest) and the group, mixed into
    /// one word (one round of the hasher, as for the digest alone), so one word in many styles (a
    /// text in thousands of languages) does not pile into one bucket.
    func hash(into hasher: inout Hasher) {
        hasher.combine(digest ^ (group &* 0x5851_F42D_4C95_7F2D))
    }
}

/// The glyphs of the words of item runs, each with the spaces after it, shaped each on its own (see
/// ``ParagraphShape``'s word shaping), by text and ``WordStyle``: a word seen before in any
/// paragraph is not shaped again, as browsers' word caches do. Glyphs are kept in visual order
/// with clusters relative to the word's start. Bounded by bytes with generational eviction
/// (``Generations``), like ``AdvanceTable``; a run's words are looked up under one lock and its
/// new words inserted under another.
final class WordTable: Sendable {
    /// The longest word (in UTF-16 units) kept: longer ones are shaped and not kept.
    static let maximumWordLength = 48

    private struct Generation: TableGeneration {
        var styles: [WordStyle] = []
        var entries: [WordKey: [ShapedGlyph]] = [:]
        var byteCount = 0
        var entryCount: Int { entries.count }

        /// The styles past the first ``scannedStyleCount``, by key.
        var laterStyles: [WordStyle.Key: Int] = [:]

        /// A program has few word styles, found fastest by a scan; requests can bring thousands
        /// (one text in every language), found past the first few by one hash rather than a scan of all.
        static var scannedStyleCount: Int { 16 }

        func group(of style: WordStyle) -> Int? {
            let scanned = min(styles.count, Self.scannedStyleCount)
            for index in 0..<scanned where styles[index].shapesLike(style) { return index }
            guard styles.count > scanned else { return nil }
            return laterStyles[style.key]
        }

        mutating func add(_ style: WordStyle) -> Int {
            let index = styles.count
            if index >= Self.scannedStyleCount { laterStyles[style.key] = index }
            styles.append(style)
            return index
        }
    }

    let byteBudget: Int
    private let state = Locked(Generations<Generation>())

    init(byteBudget: Int) {
        self.byteBudget = max(0, byteBudget)
    }

    /// Roughly the bytes an entry takes: its dictionary slot and two array headers, its units and glyphs.
    static func byteCount(units: Int, glyphs: Int) -> Int {
        112 + 2 * units + MemoryLayout<ShapedGlyph>.stride * glyphs
    }

    /// The glyphs of each of `words` (ranges of `content`) in `style`, `nil` for those not held
    /// and those with no digest (longer than ``maximumWordLength``: never kept); the digests,
    /// ``WordKey/digest(of:)`` of each word's units, are worked out before the lock. One lock for them all.
    func glyphs(of words: [Range<Int>], digests: [Int?], in content: [UInt16], style: WordStyle) -> [[ShapedGlyph]?] {
        state.withLockFreeingDropped { state in
            let current = state.current.group(of: style)
            let previous = state.previous.group(of: style)
            var found = [[ShapedGlyph]?](filling: nil, count: words.count)
            var forward: [(units: ArraySlice<UInt16>, digest: Int, glyphs: [ShapedGlyph])] = []
            for (index, range) in words.enumerated() {
                guard let digest = digests[index] else { continue }
                let units = content[range]
                if let current, let glyphs = state.current.entries[WordKey(group: current, units: units, digest: digest)] {
                    state.hits += 1
                    found[index] = glyphs
                } else if let previous, let glyphs = state.previous.entries[WordKey(group: previous, units: units, digest: digest)] {
                    state.hits += 1
                    found[index] = glyphs
                    forward.append((units, digest, glyphs))
                } else {
                    state.misses += 1
                }
            }
            // What is in use survives the next turn of generations.
            for (units, digest, glyphs) in forward { insert(glyphs, units: units, digest: digest, style: style, into: &state) }
            return found
        }
    }

    /// Keeps `words`' glyphs (clusters relative to each word's start) in `style`; one lock for them all.
    func insert(_ words: [(range: Range<Int>, digest: Int, glyphs: [ShapedGlyph])], of content: [UInt16], style: WordStyle) {
        guard !words.isEmpty else { return }
        state.withLockFreeingDropped { state in
            for word in words { insert(word.glyphs, units: content[word.range], digest: word.digest, style: style, into: &state) }
        }
    }

    private func insert(
        _ glyphs: [ShapedGlyph], units: ArraySlice<UInt16>, digest: Int, style: WordStyle, into state: inout Generations<Generation>
    ) {
        let bytes = Self.byteCount(units: units.count, glyphs: glyphs.count)
        guard Generations<Generation>.admits(bytes, budget: byteBudget) else { return }
        state.makeRoom(for: bytes, budget: byteBudget)
        let group = state.current.group(of: style) ?? state.current.add(style)
        // The key owns a copy of its units: a slice would keep the whole paragraph's text alive.
        let key = WordKey(group: group, units: ArraySlice(Array(units)), digest: digest)
        if state.current.entries.updateValue(glyphs, forKey: key) == nil { state.current.byteCount += bytes }
    }

    /// What the table holds (an entry copied forward counts in both generations) and how it has served.
    var statistics: ShapeCache.Statistics { state.withLock { $0.statistics } }

    func removeAll() {
        state.withLock { $0.removeAll() }
    }
}
