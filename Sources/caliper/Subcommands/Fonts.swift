// Fonts.swift — `caliper fonts`: the installed fonts fontconfig knows, or its best match for a pattern.
import ArgumentParser
import Caliper
import CaliperBatch

struct Fonts: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List installed fonts matching a fontconfig pattern, show the one --font PATTERN would load, or list a folder of Apple's system fonts (--system).")

    @Argument(help: "A fontconfig pattern such as \"DejaVu Sans\" or \":style=Bold\"; all fonts if omitted.")
    var pattern: String = ""

    @Flag(name: .long, help: "Show only the best match, as --font PATTERN loads it.")
    var match = false

    @Flag(name: .long, help: "Print JSON Lines instead of text.")
    var json = false

    @Option(name: .customLong("system"), help: ArgumentHelp(
        "List the faces of a folder of Apple's system-font files as --system-font FOLDER finds them: family, style, weight, axes, named instances, trak sizes, and what each is used for.",
        valueName: "folder"))
    var systemFolder: String?

    func validate() throws {
        if systemFolder != nil, match || !pattern.isEmpty { throw ValidationError("--system lists a folder: give no pattern and no --match") }
    }

    func run() throws {
        if let systemFolder {
            try StandardOutput.write(lines: try SystemFonts(directory: systemFolder).files().map { json ? Self.json($0) : Self.text($0) })
            return
        }
        let fonts: [InstalledFont]
        if match {
            let face = try FontFace.matching(pattern)
            let instance = face.namedInstances.firstIndex { $0.coordinates == face.variations }
            fonts = [
                InstalledFont(
                    path: face.path, faceIndex: face.faceIndex, families: [face.familyName], style: face.styleName,
                    namedInstance: face.variations.isEmpty ? nil : instance)
            ]
        } else {
            fonts = try FontFace.installedFonts(matching: pattern)
        }
        try StandardOutput.write(lines: fonts.map { font in
            if json {
                return JSON.object([
                    ("family", .string(font.families.first ?? "")), ("style", .string(font.style)),
                    ("path", .string(font.path)), ("faceIndex", .integer(font.faceIndex)),
                    ("namedInstance", font.namedInstance.map { .integer($0) } ?? .null),
                ]).serialized
            }
            let index = font.faceIndex == 0 ? "" : "#\(font.faceIndex)"
            let instance = font.namedInstance.map { " (named instance \($0 + 1))" } ?? ""
            return "\(font.families.first ?? "?"):\(font.style)\t\(font.path)\(index)\(instance)"
        })
    }

    /// One system-font face as a line: `SF Pro Text:Semibold  weight 600  trak 6–96 pt (64 sizes)  default, below 20 pt  PATH`.
    static func text(_ file: SystemFonts.File) -> String {
        var parts = ["\(file.family):\(file.style)", "weight \(file.weight)\(file.isItalic ? " italic" : "")"]
        if !file.axes.isEmpty {
            parts.append("axes " + file.axes.map { "\($0.tag) \(Readable.number($0.minimum))…\(Readable.number($0.maximum))" }.joined(separator: ", "))
        }
        if !file.namedInstances.isEmpty { parts.append("instances " + file.namedInstances.joined(separator: ", ")) }
        if let first = file.trackingSizes.first, let last = file.trackingSizes.last {
            parts.append("trak \(Readable.number(first))–\(Readable.number(last)) pt (\(file.trackingSizes.count) sizes)")
        } else {
            parts.append("no trak")
        }
        parts.append(file.role ?? "not a system-font family")
        parts.append(file.path + (file.faceIndex == 0 ? "" : "#\(file.faceIndex)"))
        return parts.joined(separator: "\t")
    }

    /// One system-font face as a JSON line.
    static func json(_ file: SystemFonts.File) -> String {
        JSON.object([
            ("family", .string(file.family)), ("style", .string(file.style)), ("weight", .integer(file.weight)),
            ("italic", .bool(file.isItalic)),
            ("axes", .array(file.axes.map { axis in
                .object([
                    ("tag", .string(axis.tag.description)), ("minimum", .number(axis.minimum)), ("default", .number(axis.defaultValue)),
                    ("maximum", .number(axis.maximum)),
                ])
            })),
            ("namedInstances", .array(file.namedInstances.map { .string($0) })),
            ("trakSizes", .array(file.trackingSizes.map { .number($0) })), ("role", file.role.map { .string($0) } ?? .null),
            ("path", .string(file.path)), ("faceIndex", .integer(file.faceIndex)),
        ]).serialized
    }
}
