// CaliperBenchmarks — issue #6's workloads under ordo-one/benchmark (`swift package benchmark`):
// one benchmark per workload and engine, each iteration one pass over the workload's strings.
// Percentiles, baselines and regression thresholds come from package-benchmark; the ratios
// between engines, memory flatness and `batch --jobs` come from `Benchmarks/run`.
import BenchKit
import Benchmark
import Foundation

nonisolated(unsafe) let workbench: Workbench = {
    do { return try Workbench(corpus: Corpus(sizes: .quick)) } catch { fatalError("set-up failed: \(error)") }
}()
/// Issue #42's Android workloads over the same corpus.
nonisolated(unsafe) let androidWorkloads: [Workload] = {
    do { return try AndroidWorkbench(corpus: workbench.corpus).workloads() } catch { fatalError("Android set-up failed: \(error)") }
}()

let benchmarks: @Sendable () -> Void = {
    for workload in workbench.workloads() + androidWorkloads {
        for engine in Engine.allCases {
            guard let found = workload.kernels[engine] else { continue }
            nonisolated(unsafe) let kernel = found
            Benchmark(
                "\(workload.id) \(engine.rawValue)",
                configuration: .init(
                    metrics: [.wallClock, .throughput, .peakMemoryResident, .mallocCountTotal],
                    // One iteration is a pass of `kernel.ops` operations: report per-operation figures.
                    scalingFactor: .one, maxDuration: .seconds(2), maxIterations: 1_000)
            ) { benchmark in
                var sum = 0.0
                for _ in benchmark.scaledIterations { sum += try kernel.pass() }
                blackHole(sum)
            }
        }
    }
}
