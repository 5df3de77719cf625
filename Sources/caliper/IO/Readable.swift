// Readable.swift — numbers as the CLI's human-readable output prints them: exact, without binary noise.
import Caliper
import Foundation

/// How the human-readable output (not `--json`) writes a number: as Swift's shortest round-trip
/// form when that has at most 15 significant digits (every font-unit result, such as
/// 102.6142578125, does), else rounded to 15 significant digits, the most a Double always keeps,
/// so a sum such as 16 + 101.29 prints 117.29, not 117.28999999999999. `--json` keeps every bit.
enum Readable {
    static func number(_ value: Double) -> String {
        guard value.isFinite, let rounded = Double(String(format: "%.15g", value)), rounded != value else { return "\(value)" }
        return "\(rounded)"
    }

    static func number(_ value: CGFloat) -> String { number(Double(value)) }

    static func number(_ value: Float) -> String { number(Double(value)) }

    /// `width × height`.
    static func size(_ size: CGSize) -> String { "\(number(size.width)) × \(number(size.height))" }

    /// `[x, y, width, height]`.
    static func frame(_ frame: CGRect) -> String {
        "[\(number(frame.minX)), \(number(frame.minY)), \(number(frame.width)), \(number(frame.height))]"
    }
}

extension StandardError {
    /// Each notice as a `caliper: warning:` line: what the layout was asked to do and could not.
    static func warn(_ notices: [LayoutNotice]) {
        for notice in notices { write("caliper: warning: \(notice)\n") }
    }
}
