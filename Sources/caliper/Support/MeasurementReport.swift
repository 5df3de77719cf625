// MeasurementReport.swift — the JSON shape of a measurement, shared by `measure --json` and `batch`.
import Caliper

extension TextLayout {
    /// The JSON members of a measurement: `width`, `height`, `lineHeight`, `lines` (UTF-16 `start`,
    /// exclusive `end`, `width` without trailing whitespace, `truncatedText` when an ellipsis was
    /// placed) and `truncated`.
    var jsonMembers: [(String, JSON)] {
        let lines = self.lines.map { line -> JSON in
            let start = line.utf16Range.location
            var members: [(String, JSON)] = [
                ("start", .integer(start)), ("end", .integer(start + line.utf16Range.length)),
                ("width", .number(Double(line.width))),
            ]
            if let truncatedText = line.truncatedText { members.append(("truncatedText", .string(truncatedText))) }
            return .object(members)
        }
        return [
            ("width", .number(Double(size.width))), ("height", .number(Double(size.height))),
            ("lineHeight", .number(Double(lineHeight))), ("lines", .array(lines)), ("truncated", .bool(isTruncated)),
        ]
    }
}
