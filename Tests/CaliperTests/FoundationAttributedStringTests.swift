// FoundationAttributedStringTests.swift — Foundation's AttributedString with Caliper's attributes measures as the same AttributedText.
import Caliper
import Foundation
import Testing

@Suite struct FoundationAttributedStringTests {
    static func styles() throws -> (regular: TextStyle, boldFace: FontFace) {
        (TextStyle(font: try Fixtures.font("Fonts/NotoSans-Regular.ttf"), size: 17), try Fixtures.font("Fonts/NotoSans-Bold.ttf"))
    }

    /// Attributes set on ranges give the spans `AttributedText`'s own builder gives, and the same
    /// layout: a bold name, a smaller word, letter spacing and a raised word, text around them in
    /// the default style.
    @Test func attributesBecomeSpans() throws {
        let (regular, boldFace) = try Self.styles()
        var post = AttributedString("Ana replied: great shot 📸 up")
        post[try #require(post.range(of: "Ana"))].font = boldFace
        post[try #require(post.range(of: "great"))].pointSize = 13
        post[try #require(post.range(of: "shot"))].letterSpacing = 0.5
        post[try #require(post.range(of: "up"))].baselineOffset = 4
        let converted = try AttributedText(post, defaultStyle: regular)

        var bold = regular
        bold.font = boldFace
        var small = regular
        small.size = 13
        var spaced = regular
        spaced.letterSpacing = 0.5
        var raised = regular
        raised.baselineOffset = 4
        var expected = AttributedText("Ana", style: bold)
        expected.append(" replied: ", style: regular)
        expected.append("great", style: small)
        expected.append(" ", style: regular)
        expected.append("shot", style: spaced)
        expected.append(" 📸 ", style: regular)
        expected.append("up", style: raised)
        #expect(converted == expected)
        #expect(converted.spans.count == 7)
        let measurer = TextMeasurer(cache: nil)
        #expect(try measurer.layout(converted, maxWidth: 120) == measurer.layout(expected, maxWidth: 120))
    }

    /// A whole style on a run, with an attribute on top of it; an inline box on a U+FFFC.
    @Test func aWholeStyleAndABox() throws {
        let (regular, boldFace) = try Self.styles()
        var caption = regular
        caption.size = 12
        var text = AttributedString("name ")
        text.textStyle = caption
        var badge = AttributedString("\u{FFFC}")
        badge.inlineBox = InlineBox(width: 14, height: 14, alignment: .bottom, id: "badge")
        text.append(badge)
        var tail = AttributedString(" tail")
        tail.font = boldFace
        text.append(tail)
        let converted = try AttributedText(text, defaultStyle: regular)
        #expect(converted.spans.map(\.style.size) == [12, 17, 17])
        #expect(converted.spans[1].box?.id == "badge")
        #expect(converted.spans[2].style.font === boldFace)
        #expect(try TextMeasurer().layout(converted, maxWidth: 300).inlineBoxes.map(\.box.id) == ["badge"])
    }

    /// Without Caliper's attributes the text is in the default style; a box on text that is not
    /// U+FFFC is refused by name.
    @Test func plainTextAndBadBoxes() throws {
        let (regular, _) = try Self.styles()
        let plain = try AttributedText(AttributedString("Hello"), defaultStyle: regular)
        #expect(plain == AttributedText("Hello", style: regular))
        #expect(try AttributedText(AttributedString(""), defaultStyle: regular) == AttributedText("", style: regular))
        var wrong = AttributedString("ab")
        wrong.inlineBox = InlineBox(width: 10, height: 10)
        #expect(throws: CaliperError.self) { try AttributedText(wrong, defaultStyle: regular) }
        var negative = AttributedString("\u{FFFC}")
        negative.inlineBox = InlineBox(width: -1, height: 10)
        #expect(throws: CaliperError.self) { try AttributedText(negative, defaultStyle: regular) }
    }

    /// A paragraph takes the paragraph style of its first character, as TextKit does: a style
    /// set from the middle of a paragraph on does not reach it, and one over two paragraphs'
    /// starts gives both.
    @Test func aParagraphTakesItsFirstCharactersParagraphStyle() throws {
        let (regular, _) = try Self.styles()
        let spaced = ParagraphStyle(lineSpacing: 6)
        let rtl = ParagraphStyle(baseDirection: .rightToLeft)
        var story = AttributedString("Title\nFirst body paragraph\nSecond one\nLast")
        story[try #require(story.range(of: "body paragraph\nSecond"))].paragraphStyle = spaced
        story[try #require(story.range(of: "Last"))].paragraphStyle = rtl
        let converted = try AttributedText(story, defaultStyle: regular)
        #expect(converted.paragraphStyles == [
            AttributedText.ParagraphAttributes(paragraphStart: 27, style: spaced),
            AttributedText.ParagraphAttributes(paragraphStart: 38, style: rtl),
        ])
        #expect(converted.spans.count == 1)

        story[try #require(story.range(of: "Title"))].paragraphStyle = ParagraphStyle(numberOfLines: 1)
        #expect(throws: CaliperError.self) { try AttributedText(story, defaultStyle: regular) }
    }
}
