// RichWorkloads.swift — issue #13's rich-text workloads: Caliper's AttributedText against Pango's attribute lists.
import Caliper
import Foundation

extension Workbench {
    /// The width a notification cell's title and body are laid out at (a 375-point screen less
    /// 16-point margins).
    public static let richCellWidth: CGFloat = 343
    /// The width the ten-span paragraphs wrap at.
    public static let richParagraphWidth: CGFloat = 320
    /// A title: one line, ending in an ellipsis when it does not fit (`UILabel`, `numberOfLines = 1`).
    static let oneLineTruncatingTail = ParagraphStyle(lineBreakMode: .byTruncatingTail, numberOfLines: 1)
    /// How many cells or paragraphs the warm variants measure again, each once a pass (a feed
    /// reloaded, a screen laid out again): what the default 64 MiB cache holds with room to spare.
    /// A cell leaves its body's shape (about 17 KB for 300 characters), its title's and both
    /// layouts: a few thousand cells overflow the default cache, whose least recently used would be
    /// dropped just before their turn came again.
    public static let richWarmSetSize = 500

    /// Each rich workload cold (fresh cache every pass: every text measured for the first time)
    /// and warm (the same texts through a cache that has seen them). Pango keeps no shape cache:
    /// its warm kernel is the cold one again.
    public func richWorkloads() -> [Workload] {
        [false, true].flatMap { warm in [richFeed(warm: warm), richChips(warm: warm), richParagraph(warm: warm)] }
    }

    /// The three rich workloads, each cold and warm.
    public static let richKinds = ["feed", "chips", "paragraph"]
    /// The rich workloads' ids, known without setting them up: `rich.feed.cold` … `rich.paragraph.warm`.
    public static let richWorkloadIDs = [false, true].flatMap { warm in richKinds.map { richID($0, warm: warm) } }

    public static func richID(_ kind: String, warm: Bool) -> String { "rich.\(kind).\(warm ? "warm" : "cold")" }

    /// `text` as Caliper's attributed text: Noto Sans Regular or Bold at each run's size.
    public func attributed(_ text: RichText) -> AttributedText {
        var result = AttributedText("", style: richStyle(text.runs[0]))
        for run in text.runs { result.append(run.text, style: richStyle(run)) }
        return result
    }

    func richStyle(_ run: RichText.Run) -> TextStyle {
        TextStyle(font: run.isBold ? boldFont : font, size: run.sizeInPoints, fallback: .none)
    }

    /// 5. Notification cells at 343 points: the title (bold name, regular action, 17 pt) on one
    /// line ending in an ellipsis, the body (15 pt) wrapped. One operation: both texts of a cell.
    /// Warm: the first ``richWarmSetSize`` cells.
    func richFeed(warm: Bool) -> Workload {
        let posts = Array(richCorpus.posts.prefix(warm ? Self.richWarmSetSize : .max))
        let titles = posts.map { attributed($0.title) }
        let probe = CacheProbe()
        let titleLayout = pango.makeLayout(size: 17)
        pango.setWidth(titleLayout, Self.richCellWidth)
        pango.setEllipsizedAtEnd(titleLayout)
        let bodyLayout = pango.makeLayout(size: 15)
        pango.setWidth(bodyLayout, Self.richCellWidth)
        let titleAttributes = posts.map { PangoAttributes($0.title, baseSize: 17) }
        return Workload(
            id: Self.richID("feed", warm: warm),
            title: "Rich feed cell (bold name), \(warm ? "warm cache" : "first measure")", unit: "cells",
            kernels: [
                .caliper: caliperKernel(ops: posts.count, warm: warm, probe: probe) { [bodyStyle] measurer in
                    var sum = 0.0
                    for (title, post) in zip(titles, posts) {
                        sum += try measurer.layout(title, paragraphStyle: Self.oneLineTruncatingTail, maxWidth: Self.richCellWidth)
                            .size.height
                        sum += try measurer.layout(post.body, style: bodyStyle, maxWidth: Self.richCellWidth).size.height
                    }
                    return sum
                },
                .pango: Kernel(ops: posts.count) { [pango] in
                    var sum = 0.0
                    for (post, attributes) in zip(posts, titleAttributes) {
                        pango.setText(titleLayout, post.title.string)
                        pango.setAttributes(titleLayout, attributes)
                        pango.setText(bodyLayout, post.body)
                        sum += pango.size(titleLayout).height + pango.size(bodyLayout).height
                    }
                    return sum
                },
            ], probe: probe, note: nil)
    }

    /// 6. Chips "swift 12" whose count is bold (15 pt), each on one line: distinct chips cold, a
    /// Zipf stream over the 500 tags warm.
    func richChips(warm: Bool) -> Workload {
        let chips = warm ? richCorpus.chipVocabulary : richCorpus.distinctChips
        let order = warm ? richCorpus.chipStream : Array(chips.indices)
        let texts = chips.map(attributed)
        let probe = CacheProbe()
        let layout = pango.makeLayout(size: 15)
        let attributes = chips.map { PangoAttributes($0, baseSize: 15) }
        return Workload(
            id: Self.richID("chips", warm: warm),
            title: "Chips with a bold count, \(warm ? "warm cache" : "first measure")", unit: "chips",
            kernels: [
                .caliper: caliperKernel(ops: order.count, warm: warm, probe: probe) { measurer in
                    var sum = 0.0
                    for index in order { sum += try measurer.size(of: texts[index]).width }
                    return sum
                },
                .pango: pangoRichKernel(chips, attributes, order: order, layout: layout) { $0.width },
            ], probe: probe, note: nil)
    }

    /// 7. Paragraphs of 300–800 characters in ten spans (regular and bold, 15 and 17 pt) wrapped
    /// at 320 points. Warm: the first ``richWarmSetSize``.
    func richParagraph(warm: Bool) -> Workload {
        let paragraphs = Array(richCorpus.paragraphs.prefix(warm ? Self.richWarmSetSize : .max))
        let texts = paragraphs.map(attributed)
        let probe = CacheProbe()
        let layout = pango.makeLayout(size: 15)
        pango.setWidth(layout, Self.richParagraphWidth)
        let attributes = paragraphs.map { PangoAttributes($0, baseSize: 15) }
        return Workload(
            id: Self.richID("paragraph", warm: warm),
            title: "Paragraph in 10 spans, \(warm ? "warm cache" : "first measure")", unit: "paragraphs",
            kernels: [
                .caliper: caliperKernel(ops: texts.count, warm: warm, probe: probe) { measurer in
                    var sum = 0.0
                    for text in texts { sum += try measurer.layout(text, maxWidth: Self.richParagraphWidth).size.height }
                    return sum
                },
                .pango: pangoRichKernel(paragraphs, attributes, order: Array(paragraphs.indices), layout: layout) { $0.height },
            ], probe: probe, note: nil)
    }

    /// Caliper through a fresh `ShapeCache` each pass (cold) or one kept across passes, which the
    /// untimed warm-up pass fills (warm); the probe counts the timed passes' look-ups.
    func caliperKernel(
        ops: Int, warm: Bool, probe: CacheProbe, _ measure: @escaping (TextMeasurer) throws -> Double
    ) -> Kernel {
        let kept = warm ? ShapeCache() : nil
        return Kernel(ops: ops) {
            let cache = kept ?? ShapeCache()
            let before = kept?.statistics
            let sum = try measure(TextMeasurer(cache: cache))
            probe.add(from: before, to: cache.statistics)
            return sum
        }
    }

    /// Pango: one reused PangoLayout, set_text + set_attributes + get_size per text, the texts
    /// taken in `order` (indices into `texts` and `attributes`).
    func pangoRichKernel(
        _ texts: [RichText], _ attributes: [PangoAttributes], order: [Int], layout: OpaquePointer,
        _ value: @escaping ((width: Double, height: Double)) -> Double
    ) -> Kernel {
        Kernel(ops: order.count) { [pango] in
            var sum = 0.0
            for index in order {
                pango.setText(layout, texts[index].string)
                pango.setAttributes(layout, attributes[index])
                sum += value(pango.size(layout))
            }
            return sum
        }
    }
}

// MARK: - Sanity checks

/// How Caliper's rich-text measurements compare with Pango's.
public struct RichAgreement: Sendable {
    /// Rich texts measured on one line by both engines.
    public var singleLineCount = 0
    /// The largest |Caliper − Pango| single-line width, in points, and the text it was for.
    public var largestWidthDifference = 0.0
    public var widestDifferenceText = ""
    /// Texts whose difference is within Pango's rounding: 1/1024 point per UTF-16 unit (about a
    /// glyph each in this Latin text), as Pango keeps each glyph's width in 1/1024 units.
    public var withinRounding = 0
    /// Wrapped or truncated texts (paragraphs at 320, titles at 343) laid out by both engines.
    public var laidOutCount = 0
    /// The largest |Caliper − Pango| height of those, in points, and how many have the same height
    /// and line count (within 0.01 pt).
    public var largestHeightDifference = 0.0
    public var sameHeight = 0
}

extension Workbench {
    /// Single-line widths of `count` titles, chips and paragraphs by Caliper and by Pango with
    /// attribute lists, and the heights of the titles truncated at 343 points and the paragraphs
    /// wrapped at 320.
    public func richAgreement(count: Int = 20) throws -> RichAgreement {
        let measurer = TextMeasurer(cache: nil)
        var result = RichAgreement()
        let titles = richCorpus.posts.prefix(count).map(\.title)
        let paragraphs = Array(richCorpus.paragraphs.prefix(count))
        let singleLine = titles.map { ($0, 17.0) } + richCorpus.distinctChips.prefix(count).map { ($0, 15.0) }
            + paragraphs.map { ($0, 15.0) }
        for (text, baseSize) in singleLine {
            let caliper = try Double(measurer.size(of: attributed(text)).width)
            let pangoWidth = pangoSize(text, baseSize: baseSize, width: nil).width
            let difference = abs(caliper - pangoWidth)
            result.singleLineCount += 1
            if difference <= Double(text.string.utf16.count) / 1024 { result.withinRounding += 1 }
            if difference > result.largestWidthDifference { (result.largestWidthDifference, result.widestDifferenceText) = (difference, text.string) }
        }
        let laidOut = titles.map { ($0, 17.0, Self.richCellWidth, Self.oneLineTruncatingTail) }
            + paragraphs.map { ($0, 15.0, Self.richParagraphWidth, ParagraphStyle()) }
        for (text, baseSize, width, paragraphStyle) in laidOut {
            let caliper = try measurer.layout(attributed(text), paragraphStyle: paragraphStyle, maxWidth: width)
            let pangoLayout = pangoSize(text, baseSize: baseSize, width: width, ellipsized: paragraphStyle.numberOfLines == 1)
            let difference = abs(Double(caliper.size.height) - pangoLayout.height)
            result.laidOutCount += 1
            if difference <= 0.01, caliper.lines.count == pangoLayout.lines { result.sameHeight += 1 }
            result.largestHeightDifference = max(result.largestHeightDifference, difference)
        }
        return result
    }

    /// Pango's size and line count of `text` in a layout of its own.
    func pangoSize(
        _ text: RichText, baseSize: Double, width: Double?, ellipsized: Bool = false
    ) -> (width: Double, height: Double, lines: Int) {
        let layout = pango.makeLayout(size: baseSize)
        defer { pango.release(layout) }
        let attributes = PangoAttributes(text, baseSize: baseSize)
        pango.setText(layout, text.string)
        pango.setAttributes(layout, attributes)
        pango.setWidth(layout, width)
        if ellipsized { pango.setEllipsizedAtEnd(layout) }
        let size = pango.size(layout)
        return (size.width, size.height, pango.lineCount(layout))
    }

    /// Whether rich texts measured through a warmed cache give the same layouts, bit for bit, as
    /// without one: titles truncated at 343, bodies and ten-span paragraphs wrapped, chips on one
    /// line (sizes and every line's width).
    public func richCachedEqualsUncached(count: Int = 50) throws -> (compared: Int, differing: Int) {
        let uncached = TextMeasurer(cache: nil)
        let cached = TextMeasurer(cache: ShapeCache())
        var compared = 0
        var differing = 0
        func same(_ a: TextLayout, _ b: TextLayout) -> Bool {
            a.size.width.bitPattern == b.size.width.bitPattern && a.size.height.bitPattern == b.size.height.bitPattern
                && a.lines.map(\.width.bitPattern) == b.lines.map(\.width.bitPattern)
        }
        func compare(_ measure: (TextMeasurer) throws -> TextLayout) throws {
            for _ in 0..<2 {  // the first call fills the cache, the second is served from it
                compared += 1
                if try !same(measure(cached), measure(uncached)) { differing += 1 }
            }
        }
        for post in richCorpus.posts.prefix(count) {
            let title = attributed(post.title)
            try compare { try $0.layout(title, paragraphStyle: Self.oneLineTruncatingTail, maxWidth: Self.richCellWidth) }
            try compare { [bodyStyle] in try $0.layout(post.body, style: bodyStyle, maxWidth: Self.richCellWidth) }
        }
        for chip in richCorpus.chipStream.prefix(count) {
            let text = attributed(richCorpus.chipVocabulary[chip])
            for _ in 0..<2 {
                let a = try cached.size(of: text)
                let b = try uncached.size(of: text)
                compared += 1
                if a.width.bitPattern != b.width.bitPattern || a.height.bitPattern != b.height.bitPattern { differing += 1 }
            }
        }
        for paragraph in richCorpus.paragraphs.prefix(count) {
            let text = attributed(paragraph)
            try compare { try $0.layout(text, maxWidth: Self.richParagraphWidth) }
        }
        return (compared, differing)
    }
}
