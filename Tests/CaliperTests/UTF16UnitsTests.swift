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
            #expect(text.utf16UnitCount == text.utf16.count, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        // A string sliced from a larger one, and one bridged from Foundation.
        let long = String(repeating: "ab€😀", count: 50)
        let slice = String(long.dropFirst(3).dropLast(5))
        #expect(slice.utf16Units == Array(slice.utf16))
        let bridged = NSString(string: "Ünïcödé 😀 text").description
        #expect(bridged.utf16Units == Array(bridged.utf16))
        #expect(slice.utf16UnitCount == slice.utf16.count && bridged.utf16UnitCount == bridged.utf16.count)
    }

    /// A string's shifts: none for ASCII, one per scalar outside ASCII at its end in both
    /// encodings (as the string's own views count them), and none kept for text mostly outside
    /// ASCII.
    @Test func theShiftsAreTheScalarsOutsideASCII() throws {
        #expect(UTF8Shifts("plain ASCII text, long enough".utf16Units)?.ends == [])
        let text = String(repeating: "A “feed” of café posts, 😀 words between. ", count: 3)
        let ends = try #require(UTF8Shifts(text.utf16Units)).ends
        let expected = text.unicodeScalars.indices.filter { !text.unicodeScalars[$0].isASCII }.map { index in
            let end = text.unicodeScalars.index(after: index)
            return UTF8Shifts.End(
                utf16: text.utf16.distance(from: text.startIndex, to: end), utf8: text.utf8.distance(from: text.startIndex, to: end))
        }
        #expect(ends == expected && ends.count == 12)
        #expect(UTF8Shifts("日本語のテキストです。ASCII".utf16Units) == nil)
    }

    /// The walk's index at each scalar boundary equals the UTF-16 view's, going forward in steps
    /// of every size, each offset asked twice, and starting again when an offset goes back; with the string's shifts
    /// (where it has them) as without.
    @Test(arguments: [false, true])
    func theWalkFindsTheUTF16ViewsIndices(shifted: Bool) {
        let texts = [
            "", "plain ASCII text", "café “quoted” — ✓ 日本語 👩‍👩‍👧 🇫🇷", String(repeating: "ab€😀ไทย", count: 40), "\u{10FFFF}\u{80}a",
            String(repeating: "A “feed” of café posts, one 😀 in a while, and ordinary words between them. ", count: 6),
        ]
        for text in texts {
            let utf16 = text.utf16
            // Every offset that is not inside a surrogate pair.
            let boundaries = (0...utf16.count).filter { offset in
                offset == 0 || offset == utf16.count
                    || !UTF16.isTrailSurrogate(utf16[utf16.index(utf16.startIndex, offsetBy: offset)])
            }
            for step in [1, 2, 3, 7, 33, 70] {
                var walk = UTF16Walk(text, shifts: shifted ? UTF8Shifts(text.utf16Units) : nil)
                for offset in stride(from: 0, to: boundaries.count, by: step).map({ boundaries[$0] }) + [boundaries.last ?? 0] {
                    #expect(walk.index(at: offset) == utf16.index(utf16.startIndex, offsetBy: offset), "\(text) \(offset)")
                    // Asked again (a line's end, then the next line's start): the same index.
                    #expect(walk.index(at: offset) == utf16.index(utf16.startIndex, offsetBy: offset), "\(text) \(offset) again")
                }
                // Back to an earlier offset: the walk starts again.
                let earlier = boundaries[boundaries.count / 2]
                #expect(walk.index(at: earlier) == utf16.index(utf16.startIndex, offsetBy: earlier))
            }
        }
    }
}
