// LayoutJSON.swift — the JSON forms of flow and layout results.
import Caliper
import CaliperLayout
import Foundation

/// JSON forms of layout results, shared by the commands and batch answers.
package enum LayoutJSON {
    package static func rect(_ rect: CGRect) -> JSON {
        .array([rect.minX, rect.minY, rect.width, rect.height].map { .number(Double($0)) })
    }

    package static func size(_ size: CGSize) -> JSON { .array([.number(Double(size.width)), .number(Double(size.height))]) }

    /// `frames`, `rows`, `contentSize`, `hiddenCount`, `overflow` when there is an overflow chip,
    /// `missingGlyphs` (clusters no font covers in the text shown) with `itemsMissingGlyphs` (the
    /// visible items' indices) when there are any, and `warnings` when the chips' styles asked for
    /// what could not be done.
    package static func flowMembers(_ result: FlowLayoutResult) -> [(String, JSON)] {
        var members: [(String, JSON)] = [
            ("frames", .array(result.frames.map(rect))),
            ("rows", .array(result.rows.map { .array([.integer($0.lowerBound), .integer($0.upperBound)]) })),
            ("contentSize", size(result.contentSize)), ("hiddenCount", .integer(result.hiddenCount)),
        ]
        if let overflow = result.overflowChip {
            members.append(("overflow", .object([("text", .string(result.overflowText ?? "")), ("frame", rect(overflow.frame))])))
        }
        let missing = result.missingGlyphCount
        members.append(("missingGlyphs", .integer(missing)))
        if missing > 0 { members.append(("itemsMissingGlyphs", .array(result.itemsMissingGlyphs.map { .integer($0) }))) }
        return members + warnings(result.notices)
    }

    /// `size`, `frames` (every named frame, see ``LayoutArrangement/framesByID``), `missingGlyphs`
    /// with `framesMissingGlyphs` (the named frames whose text has them) when there are any, and
    /// `warnings` when the styles asked for what could not be done.
    package static func layoutMembers(_ arrangement: LayoutArrangement) -> [(String, JSON)] {
        let frames = sortedFrames(arrangement.framesByID).map { ($0.id, rect($0.frame)) }
        var members: [(String, JSON)] = [("size", size(arrangement.frame.size)), ("frames", .object(frames))]
        let missing = arrangement.missingGlyphCount
        members.append(("missingGlyphs", .integer(missing)))
        if missing > 0 { members.append(("framesMissingGlyphs", .array(arrangement.framesMissingGlyphs.map { .string($0) }))) }
        return members + warnings(arrangement.notices)
    }

    /// `warnings`, the notices' sentences, when there are any.
    static func warnings(_ notices: [LayoutNotice]) -> [(String, JSON)] {
        notices.isEmpty ? [] : [("warnings", .array(notices.map { .string($0.description) }))]
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
