// JSONObject.swift — typed reads of a decoded JSON object, with errors that name the field's path.

/// An input that cannot be used, with a message that names what is wrong and where.
package struct InputError: Error, CustomStringConvertible {
    package let message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}

/// A JSON object, read field by field; `path` (e.g. `root.children[1]`) prefixes every error so a
/// person finds the bad field. A key given twice reads as its last value; `null` reads as absent.
package struct JSONObject {
    package let fields: [(String, JSON)]
    package let path: String

    package init(_ value: JSON?, path: String) throws {
        guard case .object(let fields) = value else {
            throw InputError("\(path.isEmpty ? "the request" : path) must be a JSON object")
        }
        self.fields = fields
        self.path = path
    }

    /// Parses one line or document of JSON text into an object.
    package init(parsing text: String) throws {
        try self.init(try JSONParser.parse(text), path: "")
    }

    /// Refuses keys other than `known`, so a misspelt attribute (`"sise"`) is an error rather
    /// than silently ignored. The error names the key's path and the known key nearest to it
    /// (`unknown key root.children[1].numberOfLine: did you mean numberOfLines?`), or says how to
    /// choose a weight or family (`weight`, `fontFamily`…), or lists the known keys.
    package func requireKnownKeys(_ known: [String]) throws {
        guard let (unknown, _) = fields.first(where: { field in !known.contains { Self.same($0, field.0) } }) else { return }
        let keyPath = path.isEmpty ? Self.displayed(unknown) : "\(path).\(Self.displayed(unknown))"
        if let suggestion = NearestKey.suggestion(for: unknown, among: known) {
            throw InputError("unknown key \(keyPath): did you mean \(suggestion)?")
        }
        if let hint = NearestKey.fontAttributeHint(for: unknown, among: known) { throw InputError("unknown key \(keyPath): \(hint)") }
        throw InputError("unknown key \(keyPath) (known: \(known.joined(separator: ", ")))")
    }

    /// Whether two keys are the same: the same length in UTF-8, then equal strings. Keys are short
    /// and most comparisons are of different keys, which `==` alone sends through Swift's general
    /// string comparison (a call per pair: a request's keys against an object's forty known ones
    /// cost a tenth of a warm request). It also keeps a key that is only canonically equivalent
    /// to a known one (`"\u212Aey"`, KELVIN SIGN for K) from passing for it, as JSON readers
    /// compare keys by their characters; every known key is ASCII.
    @inline(__always) static func same(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && a == b
    }

    /// A key as written in a path: bare when it is a plain name, else quoted as JSON would.
    private static func displayed(_ key: String) -> String {
        let plain = !key.isEmpty && key.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" }
        return plain ? key : JSON.string(key).serialized
    }

    /// `key` as an error names it: quoted at the top of a request (`"font"`), else after this
    /// object's path (`root.child.font`).
    package func name(_ key: String) -> String { path.isEmpty ? "\"\(key)\"" : "\(path).\(key)" }

    /// `key` after this object's path (`root.child.textWrap`), bare at the top (`textWrap`).
    package func keyPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// An error about this object as a whole: its path before the message, none at the top.
    package func error(_ message: String) -> InputError { InputError(path.isEmpty ? message : "\(path): \(message)") }

    private func value(_ key: String) -> JSON? {
        switch fields.last(where: { Self.same($0.0, key) })?.1 {
        case nil, .null?: return nil
        case let value?: return value
        }
    }

    package func string(_ key: String) throws -> String? {
        guard let value = value(key) else { return nil }
        guard case .string(let string) = value else { throw InputError("\(name(key)) must be a string") }
        return string
    }

    package func requiredString(_ key: String) throws -> String {
        guard let string = try string(key) else { throw InputError("missing \(name(key))") }
        return string
    }

    package func number(_ key: String) throws -> Double? {
        guard let value = value(key) else { return nil }
        guard case .number(let number) = value, number.isFinite else { throw InputError("\(name(key)) must be a number") }
        return number
    }

    package func requiredNumber(_ key: String) throws -> Double {
        guard let number = try number(key) else { throw InputError("missing \(name(key))") }
        return number
    }

    package func bool(_ key: String) throws -> Bool? {
        guard let value = value(key) else { return nil }
        guard case .bool(let bool) = value else { throw InputError("\(name(key)) must be true or false") }
        return bool
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
        guard case .array(let elements) = value else { throw InputError("\(name(key)) must be an array of strings") }
        return try elements.map { element in
            guard case .string(let string) = element else { throw InputError("\(name(key)) must be an array of strings") }
            return string
        }
    }

    /// `[top, left, bottom, right]`.
    package func insets(_ key: String) throws -> [Double]? {
        guard let value = value(key) else { return nil }
        let error = InputError("\(name(key)) must be [top, left, bottom, right] numbers")
        guard case .array(let elements) = value, elements.count == 4 else { throw error }
        return try elements.map { element in
            guard case .number(let number) = element else { throw error }
            return number
        }
    }

    package func object(_ key: String) throws -> JSONObject {
        guard let value = value(key) else { throw InputError("missing \(name(key))") }
        return try JSONObject(value, path: path.isEmpty ? key : "\(path).\(key)")
    }

    /// Whether `key` is given, and not `null`.
    package func has(_ key: String) -> Bool { value(key) != nil }

    package func objects(_ key: String) throws -> [JSONObject] {
        guard let value = value(key) else { return [] }
        guard case .array(let elements) = value else { throw InputError("\(name(key)) must be an array of objects") }
        let prefix = path.isEmpty ? key : "\(path).\(key)"
        return try elements.enumerated().map { try JSONObject($1, path: "\(prefix)[\($0)]") }
    }

    /// The `id` of a request, echoed back as it came: a string, a number, or null for anything else.
    package var id: JSON {
        switch fields.last(where: { Self.same($0.0, "id") })?.1 {
        case .string(let string): return .string(string)
        case .number(let double):
            return double == double.rounded() && abs(double) < 1e15 ? .integer(Int(double)) : .number(double)
        default: return .null
        }
    }
}
