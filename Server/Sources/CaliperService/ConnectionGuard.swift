// ConnectionGuard.swift — each connection's own answers: JSON for what the HTTP parser refuses, and a lingering close after an answer that ends the connection.
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
///   answer in progress if there is one, and the connection closes.
/// - After an answer with `Connection: close` (a 408, a 413 sent before its body, a malformed
///   body) the connection's output is closed, and the whole connection `lingerTime` later or when
///   the client closes: closing at once while the client is still sending would reset the
///   connection, and the client could lose the answer.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// How long a connection stays half-open (its output closed) for the client to stop sending.
    static let lingerTime: TimeAmount = .seconds(2)

    private let maximumHeaderBytes: Int
    /// Request heads read whose answers have not ended.
    private var unanswered = 0
    /// Whether a request's head has been read but not yet the end of its body.
    private var isReadingBody = false
    /// Whether the answer being written ends the connection.
    private var closesAfterAnswer = false
    /// A refusal for a request after the one being answered, written when that answer ends.
    private var deferredRefusal: String?
    /// Whether the connection is closing: nothing more is read or answered.
    private var isClosing = false

    init(maximumHeaderBytes: Int) { self.maximumHeaderBytes = maximumHeaderBytes }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !isClosing else { return }
        switch unwrapInboundIn(data) {
        case .head:
            unanswered += 1
            isReadingBody = true
        case .body: break
        case .end: isReadingBody = false
        }
        context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // Once closing, the decoder's complaints about bytes after its error are of no use.
        guard !isClosing else { return }
        guard let streamError = ClientStreamError(error, maximumHeaderBytes: maximumHeaderBytes) else {
            context.fireErrorCaught(error)
            return
        }
        if isReadingBody, unanswered > 0 {
            // The handler of this request may be reading its body: it answers.
            isReadingBody = false
            context.fireErrorCaught(streamError)
            return
        }
        guard case .malformed(let message) = streamError else {
            close(context)
            return
        }
        if unanswered > 0 {
            deferredRefusal = message
        } else {
            refuse(message, context: context)
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head) where head.status.kind != .informational:
            if head.headerFields[.connection]?.lowercased() == "close" { closesAfterAnswer = true }
            context.write(data, promise: promise)
        case .end:
            unanswered -= 1
            context.writeAndFlush(data, promise: promise)
            if let message = deferredRefusal, unanswered <= 0 {
                refuse(message, context: context)
            } else if closesAfterAnswer {
                close(context)
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
        deferredRefusal = nil
        context.close(mode: .output, promise: nil)
        let channel = context.channel
        context.eventLoop.scheduleTask(in: Self.lingerTime) { channel.close(promise: nil) }
    }
}
