// BodyReader.swift — a single request's body read whole before the request takes a place: its declared length checked first, its bytes bounded in size and in time.
import Foundation
import Hummingbird

extension Request {
    /// The body, read whole, before any place among the requests in flight or on the compute pool is
    /// taken, so that a slow client holds nothing but its connection.
    ///
    /// - Throws: ``ServiceHTTPError`` 413 when the `Content-Length` is over `limit` (before a
    ///   byte of the body is read) or the bytes pass it, and 408 when the body is still arriving
    ///   after `timeout`; both end the connection. ``ClientStreamError`` when the body is malformed
    ///   or its client went away.
    func collectBody(upTo limit: Int, within timeout: Duration) async throws -> ByteBuffer {
        if let declared = headers[.contentLength], Self.exceeds(declared, limit) {
            throw ServiceHTTPError.bodyTooLarge(limit: limit, declared: declared)
        }
        let body = self.body
        return try await withThrowingTaskGroup(of: ByteBuffer?.self) { group in
            group.addTask {
                do {
                    return try await body.collect(upTo: limit)
                } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
                    throw ServiceHTTPError.bodyTooLarge(limit: limit, declared: nil)
                }
            }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            // Whichever ends first decides; the other is cancelled (a body read cancelled ends the
            // connection's input, which is closing anyway).
            defer { group.cancelAll() }
            guard let first = try await group.next(), let collected = first else {
                throw ServiceHTTPError.bodyTimedOut(timeout)
            }
            return collected
        }
    }

    /// Whether a `Content-Length` of `declared` is over `limit` (the HTTP parser has already
    /// refused one that is not a whole number of bytes: anything not a number here is too long for `Int`).
    static func exceeds(_ declared: String, _ limit: Int) -> Bool {
        guard let length = Int(declared.trimmingCharacters(in: .whitespaces)) else { return true }
        return length > limit
    }
}

extension ServiceHTTPError {
    /// A single request's body over the limit: declared so (answered before it is read), or found so.
    static func bodyTooLarge(limit: Int, declared: String?) -> Self {
        let message = declared.map { "the body's Content-Length of \($0) bytes is over the limit of \(limit) bytes" }
            ?? "the body is over the limit of \(limit) bytes"
        return Self(.contentTooLarge, message, headers: [.connection: "close"])
    }

    /// A single request's body still arriving when its time was up.
    static func bodyTimedOut(_ timeout: Duration) -> Self {
        Self(.requestTimeout, "the body did not arrive within the service's limit of \(timeout)", headers: [.connection: "close"])
    }
}
