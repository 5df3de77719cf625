// Harness.swift — timing passes, counting a pass's instructions, and the memory-flatness run.
import CBenchText
import Caliper
import Foundation

/// Monotonic seconds.
public func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

/// What timing one kernel gave.
public struct Timing {
    public var opsPerSecond: Double
    public var passes: Int
    public var medianPassSeconds: Double
    /// The process's peak resident set during the kernel's passes.
    public var peakResidentBytes: Int
    /// The resident set when the kernel started: the peak's growth is the kernel's own.
    public var startResidentBytes: Int
    public var checksum: Double
}

/// Times a kernel: one untimed warm-up pass, then passes until `minimumSeconds` have gone by and
/// at least `minimumPasses` ran; throughput from the median pass (robust to a busy neighbour).
/// The peak resident set is reset first, so it is this kernel's own.
public func time(
    _ kernel: Kernel, minimumSeconds: Double, minimumPasses: Int, maximumPasses: Int = 1_000, beforeTimedPasses: () -> Void
) throws -> Timing {
    ResidentMemory.resetPeak()
    let startResident = ResidentMemory.current
    var checksum = try kernel.pass()
    beforeTimedPasses()
    var durations: [Double] = []
    let start = now()
    while durations.count < minimumPasses || (now() - start < minimumSeconds && durations.count < maximumPasses) {
        let passStart = now()
        checksum += try kernel.pass()
        durations.append(now() - passStart)
    }
    durations.sort()
    let median = durations.count % 2 == 1
        ? durations[durations.count / 2] : (durations[durations.count / 2 - 1] + durations[durations.count / 2]) / 2
    return Timing(
        opsPerSecond: Double(kernel.ops) / median, passes: durations.count, medianPassSeconds: median,
        peakResidentBytes: ResidentMemory.peak, startResidentBytes: startResident, checksum: checksum)
}

/// Runs one untimed pass of `kernel` (the warm-up ``time(_:minimumSeconds:minimumPasses:maximumPasses:beforeTimedPasses:)``
/// runs too), then one pass with callgrind collecting, dumped as `name` — the pass
/// `Benchmarks/run --instructions` counts. Outside valgrind it is just two passes. Returns the
/// checksums.
public func countInstructions(of kernel: Kernel, named name: String, beforeCountedPass: () -> Void) throws -> Double {
    var checksum = try kernel.pass()
    beforeCountedPass()
    bench_callgrind_start()
    checksum += try kernel.pass()
    bench_callgrind_stop(name)
    return checksum
}

/// `ShapeCache.Statistics` as plain numbers (its initializer is not public, and this crosses a pipe).
public struct CacheCounters: Sendable {
    public var hits, misses, evictions, entryCount, byteCount: Int

    public init(hits: Int, misses: Int, evictions: Int, entryCount: Int, byteCount: Int) {
        (self.hits, self.misses, self.evictions, self.entryCount, self.byteCount) = (hits, misses, evictions, entryCount, byteCount)
    }

    init(_ statistics: ShapeCache.Statistics) {
        self.init(
            hits: statistics.hits, misses: statistics.misses, evictions: statistics.evictions,
            entryCount: statistics.entryCount, byteCount: statistics.byteCount)
    }
}

/// A reading of the memory-flatness run after `count` strings.
public struct MemoryCheckpoint: Sendable {
    public var fraction: Double
    public var count: Int
    public var peakResidentBytes: Int
    public var residentBytes: Int
    public var cache: CacheCounters
    public var seconds: Double

    /// One line for the parent process to read back.
    public var line: String {
        "checkpoint \(fraction) \(count) \(peakResidentBytes) \(residentBytes) \(cache.entryCount) \(cache.byteCount) "
            + "\(cache.evictions) \(cache.hits) \(cache.misses) \(seconds)"
    }

    public init(fraction: Double, count: Int, peakResidentBytes: Int, residentBytes: Int, cache: CacheCounters, seconds: Double) {
        self.fraction = fraction
        self.count = count
        self.peakResidentBytes = peakResidentBytes
        self.residentBytes = residentBytes
        self.cache = cache
        self.seconds = seconds
    }

    public init?(line: Substring) {
        let fields = line.split(separator: " ")
        guard fields.count == 11, fields[0] == "checkpoint", let fraction = Double(fields[1]),
            let values = Optional(fields[2...9].compactMap { Int($0) }), values.count == 8,
            let seconds = Double(fields[10])
        else { return nil }
        self.init(
            fraction: fraction, count: values[0], peakResidentBytes: values[1], residentBytes: values[2],
            cache: CacheCounters(
                hits: values[6], misses: values[7], evictions: values[5], entryCount: values[3], byteCount: values[4]),
            seconds: seconds)
    }
}

/// Measures `count` distinct three-word labels through `TextMeasurer()` (the shared cache, default
/// budget), reporting at 10%, 50% and 100%. Meant for a process of its own, so the peak is clean.
public func measureDistinctStrings(count: Int, report: (MemoryCheckpoint) -> Void) throws {
    let font = try FontFace(contentsOfFile: FontFiles.latin)
    let style = TextStyle(font: font, size: 17, fallback: .none)
    let fallbackFonts = try FontFiles.cascade.map { path throws(CaliperError) in try FontFace(contentsOfFile: path) }
    let mixedStyle = TextStyle(font: font, size: 17, fallbackFonts: fallbackFonts, fallback: .none)
    let measurer = TextMeasurer()
    let cache = measurer.cache ?? .shared
    let checkpoints = [0.1, 0.5, 1.0].map { fraction in (fraction, max(1, Int((Double(count) * fraction).rounded()))) }
    var next = 0
    var sum = 0.0
    let start = now()
    for index in 0..<count {
        // Nine in ten are plain Latin labels (the label and word tables), one in ten a mixed-script
        // string wrapped at a width (the paragraph shapes), so every part of the cache fills.
        if index % 10 == 9 {
            let text = Corpus.distinctLabel(index) + " 東京 مرحبا 🌍"
            sum += try measurer.layout(text, style: mixedStyle, maxWidth: 120).size.height
        } else {
            sum += try measurer.size(of: Corpus.distinctLabel(index), style: style).width
        }
        while next < checkpoints.count, index + 1 == checkpoints[next].1 {
            report(
                MemoryCheckpoint(
                    fraction: checkpoints[next].0, count: index + 1, peakResidentBytes: ResidentMemory.peak,
                    residentBytes: ResidentMemory.current, cache: CacheCounters(cache.statistics), seconds: now() - start))
            next += 1
        }
    }
    if sum.isNaN { print("unreachable") }
}
