// FuzzBatch.swift — libFuzzer harness: arbitrary bytes as a `caliper batch` request line.
import CaliperBatch
import Caliper
import Foundation

private let processor: BatchProcessor? = {
    let fonts = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fonts").path
    // Confined to the fixture fonts, as a server would run it.
    guard let resolver = try? FontResolver(fileSizeLimit: 32 << 20, fontRoot: fonts) else { return nil }
    return BatchProcessor(resolver: resolver, measurer: TextMeasurer(maximumTextLength: 4096), systemFallback: .none)
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBatch(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, let processor else { return 0 }
    let line = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let answer = processor.answer(line)
    // Every answer is one line of JSON.
    if answer.contains("\n") || (try? JSONSerialization.jsonObject(with: Data(answer.utf8))) == nil { abort() }
    return 0
}
