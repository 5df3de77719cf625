// main.swift — `caliper-server`: the Caliper service on Hummingbird, with safe defaults.
import ArgumentParser
import CaliperService
import Foundation
import Logging

@main
struct CaliperServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "caliper-server",
        abstract: "Serve Caliper's measure, flow, layout and batch requests over HTTP (see /openapi.json).",
        discussion: """
            Listens on loopback unless --host says otherwise. Fonts are read only from --font-root \
            (requests name them relative to it), and fontconfig patterns are refused unless \
            --allow-font-patterns. Stops on SIGTERM or SIGINT after the requests in flight finish.
            """,
        version: CaliperService.version)

    @Option(help: "The address to listen on.") var host = Self.defaults.host
    @Option(help: "The TCP port (0 picks a free one).") var port = Self.defaults.port
    @Option(help: "The folder of the fonts requests may name.") var fontRoot = Self.defaults.fontRoot
    @Option(help: ArgumentHelp(
        "A folder of Apple's system-font files (SF Pro, SF Mono, New York) that requests' \"systemFont\" is set in.", valueName: "folder"))
    var systemFont: String?
    @Option(help: ArgumentHelp(
        "A folder of an Android device's hyphenation patterns (its /system/usr/hyphen-data) for \"platform\": \"android\" requests that hyphenate.",
        valueName: "folder"))
    var androidHyphenation: String?
    @Option(help: ArgumentHelp(
        "A folder of an Android device's fonts (its /system/fonts) with its fonts.xml (or --android-fonts-xml), which \"platform\": \"android\" requests fall back through.",
        valueName: "folder"))
    var androidFonts: String?
    @Option(help: ArgumentHelp("The device's fonts.xml, when it is not in the --android-fonts folder.", valueName: "file"))
    var androidFontsXml: String?
    @Flag(help: "Let requests name installed fonts by fontconfig pattern.") var allowFontPatterns = false
    @Option(name: .customLong("fallback"), help: ArgumentHelp(
        "A fallback font (a file of the font root) for requests that name none; repeat for a cascade. Default: the root's colour emoji fonts, then its CJK fonts.",
        valueName: "file"))
    var fallbacks: [String] = []
    @Flag(help: "No fallback fonts for requests that name none: characters their fonts lack are measured as .notdef.") var noFallback = false
    @Option(help: "The largest body of a single request, in bytes.") var maxBodyBytes = Self.defaults.maximumBodyBytes
    @Option(help: "The longest line of a /v1/batch body, in bytes.") var maxBatchLineBytes = Self.defaults.maximumBatchLineBytes
    @Option(help: "The longest text, in UTF-16 code units.") var maxTextLength = Self.defaults.maximumTextLength
    @Option(help: "The most requests handled at once (more answer 503).") var maxConcurrentRequests = Self.defaults.maximumConcurrentRequests
    @Option(help: "How many requests are computed at once (default: the cores).") var computeThreads: Int?
    @Option(help: "The most seconds one request (or batch line) may take.") var requestTimeout = Self.seconds(Self.defaults.requestTimeout)
    @Option(help: "The most seconds a single request's body may take to arrive (else 408).") var bodyTimeout = Self.seconds(Self.defaults.bodyTimeout)
    @Option(help: "The most seconds a connection may go without a whole request head or a body byte.") var idleTimeout = Self.seconds(Self.defaults.idleTimeout)
    @Option(help: "The largest request head (request line and headers), in bytes.") var maxHeaderBytes = Self.defaults.maximumHeaderBytes
    @Option(help: "The log level (trace, debug, info, notice, warning, error, critical).") var logLevel = "info"

    func run() async throws {
        var configuration = ServiceConfiguration()
        configuration.host = host
        configuration.port = port
        configuration.fontRoot = fontRoot
        configuration.allowsFontPatterns = allowFontPatterns
        configuration.systemFontDirectory = systemFont
        configuration.androidHyphenationDirectory = androidHyphenation
        if androidFontsXml != nil, androidFonts == nil {
            throw ValidationError("--android-fonts-xml goes with --android-fonts FOLDER, the folder its fonts are in")
        }
        configuration.androidFontDirectory = androidFonts
        configuration.androidFontConfiguration = androidFontsXml
        if noFallback, !fallbacks.isEmpty { throw ValidationError("--no-fallback and --fallback: give one or the other") }
        configuration.fallbackFonts = noFallback ? [] : fallbacks.isEmpty ? nil : fallbacks
        configuration.maximumBodyBytes = maxBodyBytes
        configuration.maximumBatchLineBytes = maxBatchLineBytes
        configuration.maximumTextLength = maxTextLength
        configuration.maximumConcurrentRequests = maxConcurrentRequests
        configuration.maximumHeaderBytes = maxHeaderBytes
        if let computeThreads { configuration.computeThreads = computeThreads }
        configuration.requestTimeout = try Self.duration(requestTimeout, flag: "--request-timeout")
        configuration.bodyTimeout = try Self.duration(bodyTimeout, flag: "--body-timeout")
        configuration.idleTimeout = try Self.duration(idleTimeout, flag: "--idle-timeout")
        guard let level = Logger.Level(rawValue: logLevel) else { throw ValidationError("unknown --log-level \(logLevel)") }
        var logger = Logger(label: "caliper-server")
        logger.logLevel = level
        let service: CaliperService
        do {
            service = try CaliperService(configuration: configuration)
        } catch {
            throw ValidationError("\(error)")
        }
        try await service.application(logger: logger).runService()
    }

    /// The service's defaults, written once in ``ServiceConfiguration``: each flag's default is one of them.
    static let defaults = ServiceConfiguration()

    /// `duration` in seconds, as the flags take it.
    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// `seconds` as a duration, when it is more than 0 and at most an hour.
    static func duration(_ seconds: Double, flag: String) throws -> Duration {
        guard seconds.isFinite, seconds > 0, seconds <= 3600 else {
            throw ValidationError("\(flag) must be more than 0 and at most 3600 seconds")
        }
        return .milliseconds(Int((seconds * 1000).rounded(.up)))
    }
}
