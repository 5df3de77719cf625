// MinikinItemizer.swift — which font of a fallback list Android draws each character in: Minikin's FontCollection::itemize restated.
import Foundation

/// One family of an Android font collection: its font, and whether its locales say it is the
/// colour emoji family (`fonts.xml`'s `lang="und-Zsye"`; here: a colour font).
struct AndroidFamily: Sendable {
    let font: FontFace
    let isColorEmojiFamily: Bool

    init(font: FontFace) {
        self.font = font
        isColorEmojiFamily = font.isColorFont
    }

    /// Whether the family's `cmap` maps `value` (Minikin's coverage bit set).
    func covers(_ value: UInt32) -> Bool { font.harfBuzz.nominalGlyph(forValue: value) != nil }

    /// Whether it maps the variation sequence `value` + `selector` (`FontFamily::hasGlyph`).
    func covers(_ value: UInt32, selector: UInt32) -> Bool {
        font.harfBuzz.variationGlyph(forValue: value, selector: selector) != nil
    }
}

/// A run of text in one family of the collection (UTF-16 offsets into the text itemized).
struct AndroidFontRun: Sendable, Equatable {
    var family: Int
    var range: Range<Int>
}

/// Minikin's `FontCollection::itemize` (`libs/minikin/FontCollection.cpp`, Android 14) over a
/// collection of families of equal standing (none a custom or default fallback, as a `Typeface`'s
/// fallback list built family by family has them), for a paint locale without an emoji style:
///
/// - a character takes the first family that covers it (`getFamilyForChar`: every covering
///   family scores 1 on coverage and alike on locale and variant, ties go to the first); one
///   followed by a variation selector scores 3 in a family that maps the sequence, and with
///   U+FE0F 2 in the colour emoji family, U+FE0E 2 in any other; a character no family covers
///   takes its canonical decomposition's first character's family, else the first family;
/// - format characters a font need not have (soft hyphen, joiners, bidi controls, variation
///   selectors…) continue the run they are in; so do `!,-.:;?`, NBSP, hyphens and a few signs,
///   and combining marks, while the run's family covers them (`isStickyAllowlisted`, `isCombining`);
/// - a run breaks where the family changes; after the colour emoji family it breaks only between
///   emoji sequences (`isEmojiBreak`: not before a modifier, keycap, tag, ZWJ, or between two
///   regional indicators);
/// - a combining mark or an emoji modifier that starts a run in a family that also covers the
///   character before takes that character into its run.
enum MinikinItemizer {
    static func itemize(_ text: [UInt16], families: [AndroidFamily]) -> [AndroidFontRun] {
        guard !text.isEmpty, !families.isEmpty else { return [] }
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
                var matched = familiesFor(character, selector: next.flatMap { Self.isVariationSelector($0) ? $0 : nil }, in: families)
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

    /// The families `getFamilyForChar` answers for `character` (followed by `selector`), best
    /// first: every family with the best score, in collection order.
    private static func familiesFor(_ character: UInt32, selector: UInt32?, in families: [AndroidFamily]) -> [Int] {
        var best = 0
        var matched: [Int] = []
        for (index, family) in families.enumerated() {
            let score = coverageScore(character, selector: selector, family: family)
            guard score > 0, score >= best else { continue }
            if score > best {
                matched.removeAll()
                best = score
            }
            matched.append(index)
        }
        if matched.isEmpty {
            // The canonical decomposition's first character (`unorm2_getRawDecomposition`).
            if let scalar = Unicode.Scalar(character), let decomposed = String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars.first,
                decomposed.value != character
            {
                return familiesFor(decomposed.value, selector: selector, in: families)
            }
            return [0]
        }
        return matched
    }

    /// `calcCoverageScore` for a paint locale without an emoji style: 0 when the family has
    /// neither the sequence nor the character; 3 for the sequence; 2 for U+FE0F in the colour
    /// emoji family or U+FE0E in another; else 1. (Locale and variant scores are equal for every
    /// family here, and no family is primary.)
    private static func coverageScore(_ character: UInt32, selector: UInt32?, family: AndroidFamily) -> Int {
        let hasSequence = selector.map { family.covers(character, selector: $0) } ?? false
        guard hasSequence || family.covers(character) else { return 0 }
        if hasSequence { return 3 }
        switch selector {
        case 0xFE0F?: return family.isColorEmojiFamily ? 2 : 1
        case 0xFE0E?: return family.isColorEmojiFamily ? 1 : 2
        default: return 1
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
