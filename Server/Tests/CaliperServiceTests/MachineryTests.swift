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

    /// Work past its deadline answers `nil`; work still queued then never runs. The pool's one
    /// thread is held until the queued work has timed out, so no timing decides the outcome.
    @Test func workPastItsDeadlineIsDropped() async {
        let pool = ComputePool(width: 1)
        let ran = Atomic<Int>(0)
        let started = Atomic<Bool>(false)
        let release = DispatchSemaphore(value: 0)
        async let slow = pool.run(timeout: .seconds(60)) { () -> Int in
            started.store(true, ordering: .releasing)
            release.wait()
            return 1
        }
        while !started.load(ordering: .acquiring) { try? await Task.sleep(for: .milliseconds(1)) }  // the pool's thread is taken
        let queued = await pool.run(timeout: .milliseconds(20)) { () -> Int in
            ran.add(1, ordering: .relaxed)
            return 2
        }
        #expect(queued == nil)
        release.signal()
        #expect(await slow == 1)
        // One thread, in order: had the dropped work been kept, it would run before this.
        #expect(await pool.run(timeout: .seconds(60)) { 3 } == 3)
        #expect(ran.load(ordering: .relaxed) == 0, "the dropped work never started")
    }

    /// Work that runs past its deadline is answered `nil` at the deadline, not when it ends: the
    /// work waits until its caller has been answered (half a minute at most, so that a pool that
    /// waited for it fails rather than hangs). Should the work still be queued at its deadline on a
    /// busy machine (it then never starts), it is tried again with a longer timeout.
    @Test func workRunningPastItsDeadlineIsAnsweredNilWithoutWaitingForIt() async {
        let pool = ComputePool(width: 2)
        var startedInTime = false
        for timeout in [Duration.milliseconds(200), .seconds(2), .seconds(10)] where !startedInTime {
            let started = Atomic<Bool>(false)
            let callerAnswered = DispatchSemaphore(value: 0)
            let answered = await pool.run(timeout: timeout) { () -> Int in
                started.store(true, ordering: .releasing)
                _ = callerAnswered.wait(timeout: .now() + 30)
                return 1
            }
            callerAnswered.signal()
            #expect(answered == nil)
            startedInTime = started.load(ordering: .acquiring)
        }
        #expect(startedInTime, "the work never started before its deadline")
    }

    /// A pool let go ends its threads: what they share is freed only once the last has ended.
    @Test func aFreedPoolEndsItsThreads() async throws {
        weak var shared: AnyObject?
        do {
            let pool = ComputePool(width: 3)
            #expect(await pool.run(timeout: .seconds(60)) { 1 } == 1)
            shared = pool.sharedForTesting
        }
        // The threads end at once; half a minute at most, on a busy machine.
        for _ in 0..<3_000 where shared != nil { try await Task.sleep(for: .milliseconds(10)) }
        #expect(shared == nil)
    }
}

/// A configuration no server can run with is refused before anything starts, naming the value.
@Suite struct ConfigurationTests {
    @Test func hostileValuesAreRefused() throws {
        let cases: [((inout ServiceConfiguration) -> Void, String)] = [
            ({ $0.port = 70_000 }, "the port 70000 is not 0…65535"),
            ({ $0.port = -1 }, "the port -1 is not 0…65535"),
            ({ $0.maximumBodyBytes = 0 }, "the maximum body bytes must be 1 or more, not 0"),
            ({ $0.maximumBatchLineBytes = -5 }, "the maximum batch line bytes must be 1 or more, not -5"),
            ({ $0.maximumTextLength = Int.min }, "the maximum text length must be 1 or more"),
            ({ $0.maximumConcurrentRequests = 0 }, "the maximum concurrent requests must be 1 or more"),
            ({ $0.computeThreads = 0 }, "the compute threads must be 1 or more"),
            ({ $0.requestTimeout = .zero }, "the request timeout must be more than 0"),
            ({ $0.requestTimeout = .seconds(-1) }, "the request timeout must be more than 0"),
            ({ $0.bodyTimeout = .zero }, "the body timeout must be more than 0"),
            ({ $0.idleTimeout = .seconds(-3) }, "the idle timeout must be more than 0"),
            ({ $0.maximumHeaderBytes = 0 }, "the maximum header bytes must be 1 or more, not 0"),
        ]
        for (change, phrase) in cases {
            let error = #expect(throws: ServiceError.self) { try Fixtures.service(change) }
            #expect(error?.description.contains(phrase) == true, "\(phrase): \(String(describing: error))")
        }
        // A font root that is a file, or missing, is Caliper's own error.
        #expect(throws: (any Error).self) { try Fixtures.service { $0.fontRoot = Fixtures.root.appendingPathComponent("README.md").path } }
        #expect(throws: (any Error).self) { try Fixtures.service { $0.fontRoot = "/nonexistent/fonts" } }
    }
}
