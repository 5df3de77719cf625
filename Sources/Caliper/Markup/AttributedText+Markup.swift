// AttributedText+Markup.swift — attributed text from Pango markup: each range styled from a base style, fonts picked by family, weight and style.
import Foundation

extension AttributedText {
    /// Text written in Pango markup, the Linux convention for styled text, each range styled
    /// from `style`:
    ///
    /// ```swift
    /// let text = try AttributedText(
    ///     markup: "<b>Ana</b> replied: <span size=\"smaller\">great shot 📸</span>", style: body, fonts: resolver)
    /// ```
    ///
    /// `<b>`, `<i>`, `weight`, `style` and `font_family`/`face` pick a face through
    /// ``FontResolver/face(family:weight:italic:near:)``: in the folder of `style.font`, or a
    /// variable face there set at the weight and slant (a comma-separated family list is tried in
    /// order). `size`, `<big>`, `<small>` change the size as Pango 1.50 does; `letter_spacing`,
    /// `rise` (the baseline offset, added to the style's), `font_features` (added to the style's)
    /// and `lang` set the rest. `<sup>` and `<sub>` scale the text and raise or lower it by the
    /// `OS/2` superscript and subscript sizes and offsets of the font of the text before them,
    /// nested ones compounding, as Pango 1.50 does (`a<sup><sub>x</sub></sup>` in 12 pt Noto Sans:
    /// "x" at 4.32 pt raised 3.3 pt; see <doc:Markup> for where Caliper differs). Attributes that
    /// only change colour or decoration are accepted and change nothing; those that would change
    /// measurements in a way Caliper does not model are refused (see <doc:Markup>).
    ///
    /// - Throws: ``CaliperError/invalidMarkup(offset:reason:)`` with the UTF-8 offset of malformed
    ///   markup, and the errors of picking fonts and of invalid values.
    public init(markup: String, style: TextStyle, fonts resolver: FontResolver) throws(CaliperError) {
        try style.validate()
        let parsed = try PangoMarkup.parse(markup, baseSize: Double(style.size))
        var spans: [Span] = []
        spans.reserveCapacity(parsed.runs.count)
        var faces: [FaceRequest: FontFace] = [:]
        var scripts = MarkupScriptLayout()
        let utf16 = parsed.runs.contains { !$0.attributes.scripts.isEmpty } ? Array(parsed.string.utf16) : []
        for run in parsed.runs {
            let attributes = run.attributes
            var runStyle = style
            let request = FaceRequest(
                family: attributes.family, weight: attributes.weight ?? style.font.weight,
                italic: attributes.isItalic ?? style.font.isItalic)
            if attributes.family != nil || request.weight != style.font.weight || request.italic != style.font.isItalic {
                if let known = faces[request] {
                    runStyle.font = known
                } else {
                    let face = try Self.face(for: request, near: style.font, resolver: resolver)
                    faces[request] = face
                    runStyle.font = face
                }
            }
            let script = scripts.resolve(attributes.scripts, in: utf16)
            runStyle.size = CGFloat(attributes.size * script.scale)
            runStyle.baselineOffset = style.baselineOffset + CGFloat(attributes.rise + script.shiftInPoints)
            scripts.follow(font: runStyle.font, size: Double(runStyle.size))
            if let letterSpacing = attributes.letterSpacing { runStyle.letterSpacing = CGFloat(letterSpacing) }
            if let features = attributes.features {
                var settings = style.features
                for feature in features { settings.append(try FontFeature(feature)) }
                runStyle.features = settings
            }
            if let language = attributes.language { runStyle.language = language }
            try runStyle.validate()
            spans.append(Span(utf16Range: run.utf16Range, style: runStyle))
        }
        try self.init(string: parsed.string, spans: spans)
    }

    private struct FaceRequest: Hashable {
        var family: String?
        var weight: Int
        var italic: Bool
    }

    /// The face of the first family of the request's list that can be found.
    private static func face(for request: FaceRequest, near base: FontFace, resolver: FontResolver) throws(CaliperError) -> FontFace {
        let families = request.family.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
        guard let families, !families.isEmpty else {
            return try resolver.face(family: nil, weight: request.weight, italic: request.italic, near: base)
        }
        var firstError: CaliperError?
        for family in families {
            do {
                return try resolver.face(family: family, weight: request.weight, italic: request.italic, near: base)
            } catch {
                firstError = firstError ?? error
            }
        }
        throw firstError ?? .fontNotMatched(pattern: request.family ?? "", closest: nil)
    }
}
