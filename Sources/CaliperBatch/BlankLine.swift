// BlankLine.swift — the one rule for a batch line that holds no request, which `caliper batch` and the service's `POST /v1/batch` both skip.

extension BatchProcessor {
    /// Whether a line of JSON Lines input holds no request, and so is skipped without an answer:
    /// it is empty, or every character of it is Unicode whitespace (the `White_Space` property:
    /// space, tab, CR, LF, vertical tab, form feed, U+0085, the no-break spaces U+00A0, U+2007 and
    /// U+202F, U+1680, U+2000–U+200A, U+2028, U+2029, U+205F and U+3000). A line that is not valid
    /// UTF-8 is not blank, nor is one holding only zero-width characters (U+200B, U+FEFF): they are
    /// answered, with an error.
    ///
    /// `caliper batch` and `POST /v1/batch` both skip by this rule, so a body is answered alike
    /// through either door.
    ///
    /// ```swift
    /// BatchProcessor.isBlank(line: Array(" \t\u{A0}\r".utf8))  // true
    /// BatchProcessor.isBlank(line: Array("{}".utf8))           // false
    /// ```
    @inlinable  // specialized in each door's loop over its lines, which calls it once a line
    public static func isBlank(line bytes: some Collection<UInt8>) -> Bool {
        for byte in bytes {
            switch byte {
            case 0x09...0x0D, 0x20: continue  // ASCII whitespace
            case 0x80...:
                // Only a line with a non-ASCII byte needs the (slower) Unicode test; a request starts with "{".
                return String(decoding: bytes, as: UTF8.self).unicodeScalars.allSatisfy(\.properties.isWhitespace)
            default: return false
            }
        }
        return true
    }
}
