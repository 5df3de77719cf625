// AnswerSlots.swift — answers computed on several threads, each into the slot it claimed, with no lock.
import Synchronization

/// One slot per answer (or block of answers), each written by exactly one thread, and the index
/// of the next slot no thread has claimed. Threads claim slots through an atomic count and write
/// only their own, so answering takes no lock; ``values`` is read once every slot is written and
/// its writes are visible to the reader (after the threads are joined, or through an
/// acquire-release count of the slots written, as `caliper batch --jobs N`'s pipeline keeps).
package final class AnswerSlots: @unchecked Sendable {
    private let storage: UnsafeMutableBufferPointer<[UInt8]>
    private let next = Atomic<Int>(0)

    /// `count` empty slots.
    package init(count: Int) {
        storage = .allocate(capacity: count)
        storage.initialize(repeating: [])
    }

    deinit {
        storage.deinitialize()
        storage.deallocate()
    }

    /// How many slots there are.
    package var count: Int { storage.count }

    /// Whether every slot has been claimed (not necessarily written).
    package var isTaken: Bool { next.load(ordering: .relaxed) >= storage.count }

    /// The next slot to write, or `nil` when all are claimed.
    package func claim() -> Int? {
        let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
        return index < storage.count ? index : nil
    }

    /// Writes slot `index`, which the caller claimed.
    package func set(_ index: Int, _ value: [UInt8]) {
        storage[index] = value
    }

    /// Every slot's value, in order.
    package var values: [[UInt8]] { Array(storage) }
}
