// AndroidTextMeasurer.swift — layouts measured for Android: each label as an Android 14 TextView lays it out, in dp.
import Caliper
import Foundation

/// Measures text for layouts as an Android 14 `TextView` with `wrap_content` measures it
/// (`TextMeasurer.androidLayout(of:style:paragraphStyle:profile:maxWidth:)`), in dp:
/// flows and cells laid out with it have their frames in dp, their text sizes in sp.
///
/// ```swift
/// let roboto = TextStyle(font: try FontFace(contentsOfFile: "Fonts/Android/Roboto-Regular.ttf"), size: 14)
/// let measurer = try AndroidTextMeasurer(profile: AndroidProfile(density: 2.625))
/// let flow = FlowLayout(items: ["kotlin", "compose"].map { .chip($0, style: roboto, padding: EdgeInsets(all: 8)) })
/// try flow.layout(width: 360, measurer: measurer).frames  // in dp
/// ```
///
/// Each label's size is the view's measured size in dp (px ÷ `AndroidProfile.density`):
/// a text that wraps is as wide as the width it was given, as a `TextView` is. Its lines have
/// their text (with "…" where the view ellipsized), width and baseline in dp, and no runs: the
/// lines are not shaped with glyphs, so ``SVGRenderer`` cannot draw them (it would draw UIKit's
/// glyphs); the picture doors refuse layouts for Android.
///
/// The measurer's ``paragraphStyle`` is what every `TextView` of the layout shares; each label's
/// `ParagraphStyle` gives its own line limit and ellipsis, and anything else it asks is
/// refused (the mapping: `AndroidParagraphStyle.init(_:view:)`). A label is in one style:
/// text in several styles, inline boxes or paragraph styles of its own are refused.
public struct AndroidTextMeasurer: TextMeasuring {
    /// The measurer whose limits (`TextMeasurer.maximumTextLength`) apply.
    public let measurer: TextMeasurer
    /// The screen, font scale and paint every label is measured with.
    public let profile: AndroidProfile
    /// The `TextView` settings every label shares; its `AndroidParagraphStyle.maxLines`
    /// and `AndroidParagraphStyle.ellipsize` are left unset, as each label sets its own.
    public let paragraphStyle: AndroidParagraphStyle

    /// A measurer for `profile`'s screen, every label a `TextView` with `paragraphStyle`'s settings.
    ///
    /// - Throws: `CaliperError.invalidAndroidProfile(_:)` for a profile or paragraph
    ///   style out of range, `CaliperError.unsupportedOnAndroid(_:)` for a paragraph
    ///   style that sets a line limit or an ellipsis (each label's own).
    public init(
        measurer: TextMeasurer = TextMeasurer(), profile: AndroidProfile, paragraphStyle: AndroidParagraphStyle = AndroidParagraphStyle()
    ) throws(CaliperError) {
        try profile.validate()
        try paragraphStyle.validate()
        guard paragraphStyle.maxLines == nil, paragraphStyle.ellipsize == nil else {
            throw .unsupportedOnAndroid(
                "a layout's TextView settings cannot set maxLines or ellipsize: each label sets its own (ParagraphStyle.numberOfLines and lineBreakMode)")
        }
        self.measurer = measurer
        self.profile = profile
        self.paragraphStyle = paragraphStyle
    }

    /// `text` laid out as a `TextView` with the shared settings, `paragraphStyle`'s line limit and
    /// ellipsis, at most `maxWidth` dp wide (`nil` or infinite: unlimited); `style`'s size in sp.
    ///
    /// - Throws: `CaliperError.unsupportedOnAndroid(_:)` for a paragraph style a
    ///   `TextView` cannot follow; the errors of
    ///   `TextMeasurer.androidLayout(of:style:paragraphStyle:profile:maxWidth:)`.
    public func measure(_ text: String, style: TextStyle, paragraphStyle: ParagraphStyle, maxWidth: CGFloat?) throws -> TextMeasurement {
        let viewStyle = try AndroidParagraphStyle(paragraphStyle, view: self.paragraphStyle)
        let width = maxWidth.flatMap { $0.isFinite ? Double($0) : nil }
        let layout = try measurer.androidLayout(of: text, style: style, paragraphStyle: viewStyle, profile: profile, maxWidth: width)
        return Self.measurement(of: layout, text: text)
    }

    /// `text` measured as ``measure(_:style:paragraphStyle:maxWidth:)`` measures a plain text in
    /// its one style.
    ///
    /// - Throws: `CaliperError.unsupportedOnAndroid(_:)` for text in several styles,
    ///   with inline boxes or with paragraph styles of its own (`AttributedText.isSingleStyle`).
    public func measure(_ text: AttributedText, paragraphStyle: ParagraphStyle, maxWidth: CGFloat?) throws -> TextMeasurement {
        guard text.isSingleStyle else { throw CaliperError.unsupportedOnAndroid(Self.multipleStyles(of: text)) }
        return try measure(text.string, style: text.spans[0].style, paragraphStyle: paragraphStyle, maxWidth: maxWidth)
    }

    /// The text's widths for a layout that asks: max-content is the `TextView`'s width with no
    /// limit (its widest paragraph, rounded up to whole px), in dp; min-content is 0, as a
    /// `TextView` has no narrowest width — given less than a word, it breaks inside the word
    /// (Minikin's desperate breaks). So a flow's chip that wraps freely is clamped to its row, as
    /// Material's `ChipGroup` measures a chip at most as wide as the row, rather than kept as wide
    /// as its longest word as a CSS flex item is.
    ///
    /// - Throws: as ``measure(_:paragraphStyle:maxWidth:)``.
    public func intrinsicWidths(of text: AttributedText, paragraphStyle: ParagraphStyle) throws -> IntrinsicWidths {
        IntrinsicWidths(minContent: 0, maxContent: try measure(text, paragraphStyle: paragraphStyle, maxWidth: nil).size.width)
    }

    /// What a layout needs of `layout`, in dp: the view's size; each line's shown text (the
    /// ellipsized part as "…", without the line feed and the spaces that end it), width and
    /// baseline; whether text was cut off; the missing glyphs; and the missing hyphenation
    /// patterns as a notice.
    static func measurement(of layout: AndroidTextLayout, text: String) -> TextMeasurement {
        let units = Array(text.utf16)
        let density = layout.density
        var measurement = TextMeasurement(
            size: CGSize(width: layout.widthInDP, height: layout.heightInDP),
            lines: layout.lines.map { line in
                TextMeasurement.Line(
                    text: shownText(of: line, in: units), width: CGFloat(Double(line.width) / density),
                    baseline: CGFloat(Double(line.baseline) / density))
            })
        measurement.isTruncated = layout.isEllipsized || layout.isTruncated
        measurement.missingGlyphCount = layout.missingGlyphCount
        if layout.lacksHyphenationPatterns { measurement.notices = [.noAndroidHyphenationPatterns] }
        return measurement
    }

    /// The text `line` shows: its units with the ellipsized ones as one "…", without the line
    /// feed and trailing spaces that end it.
    private static func shownText(of line: AndroidTextLayout.Line, in units: [UInt16]) -> String {
        let range = line.utf16Range.clamped(to: 0..<units.count)
        var shown: String
        if let ellipsis = line.ellipsisRange?.clamped(to: range) {
            shown = String(decoding: units[range.lowerBound..<ellipsis.lowerBound], as: UTF16.self) + "…"
                + String(decoding: units[ellipsis.upperBound..<range.upperBound], as: UTF16.self)
        } else {
            shown = String(decoding: units[range], as: UTF16.self)
        }
        while let last = shown.last, last.isNewline || last == " " { shown.removeLast() }
        return shown
    }

    /// Why `text` (not in a single style) cannot be a label for Android.
    private static func multipleStyles(of text: AttributedText) -> String {
        if !text.inlineBoxes.isEmpty { return "inline boxes (attachments) in a label: a label for Android is text in one style for now" }
        if text.spans.count > 1 { return "text in several styles (spans or markup): a label for Android is in one style for now" }
        return "paragraph styles of a label's own paragraphs: a label for Android has one paragraph style for now"
    }
}
