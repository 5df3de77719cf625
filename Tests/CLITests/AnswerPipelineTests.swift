// AnswerPipelineTests.swift — `caliper batch --jobs N`'s pipeline: answers written in order, no barrier between chunks, a failed write reported.
@testable import caliper
import CaliperBatch
import Foundation
import Synchronization
import Testing

@Suite struct AnswerPipelineTests {
    /// What the pipeline wrote, each write kept apart.
    private final class Output: Sendable {
        let writes = Mutex<[[UInt8]]>([])
        var lines: String { String(decoding: writes.withLock { $0.joined() }, as: UTF8.self) }
    }

    private struct WriteFailed: Error, Equatable {}

    /// Chunks of 1 to 40 requests, each answer its chunk and index, some of them slow to answer:
    /// whatever order the threads answer in, each chunk is written whole, once, in the order sent.
    @Test(arguments: [(1, 1), (2, 1), (2, 3), (4, 2), (7, 3)])
    func chunksAreWrittenWholeInTheOrderSent(threads: Int, chunksInFlight: Int) throws {
        let output = Output()
        let pipeline = AnswerPipeline(threads: threads, chunksInFlight: chunksInFlight) { (bytes: [UInt8]) throws(WriteFailed) in
            output.writes.withLock { $0.append(bytes) }
        }
        var expected = ""
        // Short chunks (a block a request) and long ones (blocks of 16, the last one short).
        let sizes = (0..<60).map { ($0 * 7919) % 40 + 1 } + [2_000, 1_001, 3]
        for (chunk, size) in sizes.enumerated() {
            try pipeline.send(count: size) { index, writer in
                // Every fifth answer keeps its thread a little longer, so that threads overtake one another.
                if index % 5 == 0 { for _ in 0..<20_000 { _ = Thread.current } }
                writer.string("\(chunk).\(index)")
            }
            expected += (0..<size).map { "\"\(chunk).\($0)\"\n" }.joined()
        }
        try pipeline.finish()
        #expect(output.lines == expected)
        #expect(output.writes.withLock { $0.count } == sizes.count)
    }

    /// A thread that finds no request left in the oldest chunk answers the next one while another
    /// still answers the first: here the first chunk's one request waits for the second chunk's, so a
    /// barrier between chunks would never end (the wait gives up after a minute, to fail rather than hang).
    @Test func aThreadGoesOnToTheNextChunkWhileAnotherFinishesTheFirst() throws {
        let output = Output()
        let pipeline = AnswerPipeline(threads: 2) { (bytes: [UInt8]) throws(WriteFailed) in
            output.writes.withLock { $0.append(bytes) }
        }
        let secondAnswered = DispatchSemaphore(value: 0)
        let waited = Mutex<DispatchTimeoutResult?>(nil)
        try pipeline.send(count: 1) { _, writer in
            let result = secondAnswered.wait(timeout: .now() + 60)
            waited.withLock { $0 = result }
            writer.integer(1)
        }
        try pipeline.send(count: 1) { _, writer in
            secondAnswered.signal()
            writer.integer(2)
        }
        try pipeline.finish()
        #expect(waited.withLock { $0 } == .success)
        #expect(output.lines == "1\n2\n")
    }

    /// A failed write is thrown by the next send and by finish; nothing after it is written.
    @Test func aFailedWriteIsThrownAndNothingAfterItWritten() throws {
        let output = Output()
        let pipeline = AnswerPipeline(threads: 2, chunksInFlight: 1) { (bytes: [UInt8]) throws(WriteFailed) in
            let count = output.writes.withLock { writes in
                writes.append(bytes)
                return writes.count
            }
            if count == 2 { throw WriteFailed() }
        }
        try pipeline.send(count: 3) { $1.integer(10 + $0) }
        try pipeline.send(count: 3) { $1.integer(20 + $0) }
        // With one chunk in flight, this waits for the second chunk's write, which fails.
        #expect(throws: WriteFailed()) { try pipeline.send(count: 3) { $1.integer(30 + $0) } }
        #expect(throws: WriteFailed()) { try pipeline.finish() }
        #expect(output.lines == "10\n11\n12\n20\n21\n22\n")
    }

    /// Chunks answered after a failed write are not written: the first write waits until three
    /// chunks are sent, then fails; the two after it are answered and skipped.
    @Test func chunksAfterAFailedWriteAreAnsweredButNotWritten() throws {
        let output = Output()
        let allSent = DispatchSemaphore(value: 0)
        let answered = Atomic<Int>(0)
        let pipeline = AnswerPipeline(threads: 2, chunksInFlight: 3) { (bytes: [UInt8]) throws(WriteFailed) in
            let count = output.writes.withLock { writes in
                writes.append(bytes)
                return writes.count
            }
            if count == 1 {
                allSent.wait()
                throw WriteFailed()
            }
        }
        for chunk in 0..<3 {
            try pipeline.send(count: 2) { index, writer in
                answered.add(1, ordering: .relaxed)
                writer.integer(10 * chunk + index)
            }
        }
        allSent.signal()
        #expect(throws: WriteFailed()) { try pipeline.finish() }
        #expect(output.lines == "0\n1\n")
        #expect(answered.load(ordering: .relaxed) == 6)
    }

    /// Finishing with nothing sent ends the threads at once; an empty chunk is not sent.
    @Test func nothingSentWritesNothing() throws {
        let output = Output()
        let pipeline = AnswerPipeline(threads: 3) { (bytes: [UInt8]) throws(WriteFailed) in
            output.writes.withLock { $0.append(bytes) }
        }
        try pipeline.send(count: 0) { _, writer in writer.null() }
        try pipeline.finish()
        #expect(output.writes.withLock { $0.isEmpty })
    }
}
