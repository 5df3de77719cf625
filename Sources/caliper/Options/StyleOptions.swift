// StyleOptions.swift — the flags that choose the font, size, letter spacing and features.
import ArgumentParser
import Caliper
import CaliperBatch
import Foundation

struct StyleOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "Font file path (PATH#N for face N of a collection) or fontconfig pattern. Default: DejaVu Sans, as fontconfig finds it (Debian: fonts-dejavu-core); an error where it is not installed, never another font.",
        valueName: "font"))
    var font: String?

    @Option(name: .long, parsing: .unconditional, help: "Point size (greater than 0, at most 10000). Default: 17, or the --text-style's size at the default category (Large).")
    var size: Double?

    @Option(name: .long, help: ArgumentHelp(
        "A Dynamic Type text style (\(DynamicTypeStyle.allCases.map(\.rawValue).joined(separator: ", "))): sizes scale as its do, as UIFontMetrics(forTextStyle:) scales them.",
        valueName: "style"))
    var textStyle: String?

    @Option(name: .long, help: ArgumentHelp(
        "A Dynamic Type content size category (\(ContentSizeCategory.allCases.map(\.rawValue).joined(separator: ", "))): sizes scaled to it as --text-style's (body's when none is given).",
        valueName: "category"))
    var contentSizeCategory: String?

    @Option(name: .long, parsing: .unconditional, help: "Points added after every grapheme cluster, as UIKit's .kern attribute.")
    var letterSpacing: Double = 0

    @Option(name: .customLong("fallback"), help: ArgumentHelp(
        "A fallback font (path or pattern) for characters the font lacks; repeat for a cascade. Default: every installed font, in fontconfig's fallback order for the font (FcFontSort), unless --only-given-fonts.",
        valueName: "font"))
    var fallbacks: [String] = []

    @Flag(name: .long, help: ArgumentHelp(
        "Use only --font and the --fallback fonts: --font is required, and characters they lack are measured with the font's .notdef glyph rather than found in the machine's fonts, so results do not depend on what is installed."))
    var onlyGivenFonts = false

    @Option(name: .long, help: "The text's language, BCP 47 (sr, ja, th, ar-EG): language-specific glyphs and line breaking.")
    var language: String?

    @Option(name: .customLong("variation"), help: ArgumentHelp(
        "A variable font's axis setting (wght=600, wdth=75, slnt=-10) for --font; repeat for more axes. `caliper metrics --font F` lists the axes.",
        valueName: "setting"))
    var variations: [String] = []

    @Option(name: .long, help: ArgumentHelp(
        "Set the text in Apple's system font, found in this folder of Apple's font files (SF Pro, SF Mono, New York; from developer.apple.com/fonts), as UIFont.systemFont(ofSize:weight:width:) chooses it. Instead of --font.",
        valueName: "folder"))
    var systemFont: String?

    @Option(name: .long, help: ArgumentHelp(
        "The system font's weight (\(SystemFontWeight.allCases.map(\.rawValue).joined(separator: ", "))). Default: regular, or the --text-style's (headline: semibold).",
        valueName: "weight"))
    var weight: String?

    @Option(name: .long, help: ArgumentHelp(
        "The system font's width (\(SystemFontWidth.allCases.map(\.rawValue).joined(separator: ", "))), as UIFont.Width. Default: standard.",
        valueName: "width"))
    var fontWidth: String?

    @Option(name: .long, help: ArgumentHelp(
        "The system font's design (\(SystemFontDesign.allCases.map(\.rawValue).joined(separator: ", "))), as UIFontDescriptor.SystemDesign. Default: default.",
        valueName: "design"))
    var design: String?

    @Flag(name: .long, help: "The system font's italic (italicSystemFont).")
    var italic = false

    @Flag(name: .long, help: "The system font with monospaced digits (monospacedDigitSystemFont: the tnum feature).")
    var monospacedDigits = false

    @Option(name: .customLong("feature"), help: ArgumentHelp(
        "OpenType feature setting in HarfBuzz syntax (liga=0, tnum, -kern); repeat for more.", valueName: "setting"))
    var features: [String] = []

    func validate() throws {
        if onlyGivenFonts, font == nil, systemFont == nil {
            throw ValidationError("--only-given-fonts needs --font or --system-font: the default font is found among the machine's")
        }
        if systemFont != nil {
            switch LayoutSpec.systemFontConflict(hasFont: font != nil, hasVariations: !variations.isEmpty) {
            case .font?: throw ValidationError("give --font or --system-font, not both")
            case .variations?: throw ValidationError("--variation goes with --font: --system-font sets its axes from --weight and --font-width")
            case nil: break
            }
        } else {
            let given = [("--weight", weight != nil), ("--font-width", fontWidth != nil), ("--design", design != nil), ("--italic", italic), ("--monospaced-digits", monospacedDigits)]
            if let (name, _) = given.first(where: \.1) { throw ValidationError("\(name) goes with --system-font FOLDER") }
        }
        if let weight, SystemFontWeight(named: weight) == nil {
            throw ValidationError("unknown --weight \"\(weight)\" (known: \(SystemFontWeight.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        if let fontWidth, SystemFontWidth(named: fontWidth) == nil {
            throw ValidationError("unknown --font-width \"\(fontWidth)\" (known: \(SystemFontWidth.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        if let design, SystemFontDesign(named: design) == nil {
            throw ValidationError("unknown --design \"\(design)\" (known: \(SystemFontDesign.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        if let size, !(size.isFinite && size > 0 && size <= Double(TextStyle.maximumFontSize)) {
            throw ValidationError("--size must be a finite number greater than 0 and at most \(Int(TextStyle.maximumFontSize)), not \(size)")
        }
        if let textStyle, DynamicTypeStyle(rawValue: textStyle) == nil {
            throw ValidationError(
                "unknown --text-style \"\(textStyle)\" (known: \(DynamicTypeStyle.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        if let contentSizeCategory, ContentSizeCategory(named: contentSizeCategory) == nil {
            throw ValidationError(
                "unknown --content-size-category \"\(contentSizeCategory)\" (known: \(ContentSizeCategory.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        let largest = Double(TextStyle.maximumFontSize)
        guard letterSpacing.isFinite, abs(letterSpacing) <= largest else {
            throw ValidationError("--letter-spacing must be a finite number from \(-largest) to \(largest), not \(letterSpacing)")
        }
        for feature in features {
            do { _ = try FontFeature(feature) } catch { throw ValidationError(error.description) }
        }
        for variation in variations {
            do { _ = try FontVariation(variation) } catch { throw ValidationError(error.description) }
        }
    }

    /// The flags of the style's fields, as errors name them.
    static let flagNames = [
        "font": "--font", "variations": "--variation", "systemFont": "--system-font", "size": "--size", "textStyle": "--text-style",
        "contentSizeCategory": "--content-size-category", "letterSpacing": "--letter-spacing", "features": "--feature",
        "fallback": "--fallback", "language": "--language",
    ]

    /// What these flags say of the text style: the request model's description, which owns the
    /// defaults (the size, the system font's weight, its digits) as it does for JSON.
    func styleDescription() throws -> TextStyleDescription {
        var description = TextStyleDescription()
        description.font = font
        description.variations = variations.isEmpty ? nil : try variations.map { try FontVariation($0) }
        if systemFont != nil {
            description.systemFont = SystemFontRequest(
                weight: weight.flatMap(SystemFontWeight.init(named:)), width: fontWidth.flatMap(SystemFontWidth.init(named:)),
                design: design.flatMap(SystemFontDesign.init(named:)), isItalic: italic, monospacedDigits: monospacedDigits)
        }
        description.size = size.map { CGFloat($0) }
        description.dynamicType = textStyle.flatMap(DynamicTypeStyle.init(rawValue:))
        description.contentSizeCategory = category
        description.letterSpacing = CGFloat(letterSpacing)
        description.features = try features.map { try FontFeature($0) }
        description.fallback = fallbacks.isEmpty ? nil : fallbacks
        description.language = language
        return description
    }

    /// The reader that makes a style from these flags' description: fonts through `resolver`,
    /// relative paths from the current directory, fontconfig's fallback unless
    /// `--only-given-fonts`, Apple's system fonts from `--system-font`.
    func spec(resolver: FontResolver) throws -> LayoutSpec {
        LayoutSpec(
            resolver: resolver, fallback: .system, onlyGivenFonts: onlyGivenFonts,
            systemFonts: try systemFont.map { try SystemFonts(directory: $0) })
    }

    /// How sizes scale with the content size category: as `--text-style`'s, else as body's.
    var dynamicTypeMetrics: DynamicTypeMetrics {
        TextStyleDescription.dynamicTypeMetrics(for: textStyle.flatMap(DynamicTypeStyle.init(rawValue:)))
    }

    /// The `--content-size-category`, if given.
    var category: ContentSizeCategory? { contentSizeCategory.flatMap(ContentSizeCategory.init(named:)) }

    /// The style these flags describe, with the fonts loaded through `resolver`, its size scaled to
    /// `--content-size-category` when one is given.
    func textStyle(resolver: FontResolver) throws -> TextStyle {
        let base = try baseTextStyle(resolver: resolver)
        guard let category else { return base }
        return dynamicTypeMetrics.scaledStyle(for: base, compatibleWith: category)
    }

    /// The style these flags describe at its size for the default category (`--size`, else the
    /// `--text-style`'s size at Large, else ``TextStyleDescription/defaultSize``).
    func baseTextStyle(resolver: FontResolver) throws -> TextStyle {
        try spec(resolver: resolver).textStyle(try styleDescription(), naming: .flags(Self.flagNames))
    }
}
