// StyleOptions.swift — the flags that choose the font, size, letter spacing and features.
import ArgumentParser
import Caliper
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

    @Option(name: .customLong("feature"), help: ArgumentHelp(
        "OpenType feature setting in HarfBuzz syntax (liga=0, tnum, -kern); repeat for more.", valueName: "setting"))
    var features: [String] = []

    func validate() throws {
        if onlyGivenFonts, font == nil { throw ValidationError("--only-given-fonts needs --font: the default font is found among the machine's") }
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

    /// How sizes scale with the content size category: as `--text-style`'s, else as body's.
    var dynamicTypeMetrics: DynamicTypeMetrics {
        DynamicTypeMetrics(forTextStyle: textStyle.flatMap(DynamicTypeStyle.init(rawValue:)) ?? .body)
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
    /// `--text-style`'s size at Large, else 17).
    func baseTextStyle(resolver: FontResolver) throws -> TextStyle {
        let face = try resolver.face(for: font)
        let baseSize = size.map { CGFloat($0) } ?? textStyle.flatMap(DynamicTypeStyle.init(rawValue:))?.defaultPointSize ?? 17
        return TextStyle(
            font: variations.isEmpty ? face : try face.withVariations(variations.map { try FontVariation($0) }),
            size: baseSize, letterSpacing: CGFloat(letterSpacing),
            features: try features.map { try FontFeature($0) }, fallbackFonts: try fallbacks.map { try resolver.face(for: $0) },
            fallback: onlyGivenFonts ? .none : .system, language: language)
    }
}
