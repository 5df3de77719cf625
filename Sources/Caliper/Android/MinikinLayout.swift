// MinikinLayout.swift — a text's advance as Android 14's Minikin measures it (Layout::measureText), restated.
import Foundation

/// What Minikin's layout reads of a paint (`MinikinPaint`): the size in px, letter spacing in
/// ems, hinting (Skia's advances), the locale list, the font feature settings and the family
/// variant fallback prefers.
struct AndroidPaint: Sendable {
    var size: Float
    var letterSpacing: Float
    var hinting: Bool
    /// `Paint.setTextLocales`, comma-separated; ``locales`` is it as Minikin holds it.
    var locale: String { didSet { locales = .cached(locale) } }
    var features: [FontFeature]
    var familyVariant: AndroidFontVariant
    /// The paint's locale list, parsed once (every piece shapes in one of its languages).
    private(set) var locales: MinikinLocaleList

    init(
        size: Float, letterSpacing: Float, hinting: Bool, locale: String, features: [FontFeature], familyVariant: AndroidFontVariant = .default
    ) {
        self.size = size
        self.letterSpacing = letterSpacing
        self.hinting = hinting
        self.locale = locale
        self.features = features
        self.familyVariant = familyVariant
        locales = .cached(locale)
    }
}

/// Android 14's `minikin::Layout::measureText` (`libs/minikin/Layout.cpp`) over a whole text,
/// bidi `DEFAULT_LTR`, no run flag, no hyphen edits, as `Paint.measureText` calls it:
///
/// - the text's bidi runs (first strong, left-to-right by default) are laid out one after the
///   other (`doLayoutRunCached`), each split into pieces at word breaks (`LayoutSplitter`,
///   `LayoutUtils.cpp`: after each space U+0020, U+2000–U+200A, U+3000 and bidi control, and
///   before each of them and each CJK ideograph U+3400–U+9FFF), so nothing kerns across a space;
/// - a piece (`LayoutPiece`, `LayoutCore.cpp`) is itemized into fonts (``MinikinItemizer``), each
///   font run into script runs (`ScriptText`: ICU scripts, Common and Inherited joining the script
///   around them), each shaped by HarfBuzz with the piece as its context, in a font at the size
///   in 1/256 px whose advances are Skia's (``HarfBuzzFont/shapeScaled(_:context:item:isRightToLeft:script:language:features:size:advances:)``);
/// - letter spacing (`letterSpacing` ems × the size, in scripts that allow it) adds half before
///   a piece's first cluster, one between clusters and half after its last, none next to a
///   control character; optional ligatures (`liga`, `clig`) are turned off when it is more than
///   0.03 em, and `chws` is on unless a feature setting says otherwise (`cleanAndAddDefaultFontFeatures`);
/// - advances add up in single precision, as Minikin adds them.
enum MinikinLayout {
    /// A text's advance, and how many of its glyphs were no font's (glyph 0 of the font the
    /// itemizer fell back to).
    struct Advance: Sendable, Equatable {
        var advance: Float = 0
        var missingGlyphs = 0

        static func += (lhs: inout Advance, rhs: Advance) {
            lhs.advance += rhs.advance
            lhs.missingGlyphs += rhs.missingGlyphs
        }
    }

    static func measureText(_ text: [UInt16], families: [AndroidFamily], paint: AndroidPaint) throws(CaliperError) -> Advance {
        guard !text.isEmpty, !families.isEmpty else { return Advance() }
        let levels = try Self.bidiLevels(text)
        let features = Self.features(paint)
        var advance = Advance()
        var start = 0
        while start < text.count {
            var end = start + 1
            while end < text.count, levels[end] == levels[start] { end += 1 }
            advance += try runAdvance(text, range: start..<end, isRightToLeft: levels[start] % 2 == 1, families: families, paint: paint, features: features)
            start = end
        }
        return advance
    }

    private static func bidiLevels(_ text: [UInt16]) throws(CaliperError) -> [UInt8] {
        do {
            return try Bidi.levels(of: text, baseDirection: .natural).levels
        } catch {
            throw .textBoundaries(error)
        }
    }

    /// `doLayoutRunCached`: the run's pieces, in reading order.
    private static func runAdvance(
        _ text: [UInt16], range: Range<Int>, isRightToLeft: Bool, families: [AndroidFamily], paint: AndroidPaint,
        features: [(tag: Tag, value: UInt32)]
    ) throws(CaliperError) -> Advance {
        var advance = Advance()
        for (context, piece) in Self.pieces(of: text, in: range, isRightToLeft: isRightToLeft) {
            let laidOut = try layoutPiece(text, context: context, piece: piece, isRightToLeft: isRightToLeft, families: families, paint: paint, features: features)
            advance += Advance(advance: laidOut.advance, missingGlyphs: laidOut.missingGlyphs)
        }
        return advance
    }

    /// `LayoutSplitter`: each piece with the context it is shaped in.
    static func pieces(
        of text: [UInt16], in range: Range<Int>, isRightToLeft: Bool, wordBreaks: WordBreaks? = nil
    ) -> [(context: Range<Int>, piece: Range<Int>)] {
        var result: [(context: Range<Int>, piece: Range<Int>)] = []
        let previousWordBreak = { (text: [UInt16], offset: Int) in wordBreaks?.previous(offset) ?? Self.previousWordBreak(text, offset) }
        let nextWordBreak = { (text: [UInt16], offset: Int) in wordBreaks?.next(offset) ?? Self.nextWordBreak(text, offset) }
        if isRightToLeft {
            var position = range.upperBound
            var contextStart = previousWordBreak(text, position)
            var contextEnd = nextWordBreak(text, position == 0 ? 0 : position - 1)
            while position != range.lowerBound {
                let pieceStart = max(contextStart, range.lowerBound)
                result.append((contextStart..<contextEnd, pieceStart..<position))
                position = pieceStart
                contextEnd = position
                contextStart = previousWordBreak(text, position)
            }
        } else {
            var position = range.lowerBound
            var contextStart = previousWordBreak(text, position == range.upperBound ? position : position + 1)
            var contextEnd = nextWordBreak(text, position)
            while position != range.upperBound {
                let pieceEnd = min(contextEnd, range.upperBound)
                result.append((contextStart..<contextEnd, position..<pieceEnd))
                position = pieceEnd
                contextStart = position
                contextEnd = nextWordBreak(text, position)
            }
        }
        return result
    }

    /// `isWordBreakAfter`: spaces and bidi controls.
    fileprivate static func isWordBreakAfter(_ unit: UInt16) -> Bool {
        unit == 0x20 || (0x2000...0x200A).contains(unit) || unit == 0x3000 || (0x2066...0x2069).contains(unit)
            || (0x202A...0x202E).contains(unit) || unit == 0x200E || unit == 0x200F
    }

    /// `isWordBreakBefore`: those, and CJK ideographs.
    fileprivate static func isWordBreakBefore(_ unit: UInt16) -> Bool {
        isWordBreakAfter(unit) || (0x3400...0x9FFF).contains(unit)
    }

    /// `getPrevWordBreakForCache`.
    static func previousWordBreak(_ text: [UInt16], _ offset: Int) -> Int {
        let offset = min(offset, text.count)
        guard offset > 0 else { return 0 }
        if isWordBreakBefore(text[offset - 1]) { return offset - 1 }
        var index = offset - 1
        while index > 0 {
            if isWordBreakBefore(text[index]) || isWordBreakAfter(text[index - 1]) { return index }
            index -= 1
        }
        return 0
    }

    /// `getPrevWordBreakForCache` and `getNextWordBreakForCache` of every offset of one text,
    /// found in one pass each way: a text's lines each ask for the word breaks around them, and
    /// in a long word without breaks each scan would cross the whole word.
    struct WordBreaks: Sendable {
        /// For each index `j`, the largest `i` in `1...j` that starts a word
        /// (`isWordBreakBefore(text[i]) || isWordBreakAfter(text[i - 1])`), else 0.
        private let lastStart: [Int]
        /// For each index `j`, the first `i >= j` with `isWordBreakBefore(text[i])`, else the count.
        private let firstBreakBefore: [Int]
        private let breaksBefore: [Bool]
        private let breaksAfter: [Bool]

        init(_ text: [UInt16]) {
            let count = text.count
            breaksBefore = text.map(MinikinLayout.isWordBreakBefore)
            breaksAfter = text.map(MinikinLayout.isWordBreakAfter)
            var lastStart = [Int](repeating: 0, count: count)
            var last = 0
            for index in 0..<count {
                if index > 0, breaksBefore[index] || breaksAfter[index - 1] { last = index }
                lastStart[index] = last
            }
            var firstBreakBefore = [Int](repeating: count, count: count + 1)
            var next = count
            for index in stride(from: count - 1, through: 0, by: -1) {
                if breaksBefore[index] { next = index }
                firstBreakBefore[index] = next
            }
            self.lastStart = lastStart
            self.firstBreakBefore = firstBreakBefore
        }

        /// ``MinikinLayout/previousWordBreak(_:_:)`` of `offset`.
        func previous(_ offset: Int) -> Int {
            let offset = min(offset, breaksBefore.count)
            guard offset > 0 else { return 0 }
            return breaksBefore[offset - 1] ? offset - 1 : lastStart[offset - 1]
        }

        /// ``MinikinLayout/nextWordBreak(_:_:)`` of `offset`.
        func next(_ offset: Int) -> Int {
            guard offset < breaksBefore.count else { return breaksBefore.count }
            return breaksAfter[offset] ? offset + 1 : firstBreakBefore[offset + 1]
        }
    }

    /// `getNextWordBreakForCache`.
    static func nextWordBreak(_ text: [UInt16], _ offset: Int) -> Int {
        guard offset < text.count else { return text.count }
        if isWordBreakAfter(text[offset]) { return offset + 1 }
        var index = offset + 1
        while index < text.count {
            if isWordBreakBefore(text[index]) { return index }
            index += 1
        }
        return text.count
    }

    /// `cleanAndAddDefaultFontFeatures`.
    static func features(_ paint: AndroidPaint) -> [(tag: Tag, value: UInt32)] {
        var features: [(tag: Tag, value: UInt32)] = []
        if abs(paint.letterSpacing) > 0.03 {
            features.append(("liga", 0))
            features.append(("clig", 0))
        }
        var enablesCHWS = true
        for feature in paint.features {
            if feature.tag == "chws" || (feature.value != 0 && (feature.tag == "halt" || feature.tag == "palt")) { enablesCHWS = false }
            features.append((feature.tag, feature.value))
        }
        if enablesCHWS { features.append(("chws", 1)) }
        return features
    }
}
