// GlyphCoverageTests.swift — a face's kept coverage answers as HarfBuzz's character map does, on every thread.
@testable import Caliper
import Foundation
import Testing
import TestSupport

@Suite struct GlyphCoverageTests {
    static let fonts = ["DejaVuSans.ttf", "NotoSansThai-Regular.ttf", "NotoSansArabic-Regular.ttf", "DroidSansFallbackFull.ttf", "NotoColorEmoji.ttf"]

    /// Every scalar of planes 0 and 1 and a sample past them, asked twice (learned, then kept),
    /// answers as HarfBuzz's `hb_font_get_nominal_glyph` does.
    @Test(arguments: fonts) func everyAnswerIsHarfBuzzs(_ name: String) throws {
        let face = try FontFace(contentsOfFile: Fixtures.path("Fonts/" + name))
        let scalars = (UInt32(0)..<GlyphCoverage.end + 0x1000).compactMap(Unicode.Scalar.init)
        var covered = 0
        for pass in 0..<2 {
            for scalar in scalars {
                let expected = face.harfBuzz.nominalGlyph(for: scalar) != nil
                guard face.hasGlyph(for: scalar) == expected else {
                    Issue.record("\(name) U+\(String(scalar.value, radix: 16)) pass \(pass)")
                    return
                }
                if pass == 0, expected { covered += 1 }
            }
        }
        #expect(covered > 50)  // the smallest, Thai, covers about a hundred
    }

    /// Threads asking about the same characters of a fresh face at once all get HarfBuzz's answers.
    @Test func threadsLearningTogetherAgree() throws {
        let face = try FontFace(contentsOfFile: Fixtures.path("Fonts/DroidSansFallbackFull.ttf"))
        let values = (0..<20_000).map { UInt32(0x3000 + ($0 * 7919) % 0x7000) }
        let expected = values.map { face.harfBuzz.nominalGlyph(forValue: $0) != nil }
        let mismatches = ManagedCounter()
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for (index, value) in (thread % 2 == 0 ? Array(values.enumerated()) : values.enumerated().reversed()) {
                guard let scalar = Unicode.Scalar(value) else { continue }
                if face.hasGlyph(for: scalar) != expected[index] { mismatches.add() }
            }
        }
        #expect(mismatches.value == 0)
        #expect(expected.contains(true) && expected.contains(false))
    }
}

/// A count shared by threads.
private final class ManagedCounter: Sendable {
    private let count = Locked(0)
    func add() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}
