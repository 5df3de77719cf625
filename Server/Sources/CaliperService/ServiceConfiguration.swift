// ServiceConfiguration.swift — where the service listens, which fonts it may read, and the limits that keep it safe on a network.
import CaliperBatch
import Foundation

/// Everything a Caliper service is started with. The defaults are safe on a network: loopback
/// only, fonts confined to one folder, no fontconfig patterns, bounded bodies, texts, concurrency
/// and time.
public struct ServiceConfiguration: Sendable {
    /// The address to listen on; loopback unless told otherwise.
    public var host = "127.0.0.1"
    /// The TCP port; 0 picks a free one.
    public var port = 8080
    /// The folder whose font files requests may name (relative to it: `"DejaVuSans.ttf"`).
    public var fontRoot = "Fonts"
    /// A folder of Apple's system-font files (SF Pro, SF Mono, New York) that requests'
    /// `systemFont` is set in, chosen by the operator (it is read, confined to itself, beside the
    /// font root); `nil` (the default): `systemFont` is refused with an error saying so.
    public var systemFontDirectory: String? = nil
    /// A folder of an Android device's hyphenation patterns (its `/system/usr/hyphen-data`), for
    /// `"platform": "android"` requests that hyphenate; `nil` (the default): none, and such
    /// requests warn.
    public var androidHyphenationDirectory: String? = nil
    /// A folder of an Android device's fonts (its `/system/fonts`), read with its `fonts.xml`
    /// (``androidFontConfiguration``, else the folder's own), which `"platform": "android"`
    /// requests fall back through; `nil` (the default): the font root's fallback fonts.
    public var androidFontDirectory: String? = nil
    /// The device's `fonts.xml`, when it is not in ``androidFontDirectory``.
    public var androidFontConfiguration: String? = nil
    /// Whether requests may name installed fonts by fontconfig pattern (and use the default font).
    public var allowsFontPatterns = false
    /// The fonts (files of the font root, as requests name them) tried in order for characters a
    /// request's fonts lack, when it names no `fallback` of its own; `nil` (the default) takes the
    /// root's colour emoji fonts, then its CJK fonts (those that map U+4E00 or U+3042), so that a
    /// request measures what a phone would show; `[]` takes none.
    public var fallbackFonts: [String]? = nil
    /// The largest body of a single request (`/v1/measure`, `/v1/flow`, `/v1/layout`), in bytes;
    /// larger ones answer 413, at once when their `Content-Length` says so.
    public var maximumBodyBytes = 1 << 20
    /// The longest time a single request's body may take to arrive, from its head on; a body still
    /// arriving then answers 408 and the connection closes. Bodies are read before a request takes
    /// a place among ``maximumConcurrentRequests``, so a slow client holds only its connection.
    public var bodyTimeout: Duration = .seconds(10)
    /// The longest time a connection may go without a complete request head or a byte of the body
    /// it is sending (headers sent slowly, an idle keep-alive connection); it is then closed.
    public var idleTimeout: Duration = .seconds(30)
    /// The largest request head (request line and headers), in bytes; a larger one answers 400.
    public var maximumHeaderBytes = 64 << 10
    /// The longest line of a `/v1/batch` body, in bytes; a longer one is answered with an error
    /// line in its place, and the batch goes on.
    public var maximumBatchLineBytes = 1 << 20
    /// The longest text a request may measure, in UTF-16 code units.
    public var maximumTextLength = BatchProcessor.defaultMaximumTextLength
    /// The most requests handled at once; more answer 503 at once.
    public var maximumConcurrentRequests = 64
    /// How many requests are computed at once (the others wait their turn): the cores, by default.
    public var computeThreads = max(1, ProcessInfo.processInfo.activeProcessorCount)
    /// The longest time one request (or one line of a batch) may take, queueing included; a
    /// request over it answers 503.
    public var requestTimeout: Duration = .seconds(10)

    /// The defaults above.
    public init() {}

    /// Refuses values no server can run with.
    func validate() throws -> Void {
        guard (0...65_535).contains(port) else { throw ServiceError.invalidConfiguration("the port \(port) is not 0…65535") }
        for (name, value) in [
            ("maximum body bytes", maximumBodyBytes), ("maximum batch line bytes", maximumBatchLineBytes),
            ("maximum text length", maximumTextLength), ("maximum concurrent requests", maximumConcurrentRequests),
            ("compute threads", computeThreads), ("maximum header bytes", maximumHeaderBytes),
        ] where value < 1 {
            throw ServiceError.invalidConfiguration("the \(name) must be 1 or more, not \(value)")
        }
        for (name, value) in [("request timeout", requestTimeout), ("body timeout", bodyTimeout), ("idle timeout", idleTimeout)]
        where value <= .zero {
            throw ServiceError.invalidConfiguration("the \(name) must be more than 0")
        }
    }
}

/// A service that cannot start.
public enum ServiceError: Error, CustomStringConvertible {
    /// A configuration value no server can run with.
    case invalidConfiguration(String)
    /// A file the service serves is missing from its resources.
    case missingResource(String)

    /// A sentence naming what is wrong.
    public var description: String {
        switch self {
        case .invalidConfiguration(let reason): return "invalid configuration: \(reason)"
        case .missingResource(let name): return "the service's resource \(name) is missing"
        }
    }
}
