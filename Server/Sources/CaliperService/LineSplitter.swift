// LineSplitter.swift — a JSON Lines body cut into lines as its bytes arrive, each line bounded.
import CaliperBatch

/// Cuts bytes into lines at LF (a CR before it dropped), holding at most `limit` bytes of the
/// line it is in: a longer line is reported once, as soon as it passes the limit, and its bytes
/// up to its end are dropped. Blank lines (``BatchProcessor/isBlank(line:)``) are skipped, by the
/// rule `caliper batch` skips them by.
struct LineSplitter {
    enum Piece: Equatable {
        /// A whole line, without its line break.
        case line(String)
        /// A line longer than the limit, skipped.
        case overLong
    }

    let limit: Int
    private var pending: [UInt8] = []
    private var isSkipping = false

    init(limit: Int) { self.limit = limit }

    /// The lines `bytes` ends, in order.
    mutating func feed(_ bytes: some Collection<UInt8>) -> [Piece] {
        var pieces: [Piece] = []
        var start = bytes.startIndex
        while start != bytes.endIndex {
            let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
            let chunk = bytes[start..<newline]
            if !isSkipping {
                if pending.count + chunk.count > limit + 1 {  // +1: a CR before the LF is not counted
                    pending.removeAll(keepingCapacity: false)
                    isSkipping = true
                    pieces.append(.overLong)
                } else {
                    pending.append(contentsOf: chunk)
                }
            }
            guard newline != bytes.endIndex else { break }
            if let line = takeLine() { pieces.append(line) }
            isSkipping = false
            start = bytes.index(after: newline)
        }
        return pieces
    }

    /// The last line, when the bytes ended without a line break.
    mutating func finish() -> [Piece] {
        defer { isSkipping = false }
        guard !isSkipping, let line = takeLine() else { return [] }
        return [line]
    }

    /// The pending line (its CR dropped), or `nil` when it is blank or over the limit.
    private mutating func takeLine() -> Piece? {
        defer { pending.removeAll(keepingCapacity: true) }
        if pending.last == UInt8(ascii: "\r") { pending.removeLast() }
        guard !isSkipping else { return nil }
        if pending.count > limit {
            return .overLong
        }
        guard !BatchProcessor.isBlank(line: pending) else { return nil }
        return .line(String(decoding: pending, as: UTF8.self))
    }
}
