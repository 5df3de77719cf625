// JSONDocument.swift — a parsed JSON text: its values as one array of nodes in document order, read in place.

/// A JSON text as ``JSONParser`` reads it: every value a node of one array, in the order the
/// text writes them (a container before its members, an object's members as key, value, key,
/// value…), strings kept as ranges of the text's UTF-8 and made into `String`s only when read.
///
/// A request read this way allocates three blocks (the document, a copy of its text, its nodes,
/// whose array grows only when values are denser than one per eight bytes), and letting it go
/// frees them and releases nothing inside. A tree of ``JSON``
/// values allocated an array per object and array and a string per key or value of more than 15
/// bytes, and freeing that tree was a large part of a warm request. A key is compared
/// with the bytes of the text, so it is never made into a string unless an error names it.
///
/// A document is read by the thread that parsed it; nothing in it changes after ``init``.
package final class JSONDocument {
    /// What a node holds.
    enum Kind: UInt8 {
        case object, array, string, number, `true`, `false`, null
    }

    /// One value, in 16 bytes (a request of 8 MiB of `[0,0,…]` is four million of them).
    struct Node {
        let kind: Kind
        /// Whether an object gives a key twice or more (then its last value is the key's), or has
        /// more keys than the parser checks for repeats.
        var hasRepeatedKey = false
        /// A string's length in bytes; the index after the last node of an object or array.
        private var small: UInt32
        /// A string's first byte in ``bytes``; a number's bit pattern; the elements of an array;
        /// an object's key signatures.
        private var large: UInt64

        private init(kind: Kind, small: UInt32 = 0, large: UInt64 = 0) {
            self.kind = kind
            self.small = small
            self.large = large
        }

        /// `true`, `false` or `null`.
        static func literal(_ kind: Kind) -> Node { Node(kind: kind) }
        static func number(_ value: Double) -> Node { Node(kind: .number, large: value.bitPattern) }
        /// A string of `length` bytes from `start` (the parser refuses texts of 4 GiB or more).
        static func string(start: Int, length: Int) -> Node { Node(kind: .string, small: UInt32(length), large: UInt64(start)) }
        /// An object or array, completed (``complete(end:elements:keySignatures:)``) once its
        /// members are read.
        static func container(_ kind: Kind) -> Node { Node(kind: kind) }

        mutating func complete(end: Int, elements: Int, keySignatures: UInt64) {
            small = UInt32(end)
            large = kind == .object ? keySignatures : UInt64(elements)
        }

        /// An object's or array's end: the index after its last node.
        var end: Int { Int(small) }
        /// A string's first byte in ``bytes`` and its length.
        var stringStart: Int { Int(large) }
        var stringLength: Int { Int(small) }
        var number: Double { Double(bitPattern: large) }
        /// An array's elements.
        var elementCount: Int { Int(large) }
        /// An object's keys' ``signature(of:)``s, or-ed: a key whose signature is not among them
        /// is not a key of the object, which answers look-ups of keys left out at once.
        var keySignatures: UInt64 { large }
    }

    /// One bit of 64 for a key, from its length and its first and last bytes.
    @inline(__always) static func signature(of key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let first = key.first, let last = key.last else { return 1 }
        return 1 << UInt64((key.count &* 7 &+ Int(first) &+ Int(last) &* 3) & 63)
    }

    /// The text's UTF-8, its strings with escapes decoded in place: owned by the document, so
    /// reading a string is a range of it (no closure lending a `String`'s storage).
    private let bytes: UnsafeMutableBufferPointer<UInt8>
    /// The values, the top one first.
    let nodes: [Node]
    /// How errors name the top value: empty for a request (its members are named by their keys
    /// alone), or a name of its own (`root`).
    let rootPath: String

    /// A document of `nodes`, whose strings are ranges of `bytes`, which it owns from now on.
    private init(bytes: UnsafeMutableBufferPointer<UInt8>, nodes: [Node], rootPath: String) {
        self.bytes = bytes
        self.nodes = nodes
        self.rootPath = rootPath
    }

    deinit { bytes.deallocate() }

    /// The document `text` holds, its top value named `rootPath` in errors.
    ///
    /// - Throws: ``InputError`` "invalid JSON" for anything that is not one JSON value.
    package static func parse(_ text: String, rootPath: String = "") throws(InputError) -> JSONDocument {
        // A node holds a string's length and a container's end in 32 bits.
        guard text.utf8.count < UInt32.max else { throw InputError("invalid JSON: a text of 4 GiB or more") }
        let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: text.utf8.count)
        _ = bytes.initialize(fromContentsOf: text.utf8)
        do {
            return JSONDocument(bytes: bytes, nodes: try JSONParser.nodes(of: bytes), rootPath: rootPath)
        } catch {
            bytes.deallocate()
            throw error
        }
    }

    /// The index after the last node of the value at `index` (its members' included).
    @inline(__always) func end(of index: Int) -> Int {
        switch nodes[index].kind {
        case .object, .array: nodes[index].end
        default: index + 1
        }
    }

    /// The UTF-8 of the string `node`.
    @inline(__always) func bytes(of node: Node) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[node.stringStart..<node.stringStart + node.stringLength])
    }

    /// The UTF-8 of `string` lent to `body`: from its own storage (no copy of the string, so
    /// nothing retained), which every native string has.
    @inline(__always) static func withUTF8<T>(of string: String, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        string.utf8.withContiguousStorageIfAvailable(body) ?? Array(string.utf8).withUnsafeBufferPointer(body)
    }

    /// Whether `a` and `b` hold the same bytes.
    @inline(__always) static func same(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        for offset in 0..<a.count where a[offset] != b[offset] { return false }
        return true
    }

    /// The string at `index`.
    func string(at index: Int) -> String {
        String(decoding: bytes(of: nodes[index]), as: UTF8.self)
    }

    /// The number at `index`.
    func number(at index: Int) -> Double {
        nodes[index].number
    }

    /// Calls `body` with the index of each member's key in the object at `object` (its value
    /// follows at the next index), in order, until `body` returns false.
    @inline(__always) func forEachKey(inObject object: Int, _ body: (Int) -> Bool) {
        var key = object + 1
        let end = nodes[object].end
        while key < end {
            guard body(key) else { return }
            key = self.end(of: key + 1)
        }
    }

    /// Calls `body` with the index of each element of the array at `array`, in order.
    @inline(__always) func forEachElement(inArray array: Int, _ body: (Int) -> Void) {
        var element = array + 1
        let end = nodes[array].end
        while element < end {
            body(element)
            element = self.end(of: element)
        }
    }

    /// The index of the value of the last member named `key` of the object at `object` (a key
    /// given twice reads as its last value), `null` included; nil when there is none.
    ///
    /// Keys are compared byte for byte, their lengths first (most keys compared are different
    /// keys): a key only canonically equivalent to another (`"\u212Aey"`, KELVIN SIGN for K) is
    /// not it, as JSON readers compare keys.
    func member(_ key: String, inObject object: Int) -> Int? {
        Self.withUTF8(of: key) { wanted in
            guard nodes[object].keySignatures & Self.signature(of: wanted) != 0 else { return nil }
            var found: Int?
            var member = object + 1
            let end = nodes[object].end
            while member < end {
                let keyNode = nodes[member]
                if keyNode.stringLength == wanted.count, Self.same(bytes(of: keyNode), wanted) {
                    found = member + 1
                    // The first is the last when no key is given twice.
                    guard nodes[object].hasRepeatedKey else { return found }
                }
                member = self.end(of: member + 1)
            }
            return found
        }
    }

    /// The index of the first key of the object at `object` that is none of `known` or `more`;
    /// nil when every key is one of them. Compared byte for byte, as ``member(_:inObject:)``
    /// compares.
    func firstKey(inObject object: Int, notIn known: KnownKeys, _ more: KnownKeys?) -> Int? {
        var member = object + 1
        let end = nodes[object].end
        while member < end {
            let key = bytes(of: nodes[member])
            guard known.contains(key) || more?.contains(key) == true else { return member }
            member = self.end(of: member + 1)
        }
        return nil
    }

    /// The value at `index` as a ``JSON`` value.
    func json(at index: Int) -> JSON {
        switch nodes[index].kind {
        case .object:
            var members: [(String, JSON)] = []
            forEachKey(inObject: index) { key in
                members.append((string(at: key), json(at: key + 1)))
                return true
            }
            return .object(members)
        case .array:
            var elements: [JSON] = []
            elements.reserveCapacity(nodes[index].elementCount)
            forEachElement(inArray: index) { elements.append(json(at: $0)) }
            return .array(elements)
        case .string: return .string(string(at: index))
        case .number: return .number(number(at: index))
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .null: return .null
        }
    }

    /// How errors name the value at `index`: ``rootPath``, then each key (`.key`, or the key alone
    /// after an empty root path) and array position (`[2]`) down to it. Made only for an error
    /// or a name given twice, by walking down from the top.
    func path(to index: Int) -> String {
        var path = rootPath
        var current = 0
        while current != index, current < nodes.count {
            switch nodes[current].kind {
            case .object:
                var next: Int?
                forEachKey(inObject: current) { key in
                    guard (key + 1..<end(of: key + 1)).contains(index) else { return true }
                    let name = string(at: key)
                    path = path.isEmpty ? name : "\(path).\(name)"
                    next = key + 1
                    return false
                }
                guard let next else { return path }
                current = next
            case .array:
                var position = 0
                var next: Int?
                forEachElement(inArray: current) { element in
                    if next == nil, (element..<end(of: element)).contains(index) { next = element }
                    if next == nil { position += 1 }
                }
                guard let next else { return path }
                path += "[\(position)]"
                current = next
            default:
                return path
            }
        }
        return path
    }
}
