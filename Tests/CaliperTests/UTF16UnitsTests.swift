// UTF16UnitsTests.swift — the one-pass UTF-8 to UTF-16 conversion equals the standard library's UTF-16 view.
@testable import Caliper
import Foundation
import Testing

@Suite struct UTF16UnitsTests {
    @Test func equalsTheUTF16View() {
        var texts = ["", "a", "plain ASCII text", "café “quoted” — ✓", "日本語のテキスト", "👩‍👩‍👧 🇫🇷 1️⃣ 😀", "\u{10FFFF}\u{FFFF}\u{800}\u{7FF}\u{80}\u{7F}\u{0}"]
        // Random texts over every length of UTF-8 sequence, and the edges between them.
        let edges: [UInt32] = [0, 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFD, 0xFFFF, 0x10000, 0x1F600, 0x10FFFF]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...40, using: &generator) {
                let value = Bool.random(using: &generator)
                    ? edges.randomElement(using: &generator) ?? 0 : UInt32.random(in: 0...0x10FFFF, using: &generator)
                if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
            }
            texts.append(String(scalars))
        }
        for text in texts {
            #expect(text.utf16Units == Array(text.utf16), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        // A string sliced from a larger one, and one bridged from Foundation.
        let long = String(repeating: "ab€😀", count: 50)
        let slice = String(long.dropFirst(3).dropLast(5))
        #expect(slice.utf16Units == Array(slice.utf16))
        let bridged = NSString(string: "Ünïcödé 😀 text").description
        #expect(bridged.utf16Units == Array(bridged.utf16))
    }
}
