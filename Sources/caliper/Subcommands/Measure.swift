// Measure.swift — `caliper measure`: the size and lines of a text in a font.
import ArgumentParser
import Caliper
import CaliperBatch
import Foundation

struct Measure: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure text: its size on one line, or wrapped to --max-width.",
        discussion: """
            The text is TEXT, else the contents of --file, else standard input. Width is the widest \
            line (with trailing whitespace when not wrapping); height is lines × line height plus \
            line spacing. Values are unrounded points.
            """)

    @Argument(help: "The text to measure.")
    var text: String?

    @Option(name: .long, help: "Read the text from this file (UTF-8).")
    var file: String?

    @OptionGroup var style: StyleOptions
    @OptionGroup var paragraph: ParagraphOptions
    @OptionGroup(title: "Android") var android: AndroidOptions
    @OptionGroup(title: "Android device") var device: AndroidDeviceOptions

    @Option(name: .long, parsing: .unconditional, help: "Also print the size ceiled to this screen scale (1, 2 or 3), as UIKit code does.")
    var scale: Double?

    @Flag(name: .long, help: ArgumentHelp(
        "The text is Pango markup: <b>, <i>, <span size=… weight=… font_family=… rise=… letter_spacing=… font_features=…>, <sup>, <sub>, <small>, <big>, <tt>.",
        valueName: "markup"))
    var markup = false

    @Flag(name: .long, help: "Measure at each of the 12 Dynamic Type content size categories, sizes scaled as --text-style's (body's when none): one row (one JSON line) per category.")
    var allCategories = false

    @Option(name: .long, parsing: .unconditional, help: "Shrink the text to fit --max-width and --lines, down to this factor of its size (0…1), as UILabel.adjustsFontSizeToFitWidth with minimumScaleFactor; prints the scale used.")
    var minimumScaleFactor: Double?

    @Flag(name: .long, help: "Print JSON instead of text.")
    var json = false

    @Option(name: .long, parsing: .unconditional, help: "Show only the lines that fit this height in points, as boundingRect with a height (at least one line).")
    var maxHeight: Double?

    @Flag(name: .long, help: "With --max-height, end the last line shown with an ellipsis when text is left out (.truncatesLastVisibleLine).")
    var truncateLastVisibleLine = false

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(
        "Print only the size (width, height, line count) at each of these widths in points, comma-separated, instead of --max-width's lines: the text is measured once and broken at each.",
        valueName: "w1,w2,…"))
    var widths: String?

    /// The flags of the measure request's fields, as errors name them.
    static let flagNames = [
        "maxWidth": "--max-width", "maxHeight": "--max-height", "truncatesLastVisibleLine": "--truncate-last-visible-line",
        "minimumScaleFactor": "--minimum-scale-factor", "scale": "--scale", "widths": "--widths",
    ]

    /// `--widths` read as numbers; `nil` when not given.
    private func widthList() throws -> [Double]? {
        guard let widths else { return nil }
        return try widths.split(separator: ",", omittingEmptySubsequences: false).map { part in
            guard let width = Double(part.trimmingCharacters(in: .whitespaces)) else {
                throw ValidationError("--widths must be numbers separated by commas, not \(part.debugDescription)")
            }
            return width
        }
    }

    /// The fit the flags ask for, by the request model's one rule (``MeasureRequest/fit(hasMaxWidth:maxHeight:truncatesLastVisibleLine:minimumScaleFactor:naming:)``).
    private func fit() throws -> MeasureRequest.Fit {
        try MeasureRequest.fit(
            hasMaxWidth: paragraph.maxWidth != nil, maxHeight: maxHeight, truncatesLastVisibleLine: truncateLastVisibleLine ? true : nil,
            minimumScaleFactor: minimumScaleFactor, naming: .flags(Self.flagNames))
    }

    /// UIKit's flags given (set to other than their defaults), by name: with `--platform
    /// android` each is refused.
    private var givenUIKitFlags: [String] {
        let given: [(String, Bool)] = [
            ("--markup", markup), ("--all-categories", allCategories), ("--minimum-scale-factor", minimumScaleFactor != nil),
            ("--max-height", maxHeight != nil), ("--truncate-last-visible-line", truncateLastVisibleLine), ("--scale", scale != nil),
            ("--text-style", style.textStyle != nil), ("--content-size-category", style.contentSizeCategory != nil),
            ("--letter-spacing", style.letterSpacing != 0), ("--language", style.language != nil), ("--system-font", style.systemFont != nil),
            ("--line-break", paragraph.lineBreak != .byWordWrapping), ("--line-spacing", paragraph.lineSpacing != 0),
            ("--line-height-multiple", paragraph.lineHeightMultiple != 0),
            ("--min-line-height", paragraph.minLineHeight != 0), ("--widths", widths != nil),
            ("--max-line-height", paragraph.maxLineHeight != 0), ("--direction", paragraph.direction != .natural),
            ("--no-font-leading", paragraph.noFontLeading), ("--text-wrap", paragraph.textWrap != .wrap),
            ("--hyphenation-factor", paragraph.hyphenationFactor != 0), ("--tab-stops", paragraph.tabStops != nil),
            ("--default-tab-interval", paragraph.defaultTabInterval != 0),
        ]
        return given.filter(\.1).map(\.0)
    }

    func validate() throws {
        switch try android.measurePlatform {
        case .android:
            if let flag = givenUIKitFlags.first {
                throw ValidationError("\(flag) sets what UIKit does: it does not apply with --platform android (see caliper measure --help, Android)")
            }
            if style.size == nil { throw ValidationError("--platform android needs --size, the text size in sp (a TextView's default depends on its theme)") }
            if text != nil, file != nil { throw ValidationError("give the text either as TEXT or with --file, not both") }
            return
        case .ios:
            if let flag = (android.givenFlags + device.givenFlags).first { throw ValidationError("\(flag) goes with --platform android") }
        }
        if allCategories, maxHeight != nil || minimumScaleFactor != nil || widths != nil {
            throw ValidationError("--all-categories cannot be combined with --max-height, --minimum-scale-factor or --widths")
        }
        do {
            let fit = try fit()
            try MeasureRequest.validate(pixelScale: scale, naming: .flags(Self.flagNames))
            try MeasureRequest.validate(widths: try widthList(), hasMaxWidth: paragraph.maxWidth != nil, fit: fit, naming: .flags(Self.flagNames))
        } catch let error as InputError {
            throw ValidationError(error.message)
        } catch {
            throw ValidationError("\(error)")
        }
        if text != nil, file != nil { throw ValidationError("give the text either as TEXT or with --file, not both") }
        if allCategories, style.contentSizeCategory != nil {
            throw ValidationError("give either --all-categories or --content-size-category, not both")
        }
    }

    func run() throws {
        let source = try TextSource.read(argument: text, file: file)
        let resolver = FontResolver()
        if try android.measurePlatform == .android {
            try runForAndroid(source, resolver: resolver)
            return
        }
        let description = try style.styleDescription()
        let baseStyle = try style.spec(resolver: resolver).textStyle(description, naming: .flags(StyleOptions.flagNames))
        let baseText = markup ? try AttributedText(markup: source, style: baseStyle, fonts: resolver) : AttributedText(source, style: baseStyle)
        let maxWidth = paragraph.maxWidth.map { CGFloat($0) }
        if allCategories {
            try printEveryCategory(of: baseText, maxWidth: maxWidth)
            return
        }
        var request = MeasureRequest(
            text: description.scaled(baseText), paragraphStyle: paragraph.paragraphStyle, maxWidth: maxWidth, fit: try fit(),
            pixelScale: scale.map { CGFloat($0) })
        request.asksIntrinsicWidths = true  // printed in every answer: `"intrinsicWidths": true` in a batch request
        request.widths = try widthList()?.map { CGFloat($0) }
        let answer = try request.answer(with: TextMeasurer())
        if json {
            // The batch answer's members, written by the same writer: the answer to the same request.
            var writer = JSONWriter()
            writer.beginObject()
            answer.writeJSONMembers(to: &writer)
            writer.endObject()
            try StandardOutput.write(lines: [writer.string])
            return
        }
        let intrinsic = answer.intrinsicWidths ?? IntrinsicWidths(minContent: 0, maxContent: 0)
        guard let layout = answer.layout else {
            try StandardOutput.write(lines: Self.sizeLines(answer, intrinsic: intrinsic))
            return
        }
        let text = answer.text
        let textStyle = text.spans[0].style
        var output = ["width: \(Readable.number(layout.size.width))", "height: \(Readable.number(layout.size.height))"]
        output.append("intrinsic widths: min-content \(Readable.number(intrinsic.minContent)), max-content \(Readable.number(intrinsic.maxContent))")
        if let shrinkScale = answer.shrinkScale { output.append("scale: \(Readable.number(shrinkScale)) (shrunk to fit)") }
        if let scale, let rounded = answer.roundedSize {
            output.append("rounded (scale \(Readable.number(scale))): \(Readable.size(rounded))")
        }
        output.append("lines: \(layout.lines.count)\(layout.isTruncated ? " (truncated)" : "")")
        output.append("font: \(textStyle.font) at \(Readable.number(textStyle.size)) pt, line height \(Readable.number(layout.lineHeight))")
        if layout.missingGlyphCount > 0 { output.append("missing glyphs: \(layout.missingGlyphCount) cluster(s) no font covers") }
        StandardError.warn(layout.notices)
        let fonts = Set(layout.lines.flatMap(\.runs).map(\.font)).subtracting(text.spans.map(\.style.font))
        if !fonts.isEmpty { output.append("fallback fonts: \(fonts.map(\.description).sorted().joined(separator: ", "))") }
        if paragraph.maxWidth != nil || layout.lines.count > 1 {
            for (number, line) in layout.lines.enumerated() {
                var shown = line.truncatedText ?? String(text.string[line.range])
                if line.isHyphenated, let hyphen = line.runs.first(where: { $0.utf16Range.length == 0 }) {
                    // The hyphen the line shows after its last character, as it is drawn.
                    shown = shown.replacingOccurrences(of: "\u{AD}", with: "")
                        + String(hyphen.font.hyphen)
                }
                let start = line.utf16Range.location
                output.append("  \(number + 1): [\(start), \(start + line.utf16Range.length)) width \(Readable.number(line.width))  \(shown.debugDescription)")
            }
        }
        try StandardOutput.write(lines: output)
    }

    /// The text output of a sizes-only answer (`--widths`): one line per width.
    private static func sizeLines(_ answer: MeasureRequest.Answer, intrinsic: IntrinsicWidths) -> [String] {
        var output = ["intrinsic widths: min-content \(Readable.number(intrinsic.minContent)), max-content \(Readable.number(intrinsic.maxContent))"]
        for (maxWidth, size) in answer.sizes ?? [] {
            let lines = "\(size.lineCount) line\(size.lineCount == 1 ? "" : "s")\(size.isTruncated ? " (truncated)" : "")"
            var line = "at \(Readable.number(maxWidth)): width \(Readable.number(size.size.width)), height \(Readable.number(size.size.height)), \(lines)"
            if let pixelScale = answer.pixelScale {
                line += ", rounded (scale \(Readable.number(pixelScale))) \(Readable.size(PixelRounding.ceil(size.size, scale: pixelScale)))"
            }
            output.append(line)
            StandardError.warn(size.notices)
        }
        if answer.missingGlyphCount > 0 { output.append("missing glyphs: \(answer.missingGlyphCount) cluster(s) no font covers") }
        return output
    }

    /// `--platform android`: the request model's Android request from the flags, answered and
    /// written as a batch request is (`--json`), or as text.
    private func runForAndroid(_ source: String, resolver: FontResolver) throws {
        var textStyle: TextStyle
        let systemFonts = try device.systemFonts()
        if let typeface = android.typefaceRequest {
            let given = [("font", style.font), ("variations", style.variations.first), ("fallback", style.fallbacks.first)].first { $0.1 != nil }?.0
            do {
                textStyle = try typeface.textStyle(
                    in: systemFonts, size: CGFloat(style.size ?? 0), features: try style.features.map { try FontFeature($0) }, conflicting: given,
                    naming: .flags(StyleOptions.flagNames.merging(["typeface": "--typeface"]) { $1 }))
            } catch let error as InputError {
                throw ValidationError(error.message)
            }
        } else {
            guard style.font != nil else {
                throw ValidationError("--platform android needs --font FILE (or --typeface NAME with --android-fonts): the machine's default font is not a device's")
            }
            textStyle = try style.baseTextStyle(resolver: resolver)
        }
        textStyle.fallback = .none
        var request: AndroidMeasureRequest
        do {
            request = try AndroidMeasureRequest(
                text: source, style: textStyle, settings: android.settings, maxWidth: paragraph.maxWidth,
                maxLines: paragraph.numberOfLines, naming: .flags(AndroidOptions.flagNames))
        } catch let error as InputError {
            throw ValidationError(error.message)
        }
        request.profile.hyphenationPatterns = try device.hyphenationPatterns()
        request.profile.systemFonts = systemFonts
        let layout = try request.answer(with: TextMeasurer())
        if json {
            var writer = JSONWriter()
            writer.beginObject()
            AndroidMeasureRequest.writeJSONMembers(of: layout, to: &writer)
            writer.endObject()
            try StandardOutput.write(lines: [writer.string])
            return
        }
        var output = [
            "width: \(layout.width) px (\(Readable.number(CGFloat(layout.widthInDP))) dp)",
            "height: \(layout.height) px (\(Readable.number(CGFloat(layout.heightInDP))) dp)",
            "layout: \(layout.kind.rawValue == "boring" ? "BoringLayout" : "StaticLayout"), text size \(Readable.number(CGFloat(layout.textSize))) px",
            "lines: \(layout.lines.count)\(layout.isEllipsized ? " (ellipsized)" : layout.isTruncated ? " (truncated)" : "")",
        ]
        if layout.missingGlyphCount > 0 { output.append("missing glyphs: \(layout.missingGlyphCount) no font covers") }
        output += AndroidMeasureRequest.warnings(of: layout).map { "warning: \($0)" }
        let units = Array(source.utf16)
        for (number, line) in layout.lines.enumerated() {
            var shown = String(decoding: units[line.utf16Range], as: UTF16.self)
            if let ellipsis = line.ellipsisRange {
                let range = (ellipsis.lowerBound - line.utf16Range.lowerBound)..<(ellipsis.upperBound - line.utf16Range.lowerBound)
                var lineUnits = Array(units[line.utf16Range])
                lineUnits.replaceSubrange(range, with: Array("\u{2026}".utf16))
                shown = String(decoding: lineUnits, as: UTF16.self)
            }
            if line.isHyphenated { shown += "-" }
            output.append(
                "  \(number + 1): [\(line.utf16Range.lowerBound), \(line.utf16Range.upperBound)) top \(line.top) baseline \(line.baseline) bottom \(line.bottom) width \(Readable.number(CGFloat(line.width)))  \(shown.debugDescription)")
        }
        try StandardOutput.write(lines: output)
    }

    /// One row per content size category: its size, the text's point size there, and the layout.
    private func printEveryCategory(of text: AttributedText, maxWidth: CGFloat?) throws {
        let metrics = style.dynamicTypeMetrics
        let layouts = try TextMeasurer().layoutsForEveryContentSizeCategory(
            text, scaledAs: metrics.textStyle, paragraphStyle: paragraph.paragraphStyle, maxWidth: maxWidth)
        try StandardOutput.write(lines: layouts.map { entry in
            let pointSize = entry.text.spans[0].style.size
            if json {
                var writer = JSONWriter()
                writer.beginObject()
                writer.key("category")
                writer.string(entry.category.rawValue)
                writer.key("pointSize")
                writer.number(Double(pointSize))
                writer.key("scale")
                writer.number(Double(entry.scale))
                entry.layout.writeJSONMembers(to: &writer)
                writer.endObject()
                return writer.string
            }
            let lines = "\(entry.layout.lines.count) line\(entry.layout.lines.count == 1 ? "" : "s")\(entry.layout.isTruncated ? " (truncated)" : "")"
            return "\(entry.category.rawValue)\t\(Readable.number(pointSize)) pt\t\(Readable.size(entry.layout.size))\t\(lines)"
        })
    }
}

/// Where a command's text comes from: the argument, a file, or standard input.
enum TextSource {
    static func read(argument: String?, file: String?) throws -> String {
        if let argument { return argument }
        guard file != nil || !SystemCall.isTerminal(STDIN_FILENO) else {
            throw ValidationError("no text: give TEXT, --file FILE, or pipe it to standard input")
        }
        let bytes = try InputFile.contents(
            ofFile: file, role: "text file", byteLimit: InputFile.textByteLimit, limitNote: InputFile.textLimitNote)
        return String(decoding: bytes, as: UTF8.self)
    }
}
