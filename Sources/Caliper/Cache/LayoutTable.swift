// LayoutTable.swift — finished layouts and sizes by everything that decides them, bounded and thread-safe.
import Foundation

/// Everything a ``TextMeasurer/layout(_:paragraphStyle:maxWidth:)`` call's answer depends on,
/// as a key: the text's bytes, each span's range, style and box, each paragraph's own paragraph
/// style, the paragraph style, the maximum width, and whether the layout keeps glyphs. Numbers are compared by their bits and strings by their UTF-8 bytes, never by
/// `==` (which takes -0 for 0 and "é" for "e\u{301}", pairs that may lay out differently), so two
/// calls with equal keys compute the same layout bit for bit. Fonts are compared by identity and
/// held by the key, so a font's address is never reused while a key names it.
struct LayoutKey: Hashable, Sendable {
    /// The call's values as 64-bit words (fonts by their identity, in ``fonts``' order; a
    /// string as its length and its UTF-8 bytes packed eight to a word, the last padded with
    /// zeros): a value is one append, where bytes took a copy of eight.
    private let words: [UInt64]
    /// The fonts the words name, kept alive by the key.
    private let fonts: [FontFace]
    private let digest: Int

    /// The key of a layout of `text` in `paragraphStyle` at `maxWidth`, keeping its runs' glyphs
    /// or not, or with no paragraph style, of its size on one line per paragraph
    /// (``TextMeasurer/size(of:)-(AttributedText)``).
    init(_ text: AttributedText, paragraphStyle: ParagraphStyle?, maxWidth: CGFloat?, keepsGlyphs: Bool = false) {
        var encoder = Encoder()
        // Room for all of it at once: a span's style is about 20 words and its fonts.
        encoder.words.reserveCapacity(text.string.utf8.count / 8 + text.spans.reduce(32) { $0 + 28 + $1.style.fallbackFonts.count })
        encoder.fonts.reserveCapacity(text.spans.reduce(0) { $0 + 1 + $1.style.fallbackFonts.count })
        encoder.append(text.string)
        encoder.append(text.spans.count)
        for span in text.spans {
            encoder.append(span.utf16Range.lowerBound)
            encoder.append(span.utf16Range.upperBound)
            encoder.append(span.style)
            encoder.append(span.box)
        }
        encoder.append(text.paragraphStyles.count)
        for entry in text.paragraphStyles {
            encoder.append(entry.paragraphStart)
            encoder.append(entry.style)
        }
        if let paragraphStyle {
            // 1: a layout; 2: a layout keeping glyphs (one word says both, as a size keeps none).
            encoder.words.append(keepsGlyphs ? 2 : 1)
            encoder.append(paragraphStyle)
        } else {
            encoder.words.append(0)
        }
        encoder.append(maxWidth)
        words = encoder.words
        fonts = encoder.fonts
        var hasher = Hasher()
        words.withUnsafeBytes { hasher.combine(bytes: $0) }
        digest = hasher.finalize()
    }

    static func == (lhs: LayoutKey, rhs: LayoutKey) -> Bool {
        lhs.digest == rhs.digest && lhs.words == rhs.words && lhs.fonts.elementsEqual(rhs.fonts, by: ===)
    }

    func hash(into hasher: inout Hasher) { hasher.combine(digest) }

    /// Roughly the bytes the key takes: its two arrays and its dictionary slot.
    var byteCount: Int { 96 + 8 * words.count + 8 * fonts.count }

    /// Appends values as words, each with its length or a tag where its extent could be ambiguous.
    private struct Encoder {
        var words: [UInt64] = []
        var fonts: [FontFace] = []

        mutating func append(_ value: Int) {
            words.append(UInt64(bitPattern: Int64(value)))
        }

        mutating func append(_ value: UInt64) {
            words.append(value)
        }

        mutating func append(_ value: CGFloat) { append(UInt64(value.bitPattern)) }

        mutating func append(_ value: CGFloat?) {
            if let value {
                words.append(1)
                append(value)
            } else {
                words.append(0)
            }
        }

        mutating func append(_ string: String) {
            var string = string
            string.withUTF8 { utf8 in
                append(utf8.count)
                let start = words.count * 8
                words.append(contentsOf: repeatElement(0, count: (utf8.count + 7) / 8))
                words.withUnsafeMutableBytes { raw in
                    UnsafeMutableRawBufferPointer(rebasing: raw[start..<(start + utf8.count)]).copyMemory(from: UnsafeRawBufferPointer(utf8))
                }
            }
        }

        mutating func append(_ string: String?) {
            if let string {
                words.append(1)
                append(string)
            } else {
                words.append(0)
            }
        }

        mutating func append(_ font: FontFace) {
            fonts.append(font)
            append(Int(bitPattern: UInt(bitPattern: ObjectIdentifier(font))))
        }

        /// Every stored property of ``TextStyle`` (`LayoutTableTests` checks none is missed).
        mutating func append(_ style: TextStyle) {
            append(style.font)
            append(style.size)
            append(style.letterSpacing)
            append(style.features.count)
            for feature in style.features {
                append(Int(feature.tag.code))
                append(Int(feature.value))
            }
            append(style.fallbackFonts.count)
            for font in style.fallbackFonts { append(font) }
            switch style.fallback {
            case .none: words.append(0)
            case .system: words.append(1)
            case .fontconfig(let configurationFile):
                words.append(2)
                append(configurationFile)
            }
            append(style.baselineOffset)
            append(style.language)
        }

        /// Every stored property of ``InlineBox``.
        mutating func append(_ box: InlineBox?) {
            guard let box else { return words.append(0) }
            words.append(1)
            append(box.width)
            append(box.height)
            switch box.alignment {
            case .baseline(let offset):
                words.append(0)
                append(offset)
            case .centerOnXHeight: words.append(1)
            case .centerOnLine: words.append(2)
            case .top: words.append(3)
            case .bottom: words.append(4)
            }
            append(box.id)
        }

        /// Every stored property of ``ParagraphStyle``.
        mutating func append(_ style: ParagraphStyle) {
            append(style.lineBreakMode.rawValue)
            append(style.numberOfLines)
            append(style.lineSpacing)
            append(style.lineHeightMultiple)
            append(style.minimumLineHeight)
            append(style.maximumLineHeight)
            switch style.baseDirection {
            case .natural: words.append(0)
            case .leftToRight: words.append(1)
            case .rightToLeft: words.append(2)
            }
            words.append(style.usesFontLeading ? 1 : 0)
            append(style.textWrap.rawValue)
            append(Int(style.hyphenationFactor.bitPattern))
            if let tabs = style.tabSettings {
                words.append(1)
                append(tabs.stops.count)
                for stop in tabs.stops {
                    append(stop.alignment.rawValue)
                    append(stop.location)
                }
                append(tabs.interval)
            } else {
                words.append(0)
            }
        }
    }
}

/// Finished results by ``LayoutKey`` — layouts, or sizes — bounded by bytes with generational
/// eviction (``Generations``); a hit in the previous generation is copied forward. A stored result
/// is the one the general pipeline computed for that key.
final class ResultTable<Value: Sendable>: Sendable {
    private struct Generation: TableGeneration {
        var entries: [LayoutKey: Value] = [:]
        var byteCount = 0
        var entryCount: Int { entries.count }
    }

    let byteBudget: Int
    private let state = Locked(Generations<Generation>())
    /// Roughly the bytes a value holds besides its key.
    private let valueBytes: @Sendable (Value) -> Int

    init(byteBudget: Int, valueBytes: @escaping @Sendable (Value) -> Int) {
        self.byteBudget = max(0, byteBudget)
        self.valueBytes = valueBytes
    }

    func value(for key: LayoutKey) -> Value? {
        state.withLockFreeingDropped { state in
            if let value = state.current.entries[key] {
                state.hits += 1
                return value
            }
            guard let value = state.previous.entries[key] else {
                state.misses += 1
                return nil
            }
            state.hits += 1
            insert(value, for: key, into: &state)
            return value
        }
    }

    func insert(_ value: Value, for key: LayoutKey) {
        state.withLockFreeingDropped { state in insert(value, for: key, into: &state) }
    }

    private func insert(_ value: Value, for key: LayoutKey, into state: inout Generations<Generation>) {
        let bytes = key.byteCount + valueBytes(value)
        guard Generations<Generation>.admits(bytes, budget: byteBudget) else { return }
        // Room first, then one probe that inserts or replaces (as ``AdvanceTable`` does).
        state.makeRoom(for: bytes, budget: byteBudget)
        if state.current.entries.updateValue(value, forKey: key) == nil { state.current.byteCount += bytes }
    }

    /// What the table holds (an entry copied forward counts in both generations) and how it has served.
    var statistics: ShapeCache.Statistics { state.withLock { $0.statistics } }

    func removeAll() {
        state.withLock { $0.removeAll() }
    }
}

extension ResultTable where Value == TextLayout {
    /// A table of layouts.
    convenience init(byteBudget: Int) {
        self.init(byteBudget: byteBudget, valueBytes: Self.byteCount(of:))
    }

    /// Roughly the bytes a layout holds: its arrays of lines, runs, glyphs and boxes, and the
    /// strings of truncated lines and box names.
    static func byteCount(of layout: TextLayout) -> Int {
        var bytes = MemoryLayout<TextLayout>.stride + 32 + layout.lines.count * MemoryLayout<TextLine>.stride
        for line in layout.lines {
            bytes += 32 + line.runs.count * MemoryLayout<TextRun>.stride
            if let truncated = line.truncatedText { bytes += 32 + truncated.utf8.count }
            for run in line.runs { bytes += run.glyphs.map { 32 + $0.count * MemoryLayout<RunGlyph>.stride } ?? 0 }
        }
        if !layout.inlineBoxes.isEmpty { bytes += 32 + layout.inlineBoxes.count * MemoryLayout<PlacedInlineBox>.stride }
        for box in layout.inlineBoxes { bytes += box.box.id.map { 32 + $0.utf8.count } ?? 0 }
        return bytes
    }
}
