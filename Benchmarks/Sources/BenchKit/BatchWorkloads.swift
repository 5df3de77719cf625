// BatchWorkloads.swift — requests through the batch door (JSON in, JSON out), as `caliper batch` and the service answer them.
import Caliper
import CaliperBatch
import Foundation

extension Workbench {
    /// The batch door's workloads (issue #28): Caliper only, as no other engine reads requests.
    public func batchWorkloads() -> [Workload] { [batchCold(), batchWarm()] }

    /// Requests in the mix of the scaling generator (`../shared/scaling/gen.py`) and the Spark demo,
    /// drawn from the corpus with a fixed seed: 7 in 10 measure a label (some wrapped, some
    /// truncated), 1 in 10 a paragraph, 1 in 10 a flow of up to 8 tags with the fallback cascade, 1
    /// in 10 mixed-script text with it. One request per label of the corpus's stream, up to 2,000.
    func batchRequests() -> [String] {
        func quoted(_ text: String) -> String {
            let data = (try? JSONSerialization.data(withJSONObject: [text])) ?? Data("[\"\"]".utf8)
            return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
        }
        var random = SeededGenerator(seed: 0xBA7C_2800)
        let font = quoted(FontFiles.latin)
        let cascade = "[" + FontFiles.cascade.map(quoted).joined(separator: ",") + "]"
        let count = min(2_000, corpus.labelStream.count)
        return (0..<count).map { index in
            let label = corpus.labelStream[index]
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<7:
                let width = [", \"maxWidth\": 120", ", \"maxWidth\": 200, \"maxLines\": 1, \"lineBreak\": \"truncate-tail\"", ""][index % 3]
                return "{\"id\": \(index), \"text\": \(quoted(label)), \"font\": \(font), \"size\": 17\(width)}"
            case 7:
                let paragraph = corpus.paragraphs[index % corpus.paragraphs.count]
                return "{\"id\": \(index), \"text\": \(quoted(paragraph)), \"font\": \(font), \"size\": 15, \"maxWidth\": 320}"
            case 8:
                let items = (0..<8).map { offset in
                    "{\"text\": \(quoted(corpus.tags[(index + offset) % corpus.tags.count])), \"font\": \(font), \"size\": 14, "
                        + "\"padding\": [4, 10, 4, 10], \"fallback\": \(cascade)}"
                }
                return "{\"id\": \(index), \"op\": \"flow\", \"width\": 320, \"spacing\": 8, \"lineSpacing\": 8, \"maxRows\": 2, \"items\": ["
                    + items.joined(separator: ", ") + "]}"
            default:
                let text = corpus.mixed[index % corpus.mixed.count]
                return "{\"id\": \(index), \"text\": \(quoted(text)), \"font\": \(font), \"size\": 17, \"maxWidth\": 200, \"fallback\": \(cascade)}"
            }
        }
    }

    /// The answers to `requests` as `caliper batch` writes them: into one writer, kept from
    /// request to request, copied out in blocks of 16 lines (as each of its threads does); how
    /// many bytes.
    private static func answerLines(_ requests: [String], _ processor: BatchProcessor) -> Int {
        var writer = JSONWriter(capacity: 64 * 1024)
        var bytes = 0
        for (index, request) in requests.enumerated() {
            processor.write(answerTo: request, to: &writer)
            writer.lineBreak()
            if index % 16 == 15 || index == requests.count - 1 {
                bytes += writer.bytes.count
                writer.rewind(to: 0)
            }
        }
        return bytes
    }

    /// 8a. Each request answered by a new processor with a fresh `ShapeCache` every pass (fonts
    /// stay loaded in one resolver): text never seen before, through the JSON reader and writer.
    func batchCold() -> Workload {
        let requests = batchRequests()
        let resolver = FontResolver()
        let probe = CacheProbe()
        return Workload(
            id: "batch.cold", title: "Batch requests (JSON in and out), cold cache", unit: "requests",
            kernels: [
                .caliper: Kernel(ops: requests.count) {
                    let cache = ShapeCache()
                    let processor = BatchProcessor(resolver: resolver, measurer: TextMeasurer(cache: cache), systemFallback: .none)
                    let bytes = Self.answerLines(requests, processor)
                    probe.add(from: nil, to: cache.statistics)
                    return Double(bytes)
                },
            ], probe: probe, note: nil)
    }

    /// 8b. The same requests through one processor whose cache has seen them.
    func batchWarm() -> Workload {
        let requests = batchRequests()
        let cache = ShapeCache()
        let processor = BatchProcessor(resolver: FontResolver(), measurer: TextMeasurer(cache: cache), systemFallback: .none)
        let probe = CacheProbe()
        return Workload(
            id: "batch.warm", title: "Batch requests (JSON in and out), warm cache", unit: "requests",
            kernels: [
                .caliper: Kernel(ops: requests.count) {
                    let before = cache.statistics
                    let bytes = Self.answerLines(requests, processor)
                    probe.add(from: before, to: cache.statistics)
                    return Double(bytes)
                },
            ], probe: probe, note: nil)
    }
}
