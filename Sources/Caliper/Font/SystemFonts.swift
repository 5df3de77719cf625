// SystemFonts.swift — Apple's system fonts from a folder of Apple's font files, chosen as UIFont's calls choose them.
import Foundation

/// Apple's system fonts — SF Pro (SF Compact on watchOS), SF Pro Rounded, New York and SF Mono —
/// read from a folder of Apple's font files that you supply, and chosen as `UIFont`'s calls choose
/// them: `systemFont(ofSize:weight:)`, `systemFont(ofSize:weight:width:)`, `boldSystemFont`,
/// `italicSystemFont`, `monospacedSystemFont`, `monospacedDigitSystemFont`, a
/// `UIFontDescriptor.SystemDesign`, and `preferredFont(forTextStyle:compatibleWith:)`. Caliper
/// ships none of Apple's fonts: download them from developer.apple.com/fonts and read the licence
/// that comes with them (see the article "Measuring Apple's system fonts").
///
/// Files are found by what their tables say — the family (`name` ID 16, else 1), `OS/2` weight
/// and italic bit, variation axes and named instances — in the folder and the folders below it,
/// whatever the files are called:
///
/// | Design | Families looked for, in order |
/// |---|---|
/// | default | "SF Pro" (the variable `SF-Pro.ttf`), then the static pair "SF Pro Text" (below 20 pt) and "SF Pro Display" (from 20 pt) |
/// | rounded | "SF Pro Rounded" |
/// | serif | "New York" (the variable `NewYork.ttf`) |
/// | monospaced | "SF Mono" |
///
/// (watchOS: "SF Compact", "SF Compact Text" / "SF Compact Display", "SF Compact Rounded".) Within
/// a family the face is chosen by CSS Fonts 4's matching (§5.2): italic faces only when italic is
/// asked for (never a synthesized slant), then the nearest weight by CSS's order. A variable face
/// is set at the weight and width — the coordinates of its named instance of that name
/// ("Semibold", "Condensed") when it has one, else the weight's CSS value and the width's
/// `usWidthClass` percentage — and its `opsz` axis follows the point size. Tracking comes from
/// each font's `trak` table at the point size, as Core Text applies it.
///
/// ```swift
/// let fonts = try SystemFonts(directory: "/Library/Fonts")
/// let label = try fonts.systemFont(ofSize: 17, weight: .semibold)
/// let title = try fonts.preferredFont(forTextStyle: .title1, compatibleWith: .accessibilityLarge)
/// let size = try TextMeasurer().size(of: "Continue", style: label)
/// ```
public final class SystemFonts: Sendable {
    /// How deep below ``directory`` files are looked for.
    public static let maximumFolderDepth = 4
    /// The point size from which Apple's static system fonts use the Display cut: "SF Pro Text"
    /// below it, "SF Pro Display" from it (WWDC 2020, "The details of UI typography"; the Human
    /// Interface Guidelines of iOS 13: SF Pro Display for text of 20 points or larger).
    public static let displayCutMinimumPointSize: CGFloat = 20

    /// The folder given.
    public let directory: String
    /// Whose system font: SF Pro or SF Compact.
    public let platform: SystemFontPlatform
    /// Loads the files, confined to ``directory``.
    private let resolver: FontResolver
    /// The faces found, by path.
    private let index: [FolderFace]
    /// Faces already chosen, by descriptor (digits aside): the same call gives the same face, so
    /// caches keyed by face keep hitting. At most one per weight, width, design and slant.
    private let chosen = Locked<[SystemFontDescriptor: FontFace]>([:])

    /// Indexes the font files in `directory` and the folders below it (``maximumFolderDepth``
    /// deep); only their tables' headers are read until a face is asked for.
    ///
    /// - Parameters:
    ///   - directory: a folder holding Apple's font files (SF Pro, SF Mono, New York…).
    ///   - platform: ``SystemFontPlatform/iOS`` (SF Pro) or ``SystemFontPlatform/watchOS`` (SF Compact).
    ///   - cacheByteBudget: the most bytes of font files kept loaded.
    /// - Throws: ``CaliperError/invalidFontRoot(path:reason:)`` when `directory` is not a folder,
    ///   ``CaliperError/systemFontNotFound(_:directory:lookedFor:)`` when it holds no font file.
    public init(
        directory: String, platform: SystemFontPlatform = .iOS, cacheByteBudget: Int = FontResolver.defaultCacheByteBudget
    ) throws(CaliperError) {
        let resolver = try FontResolver(cacheByteBudget: cacheByteBudget, fontRoot: directory)
        let root = resolver.fontRoot ?? directory
        self.directory = directory
        self.platform = platform
        self.resolver = resolver
        index = FontFolder.faces(under: directory, maximumDepth: Self.maximumFolderDepth) { file in
            file.openedPath.map { FontResolver.isInside($0, root: root) } ?? false
        }
        guard !index.isEmpty else {
            throw .systemFontNotFound("any", directory: directory, lookedFor: "font files (.ttf, .otf, .ttc, .otc)")
        }
    }

    // MARK: UIFont's calls

    /// `UIFont.systemFont(ofSize:weight:)`.
    public func systemFont(ofSize size: CGFloat, weight: SystemFontWeight = .regular) throws(CaliperError) -> TextStyle {
        try font(ofSize: size, SystemFontDescriptor(weight: weight))
    }

    /// `UIFont.systemFont(ofSize:weight:width:)` (iOS 16).
    public func systemFont(ofSize size: CGFloat, weight: SystemFontWeight, width: SystemFontWidth) throws(CaliperError) -> TextStyle {
        try font(ofSize: size, SystemFontDescriptor(weight: weight, width: width))
    }

    /// `UIFont.boldSystemFont(ofSize:)`.
    public func boldSystemFont(ofSize size: CGFloat) throws(CaliperError) -> TextStyle {
        try font(ofSize: size, SystemFontDescriptor(weight: .bold))
    }

    /// `UIFont.italicSystemFont(ofSize:)`.
    public func italicSystemFont(ofSize size: CGFloat) throws(CaliperError) -> TextStyle {
        try font(ofSize: size, SystemFontDescriptor(isItalic: true))
    }

    /// `UIFont.monospacedSystemFont(ofSize:weight:)`: SF Mono.
    public func monospacedSystemFont(ofSize size: CGFloat, weight: SystemFontWeight) throws(CaliperError) -> TextStyle {
        try font(ofSize: size, SystemFontDescriptor(weight: weight, design: .monospaced))
    }

    /// `UIFont.monospacedDigitSystemFont(ofSize:weight:)`: the system font with `tnum`.
    public func monospacedDigitSystemFont(ofSize size: CGFloat, weight: SystemFontWeight) throws(CaliperError) -> TextStyle {
        try font(ofSize: size, SystemFontDescriptor(weight: weight, monospacedDigits: true))
    }

    /// `UIFont.preferredFont(forTextStyle:compatibleWith:)`: the system font at the style's size
    /// for `category` (``DynamicTypeStyle/pointSize(at:)``) and in its weight
    /// (``DynamicTypeStyle/systemFontWeight``: semibold for the headline).
    public func preferredFont(
        forTextStyle textStyle: DynamicTypeStyle, compatibleWith category: ContentSizeCategory = .large
    ) throws(CaliperError) -> TextStyle {
        try font(ofSize: textStyle.pointSize(at: category), SystemFontDescriptor(weight: textStyle.systemFontWeight))
    }

    /// The system font `descriptor` describes at `size` points: a ``TextStyle`` in its face, with
    /// `tnum` among its features for monospaced digits. Every call above comes here.
    ///
    /// - Throws: ``CaliperError/invalidFontSize(_:)``, ``CaliperError/systemFontNotFound(_:directory:lookedFor:)``
    ///   naming the families and Apple's files looked for, or an error loading the file.
    public func font(ofSize size: CGFloat, _ descriptor: SystemFontDescriptor) throws(CaliperError) -> TextStyle {
        guard size.isFinite, size > 0, size <= TextStyle.maximumFontSize else { throw .invalidFontSize(Double(size)) }
        return TextStyle(font: try face(for: descriptor), size: size, features: descriptor.features(adding: []))
    }

    /// The face `descriptor` describes (its digits aside), at every size: a variable face's `opsz`
    /// follows the point size, and a static pair switches cut at ``displayCutMinimumPointSize``
    /// (``FontFace/instance(atPointSize:)`` gives the face a size is measured in).
    public func face(for descriptor: SystemFontDescriptor) throws(CaliperError) -> FontFace {
        var key = descriptor
        key.monospacedDigits = false
        if let known = chosen.withLock({ $0[key] }) { return known }
        var reasons: [String] = []
        for source in sources(for: key.design) {
            if let face = try face(from: source, for: key, reasons: &reasons) {
                return chosen.withLock { chosen in
                    if let raced = chosen[key] { return raced }
                    chosen[key] = face
                    return face
                }
            }
        }
        throw .systemFontNotFound(key.summary, directory: directory, lookedFor: reasons.joined(separator: "; "))
    }

    // MARK: Families

    /// Where a design is looked for: one family (static or variable), or a family cut by size.
    private enum Source {
        case family(String, files: String)
        case cuts([(minimumPointSize: CGFloat, family: String)], files: String)
    }

    private func sources(for design: SystemFontDesign) -> [Source] {
        let stem = platform == .iOS ? "SF Pro" : "SF Compact"
        let file = stem.replacingOccurrences(of: " ", with: "-")
        switch design {
        case .default:
            return [
                .family(stem, files: "\(file).ttf, \(file)-Italic.ttf"),
                .cuts(
                    [(0, "\(stem) Text"), (Self.displayCutMinimumPointSize, "\(stem) Display")],
                    files: "\(file)-Text-*.otf with \(file)-Display-*.otf"),
            ]
        case .rounded: return [.family("\(stem) Rounded", files: "\(file)-Rounded-*.otf")]
        case .serif: return [.family("New York", files: "NewYork.ttf, NewYorkItalic.ttf")]
        case .monospaced: return [.family("SF Mono", files: "SF-Mono-*.otf")]
        }
    }

    /// What a family has for a descriptor: its face, or why it has none.
    private enum Lookup {
        case face(FontFace)
        case unserved(String)
    }

    /// The face `source` has for `descriptor`, or `nil` with the reason added to `reasons`.
    private func face(from source: Source, for descriptor: SystemFontDescriptor, reasons: inout [String]) throws(CaliperError) -> FontFace? {
        switch source {
        case .family(let family, let files):
            switch try face(in: family, for: descriptor) {
            case .face(let face): return face
            case .unserved(let reason):
                reasons.append("\"\(family)\" (\(files)): \(reason)")
                return nil
            }
        case .cuts(let cuts, let files):
            var faces: [(minimumPointSize: CGFloat, face: FontFace)] = []
            for cut in cuts {
                switch try face(in: cut.family, for: descriptor) {
                case .face(let face): faces.append((cut.minimumPointSize, face))
                case .unserved(let reason):
                    reasons.append("\"\(cut.family)\" (\(files)): \(reason)")
                    return nil
                }
            }
            return FontFace.opticalSizeCuts(faces)
        }
    }

    /// The face of `family` for `descriptor`: CSS's choice among its faces of the right slant, set
    /// at the weight and width when it is variable; or why the family has none. Throws only what
    /// loading a file or setting its axes throws.
    private func face(in family: String, for descriptor: SystemFontDescriptor) throws(CaliperError) -> Lookup {
        let members = index.filter { $0.family.caseInsensitiveCompare(family) == .orderedSame }
        guard !members.isEmpty else { return .unserved("no such family") }
        let slanted = members.filter { $0.isItalic == descriptor.isItalic || (descriptor.isItalic && $0.hasSlantAxis) }
        guard let (member, _) = FontFolder.best(among: slanted, weight: descriptor.weight.weightClass, italic: descriptor.isItalic)
        else { return .unserved("no \(descriptor.isItalic ? "italic" : "upright") face") }
        let face = try resolver.face(for: member.path + (member.faceIndex == 0 ? "" : "#\(member.faceIndex)"))
        var settings: [FontVariation] = []
        if let axis = face.axes.first(where: { $0.tag == "wght" }) {
            let value = Self.coordinate(of: axis, inInstanceNamed: descriptor.weight.rawValue, of: face)
                ?? Double(descriptor.weight.weightClass)
            settings.append(FontVariation(validatedTag: axis.tag, value: min(max(value, axis.minimum), axis.maximum)))
        }
        if descriptor.width != .standard {
            guard let axis = face.axes.first(where: { $0.tag == "wdth" }) else {
                return .unserved("no \(descriptor.width.rawValue) width (no wdth axis)")
            }
            let value = Self.coordinate(of: axis, inInstanceNamed: descriptor.width.rawValue, of: face)
                ?? descriptor.width.fallbackWidthPercent
            settings.append(FontVariation(validatedTag: axis.tag, value: min(max(value, axis.minimum), axis.maximum)))
        }
        if descriptor.isItalic, !member.isItalic {
            guard let axis = face.axes.first(where: { $0.tag == "ital" }) else {
                return .unserved("no italic face (only a slnt axis, and a slant is not synthesized)")
            }
            settings.append(FontVariation(validatedTag: axis.tag, value: min(1, axis.maximum)))
        }
        return .face(settings.isEmpty ? face : try face.withVariations(settings))
    }

    /// `axis`'s coordinate in `face`'s named instance called `name` ("Semibold", "Condensed"),
    /// compared without case, spaces or hyphens; `nil` when there is none.
    private static func coordinate(of axis: FontAxis, inInstanceNamed name: String, of face: FontFace) -> Double? {
        func folded(_ text: String) -> String { text.lowercased().filter { $0 != " " && $0 != "-" } }
        let wanted = folded(name)
        return face.namedInstances.first { folded($0.name) == wanted }?.coordinates.first { $0.tag == axis.tag }?.value
    }

    // MARK: Listing

    /// One face found in the folder, as `caliper fonts --system` lists it.
    public struct File: Sendable, Hashable {
        /// The font file.
        public let path: String
        /// The face in the file.
        public let faceIndex: Int
        /// The family (`name` ID 16, else 1).
        public let family: String
        /// The style name.
        public let style: String
        /// `OS/2.usWeightClass`.
        public let weight: Int
        /// Whether the face is italic.
        public let isItalic: Bool
        /// Its variation axes.
        public let axes: [FontAxis]
        /// Its named instances.
        public let namedInstances: [String]
        /// The point sizes of its `trak` table's normal track; empty without one.
        public let trackingSizes: [Double]
        /// What the face is used for: the design and cut (`default`, `default, below 20 pt`,
        /// `rounded`…), or `nil` when its family is none of the system font's.
        public let role: String?
    }

    /// Every face found, loaded to read its axes, instances and tracking.
    ///
    /// - Throws: an error loading a file.
    public func files() throws(CaliperError) -> [File] {
        var roles: [String: String] = [:]
        for design in SystemFontDesign.allCases {
            for source in sources(for: design) {
                switch source {
                case .family(let family, _): roles[family.lowercased()] = design.rawValue
                case .cuts(let cuts, _):
                    for (index, cut) in cuts.enumerated() {
                        let range = index + 1 < cuts.count
                            ? "below \(FontVariation.text(Double(cuts[index + 1].minimumPointSize))) pt"
                            : "from \(FontVariation.text(Double(cut.minimumPointSize))) pt"
                        roles[cut.family.lowercased()] = "\(design.rawValue), \(range)"
                    }
                }
            }
        }
        var files: [File] = []
        for member in index {
            let face = try resolver.face(for: member.path + (member.faceIndex == 0 ? "" : "#\(member.faceIndex)"))
            files.append(
                File(
                    path: member.path, faceIndex: member.faceIndex, family: member.family, style: face.styleName,
                    weight: member.weight, isItalic: member.isItalic, axes: face.axes, namedInstances: face.namedInstances.map(\.name),
                    trackingSizes: face.tracking?.sizes.map { Double($0) } ?? [], role: roles[member.family.lowercased()]))
        }
        return files
    }
}
