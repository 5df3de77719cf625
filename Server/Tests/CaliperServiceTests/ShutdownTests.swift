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

    static func start(_ arguments: [String] = []) async throws -> Started {
        let binary = try #require(binary, "caliper-server was not built")
        let port = try freePort()
        let process = Process()
        process.executableURL = binary
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

    /// SIGTERM while a long batch is answered: the batch's every answer still arrives, a new
    /// connection is refused, and the process exits with status 0.
    @Test func sigtermFinishesTheRequestsInFlight() async throws {
        let server = try await Self.start()
        defer { if server.process.isRunning { server.process.terminate() } }
        let paragraph = String(repeating: "A paragraph that wraps over many lines at this width. ", count: 60)
        let lines = (0..<200).map { #"{"id": \#($0), "text": "\#(paragraph)\#($0)", "font": "NotoSans-Regular.ttf", "maxWidth": 180}"# }
        let started = ContinuousClock.now
        async let batch = Self.post(lines.joined(separator: "\n"), to: server.base.appendingPathComponent("v1/batch"), type: "application/x-ndjson")
        try await Task.sleep(for: .milliseconds(300))
        kill(server.process.processIdentifier, SIGTERM)
        try await Task.sleep(for: .milliseconds(200))
        let refused = (try? await URLSession.shared.data(from: server.base.appendingPathComponent("healthz"))) == nil
        let (data, status) = try await batch
        let elapsed = ContinuousClock.now - started
        let answers = String(decoding: data, as: UTF8.self).split(separator: "\n")
        #expect(status == 200)
        #expect(answers.count == lines.count, "every request of the batch in flight was answered")
        #expect(answers.allSatisfy { $0.contains(#""lines""#) })
        #expect(refused, "a new connection during shutdown is refused (the batch took \(elapsed))")
        server.process.waitUntilExit()
        #expect(server.process.terminationReason == .exit && server.process.terminationStatus == 0)
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
