// Shaper.swift — shapes runs of text in one style with HarfBuzz and turns design units into points.
import Foundation

/// Shapes runs of UTF-16 text in one ``TextStyle`` and converts design units to points.
struct Shaper: Sendable {
    let style: TextStyle

    init(style: TextStyle) {
        self.style = style
    }

    /// Shapes `text[range]` (within one item run) on its own, with the run's font, direction and
    /// script and the style's language and features.
    func shape(_ text: [UInt16], range: Range<Int>, run: ItemRun) -> GlyphRun {
        let properties = ShapingProperties(
            isRightToLeft: run.isRightToLeft, script: run.scriptCode, language: style.language)
        return text.withUnsafeBufferPointer {
            run.face.harfBuzz.shape($0, range: range, features: style.features, properties: properties)
        }
    }

    /// Points for `designUnits` of advance in `face`: units × size / unitsPerEm.
    func points(designUnits: Int, in face: FontFace) -> Double {
        Double(designUnits) * Double(style.size) / Double(face.designMetrics.unitsPerEm)
    }
}
