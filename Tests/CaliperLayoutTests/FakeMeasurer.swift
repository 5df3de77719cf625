// FakeMeasurer.swift — a text measurer with round numbers, so layout tests state exact frames.
import Caliper
import CaliperLayout
import Foundation
import TestSupport

/// Every character is `characterWidth` wide and a line is `lineHeight` tall with its baseline at
/// `baseline`; wrapping and tail truncation work on characters. It ignores the style's font, so
/// layout arithmetic is tested apart from text measurement.
struct FakeMeasurer: TextMeasuring {
    var characterWidth: CGFloat = 10
    var lineHeight: CGFloat = 20
    var baseline: CGFloat = 16

    func measure(_ text: String, style: TextStyle, paragraphStyle: ParagraphStyle, maxWidth: CGFloat?) throws -> TextMeasurement {
        let characters = Array(text)
        let perLine = maxWidth.map { max(1, Int(($0 + 1e-9) / characterWidth)) } ?? max(characters.count, 1)
        var lines: [String] = stride(from: 0, to: characters.count, by: perLine).map {
            String(characters[$0..<min($0 + perLine, characters.count)])
        }
        let limit = paragraphStyle.numberOfLines
        if limit > 0, lines.count > limit {
            lines = Array(lines.prefix(limit))
            if paragraphStyle.lineBreakMode == .byTruncatingTail { lines[limit - 1] = String(lines[limit - 1].dropLast()) + "…" }
        }
        let measuredLines = lines.enumerated().map { index, line in
            TextMeasurement.Line(text: line, width: CGFloat(line.count) * characterWidth,
                                 baseline: CGFloat(index) * lineHeight + baseline)
        }
        return TextMeasurement(
            size: CGSize(width: measuredLines.map(\.width).max() ?? 0, height: CGFloat(lines.count) * lineHeight),
            lines: measuredLines)
    }
}

enum LayoutFixtures {
    static var root: URL { Repository.root }

    static func path(_ relative: String) -> String { Repository.path(relative) }

    static let resolver = FontResolver()

    /// A style for the fake measurer (which ignores its font) or the real one.
    static func style(_ font: String = "Fonts/NotoSans-Regular.ttf", size: CGFloat = 14) throws -> TextStyle {
        TextStyle(font: try resolver.face(for: path(font)), size: size)
    }

    /// Chips for the fake measurer: each text's width is 10 × its length, plus padding.
    static func chips(_ texts: [String], padding: EdgeInsets = EdgeInsets(top: 2, left: 5, bottom: 2, right: 5)) throws -> [FlowItem] {
        let style = try style()
        return texts.map { FlowItem.chip($0, style: style, padding: padding) }
    }
}
