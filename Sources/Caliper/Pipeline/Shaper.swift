// Shaper.swift — the one caller of HarfBuzz shaping above Interop: a run of text in one face, direction, script, language and features, shaped into glyphs or one total advance.

/// Shapes runs of text. Every width Caliper reports comes from glyphs shaped here (the general
/// path's runs and words, a line's hyphen, the plain-Latin fast paths' advances), so the fast
/// paths and the general path shape exactly alike.
enum Shaper {
    /// `text[range]` shaped alone (no context from outside it) in `face`, with the default
    /// features plus `features`; `properties` left `nil` are guessed by HarfBuzz from the text.
    /// Clusters in the result are offsets into `text`.
    static func glyphs(
        _ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, face: FontFace, features: [FontFeature],
        properties: ShapingProperties
    ) -> GlyphRun {
        face.harfBuzz.shape(text, range: range, features: features, properties: properties)
    }

    /// `text[range]` (within one item run) shaped on its own with the run's font, direction and
    /// script and its style's language and features; an inline box is one glyph of no advance
    /// per code unit (its width is added at its size).
    static func glyphs(_ text: [UInt16], range: Range<Int>, run: ItemRun, shaping: ShapingAttributes) -> GlyphRun {
        if shaping.isBox {
            return GlyphRun(
                glyphs: range.map { ShapedGlyph(id: 0, clusterOffset: Int32($0), advance: 0, xOffset: 0, yOffset: 0, isUnsafeToBreak: false) })
        }
        let properties = ShapingProperties(isRightToLeft: run.isRightToLeft, script: run.scriptCode, language: shaping.language)
        return text.withUnsafeBufferPointer {
            glyphs($0, range: range, face: run.face, features: shaping.features, properties: properties)
        }
    }

    /// The total advance, in design units, of UTF-8 `text` shaped as one left-to-right run in
    /// `script`, exactly as ``glyphs(_:range:face:features:properties:)`` would shape it.
    static func advance(
        ofUTF8 text: UnsafeBufferPointer<UInt8>, face: FontFace, script: PieceScript, features: [FontFeature], language: String?
    ) -> ShapedAdvance? {
        face.harfBuzz.advance(ofUTF8: text, script: script, features: features, language: language)
    }
}

/// The script a piece of plain Latin text is shaped in: Latin, or Common when it has no letter.
enum PieceScript: UInt8, Sendable, Hashable {
    case latin
    case common
}

/// The advance of a text shaped as one run, in design units, and whether a glyph of it moves the
/// pen backwards (a negative advance, from kerning), which would make a prefix of a line wider than
/// the whole.
struct ShapedAdvance: Sendable, Hashable {
    var units: Int
    var hasNegativeAdvance: Bool
}
