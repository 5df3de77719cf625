// PangoMarkupTests.swift — the Pango markup parser: text, runs and resolved sizes as Pango 1.50 makes them, refusals with their offsets, robustness.
@testable import Caliper
import Foundation
import Testing
import TestSupport

/// Expected values come from Pango 1.50.12 itself: every markup in the tests marked "checked
/// against Pango" is a case of `Tests/Goldens/check_markup.py`, which parses it with
/// `Pango.parse_markup` and resolves each range with Pango's attribute iterator, and checks that
/// Pango gives the same text, ranges and attributes (sizes up to Pango's truncation to 1/1024 pt;
/// `<tt>`'s family ignoring case). The script also checks that Pango refuses the markup of
/// `pangoRefusesItToo` and still accepts the deviations of `caliperRefusesWhatPangoAccepts`
/// (and refuses `letter_spacing` in points). Offsets and messages are Caliper's own.
@Suite struct PangoMarkupTests {
    /// Attributes at `size` changed by `change`, for an expected run.
    static func attributes(size: Double = 17, _ change: (inout MarkupAttributes) -> Void = { _ in }) -> MarkupAttributes {
        var attributes = MarkupAttributes(size: size)
        change(&attributes)
        return attributes
    }

    /// Parses `markup` and compares its runs with `expected`: ranges and attributes exactly, sizes
    /// to 1e-12 relative (Pango's 1.2 steps are multiplied out in a different order here).
    func expectRuns(
        _ markup: String, base: Double = 17, text: String? = nil, _ expected: [(Range<Int>, MarkupAttributes)],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let parsed = try PangoMarkup.parse(markup, baseSize: base)
        if let text { #expect(parsed.string == text, sourceLocation: sourceLocation) }
        Self.expectWellFormed(parsed, sourceLocation: sourceLocation)
        #expect(parsed.runs.map(\.utf16Range) == expected.map(\.0), "\(markup)", sourceLocation: sourceLocation)
        for (run, (_, attributes)) in zip(parsed.runs, expected) {
            #expect(abs(run.attributes.size - attributes.size) <= 1e-12 * attributes.size, "\(markup): size \(run.attributes.size), expected \(attributes.size)", sourceLocation: sourceLocation)
            var actual = run.attributes
            actual.size = attributes.size
            #expect(actual == attributes, "\(markup)", sourceLocation: sourceLocation)
        }
    }

    /// Runs that cover the text in order, never empty unless the text is, neighbours different.
    static func expectWellFormed(_ parsed: MarkupText, sourceLocation: SourceLocation = #_sourceLocation) {
        let length = parsed.string.utf16.count
        guard let first = parsed.runs.first, let last = parsed.runs.last else {
            Issue.record("no runs", sourceLocation: sourceLocation)
            return
        }
        #expect(first.utf16Range.lowerBound == 0 && last.utf16Range.upperBound == length, sourceLocation: sourceLocation)
        for (before, after) in zip(parsed.runs, parsed.runs.dropFirst()) {
            #expect(before.utf16Range.upperBound == after.utf16Range.lowerBound, sourceLocation: sourceLocation)
            #expect(before.attributes != after.attributes, sourceLocation: sourceLocation)
        }
        #expect(parsed.runs.allSatisfy { !$0.utf16Range.isEmpty } || (length == 0 && parsed.runs.count == 1), sourceLocation: sourceLocation)
    }

    /// The error `markup` is refused with; records an issue if it is accepted.
    func refusal(_ markup: String, base: Double = 17, sourceLocation: SourceLocation = #_sourceLocation) -> (offset: Int, reason: String)? {
        do {
            let parsed = try PangoMarkup.parse(markup, baseSize: base)
            Issue.record("accepted \(markup.debugDescription) as \(parsed)", sourceLocation: sourceLocation)
        } catch {
            if case .invalidMarkup(let offset, let reason) = error { return (offset, reason) }
            Issue.record("\(markup.debugDescription): \(error)", sourceLocation: sourceLocation)
        }
        return nil
    }

    func expectRefusal(_ markup: String, at offset: Int, _ phrase: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let error = refusal(markup, sourceLocation: sourceLocation) else { return }
        #expect(error.offset == offset, "\(markup.debugDescription): \(error.reason)", sourceLocation: sourceLocation)
        #expect(error.reason.contains(phrase), "\(markup.debugDescription): \(error.reason)", sourceLocation: sourceLocation)
    }

    // MARK: Text and runs (checked against Pango)

    @Test func aReplySplitsIntoBoldPlainAndSmallerRuns() throws {
        try expectRuns(
            "<b>Ana</b> replied: <span size=\"smaller\">great shot 📸</span>", text: "Ana replied: great shot 📸",
            [
                (0..<3, Self.attributes { $0.weight = 700 }),
                (3..<13, Self.attributes()),
                (13..<26, Self.attributes(size: 17 / 1.2)),  // "great shot " is 11 code units, 📸 two
            ])
    }

    @Test func nestedTagsCombine() throws {
        try expectRuns("<b><i>x</i></b>", [(0..<1, Self.attributes { $0.weight = 700; $0.isItalic = true })])
        try expectRuns("<small><small>x</small></small>", [(0..<1, Self.attributes(size: 17 / 1.44))])
        try expectRuns("<span size=\"x-large\"><small>x</small></span>", [(0..<1, Self.attributes(size: 17 * 1.2))])
        try expectRuns("<big>x</big><small>y</small>", [(0..<1, Self.attributes(size: 17 * 1.2)), (1..<2, Self.attributes(size: 17 / 1.2))])
        try expectRuns("<markup><b>x</b></markup>", [(0..<1, Self.attributes { $0.weight = 700 })])
    }

    @Test func everySizeForm() throws {
        // 12800/1024 pt and 12.5 pt are the same size, so the runs merge.
        try expectRuns("<span size=\"12800\">a</span><span font_size=\"12.5pt\">b</span>", [(0..<2, Self.attributes(size: 12.5))])
        try expectRuns("<span size=\"150%\">x</span>", [(0..<1, Self.attributes(size: 25.5))])
        let keywords = ["xx-small", "x-small", "small", "medium", "large", "x-large", "xx-large"]
        try expectRuns(
            keywords.map { "<span size=\"\($0)\">\($0.prefix(1))</span>" }.joined(), base: 13,
            keywords.indices.map { index in (index..<(index + 1), Self.attributes(size: 13 * pow(1.2, Double(index - 3)))) })
        try expectRuns(
            "<span size=\"larger\">a<span size=\"larger\">b</span></span><span size=\"smaller\">c</span>",
            [(0..<1, Self.attributes(size: 17 * 1.2)), (1..<2, Self.attributes(size: 17 * 1.44)), (2..<3, Self.attributes(size: 17 / 1.2))])
    }

    /// Pango's size model: the innermost absolute size (or the base) times the innermost scale.
    @Test func keywordsAndPercentagesScaleTheInnermostAbsoluteSize() throws {
        try expectRuns("<span size=\"20pt\"><span size=\"x-large\">x</span></span>", [(0..<1, Self.attributes(size: 28.8))])
        try expectRuns("<span size=\"50%\"><span size=\"50%\">x</span></span>", [(0..<1, Self.attributes(size: 8.5))])
        try expectRuns("<small><span size=\"50%\">x</span></small>", [(0..<1, Self.attributes(size: 8.5))])
        try expectRuns(
            "<big>a<span size=\"20pt\">b</span>c</big>",
            [(0..<1, Self.attributes(size: 17 * 1.2)), (1..<2, Self.attributes(size: 24)), (2..<3, Self.attributes(size: 17 * 1.2))])
        try expectRuns("<span size=\"20pt\"><big>x</big></span>", [(0..<1, Self.attributes(size: 24))])
        try expectRuns(
            "<span font=\"Sans 12\" size=\"larger\">x</span>",
            [(0..<1, Self.attributes(size: 12) { $0.family = "Sans"; $0.weight = 400; $0.isItalic = false })])
    }

    @Test func fontDescriptions() throws {
        try expectRuns(
            "<span font=\"Serif Bold Italic 12\">x</span>",
            [(0..<1, Self.attributes(size: 12) { $0.family = "Serif"; $0.weight = 700; $0.isItalic = true })])
        // A description always sets weight and style: it undoes the <b> around it.
        try expectRuns("<b><span font=\"12\">x</span></b>", [(0..<1, Self.attributes(size: 12) { $0.weight = 400; $0.isItalic = false })])
        // Style words are read from the end, so the first one written wins.
        try expectRuns("<span font=\"Sans Bold Light\">x</span>", [(0..<1, Self.attributes { $0.family = "Sans"; $0.weight = 700; $0.isItalic = false })])
        try expectRuns(
            "<span font=\"Sans weight=500 style=italic 12\">x</span>",
            [(0..<1, Self.attributes(size: 12) { $0.family = "Sans"; $0.weight = 500; $0.isItalic = true })])
        try expectRuns("<span font_desc=\" A , B , \">x</span>", [(0..<1, Self.attributes { $0.family = "A,B"; $0.weight = 400; $0.isItalic = false })])
        // A comma ends the family list, so "Condensed" stays in the family name.
        try expectRuns(
            "<span font=\"DejaVu Sans Condensed, 12\">x</span>",
            [(0..<1, Self.attributes(size: 12) { $0.family = "DejaVu Sans Condensed"; $0.weight = 400; $0.isItalic = false })])
        try expectRuns("<span font=\"Sans -5\">x</span>", [(0..<1, Self.attributes { $0.family = "Sans -5"; $0.weight = 400; $0.isItalic = false })])
        // Other font attributes of the span override the description.
        try expectRuns(
            "<span font=\"Sans Book\" weight=\"heavy\" face=\"Mono\">x</span>",
            [(0..<1, Self.attributes { $0.family = "Mono"; $0.weight = 900; $0.isItalic = false })])
        try expectRuns("<tt>x</tt>", [(0..<1, Self.attributes { $0.family = "monospace" })])
        try expectRuns("<span font-family=\"X\">x</span>", [(0..<1, Self.attributes { $0.family = "X" })])
    }

    @Test func weightsAndStyles() throws {
        let weights = [
            ("thin", 100), ("ultralight", 200), ("light", 300), ("semilight", 350), ("book", 380), ("normal", 400),
            ("medium", 500), ("semibold", 600), ("bold", 700), ("ultrabold", 800), ("heavy", 900), ("ultraheavy", 1000),
            ("SemiBold", 600), ("Demi-Bold", 600), ("550", 550),
        ]
        let markup = weights.map { "<span weight=\"\($0.0)\">x</span>" }.joined()
        let parsed = try PangoMarkup.parse(markup, baseSize: 17)
        var expanded: [Int?] = []
        for run in parsed.runs { expanded += Array(repeating: run.attributes.weight, count: run.utf16Range.count) }
        #expect(expanded == weights.map(\.1))
        try expectRuns(
            "<span style=\"oblique\">a</span><span font_style=\"ITALIC\">b</span><i>c<span style=\"normal\">d</span></i>",
            [(0..<3, Self.attributes { $0.isItalic = true }), (3..<4, Self.attributes { $0.isItalic = false })])
    }

    @Test func entitiesAndLineEnds() throws {
        try expectRuns(
            "a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos; &#169;&#xA9;&#x1F4F8;", text: "a & b <c> \"d\" 'e' ©©📸",
            [(0..<22, Self.attributes())])
        try expectRuns("a\r\nb\rc", text: "a\nb\nc", [(0..<5, Self.attributes())])
        // Attribute values: tab, CR LF and LF become spaces.
        try expectRuns("<span face=\"A\tB\r\nC\">x</span>", [(0..<1, Self.attributes { $0.family = "A B C" })])
        try expectRuns("a<!-- note --><?pi x?>b<b/>c", text: "abc", [(0..<3, Self.attributes())])
        try expectRuns("line one\n<b>two</b>\n", text: "line one\ntwo\n", [(0..<9, Self.attributes()), (9..<12, Self.attributes { $0.weight = 700 }), (12..<13, Self.attributes())])
    }

    /// Checked against Pango: its font_scale attributes over each range.
    @Test func superscriptsAndSubscriptsKeepEveryLevel() throws {
        let sup = { (start: Int) in MarkupScript(isSuperscript: true, utf16Start: start) }
        let sub = { (start: Int) in MarkupScript(isSuperscript: false, utf16Start: start) }
        try expectRuns(
            "<sup>a<sup>b</sup></sup><sub>c</sub>d",
            [
                (0..<1, Self.attributes { $0.scripts = [sup(0)] }), (1..<2, Self.attributes { $0.scripts = [sup(0), sup(1)] }),
                (2..<3, Self.attributes { $0.scripts = [sub(2)] }), (3..<4, Self.attributes()),
            ])
        // A <sub> inside a <sup> does not cancel it.
        try expectRuns(
            "a<sup><sub>x</sub></sup>", base: 12,
            [(0..<1, Self.attributes(size: 12)), (1..<2, Self.attributes(size: 12) { $0.scripts = [sup(1), sub(1)] })])
        // Neighbouring tags stay two runs: the second is set after the first.
        try expectRuns(
            "a<sup>x</sup><sup>y</sup>", base: 12,
            [
                (0..<1, Self.attributes(size: 12)), (1..<2, Self.attributes(size: 12) { $0.scripts = [sup(1)] }),
                (2..<3, Self.attributes(size: 12) { $0.scripts = [sup(2)] }),
            ])
    }

    /// `Tests/Goldens/markup_scripts.json`: markup laid out by Pango 1.50.12 in Noto Sans
    /// (check_markup.py); every run's size and baseline offset, which Pango keeps in 1024ths of a point.
    struct ScriptGoldens: Decodable {
        struct Run: Decodable {
            var start: Int
            var end: Int
            var size: Double
            var baselineOffset: Double
        }
        struct Case: Decodable, CustomStringConvertible {
            var markup: String
            var size: Double
            var runs: [Run]
            var notFollowed: String?
            var description: String { markup.debugDescription }
        }
        var cases: [Case]
    }

    static let scriptGoldens = (try? Fixtures.golden("markup_scripts.json", as: ScriptGoldens.self).cases) ?? []

    @Test func thereAreScriptGoldens() {
        #expect(Self.scriptGoldens.filter { $0.notFollowed == nil }.count >= 20)
    }

    /// Sizes and baseline offsets of `<sup>`/`<sub>` text as Pango sets them: nested levels
    /// compounding, each by the face and size of the text before it, 1/1.2 and 5000/1024 pt with
    /// no text before. Within 2/1024 pt: Pango truncates sizes and rounds offsets to 1024ths.
    /// The `notFollowed` cases are Markup.md's documented differences, checked below.
    @Test func superscriptsAndSubscriptsAreSetAsPangoSetsThem() {
        let followed = Self.scriptGoldens.filter { $0.notFollowed == nil }
        let agreed = Conformance.agreed(followed) { golden in
            let style = TextStyle(font: try Fixtures.font("Fonts/NotoSans-Regular.ttf"), size: CGFloat(golden.size))
            let text = try AttributedText(markup: golden.markup, style: style, fonts: Fixtures.resolver)
            var differing: [String] = []
            for run in golden.runs {
                for offset in run.start..<run.end {
                    let resolved = text.style(atUTF16Offset: offset)
                    if abs(Double(resolved.size) - run.size) > 2.0 / 1024 {
                        differing.append("size at \(offset): \(resolved.size), Pango \(run.size)")
                    }
                    if abs(Double(resolved.baselineOffset) - run.baselineOffset) > 2.0 / 1024 {
                        differing.append("baseline offset at \(offset): \(resolved.baselineOffset), Pango \(run.baselineOffset)")
                    }
                }
            }
            return differing
        }
        Conformance.record(
            "markup-scripts", cases: Self.scriptGoldens.count, agreed: agreed,
            differences: ["not-followed": Self.scriptGoldens.count - followed.count])
    }

    /// Where Caliper does not follow Pango (line starts and breaks inside a tag, fallback fonts
    /// before it; the golden's `notFollowed` cases, all one `<sup>` after 12 pt Noto Sans text), every
    /// character of the `<sup>` is set as Pango sets "x" in `a<sup>x</sup>`, and the rest as the base.
    @Test func whereCaliperDiffersASuperscriptIsSetAsAfterItsTextBefore() throws {
        let reference = try #require(Self.scriptGoldens.first { $0.markup == "a<sup>x</sup>" }?.runs.last)
        let style = TextStyle(font: try Fixtures.font("Fonts/NotoSans-Regular.ttf"), size: 12)
        let cases = Self.scriptGoldens.filter { $0.notFollowed != nil }
        #expect(cases.count >= 4)
        for golden in cases {
            let text = try AttributedText(markup: golden.markup, style: style, fonts: Fixtures.resolver)
            let raised = try #require(golden.markup.range(of: "<sup>")).lowerBound
            let inside = try #require(golden.markup.range(of: "</sup>")).lowerBound
            let start = golden.markup[..<raised].utf16.count
            let end = start + golden.markup[raised..<inside].utf16.count - "<sup>".utf16.count
            for offset in 0..<text.utf16Count {
                let resolved = text.style(atUTF16Offset: offset)
                let expected = (start..<end).contains(offset) ? (reference.size, reference.baselineOffset) : (12.0, 0.0)
                #expect(abs(Double(resolved.size) - expected.0) <= 2.0 / 1024, "\(golden): size at \(offset)")
                #expect(abs(Double(resolved.baselineOffset) - expected.1) <= 2.0 / 1024, "\(golden): offset at \(offset)")
            }
        }
    }

    @Test func riseSpacingFeaturesAndLanguage() throws {
        // An inner rise replaces the outer one.
        try expectRuns(
            "<span rise=\"1024\"><span rise=\"-512\">x</span>y</span><span rise=\"5.5pt\">z</span>",
            [(0..<1, Self.attributes { $0.rise = -0.5 }), (1..<2, Self.attributes { $0.rise = 1 }), (2..<3, Self.attributes { $0.rise = 5.5 })])
        try expectRuns(
            "<span letter_spacing=\"2048\">a<span letter_spacing=\"0\">b</span></span>",
            [(0..<1, Self.attributes { $0.letterSpacing = 2 }), (1..<2, Self.attributes { $0.letterSpacing = 0 })])
        // Features accumulate, outer ones first.
        try expectRuns(
            "<span font_features=\"liga=0, tnum\"><span font_features=\"dlig\">x</span>y</span>",
            [(0..<1, Self.attributes { $0.features = ["liga=0", "tnum", "dlig"] }), (1..<2, Self.attributes { $0.features = ["liga=0", "tnum"] })])
        try expectRuns(
            "<span lang=\"en_US.UTF-8\">a<span lang=\"sr-Latn\">b</span></span>",
            [(0..<1, Self.attributes { $0.language = "en-us" }), (1..<2, Self.attributes { $0.language = "sr-latn" })])
    }

    @Test func attributesThatCannotChangeTheSizeAreIgnored() throws {
        let ignored = """
            foreground="#f00" background="red" underline="double" strikethrough="true" alpha="50%" bgalpha="100" \
            overline="single" underline_color="#00ff00" strikethrough_color="blue" overline_color="#123" \
            gravity_hint="strong" gravity="south" fallback="true" allow_breaks="yes" insert_hyphens="false" \
            show="none" text_transform="none" baseline_shift="none" font_scale="none" variant="normal" stretch="normal"
            """
        try expectRuns(
            "a<span \(ignored)>b</span><s>c</s><u>d</u><span color=\"#00FF007F\">e</span>", text: "abcde",
            [(0..<5, Self.attributes())])
    }

    @Test func emptyTextHasOneEmptyRunInTheBaseStyle() throws {
        try expectRuns("", [(0..<0, Self.attributes())])
        try expectRuns("<b></b><span size=\"x-large\"/>", base: 9, text: "", [(0..<0, Self.attributes(size: 9))])
    }

    @Test func letterSpacingInPointsIsAcceptedUnlikePango() throws {
        try expectRuns("<span letter_spacing=\"1.5pt\">x</span>", [(0..<1, Self.attributes { $0.letterSpacing = 1.5 })])
        // Pango's integer parse: an empty value is 0, leading space is skipped.
        try expectRuns("<span letter_spacing=\"\">x</span><span letter_spacing=\" 1024\">y</span>",
                       [(0..<1, Self.attributes { $0.letterSpacing = 0 }), (1..<2, Self.attributes { $0.letterSpacing = 1 })])
    }

    // MARK: Refusals

    @Test func pangoRefusesItToo() {
        let cases: [(String, Int, String)] = [
            ("<b>x", 0, "<b> is not closed"),
            ("<b>x</i>", 4, "</i> does not close <b>"),
            ("x</b>", 1, "</b> closes no open tag"),
            ("<blink>x</blink>", 0, "unknown tag <blink>"),
            ("<span colour=\"red\">x</span>", 6, "unknown attribute \"colour\" on <span>"),
            ("<span size=\"huge\">x</span>", 12, "invalid value \"huge\" for size"),
            ("<span face=\"A\" font_family=\"B\">x</span>", 15, "the attribute \"font_family\" appears twice on <span> (the same attribute as \"face\")"),
            ("a &foo; b", 2, "unknown entity &foo;"),
            ("a < b", 2, "\"<\" does not start a tag"),
            ("a & b", 2, "\"&\" does not start an entity"),
            ("<span size=\"0\">x</span>", 12, "invalid value \"0\" for size"),
            ("<span size=\"0.0001pt\">x</span>", 12, "invalid value \"0.0001pt\" for size"),
            ("&#0;", 0, "&#0; is not a character markup may hold"),
            ("&#xD800;", 0, "&#xD800; is not a character"),
            ("&#x110000;", 0, "&#x110000; is not a character"),
            ("&#xFFFE;", 0, "&#xFFFE; is not a character"),
            ("<b class=\"x\">x</b>", 3, "<b> takes no attributes, but has \"class\""),
            ("<span weight=\"heavyish\">x</span>", 14, "invalid value \"heavyish\" for weight"),
            ("<span style=\"slanted\">x</span>", 13, "invalid value \"slanted\" for style"),
            ("<span rise=\"up\">x</span>", 12, "invalid value \"up\" for rise"),
            ("<span letter_spacing=\"wide\">x</span>", 22, "invalid value \"wide\" for letter_spacing"),
            ("<span color=\"#12\">x</span>", 13, "invalid value \"#12\" for color"),
            ("<span underline=\"wavy\">x</span>", 17, "invalid value \"wavy\" for underline"),
            ("<span strikethrough=\"maybe\">x</span>", 21, "invalid value \"maybe\" for strikethrough"),
            ("<span gravity=\"auto\">x</span>", 15, "invalid value \"auto\" for gravity"),
        ]
        for (markup, offset, phrase) in cases { expectRefusal(markup, at: offset, phrase) }
    }

    @Test func caliperRefusesWhatPangoAccepts() {
        expectRefusal("<markup>x</markup>y", at: 18, "nothing may follow the root </markup>")
        expectRefusal("<span font=\"Sans\"><big>x</big></span>", at: 18, "resolves to 0.0 pt (a font description without a size")
        expectRefusal("<span size=\"20000pt\">x</span>", at: 0, "the text size resolves to 20000.0 pt, over the limit of 10000 pt")
        expectRefusal("<span weight=\"50\">x</span>", at: 14, "invalid value \"50\" for weight")
        expectRefusal("<span lang=\"\">x</span>", at: 12, "invalid value \"\" for lang")
        expectRefusal("<span face=\"\">x</span>", at: 12, "invalid value \"\" for face")
        expectRefusal("<![CDATA[x]]>y", at: 0, "CDATA sections are not supported")
        expectRefusal("a\u{0}b", at: 1, "NUL")
        expectRefusal("<span rise=\"20000pt\">x</span>", at: 12, "at most 10000 pt either way")
    }

    /// Attributes that would change measurements Caliper does not apply are refused, naming them.
    @Test func unsupportedAttributesAreRefused() {
        let unsupported = [
            "line_height=\"2\"", "text_transform=\"uppercase\"", "baseline_shift=\"superscript\"", "font_scale=\"subscript\"",
            "stretch=\"condensed\"", "font_variant=\"small-caps\"", "allow_breaks=\"false\"", "insert_hyphens=\"true\"",
            "show=\"spaces\"", "segment=\"word\"", "fallback=\"false\"", "gravity=\"east\"",
        ]
        for attribute in unsupported {
            expectRefusal("<span \(attribute)>x</span>", at: 6, "\(attribute) is not supported")
        }
        expectRefusal("<span font=\"Sans Condensed 12\">x</span>", at: 6, "the stretch \"Condensed\" changes widths")
        expectRefusal("<span font=\"Sans Small-Caps\">x</span>", at: 6, "the variant \"Small-Caps\"")
        expectRefusal("<span font=\"Sans 12px\">x</span>", at: 6, "a size in pixels")
        expectRefusal("<span font=\"Sans 12 @wght=200\">x</span>", at: 6, "font variations (@wght=200)")
    }

    @Test func syntaxErrorsPointWhereTheyStart() {
        expectRefusal("📸<b>x", at: 4, "<b> is not closed")  // offsets count UTF-8 bytes
        expectRefusal("<span size=\"x-large\"", at: 0, "the tag <span> is not closed with \">\"")
        expectRefusal("<span size=\"x-large>x</span>", at: 11, "the value of \"size\" is not closed with its quote")
        expectRefusal("<span size=x-large>x</span>", at: 11, "the value of \"size\" must be in quotes")
        expectRefusal("<span size>x</span>", at: 6, "the attribute \"size\" of <span> has no value")
        expectRefusal("<b/x>", at: 2, "expected \">\" after \"/\"")
        expectRefusal("<b>x</b", at: 4, "the closing tag </b> is not closed with \">\"")
        expectRefusal("x</ b>", at: 1, "\"</\" must be followed by a tag name")
        expectRefusal("<!-- x", at: 0, "the comment is not closed")
        expectRefusal("<!x>", at: 0, "\"<!\" starts no comment")
        expectRefusal("&#65", at: 0, "does not end with \";\"")
        expectRefusal("&#;", at: 0, "a character reference needs digits")
        expectRefusal("&;", at: 0, "empty entity")
        expectRefusal("<span face=\"a &b\">x</span>", at: 14, "\"&\" does not start an entity")
        expectRefusal("x <", at: 2, "\"<\" does not start a tag")
    }

    @Test func limitsBoundTheWork() throws {
        let deep = String(repeating: "<b>", count: 100) + "x" + String(repeating: "</b>", count: 100)
        _ = try PangoMarkup.parse(deep, baseSize: 17)
        expectRefusal(String(repeating: "<i>", count: 101) + "x", at: 300, "tags are nested more than 100 deep")

        let limit = PangoMarkup.maximumMarkupLength
        #expect(try PangoMarkup.parse(String(repeating: "a", count: limit), baseSize: 17).runs.count == 1)
        expectRefusal(String(repeating: "a", count: limit + 1), at: limit, "the markup is \(limit + 1) bytes, over the limit of \(limit)")

        let features = (1...32).map { String(format: "ss%02d", ($0 - 1) % 20 + 1) }
        try expectRuns("<span font_features=\"\(features.joined(separator: ","))\">x</span>", [(0..<1, Self.attributes { $0.features = features })])
        let outer = "<span font_features=\"\(features.prefix(20).joined(separator: ","))\">"
        expectRefusal(
            outer + "<span font_features=\"\(features.prefix(13).joined(separator: ","))\">x</span></span>",
            at: outer.utf8.count + "<span font_features=\"".utf8.count, "font_features makes 33 feature settings here")

        for base in [0, -1, .nan, .infinity, 10_001] as [Double] {
            do {
                _ = try PangoMarkup.parse("x", baseSize: base)
                Issue.record("base size \(base) accepted")
            } catch {
                guard case .invalidFontSize = error else {
                    Issue.record("base size \(base): \(error)")
                    continue
                }
            }
        }
    }

    @Test func theErrorDescribesOffsetAndReason() {
        #expect(CaliperError.invalidMarkup(offset: 12, reason: "<b> is not closed").description == "invalid markup at UTF-8 offset 12: <b> is not closed")
        // Errors never carry a megabyte of the input.
        let longName = String(repeating: "x", count: 100_000)
        guard let error = refusal("<\(longName)>") else { return }
        #expect(error.reason.utf8.count < 200)
    }

    // MARK: Robustness

    /// Either a well-formed result or an `invalidMarkup` error inside the markup.
    static func expectParsesOrThrows(_ markup: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            expectWellFormed(try PangoMarkup.parse(markup, baseSize: 17), sourceLocation: sourceLocation)
        } catch {
            guard case .invalidMarkup(let offset, _) = error else {
                Issue.record("\(markup.debugDescription): \(error)", sourceLocation: sourceLocation)
                return
            }
            #expect((0...markup.utf8.count).contains(offset), "\(markup.debugDescription): \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test func randomInputEitherParsesOrThrows() {
        var generator = SplitMix64(seed: 0xCA11_BE12)
        let markupBytes = Array("<>/&;#x=\"' \r\nbispanzeufotl-_%1234567890".utf8)
        for _ in 0..<3_000 {
            let count = Int.random(in: 0..<48, using: &generator)
            let bytes = (0..<count).map { _ in
                Bool.random(using: &generator) ? markupBytes.randomElement(using: &generator) ?? 0 : UInt8.random(in: 0...255, using: &generator)
            }
            Self.expectParsesOrThrows(String(decoding: bytes, as: UTF8.self))
        }
        let samples = [
            "<b>Ana</b> replied: <span size=\"smaller\">great shot 📸</span>",
            "<span font=\"Serif Bold Italic 12\" rise=\"5.5pt\" font_features=\"liga=0\">x<sup>2</sup></span>",
            "<markup><big>a<span size=\"20pt\">b&amp;c</span></big><!-- c --></markup>",
            "a &#169; <tt>b</tt>\r\n<span lang=\"en_US\" letter_spacing=\"1024\" weight=\"semibold\">c</span>",
        ]
        let snippets = ["<", ">", "/", "&", "&amp;", "&#", "&#x", ";", "\"", "'", "=", " ", "<b>", "</b>", "</span>",
                        "<span size=\"", "<small>", "<!--", "-->", "\r", "\u{0}", "📸", "é", "<markup>", "</markup>"]
        for _ in 0..<3_000 {
            var characters = Array(samples.randomElement(using: &generator) ?? "")
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let index = Int.random(in: 0...characters.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0 where index < characters.count: characters.remove(at: index)
                case 1 where index < characters.count: characters[index] = Character(Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &generator)))
                default: characters.insert(contentsOf: snippets.randomElement(using: &generator) ?? "", at: index)
                }
            }
            Self.expectParsesOrThrows(String(characters))
        }
    }

    /// Long shared values (a family, 32 features) over many small tags: every run carries them
    /// (the parser compares them by identity, not character by character, so the work stays
    /// linear; how long it takes is for a benchmark, not this test).
    @Test func manyTagsUnderLongValuesParse() throws {
        let family = String(repeating: "F", count: 200_000)
        let features = (1...32).map { String(format: "cv%02d", $0) }.joined(separator: ",")
        let body = String(repeating: "<b>x</b>y<span rise=\"0\">z</span>", count: 20_000)
        let markup = "<span face=\"\(family)\" font_features=\"\(features)\">\(body)</span>"
        let parsed = try PangoMarkup.parse(markup, baseSize: 17)
        #expect(parsed.runs.count == 40_000)
        #expect(parsed.runs.allSatisfy { $0.attributes.family == family && $0.attributes.features?.count == 32 })
    }
}
