// FuzzFont.swift — libFuzzer harness: arbitrary bytes as a font file → load, metrics, measure, wrap, outlines.
import Caliper
import CaliperLayout
import Foundation

private let texts = ["Hello, World", "office fluffy AVAVA", "世界 مرحبا ภาษาไทย 😀", "e\u{301}\u{302} fi"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFont(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size > 0 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    // The first byte picks a face index (collections), the rest is the font.
    guard let font = try? FontFace(bytes: bytes.dropFirst(), faceIndex: Int(bytes[0] % 4), name: "fuzz.ttf") else { return 0 }
    let metrics = font.metrics(atSize: 17)
    _ = metrics.lineHeight
    let measurer = TextMeasurer(cache: nil)
    let style = TextStyle(font: font, size: 17, letterSpacing: 0.5, fallback: .none)
    // A language and a feature send runs through the font's plan face (HarfBuzzFont.shapeContents),
    // which must keep HarfBuzz's limits as the plain path does.
    var planned = style
    planned.language = "en"
    planned.features = (try? FontFeature("liga=0")).map { [$0] } ?? []
    for text in texts {
        _ = try? measurer.layout(text, style: planned, maxWidth: 60)
        _ = try? measurer.layout(text, style: style, maxWidth: 60)
        _ = try? measurer.layout(
            text, style: style, paragraphStyle: ParagraphStyle(lineBreakMode: .byTruncatingMiddle, numberOfLines: 1),
            maxWidth: 40)
        if let glyphs = try? measurer.glyphs(ofLine: text, style: style) {
            for glyph in glyphs.prefix(8) {
                _ = font.outline(ofGlyph: glyph.glyph).svgPathData
                _ = font.colorImage(ofGlyph: glyph.glyph)
            }
        }
    }
    return 0
}
