// LowerBound.swift — the one binary search: where a sorted collection stops being below a value.

extension RandomAccessCollection {
    /// The first index whose element is not `isBelow`, for a collection whose elements that are
    /// `isBelow` all come first (sorted by the key compared); `endIndex` when every element is.
    /// `values.lowerBound { $0 < 7 }` is where 7 would be inserted in the sorted `values`, before
    /// any 7 already there.
    @inlinable
    package func lowerBound(where isBelow: (Element) throws -> Bool) rethrows -> Index {
        var low = startIndex
        var count = self.count
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if try isBelow(self[middle]) {
                low = index(after: middle)
                count -= half + 1
            } else {
                count = half
            }
        }
        return low
    }
}
