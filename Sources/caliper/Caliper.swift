// Caliper.swift — the `caliper` command: exact text measurement from the command line.
import ArgumentParser

@main
struct Caliper: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "caliper",
        abstract: "Exact text measurement from real fonts: HarfBuzz shaping, ICU line breaking, hhea metrics.",
        discussion: """
            Sizes are in points, unrounded (add --scale to see UIKit's ceil to pixels). A font is a file \
            path (a face of a .ttc as PATH#N) or a fontconfig pattern such as "DejaVu Sans:bold".
            """,
        subcommands: [Measure.self, Metrics.self, Fonts.self, Flow.self, LayoutCell.self, Batch.self],
        defaultSubcommand: nil)
}
