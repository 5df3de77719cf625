// ShortestDecimal.swift — the digits Swift's `description` writes for a Double in positional notation, worked out without it.

/// The shortest decimal that reads back as a Double — the digits `Double.description` writes —
/// for the values `description` writes in positional notation (10⁻⁴ to below 10¹⁵ here), as an
/// integer and its number of places after the point: 102.6142578125 is (1026142578125, 10),
/// 17.0 is (170, 1). ``JSONWriter`` writes a number from it, and from `description` where it
/// answers nil (other magnitudes, and the rare values whose digits hang on a tie). Widths,
/// heights and offsets in answers are sums of design units over unitsPerEm × a point size: most
/// are exact binary fractions with short expansions, the rest the nearest Doubles to short
/// decimals or sums with sixteen or seventeen digits, and each kind has its own way here.
/// Checked against `description` over a million random values and every shape of exact decimal
/// (`JSONWriterNumberTests`).
enum ShortestDecimal {
    /// The digits and places of a positive `magnitude` whose exact decimal expansion is the
    /// shortest, else nil. Such an expansion of at most 15 significant digits is the shortest:
    /// another decimal of fewer digits differs from it by at least a unit of its last digit, more
    /// than 10⁻¹⁵ of its value, past the half unit in the last place (2⁻⁵³ of it) within which a
    /// decimal reads back as this Double. `description` writes every value from 10⁻⁴ to below
    /// 10¹⁶ in positional notation (`17.0`, `0.000244140625`); below and above it uses an
    /// exponent, and those are left to it.
    @inline(__always) static func exact(_ magnitude: Double) -> (digits: UInt64, places: Int)? {
        guard magnitude >= 0.0001, magnitude < 1e15 else { return nil }
        // magnitude = significand × 2^shift, the significand odd.
        let (fraction, exponent) = parts(of: magnitude)
        let trailingZeros = fraction.trailingZeroBitCount
        let significand = fraction >> UInt64(trailingZeros)
        let shift = exponent - Double.significandBitCount + trailingZeros
        // A whole number below 10^15: its digits and ".0".
        if shift >= 0 { return ((significand << UInt64(shift)) * 10, 1) }
        // significand / 2^k = significand × 5^k / 10^k: the digits of significand × 5^k, the point k from the right.
        let places = -shift
        guard places < powersOfFive.count else { return nil }  // 5^24 × 2^53 still fits in 128 bits
        let (high, low) = significand.multipliedFullWidth(by: powersOfFive[places])  // odd × 5^k: no trailing zero
        guard high == 0, low < 1_000_000_000_000_000 else { return nil }  // at most 15 digits
        return (low, places)
    }

    /// The digits and places of a positive `magnitude` that is not exact (see ``exact(_:)``):
    /// the Double nearest to a decimal of at most 16 significant digits (a width of a font of
    /// 1,000 units per em: 9.452), or a sum of widths of sixteen or seventeen
    /// (642.3695507812499); nil where `description` must decide.
    ///
    /// The shortest decimal has the fewest places after the point: with `k` places the candidates
    /// are the integers m whose m / 10^k reads back as `magnitude`; m / 10^k is that reading
    /// exactly, for IEEE division of two exact operands (m < 2^52, 10^k for k ≤ 22) rounds as a
    /// parser rounds a decimal. A decimal that reads back with k places reads back with k + 1 (a
    /// zero added), so the places are searched: one to three in turn (most such numbers in
    /// answers have three or fewer), then by halves up to the last place whose product is below
    /// 2^52 (``digits(of:places:)``). Past it, sixteen digits or more, they are worked out in
    /// integers (``long(_:fromPlaces:)``).
    static func nearest(_ magnitude: Double) -> (digits: UInt64, places: Int)? {
        guard magnitude >= 0.0001, magnitude < 1e15 else { return nil }
        for places in 1...3 {
            guard magnitude * doublePowersOfTen[places] < 0x1p52 else { return long(magnitude, fromPlaces: places) }
            if let digits = digits(of: magnitude, places: places) { return (digits, places) }
        }
        // The last place whose product is below 2^52: ⌊log₁₀(2^52 / magnitude)⌋ from the binary
        // exponent, at most one too many (and at most 19 from 10⁻⁴ up); then the first place
        // with digits, by halves.
        var last = ((52 - parts(of: magnitude).exponent) * 1233) >> 12
        while magnitude * doublePowersOfTen[last] >= 0x1p52 { last -= 1 }
        guard last >= 4, var found = digits(of: magnitude, places: last) else {
            return long(magnitude, fromPlaces: max(last + 1, 4))
        }
        var low = 4  // no digits with fewer places; digits (`found`) with `last`
        while low < last {
            let middle = (low + last) / 2
            if let digits = digits(of: magnitude, places: middle) {
                (last, found) = (middle, digits)
            } else {
                low = middle + 1
            }
        }
        return (found, last)
    }

    /// The integer m of the decimal m / 10^`places` that reads back as `magnitude`, if there is
    /// one; `magnitude` × 10^`places` must be below 2^52.
    ///
    /// The decimals that read back lie within half a unit in the last place of `magnitude`, at
    /// most 2^-53 of it: scaled by 10^k, within P × 2^-53 of the true product P. The product
    /// computed, p, is off P by at most as much again. So while p < 2^52 the interval is narrower
    /// than 1 (one candidate at most), and every candidate is within 1 of p: round(p) or a
    /// neighbour. While p < 2^50 it is within ¼ of p: round(p) alone, and none when round(p) is
    /// further from p than p × 2^-51 — a place told apart with no division (most places tried
    /// fail so).
    @inline(__always) private static func digits(of magnitude: Double, places: Int) -> UInt64? {
        let scale = doublePowersOfTen[places]
        let product = magnitude * scale
        let nearest = (product + 0x1p52) - 0x1p52  // to the nearest integer (below 2^52, in two additions)
        // Exact: p and round(p) are within a factor of 2 of each other, or round(p) is 0.
        if product < 0x1p50, (product - nearest).magnitude > product * 0x1p-51 { return nil }
        for offset in [0.0, -1, 1] where nearest + offset >= 0 && (nearest + offset) / scale == magnitude {
            return UInt64(nearest + offset)
        }
        return nil
    }

    /// The fewest digits that read back as `magnitude`, the nearest to it of those, when no
    /// decimal of fewer than `first` places reads back as it and `magnitude` × 10^`first` is 2^52
    /// or more (sixteen or seventeen significant digits, which a Double cannot hold as an integer
    /// to test). Worked out exactly in integers: `magnitude` is f × 2^-s (f the 53-bit
    /// significand, s from 3 to 66 here), and the decimals that read back as it lie inside its
    /// rounding interval, f ± ½ (f − ¼ below a power of two) units of 2^-s. Scaled by 4 × 10^k
    /// over 2^(s+2) the bounds are integers below 2^125; from `first` places up (seventeen digits
    /// always suffice, so one or two tries), the first places with an integer strictly between
    /// them give the digits: the integer there nearest to `magnitude` × 10^k. A bound that is
    /// itself a decimal of those places, or a `magnitude` × 10^k exactly halfway between two
    /// integers, is left to `description` (nil: whether it reads back hangs on the parser's ties
    /// to even).
    private static func long(_ magnitude: Double, fromPlaces first: Int) -> (digits: UInt64, places: Int)? {
        // Wrapping arithmetic throughout: nothing here comes near 2^128.
        let (bits, exponent) = parts(of: magnitude)
        let significand = UInt128(bits)
        let shift = UInt128(Double.significandBitCount - exponent + 2)  // 5 to 68
        let upper = 4 &* significand &+ 2
        let lower = 4 &* significand &- (bits == 1 << 52 ? 1 : 2)  // a power of two: its interval below is half
        let fraction = (UInt128(1) &<< shift) &- 1
        for places in first...21 {  // 10^21 > 2^66 × 4: by 21 places the interval is wider than one
            let scale = powerOfTen(places)
            let scaledUpper = upper &* scale
            let scaledLower = lower &* scale
            let smallest = (scaledLower &>> shift) &+ 1  // above the lower bound
            let largest = scaledUpper &>> shift  // at or below the upper bound
            guard smallest <= largest else { continue }
            guard scaledUpper & fraction != 0, scaledLower & fraction != 0 else { return nil }  // a bound is a decimal here
            let scaled = 4 &* significand &* scale
            let remainder = scaled & fraction
            let half = UInt128(1) &<< (shift &- 1)
            guard remainder != half else { return nil }
            let nearest = (scaled &>> shift) &+ (remainder < half ? 0 : 1)
            let digits = min(max(nearest, smallest), largest)
            guard digits < UInt128(UInt64.max) else { return nil }
            return (UInt64(digits), places)
        }
        return nil
    }

    /// A positive normal Double's significand with its leading bit (53 bits) and its exponent:
    /// `magnitude` = significand × 2^(exponent − 52). Read from the bits (`Double.exponent` is
    /// a call).
    @inline(__always) private static func parts(of magnitude: Double) -> (significand: UInt64, exponent: Int) {
        let bits = magnitude.bitPattern
        let significand = bits & ((1 << 52) - 1) | (1 << 52)
        return (significand, Int(truncatingIfNeeded: bits &>> 52) - 1023)
    }

    /// 10^`exponent` (0 to 21).
    @inline(__always) private static func powerOfTen(_ exponent: Int) -> UInt128 {
        exponent < powersOfTen.count ? UInt128(powersOfTen[exponent]) : UInt128(powersOfTen[exponent - 2]) &* 100
    }

    /// 10^0 to 10^19, every power of ten a UInt64 holds.
    static let powersOfTen: [UInt64] = [
        1, 10, 100, 1000, 10000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
        10_000_000_000, 100_000_000_000, 1_000_000_000_000, 10_000_000_000_000,
        100_000_000_000_000, 1_000_000_000_000_000, 10_000_000_000_000_000,
        100_000_000_000_000_000, 1_000_000_000_000_000_000, 10_000_000_000_000_000_000,
    ]

    /// 10^0 to 10^22, every power of ten a Double holds exactly.
    private static let doublePowersOfTen: [Double] = [
        1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20,
        1e21, 1e22,
    ]

    /// 5^0 to 5^24, every power of five that leaves room in 128 bits for a significand times it.
    private static let powersOfFive: [UInt64] = [
        1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1953125, 9765625, 48828125, 244140625,
        1220703125, 6103515625, 30517578125, 152587890625, 762939453125, 3814697265625,
        19073486328125, 95367431640625, 476837158203125, 2384185791015625, 11920928955078125,
        59604644775390625,
    ]
}
