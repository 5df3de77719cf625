// FrameIDs.swift — the names of a cell's frames, each given once.
import CaliperLayout

/// The names of a cell's frames as its spec gives them, each with the path where it was given, so
/// that a name given twice is an error naming both places.
struct FrameIDs {
    private var places: [String: String] = [:]

    mutating func add(_ id: String, at place: String) throws {
        if let earlier = places[id] {
            throw InputError("the id \"\(id)\" names two frames, \(earlier) and \(place); ids must be unique in a cell")
        }
        places[id] = place
    }

    /// The ids of `object`'s inline boxes.
    mutating func addAttachments(of object: JSONObject) throws {
        for attachment in try object.objects("attachments") {
            if let id = try attachment.string("id") { try add(id, at: attachment.path) }
        }
    }

    /// The names of a flow node's items (their own ids, or `<flowID>[index]`), of its overflow
    /// chip (`<flowID>.overflow`) and of its chips' inline boxes.
    mutating func addItems(of flow: JSONObject, flowID: String?, hasOverflowChip: Bool) throws {
        for (index, item) in try flow.objects("items").enumerated() {
            if let id = try item.string("id") ?? flowID.map({ FlowLayout.itemID(flowID: $0, index: index) }) {
                try add(id, at: item.path)
            }
            try addAttachments(of: item)
        }
        if hasOverflowChip, let flowID { try add(FlowLayout.overflowChipID(flowID: flowID), at: "\(flow.path) (its overflow chip)") }
    }
}
