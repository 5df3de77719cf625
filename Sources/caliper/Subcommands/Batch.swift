// Batch.swift — `caliper batch`: JSON Lines requests in, one JSON Lines answer per request, in order.
import ArgumentParser
import Caliper
import CaliperLayout
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

/// Answers one request line at a time; fonts stay loaded between requests.
struct BatchProcessor: Sendable {
    var resolver = FontResolver()
    var measurer = TextMeasurer()
    /// Where characters the request's fonts lack are looked for when it names no fallback fonts.
    var systemFallback = FontFallback.system

    /// The answers to `requests`, in their order, computed on up to `jobs` threads.
    func answers(_ requests: [String], jobs: Int) -> [String] {
        guard jobs > 1, requests.count > 1 else { return requests.map(answer) }
        let slots = AnswerSlots(count: requests.count)
        DispatchQueue.concurrentPerform(iterations: min(jobs, requests.count)) { worker in
            for index in stride(from: worker, to: requests.count, by: jobs) { slots.set(index, answer(requests[index])) }
        }
        return slots.values
    }

    /// The answer line for one request line: a result or an error, never a trap.
    func answer(_ line: String) -> String {
        var id: JSON = .null
        do {
            let request = try JSONObject(parsing: line)
            id = request.id
            let members: [(String, JSON)]
            switch try request.string("op") ?? "measure" {
            case "measure": members = try measure(request).jsonMembers
            case "flow": members = try flow(request)
            case "layout": members = try layout(request)
            case let op: throw InputError("unknown op \"\(op)\" (known: measure, flow, layout)")
            }
            return JSON.object([("id", id)] + members).serialized
        } catch let error as InputError {
            return Self.errorAnswer(id: id, error.message)
        } catch let error as CaliperError {
            return Self.errorAnswer(id: id, error.description)
        } catch let error as LayoutError {
            return Self.errorAnswer(id: id, error.description)
        } catch {
            return Self.errorAnswer(id: id, "\(error)")
        }
    }

    private static func errorAnswer(id: JSON, _ message: String) -> String {
        JSON.object([("id", id), ("error", .string(message))]).serialized
    }

    private func measure(_ request: JSONObject) throws -> TextLayout {
        let spec = LayoutSpec(resolver: resolver, fallback: systemFallback)
        var style = try spec.textStyle(request)
        style.features = try (request.strings("features") ?? []).map { try FontFeature($0) }
        let directionName = try request.string("direction") ?? "natural"
        guard let direction = BaseDirection(rawValue: directionName) else {
            throw InputError("unknown direction \"\(directionName)\" (known: natural, ltr, rtl)")
        }
        let paragraphStyle = ParagraphStyle(
            lineBreakMode: try spec.lineBreakMode(request.string("lineBreak")), numberOfLines: try request.integer("maxLines") ?? 0,
            lineSpacing: CGFloat(try request.number("lineSpacing") ?? 0), baseDirection: direction)
        return try measurer.layout(
            try request.requiredString("text"), style: style, paragraphStyle: paragraphStyle,
            maxWidth: try request.number("maxWidth").map { CGFloat($0) })
    }

    private func flow(_ request: JSONObject) throws -> [(String, JSON)] {
        let flow = try LayoutSpec(resolver: resolver, fallback: systemFallback).flow(request)
        let result = try flow.layout(width: CGFloat(try request.requiredNumber("width")), measurer: measurer)
        return LayoutJSON.flowMembers(result)
    }

    private func layout(_ request: JSONObject) throws -> [(String, JSON)] {
        let root = try LayoutSpec(resolver: resolver, fallback: systemFallback).layout(request.object("root"))
        let arrangement = try root.arrange(width: CGFloat(try request.requiredNumber("width")), measurer: measurer)
        return LayoutJSON.layoutMembers(arrangement)
    }
}

/// One slot per answer, each written by exactly one worker thread before `values` is read.
private final class AnswerSlots: @unchecked Sendable {
    private var storage: [String]
    private let lock = NSLock()

    init(count: Int) { storage = Array(repeating: "", count: count) }

    func set(_ index: Int, _ value: String) {
        lock.lock()
        storage[index] = value
        lock.unlock()
    }

    var values: [String] {
        lock.lock()
        defer { lock.unlock() }
        return storage
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
