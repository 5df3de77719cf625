// LeftOut.swift — what the text of a flow or a layout left out: clusters no font covers, and notices such as a missing hyphenation dictionary.
import Caliper
import Foundation

extension FlowLayoutResult {
    /// Grapheme clusters no font covers in the text shown (visible chips and the overflow chip),
    /// each measured with its primary font's .notdef glyph.
    public var missingGlyphCount: Int { leftOut.missingGlyphCount }

    /// The indices of the visible items whose text has clusters no font covers.
    public var itemsMissingGlyphs: [Int] { leftOut.itemsMissingGlyphs }

    /// What the chips' styles asked for and their measurement could not do, each once.
    public var notices: [LayoutNotice] { leftOut.notices }

    /// What the text shown left out — ``missingGlyphCount``, ``itemsMissingGlyphs`` and
    /// ``notices`` — from one walk of the items that reads each one's text where it lies: the one
    /// place these rules are stated, which an answer asks once for all three.
    /// `FlowLeftOutTests` compare it with a restatement of the rules over the public items.
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
    public var missingGlyphCount: Int { report.missingGlyphCount }

    /// The names of the frames (as ``framesByID`` names them) whose text has clusters no font
    /// covers, in depth-first order; text in an unnamed node or chip is counted in
    /// ``missingGlyphCount`` but has no name to list.
    public var framesMissingGlyphs: [String] { report.framesMissingGlyphs }

    /// What the styles of all the text shown asked for and its measurement could not do, each once.
    public var notices: [LayoutNotice] { report.notices }

    /// What an answer reports of this arrangement — ``framesByID``, ``missingGlyphCount``,
    /// ``framesMissingGlyphs`` and ``notices`` — from one walk of its nodes, depth first, where
    /// they lie: the one place those rules are stated, which an answer asks once for all four
    /// (four walks over a copy of every node cost a layout answer more than its layout). A flow's items are walked once for all its parts (``FlowLayoutResult/leftOut``).
    /// `ArrangementReportTests` compare it with a restatement of the rules over
    /// ``allArrangements``.
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
                    if let name = flow.frameName(ofItem: index) { framesMissingGlyphs.append(name) }
                }
                if let chip = result.overflowChip?.text, chip.missingGlyphCount > 0, let name = flow.overflowChipFrameName {
                    framesMissingGlyphs.append(name)
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
}

extension LayoutNotice {
    /// The notices of `lists`, each once, in the order first met.
    static func merged(_ lists: [[LayoutNotice]]) -> [LayoutNotice] {
        var merged: [LayoutNotice] = []
        for notice in lists.joined() where !merged.contains(notice) { merged.append(notice) }
        return merged
    }
}
