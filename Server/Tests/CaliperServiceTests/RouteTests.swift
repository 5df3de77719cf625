// RouteTests.swift — the HTTP API through Hummingbird's test client: the batch protocol's answers, and every error as a status with JSON.
import Caliper
import CaliperBatch
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CaliperService

@Suite struct RouteTests {
    static let json: HTTPFields = [.contentType: "application/json"]

    /// The service under test, as its router (no socket).
    static func app(_ change: (inout ServiceConfiguration) -> Void = { _ in }) throws -> some ApplicationProtocol {
        Application(router: try Fixtures.service(change).router())
    }

    static func body(_ response: TestResponse) -> String { String(buffer: response.body) }

    static func object(_ response: TestResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])
    }

    /// One request's answer is the batch processor's answer to the same line, byte for byte: one
    /// model, one set of messages, whichever transport.
    @Test func aMeasureAnswerIsTheBatchAnswer() async throws {
        let service = try Fixtures.service()
        let requests = [
            #"{"id": 7, "text": "Ana replied to your post", "font": "NotoSans-Regular.ttf", "size": 15, "maxWidth": 120, "spans": [{"start": 0, "end": 3, "font": "NotoSans-Bold.ttf"}]}"#,
            #"{"id": "p", "text": "Title\nA body that wraps onto lines", "font": "DejaVuSans.ttf", "maxWidth": 150, "paragraphs": [{"start": 6, "end": 7, "lineSpacing": 4}]}"#,
        ]
        try await Application(router: service.router()).test(.router) { client in
            for request in requests {
                let response = try await client.execute(uri: "/v1/measure", method: .post, headers: Self.json, body: ByteBuffer(string: request))
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/json")
                #expect(Self.body(response) == service.processor.answer(request))
            }
        }
        // Fonts in answers are named as requests name them, relative to the font root.
        #expect(service.processor.answer(requests[0]).contains(#""font":"NotoSans-Bold.ttf""#))
    }

    /// A measure request with `widths` is answered with the size at each width, each equal to the
    /// size a request at that `maxWidth` answers, and is the batch answer byte for byte.
    @Test func aSizesRequestAnswersEachWidthsSize() async throws {
        let service = try Fixtures.service()
        let text = #""text": "A body that wraps onto several lines at a phone's width", "font": "DejaVuSans.ttf", "size": 15"#
        let request = #"{"id": 1, "# + text + #", "widths": [120, 320, 0]}"#
        try await Application(router: service.router()).test(.router) { client in
            let response = try await client.execute(uri: "/v1/measure", method: .post, headers: Self.json, body: ByteBuffer(string: request))
            #expect(response.status == .ok)
            #expect(Self.body(response) == service.processor.answer(request))
            let sizes = try #require(try Self.object(response)["sizes"] as? [[String: Any]])
            #expect(sizes.count == 3)
            for (width, size) in zip([120, 320, 0], sizes) {
                let layoutRequest = #"{"# + text + #", "maxWidth": \#(width)}"#
                let layout = try #require(try JSONSerialization.jsonObject(with: Data(service.processor.answer(layoutRequest).utf8)) as? [String: Any])
                #expect(size["maxWidth"] as? Double == Double(width))
                #expect(size["width"] as? Double == layout["width"] as? Double)
                #expect(size["height"] as? Double == layout["height"] as? Double)
                #expect(size["lines"] as? Int == (layout["lines"] as? [Any])?.count)
                #expect(size["truncated"] as? Bool == layout["truncated"] as? Bool)
            }
            let refused = try await client.execute(
                uri: "/v1/measure", method: .post, headers: Self.json, body: ByteBuffer(string: #"{"# + text + #", "widths": [100], "maxWidth": 100}"#))
            #expect(refused.status == .badRequest)
        }
    }

    /// A measure request with `"platform": "android"` is answered as a TextView measures it, the
    /// batch processor's answer byte for byte: the view's size in whole px (at most 120 dp, 315 px
    /// at 2.625), its lines cut to `maxLines` and ellipsized.
    @Test func anAndroidRequestIsAnsweredInPixels() async throws {
        let service = try Fixtures.service()
        let request = #"""
            {"id": "a1", "platform": "android", "text": "Invite friends and get $30 off your next ride", "font": "Android/Roboto-Regular.ttf", "size": 14, "maxWidth": 120, "maxLines": 2, "android": {"density": 2.625, "ellipsize": "end"}}
            """#
        try await Application(router: service.router()).test(.router) { client in
            let response = try await client.execute(uri: "/v1/measure", method: .post, headers: Self.json, body: ByteBuffer(string: request))
            #expect(response.status == .ok)
            #expect(Self.body(response) == service.processor.answer(request))
            // Whole numbers, written without a fraction.
            #expect(Self.body(response).contains(/"width":\d+,"height":\d+,"widthDP":/), "\(Self.body(response))")
            let answer = try Self.object(response)
            #expect(answer["id"] as? String == "a1" && answer["platform"] as? String == "android" && answer["layout"] as? String == "static")
            let width = try #require(answer["width"] as? Int)
            #expect(width > 0 && width <= 315)
            #expect(try #require(answer["height"] as? Int) > 0)
            #expect((answer["lines"] as? [[String: Any]])?.count == 2)
            #expect(answer["ellipsized"] as? Bool == true && answer["truncated"] as? Bool == true)
        }
    }

    /// An Android request refuses UIKit's keys by name, and says where Android's settings go;
    /// `android` settings need `"platform": "android"`, and an Android request needs its size.
    @Test func androidRequestsRefuseWhatTheyDoNotRead() async throws {
        let android = #""platform": "android", "text": "a", "font": "Android/Roboto-Regular.ttf""#
        let cases = [
            (#"{\#(android), "size": 14, "lineBreak": "word"}"#, #""lineBreak" is not read for Android"#),
            (#"{\#(android), "size": 14, "letterSpacing": 1}"#, #"Android's settings go in "android""#),
            (#"{\#(android), "size": 14, "android": {"density": 0}}"#, "density must be a number greater than 0"),
            (#"{\#(android), "size": 14, "android": {"breakStrategy": "optimal"}}"#, #"unknown android.breakStrategy "optimal""#),
            (#"{\#(android)}"#, #"missing "size""#),
            (#"{"text": "a", "font": "DejaVuSans.ttf", "android": {"density": 2}}"#, #"read only with "platform": "android""#),
            (#"{"text": "a", "font": "DejaVuSans.ttf", "platform": "web"}"#, #"unknown "platform" "web" (known: ios, android)"#),
        ]
        try await Self.app().test(.router) { client in
            for (request, phrase) in cases {
                let response = try await client.execute(uri: "/v1/measure", method: .post, headers: Self.json, body: ByteBuffer(string: request))
                #expect(response.status == .badRequest, "\(request)")
                let error = try Self.object(response)["error"] as? String
                #expect(error?.contains(phrase) == true, "\(request): \(error ?? "no error")")
            }
        }
    }

    /// A batch answers an iOS line and an Android line each as the processor answers it, in order.
    @Test func aBatchAnswersIOSAndAndroidLines() async throws {
        let service = try Fixtures.service()
        let lines = [
            #"{"id": 1, "text": "swift", "font": "DejaVuSans.ttf", "size": 16}"#,
            #"{"id": 2, "platform": "android", "text": "swift", "font": "Android/Roboto-Regular.ttf", "size": 16, "android": {"density": 3}}"#,
        ]
        try await Application(router: service.router()).test(.router) { client in
            let response = try await client.execute(
                uri: "/v1/batch", method: .post, headers: [.contentType: "application/x-ndjson"], body: ByteBuffer(string: lines.joined(separator: "\n")))
            #expect(response.status == .ok)
            let answers = Self.body(response).split(separator: "\n").map(String.init)
            try #require(answers.count == 2, "\(answers)")
            #expect(answers == lines.map(service.processor.answer))
            let ios = try #require(try JSONSerialization.jsonObject(with: Data(answers[0].utf8)) as? [String: Any])
            let android = try #require(try JSONSerialization.jsonObject(with: Data(answers[1].utf8)) as? [String: Any])
            #expect(ios["id"] as? Int == 1 && ios["platform"] == nil && ios["lineHeight"] is Double)
            #expect(android["id"] as? Int == 2 && android["platform"] as? String == "android" && android["width"] is Int)
            #expect(android["textSize"] as? Double == 48)
        }
    }

    /// With a system-font folder configured, a request's `systemFont` is set in Apple's system
    /// font as batch sets it (hb-shape's width for SF Pro Rounded Bold at 17 pt with its tracking,
    /// `Tests/Goldens/system_fonts.json`); without one it is a 400 saying what is missing.
    @Test func aSystemFontRequestIsSetInTheConfiguredFolder() async throws {
        let service = try Fixtures.service { $0.systemFontDirectory = Fixtures.root.appendingPathComponent("Fonts/SystemFonts/Static").path }
        let request = #"{"id": 1, "text": "Hello, World 0123", "size": 17, "systemFont": {"weight": "bold", "design": "rounded"}}"#
        try await Application(router: service.router()).test(.router) { client in
            let response = try await client.execute(uri: "/v1/measure", method: .post, headers: Self.json, body: ByteBuffer(string: request))
            #expect(response.status == .ok)
            #expect(Self.body(response) == service.processor.answer(request))
            #expect(abs((try Self.object(response)["width"] as? Double ?? .nan) - 159.01806640625) <= 1e-6, "\(Self.body(response))")
        }
        try await Self.app().test(.router) { client in
            let response = try await client.execute(uri: "/v1/measure", method: .post, headers: Self.json, body: ByteBuffer(string: request))
            #expect(response.status == .badRequest)
            #expect(Self.body(response).contains("needs a folder of Apple's system-font files"))
        }
    }

    @Test func flowAndLayoutRequestsAnswerTheirOps() async throws {
        let flow = #"{"id": "f", "width": 200, "spacing": 6, "items": [{"text": "swift", "font": "NotoSans-Regular.ttf", "size": 14, "padding": [4, 10, 4, 10]}, {"text": "ios", "font": "NotoSans-Regular.ttf"}]}"#
        let layout = #"{"id": "l", "width": 320, "root": {"type": "inset", "insets": [12, 16, 12, 16], "child": {"type": "label", "id": "title", "text": "Hello", "font": "DejaVuSans.ttf"}}}"#
        try await Self.app().test(.router) { client in
            let flowAnswer = try Self.object(
                try await client.execute(uri: "/v1/flow", method: .post, headers: Self.json, body: ByteBuffer(string: flow)))
            #expect((flowAnswer["frames"] as? [[Double]])?.count == 2)
            #expect(flowAnswer["id"] as? String == "f")
            let layoutAnswer = try Self.object(
                try await client.execute(uri: "/v1/layout", method: .post, headers: Self.json, body: ByteBuffer(string: layout)))
            #expect((layoutAnswer["frames"] as? [String: Any])?["title"] != nil)
            let svg = try await client.execute(uri: "/v1/flow/svg", method: .post, headers: Self.json, body: ByteBuffer(string: flow))
            #expect(svg.status == .ok)
            #expect(svg.headers[.contentType] == "image/svg+xml; charset=utf-8")
            #expect(Self.body(svg).hasPrefix("<svg"))
            let layoutSVG = try await client.execute(uri: "/v1/layout/svg", method: .post, headers: Self.json, body: ByteBuffer(string: layout))
            #expect(Self.body(layoutSVG).hasPrefix("<svg"))
            // A request's own op must be the route's.
            let mismatch = try await client.execute(uri: "/v1/measure", method: .post, headers: Self.json, body: ByteBuffer(string: flow.replacingOccurrences(of: #"{"id": "f","#, with: #"{"id": "f", "op": "flow","#)))
            #expect(mismatch.status == .badRequest)
            #expect((try Self.object(mismatch)["error"] as? String)?.contains(#"but this is a measure request"#) == true)
        }
    }

    /// A flow and a layout for Android answer their frames in dp through the service's routes, as
    /// batch does; their pictures are refused with the reason.
    @Test func flowAndLayoutRequestsForAndroidAnswerInDP() async throws {
        let chip = #"{"text": "kotlin", "font": "Android/Roboto-Regular.ttf", "size": 14, "padding": [6, 12, 6, 12]}"#
        let flow = #"{"id": "a", "platform": "android", "android": {"density": 2.625}, "width": 200, "items": [\#(chip), \#(chip)]}"#
        let layout = #"{"id": "b", "platform": "android", "android": {"density": 3}, "width": 320, "root": {"type": "label", "id": "title", "text": "Hello", "font": "Android/Roboto-Regular.ttf", "size": 16}}"#
        try await Self.app().test(.router) { client in
            let flowResponse = try await client.execute(uri: "/v1/flow", method: .post, headers: Self.json, body: ByteBuffer(string: flow))
            #expect(flowResponse.status == .ok, "\(Self.body(flowResponse))")
            let frames = try #require(try Self.object(flowResponse)["frames"] as? [[Double]])
            #expect(frames.count == 2 && frames[0][2] == frames[1][2] && frames[0][2] > 24)
            let layoutResponse = try await client.execute(uri: "/v1/layout", method: .post, headers: Self.json, body: ByteBuffer(string: layout))
            #expect(layoutResponse.status == .ok, "\(Self.body(layoutResponse))")
            #expect((try Self.object(layoutResponse)["frames"] as? [String: Any])?["title"] != nil)
            let svg = try await client.execute(uri: "/v1/flow/svg", method: .post, headers: Self.json, body: ByteBuffer(string: flow))
            #expect(svg.status == .badRequest)
            #expect((try Self.object(svg)["error"] as? String)?.contains("cannot be drawn yet") == true)
        }
    }

    /// Every bad request is a 4xx whose body is JSON with an `error`.
    @Test func badRequestsAreClientErrorsWithJSON() async throws {
        let cases: [(uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: String?, status: HTTPResponse.Status, phrase: String)] = [
            ("/v1/measure", .post, Self.json, "not json", .badRequest, "invalid JSON"),
            ("/v1/measure", .post, Self.json, "[1, 2]", .badRequest, "the request must be a JSON object"),
            ("/v1/measure", .post, Self.json, #"{"text": "a"}"#, .badRequest, #"missing "font""#),
            ("/v1/measure", .post, Self.json, #"{"text": "a", "font": "DejaVu Sans"}"#, .badRequest, "fontconfig patterns are not allowed here"),
            ("/v1/measure", .post, Self.json, #"{"text": "a", "font": "../README.md"}"#, .badRequest, "outside the allowed font folder"),
            ("/v1/measure", .post, Self.json, #"{"text": "a", "font": "DejaVuSans.ttf", "sise": 3}"#, .badRequest, "did you mean size?"),
            ("/v1/measure", .post, [.contentType: "text/html"], "{}", .unsupportedMediaType, "text/html"),
            ("/v1/measure", .post, [.contentType: "application/x-www-form-urlencoded"], "a=b", .unsupportedMediaType, "is not one of application/json"),
            ("/v1/measure", .get, [:], nil, .methodNotAllowed, "/v1/measure takes POST, not GET"),
            ("/v1/fonts", .delete, [:], nil, .methodNotAllowed, "/v1/fonts takes GET, not DELETE"),
            ("/v2/measure", .post, Self.json, "{}", .notFound, "no route POST /v2/measure"),
            ("/fonts/..%2FPackage.swift", .get, [:], nil, .notFound, "no font file"),
            ("/fonts/README.md", .get, [:], nil, .notFound, "no font file README.md"),
            ("/playground/nothing.js", .get, [:], nil, .notFound, "the playground has no file nothing.js"),
            ("/v1/flow/svg", .post, Self.json, #"{"width": -1, "items": []}"#, .badRequest, "width"),
            ("/v1/layout/svg", .post, Self.json, #"{"width": 100, "scale": 101, "root": {"type": "box", "width": 1, "height": 1}}"#, .badRequest,
             #""scale" must be a number from 0.01 to 100.0, not 101.0"#),
        ]
        try await Self.app().test(.router) { client in
            for item in cases {
                let response = try await client.execute(
                    uri: item.uri, method: item.method, headers: item.headers, body: item.body.map { ByteBuffer(string: $0) })
                #expect(response.status == item.status, "\(item.uri) \(item.method)")
                #expect(response.headers[.contentType] == "application/json", "\(item.uri)")
                let error = try Self.object(response)["error"] as? String
                #expect(error?.contains(item.phrase) == true, "\(item.uri): \(error ?? "no error")")
            }
            let wrongMethod = try await client.execute(uri: "/v1/batch", method: .put)
            #expect(wrongMethod.headers[.allow] == "POST")
        }
    }

    @Test func aBodyOverTheLimitIs413() async throws {
        try await Self.app { $0.maximumBodyBytes = 1000 }.test(.router) { client in
            let text = String(repeating: "a", count: 2000)
            let response = try await client.execute(
                uri: "/v1/measure", method: .post, headers: Self.json,
                body: ByteBuffer(string: #"{"text": "\#(text)", "font": "DejaVuSans.ttf"}"#))
            #expect(response.status == .contentTooLarge)
            // The test client declares the length, so the body is refused unread.
            #expect(try Self.object(response)["error"] as? String == "the body's Content-Length of 2038 bytes is over the limit of 1000 bytes")
        }
    }

    @Test func aTextOverTheLimitIsRefused() async throws {
        try await Self.app { $0.maximumTextLength = 10 }.test(.router) { client in
            let response = try await client.execute(
                uri: "/v1/measure", method: .post, headers: Self.json, body: ByteBuffer(string: #"{"text": "abcdefghijkl", "font": "DejaVuSans.ttf"}"#))
            #expect(response.status == .badRequest)
            #expect((try Self.object(response)["error"] as? String)?.contains("over the limit of 10") == true)
        }
    }

    /// A batch body's answers come back in order, one per request line: blank lines skipped, a bad
    /// line and an over-long line answered with errors in their places.
    @Test func aBatchIsAnsweredLineByLine() async throws {
        let service = try Fixtures.service { $0.maximumBatchLineBytes = 200 }
        let lines = [
            #"{"id": 1, "text": "swift", "font": "DejaVuSans.ttf"}"#,
            "   ",
            #"{"id": 2, "op": "flow", "width": 100, "items": [{"text": "a", "font": "DejaVuSans.ttf"}]}"#,
            "not json\r",
            #"{"id": 3, "text": "\#(String(repeating: "x", count: 300))", "font": "DejaVuSans.ttf"}"#,
            #"{"id": 4, "op": "layout", "width": 50, "root": {"type": "box", "width": 10, "height": 10}}"#,
        ]
        try await Application(router: service.router()).test(.router) { client in
            let response = try await client.execute(
                uri: "/v1/batch", method: .post, headers: [.contentType: "application/x-ndjson"],
                body: ByteBuffer(string: lines.joined(separator: "\n")))
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/x-ndjson")
            let answers = Self.body(response).split(separator: "\n").map(String.init)
            try #require(answers.count == 5, "\(answers)")
            #expect(answers[0] == service.processor.answer(lines[0]))
            #expect(answers[1] == service.processor.answer(lines[2]))
            #expect(answers[2] == #"{"id":null,"error":"invalid JSON"}"#)
            #expect(answers[3].hasPrefix(#"{"id":null,"error":"request line of more than 200 bytes"#))
            #expect(answers[4] == service.processor.answer(lines[5]))
        }
    }

    /// A batch line that is empty or all Unicode whitespace (no-break spaces, an ideographic space,
    /// a line separator, a lone CR) is skipped, by the rule `caliper batch` skips it by; a line of
    /// zero-width characters is not blank, and is answered with an error in its place.
    @Test func blankLinesAreSkippedAsTheCLISkipsThem() async throws {
        let service = try Fixtures.service()
        let requests = [#"{"id": 1, "text": "a", "font": "DejaVuSans.ttf"}"#, #"{"id": 2, "text": "b", "font": "DejaVuSans.ttf"}"#]
        let lines = [requests[0], "", " \t", "\u{A0}\u{A0}", "\u{3000}\u{2028}\u{85}\u{202F}", "\r", requests[1], "\u{200B}\u{FEFF}", "\u{A0}\r"]
        try await Application(router: service.router()).test(.router) { client in
            let response = try await client.execute(
                uri: "/v1/batch", method: .post, headers: [.contentType: "application/x-ndjson"],
                body: ByteBuffer(string: lines.joined(separator: "\n")))
            #expect(response.status == .ok)
            let answers = Self.body(response).split(separator: "\n").map(String.init)
            #expect(answers == [service.processor.answer(requests[0]), service.processor.answer(requests[1]), #"{"id":null,"error":"invalid JSON"}"#])
        }
    }

    @Test func fontsHealthMetricsAndTheDocument() async throws {
        try await Self.app().test(.router) { client in
            let fonts = try Self.object(try await client.execute(uri: "/v1/fonts", method: .get))
            let entries = try #require(fonts["fonts"] as? [[String: Any]])
            let dejaVu = try #require(entries.first { $0["font"] as? String == "DejaVuSans.ttf" })
            #expect(dejaVu["unitsPerEm"] as? Int == 2048 && dejaVu["family"] as? String == "DejaVu Sans")
            let inter = try #require(entries.first { $0["font"] as? String == "Inter.var.ttf" })
            #expect((inter["axes"] as? [[String: Any]])?.map { $0["tag"] as? String } == ["wght", "slnt"])
            let file = try await client.execute(uri: "/fonts/DejaVuSans.ttf", method: .get)
            #expect(file.status == .ok && file.headers[.contentType] == "font/ttf")
            #expect(Data(file.body.readableBytesView) == (try Data(contentsOf: Fixtures.root.appendingPathComponent("Fonts/DejaVuSans.ttf"))))

            #expect(Self.body(try await client.execute(uri: "/healthz", method: .get)) == #"{"status":"ok","version":"\#(CaliperVersion.string)"}"#)
            #expect(try await client.execute(uri: "/healthz", method: .head).status == .ok)
            _ = try await client.execute(
                uri: "/v1/measure", method: .post, headers: Self.json, body: ByteBuffer(string: #"{"text": "a", "font": "DejaVuSans.ttf"}"#))
            _ = try await client.execute(uri: "/v1/measure", method: .post, headers: Self.json, body: ByteBuffer(string: "x"))
            let metrics = try await client.execute(uri: "/metrics", method: .get)
            #expect(metrics.headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
            let text = Self.body(metrics)
            for line in [
                #"caliper_requests_total{route="/v1/measure",status="200"} 1"#, #"caliper_requests_total{route="/v1/measure",status="400"} 1"#,
                #"caliper_request_duration_seconds_count{route="/v1/measure"} 2"#, "caliper_font_cache_files ", "caliper_shape_cache_bytes ",
                "caliper_requests_in_flight 0",
            ] {
                #expect(text.contains(line), "\(line)")
            }
            // Each shape-cache table is reported on its own, and the tables add up to the cache.
            func value(_ prefix: String) -> Int? {
                text.split(separator: "\n").first { $0.hasPrefix(prefix + " ") }.flatMap { Double($0.split(separator: " ").last ?? "") }.map { Int($0) }
            }
            let tables = ["paragraphs", "words", "labels", "labelWords", "layouts", "sizes"]
            for table in tables {
                #expect(value(#"caliper_shape_cache_table_budget_bytes{table="\#(table)"}"#) ?? 0 > 0, "\(table)")
            }
            for counter in ["hits", "misses", "entries", "bytes"] {
                let perTable = tables.compactMap { value(#"caliper_shape_cache_table_\#(counter){table="\#($0)"}"#) }
                #expect(perTable.count == tables.count && perTable.reduce(0, +) == value("caliper_shape_cache_\(counter)"), "\(counter)")
            }
            #expect(value("caliper_shape_cache_misses") ?? 0 > 0)
            let document = try Self.object(try await client.execute(uri: "/openapi.json", method: .get))
            #expect((document["openapi"] as? String)?.hasPrefix("3.1") == true)
            #expect((document["info"] as? [String: Any])?["version"] as? String == CaliperVersion.string)
        }
    }

    /// Requests are counted by the path of the route they took, as the router names it, never by
    /// the raw path: every font file as `/fonts/{file}`, a wrong method by its path's route, and
    /// what no route has as `unmatched`.
    @Test func metricsAreLabelledByTheRoutesPath() async throws {
        try await Self.app().test(.router) { client in
            _ = try await client.execute(uri: "/fonts/DejaVuSans.ttf", method: .get)
            _ = try await client.execute(uri: "/fonts/NotoSans-Regular.ttf", method: .head)
            _ = try await client.execute(uri: "/fonts/README.md", method: .get)
            _ = try await client.execute(uri: "/v1/flow/svg", method: .get)
            _ = try await client.execute(uri: "/", method: .get)
            _ = try await client.execute(uri: "/no/such/path", method: .get)
            _ = try await client.execute(uri: "/v2/measure", method: .post)
            let text = Self.body(try await client.execute(uri: "/metrics", method: .get))
            for line in [
                #"caliper_requests_total{route="/fonts/{file}",status="200"} 2"#, #"caliper_requests_total{route="/fonts/{file}",status="404"} 1"#,
                #"caliper_requests_total{route="/v1/flow/svg",status="405"} 1"#, #"caliper_requests_total{route="/",status="200"} 1"#,
                #"caliper_requests_total{route="unmatched",status="404"} 2"#, #"caliper_request_duration_seconds_count{route="unmatched"} 2"#,
            ] {
                #expect(text.contains(line), "\(line)")
            }
            #expect(!text.contains("README") && !text.contains("no/such") && !text.contains("v2"))
        }
    }
}
