// SystemFallback.swift — fontconfig's fallback fonts for a primary font, loaded only when a character needs one.
import Foundation

/// The fonts fontconfig would fall back to for a primary font, in its order (FcFontSort), with
/// their character coverage. A font is loaded only when a character first needs it, and the
/// choice for each character is remembered. Shared and thread-safe.
final class SystemFallback: Sendable {
    private let list: Fontconfig.FallbackList
    private let faces = Locked<[Int: FontFace]>([:])
    private let unloadable = Locked<Set<Int>>([])

    private init(list: Fontconfig.FallbackList) {
        self.list = list
    }

    private struct Key: Hashable {
        var family: String
        var configurationFile: String?
    }

    private static let shared = Locked<[Key: SystemFallback]>([:])

    /// The fallback fonts for `font`, made once per family and configuration.
    static func fallback(for font: FontFace, configurationFile: String?) throws(CaliperError) -> SystemFallback {
        let key = Key(family: font.familyName, configurationFile: configurationFile)
        if let cached = shared.withLock({ $0[key] }) { return cached }
        let made = SystemFallback(
            list: try Fontconfig.fallbackList(family: font.familyName, configurationFile: configurationFile))
        return shared.withLock { shared in
            if let raced = shared[key] { return raced }
            shared[key] = made
            return made
        }
    }

    /// The fallback fonts, in order, that cover every scalar, loaded; fonts that fail to load are skipped.
    func faces(covering scalars: [Unicode.Scalar]) -> some Sequence<FontFace> {
        list.fonts.indices.lazy
            .filter { index in scalars.allSatisfy { self.list.covers($0, fontAt: index) } }
            .compactMap { self.face(at: $0) }
    }

    private func face(at index: Int) -> FontFace? {
        if let face = faces.withLock({ $0[index] }) { return face }
        if unloadable.withLock({ $0.contains(index) }) { return nil }
        let font = list.fonts[index]
        guard let file = try? FontFace(contentsOfFile: font.path, faceIndex: font.faceIndex),
            let face = try? font.namedInstance.map({ (index: Int) throws(CaliperError) in try file.namedInstance(at: index) }) ?? file
        else {
            unloadable.withLock { _ = $0.insert(index) }
            return nil
        }
        return faces.withLock { faces in
            if let raced = faces[index] { return raced }
            faces[index] = face
            return face
        }
    }
}
