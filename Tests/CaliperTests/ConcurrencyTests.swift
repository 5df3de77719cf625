// ConcurrencyTests.swift — many tasks measuring with shared fonts give the results of one task.
import Caliper
import Foundation
import Testing

@Suite struct ConcurrencyTests {
    @Test func sharedFontsGiveIdenticalResultsFromManyTasks() async throws {
        let fonts = try ["Fonts/DejaVuSans.ttf", "Fonts/NotoSans-Regular.ttf", "Fonts/LiberationSans-Regular.ttf"]
            .map { try Fixtures.font($0) }
        let texts = WrappedLayoutTests.goldens.map(\.text) + ["Hello, World", "AVAVAV", "office fluffy"]
        let measurer = TextMeasurer()
        let jobs = fonts.flatMap { font in texts.map { (font, $0) } }
        let expected = try jobs.map { font, text in
            try measurer.layout(text, style: TextStyle(font: font, size: 15), maxWidth: 150)
        }
        let rounds = 8
        let results = try await withThrowingTaskGroup(of: (Int, TextLayout).self) { group in
            for round in 0..<rounds {
                for (index, job) in jobs.enumerated() {
                    group.addTask {
                        let layout = try measurer.layout(job.1, style: TextStyle(font: job.0, size: 15), maxWidth: 150)
                        return (round * jobs.count + index, layout)
                    }
                }
            }
            var results: [Int: TextLayout] = [:]
            for try await (key, layout) in group { results[key] = layout }
            return results
        }
        #expect(results.count == rounds * jobs.count)
        for (key, layout) in results { #expect(layout == expected[key % jobs.count]) }
    }

    @Test func fontsLoadConcurrentlyThroughOneResolver() async throws {
        let resolver = FontResolver()
        let path = Fixtures.path("Fonts/LiberationSans-Regular.ttf")
        let faces = try await withThrowingTaskGroup(of: FontFace.self) { group in
            for _ in 0..<16 { group.addTask { try resolver.face(for: path) } }
            return try await group.reduce(into: [FontFace]()) { $0.append($1) }
        }
        #expect(Set(faces.map(ObjectIdentifier.init)).count == 1)
    }
}
