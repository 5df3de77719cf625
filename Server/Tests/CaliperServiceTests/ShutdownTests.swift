// ShutdownTests.swift — the real `caliper-server` process: it listens on loopback, and on SIGTERM finishes the requests in flight, refuses new ones and exits 0.
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite(.serialized) struct ShutdownTests {
    /// The `caliper-server` binary SwiftPM built next to the test bundle.
    static let binary: URL? = {
        var directory = Bundle.main.bundleURL
        for _ in 0..<3 {
            let candidate = directory.appendingPathComponent("caliper-server")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        return nil
    }()

    /// A free loopback port (bound and released: another process could take it in between, rarely).
    static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        try withUnsafeMutablePointer(to: &address) { pointer in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                guard bind(descriptor, socketAddress, length) == 0, getsockname(descriptor, socketAddress, &length) == 0 else {
                    throw CocoaError(.fileReadUnknown)
                }
            }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    struct Started {
        let process: Process
        let base: URL
    }

    static func start(_ arguments: [String] = [], binary chosen: URL? = nil, directory: URL? = nil) async throws -> Started {
        let binary = try #require(chosen ?? binary, "caliper-server was not built")
        let port = try freePort()
        let process = Process()
        process.executableURL = binary
        if let directory { process.currentDirectoryURL = directory }
        process.arguments = ["--port", String(port), "--font-root", Fixtures.root.appendingPathComponent("Fonts").path, "--log-level", "warning"]
            + arguments
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let base = URL(string: "http://127.0.0.1:\(port)")!
        for _ in 0..<200 {
            if (try? await URLSession.shared.data(from: base.appendingPathComponent("healthz"))) != nil {
                return Started(process: process, base: base)
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        process.terminate()
        throw CocoaError(.fileReadUnknown)
    }

    static func post(_ body: String, to url: URL, type: String) async throws -> (Data, Int) {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue(type, forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(body.utf8)
        request.timeoutInterval = 60
        let (data, response) = try await URLSession.shared.data(for: request)
        return (data, (response as? HTTPURLResponse)?.statusCode ?? 0)
    }

    /// The binary copied alone into an empty folder and started there serves its playground, its
    /// OpenAPI document and a measurement: its files are compiled in, not looked for beside it
    /// (`Bundle.module` stopped such a copy at start-up, SIGILL). `scripts/package-test` runs the
    /// packaged, statically linked binary the same way on a system without the build folder.
    @Test func aCopyOfTheBinaryAloneServesItsFiles() async throws {
        let original = try #require(Self.binary, "caliper-server was not built")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("caliper-server-copy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("caliper-server")
        try FileManager.default.copyItem(at: original, to: copy)
        let server = try await Self.start(binary: copy, directory: folder)
        defer { if server.process.isRunning { server.process.terminate() } }
        let (page, _) = try await URLSession.shared.data(from: server.base.appendingPathComponent("/"))
        #expect(String(decoding: page, as: UTF8.self).contains("<html"))
        let (document, _) = try await URLSession.shared.data(from: server.base.appendingPathComponent("openapi.json"))
        #expect(String(decoding: document, as: UTF8.self).contains(#""openapi": "3.1"#))
        let (answer, status) = try await Self.post(#"{"text": "Hello", "font": "DejaVuSans.ttf"}"#, to: server.base.appendingPathComponent("v1/measure"), type: "application/json")
        #expect(status == 200, "\(String(decoding: answer, as: UTF8.self))")
        #expect(String(decoding: answer, as: UTF8.self).contains(#""width":"#))
    }

    /// SIGTERM while a long batch is answered: the batch's every answer still arrives, a new
    /// connection is refused, and the process exits with status 0.
    @Test func sigtermFinishesTheRequestsInFlight() async throws {
        let server = try await Self.start()
        defer { if server.process.isRunning { server.process.terminate() } }
        let paragraph = String(repeating: "A paragraph that wraps over many lines at this width. ", count: 60)
        let lines = (0..<200).map { #"{"id": \#($0), "text": "\#(paragraph)\#($0)", "font": "NotoSans-Regular.ttf", "maxWidth": 180}"# }
        let body = lines.joined(separator: "\n")
        let port = try #require(server.base.port)
        let connection = try RawConnection(port: port, readTimeout: .seconds(60))
        defer { connection.close() }
        connection.send(
            "POST /v1/batch HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-ndjson\r\nContent-Length: \(body.utf8.count)\r\n"
                + "Connection: close\r\n\r\n" + body)
        // The batch answers its head at once: from then on it is in flight, whatever the machine's load.
        let head = await connection.receive(until: "\r\n\r\n")
        #expect(head.hasPrefix("HTTP/1.1 200"), "\(head.prefix(200))")
        let started = ContinuousClock.now
        kill(server.process.processIdentifier, SIGTERM)
        // The listener closes once the signal is handled: a busy machine may take a while.
        var refused = false
        for _ in 0..<100 where !refused {
            try await Task.sleep(for: .milliseconds(100))
            refused = (try? await URLSession.shared.data(from: server.base.appendingPathComponent("healthz"))) == nil
        }
        let (rest, closed) = await connection.receiveUntilClosed()
        let elapsed = ContinuousClock.now - started
        #expect(closed)
        let answers = Self.chunkedBody(of: head + rest).split(separator: "\n")
        #expect(answers.count == lines.count, "every request of the batch in flight was answered")
        #expect(answers.allSatisfy { $0.contains(#""lines""#) })
        #expect(refused, "a new connection during shutdown is refused (the batch took \(elapsed))")
        server.process.waitUntilExit()
        #expect(server.process.terminationReason == .exit && server.process.terminationStatus == 0)
    }

    /// The body of an HTTP/1.1 response sent with `Transfer-Encoding: chunked` (RFC 9112 §7.1),
    /// as far as it arrived.
    static func chunkedBody(of response: String) -> String {
        var bytes = ArraySlice(Array(response.utf8))
        guard let headEnd = bytes.firstRange(of: Array("\r\n\r\n".utf8)) else { return "" }
        bytes = bytes[headEnd.upperBound...]
        var body: [UInt8] = []
        while let sizeEnd = bytes.firstRange(of: Array("\r\n".utf8)),
            let size = Int(String(decoding: bytes[..<sizeEnd.lowerBound], as: UTF8.self), radix: 16), size > 0,
            bytes.distance(from: sizeEnd.upperBound, to: bytes.endIndex) >= size
        {
            let dataStart = sizeEnd.upperBound
            let dataEnd = bytes.index(dataStart, offsetBy: size)
            body += bytes[dataStart..<dataEnd]
            bytes = bytes[min(bytes.index(dataEnd, offsetBy: 2, limitedBy: bytes.endIndex) ?? bytes.endIndex, bytes.endIndex)...]
        }
        return String(decoding: body, as: UTF8.self)
    }

    /// The server listens on loopback only, unless told otherwise.
    @Test func itListensOnLoopbackByDefault() async throws {
        let server = try await Self.start()
        defer {
            server.process.terminate()
            server.process.waitUntilExit()
        }
        let port = try #require(server.base.port)
        let listening = try String(contentsOfFile: "/proc/net/tcp", encoding: .utf8)
        let hexPort = String(format: ":%04X", port)
        let rows = listening.split(separator: "\n").filter { $0.contains(hexPort) && $0.contains(" 0A ") }  // state 0A: LISTEN
        #expect(!rows.isEmpty)
        #expect(rows.allSatisfy { $0.contains("0100007F" + hexPort) }, "bound to 127.0.0.1: \(rows)")
    }
}
