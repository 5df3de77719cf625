// MinikinLayout.swift — a text's advance as Android 14's Minikin measures it (Layout::measureText), restated.
import Foundation

/// What Minikin's layout reads of a paint (`MinikinPaint`): the size in px, letter spacing in
/// ems, hinting (Skia's advances), the locale list, the font feature settings and the family
/// variant fallback prefers.
struct AndroidPaint: Sendable {
    var size: Float
    var letterSpacing: Float
    var hinting: Bool
    var locale: String
    var features: [FontFeature]
    var familyVariant = AndroidFontVariant.default
}

/// Android 14's `minikin::Layout::measureText` (`libs/minikin/Layout.cpp`) over a whole text,
/// bidi `DEFAULT_LTR`, no run flag, no hyphen edits, as `Paint.measureText` calls it:
///
/// - the text's bidi runs (first strong, left-to-right by default) are laid out one after the
///   other (`doLayoutRunCached`), each split into pieces at word breaks (`LayoutSplitter`,
///   `LayoutUtils.cpp`: after each space U+0020, U+2000–U+200A, U+3000 and bidi control, and
///   before each of them and each CJK ideograph U+3400–U+9FFF), so nothing kerns across a space;
/// - a piece (`LayoutPiece`, `LayoutCore.cpp`) is itemized into fonts (``MinikinItemizer``), each
///   font run into script runs (`ScriptText`: ICU scripts, Common and Inherited joining the script
///   around them), each shaped by HarfBuzz with the piece as its context, in a font at the size
///   in 1/256 px whose advances are Skia's (``HarfBuzzFont/shapeScaled(_:context:item:isRightToLeft:script:language:features:size:advances:)``);
/// - letter spacing (`letterSpacing` ems × the size, in scripts that allow it) adds half before
///   a piece's first cluster, one between clusters and half after its last, none next to a
///   control character; optional ligatures (`liga`, `clig`) are turned off when it is more than
///   0.03 em, and `chws` is on unless a feature setting says otherwise (`cleanAndAddDefaultFontFeatures`);
/// - advances add up in single precision, as Minikin adds them.
enum MinikinLayout {
    /// A text's advance, and how many of its glyphs were no font's (glyph 0 of the font the
    /// itemizer fell back to).
    struct Advance: Sendable, Equatable {
        var advance: Float = 0
        var missingGlyphs = 0

        static func += (lhs: inout Advance, rhs: Advance) {
            lhs.advance += rhs.advance
            lhs.missingGlyphs += rhs.missingGlyphs
        }
    }

    static func measureText(_ text: [UInt16], families: [AndroidFamily], paint: AndroidPaint) throws(CaliperError) -> Advance {
        guard !text.isEmpty, !families.isEmpty else { return Advance() }
        let levels = try Self.bidiLevels(text)
        let features = Self.features(paint)
        var advance = Advance()
        var start = 0
        while start < text.count {
            var end = start + 1
            while end < text.count, levels[end] == levels[start] { end += 1 }
            advance += try runAdvance(text, range: start..<end, isRightToLeft: levels[start] % 2 == 1, families: families, paint: paint, features: features)
            start = end
        }
        return advance
    }

    private static func bidiLevels(_ text: [UInt16]) throws(CaliperError) -> [UInt8] {
        do {
            return try Bidi.levels(of: text, baseDirection: .natural).levels
        } catch {
            throw .textBoundaries(error)
        }
    }

    /// `doLayoutRunCached`: the run's pieces, in reading order.
    private static func runAdvance(
        _ text: [UInt16], range: Range<Int>, isRightToLeft: Bool, families: [AndroidFamily], paint: AndroidPaint,
        features: [(tag: Tag, value: UInt32)]
    ) throws(CaliperError) -> Advance {
        var advance = Advance()
        for (context, piece) in Self.pieces(of: text, in: range, isRightToLeft: isRightToLeft) {
            advance += try pieceAdvance(text, context: context, piece: piece, isRightToLeft: isRightToLeft, families: families, paint: paint, features: features)
        }
        return advance
    }

    /// `LayoutSplitter`: each piece with the context it is shaped in.
    static func pieces(of text: [UInt16], in range: Range<Int>, isRightToLeft: Bool) -> [(context: Range<Int>, piece: Range<Int>)] {
        var result: [(context: Range<Int>, piece: Range<Int>)] = []
        if isRightToLeft {
            var position = range.upperBound
            var contextStart = previousWordBreak(text, position)
            var contextEnd = nextWordBreak(text, position == 0 ? 0 : position - 1)
            while position != range.lowerBound {
                let pieceStart = max(contextStart, range.lowerBound)
                result.append((contextStart..<contextEnd, pieceStart..<position))
                position = pieceStart
                contextEnd = position
                contextStart = previousWordBreak(text, position)
            }
        } else {
            var position = range.lowerBound
            var contextStart = previousWordBreak(text, position == range.upperBound ? position : position + 1)
            var contextEnd = nextWordBreak(text, position)
            while position != range.upperBound {
                let pieceEnd = min(contextEnd, range.upperBound)
                result.append((contextStart..<contextEnd, position..<pieceEnd))
                position = pieceEnd
                contextStart = position
                contextEnd = nextWordBreak(text, position)
            }
        }
        return result
    }

    /// `isWordBreakAfter`: spaces and bidi controls.
    private static func isWordBreakAfter(_ unit: UInt16) -> Bool {
        unit == 0x20 || (0x2000...0x200A).contains(unit) || unit == 0x3000 || (0x2066...0x2069).contains(unit)
            || (0x202A...0x202E).contains(unit) || unit == 0x200E || unit == 0x200F
    }

    /// `isWordBreakBefore`: those, and CJK ideographs.
    private static func isWordBreakBefore(_ unit: UInt16) -> Bool {
        isWordBreakAfter(unit) || (0x3400...0x9FFF).contains(unit)
    }

    /// `getPrevWordBreakForCache`.
    private static func previousWordBreak(_ text: [UInt16], _ offset: Int) -> Int {
        guard offset > 0 else { return 0 }
        let offset = min(offset, text.count)
        if isWordBreakBefore(text[offset - 1]) { return offset - 1 }
        var index = offset - 1
        while index > 0 {
            if isWordBreakBefore(text[index]) || isWordBreakAfter(text[index - 1]) { return index }
            index -= 1
        }
        return 0
    }

    /// `getNextWordBreakForCache`.
    private static func nextWordBreak(_ text: [UInt16], _ offset: Int) -> Int {
        guard offset < text.count else { return text.count }
        if isWordBreakAfter(text[offset]) { return offset + 1 }
        var index = offset + 1
        while index < text.count {
            if isWordBreakBefore(text[index]) { return index }
            index += 1
        }
        return text.count
    }

    /// `cleanAndAddDefaultFontFeatures`.
    static func features(_ paint: AndroidPaint) -> [(tag: Tag, value: UInt32)] {
        var features: [(tag: Tag, value: UInt32)] = []
        if abs(paint.letterSpacing) > 0.03 {
            features.append(("liga", 0))
            features.append(("clig", 0))
        }
        var enablesCHWS = true
        for feature in paint.features {
            if feature.tag == "chws" || (feature.value != 0 && (feature.tag == "halt" || feature.tag == "palt")) { enablesCHWS = false }
            features.append((feature.tag, feature.value))
        }
        if enablesCHWS { features.append(("chws", 1)) }
        return features
    }

    /// `LayoutPiece::LayoutPiece`'s advance.
    private static func pieceAdvance(
        _ text: [UInt16], context: Range<Int>, piece: Range<Int>, isRightToLeft: Bool, families: [AndroidFamily], paint: AndroidPaint,
        features: [(tag: Tag, value: UInt32)]
    ) throws(CaliperError) -> Advance {
        let runs = MinikinItemizer.itemize(Array(text[piece]), families: families, locales: paint.locales, variant: paint.familyVariant)
        var x: Float = 0
        var missingGlyphs = 0
        for run in isRightToLeft ? runs.reversed() : runs {
            let family = families[run.family]
            let advances = SkiaAdvances(face: try family.font.androidScaler(), size: paint.size, hinting: paint.hinting)
            let runRange = (piece.lowerBound + run.range.lowerBound)..<(piece.lowerBound + run.range.upperBound)
            for (scriptRange, script) in Self.scriptRuns(text, in: runRange) {
                var letterSpace = 0.0
                if paint.letterSpacing != 0, Self.isLetterSpacingCapable(script) { letterSpace = Double(paint.letterSpacing) * Double(paint.size) }
                let letterSpaceHalf = letterSpace * 0.5
                let glyphs = text.withUnsafeBufferPointer { buffer in
                    family.font.harfBuzz.shapeScaled(
                        buffer, context: context, item: scriptRange, isRightToLeft: isRightToLeft, script: script, language: paint.locales.shapingLanguage(for: script),
                        features: features, size: paint.size, advances: advances)
                }
                if !glyphs.isEmpty, letterSpace != 0, !Self.isControl(text, glyphs[0].cluster) { x = Float(Double(x) + letterSpaceHalf) }
                for index in glyphs.indices {
                    if letterSpace != 0, index > 0, glyphs[index - 1].cluster != glyphs[index].cluster {
                        let isControl = Self.isControl(text, glyphs[index].cluster)
                        let previousIsControl = Self.isControl(text, glyphs[index - 1].cluster)
                        if !isControl, !previousIsControl {
                            x = Float(Double(x) + letterSpace)
                        } else if !isControl || !previousIsControl {
                            x = Float(Double(x) + letterSpaceHalf)
                        }
                    }
                    x += Float(glyphs[index].xAdvance) / 256  // HBFixedToFloat
                    if glyphs[index].id == 0 { missingGlyphs += 1 }
                }
                if let last = glyphs.last, letterSpace != 0, !Self.isControl(text, last.cluster) { x = Float(Double(x) + letterSpaceHalf) }
            }
        }
        return Advance(advance: x, missingGlyphs: missingGlyphs)
    }

    /// `ScriptText`: runs of one script by ICU's script codes, a Common or Inherited character
    /// taking the script around it; a run of only Common or Inherited characters is Common. Each
    /// with its ISO 15924 code.
    static func scriptRuns(_ text: [UInt16], in range: Range<Int>) -> [(range: Range<Int>, script: String)] {
        var result: [(range: Range<Int>, script: String)] = []
        var position = range.lowerBound
        while position < range.upperBound {
            let (first, firstLength) = MinikinItemizer.codePoint(in: text, at: position)
            var current = Self.icuScript(first)
            var index = position + firstLength
            while index < range.upperBound {
                let (value, length) = MinikinItemizer.codePoint(in: text, at: index)
                let next = Self.icuScript(value)
                if current != next {
                    if current == 0 || current == 1 {
                        current = next
                    } else if next != 0, next != 1 {
                        break
                    }
                }
                index += length
            }
            let script = current == 1 || current == 0 ? "Zyyy" : UnicodeProperties.scriptCode(current)
            result.append((position..<min(index, range.upperBound), script))
            position = index
        }
        return result
    }

    private static func icuScript(_ value: UInt32) -> Int32 {
        Unicode.Scalar(value).map(UnicodeProperties.script(of:)) ?? 0
    }

    /// `isLetterSpacingCapableScript`: not the cursive and Indic scripts letter spacing would break.
    private static func isLetterSpacingCapable(_ script: String) -> Bool {
        !["Arab", "Nkoo", "Phlp", "Mand", "Mong", "Phag", "Deva", "Beng", "Guru", "Modi", "Shrd", "Sylo", "Tirh", "Ogam"].contains(script)
    }

    /// ICU's `u_iscntrl` of the code point at `offset`: general category Cc, Cf, Zl or Zp.
    private static func isControl(_ text: [UInt16], _ offset: Int) -> Bool {
        guard offset < text.count, let scalar = Unicode.Scalar(MinikinItemizer.codePoint(in: text, at: offset).value) else { return false }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }
}
