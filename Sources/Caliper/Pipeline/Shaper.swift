// Shaper.swift — shapes text in one style with HarfBuzz and turns design units into points.
import Foundation

/// Shapes UTF-16 text in one ``TextStyle`` and converts design units to points.
struct Shaper: Sendable {
    let style: TextStyle

    init(style: TextStyle) {
        self.style = style
    }

    /// Shapes `text[range]` on its own, without context from outside the range.
    func shape(_ text: [UInt16], range: Range<Int>) -> GlyphRun {
        text.withUnsafeBufferPointer { style.font.harfBuzz.shape($0, range: range, features: style.features) }
    }

    /// Points for `designUnits` of advance across `clusterCount` grapheme clusters: units × size /
    /// unitsPerEm, plus the letter spacing after each cluster.
    func points(designUnits: Int, clusterCount: Int) -> CGFloat {
        let advance = Double(designUnits) * Double(style.size) / Double(style.font.designMetrics.unitsPerEm)
        return CGFloat(advance) + style.letterSpacing * CGFloat(clusterCount)
    }
}
