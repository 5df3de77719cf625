// KnownKeys.swift — the keys one kind of JSON object may have, found by a key's bytes in one step.

/// The keys one kind of object may have (a measure request's, a label's, a span's…), in the order
/// they are listed, with a table that finds a key's bytes among them without comparing it with
/// each: ``JSONObject/requireKnownKeys(_:_:)`` checks every key of every object of a request, and
/// a list of forty names searched from the start cost a tenth of a warm request's reading (issue
/// #28). Lists are built once, as `static let`s.
package struct KnownKeys: Sendable, ExpressibleByArrayLiteral {
    /// The names, in the order given: what errors list and suggest from.
    package let names: [String]
    /// The names' UTF-8, one after another.
    private let bytes: [UInt8]
    /// Where each name's UTF-8 starts in ``bytes``, and one past the last's end.
    private let starts: [Int]
    /// The names' indices ordered by their ``JSONDocument/signature(of:)``'s bit.
    private let bySignature: [Int]
    /// Where the names of each signature bit start in ``bySignature``, and one past the last's end.
    private let signatureStarts: [Int]

    package init(_ names: [String]) {
        self.names = names
        var bytes: [UInt8] = []
        var starts = [0]
        var signatures: [Int] = []
        for name in names {
            let utf8 = Array(name.utf8)
            signatures.append(utf8.withUnsafeBufferPointer { JSONDocument.signature(of: $0) }.trailingZeroBitCount)
            bytes += utf8
            starts.append(bytes.count)
        }
        self.bytes = bytes
        self.starts = starts
        bySignature = names.indices.sorted { (signatures[$0], $0) < (signatures[$1], $1) }
        signatureStarts = (0...64).map { bit in signatures.count { $0 < bit } }
    }

    package init(arrayLiteral names: String...) {
        self.init(names)
    }

    /// The names of `a` and then of `b`.
    package static func + (a: KnownKeys, b: KnownKeys) -> KnownKeys {
        KnownKeys(a.names + b.names)
    }

    /// Whether `key` is one of the names, byte for byte.
    func contains(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        let bit = JSONDocument.signature(of: key).trailingZeroBitCount
        return bytes.withUnsafeBufferPointer { bytes in
            for index in bySignature[signatureStarts[bit]..<signatureStarts[bit + 1]] {
                let name = UnsafeBufferPointer(rebasing: bytes[starts[index]..<starts[index + 1]])
                if JSONDocument.same(name, key) { return true }
            }
            return false
        }
    }
}
