// CLIRunner.swift — runs the built `caliper` binary with arguments and standard input, capturing its output.
import Foundation
import TestSupport
import Testing

struct CLIResult {
    var status: Int32
    var standardOutput: String
    var standardError: String

    /// Standard output parsed as one JSON object per line.
    var jsonLines: [[String: Any]] {
        standardOutput.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
    }
}

enum CLI {
    static var root: URL { Repository.root }

    static func path(_ relative: String) -> String { Repository.path(relative) }

    /// The `caliper` binary SwiftPM built next to the test bundle.
    static let binary: URL? = {
        var directory = Bundle.main.bundleURL
        for _ in 0..<3 {
            let candidate = directory.appendingPathComponent("caliper")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        return nil
    }()

    struct BinaryMissing: Error {}

    /// A `caliper` process in `directory` (the repository by default), with fontconfig restricted
    /// to the fixture fonts, so patterns resolve the same everywhere.
    /// `environment` adds to (or replaces in) the test's own.
    private static func process(_ arguments: [String], in directory: URL? = nil, environment extra: [String: String] = [:]) throws -> Process {
        guard let binary else { throw BinaryMissing() }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? root
        var environment = ProcessInfo.processInfo.environment
        environment["FONTCONFIG_FILE"] = path("Fonts/fonts.conf")
        environment.merge(extra) { $1 }
        process.environment = environment
        return process
    }

    /// Runs `caliper` with fontconfig restricted to the fixture fonts, so patterns resolve the same
    /// everywhere, in `directory` (the repository by default), with `environment` added.
    static func run(
        _ arguments: [String], input: String = "", in directory: URL? = nil, environment: [String: String] = [:]
    ) throws -> CLIResult {
        let process = try process(arguments, in: directory, environment: environment)
        let standardInput = Pipe()
        let standardOutput = Pipe()
        let standardError = Pipe()
        process.standardInput = standardInput
        process.standardOutput = standardOutput
        process.standardError = standardError
        try process.run()
        standardInput.fileHandleForWriting.write(Data(input.utf8))
        try standardInput.fileHandleForWriting.close()
        let output = standardOutput.fileHandleForReading.readDataToEndOfFile()
        let error = standardError.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CLIResult(
            status: process.terminationStatus, standardOutput: String(decoding: output, as: UTF8.self),
            standardError: String(decoding: error, as: UTF8.self))
    }

    /// A `caliper` process left running, for tests that talk to it while it runs or stop it.
    final class Running {
        let process: Process
        let standardOutput: FileHandle
        let standardError: FileHandle
        /// Output read past the last line returned.
        private var pending = Data()

        init(process: Process, standardOutput: FileHandle, standardError: FileHandle) {
            self.process = process
            self.standardOutput = standardOutput
            self.standardError = standardError
        }

        /// The next line of standard output, with its newline (a regression that never answers
        /// hangs here; the test run's time limit catches it), or `nil` if output ends first.
        func nextLine() -> String? {
            while true {
                if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    defer { pending.removeSubrange(...newline) }
                    return String(decoding: pending[...newline], as: UTF8.self)
                }
                let more = standardOutput.availableData
                guard !more.isEmpty else { return nil }
                pending.append(more)
            }
        }

        /// Waits for the end and returns the status and all of standard error.
        func finish() -> (status: Int32, reason: Process.TerminationReason, standardError: String) {
            let error = standardError.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, process.terminationReason, String(decoding: error, as: UTF8.self))
        }
    }

    /// Starts `caliper` reading standard input from `inputFile` (not a pipe the test writes, which
    /// could block or raise SIGPIPE in the test process), optionally with SIGPIPE ignored (as
    /// systemd runs services) and with standard output's read end closed at once.
    static func start(
        _ arguments: [String], inputFile: String = "/dev/null", ignoringSIGPIPE: Bool = false, closingOutput: Bool = false
    ) throws -> Running {
        let process = try process(arguments)
        if ignoringSIGPIPE, let binary = process.executableURL {
            // An ignored signal stays ignored across exec.
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", #"trap "" PIPE; exec "$0" "$@""#, binary.path] + arguments
        }
        guard let input = FileHandle(forReadingAtPath: inputFile) else { throw BinaryMissing() }
        let standardOutput = Pipe()
        let standardError = Pipe()
        process.standardInput = input
        process.standardOutput = standardOutput
        process.standardError = standardError
        try process.run()
        try input.close()
        if closingOutput { try standardOutput.fileHandleForReading.close() }
        return Running(
            process: process, standardOutput: standardOutput.fileHandleForReading, standardError: standardError.fileHandleForReading)
    }

    /// Writes `bytes` into the FIFO at `path` once `running` opens it for reading, then closes it.
    /// Opening does not wait, so a caliper that never opens the FIFO fails the test instead of hanging it.
    static func write(_ bytes: [UInt8], toFIFO path: String, readBy running: Running) throws {
        var writer: Int32 = -1
        while writer < 0 {
            writer = open(path, O_WRONLY | O_NONBLOCK)
            if writer < 0 {
                try #require(errno == ENXIO && running.process.isRunning, "caliper did not open the FIFO")
                usleep(1000)
            }
        }
        defer { close(writer) }
        _ = fcntl(writer, F_SETFL, 0)
        #expect(bytes.withUnsafeBytes { Glibc.write(writer, $0.baseAddress, $0.count) } == bytes.count)
    }

    /// A temporary file holding `text`, removed by `body`'s end.
    /// The answers of `caliper batch` to `requests`, one line each, parsed; the batch must succeed.
    static func batchAnswers(_ requests: [String]) throws -> [[String: Any]] {
        let result = try run(["batch"], input: requests.joined(separator: "\n") + "\n")
        #expect(result.status == 0, "\(result.standardError)")
        return result.jsonLines
    }

    static func withTemporaryFile<Result>(_ text: String, _ body: (String) throws -> Result) throws -> Result {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("caliper-input-\(UUID())")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try body(file.path)
    }

    /// hb-shape's width in points of `text` in `font` at `size`, from Tests/Goldens/advances.json.
    static func goldenWidth(_ text: String, font: String, size: Double) throws -> Double {
        let data = try Data(contentsOf: root.appendingPathComponent("Tests/Goldens/advances.json"))
        let cases = (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["cases"] as? [[String: Any]] ?? []
        guard let found = cases.first(where: { $0["font"] as? String == font && $0["text"] as? String == text && $0["features"] as? String == "" }),
            let advance = found["advanceSum"] as? Int, let unitsPerEm = found["unitsPerEm"] as? Int
        else { throw BinaryMissing() }
        return Double(advance) * size / Double(unitsPerEm)
    }

    /// hb-shape's advance sum for `text` in DejaVu Sans, from Tests/Goldens/advances.json.
    static func goldenAdvance(_ text: String, font: String = "Fonts/DejaVuSans.ttf") throws -> Int {
        let data = try Data(contentsOf: root.appendingPathComponent("Tests/Goldens/advances.json"))
        let cases = (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["cases"] as? [[String: Any]] ?? []
        guard let found = cases.first(where: { $0["font"] as? String == font && $0["text"] as? String == text && $0["features"] as? String == "" }),
            let advance = found["advanceSum"] as? Int
        else { throw BinaryMissing() }
        return advance
    }
}
