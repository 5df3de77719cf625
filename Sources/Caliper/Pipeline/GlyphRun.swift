// GlyphRun.swift — the glyphs HarfBuzz produced for a range of text, in design units.

/// One shaped glyph, in font design units.
struct ShapedGlyph: Sendable, Equatable {
    /// The glyph's ID in the font.
    var id: UInt32
    /// UTF-16 offset, in the text that was shaped, of the first code unit of the glyph's cluster
    /// (32 bits, as HarfBuzz counts: a glyph takes 24 bytes).
    var clusterOffset: Int32
    /// Horizontal advance.
    var advance: Int32
    /// Offsets from the pen position (x right, y up).
    var xOffset: Int32
    var yOffset: Int32
    /// Whether breaking the text before this glyph's cluster would change shaping (HarfBuzz's
    /// `HB_GLYPH_FLAG_UNSAFE_TO_BREAK`).
    var isUnsafeToBreak: Bool

    /// ``clusterOffset`` as an index.
    var cluster: Int { Int(clusterOffset) }
}

/// Shaped glyphs in visual order with advances in font design units (unscaled, unhinted), so one
/// run serves every point size: points = units × size / unitsPerEm. One array of glyphs, not one
/// per property: shaping text never seen before made six allocations per run.
struct GlyphRun: Sendable, Equatable {
    var glyphs: [ShapedGlyph] = []

    /// The sum of all advances, in design units.
    var totalAdvance: Int { glyphs.reduce(0) { $0 + Int($1.advance) } }

    var count: Int { glyphs.count }
}
