// FlowLayout+Layout.swift — a flow of chips as a node of a cell: as wide as offered, as tall as its rows.
import Foundation

extension FlowLayout: Layout {
    public func measurement(proposedWidth: CGFloat, measurer: any TextMeasuring) throws -> LayoutMeasurement {
        let result = try layout(width: proposedWidth, measurer: measurer)
        return LayoutMeasurement(
            layout: self, size: result.contentSize, proposedWidth: proposedWidth, content: .flow(result, self))
    }

    public func arrangement(within frame: CGRect, measurement: LayoutMeasurement) -> LayoutArrangement {
        LayoutArrangement(layout: self, frame: frame, content: measurement.content)
    }
}
