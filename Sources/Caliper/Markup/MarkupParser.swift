// MarkupParser.swift — the markup tokenizer: text, tags and their attributes read byte by byte into runs, as Pango 1.50's GMarkup parser reads them.

/// The tags Pango 1.50 knows.
enum MarkupTag: String {
    case b, big, i, s, sub, sup, small, tt, u, span, markup
}


struct OpenTag {
    var tag: MarkupTag
    var offset: Int
    var state: TagState
    var isRoot: Bool
}

/// One `name="value"` of a start tag, the value unescaped and whitespace-normalised.
struct RawAttribute {
    var name: String
    var nameOffset: Int
    var value: [UInt8]
    var valueOffset: Int

    var valueText: String { String(decoding: value, as: UTF8.self) }
}

struct MarkupParser {
    let bytes: [UInt8]
    let baseSize: Double
    let baseState: TagState
    var position = 0
    var text: [UInt8] = []
    var utf16Length = 0
    var runs: [MarkupRun] = []
    var stack: [OpenTag] = []

    init(bytes: [UInt8], baseSize: Double) {
        self.bytes = bytes
        self.baseSize = baseSize
        baseState = TagState(attributes: MarkupAttributes(size: baseSize), sizeChecked: true)
        text.reserveCapacity(bytes.count)
    }

    var current: TagState { stack.last?.state ?? baseState }

    mutating func parse() throws(CaliperError) -> MarkupText {
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "<"):
                try markupTag()
            case UInt8(ascii: "&"):
                let scalar = try entity(at: position)
                Self.appendUTF8(of: scalar, to: &text)
                try addRun(utf16Count: scalar.value > 0xFFFF ? 2 : 1)
            case UInt8(ascii: "\r"):
                // GMarkup turns CR LF and a lone CR into LF.
                position += position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "\n") ? 2 : 1
                text.append(UInt8(ascii: "\n"))
                try addRun(utf16Count: 1)
            case 0:
                throw Self.nulError(at: position)
            default:
                let start = position
                var added = 0
                while position < bytes.count {
                    let byte = bytes[position]
                    if byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "\r") || byte == 0 { break }
                    added += Self.utf16Weight(byte)
                    position += 1
                }
                text.append(contentsOf: bytes[start..<position])
                try addRun(utf16Count: added)
            }
        }
        if let open = stack.last {
            throw .invalidMarkup(offset: open.offset, reason: "<\(open.tag.rawValue)> is not closed")
        }
        if runs.isEmpty { runs = [MarkupRun(utf16Range: 0..<0, attributes: baseState.attributes)] }
        return MarkupText(string: String(decoding: text, as: UTF8.self), runs: runs)
    }

    /// UTF-16 code units a UTF-8 byte adds: one per lead byte, two for a four-byte sequence.
    static func utf16Weight(_ byte: UInt8) -> Int {
        switch byte {
        case 0..<0x80, 0xC0..<0xF0: return 1
        case 0xF0...: return 2
        default: return 0
        }
    }

    static func appendUTF8(of scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
        UTF8.encode(scalar) { bytes.append($0) }
    }

    // MARK: Runs

    /// Extends the last run, or starts one, with `added` UTF-16 code units of text in the current state.
    mutating func addRun(utf16Count added: Int) throws(CaliperError) {
        guard added > 0 else { return }
        try checkSize()
        let attributes = current.attributes
        let start = utf16Length
        utf16Length += added
        if let last = runs.indices.last, runs[last].attributes == attributes {
            runs[last].utf16Range = runs[last].utf16Range.lowerBound..<utf16Length
            // Keep the value in effect now: comparing it with itself again is O(1) (shared storage),
            // which keeps long family or feature strings from being compared at every tag.
            runs[last].attributes = attributes
        } else {
            runs.append(MarkupRun(utf16Range: start..<utf16Length, attributes: attributes))
        }
    }

    /// Checks the current size once, when text first uses it (as Pango, which accepts an unusable
    /// size no text is set in).
    mutating func checkSize() throws(CaliperError) {
        guard let index = stack.indices.last, !stack[index].state.sizeChecked else { return }
        let state = stack[index].state
        let size = state.attributes.size
        if !size.isFinite || size > Double(TextStyle.maximumFontSize) {
            throw .invalidMarkup(
                offset: state.sizeOrigin,
                reason: "the text size resolves to \(size) pt, over the limit of \(Int(TextStyle.maximumFontSize)) pt")
        }
        if !(size >= 1.0 / 1024) {
            let hint = state.hasBaseFontSize && state.baseFontSize == 0
                ? "a font description without a size (font=\"Sans\") gives <big>, <small>, larger and smaller inside it a size of 0 in Pango 1.50"
                : "Pango keeps sizes in 1024ths of a point, so it would be 0"
            throw .invalidMarkup(offset: state.sizeOrigin, reason: "the text size resolves to \(size) pt (\(hint))")
        }
        stack[index].state.sizeChecked = true
    }

    // MARK: Tags

    mutating func markupTag() throws(CaliperError) {
        let start = position
        let next: UInt8? = start + 1 < bytes.count ? bytes[start + 1] : nil
        switch next {
        case UInt8(ascii: "/"):
            try closeTag(at: start)
        case UInt8(ascii: "!"):
            if hasPrefix("<!--", at: start) {
                // GMarkup ends a comment at the first ">" after "--", the opening dashes included ("<!-->").
                var index = start + 4
                while index < bytes.count,
                    !(bytes[index] == UInt8(ascii: ">") && bytes[index - 1] == UInt8(ascii: "-") && bytes[index - 2] == UInt8(ascii: "-"))
                {
                    index += 1
                }
                guard index < bytes.count else { throw .invalidMarkup(offset: start, reason: "the comment is not closed with -->") }
                position = index + 1
            } else if hasPrefix("<![CDATA[", at: start) {
                throw .invalidMarkup(
                    offset: start, reason: "CDATA sections are not supported (Pango drops their text); write the text with &lt; and &amp;")
            } else if hasPrefix("<!DOCTYPE", at: start) {
                throw .invalidMarkup(offset: start, reason: "a DOCTYPE is not supported in markup")
            } else {
                throw .invalidMarkup(offset: start, reason: "\"<!\" starts no comment (<!-- … -->); write &lt; for a literal \"<\"")
            }
        case UInt8(ascii: "?"):
            // A processing instruction, which Pango skips; it ends at the first "?>" ("<?>" is one).
            var index = start + 2
            while index < bytes.count, !(bytes[index] == UInt8(ascii: ">") && bytes[index - 1] == UInt8(ascii: "?")) { index += 1 }
            guard index < bytes.count else {
                throw .invalidMarkup(offset: start, reason: "the processing instruction is not closed with ?>")
            }
            position = index + 1
        case let byte? where !Self.endsName(byte):
            try openTag(at: start)
        default:
            throw .invalidMarkup(offset: start, reason: "\"<\" does not start a tag; write &lt; for a literal \"<\"")
        }
    }

    func hasPrefix(_ prefix: StaticString, at offset: Int) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        return prefix.withUTF8Buffer { buffer in
            for index in 0..<count where bytes[offset + index] != buffer[index] { return false }
            return true
        }
    }

    /// GMarkup ends names at "=", "/", ">" and XML whitespace.
    static func endsName(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "=") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">") || isXMLSpace(byte)
    }

    static func isXMLSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    func skippingXMLSpace(from index: Int) -> Int {
        var index = index
        while index < bytes.count, Self.isXMLSpace(bytes[index]) { index += 1 }
        return index
    }

    func nameEnd(from index: Int) -> Int {
        var index = index
        while index < bytes.count, !Self.endsName(bytes[index]) { index += 1 }
        return index
    }

    func string(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    mutating func openTag(at start: Int) throws(CaliperError) {
        var index = nameEnd(from: start + 1)
        let tagName = string((start + 1)..<index)
        var attributes: [RawAttribute] = []
        var selfClosing = false
        while true {
            index = skippingXMLSpace(from: index)
            guard index < bytes.count else {
                throw .invalidMarkup(offset: start, reason: "the tag <\(Self.clipped(tagName))> is not closed with \">\"")
            }
            if bytes[index] == UInt8(ascii: ">") {
                index += 1
                break
            }
            if bytes[index] == UInt8(ascii: "/") {
                guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") else {
                    throw .invalidMarkup(offset: index, reason: "expected \">\" after \"/\" to end the tag <\(Self.clipped(tagName))/>")
                }
                index += 2
                selfClosing = true
                break
            }
            if bytes[index] == UInt8(ascii: "=") {
                throw .invalidMarkup(offset: index, reason: "unexpected \"=\" in the tag <\(Self.clipped(tagName))>, where an attribute name should be")
            }
            let attribute = try attribute(at: index, inTag: tagName)
            attributes.append(attribute)
            index = position
        }
        position = index

        guard let tag = MarkupTag(rawValue: tagName) else {
            throw .invalidMarkup(
                offset: start, reason: "unknown tag <\(Self.clipped(tagName))> (the tags are b, big, i, s, sub, sup, small, tt, u, span and markup)")
        }
        guard stack.count < PangoMarkup.maximumNestingDepth else {
            throw .invalidMarkup(offset: start, reason: "tags are nested more than \(PangoMarkup.maximumNestingDepth) deep")
        }
        if tag != .span, let first = attributes.first {
            throw .invalidMarkup(offset: first.nameOffset, reason: "<\(tag.rawValue)> takes no attributes, but has \(Self.quoted(first.name))")
        }
        var state = current
        let sizeBefore = (state.absoluteSize, state.scale)
        switch tag {
        case .b: state.attributes.weight = 700
        case .i: state.attributes.isItalic = true
        case .big: Self.changeLevel(by: 1, in: &state)
        case .small: Self.changeLevel(by: -1, in: &state)
        case .tt: state.attributes.family = "monospace"
        case .sup: state.attributes.scripts.append(MarkupScript(isSuperscript: true, utf16Start: utf16Length))
        case .sub: state.attributes.scripts.append(MarkupScript(isSuperscript: false, utf16Start: utf16Length))
        case .s, .u, .markup: break
        case .span: try SpanAttributes(attributes).apply(to: &state)
        }
        if sizeBefore != (state.absoluteSize, state.scale) {
            state.sizeOrigin = start
            state.sizeChecked = false
            state.resolveSize(baseSize: baseSize)
        }
        stack.append(OpenTag(tag: tag, offset: start, state: state, isRoot: tag == .markup && start == 0))
        if selfClosing { try popTag() }
    }

    /// Reads `name = "value"` at `start`, leaving ``position`` after the closing quote.
    mutating func attribute(at start: Int, inTag tagName: String) throws(CaliperError) -> RawAttribute {
        var index = nameEnd(from: start)
        let attributeName = string(start..<index)
        index = skippingXMLSpace(from: index)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
            throw .invalidMarkup(
                offset: start, reason: "the attribute \(Self.quoted(attributeName)) of <\(Self.clipped(tagName))> has no value (expected =\"…\")")
        }
        index = skippingXMLSpace(from: index + 1)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
            throw .invalidMarkup(offset: index, reason: "the value of \(Self.quoted(attributeName)) must be in quotes")
        }
        let quote = bytes[index]
        let valueStart = index + 1
        index = valueStart
        var value: [UInt8] = []
        while true {
            guard index < bytes.count else {
                throw .invalidMarkup(offset: valueStart - 1, reason: "the value of \(Self.quoted(attributeName)) is not closed with its quote")
            }
            let byte = bytes[index]
            if byte == quote { break }
            switch byte {
            case UInt8(ascii: "&"):
                let scalar = try entity(at: index)
                Self.appendUTF8(of: scalar, to: &value)
                index = position
            case 0x09, 0x0A:
                // GMarkup normalises whitespace in attribute values.
                value.append(0x20)
                index += 1
            case 0x0D:
                value.append(0x20)
                index += index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
            case 0:
                throw Self.nulError(at: index)
            default:
                value.append(byte)
                index += 1
            }
        }
        position = index + 1
        return RawAttribute(name: attributeName, nameOffset: start, value: value, valueOffset: valueStart)
    }

    mutating func closeTag(at start: Int) throws(CaliperError) {
        let nameStart = start + 2
        guard nameStart < bytes.count, !Self.endsName(bytes[nameStart]) else {
            throw .invalidMarkup(offset: start, reason: "\"</\" must be followed by a tag name")
        }
        var index = nameEnd(from: nameStart)
        let closeName = string(nameStart..<index)
        index = skippingXMLSpace(from: index)
        guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else {
            throw .invalidMarkup(offset: start, reason: "the closing tag </\(Self.clipped(closeName))> is not closed with \">\"")
        }
        guard let open = stack.last else {
            throw .invalidMarkup(offset: start, reason: "</\(Self.clipped(closeName))> closes no open tag")
        }
        guard open.tag.rawValue == closeName else {
            throw .invalidMarkup(
                offset: start,
                reason: "</\(Self.clipped(closeName))> does not close <\(open.tag.rawValue)>, which is open (from offset \(open.offset))")
        }
        position = index + 1
        try popTag()
    }

    mutating func popTag() throws(CaliperError) {
        guard let open = stack.popLast() else { return }
        if open.isRoot, position < bytes.count {
            throw .invalidMarkup(offset: position, reason: "nothing may follow the root </markup>")
        }
    }
}
