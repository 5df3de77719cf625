// Batch.swift — `caliper batch`: JSON Lines requests in, one JSON Lines answer per request, in order.
import ArgumentParser
import Caliper
import Foundation

struct Batch: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Answer JSON Lines measurement requests from standard input, one answer line per request.",
        discussion: """
            Request: {"id": "c1", "op": "measure", "text": "…", "font": "<path or pattern>", "size": 17, \
            "maxWidth": 200 or null, "maxLines": 0, "lineBreak": "word"|"char"|"clip"|"truncate-tail"|…, \
            "letterSpacing": 0, "lineSpacing": 0, "features": ["tnum"], "fallback": ["<font>", …]}.
            Answer: {"id": "c1", "width": …, "height": …, "lineHeight": …, "lines": [{"start", "end", "width"}], \
            "truncated": false}, or {"id": "c1", "error": "…"} for a bad request; the batch goes on. \
            Blank lines are skipped. Fonts are loaded once per batch.
            """)

    @Option(name: .long, help: "Read requests from this file instead of standard input.")
    var input: String?

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
        let processor = BatchProcessor()
        var lines = LineReader(handle: handle)
        while let line = lines.next() {
            guard !line.allSatisfy(\.isWhitespace) else { continue }
            print(processor.answer(line))
        }
    }
}

/// Answers one request line at a time; fonts stay loaded between requests.
struct BatchProcessor: Sendable {
    let resolver = FontResolver()
    let measurer = TextMeasurer()

    /// The answer line for one request line: a measurement or an error, never a trap.
    func answer(_ line: String) -> String {
        var id: JSON = .null
        do {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8), options: [.fragmentsAllowed]) else {
                throw BatchError("invalid JSON")
            }
            guard let request = object as? [String: Any] else { throw BatchError("a request must be a JSON object") }
            id = Self.idValue(request["id"])
            let fields = RequestFields(request)
            let op = try fields.string("op") ?? "measure"
            guard op == "measure" else { throw BatchError("unknown op \"\(op)\" (known: measure)") }
            return JSON.object([("id", id)] + (try measure(fields)).jsonMembers).serialized
        } catch let error as BatchError {
            return Self.errorAnswer(id: id, error.message)
        } catch let error as CaliperError {
            return Self.errorAnswer(id: id, error.description)
        } catch {
            return Self.errorAnswer(id: id, "\(error)")
        }
    }

    private static func errorAnswer(id: JSON, _ message: String) -> String {
        JSON.object([("id", id), ("error", .string(message))]).serialized
    }

    /// A request's `id`, echoed back as it came: a string, a number, or null for anything else.
    private static func idValue(_ value: Any?) -> JSON {
        if let string = value as? String { return .string(string) }
        guard let number = value as? NSNumber, !number.isBoolean else { return .null }
        let double = number.doubleValue
        return double == double.rounded() && abs(double) < 1e15 ? .integer(Int(double)) : .number(double)
    }

    private func measure(_ fields: RequestFields) throws -> TextLayout {
        guard let text = try fields.string("text") else { throw BatchError("missing \"text\"") }
        let size = try fields.number("size") ?? 17
        let fallbackFonts = try fields.strings("fallback") ?? []
        // The cascade is applied by the international-text work; until then fallback fonts are
        // loaded (so a bad one is reported) but the text is set in the primary font.
        for fallback in fallbackFonts { _ = try resolver.face(for: fallback) }
        let style = TextStyle(
            font: try resolver.face(for: try fields.string("font")), size: CGFloat(size),
            letterSpacing: CGFloat(try fields.number("letterSpacing") ?? 0),
            features: try (fields.strings("features") ?? []).map { try FontFeature($0) })
        let modeName = try fields.string("lineBreak") ?? LineBreakMode.byWordWrapping.rawValue
        guard let mode = LineBreakMode(rawValue: modeName) else {
            throw BatchError("unknown lineBreak \"\(modeName)\" (known: \(LineBreakMode.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        let maxLines = try fields.number("maxLines") ?? 0
        guard maxLines >= 0, maxLines == maxLines.rounded(), maxLines < Double(Int32.max) else {
            throw BatchError("\"maxLines\" must be a whole number, 0 or more")
        }
        let paragraphStyle = ParagraphStyle(
            lineBreakMode: mode, numberOfLines: Int(maxLines), lineSpacing: CGFloat(try fields.number("lineSpacing") ?? 0))
        let layout = try measurer.layout(
            text, style: style, paragraphStyle: paragraphStyle, maxWidth: try fields.number("maxWidth").map { CGFloat($0) })
        return layout
    }
}

/// A request that cannot be answered, with the reason for the answer's `error` field.
struct BatchError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// Typed access to a request's fields, with errors that name the field.
private struct RequestFields {
    let object: [String: Any]
    init(_ object: [String: Any]) { self.object = object }

    func string(_ key: String) throws -> String? {
        guard let value = object[key], !(value is NSNull) else { return nil }
        guard let string = value as? String else { throw BatchError("\"\(key)\" must be a string") }
        return string
    }

    func number(_ key: String) throws -> Double? {
        guard let value = object[key], !(value is NSNull) else { return nil }
        // JSONSerialization gives NSNumber for both numbers and booleans; refuse booleans.
        guard let number = value as? NSNumber, !number.isBoolean else { throw BatchError("\"\(key)\" must be a number") }
        return number.doubleValue
    }

    func strings(_ key: String) throws -> [String]? {
        guard let value = object[key], !(value is NSNull) else { return nil }
        guard let array = value as? [Any], let strings = array as? [String] else {
            throw BatchError("\"\(key)\" must be an array of strings")
        }
        return strings
    }
}

extension NSNumber {
    /// JSONSerialization answers both numbers and `true`/`false` with NSNumber; a boolean's
    /// Objective-C type is `c` (char).
    fileprivate var isBoolean: Bool { String(cString: objCType) == "c" }
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
