// TextStyle.swift — the character attributes of measured text: font, size, letter spacing, features, baseline offset.
import Foundation

/// The character attributes that decide how wide and tall text is, as `NSAttributedString`
/// attributes do: the font (`.font`), the point size, letter spacing (`.kern`), OpenType feature
/// settings and the baseline offset (`.baselineOffset`). One style applies to a whole `String`;
/// ``AttributedText`` holds several over ranges of one text.
///
/// ```swift
/// let style = TextStyle(font: try FontFace(contentsOfFile: "Fonts/DejaVuSans.ttf"), size: 17)
/// ```
public struct TextStyle: Sendable, Hashable, CustomReflectable {
    /// The largest point size Caliper accepts; larger sizes are refused as input errors.
    public static let maximumFontSize: CGFloat = 10_000
    /// The most ``fallbackFonts`` a style may have: every character no font covers is looked for
    /// in each of them, so a longer list is refused rather than searched (CSS font stacks and
    /// CoreText's cascade lists hold a few to a few dozen fonts).
    public static let maximumFallbackFontCount = 64
    /// The most OpenType feature settings a style takes: every registered feature tag once
    /// (about 240 with `cv01`–`cv99` and `ss01`–`ss20`) fits. Caliper's own bound; no document sets one.
    public static let maximumFeatureCount = 256

    /// The attributes, held once for every copy of the style (a style is copied wherever text
    /// goes: into its spans, layouts and cache keys). A copy counts one reference, where it
    /// counted one to each of the five the attributes hold — a font, two arrays, a fallback and a
    /// language, most of them shared by every thread.
    private var box: Box

    /// What a style is, field by field: its equality and hash are the style's.
    private struct Attributes: Hashable {
        var font: FontFace
        var size: CGFloat
        var letterSpacing: CGFloat
        var features: [FontFeature]
        var fallbackFonts: [FontFace]
        var fallback: FontFallback
        var baselineOffset: CGFloat
        var language: String?
    }

    /// The attributes on the heap, never changed: a style that changes one gets a box of its own.
    /// Being constant, they are read where they lie, without counting a reference to what is
    /// read (a variable a class holds would be copied out at every read).
    private final class Box: Sendable {
        let attributes: Attributes
        init(_ attributes: Attributes) { self.attributes = attributes }
    }

    /// The attributes; a change gives the style a new box.
    private var attributes: Attributes {
        get { box.attributes }
        set { box = Box(newValue) }
    }

    /// The face the text is set in.
    public var font: FontFace {
        get { box.attributes.font }
        set { attributes.font = newValue }
    }
    /// The point size, greater than 0 and at most ``maximumFontSize``.
    public var size: CGFloat {
        get { box.attributes.size }
        set { attributes.size = newValue }
    }
    /// Points added after every grapheme cluster, the last one included, as UIKit's `.kern` attribute.
    public var letterSpacing: CGFloat {
        get { box.attributes.letterSpacing }
        set { attributes.letterSpacing = newValue }
    }
    /// OpenType features on top of HarfBuzz's defaults (kerning, standard ligatures, contextual alternates).
    public var features: [FontFeature] {
        get { box.attributes.features }
        set { attributes.features = newValue }
    }
    /// Fonts tried in order for characters ``font`` lacks, at most ``maximumFallbackFontCount``.
    /// When empty, ``fallback`` decides.
    public var fallbackFonts: [FontFace] {
        get { box.attributes.fallbackFonts }
        set { attributes.fallbackFonts = newValue }
    }
    /// Where characters that ``font`` lacks are looked for when ``fallbackFonts`` is empty.
    public var fallback: FontFallback {
        get { box.attributes.fallback }
        set { attributes.fallback = newValue }
    }
    /// Points the text is raised above the baseline (negative: lowered), as UIKit's
    /// `.baselineOffset`; a line grows to hold raised or lowered text. At most
    /// ``maximumFontSize`` either way.
    public var baselineOffset: CGFloat {
        get { box.attributes.baselineOffset }
        set { attributes.baselineOffset = newValue }
    }
    /// The language of the text (BCP 47, e.g. `"sr"`, `"ja"`, `"th"`): it picks language-specific
    /// glyph forms when shaping and tailors line breaking. `nil`: none.
    public var language: String? {
        get { box.attributes.language }
        set { attributes.language = newValue }
    }

    /// A style of `font` at `size` points; every other attribute defaults to none (no letter spacing,
    /// no extra features, system fallback, no language, on the baseline).
    public init(
        font: FontFace, size: CGFloat, letterSpacing: CGFloat = 0, features: [FontFeature] = [],
        fallbackFonts: [FontFace] = [], fallback: FontFallback = .system, language: String? = nil,
        baselineOffset: CGFloat = 0
    ) {
        box = Box(Attributes(
            font: font, size: size, letterSpacing: letterSpacing, features: features, fallbackFonts: fallbackFonts,
            fallback: fallback, baselineOffset: baselineOffset, language: language))
    }

    /// Whether two styles have the same attributes (fonts by identity, as ``FontFace`` compares).
    public static func == (lhs: TextStyle, rhs: TextStyle) -> Bool {
        lhs.box.attributes == rhs.box.attributes
    }

    /// Hashes the attributes equality compares.
    public func hash(into hasher: inout Hasher) {
        box.attributes.hash(into: &hasher)
    }

    /// The style's attributes as its children, as a style whose attributes were its own stored
    /// properties shows them (`print`, `dump`, debuggers).
    public var customMirror: Mirror {
        Mirror(self, children: Mirror(reflecting: box.attributes).children, displayStyle: .struct)
    }

    /// The font's metrics at this size, in the instance text at this size is measured in (see
    /// ``FontFace/instance(atPointSize:)``: a face with an `opsz` axis it does not set follows
    /// the size, `MVAR` deltas included).
    public var metrics: FontMetrics {
        guard font.followsOpticalSize, let instance = try? font.instance(atPointSize: size) else {
            return font.metrics(atSize: size)
        }
        return instance.metrics(atSize: size)
    }

    /// Whether a font of the style follows the point size on its `opsz` axis (see
    /// ``FontFace/followsOpticalSize``): one check of the primary font for most styles.
    var followsOpticalSize: Bool {
        font.followsOpticalSize || (!fallbackFonts.isEmpty && fallbackFonts.contains { $0.followsOpticalSize })
    }

    /// The style as it is measured: each font that follows the optical size replaced by its
    /// instance at this size (``FontFace/instance(atPointSize:)``); the style itself when none
    /// does. Validates the style first when there is something to replace, so an invalid style
    /// throws what ``validate()`` throws.
    func resolvingOpticalSizes() throws(CaliperError) -> TextStyle {
        guard followsOpticalSize else { return self }
        try validate()
        return try resolvingValidatedOpticalSizes()
    }

    /// ``resolvingOpticalSizes()`` of a style already validated.
    func resolvingValidatedOpticalSizes() throws(CaliperError) -> TextStyle {
        var resolved = self
        resolved.font = try font.instance(atPointSize: size)
        // Set once: each change of an attribute gives the style a new box.
        if fallbackFonts.contains(where: \.followsOpticalSize) {
            var fallbackFonts = fallbackFonts
            for index in fallbackFonts.indices where fallbackFonts[index].followsOpticalSize {
                fallbackFonts[index] = try fallbackFonts[index].instance(atPointSize: size)
            }
            resolved.fallbackFonts = fallbackFonts
        }
        return resolved
    }

    /// Checks that every value is one Caliper measures with: the size, letter spacing and baseline
    /// offset finite and within their ranges, at most ``maximumFallbackFontCount`` fallback fonts
    /// and ``maximumFeatureCount`` features, a BCP 47-shaped language. Measuring runs this check too.
    public func validate() throws(CaliperError) {
        if let language, language.isEmpty || language.utf8.count > 64 || !language.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) {
            throw .invalidLanguage(language)
        }
        guard size.isFinite, size > 0, size <= Self.maximumFontSize else { throw .invalidFontSize(Double(size)) }
        guard fallbackFonts.count <= Self.maximumFallbackFontCount else {
            throw .tooManyFallbackFonts(count: fallbackFonts.count, limit: Self.maximumFallbackFontCount)
        }
        guard features.count <= Self.maximumFeatureCount else {
            throw .tooManyFeatures(count: features.count, limit: Self.maximumFeatureCount)
        }
        guard letterSpacing.isFinite, abs(letterSpacing) <= Self.maximumFontSize else {
            throw .invalidLetterSpacing(Double(letterSpacing))
        }
        guard baselineOffset.isFinite, abs(baselineOffset) <= Self.maximumFontSize else {
            throw .invalidBaselineOffset(Double(baselineOffset))
        }
    }
}

/// Where a style looks for characters its fonts lack, as CoreText's cascade list does.
public enum FontFallback: Sendable, Hashable {
    /// Nowhere: such characters are measured with the primary font's .notdef glyph.
    case none
    /// fontconfig's fallback order for the primary font (FcFontSort, by coverage), from the
    /// process's fontconfig configuration.
    case system
    /// The same from a fontconfig configuration file of your own (for example `Fonts/fonts.conf`,
    /// which lists only the fixture fonts), without touching the process's configuration.
    case fontconfig(configurationFile: String)
}
