// ShapingProperties.swift — what HarfBuzz needs to know of a run beyond its text and font.

/// The direction, script and language a run is shaped with; `nil` lets HarfBuzz guess from the text.
struct ShapingProperties: Sendable, Hashable {
    var isRightToLeft: Bool?
    /// ISO 15924 code, e.g. "Arab".
    var script: String?
    /// BCP 47 tag, e.g. "sr" or "ar-EG".
    var language: String?
}
