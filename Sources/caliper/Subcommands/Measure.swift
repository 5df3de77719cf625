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

    @Option(name: .long, help: "Also print the size ceiled to this screen scale (1, 2 or 3), as UIKit code does.")
    var scale: Double?

    @Flag(name: .long, help: ArgumentHelp(
        "The text is Pango markup: <b>, <i>, <span size=… weight=… font_family=… rise=… letter_spacing=… font_features=…>, <sup>, <sub>, <small>, <big>, <tt>.",
        valueName: "markup"))
    var markup = false

    @Flag(name: .long, help: "Print JSON instead of text.")
    var json = false

    func validate() throws {
        if text != nil, file != nil { throw ValidationError("give the text either as TEXT or with --file, not both") }
        try ScaleOption.validate(scale)
    }

    func run() throws {
        let source = try TextSource.read(argument: text, file: file)
        let resolver = FontResolver()
        let textStyle = try style.textStyle(resolver: resolver)
        let text = markup ? try AttributedText(markup: source, style: textStyle, fonts: resolver) : AttributedText(source, style: textStyle)
        let layout = try TextMeasurer().layout(
            text, paragraphStyle: paragraph.paragraphStyle, maxWidth: paragraph.maxWidth.map { CGFloat($0) })
        if json {
            try StandardOutput.write(lines: [layout.jsonText])
            return
        }
        var output = ["width: \(layout.size.width)", "height: \(layout.size.height)"]
        if let scale {
            let rounded = PixelRounding.ceil(layout.size, scale: CGFloat(scale))
            output.append("rounded (scale \(scale)): \(rounded.width) × \(rounded.height)")
        }
        output.append("lines: \(layout.lines.count)\(layout.isTruncated ? " (truncated)" : "")")
        output.append("font: \(textStyle.font) at \(textStyle.size) pt, line height \(layout.lineHeight)")
        if layout.missingGlyphCount > 0 { output.append("missing glyphs: \(layout.missingGlyphCount) cluster(s) no font covers") }
        let fonts = Set(layout.lines.flatMap(\.runs).map(\.font)).subtracting(text.spans.map(\.style.font))
        if !fonts.isEmpty { output.append("fallback fonts: \(fonts.map(\.description).sorted().joined(separator: ", "))") }
        if paragraph.maxWidth != nil || layout.lines.count > 1 {
            for (number, line) in layout.lines.enumerated() {
                let shown = line.truncatedText ?? String(text.string[line.range])
                let start = line.utf16Range.location
                output.append("  \(number + 1): [\(start), \(start + line.utf16Range.length)) width \(line.width)  \(shown.debugDescription)")
            }
        }
        try StandardOutput.write(lines: output)
    }
}

/// Where a command's text comes from: the argument, a file, or standard input.
enum TextSource {
    static func read(argument: String?, file: String?) throws -> String {
        if let argument { return argument }
        guard file != nil || isatty(STDIN_FILENO) == 0 else {
            throw ValidationError("no text: give TEXT, --file FILE, or pipe it to standard input")
        }
        let bytes = try InputFile.contents(
            ofFile: file, role: "text file", byteLimit: InputFile.textByteLimit, limitNote: InputFile.textLimitNote)
        return String(decoding: bytes, as: UTF8.self)
    }
}
