// FuzzText.swift — libFuzzer harness: arbitrary text, spans and options → measure, wrap, truncate, flow.
import Caliper
import CaliperLayout
import Foundation

private let fontsFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fonts").path

private let style: TextStyle? = {
    guard let primary = try? FontFace(contentsOfFile: fontsFolder + "/NotoSans-Regular.ttf") else { return nil }
    let fallbacks = ["DroidSansFallbackFull.ttf", "NotoColorEmoji.ttf", "NotoSansArabic-Regular.ttf", "NotoSansThai-Regular.ttf",
                     "NotoSansDevanagari-Regular.ttf"].compactMap { try? FontFace(contentsOfFile: fontsFolder + "/" + $0) }
    return TextStyle(font: primary, size: 15, fallbackFonts: fallbacks)
}()

private let bold = try? FontFace(contentsOfFile: fontsFolder + "/NotoSans-Bold.ttf")
/// Markup's bold and italic faces are looked for beside the primary font, inside the fixtures.
private let resolver = (try? FontResolver(fontRoot: fontsFolder)) ?? FontResolver()

/// Reads numbers from the front of the input, so options vary with it.
private struct Options {
    var bytes: ArraySlice<UInt8>
    mutating func byte() -> UInt8 { bytes.popFirst() ?? 0 }
    mutating func length() -> CGFloat {
        switch byte() % 8 {
        case 0: return 0
        case 1: return .nan
        case 2: return .infinity
        case 3: return -1
        case 4: return 1e300
        default: return CGFloat(byte()) + CGFloat(byte()) / 256
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzText(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, let baseStyle = style else { return 0 }
    var options = Options(bytes: ArraySlice(UnsafeBufferPointer(start: data, count: size)))
    var textStyle = baseStyle
    textStyle.size = options.length()
    textStyle.letterSpacing = options.length() - 64
    let modes = LineBreakMode.allCases
    let paragraph = ParagraphStyle(
        lineBreakMode: modes[Int(options.byte()) % modes.count], numberOfLines: Int(options.byte() % 4),
        lineSpacing: options.length(), lineHeightMultiple: options.length() / 64,
        baseDirection: BaseDirection.allCases[Int(options.byte()) % 3])
    let width = options.length()
    // The rest is UTF-16 code units, lone surrogates and all (String repairs them to U+FFFD).
    let units = stride(from: options.bytes.startIndex, to: options.bytes.endIndex - 1, by: 2).map {
        UInt16(options.bytes[$0]) | UInt16(options.bytes[$0 + 1]) << 8
    }
    let text = String(decoding: units, as: UTF16.self)
    let measurer = TextMeasurer(maximumTextLength: 4096)
    // Differential: layout (the one-line plain-Latin fast path for such text) must equal the
    // general pipeline's layout without a cache.
    if let fast = try? measurer.layout(text, style: textStyle, paragraphStyle: paragraph, maxWidth: width) {
        let general = try? TextMeasurer(maximumTextLength: 4096, cache: nil)
            .measure(text, style: textStyle, baseDirection: paragraph.baseDirection)
            .layout(maxWidth: width, paragraphStyle: paragraph)
        guard fast == general else {
            fatalError("layout differs from the general pipeline's for \(text.debugDescription): \(fast) vs \(String(describing: general))")
        }
    }
    // Differential: size(of:) (the plain-Latin fast path for such text, through the shared cache)
    // must equal the general pipeline without a cache, bit for bit.
    if let fast = try? measurer.size(of: text, style: textStyle) {
        let general = try? TextMeasurer(maximumTextLength: 4096, cache: nil).measure(text, style: textStyle).unwrappedSize
        guard let general, fast.width.bitPattern == general.width.bitPattern, fast.height.bitPattern == general.height.bitPattern
        else { fatalError("size(of:) \(fast) differs from the general pipeline's \(String(describing: general)) for \(text.debugDescription)") }
    }
    // Attributed: the text cut into spans where the input says, each in its own size, letter
    // spacing and baseline offset, some in bold; with a cache and without, the layouts must be
    // equal. Span edges that split a surrogate pair are refused (AttributedText throws).
    if let bold, !units.isEmpty {
        var spans: [AttributedText.Span] = []
        var start = 0
        while start < units.count {
            let end = min(units.count, start + 1 + Int(options.byte() % 16))
            var spanStyle = textStyle
            spanStyle.size = CGFloat(options.byte() % 48) + 0.5
            spanStyle.letterSpacing = CGFloat(Int(options.byte()) - 128) / 32
            spanStyle.baselineOffset = CGFloat(Int(options.byte()) - 128) / 8
            if options.byte() % 2 == 0 { spanStyle.font = bold }
            spans.append(AttributedText.Span(utf16Range: start..<end, style: spanStyle))
            start = end
        }
        if let attributed = try? AttributedText(string: text, spans: spans),
            let cached = try? measurer.layout(attributed, paragraphStyle: paragraph, maxWidth: width)
        {
            let uncached = try? TextMeasurer(maximumTextLength: 4096, cache: nil)
                .layout(attributed, paragraphStyle: paragraph, maxWidth: width)
            guard cached == uncached else {
                fatalError("attributed layout differs with and without a cache for \(text.debugDescription)")
            }
        }
    }
    // Markup: the text read as Pango markup (mostly refused with an offset, sometimes styled),
    // and an inline box put where the input says; the layouts must not trap and must be cached
    // exactly as uncached.
    if let markup = try? AttributedText(markup: text, style: textStyle, fonts: resolver) {
        var boxed = markup
        let box = InlineBox(
            width: CGFloat(options.byte()), height: CGFloat(options.byte()),
            alignment: [.baseline(offset: CGFloat(Int(options.byte()) - 128)), .centerOnXHeight, .centerOnLine, .top, .bottom][
                Int(options.byte() % 5)])
        try? boxed.append(box, style: textStyle)
        let cached = try? measurer.layout(boxed, paragraphStyle: paragraph, maxWidth: width)
        let uncached = try? TextMeasurer(maximumTextLength: 4096, cache: nil).layout(boxed, paragraphStyle: paragraph, maxWidth: width)
        guard cached == uncached else { fatalError("markup layout differs with and without a cache for \(text.debugDescription)") }
    }
    if let measured = try? measurer.measure(text, style: textStyle) {
        _ = try? measured.layout(maxWidth: width / 2, paragraphStyle: paragraph)
    }
    let words = text.split(separator: " ").prefix(40).map(String.init)
    let flow = FlowLayout(
        items: words.map { .chip($0, style: textStyle, padding: EdgeInsets(all: 4)) },
        style: FlowStyle(maximumRows: Int(options.byte() % 3), overflowChip: FlowStyle.OverflowChip(style: textStyle), packing: .balanced))
    _ = try? flow.layout(width: width, measurer: measurer)
    return 0
}
