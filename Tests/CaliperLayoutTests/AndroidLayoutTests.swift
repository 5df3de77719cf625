// AndroidLayoutTests.swift — flows and cells measured for Android: each text a TextView's size in dp (the library's androidLayout ÷ density), packed and stacked as for iOS; what a TextView cannot do refused by name.
import Caliper
import CaliperLayout
import Foundation
import Testing

@Suite struct AndroidLayoutTests {
    static let profile = AndroidProfile(density: 2.625)
    let textMeasurer = TextMeasurer()

    func roboto(_ size: CGFloat) throws -> TextStyle {
        try LayoutFixtures.style("Fonts/Android/Roboto-Regular.ttf", size: size)
    }

    func measurer(_ paragraphStyle: AndroidParagraphStyle = AndroidParagraphStyle()) throws -> AndroidTextMeasurer {
        try AndroidTextMeasurer(measurer: textMeasurer, profile: Self.profile, paragraphStyle: paragraphStyle)
    }

    /// A TextView of `text` as the library lays it out, at most `maxWidth` dp wide.
    func textView(
        _ text: String, _ style: TextStyle, _ paragraphStyle: AndroidParagraphStyle = AndroidParagraphStyle(), maxWidth: Double? = nil
    ) throws -> AndroidTextLayout {
        try textMeasurer.androidLayout(of: text, style: style, paragraphStyle: paragraphStyle, profile: Self.profile, maxWidth: maxWidth)
    }

    @Test func chipsAreTextViewsInDPPlusPaddingPackedInRows() throws {
        let style = try roboto(14)
        let padding = EdgeInsets(top: 6, left: 12, bottom: 6, right: 12)
        let tags = ["kotlin", "jetpack compose", "material design", "coroutines", "android studio", "gradle", "room", "hilt"]
        let flow = FlowLayout(
            items: tags.map { .chip($0, style: style, padding: padding) }, style: FlowStyle(insets: EdgeInsets(all: 16), interitemSpacing: 8, lineSpacing: 4))
        let width: CGFloat = 300
        let result = try flow.layout(width: width, measurer: try measurer())

        // Each chip: the TextView's measured size, px ÷ density, plus the padding.
        let sizes = try tags.map { tag in
            let view = try textView(tag, style)
            return CGSize(width: Double(view.width) / Self.profile.density + 24, height: Double(view.height) / Self.profile.density + 12)
        }
        #expect(result.frames.map(\.size) == sizes)
        // Greedy rows within the 268 dp between the insets, as for iOS.
        var rows: [Range<Int>] = []
        var start = 0
        var rowWidth: CGFloat = 0
        for (index, size) in sizes.enumerated() {
            if index > start, rowWidth + 8 + size.width > width - 32 {
                rows.append(start..<index)
                start = index
                rowWidth = size.width
            } else {
                rowWidth += (index > start ? 8 : 0) + size.width
            }
        }
        rows.append(start..<sizes.count)
        #expect(result.rows == rows)
        #expect(rows.count > 1)
        for row in rows {
            var x: CGFloat = 16
            for index in row {
                #expect(result.frames[index].minX == x)
                x += sizes[index].width + 8
            }
        }
        #expect(result.contentSize.height == 16 + CGFloat(rows.count) * sizes[0].height + CGFloat(rows.count - 1) * 4 + 16)
    }

    @Test func aChipTooWideForItsRowIsEllipsizedAtTheEnd() throws {
        let style = try roboto(14)
        let text = "a tag far too long for the row it is in"
        let flow = FlowLayout(items: [.chip(text, style: style, padding: EdgeInsets(all: 4))])
        let result = try flow.layout(width: 120, measurer: try measurer())
        let view = try textView(text, style, AndroidParagraphStyle(maxLines: 1, ellipsize: .end), maxWidth: 112)
        #expect(result.frames[0].width == 120)
        let height: CGFloat = Double(view.height) / Self.profile.density + 8
        #expect(result.frames[0].height == height)
        let line = try #require(result.items[0].text?.lines.first)
        #expect(line.text.hasSuffix("…") && text.hasPrefix(String(line.text.dropLast())))
        #expect(result.items[0].text?.isTruncated == true)
    }

    @Test func aCellIsItsTextViewsHeightsInDPPlusInsets() throws {
        let title = "Weekend trip to the mountains"
        let body = "Pack light: a warm jacket, good boots and a thermos. The forecast says snow on Saturday, so leave early."
        let cell = InsetLayout(
            insets: EdgeInsets(top: 16, left: 16, bottom: 12, right: 16),
            child: StackLayout(
                axis: .vertical,
                children: [
                    LabelLayout(id: "title", text: title, style: try roboto(18), paragraphStyle: ParagraphStyle(lineBreakMode: .byTruncatingTail, numberOfLines: 1)),
                    LabelLayout(id: "body", text: body, style: try roboto(14)),
                ]))
        let arrangement = try cell.arrange(width: 360, measurer: try measurer())

        let titleView = try textView(title, try roboto(18), AndroidParagraphStyle(maxLines: 1, ellipsize: .end), maxWidth: 328)
        let bodyView = try textView(body, try roboto(14), maxWidth: 328)
        #expect(bodyView.lines.count > 1)
        let height: CGFloat = 16 + titleView.heightInDP + bodyView.heightInDP + 12
        #expect(arrangement.frame.size.height == height)
        #expect(arrangement.framesByID["title"] == CGRect(x: 16, y: 16, width: 328, height: titleView.heightInDP))
        #expect(arrangement.framesByID["body"] == CGRect(x: 16, y: 16 + titleView.heightInDP, width: 328, height: bodyView.heightInDP))
    }

    @Test func linesAreInDPWithTheirShownText() throws {
        let style = try roboto(14)
        let text = "The quick brown fox jumps over the lazy dog\nand runs"
        let measured = try measurer().measure(text, style: style, paragraphStyle: ParagraphStyle(), maxWidth: 120)
        let view = try textView(text, style, maxWidth: 120)
        #expect(measured.size == CGSize(width: view.widthInDP, height: view.heightInDP))
        let baselines: [CGFloat] = view.lines.map { Double($0.baseline) / Self.profile.density }
        let widths: [CGFloat] = view.lines.map { Double($0.width) / Self.profile.density }
        #expect(measured.lines.map(\.baseline) == baselines)
        #expect(measured.lines.map(\.width) == widths)
        #expect(measured.lines.map(\.text).joined(separator: " ") == text.replacingOccurrences(of: "\n", with: " "))
        #expect(measured.lines.allSatisfy { $0.runs.isEmpty })
    }

    @Test func intrinsicWidthsAreTheUnlimitedTextViewAndNoFloor() throws {
        let style = try roboto(14)
        let widths = try measurer().intrinsicWidths(of: AttributedText("internationalization matters", style: style), paragraphStyle: ParagraphStyle())
        #expect(widths == IntrinsicWidths(minContent: 0, maxContent: try textView("internationalization matters", style).widthInDP))
    }

    @Test func theParagraphStyleMapsToTextViewAttributes() throws {
        let view = AndroidParagraphStyle(breakStrategy: .simple, includeFontPadding: false)
        let cases: [(LineBreakMode, Int, AndroidParagraphStyle.Ellipsize?, Int?)] = [
            (.byWordWrapping, 0, nil, nil), (.byWordWrapping, 3, nil, 3), (.byTruncatingTail, 2, .end, 2),
            (.byTruncatingHead, 1, .start, 1), (.byTruncatingMiddle, 1, .middle, 1),
        ]
        for (mode, lines, ellipsize, maxLines) in cases {
            let mapped = try AndroidParagraphStyle(ParagraphStyle(lineBreakMode: mode, numberOfLines: lines), view: view)
            var expected = view
            (expected.ellipsize, expected.maxLines) = (ellipsize, maxLines)
            #expect(mapped == expected)
        }
    }

    @Test func whatATextViewCannotDoIsRefusedByName() throws {
        let refused: [(ParagraphStyle, String)] = [
            (ParagraphStyle(lineBreakMode: .byCharWrapping), "\"char\""), (ParagraphStyle(lineBreakMode: .byClipping), "\"clip\""),
            (ParagraphStyle(lineSpacing: 4), "lineSpacing"), (ParagraphStyle(lineHeightMultiple: 1.2), "lineHeightMultiple"),
            (ParagraphStyle(minimumLineHeight: 20), "minimumLineHeight"), (ParagraphStyle(maximumLineHeight: 20), "maximumLineHeight"),
            (ParagraphStyle(baseDirection: .rightToLeft), "direction"), (ParagraphStyle(usesFontLeading: false), "usesFontLeading"),
            (ParagraphStyle(textWrap: .balance), "textWrap"), (ParagraphStyle(hyphenationFactor: 0.5), "hyphenationFactor"),
            (ParagraphStyle(tabStops: [TextTab(location: 40)]), "tab stops"), (ParagraphStyle(defaultTabInterval: 20), "tab stops"),
        ]
        let style = try roboto(14)
        for (paragraphStyle, name) in refused {
            #expect {
                _ = try measurer().measure("text", style: style, paragraphStyle: paragraphStyle, maxWidth: 100)
            } throws: { error in
                guard case .unsupportedOnAndroid(let reason) = error as? CaliperError else { return false }
                return reason.contains(name)
            }
        }
        var spans = try AttributedText(string: "bold text", spans: [
            AttributedText.Span(utf16Range: 0..<4, style: try roboto(16)), AttributedText.Span(utf16Range: 4..<9, style: style),
        ])
        #expect(throws: CaliperError.unsupportedOnAndroid("text in several styles (spans or markup): a label for Android is in one style for now")) {
            _ = try measurer().measure(spans, paragraphStyle: ParagraphStyle(), maxWidth: nil)
        }
        spans = AttributedText("a \u{FFFC} box", style: style)
        try spans.setInlineBox(InlineBox(width: 10, height: 10), atUTF16Offset: 2)
        #expect(throws: CaliperError.self) { _ = try LabelLayout(attributedText: spans).arrange(width: 100, measurer: try measurer()) }
        #expect(throws: CaliperError.self) { _ = try measurer(AndroidParagraphStyle(maxLines: 2)) }
        #expect(throws: CaliperError.self) { _ = try measurer(AndroidParagraphStyle(ellipsize: .end)) }
    }

    @Test func missingHyphenationPatternsAreANotice() throws {
        let measured = try measurer(AndroidParagraphStyle(hyphenationFrequency: .full)).measure(
            "hyphenation internationalization", style: try roboto(14), paragraphStyle: ParagraphStyle(), maxWidth: 60)
        #expect(measured.notices == [.noAndroidHyphenationPatterns])
    }
}
