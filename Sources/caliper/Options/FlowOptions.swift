// FlowOptions.swift — flag values the commands share: edge lists (--padding, --insets) and screen scales (--scale).
import ArgumentParser
import Caliper
import CaliperLayout
import Foundation

/// `T,L,B,R` (or one number for all four edges), as a flag value.
struct EdgeList: ExpressibleByArgument {
    let insets: EdgeInsets

    init(_ insets: EdgeInsets) { self.insets = insets }

    init?(argument: String) {
        let numbers = argument.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        let isLength = { (value: Double) in value.isFinite && value >= 0 && value <= Double(LayoutLimits.maximumLength) }
        guard numbers.allSatisfy({ $0.map(isLength) ?? false }) else { return nil }
        let values = numbers.compactMap { $0 }
        switch values.count {
        case 1: insets = EdgeInsets(all: values[0])
        case 4: insets = EdgeInsets(top: values[0], left: values[1], bottom: values[2], right: values[3])
        default: return nil
        }
    }

    var defaultValueDescription: String {
        "\(insets.top),\(insets.left),\(insets.bottom),\(insets.right)"
    }
}

extension FlowStyle.HorizontalAlignment: ExpressibleByArgument {}
extension FlowStyle.VerticalAlignment: ExpressibleByArgument {}

/// `--scale`: a screen scale to round to, within the scales layouts accept.
enum ScaleOption {
    static func validate(_ scale: Double?) throws {
        guard let scale else { return }
        let scales = PixelRounding.scales
        guard scales.contains(CGFloat(scale)) else {
            throw ValidationError("--scale must be a number from \(scales.lowerBound) to \(scales.upperBound), not \(scale)")
        }
    }
}
