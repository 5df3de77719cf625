// TextStyle.swift — the character attributes of measured text: font, size, letter spacing, features.
import Foundation

/// The character attributes that decide how wide text is, as `NSAttributedString` attributes do:
/// the font (`.font`), the point size, letter spacing (`.kern`) and OpenType feature settings.
///
/// ```swift
/// let style = TextStyle(font: try FontFace(contentsOfFile: "Fonts/DejaVuSans.ttf"), size: 17)
/// ```
public struct TextStyle: Sendable, Hashable {
    /// The largest point size Caliper accepts; larger sizes are refused as input errors.
    public static let maximumFontSize: CGFloat = 10_000

    /// The face the text is set in.
    public var font: FontFace
    /// The point size, greater than 0 and at most ``maximumFontSize``.
    public var size: CGFloat
    /// Points added after every grapheme cluster, the last one included, as UIKit's `.kern` attribute.
    public var letterSpacing: CGFloat
    /// OpenType features on top of HarfBuzz's defaults (kerning, standard ligatures, contextual alternates).
    public var features: [FontFeature]

    public init(font: FontFace, size: CGFloat, letterSpacing: CGFloat = 0, features: [FontFeature] = []) {
        self.font = font
        self.size = size
        self.letterSpacing = letterSpacing
        self.features = features
    }

    /// The font's metrics at this size.
    public var metrics: FontMetrics { font.metrics(atSize: size) }

    func validate() throws(CaliperError) {
        guard size.isFinite, size > 0, size <= Self.maximumFontSize else { throw .invalidFontSize(Double(size)) }
        guard letterSpacing.isFinite, abs(letterSpacing) <= Self.maximumFontSize else {
            throw .invalidLength(name: "letter spacing", value: Double(letterSpacing))
        }
    }
}
