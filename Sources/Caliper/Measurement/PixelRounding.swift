// PixelRounding.swift — UIKit's rounding idiom: ceil to the pixel grid of a screen scale.
import Foundation

/// Rounds measurements up to whole pixels of a screen scale, as UIKit code does with
/// `ceil(size.width * scale) / scale` before using a measured size for a frame. Caliper's own results
/// stay unrounded; round only where a frame needs whole pixels.
///
/// ```swift
/// let size = try TextMeasurer().size(of: "Hello, World", style: style)  // 102.6142578125 × 19.7890625
/// PixelRounding.ceil(size, scale: 2)                                    // 103.0 × 20.0
/// ```
public enum PixelRounding {
    /// The screen scales layouts accept for rounding (1, 2 and 3 for iPhones, 0.75 to 4 on
    /// Android): a tinier scale would make one pixel larger than any length can be.
    public static let scales: ClosedRange<CGFloat> = 0.01...100

    /// `value` rounded up to a multiple of 1 / `scale` (scale 1, 2, 3 for 1×, 2×, 3× screens).
    public static func ceil(_ value: CGFloat, scale: CGFloat = 1) -> CGFloat {
        guard scale.isFinite, scale > 0 else { return value }
        return (value * scale).rounded(.up) / scale
    }

    /// Both dimensions of `size` rounded up to the pixel grid of `scale`.
    public static func ceil(_ size: CGSize, scale: CGFloat = 1) -> CGSize {
        CGSize(width: ceil(size.width, scale: scale), height: ceil(size.height, scale: scale))
    }
}
