// FlowRowPacker.swift — splits item widths into rows: greedy, or balanced with the same row count.
import Foundation

/// Row-filling algorithms over item widths. Pure functions of numbers, so they are tested alone.
enum FlowRowPacker {
    /// Rows in order, each taking as many items as fit in `available` (an exact fit stays on the
    /// row; lengths are compared with a 1e-9 tolerance). A row always holds at least one item.
    static func greedyRows(widths: [CGFloat], available: CGFloat, spacing: CGFloat) -> [Range<Int>] {
        var rows: [Range<Int>] = []
        var start = 0
        var rowWidth: CGFloat = 0
        for (index, width) in widths.enumerated() {
            if index == start {
                rowWidth = width
            } else if rowWidth + spacing + width <= available + lengthTolerance {
                rowWidth += spacing + width
            } else {
                rows.append(start..<index)
                start = index
                rowWidth = width
            }
        }
        if start < widths.count { rows.append(start..<widths.count) }
        return rows
    }

    /// The same items in the same order and the same number of rows as greedy packing, but filled
    /// as evenly as possible: the least sum over rows of (available − row width)².
    ///
    /// Dynamic programming over row ends. A feasible end of row r lies between where greedy
    /// packing from the back must have started its remaining rows and where greedy packing from
    /// the front reaches, so only that band is searched.
    static func balancedRows(widths: [CGFloat], available: CGFloat, spacing: CGFloat) -> [Range<Int>] {
        let greedy = greedyRows(widths: widths, available: available, spacing: spacing)
        let rowCount = greedy.count
        guard rowCount > 1 else { return greedy }
        let count = widths.count
        var prefix = [CGFloat](filling: 0, count: count + 1)
        for index in 0..<count { prefix[index + 1] = prefix[index] + widths[index] }
        func width(_ start: Int, _ end: Int) -> CGFloat {
            prefix[end] - prefix[start] + spacing * CGFloat(end - start - 1)
        }
        func fits(_ start: Int, _ end: Int) -> Bool {
            end - start == 1 || width(start, end) <= available + lengthTolerance
        }
        // highestEnd[r]: the furthest end of row r (greedy from the front).
        let highestEnd = greedy.map(\.upperBound)
        // lowestEnd[r]: the earliest end of row r that still lets the remaining rows hold the rest
        // (greedy from the back, which packs the most items into the last rows).
        let fromBack = greedyRows(widths: widths.reversed(), available: available, spacing: spacing)
        var lowestEnd = [Int](filling: count, count: rowCount)
        var covered = 0
        for rowsFromEnd in 1..<rowCount {
            covered += fromBack[rowsFromEnd - 1].count
            lowestEnd[rowCount - 1 - rowsFromEnd] = count - covered
        }

        // cost[r][end - lowestEnd[r]] and the start of row r chosen for that end.
        var cost: [[CGFloat]] = []
        var startOf: [[Int]] = []
        for row in 0..<rowCount {
            let ends = lowestEnd[row]...highestEnd[row]
            var rowCost = [CGFloat](filling: .infinity, count: ends.count)
            var rowStart = [Int](filling: -1, count: ends.count)
            for end in ends {
                let starts = row == 0 ? 0...0 : lowestEnd[row - 1]...highestEnd[row - 1]
                for start in starts where start < end && fits(start, end) {
                    let previous = row == 0 ? 0 : cost[row - 1][start - lowestEnd[row - 1]]
                    guard previous.isFinite else { continue }
                    let slack = available - width(start, end)
                    let total = previous + slack * slack
                    if total < rowCost[end - ends.lowerBound] {
                        rowCost[end - ends.lowerBound] = total
                        rowStart[end - ends.lowerBound] = start
                    }
                }
            }
            cost.append(rowCost)
            startOf.append(rowStart)
        }
        var rows: [Range<Int>] = []
        var end = count
        for row in stride(from: rowCount - 1, through: 0, by: -1) {
            let start = startOf[row][end - lowestEnd[row]]
            guard start >= 0 else { return greedy }  // unreachable: greedy itself is feasible
            rows.append(start..<end)
            end = start
        }
        return rows.reversed()
    }

    /// Width of `widths[range]` laid in a row with `spacing` between items.
    static func rowWidth(_ widths: ArraySlice<CGFloat>, spacing: CGFloat) -> CGFloat {
        widths.reduce(0, +) + spacing * CGFloat(max(widths.count - 1, 0))
    }
}
