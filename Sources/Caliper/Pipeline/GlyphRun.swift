// GlyphRun.swift — the glyphs HarfBuzz produced for a range of text, in design units.

/// Shaped glyphs in visual order with advances in font design units (unscaled, unhinted), so one
/// run serves every point size: points = units × size / unitsPerEm.
struct GlyphRun: Sendable, Equatable {
    /// Glyph IDs in the font.
    var glyphIDs: [UInt32] = []
    /// UTF-16 offset, in the text that was shaped, of the first code unit of each glyph's cluster.
    var clusters: [Int] = []
    /// Horizontal advance of each glyph in design units.
    var advances: [Int32] = []
    /// Glyph offsets from the pen position in design units (x right, y up).
    var xOffsets: [Int32] = []
    var yOffsets: [Int32] = []
    /// `true` where breaking the text before this glyph's cluster would change shaping
    /// (HarfBuzz's `HB_GLYPH_FLAG_UNSAFE_TO_BREAK`).
    var unsafeToBreak: [Bool] = []

    /// The sum of all advances, in design units.
    var totalAdvance: Int { advances.reduce(0) { $0 + Int($1) } }

    var count: Int { glyphIDs.count }
}
