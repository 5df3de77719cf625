// InstallDepsTests.swift — scripts/install-deps against stand-ins for dpkg-query and apt-get: what counts as installed, waiting for a lock.
import Foundation
import Testing

@Suite struct InstallDepsTests {
    /// Runs `scripts/install-deps` with stand-ins for `dpkg-query` (every package in `status`),
    /// `apt-get` (failing on a held lock for its first `lockedCalls` calls), `id` (root) and
    /// `sleep` (returns at once) first on the PATH; returns the exit status, standard error and
    /// the apt-get calls made.
    private func run(status: String, lockedCalls: Int) throws -> (status: Int32, standardError: String, aptCalls: [String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("caliper-deps-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("apt.log").path
        let stubs = [
            "dpkg-query": "printf '%s' '\(status)'",
            "id": "echo 0",
            "sleep": "exit 0",
            "apt-get": """
                calls=$(wc -l < '\(log)' 2>/dev/null || echo 0)
                echo "$*" >> '\(log)'
                if [ "$calls" -lt \(lockedCalls) ]; then
                    echo "E: Could not get lock /var/lib/apt/lists/lock. It is held by process 4242 (apt-get)" >&2
                    exit 100
                fi
                """,
        ]
        for (name, body) in stubs {
            let path = folder.appendingPathComponent(name).path
            #expect(FileManager.default.createFile(atPath: path, contents: Data("#!/usr/bin/env bash\n\(body)\n".utf8)))
            #expect(chmod(path, 0o755) == 0)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [CLI.path("scripts/install-deps")]
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = folder.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        process.environment = environment
        let standardError = Pipe()
        process.standardError = standardError
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let errorText = String(decoding: standardError.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let calls = (try? String(contentsOfFile: log, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
        return (process.terminationStatus, errorText, calls)
    }

    /// A package whose only pending work is another package's triggers is installed: nothing to do.
    @Test func pendingTriggersCountAsInstalled() throws {
        for status in ["installed", "triggers-pending", "triggers-awaited"] {
            let result = try run(status: status, lockedCalls: 0)
            #expect(result.status == 0, "\(status): \(result.standardError)")
            #expect(result.aptCalls.isEmpty, "\(status)")
        }
    }

    /// Another apt holding the lock is waited for, not a failure.
    @Test func waitsForAnotherAptsLock() throws {
        let result = try run(status: "not-installed", lockedCalls: 2)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("waiting for another apt or dpkg"))
        #expect(result.aptCalls.count == 4)
        #expect(result.aptCalls.allSatisfy { $0.contains("DPkg::Lock::Timeout") })
        #expect(result.aptCalls.last?.contains("install") == true)
    }

    /// A lock held past the wait (10 minutes) ends in apt's own message and a failure.
    @Test func givesUpAfterItsWait() throws {
        let result = try run(status: "not-installed", lockedCalls: 1_000)
        #expect(result.status != 0)
        #expect(result.standardError.contains("Could not get lock"))
        #expect(result.aptCalls.count == 121, "one try, then one every 5 s for 600 s")
    }
}
