// SlowClientTests.swift — the live server against clients that send slowly, too much, malformed framing, or go away: each answered with JSON, none holding a place others need.
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import CaliperService

@Suite struct SlowClientTests {
    static let measure = #"{"text": "Hello", "font": "DejaVuSans.ttf"}"#

    /// `test` against the service, live on a loopback port, with `change` applied to its configuration.
    static func live(
        _ change: (inout ServiceConfiguration) -> Void = { _ in },
        _ test: @escaping @Sendable (_ port: Int, _ client: any TestClientProtocol) async throws -> Void
    ) async throws {
        var logger = Logger(label: "caliper-test")
        logger.logLevel = .critical
        let application = try Fixtures.service(change).application(logger: logger)
        try await application.test(.live) { client in
            try await test(try #require(client.port), client)
        }
    }

    /// Sends `request` on a connection of its own and returns the answer, read until the server closes.
    static func exchange(_ request: String, port: Int) async throws -> (answer: RawAnswer?, closed: Bool) {
        let connection = try RawConnection(port: port)
        connection.send(request)
        let (text, closed) = await connection.receiveUntilClosed()
        return (RawAnswer(text), closed)
    }

    static func post(_ path: String = "/v1/measure", headers: [String]) -> String {
        (["POST \(path) HTTP/1.1", "Host: localhost", "Content-Type: application/json"] + headers).joined(separator: "\r\n") + "\r\n\r\n"
    }

    /// A `Content-Length` over the limit is refused with 413 before a byte of the body is sent,
    /// and the connection closes (no body follows: without the check the server waits for it).
    @Test func aDeclaredLengthOverTheLimitIs413BeforeTheBody() async throws {
        try await Self.live({ $0.maximumBodyBytes = 1000 }) { port, _ in
            for length in ["1001", "1000000000", "9223372036854775808"] {
                let (answer, closed) = try await Self.exchange(Self.post(headers: ["Content-Length: \(length)"]), port: port)
                #expect(answer?.status == 413, "Content-Length \(length)")
                #expect(answer?.headers["content-type"] == "application/json")
                #expect(answer?.error == "the body's Content-Length of \(length) bytes is over the limit of 1000 bytes")
                #expect(closed, "the connection closes after the 413")
            }
        }
    }

    /// A body still arriving after the body timeout is answered 408 with JSON, and the connection
    /// closes; so is a chunked one.
    @Test func aBodyThatStopsArrivingIs408() async throws {
        try await Self.live({ $0.bodyTimeout = .milliseconds(300) }) { port, _ in
            for (headers, part) in [(["Content-Length: 100"], #"{"text": "#), (["Transfer-Encoding: chunked"], "5\r\n{\"tex\r\n")] {
                let started = ContinuousClock.now
                let (answer, closed) = try await Self.exchange(Self.post(headers: headers) + part, port: port)
                #expect(answer?.status == 408, "\(headers)")
                #expect(answer?.error?.hasPrefix("the body did not arrive within the service's limit of 0.3 seconds") == true)
                #expect(closed)
                #expect(ContinuousClock.now - started < .seconds(15), "answered at the body timeout, not the read timeout")
            }
        }
    }

    /// A malformed chunk size (not hexadecimal, or past 64 bits) is 400 with JSON, not 500; in a
    /// batch, the answers so far stand and the last line says why.
    @Test func malformedChunksAre400WithJSON() async throws {
        try await Self.live { port, _ in
            for size in ["zz", "10000000000000000"] {
                let (answer, _) = try await Self.exchange(Self.post(headers: ["Transfer-Encoding: chunked"]) + "\(size)\r\nabc\r\n0\r\n\r\n", port: port)
                #expect(answer?.status == 400, "chunk size \(size)")
                #expect(answer?.headers["content-type"] == "application/json")
                #expect(answer?.error == "a chunk size of the body is not a hexadecimal number that fits in 64 bits")
            }
            let line = #"{"id": 1, "text": "a", "font": "DejaVuSans.ttf"}"# + "\n"
            let chunk = String(line.utf8.count, radix: 16) + "\r\n" + line + "\r\n"
            let (batch, _) = try await Self.exchange(
                Self.post("/v1/batch", headers: ["Transfer-Encoding: chunked"]) + chunk + "zz\r\nabc\r\n0\r\n\r\n", port: port)
            #expect(batch?.status == 200)
            #expect(batch?.body.contains(#"{"id":1,"#) == true)
            #expect(batch?.body.contains(#"{"id":null,"error":"a chunk size of the body is not a hexadecimal number"#) == true)
        }
    }

    /// What the HTTP parser refuses before any route sees it is 400 with a JSON error naming what
    /// is wrong, never an empty body.
    @Test func parserRefusalsAreJSON() async throws {
        try await Self.live({ $0.maximumHeaderBytes = 1024 }) { port, _ in
            let cases: [(String, String)] = [
                (Self.post(headers: ["Content-Length: -1"]), "the Content-Length is not a whole number of bytes"),
                (Self.post(headers: ["Content-Length: 18446744073709551616"]), "the Content-Length is not a whole number of bytes"),
                (Self.post(headers: ["Content-Length: 2", "Content-Length: 3"]) + "{}", "conflicting Content-Length"),
                (Self.post(headers: ["X-Padding: " + String(repeating: "a", count: 2000)]), "headers are over the limit of 1024 bytes"),
                ("FROB /v1/measure HTTP/1.1\r\nHost: localhost\r\n\r\n", "method is not an HTTP method"),
            ]
            for (request, phrase) in cases {
                let (answer, closed) = try await Self.exchange(request, port: port)
                let line = request.prefix(while: { $0 != "\r" })
                #expect(answer?.status == 400, "\(line)")
                #expect(answer?.headers["content-type"] == "application/json", "\(line)")
                #expect(answer?.error?.contains(phrase) == true, "\(line): \(answer?.body ?? "no answer")")
                #expect(closed, "\(line)")
            }
        }
    }

    /// A head that never ends is closed after the idle timeout, instead of kept open.
    @Test func aHeadThatNeverEndsIsClosed() async throws {
        try await Self.live({ $0.idleTimeout = .milliseconds(300) }) { port, _ in
            let connection = try RawConnection(port: port)
            connection.send("POST /v1/measure HTTP/1.1\r\nHost: loc")
            let started = ContinuousClock.now
            let (text, closed) = await connection.receiveUntilClosed()
            #expect(closed && text.isEmpty)
            #expect(ContinuousClock.now - started < connection.readTimeout, "closed by the server, not by the read timing out")
        }
    }

    /// Clients that go away mid-body are counted as 499, never as a 5xx.
    @Test func aClientGoneMidBodyIsNotA5xx() async throws {
        try await Self.live { port, client in
            for framing in ["Content-Length: 100", "Transfer-Encoding: chunked"] {
                let connection = try RawConnection(port: port)
                connection.send(Self.post(headers: [framing]) + (framing.hasPrefix("Transfer") ? "5\r\n{\"tex" : #"{"text": "#))
                try await Task.sleep(for: .milliseconds(100))
                connection.close()
            }
            var metrics = ""
            for _ in 0..<200 {  // the server sees each end in its own time: up to 20 s on a busy machine
                metrics = String(buffer: try await client.execute(uri: "/metrics", method: .get, headers: [:], body: nil).body)
                if metrics.contains(#"caliper_requests_total{route="/v1/measure",status="499"} 2"#) { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(metrics.contains(#"caliper_requests_total{route="/v1/measure",status="499"} 2"#), "\(metrics)")
            #expect(!metrics.contains(#"status="5"#), "no 5xx: \(metrics)")
        }
    }

    /// More slow bodies pending than the service handles at once do not keep a whole request from
    /// its answer: a body is read before the request takes a place.
    @Test func slowBodiesDoNotStarveOtherRequests() async throws {
        try await Self.live({ $0.maximumConcurrentRequests = 4 }) { port, client in
            var slow: [RawConnection] = []
            for index in 0..<12 {
                let connection = try RawConnection(port: port)
                let path = index.isMultiple(of: 3) ? "/v1/flow" : "/v1/measure"
                connection.send(Self.post(path, headers: index.isMultiple(of: 2) ? ["Content-Length: 100"] : ["Transfer-Encoding: chunked"]))
                connection.send(index.isMultiple(of: 2) ? "{" : "1\r\n{\r\n")
                slow.append(connection)
            }
            try await Task.sleep(for: .milliseconds(200))  // every slow body has started
            for _ in 0..<8 {
                let response = try await client.execute(
                    uri: "/v1/measure", method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(string: Self.measure))
                #expect(response.status == .ok, "\(String(buffer: response.body))")
            }
            #expect(try await client.execute(uri: "/healthz", method: .get, headers: [:], body: nil).status == .ok)
            for connection in slow { connection.close() }
        }
    }

    /// Batches whose lines arrive slowly hold no place while they wait for a line: a line takes
    /// one only while it is computed. More slow batches than places keep no request from its
    /// answer, and each batch still answers its lines.
    @Test func slowBatchesDoNotStarveOtherRequests() async throws {
        try await Self.live({ $0.maximumConcurrentRequests = 4 }) { port, client in
            var slow: [RawConnection] = []
            for index in 0..<12 {
                let connection = try RawConnection(port: port)
                connection.send(
                    (["POST /v1/batch HTTP/1.1", "Host: localhost", "Content-Type: application/x-ndjson", "Transfer-Encoding: chunked", "Connection: close"])
                        .joined(separator: "\r\n") + "\r\n\r\n")
                let line = #"{"id": \#(index), "text": "Hello", "font": "DejaVuSans.ttf"}"# + "\n"
                connection.send(String(line.utf8.count, radix: 16) + "\r\n" + line + "\r\n" + "1\r\n{\r\n")  // a line, then the next begun
                slow.append(connection)
            }
            // Each batch's first line is answered: the batches now only wait for their next line.
            // (While a line is computed it holds a place, and a single request finding none answers
            // 503 at once; so the requests below come after, never racing the lines.)
            var firstAnswers: [String] = []
            for connection in slow { firstAnswers.append(await connection.receive(until: #""width":"#)) }
            for (index, text) in firstAnswers.enumerated() {
                #expect(text.contains(#""width":"#), "batch \(index)'s first line is answered while its body goes on: \(text.prefix(300))")
            }
            for _ in 0..<8 {
                let response = try await client.execute(
                    uri: "/v1/measure", method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(string: Self.measure))
                #expect(response.status == .ok, "\(String(buffer: response.body))")
            }
            for connection in slow {
                connection.send("0\r\n\r\n")  // the begun line ends the body, unfinished
                let (text, closed) = await connection.receiveUntilClosed()
                #expect(closed, "the batch ends: \(text.prefix(300))")
                connection.close()
            }
        }
    }
}
