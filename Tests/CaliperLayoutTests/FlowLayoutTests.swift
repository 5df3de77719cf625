// FlowLayoutTests.swift — flow layout arithmetic with a fake measurer: rows, spacing, alignment, limits.
import Caliper
import CaliperLayout
import Foundation
import Testing

@Suite struct FlowLayoutTests {
    let measurer = FakeMeasurer()

    /// Chips "aaa"… of the given character counts: width = 10 × count + 10 (padding), height 24.
    func chips(_ lengths: [Int]) throws -> [FlowItem] {
        try LayoutFixtures.chips(lengths.map { String(repeating: "a", count: $0) })
    }

    @Test func chipsAreSpacedExactlyFromTheInset() throws {
        let flow = FlowLayout(items: try chips([3, 5, 2]), style: FlowStyle(insets: EdgeInsets(all: 16), interitemSpacing: 8))
        let result = try flow.layout(width: 375, measurer: measurer)
        #expect(result.frames == [
            CGRect(x: 16, y: 16, width: 40, height: 24), CGRect(x: 64, y: 16, width: 60, height: 24),
            CGRect(x: 132, y: 16, width: 30, height: 24),
        ])
        #expect(result.rows == [0..<3])
        #expect(result.contentSize == CGSize(width: 375, height: 16 + 24 + 16))
    }

    @Test func anExactFitStaysOnTheRow() throws {
        // 40 + 8 + 60 + 8 + 30 = 146 exactly.
        let flow = FlowLayout(items: try chips([3, 5, 2, 1]), style: FlowStyle(interitemSpacing: 8, lineSpacing: 4))
        let result = try flow.layout(width: 146, measurer: measurer)
        #expect(result.rows == [0..<3, 3..<4])
        #expect(result.frames[3] == CGRect(x: 0, y: 28, width: 20, height: 24))
        #expect(result.contentSize.height == CGFloat(24 + 4 + 24))
        // A hair narrower and the third chip moves down.
        #expect(try flow.layout(width: 145.99, measurer: measurer).rows == [0..<2, 2..<4])
    }

    @Test func anEmptyListHasZeroHeight() throws {
        let result = try FlowLayout(items: [], style: FlowStyle(insets: EdgeInsets(all: 16))).layout(width: 320, measurer: measurer)
        #expect(result.contentSize == CGSize(width: 320, height: 0))
        #expect(result.rows.isEmpty)
    }

    @Test func anOverWideChipIsClampedAndTruncated() throws {
        let flow = FlowLayout(items: try chips([2, 40, 2]), style: FlowStyle(interitemSpacing: 8))
        let result = try flow.layout(width: 100, measurer: measurer)
        #expect(result.rows == [0..<1, 1..<2, 2..<3])
        #expect(result.frames[1].width == 100)
        #expect(result.items[1].text?.lines.map(\.text) == ["aaaaaaaa…"])
        #expect(result.frames[1].height == 24)
    }

    @Test func anOverWideChipMayWrapAndGrowTaller() throws {
        let style = try LayoutFixtures.style()
        let padding = EdgeInsets(top: 2, left: 5, bottom: 2, right: 5)
        let item = FlowItem.chip(String(repeating: "b", count: 25), style: style, padding: padding, maximumLines: 0)
        let result = try FlowLayout(items: [item]).layout(width: 100, measurer: measurer)
        #expect(result.frames[0] == CGRect(x: 0, y: 0, width: 100, height: 3 * 20 + 4))
        #expect(result.items[0].text?.lines.count == 3)
    }

    @Test func minimumAndMaximumWidthsBoundAChip() throws {
        let style = try LayoutFixtures.style()
        let items = [
            FlowItem.chip("a", style: style, minimumWidth: 44), FlowItem.chip("aaaaaaaaaa", style: style, maximumWidth: 50),
        ]
        let result = try FlowLayout(items: items, style: FlowStyle(interitemSpacing: 0)).layout(width: 500, measurer: measurer)
        #expect(result.frames[0].width == 44)
        #expect(result.items[0].textFrame?.minX == 17)  // text centred in the extra room
        #expect(result.frames[1].width == 50)
        #expect(result.items[1].text?.lines.first?.text == "aaaa…")
    }

    @Test(arguments: FlowStyle.HorizontalAlignment.allCases)
    func everyAlignmentKeepsSpacingAndOrder(_ alignment: FlowStyle.HorizontalAlignment) throws {
        // Rows: [40, 60] (108 wide, 12 to spare) then [30] in 120 points.
        let flow = FlowLayout(items: try chips([3, 5, 2]), style: FlowStyle(interitemSpacing: 8, horizontalAlignment: alignment))
        let result = try flow.layout(width: 120, measurer: measurer)
        #expect(result.rows == [0..<2, 2..<3])
        let xs = result.frames.map(\.minX)
        switch alignment {
        case .leading: #expect(xs == [0, 48, 0])
        case .center: #expect(xs == [6, 54, 45])
        case .trailing: #expect(xs == [12, 60, 90])
        case .justified: #expect(xs == [0, 60, 0])  // the last row stays leading
        }
    }

    @Test func rightToLeftMirrorsLeading() throws {
        let style = FlowStyle(insets: EdgeInsets(top: 0, left: 4, bottom: 0, right: 12), interitemSpacing: 8, isRightToLeft: true)
        let result = try FlowLayout(items: try chips([3, 5, 2]), style: style).layout(width: 130, measurer: measurer)
        #expect(result.rows == [0..<2, 2..<3])
        #expect(result.frames.map(\.maxX) == [118, 70, 118])
    }

    @Test func maximumRowsHidesTheRestBehindAnOverflowChip() throws {
        let overflow = FlowStyle.OverflowChip(format: "+%d", style: try LayoutFixtures.style(), padding: EdgeInsets(top: 2, left: 5, bottom: 2, right: 5))
        // Rows of 100: [40, 40] [40, 40] [40]; two rows allowed; "+N" is 30 wide and displaces one chip.
        let style = FlowStyle(interitemSpacing: 10, maximumRows: 2, overflowChip: overflow)
        let result = try FlowLayout(items: try chips([3, 3, 3, 3, 3]), style: style).layout(width: 100, measurer: measurer)
        #expect(result.hiddenCount == 2)
        #expect(result.overflowText == "+2")
        #expect(result.rows == [0..<2, 2..<3])
        #expect(result.items.map(\.isHidden) == [false, false, false, true, true])
        #expect(result.overflowChip?.frame == CGRect(x: 50, y: 32, width: 30, height: 24))
        #expect(result.contentSize.height == CGFloat(24 + 8 + 24))
    }

    /// The overflow chip's text is its format with each `%d` replaced by the hidden count, as
    /// Foundation's `replacingOccurrences(of:with:)` replaces it (the reference: the chip's text
    /// was made by it until issue #28) — by whole characters, so a `%d` that a combining mark
    /// follows or splits is left as it is. Where UAX #29 joins the `d` or the `%` to a neighbour
    /// that Foundation does not — a zero-width joiner (GB9) or a spacing mark (GB9a) after the
    /// `d`, a prepended mark before the `%` (GB9b) — the `%d` is left too, where Foundation
    /// replaced it.
    @Test func overflowTextReplacesEachCountAsFoundationDoes() throws {
        let joined: Set<String> = ["%d\u{200D}", "%d\u{0903}", "\u{0600}%d", "\u{110BD}%d"]
        let formats = [
            "+%d", "%d more", "%d%d", "%%d", "", "no count", "%d\u{301}", "e\u{301}%d", "%", "%D", "%\u{301}d",
            "\u{1F600}%d\u{1F600}", "%dd%d", "+%d 件", "\u{0627}%d", "%d%", "100%", "%d\u{0903} %d", "\u{0}%d\u{7}",
        ] + joined.sorted()
        for format in formats {
            let overflow = FlowStyle.OverflowChip(format: format, style: try LayoutFixtures.style())
            let style = FlowStyle(interitemSpacing: 10, maximumRows: 1, overflowChip: overflow)
            let result = try FlowLayout(items: try chips([3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3]), style: style).layout(width: 200, measurer: measurer)
            #expect(result.hiddenCount > 0)
            let count = String(result.hiddenCount)
            let expected = joined.contains(format) ? format
                : format == "%d\u{0903} %d" ? "%d\u{0903} " + count : format.replacingOccurrences(of: "%d", with: count)
            #expect(result.overflowText == expected, "\(format.unicodeScalars.map(\.value))")
        }
    }

    @Test func maximumRowsWithoutAnOverflowChipHidesSilently() throws {
        let style = FlowStyle(interitemSpacing: 10, maximumRows: 1)
        let result = try FlowLayout(items: try chips([3, 3, 3]), style: style).layout(width: 100, measurer: measurer)
        #expect(result.hiddenCount == 1)
        #expect(result.overflowChip == nil)
        #expect(result.frames[2] == .zero)
    }

    @Test func balancedPackingKeepsOrderAndRowCountAndEvensRows() throws {
        // Greedy at 100: [40,40] [40,10] ... ; balanced spreads them.
        let items = try chips([7, 1, 1, 1, 1, 1])  // widths 80, 20, 20, 20, 20, 20
        let greedy = try FlowLayout(items: items, style: FlowStyle(interitemSpacing: 0)).layout(width: 100, measurer: measurer)
        let balanced = try FlowLayout(items: items, style: FlowStyle(interitemSpacing: 0, packing: .balanced))
            .layout(width: 100, measurer: measurer)
        #expect(greedy.rows == [0..<2, 2..<6])
        #expect(balanced.rows.count == greedy.rows.count)
        #expect(balanced.rows == [0..<1, 1..<6])
        #expect(balanced.rows.flatMap { Array($0) } == Array(0..<6))
    }

    @Test func firstBaselineAlignmentLinesUpText() throws {
        let style = try LayoutFixtures.style()
        let items = [
            FlowItem.chip("a", style: style, padding: EdgeInsets(top: 10, left: 0, bottom: 0, right: 0)),
            FlowItem.chip("b", style: style), FlowItem.fixed(CGSize(width: 10, height: 40), baseline: 30),
        ]
        let result = try FlowLayout(items: items, style: FlowStyle(interitemSpacing: 0, verticalAlignment: .firstBaseline))
            .layout(width: 300, measurer: measurer)
        #expect(result.items.map(\.baseline) == [30, 30, 30])
        #expect(result.contentSize.height == 40)
    }

    @Test(arguments: [FlowStyle.VerticalAlignment.center, .bottom])
    func shorterItemsSitInTheRow(_ alignment: FlowStyle.VerticalAlignment) throws {
        let items = [FlowItem.fixed(CGSize(width: 10, height: 40)), FlowItem.fixed(CGSize(width: 10, height: 20))]
        let result = try FlowLayout(items: items, style: FlowStyle(verticalAlignment: alignment)).layout(width: 100, measurer: measurer)
        #expect(result.frames[1].minY == (alignment == .center ? 10 : 20))
    }

    @Test func pixelRoundingCeilsSizesLikeUIKit() throws {
        let measurer = FakeMeasurer(characterWidth: 10.3, lineHeight: 19.7, baseline: 15)
        let items = try LayoutFixtures.chips(["aa", "aaa"], padding: EdgeInsets(top: 4, left: 10, bottom: 4, right: 10))
        let result = try FlowLayout(items: items, style: FlowStyle(interitemSpacing: 7.3, pixelScale: 2))
            .layout(width: 320, measurer: measurer)
        // ceil(20.6 at 2×) = 21 + 20; ceil(19.7 at 2×) = 20 + 8.
        #expect(result.frames[0].size == CGSize(width: 41, height: 28))
        #expect(result.frames[1].size == CGSize(width: 51, height: 28))
        #expect(result.frames[1].minX == 48.5)  // 41 + 7.3 = 48.3, on the half-point grid
        let raw = try FlowLayout(items: items, style: FlowStyle(interitemSpacing: 7.3)).layout(width: 320, measurer: measurer)
        #expect(abs(raw.frames[0].width - 40.6) < 1e-9)
    }

    @Test func horizontalScrollingMakesOneGrowingRow() throws {
        let style = FlowStyle(insets: EdgeInsets(all: 4), interitemSpacing: 8, scrollsHorizontally: true)
        let result = try FlowLayout(items: try chips([3, 5, 2, 9]), style: style).layout(width: 100, measurer: measurer)
        #expect(result.rows == [0..<4])
        #expect(result.contentSize == CGSize(width: 4 + 40 + 8 + 60 + 8 + 30 + 8 + 100 + 4, height: 32))
    }

    @Test func invalidSettingsAreErrors() throws {
        let items = try chips([1])
        #expect(throws: LayoutError.self) { try FlowLayout(items: items).layout(width: .nan, measurer: measurer) }
        #expect(throws: LayoutError.self) { try FlowLayout(items: items).layout(width: -1, measurer: measurer) }
        #expect(throws: LayoutError.self) {
            try FlowLayout(items: items, style: FlowStyle(interitemSpacing: -1)).layout(width: 100, measurer: measurer)
        }
        #expect(throws: LayoutError.self) {
            try FlowLayout(items: items, style: FlowStyle(maximumRows: -2)).layout(width: 100, measurer: measurer)
        }
    }
}

/// What a flow's text left out, walked once (`leftOut`, which the public properties read), is
/// what the rules say, restated here over the text shown (as the properties were made before
/// issue #28): visible chips with and without clusters no font covers, hidden chips that have
/// some, and an overflow chip that has some.
@Suite struct FlowLeftOutTests {
    /// The clusters no font covers in the visible chips' and the overflow chip's text, the
    /// visible items that have some, and the notices of the text shown, each once in order.
    static func reference(_ result: FlowLayoutResult) -> (count: Int, items: [Int], notices: [LayoutNotice]) {
        let shown = result.items.enumerated().compactMap { index, item in item.isHidden ? nil : item.text.map { (index, $0) } }
        let all = shown.map(\.1) + (result.overflowChip?.text.map { [$0] } ?? [])
        var notices: [LayoutNotice] = []
        for notice in all.flatMap(\.notices) where !notices.contains(notice) { notices.append(notice) }
        return (all.reduce(0) { $0 + $1.missingGlyphCount }, shown.filter { $0.1.missingGlyphCount > 0 }.map(\.0), notices)
    }

    @Test func oneWalkReportsWhatThePropertiesReport() throws {
        let noto = try LayoutFixtures.resolver.face(for: LayoutFixtures.path("Fonts/NotoSans-Regular.ttf"))
        let style = TextStyle(font: noto, size: 14, fallback: .none)
        let padding = EdgeInsets(top: 2, left: 5, bottom: 2, right: 5)
        // Noto Sans has neither emoji nor CJK; hidden chips do not count.
        for (texts, maximumRows, overflowFormat, missesGlyphs) in [
            (["ok", "🌍 travel", "日本", "fine"], 0, "+%d", true),
            (["ok", "fine", "good"], 0, "+%d", false),
            (["🌍", "ok", "日本語", "🌍🌍", "ok", "日本"], 1, "+%d 🌍", true),
            (["ok", "fine", "日本", "🌍"], 1, "+%d", false),
        ] {
            let overflow = FlowStyle.OverflowChip(format: overflowFormat, style: style, padding: padding)
            let flow = FlowLayout(
                items: texts.map { FlowItem.chip($0, style: style, padding: padding) },
                style: FlowStyle(interitemSpacing: 8, maximumRows: maximumRows, overflowChip: overflow))
            let result = try flow.layout(width: 120, measurer: TextMeasurer(cache: nil))
            let leftOut = result.leftOut
            let reference = Self.reference(result)
            #expect(leftOut.missingGlyphCount == reference.count, "\(texts)")
            #expect(leftOut.itemsMissingGlyphs == reference.items, "\(texts)")
            #expect(leftOut.notices == reference.notices, "\(texts)")
            #expect(result.missingGlyphCount == leftOut.missingGlyphCount && result.itemsMissingGlyphs == leftOut.itemsMissingGlyphs)
            #expect(result.notices == leftOut.notices)
            if maximumRows == 1 { #expect(result.hiddenCount > 0, "\(texts)") }
            #expect((leftOut.missingGlyphCount > 0) == missesGlyphs, "\(texts): \(leftOut)")
        }
    }
}
