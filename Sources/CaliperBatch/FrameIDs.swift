// FrameIDs.swift — the names of a cell's frames, each given once.
import CaliperLayout

/// The names of a cell's frames as its spec gives them, each with the path where it was given, so
/// that a name given twice is an error naming both places.
struct FrameIDs {
    /// Where each name was given: the object that gave it, and what of it the name names when
    /// not the object itself. Paths are made only for the error.
    private var places: [String: (object: JSONObject, part: String?)] = [:]

    /// `id`, given by `object` (or `part` of it, e.g. "its overflow chip").
    mutating func add(_ id: String, at object: JSONObject, part: String? = nil) throws {
        if let earlier = places[id] {
            throw InputError("the id \"\(id)\" names two frames, \(Self.place(earlier)) and \(Self.place((object, part))); ids must be unique in a cell")
        }
        places[id] = (object, part)
    }

    private static func place(_ place: (object: JSONObject, part: String?)) -> String {
        place.part.map { "\(place.object.path) (\($0))" } ?? place.object.path
    }

    /// The ids of `object`'s inline boxes.
    mutating func addAttachments(of object: JSONObject) throws {
        for attachment in try object.objects("attachments") {
            if let id = try attachment.string("id") { try add(id, at: attachment) }
        }
    }

    /// The names of a flow node's items (their own ids, or `<flowID>[index]`), of its overflow
    /// chip (`<flowID>.overflow`) and of its chips' inline boxes.
    mutating func addItems(of flow: JSONObject, flowID: String?, hasOverflowChip: Bool) throws {
        for (index, item) in try flow.objects("items").enumerated() {
            if let id = try item.string("id") ?? flowID.map({ FlowLayout.itemID(flowID: $0, index: index) }) {
                try add(id, at: item)
            }
            try addAttachments(of: item)
        }
        if hasOverflowChip, let flowID { try add(FlowLayout.overflowChipID(flowID: flowID), at: flow, part: "its overflow chip") }
    }
}
