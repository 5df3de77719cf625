// caliper-bench — every workload of issue #6 (and #13's rich text, #42's Android rows) through Caliper,
// Pango and raw HarfBuzz in one process, then memory flatness and `caliper batch --jobs 1/2`; prints a
// Markdown table.
//
//   caliper-bench [--quick] [--min-time S] [--only ID,…] [--engines caliper,pango,harfbuzz,ios] [--memory-count N] [--batch-count N]
//                 [--caliper-cli PATH] [--work-dir DIR] [--markdown FILE] [--skip-memory] [--skip-batch]
//   caliper-bench memory-child N      (internal: the memory run, in a process of its own)
//
// --only takes workload ids or their leading parts: `labels` is labels.cold and labels.warm,
// `rich.feed` is rich.feed.cold and rich.feed.warm, `rich` all six rich-text workloads, `android`
// android.labels and android.paragraph.
import BenchKit
import Caliper
import Foundation


// MARK: - The memory child

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "memory-child" {
    guard arguments.count == 2, let count = Int(arguments[1]) else { fail("memory-child N") }
    try measureDistinctStrings(count: count) { print($0.line) }
    exit(0)
}

if arguments.first == "compare" {
    // caliper-bench compare TEXT…: one string's width at 17 pt by each engine (a debugging aid).
    let bench = try Workbench(corpus: Corpus(sizes: .tiny))
    let measurer = TextMeasurer(cache: nil)
    for text in arguments.dropFirst() {
        let caliper = try measurer.layout(text, style: bench.mixedStyle)
        let runs = caliper.lines.flatMap(\.runs).map { "\($0.font.familyName) \(String(format: "%.2f", Double($0.width)))" }
        print("\(text): Caliper \(caliper.size.width) [\(runs.joined(separator: ", "))], Pango \(bench.pango.measure(text, size: 17).width), "
            + "raw HarfBuzz \(bench.harfBuzz.cascadeWidth(text, size: 17))")
    }
    exit(0)
}

let options = Options(arguments)
let minimumSeconds = options.minimumSeconds ?? (options.quick ? 0.2 : 1.5)
let minimumPasses = options.quick ? 1 : 3
let memoryCount = options.memoryCount ?? (options.quick ? 200_000 : 10_000_000)
let batchCount = options.batchCount ?? (options.quick ? 40_000 : 200_000)


// MARK: - Set-up

/// The 1-minute load average: a busy neighbour on 2 cores shows in every figure.
let loadAverage = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first.map(String.init) ?? "?"

let setUpStart = now()
let corpus = Corpus(sizes: options.instructions ? .instructions : options.quick ? .quick : Corpus.Sizes())
let bench = try Workbench(corpus: corpus)

// `--instructions` (run by `Benchmarks/run --instructions` under callgrind): each selected
// workload's Caliper kernel over the fixed small corpus, one warm-up pass, then one counted pass
// dumped under the workload's id. Nothing is timed.
if options.instructions {
    let selected = { (id: String) in options.only.map { only in only.contains { id == $0 || id.hasPrefix($0 + ".") } } ?? true }
    var workloads = bench.plainWorkloads().filter { selected($0.id) }
    if Workbench.richWorkloadIDs.contains(where: selected) { workloads += bench.richWorkloads().filter { selected($0.id) } }
    // Last, so that no other workload's counted pass follows their set-up.
    if AndroidWorkbench.workloadIDs.contains(where: selected) {
        workloads += try AndroidWorkbench(corpus: corpus).workloads().filter { selected($0.id) }
    }
    for workload in workloads {
        guard let kernel = workload.kernels[.caliper] else { continue }
        let checksum = try countInstructions(of: kernel, named: workload.id) { workload.probe.reset() }
        print("counted \(workload.id) ops \(kernel.ops) (checksum \(checksum))")
    }
    exit(0)
}
var processInfo = ProcessInfo.processInfo
print("Caliper benchmarks — \(options.quick ? "quick" : "full") run, \(processInfo.activeProcessorCount) cores, "
    + "Pango \(PangoEngine.version), HarfBuzz \(HarfBuzzEngine.version); fixed seeds; load average at start \(loadAverage)")
print("corpus: \(corpus.tags.count) tags, \(corpus.labelStream.count) Zipf labels, \(corpus.distinctLabels.count) distinct labels, "
    + "\(corpus.paragraphs.count) paragraphs (100–2,000 chars, avg \(corpus.paragraphs.reduce(0) { $0 + $1.count } / max(1, corpus.paragraphs.count))), "
    + "\(corpus.chips.count) chips, \(corpus.posts.count) feed posts, \(corpus.mixed.count) mixed-script strings "
    + String(format: "(%.1f s to set up)", now() - setUpStart))

let agreement = try bench.agreement()
print(String(
    format: "agreement (max |Δ width|, pt): Latin Caliper–Pango %.4f, Caliper–HarfBuzz %.6f; mixed Caliper–Pango %.3f, Caliper–HarfBuzz %.3f",
    agreement.latinPango, agreement.latinHarfBuzz, agreement.mixedPango, agreement.mixedHarfBuzz)
    + (agreement.mixedPango > 0.01 ? " (largest for “\(agreement.worstMixed)”)" : ""))
let identity = try bench.cachedEqualsUncached()
print("cached vs uncached: \(identity.compared) sizes compared, \(identity.differing) differ")

// MARK: - Workloads

struct Row {
    var workload: Workload
    var timings: [Engine: Timing]
    var hitRate: Double?
    /// Caliper's throughput over each other engine's, round by round (one pass of each per round), sorted.
    var roundRatios: [Engine: [Double]] = [:]

    /// Caliper's throughput over `engine`'s: the median of the rounds' ratios.
    func ratio(_ engine: Engine) -> Double? {
        guard let ratios = roundRatios[engine], !ratios.isEmpty else { return nil }
        return quantile(ratios, 0.5)
    }

    /// The rounds' ratios' first and third quartiles, as "1.18–1.27".
    func ratioSpread(_ engine: Engine) -> String {
        guard let ratios = roundRatios[engine], !ratios.isEmpty else { return "—" }
        return String(format: "%.2f–%.2f", quantile(ratios, 0.25), quantile(ratios, 0.75))
    }
}

var rows: [Row] = []
let workloadsStart = now()
/// Whether `--only` names the workload: its id, or the id's leading parts (`rich.feed` for rich.feed.cold).
@MainActor func isSelected(_ id: String) -> Bool {
    guard let only = options.only else { return true }
    return only.contains { id == $0 || id.hasPrefix($0 + ".") }
}
@MainActor func run(_ workload: Workload) throws {
    var row = Row(workload: workload, timings: [:])
    let kernels = Engine.allCases.compactMap { engine in
        options.engines.contains(engine) ? workload.kernels[engine].map { (engine, $0) } : nil
    }
    let timed = try timeInterleaved(kernels, minimumSeconds: minimumSeconds, minimumPasses: minimumPasses) { engine in
        if engine == .caliper { workload.probe.reset() }
    }
    row.timings = timed.timings
    for (engine, _) in kernels {
        guard let timing = timed.timings[engine] else { continue }
        print("  \(pad(workload.title, 40)) \(pad(engine.rawValue, 13)) \(pad(rate(timing.opsPerSecond), 7, left: true)) "
            + "\(workload.unit)/s  (\(timing.passes) passes, median \(String(format: "%.3f", timing.medianPassSeconds)) s, "
            + "spread \(percent(timing.spread)), peak RSS \(rss(timing)) MiB)")
        if engine != .caliper { row.roundRatios[engine] = timed.roundRatios(.caliper, over: engine) }
    }
    if row.timings[.caliper] != nil, workload.caliperCaches { row.hitRate = workload.probe.hitRate }
    print("  \(pad(workload.title, 40)) Caliper ÷ Pango \(ratio(row.ratio(.pango))) (quartiles \(row.ratioSpread(.pango))), "
        + "Caliper ÷ raw HarfBuzz \(ratio(row.ratio(.harfBuzz))) (quartiles \(row.ratioSpread(.harfBuzz))), "
        + (row.roundRatios[.caliperIOS] != nil
            ? "Caliper ÷ its iOS path \(ratio(row.ratio(.caliperIOS))) (quartiles \(row.ratioSpread(.caliperIOS))), " : "")
        + "cache hit rate \(row.hitRate.map(percent) ?? "—")")
    rows.append(row)
}
for workload in bench.plainWorkloads() where isSelected(workload.id) { try run(workload) }

// Issue #13's rich text is set up only now, and only when asked for, so its strings, texts and
// attribute lists weigh on no memory figure of the rows above (all of them would add some 40 MiB).
var richAgreement: RichAgreement?
var richIdentity: (compared: Int, differing: Int)?
if Workbench.richWorkloadIDs.contains(where: isSelected) {
    let richStart = now()
    let rich = bench.richCorpus
    let paragraphLengths = rich.paragraphs.map(\.string.count)
    print("rich corpus: \(rich.posts.count) notification cells (bold name + action at 17 pt, body 120–480 chars at 15 pt), "
        + "\(rich.distinctChips.count) distinct chips and a Zipf stream of \(rich.chipStream.count) over "
        + "\(rich.chipVocabulary.count) tags (count in bold), \(rich.paragraphs.count) ten-span paragraphs "
        + "(\(paragraphLengths.min() ?? 0)–\(paragraphLengths.max() ?? 0) chars, avg "
        + "\(paragraphLengths.reduce(0, +) / max(1, paragraphLengths.count)))"
        + String(format: " (%.1f s to draw)", now() - richStart))
    let agreement = try bench.richAgreement()
    print(String(
        format: "rich agreement (Pango with attribute lists): single-line widths of %d titles, chips and paragraphs, max |Δ| %.4f pt "
            + "(for a text of %d UTF-16 units), %d/%d within Pango's 1/1024 pt per glyph; truncated titles and wrapped paragraphs: "
            + "%d/%d same height and line count, max |Δ height| %.3f pt",
        agreement.singleLineCount, agreement.largestWidthDifference, agreement.widestDifferenceText.utf16.count,
        agreement.withinRounding, agreement.singleLineCount, agreement.sameHeight, agreement.laidOutCount,
        agreement.largestHeightDifference))
    let identity = try bench.richCachedEqualsUncached()
    print("rich cached vs uncached: \(identity.compared) layouts compared (sizes and line widths), \(identity.differing) differ")
    (richAgreement, richIdentity) = (agreement, identity)
    for workload in bench.richWorkloads() where isSelected(workload.id) { try run(workload) }
}

// Issue #42: Caliper measuring for Android, set up last and only when asked for (Roboto, its own
// Pango font map), over the labels and paragraphs of the rows above.
if AndroidWorkbench.workloadIDs.contains(where: isSelected) {
    let android = try AndroidWorkbench(corpus: corpus)
    let widths = Workbench.widths.map { "\(Int($0))" }.joined(separator: "/")
    let pixels = Workbench.widths.map { "\(Int(AndroidWorkbench.pixels(fromDP: $0)))" }.joined(separator: "/")
    print("android: Roboto 14 sp at density \(AndroidWorkbench.profile.density) (\(Int(android.textSizeInPixels)) px, hinted), "
        + "labels with no width limit, paragraphs at \(widths) dp (\(pixels) px); Caliper's iOS path: Roboto 14 pt, "
        + "paragraphs at \(widths) pt, a fresh cache each pass")
    let agreement = try android.agreement()
    print(String(
        format: "android agreement: %d/%d labels one BoringLayout line, max |Δ width| against raw HarfBuzz (unhinted) %.2f px; "
            + "lines of %d paragraphs: Caliper for Android %d, Caliper's iOS path %d, Pango %d",
        agreement.boringLabels, agreement.labels, agreement.largestLabelWidthDifference, agreement.paragraphs,
        agreement.androidLines, agreement.iosLines, agreement.pangoLines))
    for workload in android.workloads() where isSelected(workload.id) { try run(workload) }
}
print(String(format: "workloads took %.0f s", now() - workloadsStart))

// MARK: - Memory flatness

var checkpoints: [MemoryCheckpoint] = []
if !options.skipMemory {
    print("memory: measuring \(memoryCount) distinct strings through TextMeasurer() (shared cache, default budget; 9 in 10 plain Latin labels, 1 in 10 mixed-script strings wrapped at 120 pt) in a child process…")
    let child = Process()
    child.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    child.arguments = ["memory-child", String(memoryCount)]
    let pipe = Pipe()
    child.standardOutput = pipe
    try child.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    child.waitUntilExit()
    checkpoints = String(decoding: output, as: UTF8.self).split(separator: "\n").compactMap(MemoryCheckpoint.init(line:))
    if child.terminationStatus != 0 || checkpoints.count != 3 { print("memory: the child failed (status \(child.terminationStatus))") }
    for point in checkpoints {
        print("  \(Int(point.fraction * 100))% (\(rate(Double(point.count))) strings): peak RSS \(mib(point.peakResidentBytes)) MiB, "
            + "RSS \(mib(point.residentBytes)) MiB, cache \(point.cache.entryCount) entries / \(mib(point.cache.byteCount)) MiB, "
            + "\(point.cache.evictions) evictions, \(String(format: "%.1f", point.seconds)) s")
    }
}

// MARK: - caliper batch --jobs 1 / 2

struct BatchRun {
    var jobs: Int
    var seconds: Double
}
var batchRuns: [BatchRun] = []
var batchIdentical: Bool?
var separateMedian: Double?
/// Issue #28 on a machine of more than 2 cores: N = the core count, and the median seconds of
/// `--jobs N` and of N `--jobs 1` processes on a share each.
var manyCores: (cores: Int, jobs: Double, processes: Double)?
if !options.skipBatch {
    if let cli = options.caliperCLI {
        try FileManager.default.createDirectory(atPath: options.workDirectory, withIntermediateDirectories: true)
        let requests = options.workDirectory + "/batch-\(batchCount).jsonl"
        try writeBatchRequests(to: requests, count: batchCount, corpus: corpus)
        print("batch: \(batchCount) measure requests (70% tags, 20% paragraphs, 10% mixed scripts) in \(requests)")
        // Alternating rounds, the median of each: one run of a few seconds on a shared 2-core
        // machine varies by ±15%, more than the difference being measured.
        let rounds = options.quick ? 1 : 5
        var seconds: [Int: [Double]] = [1: [], 2: []]
        // The machine's own ceiling for the work: its two halves in two separate `--jobs 1`
        // processes at once, which share nothing but the hardware.
        let lines = try String(contentsOfFile: requests, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: true)
        let halves = [lines[..<(lines.count / 2)], lines[(lines.count / 2)...]].enumerated().map { index, half in
            (options.workDirectory + "/batch-half\(index).jsonl", half.joined(separator: "\n") + "\n")
        }
        for (path, contents) in halves { try contents.write(toFile: path, atomically: true, encoding: .utf8) }
        var separateSeconds: [Double] = []
        for round in 1...rounds {
            // Each writes its answers to a file, as the `--jobs` runs below do: the same work.
            let processes = halves.enumerated().map { index, half in
                let process = Process()
                process.executableURL = URL(fileURLWithPath: cli)
                process.arguments = ["batch", "--jobs", "1", "--input", half.0]
                let outputPath = options.workDirectory + "/batch-answers-half\(index).jsonl"
                _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
                process.standardOutput = FileHandle(forWritingAtPath: outputPath)
                return process
            }
            let start = now()
            for process in processes { try process.run() }
            for process in processes { process.waitUntilExit() }
            separateSeconds.append(now() - start)
            print("  round \(round), two --jobs 1 processes on half each: \(String(format: "%.2f", separateSeconds.last ?? 0)) s")
            for jobs in [1, 2] {
                let outputPath = options.workDirectory + "/batch-answers-jobs\(jobs).jsonl"
                _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
                let process = Process()
                process.executableURL = URL(fileURLWithPath: cli)
                process.arguments = ["batch", "--jobs", String(jobs), "--input", requests]
                process.standardOutput = FileHandle(forWritingAtPath: outputPath)
                let start = now()
                try process.run()
                process.waitUntilExit()
                let elapsed = now() - start
                guard process.terminationStatus == 0 else { fail("caliper batch --jobs \(jobs) exited \(process.terminationStatus)") }
                seconds[jobs, default: []].append(elapsed)
                print("  round \(round), --jobs \(jobs): \(String(format: "%.2f", elapsed)) s, \(rate(Double(batchCount) / elapsed)) requests/s")
            }
        }
        separateMedian = separateSeconds.sorted()[rounds / 2]
        for jobs in [1, 2] {
            let median = (seconds[jobs] ?? []).sorted()[rounds / 2]
            batchRuns.append(BatchRun(jobs: jobs, seconds: median))
            print("  --jobs \(jobs), median of \(rounds): \(String(format: "%.2f", median)) s, \(rate(Double(batchCount) / median)) requests/s")
        }
        batchIdentical = FileManager.default.contentsEqual(
            atPath: options.workDirectory + "/batch-answers-jobs1.jsonl", andPath: options.workDirectory + "/batch-answers-jobs2.jsonl")
        print("  answers of --jobs 1 and --jobs 2 identical: \(batchIdentical!)")
        // Issue #28: on a machine of more cores, the same against all of them: `--jobs N` over the
        // requests against N `--jobs 1` processes on a share each (N = the core count).
        let cores = processInfo.activeProcessorCount
        if cores > 2 {
            let shares = (0..<cores).map { index -> String in
                let share = lines[(lines.count * index / cores)..<(lines.count * (index + 1) / cores)]
                let path = options.workDirectory + "/batch-share\(index).jsonl"
                _ = FileManager.default.createFile(atPath: path, contents: Data((share.joined(separator: "\n") + "\n").utf8))
                return path
            }
            func run(_ arguments: [[String]]) throws -> Double {
                let processes = arguments.map { arguments in
                    let process = Process()
                    process.executableURL = URL(fileURLWithPath: cli)
                    process.arguments = arguments
                    process.standardOutput = FileHandle.nullDevice
                    return process
                }
                let start = now()
                for process in processes { try process.run() }
                for process in processes { process.waitUntilExit() }
                return now() - start
            }
            var jobsSeconds: [Double] = []
            var processSeconds: [Double] = []
            for round in 1...rounds {
                jobsSeconds.append(try run([["batch", "--jobs", String(cores), "--input", requests]]))
                processSeconds.append(try run(shares.map { ["batch", "--jobs", "1", "--input", $0] }))
                print("  round \(round), --jobs \(cores): \(String(format: "%.2f", jobsSeconds.last ?? 0)) s; "
                    + "\(cores) --jobs 1 processes: \(String(format: "%.2f", processSeconds.last ?? 0)) s")
            }
            let jobs = jobsSeconds.sorted()[rounds / 2]
            let processes = processSeconds.sorted()[rounds / 2]
            manyCores = (cores, jobs, processes)
            print("  --jobs \(cores) against \(cores) processes, medians of \(rounds): \(String(format: "%.2f×", processes / jobs))")
        }
    } else {
        print("batch: skipped (no --caliper-cli)")
    }
}

// MARK: - The table

var markdown = """
    | Workload | Caliper | Pango | raw HarfBuzz | Caliper ÷ Pango (quartiles) | Caliper ÷ HarfBuzz (quartiles) | Cache hit rate | Peak RSS MiB (+ rise), Caliper / Pango / HarfBuzz |
    |---|--:|--:|--:|--:|--:|--:|--:|

    """
/// The engines with a column of their own; Caliper's iOS path beside its Android one has a table below.
let tableEngines: [Engine] = [.caliper, .pango, .harfBuzz]
for row in rows {
    let cells = tableEngines.map { engine in row.timings[engine].map { "\(rate($0.opsPerSecond)) \(row.workload.unit)/s" } ?? "—" }
    let peaks = tableEngines.map { engine in row.timings[engine].map(rss) ?? "—" }.joined(separator: " / ")
    var harfBuzzCell = cells[2]
    if let note = row.workload.note, row.timings[.harfBuzz] != nil { harfBuzzCell += " (\(note))" }
    markdown += "| \(row.workload.title) | \(cells[0]) | \(cells[1]) | \(harfBuzzCell) | \(ratio(row.ratio(.pango))) (\(row.ratioSpread(.pango))) | "
        + "\(ratio(row.ratio(.harfBuzz))) (\(row.ratioSpread(.harfBuzz))) | \(row.hitRate.map(percent) ?? "—") | \(peaks) |\n"
}

// Issue #42: Caliper for Android beside its own iOS path over the same strings, timed in the same rounds.
let pathRows = rows.filter { $0.timings[.caliperIOS] != nil }
if !pathRows.isEmpty {
    markdown += """

        | Android workload | Caliper for Android | Caliper's iOS path, same strings | Android ÷ iOS (quartiles) |
        |---|--:|--:|--:|

        """
    for row in pathRows {
        let cells = [Engine.caliper, .caliperIOS].map { engine in
            row.timings[engine].map { "\(rate($0.opsPerSecond)) \(row.workload.unit)/s" } ?? "—"
        }
        markdown += "| \(row.workload.title) | \(cells[0]) | \(cells[1]) | \(ratio(row.ratio(.caliperIOS))) (\(row.ratioSpread(.caliperIOS))) |\n"
    }
}

@MainActor func row(_ id: String) -> Row? { rows.first { $0.workload.id == id } }
var targets: [(String, String, Bool?)] = []
if let warm = row("labels.warm") {
    targets.append(("Warm short labels ≥ 50× Pango", ratio(warm.ratio(.pango)), warm.ratio(.pango).map { $0 >= 50 }))
    targets.append(("Warm short labels ≥ 5× raw HarfBuzz", ratio(warm.ratio(.harfBuzz)), warm.ratio(.harfBuzz).map { $0 >= 5 }))
}
if let cold = row("labels.cold") {
    targets.append(("Cold short labels ≥ 3× Pango", ratio(cold.ratio(.pango)), cold.ratio(.pango).map { $0 >= 3 }))
    let slowdown = cold.ratio(.harfBuzz).map { 1 / $0 }
    targets.append((
        "Cold short labels within 1.3× raw HarfBuzz time", slowdown.map { String(format: "%.2f× its time", $0) } ?? "—",
        slowdown.map { $0 <= 1.3 }))
}
if let first = row("paragraph.first")?.timings[.caliper], let rewrap = row("paragraph.rewrap")?.timings[.caliper] {
    let speedup = rewrap.opsPerSecond / first.opsPerSecond
    targets.append(("Re-wrap ≥ 20× faster than first measurement", ratio(speedup), speedup >= 20))
}
if let first = row("paragraph.first")?.timings[.caliper], let height = row("paragraph.height")?.timings[.caliper] {
    let speedup = height.opsPerSecond / first.opsPerSecond
    targets.append(("Height only ≥ 100× faster than first measurement", ratio(speedup), speedup >= 100))
}
if checkpoints.count == 3 {
    let base = Double(checkpoints[0].peakResidentBytes)
    let growth = Double(checkpoints[2].peakResidentBytes) / base - 1
    targets.append((
        "Peak RSS flat (± 10%) over \(rate(Double(memoryCount))) distinct strings",
        checkpoints.map { mib($0.peakResidentBytes) }.joined(separator: " / ") + " MiB at 10/50/100% ("
            + String(format: "%+.1f%%", growth * 100) + ")"
            + (checkpoints[0].cache.evictions == 0 ? "; the cache was not yet full at 10%, run more strings" : ""),
        abs(growth) <= 0.10))
}
if batchRuns.count == 2 {
    let speedup = batchRuns[0].seconds / batchRuns[1].seconds
    targets.append((
        "`caliper batch --jobs 2` ≥ 1.7× `--jobs 1` (\(rate(Double(batchCount))) requests)",
        "\(rate(Double(batchCount) / batchRuns[1].seconds)) vs \(rate(Double(batchCount) / batchRuns[0].seconds)) requests/s: "
            + String(format: "%.2f×", speedup)
            + (separateMedian.map {
                String(format: " (two separate `--jobs 1` processes on half the requests each, this machine's ceiling: %.2f×)", batchRuns[0].seconds / $0)
            } ?? "")
            + (batchIdentical == false ? ", answers differ!" : ""),
        speedup >= 1.7 && batchIdentical != false))
}
targets.append((
    "Cached results identical to uncached", "\(identity.compared - identity.differing)/\(identity.compared) sizes bit-identical",
    identity.differing == 0))
/// Issue #13: each rich workload's Caliper ÷ Pango, and their geometric mean (the target's measure).
@MainActor func richTarget(warm: Bool, _ name: String, atLeast minimum: Double) {
    let ratios = Workbench.richKinds.compactMap { kind in
        row(Workbench.richID(kind, warm: warm))?.ratio(.pango).map { (kind, $0) }
    }
    guard !ratios.isEmpty else { return }
    let geometricMean = exp(ratios.map { log($0.1) }.reduce(0, +) / Double(ratios.count))
    targets.append((
        "\(name) (geometric mean of \(ratios.map(\.0).joined(separator: ", ")))",
        "\(ratio(geometricMean)) (" + ratios.map { "\($0.0) \(ratio($0.1))" }.joined(separator: ", ") + ")",
        geometricMean >= minimum))
}
richTarget(warm: false, "Rich-text first measure ≥ 2× Pango with attribute lists", atLeast: 2)
richTarget(warm: true, "Rich-text warm ≥ 20× Pango with attribute lists", atLeast: 20)
if let richIdentity {
    targets.append((
        "Rich text: cached results identical to uncached",
        "\(richIdentity.compared - richIdentity.differing)/\(richIdentity.compared) layouts bit-identical",
        richIdentity.differing == 0))
}
if let richAgreement {
    targets.append((
        "Rich text: single-line widths within Pango's 1/1024 pt per glyph",
        "\(richAgreement.withinRounding)/\(richAgreement.singleLineCount) texts, "
            + String(format: "largest difference %.4f pt", richAgreement.largestWidthDifference),
        richAgreement.withinRounding == richAgreement.singleLineCount))
}

// Issue #17: text never seen before, and two jobs against the machine's ceiling.
if let manyCores {
    let ratio = manyCores.processes / manyCores.jobs
    targets.append((
        "#28: `caliper batch --jobs \(manyCores.cores)` ≥ 0.85× \(manyCores.cores) `--jobs 1` processes (this machine's cores)",
        "\(rate(Double(batchCount) / manyCores.jobs)) vs \(rate(Double(batchCount) / manyCores.processes)) requests/s: "
            + String(format: "%.2f×", ratio), ratio >= 0.85))
}
if let mixed = row("mixed.cold") {
    targets.append(("#17: mixed scripts + fallback, cold cache ≥ 2× Pango", ratio(mixed.ratio(.pango)), mixed.ratio(.pango).map { $0 >= 2 }))
    if let pango = mixed.ratio(.pango), let harfBuzz = mixed.ratio(.harfBuzz) {
        targets.append((
            "#28: mixed scripts + fallback, cold cache ≥ 1.2× Pango and ≥ 0.6× raw HarfBuzz",
            "\(ratio(pango)) Pango, \(ratio(harfBuzz)) raw HarfBuzz", pango >= 1.2 && harfBuzz >= 0.6))
    }
}
if let first = row("paragraph.first") {
    targets.append(("#17: paragraph, first measure + wrap ≥ 3× Pango", ratio(first.ratio(.pango)), first.ratio(.pango).map { $0 >= 3 }))
    targets.append((
        "#17: paragraph, first measure + wrap ≥ 0.6× raw HarfBuzz shaping", ratio(first.ratio(.harfBuzz)),
        first.ratio(.harfBuzz).map { $0 >= 0.6 }))
}
if let feed = row("feed") {
    targets.append(("#17: feed, 10,000 cells, cold ≥ 3× Pango", ratio(feed.ratio(.pango)), feed.ratio(.pango).map { $0 >= 3 }))
}
let richFirst = Workbench.richKinds.compactMap { kind in row(Workbench.richID(kind, warm: false))?.ratio(.pango).map { (kind, $0) } }
if !richFirst.isEmpty {
    targets.append((
        "#17: rich-text first measure ≥ 3× Pango with attribute lists (each workload)",
        richFirst.map { "\($0.0) \(ratio($0.1))" }.joined(separator: ", "), richFirst.allSatisfy { $0.1 >= 3 }))
}
if batchRuns.count == 2, let separateMedian {
    let share = separateMedian / batchRuns[1].seconds
    targets.append((
        "#17, #28: `caliper batch --jobs 2` ≥ 0.95× two separate `--jobs 1` processes (the ceiling)",
        String(format: "%.2f s vs %.2f s: %.2f×", batchRuns[1].seconds, separateMedian, share), share >= 0.95))
}

markdown += "\n| Target (issues #6, #13, #17, #28) | Measured | Met |\n|---|---|:-:|\n"
for (name, measured, met) in targets {
    markdown += "| \(name) | \(measured) | \(met.map { $0 ? "yes" : "**no**" } ?? "—") |\n"
}
markdown += """

    \(options.quick ? "Quick run" : "Full run") on \(processInfo.activeProcessorCount) cores (load average \(loadAverage) at \
    start, \((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first.map(String.init) ?? "?") \
    at the end); Pango \(PangoEngine.version) \
    (PangoCairo FT font map, hinting off, unrounded positions), HarfBuzz \(HarfBuzzEngine.version) (hb_ot funcs, scale = upem, \
    one reused buffer). Each engine measures the same strings in the same process, the engines' passes \
    interleaved (one pass of each per round, the order rotated each round), so a drift of the machine's state \
    weighs on all alike; throughput is each engine's median pass, a ratio the median of the rounds' ratios with \
    their quartiles beside it. \
    Peak RSS is the whole process's high-water mark during each engine's warm-up pass (reset before it, \
    through /proc/self/clear_refs), with its rise over the resident set at that pass's start.

    """

print("\n" + markdown)
if let file = options.markdownFile {
    try markdown.write(toFile: file, atomically: true, encoding: .utf8)
    print("(table written to \(file))")
}
