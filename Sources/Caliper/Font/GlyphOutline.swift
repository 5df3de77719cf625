// GlyphOutline.swift — a glyph's outline in design units, for drawing measured text (SVG, tests).
import Foundation

/// The outline of one glyph in font design units, y up, as HarfBuzz draws it (unhinted).
/// Bitmap-only glyphs (colour emoji) have no outline.
public struct GlyphOutline: Sendable, Hashable {
    public enum Command: Sendable, Hashable {
        case move(to: CGPoint)
        case line(to: CGPoint)
        case quadratic(control: CGPoint, to: CGPoint)
        case cubic(control1: CGPoint, control2: CGPoint, to: CGPoint)
        case close
    }

    public var commands: [Command]

    public var isEmpty: Bool { commands.isEmpty }

    /// SVG path data (`M … L … Q … C … Z`) in design units, y up.
    public var svgPathData: String {
        func number(_ value: CGFloat) -> String {
            let rounded = (value * 100).rounded() / 100
            return rounded == rounded.rounded() ? String(Int(rounded)) : String(Double(rounded))
        }
        func point(_ point: CGPoint) -> String { "\(number(point.x)) \(number(point.y))" }
        return commands.map { command in
            switch command {
            case .move(let to): return "M\(point(to))"
            case .line(let to): return "L\(point(to))"
            case .quadratic(let control, let to): return "Q\(point(control)) \(point(to))"
            case .cubic(let control1, let control2, let to): return "C\(point(control1)) \(point(control2)) \(point(to))"
            case .close: return "Z"
            }
        }.joined()
    }
}

/// A glyph placed on a line: its ID in the font and its origin relative to the line's start on
/// the baseline, in points (x right, y up).
public struct PositionedGlyph: Sendable, Hashable {
    public var glyph: UInt32
    public var position: CGPoint
}

extension FontFace {
    /// The unhinted outline of `glyph`, in design units.
    public func outline(ofGlyph glyph: UInt32) -> GlyphOutline {
        GlyphOutline(commands: harfBuzz.outline(ofGlyph: glyph))
    }
}

extension TextMeasurer {
    /// The glyphs of `text` set as one line in `style`: shaped by HarfBuzz as the measurements
    /// are, letter spacing after each grapheme cluster, positions in points from the line's start.
    public func glyphs(ofLine text: String, style: TextStyle) throws(CaliperError) -> [PositionedGlyph] {
        try style.validate()
        let utf16 = Array(text.utf16)
        guard !utf16.isEmpty else { return [] }
        let shaper = Shaper(style: style)
        let run = shaper.shape(utf16, range: 0..<utf16.count)
        let boundaries: Set<Int>
        do {
            boundaries = Set(try TextBoundaries.graphemeClusterBoundaries(in: utf16))
        } catch {
            throw .textBoundaries(error)
        }
        let scale = Double(style.size) / Double(style.font.designMetrics.unitsPerEm)
        var penX = 0.0
        var glyphs: [PositionedGlyph] = []
        glyphs.reserveCapacity(run.count)
        for index in 0..<run.count {
            let position = CGPoint(
                x: penX + Double(run.xOffsets[index]) * scale, y: Double(run.yOffsets[index]) * scale)
            glyphs.append(PositionedGlyph(glyph: run.glyphIDs[index], position: position))
            penX += Double(run.advances[index]) * scale
            // Letter spacing follows the last glyph of each grapheme cluster.
            let nextCluster = index + 1 < run.count ? run.clusters[index + 1] : utf16.count
            if nextCluster != run.clusters[index], boundaries.contains(max(nextCluster, run.clusters[index])) {
                penX += Double(style.letterSpacing)
            }
        }
        return glyphs
    }
}
