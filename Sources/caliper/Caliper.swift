// Caliper.swift — the `caliper` command: exact text measurement from the command line.
import ArgumentParser
import Foundation

@main
struct Caliper: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "caliper",
        abstract: "Exact text measurement from real fonts: HarfBuzz shaping, ICU line breaking, hhea metrics.",
        discussion: """
            Sizes are in points, unrounded (add --scale to see UIKit's ceil to pixels). A font is a file \
            path (a face of a .ttc as PATH#N) or a fontconfig pattern such as "DejaVu Sans:bold"; without \
            one, DejaVu Sans. Characters the fonts lack are looked for in every installed font unless \
            --fallback fonts or --only-given-fonts are given.
            """,
        subcommands: [Measure.self, Metrics.self, Fonts.self, Flow.self, LayoutCell.self, Batch.self],
        defaultSubcommand: nil)

    /// Parses and runs a command as `ParsableCommand.main()` does, except that a standard output
    /// that cannot be written (its reader gone, with SIGPIPE ignored as under systemd) ends the
    /// run with one line on standard error and exit status 74, not ArgumentParser's generic 1.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as StandardOutputError {
            StandardError.write("caliper: \(error)\n")
            Foundation.exit(StandardOutputError.exitStatus)
        } catch {
            exit(withError: error)
        }
    }
}
