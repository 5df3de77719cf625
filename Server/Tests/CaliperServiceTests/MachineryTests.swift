// MachineryTests.swift — the parts under the routes: the line splitter, the request gate, the compute pool's deadline.
import Foundation
import Synchronization
import Testing

@testable import CaliperService

@Suite struct LineSplitterTests {
    static let body = Array("{\"a\":1}\r\n\n  \t\n{\"b\":\"\(String(repeating: "x", count: 40))\"}\n{\"c\":3}\r\nlast".utf8)

    /// However the bytes are cut into chunks, the same lines come out.
    @Test(arguments: [1, 2, 3, 7, 16, 1000])
    func chunksDoNotChangeTheLines(chunkSize: Int) {
        var splitter = LineSplitter(limit: 20)
        var pieces: [LineSplitter.Piece] = []
        var start = 0
        while start < Self.body.count {
            let end = min(start + chunkSize, Self.body.count)
            pieces += splitter.feed(Self.body[start..<end])
            start = end
        }
        pieces += splitter.finish()
        #expect(pieces == [.line(#"{"a":1}"#), .overLong, .line(#"{"c":3}"#), .line("last")])
    }

    /// A line exactly at the limit passes (its CR not counted); one byte more does not.
    @Test func theLimitIsInclusive() {
        var splitter = LineSplitter(limit: 5)
        #expect(splitter.feed(Array("12345\r\n123456\n12345".utf8)) == [.line("12345"), .overLong])
        #expect(splitter.finish() == [.line("12345")])
    }
}

@Suite struct GateAndPoolTests {
    @Test func theGateRefusesOverItsLimitUntilATicketIsFreed() {
        let gate = RequestGate(limit: 2)
        var first = gate.enter()
        let second = gate.enter()
        #expect(first != nil && second != nil)
        #expect(gate.enter() == nil)
        #expect(gate.count == 2)
        first = nil
        #expect(gate.count == 1)
        #expect(gate.enter() != nil)
        withExtendedLifetime((first, second)) {}
    }

    /// Work past its deadline answers `nil`; work still queued then never runs.
    @Test func workPastItsDeadlineIsDropped() async {
        let pool = ComputePool(width: 1)
        let ran = Atomic<Int>(0)
        async let slow = pool.run(timeout: .seconds(5)) { () -> Int in
            Thread.sleep(forTimeInterval: 0.3)
            return 1
        }
        try? await Task.sleep(for: .milliseconds(50))
        let queued = await pool.run(timeout: .milliseconds(20)) { () -> Int in
            ran.add(1, ordering: .relaxed)
            return 2
        }
        #expect(queued == nil)
        #expect(await slow == 1)
        try? await Task.sleep(for: .milliseconds(100))
        #expect(ran.load(ordering: .relaxed) == 0, "the dropped work never started")
        #expect(await pool.run(timeout: .seconds(5)) { 3 } == 3)
    }
}
