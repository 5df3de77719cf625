// Fontconfig.swift — the only file that calls fontconfig: matching and listing installed fonts.
internal import CFontconfig

enum Fontconfig {
    /// fontconfig's configuration is process-global; every call goes through this lock, so the
    /// lazily loaded configuration is never raced.
    private static let lock = Locked<Bool>(false)

    /// The best installed font for `pattern` (fontconfig syntax, e.g. `"DejaVu Sans:bold"`), with
    /// fontconfig's default substitutions applied.
    static func match(_ pattern: String) throws(CaliperError) -> InstalledFont {
        try withParsedPattern(pattern) { parsed in
            FcConfigSubstitute(nil, parsed, FcMatchPattern)
            FcDefaultSubstitute(parsed)
            var status = FcResultNoMatch
            guard let matched = FcFontMatch(nil, parsed, &status), status == FcResultMatch else {
                return .failure(.fontNotMatched(pattern: pattern, closest: nil))
            }
            defer { FcPatternDestroy(matched) }
            guard let font = installedFont(from: matched) else {
                return .failure(.fontNotMatched(pattern: pattern, closest: nil))
            }
            return .success(font)
        }
    }

    /// The families a pattern names (`"DejaVu Sans,Noto Sans:bold"` → both), before substitution.
    /// A pattern asking for `family` at the OpenType `weight` (CSS's 100–1000), upright or italic,
    /// on fontconfig's own weight scale; the family is escaped as pattern syntax needs.
    static func pattern(family: String, weight: Int, italic: Bool) -> String {
        var escaped = ""
        for character in family {
            if "\\-:,=".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        let fontconfigWeight = FcWeightFromOpenTypeDouble(Double(weight))
        return "\(escaped):weight=\(fontconfigWeight):slant=\(italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)"
    }

    static func requestedFamilies(in pattern: String) throws(CaliperError) -> [String] {
        try withParsedPattern(pattern) { parsed in .success(strings(of: FC_FAMILY, in: parsed)) }
    }

    /// Every installed font that matches `pattern` (all fonts for `""`), sorted by family, style and path.
    static func list(_ pattern: String) throws(CaliperError) -> [InstalledFont] {
        try withParsedPattern(pattern) { parsed in
            guard let objects = FcObjectSetCreate() else { return .failure(.fontconfigFailed("out of memory")) }
            defer { FcObjectSetDestroy(objects) }
            for name in [FC_FAMILY, FC_STYLE, FC_FILE, FC_INDEX] { FcObjectSetAdd(objects, name) }
            guard let fontSet = FcFontList(nil, parsed, objects) else { return .success([]) }
            defer { FcFontSetDestroy(fontSet) }
            var fonts: [InstalledFont] = []
            for index in 0..<Int(fontSet.pointee.nfont) {
                if let pattern = fontSet.pointee.fonts[index], let font = installedFont(from: pattern) {
                    fonts.append(font)
                }
            }
            return .success(fonts.sorted {
                ($0.families.first ?? "", $0.style, $0.path, $0.faceIndex) < ($1.families.first ?? "", $1.style, $1.path, $1.faceIndex)
            })
        }
    }

    /// Runs `body` under the lock with fontconfig initialised and `pattern` parsed; the parsed
    /// pattern is destroyed afterwards.
    private static func withParsedPattern<Value>(
        _ pattern: String, _ body: (OpaquePointer) -> Result<Value, CaliperError>
    ) throws(CaliperError) -> Value {
        let result: Result<Value, CaliperError> = lock.withLock { initialized in
            if let failure = initialize(&initialized) { return .failure(failure) }
            guard !pattern.utf8.contains(0) else { return .failure(.invalidFontName(pattern)) }  // C would end it there
            guard let parsed = FcNameParse(pattern) else { return .failure(.invalidFontPattern(pattern)) }
            defer { FcPatternDestroy(parsed) }
            return body(parsed)
        }
        return try result.get()
    }

    /// fontconfig's fallback order for a family (FcFontSort, trimmed to fonts that add
    /// coverage), from the default configuration or from `configurationFile`.
    static func fallbackList(family: String, configurationFile: String?) throws(CaliperError) -> FallbackList {
        let result: Result<FallbackList, CaliperError> = lock.withLock { initialized in
            if let failure = initialize(&initialized) { return .failure(failure) }
            var config: OpaquePointer?
            if let configurationFile {
                guard let created = FcConfigCreate() else { return .failure(.fontconfigFailed("out of memory")) }
                guard FcConfigParseAndLoad(created, configurationFile, FcTrue) != 0, FcConfigBuildFonts(created) != 0 else {
                    FcConfigDestroy(created)
                    return .failure(.fontconfigFailed("cannot load the configuration \(configurationFile)"))
                }
                config = created
            }
            guard let pattern = FcPatternCreate() else {
                if let config { FcConfigDestroy(config) }
                return .failure(.fontconfigFailed("out of memory"))
            }
            defer { FcPatternDestroy(pattern) }
            // The family alone: a style name ("Regular", "Book") would rank fonts by the spelling
            // of their style rather than by family similarity.
            FcPatternAddString(pattern, FC_FAMILY, family)
            FcConfigSubstitute(config, pattern, FcMatchPattern)
            FcDefaultSubstitute(pattern)
            var status = FcResultNoMatch
            guard let fontSet = FcFontSort(config, pattern, FcTrue, nil, &status) else {
                if let config { FcConfigDestroy(config) }
                return .failure(.fontconfigFailed("FcFontSort found no fonts"))
            }
            var fonts: [InstalledFont] = []
            var charsets: [OpaquePointer?] = []
            for index in 0..<Int(fontSet.pointee.nfont) {
                guard let font = fontSet.pointee.fonts[index], let installed = installedFont(from: font) else { continue }
                var charset: OpaquePointer?
                if FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) != FcResultMatch { charset = nil }
                fonts.append(installed)
                charsets.append(charset)
            }
            return .success(FallbackList(fontSet: fontSet, config: config, fonts: fonts, charsets: charsets))
        }
        return try result.get()
    }

    /// Owns an FcFontSet from FcFontSort (and the configuration it came from, when private): the
    /// fonts in fallback order and their character sets, read-only once made.
    final class FallbackList: @unchecked Sendable {
        private let fontSet: UnsafeMutablePointer<FcFontSet>
        private let config: OpaquePointer?
        private let charsets: [OpaquePointer?]
        let fonts: [InstalledFont]

        fileprivate init(fontSet: UnsafeMutablePointer<FcFontSet>, config: OpaquePointer?, fonts: [InstalledFont], charsets: [OpaquePointer?]) {
            self.fontSet = fontSet
            self.config = config
            self.fonts = fonts
            self.charsets = charsets
        }

        deinit {
            FcFontSetDestroy(fontSet)
            if let config { FcConfigDestroy(config) }
        }

        /// Whether font `index` has a glyph for `scalar`, by its fontconfig character set.
        func covers(_ scalar: Unicode.Scalar, fontAt index: Int) -> Bool {
            guard let charset = charsets[index] else { return false }
            return Fontconfig.lock.withLock { _ in FcCharSetHasChar(charset, scalar.value) != 0 }
        }
    }

    private static func initialize(_ initialized: inout Bool) -> CaliperError? {
        guard !initialized else { return nil }
        guard FcInit() != 0 else { return .fontconfigFailed("FcInit could not load the configuration") }
        initialized = true
        return nil
    }

    private static func installedFont(from pattern: OpaquePointer) -> InstalledFont? {
        guard let path = strings(of: FC_FILE, in: pattern).first else { return nil }
        var index: Int32 = 0
        if FcPatternGetInteger(pattern, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
        let instance = Int(index >> 16)
        return InstalledFont(
            path: path, faceIndex: Int(index & 0xFFFF), families: strings(of: FC_FAMILY, in: pattern),
            style: strings(of: FC_STYLE, in: pattern).first ?? "", namedInstance: instance > 0 ? instance - 1 : nil)
    }

    private static func strings(of object: String, in pattern: OpaquePointer) -> [String] {
        var values: [String] = []
        var value: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(pattern, object, Int32(values.count), &value) == FcResultMatch, let value {
            values.append(String(cString: value))
        }
        return values
    }
}
