// HarfBuzzScaled.swift — a run shaped as Android's Minikin shapes it: a font at a size in 1/256 px whose advances come from Skia (the Android profile).
internal import CHarfBuzz
import Foundation

/// One glyph of a run shaped at a size, in 1/256 px (HarfBuzz's positions at Minikin's scale).
struct ScaledGlyph: Sendable, Equatable {
    var id: UInt32
    /// The UTF-16 offset, in the text given, of the glyph's cluster.
    var cluster: Int
    var xAdvance: Int32
    var xOffset: Int32
    var yOffset: Int32
}

/// Where a scaled font's glyph advances come from, in px: Skia's (`SkiaFreeTypeFace`), at a size
/// and hinting. Handed to HarfBuzz as the font's data; read on the shaping thread only.
final class SkiaAdvances: @unchecked Sendable {
    let face: SkiaFreeTypeFace
    let size: Float
    let hinting: Bool

    init(face: SkiaFreeTypeFace, size: Float, hinting: Bool) {
        self.face = face
        self.size = size
        self.hinting = hinting
    }
}

/// The font functions Minikin sets on its fonts (`LayoutCore.cpp`, `getFontFuncs`): each glyph's
/// advance from Skia, converted as Minikin converts it (`harfbuzzGetGlyphHorizontalAdvances`:
/// `HBFloatToFixed`, truncated to 1/256 px; the one-glyph callback rounds, `256 × advance + 0.5`),
/// and every origin at 0. Everything else falls through to the parent font, scaled.
/// HarfBuzz font functions made immutable once: HarfBuzz reads them from any thread.
private struct ImmutableFontFuncs: @unchecked Sendable {
    let pointer: OpaquePointer?
}

private let skiaFontFuncs = ImmutableFontFuncs(pointer: {
    guard let funcs = hb_font_funcs_create() else { return nil }
    hb_font_funcs_set_glyph_h_advance_func(
        funcs,
        { _, fontData, glyph, _ in
            guard let fontData else { return 0 }
            let source = Unmanaged<SkiaAdvances>.fromOpaque(fontData).takeUnretainedValue()
            var advance: Float = 0
            var glyphs = [glyph]
            glyphs.withUnsafeBufferPointer { glyphs in
                withUnsafeMutablePointer(to: &advance) {
                    source.face.advances(
                        of: glyphs, size: source.size, hinting: source.hinting, into: UnsafeMutableBufferPointer(start: $0, count: 1))
                }
            }
            return hb_position_t(256 * advance + 0.5)
        }, nil, nil)
    hb_font_funcs_set_glyph_h_advances_func(
        funcs,
        { _, fontData, count, firstGlyph, glyphStride, firstAdvance, advanceStride, _ in
            guard let fontData, let firstGlyph, let firstAdvance, count > 0 else { return }
            let source = Unmanaged<SkiaAdvances>.fromOpaque(fontData).takeUnretainedValue()
            var glyphs = [UInt32](repeating: 0, count: Int(count))
            var glyph = UnsafeRawPointer(firstGlyph)
            for index in 0..<Int(count) {
                glyphs[index] = glyph.load(as: UInt32.self)
                glyph += Int(glyphStride)
            }
            var advances = [Float](repeating: 0, count: Int(count))
            glyphs.withUnsafeBufferPointer { glyphs in
                advances.withUnsafeMutableBufferPointer { advances in
                    source.face.advances(of: glyphs, size: source.size, hinting: source.hinting, into: advances)
                }
            }
            var advance = UnsafeMutableRawPointer(firstAdvance)
            for index in 0..<Int(count) {
                advance.storeBytes(of: hb_position_t(advances[index] * 256), as: hb_position_t.self)  // HBFloatToFixed
                advance += Int(advanceStride)
            }
        }, nil, nil)
    hb_font_funcs_set_glyph_h_origin_func(funcs, { _, _, _, _, _, _ in 1 }, nil, nil)
    hb_font_funcs_make_immutable(funcs)
    return funcs
}())

/// The font functions of a colour bitmap font (`getFontFuncsForEmoji`): HarfBuzz's own advances,
/// origins at 0.
private let emojiFontFuncs = ImmutableFontFuncs(pointer: {
    guard let funcs = hb_font_funcs_create() else { return nil }
    hb_font_funcs_set_glyph_h_origin_func(funcs, { _, _, _, _, _, _ in 1 }, nil, nil)
    hb_font_funcs_make_immutable(funcs)
    return funcs
}())

/// Characters Minikin adds to a script run at a line's hyphenated edge (`LayoutCore.cpp`,
/// `addToHbBuffer`): `before` ahead of the run, in the run's first cluster, the context before
/// it dropped (a start-of-line edit); `after` behind it, in its last cluster, the context after
/// it dropped (an end-of-line edit), in place of the run's last code unit when `replacesLastUnit`.
struct ScaledRunEdits: Sendable, Equatable {
    var before: [UInt32] = []
    var after: [UInt32] = []
    var replacesLastUnit = false

    static let none = ScaledRunEdits()
}

extension HarfBuzzFont {
    /// Shapes `text[item]`, with `text[context]` around it as HarfBuzz's context, as Minikin
    /// shapes a script run of a layout piece (`LayoutPiece::LayoutPiece`): a sub-font of this one
    /// at `size` px (`hb_font_set_ppem(size)`, `hb_font_set_scale(HBFloatToFixed(size))`: units of
    /// 1/256 px) whose advances are `advances`' (HarfBuzz's own for a colour bitmap font, which
    /// Minikin lets HarfBuzz measure), in `script` and `direction`, the language mapped as every
    /// run's (``LanguageSystems``), with `features` (tag, value) on the whole run, and `edits`'
    /// characters added. A glyph's cluster counts from the first character added, as Minikin
    /// counts it: the item's first code unit, or the item's start for a character added before it.
    func shapeScaled(
        _ text: UnsafeBufferPointer<UInt16>, context: Range<Int>, item: Range<Int>, isRightToLeft: Bool, script: String,
        language: String?, features: [(tag: Tag, value: UInt32)], size: Float, advances: SkiaAdvances, edits: ScaledRunEdits = .none
    ) -> [ScaledGlyph] {
        let origin = item.lowerBound
        var context = context
        var item = item
        if !edits.before.isEmpty { context = item.lowerBound..<context.upperBound }
        if !edits.after.isEmpty {
            if edits.replacesLastUnit, !item.isEmpty { item = item.lowerBound..<(item.upperBound - 1) }
            context = context.lowerBound..<item.upperBound
        }
        guard !item.isEmpty || !edits.before.isEmpty || !edits.after.isEmpty, let base = text.baseAddress, let buffer = ThreadBuffer.current(),
            let subFont = hb_font_create_sub_font(font)
        else { return [] }
        defer {
            hb_font_destroy(subFont)
            ThreadBuffer.finished(with: buffer)
        }
        let isColorBitmap = !face.table(Tag("CBDT")).isEmpty
        let funcs = isColorBitmap ? emojiFontFuncs.pointer : skiaFontFuncs.pointer
        let source = Unmanaged.passRetained(advances)
        hb_font_set_funcs(subFont, funcs, source.toOpaque()) { data in
            if let data { Unmanaged<SkiaAdvances>.fromOpaque(data).release() }
        }
        hb_font_set_ppem(subFont, UInt32(size), UInt32(size))
        let scale = Int32(size * 256)  // HBFloatToFixed: truncated
        hb_font_set_scale(subFont, scale, scale)

        hb_buffer_set_flags(buffer, hb_buffer_flags_t(0))
        hb_buffer_set_script(buffer, script.withCString { hb_script_from_string($0, -1) })
        hb_buffer_set_direction(buffer, isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        if let language {
            hb_buffer_set_language(buffer, languageSystems.language(for: language, script: hb_buffer_get_script(buffer), face: face.face))
        }
        if !edits.before.isEmpty {
            // No context before the run: the inserted characters share cluster 0 with its first.
            hb_buffer_set_content_type(buffer, HB_BUFFER_CONTENT_TYPE_UNICODE)
            for character in edits.before { hb_buffer_add(buffer, character, 0) }
        }
        hb_buffer_add_utf16(
            buffer, base + context.lowerBound, Int32(context.count), UInt32(item.lowerBound - context.lowerBound), Int32(item.count))
        if !edits.after.isEmpty {
            // In the last character's cluster; for a replacement, in the replaced one's.
            var added: UInt32 = 0
            let cluster = hb_buffer_get_glyph_infos(buffer, &added).map { added == 0 ? 0 : $0[Int(added) - 1].cluster + (edits.replacesLastUnit ? 1 : 0) } ?? 0
            hb_buffer_set_content_type(buffer, HB_BUFFER_CONTENT_TYPE_UNICODE)
            for character in edits.after { hb_buffer_add(buffer, character, cluster) }
        }
        let firstCluster = hb_buffer_get_glyph_infos(buffer, nil).map { hb_buffer_get_length(buffer) > 0 ? Int($0[0].cluster) : 0 } ?? 0
        let hbFeatures = features.map {
            hb_feature_t(tag: $0.tag.code, value: $0.value, start: caliper_hb_feature_global_start, end: caliper_hb_feature_global_end)
        }
        _ = hbFeatures.withUnsafeBufferPointer { hb_shape_full(subFont, buffer, $0.baseAddress, UInt32($0.count), nil) }

        var length: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &length), let positions = hb_buffer_get_glyph_positions(buffer, nil)
        else { return [] }
        return (0..<Int(length)).map { index in
            ScaledGlyph(
                id: infos[index].codepoint, cluster: origin + Int(infos[index].cluster) - firstCluster,
                xAdvance: positions[index].x_advance, xOffset: positions[index].x_offset, yOffset: positions[index].y_offset)
        }
    }
}
