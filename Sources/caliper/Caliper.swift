// Caliper.swift — the `caliper` command: exact text measurement from the command line.
import ArgumentParser
import Caliper
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
        version: CaliperVersion.string,
        subcommands: [Measure.self, Metrics.self, Fonts.self, Flow.self, LayoutCell.self, Batch.self],
        defaultSubcommand: nil)

    /// Parses and runs a command as `ParsableCommand.main()` does, except that a standard output
    /// that cannot be written (its reader gone, with SIGPIPE ignored as under systemd) ends the
    /// run with one line on standard error and exit status 74, not ArgumentParser's generic 1.
    static func main() {
        do {
            try checkArgumentCounts(Array(CommandLine.arguments.dropFirst()))
            var command = try parseAsRoot()
            try command.run()
        } catch let error as StandardOutputError {
            StandardError.write("caliper: \(error)\n")
            Foundation.exit(StandardOutputError.exitStatus)
        } catch {
            exit(withError: error)
        }
    }

    /// The most times one option may be given (`--feature`, `--fallback`, `--variation`), and the
    /// most arguments in all. ArgumentParser takes time quadratic in the repeats of an option
    /// (10,000 `--feature` flags took over 20 s), so the counts are checked before parsing; the
    /// model's own limits (``TextStyle/maximumFeatureCount``…) apply after it.
    static let maximumRepeatsOfAnOption = 1_024
    static let maximumArgumentCount = 4_096

    /// Refuses a command line over ``maximumRepeatsOfAnOption`` or ``maximumArgumentCount``,
    /// naming the option repeated most.
    static func checkArgumentCounts(_ arguments: [String]) throws {
        guard arguments.count > maximumRepeatsOfAnOption else { return }
        var repeats: [Substring: Int] = [:]
        for argument in arguments where argument.hasPrefix("--") && argument.count > 2 {
            repeats[argument.split(separator: "=", maxSplits: 1)[0], default: 0] += 1
        }
        if let (option, count) = repeats.max(by: { $0.value < $1.value }), count > maximumRepeatsOfAnOption {
            throw ValidationError("\(option) is given \(count) times; an option may be given at most \(maximumRepeatsOfAnOption) times")
        }
        guard arguments.count <= maximumArgumentCount else {
            throw ValidationError(
                "\(arguments.count) arguments; caliper takes at most \(maximumArgumentCount) (give many tags with --file or standard input)")
        }
    }
}
