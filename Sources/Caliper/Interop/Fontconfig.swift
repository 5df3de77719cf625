// Fontconfig.swift — the only file that calls fontconfig: matching and listing installed fonts.
internal import CFontconfig
import Synchronization

/// A font fontconfig knows: its file, face and names.
public struct InstalledFont: Sendable, Hashable {
    /// The font file.
    public var path: String
    /// The face inside the file (non-zero only for collections such as .ttc).
    public var faceIndex: Int
    /// The family names, first the default (usually English) one.
    public var families: [String]
    /// The style name, e.g. "Bold".
    public var style: String

    public init(path: String, faceIndex: Int, families: [String], style: String) {
        self.path = path
        self.faceIndex = faceIndex
        self.families = families
        self.style = style
    }
}

enum Fontconfig {
    /// fontconfig's configuration is process-global; every call goes through this lock, so the
    /// lazily loaded configuration is never raced.
    private static let lock = Mutex<Bool>(false)

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
            guard let parsed = FcNameParse(pattern) else { return .failure(.invalidFontPattern(pattern)) }
            defer { FcPatternDestroy(parsed) }
            return body(parsed)
        }
        return try result.get()
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
        return InstalledFont(
            path: path, faceIndex: Int(index), families: strings(of: FC_FAMILY, in: pattern),
            style: strings(of: FC_STYLE, in: pattern).first ?? "")
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
