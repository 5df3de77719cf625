// FontsXMLReaderTests.swift — the strict XML reader fonts.xml is read with: what it accepts, what it refuses and where, and hostile input.
@testable import Caliper
import Foundation
import TestSupport
import Testing

@Suite struct FontsXMLReaderTests {
    static func read(_ text: String) throws(XMLSyntaxError) -> XMLElement { try XMLReader.read(Array(text.utf8)) }

    /// The error `text` is refused with, or `nil` when it is read.
    static func refusal(_ text: String) -> XMLSyntaxError? { refusal(bytes: Array(text.utf8)) }

    static func refusal(bytes: [UInt8]) -> XMLSyntaxError? {
        do {
            _ = try XMLReader.read(bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test func readsWhatFontsXMLUses() throws {
        let document = """
            \u{FEFF}<?xml version="1.0" encoding="utf-8"?>
            <!-- a comment -->
            <familyset version='23'>
                <family name="sans-serif" lang = 'und-Zsye'>
                    <font weight="400">Roboto<!-- split -->-Regular.ttf<axis tag="wght" stylevalue="400"/></font>
                </family>
                <alias name="a&amp;b" to="&lt;&#x41;&#66;&gt;" weight="&quot;&apos;"/>
            </familyset>
            <!-- after -->

            """
        let root = try Self.read(document)
        #expect(root.name == "familyset")
        #expect(root.attribute("version") == "23")
        #expect((root.line, root.column) == (3, 1))
        let family = try #require(root.elements.first)
        #expect(family.attribute("lang") == "und-Zsye")
        let font = try #require(family.elements.first)
        #expect(font.text == "Roboto-Regular.ttf")
        #expect((font.line, font.column) == (5, 9))
        #expect(font.elements.map(\.name) == ["axis"])
        let alias = root.elements[1]
        #expect(alias.attribute("name") == "a&b")
        #expect(alias.attribute("to") == "<AB>")
        #expect(alias.attribute("weight") == "\"'")
        #expect(alias.children.isEmpty)
    }

    @Test func lineEndsAndAttributeSpacesAreNormalized() throws {
        let root = try Self.read("<a b=\"x\ty\r\nz\">one\r\ntwo\rthree</a>")
        #expect(root.attribute("b") == "x y z")
        #expect(root.text == "one\ntwo\nthree")
        // A character reference keeps what it stands for, in an attribute too (XML 1.0 §3.3.3).
        #expect(try Self.read("<a b=\"x&#10;y\"/>").attribute("b") == "x\ny")
        // Carriage returns count as line ends: the error is on line 3.
        #expect(Self.refusal("<a>\r\n\r<b></a>").map { ($0.line, $0.column) } ?? (0, 0) == (3, 4))
    }

    /// Each document, where it is refused (line, column from 1, counted in characters) and a word
    /// of the reason, worked out by hand.
    @Test(arguments: [
        ("<familyset>\n  <family>\n</familyset>", 3, 1, "does not close <family> (opened at line 2, column 3)"),
        ("<a><!-- never closed </a>", 1, 4, "never closed"),
        ("<a><!-- a -- b --></a>", 1, 11, "'--'"),
        ("<a>&nbsp;</a>", 1, 4, "unknown entity &nbsp;"),
        ("<a>AT&T</a>", 1, 6, "starts no reference"),
        ("<a>&#0;</a>", 1, 4, "no character XML allows"),
        ("<a>&#xD800;</a>", 1, 4, "no character XML allows"),
        ("<a>&#x110000;</a>", 1, 4, "no character XML allows"),
        ("<a>&#12345678901;</a>", 1, 4, "no character XML allows"),
        ("<!DOCTYPE a [<!ENTITY x \"y\">]><a/>", 1, 1, "DOCTYPE"),
        ("<a><![CDATA[x]]></a>", 1, 4, "CDATA"),
        ("<a><?php x ?></a>", 1, 4, "processing instructions"),
        ("<a/>\n<?xml version=\"1.0\"?>", 2, 1, "must open the document"),
        ("<?xml version=\"1.1\"?><a/>", 1, 7, "version 1.1"),
        ("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a/>", 1, 21, "encoding ISO-8859-1"),
        ("<?xml encoding=\"utf-8\"?><a/>", 1, 7, "unexpected encoding"),
        ("<a b=c/>", 1, 6, "in quotes"),
        ("<a b='1' b='2'/>", 1, 10, "twice"),
        ("<a b='<'/>", 1, 7, "'<' may not appear"),
        ("<a b='x/>", 1, 10, "never closed"),
        ("<a b='x'c='y'/>", 1, 9, "expected a space"),
        ("<a>]]></a>", 1, 4, "']]>'"),
        ("<a/>text", 1, 5, "may follow the root element"),
        ("<a/><b/>", 1, 5, "may follow the root element"),
        ("", 1, 1, "no root element"),
        ("  <!-- only a comment -->  ", 1, 28, "no root element"),
        ("<a>\n<b>", 2, 4, "ends inside <b> (opened at line 2, column 1)"),
        ("</a>", 1, 1, "closes no element"),
        ("<1a/>", 1, 2, "expected a name"),
        ("<a>\u{1}</a>", 1, 4, "U+0001 is not allowed"),
        ("<a>\u{FFFE}</a>", 1, 4, "is not allowed"),
    ] as [(String, Int, Int, String)])
    func malformedXMLIsRefusedWhereItIsWrong(document: String, line: Int, column: Int, reason: String) throws {
        let error = try #require(Self.refusal(document), "\(document.debugDescription) was read")
        #expect((error.line, error.column) == (line, column), "\(error)")
        #expect(error.reason.contains(reason), "\(error.reason)")
    }

    @Test func bytesThatAreNotUTF8AreRefusedWhereTheyStand() throws {
        let error = try #require(Self.refusal(bytes: Array("<a>\n  é".utf8) + [0xC3, 0x28] + Array("</a>".utf8)))
        #expect((error.line, error.column) == (2, 4))
        #expect(error.reason.contains("not UTF-8"))
    }

    @Test func nestingAndSizeAreBounded() throws {
        let deepest = String(repeating: "<a>", count: XMLReader.maximumDepth) + String(repeating: "</a>", count: XMLReader.maximumDepth)
        #expect(Self.refusal(deepest) == nil)
        let tooDeep = String(repeating: "<a>", count: XMLReader.maximumDepth + 1)
        let error = try #require(Self.refusal(tooDeep))
        #expect((error.line, error.column) == (1, 3 * XMLReader.maximumDepth + 1))
        #expect(error.reason.contains("nested more than 32 deep"))
        // A million open elements are refused at the 33rd, without recursion or a million frames.
        #expect(Self.refusal(String(repeating: "<a>", count: 1_000_000)) != nil)
        let large = [UInt8](repeating: 0x20, count: XMLReader.maximumByteCount + 1)
        #expect(Self.refusal(bytes: large)?.reason.contains("over the limit") == true)
    }

    /// Seeded mutations of the fixture fonts.xml (bytes flipped, cut, repeated, spliced): each is
    /// read or refused with a line and column inside the document, never a crash.
    @Test func hostileDocumentsAreReadOrRefused() throws {
        let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Fixtures.path("Fonts/Android/fonts.xml"))))
        let specials = Array("<>&;'\"=/!?-#x[]".utf8) + [0x00, 0x0D, 0xC3, 0xFF]
        var random = SplitMix64(seed: 42)
        var refused = 0
        for _ in 0..<400 {
            var bytes = original
            for _ in 0..<random.next(in: 1...6) {
                let at = random.next(in: 0...(bytes.count - 1))
                switch random.next(in: 0...3) {
                case 0: bytes[at] = specials[random.next(in: 0...(specials.count - 1))]
                case 1: bytes.removeSubrange(at..<min(bytes.count, at + random.next(in: 1...40)))
                case 2: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + random.next(in: 1...200))], at: at)
                default: bytes = Array(bytes.prefix(at))
                }
                if bytes.isEmpty { bytes = [0x3C] }
            }
            if let error = Self.refusal(bytes: bytes) {
                refused += 1
                let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).count
                #expect(error.line >= 1 && error.line <= lines + 1 && error.column >= 1, "\(error)")
            }
        }
        #expect(refused > 100)
    }
}
