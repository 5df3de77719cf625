// MarkupSizes.swift — Pango's size model: absolute sizes, <big>/<small> levels, scales and lengths in 1024ths of a point.

/// The attributes in effect inside a tag, with Pango's bookkeeping for relative sizes.
struct TagState {
    var attributes: MarkupAttributes
    /// The innermost absolute size in points (Pango's size attribute); nil: the base size.
    var absoluteSize: Double?
    /// The innermost scale factor (Pango's scale attribute); nil: 1.
    var scale: Double?
    /// Pango's `OpenTag` fields: `<big>`/`<small>` levels since the last absolute size or scale,
    /// and what they count from.
    var scaleLevel = 0
    var baseScaleFactor = 1.0
    var baseFontSize = 0.0
    var hasBaseFontSize = false
    /// Where the tag that last set the size starts, for an error about it.
    var sizeOrigin = 0
    /// Whether `attributes.size` has been checked (it is checked when text first uses it).
    var sizeChecked = false

    mutating func resolveSize(baseSize: Double) {
        attributes.size = (absoluteSize ?? baseSize) * (scale ?? 1)
    }
}

extension MarkupParser {
    /// `<big>` or `<small>`: one level up or down, as Pango's size attribute for it.
    static func changeLevel(by change: Int, in state: inout TagState) {
        state.scaleLevel += change
        applyRelativeSize(to: &state)
    }

    /// The size attribute Pango makes for a tag that moved the `<big>`/`<small>` level: an absolute
    /// size when the level counts from an absolute size, else a scale.
    static func applyRelativeSize(to state: inout TagState) {
        if state.hasBaseFontSize {
            state.absoluteSize = scaleFactor(level: state.scaleLevel, base: 1.0) * state.baseFontSize
        } else {
            state.scale = scaleFactor(level: state.scaleLevel, base: state.baseScaleFactor)
        }
    }

    /// `base` × 1.2^level, multiplied out one step at a time as Pango does.
    static func scaleFactor(level: Int, base: Double) -> Double {
        var factor = base
        if level > 0 {
            for _ in 0..<level { factor *= 1.2 }
        } else if level < 0 {
            for _ in 0..<(-level) { factor /= 1.2 }
        }
        return factor
    }
}

/// A `size` value: Pango's size attribute, a step of `<big>`/`<small>`, or its scale attribute.
enum SizeValue {
    case absolute(Double)
    case relative(Int)
    case scale(Double)

    /// Reads a value in Pango's order: a length (1024ths of a point, or points with "pt") over 0,
    /// `smaller`, `larger`, a keyword, a percentage.
    init(_ attribute: RawAttribute) throws(CaliperError) {
        let value = attribute.value
        if let points = parseLength(value), points * 1024 >= 1 {
            self = .absolute(points)
            return
        }
        switch attribute.valueText {
        case "smaller": self = .relative(-1)
        case "larger": self = .relative(1)
        case "xx-small": self = .scale(MarkupParser.scaleFactor(level: -3, base: 1))
        case "x-small": self = .scale(MarkupParser.scaleFactor(level: -2, base: 1))
        case "small": self = .scale(MarkupParser.scaleFactor(level: -1, base: 1))
        case "medium": self = .scale(1)
        case "large": self = .scale(MarkupParser.scaleFactor(level: 1, base: 1))
        case "x-large": self = .scale(MarkupParser.scaleFactor(level: 2, base: 1))
        case "xx-large": self = .scale(MarkupParser.scaleFactor(level: 3, base: 1))
        default:
            if let (percent, end) = CNumber.parseCDouble(value, from: 0), percent > 0, percent.isFinite,
                end + 1 == value.count, value[end] == UInt8(ascii: "%")
            {
                self = .scale(percent / 100)
                return
            }
            throw attribute.invalidValue(expected: "a size over 0 in 1024ths of a point or in points (\"12.5pt\"), xx-small … xx-large, a percentage such as \"150%\", smaller or larger")
        }
    }
}

/// A length as Pango's `parse_length` reads it — an integer in 1024ths of a point, or a number of
/// points followed by "pt" — in points; nil if it is neither or out of Pango's integer range.
func parseLength(_ value: [UInt8]) -> Double? {
    if let (units, end) = CNumber.scanInt(value, from: 0), end == value.count { return Double(units) / 1024 }
    return parsePoints(value)
}

/// A number followed by exactly "pt", in points, within the range Pango can hold in 1024ths.
func parsePoints(_ value: [UInt8]) -> Double? {
    guard let (points, end) = CNumber.parseCDouble(value, from: 0), end + 2 == value.count,
        value[end] == UInt8(ascii: "p"), value[end + 1] == UInt8(ascii: "t"),
        points.isFinite, abs(points * 1024) <= Double(Int32.max)
    else { return nil }
    return points
}
