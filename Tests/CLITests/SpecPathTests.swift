// SpecPathTests.swift — a spec's font paths are relative to its folder, the CLI (and scripts/caliper) works in the caller's directory, and unreadable files say why.
import Foundation
import Testing

@Suite struct SpecPathTests {
    /// A new empty folder, removed by `body`'s end.
    func withTemporaryFolder<Result>(_ body: (URL) throws -> Result) throws -> Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("caliper-paths-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(folder)
    }

    /// The tag cell's frames, run from the repository with a relative path.
    func framesFromTheRepository() throws -> [String: [Double]] {
        let result = try CLI.run(["layout", "Examples/tag-cell.json", "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        return try #require(result.jsonLines.first?["frames"] as? [String: [Double]])
    }

    @Test func theTagCellLaysOutFromAnotherDirectoryWithEveryChip() throws {
        let expected = try framesFromTheRepository()
        // Twelve chips, tags[0]…tags[11], and the flow itself.
        #expect(Set(expected.keys) == Set(["tags"] + (0..<12).map { "tags[\($0)]" }))
        let elsewhere = try CLI.run(["layout", CLI.path("Examples/tag-cell.json"), "--json"], in: FileManager.default.temporaryDirectory)
        #expect(elsewhere.status == 0, "\(elsewhere.standardError)")
        #expect(elsewhere.jsonLines.first?["frames"] as? [String: [Double]] == expected)
        let below = try CLI.run(["layout", "../Examples/tag-cell.json", "--json"], in: CLI.root.appendingPathComponent("Tests"))
        #expect(below.jsonLines.first?["frames"] as? [String: [Double]] == expected)
    }

    @Test func aSpecsFontPathsAreReadFromItsFolder() throws {
        try withTemporaryFolder { folder in
            let cells = folder.appendingPathComponent("cells")
            try FileManager.default.createDirectory(at: cells.appendingPathComponent("fonts"), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                atPath: cells.appendingPathComponent("fonts/tag.ttf").path, withDestinationPath: CLI.path("Fonts/NotoSans-Regular.ttf"))
            let spec = try String(contentsOfFile: CLI.path("Examples/tag-cell.json"), encoding: .utf8)
                .replacingOccurrences(of: "../Fonts/NotoSans-Regular.ttf", with: "fonts/tag.ttf")
            try Data(spec.utf8).write(to: cells.appendingPathComponent("myfeed.json"))
            // From the repository (which has no fonts/tag.ttf), from the spec's folder, and from above it.
            let expected = try framesFromTheRepository()
            for (directory, path) in [(CLI.root, cells.path + "/myfeed.json"), (cells, "myfeed.json"), (folder, "cells/myfeed.json")] {
                let result = try CLI.run(["layout", path, "--json"], in: directory)
                #expect(result.status == 0, "\(path) in \(directory.path): \(result.standardError)")
                #expect(result.jsonLines.first?["frames"] as? [String: [Double]] == expected)
            }
            // A path that is right from the current directory but not from the spec's folder is not found, and the message says where it looked.
            let misplaced = spec.replacingOccurrences(of: "fonts/tag.ttf", with: "Fonts/NotoSans-Regular.ttf")
            try Data(misplaced.utf8).write(to: cells.appendingPathComponent("misplaced.json"))
            let result = try CLI.run(["layout", cells.path + "/misplaced.json"])
            #expect(result.status == 1)
            #expect(result.standardError.contains("font file not found: \(cells.path)/Fonts/NotoSans-Regular.ttf"), "\(result.standardError)")
        }
    }

    /// With a font root, a relative font path is read from the root, as the service reads it;
    /// the spelling from the working directory (before 0.2) still names the same file while that
    /// file is inside the root, and the answers are byte for byte the same.
    @Test func batchFontPathsAreReadFromTheFontRootLikeTheService() throws {
        let byName = #"{"id": 1, "text": "Hello, World", "font": "DejaVuSans.ttf", "maxWidth": 50, "fallback": ["NotoSans-Regular.ttf"]}"#
        let fromRepository = byName.replacingOccurrences(of: #""DejaVuSans.ttf""#, with: #""Fonts/DejaVuSans.ttf""#)
            .replacingOccurrences(of: #""NotoSans-Regular.ttf""#, with: #""Fonts/NotoSans-Regular.ttf""#)
        let answers = try CLI.run(["batch", "--font-root", "Fonts"], input: byName + "\n" + fromRepository).standardOutput
            .split(separator: "\n").map(String.init)
        try #require(answers.count == 2)
        #expect(answers[0].contains(#""width":"#), "\(answers[0])")
        #expect(answers[0] == answers[1])
        // Runs name their font as the request names it in the root.
        #expect(answers[0].contains(#""font":"DejaVuSans.ttf""#), "\(answers[0])")
        // From inside the root, with the root ".", the same name.
        let fonts = CLI.root.appendingPathComponent("Fonts")
        #expect(try CLI.run(["batch", "--font-root", "."], input: byName, in: fonts).standardOutput.split(separator: "\n").first.map(String.init) == answers[0])
        // A name that is in neither place is not found, named in the root.
        let missing = try CLI.run(["batch", "--font-root", "Fonts"], input: #"{"id": 1, "text": "x", "font": "Nope.ttf"}"#).jsonLines.first
        #expect((missing?["error"] as? String)?.contains("font file not found: Fonts/Nope.ttf") == true, "\(String(describing: missing))")
        // A file the working directory names outside the root is refused as outside it.
        let outside = try CLI.run(["batch", "--font-root", "Fonts"], input: #"{"id": 1, "text": "x", "font": "Examples/tag-cell.json"}"#).jsonLines.first
        #expect((outside?["error"] as? String)?.contains("outside the allowed font folder") == true, "\(String(describing: outside))")
    }

    @Test func theSVGIsWrittenInTheCurrentDirectory() throws {
        try withTemporaryFolder { folder in
            let result = try CLI.run(["layout", CLI.path("Examples/tag-cell.json"), "--svg", "cell.svg"], in: folder)
            #expect(result.status == 0, "\(result.standardError)")
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("cell.svg").path))
            #expect(!FileManager.default.fileExists(atPath: CLI.path("cell.svg")))
        }
    }

    static let unreadable: [([String], String)] = [
        (["layout", "/no/such/spec.json"], "cannot read the spec file /no/such/spec.json: No such file or directory"),
        (["layout", "Examples"], "cannot read the spec file Examples: is a directory"),
        (["measure", "--file", "/no/such/text.txt"], "cannot read the text file /no/such/text.txt: No such file or directory"),
        (["flow", "--width", "100", "--file", "Fonts"], "cannot read the tag file Fonts: is a directory"),
        (["batch", "--input", "/no/such/requests.jsonl"], "cannot read the request file /no/such/requests.jsonl: No such file or directory"),
        (["measure", "x", "--font", "Fonts"], "cannot read font file Fonts: "),
    ]

    @Test(arguments: unreadable)
    func everyCannotReadSaysWhy(_ arguments: [String], _ message: String) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 1)
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }

    /// scripts/caliper builds in the clone but runs the CLI where it was called: a spec and an SVG
    /// named relative to the caller's directory are read and written there. `swift` is replaced by
    /// a stand-in that builds nothing and shows the test's own build, so no release build is made.
    @Test func theScriptRunsTheCLIInTheCallersDirectory() throws {
        let binary = try #require(CLI.binary)
        try withTemporaryFolder { folder in
            let stub = folder.appendingPathComponent("bin/swift")
            try FileManager.default.createDirectory(at: stub.deletingLastPathComponent(), withIntermediateDirectories: true)
            let script = """
                #!/bin/sh
                for argument in "$@"; do [ "$argument" = --show-bin-path ] && { echo '\(binary.deletingLastPathComponent().path)'; exit 0; }; done
                exit 0
                """
            try Data(script.utf8).write(to: stub)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stub.path)
            let spec = try String(contentsOfFile: CLI.path("Examples/tag-cell.json"), encoding: .utf8)
                .replacingOccurrences(of: "../Fonts/", with: CLI.path("Fonts") + "/")
            try Data(spec.utf8).write(to: folder.appendingPathComponent("myfeed.json"))
            let process = Process()
            process.executableURL = URL(fileURLWithPath: CLI.path("scripts/caliper"))
            process.arguments = ["layout", "myfeed.json", "--svg", "out.svg", "--json"]
            process.currentDirectoryURL = folder
            var environment = ProcessInfo.processInfo.environment
            environment["PATH"] = stub.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
            environment["FONTCONFIG_FILE"] = CLI.path("Fonts/fonts.conf")
            process.environment = environment
            let output = Pipe()
            let error = Pipe()
            process.standardOutput = output
            process.standardError = error
            try process.run()
            let printed = output.fileHandleForReading.readDataToEndOfFile()
            let errors = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(errors)")
            let frames = (try? JSONSerialization.jsonObject(with: printed) as? [String: Any])?["frames"] as? [String: Any]
            #expect(frames?["tags[11]"] != nil)
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.svg").path))
            #expect(!FileManager.default.fileExists(atPath: CLI.path("out.svg")))
        }
    }
}
