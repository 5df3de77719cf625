// FontResolver+FileContents.swift — a font file's bytes, read under the resolver's confinement, for serving the file itself.
import Foundation

extension FontResolver {
    /// The bytes of the font file at `path`, read under the rules ``face(for:)`` follows for a
    /// file: only a regular file (a folder, FIFO, device or socket is refused before a byte is
    /// read) of at most the resolver's file size limit and, for a resolver with a ``fontRoot``, only
    /// one inside it. The file is opened once, and where the kernel says the open file is (every
    /// symbolic link and `..` resolved) is what must lie inside the root, so a link swapped between
    /// a check and the read cannot lead outside it.
    ///
    /// Nothing is parsed or kept: this is for handing a file on whole, as a server does for a
    /// browser's `@font-face`.
    ///
    /// ```swift
    /// let resolver = try FontResolver(fontRoot: "Fonts")
    /// let bytes = try resolver.contentsOfFontFile(atPath: "Fonts/DejaVuSans.ttf")
    /// try resolver.contentsOfFontFile(atPath: "Fonts/../README.md")  // throws fontOutsideRoot
    /// ```
    ///
    /// - Throws: ``CaliperError/fontOutsideRoot(path:root:)`` for a file outside the font root,
    ///   ``CaliperError/fontFileNotFound(path:)``, ``CaliperError/fontFileUnreadable(path:reason:)``
    ///   for what is not a regular file or cannot be read, ``CaliperError/fontFileTooLarge(path:bytes:limit:)``,
    ///   and ``CaliperError/invalidFontName(_:)`` for a path with a NUL character.
    public func contentsOfFontFile(atPath path: String) throws(CaliperError) -> [UInt8] {
        // Before `realPath`: C would end the path at a NUL and resolve another one.
        guard !path.utf8.contains(0) else { throw .invalidFontName(path) }
        let file = try openConfined(path)
        let size = file.identity.byteCount
        let limit = min(fileSizeLimit, FontData.maximumByteCount)
        guard size <= limit else { throw .fontFileTooLarge(path: path, bytes: size, limit: limit) }
        return try file.bytes(at: 0, count: size)
    }
}
