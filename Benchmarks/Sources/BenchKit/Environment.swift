// Environment.swift — where the fonts are, and how much memory the process holds.
import Foundation

/// The repository's `Fonts/` folder and the fixture fonts the workloads use.
public enum FontFiles {
    /// The repository root: `CALIPER_ROOT` if set, else two folders above `Benchmarks/`.
    public static let root: String = {
        if let root = ProcessInfo.processInfo.environment["CALIPER_ROOT"], !root.isEmpty { return root }
        return URL(fileURLWithPath: #filePath)  // Benchmarks/Sources/BenchKit/Environment.swift
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }()

    public static func path(_ name: String) -> String { root + "/Fonts/" + name }

    public static let latin = path("NotoSans-Regular.ttf")
    /// The bold face of the rich-text workloads (same coverage as ``latin``).
    public static let latinBold = path("NotoSans-Bold.ttf")
    /// The fallback cascade of the mixed-script workload, in order.
    public static let cascade = [
        path("DroidSansFallbackFull.ttf"), path("NotoColorEmoji.ttf"), path("NotoSansArabic-Regular.ttf"),
        path("NotoSansThai-Regular.ttf"),
    ]
    /// Roboto Regular, the Android workloads' font (the fixture fontconfig file leaves `Android/` out).
    public static let roboto = path("Android/Roboto-Regular.ttf")
    /// The fontconfig file that lists only the fixture fonts (Pango's font map uses it).
    public static let fontconfigFile = path("fonts.conf")
}

/// Resident memory from `/proc/self/status`, and a reset of its high-water mark so each engine's
/// peak is its own (Linux ≥ 4.0: writing 5 to `/proc/self/clear_refs`).
public enum ResidentMemory {
    /// VmHWM: the peak resident set since start or the last ``resetPeak()``, in bytes.
    public static var peak: Int { field("VmHWM:") }
    /// VmRSS: the resident set now, in bytes.
    public static var current: Int { field("VmRSS:") }

    /// Starts a new peak from the current resident set; `false` if the kernel refused.
    @discardableResult
    public static func resetPeak() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        do { try handle.write(contentsOf: Data("5".utf8)) } catch { return false }
        return true
    }

    private static func field(_ name: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) })
        else { return 0 }
        let kilobytes = line.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }.first ?? 0
        return kilobytes * 1024
    }
}
