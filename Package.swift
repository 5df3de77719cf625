// swift-tools-version:6.1
// Caliper: exact text measurement and text-driven layout on Linux.
import PackageDescription

/// System libraries, each wrapped by exactly one Swift file (see `Sources/Caliper/Interop`).
let systemLibraries: [Target] = [
    // Android's glyph advances and font metrics as Skia's FreeType scaler makes them (the Android
    // profile only; every table is read through HarfBuzz).
    .systemLibrary(
        name: "CFreeType", pkgConfig: "freetype2",
        providers: [.apt(["libfreetype-dev"])]),
    .systemLibrary(
        name: "CHarfBuzz", pkgConfig: "harfbuzz",
        providers: [.apt(["libharfbuzz-dev"])]),
    .systemLibrary(
        name: "CFontconfig", pkgConfig: "fontconfig",
        providers: [.apt(["libfontconfig-dev"])]),
    .systemLibrary(
        name: "CICU", pkgConfig: "icu-uc",
        providers: [.apt(["libicu-dev"])]),
    // libhyphen ships no pkg-config file: its header and library are in the default paths.
    .systemLibrary(
        name: "CHyphen",
        providers: [.apt(["libhyphen-dev"])]),
]

let package = Package(
    name: "Caliper",
    products: [
        .library(name: "Caliper", targets: ["Caliper"]),
        .library(name: "CaliperLayout", targets: ["CaliperLayout"]),
        .library(name: "CaliperBatch", targets: ["CaliperBatch"]),
        .executable(name: "caliper", targets: ["caliper"]),
        // The C ABI (include/caliper.h): libCaliperC.so; scripts/package ships it as libcaliper.so.0.
        .library(name: "CaliperC", type: .dynamic, targets: ["CaliperC"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `swift package generate-documentation`: a command plugin, built only when it is run.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: systemLibraries + [
        // ICU is reached through a small C target whose header names no ICU type: Foundation
        // bundles its own ICU module, which clashes with the system headers in Swift.
        .target(name: "CICUBoundaries", dependencies: ["CICU"]),
        .target(
            name: "Caliper",
            dependencies: ["CHarfBuzz", "CFreeType", "CFontconfig", "CICUBoundaries", "CHyphen"]),
        // Layouts reach text only through the TextMeasuring protocol.
        .target(name: "CaliperLayout", dependencies: ["Caliper"]),
        // The JSON Lines protocol of `caliper batch`, as a library a server can use.
        .target(name: "CaliperBatch", dependencies: ["Caliper", "CaliperLayout"]),
        // The batch protocol in-process for other languages: include/caliper.h's functions.
        // scripts/package links the shipped library itself (SONAME libcaliper.so.0, Swift's
        // static runtime, only exports.map's symbols); linker flags here would reach the test
        // executable too, which links this target, and a version script there hides the
        // sanitizers' runtime from the code they instrument.
        .target(name: "CaliperC", dependencies: ["Caliper", "CaliperBatch"], exclude: ["exports.map"]),
        .executableTarget(
            name: "caliper",
            dependencies: [
                "Caliper", "CaliperLayout", "CaliperBatch",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // What the test targets share (the seeded generator of property tests); no product names it.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(
            name: "CaliperTests", dependencies: ["Caliper", "TestSupport"]),
        .testTarget(name: "CaliperLayoutTests", dependencies: ["CaliperLayout", "Caliper", "TestSupport"]),
        // The request model (JSON reading and writing, layout specs) on its own, without the CLI.
        .testTarget(name: "CaliperBatchTests", dependencies: ["CaliperBatch", "Caliper", "CaliperLayout", "TestSupport"]),
        .testTarget(name: "CLITests", dependencies: ["caliper", "CaliperBatch", "TestSupport"]),
        // The C ABI's functions as C calls them, on hostile input and on many threads.
        .testTarget(name: "CaliperCTests", dependencies: ["CaliperC", "Caliper", "CaliperBatch", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
