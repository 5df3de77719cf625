// HarfBuzz.swift — the only file that calls HarfBuzz: fonts for shaping, and the shaping itself.
internal import CHarfBuzz
import Foundation
import Synchronization

/// A HarfBuzz face and font over a font file's bytes, with HarfBuzz's own OpenType functions and
/// scale = units per em, so advances come out unhinted in design units (the numbers `hb-shape`
/// prints). Made immutable after creation, which makes it safe to shape with from any thread.
final class HarfBuzzFont: @unchecked Sendable {
    /// The face the font is made on: the reader of its tables.
    let face: HarfBuzzFace
    let font: OpaquePointer
    /// The instance's coordinates, which a plan face's font is set to as well.
    private let variations: [hb_variation_t]
    let unitsPerEm: Int
    /// The face runs with features or a language are shaped on (see ``shapeContents(of:direction:script:language:features:languageAsGiven:)``).
    private let planFaces = PlanFaces()
    /// The languages this font's runs are shaped in, by their styles' tags.
    let languageSystems = LanguageSystems()

    /// How many distinct plans for runs with features or a language the font's plan face holds now (at most 64).
    var shapePlanCount: Int { planFaces.count }

    /// The runs shaped since ``startCountingShapings()``, or -1 when nothing counts them: tests
    /// watch a font of their own to prove a drawing shapes nothing. Shaping only reads it (one
    /// relaxed load) unless it is counting, so threads sharing the font write no shared memory.
    private let countedShapings = Atomic<Int>(-1)

    /// Counts every run shaped in this font from now on (labels' advances included).
    func startCountingShapings() { countedShapings.store(0, ordering: .relaxed) }

    /// The runs shaped since ``startCountingShapings()``, and counting stops.
    func stopCountingShapings() -> Int { max(0, countedShapings.exchange(-1, ordering: .relaxed)) }

    /// A font on `face` at its default instance.
    init(face: HarfBuzzFace) throws(CaliperError) {
        let upem = face.unitsPerEm
        guard face.glyphCount > 0, upem > 0 else {
            throw .invalidFont(path: face.path, faceIndex: face.faceIndex, reason: "HarfBuzz found no glyphs in the face")
        }
        guard let font = Self.makeFont(face: face.face, unitsPerEm: upem, variations: []) else {
            throw .invalidFont(path: face.path, faceIndex: face.faceIndex, reason: "HarfBuzz could not create a font")
        }
        self.face = face
        self.font = font
        self.variations = []
        self.unitsPerEm = upem
    }

    /// A font over `base`'s face (and bytes) set at `coordinates` of its variation axes: an
    /// instance of a variable font. Advances then carry the `HVAR`/`gvar` deltas, as `hb-shape
    /// --variations` gives them.
    init(variationOf base: HarfBuzzFont, coordinates: [FontVariation]) throws(CaliperError) {
        let variations = coordinates.map { hb_variation_t(tag: $0.tag.code, value: Float($0.value)) }
        guard let font = Self.makeFont(face: base.face.face, unitsPerEm: base.unitsPerEm, variations: variations) else {
            throw .invalidFont(path: base.face.path, faceIndex: base.face.faceIndex, reason: "HarfBuzz could not create a font")
        }
        self.face = base.face
        self.font = font
        self.variations = variations
        self.unitsPerEm = base.unitsPerEm
    }

    /// An immutable font over `face` with HarfBuzz's OpenType functions, scale = units per em, at
    /// `variations` (none: the default instance).
    private static func makeFont(face: OpaquePointer, unitsPerEm: Int, variations: [hb_variation_t]) -> OpaquePointer? {
        guard let font = hb_font_create(face) else { return nil }
        hb_ot_font_set_funcs(font)
        hb_font_set_scale(font, Int32(unitsPerEm), Int32(unitsPerEm))
        if !variations.isEmpty {
            variations.withUnsafeBufferPointer { hb_font_set_variations(font, $0.baseAddress, UInt32($0.count)) }
        }
        hb_font_make_immutable(font)
        return font
    }

    /// A face of its own over this font's bytes and a font on it at this instance's coordinates,
    /// for ``PlanFaces``; `nil` when HarfBuzz could not make them (or the face is not over bytes
    /// in memory, which a font's always is).
    private func makePlanFace() -> PlanFace? {
        guard let blob = face.blob, let planFace = hb_face_create(blob, UInt32(face.faceIndex)) else { return nil }
        hb_face_make_immutable(planFace)
        guard let font = Self.makeFont(face: planFace, unitsPerEm: unitsPerEm, variations: variations) else {
            hb_face_destroy(planFace)
            return nil
        }
        return PlanFace(face: planFace, font: font, owner: face)
    }

    deinit {
        hb_font_destroy(font)
    }

    /// The `MVAR` delta of a line metric at this font's coordinates, in design units (0 for a
    /// static font or one without `MVAR`). `tag` is `hasc`, `hdsc`, `hlgp`, `cpht` or `xhgt`.
    func metricsVariation(_ tag: String) -> Double {
        Double(hb_ot_metrics_get_variation(font, hb_ot_metrics_tag_t(rawValue: Tag(tag).code)))
    }

    /// A metric in design units at this font's coordinates (`spys`, `spyo`, `sbys`, `sbyo`: the
    /// `OS/2` superscript and subscript sizes and offsets), or `nil` when the font has none.
    func metricsPosition(_ tag: String) -> Int? {
        var position: hb_position_t = 0
        guard hb_ot_metrics_get_position(font, hb_ot_metrics_tag_t(rawValue: Tag(tag).code), &position) != 0 else { return nil }
        return Int(position)
    }

    /// The glyph the font's cmap maps `scalar` to, or `nil` if it has none.
    func nominalGlyph(for scalar: Unicode.Scalar) -> UInt32? {
        nominalGlyph(forValue: scalar.value)
    }

    /// ``nominalGlyph(for:)`` of a scalar's value.
    func nominalGlyph(forValue value: UInt32) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, value, &glyph) != 0 ? glyph : nil
    }

    /// The top of the unhinted outline of the glyph `scalar` maps to, in design units (its
    /// extents' y bearing), or `nil` when the font has no glyph for it.
    func outlineTop(of scalar: Unicode.Scalar) -> Int? {
        var extents = hb_glyph_extents_t()
        guard let glyph = nominalGlyph(for: scalar), hb_font_get_glyph_extents(font, glyph, &extents) != 0 else { return nil }
        return Int(extents.y_bearing)
    }

    /// One past the largest character the face's `cmap` maps (0 when it maps none): the length of
    /// Minikin's coverage bit set (`SparseBitSet::length`).
    var characterMapEnd: UInt32 {
        guard let set = hb_set_create() else { return 0 }
        defer { hb_set_destroy(set) }
        hb_face_collect_unicodes(face.face, set)
        let largest = hb_set_get_max(set)
        return largest == UInt32.max ? 0 : largest + 1  // HB_SET_VALUE_INVALID: the set is empty
    }

    /// The glyph the font's `cmap` format 14 maps the variation sequence `value` + `selector` to
    /// (its nominal glyph for a default sequence), or `nil` when the font does not list it.
    func variationGlyph(forValue value: UInt32, selector: UInt32) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_variation_glyph(font, value, selector, &glyph) != 0 ? glyph : nil
    }

    /// The advance of `glyph` in design units.
    func advance(ofGlyph glyph: UInt32) -> Int32 {
        hb_font_get_glyph_h_advance(font, glyph)
    }

    /// Whether the face draws glyphs in colour (CBDT/sbix bitmaps, COLR layers or SVG), as emoji fonts do.
    var isColorFont: Bool {
        hb_ot_color_has_png(face.face) != 0 || hb_ot_color_has_layers(face.face) != 0 || hb_ot_color_has_svg(face.face) != 0
    }

    /// Shapes `text[range]` as one run with the default features plus `features`. Direction
    /// and script are taken from `properties`, or guessed by HarfBuzz from the text when `nil`;
    /// the language is mapped by ``LanguageSystems`` to one HarfBuzz shapes alike, or given to
    /// HarfBuzz as it is when `languageAsGiven` (for tests that compare the two: HarfBuzz then
    /// keeps the tag for the life of the process). Clusters in the result are offsets into `text`.
    func shape(
        _ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, features: [FontFeature],
        properties: ShapingProperties = ShapingProperties(), languageAsGiven: Bool = false
    ) -> GlyphRun {
        guard !range.isEmpty, let base = text.baseAddress, let buffer = ThreadBuffer.current() else { return GlyphRun() }
        defer { ThreadBuffer.finished(with: buffer) }
        // The range is shaped as a unit of its own: no context from outside it.
        hb_buffer_add_utf16(buffer, base + range.lowerBound, Int32(range.count), 0, Int32(range.count))
        shapeContents(
            of: buffer, direction: properties.isRightToLeft.map { $0 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR },
            script: properties.script.map { $0.withCString { hb_script_from_string($0, -1) } },
            language: properties.language, features: features, languageAsGiven: languageAsGiven)

        var length: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &length)
        let positions = hb_buffer_get_glyph_positions(buffer, nil)
        var run = GlyphRun()
        guard let infos, let positions, length > 0 else { return run }
        let count = Int(length)
        run.glyphs.reserveCapacity(count)
        for index in 0..<count {
            let info = infos[index]
            let position = positions[index]
            let flags = hb_glyph_info_get_glyph_flags(&infos[index])
            run.glyphs.append(
                ShapedGlyph(
                    id: info.codepoint, clusterOffset: Int32(range.lowerBound) + Int32(bitPattern: info.cluster), advance: position.x_advance,
                    xOffset: position.x_offset, yOffset: position.y_offset,
                    isUnsafeToBreak: flags.rawValue & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0))
        }
        return run
    }

    /// The tag of the language a run in `script` (ISO 15924, `"Latn"`) is shaped in when its
    /// style's language is `tag` (see ``LanguageSystems``).
    func shapingLanguage(for tag: String, script: String) -> String? {
        let language = languageSystems.language(for: tag, script: hb_script_from_string(script, -1), face: face.face)
        return hb_language_to_string(language).map { String(cString: $0) }
    }

    /// The total advance, in design units, of UTF-8 `text` shaped as one left-to-right run in
    /// `script`, as ``shape(_:range:features:properties:languageAsGiven:)`` would shape it.
    func advance(
        ofUTF8 text: UnsafeBufferPointer<UInt8>, script: PieceScript, features: [FontFeature], language: String?
    ) -> ShapedAdvance? {
        guard let base = text.baseAddress, !text.isEmpty, let buffer = ThreadBuffer.current() else { return nil }
        defer { ThreadBuffer.finished(with: buffer) }
        base.withMemoryRebound(to: CChar.self, capacity: text.count) {
            hb_buffer_add_utf8(buffer, $0, Int32(text.count), 0, Int32(text.count))
        }
        shapeContents(
            of: buffer, direction: HB_DIRECTION_LTR, script: script == .latin ? HB_SCRIPT_LATIN : HB_SCRIPT_COMMON,
            language: language, features: features)
        var length: UInt32 = 0
        guard let positions = hb_buffer_get_glyph_positions(buffer, &length), length > 0 else { return nil }
        var units = 0
        var hasNegativeAdvance = false
        for index in 0..<Int(length) {
            let advance = positions[index].x_advance
            units += Int(advance)
            if advance < 0 { hasNegativeAdvance = true }
        }
        return ShapedAdvance(units: units, hasNegativeAdvance: hasNegativeAdvance)
    }

    /// Shapes the text in `buffer` as a unit of its own (beginning and end of text), with the
    /// given properties (`nil`: guessed by HarfBuzz, but the language: none) and the default
    /// features plus `features`. Both ``shape(_:range:features:properties:languageAsGiven:)`` and
    /// ``advance(ofUTF8:script:features:language:)`` shape through here, so the label fast path
    /// shapes exactly as the general path does.
    private func shapeContents(
        of buffer: OpaquePointer, direction: hb_direction_t?, script: hb_script_t?, language: String?,
        features: [FontFeature], languageAsGiven: Bool = false
    ) {
        if countedShapings.load(ordering: .relaxed) >= 0 { countedShapings.add(1, ordering: .relaxed) }
        hb_buffer_set_flags(buffer, hb_buffer_flags_t(HB_BUFFER_FLAG_BOT.rawValue | HB_BUFFER_FLAG_EOT.rawValue))
        if let direction { hb_buffer_set_direction(buffer, direction) }
        if let script { hb_buffer_set_script(buffer, script) }
        // Never the process's locale: a buffer without a language takes HarfBuzz's default, read
        // from setlocale(LC_CTYPE) on first use (hb_buffer_guess_segment_properties), which a
        // program that embeds Caliper and calls setlocale(LC_ALL, "") would set from LANG.
        let neutral = Languages.neutral
        hb_buffer_set_language(buffer, neutral)
        hb_buffer_guess_segment_properties(buffer)
        var shapingLanguage = neutral
        if let language {
            shapingLanguage =
                languageAsGiven
                ? language.withCString { hb_language_from_string($0, -1) }
                : languageSystems.language(for: language, script: hb_buffer_get_script(buffer), face: face.face)
            hb_buffer_set_language(buffer, shapingLanguage)
        }
        // Every run is shaped by `hb_shape_full`, the one call that holds the buffer to HarfBuzz's
        // limits on output length and work (`hb_buffer_t::enter`: 64 glyphs and 1,024 operations
        // a character, at least 16,384): a hostile font's state machine stops there. The call
        // keeps the plan it makes on the font's face for the face's life and searches those plans
        // one by one. Plain runs, and runs whose language maps to the neutral one, need a bounded
        // few (a direction and script each), so they use the font's own face; runs with features,
        // which requests can make in any number, or a language that selects one of the font's
        // language systems, use a plan face that is made anew after 64 distinct plans (see PlanFaces).
        guard !features.isEmpty || shapingLanguage != neutral else {
            _ = hb_shape_full(font, buffer, nil, 0, nil)
            return
        }
        var properties = hb_segment_properties_t()
        hb_buffer_get_segment_properties(buffer, &properties)
        let key = PlanFaces.Key(
            direction: properties.direction.rawValue, script: properties.script.rawValue,
            language: UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(properties.language))), features: features)
        guard let planFace = planFaces.face(for: key, make: makePlanFace) else { return }
        withExtendedLifetime(planFace) {
            if features.isEmpty {
                _ = hb_shape_full(planFace.font, buffer, nil, 0, nil)
            } else {
                _ = features.map(Self.hbFeature).withUnsafeBufferPointer {
                    hb_shape_full(planFace.font, buffer, $0.baseAddress, UInt32($0.count), nil)
                }
            }
        }
    }

    // MARK: - What the font's layout tables do (for SpaceIsolation)

    /// The GSUB (`"GSUB"`) or GPOS (`"GPOS"`) lookups that a feature of any of `scriptTags`
    /// (OpenType script tags such as `"latn"`; `nil`: every script), in any language, can apply.
    func lookups(inTable table: String, scriptTags: [String]?) -> [Int] {
        guard let set = hb_set_create() else { return [] }
        defer { hb_set_destroy(set) }
        if let scriptTags {
            let tags = scriptTags.map { Tag($0).code } + [0]  // HB_TAG_NONE ends the list
            tags.withUnsafeBufferPointer { hb_ot_layout_collect_lookups(face.face, Tag(table).code, $0.baseAddress, nil, nil, set) }
        } else {
            hb_ot_layout_collect_lookups(face.face, Tag(table).code, nil, nil, nil, set)
        }
        return Self.elements(of: set)
    }

    /// Whether lookup `index` of `table` can read `glyph` as context, match it as input or
    /// produce it (HarfBuzz's `hb_ot_layout_lookup_collect_glyphs`).
    func lookup(_ index: Int, inTable table: String, involves glyph: UInt32) -> Bool {
        let sets = (0..<4).compactMap { _ in hb_set_create() }
        defer { sets.forEach { hb_set_destroy($0) } }
        guard sets.count == 4 else { return true }
        hb_ot_layout_lookup_collect_glyphs(face.face, Tag(table).code, UInt32(index), sets[0], sets[1], sets[2], sets[3])
        return sets.contains { hb_set_has($0, glyph) != 0 }
    }

    /// Whether GDEF classes `glyph` as a base glyph, or does not class it.
    func isBaseOrUnclassified(_ glyph: UInt32) -> Bool {
        let glyphClass = hb_ot_layout_get_glyph_class(face.face, glyph)
        return glyphClass == HB_OT_LAYOUT_GLYPH_CLASS_UNCLASSIFIED || glyphClass == HB_OT_LAYOUT_GLYPH_CLASS_BASE_GLYPH
    }

    /// Whether the face has Apple Advanced Typography layout (morx, kerx, trak), which HarfBuzz may
    /// apply instead of, or besides, GSUB and GPOS.
    var hasAATLayout: Bool {
        hb_aat_layout_has_substitution(face.face) != 0 || hb_aat_layout_has_positioning(face.face) != 0
            || hb_aat_layout_has_tracking(face.face) != 0
    }

    /// The bytes of table `tag` (empty when the face has none).
    func table(_ tag: String) -> [UInt8] { face.table(Tag(tag)) }

    private static func elements(of set: OpaquePointer) -> [Int] {
        var result: [Int] = []
        var value = UInt32.max  // HB_SET_VALUE_INVALID: start before the first element
        while hb_set_next(set, &value) != 0 { result.append(Int(value)) }
        return result
    }

    /// The PNG image of a bitmap colour glyph (CBDT, sbix) and its extents in design units
    /// (x, y of the top-left corner with y up, width, height), or `nil` for a glyph without one.
    func colorImage(ofGlyph glyph: UInt32) -> (png: [UInt8], extents: CGRect)? {
        guard let blob = hb_ot_color_glyph_reference_png(font, glyph) else { return nil }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else { return nil }
        var extents = hb_glyph_extents_t()
        guard hb_font_get_glyph_extents(font, glyph, &extents) != 0 else { return nil }
        let bytes = UnsafeRawBufferPointer(start: data, count: Int(length))
        return (
            Array(bytes),
            CGRect(
                x: CGFloat(extents.x_bearing), y: CGFloat(extents.y_bearing), width: CGFloat(extents.width),
                height: CGFloat(-extents.height))
        )
    }

    /// The unhinted outline of `glyph` in design units (y up), through HarfBuzz's draw callbacks.
    func outline(ofGlyph glyph: UInt32) -> [GlyphOutline.Command] {
        guard let funcs = hb_draw_funcs_create() else { return [] }
        defer { hb_draw_funcs_destroy(funcs) }
        hb_draw_funcs_set_move_to_func(funcs, { _, data, _, x, y, _ in
            OutlineCollector.from(data)?.commands.append(.move(to: CGPoint(x: CGFloat(x), y: CGFloat(y))))
        }, nil, nil)
        hb_draw_funcs_set_line_to_func(funcs, { _, data, _, x, y, _ in
            OutlineCollector.from(data)?.commands.append(.line(to: CGPoint(x: CGFloat(x), y: CGFloat(y))))
        }, nil, nil)
        hb_draw_funcs_set_quadratic_to_func(funcs, { _, data, _, cx, cy, x, y, _ in
            OutlineCollector.from(data)?.commands.append(
                .quadratic(control: CGPoint(x: CGFloat(cx), y: CGFloat(cy)), to: CGPoint(x: CGFloat(x), y: CGFloat(y))))
        }, nil, nil)
        hb_draw_funcs_set_cubic_to_func(funcs, { _, data, _, c1x, c1y, c2x, c2y, x, y, _ in
            OutlineCollector.from(data)?.commands.append(
                .cubic(
                    control1: CGPoint(x: CGFloat(c1x), y: CGFloat(c1y)), control2: CGPoint(x: CGFloat(c2x), y: CGFloat(c2y)),
                    to: CGPoint(x: CGFloat(x), y: CGFloat(y))))
        }, nil, nil)
        hb_draw_funcs_set_close_path_func(funcs, { _, data, _, _ in
            OutlineCollector.from(data)?.commands.append(.close)
        }, nil, nil)
        hb_draw_funcs_make_immutable(funcs)
        let collector = OutlineCollector()
        withExtendedLifetime(collector) {
            hb_font_get_glyph_shape(font, glyph, funcs, Unmanaged.passUnretained(collector).toOpaque())
        }
        return collector.commands
    }

    private static func hbFeature(_ feature: FontFeature) -> hb_feature_t {
        hb_feature_t(
            tag: feature.tag.code,
            value: feature.value, start: caliper_hb_feature_global_start, end: caliper_hb_feature_global_end)
    }
}

/// Receives HarfBuzz's draw callbacks for one glyph; lives only during `outline(ofGlyph:)`.
private final class OutlineCollector {
    var commands: [GlyphOutline.Command] = []

    /// The collector behind the draw_data pointer given to hb_font_get_glyph_shape.
    static func from(_ pointer: UnsafeMutableRawPointer?) -> OutlineCollector? {
        pointer.map { Unmanaged<OutlineCollector>.fromOpaque($0).takeUnretainedValue() }
    }
}

enum HarfBuzz {
    /// HarfBuzz's version string, e.g. "6.0.0".
    static var version: String { String(cString: hb_version_string()) }

    /// Parses a feature setting with `hb_feature_from_string`; `nil` when it is not valid or it
    /// applies to a sub-range (Caliper's settings apply to the whole text).
    static func parseFeature(_ setting: String) -> FontFeature? {
        var feature = hb_feature_t()
        let parsed = setting.withCString { hb_feature_from_string($0, Int32(setting.utf8.count), &feature) }
        guard parsed != 0, feature.start == caliper_hb_feature_global_start, feature.end == caliper_hb_feature_global_end else {
            return nil
        }
        return FontFeature(validatedTag: Tag(code: feature.tag), value: feature.value)
    }
}

extension HarfBuzz {
    /// Parses a variation setting such as `wght=600` with `hb_variation_from_string`.
    static func parseVariation(_ setting: String) -> FontVariation? {
        var variation = hb_variation_t()
        let parsed = setting.withCString { hb_variation_from_string($0, Int32(setting.utf8.count), &variation) }
        guard parsed != 0, variation.value.isFinite else { return nil }
        return FontVariation(validatedTag: Tag(code: variation.tag), value: Double(variation.value))
    }
}
