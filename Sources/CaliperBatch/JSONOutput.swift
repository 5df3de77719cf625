// JSONOutput.swift — a JSON writer's bytes: one allocation written through a pointer, and the stack of open containers.

/// A writer's output: its bytes in one allocation that doubles as it fills, written through a
/// pointer (an array's append checks its uniqueness and capacity and calls out of line for each
/// piece; an answer is written in hundreds of pieces), and a stack of whether each open object or
/// array has a member or element yet.
final class JSONOutput {
    // Only the writer that owns it touches an output (copy on write), one call at a time, so
    // the run-time exclusivity checks a class's stored properties get (a third of an answer's
    // writing time) guard nothing here.
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var count = 0
    @exclusivity(unchecked) private var capacity: Int
    /// Per open object or array, whether it has a member or element yet (a stack, `depth` deep).
    @exclusivity(unchecked) private var hasContent: UnsafeMutablePointer<Bool>
    @exclusivity(unchecked) private var depth = 0
    @exclusivity(unchecked) private var depthCapacity = 16

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
        hasContent = .allocate(capacity: depthCapacity)
    }

    deinit {
        base.deallocate()
        hasContent.deallocate()
    }

    func copy() -> JSONOutput {
        let copy = JSONOutput(capacity: max(count, 16))
        copy.base.update(from: base, count: count)
        copy.count = count
        copy.reserveDepth(depth)
        copy.hasContent.update(from: hasContent, count: depth)
        copy.depth = depth
        return copy
    }

    var byteCount: Int { count }

    var isAtTopLevel: Bool { depth == 0 }

    /// Back to the first `byteCount` bytes, with no container open.
    func rewind(to byteCount: Int) {
        precondition((0...count).contains(byteCount), "JSONWriter: a rewind past the bytes written")
        count = byteCount
        depth = 0
    }

    func withBytes<Result, Failure: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result) throws(Failure) -> Result {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// Room for `extra` more bytes, doubling the allocation when it is short.
    @inline(__always) private func reserve(_ extra: Int) {
        // Wrapping: a count and what is added to it are lengths of bytes in memory.
        if count &+ extra > capacity { grow(to: count &+ extra) }
    }

    private func grow(to needed: Int) {
        (base, capacity) = Self.enlarged(base, count: count, capacity: capacity, toHold: needed)
    }

    /// `storage`'s first `count` elements moved into a new allocation of twice `capacity`, or of
    /// `needed` when that is more; `storage` is freed. The bytes and the container stack grow so.
    private static func enlarged<Element>(
        _ storage: UnsafeMutablePointer<Element>, count: Int, capacity: Int, toHold needed: Int
    ) -> (UnsafeMutablePointer<Element>, Int) {
        let newCapacity = max(needed, capacity * 2)
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        larger.moveInitialize(from: storage, count: count)
        storage.deallocate()
        return (larger, newCapacity)
    }

    @inline(__always) func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count &+= 1
    }

    @inline(__always) func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        Self.copy(source, count: bytes.count, to: base + count)
        count &+= bytes.count
    }

    /// `count` bytes written by `body` in place, from the pointer it is given: a number's
    /// digits, which are made from the last one back, need no buffer of their own to be copied
    /// from.
    @inline(__always) func appendWritten(count length: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Void) {
        reserve(length)
        body(base + count)
        count &+= length
    }

    /// Copies `count` bytes from `source` to `target` (not overlapping). Most pieces of an answer
    /// are short (a key, a number's digits): up to 16 bytes are copied as two words that may
    /// overlap, without a call to `memcpy` (which took a tenth of an answer's writing); longer
    /// ones through it.
    @inline(__always) static func copy(_ source: UnsafePointer<UInt8>, count: Int, to target: UnsafeMutablePointer<UInt8>) {
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(target)
        switch count {
        case 8...16:
            let head = from.loadUnaligned(as: UInt64.self)
            let tail = from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            to.storeBytes(of: head, as: UInt64.self)
            to.storeBytes(of: tail, toByteOffset: count - 8, as: UInt64.self)
        case 4..<8:
            let head = from.loadUnaligned(as: UInt32.self)
            let tail = from.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            to.storeBytes(of: head, as: UInt32.self)
            to.storeBytes(of: tail, toByteOffset: count - 4, as: UInt32.self)
        case 0..<4:
            for offset in 0..<count { target[offset] = source[offset] }
        default:
            target.update(from: source, count: count)
        }
    }

    /// `"key":` — after a comma when the innermost object already has a member — the key's bytes
    /// as they stand, in one reserve; the value that follows is marked as needing no comma.
    ///
    /// With `valueFollows` false, the caller writes the value itself at once, with no comma to
    /// decide (``JSONWriter``'s `member` methods): the container is left marked as having a member.
    @inline(__always) func appendKey(_ key: UnsafeBufferPointer<UInt8>, valueFollows: Bool = true) {
        let comma = takeMember() ? 1 : 0
        let length = comma &+ key.count &+ 3
        reserve(length)
        // Through a local pointer: a store through `base` could change the object's own fields
        // for all the compiler knows, which it would then read again at every byte.
        let target = base + count
        target[0] = UInt8(ascii: ",")  // overwritten by the quote when no comma is due
        target[comma] = UInt8(ascii: "\"")
        if let source = key.baseAddress {
            Self.copy(source, count: key.count, to: target + comma + 1)
        }
        target[length &- 2] = UInt8(ascii: "\"")
        target[length &- 1] = UInt8(ascii: ":")
        count &+= length
        // The value that follows must not be preceded by a comma.
        if valueFollows { markEmpty() }
    }

    /// Room for `needed` open containers, doubling the stack when it is short.
    private func reserveDepth(_ needed: Int) {
        guard needed > depthCapacity else { return }
        (hasContent, depthCapacity) = Self.enlarged(hasContent, count: depth, capacity: depthCapacity, toHold: needed)
    }

    func open() {
        reserveDepth(depth + 1)
        hasContent[depth] = false
        depth += 1
    }

    func close() {
        precondition(depth > 0, "JSONWriter: a close with nothing open")
        depth -= 1
    }

    /// Whether the innermost open object or array already has a member or element (a comma is
    /// due before the next), marking it as having one.
    @inline(__always) func takeMember() -> Bool {
        guard depth > 0 else { return false }
        if hasContent[depth - 1] { return true }
        hasContent[depth - 1] = true
        return false
    }

    /// The innermost container's next value belongs to the key just written: no comma before it.
    @inline(__always) func markEmpty() {
        if depth > 0 { hasContent[depth - 1] = false }
    }
}
