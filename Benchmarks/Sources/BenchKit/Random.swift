// Random.swift — seeded randomness, so every run measures the same strings in the same order.
import Foundation

/// SplitMix64: a small, fast generator with a fixed seed. Every corpus is drawn from one of these,
/// never from the system generator, so results are reproducible run to run and machine to machine.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Draws ranks 0..<count with probability ∝ 1 / (rank + 1)^exponent: a few tags very often,
/// a long tail rarely, as tag usage is distributed in practice.
public struct ZipfSampler: Sendable {
    private let cumulative: [Double]

    public init(count: Int, exponent: Double = 1.0) {
        precondition(count > 0)
        var running = 0.0
        var cumulative: [Double] = []
        cumulative.reserveCapacity(count)
        for rank in 0..<count {
            running += 1 / pow(Double(rank + 1), exponent)
            cumulative.append(running)
        }
        self.cumulative = cumulative.map { $0 / running }
    }

    public func next(using generator: inout some RandomNumberGenerator) -> Int {
        let u = Double.random(in: 0..<1, using: &generator)
        var low = 0
        var high = cumulative.count - 1
        while low < high {
            let mid = (low + high) / 2
            if cumulative[mid] < u { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
