// SVGFileTests.swift — `--svg PATH` writes a regular file or a new path only: links, FIFOs, devices and folders are refused and left as they were.
import Foundation
import FoundationXML
import Testing

@Suite struct SVGFileTests {
    /// Both commands that draw, writing to `path`.
    static let drawingCommands: [[String]] = [
        ["flow", "swift", "ios", "--width", "200", "--font", "Fonts/DejaVuSans.ttf", "--svg"],
        ["layout", "Examples/tag-cell.json", "--width", "320", "--svg"],
    ]

    /// A fresh temporary folder for one test, removed by `body`'s end.
    private func withFolder(_ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("caliper-svg-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder)
    }

    private func kind(_ path: String) -> mode_t? {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : nil
    }

    private func expectRefusal(_ command: [String], _ path: String, _ reason: String) throws {
        let result = try CLI.run(command + [path])
        #expect(result.status == 1, "\(command): \(result.standardError)")
        #expect(result.standardError == "Error: cannot write the SVG file \(path): \(reason)\n")
        #expect(result.standardOutput.isEmpty)
    }

    @Test(arguments: drawingCommands)
    func aNewPathAndAnExistingFileAreWritten(_ command: [String]) throws {
        try withFolder { folder in
            let new = folder.appendingPathComponent("new.svg")
            #expect(try CLI.run(command + [new.path]).status == 0)
            let written = try Data(contentsOf: new)
            #expect(XMLParser(data: written).parse())
            // An existing file longer than the picture is emptied first: nothing of it is left.
            let existing = folder.appendingPathComponent("existing.svg")
            try Data(repeating: UInt8(ascii: "z"), count: 1_000_000).write(to: existing)
            #expect(try CLI.run(command + [existing.path]).status == 0)
            #expect(try Data(contentsOf: existing) == written)
            #expect(kind(existing.path) == S_IFREG)
        }
    }

    /// `String.write(atomically: true)` renamed a new file over the link; now the link and what it
    /// points to stay as they were, also when it points nowhere.
    @Test(arguments: drawingCommands)
    func aSymbolicLinkIsRefusedAndItsTargetUnchanged(_ command: [String]) throws {
        try withFolder { folder in
            let target = folder.appendingPathComponent("target.txt")
            try Data("keep me".utf8).write(to: target)
            let link = folder.appendingPathComponent("link.svg")
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
            try expectRefusal(command, link.path, "is a symbolic link")
            #expect(try String(contentsOf: target, encoding: .utf8) == "keep me")
            #expect(kind(link.path) == S_IFLNK)
            let dangling = folder.appendingPathComponent("dangling.svg")
            let nowhere = folder.appendingPathComponent("nowhere.svg")
            try FileManager.default.createSymbolicLink(atPath: dangling.path, withDestinationPath: nowhere.path)
            try expectRefusal(command, dangling.path, "is a symbolic link")
            #expect(kind(nowhere.path) == nil)
        }
    }

    /// A FIFO nobody reads: the old code blocked opening it; now it is refused at once and stays a FIFO.
    @Test(arguments: drawingCommands)
    func aFIFOIsRefusedWithoutWaiting(_ command: [String]) throws {
        try withFolder { folder in
            let fifo = folder.appendingPathComponent("picture.svg").path
            try #require(mkfifo(fifo, 0o600) == 0)
            try expectRefusal(command, fifo, "is a FIFO (named pipe)")
            #expect(kind(fifo) == S_IFIFO)
        }
    }

    @Test(arguments: drawingCommands)
    func aFolderIsRefused(_ command: [String]) throws {
        try withFolder { folder in
            try expectRefusal(command, folder.path, "is a directory")
            #expect(kind(folder.path) == S_IFDIR)
        }
    }

    /// A device is refused without being opened, and stays the device it was (as root the old code
    /// replaced /dev/full with a regular file; tests never touch /dev/full).
    @Test(arguments: drawingCommands)
    func aDeviceIsRefusedAndStaysADevice(_ command: [String]) throws {
        var before = stat()
        try #require(stat("/dev/null", &before) == 0)
        try expectRefusal(command, "/dev/null", "is a character device")
        var after = stat()
        try #require(lstat("/dev/null", &after) == 0)
        #expect(after.st_mode & S_IFMT == S_IFCHR)
        #expect(after.st_rdev == before.st_rdev)
    }

    /// An unwritable place gives one line with the system's reason, not an NSError dump.
    @Test(arguments: drawingCommands)
    func anUnwritablePathGivesOneLine(_ command: [String]) throws {
        try expectRefusal(command, "/nonexistent/dir/x.svg", "No such file or directory")
        try withFolder { folder in
            let file = folder.appendingPathComponent("file")
            try Data().write(to: file)
            try expectRefusal(command, file.path + "/x.svg", "Not a directory")
            // Permissions do not bind root, so this case only runs for other users.
            if geteuid() != 0 {
                let readOnly = folder.appendingPathComponent("read-only")
                try FileManager.default.createDirectory(at: readOnly, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o500])
                try expectRefusal(command, readOnly.appendingPathComponent("x.svg").path, "Permission denied")
            }
        }
    }
}
