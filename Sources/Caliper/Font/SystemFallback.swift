// SystemFallback.swift — fontconfig's fallback fonts for a primary font, loaded through the system fonts' resolver only when a character needs one.
import Foundation

/// The fonts fontconfig would fall back to for a primary font, in its order (FcFontSort), with
/// their character coverage. A font is loaded only when a character first needs it, through
/// ``FontResolver/systemFonts``, whose cache keeps it within its byte budget and lets it go as it
/// lets any file go. Shared and thread-safe.
///
/// A fallback face is found again through a weak reference, never held here: while anything uses
/// it (a measurement in progress, a cached shape, the resolver's cache) the same face comes back,
/// so the runs of one paragraph never split between two faces of one font; once nothing does, it
/// is loaded anew through the resolver.
final class SystemFallback: Sendable {
    private let list: Fontconfig.FallbackList
    /// The faces loaded so far, by their index in `list`: at most one entry per font of the list.
    private let faces = Locked<[Int: WeakFallbackFace]>([:])
    /// The indices of fonts that failed to load, not tried again.
    private let unloadable = Locked<Set<Int>>([])

    private init(list: Fontconfig.FallbackList) {
        self.list = list
    }

    private struct Key: Hashable {
        var family: String
        var configurationFile: String?
    }

    /// The most lists kept, one per primary family and configuration file (a list made from a
    /// configuration file holds that configuration and its fonts); past it they are all forgotten
    /// and made again when next asked for.
    static let maximumListCount = 64

    private static let shared = Locked<[Key: SystemFallback]>([:])

    /// The fallback fonts for `font`, made once per family and configuration while remembered.
    static func fallback(for font: FontFace, configurationFile: String?) throws(CaliperError) -> SystemFallback {
        let key = Key(family: font.familyName, configurationFile: configurationFile)
        if let cached = shared.withLock({ $0[key] }) { return cached }
        let made = SystemFallback(
            list: try Fontconfig.fallbackList(family: font.familyName, configurationFile: configurationFile))
        return shared.withLock { shared in
            if let raced = shared[key] { return raced }
            if shared.count >= maximumListCount { shared.removeAll() }
            shared[key] = made
            return made
        }
    }

    /// The fallback fonts, in order, that cover every scalar, loaded; fonts that fail to load are skipped.
    func faces(covering scalars: some Collection<Unicode.Scalar>) -> some Sequence<FontFace> {
        list.fonts.indices.lazy
            .filter { index in scalars.allSatisfy { self.list.covers($0, fontAt: index) } }
            .compactMap { self.face(at: $0) }
    }

    private func face(at index: Int) -> FontFace? {
        if let face = faces.withLock({ $0[index]?.face }) { return face }
        if unloadable.withLock({ $0.contains(index) }) { return nil }
        let font = list.fonts[index]
        guard
            let face = try? FontResolver.systemFonts.face(
                ofInstalledFile: font.path, faceIndex: font.faceIndex, namedInstance: font.namedInstance)
        else {
            unloadable.withLock { _ = $0.insert(index) }
            return nil
        }
        return faces.withLock { faces in
            // Two threads may load the same face at once: the first one kept wins.
            if let raced = faces[index]?.face { return raced }
            faces[index] = WeakFallbackFace(face: face)
            return face
        }
    }
}

/// A fallback face held weakly, so that only the resolver's cache and the face's users keep it.
private struct WeakFallbackFace {
    weak var face: FontFace?
}
