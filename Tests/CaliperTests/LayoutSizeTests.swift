// LayoutSizeTests.swift — the size-only query and the plain re-wrap against the general path's full layout: every golden paragraph, many widths, every way of breaking and truncating.
@testable import Caliper
import Foundation
import TestSupport
import Testing

/// `MeasuredText.layoutSize(maxWidth:paragraphStyle:)` must answer what
/// `layout(maxWidth:paragraphStyle:)` answers — size, line count, truncation and notices — bit
/// for bit, and the layout of a text that keeps its layout tables (its plain re-wrap) must be
/// the general path's layout. The reference is the full layout of the same text measured
/// without those tables, which takes the general path, and which the golden tests check against
/// independent engines; the texts are every paragraph of the iOS goldens (Tests/Goldens), laid out at widths
/// from none to narrower than a letter, in paragraph styles that truncate, clip, break by
/// character, hyphenate, balance, space lines, and set tab stops; rich text from rich.json; and
/// inline boxes of every alignment.
@Suite struct LayoutSizeTests {
    /// A text of a golden, in the golden's font and size (17 pt where it gives none).
    struct Paragraph: CustomStringConvertible, Sendable {
        var source: String
        var text: AttributedText
        var description: String { "\(source): \(text.string.prefix(40))" }
    }

    /// The goldens whose cases hold a paragraph: a `text` with a `font` file (or `fontFile`).
    static let goldenFiles = [
        "advances.json", "browser_flow.json", "hanging_kern.json", "hyphenation.json", "intrinsic.json", "languages.json",
        "mixed.json", "paragraphs.json", "tabs.json", "trak_wrapped.json", "truncation.json", "uikit_frames.json",
        "wrap.json", "wrapped.json", "wrapping_chips.json",
    ]

    /// Every distinct (text, font, size, language) of ``goldenFiles``, found by walking their JSON.
    static let paragraphs: [Paragraph] = {
        var seen: Set<String> = []
        var found: [Paragraph] = []
        for file in goldenFiles {
            guard let data = FileManager.default.contents(atPath: Repository.path("Tests/Goldens/\(file)")),
                let json = try? JSONSerialization.jsonObject(with: data)
            else { continue }
            walk(json) { object in
                guard let string = object["text"] as? String, !string.isEmpty, string.utf16.count <= 4_000 else { return }
                let fontPath = (object["font"] as? String) ?? (object["fontFile"] as? String)
                    ?? (object["size"] != nil ? "Fonts/DejaVuSans.ttf" : nil)
                guard let fontPath, FileManager.default.fileExists(atPath: Repository.path(fontPath)) else { return }
                let size = (object["size"] as? Double).flatMap { $0 > 0 && $0 < 200 ? $0 : nil } ?? 17
                let language = (object["language"] as? String) ?? "en-US"
                let key = "\(fontPath)|\(size)|\(language)|\(string)"
                guard seen.insert(key).inserted, let font = try? Fixtures.font(fontPath) else { return }
                let style = TextStyle(font: font, size: CGFloat(size), language: language)
                found.append(Paragraph(source: file, text: AttributedText(string, style: style)))
            }
        }
        return found
    }()

    private static func walk(_ value: Any, _ body: ([String: Any]) -> Void) {
        if let object = value as? [String: Any] {
            body(object)
            for member in object.values { walk(member, body) }
        } else if let array = value as? [Any] {
            for element in array { walk(element, body) }
        }
    }

    /// Paragraph styles that take every road through line breaking and truncation.
    static let paragraphStyles: [ParagraphStyle] = [
        ParagraphStyle(),
        ParagraphStyle(lineBreakMode: .byTruncatingTail, numberOfLines: 2),
        ParagraphStyle(lineBreakMode: .byTruncatingHead, numberOfLines: 2),
        ParagraphStyle(lineBreakMode: .byTruncatingMiddle, numberOfLines: 1),
        ParagraphStyle(lineBreakMode: .byClipping, numberOfLines: 3),
        ParagraphStyle(lineBreakMode: .byClipping),
        ParagraphStyle(lineBreakMode: .byCharWrapping, lineSpacing: 2.5),
        ParagraphStyle(numberOfLines: 3, hyphenationFactor: 0.8),
        ParagraphStyle(lineHeightMultiple: 1.3, textWrap: .balance),
        ParagraphStyle(lineBreakMode: .byTruncatingTail, lineSpacing: 3, lineHeightMultiple: 1.2, maximumLineHeight: 19),
        ParagraphStyle(lineSpacing: 0.25, minimumLineHeight: 30, usesFontLeading: false, textWrap: .pretty),
        ParagraphStyle(
            tabStops: [TextTab(.right, location: 80), TextTab(.center, location: 140), TextTab(.decimal, location: 200)],
            defaultTabInterval: 48),
    ]

    /// Widths from none through the text's own width down to narrower than its narrowest letter.
    static func widths(of measured: MeasuredText) throws -> [CGFloat?] {
        let unwrapped = try measured.layout().size.width
        return [nil, .infinity] + [1.2, 1, 0.97, 0.71, 0.5, 0.33, 0.19, 0.07, 0.01, 0].map { unwrapped * $0 }
    }

    /// What differs, at each of ``widths(of:)`` in each of ``paragraphStyles``, between `text`
    /// measured as ``TextMeasurer/measure(_:baseDirection:)`` measures it (its size-only answers
    /// and its layouts) and the general path's layouts of it.
    static func check(_ text: AttributedText, measurer: TextMeasurer = TextMeasurer(cache: nil)) throws -> [String] {
        let measured = try measurer.measure(text)
        // The reference: the text measured without layout tables, laid out by the general path.
        let general = try measurer.measure(text, baseDirection: .natural, keepsLayoutTables: false)
        let widths = try widths(of: general)
        var differences: [String] = []
        for (index, style) in paragraphStyles.enumerated() {
            let sizes = try measured.layoutSizes(atWidths: widths, paragraphStyle: style)
            for (width, size) in zip(widths, sizes) {
                let layout = try general.layout(maxWidth: width, paragraphStyle: style)
                if try measured.layout(maxWidth: width, paragraphStyle: style) != layout {
                    differences.append("style \(index) width \(String(describing: width)): the layout differs")
                }
                let expected = layout.layoutSize
                // Compared bit for bit: `==` would take 0 and -0 (or two NaNs) wrongly.
                let same = size.size.width.bitPattern == expected.size.width.bitPattern
                    && size.size.height.bitPattern == expected.size.height.bitPattern
                    && size.lineCount == expected.lineCount && size.isTruncated == expected.isTruncated
                    && size.notices == expected.notices
                if !same { differences.append("style \(index) width \(String(describing: width)): \(size) ≠ \(expected)") }
            }
        }
        return differences
    }

    @Test func theGoldensHoldEnoughParagraphs() {
        #expect(Self.paragraphs.count >= 500)
        for file in Self.goldenFiles { #expect(Self.paragraphs.contains { $0.source == file }, "no paragraph from \(file)") }
    }

    @Test(arguments: 0..<8)
    func everyGoldenParagraphAtEveryWidth(shard: Int) throws {
        let measurer = TextMeasurer(cache: ShapeCache())
        for (index, paragraph) in Self.paragraphs.enumerated() where index % 8 == shard {
            let differences = try Self.check(paragraph.text, measurer: measurer)
            #expect(differences.isEmpty, "\(paragraph): \(differences.prefix(3))")
        }
    }

    @Test func richTextGoldens() throws {
        #expect(RichTextGoldenTests.goldens.count >= 40)
        for golden in RichTextGoldenTests.goldens {
            let differences = try Self.check(try RichTextGoldenTests.attributedText(golden))
            #expect(differences.isEmpty, "\(golden.name): \(differences.prefix(3))")
        }
    }

    @Test func inlineBoxesOfEveryAlignment() throws {
        let style = TextStyle(font: try Fixtures.font("Fonts/NotoSans-Regular.ttf"), size: 17)
        let alignments: [InlineBox.Alignment] = [.baseline(offset: -4), .centerOnXHeight, .centerOnLine, .top, .bottom]
        for alignment in alignments {
            var text = AttributedText("Tagged by ", style: style)
            try text.append(InlineBox(width: 24, height: 40, alignment: alignment), style: style)
            text.append(" someone you follow, and then ", style: style)
            try text.append(InlineBox(width: 90, height: 12, alignment: alignment), style: style)
            text.append(" again after a while.", style: style)
            let differences = try Self.check(text)
            #expect(differences.isEmpty, "\(alignment): \(differences.prefix(3))")
        }
    }

    /// Arabic joins across a break opportunity and Latin kerns across one: lines end at unsafe
    /// edges, where the full layout reshapes; the size-only query must find the same lines. In
    /// Caliper Unsafe Break Test a letter after a space is 150 units wider than alone
    /// (Fonts/make_unsafe_break_font.py), so lines start at unsafe edges too: a line that wraps
    /// is narrower than the paragraph's advances say, and of equal words, as wide as the first.
    @Test func unsafeToBreakEdgesReshapeAsTheLayoutDoes() throws {
        let arabic = TextStyle(font: try Fixtures.font("Fonts/NotoSansArabic-Regular.ttf"), size: 17)
        let latin = TextStyle(font: try Fixtures.font("Fonts/DejaVuSans.ttf"), size: 17)
        let startsMoved = TextStyle(font: try Fixtures.font("Fonts/Breaking/CaliperUnsafeBreakTest.ttf"), size: 17)
        for text in [
            AttributedText("مرحبا بالعالم هذا نص عربي طويل يلتف على عدة أسطر في الفقرة", style: arabic),
            AttributedText("AV. To WAVE, Ty Yo LT AT VA fi ffi ffl Te Yu r. y, \"A\" 'V'", style: latin),
            AttributedText(Array(repeating: "Edge", count: 40).joined(separator: " "), style: startsMoved),
            AttributedText("Each word after the first starts after a space, so each line that wraps starts at an unsafe edge.", style: startsMoved),
        ] {
            let differences = try Self.check(text)
            #expect(differences.isEmpty, "\(text.string): \(differences.prefix(3))")
        }
    }

    /// A text in one style keeps each paragraph's break table when it is measured, and its
    /// size-only query reads that rather than the paragraph: texts of several paragraphs — empty
    /// ones first, between and last, one with a soft hyphen, one with a tab (which keeps none), and
    /// paragraphs with line spacing of their own — answer what the layout answers.
    @Test func paragraphsOfOneStyleAnswerAsTheLayoutDoes() throws {
        let style = TextStyle(font: try Fixtures.dejaVuSans, size: 15)
        let sentences = "A feed measured at several widths for every post, and again at every rotation."
        var spaced = AttributedText("\(sentences)\n\(sentences) Then more.\n\nShort.", style: style)
        var own = ParagraphStyle()
        own.lineSpacing = 3
        own.minimumLineHeight = 30
        try spaced.setParagraphStyle(own, utf16Range: 0..<sentences.utf16.count)
        for text in [
            AttributedText("\n\(sentences)\n\n\(sentences)\n", style: style),
            AttributedText("Hyphen\u{AD}ation at a soft hy\u{AD}phen in a para\u{AD}graph that wraps.\n\(sentences)", style: style),
            AttributedText("\(sentences)\nColumn\tafter a tab\n\(sentences)", style: style),
            AttributedText("\n\n", style: style),
            spaced,
        ] {
            let differences = try Self.check(text)
            #expect(differences.isEmpty, "\(text.string.debugDescription): \(differences.prefix(3))")
        }
    }

    /// Widths at the ends of the finite numbers — the largest, one that overflows the design-unit
    /// thresholds of the plain walk, the smallest subnormal, negative zero — answer what the layout
    /// answers.
    @Test func extremeWidthsAnswerAsTheLayoutDoes() throws {
        let style = TextStyle(font: try Fixtures.dejaVuSans, size: 17)
        let measured = try TextMeasurer(cache: nil).measure("Extreme widths wrap a paragraph\nor do not", style: style)
        let widths: [CGFloat] = [.greatestFiniteMagnitude, 1e308, 1e16, 0x1p52, .leastNonzeroMagnitude, -0.0]
        for (width, size) in zip(widths, try measured.layoutSizes(atWidths: widths)) {
            let expected = try measured.layout(maxWidth: width).layoutSize
            #expect(size.size.width.bitPattern == expected.size.width.bitPattern && size.size.height.bitPattern == expected.size.height.bitPattern)
            #expect(size.lineCount == expected.lineCount && size.isTruncated == expected.isTruncated, "\(width)")
        }
    }

    @Test func badWidthsAreRefusedAsTheLayoutRefusesThem() throws {
        let measured = try TextMeasurer(cache: nil).measure("Hello there", style: TextStyle(font: try Fixtures.dejaVuSans, size: 17))
        for width in [CGFloat.nan, -1, -CGFloat.infinity, -CGFloat.leastNonzeroMagnitude] {
            #expect(throws: CaliperError.self) { try measured.layoutSize(maxWidth: width) }
            #expect(throws: CaliperError.self) { try measured.layoutSizes(atWidths: [100, width]) }
        }
        #expect(throws: CaliperError.self) { try measured.layoutSize(paragraphStyle: ParagraphStyle(numberOfLines: -1)) }
        #expect(try measured.layoutSizes(atWidths: []).isEmpty)
    }
}
