// ComputePool.swift — layouts computed off Swift's cooperative threads, a few at a time, each within a deadline.
import Foundation
import NIOConcurrencyHelpers
import Synchronization

/// Runs CPU-bound work (measuring, laying out) on threads of its own, at most `width` at once, so
/// that a long layout never holds one of the few threads Swift concurrency and SwiftNIO share. Work
/// waits its turn in order; work whose caller stopped waiting (its deadline passed) is skipped.
///
/// The pool is `width` threads taking work from one queue, and one more thread that answers
/// `nil` to each caller whose deadline passes first, rather than an `OperationQueue` with a
/// dispatch timer per request, whose bookkeeping (key-value observation included) and timers'
/// heap go through locks every request shares. Its threads end when the pool is freed.
final class ComputePool: Sendable {
    private let shared: Shared

    init(width: Int) {
        shared = Shared()
        for index in 0..<max(1, width) {
            let thread = Thread { [shared] in shared.runQueuedWork() }
            thread.name = "compute-\(index)"
            // As the main thread's: a request's depth is bounded, but well below 8 MiB of stack
            // would be a limit of its own.
            thread.stackSize = 8 << 20
            thread.start()
        }
        let deadlines = Thread { [shared] in shared.keepDeadlines() }
        deadlines.name = "deadlines"
        deadlines.start()
    }

    deinit { shared.stop() }

    /// What the threads share, for a test that the threads end once the pool is freed.
    var sharedForTesting: AnyObject { shared }

    /// `work()`'s value, or `nil` when `timeout` passes first (queueing included). Work that has
    /// not started by then never starts; work that has runs to its end, its value dropped.
    func run<Value: Sendable>(timeout: Duration, _ work: @escaping @Sendable () -> Value) async -> Value? {
        await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
            let answer = OnceAnswer(continuation)
            shared.add(Job(
                // A year at most: an instant past the clock's range would trap.
                deadline: ContinuousClock.now + min(timeout, .seconds(365 * 86_400)),
                run: {
                    guard answer.isAwaited else { return }
                    answer.resume(with: work())
                },
                expire: { answer.resume(with: nil) }))
        }
    }

    /// Work in the pool: queued, running, or done and not yet let go.
    private final class Job: @unchecked Sendable {
        let deadline: ContinuousClock.Instant
        let run: @Sendable () -> Void
        let expire: @Sendable () -> Void
        /// Where the job is in `Shared.pending` while it is there (guarded by `Shared.deadlines`).
        var place: Int?

        init(deadline: ContinuousClock.Instant, run: @escaping @Sendable () -> Void, expire: @escaping @Sendable () -> Void) {
            self.deadline = deadline
            self.run = run
            self.expire = expire
        }
    }

    /// What the pool's threads share: the queue, under one lock, and the jobs whose caller may
    /// still be waiting, under another (the deadline thread's).
    private final class Shared: @unchecked Sendable {
        /// Guards `arriving`, `leaving` and `isStopped`; the compute threads wait on it for work.
        private let work = NSCondition()
        /// Work not yet started, in order: `leaving` from its end, then `arriving` from its start
        /// (a queue of two arrays; each job is moved once, and let go when it is taken).
        private var arriving: [Job] = []
        private var leaving: [Job] = []
        private var isStopped = false
        /// Guards `pending`, `nextWake` and `deadlinesStopped`; the deadline thread waits on it.
        private let deadlines = NSCondition()
        /// The jobs not yet answered or expired, in no order (each knows its place): about the
        /// service's requests in flight, as each holds a place of the request gate (a font file
        /// served is read here without one).
        private var pending: [Job] = []
        /// When the deadline thread wakes next; `nil` while it sleeps until a job comes.
        private var nextWake: ContinuousClock.Instant?
        private var deadlinesStopped = false

        func add(_ job: Job) {
            deadlines.withLock {
                job.place = pending.count
                pending.append(job)
                // The deadline thread is woken only when this deadline comes before its next
                // waking: at one timeout, deadlines come in order, and it sleeps on.
                if nextWake.map({ job.deadline < $0 }) ?? true { deadlines.signal() }
            }
            work.withLock {
                arriving.append(job)
                work.signal()
            }
        }

        func stop() {
            work.withLock {
                isStopped = true
                work.broadcast()
            }
            deadlines.withLock {
                deadlinesStopped = true
                deadlines.signal()
            }
        }

        /// A compute thread: runs queued work in order until the pool is freed.
        func runQueuedWork() {
            while let job = next() {
                job.run()
                deadlines.withLock { remove(job) }
            }
        }

        private func next() -> Job? {
            work.lock()
            defer { work.unlock() }
            while leaving.isEmpty {
                if !arriving.isEmpty {
                    leaving = arriving.reversed()
                    arriving.removeAll(keepingCapacity: true)
                } else if isStopped {
                    return nil
                } else {
                    work.wait()
                }
            }
            return leaving.popLast()
        }

        /// Lets `job` go from `pending` (`deadlines` held).
        private func remove(_ job: Job) {
            guard let place = job.place else { return }
            let last = pending.removeLast()
            if last !== job {
                pending[place] = last
                last.place = place
            }
            job.place = nil
        }

        /// The deadline thread: answers `nil` to each job whose deadline has passed, sleeping until
        /// the earliest one left.
        func keepDeadlines() {
            deadlines.lock()
            defer { deadlines.unlock() }
            while !deadlinesStopped {
                let now = ContinuousClock.now
                var expired: [Job] = []
                var earliest: ContinuousClock.Instant?
                var index = 0
                while index < pending.count {
                    let job = pending[index]
                    guard job.deadline > now else {
                        remove(job)  // the last job takes its place, looked at next
                        expired.append(job)
                        continue
                    }
                    earliest = earliest.map { min($0, job.deadline) } ?? job.deadline
                    index += 1
                }
                if !expired.isEmpty {
                    deadlines.unlock()
                    for job in expired { job.expire() }
                    // Let go of them here, unlocked: a job's last reference could be what keeps
                    // the pool, whose `stop()` takes this lock.
                    expired.removeAll()
                    deadlines.lock()
                    continue
                }
                nextWake = earliest
                if let earliest {
                    // A wait ends at a time of the wall clock, which can be set back; at most a
                    // second at a time, each waking measured again on the continuous clock, no
                    // deadline is late by more than a second whatever the wall clock does.
                    let (seconds, attoseconds) = min(earliest - now, .seconds(1)).components
                    _ = deadlines.wait(until: Date(timeIntervalSinceNow: Double(seconds) + Double(attoseconds) / 1e18))
                } else {
                    deadlines.wait()
                }
            }
        }
    }
}

/// A continuation resumed once, by whichever comes first: the work or its deadline. (Behind
/// NIO's pthread lock, which ThreadSanitizer sees, as `ServiceMetrics`'s table is.)
private final class OnceAnswer<Value: Sendable>: Sendable {
    private let continuation: NIOLockedValueBox<CheckedContinuation<Value?, Never>?>

    init(_ continuation: CheckedContinuation<Value?, Never>) { self.continuation = NIOLockedValueBox(continuation) }

    /// Whether nothing has resumed the caller yet.
    var isAwaited: Bool { continuation.withLockedValue { $0 != nil } }

    func resume(with value: Value?) {
        continuation.withLockedValue { continuation in
            continuation?.resume(returning: value)
            continuation = nil
        }
    }
}

/// Counts the requests in flight and refuses those over the limit.
final class RequestGate: Sendable {
    private let inFlight = Atomic<Int>(0)
    let limit: Int

    init(limit: Int) { self.limit = limit }

    /// A ticket for one more request, or `nil` when `limit` are in flight; the request counts until
    /// its ticket is freed.
    func enter() -> Ticket? {
        let count = inFlight.add(1, ordering: .relaxed).newValue
        guard count <= limit else {
            inFlight.subtract(1, ordering: .relaxed)
            return nil
        }
        return Ticket(gate: self)
    }

    /// A ticket as soon as one is free, waiting for it up to `timeout`, or `nil` when none freed
    /// in time. For a batch's lines: a line waits its turn within its timeout rather than failing.
    func enter(within timeout: Duration) async -> Ticket? {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let ticket = enter() { return ticket }
            guard ContinuousClock.now < deadline else { return nil }
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    /// The requests in flight now.
    var count: Int { inFlight.load(ordering: .relaxed) }

    /// One request in flight: it leaves the gate when the ticket is freed, however the request
    /// ends (answered, failed, or its client gone before a streamed body was written).
    final class Ticket: Sendable {
        private let gate: RequestGate
        fileprivate init(gate: RequestGate) { self.gate = gate }
        deinit { gate.inFlight.subtract(1, ordering: .relaxed) }
    }
}
