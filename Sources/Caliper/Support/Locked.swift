// Locked.swift — a value behind a pthread mutex, for Caliper's shared caches.
import Foundation

/// A value that is read and changed only under a lock. It uses `NSLock` (a pthread mutex) rather
/// than `Synchronization.Mutex`, whose futex-based implementation on Linux ThreadSanitizer cannot
/// see, so `scripts/sanitize thread` checks Caliper's own synchronisation.
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
