// Locked.swift — a value behind a pthread mutex, for Caliper's shared caches.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value that is read and changed only under a lock: a pthread mutex, which ThreadSanitizer
/// sees (`Synchronization.Mutex`, built on futexes on Linux, it does not), so `scripts/sanitize
/// thread` checks Caliper's own synchronisation. The mutex and the value live in memory of their
/// own: the lock already makes access exclusive, and a stored property would add Swift's dynamic
/// exclusivity check (a thread-local look-up) to every access, measurable on the label fast path.
package final class Locked<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let storage: UnsafeMutablePointer<Value>

    package init(_ value: Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        #if os(Linux)
        // Spin briefly before sleeping: the caches hold their lock for a dictionary probe, far
        // shorter than the futex sleep and wake-up another thread would otherwise pay.
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
        #endif
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
        storage = .allocate(capacity: 1)
        storage.initialize(to: value)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&storage.pointee)
    }
}
