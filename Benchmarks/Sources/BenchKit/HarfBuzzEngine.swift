// HarfBuzzEngine.swift — the floor: raw HarfBuzz shaping and a sum of advances, nothing else.
import CBenchText
import Foundation

/// One font file as HarfBuzz sees it: OpenType font functions, scale = units per em, so advances
/// are unhinted design units (as Caliper shapes).
final class HarfBuzzFace {
    let font: OpaquePointer
    let unitsPerEm: Double
    /// hhea ascender − descender + line gap, in design units.
    let lineHeight: Double

    init(path: String) {
        let blob = hb_blob_create_from_file(path)
        let face = hb_face_create(blob, 0)
        hb_blob_destroy(blob)
        font = hb_font_create(face)
        hb_ot_font_set_funcs(font)
        let upem = hb_face_get_upem(face)
        hb_font_set_scale(font, Int32(upem), Int32(upem))
        hb_face_destroy(face)
        unitsPerEm = Double(upem)
        var extents = hb_font_extents_t()
        hb_font_get_h_extents(font, &extents)
        lineHeight = Double(extents.ascender - extents.descender + extents.line_gap)
        precondition(upem > 0, "HarfBuzz could not read \(path)")
    }

    deinit { hb_font_destroy(font) }

    func covers(_ scalar: Unicode.Scalar) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, scalar.value, &glyph) != 0
    }
}

/// Shapes text with one reused `hb_buffer_t` (`hb_buffer_clear_contents` between calls) and sums
/// the x advances: no itemization, no line breaking, no caching. What any measurement must at
/// least do for text it has not seen.
public final class HarfBuzzEngine {
    let primary: HarfBuzzFace
    let cascade: [HarfBuzzFace]
    private let buffer: OpaquePointer

    public init(primaryFont: String = FontFiles.latin, fallbackFonts: [String] = FontFiles.cascade) {
        primary = HarfBuzzFace(path: primaryFont)
        cascade = [primary] + fallbackFonts.map(HarfBuzzFace.init(path:))
        buffer = hb_buffer_create()
    }

    deinit { hb_buffer_destroy(buffer) }

    /// The HarfBuzz library's version, as it reports it.
    public static var version: String { String(cString: hb_version_string()) }

    /// The advance width of `text` in the primary font at `size` points, on one line.
    public func width(_ text: String, size: Double) -> Double {
        Double(shape(text, face: primary)) * size / primary.unitsPerEm
    }

    /// The line height of the primary font at `size` points.
    public func lineHeight(size: Double) -> Double { primary.lineHeight * size / primary.unitsPerEm }

    /// The width of mixed-script `text` with the simplest fallback there is: each scalar goes to
    /// the first font of the cascade that maps it (marks, joiners and variation selectors stay with
    /// the run they follow), and each run of one font is shaped on its own.
    public func cascadeWidth(_ text: String, size: Double) -> Double {
        var total = 0.0
        var runStart = text.unicodeScalars.startIndex
        var runFace: HarfBuzzFace?
        var index = runStart
        let scalars = text.unicodeScalars
        while index < scalars.endIndex {
            let scalar = scalars[index]
            let face = Self.extendsRun(scalar) && runFace != nil
                ? runFace! : (cascade.first { $0.covers(scalar) } ?? primary)
            if face !== runFace {
                if let runFace, runStart < index {
                    total += Double(shape(Substring(scalars[runStart..<index]), face: runFace)) * size / runFace.unitsPerEm
                }
                runFace = face
                runStart = index
            }
            index = scalars.index(after: index)
        }
        if let runFace, runStart < scalars.endIndex {
            total += Double(shape(Substring(scalars[runStart...]), face: runFace)) * size / runFace.unitsPerEm
        }
        return total
    }

    private static func extendsRun(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .format: return true
        default: return scalar.properties.isVariationSelector || scalar.properties.isEmojiModifier
        }
    }

    /// hb_buffer_add_utf8 + guess_segment_properties + hb_shape; the sum of x advances in design units.
    func shape(_ text: some StringProtocol, face: HarfBuzzFace) -> Int {
        var utf8 = String(text)
        return utf8.withUTF8 { bytes -> Int in
            hb_buffer_clear_contents(buffer)
            bytes.withMemoryRebound(to: CChar.self) { chars in
                hb_buffer_add_utf8(buffer, chars.baseAddress, Int32(chars.count), 0, Int32(chars.count))
            }
            hb_buffer_guess_segment_properties(buffer)
            hb_shape(face.font, buffer, nil, 0)
            var count: UInt32 = 0
            guard let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return 0 }
            var sum = 0
            for index in 0..<Int(count) { sum += Int(positions[index].x_advance) }
            return sum
        }
    }
}
