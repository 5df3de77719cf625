// CLIRunner.swift — runs the built `caliper` binary with arguments and standard input, capturing its output.
import Foundation

struct CLIResult {
    var status: Int32
    var standardOutput: String
    var standardError: String

    /// Standard output parsed as one JSON object per line.
    var jsonLines: [[String: Any]] {
        standardOutput.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
    }
}

enum CLI {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// The `caliper` binary SwiftPM built next to the test bundle.
    static let binary: URL? = {
        var directory = Bundle.main.bundleURL
        for _ in 0..<3 {
            let candidate = directory.appendingPathComponent("caliper")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        return nil
    }()

    struct BinaryMissing: Error {}

    /// Runs `caliper` with fontconfig restricted to the fixture fonts, so patterns resolve the same everywhere.
    static func run(_ arguments: [String], input: String = "") throws -> CLIResult {
        guard let binary else { throw BinaryMissing() }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = root
        var environment = ProcessInfo.processInfo.environment
        environment["FONTCONFIG_FILE"] = path("Fonts/fonts.conf")
        process.environment = environment
        let standardInput = Pipe()
        let standardOutput = Pipe()
        let standardError = Pipe()
        process.standardInput = standardInput
        process.standardOutput = standardOutput
        process.standardError = standardError
        try process.run()
        standardInput.fileHandleForWriting.write(Data(input.utf8))
        try standardInput.fileHandleForWriting.close()
        let output = standardOutput.fileHandleForReading.readDataToEndOfFile()
        let error = standardError.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CLIResult(
            status: process.terminationStatus, standardOutput: String(decoding: output, as: UTF8.self),
            standardError: String(decoding: error, as: UTF8.self))
    }

    /// hb-shape's width in points of `text` in `font` at `size`, from Tests/Goldens/advances.json.
    static func goldenWidth(_ text: String, font: String, size: Double) throws -> Double {
        let data = try Data(contentsOf: root.appendingPathComponent("Tests/Goldens/advances.json"))
        let cases = (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["cases"] as? [[String: Any]] ?? []
        guard let found = cases.first(where: { $0["font"] as? String == font && $0["text"] as? String == text && $0["features"] as? String == "" }),
            let advance = found["advanceSum"] as? Int, let unitsPerEm = found["unitsPerEm"] as? Int
        else { throw BinaryMissing() }
        return Double(advance) * size / Double(unitsPerEm)
    }

    /// hb-shape's advance sum for `text` in DejaVu Sans, from Tests/Goldens/advances.json.
    static func goldenAdvance(_ text: String, font: String = "Fonts/DejaVuSans.ttf") throws -> Int {
        let data = try Data(contentsOf: root.appendingPathComponent("Tests/Goldens/advances.json"))
        let cases = (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["cases"] as? [[String: Any]] ?? []
        guard let found = cases.first(where: { $0["font"] as? String == font && $0["text"] as? String == text && $0["features"] as? String == "" }),
            let advance = found["advanceSum"] as? Int
        else { throw BinaryMissing() }
        return advance
    }
}
