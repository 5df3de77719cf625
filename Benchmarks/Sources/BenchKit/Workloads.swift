// Workloads.swift — issue #6's workloads, each as one kernel per engine over the same strings (rich text: RichWorkloads.swift).
import Caliper
import CaliperLayout
import Foundation

/// The engines every workload runs through, in the same process.
public enum Engine: String, CaseIterable, Sendable {
    case caliper = "Caliper"
    case pango = "Pango"
    case harfBuzz = "raw HarfBuzz"
    /// Caliper's iOS path over the same strings as an Android workload's Caliper kernel (which
    /// measures for Android): the two paths compared in one run. Other workloads have none.
    case caliperIOS = "Caliper, iOS path"
}

/// Adds up the hits and misses of the Caliper caches a kernel used in its timed passes.
public final class CacheProbe {
    public private(set) var hits = 0
    public private(set) var misses = 0

    public init() {}

    public var hitRate: Double { hits + misses == 0 ? 0 : Double(hits) / Double(hits + misses) }
    public func reset() { (hits, misses) = (0, 0) }

    /// Adds what happened between two readings of one cache's statistics.
    func add(from before: ShapeCache.Statistics?, to after: ShapeCache.Statistics) {
        hits += after.hits - (before?.hits ?? 0)
        misses += after.misses - (before?.misses ?? 0)
    }
}

/// One pass of one workload through one engine: `ops` operations; returns a checksum (the sum of
/// the measured sizes) so the optimizer cannot drop the work.
public struct Kernel {
    public let ops: Int
    public let pass: () throws -> Double
}

public struct Workload {
    /// A stable identifier, e.g. `labels.warm`.
    public let id: String
    /// The row's name in the table.
    public let title: String
    /// What one operation is (label, paragraph, chip, cell…).
    public let unit: String
    /// The kernels; an engine without one has no counterpart for this workload.
    public let kernels: [Engine: Kernel]
    /// Caliper's cache counters over the timed passes.
    public let probe: CacheProbe
    /// What the raw-HarfBuzz kernel does here, when not plain shaping of the same strings.
    public let note: String?
    /// Whether Caliper's kernel measures through a shape cache (the Android path keeps none, so
    /// its rows have no hit rate).
    public var caliperCaches = true
}

/// Fonts, styles, engines and corpus, set up once; ``workloads()`` hands out the kernels.
public final class Workbench {
    public let corpus: Corpus
    /// The rich-text strings, drawn on first use: a run that measures no rich text never holds them.
    public private(set) lazy var richCorpus = RichCorpus(corpus: corpus)
    public let pango: PangoEngine
    public let harfBuzz: HarfBuzzEngine

    public let font: FontFace
    /// Noto Sans Bold: the bold spans of the rich workloads.
    public let boldFont: FontFace
    public let fallbackFonts: [FontFace]
    /// Chips, tags, titles: 17 pt. Body text: 15 pt. Captions: 13 pt.
    public let labelStyle: TextStyle
    public let bodyStyle: TextStyle
    public let captionStyle: TextStyle
    public let chipStyle: TextStyle
    public let mixedStyle: TextStyle
    /// The four device widths paragraphs are wrapped at.
    public static let widths: [Double] = [200, 320, 375, 414]
    public static let chipPadding = EdgeInsets(top: 6, left: 12, bottom: 6, right: 12)
    public static let flowInsets = EdgeInsets(all: 16)
    public static let flowSpacing: Double = 8
    public static let containerWidth: Double = 375

    public init(corpus: Corpus) throws {
        self.corpus = corpus
        // Pango's fontconfig must see only the fixture fonts: set before anything initialises it.
        setenv("FONTCONFIG_FILE", FontFiles.fontconfigFile, 0)
        pango = PangoEngine()
        harfBuzz = HarfBuzzEngine()
        font = try FontFace(contentsOfFile: FontFiles.latin)
        boldFont = try FontFace(contentsOfFile: FontFiles.latinBold)
        fallbackFonts = try FontFiles.cascade.map { path throws(CaliperError) in try FontFace(contentsOfFile: path) }
        labelStyle = TextStyle(font: font, size: 17, fallback: .none)
        bodyStyle = TextStyle(font: font, size: 15, fallback: .none)
        captionStyle = TextStyle(font: font, size: 13, fallback: .none)
        chipStyle = TextStyle(font: font, size: 15, fallback: .none)
        mixedStyle = TextStyle(font: font, size: 17, fallbackFonts: fallbackFonts, fallback: .none)
    }

    // MARK: - The workloads

    /// Every workload: issue #6's, then issue #13's rich text.
    public func workloads() -> [Workload] { plainWorkloads() + richWorkloads() }

    /// Issue #6's workloads, one style per text.
    public func plainWorkloads() -> [Workload] {
        [
            labelsCold(), labelsWarm(), paragraphFirst(), paragraphFourWidths(), paragraphRewrap(), paragraphHeight(),
            paragraphHeights(), flow(), feed(),
            mixedCold(), mixedWarm(),
        ] + batchWorkloads()
    }

    /// 1a. Distinct 1–3-word labels, a fresh `ShapeCache` every pass: every measurement a miss.
    func labelsCold() -> Workload {
        let labels = corpus.distinctLabels
        let probe = CacheProbe()
        return Workload(
            id: "labels.cold", title: "Short labels, cold cache", unit: "labels",
            kernels: [
                .caliper: Kernel(ops: labels.count) { [labelStyle] in
                    let cache = ShapeCache()
                    let measurer = TextMeasurer(cache: cache)
                    var sum = 0.0
                    for label in labels { sum += try measurer.size(of: label, style: labelStyle).width }
                    probe.add(from: nil, to: cache.statistics)
                    return sum
                },
                .pango: pangoLabels(labels, size: 17),
                .harfBuzz: harfBuzzLabels(labels, size: 17),
            ], probe: probe, note: nil)
    }

    /// 1b. A Zipf stream over 500 tags, through a cache that has seen them.
    func labelsWarm() -> Workload {
        let labels = corpus.labelStream
        let probe = CacheProbe()
        let cache = ShapeCache()
        return Workload(
            id: "labels.warm", title: "Short labels, warm cache", unit: "labels",
            kernels: [
                .caliper: Kernel(ops: labels.count) { [labelStyle] in
                    let before = cache.statistics
                    let measurer = TextMeasurer(cache: cache)
                    var sum = 0.0
                    for label in labels { sum += try measurer.size(of: label, style: labelStyle).width }
                    probe.add(from: before, to: cache.statistics)
                    return sum
                },
                .pango: pangoLabels(labels, size: 17),
                .harfBuzz: harfBuzzLabels(labels, size: 17),
            ], probe: probe, note: nil)
    }

    /// 2a. Each paragraph measured for the first time and wrapped at one of the four widths.
    func paragraphFirst() -> Workload {
        let paragraphs = corpus.paragraphs
        let probe = CacheProbe()
        let layout = pango.makeLayout(size: 15)
        return Workload(
            id: "paragraph.first", title: "Paragraph, first measure + wrap", unit: "paragraphs",
            kernels: [
                .caliper: Kernel(ops: paragraphs.count) { [bodyStyle] in
                    let cache = ShapeCache()
                    let measurer = TextMeasurer(cache: cache)
                    var sum = 0.0
                    for (index, paragraph) in paragraphs.enumerated() {
                        sum += try measurer.layout(paragraph, style: bodyStyle, maxWidth: Self.widths[index % 4]).size.height
                    }
                    probe.add(from: nil, to: cache.statistics)
                    return sum
                },
                .pango: Kernel(ops: paragraphs.count) { [pango] in
                    var sum = 0.0
                    for (index, paragraph) in paragraphs.enumerated() {
                        pango.setText(layout, paragraph)
                        pango.setWidth(layout, Self.widths[index % 4])
                        sum += pango.size(layout).height
                    }
                    return sum
                },
                .harfBuzz: harfBuzzLabels(paragraphs, size: 15),
            ], probe: probe, note: "shaping only, no line breaking")
    }

    /// 2b. Each paragraph measured once and wrapped at all four widths.
    func paragraphFourWidths() -> Workload {
        let paragraphs = corpus.paragraphs
        let probe = CacheProbe()
        let layout = pango.makeLayout(size: 15)
        return Workload(
            id: "paragraph.4widths", title: "Paragraph, measure + wrap at 4 widths", unit: "paragraphs",
            kernels: [
                .caliper: Kernel(ops: paragraphs.count) { [bodyStyle] in
                    let cache = ShapeCache()
                    let measurer = TextMeasurer(cache: cache)
                    var sum = 0.0
                    for paragraph in paragraphs {
                        let measured = try measurer.measure(paragraph, style: bodyStyle)
                        for width in Self.widths { sum += try measured.layout(maxWidth: width).size.height }
                    }
                    probe.add(from: nil, to: cache.statistics)
                    return sum
                },
                .pango: Kernel(ops: paragraphs.count) { [pango] in
                    var sum = 0.0
                    for paragraph in paragraphs {
                        pango.setText(layout, paragraph)
                        for width in Self.widths {
                            pango.setWidth(layout, width)
                            sum += pango.size(layout).height
                        }
                    }
                    return sum
                },
                .harfBuzz: harfBuzzLabels(paragraphs, size: 15),
            ], probe: probe, note: "shaping once, no line breaking")
    }

    /// 2c. Paragraphs already measured (Caliper: a `MeasuredText`; Pango: a PangoLayout holding the
    /// text), wrapped again at another width.
    func paragraphRewrap() -> Workload {
        let paragraphs = corpus.paragraphs
        return Workload(
            id: "paragraph.rewrap", title: "Paragraph, re-wrap at a new width", unit: "paragraphs",
            kernels: [
                .caliper: rewrapKernel(paragraphs) { text, width in try text.layout(maxWidth: width).size.height },
                .pango: pangoRewrap(paragraphs),
            ], probe: CacheProbe(), note: nil)
    }

    /// The six phone widths a feed is precomputed at (issue #45).
    public static let phoneWidths: [CGFloat?] = [320, 375, 390, 414, 428, 430]

    /// 2d. Paragraphs already measured, asked only their size (``MeasuredText/layoutSize(maxWidth:paragraphStyle:)``)
    /// at another width: a height, a width and a line count, no lines (issue #45). Pango has no
    /// such query: its row is its re-wrap's (`pango_layout_get_size` after a width change).
    func paragraphHeight() -> Workload {
        let paragraphs = corpus.paragraphs
        return Workload(
            id: "paragraph.height", title: "Paragraph, height only at a new width", unit: "paragraphs",
            kernels: [
                .caliper: rewrapKernel(paragraphs) { text, width in try text.layoutSize(maxWidth: width).size.height },
                .pango: pangoRewrap(paragraphs),
            ], probe: CacheProbe(), note: "Pango re-wraps: it has no size-only query")
    }

    /// 2e. Paragraphs already measured, asked their size at the six phone widths ``phoneWidths``
    /// (``MeasuredText/layoutSizes(atWidths:paragraphStyle:)``); an operation is one paragraph at all six.
    func paragraphHeights() -> Workload {
        let paragraphs = corpus.paragraphs
        let measured = measuredOnce(paragraphs)
        let layout = pango.makeLayout(size: 15)
        return Workload(
            id: "paragraph.heights6", title: "Paragraph, height only at 6 widths", unit: "paragraphs",
            kernels: [
                .caliper: Kernel(ops: paragraphs.count) {
                    var sum = 0.0
                    for text in try measured() {
                        for size in try text.layoutSizes(atWidths: Self.phoneWidths) { sum += size.size.height }
                    }
                    return sum
                },
                .pango: Kernel(ops: paragraphs.count) { [pango] in
                    var sum = 0.0
                    for paragraph in paragraphs {
                        pango.setText(layout, paragraph)
                        for width in Self.phoneWidths {
                            pango.setWidth(layout, width.map(Double.init))
                            sum += pango.size(layout).height
                        }
                    }
                    return sum
                },
            ], probe: CacheProbe(), note: "Pango sets the text once and re-wraps at each width")
    }

    /// `paragraphs` measured once in the body style (no cache) on the first pass that asks, then
    /// kept: what the re-wrap and size-only kernels start from.
    private func measuredOnce(_ paragraphs: [String]) -> () throws -> [MeasuredText] {
        var measured: [MeasuredText]?
        return { [bodyStyle] in
            if let measured { return measured }
            let measurer = TextMeasurer(cache: nil)
            let made = try paragraphs.map { text throws(CaliperError) in try measurer.measure(text, style: bodyStyle) }
            measured = made
            return made
        }
    }

    /// Caliper's kernel over `paragraphs` already measured (``measuredOnce(_:)``), each pass at
    /// another of ``widths`` for each: `height` is a paragraph's height at a width.
    private func rewrapKernel(_ paragraphs: [String], height: @escaping (MeasuredText, Double) throws -> Double) -> Kernel {
        let measured = measuredOnce(paragraphs)
        var pass = 0
        return Kernel(ops: paragraphs.count) {
            let texts = try measured()
            pass += 1
            var sum = 0.0
            for (index, text) in texts.enumerated() { sum += try height(text, Self.widths[(index + pass) % 4]) }
            return sum
        }
    }

    /// Pango's re-wrap kernel: each paragraph's layout made and sized at one of ``widths`` on the
    /// first pass and kept; each pass sets another of the widths and asks its size again.
    private func pangoRewrap(_ paragraphs: [String]) -> Kernel {
        var layouts: [OpaquePointer]?
        var pass = 0
        return Kernel(ops: paragraphs.count) { [pango] in
            if layouts == nil {
                layouts = paragraphs.enumerated().map { index, text in
                    let layout = pango.makeLayout(size: 15)
                    pango.setText(layout, text)
                    pango.setWidth(layout, Self.widths[index % 4])
                    _ = pango.size(layout)
                    return layout
                }
            }
            pass += 1
            var sum = 0.0
            for (index, layout) in (layouts ?? []).enumerated() {
                pango.setWidth(layout, Self.widths[(index + pass) % 4])
                sum += pango.size(layout).height
            }
            return sum
        }
    }

    /// 3a. A flow of 10,000 chips (Zipf-drawn tags) in a 375-point container, fresh cache each pass.
    /// Pango and HarfBuzz measure each chip and fill rows greedily with the same insets and spacing.
    func flow() -> Workload {
        let chips = corpus.chips
        let probe = CacheProbe()
        let items = chips.map { FlowItem.chip($0, style: chipStyle, padding: Self.chipPadding) }
        let flow = FlowLayout(
            items: items,
            style: FlowStyle(insets: Self.flowInsets, interitemSpacing: Self.flowSpacing, lineSpacing: Self.flowSpacing))
        let pangoLayout = pango.makeLayout(size: 15)
        let chipLineHeight = harfBuzz.lineHeight(size: 15)
        return Workload(
            id: "flow", title: "Flow layout, 10,000 chips", unit: "chips",
            kernels: [
                .caliper: Kernel(ops: chips.count) {
                    let cache = ShapeCache()
                    let result = try flow.layout(width: Self.containerWidth, measurer: TextMeasurer(cache: cache))
                    probe.add(from: nil, to: cache.statistics)
                    return Double(result.contentSize.height)
                },
                .pango: Kernel(ops: chips.count) { [pango] in
                    Self.greedyRows(chips) { chip in
                        pango.setText(pangoLayout, chip)
                        return pango.size(pangoLayout)
                    }
                },
                .harfBuzz: Kernel(ops: chips.count) { [harfBuzz] in
                    Self.greedyRows(chips) { chip in (harfBuzz.width(chip, size: 15), chipLineHeight) }
                },
            ], probe: probe, note: "shaping + the same greedy rows")
    }

    /// Greedy row filling as a hand-written flow would do it: the content height.
    static func greedyRows(_ chips: [String], measure: (String) -> (width: Double, height: Double)) -> Double {
        let available = containerWidth - flowInsets.horizontal
        var x = 0.0
        var rowHeight = 0.0
        var height = flowInsets.vertical
        var rows = 0
        for chip in chips {
            let text = measure(chip)
            let width = min(text.width + chipPadding.horizontal, available)
            let chipHeight = text.height + chipPadding.vertical
            if x > 0, x + flowSpacing + width > available {
                height += rowHeight + (rows > 0 ? flowSpacing : 0)
                rows += 1
                x = 0
                rowHeight = 0
            }
            x += (x > 0 ? flowSpacing : 0) + width
            rowHeight = max(rowHeight, chipHeight)
        }
        return height + rowHeight + (rows > 0 ? flowSpacing : 0)
    }

    /// 3b. 10,000 feed cells sized at 375 points: avatar, one-line title and subtitle, a wrapped
    /// body, a footer. Fresh cache each pass.
    func feed() -> Workload {
        let posts = corpus.posts
        let probe = CacheProbe()
        let oneLine = ParagraphStyle(lineBreakMode: .byTruncatingTail, numberOfLines: 1)
        let cells: [any Layout] = posts.map { post in
            InsetLayout(
                insets: EdgeInsets(all: 12),
                child: StackLayout(
                    axis: .vertical, spacing: 8, alignment: .fill,
                    children: [
                        StackLayout(
                            axis: .horizontal, spacing: 8, alignment: .center,
                            children: [
                                BoxLayout(width: 40, height: 40),
                                StackLayout(
                                    axis: .vertical, spacing: 2, alignment: .leading,
                                    children: [
                                        LabelLayout(text: post.name, style: labelStyle, paragraphStyle: oneLine),
                                        LabelLayout(text: post.subtitle, style: captionStyle, paragraphStyle: oneLine),
                                    ]),
                            ], flexibleChild: 1),
                        LabelLayout(text: post.body, style: bodyStyle),
                        LabelLayout(text: post.footer, style: captionStyle, paragraphStyle: oneLine),
                    ]))
        }
        let textWidth = Self.containerWidth - 24
        let titleWidth = textWidth - 48
        let title = pango.makeLayout(size: 17)
        let subtitle = pango.makeLayout(size: 13)
        let body = pango.makeLayout(size: 15)
        let footer = pango.makeLayout(size: 13)
        for (layout, width) in [(title, titleWidth), (subtitle, titleWidth), (footer, textWidth)] {
            pango.setWidth(layout, width)
            pango.setEllipsizedAtEnd(layout)
        }
        pango.setWidth(body, textWidth)
        let lineHeights = (harfBuzz.lineHeight(size: 17), harfBuzz.lineHeight(size: 13), harfBuzz.lineHeight(size: 15))
        return Workload(
            id: "feed", title: "Feed, 10,000 cells sized", unit: "cells",
            kernels: [
                .caliper: Kernel(ops: cells.count) {
                    let cache = ShapeCache()
                    let measurer = TextMeasurer(cache: cache)
                    var sum = 0.0
                    for cell in cells { sum += try cell.size(fittingWidth: Self.containerWidth, measurer: measurer).height }
                    probe.add(from: nil, to: cache.statistics)
                    return sum
                },
                .pango: Kernel(ops: posts.count) { [pango] in
                    var sum = 0.0
                    for post in posts {
                        pango.setText(title, post.name)
                        pango.setText(subtitle, post.subtitle)
                        pango.setText(body, post.body)
                        pango.setText(footer, post.footer)
                        let header = max(40, pango.size(title).height + 2 + pango.size(subtitle).height)
                        sum += 12 + header + 8 + pango.size(body).height + 8 + pango.size(footer).height + 12
                    }
                    return sum
                },
                .harfBuzz: Kernel(ops: posts.count) { [harfBuzz] in
                    var sum = 0.0
                    for post in posts {
                        let widths = harfBuzz.width(post.name, size: 17) + harfBuzz.width(post.subtitle, size: 13)
                            + harfBuzz.width(post.body, size: 15) + harfBuzz.width(post.footer, size: 13)
                        sum += widths + lineHeights.0 + lineHeights.1 + lineHeights.2
                    }
                    return sum
                },
            ], probe: probe, note: "shaping only, no line breaking")
    }

    /// 4a. Distinct Latin + CJK + emoji + Arabic (+ Thai) strings, fresh cache each pass. Caliper:
    /// an explicit cascade; Pango: fontconfig's fallback over the same files; HarfBuzz: each scalar
    /// to the first font that maps it, one shaping call per font run.
    func mixedCold() -> Workload {
        let strings = corpus.mixed
        let probe = CacheProbe()
        return Workload(
            id: "mixed.cold", title: "Mixed scripts + fallback, cold cache", unit: "strings",
            kernels: [
                .caliper: Kernel(ops: strings.count) { [mixedStyle] in
                    let cache = ShapeCache()
                    let measurer = TextMeasurer(cache: cache)
                    var sum = 0.0
                    for text in strings { sum += try measurer.size(of: text, style: mixedStyle).width }
                    probe.add(from: nil, to: cache.statistics)
                    return sum
                },
                .pango: pangoLabels(strings, size: 17),
                .harfBuzz: Kernel(ops: strings.count) { [harfBuzz] in
                    strings.reduce(0) { $0 + harfBuzz.cascadeWidth($1, size: 17) }
                },
            ], probe: probe, note: "first-covering-font runs, shaped")
    }

    /// 4b. A Zipf stream over 300 of those strings, through a warmed cache.
    func mixedWarm() -> Workload {
        let strings = corpus.mixedStream
        let probe = CacheProbe()
        let cache = ShapeCache()
        return Workload(
            id: "mixed.warm", title: "Mixed scripts + fallback, warm cache", unit: "strings",
            kernels: [
                .caliper: Kernel(ops: strings.count) { [mixedStyle] in
                    let before = cache.statistics
                    let measurer = TextMeasurer(cache: cache)
                    var sum = 0.0
                    for text in strings { sum += try measurer.size(of: text, style: mixedStyle).width }
                    probe.add(from: before, to: cache.statistics)
                    return sum
                },
                .pango: pangoLabels(strings, size: 17),
                .harfBuzz: Kernel(ops: strings.count) { [harfBuzz] in
                    strings.reduce(0) { $0 + harfBuzz.cascadeWidth($1, size: 17) }
                },
            ], probe: probe, note: "first-covering-font runs, shaped")
    }

    // MARK: - Shared kernels

    /// Pango: one reused PangoLayout, set_text + get_size per string (no width: one line).
    func pangoLabels(_ labels: [String], size: Double) -> Kernel {
        let layout = pango.makeLayout(size: size)
        return Kernel(ops: labels.count) { [pango] in
            var sum = 0.0
            for label in labels {
                pango.setText(layout, label)
                sum += pango.size(layout).width
            }
            return sum
        }
    }

    /// Raw HarfBuzz: shape + sum of advances per string.
    func harfBuzzLabels(_ labels: [String], size: Double) -> Kernel {
        Kernel(ops: labels.count) { [harfBuzz] in
            var sum = 0.0
            for label in labels { sum += harfBuzz.width(label, size: size) }
            return sum
        }
    }
}
