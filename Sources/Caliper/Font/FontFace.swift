// FontFace.swift — one face of a font file, loaded and ready to shape with.
import Foundation

/// One face of a font file, loaded once and shared: immutable, `Sendable`, safe to measure with
/// from many tasks at once.
///
/// ```swift
/// let dejaVu = try FontFace(contentsOfFile: "Fonts/DejaVuSans.ttf")
/// let bold = try FontFace.matching("DejaVu Sans:bold")
/// let cjk = try FontFace(contentsOfFile: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", faceIndex: 2)
/// ```
public final class FontFace: Sendable, Hashable, CustomStringConvertible {
    /// Font files larger than this are refused unless a caller passes a larger limit.
    public static let defaultFileSizeLimit = 256 * 1024 * 1024

    /// The font file.
    public let path: String
    /// The face in the file (0 for a single-face .ttf/.otf).
    public let faceIndex: Int
    /// How many faces the file holds.
    public let faceCount: Int
    /// The family name from the face's tables, e.g. "DejaVu Sans".
    public let familyName: String
    /// The style name, e.g. "Book" or "Bold".
    public let styleName: String
    /// The number of glyphs in the face.
    public let glyphCount: Int
    /// Vertical metrics in design units.
    public let designMetrics: FontDesignMetrics

    let harfBuzz: HarfBuzzFont
    /// The font file's bytes, shared with the other faces of a collection loaded through a ``FontResolver``.
    let data: FontData
    /// Which of U+0000…U+024F (Basic Latin to Latin Extended-B) the character map covers, one bit
    /// each: the plain-Latin fast path (``PlainLatinLabel``) checks coverage here, without HarfBuzz.
    let latinCoverage: LatinCoverage
    /// Whether the face draws in colour (bitmap, layered or SVG glyphs), as emoji fonts do:
    /// asked of HarfBuzz once, when the face is made (a font cascade asks it of every non-Latin
    /// character).
    public let isColorFont: Bool
    /// Which characters past Latin, up to U+1FFFF, the character map covers, learned as text asks
    /// (see ``GlyphCoverage``); made on the first such question.
    private let coverage = GlyphCoverage.Lazy()
    private let spaceIsolation = Locked<Bool?>(nil)
    /// The face as Android's Skia scales it with FreeType, made when the Android profile first
    /// measures with it.
    private let skiaScaler = Locked<SkiaFreeTypeFace?>(nil)
    private let wordIsolation = Locked<Bool?>(nil)

    /// The face's weight on CSS's scale (400 regular, 700 bold): `OS/2.usWeightClass`, or an
    /// instance's `wght` coordinate.
    public let weight: Int
    /// Whether the face is italic or oblique: `OS/2.fsSelection`, or an instance leaning on its
    /// `ital` or `slnt` axis.
    public let isItalic: Bool

    /// The variation axes of the face (`fvar`); empty for a static font.
    public let axes: [FontAxis]
    /// The coordinates this face is set at, sorted by tag; empty for the default instance (and a
    /// static font). See ``withVariations(_:)``.
    public let variations: [FontVariation]
    /// The face's AAT tracking (`trak`), applied at each point size as HarfBuzz applies it with a
    /// point size set (see ``TrackingTable``); `nil` for a face without one, the usual case, which
    /// then pays one stored-optional check.
    let tracking: TrackingTable?
    /// The `opsz` axis when text in this face follows the point size: the face has the axis and
    /// its ``variations`` do not set it (see ``followsOpticalSize``). One stored value, so faces
    /// without the axis pay a single `nil` check per span.
    private let automaticOpticalSizeAxis: FontAxis?
    /// `automaticOpticalSizeAxis != nil`, stored: measuring asks it of every style's font on every
    /// call, and reading the optional axis (strings and all) costs more than the warm label path.
    private let hasAutomaticOpticalSize: Bool
    /// The default instance this face is a variation of (`self` for a default instance).
    private let defaultInstance: FontFace?
    /// For a family cut in separate files by point size (Apple's SF Pro Text and SF Pro Display),
    /// each cut and the smallest size it is used at, in increasing order (see
    /// ``opticalSizeCuts(_:)``); `nil` for every other face.
    private let opticalCuts: [(minimumPointSize: CGFloat, face: FontFace)]?
    /// Instances made from this default instance, by their coordinates, so the same coordinates
    /// give the same face while it is in use (and the caches keyed by face, which hold their
    /// faces, keep hitting). Held weakly: an instance holds its default instance, so a strong
    /// table would keep both, and the font file's bytes, alive after their last user let go.
    /// Bounded: past ``maximumInstanceCount`` the entries of instances gone are dropped, then all.
    private let instances = Locked<[[FontVariation]: WeakFace]>([:])
    /// How many instances one face remembers.
    static let maximumInstanceCount = 256

    /// Loads face `faceIndex` of the font file at `path`.
    ///
    /// - Throws: ``CaliperError/fontFileNotFound(path:)``, ``CaliperError/fontFileUnreadable(path:reason:)``,
    ///   ``CaliperError/fontFileTooLarge(path:bytes:limit:)``, ``CaliperError/faceIndexOutOfRange(path:faceIndex:faceCount:)``
    ///   or ``CaliperError/invalidFont(path:faceIndex:reason:)``.
    public convenience init(
        contentsOfFile path: String, faceIndex: Int = 0, fileSizeLimit: Int = FontFace.defaultFileSizeLimit
    ) throws(CaliperError) {
        try self.init(data: try FontFile(path: path).read(limit: fileSizeLimit), faceIndex: faceIndex)
    }

    /// Loads face `faceIndex` of a font held in memory (downloaded, embedded); `name` stands for
    /// its path in ``path`` and in error messages.
    public convenience init(
        bytes: some Collection<UInt8>, faceIndex: Int = 0, name: String = "<memory>",
        fileSizeLimit: Int = FontFace.defaultFileSizeLimit
    ) throws(CaliperError) {
        try self.init(data: try FontData(bytes: bytes, name: name, limit: fileSizeLimit), faceIndex: faceIndex)
    }

    /// Loads face `faceIndex` of bytes already read (several faces of one collection share them).
    init(data: FontData, faceIndex: Int) throws(CaliperError) {
        let face = try HarfBuzzFace(data: data, faceIndex: faceIndex)
        let tables = try FontTables(reading: face)
        let harfBuzz = try HarfBuzzFont(face: face)
        self.path = data.path
        self.data = data
        self.faceIndex = faceIndex
        self.faceCount = face.faceCount
        self.familyName = tables.familyName
        self.styleName = tables.styleName
        self.glyphCount = tables.glyphCount
        // Without OS/2's cap and x heights (before version 2), the tops of the outlines of "H"
        // and "x" (what FreeType's glyph metrics gave before, for every fixture font alike).
        self.designMetrics = FontDesignMetrics(
            unitsPerEm: tables.unitsPerEm, ascender: tables.ascender, descender: tables.descender, lineGap: tables.lineGap,
            capHeight: tables.capHeight ?? harfBuzz.outlineTop(of: "H") ?? 0,
            xHeight: tables.xHeight ?? harfBuzz.outlineTop(of: "x") ?? 0)
        self.harfBuzz = harfBuzz
        self.latinCoverage = LatinCoverage { harfBuzz.nominalGlyph(for: $0) != nil }
        self.isColorFont = harfBuzz.isColorFont
        self.tracking = tables.trackingTable.isEmpty ? nil : TrackingTable(trakTable: tables.trackingTable)
        let axes = face.axes
        self.axes = axes
        self.variations = []
        self.automaticOpticalSizeAxis = axes.first { $0.tag == FontAxis.opticalSizeTag }
        hasAutomaticOpticalSize = automaticOpticalSizeAxis != nil
        self.defaultInstance = nil
        self.opticalCuts = nil
        self.weight = tables.weightClass
        self.isItalic = tables.isItalic
    }

    /// An instance of `base` (a default instance) at `variations`, validated and sorted: it shares
    /// the bytes, names, character map and HarfBuzz face; its advances carry the font's `HVAR`
    /// (or `gvar`) deltas and its line metrics its `MVAR` deltas, rounded to whole design units
    /// as HarfBuzz reports positions at a scale of unitsPerEm.
    private init(instanceOf base: FontFace, variations: [FontVariation]) throws(CaliperError) {
        let harfBuzz = try HarfBuzzFont(variationOf: base.harfBuzz, coordinates: variations)
        path = base.path
        data = base.data
        faceIndex = base.faceIndex
        faceCount = base.faceCount
        familyName = base.familyName
        // A named instance's own name ("Semi Bold"); other coordinates keep the default's.
        let coordinates = base.axes.map { axis in variations.first { $0.tag == axis.tag }?.value ?? axis.defaultValue }
        styleName = harfBuzz.face.namedInstances.first { $0.coordinates.map(\.value) == coordinates }?.name ?? base.styleName
        glyphCount = base.glyphCount
        axes = base.axes
        latinCoverage = base.latinCoverage
        isColorFont = base.isColorFont
        tracking = base.tracking
        self.harfBuzz = harfBuzz
        self.variations = variations
        automaticOpticalSizeAxis = variations.contains { $0.tag == FontAxis.opticalSizeTag }
            ? nil : base.automaticOpticalSizeAxis
        hasAutomaticOpticalSize = automaticOpticalSizeAxis != nil
        defaultInstance = base
        opticalCuts = nil
        weight = variations.first { $0.tag == "wght" }.map { Int($0.value.rounded()) } ?? base.weight
        isItalic = base.isItalic || variations.contains { ($0.tag == "ital" && $0.value >= 1) || ($0.tag == "slnt" && $0.value < 0) }
        // HarfBuzz reports a varied metric at a scale of unitsPerEm as floor(value + delta + 0.5):
        // a delta ending in exactly a half rounds up (descender -483 - 2.5 is -485), as fontTools does.
        let metrics = base.designMetrics
        let moved = { (value: Int, tag: String) in Int((Double(value) + harfBuzz.metricsVariation(tag) + 0.5).rounded(.down)) }
        designMetrics = FontDesignMetrics(
            unitsPerEm: metrics.unitsPerEm, ascender: moved(metrics.ascender, "hasc"),
            descender: moved(metrics.descender, "hdsc"), lineGap: moved(metrics.lineGap, "hlgp"),
            capHeight: moved(metrics.capHeight, "cpht"), xHeight: moved(metrics.xHeight, "xhgt"))
    }

    /// A face standing for `cuts` (see ``opticalSizeCuts(_:)``): the first cut's tables, names and
    /// metrics, so anything asked of the face before a size is known answers as the smallest cut.
    private init(cuts: [(minimumPointSize: CGFloat, face: FontFace)]) {
        let first = cuts[0].face
        path = first.path
        data = first.data
        faceIndex = first.faceIndex
        faceCount = first.faceCount
        familyName = first.familyName
        styleName = first.styleName
        glyphCount = first.glyphCount
        designMetrics = first.designMetrics
        harfBuzz = first.harfBuzz
        latinCoverage = first.latinCoverage
        isColorFont = first.isColorFont
        tracking = first.tracking
        axes = first.axes
        variations = first.variations
        automaticOpticalSizeAxis = nil
        hasAutomaticOpticalSize = true
        defaultInstance = nil
        opticalCuts = cuts
        weight = first.weight
        isItalic = first.isItalic
    }

    /// One face for a family cut in separate files by point size, as Apple's static system fonts
    /// are (SF Pro Text below 20 pt, SF Pro Display from 20 pt): text at a size is measured in the
    /// cut whose `minimumPointSize` is the largest at or below it (the first cut below every
    /// minimum), as an `opsz` axis would choose it, so Dynamic Type scaling, shrink-to-fit and
    /// spans of other sizes each get their cut. The face ``followsOpticalSize``, and
    /// ``instance(atPointSize:)`` returns the cut.
    ///
    /// - Parameter cuts: each face with the smallest size it is for, in increasing order of size;
    ///   faces that are themselves static (not variable, not cuts). One cut is that face.
    static func opticalSizeCuts(_ cuts: [(minimumPointSize: CGFloat, face: FontFace)]) -> FontFace? {
        guard let first = cuts.first else { return nil }
        return cuts.count == 1 ? first.face : FontFace(cuts: cuts)
    }

    /// This face set at `variations` on its axes (CSS's `font-variation-settings`, CoreText's
    /// `kCTFontVariationAttribute`): `try inter.withVariations([FontVariation("wght=600")])`.
    /// Settings apply on top of the face's own ``variations``; axes not named keep theirs (or
    /// their defaults). The same coordinates always give the same face.
    ///
    /// - Throws: ``CaliperError/invalidVariation(_:reason:)`` for an axis the face does not have
    ///   (the error lists the ones it has), a value outside the axis's range, or an axis given twice.
    public func withVariations(_ settings: [FontVariation]) throws(CaliperError) -> FontFace {
        let base = defaultInstance ?? self
        var coordinates: [Tag: Double] = [:]
        for variation in variations { coordinates[variation.tag] = variation.value }
        var named: Set<Tag> = []
        for setting in settings {
            guard named.insert(setting.tag).inserted else {
                throw .invalidVariation(setting.description, reason: "the axis \(setting.tag) is given twice")
            }
            guard let axis = axes.first(where: { $0.tag == setting.tag }) else {
                let offered = axes.isEmpty
                    ? "it is not a variable font"
                    : "its axes: " + axes.map { "\($0.tag) \(FontVariation.text($0.minimum))…\(FontVariation.text($0.maximum))" }.joined(separator: ", ")
                throw .invalidVariation(setting.description, reason: "\(description) has no axis \(setting.tag) (\(offered))")
            }
            guard setting.value >= axis.minimum, setting.value <= axis.maximum else {
                throw .invalidVariation(
                    setting.description,
                    reason: "\(axis.tag) of \(description) ranges from \(FontVariation.text(axis.minimum)) to \(FontVariation.text(axis.maximum))")
            }
            coordinates[setting.tag] = setting.value
        }
        let sorted = coordinates.map { FontVariation(validatedTag: $0.key, value: $0.value) }.sorted { $0.tag < $1.tag }
        guard !sorted.isEmpty else { return base }
        if let known = base.instances.withLock({ $0[sorted]?.face }) { return known }
        let instance = try FontFace(instanceOf: base, variations: sorted)
        return base.instances.withLock { instances in
            if let raced = instances[sorted]?.face { return raced }
            if instances.count >= Self.maximumInstanceCount {
                instances = instances.filter { $0.value.face != nil }
                if instances.count >= Self.maximumInstanceCount { instances.removeAll(keepingCapacity: true) }
            }
            instances[sorted] = WeakFace(face: instance)
            return instance
        }
    }

    /// Whether text in this face is measured at an optical size that follows its point size, as
    /// CoreText's `kCTFontOpticalSizeAttribute` "auto" and CSS's `font-optical-sizing: auto` set
    /// it: the face has an `opsz` axis and its ``variations`` do not set it. A face whose
    /// variations set `opsz` (``withVariations(_:)`` with `opsz`, or a ``namedInstance(_:)``,
    /// whose coordinates name every axis) keeps that optical size at every point size. A system
    /// font's static Text/Display pair (``SystemFonts``) follows the size too, by switching cut.
    public var followsOpticalSize: Bool { hasAutomaticOpticalSize }

    /// The face text at `pointSize` is measured in: for a face that ``followsOpticalSize``, its
    /// instance at `opsz` = `pointSize` clamped to the axis's range (its other coordinates
    /// kept), or for a static pair of cuts the cut for that size; otherwise the face itself.
    /// ``TextMeasurer`` applies this to every font of every style it measures, so a 12 pt and a
    /// 40 pt label in one variable face are set in two instances, as CoreText sets them.
    ///
    /// ```swift
    /// let face = try FontFace(contentsOfFile: "Fonts/CaliperOpszTest.ttf")  // opsz 8…72
    /// try face.instance(atPointSize: 17).variations   // [opsz=17]
    /// try face.instance(atPointSize: 100).variations  // [opsz=72]
    /// ```
    ///
    /// - Throws: ``CaliperError/invalidFontSize(_:)`` for a size that is not finite and
    ///   positive, when the face follows the optical size.
    public func instance(atPointSize pointSize: CGFloat) throws(CaliperError) -> FontFace {
        if let opticalCuts {
            guard pointSize.isFinite, pointSize > 0 else { throw .invalidFontSize(Double(pointSize)) }
            return opticalCuts.last { $0.minimumPointSize <= pointSize }?.face ?? opticalCuts[0].face
        }
        guard let axis = automaticOpticalSizeAxis else { return self }
        guard pointSize.isFinite, pointSize > 0 else { throw .invalidFontSize(Double(pointSize)) }
        let opticalSize = min(max(Double(pointSize), axis.minimum), axis.maximum)
        return try withVariations([FontVariation(validatedTag: FontAxis.opticalSizeTag, value: opticalSize)])
    }

    /// The size and baseline shift of superscript (or subscript) text that follows text set in
    /// this face, as fractions of the em: `OS/2` y size and y offset (`ySuperscriptYSize` /
    /// `ySuperscriptYOffset`, `ySubscript…`; a subscript's offset is how far it is lowered), as
    /// Pango 1.50 reads them for `<sup>` and `<sub>`. Each is `nil` when the face has no `OS/2`
    /// table or the value is 0 (Pango then uses 1/1.2 and 5000/1024 pt, see ``MarkupScriptLayout``).
    func scriptMetrics(superscript: Bool) -> (sizeInEms: Double?, offsetInEms: Double?) {
        let upem = Double(designMetrics.unitsPerEm)
        let size = harfBuzz.metricsPosition(superscript ? "spys" : "sbys").flatMap { $0 != 0 ? Double($0) / upem : nil }
        let offset = harfBuzz.metricsPosition(superscript ? "spyo" : "sbyo").flatMap { $0 != 0 ? Double($0) / upem : nil }
        return (size, offset)
    }

    /// The face's named instances ("Thin", "SemiBold", "Bold Italic"), from its `fvar` table.
    public var namedInstances: [FontNamedInstance] { harfBuzz.face.namedInstances }

    /// The named instance called `name` (case-insensitive), as fontconfig's and CoreText's
    /// instance names select it.
    ///
    /// - Throws: ``CaliperError/invalidVariation(_:reason:)`` naming the instances the face has.
    public func namedInstance(_ name: String) throws(CaliperError) -> FontFace {
        let instances = namedInstances
        guard let instance = instances.first(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) else {
            let offered = instances.isEmpty ? "it has none" : "it has " + instances.map(\.name).joined(separator: ", ")
            throw .invalidVariation(name, reason: "\(description) has no named instance \(name) (\(offered))")
        }
        return try (defaultInstance ?? self).withVariations(instance.coordinates)
    }

    /// Named instance `index` (0-based), as fontconfig numbers them in a pattern's index.
    func namedInstance(at index: Int) throws(CaliperError) -> FontFace {
        let instances = namedInstances
        guard instances.indices.contains(index) else {
            throw .invalidVariation("instance \(index + 1)", reason: "\(description) has \(instances.count) named instances")
        }
        return try (defaultInstance ?? self).withVariations(instances[index].coordinates)
    }

    /// Loads the installed font fontconfig picks for `pattern`, e.g. `"DejaVu Sans:bold"`.
    ///
    /// The match is strict about families: when the pattern names a family that no installed font
    /// has, this throws ``CaliperError/fontNotMatched(pattern:closest:)`` naming fontconfig's
    /// substitute, rather than silently measuring with another font. Generic families
    /// (`sans-serif`, `serif`, `monospace`, `emoji`, …) resolve to fontconfig's choice.
    ///
    /// fontconfig is asked on every call. The faces it picks, and the fonts it falls back to for
    /// characters a style's font lacks (see ``FontFallback``), are kept loaded together within one
    /// budget of ``FontResolver/defaultCacheByteBudget`` bytes, as a ``FontResolver`` keeps its
    /// fonts: the same file gives the same face while it stays loaded.
    public static func matching(_ pattern: String) throws(CaliperError) -> FontFace {
        try FontResolver.systemFonts.face(matchingPattern: pattern)
    }

    /// The file and face fontconfig picks for `pattern`, strict about families as ``matching(_:)``.
    static func matchedFile(_ pattern: String) throws(CaliperError) -> (path: String, faceIndex: Int, namedInstance: Int?) {
        let match = try Fontconfig.match(pattern)
        let requested = try Fontconfig.requestedFamilies(in: pattern)
        let genericFamilies: Set<String> = [
            "sans-serif", "sans", "serif", "monospace", "mono", "system-ui", "emoji", "cursive", "fantasy", "math",
        ]
        let offered = Set(match.families.map { $0.lowercased() })
        let isSatisfied = requested.isEmpty || requested.contains { family in
            genericFamilies.contains(family.lowercased()) || offered.contains(family.lowercased())
        }
        guard isSatisfied else {
            let closest = [match.families.first, match.style].compactMap { $0 }.joined(separator: ":")
            throw .fontNotMatched(pattern: pattern, closest: closest.isEmpty ? nil : closest)
        }
        return (match.path, match.faceIndex, match.namedInstance)
    }

    /// The font fontconfig uses for `sans-serif` (DejaVu Sans on a stock Debian system).
    public static func systemDefault() throws(CaliperError) -> FontFace {
        try matching("sans-serif")
    }

    /// The installed fonts that match `pattern` (every font for `""`).
    public static func installedFonts(matching pattern: String = "") throws(CaliperError) -> [InstalledFont] {
        try Fontconfig.list(pattern)
    }

    /// The metrics in points at `pointSize`.
    public func metrics(atSize pointSize: CGFloat) -> FontMetrics {
        designMetrics.scaled(toPointSize: pointSize)
    }

    /// The hyphen a line that breaks inside a word shows in this face: U+2010 HYPHEN when the
    /// face has it, else U+002D HYPHEN-MINUS (as Chromium chooses).
    public var hyphen: Unicode.Scalar { hasGlyph(for: "\u{2010}") ? "\u{2010}" : "-" }

    /// Whether the face's character map has a glyph for `scalar`.
    public func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
        // The Latin bitmap and the kept coverage hold the same answers, from the same call.
        let value = scalar.value
        if value < LatinCoverage.end { return latinCoverage.contains(value) }
        guard value < GlyphCoverage.end else { return harfBuzz.nominalGlyph(for: scalar) != nil }
        if let known = coverage.knownAnswer(value) { return known }
        return coverage.withCoverage { $0.contains(value) { self.harfBuzz.nominalGlyph(forValue: $0) != nil } }
    }

    /// Whether Latin words shape the same on their own as between spaces (see ``SpaceIsolation``),
    /// worked out on first use.
    var isolatesSpaces: Bool {
        if let known = spaceIsolation.withLock({ $0 }) { return known }
        let holds = SpaceIsolation.holds(in: harfBuzz)
        spaceIsolation.withLock { $0 = holds }
        return holds
    }

    /// Whether words of every script shape the same on their own as between spaces: no lookup of
    /// any script in the face acts across a space (see ``SpaceIsolation``), worked out on first use.
    var isolatesWords: Bool {
        if let known = wordIsolation.withLock({ $0 }) { return known }
        let holds = SpaceIsolation.holds(in: harfBuzz, scriptTags: nil)
        wordIsolation.withLock { $0 = holds }
        return holds
    }

    /// The family, style, file (with `#N` for a face of a collection) and any variation settings,
    /// e.g. `DejaVu Sans Book (DejaVuSans.ttf)`.
    public var description: String {
        if let opticalCuts {
            return opticalCuts.enumerated().map { index, cut in
                index == 0 ? cut.face.description : "from \(FontVariation.text(Double(cut.minimumPointSize))) pt \(cut.face.description)"
            }.joined(separator: ", ")
        }
        let file = (path as NSString).lastPathComponent + (faceIndex == 0 ? "" : "#\(faceIndex)")
        let settings = variations.isEmpty ? "" : " " + variations.map(\.description).joined(separator: ",")
        return "\(familyName) \(styleName) (\(file)\(settings))"
    }

    /// Whether the two are the same loaded face: faces compare by identity, so caches keyed by face
    /// stay exact and cheap.
    public static func == (lhs: FontFace, rhs: FontFace) -> Bool { lhs === rhs }
    /// Hashes the face's identity, to agree with ``==(_:_:)``.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension FontFace {
    /// `body`'s result and how many runs were shaped in `faces` while it ran (labels' advances
    /// included), for tests that prove work is not done: each face must be the test's own (loaded
    /// by it), as shaping by anyone else in those faces meanwhile counts too.
    package static func countingShapings<Result>(
        in faces: [FontFace], _ body: () throws -> Result
    ) rethrows -> (result: Result, shapings: Int) {
        for face in faces { face.harfBuzz.startCountingShapings() }
        defer { for face in faces { _ = face.harfBuzz.stopCountingShapings() } }  // when `body` throws
        let result = try body()
        return (result, faces.reduce(0) { $0 + $1.harfBuzz.stopCountingShapings() })
    }
}

/// A face held weakly, for tables that must not keep their faces alive.
private struct WeakFace {
    weak var face: FontFace?
}

extension FontFace {
    /// The face as Android's Skia scales it (``SkiaFreeTypeFace``), at this face's coordinates,
    /// made on first use and kept with the face.
    func androidScaler() throws(CaliperError) -> SkiaFreeTypeFace {
        if let made = skiaScaler.withLock({ $0 }) { return made }
        let coordinates = axes.map { axis in variations.first { $0.tag == axis.tag }?.value ?? axis.defaultValue }
        let made = try SkiaFreeTypeFace(data: data, faceIndex: faceIndex, designCoordinates: variations.isEmpty ? [] : coordinates)
        return skiaScaler.withLock { scaler in
            if let raced = scaler { return raced }
            scaler = made
            return made
        }
    }
}
