// AdvanceTable.swift — a bounded, generational, thread-safe table of shaped advances by text.

/// What an ``AdvanceTable`` is keyed by: a text (compared code unit for code unit, never by
/// Unicode canonical equivalence, since "é" and "e\u{301}" may shape differently) and everything
/// besides the point size that decides how it shapes.
struct AdvanceKey: Hashable, Sendable {
    /// What the text is: a whole label, or a piece of one shaped in a given script.
    enum Kind: UInt8, Sendable {
        case label
        case latinPiece
        case commonPiece
    }

    var text: String
    var kind: Kind
    var font: FontFace
    var features: [FontFeature]
    var language: String?

    static func == (lhs: AdvanceKey, rhs: AdvanceKey) -> Bool {
        lhs.font === rhs.font && lhs.kind == rhs.kind && lhs.language == rhs.language && lhs.features == rhs.features
            && hasSameUTF8(lhs.text, rhs.text)
    }

    /// Hashes the font, the kind and the text's UTF-8 bytes; features and language, rarely set,
    /// only take part in equality.
    func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(font))
        hasher.combine(kind)
        let hashed: Void? = text.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        if hashed == nil { Array(text.utf8).withUnsafeBytes { hasher.combine(bytes: $0) } }
    }

    private static func hasSameUTF8(_ lhs: String, _ rhs: String) -> Bool {
        guard lhs.utf8.count == rhs.utf8.count else { return false }
        let compared = lhs.utf8.withContiguousStorageIfAvailable { left in
            rhs.utf8.withContiguousStorageIfAvailable { right in left.elementsEqual(right) }
        }
        return (compared ?? nil) ?? lhs.utf8.elementsEqual(rhs.utf8)
    }

    /// Roughly the bytes an entry takes in a table: its dictionary slot, plus the text's own
    /// allocation when it is too long for Swift's inline small-string form.
    var byteCount: Int {
        let count = text.utf8.count
        return 128 + (count > 15 ? count + 32 : 0)
    }
}

/// Advances by text, bounded by bytes with generational eviction: entries go into the current
/// generation; when it passes half the budget it becomes the previous one and the one before is
/// dropped. A look-up that finds an entry only in the previous generation copies it forward, so
/// what is in use survives. A hit costs one dictionary probe and no bookkeeping write, which a
/// strict LRU could not offer.
final class AdvanceTable<Value: Sendable>: Sendable {
    private struct State {
        var current: [AdvanceKey: Value] = [:]
        var previous: [AdvanceKey: Value] = [:]
        var currentBytes = 0
        var previousBytes = 0
        var hits = 0
        var misses = 0
        var evictions = 0
    }

    let byteBudget: Int
    private let state = Locked(State())

    init(byteBudget: Int) {
        self.byteBudget = max(0, byteBudget)
    }

    func value(for key: AdvanceKey) -> Value? {
        state.withLock { state in
            if let value = state.current[key] {
                state.hits += 1
                return value
            }
            guard let value = state.previous[key] else {
                state.misses += 1
                return nil
            }
            state.hits += 1
            insert(value, for: key, into: &state)
            return value
        }
    }

    func insert(_ value: Value, for key: AdvanceKey) {
        state.withLock { state in insert(value, for: key, into: &state) }
    }

    private func insert(_ value: Value, for key: AdvanceKey, into state: inout State) {
        let bytes = key.byteCount
        guard bytes * 2 <= byteBudget else { return }
        if state.current.updateValue(value, forKey: key) == nil { state.currentBytes += bytes }
        if state.currentBytes > byteBudget / 2 {
            state.evictions += state.previous.count
            state.previous = state.current
            state.previousBytes = state.currentBytes
            state.current = [:]
            state.currentBytes = 0
        }
    }

    /// What the table holds (an entry copied forward counts in both generations) and how it has served.
    var statistics: ShapeCache.Statistics {
        state.withLock { state in
            ShapeCache.Statistics(
                hits: state.hits, misses: state.misses, evictions: state.evictions,
                entryCount: state.current.count + state.previous.count,
                byteCount: state.currentBytes + state.previousBytes)
        }
    }

    func removeAll() {
        state.withLock { state in
            state.current = [:]
            state.previous = [:]
            state.currentBytes = 0
            state.previousBytes = 0
        }
    }
}
