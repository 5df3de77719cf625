// TextStyleDescription.swift — a text style as a request describes it (font by name or system font, size, spacing, features, fallback, language, Dynamic Type), filled by JSON and by the command line alike, with the defaults in one place.
import Caliper
import Foundation

/// A text style as a request gives it, before its fonts are loaded: a request's or a label's JSON
/// (``LayoutSpec/textStyleDescription(_:)``) and `caliper`'s style flags fill it, and
/// ``LayoutSpec/textStyle(_:naming:)`` makes the ``TextStyle``, so that every door has the same defaults
/// and rules: the size (``pointSize``), the system font's weight (``systemFontDescriptor``), its
/// monospaced digits as `tnum`, the fallback fonts, and the scaling to a content size category.
package struct TextStyleDescription {
    /// The font: a file path (`PATH#N` for a face of a collection) or a fontconfig pattern;
    /// `nil`: the default font, or the system font.
    package var font: String?
    /// Axis settings of a variable ``font``.
    package var variations: [FontVariation]?
    /// Apple's system font, instead of ``font``.
    package var systemFont: SystemFontRequest?
    /// The point size; `nil`: ``pointSize``'s default.
    package var size: CGFloat?
    /// A Dynamic Type text style: the size defaults to its size at the default category, the
    /// system font's weight to its, and sizes scale as its with ``contentSizeCategory``.
    package var dynamicType: DynamicTypeStyle?
    /// The content size category the text's sizes are scaled to (as ``dynamicType``'s, else body's).
    package var contentSizeCategory: ContentSizeCategory?
    package var letterSpacing: CGFloat = 0
    package var features: [FontFeature] = []
    package var baselineOffset: CGFloat = 0
    /// Fallback fonts by name, tried in order; `nil`: the door's default fallback fonts.
    package var fallback: [String]?
    /// BCP 47.
    package var language: String?

    package init() {}

    /// A description with every field given.
    package init(
        font: String?, variations: [FontVariation]?, systemFont: SystemFontRequest?, size: CGFloat?, dynamicType: DynamicTypeStyle?,
        contentSizeCategory: ContentSizeCategory?, letterSpacing: CGFloat, features: [FontFeature], baselineOffset: CGFloat,
        fallback: [String]?, language: String?
    ) {
        self.font = font
        self.variations = variations
        self.systemFont = systemFont
        self.size = size
        self.dynamicType = dynamicType
        self.contentSizeCategory = contentSizeCategory
        self.letterSpacing = letterSpacing
        self.features = features
        self.baselineOffset = baselineOffset
        self.fallback = fallback
        self.language = language
    }

    /// The size of a text that gives none and has no Dynamic Type style: 17 pt, UIKit's body
    /// text size at the default category and `UIFont.labelFontSize`.
    package static let defaultSize: CGFloat = 17

    /// The point size before any content size category: ``size``, else ``dynamicType``'s size
    /// at the default category (Large), else ``defaultSize``.
    package var pointSize: CGFloat { size ?? dynamicType?.defaultPointSize ?? Self.defaultSize }

    /// The system font asked for, its weight defaulting to ``dynamicType``'s (semibold for the
    /// headline), as `preferredFont(forTextStyle:)` sets it; `nil` without ``systemFont``.
    package var systemFontDescriptor: SystemFontDescriptor? {
        systemFont.map { $0.descriptor(defaultWeight: dynamicType?.systemFontWeight ?? .regular) }
    }

    /// How sizes scale with the content size category: as ``dynamicType``'s, else as body's.
    package var dynamicTypeMetrics: DynamicTypeMetrics { Self.dynamicTypeMetrics(for: dynamicType) }

    /// How the sizes of a text with the Dynamic Type style `dynamicType` scale: as its, else as
    /// body's (`UIFontMetrics.default`).
    package static func dynamicTypeMetrics(for dynamicType: DynamicTypeStyle?) -> DynamicTypeMetrics {
        DynamicTypeMetrics(forTextStyle: dynamicType ?? .body)
    }

    /// `text` with its sizes scaled to ``contentSizeCategory``, or as it is without one.
    package func scaled(_ text: AttributedText) -> AttributedText {
        guard let contentSizeCategory else { return text }
        return dynamicTypeMetrics.scaledText(text, compatibleWith: contentSizeCategory)
    }
}

/// How a door names a request's fields in errors: a JSON key quoted (`"font"`) and at its path
/// (`root.children[0].font`), an error at the object's path; a flag on the command line (`--font`).
package enum FieldNaming {
    /// The keys of a JSON object.
    case json(JSONObject)
    /// Command-line flags: a key's flag (`["font": "--font"]`), else `--` and the key.
    case flags([String: String])

    /// A field as a sentence names it among its object's: `"font"`, `--font`.
    package func name(_ key: String) -> String {
        switch self {
        case .json: "\"\(key)\""
        case .flags(let flags): flags[key] ?? "--\(key)"
        }
    }

    /// A field with the path to its object: `root.children[0].font`, `--font`.
    package func path(_ key: String) -> String {
        switch self {
        case .json(let object): object.name(key)
        case .flags: name(key)
        }
    }

    /// An error about the object the fields are in.
    package func error(_ message: String) -> InputError {
        switch self {
        case .json(let object): object.error(message)
        case .flags: InputError(message)
        }
    }
}

/// The system font a request asks for, each part optional: `{"weight": "semibold", "width":
/// "condensed", "design": "rounded", "italic": true, "monospacedDigits": true}` in JSON,
/// `--weight`, `--font-width`, `--design`, `--italic`, `--monospaced-digits` on the command line.
package struct SystemFontRequest {
    package var weight: SystemFontWeight?
    package var width: SystemFontWidth?
    package var design: SystemFontDesign?
    package var isItalic = false
    package var monospacedDigits = false

    package init(
        weight: SystemFontWeight? = nil, width: SystemFontWidth? = nil, design: SystemFontDesign? = nil, isItalic: Bool = false,
        monospacedDigits: Bool = false
    ) {
        self.weight = weight
        self.width = width
        self.design = design
        self.isItalic = isItalic
        self.monospacedDigits = monospacedDigits
    }

    /// The descriptor, each part left out at its default (the weight at `defaultWeight`).
    package func descriptor(defaultWeight: SystemFontWeight) -> SystemFontDescriptor {
        SystemFontDescriptor(
            weight: weight ?? defaultWeight, width: width ?? .standard, design: design ?? .default, isItalic: isItalic,
            monospacedDigits: monospacedDigits)
    }
}

extension LayoutSpec {
    /// The style `description` describes, its fonts loaded as this spec loads them: the system
    /// font from ``systemFonts`` (refused beside a font or variations), else the font by name
    /// (the default font when none, unless ``onlyGivenFonts`` refuses it) at its variations; its
    /// fallback fonts by name, else ``defaultFallbackFonts``; `tnum` for the system font's
    /// monospaced digits (``SystemFontDescriptor/features(adding:)``). The size is
    /// ``TextStyleDescription/pointSize``, before any content size category.
    /// Errors name the fields as `naming` says (`"font"` in JSON, `--font` on the command line).
    package func textStyle(_ description: TextStyleDescription, naming: FieldNaming) throws -> TextStyle {
        let primary: FontFace
        var features = description.features
        if let system = description.systemFontDescriptor {
            primary = try systemFace(system, hasFont: description.font != nil, hasVariations: description.variations != nil, naming: naming)
            features = system.features(adding: features)
        } else {
            if description.font == nil, platform == .android {
                throw InputError(
                    "missing \(naming.path("font")): a text for Android names its font file (or a \"typeface\" of the device's fonts); the machine's default font is not a device's")
            }
            if description.font == nil, onlyGivenFonts {
                throw InputError(
                    "missing \(naming.path("font")): only the fonts given are used (onlyGivenFonts, --only-given-fonts, or a font root without fontconfig patterns), so every text names its font")
            }
            let face = try face(description.font)
            primary = try description.variations.map { try face.withVariations($0) } ?? face
        }
        return TextStyle(
            font: primary, size: description.pointSize, letterSpacing: description.letterSpacing, features: features,
            fallbackFonts: try description.fallback.map { try $0.map { try face($0) } } ?? defaultFallbackFonts, fallback: fallback,
            language: description.language, baselineOffset: description.baselineOffset)
    }

    /// The face of `descriptor` from ``systemFonts``, refused beside a font or variations (the
    /// system font sets its own axes from the weight and width: ``systemFontConflict(hasFont:hasVariations:)``).
    func systemFace(_ descriptor: SystemFontDescriptor, hasFont: Bool, hasVariations: Bool, naming: FieldNaming) throws -> FontFace {
        switch Self.systemFontConflict(hasFont: hasFont, hasVariations: hasVariations) {
        case .font?: throw naming.error("give \(naming.name("font")) or \(naming.name("systemFont")), not both")
        case .variations?:
            throw naming.error("\(naming.name("variations")) go with \(naming.name("font")): \(naming.name("systemFont")) sets its axes from its weight and width")
        case nil: break
        }
        guard let systemFonts else {
            throw InputError(
                "\(naming.path("systemFont")) needs a folder of Apple's system-font files: caliper --system-font DIR, or the service's --system-font DIR")
        }
        return try systemFonts.face(for: descriptor)
    }
}
