// PangoEngine.swift — Pango through its C API: PangoLayout on a PangoFT2 font map.
import CBenchText
import Foundation

/// Pango as a Linux program would measure text without a display: a PangoFT2 font map (FreeType +
/// fontconfig, no cairo) over a private fontconfig configuration that lists only the repository's
/// `Fonts/`, the font description "Noto Sans" at an absolute pixel size equal to the point size.
///
/// Hinting is off on both levels that could change widths: every font pattern gets
/// `FC_HINTING = false` from the font map's default-substitute hook (Pango then neither gives
/// HarfBuzz a ppem nor rounds advances to whole pixels, the `is_hinted` paths of pangofc), and the
/// context has `pango_context_set_round_glyph_positions(FALSE)`, so positions stay in 1/1024 units.
/// Widths then agree with Caliper's to Pango's 1/1024 unit (the harness checks and prints this).
public final class PangoEngine {
    private let fontMap: UnsafeMutablePointer<PangoFontMap>
    private let context: OpaquePointer
    private var layouts: [Double: OpaquePointer] = [:]

    public init(fontconfigFile: String = FontFiles.fontconfigFile) {
        guard let config = FcConfigCreate() else { fatalError("fontconfig: no configuration") }
        guard FcConfigParseAndLoad(config, fontconfigFile, FcTrue) == FcTrue, FcConfigBuildFonts(config) == FcTrue
        else { fatalError("fontconfig could not load \(fontconfigFile)") }
        guard let map = pango_ft2_font_map_new() else { fatalError("Pango: no PangoFT2 font map") }
        fontMap = map
        let fcMap = OpaquePointer(map)  // PangoFcFontMap *, PangoFT2FontMap *
        pango_fc_font_map_set_config(fcMap, config)
        FcConfigDestroy(config)  // the font map holds its own reference
        pango_ft2_font_map_set_resolution(fcMap, 72, 72)
        pango_fc_font_map_set_default_substitute(
            fcMap,
            { pattern, _ in
                FcPatternDel(pattern, "hinting")
                FcPatternAddBool(pattern, "hinting", FcFalse)
                FcPatternDel(pattern, "hintstyle")
                FcPatternAddInteger(pattern, "hintstyle", FC_HINT_NONE)
            }, nil, nil)
        context = pango_font_map_create_context(map)
        pango_context_set_round_glyph_positions(context, 0)
    }

    /// The Pango library's version, as it reports it.
    public static var version: String { String(cString: pango_version_string()) }

    deinit {
        for layout in layouts.values { g_object_unref(UnsafeMutableRawPointer(layout)) }
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(UnsafeMutableRawPointer(fontMap))
    }

    /// The PangoLayout kept for one font size (made on first use, then reused as an app would).
    public func layout(size: Double) -> OpaquePointer {
        if let layout = layouts[size] { return layout }
        let layout = makeLayout(size: size)
        layouts[size] = layout
        return layout
    }

    /// A new PangoLayout in "Noto Sans" at `size` (absolute: pixels = points at 72 dpi); the
    /// caller releases it with ``release(_:)``.
    public func makeLayout(size: Double) -> OpaquePointer {
        let layout = pango_layout_new(context)!
        let description = pango_font_description_new()
        pango_font_description_set_family(description, "Noto Sans")
        pango_font_description_set_absolute_size(description, size * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)
        return layout
    }

    public func release(_ layout: OpaquePointer) { g_object_unref(UnsafeMutableRawPointer(layout)) }

    /// Sets the text of `layout`.
    public func setText(_ layout: OpaquePointer, _ text: String) {
        var text = text
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { pango_layout_set_text(layout, $0.baseAddress, Int32($0.count)) }
        }
    }

    /// Wraps at `width` points (nil: no wrapping), word-wrapped as a label.
    public func setWidth(_ layout: OpaquePointer, _ width: Double?) {
        pango_layout_set_width(layout, width.map { Int32(($0 * Double(PANGO_SCALE)).rounded(.down)) } ?? -1)
    }

    /// One line, ending in an ellipsis when wider than the layout's width (a title in a cell).
    public func setEllipsizedAtEnd(_ layout: OpaquePointer) {
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
    }

    /// The logical size of the laid-out text, in points.
    public func size(_ layout: OpaquePointer) -> (width: Double, height: Double) {
        var width: Int32 = 0
        var height: Int32 = 0
        pango_layout_get_size(layout, &width, &height)
        return (Double(width) / Double(PANGO_SCALE), Double(height) / Double(PANGO_SCALE))
    }

    /// The single-line size of `text` at `size` points (set_text + get_size on the size's layout).
    public func measure(_ text: String, size: Double, width: Double? = nil) -> (width: Double, height: Double) {
        let layout = layout(size: size)
        setText(layout, text)
        setWidth(layout, width)
        return self.size(layout)
    }
}
