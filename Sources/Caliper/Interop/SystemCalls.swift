// SystemCalls.swift — every system call Caliper and its CLI make (open, read, pread, write, poll, stat, readlink, realpath…), retried on EINTR and failing with a typed Errno.
import Glibc

/// A failed system call's error number: its C name (``name``, `ENOENT`) and the C library's words
/// for it (``description``, "No such file or directory"), which is what messages print.
package struct Errno: Error, Hashable, Sendable, CustomStringConvertible {
    /// The number, as `errno` holds it.
    package let code: Int32

    package init(code: Int32) {
        self.code = code
    }

    /// The error of the system call that just failed.
    package static var current: Errno { Errno(code: errno) }

    /// What the C library says of the error (`strerror`), e.g. "No such file or directory".
    package var description: String { String(cString: strerror(code)) }

    /// The C name of the error, e.g. `ENOENT`; `errno 140` for a number not named here.
    package var name: String {
        switch code {
        case EPERM: "EPERM"
        case ENOENT: "ENOENT"
        case ESRCH: "ESRCH"
        case EINTR: "EINTR"
        case EIO: "EIO"
        case ENXIO: "ENXIO"
        case E2BIG: "E2BIG"
        case ENOEXEC: "ENOEXEC"
        case EBADF: "EBADF"
        case ECHILD: "ECHILD"
        case EAGAIN: "EAGAIN"
        case ENOMEM: "ENOMEM"
        case EACCES: "EACCES"
        case EFAULT: "EFAULT"
        case EBUSY: "EBUSY"
        case EEXIST: "EEXIST"
        case EXDEV: "EXDEV"
        case ENODEV: "ENODEV"
        case ENOTDIR: "ENOTDIR"
        case EISDIR: "EISDIR"
        case EINVAL: "EINVAL"
        case ENFILE: "ENFILE"
        case EMFILE: "EMFILE"
        case ENOTTY: "ENOTTY"
        case ETXTBSY: "ETXTBSY"
        case EFBIG: "EFBIG"
        case ENOSPC: "ENOSPC"
        case ESPIPE: "ESPIPE"
        case EROFS: "EROFS"
        case EMLINK: "EMLINK"
        case EPIPE: "EPIPE"
        case ERANGE: "ERANGE"
        case ENAMETOOLONG: "ENAMETOOLONG"
        case ENOSYS: "ENOSYS"
        case ENOTEMPTY: "ENOTEMPTY"
        case ELOOP: "ELOOP"
        case EOVERFLOW: "EOVERFLOW"
        case ENOTSUP: "ENOTSUP"
        case ESTALE: "ESTALE"
        case EDQUOT: "EDQUOT"
        case ECONNRESET: "ECONNRESET"
        case ETIMEDOUT: "ETIMEDOUT"
        default: "errno \(code)"
        }
    }
}

/// What is at a path or behind a descriptor, as the `S_IFMT` bits of its mode say.
package enum FileKind: Equatable, Sendable {
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
}

/// What stat(2) says of a file: its kind, which file it is (device and inode), its size and when
/// it was last modified.
package struct FileStatus: Sendable {
    package var kind: FileKind
    package var device: UInt64
    package var inode: UInt64
    package var byteCount: Int
    package var modifiedSeconds: Int
    package var modifiedNanoseconds: Int

    init(_ status: stat) {
        kind = FileKind(mode: status.st_mode)
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        byteCount = Int(status.st_size)
        modifiedSeconds = Int(status.st_mtim.tv_sec)
        modifiedNanoseconds = Int(status.st_mtim.tv_nsec)
    }
}

/// The system calls Caliper makes, each in one place, so that every caller gets EINTR retries,
/// whole writes and error numbers handled the same way, and a failure as a typed ``Errno``.
///
/// Reading and writing go through these rather than `FileHandle`, whose `write(_:)` and
/// `readDataToEndOfFile()` trap (a forced `try`) when the call fails: a closed pipe with SIGPIPE
/// ignored, standard input that is a directory. A path with a NUL character is refused with
/// `EINVAL`: C would end it there and act on another path.
package enum SystemCall {
    /// Opens `path`; `mode` applies when `flags` has `O_CREAT`.
    package static func open(_ path: String, _ flags: Int32, mode: mode_t = 0o666) throws(Errno) -> Int32 {
        try requireCString(path)
        while true {
            let descriptor = Glibc.open(path, flags, mode)
            if descriptor >= 0 { return descriptor }
            guard errno == EINTR else { throw .current }
        }
    }

    /// Closes `descriptor`; an error here can be the first sign that written data did not reach the
    /// disk (NFS, a full disk), so callers that wrote check it.
    package static func close(_ descriptor: Int32) throws(Errno) {
        // EINTR from close(2) on Linux still closes the descriptor: retrying could close another's.
        guard Glibc.close(descriptor) == 0 || errno == EINTR else { throw .current }
    }

    /// Reads what `descriptor` has, up to `buffer.count` bytes: 0 at the end of the input. Like
    /// read(2) it returns as soon as a pipe has something, so a line is handled when it arrives.
    package static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
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

    /// Reads up to `buffer.count` bytes of the file behind `descriptor` from `offset` on, without
    /// moving its position (pread(2)): 0 at the end of the file.
    package static func read(
        _ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, atOffset offset: Int
    ) throws(Errno) -> Int {
        while true {
            let count = pread(descriptor, buffer.baseAddress, buffer.count, off_t(offset))
            if count >= 0 { return count }
            guard errno == EINTR else { throw .current }
        }
    }

    /// Writes all of `bytes` to `descriptor`, however many write(2) calls that takes.
    package static func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(Errno) {
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
    package static func write(_ descriptor: Int32, _ bytes: [UInt8]) throws(Errno) {
        try bytes.withUnsafeBytes { buffer in Result { () throws(Errno) in try write(descriptor, buffer) } }.get()
    }

    /// Empties the regular file behind `descriptor`.
    package static func truncate(_ descriptor: Int32) throws(Errno) {
        while ftruncate(descriptor, 0) != 0 {
            guard errno == EINTR else { throw .current }
        }
    }

    /// What `descriptor` refers to (fstat(2)).
    package static func status(of descriptor: Int32) throws(Errno) -> FileStatus {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .current }
        return FileStatus(status)
    }

    /// What is at `path`, symbolic links followed (stat(2)).
    package static func status(atPath path: String) throws(Errno) -> FileStatus {
        try requireCString(path)
        var status = stat()
        guard stat(path, &status) == 0 else { throw .current }
        return FileStatus(status)
    }

    /// What is at `path` itself: a symbolic link is not followed (lstat(2)).
    package static func linkStatus(atPath path: String) throws(Errno) -> FileStatus {
        try requireCString(path)
        var status = stat()
        guard lstat(path, &status) == 0 else { throw .current }
        return FileStatus(status)
    }

    /// Where the symbolic link at `path` points (readlink(2)), as it is written in the link.
    package static func destination(ofLink path: String) throws(Errno) -> String {
        try requireCString(path)
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(path, &buffer, buffer.count - 1)
        guard length >= 0 else { throw .current }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The absolute path of `path` with every symbolic link, `.` and `..` resolved (realpath(3));
    /// it fails when the path does not exist.
    package static func realPath(_ path: String) throws(Errno) -> String {
        try requireCString(path)
        guard let resolved = realpath(path, nil) else { throw .current }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether `descriptor` is a terminal (isatty(3)).
    package static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) != 0
    }

    /// Whether reading `descriptor` now would not wait: it has input, is at its end or in error
    /// (a regular file always is). An error of poll(2) itself answers `false`: the caller then
    /// acts as if the read might wait, which is always safe.
    package static func canReadWithoutWaiting(_ descriptor: Int32) -> Bool {
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

    private static func requireCString(_ path: String) throws(Errno) {
        guard !path.utf8.contains(0) else { throw Errno(code: EINVAL) }
    }
}
