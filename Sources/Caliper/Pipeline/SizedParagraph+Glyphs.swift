// SizedParagraph+Glyphs.swift — a line's runs with their glyphs, placed as the widths measure them, for a layout that keeps glyphs.
import Foundation

extension SizedParagraph {
    /// ``runs(from:to:displayedTo:)`` with each run's glyphs (see ``TextMeasurer/keepsGlyphs``):
    /// the glyphs each width is measured from, placed from the run's left edge, their advances
    /// adding up to the run's width. The widths are those ``runs(from:to:displayedTo:)`` gives,
    /// bit for bit: a part is shaped (at most once) exactly where its width is.
    func runsWithGlyphs(
        from start: Int, to end: Int, displayedTo lineEnd: Int? = nil
    ) -> (runs: [SizedRun], glyphs: [[RunGlyph]]) {
        var runs: [SizedRun] = []
        var glyphs: [[RunGlyph]] = []
        forEachRunPart(from: start, to: end, displayedTo: lineEnd) { index, part, tabAdvance, displayedEnd in
            let (run, placed) = glyphRun(index, part, tabAdvance: tabAdvance, displayedTo: displayedEnd)
            runs.append(run)
            glyphs.append(placed)
        }
        return (runs, glyphs)
    }

    /// The glyphs of the hyphen a line ending with `hyphen` shows: the glyphs its width was
    /// measured from (``hyphen(before:)``), its one cluster tracked once, its letter spacing after it.
    func hyphenGlyphs(_ hyphen: LineHyphen) -> [RunGlyph] {
        let stretch = hyphen.stretch
        if hyphens[stretch] == nil { _ = self.hyphen(before: base + styles.start(of: stretch) + 1) }
        guard let glyphs = hyphens[stretch]?.glyphs.glyphs, !glyphs.isEmpty else { return [] }
        let style = styles.styles[stretch]
        let size = styles.sizes[stretch]
        var spacings = [CGFloat](filling: 0, count: glyphs.count)
        spacings[glyphs.count - 1] = style.letterSpacing
        return Self.placed(
            glyphs[...], scale: Double(size) / Double(style.font.designMetrics.unitsPerEm),
            tracking: style.font.tracking.map { Self.tracking($0, style: style, size: size) } ?? 0, clusterBase: 0,
            spacings: spacings)
    }

    /// Run `index`'s relative `part` as ``run(_:_:width:displayedTo:)`` gives it, with its glyphs:
    /// none for an inline box; a tab measured by its stop advancing by `tabAdvance`.
    private func glyphRun(
        _ index: Int, _ part: Range<Int>, tabAdvance: CGFloat?, displayedTo end: Int?
    ) -> (run: SizedRun, glyphs: [RunGlyph]) {
        let item = shape.runs[index].item
        guard styles.box(item.style) == nil else { return (run(index, part, width: tabAdvance, displayedTo: end), []) }
        let scale = Double(styles.sizes[item.style]) / Double(item.face.designMetrics.unitsPerEm)
        let tracking = item.face.tracking.map { Self.tracking($0, style: styles.styles[item.style], size: styles.sizes[item.style]) } ?? 0
        if let tabAdvance {
            // The tab's glyph where HarfBuzz put it; the tab takes its advance to the stop.
            var glyphs = Self.placed(
                paragraphGlyphs(part, of: index), scale: scale, tracking: tracking, clusterBase: part.lowerBound, spacings: nil)
            for position in glyphs.indices { glyphs[position].advance = position == glyphs.count - 1 ? tabAdvance : 0 }
            return (run(index, part, width: tabAdvance), glyphs)
        }
        let (glyphs, designUnits) = pieceGlyphs(part, of: index, displayedTo: end)
        // The width as `run` measures it (its `pieceWidth` from the same design units), bit for bit.
        var located = item
        located.range = (part.lowerBound + base)..<(part.upperBound + base)
        let spacing = styles.letterSpacings[item.style]
        let slots = spacingSlots(from: part.lowerBound, to: part.upperBound)
        let width = Widths.width(points: points(designUnits, of: item), letterSpacing: Widths.letterSpacing(spacing, clusters: slots))
        let spacings = spacing == 0 || slots == 0 ? nil : letterSpacings(of: glyphs, in: part, of: item, spacing: spacing)
        return (SizedRun(item: located, width: width), Self.placed(glyphs, scale: scale, tracking: tracking, clusterBase: part.lowerBound, spacings: spacings))
    }

    /// The glyphs of run `index`'s relative `part` as ``pieceWidth(_:run:displayedTo:)`` measures
    /// it, and their advance in design units with AAT tracking: the paragraph's own glyphs when the
    /// edges it is shaped at are safe to break, else the part shaped on its own (with the line's
    /// hanging whitespace up to `end`, whose glyphs are then left out).
    private func pieceGlyphs(
        _ part: Range<Int>, of index: Int, displayedTo end: Int?
    ) -> (glyphs: ArraySlice<ShapedGlyph>, designUnits: Int) {
        let run = shape.runs[index].item
        let shapedEnd = end.map { min(max($0, part.upperBound), run.range.upperBound) } ?? part.upperBound
        if shape.isSafeBoundary[part.lowerBound] && shape.isSafeBoundary[shapedEnd] {
            return (paragraphGlyphs(part, of: index), units(part))
        }
        let glyphs = shape.reshape(part.lowerBound..<shapedEnd, of: run).glyphs.filter { $0.clusterOffset < part.upperBound }
        let designUnits = glyphs.reduce(0) { $0 + Int($1.advance) } + reshapedTracking(glyphs, before: part.upperBound, of: run)
        return (glyphs[...], designUnits)
    }

    /// The paragraph's glyphs of run `index` whose clusters start in relative `part`, in visual
    /// order. Clusters are monotone (HarfBuzz's default cluster level): ascending left to right,
    /// descending right to left, so the part's glyphs are found by two binary searches.
    private func paragraphGlyphs(_ part: Range<Int>, of index: Int) -> ArraySlice<ShapedGlyph> {
        let run = shape.runs[index]
        let glyphs = run.glyphs.glyphs
        let (lower, upper) = (Int32(part.lowerBound), Int32(part.upperBound))
        if run.item.isRightToLeft {
            return glyphs[glyphs.lowerBound { $0.clusterOffset >= upper }..<glyphs.lowerBound { $0.clusterOffset >= lower }]
        }
        return glyphs[glyphs.lowerBound { $0.clusterOffset < lower }..<glyphs.lowerBound { $0.clusterOffset < upper }]
    }

    /// The letter spacing after each of `glyphs` (relative `part` of run `item`, visual order):
    /// each HarfBuzz cluster's text holds grapheme clusters with ``spacingSlots(from:to:)`` slots
    /// (a ligature of two letters, two), whose spacing follows the cluster's last glyph; in a
    /// cursive run, whose slot follows its last cluster only, the part's slots follow its last glyph.
    private func letterSpacings(
        of glyphs: ArraySlice<ShapedGlyph>, in part: Range<Int>, of item: ItemRun, spacing: CGFloat
    ) -> [CGFloat] {
        var spacings = [CGFloat](filling: 0, count: glyphs.count)
        guard !glyphs.isEmpty else { return spacings }
        if ParagraphShape.cursiveScriptCodes.contains(item.script) {
            spacings[glyphs.count - 1] = Widths.letterSpacing(spacing, clusters: spacingSlots(from: part.lowerBound, to: part.upperBound))
            return spacings
        }
        // The clusters' starts in visual order; cluster k's text runs to the next start in logical
        // order, the first and last taking the part's edges.
        var starts: [(cluster: Int, lastGlyph: Int)] = []
        for (position, glyph) in zip(0..., glyphs) {
            if let last = starts.last, last.cluster == glyph.cluster {
                starts[starts.count - 1].lastGlyph = position
            } else {
                starts.append((glyph.cluster, position))
            }
        }
        let isRightToLeft = item.isRightToLeft
        for (index, start) in starts.enumerated() {
            let isLogicalFirst = isRightToLeft ? index == starts.count - 1 : index == 0
            let nextIndex = isRightToLeft ? index - 1 : index + 1
            let lower = isLogicalFirst ? part.lowerBound : start.cluster
            let upper = starts.indices.contains(nextIndex) ? starts[nextIndex].cluster : part.upperBound
            spacings[start.lastGlyph] = Widths.letterSpacing(spacing, clusters: spacingSlots(from: lower, to: upper))
        }
        return spacings
    }

    /// `glyphs` (visual order) placed from a pen at 0, `scale` points a design unit, as
    /// ``TextMeasurer/glyphs(ofLine:style:baseDirection:)`` places them: the first glyph of each
    /// cluster advances by `tracking` and is moved by half of it (C's division, as HarfBuzz moves
    /// it); `spacings` (one a glyph, `nil` for none) follows each glyph; clusters from `clusterBase`.
    static func placed(
        _ glyphs: ArraySlice<ShapedGlyph>, scale: Double, tracking: Int, clusterBase: Int, spacings: [CGFloat]?
    ) -> [RunGlyph] {
        var placed: [RunGlyph] = []
        placed.reserveCapacity(glyphs.count)
        var pen = 0.0
        var previousCluster: Int32?
        for (position, glyph) in zip(0..., glyphs) {
            let startsCluster = glyph.clusterOffset != previousCluster
            previousCluster = glyph.clusterOffset
            let (trackingOffset, trackingAdvance) = startsCluster ? (tracking / 2, tracking) : (0, 0)
            let origin = CGPoint(x: pen + Double(Int(glyph.xOffset) + trackingOffset) * scale, y: Double(glyph.yOffset) * scale)
            var advance = Double(Int(glyph.advance) + trackingAdvance) * scale
            pen += advance
            if let spacing = spacings?[position], spacing != 0 {
                pen += Double(spacing)
                advance += Double(spacing)
            }
            placed.append(RunGlyph(id: glyph.id, position: origin, advance: CGFloat(advance), clusterOffset: glyph.cluster - clusterBase))
        }
        return placed
    }
}
