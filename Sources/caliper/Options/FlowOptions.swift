// FlowOptions.swift — parsing of the comma-separated edge lists that `flow` takes (--padding, --insets).
import ArgumentParser
import CaliperLayout
import Foundation

/// `T,L,B,R` (or one number for all four edges), as a flag value.
struct EdgeList: ExpressibleByArgument {
    let insets: EdgeInsets

    init(_ insets: EdgeInsets) { self.insets = insets }

    init?(argument: String) {
        let numbers = argument.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard numbers.allSatisfy({ $0.map { $0.isFinite && $0 >= 0 } ?? false }) else { return nil }
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
