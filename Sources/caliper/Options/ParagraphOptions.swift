// ParagraphOptions.swift — the flags that decide wrapping, line limits and line spacing.
import ArgumentParser
import Caliper
import CaliperBatch
import Foundation

extension LineBreakMode: ExpressibleByArgument {}
extension BaseDirection: ExpressibleByArgument {}
extension TextWrap: ExpressibleByArgument {}

struct ParagraphOptions: ParsableArguments {
    @Option(name: .long, parsing: .unconditional, help: "Wrap lines to this width in points; no wrapping if omitted.")
    var maxWidth: Double?

    @Option(name: .customLong("lines"), parsing: .unconditional, help: "Most lines shown, as UILabel.numberOfLines (0 = no limit).")
    var numberOfLines: Int = 0

    @Option(name: .long, help: ArgumentHelp(
        "What happens at the width and the line limit: \(LineBreakMode.allCases.map(\.rawValue).joined(separator: ", ")).",
        valueName: "mode"))
    var lineBreak: LineBreakMode = .byWordWrapping

    @Option(name: .long, parsing: .unconditional, help: "Points added between lines.")
    var lineSpacing: Double = 0

    @Option(name: .long, parsing: .unconditional, help: "Multiplies the font's line height (0 = unchanged).")
    var lineHeightMultiple: Double = 0

    @Option(name: .long, parsing: .unconditional, help: "Least line height in points (0 = none).")
    var minLineHeight: Double = 0

    @Option(name: .long, parsing: .unconditional, help: "Most line height in points (0 = none).")
    var maxLineHeight: Double = 0

    @Option(name: .long, help: "Paragraph direction: natural (from the first strong character), ltr or rtl.")
    var direction: BaseDirection = .natural

    @Flag(name: .long, help: "Lines without their fonts' leading (hhea lineGap), as boundingRect without .usesFontLeading.")
    var noFontLeading = false

    @Option(name: .long, help: "How word-wrapped lines are chosen: wrap (greedy), balance or pretty (as CSS text-wrap in Chromium), or push-out (UIKit's .pushOut: no lone word on the last line).")
    var textWrap: TextWrap = .wrap

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(
        "Hyphenate a line that would fill less than this fraction of the width (0 = never, 1 = always), in the patterns of --language, as NSParagraphStyle.hyphenationFactor.",
        valueName: "0…1"))
    var hyphenationFactor: Float = 0

    @Option(name: .long, help: ArgumentHelp(
        "Tab stops, as LOCATION[:left|right|center|decimal] separated by commas (e.g. 100,200:right), or none; default: UIKit's 12 left stops every 28 points.",
        valueName: "stops"), transform: ParagraphOptions.tabStops(fromList:))
    var tabStops: [TextTab]?

    @Option(name: .long, parsing: .unconditional, help: "Stops past the last tab stop at every multiple of this many points (0 = none).")
    var defaultTabInterval: Double = 0

    /// `--tab-stops` parsed (once, by ArgumentParser) by the request model's reader of tab stop lists.
    static func tabStops(fromList value: String) throws -> [TextTab] {
        do {
            return try LayoutSpec.tabStops(fromList: value)
        } catch let error as InputError {
            throw ValidationError(error.message)
        }
    }

    func validate() throws {
        if let tabStops, tabStops.count > ParagraphStyle.maximumTabStopCount {
            throw ValidationError("--tab-stops: at most \(ParagraphStyle.maximumTabStopCount) stops")
        }
        guard (0...1).contains(hyphenationFactor) else {
            throw ValidationError("--hyphenation-factor must be a number from 0 to 1, not \(hyphenationFactor)")
        }
        if let maxWidth, !(maxWidth >= 0) || maxWidth.isNaN {
            throw ValidationError("--max-width must be 0 or more (points; dp with --platform android), not \(maxWidth)")
        }
        guard numberOfLines >= 0 else { throw ValidationError("--lines must be 0 (no limit) or more, not \(numberOfLines)") }
        let lengths = [
            ("--line-spacing", lineSpacing, ParagraphStyle.maximumLength),
            ("--line-height-multiple", lineHeightMultiple, ParagraphStyle.maximumLineHeightMultiple),
            ("--min-line-height", minLineHeight, ParagraphStyle.maximumLength),
            ("--max-line-height", maxLineHeight, ParagraphStyle.maximumLength),
            ("--default-tab-interval", defaultTabInterval, ParagraphStyle.maximumLength),
        ]
        for (flag, value, limit) in lengths where !(value.isFinite && value >= 0 && value <= Double(limit)) {
            throw ValidationError("\(flag) must be a finite number from 0 to \(Double(limit)), not \(value)")
        }
    }

    var paragraphStyle: ParagraphStyle {
        ParagraphStyle(
            lineBreakMode: lineBreak, numberOfLines: numberOfLines, lineSpacing: CGFloat(lineSpacing),
            lineHeightMultiple: CGFloat(lineHeightMultiple), minimumLineHeight: CGFloat(minLineHeight),
            maximumLineHeight: CGFloat(maxLineHeight), baseDirection: direction, usesFontLeading: !noFontLeading,
            textWrap: textWrap, hyphenationFactor: hyphenationFactor,
            tabStops: tabStops,
            defaultTabInterval: CGFloat(defaultTabInterval))
    }
}
