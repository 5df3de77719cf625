// Tracking.swift — a font's AAT `trak` table and the tracking it gives at a point size, as HarfBuzz 6.0 (and Core Text) apply it.
import Foundation

/// The horizontal tracking of a font's AAT `trak` table (Apple's TrueType Reference Manual,
/// "The 'trak' table"): its normal track (the first whose track value is 0) as design units per
/// point size. Apple's system fonts carry one; Core Text applies it at every size, and HarfBuzz
/// does when the font's point size is set (`hb_font_set_ptem`, `hb-shape --font-ptem`).
///
/// ``designUnits(atPointSize:)`` follows HarfBuzz 6.0.0's `AAT::TrackData::get_tracking` and
/// `interpolate_at` (`src/hb-aat-layout-trak-table.hh`, lines 79–131; `Tests/Goldens/trak.md`):
/// the first table size at or above the point size (the last one at most) and the size before it
/// (the first two below the first size) give a line, evaluated in single precision at the point
/// size — interpolated between the table's sizes, extrapolated outside them — and rounded to whole
/// design units as HarfBuzz rounds: `floorf(x + .5f)` (its `roundf`, `src/hb-algs.hh`), so an exact
/// half rounds up, −44.5 to −44.
struct TrackingTable: Sendable, Equatable {
    /// The table's point sizes (16.16 fixed-point numbers, as single-precision floats).
    let sizes: [Float]
    /// The normal track's value at each size, in design units.
    let values: [Int16]

    /// The table in `bytes` (a whole `trak` table), or `nil` when it has no horizontal data, no
    /// track of value 0, or a track or value past its end (HarfBuzz's sanitizer then refuses the
    /// table and applies no tracking either).
    init?(trakTable bytes: [UInt8]) {
        let reader = BigEndianReader(bytes)
        func uint16(_ offset: Int) -> Int? { reader.uint16(at: offset).map(Int.init) }
        func int32(_ offset: Int) -> Int32? { reader.int32(at: offset) }
        guard let version = int32(0), version != 0, let horizontal = uint16(6), horizontal != 0,
            let trackCount = uint16(horizontal), let sizeCount = uint16(horizontal + 2),
            let sizeTable = int32(horizontal + 4).map({ Int(UInt32(bitPattern: $0)) })
        else { return nil }
        // As HarfBuzz's sanitizer: every track and its values inside the table, or no tracking.
        var normalValues: Int?
        for track in 0..<trackCount {
            let entry = horizontal + 8 + 8 * track
            guard let value = int32(entry), let valuesOffset = uint16(entry + 6), valuesOffset + 2 * sizeCount <= bytes.count else {
                return nil
            }
            if value == 0, normalValues == nil { normalValues = valuesOffset }
        }
        guard let normalValues else { return nil }
        var sizes: [Float] = []
        var values: [Int16] = []
        for index in 0..<sizeCount {
            guard let size = int32(sizeTable + 4 * index), let value = uint16(normalValues + 2 * index) else { return nil }
            sizes.append(Float(size) / 65536)
            values.append(Int16(truncatingIfNeeded: value))
        }
        self.sizes = sizes
        self.values = values
    }

    /// The tracking added after each cluster at `pointSize`, in design units (0 at a size of 0
    /// or less, as HarfBuzz applies none without a point size).
    func designUnits(atPointSize pointSize: CGFloat) -> Int {
        let size = Float(pointSize)
        guard size > 0, !values.isEmpty else { return 0 }
        guard values.count > 1 else { return Int(values[0]) }
        var index = 0
        while index < sizes.count - 1, sizes[index] < size { index += 1 }
        let lower = index == 0 ? 0 : index - 1
        let (s0, s1) = (sizes[lower], sizes[lower + 1])
        let t: Float = s0 == s1 ? 0 : (size - s0) / (s1 - s0)
        let tracking = t * Float(values[lower + 1]) + (1 - t) * Float(values[lower])
        // HarfBuzz keeps it in a C int: a table whose sizes lie a 65536th of a point apart,
        // extrapolated to a large size, goes far beyond any width; held to that range it stays a
        // number every width can add (clusters × it fits an Int many times over).
        guard tracking.isFinite else { return 0 }
        let limit: Float = 2_147_483_520  // the largest Float below 2^31, so the Int conversion stays in a C int
        let rounded = (tracking + 0.5).rounded(.down)  // in single precision, as HarfBuzz adds and floors
        return Int(min(max(rounded, -limit), limit))
    }
}
