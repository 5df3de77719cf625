// ConfinedFile.swift — a file read only if the file actually opened is inside a folder.
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Reads files the way Caliper's font resolver opens fonts: the file is opened once (never
/// blocking, never a FIFO or device), and the kernel's own path of the open descriptor must be
/// inside the folder, so a link swapped between a check and the read cannot lead outside it.
enum ConfinedFile {
    /// The largest file read: a font file.
    static let maximumBytes = 256 << 20

    /// The bytes of the regular file at `path`, or `nil` when it cannot be read or is not inside
    /// `folder` (a real path, links resolved).
    static func read(_ path: String, inside folder: String) -> Data? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) <= maximumBytes else {
            return nil
        }
        guard let real = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)"),
            real.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
        else { return nil }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
        return try? handle.readToEnd() ?? Data()
    }
}
