// ArrayFillingTests.swift — Array(filling:count:) makes what Array(repeating:count:) makes.
@testable import Caliper
import Testing

@Suite struct ArrayFillingTests {
    @Test func equalsRepeating() {
        for count in [0, 1, 2, 7, 64, 1_000, 100_003] {
            #expect([Int](filling: -3, count: count) == [Int](repeating: -3, count: count))
            #expect([UInt8](filling: 0xAB, count: count) == [UInt8](repeating: 0xAB, count: count))
            #expect([[Int]?](filling: nil, count: count) == [[Int]?](repeating: nil, count: count))
            #expect([[Int]](filling: [1, 2], count: count) == [[Int]](repeating: [1, 2], count: count))
            #expect([Double](filling: .infinity, count: count) == [Double](repeating: .infinity, count: count))
            #expect([Int](filling: 5, count: count).capacity >= count)
        }
    }
}
