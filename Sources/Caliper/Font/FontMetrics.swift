// FontMetrics.swift — a face's vertical metrics, in design units and in points at a size.
import Foundation

/// A face's vertical metrics in font design units, as its tables store them.
///
/// `ascender`, `descender` and `lineGap` come from the `hhea` table, as on Apple platforms;
/// `capHeight` and `xHeight` from `OS/2` (version 2 or later), else from the outlines of "H" and "x".
public struct FontDesignMetrics: Sendable, Hashable {
    /// Design units per em (`head.unitsPerEm`), e.g. 2048 or 1000.
    public var unitsPerEm: Int
    /// `hhea.ascender`, positive above the baseline.
    public var ascender: Int
    /// `hhea.descender`, negative below the baseline.
    public var descender: Int
    /// `hhea.lineGap`.
    public var lineGap: Int
    /// Height of capital letters; 0 when the font has neither `OS/2` v2 nor an "H".
    public var capHeight: Int
    /// Height of lowercase letters; 0 when the font has neither `OS/2` v2 nor an "x".
    public var xHeight: Int

    /// The metrics in points at `pointSize` (points = units × size / unitsPerEm, unrounded).
    public func scaled(toPointSize pointSize: CGFloat) -> FontMetrics {
        let scale = Double(pointSize) / Double(unitsPerEm)
        return FontMetrics(
            pointSize: pointSize, unitsPerEm: unitsPerEm,
            ascender: CGFloat(Double(ascender) * scale), descender: CGFloat(Double(descender) * scale),
            leading: CGFloat(Double(lineGap) * scale), capHeight: CGFloat(Double(capHeight) * scale),
            xHeight: CGFloat(Double(xHeight) * scale))
    }
}

/// A font's metrics in points at one size, with `UIFont`'s names.
///
/// ```swift
/// let metrics = try FontFace(contentsOfFile: "Fonts/DejaVuSans.ttf").metrics(atSize: 17)
/// metrics.lineHeight  // ascender − descender + leading
/// ```
public struct FontMetrics: Sendable, Hashable {
    /// The size the metrics are for, in points.
    public var pointSize: CGFloat
    /// Design units per em of the face.
    public var unitsPerEm: Int
    /// Distance from the baseline to the top of the line box (`hhea.ascender`), positive.
    public var ascender: CGFloat
    /// Distance from the baseline to the bottom of the line box (`hhea.descender`), negative.
    public var descender: CGFloat
    /// Extra space between lines (`hhea.lineGap`), as `UIFont.leading`.
    public var leading: CGFloat
    /// Height of capital letters above the baseline.
    public var capHeight: CGFloat
    /// Height of lowercase letters above the baseline.
    public var xHeight: CGFloat

    /// The height of one line: ascender − descender + leading, as `UIFont.lineHeight`.
    public var lineHeight: CGFloat { ascender - descender + leading }
}
