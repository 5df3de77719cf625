// TagTests.swift — OpenType tags as numbers and as strings.
@testable import Caliper
import Testing

@Suite struct TagTests {
    /// The numbers are OpenType's own (a Tag is four uint8s, the first the most significant byte),
    /// as `ttx` and HarfBuzz's `HB_TAG('w','g','h','t')` give them.
    static let known: [(String, UInt32)] = [
        ("wght", 0x7767_6874), ("GSUB", 0x4753_5542), ("liga", 0x6C69_6761), ("cvt", 0x6376_7420), ("opsz", 0x6F70_737A), ("", 0x2020_2020),
    ]

    @Test(arguments: known)
    func aTagIsItsFourBytesPaddedWithSpaces(_ string: String, _ code: UInt32) {
        #expect(Tag(string).code == code)
        #expect(Tag(code: code).description == string)
    }

    @Test func onlyTheFirstFourBytesCount() {
        #expect(Tag("wghtx") == Tag("wght"))
    }

    @Test func featuresAndVariationsParsedByHarfBuzzKeepTheirTags() throws {
        #expect(try FontFeature("tnum").tag == "tnum")
        #expect(try FontFeature("cv01=2").tag == "cv01")
        #expect(try FontVariation("wght=600").tag == "wght")
    }
}
