// OpenAPIDocument.swift — the OpenAPI document as served: as written, with the font root's fonts as the names requests may give.
import CaliperBatch
import Foundation

extension CaliperService {
    /// The document compiled in, `Resources/openapi.json`, as served: with `fonts` as `FontName`'s `enum`.
    static func openAPIDocument(fonts: [String]) throws -> [UInt8] {
        guard let document = ServiceResources.files["openapi.json"] else { throw ServiceError.missingResource("Resources/openapi.json") }
        return openAPIDocument(document, fonts: fonts)
    }

    /// The OpenAPI document with `fonts` as the `enum` of its `FontName` schema: the names requests
    /// may give when only the font root's fonts are taken, so that clients (and property-based
    /// testers) see this service's fonts. The member is written first into the schema's object,
    /// indented as its next member; the rest is served as written. Unchanged when `fonts` is
    /// empty or the document has not exactly one `FontName` object.
    static func openAPIDocument(_ document: [UInt8], fonts: [String]) -> [UInt8] {
        guard !fonts.isEmpty, let brace = openingBrace(ofMember: "FontName", in: document) else { return document }
        var member = JSONWriter()
        member.key("enum")
        member.beginArray()
        for font in fonts { member.string(font) }
        member.endArray()
        let next = firstNonSpace(in: document, from: brace + 1)
        var served = Array(document[...brace])
        served += document[(brace + 1)..<next]  // the indentation of the member that follows
        served += member.bytes
        if next < document.endIndex, document[next] != UInt8(ascii: "}") { served.append(UInt8(ascii: ",")) }
        served += document[(brace + 1)...]
        return served
    }

    /// Where the object that is the value of the member `name` opens (its `{`), when `document`
    /// has exactly one such member. Only a key matches: in a string, the name's quotes are escaped.
    static func openingBrace(ofMember name: String, in document: [UInt8]) -> Int? {
        let braces = document.ranges(of: Array("\"\(name)\"".utf8)).compactMap { key -> Int? in
            let colon = firstNonSpace(in: document, from: key.upperBound)
            guard colon < document.endIndex, document[colon] == UInt8(ascii: ":") else { return nil }
            let brace = firstNonSpace(in: document, from: colon + 1)
            return brace < document.endIndex && document[brace] == UInt8(ascii: "{") ? brace : nil
        }
        return braces.count == 1 ? braces.first : nil
    }

    /// The index of the first byte at or after `start` that is not JSON whitespace.
    private static func firstNonSpace(in document: [UInt8], from start: Int) -> Int {
        document[start...].firstIndex { !" \t\n\r".utf8.contains($0) } ?? document.endIndex
    }
}
