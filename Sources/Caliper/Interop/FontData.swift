// FontData.swift — the bytes of a font file, read once and shared by FreeType and HarfBuzz.
import Foundation

/// Owns a font file's bytes. Immutable after `init`; FreeType and HarfBuzz both read from it, and
/// every C object that points into it holds a strong reference to it.
final class FontData: @unchecked Sendable {
    /// Where the bytes came from, for error messages.
    let path: String
    /// The file's bytes; never mutated after `init`.
    let bytes: UnsafeMutableRawBufferPointer

    /// Reads the whole file at `path` straight into memory, refusing files over `limit` bytes.
    init(contentsOfFile path: String, limit: Int) throws(CaliperError) {
        self.path = path
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw .fontFileNotFound(path: path) }
            throw .fontFileUnreadable(path: path, reason: String(cString: strerror(code)))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .fontFileUnreadable(path: path, reason: String(cString: strerror(errno)))
        }
        guard status.st_mode & S_IFMT != S_IFDIR else { throw .fontFileUnreadable(path: path, reason: "it is a directory") }
        let size = Int(status.st_size)
        guard size <= limit else { throw .fontFileTooLarge(path: path, bytes: size, limit: limit) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(size, 1), alignment: 16)
        guard let base = buffer.baseAddress else {
            buffer.deallocate()
            throw .fontFileUnreadable(path: path, reason: "out of memory")
        }
        var filled = 0
        while filled < size {
            let count = read(descriptor, base + filled, size - filled)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                let reason = count < 0 ? String(cString: strerror(errno)) : "the file shrank while it was read"
                buffer.deallocate()
                throw .fontFileUnreadable(path: path, reason: reason)
            }
            filled += count
        }
        bytes = buffer
        byteCount = size
    }

    /// Copies `source`, a font held in memory; `name` stands for its path in messages.
    init(bytes source: some Collection<UInt8>, name: String, limit: Int) throws(CaliperError) {
        path = name
        guard source.count <= limit else { throw .fontFileTooLarge(path: name, bytes: source.count, limit: limit) }
        bytes = .allocate(byteCount: max(source.count, 1), alignment: 16)
        _ = bytes.initializeMemory(as: UInt8.self, from: source)
        byteCount = source.count
    }

    /// The number of meaningful bytes (`bytes` is at least one byte long, even for an empty file).
    let byteCount: Int

    deinit { bytes.deallocate() }
}
