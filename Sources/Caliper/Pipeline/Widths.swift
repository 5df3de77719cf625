// Widths.swift — how every path turns design units and letter spacing into widths in points.
import Foundation

/// Widths in points as ``SizedParagraph`` (the general pipeline) and ``PlainLatinLabel`` (its
/// fast paths) both compute them, so that their answers are equal bit for bit: a run's design
/// units at its style's size, in `Double` (``points(designUnits:size:unitsPerEm:)``); a line's
/// runs summed in `Double` from 0; the sum made a `CGFloat` once and the letter spacing added to
/// it (``width(points:letterSpacing:)``).
enum Widths {
    /// Points for `designUnits` of advance in a face of `unitsPerEm` at `size`: units × size / unitsPerEm.
    @inline(__always)
    static func points(designUnits: Int, size: CGFloat, unitsPerEm: Int) -> Double {
        Double(designUnits) * Double(size) / Double(unitsPerEm)
    }

    /// The letter spacing of `clusters` grapheme clusters, each followed by `spacing` points.
    @inline(__always)
    static func letterSpacing(_ spacing: CGFloat, clusters: Int) -> CGFloat {
        spacing * CGFloat(clusters)
    }

    /// The width of `points` of advance (a sum of ``points(designUnits:size:unitsPerEm:)``) with
    /// `letterSpacing` added.
    @inline(__always)
    static func width(points: Double, letterSpacing: CGFloat) -> CGFloat {
        CGFloat(points) + letterSpacing
    }
}
