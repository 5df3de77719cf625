// Batch.swift — `caliper batch`: JSON Lines requests in, one JSON Lines answer per request, in order.
import ArgumentParser
import Caliper
import CaliperBatch
import Foundation

struct Batch: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Answer JSON Lines requests (measure, flow, layout) from standard input, one answer line per request.",
        discussion: """
            Measure: {"id": "c1", "op": "measure", "text": "…", "font": "<path or pattern>", "size": 17, \
            "maxWidth": 200 or null, "maxLines": 0, "lineBreak": "word"|"char"|"clip"|"truncate-tail"|…, \
            "letterSpacing": 0, "lineSpacing": 0, "features": ["tnum"], "fallback": ["<font>", …], "language": "ja", \
            "direction": "natural"|"ltr"|"rtl"} → \
            {"id": "c1", "width", "height", "lineHeight", "lines": [{"start", "end", "width", "height", "runs"}], \
            "truncated", "missingGlyphs"}.
            Flow: {"id", "op": "flow", "width", "insets": [t,l,b,r], "spacing", "lineSpacing", \
            "alignment": "left"|"center"|"right"|"justified", "rounding": "none"|"pixel", "scale", \
            "items": [{"text", "font", "size", "padding": [t,l,b,r]}]} → {"id", "frames": [[x,y,w,h],…], \
            "rows", "contentSize": [w,h], "hiddenCount"}.
            Layout: {"id", "op": "layout", "width", "root": <cell tree as in Examples/*.json>} → \
            {"id", "size": [w,h], "frames": {"<id>": [x,y,w,h]}}: nodes and inline boxes with an id, \
            chips by their own id or as <flow id>[index].
            Without "font" a text is in the default font, DejaVu Sans as fontconfig finds it; with no \
            "fallback" fonts, characters the fonts lack are looked for in every installed font \
            (fontconfig's order), unless --font-root or "onlyGivenFonts": true. Relative font paths \
            are read from the current directory, or with --font-root from the root (as the service \
            reads them; a path naming a file inside the root from the current directory also works). A key a request or node \
            does not have is an error naming it. \
            A bad request answers {"id": …, "error": "…"} and the batch goes on; so does a line \
            longer than --max-request-bytes, with "id": null. Blank lines are skipped. Fonts are \
            loaded once per batch. If standard output closes, the batch stops with exit status 74.
            """)

    @Option(name: .long, help: ArgumentHelp(
        "Read requests from this file instead of standard input (a FIFO is read as a stream: opening it waits for a writer).",
        valueName: "file"))
    var input: String?

    @Option(name: .long, parsing: .unconditional, help: "Answer requests on this many threads at once (answers stay in input order), each with a shape cache of its own (64 MiB at most, as a process's).")
    var jobs: Int = 1

    @Option(name: .long, help: ArgumentHelp(
        "Confine fonts to this folder: relative font paths are read from it (as the service reads them; a path naming a file inside it from the current directory also works), paths outside it (after resolving links and ..) and fontconfig patterns are refused, and there is no system fallback.",
        valueName: "dir"))
    var fontRoot: String?

    @Option(name: .long, help: ArgumentHelp(
        "A folder of Apple's system-font files (SF Pro, SF Mono, New York), which requests' \"systemFont\" is set in.",
        valueName: "folder"))
    var systemFont: String?

    @OptionGroup(title: "Android device") var device: AndroidDeviceOptions

    @Flag(name: .long, help: "With --font-root, still allow fontconfig patterns and the default font.")
    var allowPatterns = false

    @Flag(name: .long, help: ArgumentHelp(
        "Every request uses only the fonts it names, as if it said \"onlyGivenFonts\": true: a text without \"font\" is an error (the default font is found among the machine's) and there is no system fallback."))
    var onlyGivenFonts = false

    @Option(name: .long, help: "Refuse texts longer than this many UTF-16 code units.")
    var maxTextLength = BatchProcessor.defaultMaximumTextLength

    @Option(name: .long, help: "Refuse font files larger than this many bytes.")
    var maxFontBytes = 64 * 1024 * 1024

    @Option(name: .long, help: ArgumentHelp(
        "Keep at most this many bytes of font files loaded; the least recently used are let go past it.",
        valueName: "bytes"))
    var fontCacheBytes = 256 * 1024 * 1024

    @Option(name: .long, help: ArgumentHelp(
        "Refuse a request line longer than this many bytes: it is answered {\"id\": null, \"error\": …} as soon as it passes the limit, the rest of it is skipped, and the batch goes on.",
        valueName: "bytes"))
    var maxRequestBytes = Batch.defaultMaxRequestBytes

    /// 8 MiB (``BatchProcessor/Configuration/defaultMaximumRequestBytes``).
    static let defaultMaxRequestBytes = BatchProcessor.Configuration.defaultMaximumRequestBytes

    /// Far above any useful limit, and low enough that the reader's buffer arithmetic cannot overflow.
    static let largestMaxRequestBytes = BatchProcessor.Configuration.largestMaximumRequestBytes

    /// The flags of the configuration's settings, as its errors name them.
    static let configurationFlags = [
        "threads": "--jobs", "maxTextLength": "--max-text-length", "maxFontBytes": "--max-font-bytes", "fontCacheBytes": "--font-cache-bytes",
        "androidFonts": "--android-fonts", "androidFontsXML": "--android-fonts-xml",
    ]

    /// The processor's configuration these options give: the one every door fills.
    var configuration: BatchProcessor.Configuration {
        BatchProcessor.Configuration(
            fontRoot: fontRoot, allowsFontPatterns: allowPatterns, onlyGivenFonts: onlyGivenFonts, maximumTextLength: maxTextLength,
            maximumFontBytes: maxFontBytes, fontCacheBytes: fontCacheBytes, systemFontDirectory: systemFont,
            systemFontCacheBytes: fontCacheBytes, androidHyphenationDirectory: device.androidHyphenation,
            androidFontDirectory: device.androidFonts, androidFontConfiguration: device.androidFontsXml, threads: jobs)
    }

    func validate() throws {
        do {
            try configuration.validate(naming: .flags(Self.configurationFlags))
        } catch let error as InputError {
            throw ValidationError(error.message)
        }
        guard (1...Self.largestMaxRequestBytes).contains(maxRequestBytes) else {
            throw ValidationError("--max-request-bytes must be between 1 and \(Self.largestMaxRequestBytes), not \(maxRequestBytes)")
        }
    }

    func run() throws {
        let requestInput = try openInput()
        defer { if input != nil { try? SystemCall.close(requestInput) } }
        let processor = try BatchProcessor(configuration: configuration)
        var lines = LineReader(fileDescriptor: requestInput, maximumLineBytes: maxRequestBytes)
        // With one job each chunk is answered and written at once, on this thread; with several,
        // threads of the pipeline answer and write while this one reads on.
        let pipeline = jobs > 1 ? AnswerPipeline(threads: jobs, write: StandardOutput.write) : nil
        defer { pipeline?.close() }
        var writer = JSONWriter(capacity: 64 * 1024)
        func send(_ count: Int, _ answer: @escaping @Sendable (Int, inout JSONWriter) -> Void) throws(StandardOutputError) {
            guard let pipeline else {
                for index in 0..<count {
                    answer(index, &writer)
                    writer.lineBreak()
                }
                defer {
                    // A chunk of huge answers does not stay reserved for the rest of the batch.
                    writer = writer.byteCount > 1024 * 1024 ? JSONWriter(capacity: 64 * 1024) : writer
                    writer.rewind(to: 0)
                }
                // Written from the writer's buffer: no copy of the chunk's answers.
                return try writer.withBytes { lines throws(StandardOutputError) in try StandardOutput.write(lines) }
            }
            try pipeline.send(count: count, answer: answer)
        }
        // Requests are sent in chunks, each written with one write. A chunk ends when the reader
        // would wait for input, so a client that waits for each answer gets it at once; when it
        // holds `chunkSize` requests; and when it holds as many bytes as one buffer of the reader
        // (--max-request-bytes plus one read), which bounds its memory.
        let chunkSize = 1024 * jobs
        let chunkByteLimit = maxRequestBytes + LineReader.readSize
        var chunk = RequestChunk()
        func flush() throws {
            guard chunk.count > 0 else { return }
            let requests = chunk
            chunk.removeAll()
            try send(requests.count) { processor.write(answerTo: requests[$0], to: &$1) }
        }
        let tooLongMessage = "request line of more than \(maxRequestBytes) bytes (--max-request-bytes); skipped to its end"
        while let line = try lines.nextLine(beforeWaiting: flush) {
            switch line {
            case .text(let range):
                let request = lines.bytes(of: range)
                guard !BatchProcessor.isBlank(line: request) else { continue }
                chunk.append(request)
                if chunk.count >= chunkSize || chunk.byteCount >= chunkByteLimit { try flush() }
            case .tooLong:
                // Its answer takes its place in the order; its id is unknown (the line was not read whole).
                try flush()
                try send(1) { _, writer in writer.writeErrorAnswer(tooLongMessage) }
            }
        }
        try flush()
        try pipeline?.finish()
        if let error = lines.readError {
            let reason = error.code == EISDIR ? FileKind.directory.phrase : error.description
            throw input.map { FileError.cannotRead("request file", $0, reason) }
                ?? FileError(description: "cannot read standard input: \(reason)")
        }
    }

    /// The descriptor to read requests from: standard input, or the `--input` file opened.
    private func openInput() throws(FileError) -> Int32 {
        guard let input else { return STDIN_FILENO }
        let descriptor: Int32
        do {
            descriptor = try SystemCall.open(input, O_RDONLY | O_CLOEXEC)
        } catch {
            throw .cannotRead("request file", input, error.description)
        }
        // A directory opens but cannot be read: refuse it rather than answer nothing and exit 0.
        if (try? SystemCall.status(of: descriptor))?.kind == .directory {
            try? SystemCall.close(descriptor)
            throw .cannotRead("request file", input, FileKind.directory.phrase)
        }
        return descriptor
    }
}

/// Request lines as the reader copies them, one after another in one buffer: a line becomes a
/// string on the thread that answers it, which also frees it. (Strings made by the reader and
/// freed by the threads answering them made the threads wait on the allocator's lock of the
/// reader's memory: 2,089 futex calls over the benchmark's 200,000 requests with `--jobs 2`,
/// 819 without.)
private struct RequestChunk: Sendable {
    private var bytes: [UInt8] = []
    /// Where each line ends in `bytes`; the next starts there.
    private var ends: [Int] = []

    var count: Int { ends.count }
    var byteCount: Int { bytes.count }

    mutating func append(_ line: ArraySlice<UInt8>) {
        bytes.append(contentsOf: line)
        ends.append(bytes.count)
    }

    /// Empties the chunk (its storage goes with the requests sent), with room for as much as it
    /// held, up to 1 MiB: a chunk cut by its byte limit (megabytes) does not make every small
    /// chunk after it that large.
    mutating func removeAll() {
        let (byteCount, count) = (bytes.count, ends.count)
        bytes = []
        ends = []
        bytes.reserveCapacity(min(byteCount, 1024 * 1024))
        ends.reserveCapacity(count)
    }

    /// Line `index`, decoded as UTF-8 (an ill-formed sequence becomes U+FFFD).
    subscript(index: Int) -> String {
        let start = index == 0 ? 0 : ends[index - 1]
        return String(decoding: bytes[start..<ends[index]], as: UTF8.self)
    }
}
