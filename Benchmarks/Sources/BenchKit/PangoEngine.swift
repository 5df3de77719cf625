// PangoEngine.swift — Pango through its C API: PangoLayout on a PangoCairo font map, and attribute lists for rich text.
import CBenchText
import Foundation

/// Pango as a Linux program measures text: PangoLayout on PangoCairo's fontconfig + FreeType font
/// map (what GTK uses; PangoFT2 alone cannot use the colour-bitmap emoji font), over a private
/// fontconfig configuration that lists only the repository's `Fonts/` (plus two rules every system
/// configuration has, see ``systemRules``), with the family list
/// ``families`` at an absolute pixel size equal to the point size (72 dpi); the Android workloads'
/// engine holds only Roboto (``init(fontFiles:families:)``).
///
/// Hinting is off on every level that could change widths: the context's cairo font options say
/// hint style NONE and hint metrics OFF (so Pango neither hands HarfBuzz a ppem nor rounds advances
/// to whole pixels), and `pango_context_set_round_glyph_positions(FALSE)` keeps positions in
/// 1/1024 units. Widths then agree with Caliper's to about Pango's unit (the harness prints the
/// largest difference).
public final class PangoEngine {
    private let fontMap: UnsafeMutablePointer<PangoFontMap>
    private let context: OpaquePointer
    private var layouts: [Double: OpaquePointer] = [:]
    /// The family list of this engine's font descriptions: ``families``, or the fonts given.
    public let fontFamilies: String

    /// Pango over the fixture fonts (``FontFiles/fontconfigFile``), with ``families``.
    public convenience init(fontconfigFile: String = FontFiles.fontconfigFile) {
        self.init(families: Self.families, fonts: fontconfigFile) { config in
            FcConfigParseAndLoad(config, fontconfigFile, FcTrue) == FcTrue
        }
    }

    /// Pango over a fontconfig configuration holding only `fontFiles` (as application fonts: a
    /// file the fixture configuration leaves out, such as Roboto, is found too), with `families`.
    public convenience init(fontFiles: [String], families: String) {
        self.init(families: families, fonts: fontFiles.joined(separator: ", ")) { config in
            fontFiles.allSatisfy { FcConfigAppFontAddFile(config, $0) == FcTrue }
        }
    }

    private init(families: String, fonts: String, loadFonts: (OpaquePointer) -> Bool) {
        fontFamilies = families
        guard let config = FcConfigCreate() else { fatalError("fontconfig: no configuration") }
        guard loadFonts(config),
            FcConfigParseAndLoadFromMemory(config, Self.systemRules, FcTrue) == FcTrue, FcConfigBuildFonts(config) == FcTrue
        else { fatalError("fontconfig could not load \(fonts)") }
        guard let map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT) else {
            fatalError("Pango: no PangoCairo fontconfig font map")
        }
        fontMap = map
        pango_fc_font_map_set_config(OpaquePointer(map), config)  // a PangoCairoFcFontMap is a PangoFcFontMap
        FcConfigDestroy(config)  // the font map holds its own reference
        pango_cairo_font_map_set_resolution(OpaquePointer(map), 72)
        context = pango_font_map_create_context(map)
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
    }

    /// The font description's family list: Noto Sans, then the same cascade Caliper's mixed-script
    /// style names, so Pango falls back to the same files (left to fontconfig's own order, it picks
    /// DejaVu Sans for Arabic and emoji).
    public static let families = "Noto Sans,Droid Sans Fallback,Noto Color Emoji,Noto Sans Arabic,Noto Sans Thai"

    /// Two things a system fontconfig configuration does that the fixture one does not: map the
    /// generic family "emoji" (which Pango ≥ 1.50 asks for emoji runs) to a colour emoji font, and
    /// scale bitmap fonts (Noto Color Emoji's 109-pixel strike) to the requested pixel size by a
    /// font matrix, as Debian's 10-scale-bitmap-fonts.conf does. Without them Pango measures emoji
    /// with DejaVu Sans, or at 109 pixels.
    static let systemRules = """
        <?xml version="1.0"?>
        <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
        <fontconfig>
          <alias binding="same"><family>emoji</family><prefer><family>Noto Color Emoji</family></prefer></alias>
          <match target="font">
            <test name="outline" compare="eq"><bool>false</bool></test>
            <edit name="pixelsizefixupfactor" mode="assign">
              <divide><name target="pattern">pixelsize</name><name target="font">pixelsize</name></divide>
            </edit>
          </match>
          <match target="font">
            <test name="outline" compare="eq"><bool>false</bool></test>
            <edit name="matrix" mode="assign">
              <times>
                <name>matrix</name>
                <matrix><name>pixelsizefixupfactor</name><double>0</double><double>0</double><name>pixelsizefixupfactor</name></matrix>
              </times>
            </edit>
          </match>
        </fontconfig>
        """

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

    /// A new PangoLayout in ``fontFamilies`` at `size` (absolute: pixels = points at 72 dpi); the
    /// caller releases it with ``release(_:)``.
    public func makeLayout(size: Double) -> OpaquePointer {
        let layout = pango_layout_new(context)!
        let description = pango_font_description_new()
        pango_font_description_set_family(description, fontFamilies)
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

    /// Gives `layout` the attribute list of a rich text (`nil`: none), as a label does when its
    /// attributed text changes. The layout keeps its own reference to the list.
    public func setAttributes(_ layout: OpaquePointer, _ attributes: PangoAttributes?) {
        pango_layout_set_attributes(layout, attributes?.list)
    }

    /// The logical size of the laid-out text, in points.
    public func size(_ layout: OpaquePointer) -> (width: Double, height: Double) {
        var width: Int32 = 0
        var height: Int32 = 0
        pango_layout_get_size(layout, &width, &height)
        return (Double(width) / Double(PANGO_SCALE), Double(height) / Double(PANGO_SCALE))
    }

    /// How many lines the laid-out text has.
    public func lineCount(_ layout: OpaquePointer) -> Int { Int(pango_layout_get_line_count(layout)) }

    /// The single-line size of `text` at `size` points (set_text + get_size on the size's layout).
    public func measure(_ text: String, size: Double, width: Double? = nil) -> (width: Double, height: Double) {
        let layout = layout(size: size)
        setText(layout, text)
        setWidth(layout, width)
        return self.size(layout)
    }
}

/// The PangoAttrList of one ``RichText``, owned: what an app hands `pango_layout_set_attributes`
/// for a label whose name is bold. Each bold run gets a font-description attribute (the layout's
/// family list, weight bold: fontconfig picks Noto Sans Bold among the fixture fonts) and each run
/// whose size differs from the layout's an absolute size, over the run's UTF-8 byte range (Pango
/// indexes attributes by byte): the equivalent of `<b>` and `<span size>` markup.
public final class PangoAttributes {
    let list: OpaquePointer

    /// The attributes of `text` for a layout whose font description is ``PangoEngine/families``
    /// at `baseSize` points.
    public init(_ text: RichText, baseSize: Double) {
        list = pango_attr_list_new()
        let bold = pango_font_description_new()
        pango_font_description_set_family(bold, PangoEngine.families)
        pango_font_description_set_weight(bold, PANGO_WEIGHT_BOLD)
        defer { pango_font_description_free(bold) }
        var byteOffset = 0
        for run in text.runs {
            let byteRange = UInt32(byteOffset)..<UInt32(byteOffset + run.text.utf8.count)
            byteOffset = Int(byteRange.upperBound)
            if run.isBold { insert(pango_attr_font_desc_new(bold), over: byteRange) }
            if run.sizeInPoints != baseSize {
                insert(pango_attr_size_new_absolute(Int32((run.sizeInPoints * Double(PANGO_SCALE)).rounded())), over: byteRange)
            }
        }
    }

    deinit { pango_attr_list_unref(list) }

    /// Inserts `attribute` over `byteRange`; the list takes ownership of it.
    private func insert(_ attribute: UnsafeMutablePointer<PangoAttribute>?, over byteRange: Range<UInt32>) {
        guard let attribute else { return }
        attribute.pointee.start_index = byteRange.lowerBound
        attribute.pointee.end_index = byteRange.upperBound
        pango_attr_list_insert(list, attribute)
    }
}
