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
        var output = ""
        write(to: &output)
        return output
    }

    private func write(to output: inout String) {
        switch self {
        case .object(let members):
            output += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output += "," }
                JSON.string(key).write(to: &output)
                output += ":"
                value.write(to: &output)
            }
            output += "}"
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                element.write(to: &output)
            }
            output += "]"
        case .string(let string):
            output += "\""
            for scalar in string.unicodeScalars {
                switch scalar {
                case "\"": output += "\\\""
                case "\\": output += "\\\\"
                case "\n": output += "\\n"
                case "\r": output += "\\r"
                case "\t": output += "\\t"
                case _ where scalar.value < 0x20:
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: output.unicodeScalars.append(scalar)
                }
            }
            output += "\""
        case .number(let number):
            // Swift prints the shortest text that reads back as the same Double; JSON has no NaN or infinity.
            output += number.isFinite ? "\(number)" : "null"
        case .integer(let integer):
            output += "\(integer)"
        case .bool(let bool):
            output += bool ? "true" : "false"
        case .null:
            output += "null"
        }
    }
}
