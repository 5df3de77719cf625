// AndroidFamily.swift — one family of an Android font collection as Minikin's FontFamily holds it: its fonts, locales, variant and standing.
import Foundation

/// A font family's variant (`fonts.xml`'s `variant`, Minikin's `FamilyVariant`): Android keeps
/// two cuts of some scripts, a `compact` one whose glyphs fit Latin line heights and an
/// `elegant` one with taller, traditional forms. A paint that asks for neither (the default)
/// prefers the compact cut.
public enum AndroidFontVariant: String, Sendable, Hashable, CaseIterable {
    /// The variant `fonts.xml` spells `rawValue` (`default`, `compact`, `elegant`), exactly.
    public init?(rawValue: String) {
        guard let match = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = match
    }

    /// No variant (most families; `fonts.xml` without `variant`).
    case `default`
    /// `variant="compact"`.
    case compact
    /// `variant="elegant"`.
    case elegant
}

/// One family of an Android font collection, as Minikin's `FontFamily` (`libs/minikin/FontFamily.cpp`,
/// Android 14) takes part in choosing fonts: the font text is shaped in (the family's closest
/// match to the paint's weight and slant), the font whose character map is the family's coverage
/// (its closest match to regular, `computeCoverage`), its locales (`fonts.xml`'s `lang`), its
/// variant, and whether it is a custom fallback (a developer's font) or a default fallback (a
/// system family named in `fonts.xml`). Its locales saying emoji (`und-Zsye`) make it the colour
/// emoji family.
struct AndroidFamily: Sendable {
    let font: FontFace
    let coverage: FontFace
    let locales: MinikinLocaleList
    let variant: AndroidFontVariant
    let isCustomFallback: Bool
    let isDefaultFallback: Bool
    /// `isColorEmojiFamily`: the locales' emoji style is emoji.
    let isColorEmojiFamily: Bool
    /// One past the largest character the coverage font maps, learned when first asked (only a
    /// character no family has asks it).
    private let characterMapEnd = Locked<UInt32?>(nil)

    init(
        font: FontFace, coverage: FontFace, locales: MinikinLocaleList, variant: AndroidFontVariant, isCustomFallback: Bool,
        isDefaultFallback: Bool
    ) {
        self.font = font
        self.coverage = coverage
        self.locales = locales
        self.variant = variant
        self.isCustomFallback = isCustomFallback
        self.isDefaultFallback = isDefaultFallback
        isColorEmojiFamily = locales.emojiStyle == .emoji
    }

    /// A family of one font, of equal standing with the others (neither custom nor default
    /// fallback, no variant), as a fallback list built family by family has it; a colour font
    /// carries `und-Zsye`, as `fonts.xml` tags the emoji family.
    init(font: FontFace) {
        self.init(
            font: font, coverage: font, locales: font.isColorFont ? Self.emojiLocales : .empty, variant: .default,
            isCustomFallback: false, isDefaultFallback: false)
    }

    /// A developer's font as its own family (`FontFamily.Builder.build()`: a custom fallback, no
    /// locales, no variant).
    static func custom(_ font: FontFace) -> AndroidFamily {
        AndroidFamily(font: font, coverage: font, locales: .empty, variant: .default, isCustomFallback: true, isDefaultFallback: false)
    }

    private static let emojiLocales = MinikinLocaleList.cached("und-Zsye")

    /// One past the largest character the family covers (`SparseBitSet::length`).
    var coverageEnd: UInt32 {
        if let known = characterMapEnd.withLock({ $0 }) { return known }
        let end = coverage.harfBuzz.characterMapEnd
        characterMapEnd.withLock { $0 = end }
        return end
    }

    /// Whether the family's `cmap` maps `value` (Minikin's coverage bit set).
    func covers(_ value: UInt32) -> Bool { coverage.harfBuzz.nominalGlyph(forValue: value) != nil }

    /// Whether it maps the variation sequence `value` + `selector` (`FontFamily::hasGlyph`).
    func covers(_ value: UInt32, selector: UInt32) -> Bool {
        coverage.harfBuzz.variationGlyph(forValue: value, selector: selector) != nil
    }
}
