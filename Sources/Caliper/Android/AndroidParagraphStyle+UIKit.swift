// AndroidParagraphStyle+UIKit.swift — a UIKit paragraph style as a TextView's attributes: the line limit and ellipsis it maps to, and what it asks that a TextView cannot do.
import Foundation

extension AndroidParagraphStyle {
    /// The `TextView` settings that lay a label out as `style` asks: `view`'s (the settings every
    /// label of a layout shares: break strategy, hyphenation, font padding, line spacing…) with
    /// the line limit and ellipsis taken from `style`.
    ///
    /// ```swift
    /// let title = try AndroidParagraphStyle(ParagraphStyle(lineBreakMode: .byTruncatingTail, numberOfLines: 2))
    /// (title.maxLines, title.ellipsize)  // (2, .end)
    /// ```
    ///
    /// | ``ParagraphStyle`` | `TextView` |
    /// |---|---|
    /// | ``ParagraphStyle/numberOfLines`` n > 0 | `android:maxLines="n"` (``maxLines``) |
    /// | ``ParagraphStyle/numberOfLines`` 0 | no `maxLines` |
    /// | ``LineBreakMode/byWordWrapping`` | no `android:ellipsize`: lines past the limit are cut off |
    /// | ``LineBreakMode/byTruncatingTail`` | `android:ellipsize="end"` |
    /// | ``LineBreakMode/byTruncatingHead`` | `android:ellipsize="start"` |
    /// | ``LineBreakMode/byTruncatingMiddle`` | `android:ellipsize="middle"` |
    ///
    /// Everything else a paragraph style can ask has no `TextView` attribute that does it, or
    /// one that is the view's rather than the label's, and is refused when it is not
    /// ``ParagraphStyle``'s default: character wrapping and clipping, ``ParagraphStyle/lineSpacing``
    /// (`android:lineSpacingExtra` is ``lineSpacingExtra``, the view's),
    /// ``ParagraphStyle/lineHeightMultiple`` (`android:lineSpacingMultiplier` is
    /// ``lineSpacingMultiplier``, the view's), ``ParagraphStyle/minimumLineHeight`` and
    /// ``ParagraphStyle/maximumLineHeight`` (`android:lineHeight` is not modelled), an explicit
    /// ``ParagraphStyle/baseDirection`` (`android:textDirection` is not modelled: the direction is
    /// the text's first strong character's), ``ParagraphStyle/usesFontLeading`` off (a
    /// `TextView`'s lines never include the font's leading; ``includeFontPadding`` is the view's),
    /// a ``ParagraphStyle/textWrap`` other than ``TextWrap/wrap`` (`android:breakStrategy` is
    /// ``breakStrategy``, the view's), a ``ParagraphStyle/hyphenationFactor``
    /// (`android:hyphenationFrequency` is ``hyphenationFrequency``, the view's), and tab stops
    /// other than UIKit's default (a `TextView`'s are every 20 px; `TabStopSpan` is not modelled).
    ///
    /// - Throws: ``CaliperError/unsupportedOnAndroid(_:)`` naming the first setting a `TextView`
    ///   cannot follow; `style`'s own validation errors (``ParagraphStyle/validate()``).
    public init(_ style: ParagraphStyle, view: AndroidParagraphStyle = AndroidParagraphStyle()) throws(CaliperError) {
        try style.validate()
        self = view
        maxLines = style.numberOfLines > 0 ? style.numberOfLines : nil
        switch style.lineBreakMode {
        case .byWordWrapping: ellipsize = nil
        case .byTruncatingTail: ellipsize = .end
        case .byTruncatingHead: ellipsize = .start
        case .byTruncatingMiddle: ellipsize = .middle
        case .byCharWrapping:
            throw .unsupportedOnAndroid(
                "lineBreakMode \"char\" (character wrapping): a TextView breaks lines between words (android:breakStrategy) and inside a word only when it does not fit")
        case .byClipping:
            throw .unsupportedOnAndroid(
                "lineBreakMode \"clip\": a TextView wraps its text, or ellipsizes it (android:ellipsize); clipping one scrolling line (android:scrollHorizontally) is not modelled")
        }
        if let refusal = Self.refusal(of: style) { throw .unsupportedOnAndroid(refusal) }
    }

    /// Why a `TextView` cannot do what `style` asks beyond its line limit and line break mode, or
    /// `nil` when it asks nothing more than ``ParagraphStyle``'s defaults.
    private static func refusal(of style: ParagraphStyle) -> String? {
        if style.lineSpacing != 0 {
            return "lineSpacing \(style.lineSpacing): a TextView's line spacing is the view's android:lineSpacingExtra (lineSpacingExtra, in dp)"
        }
        if style.lineHeightMultiple != 0 {
            return
                "lineHeightMultiple \(style.lineHeightMultiple): a TextView's is the view's android:lineSpacingMultiplier (lineSpacingMultiplier), which spaces lines rather than sizing them"
        }
        if style.minimumLineHeight != 0 || style.maximumLineHeight != 0 {
            let name = style.minimumLineHeight != 0 ? "minimumLineHeight \(style.minimumLineHeight)" : "maximumLineHeight \(style.maximumLineHeight)"
            return "\(name): a TextView's fixed line height (android:lineHeight) is not modelled"
        }
        if style.baseDirection != .natural {
            return
                "direction \"\(style.baseDirection.rawValue)\": android:textDirection is not modelled (a TextView's direction is its text's first strong character's)"
        }
        if !style.usesFontLeading {
            return "usesFontLeading false: a TextView's lines never include the font's leading (android:includeFontPadding is the view's)"
        }
        if style.textWrap != .wrap {
            return "textWrap \"\(style.textWrap.rawValue)\": a TextView chooses its lines by the view's android:breakStrategy (breakStrategy)"
        }
        if style.hyphenationFactor != 0 {
            return "hyphenationFactor \(style.hyphenationFactor): a TextView hyphenates by the view's android:hyphenationFrequency (hyphenationFrequency)"
        }
        if style.tabStops != ParagraphStyle.defaultTabStops || style.defaultTabInterval != 0 {
            return "tab stops: a TextView's are every 20 px (Layout.TAB_INCREMENT); other stops (TabStopSpan) are not modelled"
        }
        return nil
    }
}
