// FontData.swift — font files opened once and checked through their descriptor, and their bytes, read once and shared by every HarfBuzz face and font over them.
import Foundation

/// What identifies a font file's contents without reading them: the file (device and inode) and
/// its size and modification time, so a file replaced or rewritten in place is a new identity.
struct FontFileIdentity: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64
    var byteCount: Int
    var modifiedSeconds: Int
    var modifiedNanoseconds: Int

    init(_ status: FileStatus) {
        device = status.device
        inode = status.inode
        byteCount = status.byteCount
        modifiedSeconds = status.modifiedSeconds
        modifiedNanoseconds = status.modifiedNanoseconds
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
        let status: FileStatus
        do throws(Errno) {
            status = try SystemCall.status(atPath: path)
        } catch {
            throw Self.openError(path: path, error)
        }
        try Self.requireRegularFile(status.kind, path: path)
        let descriptor: Int32
        do throws(Errno) {
            descriptor = try SystemCall.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        } catch {
            throw Self.openError(path: path, error)
        }
        do throws(CaliperError) {
            let opened: FileStatus
            do throws(Errno) {
                opened = try SystemCall.status(of: descriptor)
            } catch {
                throw .fontFileUnreadable(path: path, reason: error.description)
            }
            try Self.requireRegularFile(opened.kind, path: path)
            identity = FontFileIdentity(opened)
        } catch {
            try? SystemCall.close(descriptor)
            throw error
        }
        self.descriptor = descriptor
    }

    deinit { try? SystemCall.close(descriptor) }

    /// The absolute path of the file this descriptor has open, as the kernel resolved it when it
    /// was opened (every symbolic link, `.` and `..` resolved), or `nil` if the kernel cannot say
    /// (no `/proc`).
    var openedPath: String? {
        guard let opened = try? SystemCall.destination(ofLink: "/proc/self/fd/\(descriptor)"), !opened.isEmpty else { return nil }
        return opened
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
                // `withUnsafeMutableBytes` rethrows untyped errors: carry the typed one out in a Result.
                Result { () throws(Errno) in
                    try SystemCall.read(
                        descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled..<wanted]), atOffset: offset + filled)
                }
            }
            let count: Int
            do throws(Errno) {
                count = try got.get()
            } catch {
                throw .fontFileUnreadable(path: path, reason: error.description)
            }
            guard count > 0 else { break }
            filled += count
        }
        return Array(result.prefix(filled))
    }

    /// Reads the whole file, refusing one over `limit` bytes (or over ``FontData/maximumByteCount``).
    func read(limit: Int) throws(CaliperError) -> FontData {
        let size = identity.byteCount
        let limit = min(limit, FontData.maximumByteCount)
        guard size <= limit else { throw .fontFileTooLarge(path: path, bytes: size, limit: limit) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(size, 1), alignment: 16)
        var filled = 0
        while filled < size {
            let count: Int
            do throws(Errno) {
                count = try SystemCall.read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled..<size]))
            } catch {
                buffer.deallocate()
                throw .fontFileUnreadable(path: path, reason: error.description)
            }
            guard count > 0 else {
                buffer.deallocate()
                throw .fontFileUnreadable(path: path, reason: "the file shrank while it was read")
            }
            filled += count
        }
        return FontData(path: path, bytes: buffer, byteCount: size)
    }

    private static func openError(path: String, _ error: Errno) -> CaliperError {
        error.code == ENOENT || error.code == ENOTDIR
            ? .fontFileNotFound(path: path) : .fontFileUnreadable(path: path, reason: error.description)
    }

    private static func requireRegularFile(_ kind: FileKind, path: String) throws(CaliperError) {
        let described: String
        switch kind {
        case .regular: return
        case .directory: throw .fontFileUnreadable(path: path, reason: "it is a directory")
        case .fifo: described = "a FIFO (named pipe)"
        case .characterDevice: described = "a character device"
        case .blockDevice: described = "a block device"
        case .socket: described = "a socket"
        case .symbolicLink, .unknown: described = "a special file"
        }
        throw .fontFileUnreadable(path: path, reason: "it is \(described), not a regular file")
    }
}

/// Owns a font file's bytes. Immutable after `init`; HarfBuzz's faces and fonts read from it, and
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
