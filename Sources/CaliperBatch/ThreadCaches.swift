// ThreadCaches.swift — what each thread answering for a processor measures with, found without a lock.
import Caliper
import Foundation
import Synchronization

/// What the threads answering for one ``BatchProcessor`` (with ``BatchProcessor/cachesPerThread``)
/// measure with, one ``Own`` each: a ``ShapeCache`` (if the measurer has one), a
/// ``FontResolver`` sibling of the processor's, a copy of its font folder and its resolver's
/// faces of the default fallback fonts.
///
/// A thread finds its own without a lock: it keeps it in a slot of its own (``ThreadSlots``), by
/// the generation number of the `ThreadCaches` that made it. The registry of all made (what
/// `/metrics` sums) is locked only when a thread takes one. When a thread exits (a pool thread
/// idle for a while), its own goes back to the registry for the next new thread to take, warm:
/// there are never more than the most threads that answered at once, however often the pool
/// replaces its threads.
final class ThreadCaches: Sendable {
    /// One thread's own.
    final class Own: Sendable {
        let cache: ShapeCache?
        let resolver: FontResolver
        let fontFolder: String?
        let fallbackFonts: [FontFace]

        init(cache: ShapeCache?, resolver: FontResolver, fontFolder: String?, fallbackFonts: [FontFace]) {
            self.cache = cache
            self.resolver = resolver
            self.fontFolder = fontFolder
            self.fallbackFonts = fallbackFonts
        }
    }

    /// The generations given so far: each `ThreadCaches` has its own, never reused (an address
    /// could be, once its object is freed).
    private static let generations = Atomic<UInt64>(0)

    private let generation = ThreadCaches.generations.add(1, ordering: .relaxed).newValue

    private struct Registry {
        /// Every one made, in the order made.
        var made: [Own] = []
        /// Those whose threads have exited, to be taken again.
        var free: [Own] = []
    }
    /// Behind Caliper's pthread lock, which ThreadSanitizer sees (`Synchronization.Mutex` it
    /// does not: each own a thread took from the registry read as a race).
    private let registry = Locked(Registry())

    /// The calling thread's own: kept in its slot, else one a thread that exited left, else
    /// made by `make()`; `nil` when the system gives the thread no slot (no thread key left),
    /// for the caller to answer with what every thread shares.
    func forCurrentThread(make: () -> Own) -> Own? {
        guard let slots = ThreadSlots.current else { return nil }
        if let own = slots.own(of: generation) { return own }
        let own = registry.withLock { $0.free.popLast() } ?? {
            let made = make()
            registry.withLock { $0.made.append(made) }
            return made
        }()
        slots.keep(own, of: generation, owner: self)
        return own
    }

    /// Gives back the own of a thread that exited, for another to take.
    fileprivate func giveBack(_ own: Own) {
        registry.withLock { $0.free.append(own) }
    }

    /// Every one made so far, in the order made.
    var all: [Own] { registry.withLock { $0.made } }

    /// The caches' entries go with their processor: a thread's slot keeps its (empty) cache and
    /// its resolver only until that thread next takes its own for another processor.
    deinit { registry.withLock { registry in registry.made.forEach { $0.cache?.removeAll() } } }
}

/// What one thread has of each processor, by the generation of the ``ThreadCaches`` that made
/// it: a thread answers for one processor or a few, so a short array. Only its own thread reads
/// or writes it, and its thread-exit destructor gives each back to its maker.
final class ThreadSlots {
    // Three arrays rather than one of structs: reading a slot that held its weak reference would
    // copy the reference, and copying a weak reference writes to its object's side table, which
    // every thread shares. The owners are read only when a thread takes one, and at its exit.
    private var generations: [UInt64] = []
    private var owns: [ThreadCaches.Own] = []
    /// Each one's maker: once it is gone, its slot is dropped when the thread next takes one.
    private var owners: [Owner] = []

    private struct Owner {
        weak var caches: ThreadCaches?
    }

    /// The key of every thread's slots; a thread's slots are released when it exits.
    private static let key: pthread_key_t? = {
        var key = pthread_key_t()
        let made = pthread_key_create(&key) { pointer in
            if let pointer { Unmanaged<ThreadSlots>.fromOpaque(pointer).release() }
        }
        return made == 0 ? key : nil
    }()

    /// The calling thread's slots (made on its first call); `nil` when the system has no thread
    /// key to give or cannot store the slots under it.
    static var current: ThreadSlots? {
        guard let key else { return nil }
        if let pointer = pthread_getspecific(key) { return Unmanaged<ThreadSlots>.fromOpaque(pointer).takeUnretainedValue() }
        let retained = Unmanaged.passRetained(ThreadSlots())
        guard pthread_setspecific(key, retained.toOpaque()) == 0 else {
            retained.release()
            return nil
        }
        return retained.takeUnretainedValue()
    }

    func own(of generation: UInt64) -> ThreadCaches.Own? {
        generations.firstIndex(of: generation).map { owns[$0] }
    }

    func keep(_ own: ThreadCaches.Own, of generation: UInt64, owner: ThreadCaches) {
        for index in owners.indices.reversed() where owners[index].caches == nil {
            generations.remove(at: index)
            owns.remove(at: index)
            owners.remove(at: index)
        }
        generations.append(generation)
        owns.append(own)
        owners.append(Owner(caches: owner))
    }

    /// The thread has exited: each own goes back to its maker, if it is still there.
    deinit {
        for (index, own) in owns.enumerated() { owners[index].caches?.giveBack(own) }
    }
}
