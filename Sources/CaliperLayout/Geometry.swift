// Geometry.swift — insets, as UIEdgeInsets, and the small geometry helpers layouts share.
import Foundation

/// Distances inward from each edge of a rectangle, in points, as `UIEdgeInsets`.
public struct EdgeInsets: Sendable, Hashable {
    public var top: CGFloat
    public var left: CGFloat
    public var bottom: CGFloat
    public var right: CGFloat

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

    public static let zero = EdgeInsets()

    /// left + right.
    public var horizontal: CGFloat { left + right }
    /// top + bottom.
    public var vertical: CGFloat { top + bottom }

    var isValid: Bool { [top, left, bottom, right].allSatisfy { $0.isFinite && $0 >= 0 } }
}

/// An error in a layout's description: a value no layout can use.
public struct LayoutError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Checks that `value` is a finite length of 0 or more, naming it in the error otherwise.
func requireLength(_ value: CGFloat, _ name: String) throws(LayoutError) {
    guard value.isFinite, value >= 0 else { throw LayoutError("\(name) must be a finite number, 0 or more, not \(value)") }
}

/// Compares lengths with the tolerance the issue asks of row fitting: sums of Doubles carry rounding.
let lengthTolerance: CGFloat = 1e-9
