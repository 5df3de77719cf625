// HarfBuzzBuffers.swift — HarfBuzz objects kept between shapings: each thread's buffer, each font's shape plans, the interned languages.
internal import CHarfBuzz
import Foundation

/// One font's shape plans for runs with features or a language, bounded: past ``capacity`` the
/// table starts again. A plan is handed out with a reference of its own, so one dropped while
/// another thread shapes with it lives until that thread is done.
final class ShapePlans: Sendable {
    /// What a plan depends on besides the font: the buffer's segment properties (the language
    /// as HarfBuzz's interned pointer) and the features.
    struct Key: Hashable {
        var direction: UInt32
        var script: UInt32
        var language: UInt
        var features: [FontFeature]
    }

    /// The most plans one font keeps.
    static let capacity = 64
    private let plans = Locked<[Key: OpaquePointer]>([:])

    /// A reference to the plan for `key`, made by `make` when the table has none; the caller
    /// destroys it after use. `nil` when HarfBuzz could not make one.
    func plan(for key: Key, make: () -> OpaquePointer?) -> OpaquePointer? {
        if let known = plans.withLock({ $0[key].map { hb_shape_plan_reference($0) } }) { return known }
        guard let made = make() else { return nil }
        var dropped: [OpaquePointer] = []
        let plan = plans.withLock { plans in
            if let raced = plans[key] {
                dropped.append(made)
                return hb_shape_plan_reference(raced)
            }
            if plans.count >= Self.capacity {
                dropped = Array(plans.values)
                plans.removeAll(keepingCapacity: true)
            }
            plans[key] = made
            return hb_shape_plan_reference(made)
        }
        for plan in dropped { hb_shape_plan_destroy(plan) }
        return plan
    }

    /// How many plans the table holds.
    var count: Int { plans.withLock { $0.count } }

    func removeAll() {
        let dropped = plans.withLock { plans in
            defer { plans.removeAll() }
            return Array(plans.values)
        }
        for plan in dropped { hb_shape_plan_destroy(plan) }
    }
}

/// HarfBuzz's languages by tag. `hb_language_from_string` keeps every tag it is given for the
/// life of the process and searches them one by one, so each tag is looked up there once and
/// found here afterwards (the pointers it returns never change). Bounded: past ``capacity``
/// tags the table starts again.
enum Languages {
    static let capacity = 4_096
    private static let known = Locked<[String: UInt]>([:])

    static func language(_ tag: String) -> hb_language_t? {
        if let bits = known.withLock({ $0[tag] }) { return hb_language_t(bitPattern: bits) }
        let language = tag.withCString { hb_language_from_string($0, -1) }
        let bits = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(language)))
        known.withLock { known in
            if known.count >= capacity { known.removeAll(keepingCapacity: true) }
            known[tag] = bits
        }
        return language
    }
}

/// One HarfBuzz buffer per thread, reused by every shaping on that thread: a buffer must not be
/// shared between threads, and creating one per call cost an allocation and its set-up each time.
/// The thread's buffer is destroyed when the thread exits.
enum ThreadBuffer {
    private static let key: pthread_key_t? = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { buffer in
            if let buffer { hb_buffer_destroy(OpaquePointer(buffer)) }
        }
        return status == 0 ? key : nil
    }()

    /// This thread's buffer, empty, or `nil` if HarfBuzz could not allocate one.
    static func current() -> OpaquePointer? {
        guard let key else { return nil }
        if let buffer = pthread_getspecific(key) { return OpaquePointer(buffer) }
        guard let buffer = hb_buffer_create(), hb_buffer_allocation_successful(buffer) != 0 else { return nil }
        guard pthread_setspecific(key, UnsafeRawPointer(buffer)) == 0 else {
            hb_buffer_destroy(buffer)
            return nil
        }
        return buffer
    }

    /// Empties the thread's buffer for the next shaping; one that grew past `largeGlyphCount`
    /// glyphs (a long paragraph) is destroyed instead, so no thread keeps a large buffer alive.
    static func finished(with buffer: OpaquePointer) {
        guard let key, hb_buffer_get_length(buffer) > largeGlyphCount else {
            hb_buffer_clear_contents(buffer)
            return
        }
        pthread_setspecific(key, nil)
        hb_buffer_destroy(buffer)
    }

    private static let largeGlyphCount: UInt32 = 16_384
}
