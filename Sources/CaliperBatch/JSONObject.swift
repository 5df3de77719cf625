// JSONObject.swift — typed reads of a decoded JSON object, with errors that name the field's path.
import Foundation

/// An input that cannot be used, with a message that names what is wrong and where.
package struct InputError: Error, CustomStringConvertible {
    package let message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}

/// A JSON object from `JSONSerialization`, read field by field; `path` (e.g. `root.children[1]`)
/// prefixes every error so a person finds the bad field.
package struct JSONObject {
    package let fields: [String: Any]
    package let path: String

    package init(_ value: Any?, path: String) throws {
        guard let fields = value as? [String: Any] else { throw InputError("\(path.isEmpty ? "the request" : path) must be a JSON object") }
        self.fields = fields
        self.path = path
    }

    /// Parses one line or document of JSON text into an object.
    package init(parsing text: String) throws {
        guard let value = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) else {
            throw InputError("invalid JSON")
        }
        try self.init(value, path: "")
    }

    private func name(_ key: String) -> String { path.isEmpty ? "\"\(key)\"" : "\(path).\(key)" }

    private func value(_ key: String) -> Any? {
        guard let value = fields[key], !(value is NSNull) else { return nil }
        return value
    }

    package func string(_ key: String) throws -> String? {
        guard let value = value(key) else { return nil }
        guard let string = value as? String else { throw InputError("\(name(key)) must be a string") }
        return string
    }

    package func requiredString(_ key: String) throws -> String {
        guard let string = try string(key) else { throw InputError("missing \(name(key))") }
        return string
    }

    package func number(_ key: String) throws -> Double? {
        guard let value = value(key) else { return nil }
        // JSONSerialization answers numbers and booleans alike with NSNumber; refuse booleans.
        guard let number = value as? NSNumber, !number.isBoolean, number.doubleValue.isFinite else {
            throw InputError("\(name(key)) must be a number")
        }
        return number.doubleValue
    }

    package func requiredNumber(_ key: String) throws -> Double {
        guard let number = try number(key) else { throw InputError("missing \(name(key))") }
        return number
    }

    package func bool(_ key: String) throws -> Bool? {
        guard let value = value(key) else { return nil }
        guard let number = value as? NSNumber, number.isBoolean else { throw InputError("\(name(key)) must be true or false") }
        return number.boolValue
    }

    /// A whole number, at least `minimum`.
    package func integer(_ key: String, minimum: Int = 0) throws -> Int? {
        guard let number = try number(key) else { return nil }
        guard number == number.rounded(), number >= Double(minimum), number < Double(Int32.max) else {
            throw InputError("\(name(key)) must be a whole number, \(minimum) or more")
        }
        return Int(number)
    }

    package func strings(_ key: String) throws -> [String]? {
        guard let value = value(key) else { return nil }
        guard let strings = value as? [String] else { throw InputError("\(name(key)) must be an array of strings") }
        return strings
    }

    /// `[top, left, bottom, right]`.
    package func insets(_ key: String) throws -> [Double]? {
        guard let value = value(key) else { return nil }
        guard let numbers = value as? [NSNumber], numbers.count == 4, numbers.allSatisfy({ !$0.isBoolean }) else {
            throw InputError("\(name(key)) must be [top, left, bottom, right] numbers")
        }
        return numbers.map(\.doubleValue)
    }

    package func object(_ key: String) throws -> JSONObject {
        guard let value = value(key) else { throw InputError("missing \(name(key))") }
        return try JSONObject(value, path: path.isEmpty ? key : "\(path).\(key)")
    }

    package func objects(_ key: String) throws -> [JSONObject] {
        guard let value = value(key) else { return [] }
        guard let array = value as? [Any] else { throw InputError("\(name(key)) must be an array of objects") }
        let prefix = path.isEmpty ? key : "\(path).\(key)"
        return try array.enumerated().map { try JSONObject($1, path: "\(prefix)[\($0)]") }
    }

    /// The `id` of a request, echoed back as it came: a string, a number, or null for anything else.
    package var id: JSON {
        if let string = fields["id"] as? String { return .string(string) }
        guard let number = fields["id"] as? NSNumber, !number.isBoolean else { return .null }
        let double = number.doubleValue
        return double == double.rounded() && abs(double) < 1e15 ? .integer(Int(double)) : .number(double)
    }
}

extension NSNumber {
    /// JSONSerialization's booleans are NSNumbers whose Objective-C type is `c` (char).
    package var isBoolean: Bool { String(cString: objCType) == "c" }
}
