// AdvanceTable.swift — a bounded, generational, thread-safe table of shaped advances by text.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Everything besides the text and the point size that decides how a text in an
/// ``AdvanceTable`` shapes: what the text is (a whole label, or a piece of one in a script), the
/// font and the style's features and language.
struct AdvanceStyle: Sendable {
    /// What the text is: a whole label, a span's run of a label in several styles, or a word or
    /// run of spaces of either; runs and pieces are shaped in the script of the text around them.
    enum Kind: UInt8, Sendable {
        case label
        case latinRun
        case commonRun
        case latinPiece
        case commonPiece
    }

    var kind: Kind
    var font: FontFace
    var features: [FontFeature]
    var language: String?

    /// The style as a dictionary key, its font by identity (a table's styles hold their fonts, so
    /// an identity is never reused while its style is kept).
    struct Key: Hashable {
        var font: ObjectIdentifier
        var kind: Kind
        var features: [FontFeature]
        var language: String?
    }
}

/// A text of one style group as a table key: the text is compared and hashed by its UTF-8 bytes,
/// never by Unicode canonical equivalence (which `String`'s `==` uses), since "é" and "e\u{301}"
/// may shape differently.
struct TextKey: Hashable, Sendable {
    var group: Int
    var text: String

    static func == (lhs: TextKey, rhs: TextKey) -> Bool {
        guard lhs.group == rhs.group else { return false }
        // The same representation is the same bytes: a label short enough to be stored inline
        // (15 UTF-8 bytes) is one of these, and a hit then needs no copying of either text.
        if unsafeBitCast(lhs.text, to: (UInt64, UInt64).self) == unsafeBitCast(rhs.text, to: (UInt64, UInt64).self) {
            return true
        }
        guard lhs.text.utf8.count == rhs.text.utf8.count else { return false }
        // Compared in place (a copy of a text held in the heap would retain it).
        let compared = lhs.text.utf8.withContiguousStorageIfAvailable { left in
            rhs.text.utf8.withContiguousStorageIfAvailable { right in
                guard let l = left.baseAddress, let r = right.baseAddress else { return left.count == right.count }
                return memcmp(l, r, left.count) == 0
            }
        }
        if let compared = compared ?? nil { return compared }
        var left = lhs.text
        var right = rhs.text
        return left.withUTF8 { left in
            right.withUTF8 { right in
                guard let l = left.baseAddress, let r = right.baseAddress else { return left.count == right.count }
                return memcmp(l, r, left.count) == 0
            }
        }
    }

    /// Hashes what equality compares: the text's bytes and the group, so one text in many styles
    /// (a label in thousands of languages) does not pile into one bucket. The bytes are read in
    /// place, without a copy of the text (which would retain it).
    func hash(into hasher: inout Hasher) {
        if text.utf8.withContiguousStorageIfAvailable({ hasher.combine(bytes: UnsafeRawBufferPointer($0)) }) == nil {
            var text = text
            text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
        hasher.combine(UInt32(truncatingIfNeeded: group))
    }

    /// Roughly the bytes an entry takes in a table: its dictionary slot, plus the text's own
    /// allocation when it is too long for Swift's inline small-string form.
    var byteCount: Int {
        let count = text.utf8.count
        return 104 + (count > 15 ? count + 32 : 0)
    }
}

/// Advances by text and style, bounded by bytes with generational eviction (``Generations``). A
/// look-up that finds an entry only in the previous generation copies it forward, so what is in
/// use survives. A hit costs one dictionary probe and no bookkeeping write.
///
/// A look-up finds the style among the generation's styles (few in any program: a style here
/// has no point size) by font identity, then hashes only the text and the style's index.
final class AdvanceTable<Value: Sendable>: Sendable {
    private struct Generation: TableGeneration {
        /// The styles of the entries; an entry's key holds the index of its style here.
        var styles: [AdvanceStyle] = []
        /// The styles' fonts and kinds, scanned first: plain values, so the scan retains nothing.
        var fontsAndKinds: [(font: ObjectIdentifier, kind: AdvanceStyle.Kind)] = []
        var entries: [TextKey: Value] = [:]
        var byteCount = 0
        var entryCount: Int { entries.count }

        /// The styles past the first ``scannedStyleCount``, by key.
        var laterStyles: [AdvanceStyle.Key: Int] = [:]

        /// A program has few styles, found fastest by a scan; requests can bring thousands (one
        /// text in every language), found past the first few by one hash rather than a scan of all.
        static var scannedStyleCount: Int { 16 }

        func group(kind: AdvanceStyle.Kind, font: FontFace, features: [FontFeature], language: String?) -> Int? {
            let id = ObjectIdentifier(font)
            let scanned = min(fontsAndKinds.count, Self.scannedStyleCount)
            for index in 0..<scanned where fontsAndKinds[index] == (id, kind) {
                if styles[index].language == language, styles[index].features == features { return index }
            }
            guard styles.count > scanned else { return nil }
            return laterStyles[AdvanceStyle.Key(font: id, kind: kind, features: features, language: language)]
        }

        mutating func add(_ style: AdvanceStyle) -> Int {
            let index = styles.count
            if index >= Self.scannedStyleCount {
                laterStyles[AdvanceStyle.Key(font: ObjectIdentifier(style.font), kind: style.kind, features: style.features, language: style.language)] = index
            }
            styles.append(style)
            fontsAndKinds.append((ObjectIdentifier(style.font), style.kind))
            return index
        }
    }

    let byteBudget: Int
    private let state = Locked(Generations<Generation>())

    init(byteBudget: Int) {
        self.byteBudget = max(0, byteBudget)
    }

    /// The value for `text` in `style`; a miss is counted only when `countsMiss` (a caller that
    /// may not use the table after all counts it later with ``recordMiss()``).
    func value(
        for text: String, kind: AdvanceStyle.Kind, font: FontFace, features: [FontFeature], language: String?,
        countsMiss: Bool = true
    ) -> Value? {
        state.withLockFreeingDropped { state in
            if let group = state.current.group(kind: kind, font: font, features: features, language: language),
                let value = state.current.entries[TextKey(group: group, text: text)]
            {
                state.hits += 1
                return value
            }
            guard let group = state.previous.group(kind: kind, font: font, features: features, language: language),
                let value = state.previous.entries[TextKey(group: group, text: text)]
            else {
                if countsMiss { state.misses += 1 }
                return nil
            }
            state.hits += 1
            let style = AdvanceStyle(kind: kind, font: font, features: features, language: language)
            insert(value, for: text, style: style, into: &state)
            return value
        }
    }

    func recordMiss() {
        state.withLock { $0.misses += 1 }
    }

    func insert(_ value: Value, for text: String, style: AdvanceStyle) {
        state.withLockFreeingDropped { state in insert(value, for: text, style: style, into: &state) }
    }

    private func insert(_ value: Value, for text: String, style: AdvanceStyle, into state: inout Generations<Generation>) {
        let bytes = TextKey(group: 0, text: text).byteCount  // the same for every group
        guard Generations<Generation>.admits(bytes, budget: byteBudget) else { return }
        // Room first, then one probe that inserts or replaces (a replacement, two threads racing
        // to insert one text, may turn a generation a little early).
        state.makeRoom(for: bytes, budget: byteBudget)
        let group = state.current.group(kind: style.kind, font: style.font, features: style.features, language: style.language)
            ?? state.current.add(style)
        if state.current.entries.updateValue(value, forKey: TextKey(group: group, text: text)) == nil { state.current.byteCount += bytes }
    }

    /// What the table holds (an entry copied forward counts in both generations) and how it has served.
    var statistics: ShapeCache.Statistics { state.withLock { $0.statistics } }

    func removeAll() {
        state.withLock { $0.removeAll() }
    }
}
