// MeasurementReport.swift — the JSON shape of a measurement, shared by `measure --json` and `batch`.
import Caliper

extension TextLayout {
    /// The JSON members of a measurement: `width`, `height`, `lineHeight`, `lines` (UTF-16 `start`,
    /// exclusive `end`, `width` without trailing whitespace, `truncatedText` when an ellipsis was
    /// placed, `height` and `runs` in visual order: `start`, `end`, `font`, `script`, `level`, `x`,
    /// `width`), `truncated` and `missingGlyphs`.
    package var jsonMembers: [(String, JSON)] {
        let lines = self.lines.map { line -> JSON in
            let start = line.utf16Range.location
            var members: [(String, JSON)] = [
                ("start", .integer(start)), ("end", .integer(start + line.utf16Range.length)),
                ("width", .number(Double(line.width))),
            ]
            if let truncatedText = line.truncatedText { members.append(("truncatedText", .string(truncatedText))) }
            members.append(("height", .number(Double(line.height))))
            members.append(("runs", .array(line.runs.map { run in
                .object([
                    ("start", .integer(run.utf16Range.location)), ("end", .integer(run.utf16Range.location + run.utf16Range.length)),
                    ("font", .string(run.font.path)), ("script", .string(run.script)), ("level", .integer(run.bidiLevel)),
                    ("x", .number(Double(run.x))), ("width", .number(Double(run.width))),
                ])
            })))
            return .object(members)
        }
        return [
            ("width", .number(Double(size.width))), ("height", .number(Double(size.height))),
            ("lineHeight", .number(Double(lineHeight))), ("lines", .array(lines)), ("truncated", .bool(isTruncated)),
            ("missingGlyphs", .integer(missingGlyphCount)),
        ]
    }
}
