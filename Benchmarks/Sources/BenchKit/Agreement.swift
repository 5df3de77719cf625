// Agreement.swift — the checks the benchmark run makes before it times anything: the engines measure the same thing, and a cache changes no size.
import Caliper
import CaliperLayout
import Foundation

extension Workbench {
    // MARK: - Agreement

    /// The largest width difference, in points, between Caliper and each other engine over the
    /// first `count` labels and mixed strings: the engines measure the same thing.
    public func agreement(count: Int = 300) throws -> (
        latinPango: Double, latinHarfBuzz: Double, mixedPango: Double, mixedHarfBuzz: Double, worstMixed: String
    ) {
        let measurer = TextMeasurer(cache: nil)
        var result = (0.0, 0.0, 0.0, 0.0, "")
        for label in corpus.distinctLabels.prefix(count) {
            let caliper = try Double(measurer.size(of: label, style: labelStyle).width)
            result.0 = max(result.0, abs(caliper - pango.measure(label, size: 17).width))
            result.1 = max(result.1, abs(caliper - harfBuzz.width(label, size: 17)))
        }
        for text in corpus.mixed.prefix(count) {
            let caliper = try Double(measurer.size(of: text, style: mixedStyle).width)
            let difference = abs(caliper - pango.measure(text, size: 17).width)
            if difference > result.2 { (result.2, result.4) = (difference, text) }
            result.3 = max(result.3, abs(caliper - harfBuzz.cascadeWidth(text, size: 17)))
        }
        return result
    }
}

extension Workbench {
    /// Whether measuring through a warmed cache gives the same sizes, bit for bit, as measuring
    /// without one: labels, paragraphs wrapped at every width, mixed-script strings.
    public func cachedEqualsUncached(count: Int = 200) throws -> (compared: Int, differing: Int) {
        let uncached = TextMeasurer(cache: nil)
        let cached = TextMeasurer(cache: ShapeCache())
        var compared = 0
        var differing = 0
        func compare(_ text: String, _ style: TextStyle, _ width: CGFloat?) throws {
            for _ in 0..<2 {  // the first call fills the cache, the second is served from it
                let a = try cached.layout(text, style: style, maxWidth: width).size
                let b = try uncached.layout(text, style: style, maxWidth: width).size
                compared += 1
                if a.width.bitPattern != b.width.bitPattern || a.height.bitPattern != b.height.bitPattern { differing += 1 }
            }
        }
        for label in corpus.labelStream.prefix(count) { try compare(label, labelStyle, nil) }
        for (index, paragraph) in corpus.paragraphs.prefix(count / 4).enumerated() {
            try compare(paragraph, bodyStyle, Self.widths[index % 4])
        }
        for text in corpus.mixed.prefix(count) { try compare(text, mixedStyle, 120) }
        return (compared, differing)
    }
}
