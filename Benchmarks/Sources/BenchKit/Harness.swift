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
    /// The passes' first and third quartiles, in seconds (equal to the median for a single pass).
    public var lowerQuartilePassSeconds: Double = 0
    public var upperQuartilePassSeconds: Double = 0
    /// How much the passes varied: the interquartile range over the median.
    public var spread: Double { medianPassSeconds > 0 ? (upperQuartilePassSeconds - lowerQuartilePassSeconds) / medianPassSeconds : 0 }
}

/// The value at fraction `q` (0…1) of `sorted`, interpolated between neighbours.
public func quantile(_ sorted: [Double], _ q: Double) -> Double {
    guard let first = sorted.first else { return .nan }
    guard sorted.count > 1 else { return first }
    let position = q * Double(sorted.count - 1)
    let low = Int(position.rounded(.down))
    let high = min(low + 1, sorted.count - 1)
    return sorted[low] + (sorted[high] - sorted[low]) * (position - Double(low))
}

/// What ``timeInterleaved(_:minimumSeconds:minimumPasses:maximumPasses:beforeTimedPasses:)`` gave:
/// each engine's timing, and each round's pass seconds by engine (one pass of every engine per
/// round), from which a ratio and its spread come round by round.
public struct InterleavedTiming<Key: Hashable> {
    public var timings: [Key: Timing]
    public var rounds: [[Key: Double]]
    /// Each kernel's operations per pass.
    public var opsPerPass: [Key: Int]

    /// `numerator`'s throughput over `denominator`'s in each round, sorted.
    public func roundRatios(_ numerator: Key, over denominator: Key) -> [Double] {
        guard let top = opsPerPass[numerator], let bottom = opsPerPass[denominator] else { return [] }
        return rounds.compactMap { round in
            guard let a = round[numerator], let b = round[denominator], a > 0, b > 0 else { return nil }
            return (Double(top) / a) / (Double(bottom) / b)
        }.sorted()
    }
}

/// Times several engines' kernels for one workload pass by pass in turn (issue #28: a row whose
/// engines ran one after the other read up to twofold apart from run to run, as the machine's
/// state — frequency, caches, neighbours — drifted between them). Each kernel first runs one
/// untimed warm-up pass with the peak resident set reset before it (its peak RSS is that pass's:
/// with passes interleaved no engine's timed passes can be told apart in the process's peak);
/// then `beforeTimedPasses` for each; then rounds of one pass per kernel, the order rotated each
/// round, until every kernel has run `minimumPasses` and the rounds took `minimumSeconds` per
/// kernel. Each engine's throughput is from its median pass.
public func timeInterleaved<Key: Hashable>(
    _ kernels: [(Key, Kernel)], minimumSeconds: Double, minimumPasses: Int, maximumPasses: Int = 1_000,
    beforeTimedPasses: (Key) -> Void
) throws -> InterleavedTiming<Key> {
    var checksums: [Key: Double] = [:]
    var peaks: [Key: (peak: Int, start: Int)] = [:]
    for (key, kernel) in kernels {
        ResidentMemory.resetPeak()
        let start = ResidentMemory.current
        checksums[key] = try kernel.pass()
        peaks[key] = (ResidentMemory.peak, start)
    }
    for (key, _) in kernels { beforeTimedPasses(key) }
    var rounds: [[Key: Double]] = []
    let start = now()
    while rounds.count < minimumPasses
        || (now() - start < minimumSeconds * Double(kernels.count) && rounds.count < maximumPasses)
    {
        var round: [Key: Double] = [:]
        for offset in kernels.indices {
            let (key, kernel) = kernels[(offset + rounds.count) % kernels.count]
            let passStart = now()
            checksums[key, default: 0] += try kernel.pass()
            round[key] = now() - passStart
        }
        rounds.append(round)
    }
    var timings: [Key: Timing] = [:]
    var opsPerPass: [Key: Int] = [:]
    for (key, kernel) in kernels {
        let durations = rounds.compactMap { $0[key] }.sorted()
        let median = quantile(durations, 0.5)
        var timing = Timing(
            opsPerSecond: Double(kernel.ops) / median, passes: durations.count, medianPassSeconds: median,
            peakResidentBytes: peaks[key]?.peak ?? 0, startResidentBytes: peaks[key]?.start ?? 0, checksum: checksums[key] ?? 0)
        timing.lowerQuartilePassSeconds = quantile(durations, 0.25)
        timing.upperQuartilePassSeconds = quantile(durations, 0.75)
        timings[key] = timing
        opsPerPass[key] = kernel.ops
    }
    return InterleavedTiming(timings: timings, rounds: rounds, opsPerPass: opsPerPass)
}

/// Runs one untimed pass of `kernel` (the warm-up the timed runs make too), then one pass with
/// callgrind collecting, dumped as `name` — the pass `Benchmarks/run --instructions` counts.
/// Outside valgrind it is just two passes. Returns the checksums.
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
