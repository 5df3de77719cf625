// FontData.swift — font files opened once and checked through their descriptor, and their bytes, read once and shared by FreeType and HarfBuzz.
import Foundation

/// What identifies a font file's contents without reading them: the file (device and inode) and
/// its size and modification time, so a file replaced or rewritten in place is a new identity.
struct FontFileIdentity: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64
    var byteCount: Int
    var modifiedSeconds: Int
    var modifiedNanoseconds: Int

    init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        byteCount = Int(status.st_size)
        modifiedSeconds = Int(status.st_mtim.tv_sec)
        modifiedNanoseconds = Int(status.st_mtim.tv_nsec)
    }
}

/// A font file opened once for reading. Every check (what kind of file it is, where it really is,
/// its identity) and the read itself go through this one descriptor, so what was checked is what
/// is read: a path checked and then opened again by name can be swapped in between.
final class FontFile {
    /// The path as given, for error messages.
    let path: String
    let identity: FontFileIdentity
    private let descriptor: Int32

    /// Opens the regular file at `path`, refusing anything else (a directory, a FIFO, a device, a
    /// socket) before reading a byte. FIFOs and devices are not even opened when `stat` already
    /// tells what they are; the descriptor is opened non-blocking, so one that was swapped in
    /// cannot block, and checked again.
    init(path: String) throws(CaliperError) {
        self.path = path
        guard !path.utf8.contains(0) else { throw .invalidFontName(path) }  // C would end the path there
        var status = stat()
        guard stat(path, &status) == 0 else { throw Self.openError(path: path, code: errno) }
        try Self.requireRegularFile(status, path: path)
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else { throw Self.openError(path: path, code: errno) }
        guard fstat(descriptor, &status) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .fontFileUnreadable(path: path, reason: reason)
        }
        do throws(CaliperError) {
            try Self.requireRegularFile(status, path: path)
        } catch {
            close(descriptor)
            throw error
        }
        self.descriptor = descriptor
        identity = FontFileIdentity(status)
    }

    deinit { close(descriptor) }

    /// The absolute path of the file this descriptor has open, as the kernel resolved it when it
    /// was opened (every symbolic link, `.` and `..` resolved), or `nil` if the kernel cannot say
    /// (no `/proc`).
    var openedPath: String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/fd/\(descriptor)", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Up to `count` bytes at `offset` (fewer at the end of the file), for reading a table or two
    /// without the whole file.
    func bytes(at offset: Int, count: Int) throws(CaliperError) -> [UInt8] {
        guard offset >= 0, count >= 0, offset < identity.byteCount else { return [] }
        let wanted = min(count, identity.byteCount - offset)
        var result = [UInt8](repeating: 0, count: wanted)
        var filled = 0
        while filled < wanted {
            let got = result.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress.map { $0 + filled }, wanted - filled, off_t(offset + filled))
            }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else {
                if got < 0 { throw .fontFileUnreadable(path: path, reason: String(cString: strerror(errno))) }
                break
            }
            filled += got
        }
        return Array(result.prefix(filled))
    }

    /// Reads the whole file, refusing one over `limit` bytes (or over ``FontData/maximumByteCount``).
    func read(limit: Int) throws(CaliperError) -> FontData {
        let size = identity.byteCount
        let limit = min(limit, FontData.maximumByteCount)
        guard size <= limit else { throw .fontFileTooLarge(path: path, bytes: size, limit: limit) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(size, 1), alignment: 16)
        guard let base = buffer.baseAddress else {
            buffer.deallocate()
            throw .fontFileUnreadable(path: path, reason: "out of memory")
        }
        var filled = 0
        while filled < size {
            let count = Glibc.read(descriptor, base + filled, size - filled)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                let reason = count < 0 ? String(cString: strerror(errno)) : "the file shrank while it was read"
                buffer.deallocate()
                throw .fontFileUnreadable(path: path, reason: reason)
            }
            filled += count
        }
        return FontData(path: path, bytes: buffer, byteCount: size)
    }

    private static func openError(path: String, code: Int32) -> CaliperError {
        code == ENOENT || code == ENOTDIR
            ? .fontFileNotFound(path: path) : .fontFileUnreadable(path: path, reason: String(cString: strerror(code)))
    }

    private static func requireRegularFile(_ status: stat, path: String) throws(CaliperError) {
        let kind: String
        switch status.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: throw .fontFileUnreadable(path: path, reason: "it is a directory")
        case S_IFIFO: kind = "a FIFO (named pipe)"
        case S_IFCHR: kind = "a character device"
        case S_IFBLK: kind = "a block device"
        case S_IFSOCK: kind = "a socket"
        default: kind = "a special file"
        }
        throw .fontFileUnreadable(path: path, reason: "it is \(kind), not a regular file")
    }
}

/// Owns a font file's bytes. Immutable after `init`; FreeType and HarfBuzz both read from it, and
/// every C object that points into it holds a strong reference to it.
final class FontData: @unchecked Sendable {
    /// The most bytes a font may have: HarfBuzz takes a blob's length as a 32-bit `unsigned int`.
    static let maximumByteCount = Int(UInt32.max)

    /// Where the bytes came from, for error messages.
    let path: String
    /// The file's bytes; never mutated after `init`.
    let bytes: UnsafeMutableRawBufferPointer
    /// The number of meaningful bytes (`bytes` is at least one byte long, even for an empty file).
    let byteCount: Int

    fileprivate init(path: String, bytes: UnsafeMutableRawBufferPointer, byteCount: Int) {
        self.path = path
        self.bytes = bytes
        self.byteCount = byteCount
    }

    /// Copies `source`, a font held in memory; `name` stands for its path in messages.
    convenience init(bytes source: some Collection<UInt8>, name: String, limit: Int) throws(CaliperError) {
        let limit = min(limit, Self.maximumByteCount)
        guard source.count <= limit else { throw .fontFileTooLarge(path: name, bytes: source.count, limit: limit) }
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: max(source.count, 1), alignment: 16)
        _ = bytes.initializeMemory(as: UInt8.self, from: source)
        self.init(path: name, bytes: bytes, byteCount: source.count)
    }

    deinit { bytes.deallocate() }
}
