// MeasurementReport.swift — the JSON shape of a measurement, shared by `measure --json` and `batch`.
import Caliper

extension TextLayout {
    /// Writes the JSON members of a measurement: `width`, `height`, `lineHeight`, `lines` (UTF-16 `start`,
    /// exclusive `end`, `width` without trailing whitespace, `truncatedText` when an ellipsis was
    /// placed, `hyphenated: true` when the line ends with an inserted hyphen, `height` and `runs` in visual order: `start`, `end`, `font`, `size` (points),
    /// `baselineOffset` (points raised, negative lowered; only when not 0), `script`, `level`, `x`,
    /// `width`, and `span` when `spanOfRun` names one), `truncated`, `missingGlyphs`, and `warnings`
    /// (``TextLayout/notices``, only when there are any). A run's
    /// `font` is its file's path, less `fontFolder` when it is in that folder (as requests name it);
    /// its `size` and `baselineOffset` are its style's, as markup, spans or the request resolved them.
    package func writeJSONMembers(
        to writer: inout JSONWriter, spanOfRun: ((TextRun, TextLine) -> Int?)? = nil, fontFolder: String? = nil
    ) {
        let folderPrefix = fontFolder.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
        // A run's font as requests name it: its path, less the font folder when it is inside it;
        // the last face's name kept, as runs of one face follow one another.
        // (Kept as two variables and written where it is kept: a tuple returned counted a
        // reference to the face and the name at every run.)
        var namedFace: FontFace?
        var name = ""
        @inline(__always) func writeFontName(of face: FontFace) {
            if namedFace !== face {
                name = folderPrefix.flatMap { face.path.hasPrefix($0) ? String(face.path.dropFirst($0.count)) : nil } ?? face.path
                namedFace = face
            }
            writer.member("font", string: name)
        }
        writer.member("width", number: Double(size.width))
        writer.member("height", number: Double(size.height))
        writer.member("lineHeight", number: Double(lineHeight))
        writer.key("lines")
        writer.beginArray()
        // Lines and runs read where they lie, field by field: a copy of each counts a reference
        // to its runs, its font and its strings. A run and its line are copied only for `spanOfRun`.
        lines.withUnsafeBufferPointer { lines in
            for line in lines.indices {
                let start = lines[line].utf16Range.location
                writer.beginObject()
                writer.member("start", integer: start)
                writer.member("end", integer: start + lines[line].utf16Range.length)
                writer.member("width", number: Double(lines[line].width))
                if let truncatedText = lines[line].truncatedText {
                    writer.key("truncatedText")
                    writer.string(truncatedText)
                }
                if lines[line].isHyphenated {
                    writer.key("hyphenated")
                    writer.bool(true)
                }
                writer.member("height", number: Double(lines[line].height))
                writer.key("runs")
                writer.beginArray()
                lines[line].runs.withUnsafeBufferPointer { runs in
                    for run in runs.indices {
                        writer.beginObject()
                        writer.member("start", integer: runs[run].utf16Range.location)
                        writer.member("end", integer: runs[run].utf16Range.location + runs[run].utf16Range.length)
                        writeFontName(of: runs[run].font)
                        if !runs[run].font.variations.isEmpty {
                            writer.key("variations")
                            writer.beginObject()
                            for variation in runs[run].font.variations {
                                writer.key(text: variation.tag.description)
                                writer.number(variation.value)
                            }
                            writer.endObject()
                        }
                        writer.member("size", number: Double(runs[run].size))
                        if runs[run].baselineOffset != 0 {
                            writer.member("baselineOffset", number: Double(runs[run].baselineOffset))
                        }
                        writer.member("script", string: runs[run].script)
                        writer.member("level", integer: runs[run].bidiLevel)
                        writer.member("x", number: Double(runs[run].x))
                        writer.member("width", number: Double(runs[run].width))
                        if let spanOfRun, let span = spanOfRun(runs[run], lines[line]) {
                            writer.member("span", integer: span)
                        }
                        writer.endObject()
                    }
                }
                writer.endArray()
                writer.endObject()
            }
        }
        writer.endArray()
        if !inlineBoxes.isEmpty {
            writer.key("attachments")
            writer.beginArray()
            for placed in inlineBoxes {
                writer.beginObject()
                if let id = placed.box.id {
                    writer.key("id")
                    writer.string(id)
                }
                writer.key("at")
                writer.integer(placed.utf16Offset)
                writer.key("line")
                writer.integer(placed.lineIndex)
                writer.key("frame")
                writer.beginArray()
                for value in [placed.frame.minX, placed.frame.minY, placed.frame.width, placed.frame.height] {
                    writer.number(Double(value))
                }
                writer.endArray()
                writer.endObject()
            }
            writer.endArray()
        }
        writer.key("truncated")
        writer.bool(isTruncated)
        writer.member("missingGlyphs", integer: missingGlyphCount)
        LayoutJSON.writeWarnings(notices, to: &writer)
    }

    /// The measurement as one JSON object.
    package var jsonText: String {
        var writer = JSONWriter()
        writer.beginObject()
        writeJSONMembers(to: &writer)
        writer.endObject()
        return writer.string
    }
}
