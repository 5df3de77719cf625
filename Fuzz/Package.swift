// swift-tools-version:6.1
// Fuzz harnesses for Caliper (libFuzzer). Build and run them with ../scripts/fuzz.
import PackageDescription

let harnesses = ["FuzzFont", "FuzzText", "FuzzBatch"]

let package = Package(
    name: "CaliperFuzz",
    dependencies: [.package(name: "Caliper", path: "..")],
    targets: harnesses.map { name in
        .executableTarget(
            name: name,
            dependencies: [
                .product(name: "Caliper", package: "Caliper"), .product(name: "CaliperLayout", package: "Caliper"),
                .product(name: "CaliperBatch", package: "Caliper"),
            ],
            // libFuzzer supplies main(); the harness defines LLVMFuzzerTestOneInput.
            swiftSettings: [.unsafeFlags(["-parse-as-library"])])
    },
    swiftLanguageModes: [.v6]
)
