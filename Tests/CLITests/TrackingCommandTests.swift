// TrackingCommandTests.swift — fonts with an AAT `trak` table through caliper batch: every size tracked at its size, in one batch.
import Foundation
import Testing

@Suite struct TrackingCommandTests {
    /// Every case of `Tests/Goldens/trak.json` for one font, at all its sizes, shuffled into one
    /// batch answered on two threads: each answer is hb-shape's width with the point size set
    /// (`--font-ptem`), within 1e-6 pt, whatever the sizes before it left in the caches.
    @Test func aBatchOfManySizesMatchesHbShape() throws {
        let data = try Data(contentsOf: CLI.root.appendingPathComponent("Tests/Goldens/trak.json"))
        let golden = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let font = try #require((golden["fonts"] as? [[String: Any]])?.first)
        let path = try #require(font["font"] as? String)
        let cases = try #require(font["cases"] as? [[String: Any]])
        var requests: [String] = []
        var expected: [Int: Double] = [:]
        for (index, item) in cases.enumerated() {
            let text = try #require(item["text"] as? String)
            let quoted = String(decoding: try JSONSerialization.data(withJSONObject: [text]), as: UTF8.self).dropFirst().dropLast()
            requests.append(#"{"id": \#(index), "text": \#(quoted), "font": "\#(path)", "size": \#(try #require(item["size"] as? Double))}"#)
            expected[index] = try #require(item["width"] as? Double)
        }
        // A fixed shuffle: sizes interleaved, texts repeated.
        let order = requests.indices.sorted { ($0 * 7919) % requests.count < ($1 * 7919) % requests.count }
        let answers = try CLI.run(["batch", "--jobs", "2"], input: order.map { requests[$0] }.joined(separator: "\n")).jsonLines
        try #require(answers.count == requests.count)
        for answer in answers {
            let id = try #require(answer["id"] as? Int)
            let width = try #require(answer["width"] as? Double, "\(answer)")
            #expect(abs(width - (expected[id] ?? .nan)) <= 1e-6, "request \(id): \(width), hb-shape \(expected[id] ?? .nan)")
        }
    }
}
