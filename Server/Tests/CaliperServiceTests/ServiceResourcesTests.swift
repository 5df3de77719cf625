// ServiceResourcesTests.swift — the files compiled into the binary are the Resources folder's, every one, byte for byte.
import Foundation
import Testing

@testable import CaliperService

struct ServiceResourcesTests {
    /// `CaliperServiceResources` embeds each file of `Sources/CaliperService/Resources` by a line
    /// of its own: a file added to the folder without its line, or a line naming a file no longer
    /// there, fails here.
    @Test func theEmbeddedFilesAreTheFolders() throws {
        let folder = Fixtures.root.appendingPathComponent("Server/Sources/CaliperService/Resources")
        let enumerator = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]))
        var onDisk: [String: [UInt8]] = [:]
        for case let url as URL in enumerator where (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true {
            let path = String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1))
            onDisk[path] = Array(try Data(contentsOf: url))
        }
        #expect(onDisk.count >= 4)
        #expect(Set(ServiceResources.files.keys) == Set(onDisk.keys))
        for (path, bytes) in onDisk {
            #expect(ServiceResources.files[path] == bytes, "\(path)")
        }
    }

    /// Every playground file is served with a media type: one whose extension has none would be
    /// left out of the playground silently.
    @Test func everyPlaygroundFileHasAMediaType() {
        let names = ServiceResources.files.keys.filter { $0.hasPrefix("playground/") }
        #expect(!names.isEmpty)
        #expect(CaliperService.playgroundFiles().count == names.count)
    }
}
