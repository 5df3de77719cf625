// Support.swift — a service over the repository's fonts, for tests.
import Foundation

@testable import CaliperService

enum Fixtures {
    /// The repository's root (this file is Server/Tests/CaliperServiceTests/Support.swift).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A service confined to the repository's Fonts folder, with `change` applied to its configuration.
    static func service(_ change: (inout ServiceConfiguration) -> Void = { _ in }) throws -> CaliperService {
        var configuration = ServiceConfiguration()
        configuration.fontRoot = root.appendingPathComponent("Fonts").path
        change(&configuration)
        return try CaliperService(configuration: configuration)
    }
}
