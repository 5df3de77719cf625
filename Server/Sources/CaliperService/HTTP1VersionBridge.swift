// HTTP1VersionBridge.swift — each request's HTTP/1 version, which the HTTP types above the codec have no room for, kept for its answer's status line and the connection's persistence.
import NIOCore
import NIOHTTP1

/// Sits below `HTTP1ToHTTPServerCodec` (put there by ``ConnectionGuard``), where a request still has
/// its HTTP version: the codec drops it, swift-http-types' `HTTPRequest` has none, and the codec
/// answers every request `HTTP/1.1`.
///
/// - A request that does not keep its connection alive — HTTP/1.0 without `Connection: keep-alive`,
///   or any request whose `Connection` has `close` in any case — goes up with `Connection: close`,
///   the one spelling Hummingbird's request loop and ``ConnectionGuard`` test (RFC 9112 §9.3).
/// - Each answer's status line has its request's version: an HTTP/1.0 request is answered
///   `HTTP/1.0`, so NIO's encoder never frames its body as chunks, which an HTTP/1.0 client cannot
///   read (RFC 9112 §6.1). RFC 9110 §6.2 prefers a server's highest version, 1.1, but NIO's encoder
///   frames a 1.1 answer without a `Content-Length` (a batch's) as chunks.
final class HTTP1VersionBridge: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// The versions of the requests read whose final answers' heads are not yet written, oldest first.
    private var unansweredVersions = CircularBuffer<HTTPVersion>()
    /// The version of the last request read (1.1 before any).
    private(set) var lastRequestVersion = HTTPVersion.http1_1

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data) else {
            context.fireChannelRead(data)
            return
        }
        lastRequestVersion = head.version
        unansweredVersions.append(head.version)
        if !head.isKeepAlive { head.headers.replaceOrAdd(name: "connection", value: "close") }
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .head(var head) = unwrapOutboundIn(data) else {
            context.write(data, promise: promise)
            return
        }
        // A 1xx (but 101) comes before its request's final answer, which takes the version off the queue.
        let isInterim = head.status.code < 200 && head.status != .switchingProtocols
        let version = isInterim ? unansweredVersions.first : unansweredVersions.popFirst()
        // The parser takes only 1.0 and 1.1; a refusal of what it could not read is answered 1.1.
        head.version = version == .http1_0 ? .http1_0 : .http1_1
        context.write(wrapOutboundOut(.head(head)), promise: promise)
    }
}
