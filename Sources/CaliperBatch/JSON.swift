// JSON.swift — a JSON value that keeps its keys in the order they were written, for stable, readable answers.

/// A JSON value written with keys in insertion order (`JSONEncoder` does not promise an order).
package enum JSON: Sendable, Equatable {
    case object([(String, JSON)])
    case array([JSON])
    case string(String)
    case number(Double)
    case integer(Int)
    case bool(Bool)
    case null

    package static func == (lhs: JSON, rhs: JSON) -> Bool { lhs.serialized == rhs.serialized }

    /// Compact JSON text on one line.
    package var serialized: String {
        var writer = JSONWriter()
        write(to: &writer)
        return writer.string
    }

    package func write(to writer: inout JSONWriter) {
        switch self {
        case .object(let members):
            writer.beginObject()
            for (key, value) in members {
                writer.key(text: key)
                value.write(to: &writer)
            }
            writer.endObject()
        case .array(let elements):
            writer.beginArray()
            for element in elements { element.write(to: &writer) }
            writer.endArray()
        case .string(let string): writer.string(string)
        case .number(let number): writer.number(number)
        case .integer(let integer): writer.integer(integer)
        case .bool(let bool): writer.bool(bool)
        case .null: writer.null()
        }
    }
}
