// FontResolver.swift — turns a font name from a user (a path or a fontconfig pattern) into a loaded face, once.
import Foundation
import Synchronization

/// Resolves font specifications to loaded faces and keeps each face loaded, so a batch of
/// requests naming the same font loads it once. Thread-safe.
///
/// A specification is a **file path** when it contains a `/`, ends in `.ttf`, `.otf`, `.ttc`,
/// `.otc` (case-insensitive), or names an existing file or folder; a face of a collection is picked
/// with `#N` (`"Fonts/x.ttc#1"`). Anything else is a **fontconfig pattern** (`"DejaVu Sans:bold"`);
/// `nil` or `""` is the default font.
public final class FontResolver: Sendable {
    private let faces = Mutex<[String: FontFace]>([:])
    private let fileSizeLimit: Int

    /// - Parameter fileSizeLimit: font files larger than this many bytes are refused.
    public init(fileSizeLimit: Int = FontFace.defaultFileSizeLimit) {
        self.fileSizeLimit = fileSizeLimit
    }

    /// The face for `specification`, loaded on first use.
    public func face(for specification: String?) throws(CaliperError) -> FontFace {
        let key = specification ?? ""
        if let cached = faces.withLock({ $0[key] }) { return cached }
        let face = try Self.load(key, fileSizeLimit: fileSizeLimit)
        return faces.withLock { faces in
            if let raced = faces[key] { return raced }
            faces[key] = face
            return face
        }
    }

    private static func load(_ specification: String, fileSizeLimit: Int) throws(CaliperError) -> FontFace {
        if specification.isEmpty { return try FontFace.systemDefault() }
        guard let (path, faceIndex) = filePath(in: specification) else {
            return try FontFace.matching(specification)
        }
        return try FontFace(contentsOfFile: path, faceIndex: faceIndex, fileSizeLimit: fileSizeLimit)
    }

    /// `(path, faceIndex)` when `specification` names a file, else `nil`.
    static func filePath(in specification: String) -> (String, Int)? {
        var path = specification
        var faceIndex = 0
        if let hash = specification.lastIndex(of: "#"),
            let index = Int(specification[specification.index(after: hash)...]), index >= 0
        {
            path = String(specification[..<hash])
            faceIndex = index
        }
        let fontExtensions: Set<String> = ["ttf", "otf", "ttc", "otc"]
        let isPath = path.contains("/") || fontExtensions.contains((path as NSString).pathExtension.lowercased())
            || FileManager.default.fileExists(atPath: path)
        return isPath ? (path, faceIndex) : nil
    }
}
