// Flow.swift — `caliper flow`: lays tags out as chips in rows, prints frames, optionally draws SVG.
import ArgumentParser
import Caliper
import CaliperBatch
import CaliperLayout
import Foundation

struct Flow: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Lay tags out as chips (text + padding) in left-aligned rows; print frames and content height.",
        discussion: """
            Tags are the arguments, else the lines of --file, else the lines of standard input (blank \
            lines skipped). Frames are [x, y, width, height] in points, unrounded unless --scale is given.
            """)

    @Argument(help: "The tags.")
    var tags: [String] = []

    @Option(name: .long, help: "Read tags from this file, one per line.")
    var file: String?

    @Option(name: .long, parsing: .unconditional, help: "Container width in points.")
    var width: Double

    @OptionGroup var style: StyleOptions

    @Option(name: .long, help: "Chip padding: T,L,B,R or one number.")
    var padding = EdgeList(EdgeInsets(top: 6, left: 12, bottom: 6, right: 12))

    @Option(name: .long, parsing: .unconditional, help: "Space between chips in a row.")
    var spacing = Double(FlowStyle.defaultInteritemSpacing)

    @Option(name: .long, parsing: .unconditional, help: "Space between rows.")
    var lineSpacing = Double(FlowStyle.defaultLineSpacing)

    @Option(name: .long, help: "Container insets: T,L,B,R or one number.")
    var insets = EdgeList(.zero)

    @Option(name: .customLong("align"), help: "Row alignment: leading, center, trailing, justified.")
    var alignment: FlowStyle.HorizontalAlignment = .leading

    @Option(name: .long, help: "Alignment in a row: top, center, bottom, firstBaseline.")
    var verticalAlign: FlowStyle.VerticalAlignment = .top

    @Flag(name: .long, help: "Right-to-left: rows start at the right.")
    var rtl = false

    @Option(name: .long, parsing: .unconditional, help: "Show at most this many rows; the rest are counted on an overflow chip.")
    var maxRows: Int?

    @Option(name: .long, help: "Text of the overflow chip; %d is the number of hidden tags.")
    var overflowFormat = FlowStyle.OverflowChip.defaultFormat

    @Flag(name: .long, help: "Fill rows as evenly as possible (same order and row count as greedy).")
    var balanced = false

    @Flag(name: .long, help: "One horizontally scrolling row instead of wrapping.")
    var horizontal = false

    @Option(name: .long, parsing: .unconditional, help: "Round to the pixel grid of this screen scale: sizes ceiled as ceil(text) + padding.")
    var scale: Double?

    @Flag(name: .long, help: "Print JSON instead of text.")
    var json = false

    @Option(name: .long, help: "Write an SVG picture of the layout to this file.")
    var svg: String?

    @Flag(name: .long, help: "Draw baselines in the SVG.")
    var showBaselines = false

    func validate() throws {
        for (flag, value) in [("--width", width), ("--spacing", spacing), ("--line-spacing", lineSpacing)]
        where !(value.isFinite && value >= 0 && value <= Double(LayoutLimits.maximumLength)) {
            throw ValidationError("\(flag) must be a finite number from 0 to \(Double(LayoutLimits.maximumLength)), not \(value)")
        }
        if let maxRows, maxRows < 1 { throw ValidationError("--max-rows must be 1 or more, not \(maxRows)") }
        try ScaleOption.validate(scale)
        if !tags.isEmpty, file != nil { throw ValidationError("give tags either as arguments or with --file, not both") }
    }

    func run() throws {
        let tagList = try readTags()
        let textStyle = try style.textStyle(resolver: FontResolver())
        let flowStyle = FlowStyle(
            insets: insets.insets, interitemSpacing: CGFloat(spacing), lineSpacing: CGFloat(lineSpacing),
            horizontalAlignment: alignment, verticalAlignment: verticalAlign, isRightToLeft: rtl, maximumRows: maxRows,
            overflowChip: FlowStyle.OverflowChip(format: overflowFormat, style: textStyle, padding: padding.insets),
            packing: balanced ? .balanced : .greedy, pixelScale: scale.map { CGFloat($0) }, scrollsHorizontally: horizontal)
        let flow = FlowLayout(items: tagList.map { .chip($0, style: textStyle, padding: padding.insets) }, style: flowStyle)
        // With a picture to draw, its glyphs are kept as they are measured (the answer is the same).
        let result = try flow.layout(width: CGFloat(width), measurer: TextMeasurer(keepsGlyphs: svg != nil))
        if let svg {
            let picture = try SVGRenderer(showsBaselines: showBaselines).svg(for: result, of: flow)
            try SVGFile.write(picture, toPath: svg)
        }
        if json {
            try StandardOutput.write(lines: [LayoutJSON.object { LayoutJSON.writeFlowMembers(result, to: &$0) }])
            return
        }
        var output = [
            "content size: \(Readable.size(result.contentSize))",
            "rows: \(result.rows.count)\(result.hiddenCount > 0 ? ", hidden: \(result.hiddenCount)" : "")",
        ]
        if result.missingGlyphCount > 0 {
            let items = result.itemsMissingGlyphs.map { String($0 + 1) }.joined(separator: ", ")
            output.append("missing glyphs: \(result.missingGlyphCount) cluster(s) no font covers (tags \(items))")
        }
        StandardError.warn(result.notices)
        for (index, (tag, item)) in zip(tagList, result.items).enumerated() where !item.isHidden {
            output.append("  \(index + 1): \(Readable.frame(item.frame))  \(tag.debugDescription)")
        }
        if let overflow = result.overflowChip {
            output.append("  overflow: \(Readable.frame(overflow.frame))  \((result.overflowText ?? "").debugDescription)")
        }
        try StandardOutput.write(lines: output)
    }

    private func readTags() throws -> [String] {
        if !tags.isEmpty { return tags }
        guard file != nil || !SystemCall.isTerminal(STDIN_FILENO) else {
            throw ValidationError("no tags: give them as arguments, with --file FILE, or on standard input")
        }
        let text = String(decoding: try InputFile.contents(ofFile: file, role: "tag file"), as: UTF8.self)
        return text.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.allSatisfy(\.isWhitespace) }
    }
}
