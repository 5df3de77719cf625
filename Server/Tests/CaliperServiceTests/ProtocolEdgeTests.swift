// ProtocolEdgeTests.swift — what schemathesis found: 405 for every method a path does not take, malformed Content-Types, the document's fonts.
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CaliperService

@Suite struct ProtocolEdgeTests {
    static let measure = ByteBuffer(string: #"{"id": 1, "text": "Hello", "font": "DejaVuSans.ttf"}"#)

    /// Every method a known path does not take, TRACE and QUERY included, answers 405 with `Allow`
    /// and a JSON error; an unknown path answers 404.
    @Test func everyOtherMethodOnAKnownPathIs405() async throws {
        let application = Application(router: try Fixtures.service().router())
        try await application.test(.router) { client in
            let query = try #require(HTTPRequest.Method("QUERY"))
            for (path, allowed) in [("/v1/measure", "POST"), ("/v1/batch", "POST"), ("/healthz", "GET, HEAD"), ("/fonts/DejaVuSans.ttf", "GET, HEAD"), ("/playground/index.html", "GET, HEAD")] {
                for method in [HTTPRequest.Method.get, .post, .put, .delete, .patch, .options, .trace, query]
                where !allowed.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == method.rawValue }) {
                    try await client.execute(uri: path, method: method) { response in
                        #expect(response.status == .methodNotAllowed, "\(method) \(path)")
                        #expect(response.headers[.allow] == allowed, "\(method) \(path)")
                        #expect(String(buffer: response.body).hasPrefix(#"{"error":"#), "\(method) \(path)")
                    }
                }
            }
            try await client.execute(uri: "/v1/nothing", method: .trace) { response in
                #expect(response.status == .notFound)
            }
            try await client.execute(uri: "/fonts/a/b.ttf", method: .post) { response in
                #expect(response.status == .notFound)
            }
        }
    }

    /// Every route of the table answers 405 for a method it does not take, with the table's own
    /// methods in `Allow`: the router and the 405s come from one list.
    @Test func everyRouteOfTheTableAnswers405ForAnotherMethod() async throws {
        let service = try Fixtures.service()
        let routes = service.routes.routes
        #expect(routes.count == 13)
        try await Application(router: service.router()).test(.router) { client in
            for route in routes {
                // A capture (`{file}`) filled in with a name.
                let path = "/" + route.path.map { $0.description.hasPrefix("{") ? "x.ttf" : $0.description }.joined(separator: "/")
                try await client.execute(uri: path, method: route.method == .post ? .get : .post) { response in
                    #expect(response.status == .methodNotAllowed, "\(path)")
                    #expect(response.headers[.allow] == (route.method == .post ? "POST" : "GET, HEAD"), "\(path)")
                }
            }
        }
    }

    /// The served document's font list is written into the `FontName` schema as it stands; a
    /// document with no such schema, or two, is served as it is.
    @Test func theFontListIsWrittenIntoTheSchema() {
        let fonts = ["a.ttf", #"b "q".ttf"#]
        let written = { (document: String) in String(decoding: CaliperService.openAPIDocument(Array(document.utf8), fonts: fonts), as: UTF8.self) }
        #expect(written(#"{"x": "\"FontName\": {}", "FontName": {"type": "string"}}"#)
            == #"{"x": "\"FontName\": {}", "FontName": {"enum":["a.ttf","b \"q\".ttf"],"type": "string"}}"#)
        #expect(written("{\"FontName\" :\n  {\n    \"type\": \"string\"\n  }}") == "{\"FontName\" :\n  {\n    \"enum\":[\"a.ttf\",\"b \\\"q\\\".ttf\"],\n    \"type\": \"string\"\n  }}")
        #expect(written(#"{"FontName": {}}"#) == #"{"FontName": {"enum":["a.ttf","b \"q\".ttf"]}}"#)
        for unchanged in [#"{"Font": {}}"#, #"{"a": {"FontName": {}}, "b": {"FontName": {}}}"#, #"{"FontName": "x"}"#] {
            #expect(written(unchanged) == unchanged)
        }
        #expect(CaliperService.openAPIDocument(Array(#"{"FontName": {}}"#.utf8), fonts: []) == Array(#"{"FontName": {}}"#.utf8))
    }

    /// A Content-Type with no type before its parameters is refused with 415, and the service goes on.
    @Test func aContentTypeWithNoTypeIs415() async throws {
        let application = Application(router: try Fixtures.service().router())
        try await application.test(.router) { client in
            for path in ["/v1/measure", "/v1/flow/svg", "/v1/batch"] {
                for type in ["", ";", "; charset=utf-8", " ;x"] {
                    try await client.execute(uri: path, method: .post, headers: [.contentType: type], body: Self.measure) { response in
                        #expect(response.status == .unsupportedMediaType, "\(path) \(type.debugDescription)")
                        #expect(String(buffer: response.body).contains("Content-Type names no media type (expected one of"))
                    }
                }
            }
            try await client.execute(uri: "/v1/measure", method: .post, headers: [.contentType: "application/json; charset=utf-8"], body: Self.measure) {
                #expect($0.status == .ok)
            }
        }
    }

    /// /openapi.json names the font root's fonts as `FontName`'s enum when requests may name only
    /// them, and leaves the schema open when patterns are allowed.
    @Test func theDocumentListsTheFontRootsFonts() async throws {
        for allowsPatterns in [false, true] {
            let service = try Fixtures.service { $0.allowsFontPatterns = allowsPatterns }
            let document = try #require(try JSONSerialization.jsonObject(with: Data(service.openAPI)) as? [String: Any])
            #expect(document["openapi"] as? String == "3.1.0")
            let schemas = (document["components"] as? [String: Any])?["schemas"] as? [String: Any]
            let fontName = try #require(schemas?["FontName"] as? [String: Any])
            if allowsPatterns {
                #expect(fontName["enum"] == nil)
            } else {
                let fonts = try #require(fontName["enum"] as? [String])
                #expect(fonts.contains("DejaVuSans.ttf"))
                #expect(fonts == service.catalogue.entries.map(\.font))
            }
        }
    }

    /// The document says what the service refuses where JSON Schema can (axis tags of four
    /// characters, an aspect ratio of at least 0.000001, the 408), and the refusals it cannot say
    /// (variations on a static font, a ratio whose height is infinite) are 400s with JSON errors.
    @Test func theDocumentStatesTheServicesBounds() async throws {
        let service = try Fixtures.service()
        let document = try #require(try JSONSerialization.jsonObject(with: Data(service.openAPI)) as? [String: Any])
        let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
        let tags = ((schemas["Variations"] as? [String: Any])?["propertyNames"] as? [String: Any])?["pattern"] as? String
        #expect(tags == "^[!-~]{4}$")
        let box = (schemas["BoxNode"] as? [String: Any])?["properties"] as? [String: Any]
        #expect((box?["aspectRatio"] as? [String: Any])?["minimum"] as? Double == 1e-6)
        let measure = ((document["paths"] as? [String: Any])?["/v1/measure"] as? [String: Any])?["post"] as? [String: Any]
        #expect((measure?["responses"] as? [String: Any])?["408"] != nil)
        try await Application(router: service.router()).test(.router) { client in
            for (path, body, phrase) in [
                ("/v1/measure", #"{"text": "a", "font": "DejaVuSans.ttf", "variations": {"wght": 600}}"#, "it is not a variable font"),
                ("/v1/measure", #"{"text": "a", "font": "Inter.var.ttf", "variations": {"wgh": 600}}"#, "has no axis wgh"),
                ("/v1/layout", #"{"width": 100, "root": {"type": "box", "aspectRatio": 5e-324}}"#, "box height"),
            ] {
                let response = try await client.execute(uri: path, method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(string: body))
                #expect(response.status == .badRequest, "\(body)")
                let error = (try? JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])?["error"] as? String
                #expect(error?.contains(phrase) == true, "\(body): \(error ?? "no error")")
            }
        }
    }
}
