// Formatting.swift — how the results table writes sizes, rates, ratios and percentages.
import BenchKit
import Foundation

func mib(_ bytes: Int) -> String { String(format: "%.0f", Double(bytes) / 1_048_576) }
/// The peak resident set, and in parentheses how far it rose above the resident set at the start.
func rss(_ timing: Timing) -> String {
    "\(mib(timing.peakResidentBytes)) (+\(mib(max(0, timing.peakResidentBytes - timing.startResidentBytes))))"
}
func rate(_ value: Double) -> String {
    switch value {
    case 10_000_000...: return String(format: "%.1fM", value / 1e6)
    case 1_000_000...: return String(format: "%.2fM", value / 1e6)
    case 10_000...: return String(format: "%.0fk", value / 1e3)
    case 1_000...: return String(format: "%.1fk", value / 1e3)
    default: return String(format: "%.0f", value)
    }
}
func ratio(_ value: Double?) -> String {
    guard let value, value.isFinite else { return "—" }
    return value >= 10 ? String(format: "%.0f×", value) : String(format: "%.2f×", value)
}
func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
    let padding = String(repeating: " ", count: max(0, width - text.count))
    return left ? padding + text : text + padding
}
func percent(_ value: Double) -> String { String(format: "%.1f%%", value * 100) }
