// FontData.swift — the bytes of a font file, read once and shared by FreeType and HarfBuzz.
import Foundation

/// Owns a font file's bytes. Immutable after `init`; FreeType and HarfBuzz both read from it, and
/// every C object that points into it holds a strong reference to it.
final class FontData: @unchecked Sendable {
    /// Where the bytes came from, for error messages.
    let path: String
    /// The file's bytes; never mutated after `init`.
    let bytes: UnsafeMutableRawBufferPointer

    /// Reads the whole file at `path`, refusing files over `limit` bytes.
    init(contentsOfFile path: String, limit: Int) throws(CaliperError) {
        self.path = path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .fontFileNotFound(path: path)
        }
        guard !isDirectory.boolValue else { throw .fontFileUnreadable(path: path, reason: "it is a directory") }
        let contents: Data
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            if let size = (attributes[.size] as? NSNumber)?.intValue, size > limit {
                throw CaliperError.fontFileTooLarge(path: path, bytes: size, limit: limit)
            }
            contents = try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe)
        } catch let error as CaliperError {
            throw error
        } catch {
            throw .fontFileUnreadable(path: path, reason: error.localizedDescription)
        }
        guard contents.count <= limit else {
            throw .fontFileTooLarge(path: path, bytes: contents.count, limit: limit)
        }
        bytes = .allocate(byteCount: max(contents.count, 1), alignment: 16)
        contents.copyBytes(to: bytes.bindMemory(to: UInt8.self), count: contents.count)
        byteCount = contents.count
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
