// CaliperService.swift — the HTTP API: `caliper batch`'s requests and answers, one per call or streamed as JSON Lines.
import Caliper
import CaliperBatch
import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// The Caliper service: the requests and answers of `caliper batch` over HTTP.
///
/// - `POST /v1/measure`, `/v1/flow`, `/v1/layout`: one JSON request, one JSON answer (200), or
///   `{"id", "error"}` with 400.
/// - `POST /v1/batch`: a JSON Lines body; the answers streamed back as JSON Lines in order, a line
///   at a time, so memory stays bounded for a body of any length.
/// - `GET /v1/fonts`, `/healthz`, `/metrics` (Prometheus), `/openapi.json`.
///
/// Every error is a 4xx or 5xx with `{"error": "…"}`.
public struct CaliperService: Sendable {
    /// What the service was started with.
    public let configuration: ServiceConfiguration
    /// The processor, in one object: a request's work holds this one reference, where a copy of
    /// the processor would count references to each of its fonts, caches and strings, shared by
    /// every thread, at every request.
    let answering: Answering
    /// The processor that answers the requests.
    var processor: BatchProcessor { answering.processor }
    let catalogue: FontCatalogue
    let metrics: ServiceMetrics
    let pool: ComputePool
    let gate: RequestGate
    let openAPI: [UInt8]
    /// The resolver of the requests' fonts, which also reads the font files served.
    let resolver: FontResolver
    /// The playground's files (`Resources/playground`), by name, with their media types.
    let playground: [String: (bytes: [UInt8], type: String)]

    /// A service for `configuration`: its fonts confined to the font root, which is indexed now.
    ///
    /// - Throws: ``ServiceError`` for a configuration no server can run with, or Caliper's error
    ///   for a font root that is not a folder.
    public init(configuration: ServiceConfiguration) throws {
        try configuration.validate()
        self.configuration = configuration
        var processor = try BatchProcessor(
            configuration: BatchProcessor.Configuration(
                fontRoot: configuration.fontRoot, allowsFontPatterns: configuration.allowsFontPatterns,
                maximumTextLength: configuration.maximumTextLength, fontCacheBytes: FontResolver.defaultCacheByteBudget / 2,
                systemFontDirectory: configuration.systemFontDirectory,
                systemFontCacheBytes: FontResolver.defaultCacheByteBudget / 4,
                androidHyphenationDirectory: configuration.androidHyphenationDirectory,
                androidFontDirectory: configuration.androidFontDirectory, androidFontConfiguration: configuration.androidFontConfiguration,
                threads: configuration.computeThreads))
        let resolver = processor.resolver
        self.resolver = resolver
        catalogue = try FontCatalogue(root: configuration.fontRoot, resolver: resolver, fallback: configuration.fallbackFonts)
        processor.defaultFallbackFonts = catalogue.fallbackFaces
        answering = Answering(processor)
        metrics = ServiceMetrics(fonts: { [processor] in processor.fontStatistics }, caches: { [processor] in processor.caches })
        pool = ComputePool(width: configuration.computeThreads)
        gate = RequestGate(limit: configuration.maximumConcurrentRequests)
        openAPI = try Self.openAPIDocument(fonts: configuration.allowsFontPatterns ? [] : catalogue.entries.map(\.font))
        playground = Self.playgroundFiles()
    }

    /// The media types of the playground's files and of fonts, by extension.
    static let mediaTypes = [
        "html": "text/html; charset=utf-8", "js": "text/javascript; charset=utf-8", "css": "text/css; charset=utf-8",
        "svg": "image/svg+xml", "png": "image/png", "ttf": "font/ttf", "otf": "font/otf", "ttc": "font/collection",
        "otc": "font/collection",
    ]

    /// Every file of `Resources/playground` (compiled in), by its name, with its media type.
    static func playgroundFiles() -> [String: (bytes: [UInt8], type: String)] {
        var files: [String: (bytes: [UInt8], type: String)] = [:]
        for (path, bytes) in ServiceResources.files where path.hasPrefix("playground/") {
            let name = String(path.dropFirst("playground/".count))
            guard let type = mediaTypes[(name as NSString).pathExtension.lowercased()] else { continue }
            files[name] = (bytes, type)
        }
        return files
    }

    /// Every route the service answers, the one list of them: the router is built from it, and a
    /// known path asked with another method (any: TRACE, QUERY… too) is answered 405 from it.
    var routes: RouteTable<BasicRequestContext> {
        RouteTable([
            .post("/v1/measure") { request, _ in try await self.single(request, op: .measure) },
            .post("/v1/flow") { request, _ in try await self.single(request, op: .flow) },
            .post("/v1/layout") { request, _ in try await self.single(request, op: .layout) },
            .post("/v1/flow/svg") { request, _ in try await self.picture(request, op: .flow) },
            .post("/v1/layout/svg") { request, _ in try await self.picture(request, op: .layout) },
            .post("/v1/batch") { request, _ in try self.batch(request) },
            .get("/v1/fonts") { _, _ in Self.json(catalogue.json) },
            .get("/healthz") { _, _ in Self.json(Self.healthy) },
            .get("/metrics") { _, _ in self.metricsPage() },
            .get("/openapi.json") { _, _ in Self.json(openAPI) },
            // The playground: a page, its scripts and styles, and the fonts for its @font-face rules.
            .get("/") { _, _ in try self.playgroundFile("index.html") },
            .get("/playground/:name") { _, context in try self.playgroundFile(context.parameters.get("name") ?? "") },
            .get("/fonts/:file") { _, context in try await self.fontFile(context.parameters.get("file") ?? "") },
        ])
    }

    /// The routes, behind the middleware that turns every error into JSON and counts requests.
    public func router() -> Router<BasicRequestContext> {
        let routes = self.routes
        return routes.router(behind: ErrorAndMetricsMiddleware(metrics: metrics, routes: routes))
    }

    /// The application serving ``router()`` on the configured host and port. Run it with
    /// `runService()`: it stops on SIGTERM or SIGINT, finishing the requests in flight first.
    public func application(logger: Logger) -> some ApplicationProtocol {
        Application(
            router: router(),
            server: .http1(configuration: httpConfiguration),
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.host, port: configuration.port), serverName: "caliper"),
            logger: logger)
    }

    /// Each connection's HTTP/1.1 settings: the head's size limit, the idle timeout, and the
    /// ``ConnectionGuard`` that answers in JSON what the parser refuses.
    var httpConfiguration: HTTP1Channel.Configuration {
        let headerBytes = configuration.maximumHeaderBytes
        let (seconds, attoseconds) = configuration.idleTimeout.components
        return HTTP1Channel.Configuration(
            additionalChannelHandlers: [ConnectionGuard(maximumHeaderBytes: headerBytes)],
            idleTimeout: .nanoseconds(Int64(clamping: seconds) &* 1_000_000_000 &+ attoseconds / 1_000_000_000),
            httpDecoderConfiguration: .init(maxHeaderFieldSize: headerBytes, maxHeaderListSize: headerBytes))
    }

    // MARK: - Handlers

    /// One request as `op`: its body (JSON, at most ``ServiceConfiguration/maximumBodyBytes``)
    /// answered by the batch processor on the compute pool.
    private func single(_ request: Request, op: BatchProcessor.Op) async throws -> Response {
        let answering = self.answering
        let answer = try await compute(request) { text in answering.processor.answer(text, op: op) }
        return Response(
            status: answer.error == nil ? .ok : .badRequest, headers: [.contentType: "application/json"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.json)))
    }

    /// A flow or layout request drawn as SVG (`image/svg+xml`), or its error as JSON with 400.
    private func picture(_ request: Request, op: BatchProcessor.Op) async throws -> Response {
        let answering = self.answering
        let picture = try await compute(request) { text in answering.processor.picture(text, op: op) }
        guard let svg = picture.svg else { throw ServiceHTTPError(.badRequest, picture.error ?? "no picture") }
        return Response(
            status: .ok, headers: [.contentType: "image/svg+xml; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: svg)))
    }

    /// `work` of a single request's body (JSON, at most ``ServiceConfiguration/maximumBodyBytes``,
    /// UTF-8, arrived within ``ServiceConfiguration/bodyTimeout``), on the compute pool within the
    /// request timeout. The request counts in flight only once its body is whole.
    private func compute<Value: Sendable>(
        _ request: Request, _ work: @escaping @Sendable (String) -> Value
    ) async throws -> Value {
        try Self.requireContentType(of: request, oneOf: ["application/json"], suffix: "+json")
        let body = try await request.collectBody(upTo: configuration.maximumBodyBytes, within: configuration.bodyTimeout)
        guard let text = String(validating: body.readableBytesView, as: UTF8.self) else {
            throw ServiceHTTPError(.badRequest, "the body is not UTF-8")
        }
        guard let ticket = gate.enter() else { throw ServiceHTTPError.busy(limit: gate.limit) }
        defer { withExtendedLifetime(ticket) {} }
        guard let value = await pool.run(timeout: configuration.requestTimeout, { work(text) }) else {
            throw ServiceHTTPError.timedOut(configuration.requestTimeout)
        }
        return value
    }

    /// A JSON Lines body answered line by line as it arrives; each answer is written as soon as it
    /// is made, so neither the body nor the answers are ever held whole. A line takes one of the
    /// places of ``ServiceConfiguration/maximumConcurrentRequests`` only while it is computed,
    /// waiting for one within the request timeout: a batch whose next line is slow to arrive
    /// holds no place that single requests need.
    private func batch(_ request: Request) throws -> Response {
        try Self.requireContentType(
            of: request, oneOf: ["application/x-ndjson", "application/jsonl", "application/json-lines", "application/json", "text/plain"],
            suffix: nil)
        let body = request.body
        let (answering, pool, metrics, gate) = (self.answering, self.pool, self.metrics, self.gate)
        let (lineLimit, timeout) = (configuration.maximumBatchLineBytes, configuration.requestTimeout)
        return Response(
            status: .ok, headers: [.contentType: "application/x-ndjson"],
            body: ResponseBody { writer in
                do {
                    var lines = LineSplitter(limit: lineLimit)
                    func answer(_ piece: LineSplitter.Piece) async throws {
                        var output: [UInt8]
                        switch piece {
                        case .line(let line):
                            let arrived = ContinuousClock.now
                            if let ticket = await gate.enter(within: timeout) {
                                let answer = await pool.run(timeout: timeout - (ContinuousClock.now - arrived)) {
                                    answering.processor.answer(line, op: nil)
                                }
                                withExtendedLifetime(ticket) {}
                                output = answer?.json ?? Self.errorJSON(ServiceHTTPError.timedOut(timeout).message, id: true)
                                metrics.recordBatchLine(isError: answer?.error != nil || answer == nil)
                            } else {
                                output = Self.errorJSON(ServiceHTTPError.timedOut(timeout).message, id: true)
                                metrics.recordBatchLine(isError: true)
                            }
                        case .overLong:
                            output = Self.errorJSON(
                                "request line of more than \(lineLimit) bytes (the service's maximum batch line bytes); skipped to its end",
                                id: true)
                            metrics.recordBatchLine(isError: true)
                        }
                        output.append(UInt8(ascii: "\n"))
                        try await writer.write(ByteBuffer(bytes: output))
                    }
                    do {
                        for try await buffer in body {
                            for piece in lines.feed(buffer.readableBytesView) { try await answer(piece) }
                        }
                    } catch ClientStreamError.malformed(let message) {
                        // The answers so far stand; the batch ends with why, and the connection closes.
                        try await writer.write(ByteBuffer(bytes: Self.errorJSON(message, id: true) + [UInt8(ascii: "\n")]))
                        try await writer.finish(nil)
                        return
                    }
                    for piece in lines.finish() { try await answer(piece) }
                }
                try await writer.finish(nil)
            })
    }

    /// The metrics in Prometheus's text format.
    private func metricsPage() -> Response {
        Response(
            status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: metrics.exposition(inFlight: gate.count))))
    }

    /// A file of the playground, or 404.
    private func playgroundFile(_ name: String) throws -> Response {
        guard let file = playground[name] else { throw ServiceHTTPError(.notFound, "the playground has no file \(name)") }
        return Response(status: .ok, headers: [.contentType: file.type], body: ResponseBody(byteBuffer: ByteBuffer(bytes: file.bytes)))
    }

    /// A font file of the catalogue (the only files served: a name must be one of its files),
    /// read through the compute pool by the resolver, under its confinement to the font root, or 404.
    private func fontFile(_ name: String) async throws -> Response {
        guard catalogue.contains(file: name) else { throw ServiceHTTPError(.notFound, "no font file \(name) in the font root (see /v1/fonts)") }
        let (path, resolver) = ((configuration.fontRoot as NSString).appendingPathComponent(name), self.resolver)
        guard let bytes = await pool.run(timeout: configuration.requestTimeout, { try? resolver.contentsOfFontFile(atPath: path) }) ?? nil else {
            throw ServiceHTTPError(.notFound, "the font file \(name) cannot be read")
        }
        return Response(
            status: .ok,
            headers: [.contentType: Self.mediaTypes[(name as NSString).pathExtension.lowercased()] ?? "application/octet-stream"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    // MARK: - Helpers

    /// Refuses a body whose declared type is none of `types` (nor ends in `suffix`) with 415; a
    /// body with no type is taken as the route's.
    private static func requireContentType(of request: Request, oneOf types: [String], suffix: String?) throws {
        guard let declared = request.headers[.contentType] else { return }
        // Not `split(…)[0]`: a type of "" or ";" has no first piece.
        let type = (declared.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
            .trimmingCharacters(in: .whitespaces).lowercased()
        guard types.contains(type) || suffix.map({ type.hasSuffix($0) }) == true else {
            let named = type.isEmpty ? "the body's Content-Type names no media type" : "the body's type \(type) is not one of"
            throw ServiceHTTPError(.unsupportedMediaType, "\(named) \(type.isEmpty ? "(expected one of " : "")\(types.joined(separator: ", "))\(type.isEmpty ? ")" : "")")
        }
    }

    static func json(_ bytes: [UInt8], status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// `{"error": message}`, with `"id": null` first when `id` (a batch line's answer).
    static func errorJSON(_ message: String, id: Bool = false) -> [UInt8] {
        if id { return BatchProcessor.errorAnswer(message) }
        var writer = JSONWriter(capacity: message.utf8.count + 16)
        writer.beginObject()
        writer.key("error")
        writer.string(message)
        writer.endObject()
        return writer.bytes
    }

    /// Caliper's version (``CaliperVersion``), as `caliper-server --version`, `GET /healthz` and the
    /// OpenAPI document's `info.version` give it.
    public static let version = CaliperVersion.string

    /// The answer of `GET /healthz`: `{"status":"ok","version":"…"}`, with ``version``.
    static let healthy: [UInt8] = {
        var writer = JSONWriter(capacity: 16)
        writer.beginObject()
        writer.key("status")
        writer.string("ok")
        writer.key("version")
        writer.string(version)
        writer.endObject()
        return writer.bytes
    }()
}

extension HTTPResponse.Status {
    /// A request whose client closed the connection before it was whole (nginx's 499): for the metrics.
    static let clientClosedRequest = Self(code: 499, reasonPhrase: "Client Closed Request")
}

/// An error answered with its status and `{"error": message}`.
struct ServiceHTTPError: Error {
    var status: HTTPResponse.Status
    var message: String
    var headers: HTTPFields

    init(_ status: HTTPResponse.Status, _ message: String, headers: HTTPFields = [:]) {
        self.status = status
        self.message = message
        self.headers = headers
    }

    /// More requests in flight than the service takes.
    static func busy(limit: Int) -> Self {
        Self(.serviceUnavailable, "the service is handling its limit of \(limit) requests; try again", headers: [.retryAfter: "1"])
    }

    /// A request that took longer than the service allows.
    static func timedOut(_ timeout: Duration) -> Self {
        Self(.serviceUnavailable, "the request took longer than the service's limit of \(timeout)", headers: [.retryAfter: "1"])
    }
}

/// Answers every error as JSON — the service's own, Hummingbird's (404 for an unknown route, 413),
/// a malformed body as 400, a client gone as 499 (counted, never sent), anything else as 500 — and
/// counts each request by its route's path (`/fonts/{file}`) and status.
struct ErrorAndMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: ServiceMetrics
    /// The routes, for the methods of a path the router has no route for with the request's method.
    let routes: RouteTable<Context>

    /// The route label of a request the router has no route for, by neither path nor method.
    static var unmatched: String { "unmatched" }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let started = ContinuousClock.now
        // The path of the route the router matched (`/fonts/{file}`), set before its middleware
        // runs: the metrics' label, from a bounded set, never the raw path. None when it matched none.
        var route = context.endpointPath
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as ServiceHTTPError {
            var headers = error.headers
            headers[.contentType] = "application/json"
            response = Response(status: error.status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: CaliperService.errorJSON(error.message))))
        } catch let error as any HTTPResponseError {
            if error.status == .notFound, route == nil, let known = routes.methods(forPath: request.uri.path) {
                // A known path with a method it does not take.
                route = known.path.description
                let taken = known.methods.map(\.rawValue).joined(separator: " or ")
                response = Response(
                    status: .methodNotAllowed,
                    headers: [.contentType: "application/json", .allow: RouteTable<Context>.allowHeader(for: known.methods)],
                    body: ResponseBody(byteBuffer: ByteBuffer(bytes: CaliperService.errorJSON(
                        "\(request.uri.path) takes \(taken), not \(request.method.rawValue)"))))
            } else {
                let message = error.status == .notFound
                    ? "no route \(request.method.rawValue) \(request.uri.path) (see /openapi.json)"
                    : error.status.reasonPhrase
                response = CaliperService.json(CaliperService.errorJSON(message), status: error.status)
            }
        } catch let error as ClientStreamError {
            response = Self.answer(error)
        } catch {
            if let streamError = ClientStreamError(error) {
                response = Self.answer(streamError)
            } else {
                context.logger.error("request failed", metadata: ["error": "\(error)", "path": "\(request.uri.path)"])
                response = CaliperService.json(CaliperService.errorJSON("internal error"), status: .internalServerError)
            }
        }
        let duration = ContinuousClock.now - started
        let label = route ?? Self.unmatched
        metrics.record(route: label, status: response.status.code, duration: duration)
        // One structured line per request (at debug: `--log-level debug` shows every request).
        context.logger.debug(
            "answered",
            metadata: [
                "route": .string(label), "method": .string(request.method.rawValue), "status": .stringConvertible(response.status.code),
                "milliseconds": .stringConvertible(Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds) * 1000),
            ])
        return response
    }

    /// A request whose body was malformed (400), or whose client went away before it was whole:
    /// 499, nginx's "client closed request", which is counted but never reaches anyone.
    static func answer(_ error: ClientStreamError) -> Response {
        var response: Response
        switch error {
        case .malformed(let message):
            response = CaliperService.json(CaliperService.errorJSON(message), status: .badRequest)
        case .disconnected:
            response = CaliperService.json(
                CaliperService.errorJSON("the client closed the connection before its request was whole"), status: .clientClosedRequest)
        }
        response.headers[.connection] = "close"
        return response
    }
}

/// The service's batch processor, held by one object that requests share.
final class Answering: Sendable {
    let processor: BatchProcessor
    init(_ processor: BatchProcessor) { self.processor = processor }
}
