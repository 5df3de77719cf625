// SizedParagraph.swift — a paragraph's shape placed in its text, with widths of any slice of it at its styles' sizes.
import Foundation

/// A run of a line, its range clipped to the line, with its width in points: what
/// ``SizedParagraph/runs(from:to:displayedTo:)`` reports. A struct, not a tuple: an optional or
/// array of a tuple holding a run was copied through the runtime's generic value witnesses.
struct SizedRun {
    var item: ItemRun
    var width: CGFloat
}

/// A paragraph of a text at its styles' sizes, seen through its size-independent
/// ``ParagraphShape`` (the glyphs in design units, made once; this adds the sizes, so the name
/// says "sized"): the paragraph shaped once as one endless line (as Skia's paragraph does). Offsets here
/// are absolute offsets into `text`. Each run is measured in its own style (size, letter spacing,
/// baseline offset).
///
/// The width of a slice is exact: read from the prefix sums when both of its edges are safe to
/// break (a run edge, or a cluster start whose HarfBuzz `unsafe_to_break` flag is clear), else the
/// slice's part of each run is shaped on its own, as it will be displayed, so kerning, ligatures,
/// Arabic joining and Indic conjuncts across a break never leak into a line.
///
/// A class, so the lines that refer to it share one reference: as a struct, every copy retained
/// its text, shape and style's fonts, shared objects whose reference counts two threads measuring
/// at once kept taking from each other (`caliper batch --jobs 2` spent a fifth more CPU than one job).
final class SizedParagraph {
    let text: [UInt16]
    let range: Range<Int>
    let shape: ParagraphShape
    /// The paragraph's style stretches; a run's `style` indexes them.
    let styles: StyleRuns

    /// ICU line-break opportunities inside the paragraph, absolute, ending at `range.upperBound`.
    let breakOpportunities: [Int]
    /// Grapheme cluster boundaries, absolute, from `range.lowerBound` to `range.upperBound`.
    let graphemeBoundaries: [Int]

    /// The tab stops the paragraph's tabs advance to; `nil` when it has no tab (or its tabs are
    /// measured as glyphs).
    let tabs: TabStops?
    /// The absolute offsets of its tabs, when ``tabs`` is set.
    private let tabOffsets: [Int]

    /// Whether a face of the paragraph has AAT tracking (``ParagraphShape/clusterPrefix`` is kept).
    private let isTracked: Bool
    /// Design-unit advance of relative `content[..<i]` at the styles' sizes: the shape's
    /// ``ParagraphShape/unitPrefix`` itself, or, in a paragraph with AAT tracking, with each
    /// cluster's tracking at its run's size added after it (HarfBuzz adds it to the cluster's
    /// first glyph), so every width read from it is tracked and the others pay nothing.
    private let unitPrefix: [Int]
    /// Whether the paragraph is one run of text (no inline box) without letter spacing or tab
    /// stops: then the width of a slice whose edges are safe to break is its design units at the
    /// run's size, read straight from ``unitPrefix`` (``plainWidth(from:to:shapedTo:)``), which is
    /// what the general path adds up for it.
    let isPlain: Bool
    /// A plain paragraph's run's size and its face's units per em (size 0 otherwise).
    let plainScale: PlainScale

    /// The rule of ``isPlain``: a paragraph of `runCount` runs in `styles`, measuring its tabs by
    /// their stops when `hasTabs`, is plain when it is one run with neither inline boxes, letter
    /// spacing nor tab stops.
    static func isPlain(runCount: Int, styles: StyleRuns, hasTabs: Bool) -> Bool {
        runCount == 1 && !styles.hasBoxes && !styles.hasLetterSpacing && !hasTabs
    }

    /// The size and units per em that turn a plain paragraph's design units into points.
    struct PlainScale {
        let size: CGFloat
        let unitsPerEm: Int

        /// The width of `designUnits` of the run at its size, as the general path measures one
        /// piece of one run without letter spacing: the one rule every plain width is read by
        /// (``SizedParagraph/plainWidth(from:to:shapedTo:)``, ``SizedParagraph/estimatedWidth(from:to:)``,
        /// the line breaker's walk and screen).
        @inline(__always)
        func width(units designUnits: Int) -> CGFloat {
            Widths.width(points: Widths.points(designUnits: designUnits, size: size, unitsPerEm: unitsPerEm), letterSpacing: 0)
        }
    }

    init(text: [UInt16], range: Range<Int>, shape: ParagraphShape, styles: StyleRuns, tabs: TabStops? = nil) {
        isTracked = !shape.clusterPrefix.isEmpty
        unitPrefix = isTracked ? Self.trackedPrefix(shape, styles: styles) : shape.unitPrefix
        self.text = text
        self.range = range
        self.shape = shape
        self.styles = styles
        let base = range.lowerBound
        breakOpportunities = base == 0 ? shape.breakOpportunities : shape.breakOpportunities.map { $0 + base }
        graphemeBoundaries = base == 0 ? shape.graphemeBoundaries : shape.graphemeBoundaries.map { $0 + base }
        let hasTabs = tabs != nil && !shape.tabOffsets.isEmpty
        self.tabs = hasTabs ? tabs : nil
        tabOffsets = !hasTabs ? [] : base == 0 ? shape.tabOffsets : shape.tabOffsets.map { $0 + base }
        isPlain = Self.isPlain(runCount: shape.runs.count, styles: styles, hasTabs: hasTabs)
        if isPlain, let run = shape.runs.first?.item {
            plainScale = PlainScale(size: styles.sizes[run.style], unitsPerEm: run.face.designMetrics.unitsPerEm)
        } else {
            plainScale = PlainScale(size: 0, unitsPerEm: 1)
        }
    }

    /// The metrics of every line of a plain paragraph in one style that shows some text: its
    /// style's primary font and its run's face (``textMetrics(from:to:)`` of any non-empty
    /// slice). Made on first use.
    lazy var plainLineMetrics: LineMetrics = textMetrics(from: range.lowerBound, to: range.upperBound)

    /// The shape's ``ParagraphShape/breakContents`` with the units of this paragraph's
    /// ``unitPrefix``: the shape's own, or in a paragraph with AAT tracking, read again from
    /// the tracked prefix (made on first use).
    private(set) lazy var breakContents: [ParagraphShape.BreakContent] = isTracked
        ? shape.breakContents.map { $0.withUnits(of: unitPrefix) } : shape.breakContents


    /// What the line breaker's plain screen reads (``LineBreaker/plainScreen(_:readsBreakContents:in:from:limit:)``),
    /// lent without copies, reference counting or bounds checks: the design-unit prefix
    /// (relative offsets), the text (absolute) and the content of a line ending at each break
    /// opportunity (``breakContents``). The walk reads a ``PlainBreaks`` instead.
    struct PlainBuffers {
        let units: UnsafeBufferPointer<Int>
        let text: UnsafeBufferPointer<UInt16>
        let contents: UnsafeBufferPointer<ParagraphShape.BreakContent>
    }

    /// Calls `body` with the paragraph's ``PlainBuffers``.
    @inline(__always)
    func withPlainBuffers<Result>(_ body: (PlainBuffers) -> Result) -> Result {
        let breakContents = breakContents
        return unitPrefix.withUnsafeBufferPointer { units in
            text.withUnsafeBufferPointer { text in
                breakContents.withUnsafeBufferPointer { contents in
                    body(PlainBuffers(units: units, text: text, contents: contents))
                }
            }
        }
    }

    /// The width of `text[start..<contentEnd]` shaped to `end` (`contentEnd` or past it) in a
    /// plain paragraph (``isPlain``) when `start` and `end` are safe to break: its design units at
    /// the run's size, as ``width(from:to:displayedTo:)`` and ``width(from:to:)`` measure it on
    /// their general path (one piece of one run, no letter spacing); `nil` otherwise.
    @inline(__always)
    private func plainWidth(from start: Int, to contentEnd: Int, shapedTo end: Int) -> CGFloat? {
        guard isPlain, shape.isSafeBoundary[start - base], shape.isSafeBoundary[end - base] else { return nil }
        return plainScale.width(units: unitPrefix[contentEnd - base] - unitPrefix[start - base])
    }

    var base: Int { range.lowerBound }

    /// The style of the paragraph's first stretch (the only one for text in one style).
    var style: TextStyle { styles.styles[0] }

    /// The style run `run` is measured in.
    func style(of run: ItemRun) -> TextStyle { styles.styles[run.style] }

    /// Grapheme clusters no font of the cascade covers.
    var missingGlyphs: Int { shape.missingGlyphs }

    /// Points of `part` of `run`: its design units at its style's size (AAT tracking included,
    /// see ``unitPrefix``), or, for an inline box's run, the box's width.
    @inline(__always)
    private func partAdvance(_ part: Range<Int>, of run: ItemRun) -> Double {
        if let box = styles.box(run.style) { return Double(box.width) * Double(part.count) }
        return points(units(part), of: run)
    }

    /// `shape`'s unit prefix with each cluster's AAT tracking (its run's, at its style's size)
    /// added after the cluster.
    private static func trackedPrefix(_ shape: ParagraphShape, styles: StyleRuns) -> [Int] {
        var prefix = shape.unitPrefix
        var added = 0
        for run in shape.runs {
            let item = run.item
            let perCluster = item.face.tracking.map { tracking($0, style: styles.styles[item.style], size: styles.sizes[item.style]) } ?? 0
            let isBox = styles.box(item.style) != nil
            for offset in item.range {
                if !isBox, shape.clusterPrefix[offset + 1] > shape.clusterPrefix[offset] { added += perCluster }
                prefix[offset + 1] = shape.unitPrefix[offset + 1] + added
            }
        }
        return prefix
    }

    /// AAT tracking of `clusters` clusters of `run` at its style's size, in design units: 0 for a
    /// face without a `trak` table (one stored-optional check) or a style that turns the `trak`
    /// feature off (HarfBuzz's switch for it).
    @inline(__always)
    private func tracking(of run: ItemRun, clusters: @autoclosure () -> Int) -> Int {
        guard let table = run.face.tracking else { return 0 }
        return Self.tracking(table, style: styles.styles[run.style], size: styles.sizes[run.style]) * clusters()
    }

    /// The tracking per cluster of `table` at `size`, unless `style` sets the `trak` feature to 0.
    static func tracking(_ table: TrackingTable, style: TextStyle, size: CGFloat) -> Int {
        if style.features.contains(where: { $0.tag == "trak" && $0.value == 0 }) { return 0 }
        return table.designUnits(atPointSize: size)
    }

    /// Distinct clusters among `glyphs` before relative offset `end` (glyphs of one cluster are
    /// adjacent in either direction).
    private static func clusterCount(_ glyphs: [ShapedGlyph], before end: Int) -> Int {
        var count = 0
        var previous: Int32 = -1
        for glyph in glyphs where glyph.clusterOffset < end && glyph.clusterOffset != previous {
            count += 1
            previous = glyph.clusterOffset
        }
        return count
    }

    /// Points for `designUnits` of advance of `run`, at its style's size (``Widths/points(designUnits:size:unitsPerEm:)``).
    func points(_ designUnits: Int, of run: ItemRun) -> Double {
        Widths.points(designUnits: designUnits, size: styles.sizes[run.style], unitsPerEm: run.face.designMetrics.unitsPerEm)
    }

    /// The index of the run containing relative offset `offset` (the last run for the end).
    private func runIndex(containing offset: Int) -> Int {
        max(0, firstIndex(in: shape.runStarts, atOrAfter: offset + 1) - 1)
    }

    /// Calls `body` with each (run index, part) of relative `start..<end`, in logical order,
    /// allocating nothing: the line breaker asks for many widths per line.
    @inline(__always)
    func forEachPiece(from start: Int, to end: Int, _ body: (Int, Range<Int>) -> Void) {
        guard start < end, !shape.runs.isEmpty else { return }
        var index = runIndex(containing: start)
        while index < shape.runs.count, shape.runs[index].item.range.lowerBound < end {
            let runRange = shape.runs[index].item.range
            let part = max(start, runRange.lowerBound)..<min(end, runRange.upperBound)
            if !part.isEmpty { body(index, part) }
            index += 1
        }
    }

    func units(_ part: Range<Int>) -> Int { unitPrefix[part.upperBound] - unitPrefix[part.lowerBound] }

    /// `made`, else the paragraph `make` makes, kept in `made`: a paragraph made on first need
    /// and then once (the plain walk's and the plain layout's).
    @inline(__always)
    static func made(_ made: inout SizedParagraph?, by make: () -> SizedParagraph) -> SizedParagraph {
        if let made { return made }
        let paragraph = make()
        made = paragraph
        return paragraph
    }

    /// The design units before relative `offset` (see ``unitPrefix``).
    func units(before offset: Int) -> Int { unitPrefix[offset] }

    /// Width in points of `text[start..<end]` read from the whole-paragraph shaping, letter
    /// spacing included. Exact when both edges are safe boundaries and within one run; otherwise
    /// an estimate (the line breaker's and truncator's screens).
    ///
    /// O(log runs) for any span: the whole runs inside it are read from ``runStartPoints``, so a
    /// screen that asks for the width of the rest of a paragraph of thousands of runs (text that
    /// changes direction or font at every letter) does not sum them again for every line.
    func estimatedWidth(from start: Int, to end: Int) -> CGFloat {
        let (lower, upper) = (start - base, end - base)
        if isPlain, lower <= upper { return plainScale.width(units: unitPrefix[upper] - unitPrefix[lower]) }
        return generalEstimatedWidth(from: start, to: end)
    }

    /// ``estimatedWidth(from:to:)`` by its general path, which the plain paragraph's shortcut
    /// equals (`PipelineShortcutTests`).
    func generalEstimatedWidth(from start: Int, to end: Int) -> CGFloat {
        let (lower, upper) = (start - base, end - base)
        var advance = 0.0
        if lower < upper, !shape.runs.isEmpty {
            let first = runIndex(containing: lower)
            // Most spans lie in one run: no second search for those.
            let last = upper <= shape.runs[first].item.range.upperBound ? first : runIndex(containing: upper - 1)
            let firstRun = shape.runs[first].item
            if first == last {
                advance = partAdvance(lower..<upper, of: firstRun)
            } else {
                let lastRun = shape.runs[last].item
                advance = partAdvance(lower..<firstRun.range.upperBound, of: firstRun)
                    + (runStartPoints[last] - runStartPoints[first + 1])
                    + partAdvance(lastRun.range.lowerBound..<upper, of: lastRun)
            }
        }
        return Widths.width(points: advance, letterSpacing: letterSpacing(from: lower, to: upper))
    }

    /// Points of all the runs before run `i`, at the style's size: made on first use, once per
    /// paragraph and size.
    private lazy var runStartPoints: [Double] = {
        var sums = [Double](filling: 0, count: shape.runs.count + 1)
        for (index, run) in shape.runs.enumerated() {
            sums[index + 1] = sums[index] + partAdvance(run.item.range, of: run.item)
        }
        return sums
    }()

    /// Width in points of `text[start..<end]` set as a line of its own, letter spacing included,
    /// its tabs advancing to their stops (see ``tabAdvances(from:to:)``).
    @inline(__always)
    func width(from start: Int, to end: Int) -> CGFloat {
        if let plain = plainWidth(from: start, to: end, shapedTo: end) { return plain }
        return generalWidth(from: start, to: end)
    }

    /// ``width(from:to:)`` by its general path (see ``generalEstimatedWidth(from:to:)``).
    func generalWidth(from start: Int, to end: Int) -> CGFloat {
        if tabs != nil, hasTab(from: start, to: end) { return tabAdvances(from: start, to: end).width }
        return untabbedWidth(from: start, to: end)
    }

    /// Width in points of a line's content `text[start..<contentEnd]` as the line `start..<end`
    /// displays it: the line is shaped with its hanging whitespace (`contentEnd..<end`), as Pango
    /// and browsers shape it, and the whitespace's advances are left out, so the last letter
    /// keeps its kerning against the space after it ("A " in Liberation Sans). Equal to
    /// ``width(from:to:)`` when the line has no hanging whitespace or the content's end is safe
    /// to break; with tabs, the tabs' rule (``tabAdvances(from:to:)``) decides.
    @inline(__always)
    func width(from start: Int, to contentEnd: Int, displayedTo end: Int) -> CGFloat {
        if let plain = plainWidth(from: start, to: contentEnd, shapedTo: max(contentEnd, end)) { return plain }
        return generalWidth(from: start, to: contentEnd, displayedTo: end)
    }

    /// ``width(from:to:displayedTo:)`` by its general path (see ``generalEstimatedWidth(from:to:)``).
    func generalWidth(from start: Int, to contentEnd: Int, displayedTo end: Int) -> CGFloat {
        guard end > contentEnd, tabs == nil || !hasTab(from: start, to: end) else { return generalWidth(from: start, to: contentEnd) }
        var advance = 0.0
        forEachPiece(from: start - base, to: contentEnd - base) { run, part in
            advance = advance + pieceWidth(part, run: shape.runs[run].item, displayedTo: end - base)
        }
        return Widths.width(points: advance, letterSpacing: letterSpacing(from: start - base, to: contentEnd - base))
    }

    /// Whether `text[start..<end]` holds a tab measured by its stops.
    @inline(__always)
    private func hasTab(from start: Int, to end: Int) -> Bool {
        let index = firstIndex(in: tabOffsets, atOrAfter: start)
        return index < tabOffsets.count && tabOffsets[index] < end
    }

    /// The tabs of the line `text[start..<end]` with the advance each takes to its stop, and the
    /// line's width. Each segment between tabs is measured as its own piece of the line; a tab
    /// goes to the first stop past the pen (``TabStops/stop(after:)``) and takes what its
    /// alignment leaves: left, the stop less the pen; right, also less the width of the segment
    /// after it (to the next tab or the line's end, its hanging whitespace excluded); center,
    /// half that width; decimal, the width of that segment up to its first "."; never less than
    /// 0. Past every stop a tab is as wide as its glyph. A tab's letter spacing is not added.
    func tabAdvances(from start: Int, to end: Int) -> (advances: [(offset: Int, advance: CGFloat)], width: CGFloat) {
        guard let tabs else { return ([], untabbedWidth(from: start, to: end)) }
        var advances: [(offset: Int, advance: CGFloat)] = []
        var pen: CGFloat = 0
        var segmentStart = start
        var index = firstIndex(in: tabOffsets, atOrAfter: start)
        while index < tabOffsets.count, tabOffsets[index] < end {
            let tab = tabOffsets[index]
            pen += untabbedWidth(from: segmentStart, to: tab)
            let segmentEnd = index + 1 < tabOffsets.count && tabOffsets[index + 1] < end ? tabOffsets[index + 1] : end
            let advance: CGFloat
            if let stop = tabs.stop(after: pen) {
                let aligned: CGFloat
                switch stop.alignment {
                case .left: aligned = 0
                case .right: aligned = untabbedWidth(from: tab + 1, to: trimmingHangingWhitespace(from: tab + 1, to: segmentEnd))
                case .center: aligned = untabbedWidth(from: tab + 1, to: trimmingHangingWhitespace(from: tab + 1, to: segmentEnd)) / 2
                case .decimal:
                    let point = text[(tab + 1)..<segmentEnd].firstIndex(of: 0x2E)
                        ?? trimmingHangingWhitespace(from: tab + 1, to: segmentEnd)
                    aligned = untabbedWidth(from: tab + 1, to: point)
                }
                advance = max(0, stop.location - pen - aligned)
            } else {
                advance = glyphAdvance(ofTabAt: tab)
            }
            advances.append((tab, advance))
            pen += advance
            segmentStart = tab + 1
            index += 1
        }
        return (advances, pen + untabbedWidth(from: segmentStart, to: end))
    }

    /// A tab's own glyph advance, in points, without letter spacing.
    private func glyphAdvance(ofTabAt offset: Int) -> CGFloat {
        var advance = 0.0
        forEachPiece(from: offset - base, to: offset + 1 - base) { run, part in
            advance += pieceWidth(part, run: shape.runs[run].item)
        }
        return CGFloat(advance)
    }

    /// How much narrower than ``estimatedWidth(from:to:)`` the line `text[start..<end]` can be
    /// because of its tabs: their glyphs' advances, which a tab to its stop may not take (an
    /// advance to a stop is never negative). 0 without tabs.
    @inline(__always)
    func tabAllowance(from start: Int, to end: Int) -> CGFloat {
        tabs == nil ? 0 : tabbedAllowance(from: start, to: end)
    }

    private func tabbedAllowance(from start: Int, to end: Int) -> CGFloat {
        let count = firstIndex(in: tabOffsets, atOrAfter: end) - firstIndex(in: tabOffsets, atOrAfter: start)
        return count == 0 ? 0 : CGFloat(count) * widestTabGlyph
    }

    private lazy var widestTabGlyph: CGFloat = tabOffsets.map { glyphAdvance(ofTabAt: $0) }.max() ?? 0

    /// ``width(from:to:)`` with tabs measured as their glyphs.
    private func untabbedWidth(from start: Int, to end: Int) -> CGFloat {
        var advance = 0.0
        forEachPiece(from: start - base, to: end - base) { run, part in
            advance = advance + pieceWidth(part, run: shape.runs[run].item)
        }
        return Widths.width(points: advance, letterSpacing: letterSpacing(from: start - base, to: end - base))
    }

    /// Points of one run's part, reshaped on its own when an edge is not safe to break. With
    /// `end` (relative) past the part, the part is the content of a line displayed to `end`: it
    /// is shaped with the rest of its run up to `end`, whose advances are then left out (see
    /// ``width(from:to:displayedTo:)``).
    private func pieceWidth(_ part: Range<Int>, run: ItemRun, displayedTo end: Int? = nil) -> Double {
        if styles.box(run.style) != nil { return partAdvance(part, of: run) }
        let shapedEnd = end.map { min(max($0, part.upperBound), run.range.upperBound) } ?? part.upperBound
        if shapedEnd > part.upperBound {
            let shaped = part.lowerBound..<shapedEnd
            if shape.isSafeBoundary[shaped.lowerBound] && shape.isSafeBoundary[shaped.upperBound] {
                return points(units(part), of: run)
            }
            let glyphs = shape.reshape(shaped, of: run).glyphs
            let designUnits = glyphs.reduce(0) { $1.clusterOffset < part.upperBound ? $0 + Int($1.advance) : $0 }
            return points(designUnits + reshapedTracking(glyphs, before: part.upperBound, of: run), of: run)
        }
        if shape.isSafeBoundary[part.lowerBound] && shape.isSafeBoundary[part.upperBound] { return points(units(part), of: run) }
        let glyphs = shape.reshape(part, of: run)
        return points(glyphs.totalAdvance + reshapedTracking(glyphs.glyphs, before: part.upperBound, of: run), of: run)
    }

    /// The AAT tracking of the clusters of `glyphs` (a part reshaped) before relative `end`: 0
    /// unless ``isTracked``.
    @inline(__always)
    func reshapedTracking(_ glyphs: [ShapedGlyph], before end: Int, of run: ItemRun) -> Int {
        isTracked ? tracking(of: run, clusters: Self.clusterCount(glyphs, before: end)) : 0
    }

    /// The runs of `start..<end`, each clipped to it (absolute ranges), in logical order, with their widths.
    ///
    /// With tab stops, a run is split at its tabs: each tab is a run of its own as wide as its
    /// advance to its stop, so each segment between tabs starts a run where its stop puts it.
    ///
    /// With `lineEnd` past `end`, `start..<end` is the content of a line displayed to `lineEnd`,
    /// its runs measured as ``width(from:to:displayedTo:)`` measures the line.
    func runs(from start: Int, to end: Int, displayedTo lineEnd: Int? = nil) -> [SizedRun] {
        var runs: [SizedRun] = []
        forEachRunPart(from: start, to: end, displayedTo: lineEnd) { index, part, tabAdvance, displayedEnd in
            runs.append(run(index, part, width: tabAdvance, displayedTo: displayedEnd))
        }
        return runs
    }

    /// The one run ``runs(from:to:displayedTo:)`` reports for `start..<end` of a plain paragraph
    /// (``isPlain``: one run, no tab stops), without an array; `nil` for an empty range or a
    /// paragraph that is not plain.
    func onlyRun(from start: Int, to end: Int, displayedTo lineEnd: Int?) -> SizedRun? {
        guard isPlain, start < end else { return nil }
        return run(0, (start - base)..<(end - base), displayedTo: lineEnd.flatMap { $0 > end ? $0 - base : nil })
    }

    /// Calls `body` with each run part of the line content `start..<end` (displayed to `lineEnd`)
    /// that ``runs(from:to:displayedTo:)`` reports, in logical order: the run's index, the part
    /// (relative), a tab's advance to its stop when the part is a tab measured by its stop, and the
    /// relative end the part is displayed to when the line's hanging whitespace is shaped with it.
    @inline(__always)
    func forEachRunPart(
        from start: Int, to end: Int, displayedTo lineEnd: Int?, _ body: (Int, Range<Int>, CGFloat?, Int?) -> Void
    ) {
        guard tabs != nil, hasTab(from: start, to: lineEnd ?? end) else {
            let displayedEnd = lineEnd.flatMap { $0 > end ? $0 - base : nil }
            forEachPiece(from: start - base, to: end - base) { index, part in body(index, part, nil, displayedEnd) }
            return
        }
        let tabbed = tabAdvances(from: start, to: end).advances
        var nextTab = 0
        forEachPiece(from: start - base, to: end - base) { index, part in
            var lower = part.lowerBound
            while nextTab < tabbed.count, tabbed[nextTab].offset - base < part.upperBound {
                let tab = tabbed[nextTab].offset - base
                if lower < tab { body(index, lower..<tab, nil, nil) }
                body(index, tab..<(tab + 1), tabbed[nextTab].advance, nil)
                lower = tab + 1
                nextTab += 1
            }
            if lower < part.upperBound { body(index, lower..<part.upperBound, nil, nil) }
        }
    }

    /// Run `index`'s relative `part`, absolute, with its width (`width` when given).
    func run(_ index: Int, _ part: Range<Int>, width: CGFloat? = nil, displayedTo end: Int? = nil) -> SizedRun {
        let run = shape.runs[index].item
        var item = run
        item.range = (part.lowerBound + base)..<(part.upperBound + base)
        if let width { return SizedRun(item: item, width: width) }
        let spacing = Widths.letterSpacing(styles.letterSpacings[run.style], clusters: spacingSlots(from: part.lowerBound, to: part.upperBound))
        return SizedRun(item: item, width: Widths.width(points: pieceWidth(part, run: run, displayedTo: end), letterSpacing: spacing))
    }

    /// The letter spacing of the grapheme clusters that start in relative `start..<end`: each
    /// cluster's style's spacing (none inside a cursive run; see ``ParagraphShape``).
    @inline(__always)
    private func letterSpacing(from start: Int, to end: Int) -> CGFloat {
        styles.hasLetterSpacing ? spacedLetterSpacing(from: start, to: end) : 0
    }

    private func spacedLetterSpacing(from start: Int, to end: Int) -> CGFloat {
        let spacings = styles.letterSpacings
        guard spacings.count > 1 else { return Widths.letterSpacing(spacings[0], clusters: spacingSlots(from: start, to: end)) }
        var total: CGFloat = 0
        let last = styles.index(containing: max(start, end - 1))
        for stretch in styles.index(containing: start)...last where spacings[stretch] != 0 {
            let slots = spacingSlots(from: max(start, styles.start(of: stretch)), to: min(end, styles.ends[stretch]))
            total += Widths.letterSpacing(spacings[stretch], clusters: slots)
        }
        return total
    }

    /// Letter-spacing slots of the grapheme clusters that start in relative `start..<end`.
    func spacingSlots(from start: Int, to end: Int) -> Int {
        guard start < end, styles.hasLetterSpacing else { return 0 }
        return shape.spacingSlots(before: firstIndex(in: shape.graphemeBoundaries, atOrAfter: end))
            - shape.spacingSlots(before: firstIndex(in: shape.graphemeBoundaries, atOrAfter: start))
    }

    /// U+00AD SOFT HYPHEN: a break opportunity shown as a hyphen when a line ends there.
    static let softHyphen: UInt16 = 0xAD

    /// Whether a line ending at `end` ends with a soft hyphen, and so shows a hyphen: its last
    /// code unit is U+00AD and the paragraph goes on after it.
    @inline(__always)
    func endsAtSoftHyphen(_ end: Int) -> Bool {
        end > range.lowerBound && end < range.upperBound && text[end - 1] == Self.softHyphen
    }

    /// The hyphen shown at the end of a line that breaks inside a word after absolute offset
    /// `offset - 1` (a hyphenation point, or a soft hyphen): the ``FontFace/hyphen`` of the font
    /// of that code unit's style, shaped alone in that font at the style's size and features,
    /// with the style's letter spacing; its stretch and width in points.
    func hyphen(before offset: Int) -> LineHyphen {
        let stretch = styles.index(containing: max(offset - 1, base) - base)
        if let known = hyphens[stretch] { return LineHyphen(stretch: stretch, width: known.width) }
        let style = styles.styles[stretch]
        let character = UInt16(style.font.hyphen.value)
        let run = [character].withUnsafeBufferPointer {
            Shaper.glyphs(
                $0, range: 0..<1, face: style.font, features: style.features,
                properties: ShapingProperties(isRightToLeft: false, script: "Zyyy", language: style.language))
        }
        // The hyphen is a cluster of its own, tracked once in a face with a `trak` table.
        let tracked = style.font.tracking.map { Self.tracking($0, style: style, size: styles.sizes[stretch]) } ?? 0
        let points = Widths.points(
            designUnits: run.totalAdvance + tracked, size: styles.sizes[stretch], unitsPerEm: style.font.designMetrics.unitsPerEm)
        let width = Widths.width(points: points, letterSpacing: style.letterSpacing)
        hyphens[stretch] = (width, run)
        return LineHyphen(stretch: stretch, width: width)
    }

    /// The hyphens' widths and glyphs (for a layout that keeps glyphs) by stretch, made on first use.
    private(set) var hyphens: [Int: (width: CGFloat, glyphs: GlyphRun)] = [:]

    /// The hyphenation points of the word that starts at absolute `start` and ends at or before
    /// `end` (see ``HyphenationDictionary/hyphenationPoints(in:)``), in the dictionary of the
    /// language of the style at `start`: absolute offsets, ascending; none without a dictionary.
    func hyphenationPoints(from start: Int, to end: Int) -> [Int] {
        guard start < end, let language = styles.styles[styles.index(containing: start - base)].language,
            let dictionary = HyphenationDictionary.forLanguage(language)
        else { return [] }
        return dictionary.points(in: text, range: start..<end)
    }

    /// What hyphenating this paragraph cannot do: text in a stretch with no language, or in a
    /// language with no dictionary (boxes aside), each once.
    func hyphenationNotices() -> [LayoutNotice] {
        var notices: [LayoutNotice] = []
        for (index, style) in styles.styles.enumerated() where styles.box(index) == nil {
            let notice: LayoutNotice?
            if let language = style.language {
                notice = HyphenationDictionary.forLanguage(language) == nil ? .noHyphenationDictionary(language: language) : nil
            } else {
                notice = .hyphenationNeedsLanguage
            }
            if let notice, !notices.contains(notice) { notices.append(notice) }
        }
        return notices
    }

    /// Whether a line may break at absolute `offset` by UAX #14 (the paragraph's end included).
    func isBreakOpportunity(_ offset: Int) -> Bool {
        let index = firstIndex(in: breakOpportunities, atOrAfter: offset)
        return index < breakOpportunities.count && breakOpportunities[index] == offset
    }

    /// `end` moved back over hanging whitespace, not before `start`.
    func trimmingHangingWhitespace(from start: Int, to end: Int) -> Int {
        var trimmed = end
        while trimmed > start, ParagraphSegmenter.isHangingWhitespace(text[trimmed - 1]) { trimmed -= 1 }
        return trimmed
    }

    /// `end` moved forward over hanging whitespace, not past the paragraph.
    func extendingOverHangingWhitespace(from end: Int) -> Int {
        var extended = end
        while extended < range.upperBound, ParagraphSegmenter.isHangingWhitespace(text[extended]) { extended += 1 }
        return extended
    }
}

/// The index of the first element of the sorted `values` that is ≥ `value` (`values.count` if none).
@inline(__always)
func firstIndex(in values: [Int], atOrAfter value: Int) -> Int {
    values.lowerBound { $0 < value }
}
