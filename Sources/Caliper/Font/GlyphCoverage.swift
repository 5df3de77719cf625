// GlyphCoverage.swift — which characters of planes 0 and 1 a face has glyphs for, learned as text asks.
import Synchronization

/// Which characters of U+0000…U+1FFFF (every script's letters, CJK's common ideographs, emoji) a
/// face's character map covers, learned one character at a time as text asks and kept for the
/// face's life. Choosing a font for a cluster asks each font of a cascade in turn until one has
/// the character, and HarfBuzz's answer costs far more than a kept answer's few loads; text of
/// other scripts asks about the same characters again and again.
///
/// Two bits a character: whether it is known, and whether it is covered. Faces are shared by
/// threads, so the bits are atomics: a thread that learns a character sets its covered bit, then
/// publishes it with the known bit (release); a reader that sees the known bit (acquire) reads
/// the covered bit as it was set. Two threads learning the same character at once learn the same
/// answer from the same character map. 32 KiB, made on a face's first question past Latin
/// (``LatinCoverage`` answers those).
final class GlyphCoverage: Sendable {
    /// One past the last scalar value kept.
    static let end: UInt32 = 0x20000

    private static let wordCount = Int(end) / 64
    private let known: InlineArray<2048, Atomic<UInt64>>
    private let covered: InlineArray<2048, Atomic<UInt64>>

    init() {
        precondition(Self.wordCount == 2048)
        known = InlineArray { _ in Atomic(0) }
        covered = InlineArray { _ in Atomic(0) }
    }

    /// Whether the face has a glyph for `value` (below ``end``): kept, or `ask(value)`'s answer,
    /// kept from now on.
    @inline(__always) func contains(_ value: UInt32, ask: (UInt32) -> Bool) -> Bool {
        if let known = knownAnswer(value) { return known }
        let word = Int(value >> 6)
        let bit: UInt64 = 1 << UInt64(value & 63)
        let has = ask(value)
        if has { covered[word].bitwiseOr(bit, ordering: .relaxed) }
        known[word].bitwiseOr(bit, ordering: .releasing)
        return has
    }

    /// Whether the face has a glyph for `value` (below ``end``), if that is known yet.
    @inline(__always) func knownAnswer(_ value: UInt32) -> Bool? {
        let word = Int(value >> 6)
        let bit: UInt64 = 1 << UInt64(value & 63)
        guard known[word].load(ordering: .acquiring) & bit != 0 else { return nil }
        return covered[word].load(ordering: .relaxed) & bit != 0
    }

    /// A face's coverage, made by the first thread that asks and then read without a lock or a
    /// reference count: its address in an atomic word (Synchronization's `AtomicLazyReference`
    /// reaches its value through unspecialized generic code).
    final class Lazy: Sendable {
        private let address = Atomic<UInt>(0)

        /// The coverage's answer for `value` (below ``GlyphCoverage/end``) if it is made and
        /// knows it: a question asked before, answered without a closure.
        @inline(__always) func knownAnswer(_ value: UInt32) -> Bool? {
            // Kept until the face goes (deinit), so no count is needed to read it.
            guard let pointer = UnsafeRawPointer(bitPattern: address.load(ordering: .acquiring)) else { return nil }
            return Unmanaged<GlyphCoverage>.fromOpaque(pointer)._withUnsafeGuaranteedRef { $0.knownAnswer(value) }
        }

        /// `body` with the coverage, made now if no thread has made it yet.
        @inline(__always) func withCoverage<Result>(_ body: (GlyphCoverage) -> Result) -> Result {
            var bits = address.load(ordering: .acquiring)
            if bits == 0 {
                let made = Unmanaged.passRetained(GlyphCoverage())
                let proposed = UInt(bitPattern: made.toOpaque())
                let (exchanged, original) = address.compareExchange(
                    expected: 0, desired: proposed, successOrdering: .acquiringAndReleasing, failureOrdering: .acquiring)
                if exchanged {
                    bits = proposed
                } else {
                    made.release()  // another thread's was kept
                    bits = original
                }
            }
            // Never 0 here: kept until the face goes (deinit), so no count is needed to read it.
            guard let pointer = UnsafeRawPointer(bitPattern: bits) else { return body(GlyphCoverage()) }
            return Unmanaged<GlyphCoverage>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
        }

        deinit {
            if let pointer = UnsafeRawPointer(bitPattern: address.load(ordering: .acquiring)) {
                Unmanaged<GlyphCoverage>.fromOpaque(pointer).release()
            }
        }
    }
}
