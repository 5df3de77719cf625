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
            {"id", "size": [w,h], "frames": {"<node id>": [x,y,w,h]}}.
            A bad request answers {"id": …, "error": "…"} and the batch goes on. Blank lines are \
            skipped. Fonts are loaded once per batch.
            """)

    @Option(name: .long, help: "Read requests from this file instead of standard input.")
    var input: String?

    @Option(name: .long, help: "Answer requests on this many threads at once (answers stay in input order).")
    var jobs: Int = 1

    @Option(name: .long, help: ArgumentHelp(
        "Confine fonts to this folder: font paths outside it (after resolving links and ..) and fontconfig patterns are refused, and there is no system fallback.",
        valueName: "dir"))
    var fontRoot: String?

    @Flag(name: .long, help: "With --font-root, still allow fontconfig patterns and the default font.")
    var allowPatterns = false

    @Option(name: .long, help: "Refuse texts longer than this many UTF-16 code units.")
    var maxTextLength = 100_000

    @Option(name: .long, help: "Refuse font files larger than this many bytes.")
    var maxFontBytes = 64 * 1024 * 1024

    func validate() throws {
        guard (1...256).contains(jobs) else { throw ValidationError("--jobs must be between 1 and 256, not \(jobs)") }
        guard maxTextLength > 0 else { throw ValidationError("--max-text-length must be greater than 0") }
        guard maxFontBytes > 0 else { throw ValidationError("--max-font-bytes must be greater than 0") }
    }

    func run() throws {
        let handle: FileHandle
        if let input {
            guard let file = FileHandle(forReadingAtPath: input) else {
                throw ValidationError("cannot read the request file \(input)")
            }
            handle = file
        } else {
            handle = FileHandle.standardInput
        }
        let resolver = try fontRoot.map { root in
            try FontResolver(fileSizeLimit: maxFontBytes, fontRoot: root, allowsFontconfigPatterns: allowPatterns)
        } ?? FontResolver(fileSizeLimit: maxFontBytes)
        let processor = BatchProcessor(
            resolver: resolver, measurer: TextMeasurer(maximumTextLength: maxTextLength),
            systemFallback: fontRoot == nil ? .system : .none)
        var lines = LineReader(handle: handle)
        // Requests are answered in chunks, on `jobs` threads, and written in order with one write
        // per chunk; a chunk ends early whenever the input has nothing more yet, so a client that
        // waits for each answer gets it at once. With several jobs, reading, answering and writing
        // overlap: chunks are answered on a queue of their own and written on another while this
        // thread reads the next one (at most two chunks ahead of the one being written).
        let chunkSize = 1024 * jobs
        let answering = DispatchQueue(label: "caliper.batch.answering")
        let writing = DispatchQueue(label: "caliper.batch.writing")
        let readAhead = DispatchSemaphore(value: 2)
        var chunk: [String] = []
        func flush() {
            guard !chunk.isEmpty else { return }
            let requests = chunk
            chunk.removeAll(keepingCapacity: true)
            guard jobs > 1 else {
                FileHandle.standardOutput.write(Data(processor.answerLines(requests, jobs: 1)))
                return
            }
            readAhead.wait()
            answering.async { [jobs] in
                let answers = Data(processor.answerLines(requests, jobs: jobs))
                writing.async {
                    FileHandle.standardOutput.write(answers)
                    readAhead.signal()
                }
            }
        }
        while let line = lines.next(beforeWaiting: flush) {
            // A request starts with "{"; only other lines need the (slower) Unicode whitespace test.
            guard line.utf8.first == UInt8(ascii: "{") || !line.allSatisfy(\.isWhitespace) else { continue }
            chunk.append(line)
            if chunk.count >= chunkSize { flush() }
        }
        flush()
        answering.sync {}  // every chunk answered,
        writing.sync {}  // and written
    }
}

/// Reads UTF-8 lines from a file handle without loading the whole input.
struct LineReader {
    let handle: FileHandle
    private var buffer: [UInt8] = []
    /// Where the next line starts in `buffer`: lines are read past, not removed one by one.
    private var start = 0
    private var atEnd = false
    private static let readSize = 64 * 1024

    init(handle: FileHandle) { self.handle = handle }

    /// The next line, or `nil` at the end of the input; `beforeWaiting` runs before every read
    /// of the handle, which may block.
    mutating func next(beforeWaiting: () -> Void = {}) -> String? {
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                defer { start = newline + 1 }
                return String(decoding: buffer[start..<newline], as: UTF8.self)
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                defer { start = buffer.count }
                return String(decoding: buffer[start...], as: UTF8.self)
            }
            // Keep only the unfinished line, then read more.
            buffer.removeSubrange(0..<start)
            start = 0
            beforeWaiting()
            // read(2) returns what the pipe or file has, waiting only when it has nothing
            // (FileHandle.readData(ofLength:) would wait for the whole length).
            let previousCount = buffer.count
            buffer.append(contentsOf: repeatElement(0, count: Self.readSize))
            var count: Int
            repeat {
                count = buffer.withUnsafeMutableBytes { bytes in
                    read(handle.fileDescriptor, bytes.baseAddress.map { $0 + previousCount }, Self.readSize)
                }
            } while count < 0 && errno == EINTR
            buffer.removeLast(Self.readSize - max(count, 0))
            if count <= 0 { atEnd = true }
        }
    }
}
