// Fonts.swift — `caliper fonts`: the installed fonts fontconfig knows, or its best match for a pattern.
import ArgumentParser
import Caliper
import CaliperBatch

struct Fonts: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List installed fonts matching a fontconfig pattern, or show the one --font PATTERN would load.")

    @Argument(help: "A fontconfig pattern such as \"DejaVu Sans\" or \":style=Bold\"; all fonts if omitted.")
    var pattern: String = ""

    @Flag(name: .long, help: "Show only the best match, as --font PATTERN loads it.")
    var match = false

    @Flag(name: .long, help: "Print JSON Lines instead of text.")
    var json = false

    func run() throws {
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
}
