// DynamicType.swift — iOS text styles at every content size category, and UIFontMetrics's scaling of custom fonts.
import Foundation

/// The text styles of Dynamic Type, as `UIFont.TextStyle` names them.
public enum DynamicTypeStyle: String, Sendable, Hashable, CaseIterable {
    /// `.largeTitle`: 34 pt at the default category.
    case largeTitle
    /// `.title1`: 28 pt.
    case title1
    /// `.title2`: 22 pt.
    case title2
    /// `.title3`: 20 pt.
    case title3
    /// `.headline`: 17 pt, semibold.
    case headline
    /// `.subheadline`: 15 pt.
    case subheadline
    /// `.body`: 17 pt.
    case body
    /// `.callout`: 16 pt.
    case callout
    /// `.footnote`: 13 pt.
    case footnote
    /// `.caption1`: 12 pt.
    case caption1
    /// `.caption2`: 11 pt.
    case caption2

    /// The point size of the system font for this style at `category`: Apple's table (see
    /// ``DynamicType``).
    public func pointSize(at category: ContentSizeCategory) -> CGFloat {
        CGFloat(DynamicType.pointSizes(of: self)[category.index])
    }

    /// The point size at the default category, ``ContentSizeCategory/large``.
    public var defaultPointSize: CGFloat { pointSize(at: .large) }

    /// The weight Apple sets the style in (`OS/2` scale): 600 (semibold) for the headline, 400
    /// (regular) for the others.
    public var weight: Int { self == .headline ? 600 : 400 }
}

/// The text size a person picks in Settings, as `UIContentSizeCategory` names it: seven standard
/// sizes and five larger accessibility sizes, in increasing order.
public enum ContentSizeCategory: String, Sendable, Hashable, CaseIterable, Comparable {
    /// `.extraSmall` (xSmall).
    case extraSmall = "xSmall"
    /// `.small`.
    case small
    /// `.medium`.
    case medium
    /// `.large`, the default.
    case large
    /// `.extraLarge` (xLarge).
    case extraLarge = "xLarge"
    /// `.extraExtraLarge` (xxLarge).
    case extraExtraLarge = "xxLarge"
    /// `.extraExtraExtraLarge` (xxxLarge).
    case extraExtraExtraLarge = "xxxLarge"
    /// `.accessibilityMedium` (AX1).
    case accessibilityMedium = "AX1"
    /// `.accessibilityLarge` (AX2).
    case accessibilityLarge = "AX2"
    /// `.accessibilityExtraLarge` (AX3).
    case accessibilityExtraLarge = "AX3"
    /// `.accessibilityExtraExtraLarge` (AX4).
    case accessibilityExtraExtraLarge = "AX4"
    /// `.accessibilityExtraExtraExtraLarge` (AX5).
    case accessibilityExtraExtraExtraLarge = "AX5"

    /// Whether this is one of the larger accessibility sizes (AX1–AX5).
    public var isAccessibilityCategory: Bool { self >= .accessibilityMedium }

    /// The category named `name`: its short name (`xSmall`, `large`, `AX3`, any case) or UIKit's
    /// case name (`extraSmall`, `accessibilityExtraLarge`).
    public init?(named name: String) {
        let lowered = name.lowercased()
        guard
            let match = Self.allCases.first(where: { $0.rawValue.lowercased() == lowered || "\($0)".lowercased() == lowered })
        else { return nil }
        self = match
    }

    var index: Int { Self.allCases.firstIndex(of: self) ?? 3 }

    /// Categories in increasing order.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.index < rhs.index }
}

/// Dynamic Type: the point sizes of the system text styles at every content size category, and the
/// scaling `UIFontMetrics` applies to custom fonts and values.
///
/// The sizes are the "Dynamic Type sizes" tables of Apple's Human Interface Guidelines
/// (Typography › Specifications, iOS and iPadOS); they agree, cell for cell, with the sizes
/// `UIFont.preferredFont(forTextStyle:compatibleWith:)` returned in the iOS 13.3 simulator, as
/// recorded by github.com/temoki/UIKit_DynamicType. The guidelines' leading column is not included:
/// it is the system font's line height, and a label's lines take their height from their own fonts
/// (as `UILabel` does for a custom font).
///
/// ```swift
/// let metrics = DynamicTypeMetrics(forTextStyle: .body)
/// metrics.scaledValue(for: 16, compatibleWith: .accessibilityExtraLarge)  // 16 × 40 / 17
/// ```
public enum DynamicType {
    /// The points of `style`, one per category from xSmall to AX5 (Apple's table, every style in it).
    static func pointSizes(of style: DynamicTypeStyle) -> [Int] {
        switch style {
        case .largeTitle: largeTitle
        case .title1: title1
        case .title2: title2
        case .title3: title3
        case .headline: headline
        case .subheadline: subheadline
        case .body: body
        case .callout: callout
        case .footnote: footnote
        case .caption1: caption1
        case .caption2: caption2
        }
    }

    private static let largeTitle = [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]
    private static let title1 = [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]
    private static let title2 = [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]
    private static let title3 = [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]
    private static let headline = [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
    private static let subheadline = [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]
    private static let body = [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
    private static let callout = [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]
    private static let footnote = [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]
    private static let caption1 = [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
    private static let caption2 = [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 41]
}

/// `UIFontMetrics`: scales custom fonts and values as a text style's size scales with the content
/// size category.
///
/// A value `v` at `category` becomes `v × size(category) ÷ size(.large)`, where `size` is the text
/// style's point size (``DynamicTypeStyle/pointSize(at:)``): Apple documents `scaledValue(for:)`
/// and `scaledFont(for:)` as scaling proportionally to the text style's size at the current
/// category. The result is not rounded (Apple's documentation mentions no rounding; round a
/// frame with ``PixelRounding`` as UIKit code does). At ``ContentSizeCategory/large`` every value
/// is itself.
public struct DynamicTypeMetrics: Sendable, Hashable {
    /// The text style whose sizes the scaling follows.
    public let textStyle: DynamicTypeStyle

    /// Metrics following `textStyle`'s sizes (`UIFontMetrics(forTextStyle:)`).
    public init(forTextStyle textStyle: DynamicTypeStyle) {
        self.textStyle = textStyle
    }

    /// Metrics following the body style (`UIFontMetrics.default`).
    public static let `default` = DynamicTypeMetrics(forTextStyle: .body)

    /// The factor values are multiplied by at `category`.
    public func scale(at category: ContentSizeCategory) -> CGFloat {
        textStyle.pointSize(at: category) / textStyle.defaultPointSize
    }

    /// `value` scaled for `category` (`scaledValue(for:compatibleWith:)`).
    public func scaledValue(for value: CGFloat, compatibleWith category: ContentSizeCategory) -> CGFloat {
        category == .large ? value : value * textStyle.pointSize(at: category) / textStyle.defaultPointSize
    }

    /// `style` with its point size scaled for `category`, at most `maximumPointSize` when given
    /// (`scaledFont(for:maximumPointSize:compatibleWith:)`). Only the size scales: letter spacing
    /// and baseline offset stay as given, as a font's attributes do in UIKit.
    public func scaledStyle(
        for style: TextStyle, maximumPointSize: CGFloat? = nil, compatibleWith category: ContentSizeCategory
    ) -> TextStyle {
        var scaled = style
        scaled.size = scaledValue(for: style.size, compatibleWith: category)
        if let maximumPointSize, maximumPointSize > 0 { scaled.size = min(scaled.size, maximumPointSize) }
        return scaled
    }

    /// `text` with every span's point size scaled for `category` (each font of an attributed
    /// string scaled with `scaledFont(for:)`); inline boxes and paragraph styles stay as given.
    public func scaledText(
        _ text: AttributedText, maximumPointSize: CGFloat? = nil, compatibleWith category: ContentSizeCategory
    ) -> AttributedText {
        text.mappingStyles { scaledStyle(for: $0, maximumPointSize: maximumPointSize, compatibleWith: category) }
    }
}

/// A text's layout at one content size category (see
/// ``TextMeasurer/layoutsForEveryContentSizeCategory(_:scaledAs:maximumPointSize:paragraphStyle:maxWidth:)``).
public struct ContentSizeCategoryLayout: Sendable {
    /// The category.
    public let category: ContentSizeCategory
    /// The factor the text's point sizes were multiplied by (before any maximum).
    public let scale: CGFloat
    /// The text as measured: its spans at their scaled sizes.
    public let text: AttributedText
    /// Its layout.
    public let layout: TextLayout
}

extension TextMeasurer {
    /// `text`'s layout at each of the twelve content size categories, its point sizes scaled as
    /// `textStyle`'s (``DynamicTypeMetrics``): what a server precomputing a label for every
    /// reader's setting needs, in one call. The sizes share one shaping: a paragraph is shaped
    /// once in design units and measured at every size (with no cache of its own, the measurer
    /// uses one for the call).
    ///
    /// - Throws: what ``layout(_:paragraphStyle:maxWidth:)`` throws at any of the sizes (a size
    ///   scaled past ``TextStyle/maximumFontSize`` among them).
    public func layoutsForEveryContentSizeCategory(
        _ text: AttributedText, scaledAs textStyle: DynamicTypeStyle, maximumPointSize: CGFloat? = nil,
        paragraphStyle: ParagraphStyle = ParagraphStyle(), maxWidth: CGFloat? = nil
    ) throws(CaliperError) -> [ContentSizeCategoryLayout] {
        var measurer = self
        if measurer.cache == nil { measurer.cache = ShapeCache(byteBudget: 16 << 20) }
        let metrics = DynamicTypeMetrics(forTextStyle: textStyle)
        var layouts: [ContentSizeCategoryLayout] = []
        layouts.reserveCapacity(ContentSizeCategory.allCases.count)
        for category in ContentSizeCategory.allCases {
            let scaled = metrics.scaledText(text, maximumPointSize: maximumPointSize, compatibleWith: category)
            layouts.append(
                ContentSizeCategoryLayout(
                    category: category, scale: metrics.scale(at: category), text: scaled,
                    layout: try measurer.layout(scaled, paragraphStyle: paragraphStyle, maxWidth: maxWidth)))
        }
        return layouts
    }
}
