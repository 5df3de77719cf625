// BatchProcessor+Configuration.swift — a processor made from the settings a door takes (font root, limits, system fonts, threads): `caliper batch` and the service alike.
import Caliper
import Foundation

extension BatchProcessor {
    /// What a door that serves the protocol sets up a processor with: `caliper batch`'s options
    /// and the service's configuration fill it, and ``BatchProcessor/init(configuration:)``
    /// makes the processor, so both confine fonts, fall back and bound work by one rule.
    public struct Configuration: Sendable {
        /// The folder requests' fonts must be in (their relative paths are read from it); `nil`:
        /// any font file, and fontconfig patterns.
        public var fontRoot: String?
        /// Whether fontconfig patterns (and the default font, which fontconfig finds) may be used
        /// despite a ``fontRoot``.
        public var allowsFontPatterns: Bool
        /// Whether every request uses only the fonts it names (see ``BatchProcessor/onlyGivenFonts``).
        /// A font root without fontconfig patterns implies it: the machine's fonts are out of reach.
        public var onlyGivenFonts: Bool
        /// The longest text a request may measure, in UTF-16 code units.
        public var maximumTextLength: Int
        /// The largest font file read, in bytes.
        public var maximumFontBytes: Int
        /// The most bytes of font files kept loaded.
        public var fontCacheBytes: Int
        /// A folder of Apple's system-font files, which requests' `systemFont` is set in; `nil`
        /// refuses `systemFont`.
        public var systemFontDirectory: String?
        /// The most bytes of system-font files kept loaded.
        public var systemFontCacheBytes: Int
        /// A folder of an Android device's hyphenation patterns (its `/system/usr/hyphen-data`),
        /// registered as Android 14 registers them (``AndroidHyphenationPatterns/device(directory:)``),
        /// for Android requests that hyphenate; `nil`: none (such requests warn).
        public var androidHyphenationDirectory: String?
        /// A folder of an Android device's fonts (its `/system/fonts`), read with its `fonts.xml`
        /// (``androidFontConfiguration``, else the folder's own `fonts.xml`) as ``AndroidFonts``
        /// reads it: Android requests' texts fall back through the device's families; `nil`: none.
        public var androidFontDirectory: String?
        /// The device's `fonts.xml`, when it is not in ``androidFontDirectory``.
        public var androidFontConfiguration: String?
        /// How many threads answer requests at once: above 1, each measures with caches and
        /// fonts of its own (``BatchProcessor/cachesPerThread``).
        public var threads: Int

        /// A configuration; by default unconfined, with the protocol's text limit and the
        /// resolver's font limits, on one thread.
        public init(
            fontRoot: String? = nil, allowsFontPatterns: Bool = false, onlyGivenFonts: Bool = false,
            maximumTextLength: Int = BatchProcessor.defaultMaximumTextLength, maximumFontBytes: Int = FontFace.defaultFileSizeLimit,
            fontCacheBytes: Int = FontResolver.defaultCacheByteBudget, systemFontDirectory: String? = nil,
            systemFontCacheBytes: Int = FontResolver.defaultCacheByteBudget / 4, androidHyphenationDirectory: String? = nil,
            androidFontDirectory: String? = nil, androidFontConfiguration: String? = nil, threads: Int = 1
        ) {
            self.fontRoot = fontRoot
            self.allowsFontPatterns = allowsFontPatterns
            self.onlyGivenFonts = onlyGivenFonts
            self.maximumTextLength = maximumTextLength
            self.maximumFontBytes = maximumFontBytes
            self.fontCacheBytes = fontCacheBytes
            self.systemFontDirectory = systemFontDirectory
            self.systemFontCacheBytes = systemFontCacheBytes
            self.androidHyphenationDirectory = androidHyphenationDirectory
            self.androidFontDirectory = androidFontDirectory
            self.androidFontConfiguration = androidFontConfiguration
            self.threads = threads
        }

        /// Whether requests may reach the machine's fonts through fontconfig: no font root, or
        /// one that allows patterns.
        var reachesMachineFonts: Bool { fontRoot == nil || allowsFontPatterns }
    }

    /// A processor set up as `configuration` says: its fonts confined to the font root (relative
    /// paths read from it), fontconfig's fallback only where the machine's fonts may be reached
    /// and the request does not ask for only its own, Apple's system fonts from their folder,
    /// and caches per thread when several threads answer.
    ///
    /// - Throws: ``CaliperError`` for a font root or system-font folder that is not a folder, an
    ///   Android hyphenation folder that cannot be read or holds a file that is not valid, and an
    ///   Android font folder or `fonts.xml` that cannot be read.
    public init(configuration: Configuration) throws(CaliperError) {
        let resolver = try configuration.fontRoot.map { root throws(CaliperError) in
            try FontResolver(
                fileSizeLimit: configuration.maximumFontBytes, cacheByteBudget: configuration.fontCacheBytes, fontRoot: root,
                allowsFontconfigPatterns: configuration.allowsFontPatterns)
        } ?? FontResolver(fileSizeLimit: configuration.maximumFontBytes, cacheByteBudget: configuration.fontCacheBytes)
        // A font root without fontconfig patterns keeps the machine's fonts out of reach: only the
        // fonts requests name are used, so a text without a font is refused naming its key.
        let onlyGivenFonts = configuration.onlyGivenFonts || !configuration.reachesMachineFonts
        self.init(
            resolver: resolver, measurer: TextMeasurer(maximumTextLength: configuration.maximumTextLength),
            systemFallback: onlyGivenFonts ? .none : .system, onlyGivenFonts: onlyGivenFonts)
        fontFolder = configuration.fontRoot
        systemFonts = try configuration.systemFontDirectory.map { folder throws(CaliperError) in
            try SystemFonts(directory: folder, cacheByteBudget: configuration.systemFontCacheBytes)
        }
        androidHyphenationPatterns = try configuration.androidHyphenationDirectory.map { folder throws(CaliperError) in
            try AndroidHyphenationPatterns.device(directory: folder)
        } ?? []
        androidFonts = try configuration.androidFontDirectory.map { folder throws(CaliperError) in
            try AndroidFonts(directory: folder, configuration: configuration.androidFontConfiguration)
        }
        cachesPerThread = configuration.threads > 1
    }
}

extension BatchProcessor.Configuration {
    /// The most threads that may answer at once: `caliper batch --jobs`, the C ABI's `threads`.
    package static let threadRange = 1...256
    /// The longest request a door reads by default, in bytes: 8 MiB. A text at the default
    /// ``BatchProcessor/defaultMaximumTextLength`` (100,000 UTF-16 code units) takes at most
    /// 600,000 bytes written as `\uXXXX` escapes, so a request may carry a dozen such texts, or a
    /// flow of thousands of chips, and still pass; yet a client cannot make a door hold more than
    /// 8 MiB for one request.
    package static let defaultMaximumRequestBytes = 8 * 1024 * 1024
    /// Far above any useful request limit, and low enough that a reader's buffer arithmetic
    /// cannot overflow.
    package static let largestMaximumRequestBytes = 1 << 40

    /// The keys of a configuration written as JSON (the C ABI's `caliper_processor_create`; each
    /// is a `caliper batch` option): the configuration's fields, and `maxRequestBytes`, the
    /// door's own.
    package static let keys: KnownKeys = [
        "fontRoot", "allowFontPatterns", "onlyGivenFonts", "maxTextLength", "maxFontBytes", "fontCacheBytes", "maxRequestBytes", "systemFont",
        "androidHyphenation", "androidFonts", "androidFontsXML", "threads",
    ]

    /// The configuration `object` says, each key left out the default's, checked
    /// (``validate(naming:)``); and the longest request it allows.
    package init(json object: JSONObject) throws {
        try object.requireKnownKeys(Self.keys)
        self.init(
            fontRoot: try object.string("fontRoot"), allowsFontPatterns: try object.bool("allowFontPatterns") ?? false,
            onlyGivenFonts: try object.bool("onlyGivenFonts") ?? false)
        if let length = try object.integer("maxTextLength", minimum: 1) { maximumTextLength = length }
        if let bytes = try object.integer("maxFontBytes", minimum: 1) { maximumFontBytes = bytes }
        if let bytes = try object.integer("fontCacheBytes", minimum: 1) {
            fontCacheBytes = bytes
            systemFontCacheBytes = bytes
        }
        systemFontDirectory = try object.string("systemFont")
        androidHyphenationDirectory = try object.string("androidHyphenation")
        androidFontDirectory = try object.string("androidFonts")
        androidFontConfiguration = try object.string("androidFontsXML")
        if let threads = try object.integer("threads", minimum: 1) { self.threads = threads }
        try validate(naming: .json(object))
    }

    /// Refuses what no processor can be made with: threads outside 1…256, a text or font limit
    /// of 0, a font cache smaller than the largest font, a `fonts.xml` without its folder.
    /// Errors name the settings as `naming` does (`"threads"`, `--jobs`).
    package func validate(naming: FieldNaming) throws {
        guard Self.threadRange.contains(threads) else {
            throw InputError("\(naming.name("threads")) must be between \(Self.threadRange.lowerBound) and \(Self.threadRange.upperBound), not \(threads)")
        }
        guard maximumTextLength > 0 else { throw InputError("\(naming.name("maxTextLength")) must be greater than 0") }
        guard maximumFontBytes > 0 else { throw InputError("\(naming.name("maxFontBytes")) must be greater than 0") }
        guard fontCacheBytes >= maximumFontBytes else {
            throw InputError(
                "\(naming.name("fontCacheBytes")) (\(fontCacheBytes)) must be at least \(naming.name("maxFontBytes")) (\(maximumFontBytes))")
        }
        if androidFontConfiguration != nil, androidFontDirectory == nil {
            throw InputError("\(naming.name("androidFontsXML")) goes with \(naming.name("androidFonts"))")
        }
    }
}

