// SVGFile.swift — writes the picture of `flow --svg` and `layout --svg` to a regular file or a new path, never over a link, FIFO or device.
import Caliper
import Foundation

/// Writes an SVG document where `--svg` says, in place.
///
/// `String.write(toFile:atomically: true)` wrote a temporary file and renamed it over the path, so
/// a symbolic link, a FIFO or a device node there was replaced by a regular file (as root,
/// `--svg /dev/full` replaced the device). Here the path must be a regular file or nothing: it is
/// opened without following a link (`O_NOFOLLOW`) and without waiting for a FIFO's reader
/// (`O_NONBLOCK`), checked with fstat(2), and only then emptied and written.
enum SVGFile {
    static func write(_ document: String, toPath path: String) throws(FileError) {
        let cannotWrite = { (reason: String) in FileError.cannotWrite("SVG file", path, reason) }
        // Refuse what is not a regular file before opening it: opening a device can itself act
        // (a terminal, a tape drive). The check after opening is the one that counts if the path
        // changes in between.
        if let kind = Self.kind(atPath: path), kind != .regular { throw cannotWrite(kind.phrase) }
        let descriptor: Int32
        do {
            descriptor = try SystemCall.open(path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, mode: 0o666)
        } catch {
            // ELOOP (a link, with O_NOFOLLOW), ENXIO (a FIFO nobody reads), EISDIR: name what is there.
            throw cannotWrite(Self.kind(atPath: path).flatMap { $0 == .regular ? nil : $0.phrase } ?? error.description)
        }
        let kind: FileKind
        do throws(Errno) {
            kind = try SystemCall.status(of: descriptor).kind
            if kind == .regular {
                try SystemCall.truncate(descriptor)
                try SystemCall.write(descriptor, Array(document.utf8))
            }
        } catch {
            try? SystemCall.close(descriptor)
            throw cannotWrite(error.description)
        }
        guard kind == .regular else {
            try? SystemCall.close(descriptor)
            throw cannotWrite(kind.phrase)
        }
        do {
            try SystemCall.close(descriptor)
        } catch {
            throw cannotWrite(error.description)
        }
    }

    /// What is at `path` itself (a symbolic link is not followed), or `nil` when nothing is there.
    private static func kind(atPath path: String) -> FileKind? {
        (try? SystemCall.linkStatus(atPath: path))?.kind
    }
}
