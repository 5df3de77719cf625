// SystemCalls.swift — the CLI's file system calls (open, stat, read, write…), retried on EINTR and failing with a typed Errno.
import Foundation

/// A failed system call's error number, with the C library's words for it (`strerror`).
///
/// The CLI reads and writes through these calls rather than `FileHandle`, whose `write(_:)` and
/// `readDataToEndOfFile()` trap (a forced `try`) when the call fails: a closed pipe with SIGPIPE
/// ignored, standard input that is a directory.
struct Errno: Error, Equatable, CustomStringConvertible {
    let code: Int32

    /// The error of the system call that just failed.
    static var current: Errno { Errno(code: errno) }

    var description: String { String(cString: strerror(code)) }
}

/// What is at a path or behind a descriptor, in the words an error message uses.
enum FileKind: Equatable {
    case regular, directory, symbolicLink, fifo, characterDevice, blockDevice, socket, unknown

    init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .directory
        case S_IFLNK: self = .symbolicLink
        case S_IFIFO: self = .fifo
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFSOCK: self = .socket
        default: self = .unknown
        }
    }

    /// "is a directory", "is a FIFO"…: what a message says of a path that cannot be used.
    var phrase: String {
        switch self {
        case .regular: "is a regular file"
        case .directory: "is a directory"
        case .symbolicLink: "is a symbolic link"
        case .fifo: "is a FIFO (named pipe)"
        case .characterDevice: "is a character device"
        case .blockDevice: "is a block device"
        case .socket: "is a socket"
        case .unknown: "is not a regular file"
        }
    }
}

/// Thin wrappers of the system calls the CLI makes, so every call site gets EINTR retries,
/// partial writes and error numbers handled the same way.
enum SystemCall {
    /// Opens `path`; `mode` applies when `flags` has `O_CREAT`.
    static func open(_ path: String, _ flags: Int32, mode: mode_t = 0o666) throws(Errno) -> Int32 {
        while true {
            let descriptor = Glibc.open(path, flags, mode)
            if descriptor >= 0 { return descriptor }
            guard errno == EINTR else { throw .current }
        }
    }

    /// What `descriptor` refers to.
    static func kind(of descriptor: Int32) throws(Errno) -> FileKind {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .current }
        return FileKind(mode: status.st_mode)
    }

    /// What is at `path` itself (a symbolic link is not followed), or `nil` when nothing is there.
    static func kind(atPath path: String) -> FileKind? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return FileKind(mode: status.st_mode)
    }

    /// Reads what `descriptor` has, up to `buffer.count` bytes: 0 at the end of the input. Like
    /// read(2) it returns as soon as a pipe has something, so a line is handled when it arrives.
    static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        while true {
            let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            switch errno {
            case EINTR: continue
            // A descriptor left non-blocking by whoever started us: wait for input, as a blocking one would.
            case EAGAIN: try waitUntilReady(descriptor, for: Int16(POLLIN))
            default: throw .current
            }
        }
    }

    /// Writes all of `bytes` to `descriptor`, however many write(2) calls that takes.
    static func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(Errno) {
        guard let base = bytes.baseAddress else { return }
        var written = 0
        while written < bytes.count {
            let count = Glibc.write(descriptor, base + written, bytes.count - written)
            if count > 0 {
                written += count
                continue
            }
            // write(2) returns 0 only for a request of 0 bytes; treat anything else as an I/O error
            // rather than spin.
            guard count < 0 else { throw Errno(code: EIO) }
            switch errno {
            case EINTR: continue
            case EAGAIN: try waitUntilReady(descriptor, for: Int16(POLLOUT))
            default: throw .current
            }
        }
    }

    /// Writes all of `bytes` to `descriptor`.
    static func write(_ descriptor: Int32, _ bytes: [UInt8]) throws(Errno) {
        try bytes.withUnsafeBytes { buffer in Result { () throws(Errno) in try write(descriptor, buffer) } }.get()
    }

    /// Empties the regular file behind `descriptor`.
    static func truncate(_ descriptor: Int32) throws(Errno) {
        while ftruncate(descriptor, 0) != 0 {
            guard errno == EINTR else { throw .current }
        }
    }

    /// Closes `descriptor`; an error here can be the first sign that written data did not reach the
    /// disk (NFS, a full disk), so callers that wrote check it.
    static func close(_ descriptor: Int32) throws(Errno) {
        // EINTR from close(2) on Linux still closes the descriptor: retrying could close another's.
        guard Glibc.close(descriptor) == 0 || errno == EINTR else { throw .current }
    }

    /// Whether reading `descriptor` now would not wait: it has input, is at its end or in error
    /// (a regular file always is). An error of poll(2) itself answers `false`: the caller then
    /// acts as if the read might wait, which is always safe.
    static func canReadWithoutWaiting(_ descriptor: Int32) -> Bool {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&request, 1, 0)
            if ready >= 0 { return ready > 0 }
            guard errno == EINTR else { return false }
        }
    }

    private static func waitUntilReady(_ descriptor: Int32, for events: Int16) throws(Errno) {
        var request = pollfd(fd: descriptor, events: events, revents: 0)
        while poll(&request, 1, -1) < 0 {
            guard errno == EINTR else { throw .current }
        }
    }
}

/// Standard error, for the CLI's own last words; a failure to write them is ignored, as there is
/// nowhere left to report it.
enum StandardError {
    static func write(_ message: String) {
        try? SystemCall.write(STDERR_FILENO, Array(message.utf8))
    }
}
