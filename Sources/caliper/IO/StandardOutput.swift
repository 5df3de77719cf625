// StandardOutput.swift — all the CLI prints goes through here: write(2) in a loop, and an output that fails ends the run cleanly.
import Caliper
import Foundation

/// Standard output, written with write(2).
///
/// Swift's `print` goes through stdio, which drops a failed write without a word (a command
/// printing to a full disk or a closed pipe would exit 0 having printed nothing), and
/// `FileHandle.write(_:)` traps on a closed pipe when SIGPIPE is ignored, as systemd does for
/// services. Here a failure throws a ``StandardOutputError``, which `Caliper.main()` reports in one
/// line on standard error before exiting with ``StandardOutputError/exitStatus``.
enum StandardOutput {
    /// Writes `bytes` whole.
    static func write(_ bytes: [UInt8]) throws(StandardOutputError) {
        try bytes.withUnsafeBufferPointer { buffer throws(StandardOutputError) in try write(buffer) }
    }

    /// Writes all of `bytes`, where they lie (a writer's buffer).
    static func write(_ bytes: UnsafeBufferPointer<UInt8>) throws(StandardOutputError) {
        do {
            try SystemCall.write(STDOUT_FILENO, UnsafeRawBufferPointer(bytes))
        } catch {
            throw StandardOutputError(reason: error)
        }
    }

    /// Writes each of `lines` followed by a newline, in one go.
    static func write(lines: [String]) throws(StandardOutputError) {
        var bytes: [UInt8] = []
        for line in lines {
            bytes.append(contentsOf: line.utf8)
            bytes.append(UInt8(ascii: "\n"))
        }
        try write(bytes)
    }
}

/// Standard output could not be written: its reader went away (EPIPE), it was never open (EBADF),
/// or the file or device behind it failed (ENOSPC, EIO).
struct StandardOutputError: Error, CustomStringConvertible {
    /// The exit status after a failed write: EX_IOERR of sysexits(3), as a misused flag exits with
    /// its EX_USAGE (64). It is neither 1 (the input was fine) nor 141, the status of a death by
    /// SIGPIPE, which a process that ignores SIGPIPE did not die of.
    static let exitStatus: Int32 = 74

    let reason: Errno

    var description: String {
        switch reason.code {
        case EPIPE, EBADF: "standard output closed (\(reason)); stopping"
        default: "cannot write to standard output (\(reason)); stopping"
        }
    }
}

/// Standard error, for the CLI's own last words; a failure to write them is ignored, as there is
/// nowhere left to report it.
enum StandardError {
    static func write(_ message: String) {
        try? SystemCall.write(STDERR_FILENO, Array(message.utf8))
    }
}
