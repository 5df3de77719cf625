// AndroidFonts.swift — an Android device's system fonts from a folder of its font files and its fonts.xml: typefaces, and the fallback families Minikin chooses among.
import Foundation

/// An Android 14 device's system fonts — its named families (`sans-serif`, `serif`, `monospace`…),
/// aliases (`sans-serif-medium`…) and fallback families (Noto for each script, emoji, CJK) — read
/// from a folder of the device's font files and its `fonts.xml` (`/system/fonts` and
/// `/system/etc/fonts.xml`; Android 15 moved the fallback list to `font_fallback.xml`). Caliper
/// ships no Android system fonts beyond `Fonts/Android/Roboto-Regular.ttf`: copy them from a
/// device or an emulator image (`adb pull /system/fonts`, `adb pull /system/etc/fonts.xml`).
///
/// `fonts.xml` is read as Android 14's `FontListParser` reads it (see
/// <doc:Semantics#Android>), by a small, strict XML reader of Caliper's own: a file `fonts.xml`
/// names that the folder lacks is left out, as a device leaves it out, and listed in
/// ``missingFiles``; anything a device would fail on is refused with its line and column.
///
/// Give the fonts to an ``AndroidProfile`` (``AndroidProfile/systemFonts``) and measure a style in
/// a device family's font, as a `TextView` with `android:fontFamily="sans-serif-medium"` does:
///
/// ```swift
/// let device = try AndroidFonts(directory: "pixel8/fonts", configuration: "pixel8/fonts.xml")
/// let profile = AndroidProfile(density: 2.625, locale: "ja-JP", systemFonts: device)
/// let label = try device.textStyle(family: "sans-serif-medium", size: 16)
/// let width = try TextMeasurer().androidMeasurement(of: "設定 Settings", style: label, profile: profile).measureText
/// ```
///
/// A style in a device family's font measures as the system typeface does: that family first
/// (the primary family, which wins any character it has), then the fallback families in
/// `fonts.xml` order, chosen among by Minikin's rules (coverage, then the paint's locales against
/// each family's `lang`, then the variant). A style in fonts of your own measures as
/// `Typeface.CustomFallbackBuilder` (or a font resource) makes it: your fonts first, then the
/// device's `sans-serif` typeface and its fallbacks.
///
/// Faces load when a measurement first needs them, through a ``FontResolver`` confined to
/// ``directory``, and are kept for the life of the fonts.
public final class AndroidFonts: Sendable, Hashable {
    /// The family a typeface of your own fonts falls back to (`Typeface.CustomFallbackBuilder`'s
    /// default system fallback).
    public static let defaultFamilyName = "sans-serif"
    /// The most families one collection may have (Minikin's `MAX_FAMILY_COUNT`).
    public static let maximumFamilyCount = 254

    /// The folder of font files.
    public let directory: String
    /// The `fonts.xml` read.
    public let configurationPath: String
    /// The named families (`<family name=…>` and `<family-list name=…>`), in `fonts.xml` order.
    public let familyNames: [String]
    /// The aliases that name a family, in `fonts.xml` order.
    public let aliases: [AndroidFontAlias]
    /// The fallback families (unnamed `<family>` elements, after the first named family when it
    /// comes first), in `fonts.xml` order, each with all its fonts.
    public let fallbackFamilies: [AndroidFontFamily]
    /// The font files `fonts.xml` names that the folder does not have: left out, as Android 14
    /// leaves them out (`FontListParser.readFont` returns no font for a file that is not there).
    public let missingFiles: [String]

    private let configuration: AndroidFontConfiguration
    private let resolver: FontResolver
    /// Faces loaded, by font entry.
    private let faces = Locked<[AndroidFontConfiguration.Font: FontFace]>([:])
    /// Each typeface's face, a face of its own (``typeface(_:weight:italic:)``), and which
    /// typeface a face is: a style in it measures as that typeface.
    private let typefaces = Locked<Typefaces>(Typefaces())
    /// Collections built, by typeface and style; forgotten all at once past ``collectionCacheCapacity``.
    private let collections = Locked<[CollectionKey: [AndroidFamily]]>([:])
    private static let collectionCacheCapacity = 64

    private struct Typefaces {
        var faces: [CollectionKey: FontFace] = [:]
        var keys: [ObjectIdentifier: CollectionKey] = [:]
    }

    private struct CollectionKey: Hashable {
        var familyName: String
        var weight: Int
        var isItalic: Bool
    }

    /// Reads `configuration` (by default `fonts.xml` in `directory`); font files are looked for
    /// in `directory`, as Android looks for them in `/system/fonts/`. No font is loaded yet.
    ///
    /// - Throws: ``CaliperError/invalidFontRoot(path:reason:)`` when `directory` is not a folder,
    ///   ``CaliperError/fontConfigurationUnreadable(path:reason:)``,
    ///   ``CaliperError/invalidFontConfiguration(path:line:column:reason:)`` for XML that is not
    ///   well-formed, or what Android's parser refuses, or a font file outside `directory`.
    public init(
        directory: String, configuration: String? = nil, cacheByteBudget: Int = FontResolver.defaultCacheByteBudget
    ) throws(CaliperError) {
        let resolver = try FontResolver(cacheByteBudget: cacheByteBudget, fontRoot: directory)
        let path = configuration ?? (directory as NSString).appendingPathComponent("fonts.xml")
        let bytes = try Self.contents(of: path)
        let root: XMLElement
        do throws(XMLSyntaxError) {
            root = try XMLReader.read(bytes)
        } catch {
            throw .invalidFontConfiguration(path: path, line: error.line, column: error.column, reason: error.reason)
        }
        let fontRoot = resolver.fontRoot ?? directory
        do throws(XMLSyntaxError) {
            self.configuration = try AndroidFontConfiguration.read(root, directory: directory) { (file, element) throws(XMLSyntaxError) in
                // `File.isFile`: a regular file, links followed.
                guard (try? SystemCall.status(atPath: file))?.kind == .regular else { return false }
                guard let real = FontResolver.realPath(file), FontResolver.isInside(real, root: fontRoot) else {
                    throw XMLSyntaxError(line: element.line, column: element.column, reason: "<font>: \(file) lies outside the font folder \(directory)")
                }
                return true
            }
        } catch {
            throw .invalidFontConfiguration(path: path, line: error.line, column: error.column, reason: error.reason)
        }
        self.directory = directory
        self.configurationPath = path
        self.resolver = resolver
        var names: [String] = []
        for list in self.configuration.namedFamilyLists where !names.contains(list.name) { names.append(list.name) }
        familyNames = names
        aliases = self.configuration.aliases.map { AndroidFontAlias(name: $0.name, family: $0.to, weight: $0.weight) }
        fallbackFamilies = self.configuration.families.map { AndroidFontFamily($0, fonts: $0.fonts, isDefaultFallback: false) }
        missingFiles = self.configuration.missingFiles
    }

    /// The bytes of the configuration file, at most ``XMLReader/maximumByteCount``.
    private static func contents(of path: String) throws(CaliperError) -> [UInt8] {
        do throws(CaliperError) {
            let file = try FontFile(path: path)
            guard file.identity.byteCount <= XMLReader.maximumByteCount else {
                throw .fontConfigurationUnreadable(
                    path: path, reason: "it is \(file.identity.byteCount) bytes, over the limit of \(XMLReader.maximumByteCount)")
            }
            return try file.bytes(at: 0, count: file.identity.byteCount)
        } catch {
            switch error {
            case .fontFileNotFound: throw .fontConfigurationUnreadable(path: path, reason: "no such file")
            case .fontFileUnreadable(_, let reason): throw .fontConfigurationUnreadable(path: path, reason: reason)
            case .invalidFontName: throw .fontConfigurationUnreadable(path: path, reason: "the path holds a NUL character")
            default: throw error
            }
        }
    }

    // MARK: Typefaces

    /// The typeface `Typeface.create(name, …)` gives on the device: `name` a named family or an
    /// alias (an alias is its family at its weight, `Typeface.initSystemDefaultTypefaces`), at
    /// `weight` (1–1000) and `italic` as `Typeface.create(typeface, weight, italic)` sets them; a
    /// `nil` weight keeps the typeface's own — an alias's, or the weight the family's regular font
    /// has (`RESOLVE_BY_FONT_TABLE`). Its ``AndroidTypeface/font`` is the family's font for that
    /// style, as Minikin's `FontFamily::getClosestMatch` picks it, at the `<axis>` values
    /// `fonts.xml` gives (axes the face lacks are ignored and values clamped, as FreeType does).
    ///
    /// - Throws: ``CaliperError/androidFontFamilyNotFound(_:configuration:available:)`` for a name
    ///   that is neither (a device would quietly give its default typeface),
    ///   ``CaliperError/invalidAndroidProfile(_:)`` for a weight outside 1–1000, and the errors of
    ///   loading the font.
    public func typeface(_ name: String, weight: Int? = nil, italic: Bool = false) throws(CaliperError) -> AndroidTypeface {
        if let weight, !(1...1000).contains(weight) {
            throw .invalidAndroidProfile("a typeface's weight is from 1 to 1000, not \(weight)")
        }
        let familyName: String
        var aliasWeight: Int?
        if familyNames.contains(name) {
            familyName = name
        } else if let alias = configuration.aliases.first(where: { $0.name == name }) {
            familyName = alias.to
            aliasWeight = alias.weight == 400 ? nil : alias.weight
        } else {
            throw .androidFontFamilyNotFound(name, configuration: configurationPath, available: familyNames + aliases.map(\.name))
        }
        guard let list = configuration.fallbackList(named: familyName), let first = list.first else {
            throw .androidFontFamilyNotFound(name, configuration: configurationPath, available: familyNames)
        }
        let resolvedWeight: Int
        if let weight = weight ?? aliasWeight {
            resolvedWeight = weight
        } else {
            resolvedWeight = min(max(try face(Self.closestMatch(in: first.fonts, weight: 400, italic: false)).weight, 1), 1000)
        }
        let key = CollectionKey(familyName: familyName, weight: resolvedWeight, isItalic: italic)
        return AndroidTypeface(name: name, familyName: familyName, weight: resolvedWeight, isItalic: italic, font: try typefaceFace(key, fonts: first.fonts))
    }

    /// The face of the typeface `key`: the named family's font for its style, as a face object of
    /// its own (the same file and coordinates as the font's), so that a style in it says which
    /// typeface it is. Made once.
    private func typefaceFace(_ key: CollectionKey, fonts: [AndroidFontConfiguration.Font]) throws(CaliperError) -> FontFace {
        if let known = typefaces.withLock({ $0.faces[key] }) { return known }
        let shared = try face(Self.closestMatch(in: fonts, weight: key.weight, italic: key.isItalic))
        let own = try FontFace(data: shared.data, faceIndex: shared.faceIndex)
        let made = shared.variations.isEmpty ? own : try own.withVariations(shared.variations)
        return typefaces.withLock { typefaces in
            if let raced = typefaces.faces[key] { return raced }
            typefaces.faces[key] = made
            typefaces.keys[ObjectIdentifier(made)] = key
            return made
        }
    }

    /// A ``TextStyle`` in the typeface `family` (``typeface(_:weight:italic:)``) at `size` sp:
    /// measured with ``TextMeasurer/androidMeasurement(of:style:profile:)`` under a profile whose
    /// ``AndroidProfile/systemFonts`` are these fonts, it falls back as the system typeface does.
    ///
    /// The typeface's weight and slant are the paint's: they pick the font of each fallback
    /// family as they do on a device. Each typeface has a face of its own, so two typefaces whose
    /// font is the same file give two styles.
    public func textStyle(
        family: String = AndroidFonts.defaultFamilyName, weight: Int? = nil, italic: Bool = false, size: CGFloat,
        features: [FontFeature] = []
    ) throws(CaliperError) -> TextStyle {
        TextStyle(font: try typeface(family, weight: weight, italic: italic).font, size: size, features: features, fallback: .none)
    }

    /// The families a typeface named `name` (a family or an alias) falls back through, in order,
    /// as Android 14's `SystemFonts.buildSystemFallback` lists them: the family's own (default
    /// fallbacks), then every fallback family of `fonts.xml` not already in the list, each with
    /// its fonts meant for `name` (`fallbackFor`) when it has any, else its other fonts.
    ///
    /// - Throws: ``CaliperError/androidFontFamilyNotFound(_:configuration:available:)``.
    public func families(ofTypeface name: String) throws(CaliperError) -> [AndroidFontFamily] {
        let familyName = familyNames.contains(name) ? name : configuration.aliases.first { $0.name == name }?.to
        guard let familyName, let list = configuration.fallbackList(named: familyName) else {
            throw .androidFontFamilyNotFound(name, configuration: configurationPath, available: familyNames + aliases.map(\.name))
        }
        return list.map { AndroidFontFamily($0.family, fonts: $0.fonts, isDefaultFallback: $0.isDefaultFallback) }
    }

    // MARK: Collections

    /// The families `style` is measured with on the device: when its font is a typeface's of
    /// these fonts (``typeface(_:weight:italic:)``) and it lists no fallback fonts of its own, that
    /// typeface's (its named family, in its font, then the family's fallbacks, for a paint of the
    /// typeface's weight and slant); otherwise the style's fonts as custom fallbacks followed by
    /// the default family's collection at 400, upright (`Typeface.CustomFallbackBuilder` without
    /// `setStyle`).
    func collection(for style: TextStyle) throws(CaliperError) -> [AndroidFamily] {
        if style.fallbackFonts.isEmpty, let key = typefaces.withLock({ $0.keys[ObjectIdentifier(style.font)] }),
            typefaces.withLock({ $0.faces[key] }) === style.font
        {
            return try collection(key, primary: style.font)
        }
        let fallbackName = familyNames.contains(Self.defaultFamilyName) ? Self.defaultFamilyName : familyNames.first
        let system = try fallbackName.map { (name) throws(CaliperError) in
            try collection(CollectionKey(familyName: name, weight: 400, isItalic: false), primary: nil)
        } ?? []
        let families = ([style.font] + style.fallbackFonts).map(AndroidFamily.custom) + system
        guard families.count <= Self.maximumFamilyCount else {
            throw .invalidAndroidProfile(
                "the collection would have \(families.count) families, over Minikin's limit of \(Self.maximumFamilyCount)")
        }
        return families
    }

    /// The families of the typeface `key` (a named family, a paint's weight and slant), loaded
    /// once; `primary`, when given, is the typeface's face, which its first family is shaped in.
    private func collection(_ key: CollectionKey, primary: FontFace?) throws(CaliperError) -> [AndroidFamily] {
        if let known = collections.withLock({ $0[key] }), primary == nil || known.first?.font === primary { return known }
        guard let list = configuration.fallbackList(named: key.familyName) else {
            throw .androidFontFamilyNotFound(key.familyName, configuration: configurationPath, available: familyNames)
        }
        guard list.count <= Self.maximumFamilyCount else {
            throw .invalidAndroidProfile(
                "the typeface \(key.familyName) has \(list.count) families, over Minikin's limit of \(Self.maximumFamilyCount)")
        }
        var families: [AndroidFamily] = []
        for (index, entry) in list.enumerated() {
            let coverage = try face(Self.closestMatch(in: entry.fonts, weight: 400, italic: false))
            let font: FontFace
            if index == 0, let primary {
                font = primary
            } else {
                font = try face(Self.closestMatch(in: entry.fonts, weight: key.weight, italic: key.isItalic))
            }
            families.append(
                AndroidFamily(
                    font: font,
                    coverage: coverage, locales: .cached(entry.family.locales), variant: entry.family.variant,
                    isCustomFallback: false, isDefaultFallback: entry.isDefaultFallback))
        }
        return collections.withLock { collections in
            if let raced = collections[key], primary == nil || raced.first?.font === primary { return raced }
            if collections.count >= Self.collectionCacheCapacity { collections.removeAll(keepingCapacity: true) }
            collections[key] = families
            return families
        }
    }

    /// `FontFamily::getClosestMatch`: the first font with the least `computeMatch` distance —
    /// 0 for the same weight and slant, else the difference in hundreds of weight (`weight / 100`,
    /// whole numbers) plus 2 for the other slant.
    static func closestMatch(
        in fonts: [AndroidFontConfiguration.Font], weight: Int, italic: Bool
    ) -> AndroidFontConfiguration.Font {
        func distance(_ font: AndroidFontConfiguration.Font) -> Int {
            if font.weight == weight, font.isItalic == italic { return 0 }
            return abs(font.weight / 100 - weight / 100) + (font.isItalic == italic ? 0 : 2)
        }
        var best = fonts[0]
        var bestDistance = distance(best)
        for font in fonts.dropFirst() where distance(font) < bestDistance {
            best = font
            bestDistance = distance(font)
        }
        return best
    }

    /// The face of a font entry: the file's face at its index, at the entry's axis values (the
    /// axes the face has, clamped to their ranges), loaded once.
    private func face(_ font: AndroidFontConfiguration.Font) throws(CaliperError) -> FontFace {
        if let known = faces.withLock({ $0[font] }) { return known }
        let base = try resolver.face(for: font.path + "#\(font.index)")
        let settings = font.axes.compactMap { variation -> FontVariation? in
            guard let axis = base.axes.first(where: { $0.tag == variation.tag }) else { return nil }
            return FontVariation(validatedTag: axis.tag, value: min(max(variation.value, axis.minimum), axis.maximum))
        }
        var unique: [FontVariation] = []
        for setting in settings.reversed() where !unique.contains(where: { $0.tag == setting.tag }) { unique.append(setting) }
        let face = unique.isEmpty ? base : try base.withVariations(unique.reversed())
        return faces.withLock { faces in
            if let raced = faces[font] { return raced }
            faces[font] = face
            return face
        }
    }

    /// Whether two values are the same fonts (by identity).
    public static func == (lhs: AndroidFonts, rhs: AndroidFonts) -> Bool { lhs === rhs }

    /// Hashes the identity equality compares.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A typeface of a device's system fonts (``AndroidFonts/typeface(_:weight:italic:)``): the named
/// family, the paint's weight and slant, and the family's font for them.
public struct AndroidTypeface: Sendable, Hashable {
    /// The name asked for: a family or an alias.
    public let name: String
    /// The named family (an alias's family).
    public let familyName: String
    /// The weight (1–1000).
    public let weight: Int
    /// Whether the typeface is italic.
    public let isItalic: Bool
    /// The family's font for the weight and slant, at its `fonts.xml` axis values.
    public let font: FontFace
}

/// An alias of `fonts.xml` (`<alias name to weight>`): another name for a family at a weight.
public struct AndroidFontAlias: Sendable, Hashable {
    /// The alias (`sans-serif-medium`).
    public let name: String
    /// The family it names (`sans-serif`).
    public let family: String
    /// Its weight (400 unless `fonts.xml` says).
    public let weight: Int
}

/// A family of `fonts.xml` as a typeface's collection holds it: its locales and variant, whether
/// it is a default fallback (a named family's own), and its fonts.
public struct AndroidFontFamily: Sendable, Hashable {
    /// A font of a family: its file, index, style, axis values and the family it is only for.
    public struct Font: Sendable, Hashable {
        /// The file, as `fonts.xml` names it in the font folder.
        public let file: String
        /// The face in the file (`index`).
        public let index: Int
        /// The weight `fonts.xml` gives (400 by default).
        public let weight: Int
        /// Whether `fonts.xml` says `style="italic"`.
        public let isItalic: Bool
        /// The `<axis>` values, in order.
        public let variations: [FontVariation]
        /// The named family the font is only for (`fallbackFor`), or `nil`.
        public let fallbackFor: String?
    }

    /// The family's locales (`lang`), as written; empty without any.
    public let locales: String
    /// Its variant.
    public let variant: AndroidFontVariant
    /// Whether it is a named family's own (a default fallback, primary in its typeface).
    public let isDefaultFallback: Bool
    /// Its fonts, in order.
    public let fonts: [Font]

    init(_ family: AndroidFontConfiguration.Family, fonts: [AndroidFontConfiguration.Font], isDefaultFallback: Bool) {
        locales = family.locales
        variant = family.variant
        self.isDefaultFallback = isDefaultFallback
        self.fonts = fonts.map {
            Font(file: $0.file, index: $0.index, weight: $0.weight, isItalic: $0.isItalic, variations: $0.axes, fallbackFor: $0.fallbackFor)
        }
    }
}
