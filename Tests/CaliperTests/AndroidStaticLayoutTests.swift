// AndroidStaticLayoutTests.swift — StaticLayout's heights, padding, line spacing and ellipsis against Tests/Goldens/android_heights.json.
@testable import Caliper
import Foundation
import Testing

/// `Tests/Goldens/android_heights.json` (`make_android_heights.py`: StaticLayout's rules restated
/// in Python over Minikin's own line breaks and extents).
struct AndroidHeightGoldens: Decodable {
    struct Paint: Decodable {
        struct Metrics: Decodable { var top: Int, ascent: Int, descent: Int, bottom: Int }
        var fonts: [String]
        var size: Double
        var hinting: Bool
        var fontMetricsInt: Metrics
        var ellipsisWidth: Float
    }
    struct Line: Decodable, Equatable {
        var start: Int, end: Int, top: Int, bottom: Int, baseline: Int, ascent: Int, descent: Int, extra: Int
        var ellipsisStart: Int?, ellipsisCount: Int?
        var lineWidth: Float
        var minikinAscent: Float?, minikinDescent: Float?
    }
    struct Layout: Decodable, CustomStringConvertible {
        var kind: String
        var text: String
        var fonts: [String]
        var size: Double
        var hinting: Bool
        var width: Int
        var breakStrategy: String
        var hyphenationFrequency: String
        var includePad: Bool
        var lineSpacingMultiplier: Float
        var lineSpacingExtra: Float
        var fallbackLineSpacing: Bool
        var maxLines: Int?
        var ellipsize: String?
        var lineCount: Int
        var height: Int
        var heightCapped: Int
        var topPadding: Int
        var bottomPadding: Int
        var lines: [Line]
        var description: String {
            "\(kind) \(text.debugDescription) at \(size) px, width \(width), \(breakStrategy), pad \(includePad), spacing \(lineSpacingMultiplier)×+\(lineSpacingExtra), fallback \(fallbackLineSpacing), maxLines \(maxLines.map(String.init) ?? "-"), ellipsize \(ellipsize ?? "-")"
        }

        var settings: StaticLayoutSettings {
            StaticLayoutSettings(
                width: width, includePad: includePad, spacingMultiplier: lineSpacingMultiplier, spacingAdd: lineSpacingExtra,
                fallbackLineSpacing: fallbackLineSpacing, maxLines: maxLines ?? Int(Int32.max),
                ellipsize: ellipsize.flatMap(AndroidParagraphStyle.Ellipsize.init(rawValue:)), ellipsizedWidth: width)
        }
    }
    var paints: [Paint]
    var layouts: [Layout]

    static let loaded: AndroidHeightGoldens? = try? Fixtures.golden("android_heights.json", as: AndroidHeightGoldens.self)

    func paint(for layout: Layout) -> AndroidPaintMetrics? {
        paints.first { $0.fonts == layout.fonts && $0.size == layout.size && $0.hinting == layout.hinting }.map {
            AndroidPaintMetrics(
                top: $0.fontMetricsInt.top, ascent: $0.fontMetricsInt.ascent, descent: $0.fontMetricsInt.descent,
                bottom: $0.fontMetricsInt.bottom, ellipsisWidth: $0.ellipsisWidth)
        }
    }
}

@Suite struct AndroidStaticLayoutTests {
    /// StaticLayout over the golden's own Minikin lines (breaks, widths, float extents): the
    /// stacking rules alone, every layout without an ellipsis.
    @Test func heightsFollowStaticLayoutsRules() throws {
        let goldens = try #require(AndroidHeightGoldens.loaded)
        let layouts = goldens.layouts.filter { $0.ellipsize == nil }
        #expect(layouts.count > 300)
        var failures: [String] = []
        for golden in layouts {
            let paint = try #require(goldens.paint(for: golden))
            let text = Array(golden.text.utf16)
            let layout = try StaticLayout(text: text, paint: paint, settings: golden.settings) { range in
                var lines = MinikinParagraphLines()
                for line in golden.lines where line.start >= range.lowerBound && line.end <= range.upperBound && line.minikinAscent != nil {
                    lines.breaks.append(line.end - range.lowerBound)
                    lines.widths.append(line.lineWidth)
                    lines.ascents.append(line.minikinAscent ?? 0)
                    lines.descents.append(line.minikinDescent ?? 0)
                }
                return lines
            }
            let lines = layout.lines.map {
                AndroidHeightGoldens.Line(
                    start: $0.start, end: $0.end, top: $0.top, bottom: $0.bottom, baseline: $0.baseline, ascent: $0.ascent,
                    descent: $0.descent, extra: $0.extra, ellipsisStart: nil, ellipsisCount: nil, lineWidth: $0.width,
                    minikinAscent: nil, minikinDescent: nil)
            }
            let expected = golden.lines.map {
                var line = $0
                (line.ellipsisStart, line.ellipsisCount, line.minikinAscent, line.minikinDescent) = (nil, nil, nil, nil)
                return line
            }
            if lines != expected || layout.height != golden.height || layout.cappedHeight != golden.heightCapped
                || layout.topPadding != golden.topPadding || layout.bottomPadding != golden.bottomPadding
            {
                failures.append("\(golden): height \(layout.height) capped \(layout.cappedHeight), \(lines.count) lines")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(layouts.count): \(failures.prefix(6).joined(separator: "\n"))")
    }
}
