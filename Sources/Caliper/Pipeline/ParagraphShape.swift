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
/// applied when the shape is measured, by ``SizedParagraph``.
final class ParagraphShape: Sendable {
    /// The paragraph's UTF-16 code units (no hard break).
    let content: [UInt16]
    /// ICU line-break opportunities, ending at `content.count`; empty in a shape that does not
    /// ``breaksLines``.
    let breakOpportunities: [Int]
    /// Whether the shape has its line-break opportunities (``breakOpportunities``,
    /// ``breakContents``): every shape but one made for a size on one line that the cache does
    /// not keep (see ``make(content:styles:direction:cache:admission:)``), which no line breaker sees.
    let breaksLines: Bool
    /// What a line ending at each break opportunity shows (see ``BreakContent``): the line
    /// breaker reads it instead of trimming each candidate again and reading the unit prefix
    /// there, one small table walked in order rather than two large ones.
    let breakContents: [BreakContent]
    /// Whether a soft hyphen (U+00AD) ends the text before some break opportunity, where a line
    /// would show a hyphen.
    let hasSoftHyphen: Bool
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
    /// HarfBuzz clusters starting before offset `i` — the groups of glyphs AAT tracking adds to
    /// once each (see ``TrackingTable``); empty when no run's face has a `trak` table.
    let clusterPrefix: [Int]
    /// Letter-spacing slots before grapheme cluster `i` (by index in `graphemeBoundaries`);
    /// empty when there is one after every cluster (no run of a cursive script), read through
    /// ``spacingSlots(before:)``.
    let spacingPrefix: [Int]
    let runStarts: [Int]
    /// The features and language of each style stretch, for reshaping parts of its runs.
    let shaping: [ShapingAttributes]
    /// The offsets of the paragraph's tab characters (U+0009), ascending.
    let tabOffsets: [Int]

    static let cursiveScripts: Set<String> = ["Arab", "Syrc", "Mong", "Nkoo", "Mand", "Adlm", "Rohg", "Sogd", "Phag"]
    /// ``cursiveScripts`` as ICU's UScriptCodes, worked out once: a run's code is compared, not
    /// made into a name.
    static let cursiveScriptCodes: Set<Int32> = Set(
        (Int32(0)..<Int32(256)).filter { cursiveScripts.contains(UnicodeProperties.scriptCode($0)) })

    /// Analyses and shapes `content` in the stretches of `styles`. Lines break with the first
    /// stretch's language as ICU's locale (one iterator walks the whole paragraph); without
    /// `breaksLines`, ICU is not asked for them (a size on one line reads none). With `words`,
    /// runs in faces that shape words apart from spaces are shaped word by word, each word looked
    /// up there first (see ``shapeByWords(_:range:run:shaping:graphemeBoundaries:words:)``).
    init(
        content: [UInt16], styles: StyleRuns, baseDirection: BaseDirection, words: WordTable? = nil, breaksLines: Bool = true
    ) throws(CaliperError) {
        self.content = content
        self.breaksLines = breaksLines
        tabOffsets = content.contains(0x09) ? content.indices.filter { content[$0] == 0x09 } : []
        var shaping: [ShapingAttributes] = []
        shaping.reserveCapacity(styles.styles.count)
        for (index, style) in styles.styles.enumerated() {
            shaping.append(ShapingAttributes(features: style.features, language: style.language, isBox: styles.box(index) != nil))
        }
        self.shaping = shaping
        let locale = styles.styles[0].language ?? ""
        do {
            breakOpportunities = breaksLines ? try TextBoundaries.lineBreakOpportunities(in: content, locale: locale).map(\.utf16Offset) : []
            graphemeBoundaries = GraphemeClusters.boundaries(in: content)
        } catch {
            throw .textBoundaries(error)
        }
        let itemization = try Itemizer.itemize(
            content, range: 0..<content.count, graphemeBoundaries: graphemeBoundaries, styles: styles,
            baseDirection: baseDirection)
        paragraphLevel = itemization.paragraphLevel
        missingGlyphs = itemization.missingGlyphs

        let count = content.count
        var clusterAdvance = [Int](filling: 0, count: count + 1)
        // What each offset starts, as bits of one array (one allocation, not three).
        let startsCluster: UInt8 = 1, unsafe: UInt8 = 2, startsRun: UInt8 = 4
        var flags = [UInt8](filling: 0, count: count + 1)
        var shapedRuns: [ShapedRun] = []
        shapedRuns.reserveCapacity(itemization.runs.count)
        var hasTrackedRun = false
        for item in itemization.runs {
            let glyphs: GlyphRun
            if let words, !shaping[item.style].isBox, item.face.isolatesWords {
                glyphs = Self.shapeByWords(
                    content, range: item.range, run: item, shaping: shaping[item.style], graphemeBoundaries: graphemeBoundaries,
                    words: words)
            } else {
                glyphs = Shaper.glyphs(content, range: item.range, run: item, shaping: shaping[item.style])
            }
            for glyph in glyphs.glyphs {
                let offset = glyph.cluster
                clusterAdvance[offset] += Int(glyph.advance)
                flags[offset] |= glyph.isUnsafeToBreak ? startsCluster | unsafe : startsCluster
            }
            flags[item.range.lowerBound] |= startsRun
            if item.face.tracking != nil { hasTrackedRun = true }
            shapedRuns.append(ShapedRun(item: item, glyphs: glyphs))
        }
        runs = shapedRuns
        runStarts = shapedRuns.map(\.item.range.lowerBound)
        var prefix = [Int](filling: 0, count: count + 1)
        for offset in 0..<count { prefix[offset + 1] = prefix[offset] + clusterAdvance[offset] }
        unitPrefix = prefix
        let isSafe = (0...count).map { offset in
            offset == 0 || offset == count || flags[offset] & startsRun != 0 || flags[offset] & (startsCluster | unsafe) == startsCluster
        }
        isSafeBoundary = isSafe
        (breakContents, hasSoftHyphen) = Self.breakContents(of: content, at: breakOpportunities, unitPrefix: prefix, isSafe: isSafe)
        if hasTrackedRun {
            var clusters = [Int](filling: 0, count: count + 1)
            for offset in 0..<count { clusters[offset + 1] = clusters[offset] + (flags[offset] & startsCluster != 0 ? 1 : 0) }
            clusterPrefix = clusters
        } else {
            clusterPrefix = []
        }

        // Letter spacing follows every grapheme cluster, except inside a run of a cursive script
        // (Arabic, Syriac, Mongolian, N'Ko…), where it would break the joining: there it follows
        // the run's last cluster only, as Firefox does.
        let boundaries = graphemeBoundaries
        let isCursive = shapedRuns.map { Self.cursiveScriptCodes.contains($0.item.script) }  // once per run, not per cluster
        if !isCursive.contains(true) {
            // No run suppresses a slot: one after every cluster, and no array to say so.
            spacingPrefix = []
        } else {
            var spacing = [Int](filling: 0, count: max(boundaries.count, 1))
            let runEnds = shapedRuns.map(\.item.range.upperBound)
            var runIndex = 0
            for cluster in 0..<max(boundaries.count - 1, 0) {
                let start = boundaries[cluster]
                let end = boundaries[cluster + 1]
                while runIndex + 1 < runEnds.count, runEnds[runIndex] <= start { runIndex += 1 }
                let suppressed = isCursive[runIndex] && end < runEnds[runIndex]
                spacing[cluster + 1] = spacing[cluster] + (suppressed ? 0 : 1)
            }
            spacingPrefix = spacing
        }
    }

    /// Shapes `text[range]` (one item run, in a face that ``FontFace/isolatesWords``) word by
    /// word: the run is cut into its words, each with the U+0020 spaces after it; each is found
    /// in `words` or shaped (consecutive ones not found in one call, then kept), and their glyphs
    /// are joined (in reverse order for a right-to-left run, whose glyphs are in visual order).
    /// Since no lookup of the face reads, matches or makes the space glyph, and the text is cut
    /// only between grapheme clusters, this gives the glyphs of shaping the run whole
    /// (`WordShapingTests` checks it glyph for glyph, flags included). A piece longer than
    /// ``WordTable/maximumWordLength`` is shaped and not kept.
    static func shapeByWords(
        _ text: [UInt16], range: Range<Int>, run: ItemRun, shaping: ShapingAttributes, graphemeBoundaries: [Int],
        words: WordTable
    ) -> GlyphRun {
        // A word and the spaces after it are one piece (most words are followed by one space,
        // so the pair is as common as the word, and a text has half as many pieces). A cut after
        // a space is between clusters unless a character that joins a cluster follows (a mark
        // on the space): none is below U+0300, and the others are checked against the boundaries.
        var pieces: [Range<Int>] = []
        pieces.reserveCapacity(range.count / 2 + 1)  // a piece but the last has a character and a space
        var start = range.lowerBound
        var offset = start
        while offset < range.upperBound {
            while offset < range.upperBound, text[offset] != 0x20 { offset += 1 }
            while offset < range.upperBound, text[offset] == 0x20 { offset += 1 }
            guard offset < range.upperBound else { break }
            let isClusterBoundary = text[offset] < 0x300 || {
                let index = firstIndex(in: graphemeBoundaries, atOrAfter: offset)
                return index < graphemeBoundaries.count && graphemeBoundaries[index] == offset
            }()
            if isClusterBoundary {
                pieces.append(start..<offset)
                start = offset
            }
        }
        // A run of one piece longer than any word kept (a paragraph of Chinese) is shaped as it stands.
        guard !pieces.isEmpty || range.count <= WordTable.maximumWordLength else {
            return Shaper.glyphs(text, range: range, run: run, shaping: shaping)
        }
        pieces.append(start..<range.upperBound)

        let style = WordStyle(face: run.face, script: run.script, isRightToLeft: run.isRightToLeft, shaping: shaping)
        // Each piece's digest, hashed here rather than under the table's lock, then its glyphs
        // (clusters relative to its start): found, or dealt from its stretch below.
        let digests = pieces.map { $0.count <= WordTable.maximumWordLength ? WordKey.digest(of: text[$0]) : nil }
        var glyphs = words.glyphs(of: pieces, digests: digests, in: text, style: style)
        // The pieces not found are shaped in stretches, one call each: text never seen costs one
        // call per run, as shaping it whole does, and its words are kept from that call's glyphs.
        let isRightToLeft = run.isRightToLeft
        var made: [(range: Range<Int>, digest: Int, glyphs: [ShapedGlyph])] = []
        var first = 0
        while first < pieces.count {
            guard glyphs[first] == nil else {
                first += 1
                continue
            }
            var last = first
            while last + 1 < pieces.count, glyphs[last + 1] == nil { last += 1 }
            let shaped = Shaper.glyphs(text, range: pieces[first].lowerBound..<pieces[last].upperBound, run: run, shaping: shaping)
            // Clusters are monotone (HarfBuzz's default cluster level), so each piece's glyphs are
            // consecutive: in logical order left to right, in reverse right to left. Each piece's
            // stretch of them is found, then copied out in one allocation.
            var dealt = [Range<Int>](filling: 0..<0, count: last - first + 1)
            var piece = isRightToLeft ? last : first
            var pieceStart = 0
            for (position, glyph) in shaped.glyphs.enumerated() where !pieces[piece].contains(glyph.cluster) {
                dealt[piece - first] = pieceStart..<position
                pieceStart = position
                repeat {
                    piece += isRightToLeft ? -1 : 1
                    // Not monotone after all: the run shaped whole is the answer.
                    guard (first...last).contains(piece) else { return Shaper.glyphs(text, range: range, run: run, shaping: shaping) }
                } while !pieces[piece].contains(glyph.cluster)
            }
            dealt[piece - first] = pieceStart..<shaped.glyphs.count
            // No piece of the run was found (text never seen): the stretch is the run, whose
            // glyphs are the shaped ones as they stand; only the pieces kept need their own.
            let isWholeRun = first == 0 && last == pieces.count - 1
            if made.isEmpty { made.reserveCapacity(pieces.count - first) }
            for index in first...last where !isWholeRun || digests[index] != nil {
                let base = Int32(pieces[index].lowerBound)
                var pieceGlyphs = Array(shaped.glyphs[dealt[index - first]])
                for position in pieceGlyphs.indices { pieceGlyphs[position].clusterOffset -= base }
                if !isWholeRun { glyphs[index] = pieceGlyphs }  // the whole run answers with `shaped`
                if let digest = digests[index] { made.append((pieces[index], digest, pieceGlyphs)) }
            }
            if isWholeRun {
                words.insert(made, of: text, style: style)
                return shaped
            }
            first = last + 1
        }
        words.insert(made, of: text, style: style)

        var joined = GlyphRun()
        joined.glyphs.reserveCapacity(glyphs.reduce(0) { $0 + ($1?.count ?? 0) })
        for position in pieces.indices {
            let index = isRightToLeft ? pieces.count - 1 - position : position
            let base = Int32(pieces[index].lowerBound)
            for var glyph in glyphs[index] ?? [] {
                glyph.clusterOffset += base
                joined.glyphs.append(glyph)
            }
        }
        return joined
    }

    /// Where a line that ends at a break opportunity ends its content, and the design units
    /// before that; and what the next line, starting there, starts with (see ``breakContents``):
    /// all a plain paragraph's line breaker reads of a candidate, in one record, so its walk reads
    /// one table in order rather than four.
    struct BreakContent: Sendable {
        /// The opportunity moved back over hanging whitespace, not before the previous
        /// opportunity — and where that leaves only whitespace, the previous opportunity's
        /// content end (relative). A line from `start` to the opportunity shows
        /// `start..<max(start, end)`. Never before the previous record's (the plain walk's screen
        /// relies on it).
        var end: Int
        /// ``ParagraphShape/unitPrefix`` at ``end``.
        var units: Int
        /// ``ParagraphShape/unitPrefix`` at the opportunity itself (``offset``).
        var breakUnits: Int
        /// The opportunity's offset (relative), shifted left two bits, with ``isSafe`` and
        /// ``followsSoftHyphen`` in the two low bits.
        private var packedOffset: Int

        init(end: Int, units: Int, offset: Int, breakUnits: Int, isSafe: Bool, followsSoftHyphen: Bool) {
            self.end = end
            self.units = units
            self.breakUnits = breakUnits
            packedOffset = offset << 2 | (isSafe ? 1 : 0) | (followsSoftHyphen ? 2 : 0)
        }

        /// The opportunity (relative).
        var offset: Int { packedOffset >> 2 }
        /// Whether a line may start or end at the opportunity without reshaping
        /// (``ParagraphShape/isSafeBoundary``).
        var isSafe: Bool { packedOffset & 1 != 0 }
        /// Whether a soft hyphen (U+00AD) comes just before the opportunity, inside the paragraph
        /// (not at its end), where a line ending there shows a hyphen.
        var followsSoftHyphen: Bool { packedOffset & 2 != 0 }

        /// The record with its units read from `unitPrefix` (a paragraph's tracked prefix).
        func withUnits(of unitPrefix: [Int]) -> BreakContent {
            var record = self
            record.units = unitPrefix[end]
            record.breakUnits = unitPrefix[offset]
            return record
        }
    }

    /// ``breakContents`` of `breaks` in `content`, with the units of `unitPrefix` and the
    /// safe-to-break flags `isSafe`, and whether a soft hyphen comes just before a break.
    static func breakContents(
        of content: [UInt16], at breaks: [Int], unitPrefix: [Int], isSafe: [Bool]
    ) -> ([BreakContent], Bool) {
        var contents: [BreakContent] = []
        contents.reserveCapacity(breaks.count)
        var hasSoftHyphen = false
        var previous = (candidate: 0, contentEnd: 0)
        for candidate in breaks {
            var trimmed = candidate
            while trimmed > previous.candidate, ParagraphSegmenter.isHangingWhitespace(content[trimmed - 1]) { trimmed -= 1 }
            let contentEnd = trimmed == previous.candidate ? previous.contentEnd : trimmed
            let followsSoftHyphen = candidate > 0 && content[candidate - 1] == SizedParagraph.softHyphen
            contents.append(
                BreakContent(
                    end: contentEnd, units: unitPrefix[contentEnd], offset: candidate, breakUnits: unitPrefix[candidate],
                    isSafe: isSafe[candidate], followsSoftHyphen: followsSoftHyphen && candidate < content.count))
            if followsSoftHyphen { hasSoftHyphen = true }
            previous = (candidate, contentEnd)
        }
        return (contents, hasSoftHyphen)
    }

    /// Letter-spacing slots before grapheme cluster `cluster` (by index in `graphemeBoundaries`).
    func spacingSlots(before cluster: Int) -> Int {
        spacingPrefix.isEmpty ? cluster : spacingPrefix[cluster]
    }

    /// Shapes a part of run `run` on its own, as a line edge cutting it shows it.
    func reshape(_ range: Range<Int>, of run: ItemRun) -> GlyphRun {
        Shaper.glyphs(content, range: range, run: run, shaping: shaping[run.style])
    }

    /// Roughly how many bytes the shape holds, for the cache's budget: every array's elements plus
    /// a fixed overhead for the object, its dozen array headers and the cache's entry (measured
    /// against resident memory, small labels cost about 1 KiB each).
    var byteCount: Int {
        let glyphs = runs.reduce(0) { $0 + $1.glyphs.count }
        // Per glyph: one ShapedGlyph (ID, cluster, advance, two offsets, flag); per code unit: the
        // unit, prefix, safe flag; per break opportunity: its offset and its four-word BreakContent.
        return 1024 + content.count * (2 + 8 + 1) + glyphs * MemoryLayout<ShapedGlyph>.stride
            + (breakOpportunities.count * 5 + graphemeBoundaries.count + spacingPrefix.count) * 8 + runs.count * 96
    }
}

extension ParagraphShape {
    /// The shape of `content` in the stretches of `styles`, from `cache` when it has it (and kept
    /// there as `admission` says when it does not). A shape made for a size on one line
    /// (``ParagraphShapeTable/Admission/onSecondMiss``) that is not admitted does not
    /// ``breaksLines``: ICU's line breaking is most of a cold label's analysis, and its size
    /// reads no break. (ICU's errors stay loud where breaks are made: a measurement or layout of
    /// the text asks ICU, and throws what it reports; only a failure to open ICU's line-break
    /// iterator at all — memory or data — would go unseen by a size that makes none.)
    static func make(
        content: [UInt16], styles: StyleRuns, direction: BaseDirection, cache: ShapeCache?,
        admission: ParagraphShapeTable.Admission = .always
    ) throws(CaliperError) -> ParagraphShape {
        guard let cache else {
            return try ParagraphShape(content: content, styles: styles, baseDirection: direction, breaksLines: admission == .always)
        }
        let key = ShapeCache.Key(content: content, styles: styles, direction: direction)
        return try cache.shape(for: key, admission: admission) { (isAdmitted: Bool) throws(CaliperError) -> ParagraphShape in
            try ParagraphShape(content: content, styles: styles, baseDirection: direction, words: cache.words, breaksLines: isAdmitted)
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
