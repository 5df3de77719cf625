// ComposeLineHeightSpan.swift — Compose's line height spans restated: how each line's ascent and descent become the line height's, as StaticLayout asks the span line by line.
import Foundation

/// The `android.text.style.LineHeightSpan` Compose puts over a whole text with a line height
/// (`createCharSequence` in `AndroidParagraphHelper.android.kt`, `setLineHeight` in
/// `SpannableExtensions.android.kt`), which `StaticLayout.out` asks for each line's ascent and
/// descent before its font padding (every line but the empty one after a final line feed).
///
/// - ``Kind/style(topRatio:trimFirstLineTop:trimLastLineBottom:preserveMinimumHeight:)``:
///   `LineHeightStyleSpan` (`LineHeightStyleSpan.android.kt`): the first line it is asked for
///   fixes the target ascent and descent of every line (`calculateTargetMetrics`), the first and
///   last lines keeping the font's where the style trims.
/// - ``Kind/legacy``: `LineHeightSpan` (`LineHeightSpan.android.kt`), for a style with font
///   padding and no `LineHeightStyle`: each line's descent scaled by the line height over the
///   line's height, rounded up.
struct ComposeLineHeightSpan: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case style(topRatio: Float, trimFirstLineTop: Bool, trimLastLineBottom: Bool, preserveMinimumHeight: Bool)
        case legacy
    }

    let kind: Kind
    /// The line height in px, unrounded.
    let lineHeight: Float
    /// The span's first unit (always 0: the span covers the text).
    let startIndex: Int
    /// The end a line must have to be the last: the text's length, one more for an empty text
    /// or one ending in a line feed (so that no line is the last).
    let endIndex: Int

    private var firstAscent = Int.min, ascent = Int.min, descent = Int.min, lastDescent = Int.min
    /// `firstAscentDiff`: the font's ascent less the first line's (negative when the line height
    /// cuts into the font's ascent).
    private(set) var firstAscentDiff = 0
    /// `lastDescentDiff`: the last line's descent less the font's.
    private(set) var lastDescentDiff = 0

    init(kind: Kind, lineHeight: Float, startIndex: Int = 0, endIndex: Int) {
        self.kind = kind
        self.lineHeight = lineHeight
        self.startIndex = startIndex
        self.endIndex = endIndex
    }

    /// The span of `style` over a text of `length` UTF-16 units ending in `last`, line height
    /// `lineHeight` px: `LineHeightStyleSpan` unless the style has font padding and no line
    /// height style (`createCharSequence`).
    init(style: AndroidParagraphStyle, lineHeight: Float, length: Int, endsInLineFeed: Bool) {
        let endIndex = length == 0 || endsInLineFeed ? length + 1 : length
        if style.includeFontPadding, style.lineHeightStyle == nil {
            self.init(kind: .legacy, lineHeight: lineHeight, endIndex: endIndex)
            return
        }
        let lineHeightStyle = style.lineHeightStyle ?? AndroidParagraphStyle.LineHeightStyle()
        let topRatio: Float = switch lineHeightStyle.alignment {
        case .top: 0
        case .center: 0.5
        case .proportional: -1
        case .bottom: 1
        }
        let trim = lineHeightStyle.trim
        self.init(
            kind: .style(
                topRatio: topRatio, trimFirstLineTop: trim == .firstLineTop || trim == .both, trimLastLineBottom: trim == .lastLineBottom || trim == .both,
                preserveMinimumHeight: lineHeightStyle.mode == .minimum),
            lineHeight: lineHeight, endIndex: endIndex)
    }

    /// A copy with its own state, for the line `start..<end`'s `copy(startIndex:endIndex:trimFirstLineTop:)`.
    func copy(startIndex: Int, endIndex: Int, trimFirstLineTop: Bool) -> ComposeLineHeightSpan {
        var kind = self.kind
        if case .style(let ratio, _, let trimLast, let preserve) = kind {
            kind = .style(topRatio: ratio, trimFirstLineTop: trimFirstLineTop, trimLastLineBottom: trimLast, preserveMinimumHeight: preserve)
        }
        return ComposeLineHeightSpan(kind: kind, lineHeight: lineHeight, startIndex: startIndex, endIndex: endIndex)
    }

    /// Whether the style trims the last line's bottom (`trimLastLineBottom`; never for the legacy span).
    var trimsLastLineBottom: Bool {
        if case .style(_, _, let trimLast, _) = kind { return trimLast }
        return false
    }

    /// `chooseHeight` for the line `start..<end`: its ascent and descent (y down) made the line
    /// height's.
    mutating func chooseHeight(start: Int, end: Int, ascent: inout Int, descent: inout Int) {
        let currentHeight = descent - ascent
        guard currentHeight > 0 else { return }  // "If current height is not positive, do nothing."
        let ceiledLineHeight = Self.int(lineHeight.rounded(.up))
        switch kind {
        case .legacy:
            let ratio = Float(ceiledLineHeight) * 1.0 / Float(currentHeight)
            descent = Self.int((Double(descent) * Double(ratio)).rounded(.up))
            ascent = descent - ceiledLineHeight
        case .style(let topRatio, let trimFirst, let trimLast, let preserveMinimumHeight):
            let isFirstLine = start == startIndex
            let isLastLine = end == endIndex
            if isFirstLine, isLastLine, trimFirst, trimLast { return }
            if firstAscent == Int.min {
                calculateTargetMetrics(
                    ascent: ascent, descent: descent, ceiledLineHeight: ceiledLineHeight, topRatio: topRatio, trimFirstLineTop: trimFirst,
                    trimLastLineBottom: trimLast, preserveMinimumHeight: preserveMinimumHeight)
            }
            ascent = isFirstLine ? firstAscent : self.ascent
            descent = isLastLine ? lastDescent : self.descent
        }
    }

    /// `calculateTargetMetrics`, from the first line's ascent and descent.
    private mutating func calculateTargetMetrics(
        ascent fontAscent: Int, descent fontDescent: Int, ceiledLineHeight: Int, topRatio: Float, trimFirstLineTop: Bool, trimLastLineBottom: Bool,
        preserveMinimumHeight: Bool
    ) {
        let currentHeight = fontDescent - fontAscent
        let diff = ceiledLineHeight - currentHeight
        if preserveMinimumHeight, diff <= 0 {
            (ascent, descent, firstAscent, lastDescent) = (fontAscent, fontDescent, fontAscent, fontDescent)
            (firstAscentDiff, lastDescentDiff) = (0, 0)
            return
        }
        let ascentRatio = topRatio == -1 ? abs(Float(fontAscent)) / Float(currentHeight) : topRatio
        // As written: a shrinking line takes diff × ascentRatio from below the baseline, a
        // growing one adds diff × (1 − ascentRatio) there.
        let descentDiff = diff <= 0 ? Self.int((Float(diff) * ascentRatio).rounded(.up)) : Self.int((Float(diff) * (1 - ascentRatio)).rounded(.up))
        descent = fontDescent + descentDiff
        ascent = descent - ceiledLineHeight
        firstAscent = trimFirstLineTop ? fontAscent : ascent
        lastDescent = trimLastLineBottom ? fontDescent : descent
        firstAscentDiff = fontAscent - firstAscent
        lastDescentDiff = lastDescent - fontDescent
    }

    /// Kotlin's `toInt()`: toward zero, saturating, NaN 0.
    private static func int<Value: BinaryFloatingPoint>(_ value: Value) -> Int {
        guard !value.isNaN else { return 0 }
        return Int(max(Value(Int32.min), min(Value(Int32.max), value.rounded(.towardZero))))
    }
}
