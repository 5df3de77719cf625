// HarfBuzzBuffers.swift — HarfBuzz objects kept between shapings: each thread's buffer and each font's plan face.
internal import CHarfBuzz
import Foundation

/// The face and font a font's runs with features or a language of their own (one that selects
/// a language system of the font, see ``LanguageSystems``) are shaped with: its bytes and
/// instance on a face of their own, where `hb_shape_full` keeps every plan it makes. HarfBuzz never
/// drops a face's plans and searches them one by one, so one plan face serves at most
/// ``PlanFaces/capacity`` distinct runs (direction, script, language, features) and is then
/// replaced by a new one, whose plans start again; a face still in use by another thread lives
/// until that thread is done.
final class PlanFace: @unchecked Sendable {
    let face: OpaquePointer
    let font: OpaquePointer
    private let owner: HarfBuzzFace  // the face's blob, and the bytes it points into

    init(face: OpaquePointer, font: OpaquePointer, owner: HarfBuzzFace) {
        self.face = face
        self.font = font
        self.owner = owner
    }

    deinit {
        hb_font_destroy(font)
        hb_face_destroy(face)  // its plans go with it
    }
}

/// One font's current ``PlanFace`` and the distinct runs shaped on it.
final class PlanFaces: Sendable {
    /// What a plan depends on besides the font: the buffer's segment properties (the language
    /// as HarfBuzz's interned pointer) and the features. Two runs HarfBuzz would plan alike may
    /// differ here (the same feature twice), never the other way round, so the face holds at most
    /// as many plans as keys.
    struct Key: Hashable {
        var direction: UInt32
        var script: UInt32
        var language: UInt
        var features: [FontFeature]
    }

    /// The most distinct runs one plan face serves.
    static let capacity = 64
    private let current = Locked<(face: PlanFace?, keys: Set<Key>)>((nil, []))

    /// The plan face to shape a run of `key` on: the current one, or one made by `make` when
    /// there is none yet or the current one has served ``capacity`` other runs. `nil` when
    /// HarfBuzz could not make one.
    func face(for key: Key, make: () -> PlanFace?) -> PlanFace? {
        if let face = current.withLock({ current -> PlanFace? in
            guard let face = current.face else { return nil }
            if current.keys.contains(key) { return face }
            guard current.keys.count < Self.capacity else { return nil }
            current.keys.insert(key)
            return face
        }) {
            return face
        }
        guard let made = make() else { return nil }
        return current.withLock { current in
            // Another thread may have made one meanwhile: use it if it has room.
            if let face = current.face, current.keys.contains(key) || current.keys.count < Self.capacity {
                current.keys.insert(key)
                return face
            }
            current = (made, [key])
            return made
        }
    }

    /// How many distinct runs the current plan face has served.
    var count: Int { current.withLock { $0.keys.count } }
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
