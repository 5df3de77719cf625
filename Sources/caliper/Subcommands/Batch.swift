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
        // Requests are read in chunks; a chunk is answered on `jobs` threads and printed in order.
        let chunkSize = jobs == 1 ? 1 : 256 * jobs
        var chunk: [String] = []
        func flush() {
            for answer in processor.answers(chunk, jobs: jobs) { print(answer) }
            chunk.removeAll(keepingCapacity: true)
        }
        while let line = lines.next() {
            guard !line.allSatisfy(\.isWhitespace) else { continue }
            chunk.append(line)
            if chunk.count >= chunkSize { flush() }
        }
        flush()
    }
}

/// Reads UTF-8 lines from a file handle without loading the whole input.
struct LineReader {
    let handle: FileHandle
    private var buffer = Data()
    private var atEnd = false

    init(handle: FileHandle) { self.handle = handle }

    mutating func next() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = buffer[buffer.startIndex..<newline]
                buffer.removeSubrange(buffer.startIndex...newline)
                return String(decoding: line, as: UTF8.self)
            }
            if atEnd {
                guard !buffer.isEmpty else { return nil }
                defer { buffer.removeAll() }
                return String(decoding: buffer, as: UTF8.self)
            }
            let chunk = handle.readData(ofLength: 64 * 1024)
            if chunk.isEmpty { atEnd = true } else { buffer.append(chunk) }
        }
    }
}
