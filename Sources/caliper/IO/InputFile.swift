// InputFile.swift — reads a command's whole input (a text, tags, a layout spec) from a file or standard input, within a size limit.
import Caliper
import Foundation

/// The whole input of `measure`, `flow` and `layout`, read from a file or standard input with
/// read(2): a failure says why (`is a directory`, `Permission denied`), and reading stops at a
/// limit, so a stream such as /dev/zero is refused instead of filling memory. A FIFO or a device
/// is read as the stream it is; opening a FIFO waits until something opens it for writing, as
/// `cat` does — the user named it.
enum InputFile {
    /// The most bytes read for tags or a spec: far beyond any real one, and a bound on the memory an
    /// endless stream can take.
    static let defaultByteLimit = 64 * 1024 * 1024

    /// The most bytes read for a text: any more can only hold more UTF-16 code units than
    /// `TextMeasurer` accepts (a UTF-8 sequence of up to 3 bytes, well-formed or not, becomes at least
    /// one code unit, 4 bytes become 2), so refusing here answers as measuring would, sooner.
    static let textByteLimit = 3 * TextMeasurer.defaultMaximumTextLength

    /// Why a text over ``textByteLimit`` is refused, for the message.
    static let textLimitNote = "more than the \(TextMeasurer.defaultMaximumTextLength) UTF-16 code units a text may have"

    /// The bytes of the file at `path`, or of standard input when `path` is `nil`. `role` names the
    /// file in messages ("text file"); `limitNote`, if any, says why the limit is what it is.
    static func contents(
        ofFile path: String?, role: String, byteLimit: Int = defaultByteLimit, limitNote: String? = nil
    ) throws(FileError) -> [UInt8] {
        let source = path.map { "the \(role) \($0)" } ?? "standard input"
        let cannotRead = { (reason: String) in FileError(description: "cannot read \(source): \(reason)") }
        var descriptor = STDIN_FILENO
        if let path {
            do {
                descriptor = try SystemCall.open(path, O_RDONLY | O_CLOEXEC)
            } catch {
                throw cannotRead(error.description)
            }
        }
        defer { if path != nil { try? SystemCall.close(descriptor) } }
        let bytes: [UInt8]?
        do throws(Errno) {
            guard try SystemCall.status(of: descriptor).kind != .directory else { throw Errno(code: EISDIR) }
            bytes = try readAll(descriptor, byteLimit: byteLimit)
        } catch {
            // Say "is a directory" as the other messages name what a path is.
            throw cannotRead(error.code == EISDIR ? FileKind.directory.phrase : error.description)
        }
        guard let bytes else {
            throw FileError(description: "\(source) is over the limit of \(byteLimit) bytes\(limitNote.map { " (\($0))" } ?? "")")
        }
        return bytes
    }

    /// Everything `descriptor` has until its end, or `nil` once it has given more than `byteLimit` bytes.
    private static func readAll(_ descriptor: Int32, byteLimit: Int) throws(Errno) -> [UInt8]? {
        let readSize = 64 * 1024
        var buffer = ReadBuffer()
        while buffer.count <= byteLimit {
            if try buffer.read(from: descriptor, upTo: readSize, capacityLimit: byteLimit + readSize) == 0 { return buffer.bytes }
        }
        return nil
    }
}
