// FontCascade.swift — picks, for each grapheme cluster, the first font of a style's cascade that covers it.
import Foundation

/// A style's fonts in the order they are tried: the primary font, the explicit fallback fonts,
/// then (when there are none) fontconfig's fallback order.
///
/// A grapheme cluster is set in the first font whose character map covers all of its characters
/// (default-ignorable ones such as ZWJ and variation selectors aside), so an emoji ZWJ sequence, a
/// flag or a keycap stays whole in one font. A cluster with VS16 (U+FE0F), or an emoji-presentation
/// character without VS15, prefers a colour font; one with VS15 (U+FE0E) prefers a monochrome
/// font; either falls back to any font that covers it. A cluster no font covers is measured with
/// the primary font (its .notdef glyph) and counted as missing.
final class FontCascade: Sendable {
    let primary: FontFace
    /// The style's explicit fallback fonts, tried after ``primary``.
    private let fallbackFonts: [FontFace]
    /// The same fonts, unowned (``fallbackFonts`` holds them), so that asking each one about a
    /// character counts no reference.
    private let unownedFallbackFonts: [Unmanaged<FontFace>]
    private let system: SystemFallback?

    init(style: TextStyle) throws(CaliperError) {
        primary = style.font
        fallbackFonts = style.fallbackFonts
        unownedFallbackFonts = style.fallbackFonts.map(Unmanaged.passUnretained)
        switch style.fallback {
        case _ where !style.fallbackFonts.isEmpty, .none:
            system = nil
        case .system:
            system = try? SystemFallback.fallback(for: style.font, configurationFile: nil)
        case .fontconfig(let configurationFile):
            system = try SystemFallback.fallback(for: style.font, configurationFile: configurationFile)
        }
    }

    private enum Presentation { case emoji, text, any }

    /// The font for a grapheme cluster, and whether some of its characters have no glyph in it.
    func face(forCluster scalars: [Unicode.Scalar]) -> (face: FontFace, isMissing: Bool) {
        scalars.count == 1 ? face(forCharacter: scalars[0]) : searchedFace(forCluster: scalars)
    }

    /// The font for a cluster of one character, as ``searchedFace(forCluster:)`` chooses it
    /// without its arrays: most clusters are one character, and each is looked up. A lone
    /// U+FE0E or U+FE0F is default-ignorable, so one character's presentation is its
    /// Emoji_Presentation. `PipelineShortcutTests` compares the two for every character below U+20000.
    func face(forCharacter scalar: Unicode.Scalar) -> (face: FontFace, isMissing: Bool) {
        let value = scalar.value
        // The commonest cluster: one plain Latin character (neither default-ignorable nor emoji
        // presentation, so any font will do) that the primary font, first of the cascade, has.
        if Self.isPlainLatin(value), primary.latinCoverage.contains(value) { return (primary, false) }
        // A lone default-ignorable (ZWSP, a lone ZWJ) is invisible: HarfBuzz hides it in any font.
        if UnicodeProperties.isDefaultIgnorable(scalar) { return (primary, false) }
        let wantsColor = UnicodeProperties.isEmojiPresentation(scalar)
        // The first font that has it and suits, else the first that has it.
        let primaryHasIt = primary.hasGlyph(for: scalar)
        if primaryHasIt, !wantsColor || primary.isColorFont { return (primary, false) }
        var firstCovering: FontFace? = primaryHasIt ? primary : nil
        for face in unownedFallbackFonts where face._withUnsafeGuaranteedRef({ $0.hasGlyph(for: scalar) }) {
            if !wantsColor || face._withUnsafeGuaranteedRef(\.isColorFont) { return (face.takeUnretainedValue(), false) }
            if firstCovering == nil { firstCovering = face.takeUnretainedValue() }
        }
        if let system {
            for face in system.faces(covering: CollectionOfOne(scalar)) {
                if !wantsColor || face.isColorFont { return (face, false) }
                if firstCovering == nil { firstCovering = face }
            }
        }
        return firstCovering.map { ($0, false) } ?? (primary, true)
    }

    /// The font for a grapheme cluster, searched as the type's summary says, without a shortcut:
    /// clusters of more than one character, and the answer ``face(forCharacter:)`` is tested
    /// against.
    func searchedFace(forCluster scalars: [Unicode.Scalar]) -> (face: FontFace, isMissing: Bool) {
        let needed = scalars.filter { !UnicodeProperties.isDefaultIgnorable($0) }
        // A cluster of default-ignorables only (ZWSP, a lone ZWJ) is invisible: HarfBuzz hides it in any font.
        guard let base = needed.first else { return (primary, false) }
        let presentation: Presentation =
            scalars.contains("\u{FE0F}") ? .emoji
            : scalars.contains("\u{FE0E}") ? .text
            : UnicodeProperties.isEmojiPresentation(base) ? .emoji : .any
        if let face = firstFace(covering: needed, presentation) { return (face, false) }
        // No font has every character (a rare mark on a common base): take a font for the base.
        if needed.count > 1, let face = firstFace(covering: [base], presentation) { return (face, true) }
        return (primary, true)
    }

    /// Whether `value` is a printable character of Basic Latin to Latin Extended-B other than the
    /// soft hyphen: none of them is default-ignorable or has emoji presentation (`FontCascadeTests`
    /// asks ICU about each).
    static func isPlainLatin(_ value: UInt32) -> Bool {
        (0x20...0x7E).contains(value) || ((0xA0..<LatinCoverage.end).contains(value) && value != 0xAD)
    }

    /// The first font of the cascade that covers `needed` and suits the presentation, else the
    /// first that covers it.
    private func firstFace(covering needed: [Unicode.Scalar], _ presentation: Presentation) -> FontFace? {
        var firstCovering: FontFace?
        if Self.covers(primary, needed) {
            if Self.suits(primary, presentation) { return primary }
            firstCovering = primary
        }
        for face in fallbackFonts where Self.covers(face, needed) {
            if Self.suits(face, presentation) { return face }
            if firstCovering == nil { firstCovering = face }
        }
        if let system {
            for face in system.faces(covering: needed) {
                if Self.suits(face, presentation) { return face }
                if firstCovering == nil { firstCovering = face }
            }
        }
        return firstCovering
    }

    private static func covers(_ face: FontFace, _ needed: [Unicode.Scalar]) -> Bool {
        for scalar in needed where !face.hasGlyph(for: scalar) { return false }
        return true
    }

    private static func suits(_ face: FontFace, _ presentation: Presentation) -> Bool {
        switch presentation {
        case .emoji: return face.isColorFont
        case .text: return !face.isColorFont
        case .any: return true
        }
    }
}
