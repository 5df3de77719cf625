// ServiceMetrics.swift — requests by route and status, their latency, and the caches, in Prometheus's text format.
import Caliper
import Foundation
import Logging
import Metrics
import NIOConcurrencyHelpers
import Prometheus

/// The service's metrics, made through swift-metrics with a Prometheus factory of its own (so
/// that two services in one process, as in tests, never share counts), and written by
/// `GET /metrics`.
final class ServiceMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    private let factory: PrometheusMetricsFactory
    /// How the fonts have been served, over the service's resolver and each compute thread's
    /// sibling of it, read at each exposition.
    private let fonts: @Sendable () -> FontResolver.Statistics
    /// The shape caches the requests are measured with (one per compute thread), read at each exposition.
    private let caches: @Sendable () -> [ShapeCache]

    init(fonts: @escaping @Sendable () -> FontResolver.Statistics, caches: @escaping @Sendable () -> [ShapeCache]) {
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = [
            .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2.5), .milliseconds(5),
            .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
            .seconds(1), .seconds(2.5), .seconds(5), .seconds(10),
        ]
        self.factory = factory
        self.fonts = fonts
        self.caches = caches
    }

    /// Counts one request to `route` (its path as the router matched it, `/v1/measure`) answered
    /// with `status`, and how long it took to answer (for a streamed batch, to its answer's head).
    func record(route: String, status: Int, duration: Duration) {
        let handles = handles(route: route, status: status)
        handles.requests.increment()
        handles.duration.recordNanoseconds(
            Int64(clamping: duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000))
    }

    /// A route's counter for one status and its timer.
    private struct RouteHandles: Sendable {
        let requests: CoreMetrics.Counter
        let duration: Metrics.Timer
    }

    private struct RouteStatus: Hashable, Sendable {
        let route: String
        let status: Int
    }

    /// The handles of each route and status answered so far. Making a handle through the factory
    /// checks and cleans its name and labels and takes the registry's lock, which every request
    /// then waited on; here a request takes one short lock of a table that stops growing once its
    /// routes and statuses are seen (routes are the router's paths, statuses HTTP's). Behind a
    /// pthread mutex (NIO's lock) rather than `Synchronization.Mutex`, whose futex ThreadSanitizer
    /// does not see: with it, every handle one thread made and another used read as a race.
    private let handles = NIOLockedValueBox<[RouteStatus: RouteHandles]>([:])

    private func handles(route: String, status: Int) -> RouteHandles {
        let key = RouteStatus(route: route, status: status)
        return handles.withLockedValue { table in
            if let known = table[key] { return known }
            let made = RouteHandles(
                requests: Counter(label: "caliper_requests_total", dimensions: [("route", route), ("status", String(status))], factory: factory),
                duration: Metrics.Timer(label: "caliper_request_duration_seconds", dimensions: [("route", route)], factory: factory))
            table[key] = made
            return made
        }
    }

    /// Counts one line of a `/v1/batch` body answered, by its outcome.
    func recordBatchLine(isError: Bool) {
        Counter(label: "caliper_batch_lines_total", dimensions: [("outcome", isError ? "error" : "ok")], factory: factory).increment()
    }

    /// Each table's figures summed over several caches' readings (their tables are the same, in the same order).
    static func summed(_ readings: [[ShapeCache.Table]]) -> [ShapeCache.Table] {
        guard var total = readings.first else { return [] }
        for reading in readings.dropFirst() {
            for (index, table) in reading.enumerated() where index < total.count && total[index].name == table.name {
                total[index].byteBudget += table.byteBudget
                total[index].statistics = total[index].statistics + table.statistics
            }
        }
        return total
    }

    /// The metrics in Prometheus's text exposition format, the caches' figures read now.
    func exposition(inFlight: Int) -> [UInt8] {
        let caches = caches()
        if !caches.isEmpty {
            // One reading of the tables (each table summed over the compute threads' caches), so
            // the totals are their sums even while requests run.
            let tables = Self.summed(caches.map(\.tables))
            func total(_ counter: (ShapeCache.Statistics) -> Int) -> Int { tables.reduce(0) { $0 + counter($1.statistics) } }
            gauge("caliper_shape_cache_hits", total(\.hits))
            gauge("caliper_shape_cache_misses", total(\.misses))
            gauge("caliper_shape_cache_evictions", total(\.evictions))
            gauge("caliper_shape_cache_entries", total(\.entryCount))
            gauge("caliper_shape_cache_bytes", total(\.byteCount))
            // Each table of the cache (its look-ups, evictions and bound are its own).
            for table in tables {
                let name = [("table", table.name)]
                gauge("caliper_shape_cache_table_hits", table.statistics.hits, name)
                gauge("caliper_shape_cache_table_misses", table.statistics.misses, name)
                gauge("caliper_shape_cache_table_evictions", table.statistics.evictions, name)
                gauge("caliper_shape_cache_table_entries", table.statistics.entryCount, name)
                gauge("caliper_shape_cache_table_bytes", table.statistics.byteCount, name)
                gauge("caliper_shape_cache_table_budget_bytes", table.byteBudget, name)
            }
        }
        let fonts = fonts()
        gauge("caliper_font_cache_hits", fonts.hits)
        gauge("caliper_font_cache_misses", fonts.misses)
        gauge("caliper_font_cache_evictions", fonts.evictions)
        gauge("caliper_font_cache_files", fonts.entryCount)
        gauge("caliper_font_cache_bytes", fonts.byteCount)
        gauge("caliper_requests_in_flight", inFlight)
        var output: [UInt8] = []
        registry.emit(into: &output)
        return output
    }

    private func gauge(_ label: String, _ value: Int, _ dimensions: [(String, String)] = []) {
        Gauge(label: label, dimensions: dimensions, factory: factory).record(value)
    }
}
