// FontVariation.swift — variable fonts: an axis setting such as `wght=600`, a face's axes and its named instances.

/// A coordinate on a variable font's axis, as HarfBuzz's syntax and CSS's
/// `font-variation-settings` write it: `"wght=600"`, `"wdth=75"`, `"slnt=-10"`.
///
/// ```swift
/// let inter = try FontFace(contentsOfFile: "Fonts/Inter.var.ttf")
/// let semibold = try inter.withVariations([FontVariation("wght=600")])
/// ```
public struct FontVariation: Sendable, Hashable, CustomStringConvertible {
    /// The axis's four-letter tag: `wght`, `wdth`, `slnt`, `ital`, `opsz`, or a font's own.
    public let tag: Tag
    /// The coordinate in the axis's own units (design coordinates, as `fvar` gives its range).
    public let value: Double

    /// Parses `tag=value`; throws ``CaliperError/invalidVariation(_:reason:)`` when it is not one.
    public init(_ setting: String) throws(CaliperError) {
        guard let parsed = HarfBuzz.parseVariation(setting) else {
            throw .invalidVariation(setting, reason: "write it as tag=value, e.g. \"wght=600\"")
        }
        self = parsed
    }

    /// A coordinate from a tag and a value; the tag must be 1–4 printable ASCII characters and the
    /// value finite.
    public init(tag: String, value: Double) throws(CaliperError) {
        let scalars = tag.unicodeScalars
        guard (1...4).contains(scalars.count), scalars.allSatisfy({ (0x21...0x7E).contains($0.value) }) else {
            throw .invalidVariation("\(tag)=\(value)", reason: "an axis tag has 1 to 4 printable ASCII characters")
        }
        guard value.isFinite else { throw .invalidVariation("\(tag)=\(value)", reason: "the value must be a finite number") }
        self.tag = Tag(tag)
        self.value = value
    }

    init(validatedTag tag: Tag, value: Double) {
        self.tag = tag
        self.value = value
    }

    /// The setting as `tag=value`, e.g. `wght=600`, the form ``init(_:)`` reads.
    public var description: String { "\(tag)=\(Self.text(value))" }

    /// The shortest text for a coordinate: "600" rather than "600.0".
    static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// The axes OpenType registers (lower-case tags); their names must not be used as feature tags.
    static let registeredAxes: Set<Tag> = ["wght", "wdth", "slnt", "ital", "opsz"]
}

/// One variation axis of a face, from its `fvar` table.
public struct FontAxis: Sendable, Hashable {
    /// The tag of the optical-size axis, whose coordinate follows the point size unless a face
    /// sets it (see ``FontFace/followsOpticalSize``).
    public static let opticalSizeTag: Tag = "opsz"

    /// The axis's four-letter tag, e.g. `wght`.
    public let tag: Tag
    /// The axis's name from the `name` table ("Weight").
    public let name: String
    /// The least value the axis takes.
    public let minimum: Double
    /// The value the face has when the axis is not set.
    public let defaultValue: Double
    /// The greatest value the axis takes.
    public let maximum: Double
    /// Whether the font asks applications not to show the axis in their interfaces.
    public let isHidden: Bool
}

/// A named instance of a variable face ("SemiBold", "Bold Italic"), from its `fvar` table.
public struct FontNamedInstance: Sendable, Hashable {
    /// The instance's subfamily name.
    public let name: String
    /// Its coordinate on every axis of the face.
    public let coordinates: [FontVariation]
}
