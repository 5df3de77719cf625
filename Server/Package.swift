// swift-tools-version:6.1
// The Caliper service: `caliper batch`'s requests and answers over HTTP, on Hummingbird 2.
// A package of its own, beside the library, so that the library and the CLI never resolve or
// build SwiftNIO: `swift build --package-path Server -c release --product caliper-server`.
import PackageDescription

let package = Package(
    name: "CaliperServer",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "caliper-server", targets: ["caliper-server"]),
        .library(name: "CaliperService", targets: ["CaliperService"]),
    ],
    dependencies: [
        .package(name: "Caliper", path: ".."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.34.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .target(
            name: "CaliperService",
            dependencies: [
                "CaliperServiceResources",
                .product(name: "Caliper", package: "Caliper"),
                .product(name: "CaliperBatch", package: "Caliper"),
                .product(name: "CaliperLayout", package: "Caliper"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            // The files of Resources are compiled in by CaliperServiceResources, not copied as a bundle.
            exclude: ["Resources"]),
        // The service's files (Sources/CaliperService/Resources) as bytes in the binary (C23 #embed).
        .target(name: "CaliperServiceResources"),
        .executableTarget(
            name: "caliper-server",
            dependencies: [
                "CaliperService",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .testTarget(
            name: "CaliperServiceTests",
            dependencies: [
                "CaliperService", "caliper-server",
                .product(name: "Caliper", package: "Caliper"),
                .product(name: "CaliperBatch", package: "Caliper"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
