// LayoutCell.swift — `caliper layout`: sizes a cell described by a JSON spec and prints its frames.
import ArgumentParser
import Caliper
import CaliperBatch
import CaliperLayout
import Foundation

struct LayoutCell: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Size a cell from a JSON layout spec (see Examples/) and print its height and every named frame.",
        discussion: """
            Named frames: nodes and inline boxes with an id, and a flow's items (their own id, else \
            <flow id>[index]). Relative font paths in the spec are read from the spec file's folder. \
            A key the spec format does not have is an error naming it. With "platform": "android" \
            (and its "android" settings, as a batch request's) each label is measured as an Android \
            TextView: sizes in sp, widths and frames in dp.
            """)

    /// The keys of the spec document itself; its nodes' are LayoutSpec's.
    static let documentKeys: KnownKeys = ["description", "width", "root", "scale", "platform"]
    /// The keys of a spec for Android (``LayoutPlatform``): UIKit's `scale` left out, its
    /// settings in `android`.
    static let androidDocumentKeys: KnownKeys = ["description", "width", "root", "platform", "android"]

    @Argument(help: "The spec file: {\"width\": 375, \"root\": {\"type\": \"inset\" | \"stack\" | \"label\" | \"box\" | \"flow\", …}}; \"platform\": \"android\" with \"android\" settings lays it out for Android, in dp.")
    var spec: String

    @Option(name: .long, parsing: .unconditional, help: "Cell width in points, or dp for Android (default: the spec's \"width\").")
    var width: Double?

    @Flag(name: .long, help: "Print JSON instead of text.")
    var json = false

    @Option(name: .long, parsing: .unconditional, help: "Also print the cell's size ceiled to this screen scale (1, 2 or 3), as a table view gives it (default: the spec's \"scale\").")
    var scale: Double?

    @Option(name: .long, help: "Write an SVG picture of the cell to this file.")
    var svg: String?

    @Flag(name: .long, help: "Draw baselines and node frames in the SVG.")
    var showGuides = false

    @Flag(name: .long, help: ArgumentHelp(
        "Use only the fonts the spec names: every text must name its font, and characters they lack are not looked for in the machine's fonts."))
    var onlyGivenFonts = false

    @Option(name: .long, help: ArgumentHelp(
        "A folder of Apple's system-font files (SF Pro, SF Mono, New York), which labels' \"systemFont\" is set in.",
        valueName: "folder"))
    var systemFont: String?

    @OptionGroup(title: "Android device") var device: AndroidDeviceOptions

    func validate() throws {
        if let width, !(width.isFinite && width >= 0) { throw ValidationError("--width must be a finite number, 0 or more, not \(width)") }
        if showGuides, svg == nil { throw ValidationError("--show-guides draws into the SVG: give --svg FILE too") }
        do {
            try MeasureRequest.validate(pixelScale: scale, naming: .flags(["scale": "--scale"]))
        } catch let error as InputError {
            throw ValidationError(error.message)
        }
    }

    func run() throws {
        let data = try InputFile.contents(ofFile: spec, role: "spec file")
        let document: JSONObject
        do {
            document = try JSONObject(parsing: String(decoding: data, as: UTF8.self))
        } catch {
            throw InputError("\(spec): \(error)")
        }
        let platform = try LayoutPlatform.of(document, hyphenationPatterns: try device.hyphenationPatterns(), systemFonts: try device.systemFonts())
        try platform.requireKnownKeys(of: document, ios: Self.documentKeys, android: Self.androidDocumentKeys)
        if case .ios = platform, let flag = device.givenFlags.first {
            throw ValidationError("\(flag) goes with a spec for Android (\"platform\": \"android\")")
        }
        if case .android = platform {
            if svg != nil { throw ValidationError(LayoutPlatform.androidPictureRefusal) }
            if scale != nil { throw ValidationError("--scale ceils the cell to UIKit's screen scale: it is not read for a spec for Android (\"platform\": \"android\")") }
            if systemFont != nil { throw ValidationError("--system-font gives Apple's system fonts: it is not read for a spec for Android (\"platform\": \"android\")") }
        }
        guard let cellWidth = try width ?? document.number("width") else {
            throw ValidationError("no width: pass --width or put \"width\" in the spec")
        }
        let reader = LayoutSpec(
            resolver: FontResolver(), fontFolder: (spec as NSString).deletingLastPathComponent, onlyGivenFonts: onlyGivenFonts,
            systemFonts: try systemFont.map { try SystemFonts(directory: $0) }, platform: platform.measurePlatform, androidFonts: platform.androidFonts)
        let root = try reader.layout(document.object("root"))
        // With a picture to draw, its glyphs are kept as they are measured (the answer is the same).
        let textMeasurer = TextMeasurer(keepsGlyphs: svg != nil)
        let measurer: any TextMeasuring = try platform.androidMeasurer(measuringWith: textMeasurer) ?? textMeasurer
        let arrangement = try root.arrange(width: CGFloat(cellWidth), measurer: measurer)
        let pixelScale = try scale ?? document.number("scale")
        try MeasureRequest.validate(pixelScale: pixelScale, naming: .json(document))
        if let svg {
            let picture = try SVGRenderer(showsBaselines: showGuides, showsFrames: showGuides)
                .svg(for: arrangement, size: arrangement.frame.size)
            try SVGFile.write(picture, toPath: svg)
        }
        if json {
            try StandardOutput.write(lines: [
                LayoutJSON.object { LayoutJSON.writeLayoutMembers(arrangement, roundedTo: pixelScale.map { CGFloat($0) }, to: &$0) }
            ])
            return
        }
        var output = ["size: \(Readable.size(arrangement.frame.size))"]
        if let pixelScale {
            output.append("rounded (scale \(Readable.number(pixelScale))): \(Readable.size(PixelRounding.ceil(arrangement.frame.size, scale: CGFloat(pixelScale))))")
        }
        output += LayoutJSON.sortedFrames(arrangement.framesByID).map { id, frame in "  \(id): \(Readable.frame(frame))" }
        if arrangement.missingGlyphCount > 0 {
            let names = arrangement.framesMissingGlyphs
            output.append(
                "missing glyphs: \(arrangement.missingGlyphCount) cluster(s) no font covers\(names.isEmpty ? "" : " (in \(names.joined(separator: ", ")))")")
        }
        StandardError.warn(arrangement.notices)
        try StandardOutput.write(lines: output)
    }
}
