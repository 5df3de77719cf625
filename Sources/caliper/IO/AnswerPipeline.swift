// AnswerPipeline.swift — `caliper batch --jobs N`: N threads answer chunks of requests as one stream; the thread that finishes a chunk writes it in its turn.
import CaliperBatch
import Foundation
import Synchronization

/// Answers chunks of requests on threads of its own and writes each chunk's answers through
/// `write`, in the order the chunks were sent.
///
/// A thread takes a block of a chunk's requests at a time (up to 16 consecutive ones) and writes
/// their answers, each on a line, into a ``JSONWriter`` of its own, which it keeps from block to
/// block: an answer needs no buffer of its own. There is no barrier between chunks: a thread that
/// finds nothing left to take in the oldest chunk takes requests of the next one while the others
/// finish theirs. The thread that answers a chunk's last block joins the chunk's blocks and
/// writes them if every earlier chunk is written; else it leaves them to the thread writing the
/// chunk before, which writes them next. So no thread only reads or only writes, and no thread
/// waits while there is a request to answer (a writer thread and a per-chunk barrier left the
/// cores idle: see Design, "Costs behind the code").
///
/// The caller is at most `chunksInFlight` chunks ahead of the last one written, which bounds the
/// memory held. A failed write is kept and thrown to the caller at its next ``send(count:answer:)``
/// or at ``finish()``; the chunks after it are answered but not written.
final class AnswerPipeline<Failure: Error>: @unchecked Sendable {
    private let write: @Sendable ([UInt8]) throws(Failure) -> Void
    private let chunksInFlight: Int
    /// Guards every `var` below; threads wait on it for a chunk, the caller for room.
    private let condition = NSCondition()
    /// Sent chunks with a request not yet taken, oldest first (at most `chunksInFlight`).
    private var open: [Chunk] = []
    /// Answered chunks' lines waiting for the chunks before them to be written, by sequence number.
    private var answered: [Int: [UInt8]] = [:]
    private var sent = 0
    /// How many chunks are written (or skipped after a failed write): the next to write.
    private var written = 0
    private var isWriting = false
    private var isClosed = false
    private var running: Int
    private var failure: Failure?
    private let threads: Int
    /// What a thread's writer reserves: the answers of a block of short requests.
    private static var writerCapacity: Int { 64 * 1024 }

    /// Starts `threads` threads that answer what ``send(count:answer:)`` sends and write it with
    /// `write`, keeping at most `chunksInFlight` chunks sent and not yet written. The threads keep
    /// the pipeline until ``finish()`` or ``close()`` lets them end: call one of them.
    init(threads: Int, chunksInFlight: Int = 3, write: @escaping @Sendable ([UInt8]) throws(Failure) -> Void) {
        self.write = write
        self.chunksInFlight = max(1, chunksInFlight)
        self.threads = max(1, threads)
        running = self.threads
        for _ in 0..<running {
            let thread = Thread { [self] in work() }
            // As the main thread's: a request's depth is bounded, but well below 8 MiB of stack
            // would be a limit of its own.
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    /// Sends a chunk of `count` requests, answered by `answer(index, &writer)`, which writes the
    /// answer to request `index` (without its newline) at the end of `writer`, after waiting while
    /// `chunksInFlight` chunks are sent and not yet written. Throws the failure of an earlier write.
    func send(count: Int, answer: @escaping @Sendable (Int, inout JSONWriter) -> Void) throws(Failure) {
        guard count > 0 else { return }
        condition.lock()
        defer { condition.unlock() }
        while failure == nil && sent - written >= chunksInFlight { condition.wait() }
        if let failure { throw failure }
        open.append(Chunk(sequence: sent, count: count, threads: threads, answer: answer))
        sent += 1
        condition.broadcast()
    }

    /// Waits until every chunk sent is answered and written, and the threads have ended; throws
    /// the first failed write. Nothing may be sent after it.
    func finish() throws(Failure) {
        condition.lock()
        defer { condition.unlock() }
        isClosed = true
        condition.broadcast()
        while written < sent || running > 0 { condition.wait() }
        if let failure { throw failure }
    }

    /// Lets the threads end once what was sent is answered, without waiting: for a caller that
    /// stops early (`caliper batch` when a write failed and the next send threw it). Calling it
    /// after ``finish()`` does nothing.
    func close() {
        condition.withLock {
            isClosed = true
            condition.broadcast()
        }
    }

    /// One thread's loop: answer blocks of the oldest open chunk until none is left.
    private func work() {
        var writer = JSONWriter(capacity: Self.writerCapacity)
        while let chunk = nextChunk() {
            while let block = chunk.claim() {
                for index in chunk.requests(inBlock: block) {
                    chunk.answer(index, &writer)
                    writer.lineBreak()
                }
                let lines = writer.bytes
                // A block of huge answers (a flow of thousands of chips) does not stay reserved.
                if writer.byteCount > Self.writerCapacity * 16 {
                    writer = JSONWriter(capacity: Self.writerCapacity)
                } else {
                    writer.rewind(to: 0)
                }
                if chunk.store(lines, inBlock: block) { deliver(chunk.lines(), sequence: chunk.sequence) }
            }
        }
        condition.withLock {
            running -= 1
            condition.broadcast()
        }
    }

    /// The oldest chunk with a request not yet taken; waits for one; `nil` once closed and none is left.
    private func nextChunk() -> Chunk? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            while let first = open.first, first.isTaken { open.removeFirst() }
            if let first = open.first { return first }
            if isClosed { return nil }
            condition.wait()
        }
    }

    /// Hands over the lines of chunk `sequence`, and writes them and those after them that are
    /// answered, in order, unless another thread is writing (it writes them next).
    private func deliver(_ lines: [UInt8], sequence: Int) {
        condition.lock()
        defer { condition.unlock() }
        answered[sequence] = lines
        guard !isWriting else { return }
        isWriting = true
        while let next = answered.removeValue(forKey: written) {
            let skips = failure != nil
            condition.unlock()
            var failed: Failure?
            if !skips {
                do throws(Failure) { try write(next) } catch { failed = error }
            }
            condition.lock()
            if failure == nil { failure = failed }
            written += 1
            condition.broadcast()
        }
        isWriting = false
    }
}

/// A chunk of requests in blocks of consecutive ones: which block is the next to take, the
/// answers of those answered, and how many have been answered.
private final class Chunk: @unchecked Sendable {
    let sequence: Int
    let answer: @Sendable (Int, inout JSONWriter) -> Void
    private let count: Int
    private let blockSize: Int
    /// Each block's answers, each followed by a newline.
    private let blocks: AnswerSlots
    private let stored = Atomic<Int>(0)

    /// A chunk of `count` requests in blocks of up to 16, fewer when the chunk is short: each of
    /// `threads` threads still has about four blocks to take (a client waiting for each handful of
    /// answers has them answered by every thread).
    init(sequence: Int, count: Int, threads: Int, answer: @escaping @Sendable (Int, inout JSONWriter) -> Void) {
        self.sequence = sequence
        self.answer = answer
        self.count = count
        blockSize = min(16, max(1, count / (4 * threads)))
        blocks = AnswerSlots(count: (count + blockSize - 1) / blockSize)
    }

    /// Whether every block has been taken (not necessarily answered).
    var isTaken: Bool { blocks.isTaken }

    /// The next block to answer, or `nil` when all are taken.
    func claim() -> Int? { blocks.claim() }

    /// The requests of block `block`.
    func requests(inBlock block: Int) -> Range<Int> {
        block * blockSize..<min(count, (block + 1) * blockSize)
    }

    /// Keeps the answer lines of block `block`; true when it was the last one answered, after
    /// which the caller (alone) reads ``lines()``.
    func store(_ lines: [UInt8], inBlock block: Int) -> Bool {
        blocks.set(block, lines)
        // Releasing this block's lines; the last also acquires every other thread's.
        return stored.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue == blocks.count
    }

    /// The answers, each followed by a newline, in the requests' order.
    func lines() -> [UInt8] {
        let blocks = blocks.values
        guard blocks.count > 1 else { return blocks[0] }
        var lines: [UInt8] = []
        lines.reserveCapacity(blocks.reduce(0) { $0 + $1.count })
        for block in blocks { lines.append(contentsOf: block) }
        return lines
    }
}
