// Metrics.swift — `caliper metrics`: a font's vertical metrics at a size.
import ArgumentParser
import Caliper
import CaliperBatch
import Foundation

struct Metrics: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a font's metrics in points at a size, with UIFont's names (hhea ascender/descender/leading).")

    @OptionGroup var style: StyleOptions

    @Flag(name: .long, help: "Print JSON instead of text.")
    var json = false

    func run() throws {
        let textStyle = try style.textStyle(resolver: FontResolver())
        // The instance text at this size is measured in: a face with an opsz axis it does not set follows the size.
        let font = try textStyle.font.instance(atPointSize: textStyle.size)
        let metrics = textStyle.metrics
        if json {
            let report: JSON = .object([
                ("family", .string(font.familyName)), ("style", .string(font.styleName)), ("path", .string(font.path)),
                ("faceIndex", .integer(font.faceIndex)), ("pointSize", .number(Double(metrics.pointSize))),
                ("unitsPerEm", .integer(metrics.unitsPerEm)), ("ascender", .number(Double(metrics.ascender))),
                ("descender", .number(Double(metrics.descender))), ("leading", .number(Double(metrics.leading))),
                ("lineHeight", .number(Double(metrics.lineHeight))), ("capHeight", .number(Double(metrics.capHeight))),
                ("xHeight", .number(Double(metrics.xHeight))),
                ("variations", .object(font.variations.map { ($0.tag.description, .number($0.value)) })),
                ("axes", .array(font.axes.map { axis in
                    .object([
                        ("tag", .string(axis.tag.description)), ("name", .string(axis.name)), ("minimum", .number(axis.minimum)),
                        ("default", .number(axis.defaultValue)), ("maximum", .number(axis.maximum)),
                    ])
                })),
                ("namedInstances", .array(font.namedInstances.map { instance in
                    .object([
                        ("name", .string(instance.name)),
                        ("coordinates", .object(instance.coordinates.map { ($0.tag.description, .number($0.value)) })),
                    ])
                })),
            ])
            try StandardOutput.write(lines: [report.serialized])
            return
        }
        try StandardOutput.write(lines: [
            "font: \(font)",
            "path: \(font.path)\(font.faceIndex == 0 ? "" : " (face \(font.faceIndex))")",
            "size: \(Readable.number(metrics.pointSize)) pt, unitsPerEm: \(metrics.unitsPerEm)",
            "ascender: \(Readable.number(metrics.ascender))",
            "descender: \(Readable.number(metrics.descender))",
            "leading: \(Readable.number(metrics.leading))",
            "lineHeight: \(Readable.number(metrics.lineHeight))",
            "capHeight: \(Readable.number(metrics.capHeight))",
            "xHeight: \(Readable.number(metrics.xHeight))",
        ] + font.axes.map { axis in
            "axis \(axis.tag) (\(axis.name)): \(axis.minimum)…\(axis.maximum), default \(axis.defaultValue)"
        } + font.namedInstances.map { instance in
            "named instance \(instance.name): \(instance.coordinates.map(\.description).joined(separator: ", "))"
        })
    }
}
