// ConnectionGuard.swift — each connection's own answers: JSON for what the HTTP parser refuses, whether the connection outlives each answer, and a lingering close after the one that ends it.
import Hummingbird
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

/// Why a request could not be read whole, below the routes: the HTTP parser refused it, or its
/// client went away.
enum ClientStreamError: Error, Equatable {
    /// The request is not well-formed HTTP/1.1; the sentence says what is wrong.
    case malformed(String)
    /// The connection ended before the request was whole.
    case disconnected

    /// `error`, from SwiftNIO's HTTP decoder or the channel, as one of these; `nil` for any other.
    init?(_ error: any Error, maximumHeaderBytes: Int? = nil) {
        switch error {
        case let error as ClientStreamError: self = error
        case let error as HTTPParserError: self = Self.parserError(error, maximumHeaderBytes: maximumHeaderBytes)
        case is HTTP1TypeConversionError: self = .malformed("the request's method or target is not valid HTTP")
        case is NIOHTTPDecoderError: self = .malformed("the request is not well-formed HTTP/1.1")
        case let error as ChannelError where [.ioOnClosedChannel, .eof, .inputClosed, .outputClosed, .alreadyClosed].contains(error):
            self = .disconnected
        case is IOError: self = .disconnected  // a reset or broken pipe: the client is gone
        default: return nil
        }
    }

    private static func parserError(_ error: HTTPParserError, maximumHeaderBytes: Int?) -> Self {
        switch error {
        case .invalidEOFState, .closedConnection: return .disconnected
        case .invalidContentLength: return .malformed("the Content-Length is not a whole number of bytes that fits in 64 bits")
        case .unexpectedContentLength:
            return .malformed("the request has conflicting Content-Length headers, or Content-Length with Transfer-Encoding")
        case .invalidChunkSize: return .malformed("a chunk size of the body is not a hexadecimal number that fits in 64 bits")
        case .headerOverflow:
            return .malformed("the request's headers are over the limit of \(maximumHeaderBytes.map(String.init) ?? "the service's") bytes")
        case .invalidMethod: return .malformed("the request's method is not an HTTP method")
        case .invalidURL: return .malformed("the request's target is not a valid path")
        case .invalidVersion: return .malformed("the request's HTTP version is not 1.0 or 1.1")
        case .invalidHeaderToken: return .malformed("a header's name or value has a character HTTP does not allow")
        default: return .malformed("the request is not well-formed HTTP/1.1 (\(error))")
        }
    }
}

/// Sits between the HTTP codec and Hummingbird's request loop on every connection, so that what
/// is refused below the routes is answered as the routes answer: with `{"error": …}`.
///
/// - A parser error in the body of a request being handled is passed on as a
///   ``ClientStreamError``: the handler's body read throws it and the middleware answers 400 (or
///   records a client gone). Any other parser error (an unknown method, a bad or conflicting
///   `Content-Length`, headers over the limit) is answered here with 400 and JSON, after the
///   answers to the requests read whole before it, and the connection closes; a connection that
///   ends mid-request closes after those answers too.
/// - The answer to a request that ends the connection (`Connection: close`, or HTTP/1.0 without
///   `Connection: keep-alive`, see ``HTTP1VersionBridge``) says `Connection: close`, and so does
///   an answer to an HTTP/1.0 request with `keep-alive` that has no `Content-Length` (a batch's,
///   which only the close can end); any other answer to HTTP/1.0 says `Connection: keep-alive`.
///   Bytes after a request that ends the connection are dropped (RFC 9112 §9.6), not refused: the
///   request is answered.
/// - After an answer with `Connection: close` (those above, a 408, a 413 sent before its body, a
///   malformed body) the connection's output is closed, and the whole connection `lingerTime`
///   later or when the client closes: closing at once while the client is still sending would
///   reset the connection, and the client could lose the answer.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// How long a connection stays half-open (its output closed) for the client to stop sending.
    static let lingerTime: TimeAmount = .seconds(2)

    /// What a request read asks of the connection after its answer.
    private struct RequestTerms {
        /// Whether it was HTTP/1.0, whose answers say whether the connection stays open.
        var isHTTP10: Bool
        /// Whether the connection stays open after its answer.
        var keepsAlive: Bool
    }

    /// What is done once every request read so far is answered.
    private enum AfterAnswers {
        /// A request after them was malformed: it is refused, with this sentence, and the connection closes.
        case refuse(String)
        /// The client stopped sending: the connection closes.
        case close
    }

    private let maximumHeaderBytes: Int
    /// Below the HTTP codec, the version of each request, which the types above it lack.
    private let versions = HTTP1VersionBridge()
    /// The requests read whose answers have not ended, oldest first.
    private var unanswered = CircularBuffer<RequestTerms>()
    /// Whether a request's head has been read but not yet the end of its body.
    private var isReadingBody = false
    /// Whether the answer being written ends the connection.
    private var closesAfterAnswer = false
    /// What is done when the requests read so far are answered, when the parser has stopped.
    private var afterAnswers: AfterAnswers?
    /// Whether reading has stopped (a malformed request, bytes after one that ends the connection,
    /// the client gone): what the parser says about later bytes is of no use.
    private var hasStoppedReading = false
    /// Whether the connection is closing: nothing more is read or answered.
    private var isClosing = false

    init(maximumHeaderBytes: Int) { self.maximumHeaderBytes = maximumHeaderBytes }

    func handlerAdded(context: ChannelHandlerContext) {
        // The bridge goes below the codec that drops the version (Hummingbird puts this handler above it).
        let pipeline = context.pipeline.syncOperations
        guard let codec = try? pipeline.handler(type: HTTP1ToHTTPServerCodec.self) else { return }
        try? pipeline.addHandler(versions, position: .before(codec))
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !isClosing else { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            // The bridge has spelt every request that ends the connection `Connection: close`.
            unanswered.append(
                RequestTerms(isHTTP10: versions.lastRequestVersion == .http1_0, keepsAlive: head.headerFields[.connection] != "close"))
            isReadingBody = true
        case .body: break
        case .end: isReadingBody = false
        }
        context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // Once closing, or once reading has stopped, the parser's complaints about later bytes are of no use.
        guard !isClosing, !hasStoppedReading else { return }
        if case HTTPParserError.closedConnection = error {
            // Bytes after a request that ends the connection: dropped; its answer closes the connection.
            hasStoppedReading = true
            if unanswered.isEmpty { close(context) }
            return
        }
        guard let streamError = ClientStreamError(error, maximumHeaderBytes: maximumHeaderBytes) else {
            context.fireErrorCaught(error)
            return
        }
        hasStoppedReading = true
        if isReadingBody, !unanswered.isEmpty {
            // The handler of this request may be reading its body: it answers.
            isReadingBody = false
            context.fireErrorCaught(streamError)
            return
        }
        switch (streamError, unanswered.isEmpty) {
        case (.malformed(let message), true): refuse(message, context: context)
        case (.malformed(let message), false): afterAnswers = .refuse(message)
        case (.disconnected, true): close(context)
        // The requests read whole are still answered: the client may only have stopped sending.
        case (.disconnected, false): afterAnswers = .close
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head) where head.status.kind != .informational:
            let request = unanswered.first ?? RequestTerms(isHTTP10: false, keepsAlive: true)
            // An HTTP/1.0 answer without a length ends where the connection does.
            let isDelimited = head.headerFields[.contentLength] != nil || [204, 304].contains(head.status.code)
            if head.headerFields[.connection]?.lowercased() == "close" || !request.keepsAlive || (request.isHTTP10 && !isDelimited) {
                closesAfterAnswer = true
                head.headerFields[.connection] = "close"
            } else if request.isHTTP10 {
                head.headerFields[.connection] = "keep-alive"
            }
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .end:
            _ = unanswered.popFirst()
            context.writeAndFlush(data, promise: promise)
            if closesAfterAnswer {
                close(context)
            } else if let afterAnswers, unanswered.isEmpty {
                switch afterAnswers {
                case .refuse(let message): refuse(message, context: context)
                case .close: close(context)
                }
            }
        default:
            context.write(data, promise: promise)
        }
    }

    /// Answers 400 with `message` as JSON, and closes.
    private func refuse(_ message: String, context: ChannelHandlerContext) {
        let body = CaliperService.errorJSON(message)
        let head = HTTPResponse(
            status: .badRequest,
            headerFields: [.contentType: "application/json", .contentLength: String(body.count), .connection: "close"])
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(ByteBuffer(bytes: body))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        close(context)
    }

    /// Closes the output now (after what was written) and the connection after `lingerTime`.
    private func close(_ context: ChannelHandlerContext) {
        guard !isClosing else { return }
        isClosing = true
        afterAnswers = nil
        context.close(mode: .output, promise: nil)
        let channel = context.channel
        context.eventLoop.scheduleTask(in: Self.lingerTime) { channel.close(promise: nil) }
    }
}
