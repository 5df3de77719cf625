// Repository.swift — the one way tests find the repository's files (fixture fonts, goldens, examples).
import Foundation

/// The repository the tests run in, found from this file's path (`Tests/TestSupport/`), so the
/// fixtures are found from any working directory.
public enum Repository {
    /// The repository's root folder.
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The absolute path of `relative`, a path from the repository's root (`"Fonts/DejaVuSans.ttf"`).
    public static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
}
