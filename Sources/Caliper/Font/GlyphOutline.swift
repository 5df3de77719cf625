// GlyphOutline.swift — a glyph's outline in design units, for drawing measured text (SVG, tests).
import Foundation

/// The outline of one glyph in font design units, y up, as HarfBuzz draws it (unhinted).
/// Bitmap-only glyphs (colour emoji) have no outline.
public struct GlyphOutline: Sendable, Hashable {
    /// One step of drawing an outline, with points in design units (y up), as SVG path commands.
    public enum Command: Sendable, Hashable {
        /// Starts a new contour at a point (SVG `M`).
        case move(to: CGPoint)
        /// A straight line to a point (SVG `L`).
        case line(to: CGPoint)
        /// A quadratic Bézier curve through one control point, as TrueType outlines are drawn (SVG `Q`).
        case quadratic(control: CGPoint, to: CGPoint)
        /// A cubic Bézier curve through two control points, as CFF outlines are drawn (SVG `C`).
        case cubic(control1: CGPoint, control2: CGPoint, to: CGPoint)
        /// Closes the contour back to its start (SVG `Z`).
        case close
    }

    /// The drawing steps, contour after contour.
    public var commands: [Command]

    /// Whether the glyph draws nothing (a space, or a bitmap-only glyph).
    public var isEmpty: Bool { commands.isEmpty }

    /// Whether every point is a finite number. A malformed font (a CFF real such as 1e400) can
    /// give an infinite or NaN point, which SVG cannot write and which would spoil any bounds.
    public var isFinite: Bool {
        commands.allSatisfy { command in
            switch command {
            case .move(let to), .line(let to): to.x.isFinite && to.y.isFinite
            case .quadratic(let control, let to): [control, to].allSatisfy { $0.x.isFinite && $0.y.isFinite }
            case .cubic(let control1, let control2, let to): [control1, control2, to].allSatisfy { $0.x.isFinite && $0.y.isFinite }
            case .close: true
            }
        }
    }

    /// SVG path data (`M … L … Q … C … Z`) in design units, y up; empty when the outline is not
    /// ``isFinite``, so a malformed glyph is drawn as no glyph rather than as `nan`.
    public var svgPathData: String {
        guard isFinite else { return "" }
        func number(_ value: CGFloat) -> String {
            // Beyond 1e15 there is nothing to round, and `Int` could not hold the value.
            guard abs(value) < 1e15 else { return String(Double(value)) }
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

/// A glyph placed on a line: its font, its ID in the font and its origin relative to the line's
/// left end on the baseline, in points (x right, y up).
public struct PositionedGlyph: Sendable, Hashable {
    /// The face the glyph is drawn from.
    public var font: FontFace
    /// The glyph's ID in ``font``.
    public var glyph: UInt32
    /// The glyph's origin from the line's left end on the baseline, in points (x right, y up).
    public var position: CGPoint

    /// Glyph `glyph` of `font` with its origin at `position` (points from the line's left end on the baseline, y up).
    public init(font: FontFace, glyph: UInt32, position: CGPoint) {
        self.font = font
        self.glyph = glyph
        self.position = position
    }
}

/// The bitmap of a colour glyph (as in Noto Color Emoji) and where it sits.
public struct GlyphImage: Sendable, Hashable {
    /// The image, PNG-encoded, as the font stores it.
    public var png: [UInt8]
    /// Its box in design units relative to the glyph origin: `origin` is the top-left corner
    /// (y up, so `origin.y` is the top), `size` its width and height.
    public var bounds: CGRect
}

extension FontFace {
    /// The unhinted outline of `glyph`, in design units.
    public func outline(ofGlyph glyph: UInt32) -> GlyphOutline {
        GlyphOutline(commands: harfBuzz.outline(ofGlyph: glyph))
    }

    /// The bitmap image of a colour glyph, or `nil` when the glyph has none (outline fonts).
    public func colorImage(ofGlyph glyph: UInt32) -> GlyphImage? {
        harfBuzz.colorImage(ofGlyph: glyph).map { GlyphImage(png: $0.png, bounds: $0.extents) }
    }
}

extension TextMeasurer {
    /// The glyphs of `text` set as one line in `style`, as the measurements set it: runs by font,
    /// script and bidi level in visual order, shaped by HarfBuzz, AAT tracking at the size (each
    /// cluster's first glyph moved by half of it, as HarfBuzz moves it), letter spacing after each
    /// grapheme cluster; positions in points from the line's left end.
    public func glyphs(
        ofLine text: String, style: TextStyle, baseDirection: BaseDirection = .natural
    ) throws(CaliperError) -> [PositionedGlyph] {
        try style.validate()
        let style = try style.resolvingOpticalSizes()
        let utf16 = Array(text.utf16)
        guard !utf16.isEmpty else { return [] }
        let shape = try ParagraphShape.make(
            content: utf16, style: style, cascade: try FontCascade(style: style), direction: baseDirection, cache: cache)
        let boundaries = Set(shape.graphemeBoundaries)
        var penX = 0.0
        var glyphs: [PositionedGlyph] = []
        for runIndex in Bidi.visualOrder(levels: shape.runs.map { $0.item.bidiLevel }) {
            let run = shape.runs[runIndex]
            let scale = Double(style.size) / Double(run.item.face.designMetrics.unitsPerEm)
            let isCursive = ParagraphShape.cursiveScripts.contains(run.item.scriptCode)
            // AAT tracking, as HarfBuzz applies it with the point size set: the first glyph of each
            // cluster advances by the tracking and is moved by half of it (C's division).
            let tracking = run.item.face.tracking.map { SizedParagraph.tracking($0, style: style, size: style.size) } ?? 0
            for index in 0..<run.glyphs.count {
                let startsCluster = index == 0 || run.glyphs.glyphs[index].cluster != run.glyphs.glyphs[index - 1].cluster
                let (trackingOffset, trackingAdvance) = startsCluster ? (tracking / 2, tracking) : (0, 0)
                let position = CGPoint(
                    x: penX + Double(Int(run.glyphs.glyphs[index].xOffset) + trackingOffset) * scale,
                    y: Double(run.glyphs.glyphs[index].yOffset) * scale)
                glyphs.append(PositionedGlyph(font: run.item.face, glyph: run.glyphs.glyphs[index].id, position: position))
                penX += Double(Int(run.glyphs.glyphs[index].advance) + trackingAdvance) * scale
                // Letter spacing follows the last glyph of each grapheme cluster (of the run, in a cursive script).
                let cluster = run.glyphs.glyphs[index].cluster
                let nextCluster = index + 1 < run.glyphs.count ? run.glyphs.glyphs[index + 1].cluster : nil
                let endsCluster = nextCluster.map { $0 != cluster && boundaries.contains(max($0, cluster)) } ?? true
                if endsCluster, !isCursive || nextCluster == nil { penX += Double(style.letterSpacing) }
            }
        }
        return glyphs
    }
}
