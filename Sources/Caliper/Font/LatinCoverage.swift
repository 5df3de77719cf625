// LatinCoverage.swift — which Latin characters a face has glyphs for, answered from a bitmap.

/// A face's coverage of U+0000…U+024F (Basic Latin, Latin-1 Supplement, Latin Extended-A and -B),
/// read once from its character map, so checking a Latin label costs a bit test per character
/// instead of a HarfBuzz call.
struct LatinCoverage: Sendable {
    /// One past the last scalar value the bitmap covers.
    static let end: UInt32 = 0x250

    private let words: [UInt64]

    init(hasGlyph: (Unicode.Scalar) -> Bool) {
        var words = [UInt64](repeating: 0, count: Int(Self.end + 63) / 64)
        for value in 0..<Self.end {
            if let scalar = Unicode.Scalar(value), hasGlyph(scalar) {
                words[Int(value / 64)] |= 1 << UInt64(value % 64)
            }
        }
        self.words = words
    }

    /// Whether the face has a glyph for `value` (`false` at and past ``end``).
    func contains(_ value: UInt32) -> Bool {
        value < Self.end && words[Int(value / 64)] & (1 << UInt64(value % 64)) != 0
    }
}
