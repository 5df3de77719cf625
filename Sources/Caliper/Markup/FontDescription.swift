// FontDescription.swift — a markup `font` value read as pango_font_description_from_string reads it.

/// A `font`/`font_desc` value as `pango_font_description_from_string` reads it:
/// "[FAMILY-LIST] [STYLE-OPTIONS] [SIZE] [VARIATIONS]", words read from the end. Like Pango's, the
/// result always sets weight and style (400 and normal unless it names others), and sets family
/// and size only when it has them.
struct FontDescription {
    var family: String?
    var size: Double?
    var weight = 400
    var isItalic = false

    init(_ attribute: RawAttribute) throws(CaliperError) {
        let value = attribute.value
        var last = value.count
        var (wordStart, wordLength) = Self.word(in: value, endingBefore: last, stoppingAtComma: false)
        if wordLength != 0, value[wordStart] == UInt8(ascii: "@") {
            throw attribute.unsupported("font variations (\(String(decoding: value[wordStart..<(wordStart + wordLength)], as: UTF8.self))) change glyphs and widths")
        }
        (wordStart, wordLength) = Self.word(in: value, endingBefore: last, stoppingAtComma: true)
        if wordLength != 0, let (points, isAbsolute) = Self.size(value[wordStart..<(wordStart + wordLength)]) {
            if isAbsolute {
                throw attribute.unsupported("a size in pixels depends on the device resolution; give it in points")
            }
            size = points
            last = wordStart
        }
        var weights: [Int] = []
        var styles: [Int] = []
        (wordStart, wordLength) = Self.word(in: value, endingBefore: last, stoppingAtComma: true)
        while wordLength != 0 {
            let word = value[wordStart..<(wordStart + wordLength)]
            guard let field = try Self.field(word, attribute) else { break }
            switch field {
            case .weight(let weight): weights.append(weight)
            case .style(let style): styles.append(style)
            case .normal: break
            }
            last = wordStart
            (wordStart, wordLength) = Self.word(in: value, endingBefore: last, stoppingAtComma: true)
        }
        // Words are read from the end and each overwrites the field, so the first word written wins.
        if let weight = weights.last {
            guard (100...1000).contains(weight) else {
                throw attribute.invalidValue(expected: "a weight from 100 to 1000 in the font description")
            }
            self.weight = weight
        }
        if let style = styles.last {
            guard (0...2).contains(style) else { throw attribute.invalidValue(expected: "a style 0, 1 or 2 in the font description") }
            isItalic = style != 0
        }
        family = Self.familyList(value[..<last])
    }

    enum Field { case normal, weight(Int), style(Int) }

    /// `fonts.c`'s `getword`: the word ending before `end`, after trailing spaces; it stops at a
    /// space, or also at a comma.
    static func word(in value: [UInt8], endingBefore end: Int, stoppingAtComma: Bool) -> (start: Int, length: Int) {
        var last = end
        while last > 0, CNumber.isCSpace(value[last - 1]) { last -= 1 }
        var start = last
        while start > 0, !CNumber.isCSpace(value[start - 1]), !(stoppingAtComma && value[start - 1] == UInt8(ascii: ",")) { start -= 1 }
        return (start, last - start)
    }

    /// `fonts.c`'s `parse_size`: a number from 0 to 1,000,000, optionally followed by "px".
    static func size(_ word: ArraySlice<UInt8>) -> (Double, Bool)? {
        let bytes = Array(word)
        guard let (points, end) = CNumber.parseCDouble(bytes, from: 0), end > 0, points >= 0, points <= 1_000_000 else { return nil }
        if end == bytes.count { return (points, false) }
        if end + 2 == bytes.count, bytes[end] == UInt8(ascii: "p"), bytes[end + 1] == UInt8(ascii: "x") { return (points, true) }
        return nil
    }

    /// `find_field_any`: "Normal", or a weight, style, stretch, variant or gravity word (or
    /// `weight=N`…); nil when the word is none, which ends the style words.
    static func field(_ word: ArraySlice<UInt8>, _ attribute: RawAttribute) throws(CaliperError) -> Field? {
        if MarkupWord.fieldMatches("Normal", word) { return .normal }
        if let weight = findField("weight", MarkupWord.weightWords, word) { return .weight(weight) }
        if let style = findField("style", MarkupWord.styleWords, word) { return .style(style) }
        let written = String(decoding: word, as: UTF8.self)
        if let stretch = findField("stretch", MarkupWord.stretchWords, word) {
            if stretch == 4 { return .normal }
            throw attribute.unsupported("the stretch \"\(written)\" changes widths")
        }
        if let variant = findField("variant", MarkupWord.variantWords, word) {
            if variant == 0 { return .normal }
            throw attribute.unsupported("the variant \"\(written)\" changes glyphs and widths")
        }
        if let gravity = findField("gravity", MarkupWord.gravityWords, word) {
            if gravity == 0 { return .normal }
            throw attribute.unsupported("the gravity \"\(written)\" rotates text")
        }
        return nil
    }

    /// `find_field`: a word of `words`, or with the prefix "`what`=" a word or a non-negative integer.
    static func findField(_ what: String, _ words: [(String, Int)], _ word: ArraySlice<UInt8>) -> Int? {
        var candidate = word
        var hadPrefix = false
        let prefix = Array(what.utf8)
        if word.count > prefix.count, word.prefix(prefix.count).elementsEqual(prefix),
            word[word.startIndex + prefix.count] == UInt8(ascii: "=")
        {
            candidate = word.dropFirst(prefix.count + 1)
            hadPrefix = true
        }
        for (pattern, number) in words where MarkupWord.fieldMatches(pattern, candidate) { return number }
        return hadPrefix ? CNumber.parseNonNegativeInt(candidate) : nil
    }

    /// What precedes the size and style words: trimmed, one trailing comma dropped, each family of
    /// the list trimmed and joined with ","; nil when empty.
    static func familyList(_ head: ArraySlice<UInt8>) -> String? {
        var list = MarkupWord.trimmedCSpace(head)
        if list.last == UInt8(ascii: ",") { list = MarkupWord.trimmedCSpace(list.dropLast()) }
        guard !list.isEmpty else { return nil }
        return list.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
            .map { String(decoding: MarkupWord.trimmedCSpace($0), as: UTF8.self) }
            .joined(separator: ",")
    }
}
