// FlowPropertyTests.swift — invariants of flow layouts over seeded random items and settings.
import Caliper
import CaliperLayout
import Foundation
import Testing
import TestSupport

@Suite struct FlowPropertyTests {
    static func randomFlow(seed: UInt64, style: TextStyle) -> (FlowLayout, CGFloat) {
        var generator = SplitMix64(seed: seed)
        let count = Int.random(in: 0...40, using: &generator)
        let items: [FlowItem] = (0..<count).map { _ in
            if Int.random(in: 0..<5, using: &generator) == 0 {
                return .fixed(CGSize(width: CGFloat.random(in: 1...80, using: &generator), height: CGFloat.random(in: 5...50, using: &generator)))
            }
            let padding = EdgeInsets(top: 2, left: CGFloat.random(in: 0...12, using: &generator), bottom: 2, right: 6)
            return .chip(String(repeating: "x", count: Int.random(in: 1...30, using: &generator)), style: style, padding: padding)
        }
        let flowStyle = FlowStyle(
            insets: EdgeInsets(top: 3, left: CGFloat.random(in: 0...20, using: &generator), bottom: 5, right: 7),
            interitemSpacing: CGFloat.random(in: 0...12, using: &generator), lineSpacing: 6,
            horizontalAlignment: FlowStyle.HorizontalAlignment.allCases.randomElement(using: &generator) ?? .leading,
            verticalAlignment: FlowStyle.VerticalAlignment.allCases.randomElement(using: &generator) ?? .top,
            isRightToLeft: Bool.random(using: &generator),
            packing: Bool.random(using: &generator) ? .greedy : .balanced)
        return (FlowLayout(items: items, style: flowStyle), CGFloat.random(in: 40...420, using: &generator))
    }

    @Test(arguments: 0..<10)
    func framesDoNotOverlapStayInBoundsAndKeepOrder(block: Int) throws {
        let measurer = FakeMeasurer(characterWidth: 7.3, lineHeight: 17.5, baseline: 13.25)
        let style = try LayoutFixtures.style()
        for seed in UInt64(block * 40)..<UInt64((block + 1) * 40) {
            let (flow, width) = Self.randomFlow(seed: seed, style: style)
            let result = try flow.layout(width: width, measurer: measurer)
            let frames = result.frames
            let context = "seed \(seed) at width \(width)"
            // Every item is placed, once, in order: rows cover 0..<n contiguously.
            #expect(result.rows.flatMap { Array($0) } == Array(0..<flow.items.count), "\(context)")
            let bounds = CGRect(origin: .zero, size: result.contentSize)
            for (index, frame) in frames.enumerated() {
                #expect(bounds.insetBy(dx: -1e-9, dy: -1e-9).contains(frame), "\(context): item \(index) \(frame) outside \(bounds)")
                #expect(frame.width <= width - flow.style.insets.horizontal + 1e-9, "\(context)")
                for other in frames[(index + 1)...] {
                    #expect(!frame.insetBy(dx: 1e-9, dy: 1e-9).intersects(other), "\(context): overlap")
                }
            }
            // Reading order: within a row, left to right (right to left for RTL); rows go down.
            for row in result.rows {
                let xs = row.map { frames[$0].minX }
                #expect(xs == (flow.style.isRightToLeft ? xs.sorted(by: >) : xs.sorted()), "\(context)")
            }
            for (upper, lower) in zip(result.rows, result.rows.dropFirst()) {
                let upperBottom = upper.map { frames[$0].maxY }.max() ?? 0
                #expect(lower.allSatisfy { frames[$0].minY >= upperBottom - 1e-9 }, "\(context)")
            }
            // Greedy rows are minimal: a row's next item would not have fitted on it.
            let available = width - flow.style.insets.horizontal
            if flow.style.packing == .greedy {
                for (row, next) in zip(result.rows, result.rows.dropFirst()) {
                    let members = (row.lowerBound...next.lowerBound).map { frames[$0].width }
                    let widthWithNext = members.reduce(0, +) + flow.style.interitemSpacing * CGFloat(members.count - 1)
                    #expect(widthWithNext > available + 1e-9, "\(context)")
                }
            } else {
                var greedy = flow
                greedy.style.packing = .greedy
                let greedyResult = try greedy.layout(width: width, measurer: measurer)
                #expect(greedyResult.rows.count == result.rows.count, "\(context)")
                // Balanced rows are at least as even as greedy ones.
                func raggedness(_ rows: [Range<Int>]) -> CGFloat {
                    rows.map { row in
                        let widths = row.map { greedyResult.frames[$0].width }
                        let slack = available - widths.reduce(0, +) - flow.style.interitemSpacing * CGFloat(widths.count - 1)
                        return slack * slack
                    }.reduce(0, +)
                }
                #expect(raggedness(result.rows) <= raggedness(greedyResult.rows) + 1e-6, "\(context)")
            }
        }
    }
}
