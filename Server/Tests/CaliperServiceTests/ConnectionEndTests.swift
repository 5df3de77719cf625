// ConnectionEndTests.swift — the live server against requests that end their connection (`Connection: close`, HTTP/1.0) and bytes sent after them: each answered, then closed.
import Foundation
import Testing

@testable import CaliperService

/// Each test waits for what the server sends, or for the end of the connection, never for a time:
/// a connection the server holds open shows as a read that timed out (`closed` false), and the
/// idle timeout (30 s) is longer than a read's (20 s), so a close seen is the answer's.
@Suite struct ConnectionEndTests {
    static let health = "GET /healthz HTTP/1.1\r\nHost: localhost\r\n"

    /// The bytes after a request with `Connection: close` (a stray byte, a whole request, the rest
    /// of a broken one) are dropped, and the request is answered, with `Connection: close`, and
    /// the connection closes.
    @Test func bytesAfterAClosingRequestAreDroppedAndItIsAnswered() async throws {
        let measure = #"{"text": "Hello", "font": "DejaVuSans.ttf"}"#
        let closingMeasure = SlowClientTests.post(headers: ["Content-Length: \(measure.utf8.count)", "Connection: close"]) + measure
        try await SlowClientTests.live { port, _ in
            for (request, extra) in [
                (Self.health + "Connection: close\r\n\r\n", "X"),
                (Self.health + "Connection: close\r\n\r\n", Self.health + "\r\n"),
                (Self.health + "connection: Close\r\n\r\n", "FROB / HTTP/1.1\r\n\r\n"),
                (closingMeasure, "\r\n\r\n\u{0}"),
            ] {
                let (text, closed) = try await Self.send(request + extra, port: port)
                let answers = RawAnswer.all(in: text)
                let label = "\(request.prefix(while: { $0 != "\r" })) then \(extra.debugDescription)"
                try #require(answers.count == 1, "\(label): \(text)")
                #expect(answers[0].version == "HTTP/1.1" && answers[0].status == 200, "\(label)")
                #expect(answers[0].headers["connection"] == "close", "\(label)")
                #expect(answers[0].error == nil, "\(label): \(answers[0].body)")
                #expect(closed, "\(label): the server closes after the answer")
            }
        }
    }

    /// Pipelined HTTP/1.0 requests without `keep-alive`: the first is answered, `HTTP/1.0` with
    /// `Connection: close`, the rest dropped, and the connection closes.
    @Test func pipelinedHTTP10RequestsAnswerTheFirstAndClose() async throws {
        try await SlowClientTests.live { port, _ in
            let (text, closed) = try await Self.send(String(repeating: "GET /healthz HTTP/1.0\r\n\r\n", count: 2), port: port)
            let answers = RawAnswer.all(in: text)
            try #require(answers.count == 1, "\(text)")
            #expect(answers[0].version == "HTTP/1.0" && answers[0].status == 200)
            #expect(answers[0].headers["connection"] == "close")
            #expect(answers[0].body.hasPrefix(#"{"status":"ok""#))
            #expect(closed)
        }
    }

    /// An HTTP/1.0 request is answered `HTTP/1.0` with `Connection: close`, never in chunks (a
    /// batch's answer, whose length is not known, ends where the connection does), and the
    /// connection closes after it rather than at the idle timeout.
    @Test func anHTTP10RequestIsAnsweredInHTTP10AndCloses() async throws {
        let line = #"{"id": 7, "text": "Hello", "font": "DejaVuSans.ttf"}"# + "\n"
        try await SlowClientTests.live { port, _ in
            for request in [
                "GET /healthz HTTP/1.0\r\n\r\n",
                "GET /healthz HTTP/1.0\r\nHost: localhost\r\nConnection: Upgrade\r\n\r\n",
                "POST /v1/batch HTTP/1.0\r\nContent-Type: application/x-ndjson\r\nContent-Length: \(line.utf8.count)\r\n\r\n\(line)",
                // Kept alive, but a batch's answer has no length: the close ends it.
                "POST /v1/batch HTTP/1.0\r\nConnection: keep-alive\r\nContent-Length: \(line.utf8.count)\r\n\r\n\(line)",
            ] {
                let label = request.prefix(while: { $0 != "\r" })
                let (text, closed) = try await Self.send(request, port: port)
                let answer = try #require(RawAnswer(text), "\(label): \(text)")
                #expect(text.hasPrefix("HTTP/1.0 200 OK\r\n"), "\(label): \(text)")
                #expect(answer.headers["connection"] == "close", "\(label)")
                #expect(answer.headers["transfer-encoding"] == nil, "\(label)")
                if label.hasPrefix("POST") {
                    #expect(answer.body.hasPrefix(#"{"id":7,"width":"#) && answer.body.hasSuffix("}\n"), "\(label): \(answer.body)")
                }
                #expect(closed, "\(label): closed after the answer, not at the idle timeout")
            }
        }
    }

    /// An HTTP/1.0 request with `Connection: keep-alive` keeps its connection: its answer says so,
    /// and the next request on it is answered; one without ends it.
    @Test func anHTTP10RequestWithKeepAliveKeepsTheConnection() async throws {
        try await SlowClientTests.live { port, _ in
            let connection = try RawConnection(port: port)
            for _ in 0..<2 {
                connection.send("GET /healthz HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
                let text = await connection.receive(until: #""}"#)
                let answer = try #require(RawAnswer(text), "\(text)")
                #expect(answer.version == "HTTP/1.0" && answer.status == 200)
                #expect(answer.headers["connection"] == "keep-alive")
                #expect(answer.headers["content-length"] == String(answer.body.utf8.count))
            }
            connection.send("GET /healthz HTTP/1.0\r\n\r\n")
            let (text, closed) = await connection.receiveUntilClosed()
            #expect(RawAnswer(text)?.headers["connection"] == "close", "\(text)")
            #expect(closed)
        }
    }

    /// An HTTP/1.1 connection stays open between requests, its answers without `Connection`, and
    /// a request whose `Connection` holds `close` among other options, in any case, ends it.
    @Test func anHTTP11ConnectionEndsOnlyWhenARequestSaysClose() async throws {
        try await SlowClientTests.live { port, _ in
            let connection = try RawConnection(port: port)
            connection.send(Self.health + "\r\n")
            let first = await connection.receive(until: #""}"#)
            #expect(RawAnswer(first)?.headers["connection"] == nil, "\(first)")
            connection.send(Self.health + "Connection: Keep-Alive, CLOSE\r\n\r\n")
            let (text, closed) = await connection.receiveUntilClosed()
            #expect(RawAnswer(text)?.headers["connection"] == "close", "\(text)")
            #expect(closed)
        }
    }

    /// A client that stops sending in the middle of a request still gets the answers to the
    /// requests it sent whole, and then the connection closes.
    @Test func aClientThatStopsSendingMidRequestGetsTheAnswersBefore() async throws {
        try await SlowClientTests.live { port, _ in
            let connection = try RawConnection(port: port)
            connection.send(Self.health + "\r\n" + Self.health + "\r\nGET /hea")
            connection.finishSending()
            let (text, closed) = await connection.receiveUntilClosed()
            let answers = RawAnswer.all(in: text)
            #expect(answers.map(\.status) == [200, 200], "\(text)")
            #expect(closed)
        }
    }

    /// Sends `bytes` on a connection of its own and reads until the server closes it (or a read
    /// times out).
    static func send(_ bytes: String, port: Int) async throws -> (text: String, closed: Bool) {
        let connection = try RawConnection(port: port)
        connection.send(bytes)
        return await connection.receiveUntilClosed()
    }
}
