// Fixtures.swift — paths to the fixture fonts and golden files, and loaders for them.
import Caliper
import Foundation
import TestSupport

enum Fixtures {
    /// The repository root (``Repository/root``).
    static var root: URL { Repository.root }

    static func path(_ relative: String) -> String { Repository.path(relative) }

    static let resolver = FontResolver()

    /// A fixture font by its path relative to the repository root, e.g. "Fonts/DejaVuSans.ttf".
    static func font(_ relative: String) throws -> FontFace {
        try resolver.face(for: path(relative))
    }

    static var dejaVuSans: FontFace { get throws { try font("Fonts/DejaVuSans.ttf") } }

    /// Decodes a golden file from `Tests/Goldens`.
    static func golden<T: Decodable>(_ name: String, as type: T.Type) throws -> T {
        let data = try Data(contentsOf: root.appendingPathComponent("Tests/Goldens/\(name)"))
        return try JSONDecoder().decode(T.self, from: data)
    }
}

/// `Tests/Goldens/advances.json`: hb-shape advance sums in design units.
struct AdvanceGoldens: Decodable {
    struct Case: Decodable, CustomStringConvertible {
        var font: String
        var text: String
        var features: String
        var advanceSum: Int
        var unitsPerEm: Int
        var description: String { "\(font) \(text.debugDescription) [\(features)]" }
    }
    var cases: [Case]

    static func load() throws -> [Case] { try Fixtures.golden("advances.json", as: AdvanceGoldens.self).cases }

    /// The hb-shape advance of `text` in `font` with default features.
    static func advance(of text: String, font: String = "Fonts/DejaVuSans.ttf") throws -> Int {
        guard let found = try load().first(where: { $0.font == font && $0.text == text && $0.features.isEmpty }) else {
            throw GoldenMissing(text: text, font: font)
        }
        return found.advanceSum
    }
}

struct GoldenMissing: Error, CustomStringConvertible {
    var text: String
    var font: String
    var description: String { "no golden advance for \(text.debugDescription) in \(font): add it to make_advances.py" }
}

/// `Tests/Goldens/metrics.json`: table values read with fontTools.
struct MetricsGoldens: Decodable {
    struct Font: Decodable, CustomStringConvertible {
        var font: String
        var faceIndex: Int
        var unitsPerEm: Int
        var ascender: Int
        var descender: Int
        var lineGap: Int
        var capHeight: Int?
        var xHeight: Int?
        var capHeightFromOutline: Int?
        var xHeightFromOutline: Int?
        var familyName: String
        var numGlyphs: Int
        var description: String { font }
    }
    var fonts: [Font]
}

/// `Tests/Goldens/wrapped.json`: Pango's line breaks, widths from hb-shape.
struct WrappedGoldens: Decodable {
    struct Line: Decodable {
        var start: Int
        var end: Int
        var width: Double
    }
    struct Case: Decodable, CustomStringConvertible {
        var font: String
        var size: Double
        var maxWidth: Double
        var text: String
        var lines: [Line]
        var description: String { "\(font) \(size)pt at \(maxWidth): \(text.prefix(30).debugDescription)…" }
    }
    var cases: [Case]
}

extension TextLayout {
    /// Each line as `start..<end` in UTF-16 offsets.
    var utf16Ranges: [Range<Int>] {
        lines.map { $0.utf16Range.location..<($0.utf16Range.location + $0.utf16Range.length) }
    }
}

/// Points for an hb-shape advance, computed as the golden scripts and Tests/Goldens/advances.md state it.
func points(_ designUnits: Int, size: Double, unitsPerEm: Int = 2048) -> Double {
    Double(designUnits) * size / Double(unitsPerEm)
}

/// `Tests/Goldens/truncation.json`: the last line of truncated layouts, from hb-shape and Semantics.md's truncation rule.
struct TruncationGoldens: Decodable {
    struct Case: Decodable, CustomStringConvertible {
        var font: String
        var size: Double
        var maxWidth: Double
        var text: String
        var numberOfLines: Int
        var start: Int
        var mode: String
        var expectedText: String
        var expectedWidth: Double
        var description: String { "\(mode) \(numberOfLines) line(s) at \(maxWidth) in \(font): \(text.prefix(24).debugDescription)" }
    }
    var cases: [Case]
}

/// `Tests/Goldens/mixed.json`: Pango's itemization with a private fontconfig over Fonts/, run
/// widths from hb-shape, and Pango's and ICU's line breaks for wrapped international text.
struct MixedGoldens: Decodable {
    struct Run: Decodable {
        var start: Int
        var end: Int
        var font: String
        var script: String
        var level: Int
        var width: Double
    }
    struct RunsCase: Decodable, CustomStringConvertible {
        var name: String
        var text: String
        var font: String
        var size: Double
        var runs: [Run]
        var width: Double
        var missingGlyphs: Int
        var description: String { name }
    }
    struct Line: Decodable {
        var start: Int
        var end: Int
        var width: Double
    }
    struct WrappedCase: Decodable, CustomStringConvertible {
        var name: String
        var text: String
        var font: String
        var size: Double
        var maxWidth: Double
        var lines: [Line]
        var icuLines: [Line]
        var description: String { "\(name) at \(maxWidth)" }
    }
    var runs: [RunsCase]
    var wrapped: [WrappedCase]

    static func load() -> MixedGoldens? { try? Fixtures.golden("mixed.json", as: MixedGoldens.self) }
}
