// ComputePool.swift — layouts computed off Swift's cooperative threads, a few at a time, each within a deadline.
import Foundation
import Synchronization

/// Runs CPU-bound work (measuring, laying out) on threads of its own, at most `width` at once, so
/// that a long layout never holds one of the few threads Swift concurrency and SwiftNIO share. Work
/// waits its turn in order; work whose caller stopped waiting (its deadline passed) is skipped.
final class ComputePool: Sendable {
    private let queue: OperationQueue

    init(width: Int) {
        let queue = OperationQueue()
        queue.name = "caliper.compute"
        queue.maxConcurrentOperationCount = width
        queue.qualityOfService = .userInitiated
        self.queue = queue
    }

    /// `work()`'s value, or `nil` when `timeout` passes first (queueing included). Work that has
    /// not started by then never starts; work that has runs to its end, its value dropped.
    func run<Value: Sendable>(timeout: Duration, _ work: @escaping @Sendable () -> Value) async -> Value? {
        await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
            let answer = OnceAnswer(continuation)
            queue.addOperation {
                guard answer.isAwaited else { return }
                answer.resume(with: work())
            }
            let (seconds, attoseconds) = timeout.components
            let nanoseconds = Int(clamping: seconds) &* 1_000_000_000 &+ Int(attoseconds / 1_000_000_000)
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { answer.resume(with: nil) }
        }
    }
}

/// A continuation resumed once, by whichever comes first: the work or its deadline.
private final class OnceAnswer<Value: Sendable>: Sendable {
    private let continuation: Mutex<CheckedContinuation<Value?, Never>?>

    init(_ continuation: CheckedContinuation<Value?, Never>) { self.continuation = Mutex(continuation) }

    /// Whether nothing has resumed the caller yet.
    var isAwaited: Bool { continuation.withLock { $0 != nil } }

    func resume(with value: Value?) {
        continuation.withLock { continuation in
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
