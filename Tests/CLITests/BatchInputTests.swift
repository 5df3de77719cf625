// BatchInputTests.swift — `caliper batch` against hostile input and output: over-long lines, blank lines, endless streams, directories, FIFOs, a closed standard output.
import CaliperBatch
import Foundation
import Testing

@Suite struct BatchInputTests {
    static func request(_ id: Int, padTo length: Int? = nil) -> String {
        let request = #"{"id": \#(id), "text": "Hello", "font": "Fonts/DejaVuSans.ttf"}"#
        // Spaces before the closing brace keep the request valid at any length.
        guard let length else { return request }
        return String(request.dropLast()) + String(repeating: " ", count: length - request.utf8.count) + "}"
    }

    static func isTooLongError(_ answer: [String: Any], limit: Int) -> Bool {
        answer["id"] is NSNull && (answer["error"] as? String)?.hasPrefix("request line of more than \(limit) bytes") == true
    }

    @Test(arguments: ["1", "2"])
    func anOverLongLineIsAnsweredInItsPlaceAndTheBatchGoesOn(jobs: String) throws {
        let lines = [
            Self.request(0), String(repeating: "x", count: 5000), "", Self.request(1), Self.request(2, padTo: 1000),
            Self.request(3, padTo: 1001), Self.request(4), String(repeating: "y", count: 3000),  // the last, with no newline
        ]
        let result = try CLI.run(["batch", "--max-request-bytes", "1000", "--jobs", jobs], input: lines.joined(separator: "\n"))
        #expect(result.status == 0, "\(result.standardError)")
        let answers = result.jsonLines
        try #require(answers.count == 7)
        #expect(answers.map { $0["id"] as? Int } == [0, nil, 1, 2, nil, 4, nil])
        // A request of exactly the limit is answered; one byte more is refused.
        #expect(answers[3]["width"] != nil)
        for index in [1, 4, 6] { #expect(Self.isTooLongError(answers[index], limit: 1000), "\(answers[index])") }
    }

    /// A line that is empty or all Unicode whitespace (no-break spaces, an ideographic space, a
    /// line separator, a lone CR) is skipped, by the rule `POST /v1/batch` skips it by; a line of
    /// zero-width characters is not blank, and is answered with an error in its place.
    @Test func blankLinesAreSkippedAsTheServiceSkipsThem() throws {
        let lines = [Self.request(1), "", " \t", "\u{A0}\u{A0}", "\u{3000}\u{2028}\u{85}\u{202F}", "\r", Self.request(2), "\u{200B}\u{FEFF}", "\u{A0}\r"]
        let result = try CLI.run(["batch"], input: lines.joined(separator: "\n"))
        #expect(result.status == 0, "\(result.standardError)")
        let answers = result.jsonLines
        try #require(answers.count == 3, "\(result.standardOutput)")
        #expect(answers.map { $0["id"] as? Int } == [1, 2, nil])
        #expect(answers[0]["width"] != nil && answers[1]["width"] != nil)
        #expect(answers[2]["error"] as? String == "invalid JSON")
    }

    /// The one rule both doors skip lines by: empty, or every character Unicode whitespace; a line
    /// that is not UTF-8 or holds a zero-width character is not blank.
    @Test func theBlankLineRule() {
        for blank in ["", " ", "\t\r", "\u{0B}\u{0C}", "\u{A0}", "\u{85}", "\u{1680}", "\u{2000}\u{200A}", "\u{2028}\u{2029}", "\u{202F}\u{205F}\u{3000}"] {
            #expect(BatchProcessor.isBlank(line: Array(blank.utf8)), "\(blank.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        for request in ["{}", " x", "\u{A0}{", "\u{200B}", "\u{FEFF}", "\u{A0}\u{301}", "\u{1F600}"] {
            #expect(!BatchProcessor.isBlank(line: Array(request.utf8)), "\(request.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        #expect(!BatchProcessor.isBlank(line: [0xC2]))  // a no-break space cut short: not UTF-8
        #expect(!BatchProcessor.isBlank(line: [0x20, 0xFF]))
        #expect(BatchProcessor.isBlank(line: [0xC2, 0xA0]))
    }

    /// A 20 MB line (a 200 MB one took the old reader minutes and a gigabyte) is refused at the
    /// default limit of 8 MiB, and the next request is answered.
    @Test func aLineOfMegabytesIsRefusedAtTheDefaultLimit() throws {
        let input = #"{"id": 1, "text": ""# + String(repeating: "a", count: 20_000_000) + "\"}\n" + Self.request(2) + "\n"
        let answers = try CLI.withTemporaryFile(input) { try CLI.run(["batch", "--input", $0]) }.jsonLines
        try #require(answers.count == 2)
        #expect(Self.isTooLongError(answers[0], limit: 8 * 1024 * 1024), "\(answers[0])")
        #expect(answers[1]["id"] as? Int == 2)
        #expect(answers[1]["width"] != nil)
    }

    /// /dev/zero is one endless line: it is answered as soon as it passes the limit, then read
    /// and dropped with memory flat, for as long as it lasts.
    @Test func anEndlessLineIsAnsweredAtOnceAndMemoryStaysFlat() throws {
        let running = try CLI.start(["batch", "--input", "/dev/zero"])
        defer {
            // SIGKILL: Foundation's Process passes on the spawning thread's signal mask, and under
            // the test runner that blocks SIGTERM.
            kill(running.process.processIdentifier, SIGKILL)
            _ = running.finish()
        }
        let first = try #require(running.nextLine())
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        #expect(Self.isTooLongError(answer, limit: 8 * 1024 * 1024), "\(answer)")
        // Let it read 1 GiB, 128 times the limit, then look at the most memory it ever held.
        let process = "/proc/\(running.process.processIdentifier)"
        while try Self.field("rchar:", of: "\(process)/io") < 1 << 30 { usleep(10_000) }
        let peakKilobytes = try Self.field("VmHWM:", of: "\(process)/status")
        #expect(peakKilobytes < 200 * 1024)
    }

    /// The number after `name` in a /proc file of the form "name: value".
    static func field(_ name: String, of path: String) throws -> Int {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix(name) })
        return try #require(Int(line.dropFirst(name.count).split(whereSeparator: \.isWhitespace).first ?? ""))
    }

    @Test func aDirectoryOrMissingFileAsInputIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.path
        let directory = try CLI.run(["batch", "--input", folder])
        #expect(directory.status == 1)
        #expect(directory.standardError.contains("cannot read the request file \(folder): is a directory"), "\(directory.standardError)")
        #expect(directory.standardOutput.isEmpty)
        let missing = try CLI.run(["batch", "--input", "/no/such/requests.jsonl"])
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("cannot read the request file /no/such/requests.jsonl: No such file or directory"))
        let standardInput = try CLI.start(["batch"], inputFile: folder).finish()
        #expect(standardInput.status == 1)
        #expect(standardInput.standardError.contains("cannot read standard input: is a directory"), "\(standardInput.standardError)")
    }

    /// A FIFO is a stream, which --input allows: caliper waits for its writer and answers what it sends.
    @Test func aFIFOAsInputIsReadAsAStream() throws {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("caliper-fifo-\(UUID())").path
        try #require(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let running = try CLI.start(["batch", "--input", fifo])
        try CLI.write(Array(((0..<3).map { Self.request($0) }.joined(separator: "\n") + "\n").utf8), toFIFO: fifo, readBy: running)
        var ids: [Int?] = []
        while let line = running.nextLine() {
            ids.append((try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["id"] as? Int)
        }
        #expect(ids == [0, 1, 2])
        #expect(running.finish().status == 0)
    }

    @Test(arguments: ["0", "-1", "1099511627777"])
    func anOutOfRangeRequestLimitIsAUsageError(_ value: String) throws {
        let result = try CLI.run(["batch", "--max-request-bytes", value])
        #expect(result.status == 64)
        #expect(result.standardError.contains("--max-request-bytes"))
    }

    /// With SIGPIPE ignored (systemd's default for services) a write to a closed pipe fails with
    /// EPIPE; Foundation's `FileHandle.write` trapped on it (status 132). Now caliper says so once
    /// and exits with status 74, whether answers are written on the reading thread or another.
    @Test(arguments: ["1", "2"])
    func aClosedOutputEndsTheBatchCleanly(jobs: String) throws {
        let requests = (0..<5000).map { Self.request($0) }.joined(separator: "\n")
        let result = try CLI.withTemporaryFile(requests) { input in
            try CLI.start(["batch", "--jobs", jobs], inputFile: input, ignoringSIGPIPE: true, closingOutput: true).finish()
        }
        #expect(result.reason == .exit)
        #expect(result.status == 74)
        #expect(result.standardError == "caliper: standard output closed (Broken pipe); stopping\n")
    }

    /// The other commands write through the same helper: a closed output is reported, not lost.
    @Test func aClosedOutputEndsMeasureCleanly() throws {
        // One line per character at width 0: far more output than a pipe holds.
        let text = String(repeating: "abc ", count: 5000)
        let result = try CLI.withTemporaryFile(text) { file in
            try CLI.start(
                ["measure", "--file", file, "--font", "Fonts/DejaVuSans.ttf", "--max-width", "0"], ignoringSIGPIPE: true,
                closingOutput: true
            ).finish()
        }
        #expect(result.reason == .exit)
        #expect(result.status == 74)
        #expect(result.standardError == "caliper: standard output closed (Broken pipe); stopping\n")
    }
}
