// SystemFontsTests.swift — UIFont's system-font calls resolved from a folder of (stand-in) Apple font files: file, instance, tracking and width against hb-shape.
@testable import Caliper
import Foundation
import TestSupport
import Testing

/// `Tests/Goldens/system_fonts.json` (`make_system_fonts.py`: the choice rules restated in Python,
/// widths from hb-shape 6.0.0 with `--font-ptem`).
struct SystemFontGoldens: Decodable {
    struct Measurement: Decodable {
        var text: String
        var width: Double
    }

    struct Case: Decodable, CustomStringConvertible {
        var call: String
        var folder: String
        var size: Double
        var weight: String
        var width: String
        var design: String
        var italic: Bool
        var monospacedDigits: Bool
        var textStyle: String?
        var category: String?
        var file: String
        var variations: [String: Double]
        var features: [String]
        var tracking: Int
        var measurements: [Measurement]
        var description: String { "\(call) [\(folder)]" }
    }

    var cases: [Case]

    static let loaded: SystemFontGoldens? = try? Fixtures.golden("system_fonts.json", as: SystemFontGoldens.self)
}

@Suite struct SystemFontsTests {
    static let staticFolder = Fixtures.path("Fonts/SystemFonts/Static")
    static let variableFolder = Fixtures.path("Fonts/SystemFonts/Variable")
    static let fonts: [String: SystemFonts] = {
        var fonts: [String: SystemFonts] = [:]
        for folder in ["Static", "Variable"] { fonts[folder] = try? SystemFonts(directory: Fixtures.path("Fonts/SystemFonts/\(folder)")) }
        return fonts
    }()

    /// The style a golden case's call gives, through the UIKit-named call it names where there is one.
    static func style(for item: SystemFontGoldens.Case, in fonts: SystemFonts) throws -> TextStyle {
        let size = CGFloat(item.size)
        let weight = try #require(SystemFontWeight(named: item.weight))
        let width = try #require(SystemFontWidth(named: item.width))
        let design = try #require(SystemFontDesign(named: item.design))
        if let name = item.textStyle {
            let textStyle = try #require(DynamicTypeStyle(rawValue: name))
            let category = try #require(ContentSizeCategory(named: item.category ?? "large"))
            return try fonts.preferredFont(forTextStyle: textStyle, compatibleWith: category)
        }
        switch (item.call.split(separator: "(").first.map(String.init) ?? "", design, item.italic, width) {
        case ("italicSystemFont", .default, true, .standard): return try fonts.italicSystemFont(ofSize: size)
        case ("monospacedSystemFont", .monospaced, false, .standard): return try fonts.monospacedSystemFont(ofSize: size, weight: weight)
        case ("monospacedDigitSystemFont", .default, false, .standard):
            return try fonts.monospacedDigitSystemFont(ofSize: size, weight: weight)
        case ("systemFont", .default, false, .standard) where weight == .bold && !item.call.contains("with"):
            return try fonts.boldSystemFont(ofSize: size)
        case ("systemFont", .default, false, .standard) where !item.call.contains("with"):
            return try fonts.systemFont(ofSize: size, weight: weight)
        case ("systemFont", .default, false, _) where item.call.contains("width:"):
            return try fonts.systemFont(ofSize: size, weight: weight, width: width)
        default:
            return try fonts.font(
                ofSize: size,
                SystemFontDescriptor(weight: weight, width: width, design: design, isItalic: item.italic, monospacedDigits: item.monospacedDigits))
        }
    }

    /// Every call of the golden resolves to the file and instance the rules name (the variable
    /// font's axes at the coordinates hb-shape was given, `opsz` following the size), has `tnum`
    /// exactly when asked, and measures hb-shape's width with the point size set within 1e-6 pt:
    /// tracking at the size included. All cases go through one measurer twice, in two orders, so
    /// what one size leaves in the caches never changes another's answer.
    @Test func everyCallResolvesToTheFileInstanceAndWidthHbShapeGives() throws {
        let goldens = try #require(SystemFontGoldens.loaded)
        try #require(goldens.cases.count >= 30)
        let measurer = TextMeasurer()
        var differing: Set<Int> = []
        for pass in 0..<2 {
            let indices = pass == 0 ? Array(goldens.cases.indices) : goldens.cases.indices.reversed()
            for index in indices {
                let item = goldens.cases[index]
                let fonts = try #require(Self.fonts[item.folder], "no SystemFonts for \(item.folder)")
                let style = try Self.style(for: item, in: fonts)
                let face = try style.font.instance(atPointSize: style.size)
                var found: [String] = []
                if style.size != CGFloat(item.size) { found.append("size \(style.size)") }
                if !face.path.hasSuffix(item.file) { found.append("face \(face)") }
                for (tag, value) in item.variations {
                    guard let axis = face.axes.first(where: { $0.tag == Tag(tag) }) else {
                        found.append("no axis \(tag)")
                        continue
                    }
                    let set = face.variations.first { $0.tag == Tag(tag) }?.value ?? axis.defaultValue
                    if set != value { found.append("\(tag) \(set), expected \(value)") }
                }
                if item.variations.isEmpty && !face.axes.isEmpty { found.append("axes on \(face)") }
                if style.features.map(\.tag.description) != item.features { found.append("features \(style.features)") }
                let tracking = face.tracking?.designUnits(atPointSize: style.size) ?? 0
                if tracking != item.tracking { found.append("tracking \(tracking)") }
                for measurement in item.measurements {
                    let width = try measurer.size(of: measurement.text, style: style).width
                    if abs(Double(width) - measurement.width) > 1e-6 { found.append("\(measurement.text): \(width), hb-shape \(measurement.width)") }
                }
                if !found.isEmpty {
                    differing.insert(index)
                    Issue.record(Comment(rawValue: "\(item) (pass \(pass)): \(found.joined(separator: "; "))"))
                }
            }
        }
        Conformance.record("system-fonts", cases: goldens.cases.count, agreed: goldens.cases.count - differing.count)
    }

    /// A static pair's face switches cut at every size it is measured at: Dynamic Type scaling a
    /// 17 pt body past 20 pt, and shrink-to-fit taking a 24 pt title below it, measure in the cut
    /// of the size they end at.
    @Test func aStaticPairSwitchesCutAtTheSizeMeasured() throws {
        let fonts = try #require(Self.fonts["Static"])
        let body = try fonts.preferredFont(forTextStyle: .body)
        #expect(try body.font.instance(atPointSize: 17).path.hasSuffix("SF-Pro-Text-Regular.ttf"))
        let scaled = DynamicTypeMetrics(forTextStyle: .body).scaledStyle(for: body, compatibleWith: .accessibilityLarge)
        #expect(scaled.size == 33)
        let large = try TextMeasurer().layout(AttributedText("Inbox", style: scaled))
        #expect(large.lines.first?.runs.first?.font.path.hasSuffix("SF-Pro-Display-Regular.ttf") == true)
        // Display at 33 pt is its own file's width, tracked at 33.
        let display = try FontFace(contentsOfFile: Fixtures.path("Fonts/SystemFonts/Static/SF-Pro-Display-Regular.ttf"))
        let alone = try TextMeasurer().size(of: "Inbox", style: TextStyle(font: display, size: 33))
        #expect(large.size.width == alone.width)

        let title = try fonts.systemFont(ofSize: 24)
        let natural = try TextMeasurer().size(of: "Weekly summary", style: title).width
        var paragraph = ParagraphStyle(numberOfLines: 1)
        paragraph.lineBreakMode = .byTruncatingTail
        let shrunk = try TextMeasurer().layoutShrinkingToFit(
            AttributedText("Weekly summary", style: title), minimumScaleFactor: 0.5, paragraphStyle: paragraph, maxWidth: natural * 0.7)
        let run = try #require(shrunk.layout.lines.first?.runs.first)
        #expect(run.font.path.hasSuffix("SF-Pro-Text-Regular.ttf"), "shrunk to \(24 * shrunk.scale) pt: \(run.font)")
        #expect(24 * shrunk.scale < 20)
    }

    /// With both folders given (the variable SF Pro and the statics), the variable font serves
    /// the default design, and a call it cannot serve (italic: no SF-Pro-Italic.ttf here) falls
    /// to the static pair.
    @Test func theVariableFontIsPreferredAndTheStaticPairServesWhatItLacks() throws {
        let fonts = try SystemFonts(directory: Fixtures.path("Fonts/SystemFonts"))
        #expect(try fonts.systemFont(ofSize: 17).font.path.hasSuffix("SF-Pro.ttf"))
        let italic = try fonts.italicSystemFont(ofSize: 17).font
        #expect(try italic.instance(atPointSize: 17).path.hasSuffix("SF-Pro-Text-RegularItalic.ttf"))
        #expect(try italic.instance(atPointSize: 20).path.hasSuffix("SF-Pro-Display-RegularItalic.ttf"))
        // The same call gives the same face, so caches keyed by face keep hitting.
        #expect(try fonts.systemFont(ofSize: 12, weight: .semibold).font === fonts.systemFont(ofSize: 40, weight: .semibold).font)
    }

    /// A call no face serves is an error naming the families and Apple's files looked for and why
    /// each did not serve; never another font.
    @Test func aMissingFamilyOrStyleNamesWhatWasLookedFor() throws {
        let variable = try #require(Self.fonts["Variable"])
        let staticFonts = try #require(Self.fonts["Static"])
        let cases: [(SystemFonts, SystemFontDescriptor, [String])] = [
            (variable, SystemFontDescriptor(isItalic: true), ["regular italic", "SF-Pro-Italic.ttf", "no italic face", "\"SF Pro Text\"", "no such family"]),
            (staticFonts, SystemFontDescriptor(width: .condensed), ["condensed", "\"SF Pro\"", "no wdth axis"]),
            (staticFonts, SystemFontDescriptor(design: .serif), ["serif", "\"New York\"", "NewYork.ttf"]),
            (variable, SystemFontDescriptor(design: .monospaced), ["\"SF Mono\"", "SF-Mono-*.otf"]),
        ]
        for (fonts, descriptor, phrases) in cases {
            let message: String
            do {
                let face = try fonts.face(for: descriptor)
                Issue.record("\(descriptor.summary) resolved to \(face)")
                continue
            } catch .systemFontNotFound(let summary, let directory, let lookedFor) {
                message = CaliperError.systemFontNotFound(summary, directory: directory, lookedFor: lookedFor).description
            } catch {
                Issue.record("\(descriptor.summary): \(error)")
                continue
            }
            for phrase in phrases { #expect(message.contains(phrase), "\(message) lacks \(phrase)") }
        }
        let watch = try SystemFonts(directory: Self.staticFolder, platform: .watchOS)
        #expect(throws: CaliperError.self) { try watch.systemFont(ofSize: 17) }
        #expect(throws: CaliperError.self) { try SystemFonts(directory: Fixtures.path("Fonts/SystemFonts/README.md")) }
        #expect(throws: CaliperError.self) { try SystemFonts(directory: try TemporaryFolder().path) }
        for size: CGFloat in [.nan, .infinity, -17, 0, TextStyle.maximumFontSize * 2] {
            let error = #expect(throws: CaliperError.self, "\(size)") { try staticFonts.systemFont(ofSize: size) }
            guard case .invalidFontSize? = error else { Issue.record("\(size): \(String(describing: error))"); continue }
        }
    }

    /// A folder that holds nothing but hostile entries reads as holding no font file: a FIFO named
    /// like a font (never opened to block), a link to a font outside the folder, links to folders
    /// (outside it, round to itself, and to a folder of its own below the depth searched) that are
    /// not followed, and a font below that depth. The same font four levels down is found.
    @Test func aHostileFolderHoldsNoFontAndNeverBlocks() throws {
        let folder = try TemporaryFolder()
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: folder.path("outside.ttf"), withDestinationPath: Fixtures.path("Fonts/DejaVuSans.ttf"))
        try manager.createSymbolicLink(atPath: folder.path("linked"), withDestinationPath: Self.staticFolder)
        try manager.createSymbolicLink(atPath: folder.path("loop"), withDestinationPath: folder.path)
        let deep = folder.path("a/b/c/d/e")
        try manager.createDirectory(atPath: deep, withIntermediateDirectories: true)
        try manager.copyItem(atPath: Self.staticFolder + "/SF-Pro-Text-Regular.ttf", toPath: deep + "/SF-Pro-Text-Regular.ttf")
        // A link to that deep folder from the top: followed, it would bring the font within reach.
        try manager.createSymbolicLink(atPath: folder.path("shortcut"), withDestinationPath: deep)
        try folder.withFilledFIFO(named: "fifo.ttf") { _ in
            #expect(throws: CaliperError.systemFontNotFound("any", directory: folder.path, lookedFor: "font files (.ttf, .otf, .ttc, .otc)")) {
                try SystemFonts(directory: folder.path)
            }
            try manager.copyItem(atPath: deep + "/SF-Pro-Text-Regular.ttf", toPath: folder.path("a/b/c/d/SF-Pro-Text-Regular.ttf"))
            let files = try SystemFonts(directory: folder.path).files()
            #expect(files.map(\.path) == [folder.path("a/b/c/d/SF-Pro-Text-Regular.ttf")])
        }
    }

    /// `files()` lists each face with its family, weight, axes, instances, tracking sizes and role.
    @Test func theFolderIsListedWithRolesAndTrackingSizes() throws {
        let files = try SystemFonts(directory: Fixtures.path("Fonts/SystemFonts")).files()
        #expect(files.count == 14)
        let text = try #require(files.first { $0.path.hasSuffix("SF-Pro-Text-Semibold.ttf") })
        #expect(text.family == "SF Pro Text" && text.weight == 600 && text.role == "default, below 20 pt")
        #expect(text.trackingSizes.count == 64 && text.trackingSizes.first == 6 && text.trackingSizes.last == 96)
        let variable = try #require(files.first { $0.path.hasSuffix("SF-Pro.ttf") })
        #expect(variable.axes.map(\.tag) == ["opsz", "wght", "wdth"] && variable.role == "default")
        #expect(variable.namedInstances.contains("Semibold"))
        let mono = try #require(files.first { $0.path.hasSuffix("SF-Mono-Regular.ttf") })
        #expect(mono.trackingSizes.isEmpty && mono.role == "monospaced")
    }

    /// UIKit's weights map in order onto CSS's nine.
    @Test func weightsMapInOrderOntoCSSWeights() {
        #expect(SystemFontWeight.allCases.map(\.weightClass) == [100, 200, 300, 400, 500, 600, 700, 800, 900])
        #expect(DynamicTypeStyle.headline.systemFontWeight == .semibold)
        #expect(DynamicTypeStyle.allCases.filter { $0 != .headline }.allSatisfy { $0.systemFontWeight == .regular })
        #expect(SystemFontWeight(named: "UltraLight") == .ultraLight && SystemFontWeight(named: "book") == nil)
    }
}
