// SVGRenderer.swift — draws an arranged layout as SVG: chips, boxes, and text as real glyph outlines.
import Caliper
import Foundation

/// Draws what a layout measured, so a person can look at it: chip backgrounds as rounded
/// rectangles, boxes as grey rectangles, and text as the fonts' own glyph outlines at the exact
/// shaped positions (HarfBuzz's unhinted outlines). Optionally shows baselines and frames.
///
/// Text is drawn from the glyphs its runs keep (`TextRun.glyphs`), so a layout measured
/// by a measurer that keeps them (`TextMeasurer.keepsGlyphs`) is drawn without shaping
/// anything: the glyphs are where the measurement put them, made under its caches and limits. A
/// run without glyphs (from a measurer that does not keep them) is shaped again here, on its own,
/// and the lines of a measurer that gives no runs are shaped in their first style.
///
/// Each line of text is a `<g class="line">` whose `data-text` holds the line's text and whose
/// transform puts its origin on the baseline, so tests and tools can find text where the layout says.
public struct SVGRenderer: Sendable {
    /// Draw each line's baseline in red.
    public var showsBaselines: Bool
    /// Outline every node's frame in blue.
    public var showsFrames: Bool

    /// A renderer that draws the content alone, or with baselines and frame outlines as guides.
    public init(showsBaselines: Bool = false, showsFrames: Bool = false) {
        self.showsBaselines = showsBaselines
        self.showsFrames = showsFrames
    }

    /// An SVG document of `arrangement`, `size` points large.
    ///
    /// The document is always well-formed XML: text is escaped, and a character XML 1.0 does not
    /// allow (most C0 controls, U+FFFE, U+FFFF) is written as U+FFFD. A size, frame or baseline
    /// that is not a finite number (a layout grown past `Double`'s range) throws a
    /// ``LayoutError`` naming it, as SVG cannot say `nan`; a glyph whose outline or position from
    /// the font is not finite is left out.
    public func svg(for arrangement: LayoutArrangement, size: CGSize) throws -> String {
        try requireFinite(CGRect(origin: .zero, size: size), "the picture")
        var document = SVGDocument(size: size)
        for node in arrangement.allArrangements { try draw(node, into: &document) }
        return document.text
    }

    /// An SVG document of a flow laid out on its own.
    public func svg(for result: FlowLayoutResult, of flow: FlowLayout) throws -> String {
        let arrangement = LayoutArrangement(
            layout: flow, frame: CGRect(origin: .zero, size: result.contentSize), content: .flow(result, flow))
        return try svg(for: arrangement, size: result.contentSize)
    }

    private func draw(_ node: LayoutArrangement, into document: inout SVGDocument) throws {
        let nodeName = node.layout.id.map { "node \"\($0)\"" } ?? "a \(type(of: node.layout)) node"
        try requireFinite(node.frame, nodeName)
        if showsFrames { document.rectangle(node.frame, fill: "none", stroke: "#4A90E2", cornerRadius: 0) }
        switch node.content {
        case .text(let text, let attributed):
            try drawText(text, attributedText: attributed, in: node.frame, into: &document)
        case .flow(let result, let flow):
            let origin = node.frame.origin
            var chips: [(FlowLayoutResult.PlacedItem, FlowItem.Content?)] = zip(result.items, flow.items).map { ($0, $1.content) }
            if let overflow = result.overflowChip, let chip = flow.style.overflowChip {
                chips.append((overflow, .text(AttributedText(result.overflowText ?? "", style: chip.style))))
            }
            for (index, (item, content)) in chips.enumerated() where !item.isHidden {
                let frame = item.frame.offsetBy(dx: origin.x, dy: origin.y)
                try requireFinite(frame, "item \(index) of \(nodeName)")
                switch content {
                case .text(let attributed)?:
                    document.rectangle(frame, fill: "#E8EEF9", stroke: "#9DB2D9", cornerRadius: min(frame.height / 2, 14))
                    if let text = item.text, let textFrame = item.textFrame {
                        try drawText(
                            text, attributedText: attributed, in: textFrame.offsetBy(dx: origin.x, dy: origin.y), into: &document)
                    }
                case .fixed?, nil:
                    document.rectangle(frame, fill: "#D8D8D8", stroke: "none", cornerRadius: 4)
                }
            }
        case .none:
            if node.layout is BoxLayout { document.rectangle(node.frame, fill: "#D8D8D8", stroke: "none", cornerRadius: 4) }
        }
    }

    /// Each line's runs in their own font, size and baseline offset, from their glyphs (a run
    /// without glyphs shaped again; a measurer that gives no runs has its lines drawn in the first
    /// style), the hyphen of a line broken inside a word (a run of its own with no text), and each
    /// inline box as a placeholder.
    private func drawText(
        _ text: TextMeasurement, attributedText: AttributedText, in frame: CGRect, into document: inout SVGDocument
    ) throws {
        try requireFinite(frame, "a text")
        // Only for runs that kept no glyphs: a layout measured for drawing shapes nothing here.
        let measurer = TextMeasurer()
        for (index, line) in text.lines.enumerated() {
            let baseline = frame.minY + line.baseline
            guard baseline.isFinite, line.width.isFinite else {
                throw LayoutError("cannot draw line \(index + 1) (\(line.text.debugDescription)) as SVG: its baseline \(baseline) or width \(line.width) is not finite")
            }
            var pieces: [SVGDocument.Piece] = []
            if line.runs.isEmpty {
                let style = attributedText.spans[0].style
                pieces.append(SVGDocument.Piece(glyphs: try measurer.glyphs(ofLine: line.text, style: style), size: style.size))
            }
            let units = Array(line.text.utf16)
            for run in line.runs {
                let span = attributedText.spans[min(run.spanIndex, attributedText.spans.count - 1)]
                let range = run.utf16Range.location..<(run.utf16Range.location + run.utf16Range.length)
                guard span.box == nil, range.lowerBound >= 0, range.upperBound <= units.count else { continue }
                if let glyphs = run.glyphs {
                    let placed = glyphs.map { PositionedGlyph(font: run.font, glyph: $0.id, position: $0.position) }
                    pieces.append(SVGDocument.Piece(glyphs: placed, size: run.size, x: run.x, raise: run.baselineOffset))
                    continue
                }
                var style = span.style
                (style.font, style.size, style.fallbackFonts, style.fallback) = (run.font, run.size, [], .none)
                // A run with no text is the hyphen a line broken inside a word shows at its end.
                let shown = range.isEmpty ? String(run.font.hyphen) : String(decoding: units[range], as: UTF16.self)
                let glyphs = try measurer.glyphs(ofLine: shown, style: style)
                pieces.append(SVGDocument.Piece(glyphs: glyphs, size: run.size, x: run.x, raise: run.baselineOffset))
            }
            document.line(line.text, pieces: pieces, origin: CGPoint(x: frame.minX, y: baseline))
            if showsBaselines {
                document.segment(from: CGPoint(x: frame.minX, y: baseline), to: CGPoint(x: frame.minX + line.width, y: baseline))
            }
        }
        for placed in text.inlineBoxes {
            let box = placed.frame.offsetBy(dx: frame.minX, dy: frame.minY)
            try requireFinite(box, "an inline box")
            document.rectangle(box, fill: "#F2C94C", stroke: "none", cornerRadius: min(box.height / 2, 6))
        }
    }
}

/// Throws a ``LayoutError`` naming `what` unless every number of `frame` is finite.
private func requireFinite(_ frame: CGRect, _ what: String) throws(LayoutError) {
    guard frame.origin.x.isFinite, frame.origin.y.isFinite, frame.size.width.isFinite, frame.size.height.isFinite else {
        throw LayoutError("cannot draw \(what) as SVG: its frame \([frame.minX, frame.minY, frame.width, frame.height]) is not finite")
    }
}

/// An SVG document being written: glyph outlines once each in `<defs>`, drawing in the body.
private struct SVGDocument {
    let size: CGSize
    private var definitions: [String] = []
    private var body: [String] = []
    private var glyphIDs: [GlyphKey: String] = [:]
    private var fonts: [ObjectIdentifier: Int] = [:]

    private struct GlyphKey: Hashable {
        var font: ObjectIdentifier
        var glyph: UInt32
    }

    /// A run's glyphs on a line: drawn at `size`, from `x` along the line, raised by `raise`.
    struct Piece {
        var glyphs: [PositionedGlyph]
        var size: CGFloat
        var x: CGFloat = 0
        var raise: CGFloat = 0
    }

    init(size: CGSize) { self.size = size }

    var text: String {
        let header = ##"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" "##
            + ##"width="\##(number(size.width))" height="\##(number(size.height))" viewBox="0 0 \##(number(size.width)) \##(number(size.height))">"##
        return ([header, ##"<rect width="100%" height="100%" fill="#FFFFFF"/>"##, "<defs>"] + definitions + ["</defs>"]
            + body + ["</svg>"]).joined(separator: "\n") + "\n"
    }

    mutating func rectangle(_ frame: CGRect, fill: String, stroke: String, cornerRadius: CGFloat) {
        body.append(
            ##"<rect x="\##(number(frame.minX))" y="\##(number(frame.minY))" width="\##(number(frame.width))" "##
                + ##"height="\##(number(frame.height))" rx="\##(number(cornerRadius))" fill="\##(fill)" stroke="\##(stroke)" stroke-width="0.5"/>"##)
    }

    mutating func segment(from start: CGPoint, to end: CGPoint) {
        body.append(
            ##"<line x1="\##(number(start.x))" y1="\##(number(start.y))" x2="\##(number(end.x))" y2="\##(number(end.y))" stroke="#E53935" stroke-width="0.5"/>"##)
    }

    /// One line of text: its glyphs placed from `origin` on the baseline.
    mutating func line(_ text: String, pieces: [Piece], origin: CGPoint) {
        var uses: [String] = []
        for (piece, placed) in pieces.lazy.flatMap({ piece in piece.glyphs.map { (piece, $0) } }) {
            var glyph = placed
            glyph.position = CGPoint(x: placed.position.x + piece.x, y: placed.position.y + piece.raise)
            let scale = piece.size / CGFloat(glyph.font.designMetrics.unitsPerEm)
            // A malformed font can place a glyph nowhere: leave it out rather than write nan.
            guard scale.isFinite, glyph.position.x.isFinite, glyph.position.y.isFinite else { continue }
            if glyph.font.isColorFont, let image = glyph.font.colorImage(ofGlyph: glyph.glyph) {
                // A bitmap emoji: its PNG, placed by the glyph's extents (y up in the font, down here).
                let frame = CGRect(
                    x: glyph.position.x + image.bounds.minX * scale, y: -glyph.position.y - image.bounds.minY * scale,
                    width: image.bounds.width * scale, height: image.bounds.height * scale)
                guard frame.minX.isFinite, frame.minY.isFinite, frame.width.isFinite, frame.height.isFinite else { continue }
                uses.append(
                    ##"<image x="\##(number(frame.minX))" y="\##(number(frame.minY))" width="\##(number(frame.width))" height="\##(number(frame.height))" xlink:href="data:image/png;base64,\##(Data(image.png).base64EncodedString())"/>"##)
                continue
            }
            guard let id = definition(of: glyph.glyph, in: glyph.font) else { continue }
            uses.append(
                ##"<use xlink:href="#\##(id)" transform="translate(\##(number(glyph.position.x)) \##(number(-glyph.position.y))) scale(\##(number(scale)) \##(number(-scale)))"/>"##)
        }
        body.append(
            ##"<g class="line" data-text="\##(escaped(text))" transform="translate(\##(number(origin.x)) \##(number(origin.y)))" fill="#1C1C1E">"##)
        body.append(contentsOf: uses)
        body.append("</g>")
    }

    /// The id of `glyph`'s outline in `<defs>`, added on first use; `nil` for a glyph with no outline.
    private mutating func definition(of glyph: UInt32, in font: FontFace) -> String? {
        let fontKey = ObjectIdentifier(font)
        let key = GlyphKey(font: fontKey, glyph: glyph)
        if let id = glyphIDs[key] { return id.isEmpty ? nil : id }
        let fontIndex = fonts[fontKey] ?? fonts.count
        fonts[fontKey] = fontIndex
        let outline = font.outline(ofGlyph: glyph)
        // A glyph with a non-finite point (a malformed outline) is drawn as one with no outline.
        guard !outline.isEmpty, outline.isFinite else {
            glyphIDs[key] = ""
            return nil
        }
        let id = "f\(fontIndex)g\(glyph)"
        glyphIDs[key] = id
        definitions.append(##"<path id="\##(id)" d="\##(outline.svgPathData)"/>"##)
        return id
    }

    /// `value` rounded to 1/10,000 of a point, without a trailing ".0". Values reaching it are
    /// checked to be finite first; a non-finite one that slipped through is written as 0, never as
    /// `nan`, which no SVG or XML reader accepts as a number.
    private func number(_ value: CGFloat) -> String {
        guard value.isFinite else { return "0" }
        // Beyond 1e15 a Double has no fractional digits to round, and scaling could overflow.
        guard abs(value) < 1e15 else { return String(Double(value)) }
        let rounded = (Double(value) * 10_000).rounded() / 10_000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    /// `text` as an attribute value: markup characters as entities; tab, line feed and carriage
    /// return as character references, which attribute-value normalisation keeps (written as
    /// is, a parser would read them back as spaces); and each character outside XML 1.0's `Char`
    /// production (C0 controls, U+FFFE, U+FFFF), which no escape may name, as U+FFFD.
    private func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x26: result += "&amp;"
            case 0x3C: result += "&lt;"
            case 0x3E: result += "&gt;"
            case 0x22: result += "&quot;"
            case 0x27: result += "&apos;"
            case 0x09, 0x0A, 0x0D: result += "&#\(scalar.value);"
            // Swift strings hold no surrogate code points (U+D800–U+DFFF), the other gap in `Char`.
            case 0x00..<0x20, 0xFFFE, 0xFFFF: result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
