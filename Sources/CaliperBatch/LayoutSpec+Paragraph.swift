// LayoutSpec+Paragraph.swift — paragraph styles (line breaking, spacing, tabs, wrapping, direction) read from JSON.
import Caliper
import CaliperLayout
import Foundation

extension LayoutSpec {
    /// `object`'s paragraph style keys set on `base`: `lineBreak`, `lineSpacing`,
    /// `lineHeightMultiple`, `minLineHeight`, `maxLineHeight`, `direction` (`natural`, `ltr`,
    /// `rtl`), `usesFontLeading`, `textWrap` (`wrap`, `balance`, `pretty`), `hyphenationFactor` (0…1), `tabStops` (`[{location, alignment}]`, alignment `left`, `right`, `center` or `decimal`) and `defaultTabInterval`. Checked as a layout checks it, with the object's path in the error.
    package func paragraphStyle(_ object: JSONObject, over base: ParagraphStyle) throws -> ParagraphStyle {
        var style = base
        if let name = try object.string("lineBreak") { style.lineBreakMode = try lineBreakMode(name) }
        if let spacing = try object.number("lineSpacing") { style.lineSpacing = CGFloat(spacing) }
        if let multiple = try object.number("lineHeightMultiple") { style.lineHeightMultiple = CGFloat(multiple) }
        if let minimum = try object.number("minLineHeight") { style.minimumLineHeight = CGFloat(minimum) }
        if let maximum = try object.number("maxLineHeight") { style.maximumLineHeight = CGFloat(maximum) }
        if let usesFontLeading = try object.bool("usesFontLeading") { style.usesFontLeading = usesFontLeading }
        if let factor = try object.number("hyphenationFactor") {
            // Checked as a Double: a Float conversion would make 1.0000000001 valid.
            guard (0...1).contains(factor) else { throw InputError("\(object.keyPath("hyphenationFactor")) \(factor) is not from 0 to 1") }
            style.hyphenationFactor = Float(factor)
        }
        if let interval = try object.number("defaultTabInterval") { style.defaultTabInterval = CGFloat(interval) }
        if object.has("tabStops") {
            let stops = try object.objects("tabStops")
            guard stops.count <= ParagraphStyle.maximumTabStopCount else {
                throw InputError("\(object.keyPath("tabStops")) has \(stops.count) stops (at most \(ParagraphStyle.maximumTabStopCount))")
            }
            style.tabStops = try stops.map { stop in
                try stop.requireKnownKeys(Self.tabStopKeys)
                let location = try stop.requiredNumber("location")
                var alignment = TextTab.Alignment.left
                if let name = try stop.string("alignment") {
                    guard let named = TextTab.Alignment(rawValue: name) else {
                        throw InputError(
                            "unknown \(stop.path).alignment \"\(name)\" (known: \(TextTab.Alignment.allCases.map(\.rawValue).joined(separator: ", ")))")
                    }
                    alignment = named
                }
                return TextTab(alignment, location: CGFloat(location))
            }
        }
        if let name = try object.string("textWrap") {
            guard let wrap = TextWrap(rawValue: name) else {
                throw InputError(
                    "unknown \(object.keyPath("textWrap")) \"\(name)\" (known: \(TextWrap.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            style.textWrap = wrap
        }
        if let name = try object.string("direction") {
            guard let direction = BaseDirection(rawValue: name) else {
                throw InputError(
                    "unknown \(object.keyPath("direction")) \"\(name)\" (known: \(BaseDirection.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            style.baseDirection = direction
        }
        do {
            try style.validate()
        } catch {
            throw object.path.isEmpty ? error : object.error("\(error)")
        }
        return style
    }

    /// `text` with `object`'s `paragraphs`: each entry `{"start", "end"}` (UTF-16 code units)
    /// gives every paragraph its range touches its own paragraph style, `base` (less its line
    /// limit, which is the whole text's) with the entry's paragraph style keys set on top. An
    /// empty range styles nothing; two entries styling one paragraph are an error.
    package func settingParagraphStyles(of object: JSONObject, on text: AttributedText, over base: ParagraphStyle) throws -> AttributedText {
        let entries = try object.objects("paragraphs")
        guard !entries.isEmpty else { return text }
        let units = Array(text.string.utf16)
        let paragraphs = text.paragraphRanges
        var paragraphBase = base
        paragraphBase.numberOfLines = 0
        var owners: [Int: Int] = [:]  // paragraph index → the entry styling it
        var styled: [AttributedText.ParagraphAttributes] = []
        for (index, entry) in entries.enumerated() {
            try entry.requireKnownKeys(Self.paragraphKeys)
            let (start, end) = try Self.range(of: entry, in: units)
            let style = try paragraphStyle(entry, over: paragraphBase)
            // The first paragraph ending after `start`, then every one starting before `end`.
            var paragraph = paragraphs.lowerBound { $0.upperBound <= start }
            while start < end, paragraph < paragraphs.count, paragraphs[paragraph].lowerBound < end {
                if let other = owners[paragraph] {
                    throw InputError(
                        "\(entry.path) styles the paragraph at \(paragraphs[paragraph].lowerBound)..<\(paragraphs[paragraph].upperBound), which paragraphs[\(other)] styles too")
                }
                owners[paragraph] = index
                styled.append(AttributedText.ParagraphAttributes(paragraphStart: paragraphs[paragraph].lowerBound, style: style))
                paragraph += 1
            }
        }
        styled.sort { $0.paragraphStart < $1.paragraphStart }
        var result = text
        try result.setParagraphStyles(styled)
        return result
    }

    package func lineBreakMode(_ name: String?) throws -> LineBreakMode {
        guard let name else { return .byWordWrapping }
        guard let mode = LineBreakMode(rawValue: name) else {
            throw InputError("unknown lineBreak \"\(name)\" (known: \(LineBreakMode.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return mode
    }

    /// Tab stops written as a list, as `caliper measure --tab-stops` takes them:
    /// `LOCATION[:ALIGNMENT]` separated by commas (`100,200:right`), or `none`; a location from 0
    /// to ``ParagraphStyle/maximumLength`` points, an alignment `left` (the default), `right`,
    /// `center` or `decimal`.
    package static func tabStops(fromList value: String) throws -> [TextTab] {
        if value == "none" { return [] }
        return try value.split(separator: ",", omittingEmptySubsequences: false).map { item in
            let parts = item.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard let location = Double(parts[0].trimmingCharacters(in: .whitespaces)), location.isFinite, location >= 0,
                location <= Double(ParagraphStyle.maximumLength)
            else {
                throw InputError("\"\(item)\" is not LOCATION[:ALIGNMENT] with a location from 0 to \(Double(ParagraphStyle.maximumLength)) points")
            }
            var alignment = TextTab.Alignment.left
            if parts.count == 2 {
                guard let named = TextTab.Alignment(rawValue: String(parts[1])) else {
                    throw InputError("unknown alignment \"\(parts[1])\" (known: \(TextTab.Alignment.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                alignment = named
            }
            return TextTab(alignment, location: CGFloat(location))
        }
    }
}
