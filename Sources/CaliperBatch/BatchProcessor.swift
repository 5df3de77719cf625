// BatchProcessor.swift — answers `caliper batch` requests: JSON Lines in, one JSON line out per request.
import Caliper
import CaliperLayout
import Foundation

/// Answers measurement, flow and layout requests in Caliper's JSON Lines protocol (see the README's
/// "caliper batch"), one line at a time; fonts stay loaded between requests. A bad request gets an
/// error answer, never a trap. Use it to serve the protocol from any transport.
///
/// ```swift
/// let processor = BatchProcessor()
/// processor.answer(#"{"id": 1, "text": "Hello", "font": "Fonts/DejaVuSans.ttf"}"#)
/// ```
public struct BatchProcessor: Sendable {
    public var resolver: FontResolver
    public var measurer: TextMeasurer
    /// Where characters the request's fonts lack are looked for when it names no fallback fonts.
    public var systemFallback: FontFallback

    public init(resolver: FontResolver = FontResolver(), measurer: TextMeasurer = TextMeasurer(), systemFallback: FontFallback = .system) {
        self.resolver = resolver
        self.measurer = measurer
        self.systemFallback = systemFallback
    }

    /// The answers to `requests`, in their order, computed on up to `jobs` threads.
    public func answers(_ requests: [String], jobs: Int) -> [String] {
        guard jobs > 1, requests.count > 1 else { return requests.map(answer) }
        let slots = AnswerSlots(count: requests.count)
        DispatchQueue.concurrentPerform(iterations: min(jobs, requests.count)) { worker in
            for index in stride(from: worker, to: requests.count, by: jobs) { slots.set(index, answer(requests[index])) }
        }
        return slots.values
    }

    /// The answer line for one request line: a result or an error, never a trap.
    public func answer(_ line: String) -> String {
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

