// AndroidWorkloads.swift — Caliper measuring for Android (issue #42): a TextView's layout in Roboto beside Pango, raw HarfBuzz and Caliper's own iOS path over the same strings.
import Caliper
import Foundation

/// The Android workloads and what they share: Roboto, a Pixel's profile, and Pango and raw
/// HarfBuzz over the same font file. Set up only when an Android workload runs, after the others,
/// so no other row's set-up, memory or instruction count changes.
///
/// Caliper's Android path (``TextMeasurer/androidLayout(of:style:paragraphStyle:profile:maxWidth:)``)
/// keeps no shape cache: every call itemizes, shapes and breaks again, as Android's `TextView`
/// does on a device (Minikin's layout cache aside). The face's hinted advances are kept with the
/// face, as Skia's glyph cache keeps them, so after the untimed warm-up pass they are known.
public final class AndroidWorkbench {
    /// The workloads' ids, known without setting them up.
    public static let workloadIDs = ["android.labels", "android.paragraph"]
    /// A Pixel: 2.625 px per dp, font scale 1, hinting on (a `TextView`'s paint), `en-US`, only the
    /// style's font (no system fonts: the labels and paragraphs are Latin, all in Roboto).
    public static let profile = AndroidProfile(density: 2.625)

    public let corpus: Corpus
    /// Roboto Regular, 14: sp for Android (`android:textSize="14sp"`), points for the iOS path.
    public let style: TextStyle
    /// The size the `TextView`'s paint measures at, in px: 14 sp at 2.625 is 37 whole px (a
    /// resource's size), what Pango and raw HarfBuzz are given too.
    public let textSizeInPixels: Double
    /// Pango over a fontconfig configuration holding only Roboto, which the fixture configuration
    /// leaves out.
    let pango: PangoEngine
    /// Raw HarfBuzz shaping in Roboto (no fallback fonts).
    let harfBuzz: HarfBuzzEngine

    public init(corpus: Corpus) throws {
        self.corpus = corpus
        style = try TextStyle(font: FontFace(contentsOfFile: FontFiles.roboto), size: 14, fallback: .none)
        textSizeInPixels = try Double(TextMeasurer(cache: nil).androidLayout(of: "x", style: style, profile: Self.profile).textSize)
        pango = PangoEngine(fontFiles: [FontFiles.roboto], families: "Roboto")
        harfBuzz = HarfBuzzEngine(primaryFont: FontFiles.roboto, fallbackFonts: [])
    }

    /// `dp` in whole px, as `TypedValue.complexToDimensionPixelSize` makes a layout width (what
    /// the Android path does with `maxWidth`): 200, 320, 375, 414 dp are 525, 840, 984, 1087 px.
    public static func pixels(fromDP dp: Double) -> Double {
        Double((Float(dp) * Float(profile.density)).rounded())
    }

    public func workloads() -> [Workload] { [labels(), paragraph()] }

    /// 9a. The distinct labels of `labels.cold`, each laid out as a `TextView` with no width limit
    /// lays it out (one `BoringLayout` line): its measured width in px.
    func labels() -> Workload {
        let labels = corpus.distinctLabels
        let measurer = TextMeasurer(cache: nil)
        let layout = pango.makeLayout(size: textSizeInPixels)
        return Workload(
            id: "android.labels", title: "Android: short labels, TextView (Roboto 14 sp)", unit: "labels",
            kernels: [
                .caliper: Kernel(ops: labels.count) { [style] in
                    var sum = 0.0
                    for label in labels { sum += try Double(measurer.androidLayout(of: label, style: style, profile: Self.profile).width) }
                    return sum
                },
                .pango: Kernel(ops: labels.count) { [pango] in
                    var sum = 0.0
                    for label in labels {
                        pango.setText(layout, label)
                        sum += pango.size(layout).width
                    }
                    return sum
                },
                .harfBuzz: Kernel(ops: labels.count) { [harfBuzz, textSizeInPixels] in
                    labels.reduce(0) { $0 + harfBuzz.width($1, size: textSizeInPixels) }
                },
                .caliperIOS: Kernel(ops: labels.count) { [style] in
                    let measurer = TextMeasurer(cache: ShapeCache())
                    var sum = 0.0
                    for label in labels { sum += try measurer.size(of: label, style: style).width }
                    return sum
                },
            ], probe: CacheProbe(), note: "Roboto at 37 px, unhinted", caliperCaches: false)
    }

    /// 9b. The paragraphs of `paragraph.first`, each laid out as a `TextView` at most one of
    /// 200/320/375/414 dp wide (high-quality breaking, no hyphenation, font padding): its
    /// measured height in px.
    func paragraph() -> Workload {
        let paragraphs = corpus.paragraphs
        let measurer = TextMeasurer(cache: nil)
        let layout = pango.makeLayout(size: textSizeInPixels)
        let widthsInPixels = Workbench.widths.map(Self.pixels(fromDP:))
        return Workload(
            id: "android.paragraph", title: "Android: paragraph wrapped, TextView (Roboto 14 sp)", unit: "paragraphs",
            kernels: [
                .caliper: Kernel(ops: paragraphs.count) { [style] in
                    var sum = 0.0
                    for (index, paragraph) in paragraphs.enumerated() {
                        sum += try Double(
                            measurer.androidLayout(of: paragraph, style: style, profile: Self.profile, maxWidth: Workbench.widths[index % 4]).height)
                    }
                    return sum
                },
                .pango: Kernel(ops: paragraphs.count) { [pango] in
                    var sum = 0.0
                    for (index, paragraph) in paragraphs.enumerated() {
                        pango.setText(layout, paragraph)
                        pango.setWidth(layout, widthsInPixels[index % 4])
                        sum += pango.size(layout).height
                    }
                    return sum
                },
                .harfBuzz: Kernel(ops: paragraphs.count) { [harfBuzz, textSizeInPixels] in
                    paragraphs.reduce(0) { $0 + harfBuzz.width($1, size: textSizeInPixels) }
                },
                .caliperIOS: Kernel(ops: paragraphs.count) { [style] in
                    let measurer = TextMeasurer(cache: ShapeCache())
                    var sum = 0.0
                    for (index, paragraph) in paragraphs.enumerated() {
                        sum += try measurer.layout(paragraph, style: style, maxWidth: Workbench.widths[index % 4]).size.height
                    }
                    return sum
                },
            ], probe: CacheProbe(), note: "Roboto at 37 px, shaping only, no line breaking", caliperCaches: false)
    }

    // MARK: - Sanity check

    /// How the engines' answers compare over the first `count` labels and paragraphs: that they
    /// do comparable work (the same lines, near the same widths).
    public struct Agreement: Sendable {
        /// Labels laid out as one `BoringLayout` line (all of them, for this Latin corpus).
        public var boringLabels = 0
        public var labels = 0
        /// The largest |Android − raw HarfBuzz| label width in px: the Android width is the
        /// hinted advance rounded up to a whole px, HarfBuzz's the unhinted one.
        public var largestLabelWidthDifference = 0.0
        /// Lines over the paragraphs: Caliper for Android, Caliper's iOS path, Pango.
        public var androidLines = 0
        public var iosLines = 0
        public var pangoLines = 0
        public var paragraphs = 0
    }

    public func agreement(count: Int = 40) throws -> Agreement {
        let measurer = TextMeasurer(cache: nil)
        var result = Agreement()
        for label in corpus.distinctLabels.prefix(count * 5) {
            let android = try measurer.androidLayout(of: label, style: style, profile: Self.profile)
            result.labels += 1
            if android.kind == .boring { result.boringLabels += 1 }
            let difference = abs(Double(android.width) - harfBuzz.width(label, size: textSizeInPixels))
            result.largestLabelWidthDifference = max(result.largestLabelWidthDifference, difference)
        }
        let layout = pango.makeLayout(size: textSizeInPixels)
        defer { pango.release(layout) }
        for (index, paragraph) in corpus.paragraphs.prefix(count).enumerated() {
            let width = Workbench.widths[index % 4]
            result.paragraphs += 1
            result.androidLines += try measurer.androidLayout(of: paragraph, style: style, profile: Self.profile, maxWidth: width).lines.count
            result.iosLines += try measurer.layout(paragraph, style: style, maxWidth: width).lines.count
            pango.setText(layout, paragraph)
            pango.setWidth(layout, Self.pixels(fromDP: width))
            result.pangoLines += pango.lineCount(layout)
        }
        return result
    }
}
