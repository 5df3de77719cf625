// CaliperABI.swift — Caliper's C ABI (include/caliper.h): a processor made from JSON settings, one batch-protocol request answered with its answer's bytes, and the memory the caller gets back.
import Caliper
import CaliperBatch
import Foundation

/// What a `caliper_processor *` points at: the processor and the door's request limit, kept
/// alive by the pointer (`Unmanaged`) until `caliper_processor_free`.
final class ProcessorHandle: Sendable {
    let processor: BatchProcessor
    /// The longest request answered, in bytes (`maxRequestBytes`).
    let maximumRequestBytes: Int

    init(processor: BatchProcessor, maximumRequestBytes: Int) {
        self.processor = processor
        self.maximumRequestBytes = maximumRequestBytes
    }

    /// The processor `settings` describe (a JSON object; empty: the defaults), or the reason
    /// there is none.
    static func make(settings: String) -> (handle: ProcessorHandle?, error: String?) {
        do {
            let object = try JSONObject(parsing: settings.isEmpty ? "{}" : settings)
            let configuration = try BatchProcessor.Configuration(json: object)
            let limit = try object.integer("maxRequestBytes", minimum: 1) ?? BatchProcessor.Configuration.defaultMaximumRequestBytes
            return (ProcessorHandle(processor: try BatchProcessor(configuration: configuration), maximumRequestBytes: limit), nil)
        } catch let error as InputError {
            return (nil, error.message)
        } catch {
            return (nil, String(describing: error))
        }
    }

    /// The answer to `request` (UTF-8, ill-formed sequences read as U+FFFD): the processor's, or
    /// an error answer for one over the request limit.
    func answer(_ request: UnsafeRawBufferPointer) -> [UInt8] {
        guard request.count <= maximumRequestBytes else {
            return Self.errorAnswer("the request is \(request.count) bytes, over the limit of \(maximumRequestBytes) (maxRequestBytes)")
        }
        // What `caliper batch` skips as holding no request (BatchProcessor.isBlank) is answered here.
        guard !BatchProcessor.isBlank(line: request) else { return Self.errorAnswer("the request is blank: give one JSON object") }
        var line = String(decoding: request, as: UTF8.self)
        if line.hasSuffix("\n") { line.removeLast() }
        var writer = JSONWriter()
        processor.write(answerTo: line, to: &writer)
        return writer.bytes
    }

    /// `{"id":null,"error":message}`, as every door writes it.
    static func errorAnswer(_ message: String) -> [UInt8] {
        BatchProcessor.errorAnswer(message)
    }
}

/// `bytes` and a NUL in memory from `malloc`, which `caliper_free` frees; nil when there is none.
private func mallocCopy(_ bytes: [UInt8]) -> UnsafeMutablePointer<CChar>? {
    guard let memory = malloc(bytes.count + 1)?.assumingMemoryBound(to: CChar.self) else { return nil }
    bytes.withUnsafeBufferPointer { source in
        source.withMemoryRebound(to: CChar.self) { characters in
            if let base = characters.baseAddress { memory.update(from: base, count: bytes.count) }
        }
    }
    memory[bytes.count] = 0
    return memory
}

/// The version string, made once and never freed.
nonisolated(unsafe) private let versionString: UnsafeMutablePointer<CChar>? = strdup(CaliperVersion.string)

@_cdecl("caliper_version")
public func caliper_version() -> UnsafePointer<CChar>? {
    versionString.map { UnsafePointer($0) }
}

@_cdecl("caliper_abi_version")
public func caliper_abi_version() -> Int32 {
    1
}

@_cdecl("caliper_processor_create")
public func caliper_processor_create(
    _ settings: UnsafePointer<CChar>?, _ length: Int, _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> OpaquePointer? {
    error?.pointee = nil
    let text: String
    if let settings, length > 0 {
        text = String(decoding: UnsafeRawBufferPointer(start: settings, count: length), as: UTF8.self)
    } else {
        text = ""
    }
    let made = ProcessorHandle.make(settings: text)
    guard let handle = made.handle else {
        error?.pointee = mallocCopy(Array((made.error ?? "no processor").utf8))
        return nil
    }
    return OpaquePointer(Unmanaged.passRetained(handle).toOpaque())
}

@_cdecl("caliper_processor_free")
public func caliper_processor_free(_ processor: OpaquePointer?) {
    guard let processor else { return }
    Unmanaged<ProcessorHandle>.fromOpaque(UnsafeRawPointer(processor)).release()
}

@_cdecl("caliper_answer")
public func caliper_answer(
    _ processor: OpaquePointer?, _ request: UnsafePointer<CChar>?, _ length: Int, _ answerLength: UnsafeMutablePointer<Int>?
) -> UnsafeMutablePointer<CChar>? {
    let bytes: [UInt8]
    if let processor {
        let handle = Unmanaged<ProcessorHandle>.fromOpaque(UnsafeRawPointer(processor)).takeUnretainedValue()
        if let request {
            bytes = handle.answer(UnsafeRawBufferPointer(start: request, count: max(length, 0)))
        } else if length > 0 {
            bytes = ProcessorHandle.errorAnswer("no request: the request pointer is NULL and its length \(length)")
        } else {
            bytes = handle.answer(UnsafeRawBufferPointer(start: nil, count: 0))
        }
    } else {
        bytes = ProcessorHandle.errorAnswer("no processor: the processor pointer is NULL (caliper_processor_create)")
    }
    answerLength?.pointee = bytes.count
    return mallocCopy(bytes)
}

@_cdecl("caliper_free")
public func caliper_free(_ pointer: UnsafeMutableRawPointer?) {
    free(pointer)
}
