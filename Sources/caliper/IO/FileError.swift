// FileError.swift — the one-line error of a file the CLI cannot read or write, with the system's reason.
import Caliper
import Foundation

/// A file the CLI was asked to read or write and could not: its role, its path and why, as in
/// `cannot read the spec file cells/: is a directory`. ArgumentParser prints it after `Error: `
/// and exits 1 (an error of input, not of flags).
struct FileError: Error, CustomStringConvertible {
    let description: String

    /// `role` says what the file is for: "text file", "request file", "SVG file"…
    static func cannotRead(_ role: String, _ path: String, _ reason: String) -> FileError {
        FileError(description: "cannot read the \(role) \(path): \(reason)")
    }

    static func cannotWrite(_ role: String, _ path: String, _ reason: String) -> FileError {
        FileError(description: "cannot write the \(role) \(path): \(reason)")
    }
}

extension FileKind {
    /// "is a directory", "is a FIFO"…: what a message says of a path that cannot be used.
    var phrase: String {
        switch self {
        case .regular: "is a regular file"
        case .directory: "is a directory"
        case .symbolicLink: "is a symbolic link"
        case .fifo: "is a FIFO (named pipe)"
        case .characterDevice: "is a character device"
        case .blockDevice: "is a block device"
        case .socket: "is a socket"
        case .unknown: "is not a regular file"
        }
    }
}
