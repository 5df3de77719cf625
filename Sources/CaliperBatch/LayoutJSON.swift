// LayoutJSON.swift — the JSON forms of flow and layout results.
import Caliper
import CaliperLayout
import Foundation

/// JSON forms of layout results, shared by the commands and batch answers: written member by
/// member into a ``JSONWriter``, as measure answers are, without a JSON value built first.
package enum LayoutJSON {
    /// `[x, y, width, height]`.
    package static func write(_ rect: CGRect, to writer: inout JSONWriter) {
        writer.array([Double(rect.minX), Double(rect.minY), Double(rect.width), Double(rect.height)] as InlineArray)
    }

    /// `[width, height]`.
    package static func write(_ size: CGSize, to writer: inout JSONWriter) {
        writer.array([Double(size.width), Double(size.height)] as InlineArray)
    }

    /// `frames`, `rows`, `contentSize`, `hiddenCount`, `overflow` when there is an overflow chip,
    /// `missingGlyphs` (clusters no font covers in the text shown) with `itemsMissingGlyphs` (the
    /// visible items' indices) when there are any, and `warnings` when the chips' styles asked for
    /// what could not be done: the members, written into the object `writer` has open.
    package static func writeFlowMembers(_ result: FlowLayoutResult, to writer: inout JSONWriter) {
        writer.key("frames")
        writer.beginArray()
        result.items.withUnsafeBufferPointer { items in
            for item in items.indices { write(items[item].frame, to: &writer) }
        }
        writer.endArray()
        writer.key("rows")
        writer.beginArray()
        for row in result.rows {
            writer.beginArray()
            writer.integer(row.lowerBound)
            writer.integer(row.upperBound)
            writer.endArray()
        }
        writer.endArray()
        writer.key("contentSize")
        write(result.contentSize, to: &writer)
        writer.member("hiddenCount", integer: result.hiddenCount)
        if let overflow = result.overflowChip {
            writer.key("overflow")
            writer.beginObject()
            writer.key("text")
            writer.string(result.overflowText ?? "")
            writer.key("frame")
            write(overflow.frame, to: &writer)
            writer.endObject()
        }
        let leftOut = result.leftOut
        writer.member("missingGlyphs", integer: leftOut.missingGlyphCount)
        if leftOut.missingGlyphCount > 0 {
            writer.key("itemsMissingGlyphs")
            writer.beginArray()
            for index in leftOut.itemsMissingGlyphs { writer.integer(index) }
            writer.endArray()
        }
        writeWarnings(leftOut.notices, to: &writer)
    }

    /// `size`, `frames` (every named frame, see ``LayoutArrangement/framesByID``), `missingGlyphs`
    /// with `framesMissingGlyphs` (the named frames whose text has them) when there are any, and
    /// `warnings` when the styles asked for what could not be done: the members, written into the
    /// object `writer` has open.
    package static func writeLayoutMembers(_ arrangement: LayoutArrangement, roundedTo pixelScale: CGFloat? = nil, to writer: inout JSONWriter) {
        let report = arrangement.report
        writer.key("size")
        write(arrangement.frame.size, to: &writer)
        if let pixelScale {
            // The cell's size ceiled to the screen's pixels, as a table view's cell is given it.
            writer.key("roundedSize")
            write(PixelRounding.ceil(arrangement.frame.size, scale: pixelScale), to: &writer)
        }
        writer.key("frames")
        writer.beginObject()
        for (id, frame) in sortedFrames(report.framesByID) {
            writer.key(text: id)
            write(frame, to: &writer)
        }
        writer.endObject()
        writer.member("missingGlyphs", integer: report.missingGlyphCount)
        if report.missingGlyphCount > 0 {
            writer.key("framesMissingGlyphs")
            writer.beginArray()
            for name in report.framesMissingGlyphs { writer.string(name) }
            writer.endArray()
        }
        writeWarnings(report.notices, to: &writer)
    }

    /// `{` the members `write` writes `}` on one line (`caliper flow --json`, `caliper layout --json`).
    package static func object(_ write: (inout JSONWriter) -> Void) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        write(&writer)
        writer.endObject()
        return writer.string
    }

    /// `warnings`, the notices' sentences, when there are any.
    static func writeWarnings(_ notices: [LayoutNotice], to writer: inout JSONWriter) {
        guard !notices.isEmpty else { return }
        writer.key("warnings")
        writer.beginArray()
        for notice in notices { writer.string(notice.description) }
        writer.endArray()
    }

    /// Named frames in the order people read them: by id, numbers by value (`tags[2]` before `tags[10]`).
    package static func sortedFrames(_ frames: [String: CGRect]) -> [(id: String, frame: CGRect)] {
        frames.sorted { first, second in
            switch first.key.compare(second.key, options: .numeric) {
            case .orderedAscending: return true
            case .orderedDescending: return false
            case .orderedSame: return first.key < second.key
            }
        }.map { ($0.key, $0.value) }
    }
}
