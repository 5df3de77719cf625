// RawConnection.swift — a loopback TCP connection that sends exactly the bytes a test gives, for what no HTTP client sends: bad framing, slow or broken-off bodies.
import Foundation
import Testing

/// One TCP connection to a server on this machine. Reads wait at most `readTimeout`, so a server
/// that never answers fails a test instead of hanging it. Reads block a thread of Dispatch's, never
/// one of the few that Swift concurrency (and so the server under test) runs on.
/// `@unchecked Sendable`: its one descriptor is never changed, and each test uses it from one task.
final class RawConnection: @unchecked Sendable {
    private let descriptor: Int32
    let readTimeout: Duration

    /// A connection to `localhost:port`, on whichever loopback address the server took.
    init(port: Int, readTimeout: Duration = .seconds(20)) throws {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo("localhost", String(port), &hints, &found) == 0 else { throw CocoaError(.fileReadUnknown) }
        defer { freeaddrinfo(found) }
        var candidate = found
        while let address = candidate?.pointee {
            let descriptor = socket(address.ai_family, address.ai_socktype, address.ai_protocol)
            if descriptor >= 0, connect(descriptor, address.ai_addr, address.ai_addrlen) == 0 {
                self.descriptor = descriptor
                self.readTimeout = readTimeout
                let (seconds, attoseconds) = readTimeout.components
                var time = timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
                setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
                return
            }
            if descriptor >= 0 { Glibc.close(descriptor) }
            candidate = address.ai_next
        }
        throw CocoaError(.fileReadUnknown)
    }

    deinit { Glibc.close(descriptor) }

    /// Sends `text`'s UTF-8 bytes; `false` when the server has closed the connection.
    @discardableResult
    func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { buffer in
            Glibc.send(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL)) == buffer.count
        }
    }

    /// What the server sent until it closed the connection, and whether it did close it (rather
    /// than the read timing out).
    func receiveUntilClosed() async -> (text: String, closed: Bool) {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: self.blockingReceiveUntilClosed()) }
        }
    }

    /// What the server sent until it holds `marker` (or the connection closed, or a read timed out).
    func receive(until marker: String) async -> String {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                var received: [UInt8] = []
                var chunk = [UInt8](repeating: 0, count: 65_536)
                while !String(decoding: received, as: UTF8.self).contains(marker) {
                    let count = chunk.withUnsafeMutableBytes { recv(self.descriptor, $0.baseAddress, $0.count, 0) }
                    guard count > 0 else { break }
                    received += chunk[0..<count]
                }
                continuation.resume(returning: String(decoding: received, as: UTF8.self))
            }
        }
    }

    private func blockingReceiveUntilClosed() -> (text: String, closed: Bool) {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received += chunk[0..<count]
            } else {
                // 0: the server closed; -1: a reset (closed too) or the read timed out.
                return (String(decoding: received, as: UTF8.self), count == 0 || errno == ECONNRESET)
            }
        }
    }

    /// Ends what this side sends (a half-close): the server reads the end, and can still answer.
    func finishSending() { shutdown(descriptor, Int32(SHUT_WR)) }

    /// Closes the connection now, before any request on it is whole.
    func close() { shutdown(descriptor, Int32(SHUT_RDWR)) }
}

/// An HTTP answer as received: its status line's version, status, headers (names lowercased) and body.
struct RawAnswer {
    let version: String
    let status: Int
    let headers: [String: String]
    let body: String

    /// The first answer in `text`; `nil` when `text` holds none.
    init?(_ text: String) {
        guard let (answer, _) = Self.first(in: Substring(text)) else { return nil }
        self = answer
    }

    private init(version: String, status: Int, headers: [String: String], body: String) {
        (self.version, self.status, self.headers, self.body) = (version, status, headers, body)
    }

    /// Every answer in `text`, in order: each ends where its `Content-Length` says, and one
    /// without ends `text`.
    static func all(in text: String) -> [RawAnswer] {
        var answers: [RawAnswer] = []
        var rest = Substring(text)
        while let (answer, after) = first(in: rest) {
            answers.append(answer)
            rest = after
        }
        return answers
    }

    /// The first answer in `text`, and what follows it.
    private static func first(in text: Substring) -> (RawAnswer, Substring)? {
        guard let split = text.range(of: "\r\n\r\n") else { return nil }
        let lines = text[..<split.lowerBound].components(separatedBy: "\r\n")
        guard let statusLine = lines.first, statusLine.hasPrefix("HTTP/1.1 ") || statusLine.hasPrefix("HTTP/1.0 "),
            let status = Int(statusLine.dropFirst(9).prefix(3))
        else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let rest = text[split.upperBound...].utf8
        let length = headers["content-length"].flatMap(Int.init).map { min($0, rest.count) } ?? rest.count
        let end = rest.index(rest.startIndex, offsetBy: length)
        let answer = RawAnswer(
            version: String(statusLine.prefix(8)), status: status, headers: headers, body: String(Substring(rest[..<end])))
        return (answer, Substring(rest[end...]))
    }

    /// The `error` of a JSON error body, when the body is one.
    var error: String? {
        (try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])?["error"] as? String
    }
}
