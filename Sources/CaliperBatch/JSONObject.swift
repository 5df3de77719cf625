// JSONObject.swift — typed reads of a decoded JSON object, with errors that name the field's path.

/// An input that cannot be used, with a message that names what is wrong and where.
package struct InputError: Error, CustomStringConvertible {
    package let message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}

/// A JSON object of a parsed ``JSONDocument``, read field by field; ``path`` (e.g.
/// `root.children[1]`) prefixes every error so a person finds the bad field. A key given twice
/// reads as its last value; `null` reads as absent.
package struct JSONObject {
    private let document: JSONDocument
    /// The object's node in `document`.
    private let node: Int

    /// The object at `node`, or an error naming its path when the value there is not an object.
    private init(_ document: JSONDocument, node: Int) throws {
        guard document.nodes[node].kind == .object else {
            let path = document.path(to: node)
            throw InputError("\(path.isEmpty ? "the request" : path) must be a JSON object")
        }
        self.document = document
        self.node = node
    }

    /// Parses one line or document of JSON text into an object, named `path` in errors: empty
    /// for a request (its members named by their keys alone), or a name (`root`).
    package init(parsing text: String, path: String = "") throws {
        try self.init(try JSONDocument.parse(text, rootPath: path), node: 0)
    }

    /// Where the object is in its document (`root.children[1]`), as errors name it; empty at
    /// the top of a request. Made when asked for, by walking down the document.
    package var path: String { document.path(to: node) }

    /// Refuses keys other than `known` (and `more`, when given), so a misspelt attribute
    /// (`"sise"`) is an error rather than silently ignored. The error names the key's path and
    /// the known key nearest to it
    /// (`unknown key root.children[1].numberOfLine: did you mean numberOfLines?`), or says how to
    /// choose a weight or family (`weight`, `fontFamily`…), or lists the known keys.
    package func requireKnownKeys(_ known: KnownKeys, _ more: KnownKeys? = nil) throws {
        guard let unknownKey = document.firstKey(inObject: node, notIn: known, more) else { return }
        let known = known.names + (more?.names ?? [])
        let unknown = document.string(at: unknownKey)
        let keyPath = path.isEmpty ? Self.displayed(unknown) : "\(path).\(Self.displayed(unknown))"
        if let suggestion = NearestKey.suggestion(for: unknown, among: known) {
            throw InputError("unknown key \(keyPath): did you mean \(suggestion)?")
        }
        if let hint = NearestKey.fontAttributeHint(for: unknown, among: known) { throw InputError("unknown key \(keyPath): \(hint)") }
        throw InputError("unknown key \(keyPath) (known: \(known.joined(separator: ", ")))")
    }

    /// The object's keys, in order, a key given twice as often as it is given.
    package var keys: [String] {
        var keys: [String] = []
        document.forEachKey(inObject: node) { key in
            keys.append(document.string(at: key))
            return true
        }
        return keys
    }

    /// Whether `key` is given, `null` included.
    package func contains(key: String) -> Bool { document.member(key, inObject: node) != nil }

    /// Whether two names (the font names a spec remembers, ``LayoutSpec``) are the same: the same
    /// length in UTF-8 first, as most names compared differ in length, then equal strings (`==`
    /// alone goes through Swift's general string comparison for every pair). Keys of a request
    /// are compared by their bytes instead (``JSONDocument/member(_:inObject:)``).
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

    /// The node of the value of `key`; nil when the key is absent or its value `null`.
    private func value(_ key: String) -> Int? {
        guard let value = document.member(key, inObject: node), document.nodes[value].kind != .null else { return nil }
        return value
    }

    private func kind(_ value: Int) -> JSONDocument.Kind { document.nodes[value].kind }

    package func string(_ key: String) throws -> String? {
        guard let value = value(key) else { return nil }
        guard kind(value) == .string else { throw InputError("\(name(key)) must be a string") }
        return document.string(at: value)
    }

    package func requiredString(_ key: String) throws -> String {
        guard let string = try string(key) else { throw InputError("missing \(name(key))") }
        return string
    }

    package func number(_ key: String) throws -> Double? {
        guard let value = value(key) else { return nil }
        guard kind(value) == .number, case let number = document.number(at: value), number.isFinite else {
            throw InputError("\(name(key)) must be a number")
        }
        return number
    }

    package func requiredNumber(_ key: String) throws -> Double {
        guard let number = try number(key) else { throw InputError("missing \(name(key))") }
        return number
    }

    package func bool(_ key: String) throws -> Bool? {
        guard let value = value(key) else { return nil }
        switch kind(value) {
        case .true: return true
        case .false: return false
        default: throw InputError("\(name(key)) must be true or false")
        }
    }

    /// A whole number, at least `minimum`.
    package func integer(_ key: String, minimum: Int = 0) throws -> Int? {
        guard let number = try number(key) else { return nil }
        guard number == number.rounded(), number >= Double(minimum), number < Double(Int32.max) else {
            throw InputError("\(name(key)) must be a whole number, \(minimum) or more")
        }
        return Int(number)
    }

    /// The elements of the array that is `key`'s value, each read by `element` (nil: not what
    /// the array must hold); `wrong` is the error for anything else.
    private func elements<T>(_ key: String, count: Int? = nil, _ element: (Int) -> T?, wrong: () -> InputError) throws -> [T]? {
        guard let value = value(key) else { return nil }
        guard kind(value) == .array, count == nil || document.nodes[value].elementCount == count else { throw wrong() }
        var elements: [T] = []
        elements.reserveCapacity(document.nodes[value].elementCount)
        var isWrong = false
        document.forEachElement(inArray: value) { index in
            guard !isWrong else { return }
            if let read = element(index) { elements.append(read) } else { isWrong = true }
        }
        guard !isWrong else { throw wrong() }
        return elements
    }

    package func strings(_ key: String) throws -> [String]? {
        try elements(key, { kind($0) == .string ? document.string(at: $0) : nil }) {
            InputError("\(name(key)) must be an array of strings")
        }
    }

    package func numbers(_ key: String) throws -> [Double]? {
        try elements(key, { kind($0) == .number ? document.number(at: $0) : nil }) {
            InputError("\(name(key)) must be an array of numbers")
        }
    }

    /// `[top, left, bottom, right]`.
    package func insets(_ key: String) throws -> [Double]? {
        try elements(key, count: 4, { kind($0) == .number ? document.number(at: $0) : nil }) {
            InputError("\(name(key)) must be [top, left, bottom, right] numbers")
        }
    }

    package func object(_ key: String) throws -> JSONObject {
        guard let value = value(key) else { throw InputError("missing \(name(key))") }
        return try JSONObject(document, node: value)
    }

    /// Whether `key` is given, and not `null`.
    package func has(_ key: String) -> Bool { value(key) != nil }

    package func objects(_ key: String) throws -> [JSONObject] {
        guard let value = value(key) else { return [] }
        guard kind(value) == .array else { throw InputError("\(name(key)) must be an array of objects") }
        var objects: [JSONObject] = []
        objects.reserveCapacity(document.nodes[value].elementCount)
        var failure: (any Error)?
        document.forEachElement(inArray: value) { element in
            guard failure == nil else { return }
            do { objects.append(try JSONObject(document, node: element)) } catch { failure = error }
        }
        if let failure { throw failure }
        return objects
    }

    /// The `id` of a request, echoed back as it came: a string, a number, or null for anything else.
    package var id: JSON {
        guard let value = document.member("id", inObject: node) else { return .null }
        switch kind(value) {
        case .string: return .string(document.string(at: value))
        case .number:
            let double = document.number(at: value)
            return double == double.rounded() && abs(double) < 1e15 ? .integer(Int(double)) : .number(double)
        default: return .null
        }
    }
}
