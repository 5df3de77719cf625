// MinikinLayoutPiece.swift — one piece of a text laid out as Android 14's Minikin lays it out (LayoutCore.cpp's LayoutPiece): its advance, each code unit's, its fonts' extent.

/// Minikin's `MinikinExtent`: how far the fonts of some text reach above (negative) and below
/// the baseline, in px.
struct MinikinExtent: Sendable, Equatable {
    var ascent: Float = 0
    var descent: Float = 0

    /// `extendBy`.
    mutating func extend(by other: MinikinExtent) {
        ascent = min(ascent, other.ascent)
        descent = max(descent, other.descent)
    }
}

/// A piece laid out (`LayoutPiece`): its advance (`mAdvance`, glyph advances and letter spacing
/// added in single precision as they come), each code unit's advance (`mAdvances`: a cluster's
/// on its first unit, letter spacing half on each side of a cluster), the extent of its fonts
/// (`mExtent`), and how many glyphs are a font's missing glyph.
struct MinikinLayoutPiece: Sendable, Equatable {
    var advance: Float = 0
    var advances: [Float]
    var extent = MinikinExtent()
    var missingGlyphs = 0
}

extension MinikinLayout {
    /// `LayoutPiece::LayoutPiece` (`LayoutCore.cpp`): `text[piece]` itemized into fonts
    /// (``MinikinItemizer``), each font run (in visual order) into script runs, each shaped with
    /// `text[context]` around it, in a font at the paint's size whose advances are Skia's;
    /// `startEdit`'s characters before the piece's first script run and `endEdit`'s after its
    /// last (`addToHbBuffer`), each hyphen the font lacks becoming U+002D (`determineHyphenChar`).
    static func layoutPiece(
        _ text: [UInt16], context: Range<Int>, piece: Range<Int>, isRightToLeft: Bool, families: [AndroidFamily], paint: AndroidPaint,
        features: [(tag: Tag, value: UInt32)], startEdit: MinikinStartHyphenEdit = .noEdit, endEdit: MinikinEndHyphenEdit = .noEdit
    ) throws(CaliperError) -> MinikinLayoutPiece {
        var laidOut = MinikinLayoutPiece(advances: [Float](repeating: 0, count: piece.count))
        let runs = MinikinItemizer.itemize(Array(text[piece]), families: families, locales: paint.locales, variant: paint.familyVariant)
        var x: Float = 0
        for run in isRightToLeft ? runs.reversed() : runs {
            let family = families[run.family]
            let scaler = try family.font.androidScaler()
            let advances = SkiaAdvances(face: scaler, size: paint.size, hinting: paint.hinting)
            if Self.needsExtent(text, context: context, run: run.range) {
                let metrics = scaler.metrics(size: paint.size, hinting: paint.hinting)
                laidOut.extent.extend(by: MinikinExtent(ascent: metrics.ascent, descent: metrics.descent))
            }
            let runRange = (piece.lowerBound + run.range.lowerBound)..<(piece.lowerBound + run.range.upperBound)
            for (scriptRange, script) in Self.scriptRuns(text, in: runRange, shift: context.lowerBound - piece.lowerBound) {
                var letterSpace = 0.0
                if paint.letterSpacing != 0, Self.isLetterSpacingCapable(script) { letterSpace = Double(paint.letterSpacing) * Double(paint.size) }
                let letterSpaceHalf = letterSpace * 0.5
                var edits = ScaledRunEdits.none
                if scriptRange.lowerBound == piece.lowerBound { edits.before = startEdit.hyphenString.map { Self.hyphenCharacter($0, in: family) } }
                if scriptRange.upperBound == piece.upperBound {
                    edits.after = endEdit.hyphenString.map { Self.hyphenCharacter($0, in: family) }
                    edits.replacesLastUnit = endEdit.isReplacement
                }
                let glyphs = text.withUnsafeBufferPointer { buffer in
                    family.font.harfBuzz.shapeScaled(
                        buffer, context: context, item: scriptRange, isRightToLeft: isRightToLeft, script: script, language: paint.locales.shapingLanguage(for: script),
                        features: features, size: paint.size, advances: advances, edits: edits)
                }
                // Each glyph's advance goes to its cluster's first code unit, as an index of the piece.
                func addToCluster(_ cluster: Int, _ amount: Double) {
                    let index = cluster - piece.lowerBound
                    if laidOut.advances.indices.contains(index) { laidOut.advances[index] = Float(Double(laidOut.advances[index]) + amount) }
                }
                if let first = glyphs.first, letterSpace != 0, !Self.isControl(text, first.cluster) {
                    addToCluster(first.cluster, letterSpaceHalf)
                    x = Float(Double(x) + letterSpaceHalf)
                }
                for index in glyphs.indices {
                    if letterSpace != 0, index > 0, glyphs[index - 1].cluster != glyphs[index].cluster {
                        let isControl = Self.isControl(text, glyphs[index].cluster)
                        let previousIsControl = Self.isControl(text, glyphs[index - 1].cluster)
                        if !previousIsControl { addToCluster(glyphs[index - 1].cluster, letterSpaceHalf) }
                        if !isControl { addToCluster(glyphs[index].cluster, letterSpaceHalf) }
                        if !isControl, !previousIsControl {
                            x = Float(Double(x) + letterSpace)
                        } else if !isControl || !previousIsControl {
                            x = Float(Double(x) + letterSpaceHalf)
                        }
                    }
                    let xAdvance = Float(glyphs[index].xAdvance) / 256  // HBFixedToFloat
                    let clusterIndex = glyphs[index].cluster - piece.lowerBound
                    if laidOut.advances.indices.contains(clusterIndex) { laidOut.advances[clusterIndex] += xAdvance }
                    x += xAdvance
                    // A control character (a line feed, a format character) has no glyph to miss.
                    if glyphs[index].id == 0, !Self.isControl(text, glyphs[index].cluster) { laidOut.missingGlyphs += 1 }
                }
                if let last = glyphs.last, letterSpace != 0, !Self.isControl(text, last.cluster) {
                    addToCluster(last.cluster, letterSpaceHalf)
                    x = Float(Double(x) + letterSpaceHalf)
                }
            }
        }
        laidOut.advance = x
        return laidOut
    }

    /// The extent of `text[piece]` alone, which is its layout's (`LayoutPiece::extent`) without
    /// shaping it: the union of the extents of the fonts it is itemized into.
    static func pieceExtent(_ text: [UInt16], context: Range<Int>, piece: Range<Int>, families: [AndroidFamily], paint: AndroidPaint) throws(CaliperError) -> MinikinExtent {
        var extent = MinikinExtent()
        for run in MinikinItemizer.itemize(Array(text[piece]), families: families, locales: paint.locales, variant: paint.familyVariant) where Self.needsExtent(text, context: context, run: run.range) {
            let metrics = try families[run.family].font.androidScaler().metrics(size: paint.size, hinting: paint.hinting)
            extent.extend(by: MinikinExtent(ascent: metrics.ascent, descent: metrics.descent))
        }
        return extent
    }

    /// Whether a font run adds its font's extent: some code unit is not a line feed or carriage
    /// return (`isLineSpaceExcludeChar`). Minikin reads the run's offsets, which count from the
    /// piece, in the text of its context, so this does too.
    private static func needsExtent(_ text: [UInt16], context: Range<Int>, run: Range<Int>) -> Bool {
        let start = context.lowerBound + run.lowerBound
        let end = min(context.lowerBound + run.upperBound, text.count)
        return start < end && text[start..<end].contains { $0 != 0x0A && $0 != 0x0D }
    }

    /// `determineHyphenChar`: an Armenian hyphen, maqaf or Canadian syllabics hyphen the font
    /// lacks becomes U+2010, and U+2010 the font lacks becomes U+002D.
    private static func hyphenCharacter(_ preferred: UInt32, in family: AndroidFamily) -> UInt32 {
        var preferred = preferred
        if preferred == 0x058A || preferred == 0x05BE || preferred == 0x1400 {
            if family.covers(preferred) { return preferred }
            preferred = 0x2010
        }
        if preferred == 0x2010, !family.covers(preferred) { return 0x2D }
        return preferred
    }

    /// `ScriptText` (`ScriptUtils.cpp`, `getScriptRun`): `range` in runs of one script by ICU's
    /// script codes, a Common or Inherited character taking the script around it; a run of only
    /// Common or Inherited characters is Common. Each with its ISO 15924 code.
    ///
    /// Minikin reads the characters at the run's offsets counted from the piece, but in the text
    /// of the piece's context: when the context starts `-shift` code units before the piece (a
    /// piece starting inside a word: a right-to-left run after a letter, a line after a hyphen),
    /// the scripts are those of the characters that far back. `shift` (0 or less) reads them
    /// there too; the runs returned are in the piece's offsets.
    static func scriptRuns(_ text: [UInt16], in range: Range<Int>, shift: Int = 0) -> [(range: Range<Int>, script: String)] {
        let read = (range.lowerBound + shift)..<(range.upperBound + shift)
        guard read.lowerBound >= 0, read.upperBound <= text.count else { return [] }
        var result: [(range: Range<Int>, script: String)] = []
        var position = read.lowerBound
        while position < read.upperBound {
            let (first, firstLength) = Self.scriptCodePoint(text, at: position, end: read.upperBound)
            var current = Self.icuScript(first)
            var index = position + firstLength
            while index < read.upperBound {
                let (value, length) = Self.scriptCodePoint(text, at: index, end: read.upperBound)
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
            result.append(((position - shift)..<(min(index, read.upperBound) - shift), script))
            position = index
        }
        return result
    }

    /// `decodeUtf16`: the code point at `offset`, a pair read only before `end`, a lone surrogate
    /// as U+FFFD; and its length.
    private static func scriptCodePoint(_ text: [UInt16], at offset: Int, end: Int) -> (value: UInt32, length: Int) {
        var index = offset
        let value = MinikinWordBreaker.codePoint(after: &index, in: text, to: end)
        return ((0xD800...0xDFFF).contains(value) ? 0xFFFD : value, index - offset)
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
