// LayoutPriority.swift — Auto Layout's priorities: content hugging and compression resistance per axis, and who yields first.
import Foundation

/// How strongly a node keeps its size, as `UILayoutPriority`: a number from 0 to 1000, where 1000
/// (``required``) is never broken.
///
/// A node's ``Layout/contentHuggingPriority`` says how strongly it refuses to grow past its content,
/// its ``Layout/compressionResistancePriority`` how strongly it refuses to shrink below it. In a
/// row that its children overfill, the child with the lowest compression resistance gives way
/// first; spare width goes to the child with the lowest hugging priority.
///
/// ```swift
/// // The date keeps its width; the name truncates.
/// let row = StackLayout(axis: .horizontal, spacing: 8, children: [
///     LabelLayout(id: "name", text: name, style: nameStyle, paragraphStyle: oneLine),
///     LabelLayout(id: "date", text: "2h", style: dateStyle, paragraphStyle: oneLine,
///                 compressionResistancePriority: AxisPriorities(horizontal: 751, vertical: 750)),
/// ])
/// ```
public struct LayoutPriority: RawRepresentable, Sendable, Hashable, Comparable, ExpressibleByFloatLiteral,
    ExpressibleByIntegerLiteral, CustomStringConvertible
{
    /// The priority, from 0 to 1000.
    public var rawValue: Float

    /// A priority of `rawValue` (checked when a layout is measured: 0…1000, finite).
    public init(rawValue: Float) { self.rawValue = rawValue }
    /// A priority of `rawValue`, as `UILayoutPriority(_:)`.
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    /// A priority written as a number: `let priority: LayoutPriority = 749.5`.
    public init(floatLiteral value: Float) { self.rawValue = value }
    /// A priority written as a whole number: `let priority: LayoutPriority = 751`.
    public init(integerLiteral value: Int) { self.rawValue = Float(value) }

    /// 1000: never broken (`UILayoutPriority.required`). A fixed size is required.
    public static let required = LayoutPriority(1000)
    /// 750 (`UILayoutPriority.defaultHigh`): every node's default compression resistance.
    public static let defaultHigh = LayoutPriority(750)
    /// 250 (`UILayoutPriority.defaultLow`): the default content hugging of a node that is not a label.
    public static let defaultLow = LayoutPriority(250)
    /// 251 (`defaultLow + 1`): a label's default content hugging, as Interface Builder sets it on `UILabel`.
    public static let labelContentHugging = LayoutPriority(251)
    /// 50 (`UILayoutPriority.fittingSizeLevel`): how strongly a cell is pulled to the size it is
    /// offered. A row holding a child whose hugging is below this grows to the width offered.
    public static let fittingSizeLevel = LayoutPriority(50)

    /// 1: what ``StackLayout/flexibleChild`` gives its child's horizontal hugging and compression
    /// resistance (the lowest priority UIKit accepts), so it gives way first and takes the spare.
    public static let flexible = LayoutPriority(1)

    /// The lower priority yields first.
    public static func < (lhs: LayoutPriority, rhs: LayoutPriority) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The number, without a fraction when it is whole: `"251"`, `"749.5"`.
    public var description: String { rawValue == rawValue.rounded() ? String(Int(rawValue)) : String(rawValue) }

    /// Checks that the priority is a finite number from 0 to 1000, naming it `name` in the error
    /// (made only then: layouts check every node's priorities on every measurement).
    func validate(_ name: @autoclosure () -> String) throws(LayoutError) {
        guard rawValue.isFinite, rawValue >= 0, rawValue <= 1000 else {
            throw LayoutError("\(name()) must be a finite number from 0 to 1000, not \(rawValue)")
        }
    }
}

/// One priority for each axis, as `setContentHuggingPriority(_:for:)` takes an axis.
public struct AxisPriorities: Sendable, Hashable {
    /// The priority for widths.
    public var horizontal: LayoutPriority
    /// The priority for heights.
    public var vertical: LayoutPriority

    /// A priority for each axis: `AxisPriorities(horizontal: 751, vertical: 750)`.
    public init(horizontal: LayoutPriority, vertical: LayoutPriority) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// The same priority on both axes.
    public init(_ both: LayoutPriority) { self.init(horizontal: both, vertical: both) }

    /// 251 on both axes: a label's content hugging.
    public static let labelContentHugging = AxisPriorities(.labelContentHugging)
    /// 250 on both axes: the content hugging of a node that is not a label.
    public static let defaultContentHugging = AxisPriorities(.defaultLow)
    /// 750 on both axes: every node's default compression resistance.
    public static let defaultCompressionResistance = AxisPriorities(.defaultHigh)
    /// 1000 on both axes: a fixed size.
    public static let required = AxisPriorities(.required)

    /// The priority on `axis`.
    public subscript(axis: StackLayout.Axis) -> LayoutPriority {
        get { axis == .horizontal ? horizontal : vertical }
        set { if axis == .horizontal { horizontal = newValue } else { vertical = newValue } }
    }

    func validate(_ name: @autoclosure () -> String) throws(LayoutError) {
        try horizontal.validate("the horizontal \(name())")
        try vertical.validate("the vertical \(name())")
    }
}

/// How strongly a child of a stack holds its length: the highest priority that changing it would
/// break, and how many constraints of that priority it breaks. Auto Layout satisfies priorities
/// highest first and adds up the errors of equal priority, so a column of two labels that hug at
/// 251 holds its width more strongly than one label at 251.
struct YieldStrength: Comparable {
    var priority: LayoutPriority
    var count: Int

    init(_ priority: LayoutPriority, count: Int = 1) {
        self.priority = priority
        self.count = count
    }

    var isRequired: Bool { priority >= .required }

    static func < (lhs: YieldStrength, rhs: YieldStrength) -> Bool {
        lhs.priority != rhs.priority ? lhs.priority < rhs.priority : lhs.count < rhs.count
    }

    /// What stretching or squeezing all of `strengths` together breaks: the highest priority below
    /// required, counted over every one that has it; required when all are.
    static func together(_ strengths: [YieldStrength]) -> YieldStrength {
        guard let highest = strengths.filter({ !$0.isRequired }).map(\.priority).max() else { return YieldStrength(.required) }
        return YieldStrength(highest, count: strengths.filter { $0.priority == highest }.map(\.count).reduce(0, +))
    }

    /// How strongly `layout` refuses to grow on `axis`: a stack or inset without priorities of its
    /// own answers for the children it would stretch.
    static func hugging(_ layout: any Layout, on axis: StackLayout.Axis) -> YieldStrength {
        switch layout {
        case let stack as StackLayout where stack.contentHuggingPriorityOverride == nil: stack.huggingStrength(on: axis)
        case let inset as InsetLayout where inset.contentHuggingPriorityOverride == nil: hugging(inset.child, on: axis)
        default: YieldStrength(layout.contentHuggingPriority[axis])
        }
    }

    /// How strongly `layout` refuses to shrink on `axis`: a stack or inset without priorities of its
    /// own answers for the children it would squeeze first (a column's widest, given a measurer).
    static func resistance(_ layout: any Layout, on axis: StackLayout.Axis, measurer: (any TextMeasuring)?) throws -> YieldStrength {
        switch layout {
        case let stack as StackLayout where stack.compressionResistancePriorityOverride == nil:
            try stack.resistanceStrength(on: axis, measurer: measurer)
        case let inset as InsetLayout where inset.compressionResistancePriorityOverride == nil:
            try resistance(inset.child, on: axis, measurer: measurer)
        default: YieldStrength(layout.compressionResistancePriority[axis])
        }
    }
}

/// Who yields when lengths must change: the order in which children give way or take spare length.
enum Yielding {
    /// Indices ordered weakest first; among equal strengths the earlier child comes first (Auto
    /// Layout calls equal priorities ambiguous; this is Caliper's rule).
    static func order(_ strengths: [YieldStrength]) -> [Int] {
        strengths.indices.sorted { strengths[$0] != strengths[$1] ? strengths[$0] < strengths[$1] : $0 < $1 }
    }

    /// `lengths` shrunk by `excess` in total: the child of weakest compression resistance gives way
    /// first, down to 0, then the next; a required child never does (the rest of the excess stays).
    static func shrink(_ lengths: [CGFloat], by excess: CGFloat, resistance: [YieldStrength]) -> [CGFloat] {
        var lengths = lengths
        var remaining = excess
        for index in order(resistance) where remaining > lengthTolerance && !resistance[index].isRequired {
            // Within the tolerance of its whole length, the child gives all of it (sums carry rounding).
            let given = remaining >= lengths[index] - lengthTolerance ? lengths[index] : remaining
            lengths[index] -= given
            remaining -= given
        }
        return lengths
    }

    /// The child that takes spare length: the one of weakest hugging, or `nil` when every child's
    /// hugging is required.
    static func taker(hugging: [YieldStrength]) -> Int? {
        order(hugging).first.flatMap { hugging[$0].isRequired ? nil : $0 }
    }

    /// `lengths` laid end to end with `spacing` between them in `total`: spare length goes to the
    /// ``taker(hugging:)``, missing length is taken by ``shrink(_:by:resistance:)``.
    static func distribute(
        _ lengths: [CGFloat], in total: CGFloat, spacing: CGFloat, hugging: [YieldStrength], resistance: [YieldStrength]
    ) -> [CGFloat] {
        let content = lengths.reduce(0, +) + spacing * CGFloat(max(lengths.count - 1, 0))
        if total - content > lengthTolerance, let taker = taker(hugging: hugging) {
            var lengths = lengths
            // The taker gets what the others leave (the same sum as the others' frames).
            let others = lengths.indices.filter { $0 != taker }.map { lengths[$0] }.reduce(0, +)
            lengths[taker] = total - others - spacing * CGFloat(lengths.count - 1)
            return lengths
        }
        if content - total > lengthTolerance { return shrink(lengths, by: content - total, resistance: resistance) }
        return lengths
    }
}

extension Layout {
    /// Checks both of this node's priorities on both axes.
    func validatePriorities() throws(LayoutError) {
        try contentHuggingPriority.validate("content hugging priority")
        try compressionResistancePriority.validate("compression resistance priority")
    }
}
