// TabStops.swift — a paragraph style's tab stops, sorted, and the stop a tab at a pen position goes to.
import Foundation

/// A paragraph style's tab stops, sorted, as a paragraph's tabs use them.
struct TabStops: Sendable, Equatable {
    /// The stops by location.
    let stops: [TextTab]
    /// ``ParagraphStyle/defaultTabInterval``.
    let interval: CGFloat

    init(_ style: ParagraphStyle) {
        stops = style.tabStops.sorted { $0.location < $1.location }
        interval = style.defaultTabInterval
    }

    /// The first stop strictly past `pen` (a stop at the pen is passed over, as in Pango): one of
    /// the stops, else the next multiple of the interval (left aligned), else `nil`.
    func stop(after pen: CGFloat) -> TextTab? {
        if let stop = stops.first(where: { $0.location > pen }) { return stop }
        guard interval > 0 else { return nil }
        var location = ((pen / interval).rounded(.down) + 1) * interval
        if location <= pen { location += interval }
        return TextTab(.left, location: location)
    }
}
