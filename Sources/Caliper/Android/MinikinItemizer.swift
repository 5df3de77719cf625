// MinikinItemizer.swift — which font of a fallback list Android draws each character in: Minikin's FontCollection::itemize restated.
import Foundation

/// A run of text in one family of the collection (UTF-16 offsets into the text itemized).
struct AndroidFontRun: Sendable, Equatable {
    var family: Int
    var range: Range<Int>
}

/// Minikin's `FontCollection::itemize` (`libs/minikin/FontCollection.cpp`, Android 14): which
/// family of a collection draws each character, for a paint's locale list and family variant.
///
/// - a character takes the family with the best score (`getFamilyForChar`, `calcFamilyScore`):
///   coverage first, then how well the family's locales suit the paint's (``MinikinLocaleList/matchingScore(for:)``),
///   then the variant (a family without one, or of the paint's, or compact when the paint asks
///   for neither); ties go to the first, and at most seven tied families are kept
///   (`FamilyMatchResult`). Coverage scores 1, or for a character followed by a variation
///   selector 3 in a family that maps the sequence, 2 in the colour emoji family for U+FE0F or in
///   another for U+FE0E; without a selector, a paint locale asking for emoji (`-u-em-emoji`,
///   `und-Zsye`) or text presentation gives 2 to the colour emoji family or to the others;
/// - a primary family that covers the character (or the sequence) wins outright, the first
///   one in order (`isPrimaryFamily`): a custom fallback (a developer's font) always, a default
///   fallback (a system family named in `fonts.xml`) when the collection does not start with a
///   custom fallback;
/// - a character no family covers takes the first family when it lies past every family's
///   character map (`mMaxChar`), else its canonical decomposition's first character's family,
///   else the first family;
/// - format characters a font need not have (soft hyphen, joiners, bidi controls, variation
///   selectors…) continue the run they are in; so do `!,-.:;?`, NBSP, hyphens and a few signs,
///   and combining marks, while the run's family covers them (`isStickyAllowlisted`, `isCombining`);
/// - a run breaks where the family changes; after the colour emoji family it breaks only between
///   emoji sequences (`isEmojiBreak`: not before a modifier, keycap, tag, ZWJ, or between two
///   regional indicators);
/// - a combining mark or an emoji modifier that starts a run in a family that also covers the
///   character before takes that character into its run.
enum MinikinItemizer {
    static func itemize(
        _ text: [UInt16], families: [AndroidFamily], locales: MinikinLocaleList = .empty, variant: AndroidFontVariant = .default
    ) -> [AndroidFontRun] {
        guard !text.isEmpty, !families.isEmpty else { return [] }
        // One family takes every character, covered or not: one run, as the walk below finds.
        if families.count == 1 { return [AndroidFontRun(family: 0, range: 0..<text.count)] }
        let request = Request(families: families, locales: locales, variant: variant)
        var runs: [AndroidFontRun] = []
        var lastFamilies: [Int] = []
        var previous: UInt32 = 0
        var position = 0
        while position < text.count {
            let (character, length) = Self.codePoint(in: text, at: position)
            let next = position + length < text.count ? Self.codePoint(in: text, at: position + length).value : nil
            var continues = false
            if Self.doesNotNeedFontSupport(character) {
                continues = true
            } else if let last = lastFamilies.first, Self.isStickyAllowlisted(character) || Self.isCombining(character) {
                if families[last].isColorEmojiFamily {
                    continues = lastFamilies.contains { families[$0].covers(character) }
                } else {
                    continues = families[last].covers(character)
                }
            }
            if !continues {
                var matched = request.familiesFor(character, selector: next.flatMap { Self.isVariationSelector($0) ? $0 : nil })
                var breaks: Bool
                if position == 0 || lastFamilies.isEmpty {
                    breaks = true
                } else if families[lastFamilies[0]].isColorEmojiFamily {
                    let shared = matched.filter { lastFamilies.contains($0) }
                    if shared.isEmpty {
                        breaks = true
                    } else {
                        breaks = Self.isEmojiBreak(previous, character)
                        if !breaks {
                            matched = shared
                            lastFamilies = shared
                        }
                    }
                } else {
                    breaks = matched[0] != lastFamilies[0]
                }
                if breaks {
                    var start = position
                    if position != 0, Self.isCombining(character) || (Self.isEmojiModifier(character) && Self.isEmojiBase(previous)) {
                        if matched.contains(where: { families[$0].covers(previous) }) {
                            let previousLength = previous > 0xFFFF ? 2 : 1
                            if var last = runs.popLast() {
                                last.range = last.range.lowerBound..<(last.range.upperBound - previousLength)
                                if !last.range.isEmpty { runs.append(last) }
                            }
                            start -= previousLength
                        }
                    }
                    if lastFamilies.isEmpty { start = 0 }
                    runs.append(AndroidFontRun(family: matched[0], range: start..<start))
                    lastFamilies = matched
                }
            }
            previous = character
            position += length
            if var last = runs.popLast() {
                last.range = last.range.lowerBound..<position
                runs.append(last)
            }
        }
        if lastFamilies.isEmpty { return [AndroidFontRun(family: 0, range: 0..<text.count)] }
        return runs
    }

    /// What `getFamilyForChar` weighs besides the character: the collection, the paint's locales
    /// and variant.
    private struct Request {
        let families: [AndroidFamily]
        let locales: MinikinLocaleList
        let variant: AndroidFontVariant
        /// `FamilyMatchResult` holds at most seven families.
        static let maximumMatches = 7
        /// `kFirstFontScore`: a primary family has the character.
        static let primaryScore = UInt32.max

        /// The families `getFamilyForChar` answers for `character` (followed by `selector`), best
        /// first: every family with the best score, in collection order, at most seven.
        func familiesFor(_ character: UInt32, selector: UInt32?) -> [Int] {
            var best: UInt32 = 0
            var matched: [Int] = []
            for (index, family) in families.enumerated() {
                let score = familyScore(character, selector: selector, family: family)
                if score == Self.primaryScore { return [index] }
                guard score > 0, score >= best else { continue }
                if score > best {
                    matched.removeAll()
                    best = score
                }
                if matched.count < Self.maximumMatches { matched.append(index) }
            }
            guard matched.isEmpty else { return matched }
            // `mMaxChar`: past every family's character map, the first family without more ado.
            if families.allSatisfy({ $0.coverageEnd <= character }) { return [0] }
            // The canonical decomposition's first character (`unorm2_getRawDecomposition`).
            if let scalar = Unicode.Scalar(character), let decomposed = String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars.first,
                decomposed.value != character
            {
                return familiesFor(decomposed.value, selector: selector)
            }
            return [0]
        }

        /// `calcFamilyScore`: coverage above locale above variant (`coverage << 29 | locale << 1 |
        /// variant`), 0 for a family without the character, ``primaryScore`` for a primary one with it.
        private func familyScore(_ character: UInt32, selector: UInt32?, family: AndroidFamily) -> UInt32 {
            let coverage = coverageScore(character, selector: selector, family: family)
            guard coverage != 0, coverage != Self.primaryScore else { return coverage }
            return coverage << 29 | locales.matchingScore(for: family.locales) << 1 | variantScore(family)
        }

        /// `calcCoverageScore`.
        private func coverageScore(_ character: UInt32, selector: UInt32?, family: AndroidFamily) -> UInt32 {
            let hasSequence = selector.map { family.covers(character, selector: $0) } ?? false
            guard hasSequence || family.covers(character) else { return 0 }
            if selector == nil || hasSequence, isPrimary(family) { return Self.primaryScore }
            if hasSequence { return 3 }
            let asksForColor: Bool
            switch selector {
            case 0xFE0F?: asksForColor = true
            case 0xFE0E?: asksForColor = false
            default:
                switch locales.emojiStyle {
                case .emoji: asksForColor = true
                case .text: asksForColor = false
                case .empty, .default: return 1
                }
            }
            return asksForColor == family.isColorEmojiFamily ? 2 : 1
        }

        /// `isPrimaryFamily`.
        private func isPrimary(_ family: AndroidFamily) -> Bool {
            if family.isCustomFallback { return true }
            return !families[0].isCustomFallback && family.isDefaultFallback
        }

        /// `calcVariantMatchingScore`: 1 for a family without a variant or of the paint's, or a
        /// compact one when the paint asks for neither; else 0.
        private func variantScore(_ family: AndroidFamily) -> UInt32 {
            switch (family.variant, variant) {
            case (.default, _), (.compact, .default): 1
            default: family.variant == variant ? 1 : 0
            }
        }
    }

    /// The code point at `offset` and its length in UTF-16 units; a lone surrogate reads as U+FFFD.
    static func codePoint(in text: [UInt16], at offset: Int) -> (value: UInt32, length: Int) {
        let unit = text[offset]
        if UTF16.isLeadSurrogate(unit), offset + 1 < text.count, UTF16.isTrailSurrogate(text[offset + 1]) {
            return (0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(text[offset + 1] - 0xDC00), 2)
        }
        return (UTF16.isLeadSurrogate(unit) || UTF16.isTrailSurrogate(unit) ? 0xFFFD : UInt32(unit), 1)
    }

    /// General category M (`U_GC_M_MASK`).
    private static func isCombining(_ value: UInt32) -> Bool {
        Unicode.Scalar(value).map(UnicodeProperties.isMark) ?? false
    }

    static func isVariationSelector(_ value: UInt32) -> Bool {
        (0xFE00...0xFE0F).contains(value) || (0xE0100...0xE01EF).contains(value)
    }

    /// `doesNotNeedFontSupport`.
    private static func doesNotNeedFontSupport(_ value: UInt32) -> Bool {
        value == 0x00AD || value == 0x034F || value == 0x061C || (0x200C...0x200F).contains(value)
            || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) || value == 0xFEFF
            || isVariationSelector(value)
    }

    /// `isStickyAllowlisted`.
    private static func isStickyAllowlisted(_ value: UInt32) -> Bool {
        switch value {
        case 0x21, 0x2C, 0x2D, 0x2E, 0x3A, 0x3B, 0x3F, 0x00A0, 0x2010, 0x2011, 0x202F, 0x2640, 0x2642, 0x2695: true
        default: false
        }
    }

    /// `isEmojiBreak`: emoji sequences hold together across modifiers, keycaps, tags, ZWJs and
    /// pairs of regional indicators.
    private static func isEmojiBreak(_ previous: UInt32, _ character: UInt32) -> Bool {
        !(isEmojiModifier(character) || (isRegionalIndicator(previous) && isRegionalIndicator(character))
            || character == 0x20E3 || (0xE0020...0xE007F).contains(character) || character == 0x200D || previous == 0x200D)
    }

    private static func isRegionalIndicator(_ value: UInt32) -> Bool { (0x1F1E6...0x1F1FF).contains(value) }

    /// Emoji_Modifier: the five skin tones.
    static func isEmojiModifier(_ value: UInt32) -> Bool { (0x1F3FB...0x1F3FF).contains(value) }

    /// Emoji_Modifier_Base, and the two characters Minikin keeps as bases though Emoji 4.0 took
    /// them out (U+1F91D, U+1F93C).
    static func isEmojiBase(_ value: UInt32) -> Bool {
        value == 0x1F91D || value == 0x1F93C || (Unicode.Scalar(value)?.properties.isEmojiModifierBase ?? false)
    }
}
