// LeftOut.swift — what the text of a flow or a layout left out: clusters no font covers, and notices such as a missing hyphenation dictionary.
import Caliper
import Foundation

extension FlowLayoutResult {
    /// The text shown: each visible item's, then the overflow chip's.
    private var shownText: [(index: Int?, text: TextMeasurement)] {
        items.enumerated().compactMap { index, item in item.isHidden ? nil : item.text.map { (index, $0) } }
            + (overflowChip?.text.map { [(nil, $0)] } ?? [])
    }

    /// Grapheme clusters no font covers in the text shown (visible chips and the overflow chip),
    /// each measured with its primary font's .notdef glyph.
    public var missingGlyphCount: Int { shownText.reduce(0) { $0 + $1.text.missingGlyphCount } }

    /// The indices of the visible items whose text has clusters no font covers.
    public var itemsMissingGlyphs: [Int] {
        shownText.compactMap { $0.text.missingGlyphCount > 0 ? $0.index : nil }
    }

    /// What the chips' styles asked for and their measurement could not do, each once.
    public var notices: [LayoutNotice] { LayoutNotice.merged(shownText.map(\.text.notices)) }

    /// What an answer reports of the text shown — ``missingGlyphCount``, ``itemsMissingGlyphs``
    /// and ``notices`` — from one walk of the items that reads each one's text where it lies
    /// (the properties each copy every measurement shown into an array first).
    package var leftOut: (missingGlyphCount: Int, itemsMissingGlyphs: [Int], notices: [LayoutNotice]) {
        var count = 0
        var indices: [Int] = []
        var notices: [[LayoutNotice]] = []
        items.withUnsafeBufferPointer { items in
            for index in items.indices where !items[index].isHidden {
                guard let missing = items[index].text?.missingGlyphCount else { continue }
                count += missing
                if missing > 0 { indices.append(index) }
                if items[index].text?.notices.isEmpty == false, let text = items[index].text { notices.append(text.notices) }
            }
        }
        if let text = overflowChip?.text {
            count += text.missingGlyphCount
            if !text.notices.isEmpty { notices.append(text.notices) }
        }
        return (count, indices, notices.isEmpty ? [] : LayoutNotice.merged(notices))
    }
}

extension LayoutArrangement {
    /// Grapheme clusters no font covers in all the text shown: labels, visible chips and overflow chips.
    public var missingGlyphCount: Int { Self.missingGlyphCount(in: allArrangements) }

    /// The names of the frames (as ``framesByID`` names them) whose text has clusters no font
    /// covers, in depth-first order; text in an unnamed node or chip is counted in
    /// ``missingGlyphCount`` but has no name to list.
    public var framesMissingGlyphs: [String] { Self.framesMissingGlyphs(in: allArrangements) }

    /// What the styles of all the text shown asked for and its measurement could not do, each once.
    public var notices: [LayoutNotice] { Self.notices(in: allArrangements) }

    /// What an answer reports of this arrangement — ``framesByID``, ``missingGlyphCount``,
    /// ``framesMissingGlyphs`` and ``notices`` — from one walk of its nodes (each property walks
    /// them anew).
    ///
    /// The nodes are visited where they lie, depth first, rather than copied into an array, and
    /// a flow's items are walked once for all three of its parts (``FlowLayoutResult/leftOut``):
    /// a layout answer spent 34,000 instructions on the four walks (issue #28).
    /// `FrameNamingTests` compare it with the properties.
    package var report: (framesByID: [String: CGRect], missingGlyphCount: Int, framesMissingGlyphs: [String], notices: [LayoutNotice]) {
        var report = Report()
        report.visit(self)
        return (report.frames, report.missingGlyphCount, report.framesMissingGlyphs, LayoutNotice.merged(report.notices))
    }

    /// What ``report`` gathers, node by node.
    private struct Report {
        var frames: [String: CGRect] = [:]
        var missingGlyphCount = 0
        var framesMissingGlyphs: [String] = []
        var notices: [[LayoutNotice]] = []

        /// Gathers `arrangement`'s part, then its children's, in order (depth first, as
        /// ``LayoutArrangement/allArrangements`` lists them).
        mutating func visit(_ arrangement: LayoutArrangement) {
            let id = arrangement.layout.id
            if let id { add(id, arrangement.frame) }
            switch arrangement.content {
            case .text(let measured, _):
                for placed in measured.inlineBoxes {
                    guard let boxID = placed.box.id else { continue }
                    add(boxID, placed.frame.offsetBy(dx: arrangement.frame.minX, dy: arrangement.frame.minY))
                }
                missingGlyphCount += measured.missingGlyphCount
                if measured.missingGlyphCount > 0, let id { framesMissingGlyphs.append(id) }
                if !measured.notices.isEmpty { notices.append(measured.notices) }
            case .flow(let result, let flow):
                for (itemID, frame) in flow.namedFrames(of: result, origin: arrangement.frame.origin) { add(itemID, frame) }
                let leftOut = result.leftOut
                missingGlyphCount += leftOut.missingGlyphCount
                for index in leftOut.itemsMissingGlyphs where index < flow.items.count {
                    if let name = flow.items[index].id ?? flow.id.map({ FlowLayout.itemID(flowID: $0, index: index) }) {
                        framesMissingGlyphs.append(name)
                    }
                }
                if let chip = result.overflowChip?.text, chip.missingGlyphCount > 0, let flowID = flow.id {
                    framesMissingGlyphs.append(FlowLayout.overflowChipID(flowID: flowID))
                }
                if !leftOut.notices.isEmpty { notices.append(leftOut.notices) }
            case .none:
                break
            }
            arrangement.sublayouts.withUnsafeBufferPointer { children in
                for child in children.indices { visit(children[child]) }
            }
        }

        /// The first frame named `id` is kept (depth-first order), as ``LayoutArrangement/framesByID`` keeps it.
        private mutating func add(_ id: String, _ frame: CGRect) {
            if frames[id] == nil { frames[id] = frame }
        }
    }

    private static func missingGlyphCount(in all: [LayoutArrangement]) -> Int {
        all.reduce(0) { total, arrangement in
            switch arrangement.content {
            case .text(let measured, _): total + measured.missingGlyphCount
            case .flow(let result, _): total + result.missingGlyphCount
            case .none: total
            }
        }
    }

    private static func framesMissingGlyphs(in all: [LayoutArrangement]) -> [String] {
        var names: [String] = []
        for arrangement in all {
            switch arrangement.content {
            case .text(let measured, _):
                if measured.missingGlyphCount > 0, let id = arrangement.layout.id { names.append(id) }
            case .flow(let result, let flow):
                for index in result.itemsMissingGlyphs where index < flow.items.count {
                    if let name = flow.items[index].id ?? flow.id.map({ FlowLayout.itemID(flowID: $0, index: index) }) { names.append(name) }
                }
                if let chip = result.overflowChip?.text, chip.missingGlyphCount > 0, let id = flow.id {
                    names.append(FlowLayout.overflowChipID(flowID: id))
                }
            case .none:
                break
            }
        }
        return names
    }

    private static func notices(in all: [LayoutArrangement]) -> [LayoutNotice] {
        LayoutNotice.merged(all.map { arrangement in
            switch arrangement.content {
            case .text(let measured, _): measured.notices
            case .flow(let result, _): result.notices
            case .none: []
            }
        })
    }
}

extension LayoutNotice {
    /// The notices of `lists`, each once, in the order first met.
    static func merged(_ lists: [[LayoutNotice]]) -> [LayoutNotice] {
        var merged: [LayoutNotice] = []
        for notice in lists.joined() where !merged.contains(notice) { merged.append(notice) }
        return merged
    }
}
