// BatchDeterminismTests.swift — a request's answer does not depend on the partition it is in, the
// order of the requests around it, --jobs, or what the caches held before: the property that lets
// `caliper batch` run as stateless workers on a cluster (see Sources/Caliper/Caliper.docc/Scaling.md).
import Caliper
import CaliperBatch
import Foundation
import Testing
import TestSupport

@Suite struct BatchDeterminismTests {
    /// Requests of every op with ids 0..<count: labels in many scripts and fonts, wrapped and
    /// truncated text, flows of chips, cells, and invalid requests (each with its id).
    static func requests(count: Int) -> [String] {
        var generator = SplitMix64(seed: 17)
        let words = [
            "swift", "layout", "machine", "learning", "café", "AVATAR", "office", "東京", "世界", "🌍", "👩‍👩‍👧", "مرحبا", "بالعالم",
            "ภาษาไทย", "नमस्ते", "“quoted”", "(aside)", "well-known",
        ]
        let fonts = ["Fonts/NotoSans-Regular.ttf", "Fonts/DejaVuSans.ttf", "Fonts/LiberationSans-Regular.ttf", "Fonts/NotoSans-Bold.ttf"]
        let fallback = #"["Fonts/DroidSansFallbackFull.ttf", "Fonts/NotoColorEmoji.ttf", "Fonts/NotoSansArabic-Regular.ttf", "Fonts/NotoSansThai-Regular.ttf", "Fonts/NotoSansDevanagari-Regular.ttf"]"#
        func json(_ text: String) -> String {
            String(decoding: (try? JSONSerialization.data(withJSONObject: [text], options: [])) ?? Data(), as: UTF8.self)
                .dropFirst().dropLast().description
        }
        return (0..<count).map { id in
            let text = (0..<generator.next(in: 1...14)).map { _ in words[generator.next(in: 0...(words.count - 1))] }.joined(separator: " ")
            let font = fonts[generator.next(in: 0...(fonts.count - 1))]
            switch id % 10 {
            case 9:
                return [
                    #"{"id": \#(id), "op": "teleport"}"#,
                    #"{"id": \#(id), "text": "x", "font": "/etc/passwd"}"#,
                    #"{"id": \#(id), "text": "x", "font": "Fonts/NotoSans-Regular.ttf", "size": -1}"#,
                ][id / 10 % 3]
            case 8:
                let items = text.split(separator: " ").prefix(8).map { word in
                    #"{"text": \#(json(String(word))), "font": "\#(fonts[0])", "size": 14, "padding": [4, 10, 4, 10], "fallback": \#(fallback)}"#
                }
                return #"{"id": \#(id), "op": "flow", "width": 320, "spacing": 8, "lineSpacing": 8, "items": [\#(items.joined(separator: ", "))]}"#
            case 7:
                return #"{"id": \#(id), "op": "layout", "width": 375, "root": {"type": "stack", "axis": "vertical", "spacing": 8, "children": ["#
                    + #"{"type": "label", "text": \#(json(text)), "font": "\#(font)", "numberOfLines": 1, "lineBreak": "truncate-tail", "fallback": \#(fallback)}, "#
                    + #"{"type": "label", "text": \#(json(text + " " + text)), "font": "\#(fonts[1])", "size": 14, "fallback": \#(fallback)}]}}"#
            default:
                let widths = ["null", "120", "200", "320"]
                return #"{"id": \#(id), "text": \#(json(text)), "font": "\#(font)", "size": \#([12, 15, 17][id % 3]), "#
                    + #""maxWidth": \#(widths[generator.next(in: 0...3)]), "maxLines": \#([0, 0, 2][id % 3]), "fallback": \#(fallback)}"#
            }
        }
    }

    /// Each answer line by the id it carries.
    static func answersByID(_ output: String) throws -> [Int: String] {
        var answers: [Int: String] = [:]
        for line in output.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let id = try #require(object["id"] as? Int, "an answer without its id: \(line)")
            #expect(answers[id] == nil, "two answers for request \(id)")
            answers[id] = String(line)
        }
        return answers
    }

    /// `requests` through one `caliper batch --font-root Fonts` process, in `directory` (the
    /// repository by default).
    static func batch(_ requests: [String], jobs: Int = 1, in directory: URL? = nil) throws -> String {
        try CLI.withTemporaryFile(requests.joined(separator: "\n") + "\n") { path in
            let result = try CLI.run(["batch", "--font-root", "Fonts", "--jobs", String(jobs), "--input", path], in: directory)
            #expect(result.status == 0, "\(result.standardError)")
            return result.standardOutput
        }
    }

    @Test func answersDependOnNothingButTheRequest() throws {
        let requests = Self.requests(count: 1_200)
        let whole = try Self.batch(requests)
        let reference = try Self.answersByID(whole)
        #expect(reference.count == requests.count)
        #expect(reference.values.contains { $0.contains("\"error\"") } && reference.values.contains { !$0.contains("\"error\"") })

        // Shuffled, answered by two jobs.
        var generator = SplitMix64(seed: 5)
        var shuffled = requests
        for index in shuffled.indices.reversed() { shuffled.swapAt(index, generator.next(in: 0...index)) }
        #expect(try Self.answersByID(Self.batch(shuffled, jobs: 2)) == reference)

        // Cut into eight partitions of uneven sizes, each a process of its own, one or two jobs.
        var cuts = (0..<7).map { _ in generator.next(in: 1...(requests.count - 1)) }
        cuts = ([0] + cuts.sorted() + [requests.count])
        var partitioned: [Int: String] = [:]
        for (partition, range) in zip(cuts, cuts.dropFirst()).map({ $0..<$1 }).enumerated() where !range.isEmpty {
            let answers = try Self.answersByID(Self.batch(Array(shuffled[range]), jobs: partition % 2 + 1))
            partitioned.merge(answers) { first, _ in first }
        }
        #expect(partitioned == reference)

        // After the caches have seen every request (in the other order) and other text besides:
        // the same answers, byte for byte, as from the first process.
        let warmUp = requests.reversed().map { $0.replacingOccurrences(of: #"{"id": "#, with: #"{"id": 1000000"#) }
        let warm = try Self.batch(warmUp + requests, jobs: 2)
        let warmAnswers = try Self.answersByID(warm).filter { $0.key < requests.count }
        #expect(warmAnswers == reference)

        // With the fonts in another place, as on another machine: error answers name the font
        // folder as it was given, never where it is.
        let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("caliper-worker-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        try FileManager.default.copyItem(at: CLI.root.appendingPathComponent("Fonts"), to: elsewhere.appendingPathComponent("Fonts"))
        #expect(try Self.answersByID(Self.batch(Array(requests.prefix(300)), in: elsewhere)) == reference.filter { $0.key < 300 })
    }
}

/// `BatchProcessor.cachesPerThread`: the same answers, measured with caches of the threads' own
/// (of the measurer's cache's budget), the measurer's one cache left alone.
@Suite struct CachesPerThreadTests {
    @Test func threadsMeasureWithCachesOfTheirOwnAndAnswerAlike() throws {
        let requests = BatchDeterminismTests.requests(count: 300)
        let resolver = FontResolver()
        let shared = BatchProcessor(resolver: resolver, measurer: TextMeasurer(cache: ShapeCache(byteBudget: 1 << 20)))
        let reference = shared.answers(requests, jobs: 1)
        #expect(shared.measurer.cache?.statistics.misses ?? 0 > 0)

        let untouched = ShapeCache(byteBudget: 1 << 20)
        var perThread = BatchProcessor(resolver: resolver, measurer: TextMeasurer(cache: untouched))
        perThread.cachesPerThread = true
        #expect(perThread.answers(requests, jobs: 2) == reference)
        #expect(perThread.answers(requests.reversed(), jobs: 3) == reference.reversed())  // warm now, in the other order
        for request in requests.prefix(20) { _ = perThread.answer(request) }  // one at a time, as the service asks
        #expect(untouched.statistics == ShapeCache(byteBudget: 1 << 20).statistics)

        // Without a cache there is none per thread either, and the answers are the same.
        var uncached = BatchProcessor(resolver: resolver, measurer: TextMeasurer(cache: nil))
        uncached.cachesPerThread = true
        #expect(uncached.answers(requests, jobs: 2) == reference)
    }

    /// A thread finds its cache again on every request (the service asks one request at a time),
    /// each processor has its own, and a processor's caches are emptied when it goes.
    @Test func aThreadKeepsOneCacheForEachProcessor() throws {
        let requests = Array(BatchDeterminismTests.requests(count: 40))
        var first = BatchProcessor(measurer: TextMeasurer(cache: ShapeCache(byteBudget: 1 << 20)))
        first.cachesPerThread = true
        let reference = BatchProcessor(measurer: TextMeasurer(cache: nil)).answers(requests, jobs: 1)
        // On one thread, twice over: the second pass is answered from the first pass's cache.
        let answers = (requests + requests).map { first.answer($0) }
        #expect(answers == reference + reference)
        let caches = first.caches
        try #require(caches.count == 1)
        let statistics = caches[0].statistics
        #expect(statistics.hits >= requests.count)
        #expect(statistics.entryCount > 0)
        // Fonts are the thread's own too, from a sibling of the processor's resolver.
        #expect(first.resolver.statistics == .zero)
        #expect(first.fontStatistics.entryCount > 0)

        var second = first  // a copy shares the first's caches
        #expect(second.answer(requests[0]) == reference[0])
        #expect(second.caches.count == 1 && second.caches[0] === caches[0])
        second = BatchProcessor(measurer: TextMeasurer(cache: ShapeCache(byteBudget: 1 << 20)))
        second.cachesPerThread = true
        #expect(second.answer(requests[0]) == reference[0])
        #expect(second.caches.count == 1 && second.caches[0] !== caches[0])

        // The default fallback fonts are the thread's own faces of the same files: the same answers.
        let fallback = try ["NotoColorEmoji.ttf", "DroidSansFallbackFull.ttf"].map { try FontResolver().face(for: CLI.root.appendingPathComponent("Fonts/" + $0).path) }
        let font = CLI.root.appendingPathComponent("Fonts/DejaVuSans.ttf").path
        let fallbackRequests = ["Tags 😀 and 世界", "🇫🇷 日本語 text 👩‍👩‍👧", "plain"].enumerated().map { index, text in
            #"{"id": \#(index), "text": "\#(text)", "font": "\#(font)", "maxWidth": 80}"#
        }
        var sharedFallback = BatchProcessor(measurer: TextMeasurer(cache: nil))
        sharedFallback.defaultFallbackFonts = fallback
        var ownFallback = BatchProcessor(measurer: TextMeasurer(cache: ShapeCache(byteBudget: 1 << 20)))
        ownFallback.defaultFallbackFonts = fallback
        ownFallback.cachesPerThread = true
        let expected = fallbackRequests.map { sharedFallback.answer($0) }
        #expect(expected.filter { $0.contains("NotoColorEmoji") }.count == 2)
        #expect(fallbackRequests.map { ownFallback.answer($0) } == expected)
        // DejaVu and both fallback files, loaded by the thread's resolver (the given faces came
        // from another resolver, so with them the count would be 1).
        #expect(ownFallback.fontStatistics.entryCount == 3)

        // A setting changed after threads took their own is what they answer with from then on.
        let relative = #"{"id": 0, "text": "Folder", "font": "DejaVuSans.ttf"}"#
        var folder = BatchProcessor(measurer: TextMeasurer(cache: ShapeCache(byteBudget: 1 << 20)))
        folder.cachesPerThread = true
        folder.fontFolder = CLI.root.appendingPathComponent("Fonts").path
        #expect(!folder.answer(relative).contains("error"))
        folder.fontFolder = FileManager.default.temporaryDirectory.path
        #expect(folder.answer(relative).contains("error"))

        first = second  // the first processor's last copy goes: its cache is emptied
        #expect(caches[0].statistics.entryCount == 0)
        #expect(first.answer(requests[1]) == reference[1])
    }

    /// A thread that exits gives its own back, and the next new thread takes it, warm: pool
    /// threads come and go, and each would otherwise leave a cache and fonts behind. Each thread
    /// is joined, and `pthread_join` returns once the thread's exit (its slots released) is done.
    @Test func aThreadThatExitsLeavesItsOwnToTheNext() throws {
        let requests = Array(BatchDeterminismTests.requests(count: 20))
        var processor = BatchProcessor(measurer: TextMeasurer(cache: ShapeCache(byteBudget: 1 << 20)))
        processor.cachesPerThread = true
        let answered = processor
        for round in 0..<3 {
            try Self.runOnNewThread { for request in requests { _ = answered.answer(request) } }
            #expect(processor.caches.count == 1, "round \(round)")
        }
        // The second and third threads answered from the first one's cache.
        #expect(processor.caches.first?.statistics.hits ?? 0 >= 2 * requests.count)
    }

    /// Runs `body` on a new POSIX thread and waits until the thread has exited.
    static func runOnNewThread(_ body: @escaping @Sendable () -> Void) throws {
        final class Work: Sendable {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        var thread = pthread_t()
        let work = Unmanaged.passRetained(Work(body)).toOpaque()
        let created = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            Unmanaged<Work>.fromOpaque(context).takeRetainedValue().body()
            return nil
        }, work)
        try #require(created == 0)
        #expect(pthread_join(thread, nil) == 0)
    }
}
