// FontFeature.swift — an OpenType feature setting such as `liga=0` or `tnum`.

/// An OpenType feature setting applied to a whole run of text, as HarfBuzz's feature syntax
/// writes it: `"tnum"` (on), `"liga=0"` or `"-liga"` (off), `"salt=2"` (alternate 2).
///
/// ```swift
/// let tabular = try FontFeature("tnum")
/// let noLigatures = try FontFeature("liga=0")
/// ```
public struct FontFeature: Sendable, Hashable, CustomStringConvertible {
    /// The four-letter OpenType tag, e.g. `"kern"`.
    public let tag: Tag
    /// 0 turns the feature off, 1 on; larger values pick an alternate.
    public let value: UInt32

    /// Parses a setting in HarfBuzz's syntax; throws ``CaliperError/invalidFeature(_:)`` when it is not one.
    ///
    /// The registered variation axes (`wght`, `wdth`, `slnt`, `ital`, `opsz`) are refused:
    /// HarfBuzz would take `wght=700` as a feature no font has and change nothing; they are
    /// ``FontVariation``s.
    public init(_ setting: String) throws(CaliperError) {
        guard let parsed = HarfBuzz.parseFeature(setting) else { throw .invalidFeature(setting) }
        try Self.refuseAxis(parsed.tag, setting: setting)
        self = parsed
    }

    private static func refuseAxis(_ tag: Tag, setting: String) throws(CaliperError) {
        guard FontVariation.registeredAxes.contains(tag) else { return }
        throw .invalidVariation(
            setting, reason: "\(tag) is a variation axis, not an OpenType feature: give it as a variation (\(tag)=…)")
    }

    /// A setting from a tag and a value; the tag must be 1–4 printable ASCII characters.
    public init(tag: String, value: UInt32 = 1) throws(CaliperError) {
        let scalars = tag.unicodeScalars
        guard (1...4).contains(scalars.count), scalars.allSatisfy({ (0x21...0x7E).contains($0.value) }) else {
            throw .invalidFeature(tag)
        }
        try Self.refuseAxis(Tag(tag), setting: "\(tag)=\(value)")
        self.tag = Tag(tag)
        self.value = value
    }

    init(validatedTag tag: Tag, value: UInt32) {
        self.tag = tag
        self.value = value
    }

    /// The setting as `tag=value`, e.g. `kern=0`, the form ``init(_:)`` reads.
    public var description: String { "\(tag)=\(value)" }
}
