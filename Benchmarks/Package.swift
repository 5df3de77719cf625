// swift-tools-version:6.1
// Caliper's benchmarks: a package of their own so the library's build stays lean.
//
//   Benchmarks/run            one command: installs what it needs, builds in release, runs every
//                             workload through Caliper, Pango and raw HarfBuzz, prints the table.
//   swift package benchmark   the same workloads under ordo-one/benchmark (percentiles, baselines).
import Foundation
import PackageDescription

/// The Caliper package is the folder above this one; SwiftPM names a path dependency after its
/// folder, which is whatever the clone was called.
let caliper = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "CaliperBenchmarks",
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // Pango (PangoCairo over fontconfig + FreeType) and HarfBuzz, the engines Caliper is compared with.
        .systemLibrary(
            name: "CBenchText", pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev", "libharfbuzz-dev", "libfontconfig-dev"])]),
        // The workloads and the three engines, shared by the harness and the package-benchmark suite.
        .target(
            name: "BenchKit",
            dependencies: [
                "CBenchText",
                .product(name: "Caliper", package: caliper),
                .product(name: "CaliperLayout", package: caliper),
                .product(name: "CaliperBatch", package: caliper),
            ]),
        // The release-mode harness behind Benchmarks/run: every engine in one process, ratios, RSS.
        .executableTarget(name: "caliper-bench", dependencies: ["BenchKit"]),
        // `swift package benchmark`: the same kernels, one benchmark per workload and engine.
        .executableTarget(
            name: "CaliperBenchmarks",
            dependencies: ["BenchKit", .product(name: "Benchmark", package: "benchmark")],
            path: "Benchmarks/CaliperBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
    ],
    swiftLanguageModes: [.v6]
)
