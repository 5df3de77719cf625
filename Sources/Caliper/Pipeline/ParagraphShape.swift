// ParagraphShape.swift — everything about a paragraph that does not depend on the point size, computed once.

/// A run of a paragraph with its shaped glyphs (offsets relative to the paragraph).
struct ShapedRun: Sendable {
    var item: ItemRun
    var glyphs: GlyphRun
}

/// What shaping takes from a style: its features and language (the font comes from the run).
struct ShapingAttributes: Sendable, Hashable {
    var features: [FontFeature]
    var language: String?
    /// An inline box's stretch: not shaped (its advance is its width, applied at a size).
    var isBox = false
}

/// The size-independent analysis of one paragraph: ICU break opportunities and grapheme
/// clusters, runs of one style, font, script and bidi level, and their glyphs in design units.
/// All offsets are relative to the paragraph's start, so one shape serves the same paragraph at
/// every point size, in any text (see ``ShapeCache``). Styles are known by their place among the
/// paragraph's stretches (see ``StyleRuns``): sizes, letter spacing and baseline offsets are
/// applied when the shape is measured, by ``ShapedParagraph``.
final class ParagraphShape: Sendable {
    /// The paragraph's UTF-16 code units (no hard break).
    let content: [UInt16]
    /// ICU line-break opportunities, ending at `content.count`.
    let breakOpportunities: [Int]
    /// Grapheme cluster boundaries from 0 to `content.count`.
    let graphemeBoundaries: [Int]
    /// Runs in logical order.
    let runs: [ShapedRun]
    /// The resolved bidi level of the paragraph.
    let paragraphLevel: UInt8
    /// Grapheme clusters no font of the cascade covers.
    let missingGlyphs: Int
    /// Design-unit advance of `content[..<i]`; differences are meaningful only within one run.
    let unitPrefix: [Int]
    /// Whether a line may start or end at offset `i` without reshaping.
    let isSafeBoundary: [Bool]
    /// Letter-spacing slots before grapheme cluster `i` (by index in `graphemeBoundaries`).
    let spacingPrefix: [Int]
    let runStarts: [Int]
    /// The features and language of each style stretch, for reshaping parts of its runs.
    let shaping: [ShapingAttributes]
    /// The offsets of the paragraph's tab characters (U+0009), ascending.
    let tabOffsets: [Int]

    static let cursiveScripts: Set<String> = ["Arab", "Syrc", "Mong", "Nkoo", "Mand", "Adlm", "Rohg", "Sogd", "Phag"]

    /// Analyses and shapes `content` in the stretches of `styles`. Lines break with the first
    /// stretch's language as ICU's locale (one iterator walks the whole paragraph).
    init(content: [UInt16], styles: StyleRuns, baseDirection: BaseDirection) throws(CaliperError) {
        self.content = content
        tabOffsets = content.contains(0x09) ? content.indices.filter { content[$0] == 0x09 } : []
        shaping = zip(styles.styles, styles.boxes).map { style, box in
            ShapingAttributes(features: style.features, language: style.language, isBox: box != nil)
        }
        let locale = styles.styles[0].language ?? ""
        do {
            breakOpportunities = try TextBoundaries.lineBreakOpportunities(in: content, locale: locale).map(\.utf16Offset)
            graphemeBoundaries = try TextBoundaries.graphemeClusterBoundaries(in: content)
        } catch {
            throw .textBoundaries(error)
        }
        let itemization = try Itemizer.itemize(
            content, range: 0..<content.count, graphemeBoundaries: graphemeBoundaries, styles: styles,
            baseDirection: baseDirection)
        paragraphLevel = itemization.paragraphLevel
        missingGlyphs = itemization.missingGlyphs

        let count = content.count
        var clusterAdvance = [Int](repeating: 0, count: count + 1)
        var startsCluster = [Bool](repeating: false, count: count + 1)
        var unsafe = [Bool](repeating: false, count: count + 1)
        var startsRun = [Bool](repeating: false, count: count + 1)
        var shapedRuns: [ShapedRun] = []
        for item in itemization.runs {
            let glyphs = Self.shape(content, range: item.range, run: item, shaping: shaping[item.style])
            for glyph in glyphs.glyphs {
                let offset = glyph.cluster
                clusterAdvance[offset] += Int(glyph.advance)
                startsCluster[offset] = true
                if glyph.isUnsafeToBreak { unsafe[offset] = true }
            }
            startsRun[item.range.lowerBound] = true
            shapedRuns.append(ShapedRun(item: item, glyphs: glyphs))
        }
        runs = shapedRuns
        runStarts = shapedRuns.map(\.item.range.lowerBound)
        var prefix = [Int](repeating: 0, count: count + 1)
        for offset in 0..<count { prefix[offset + 1] = prefix[offset] + clusterAdvance[offset] }
        unitPrefix = prefix
        isSafeBoundary = (0...count).map { offset in
            offset == 0 || offset == count || startsRun[offset] || (startsCluster[offset] && !unsafe[offset])
        }

        // Letter spacing follows every grapheme cluster, except inside a run of a cursive script
        // (Arabic, Syriac, Mongolian, N'Ko…), where it would break the joining: there it follows
        // the run's last cluster only, as Firefox does.
        let boundaries = graphemeBoundaries
        var spacing = [Int](repeating: 0, count: max(boundaries.count, 1))
        let isCursive = shapedRuns.map { Self.cursiveScripts.contains($0.item.scriptCode) }  // once per run, not per cluster
        var runIndex = 0
        for cluster in 0..<max(boundaries.count - 1, 0) {
            let start = boundaries[cluster]
            let end = boundaries[cluster + 1]
            while runIndex + 1 < shapedRuns.count, shapedRuns[runIndex].item.range.upperBound <= start { runIndex += 1 }
            let suppressed = !shapedRuns.isEmpty && isCursive[runIndex] && end < shapedRuns[runIndex].item.range.upperBound
            spacing[cluster + 1] = spacing[cluster] + (suppressed ? 0 : 1)
        }
        spacingPrefix = spacing
    }

    /// Shapes `text[range]` (within one item run) on its own, with the run's font, direction and
    /// script and its style's language and features.
    static func shape(_ text: [UInt16], range: Range<Int>, run: ItemRun, shaping: ShapingAttributes) -> GlyphRun {
        if shaping.isBox {
            // One glyph of no advance per code unit: the box's width is added at its size.
            return GlyphRun(
                glyphs: range.map { ShapedGlyph(id: 0, clusterOffset: Int32($0), advance: 0, xOffset: 0, yOffset: 0, isUnsafeToBreak: false) })
        }
        let properties = ShapingProperties(isRightToLeft: run.isRightToLeft, script: run.scriptCode, language: shaping.language)
        return text.withUnsafeBufferPointer {
            run.face.harfBuzz.shape($0, range: range, features: shaping.features, properties: properties)
        }
    }

    /// Shapes a part of run `run` on its own, as a line edge cutting it shows it.
    func reshape(_ range: Range<Int>, of run: ItemRun) -> GlyphRun {
        Self.shape(content, range: range, run: run, shaping: shaping[run.style])
    }

    /// Roughly how many bytes the shape holds, for the cache's budget: every array's elements plus
    /// a fixed overhead for the object, its dozen array headers and the cache's entry (measured
    /// against resident memory, small labels cost about 1 KiB each).
    var byteCount: Int {
        let glyphs = runs.reduce(0) { $0 + $1.glyphs.count }
        // Per glyph: one ShapedGlyph (ID, cluster, advance, two offsets, flag); per code unit: the
        // unit, prefix, safe flag.
        return 1024 + content.count * (2 + 8 + 1) + glyphs * MemoryLayout<ShapedGlyph>.stride
            + (breakOpportunities.count + graphemeBoundaries.count * 2) * 8 + runs.count * 96
    }
}

extension ParagraphShape {
    /// The shape of `content` in the stretches of `styles`, from `cache` when it has it.
    static func make(
        content: [UInt16], styles: StyleRuns, direction: BaseDirection, cache: ShapeCache?
    ) throws(CaliperError) -> ParagraphShape {
        guard let cache else { return try ParagraphShape(content: content, styles: styles, baseDirection: direction) }
        let key = ShapeCache.Key(content: content, styles: styles, direction: direction)
        return try cache.shape(for: key) { () throws(CaliperError) -> ParagraphShape in
            try ParagraphShape(content: content, styles: styles, baseDirection: direction)
        }
    }

    /// The shape of `content` in one style.
    static func make(
        content: [UInt16], style: TextStyle, cascade: FontCascade, direction: BaseDirection, cache: ShapeCache?
    ) throws(CaliperError) -> ParagraphShape {
        try make(
            content: content, styles: StyleRuns(style: style, cascade: cascade, length: content.count), direction: direction,
            cache: cache)
    }
}
