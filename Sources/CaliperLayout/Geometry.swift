// Geometry.swift — insets, as UIEdgeInsets, and the small geometry helpers layouts share.
import Foundation

/// Distances inward from each edge of a rectangle, in points, as `UIEdgeInsets`.
public struct EdgeInsets: Sendable, Hashable {
    /// Points inward from the top edge.
    public var top: CGFloat
    /// Points inward from the left edge (absolute: left is left in right-to-left layouts too).
    public var left: CGFloat
    /// Points inward from the bottom edge.
    public var bottom: CGFloat
    /// Points inward from the right edge.
    public var right: CGFloat

    /// Insets of the given points on each edge; edges not given are 0.
    public init(top: CGFloat = 0, left: CGFloat = 0, bottom: CGFloat = 0, right: CGFloat = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same inset on every edge.
    public init(all inset: CGFloat) {
        self.init(top: inset, left: inset, bottom: inset, right: inset)
    }

    /// No inset on any edge.
    public static let zero = EdgeInsets()

    /// left + right.
    public var horizontal: CGFloat { left + right }
    /// top + bottom.
    public var vertical: CGFloat { top + bottom }

    /// Checks that every inset is a length a layout can use, naming them `name` in the error.
    /// Checks each inset, without an array or the error's text unless one is bad (chips check
    /// their padding on every measurement).
    func validate(_ name: @autoclosure () -> String) throws(LayoutError) {
        func check(_ inset: CGFloat) throws(LayoutError) {
            guard inset.isFinite, inset >= 0, inset <= LayoutLimits.maximumLength else {
                throw LayoutError("\(name()) must be finite numbers from 0 to \(LayoutLimits.maximumLengthDescription), not \(inset)")
            }
        }
        try check(top)
        try check(left)
        try check(bottom)
        try check(right)
    }
}

/// Bounds on what a layout accepts, so that every frame it computes is a finite number.
public enum LayoutLimits {
    /// The largest length accepted anywhere in a layout description (a width, an inset, a
    /// spacing, a box's side), in points: a million, far past any screen, and small enough that
    /// sums over any number of items a request can hold stay finite.
    public static let maximumLength: CGFloat = 1_000_000

    static let maximumLengthDescription = "1000000"
}

/// An error in a layout's description: a value no layout can use.
public struct LayoutError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, naming the node or value that caused it.
    public var message: String
    /// An error with the sentence `message`.
    public init(_ message: String) { self.message = message }
    /// The ``message``.
    public var description: String { message }
}

/// Checks that `value` is a finite length from 0 to ``LayoutLimits/maximumLength``, naming it in the error otherwise.
func requireLength(_ value: CGFloat, _ name: @autoclosure () -> String) throws(LayoutError) {
    guard value.isFinite, value >= 0, value <= LayoutLimits.maximumLength else {
        throw LayoutError("\(name()) must be a finite number from 0 to \(LayoutLimits.maximumLengthDescription), not \(value)")
    }
}

/// Compares lengths with the tolerance the issue asks of row fitting: sums of Doubles carry rounding.
let lengthTolerance: CGFloat = 1e-9
