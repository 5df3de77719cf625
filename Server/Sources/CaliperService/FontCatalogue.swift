// FontCatalogue.swift — the fonts a service may use, with their metrics and axes: the answer to GET /v1/fonts.
import Caliper
import CaliperBatch
import Foundation

/// The faces of the font files directly in the service's font root, as requests name them
/// (relative to the root), read once at start.
struct FontCatalogue: Sendable {
    /// One face, as JSON.
    struct Entry: Sendable, Equatable {
        struct Axis: Sendable, Equatable {
            var tag: String
            var name: String
            var minimum: Double
            var defaultValue: Double
            var maximum: Double
        }

        struct NamedInstance: Sendable, Equatable {
            var name: String
            var coordinates: [String: Double]
        }

        /// What a request's `font` says to use it: the file (relative to the root), `#N` for face N of a collection.
        var font: String
        /// The file, relative to the root (what `GET /fonts/<file>` serves).
        var file: String
        var family: String
        var style: String
        var weight: Int
        var isItalic: Bool
        var unitsPerEm: Int
        var ascender: Int
        var descender: Int
        var lineGap: Int
        var capHeight: Int
        var xHeight: Int
        var axes: [Axis]
        var namedInstances: [NamedInstance]
    }

    /// The font file extensions listed.
    static let fontExtensions: Set<String> = ["ttf", "otf", "ttc", "otc"]

    let entries: [Entry]
    /// The catalogue as the JSON `GET /v1/fonts` answers.
    let json: [UInt8]

    /// The fonts of the default fallback cascade, as requests name them (see ``ServiceConfiguration/fallbackFonts``).
    let fallback: [String]
    /// Their faces, in order.
    let fallbackFaces: [FontFace]

    /// The faces of the font files in `root` that `resolver` loads (a file it refuses is left out),
    /// and the fallback cascade: `fallback` as configured, or chosen from the root when `nil`.
    ///
    /// - Throws: Caliper's error for a configured fallback font that cannot be loaded from the root.
    init(root: String, resolver: FontResolver, fallback configured: [String]?) throws {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        var entries: [Entry] = []
        for name in names.sorted() where Self.fontExtensions.contains((name as NSString).pathExtension.lowercased()) {
            let path = (root as NSString).appendingPathComponent(name)
            guard let first = try? resolver.face(for: path) else { continue }
            for index in 0..<first.faceCount {
                let specification = index == 0 ? name : "\(name)#\(index)"
                guard let face = index == 0 ? first : try? resolver.face(for: "\(path)#\(index)") else { continue }
                let metrics = face.designMetrics
                entries.append(
                    Entry(
                        font: specification, file: name, family: face.familyName, style: face.styleName, weight: face.weight,
                        isItalic: face.isItalic, unitsPerEm: metrics.unitsPerEm, ascender: metrics.ascender,
                        descender: metrics.descender, lineGap: metrics.lineGap, capHeight: metrics.capHeight,
                        xHeight: metrics.xHeight,
                        axes: face.axes.map {
                            Entry.Axis(tag: $0.tag.description, name: $0.name, minimum: $0.minimum, defaultValue: $0.defaultValue, maximum: $0.maximum)
                        },
                        namedInstances: face.namedInstances.map { instance in
                            Entry.NamedInstance(
                                name: instance.name,
                                coordinates: Dictionary(instance.coordinates.map { ($0.tag.description, $0.value) }, uniquingKeysWith: { first, _ in first }))
                        }))
            }
        }
        self.entries = entries
        let path = { (name: String) in (root as NSString).appendingPathComponent(name) }
        if let configured {
            fallback = configured
            fallbackFaces = try configured.map { try resolver.face(for: path($0)) }
        } else {
            // Colour emoji first, then CJK: the two a phone has that a text font most often lacks.
            let faces = entries.compactMap { entry in (try? resolver.face(for: path(entry.font))).map { (entry.font, $0) } }
            let chosen = faces.filter { $0.1.isColorFont } + faces.filter { !$0.1.isColorFont && ($0.1.hasGlyph(for: "\u{4E00}") || $0.1.hasGlyph(for: "\u{3042}")) }
            fallback = chosen.map(\.0)
            fallbackFaces = chosen.map(\.1)
        }
        json = Self.listing(entries, fallback: fallback)
    }

    /// The answer of `GET /v1/fonts`: `{"fallback": […], "fonts": […]}`, each object's keys in
    /// alphabetical order.
    static func listing(_ entries: [Entry], fallback: [String]) -> [UInt8] {
        var writer = JSONWriter(capacity: 512 * (entries.count + 1))
        writer.beginObject()
        writer.key("fallback")
        writer.beginArray()
        for font in fallback { writer.string(font) }
        writer.endArray()
        writer.key("fonts")
        writer.beginArray()
        for entry in entries { entry.write(to: &writer) }
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }

    /// Whether `file` is a font file of the catalogue (the only files `GET /fonts/<file>` serves).
    func contains(file: String) -> Bool { entries.contains { $0.file == file } }
}

extension FontCatalogue.Entry {
    /// The entry as an object of the listing, its keys in alphabetical order.
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("ascender")
        writer.integer(ascender)
        writer.key("axes")
        writer.beginArray()
        for axis in axes {
            writer.beginObject()
            writer.key("defaultValue")
            writer.number(axis.defaultValue)
            writer.key("maximum")
            writer.number(axis.maximum)
            writer.key("minimum")
            writer.number(axis.minimum)
            writer.key("name")
            writer.string(axis.name)
            writer.key("tag")
            writer.string(axis.tag)
            writer.endObject()
        }
        writer.endArray()
        writer.key("capHeight")
        writer.integer(capHeight)
        writer.key("descender")
        writer.integer(descender)
        writer.key("family")
        writer.string(family)
        writer.key("file")
        writer.string(file)
        writer.key("font")
        writer.string(font)
        writer.key("isItalic")
        writer.bool(isItalic)
        writer.key("lineGap")
        writer.integer(lineGap)
        writer.key("namedInstances")
        writer.beginArray()
        for instance in namedInstances {
            writer.beginObject()
            writer.key("coordinates")
            writer.beginObject()
            for (tag, value) in instance.coordinates.sorted(by: { $0.key < $1.key }) {
                writer.key(text: tag)
                writer.number(value)
            }
            writer.endObject()
            writer.key("name")
            writer.string(instance.name)
            writer.endObject()
        }
        writer.endArray()
        writer.key("style")
        writer.string(style)
        writer.key("unitsPerEm")
        writer.integer(unitsPerEm)
        writer.key("weight")
        writer.integer(weight)
        writer.key("xHeight")
        writer.integer(xHeight)
        writer.endObject()
    }
}
