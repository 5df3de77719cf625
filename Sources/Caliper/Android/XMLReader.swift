// XMLReader.swift — a small, strict reader of the XML that Android's fonts.xml is written in: elements, attributes, comments, references and text, nothing else.
import Foundation

/// An element of an XML document: its name, attributes in document order, children, and where
/// its start tag begins (1-based line and column, counted in characters).
struct XMLElement: Sendable {
    struct Attribute: Sendable {
        var name: String
        var value: String
    }

    enum Child: Sendable {
        case element(XMLElement)
        case text(String)
    }

    var name: String
    var attributes: [Attribute] = []
    var children: [Child] = []
    var line: Int
    var column: Int

    /// The value of the attribute `name`, or `nil` without one.
    func attribute(_ name: String) -> String? { attributes.first { $0.name == name }?.value }

    /// The child elements, in order.
    var elements: [XMLElement] {
        children.compactMap { if case .element(let element) = $0 { element } else { nil } }
    }

    /// The element's own text (the text children, joined; not its descendants').
    var text: String {
        children.compactMap { if case .text(let text) = $0 { text } else { nil } }.joined()
    }
}

/// What is wrong with a document, and where (1-based line and column, in characters).
struct XMLSyntaxError: Error, Sendable, Equatable {
    var line: Int
    var column: Int
    var reason: String
}

/// A reader of the XML subset `fonts.xml` is written in (XML 1.0, UTF-8): an optional XML
/// declaration, comments, one root element with nested elements, attributes quoted with `'` or
/// `"`, text, the five predefined entities (`&lt;` `&gt;` `&amp;` `&quot;` `&apos;`) and numeric
/// character references. Anything else — a DOCTYPE (and so any entity of one's own), CDATA
/// sections, processing instructions, another encoding — and anything malformed is refused with
/// its line and column. Line ends read as XML reads them (`\r\n` and `\r` are `\n`); attribute
/// values have their tabs and line ends made spaces, as XML normalizes them.
///
/// Made for input that may be hostile: the document is at most ``maximumByteCount`` bytes,
/// elements nest at most ``maximumDepth`` deep, and nothing recurses — the tree is built with a
/// stack of open elements.
enum XMLReader {
    /// The largest document read: Android 14's `fonts.xml` is about 60 KB.
    static let maximumByteCount = 4 << 20
    /// The deepest elements nest (`fonts.xml` nests four deep: familyset, family, font, axis).
    static let maximumDepth = 32
    /// The most digits a numeric character reference has (`&#x10FFFF;` has six).
    private static let maximumReferenceDigits = 8

    /// The root element of `bytes`.
    static func read(_ bytes: [UInt8]) throws(XMLSyntaxError) -> XMLElement {
        guard bytes.count <= maximumByteCount else {
            throw XMLSyntaxError(line: 1, column: 1, reason: "the document is \(bytes.count) bytes, over the limit of \(maximumByteCount)")
        }
        var cursor = Cursor(scalars: try decode(bytes))
        return try cursor.document()
    }

    /// The document's characters, line ends normalized, a leading byte order mark dropped; every
    /// character checked to be one XML allows.
    private static func decode(_ bytes: [UInt8]) throws(XMLSyntaxError) -> [Unicode.Scalar] {
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(bytes.count)
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var line = 1
        var column = 1
        var previousWasCarriageReturn = false
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .emptyInput:
                break decoding
            case .error:
                throw XMLSyntaxError(line: line, column: column, reason: "the bytes here are not UTF-8")
            case .scalarValue(let scalar):
                if scalars.isEmpty, line == 1, column == 1, scalar == "\u{FEFF}" { continue }
                guard isCharacter(scalar) else {
                    throw XMLSyntaxError(line: line, column: column, reason: "\(Cursor.describe(scalar)) is not allowed in XML")
                }
                if scalar == "\r" {
                    scalars.append("\n")
                    previousWasCarriageReturn = true
                    line += 1
                    column = 1
                    continue
                }
                defer { previousWasCarriageReturn = false }
                if scalar == "\n" {
                    if previousWasCarriageReturn { continue }
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
                scalars.append(scalar)
            }
        }
        return scalars
    }

    /// XML 1.0's `Char`.
    static func isCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// XML 1.0's `NameStartChar`.
    static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3A, 0x41...0x5A, 0x5F, 0x61...0x7A, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D, 0x37F...0x1FFF,
            0x200C...0x200D, 0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFFD,
            0x10000...0xEFFFF:
            true
        default: false
        }
    }

    /// XML 1.0's `NameChar`.
    static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2D, 0x2E, 0x30...0x39, 0xB7, 0x300...0x36F, 0x203F...0x2040: true
        default: isNameStart(scalar)
        }
    }

    static func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" }

    /// The reader's place in the document's characters, with its line and column.
    private struct Cursor {
        let scalars: [Unicode.Scalar]
        var index = 0
        var line = 1
        var column = 1

        var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }
        var isAtEnd: Bool { index >= scalars.count }

        func error(_ reason: String) -> XMLSyntaxError { XMLSyntaxError(line: line, column: column, reason: reason) }

        mutating func advance() {
            guard index < scalars.count else { return }
            if scalars[index] == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += 1
        }

        func starts(with prefix: String) -> Bool {
            var position = index
            for scalar in prefix.unicodeScalars {
                guard position < scalars.count, scalars[position] == scalar else { return false }
                position += 1
            }
            return true
        }

        mutating func skip(_ prefix: String) {
            for _ in prefix.unicodeScalars { advance() }
        }

        mutating func expect(_ prefix: String, _ what: String) throws(XMLSyntaxError) {
            guard starts(with: prefix) else { throw error("expected \(what), found \(describeCurrent)") }
            skip(prefix)
        }

        mutating func skipSpaces() {
            while let scalar = current, isSpace(scalar) { advance() }
        }

        /// Skips spaces, and says whether there were any.
        mutating func skipRequiredSpaces() -> Bool {
            let start = index
            skipSpaces()
            return index > start
        }

        var describeCurrent: String { current.map(Self.describe) ?? "the end of the document" }

        static func describe(_ scalar: Unicode.Scalar) -> String {
            let code = "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
            return scalar.properties.generalCategory == .control || isSpace(scalar) || scalar.value >= 0xD800 && scalar.value < 0xE000
                ? code : "'\(Character(scalar))' (\(code))"
        }

        // MARK: The document

        /// `document`: the prolog, the root element, and what may follow it.
        mutating func document() throws(XMLSyntaxError) -> XMLElement {
            if starts(with: "<?xml"), index + 5 < scalars.count, isSpace(scalars[index + 5]) { try declaration() }
            try miscellany()
            guard current == "<" else {
                throw error(isAtEnd ? "the document has no root element" : "expected the root element, found \(describeCurrent)")
            }
            let root = try element()
            try miscellany()
            guard isAtEnd else { throw error("nothing but comments and spaces may follow the root element, found \(describeCurrent)") }
            return root
        }

        /// `XMLDecl`: version 1.0, UTF-8 if an encoding is named, standalone yes or no.
        mutating func declaration() throws(XMLSyntaxError) {
            skip("<?xml")
            let order = ["version", "encoding", "standalone"]
            var next = 0  // the first of `order` that may still come
            while true {
                let spaced = skipRequiredSpaces()
                if starts(with: "?>") {
                    skip("?>")
                    break
                }
                guard spaced else { throw error("expected a space or '?>' in the XML declaration, found \(describeCurrent)") }
                let (nameLine, nameColumn) = (line, column)
                let name = try self.name()
                let value = try quotedLiteral()
                guard let position = order.firstIndex(of: name), position >= next, (next == 0) == (position == 0) else {
                    throw XMLSyntaxError(
                        line: nameLine, column: nameColumn, reason: "unexpected \(name) in the XML declaration (version, then encoding, then standalone)")
                }
                switch name {
                case "version" where value != "1.0":
                    throw XMLSyntaxError(line: nameLine, column: nameColumn, reason: "XML version \(value) is not read (only 1.0)")
                case "encoding" where value.lowercased() != "utf-8":
                    throw XMLSyntaxError(line: nameLine, column: nameColumn, reason: "the encoding \(value) is not read (only UTF-8)")
                case "standalone" where value != "yes" && value != "no":
                    throw XMLSyntaxError(line: nameLine, column: nameColumn, reason: "standalone is yes or no, not \(value)")
                default: break
                }
                next = position + 1
            }
            guard next > 0 else { throw error("the XML declaration has no version") }
        }

        /// A literal in quotes, without references (the declaration's values).
        mutating func quotedLiteral() throws(XMLSyntaxError) -> String {
            skipSpaces()
            try expect("=", "'='")
            skipSpaces()
            guard let quote = current, quote == "\"" || quote == "'" else { throw error("expected a quoted value, found \(describeCurrent)") }
            advance()
            var value = String.UnicodeScalarView()
            while let scalar = current, scalar != quote {
                value.append(scalar)
                advance()
            }
            try expect(String(quote), "the closing quote")
            return String(value)
        }

        /// `Misc*`: comments and spaces; a DOCTYPE or processing instruction is refused.
        mutating func miscellany() throws(XMLSyntaxError) {
            while true {
                skipSpaces()
                if starts(with: "<!--") {
                    try comment()
                } else if starts(with: "<!DOCTYPE") {
                    throw error("a DOCTYPE is not read (nor, so, any entity it would declare)")
                } else if starts(with: "<?") {
                    throw error(starts(with: "<?xml") ? "the XML declaration must open the document" : "processing instructions are not read")
                } else {
                    return
                }
            }
        }

        /// `Comment`: `<!--`, no `--` inside, `-->`.
        mutating func comment() throws(XMLSyntaxError) {
            let (startLine, startColumn) = (line, column)
            skip("<!--")
            while !isAtEnd {
                if starts(with: "--") {
                    guard starts(with: "-->") else { throw error("'--' may not appear inside a comment") }
                    skip("-->")
                    return
                }
                advance()
            }
            throw XMLSyntaxError(line: startLine, column: startColumn, reason: "the comment opened here is never closed")
        }

        /// `Name`.
        mutating func name() throws(XMLSyntaxError) -> String {
            guard let first = current, isNameStart(first) else { throw error("expected a name, found \(describeCurrent)") }
            var name = String.UnicodeScalarView()
            while let scalar = current, isNameCharacter(scalar) {
                name.append(scalar)
                advance()
            }
            return String(name)
        }

        // MARK: Elements

        /// An element and everything in it, read with a stack of open elements (never by recursion).
        mutating func element() throws(XMLSyntaxError) -> XMLElement {
            var open: [XMLElement] = []
            while true {
                if starts(with: "</") {
                    let (endLine, endColumn) = (line, column)
                    skip("</")
                    let name = try self.name()
                    skipSpaces()
                    try expect(">", "'>' to end the end tag")
                    guard var closed = open.popLast() else {
                        throw XMLSyntaxError(line: endLine, column: endColumn, reason: "</\(name)> closes no element")
                    }
                    guard closed.name == name else {
                        throw XMLSyntaxError(
                            line: endLine, column: endColumn,
                            reason: "</\(name)> does not close <\(closed.name)> (opened at line \(closed.line), column \(closed.column))")
                    }
                    closed.children = Self.mergedText(closed.children)
                    guard open.isEmpty else {
                        open[open.count - 1].children.append(.element(closed))
                        continue
                    }
                    return closed
                } else if starts(with: "<!--") {
                    try comment()
                } else if starts(with: "<![CDATA[") {
                    throw error("CDATA sections are not read")
                } else if starts(with: "<!") {
                    throw error("declarations (<!…>) are not read")
                } else if starts(with: "<?") {
                    throw error("processing instructions are not read")
                } else if current == "<" {
                    guard open.count < XMLReader.maximumDepth else {
                        throw error("elements are nested more than \(XMLReader.maximumDepth) deep")
                    }
                    let (element, isEmpty) = try startTag()
                    if isEmpty {
                        guard open.isEmpty else {
                            open[open.count - 1].children.append(.element(element))
                            continue
                        }
                        return element
                    }
                    open.append(element)
                } else if isAtEnd {
                    let innermost = open.last
                    throw error("the document ends inside <\(innermost?.name ?? "")> (opened at line \(innermost?.line ?? 0), column \(innermost?.column ?? 0))")
                } else {
                    let text = try characterData()
                    guard !open.isEmpty else { throw error("text outside the root element") }
                    open[open.count - 1].children.append(.text(text))
                }
            }
        }

        /// A start tag or an empty-element tag, and whether it was empty (`/>`).
        mutating func startTag() throws(XMLSyntaxError) -> (XMLElement, isEmpty: Bool) {
            var element = XMLElement(name: "", line: line, column: column)
            skip("<")
            element.name = try name()
            while true {
                let spaced = skipRequiredSpaces()
                if starts(with: "/>") {
                    skip("/>")
                    return (element, true)
                }
                if current == ">" {
                    advance()
                    return (element, false)
                }
                guard spaced else { throw error("expected a space, '>' or '/>' in <\(element.name)>, found \(describeCurrent)") }
                let (attributeLine, attributeColumn) = (line, column)
                let name = try self.name()
                guard element.attribute(name) == nil else {
                    throw XMLSyntaxError(line: attributeLine, column: attributeColumn, reason: "<\(element.name)> has the attribute \(name) twice")
                }
                skipSpaces()
                try expect("=", "'=' after the attribute \(name)")
                skipSpaces()
                element.attributes.append(XMLElement.Attribute(name: name, value: try attributeValue()))
            }
        }

        /// `AttValue`: quoted, no `<`, references resolved, tabs and line ends made spaces.
        mutating func attributeValue() throws(XMLSyntaxError) -> String {
            guard let quote = current, quote == "\"" || quote == "'" else {
                throw error("expected an attribute value in quotes, found \(describeCurrent)")
            }
            advance()
            var value = String.UnicodeScalarView()
            while true {
                guard let scalar = current else { throw error("the attribute value is never closed") }
                if scalar == quote {
                    advance()
                    return String(value)
                }
                switch scalar {
                case "<": throw error("'<' may not appear in an attribute value (write &lt;)")
                case "&": value.append(try reference())
                case "\t", "\n", "\r":
                    value.append(" ")
                    advance()
                default:
                    value.append(scalar)
                    advance()
                }
            }
        }

        /// Text up to the next `<`, references resolved; `]]>` is refused, as XML refuses it.
        mutating func characterData() throws(XMLSyntaxError) -> String {
            var text = String.UnicodeScalarView()
            while let scalar = current, scalar != "<" {
                if scalar == "&" {
                    text.append(try reference())
                } else {
                    if starts(with: "]]>") { throw error("']]>' may not appear in text") }
                    text.append(scalar)
                    advance()
                }
            }
            return String(text)
        }

        /// `Reference`: one of the five predefined entities or a character reference.
        mutating func reference() throws(XMLSyntaxError) -> Unicode.Scalar {
            let (startLine, startColumn) = (line, column)
            func failure(_ reason: String) -> XMLSyntaxError { XMLSyntaxError(line: startLine, column: startColumn, reason: reason) }
            advance()  // &
            var body = String.UnicodeScalarView()
            while let scalar = current, scalar != ";" {
                guard body.count <= 12, isNameCharacter(scalar) || scalar == "#" else {
                    throw failure("'&' starts no reference (write &amp; for an ampersand)")
                }
                body.append(scalar)
                advance()
            }
            guard current == ";" else { throw failure("the reference &\(String(body)) has no ';'") }
            advance()
            let name = String(body)
            switch name {
            case "lt": return "<"
            case "gt": return ">"
            case "amp": return "&"
            case "quot": return "\""
            case "apos": return "'"
            default: break
            }
            guard name.hasPrefix("#") else {
                throw failure("unknown entity &\(name); (only &lt; &gt; &amp; &quot; &apos; and character references are read)")
            }
            let isHexadecimal = name.hasPrefix("#x")
            let digits = name.dropFirst(isHexadecimal ? 2 : 1)
            let allowed: (Character) -> Bool = isHexadecimal ? { $0.isHexDigit && $0.isASCII } : { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, digits.count <= XMLReader.maximumReferenceDigits, digits.allSatisfy(allowed),
                let value = UInt32(digits, radix: isHexadecimal ? 16 : 10), let scalar = Unicode.Scalar(value), isCharacter(scalar)
            else {
                throw failure("&\(name); is no character XML allows")
            }
            return scalar
        }

        /// Children with neighbouring text joined (text split by comments is one text).
        static func mergedText(_ children: [XMLElement.Child]) -> [XMLElement.Child] {
            var merged: [XMLElement.Child] = []
            for child in children {
                if case .text(let text) = child, case .text(let previous)? = merged.last {
                    merged[merged.count - 1] = .text(previous + text)
                } else {
                    merged.append(child)
                }
            }
            return merged
        }
    }
}

extension String {
    /// The string with zeros before it up to `length` characters.
    fileprivate func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
