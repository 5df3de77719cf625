// PipelineShortcutTests.swift — each shortcut of the pipeline against the general answer it skips.
@testable import Caliper
import Foundation
import Testing
import TestSupport

@Suite struct PipelineShortcutTests {
    /// Text without a code unit that may raise a level (`Bidi.mayRaiseLevel`) and not forced
    /// right-to-left is all at level 0 without asking ICU: checked against ICU on every such
    /// code unit of the BMP alone (controls, paragraph separators, digits, marks, brackets, CJK,
    /// Thai, Indic), each between Latin letters and between digits, the supplementary
    /// characters of every high surrogate it lets through (one low surrogate in 63 of each), and
    /// random strings, in each base direction
    /// the shortcut takes; and on the units it sends to ICU, to show the list is not much wider
    /// than it needs to be (most of them raise a level between Latin letters; marks and
    /// unassigned code points need not).
    @Test func bidiLevelsWithoutRightToLeftUnitsAreICUs() throws {
        var generator = SplitMix64(seed: 0x0590)
        let plain = (0..<0xD800).map { UInt16($0) }.filter { !Bidi.mayRaiseLevel($0) }
            + (0xE000...0xFFFF).map { UInt16($0) }.filter { !Bidi.mayRaiseLevel($0) }
        var texts: [[UInt16]] = plain.flatMap { [[$0], [0x61, $0, 0x62], [0x31, $0, 0x32]] }
        // Every supplementary character whose high surrogate the shortcut lets through.
        for high in UInt16(0xD800)...0xDBFF where !Bidi.mayRaiseLevel(high) {
            texts += stride(from: 0xDC00, through: 0xDFFF, by: 0x3F).map { [0x61, high, UInt16($0), 0x31] }
        }
        for _ in 0..<2_000 {
            texts.append((0..<Int.random(in: 1...40, using: &generator)).map { _ in plain[Int.random(in: 0..<plain.count, using: &generator)] })
        }
        for text in texts {
            for direction in [BaseDirection.natural, .leftToRight] {
                let shortcut = try Bidi.levels(of: text, baseDirection: direction)
                let icu = try Bidi.icuLevels(of: text, baseDirection: direction)
                #expect(shortcut.levels == icu.levels && shortcut.paragraphLevel == icu.paragraphLevel, "\(text) \(direction)")
            }
        }
        // The units sent to ICU are mostly where levels rise ("a\u{5D0}a1": R, AN, an embedding).
        var sent = 0
        var raising = 0
        for unit in (UInt16(0x0590)...0xFEFF) where Bidi.mayRaiseLevel(unit) && !(0xD800...0xDFFF).contains(unit) {
            sent += 1
            let levels = try Bidi.icuLevels(of: [0x61, unit, 0x61, 0x31], baseDirection: .leftToRight).levels
            if levels.contains(where: { $0 > 0 }) { raising += 1 }
        }
        #expect(raising * 4 > sent * 3, "\(raising) of \(sent)")
    }

    /// Emoji_Presentation and Default_Ignorable_Code_Point, answered without ICU in the ranges
    /// where neither lies, are ICU's answers for every scalar of Unicode.
    @Test func propertyShortcutsAgreeWithICUForEveryScalar() {
        var mismatches: [String] = []
        var emoji = 0
        var ignorable = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let isEmoji = UnicodeProperties.icuIsEmojiPresentation(value)
            let isIgnorable = UnicodeProperties.icuIsDefaultIgnorable(value)
            if isEmoji { emoji += 1 }
            if isIgnorable { ignorable += 1 }
            if UnicodeProperties.isEmojiPresentation(scalar) != isEmoji || UnicodeProperties.isDefaultIgnorable(scalar) != isIgnorable {
                mismatches.append("U+" + String(value, radix: 16))
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
        // ICU knows both properties (a build without their data would answer false throughout).
        #expect(emoji > 1_000 && ignorable > 4_000, "\(emoji) \(ignorable)")
    }

    /// The cascade's shortcut for one plain Latin character is right to skip the emoji and
    /// default-ignorable checks: ICU says none of those characters is either.
    @Test func plainLatinIsNeitherDefaultIgnorableNorEmojiPresentation() {
        var checked = 0
        for value in UInt32(0)..<LatinCoverage.end where FontCascade.isPlainLatin(value) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(!UnicodeProperties.isDefaultIgnorable(scalar), "U+\(String(value, radix: 16))")
            #expect(!UnicodeProperties.isEmojiPresentation(scalar), "U+\(String(value, radix: 16))")
            checked += 1
        }
        #expect(checked == 95 + 0x250 - 0xA0 - 1)
    }

    /// A cluster of one plain Latin character gets the font the cascade's general search gives it,
    /// for a primary font that has it and one that lacks it.
    @Test func plainLatinClustersGetTheSearchedFont() throws {
        let emoji = try Fixtures.font("Fonts/NotoColorEmoji.ttf")
        let noto = try Fixtures.font("Fonts/NotoSans-Regular.ttf")
        for primary in [noto, emoji] {
            let cascade = try FontCascade(style: TextStyle(font: primary, size: 17, fallbackFonts: [noto], fallback: .none))
            for value in UInt32(0x20)..<LatinCoverage.end where FontCascade.isPlainLatin(value) {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let searched = [primary, noto].first { $0.hasGlyph(for: scalar) }
                let chosen = cascade.face(forCluster: [scalar])
                #expect(chosen.face === (searched ?? primary) && chosen.isMissing == (searched == nil), "U+\(String(value, radix: 16))")
            }
        }
    }

    /// A cluster of one character gets the font and the missing flag the cascade's general search
    /// gives it, for every character below U+20000 (surrogates aside): explicit fallbacks that
    /// cover different scripts with a colour font among them, a colour primary font, and
    /// fontconfig's fallback order.
    @Test func oneCharacterClustersGetTheSearchedFont() throws {
        let noto = try Fixtures.font("Fonts/NotoSans-Regular.ttf")
        let emoji = try Fixtures.font("Fonts/NotoColorEmoji.ttf")
        let arabic = try Fixtures.font("Fonts/NotoSansArabic-Regular.ttf")
        let han = try Fixtures.font("Fonts/DroidSansFallbackFull.ttf")
        let dejaVu = try Fixtures.dejaVuSans  // has a monochrome glyph for some emoji (U+2614 ☔)
        let cascades = [
            try FontCascade(style: TextStyle(font: dejaVu, size: 17, fallbackFonts: [arabic, emoji, han], fallback: .none)),
            try FontCascade(style: TextStyle(font: emoji, size: 17, fallbackFonts: [noto, han], fallback: .none)),
            try FontCascade(style: TextStyle(font: noto, size: 17, fallback: .none)),
            try FontCascade(
                style: TextStyle(font: noto, size: 17, fallback: .fontconfig(configurationFile: Fixtures.path("Fonts/fonts.conf")))),
        ]
        for (number, cascade) in cascades.enumerated() {
            var mismatches: [String] = []
            var (colour, fallback, missing, colourOverPrimary) = (0, 0, 0, 0)
            for value in UInt32(0)..<GlyphCoverage.end {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let chosen = cascade.face(forCharacter: scalar)
                let searched = cascade.searchedFace(forCluster: [scalar])
                if chosen.face !== searched.face || chosen.isMissing != searched.isMissing {
                    mismatches.append("U+" + String(value, radix: 16))
                }
                if chosen.face.isColorFont { colour += 1 }
                if chosen.face !== cascade.primary { fallback += 1 }
                if chosen.isMissing { missing += 1 }
                if chosen.face.isColorFont, cascade.primary.hasGlyph(for: scalar) { colourOverPrimary += 1 }
            }
            #expect(mismatches.isEmpty, "cascade \(number): \(mismatches.count) differ: \(mismatches.prefix(20))")
            // Each branch was taken: a font after the primary, a missing character, and (where
            // the cascade has one) the colour font, also for characters the primary font has.
            #expect(missing > 0 && (number == 2 || fallback > 0), "cascade \(number)")
            if number == 0 { #expect(colour > 1_000 && colourOverPrimary > 10, "\(colour) \(colourOverPrimary)") }
        }
    }

    /// The ASCII script and bracket tables hold ICU's answers.
    @Test func asciiPropertiesAreICUs() {
        for value in UInt32(0)..<128 {
            let scalar = Unicode.Scalar(UInt8(value))
            #expect(UnicodeProperties.script(of: scalar) == UnicodeProperties.icuScript(value))
            #expect(UnicodeProperties.bracketType(of: scalar) == UnicodeProperties.icuBracketType(value))
        }
    }

    /// The kept script codes are ICU's, in and past the table (USCRIPT_INVALID_CODE and codes
    /// ICU does not know read "Zzzz").
    @Test func scriptCodesAreICUs() {
        for script in Int32(-1)..<300 {
            #expect(UnicodeProperties.scriptCode(script) == UnicodeProperties.icuScriptCode(script), "\(script)")
        }
        #expect(UnicodeProperties.scriptCode(UnicodeProperties.script(of: "ب")) == "Arab")
        #expect(UnicodeProperties.scriptCode(-1) == "Zzzz")
    }

    /// A plain paragraph's widths (one run, no box, letter spacing or tab stops) read straight
    /// from its design units are its general path's, bit for bit, and so are the line metrics it
    /// keeps for a line that shows text: every slice of every golden
    /// paragraph between a line start and a break opportunity or grapheme boundary up to 40
    /// ahead, its content end trimmed, with and without the hanging whitespace it is displayed to.
    @Test func plainParagraphWidthsAreTheGeneralPathsWidths() throws {
        var plainSlices = 0
        var differences: [String] = []
        try Self.forEachGoldenParagraph { paragraph, golden in
            for ends in [paragraph.breakOpportunities, paragraph.graphemeBoundaries] {
                let starts = [paragraph.range.lowerBound] + ends.dropLast()
                for (position, start) in starts.enumerated() {
                    for end in ends[position..<min(ends.count, position + 40)] where end >= start {
                        let contentEnd = paragraph.trimmingHangingWhitespace(from: start, to: end)
                        if paragraph.isPlain { plainSlices += 1 }
                        let pairs: [(CGFloat, CGFloat, String)] = [
                            (paragraph.width(from: start, to: contentEnd, displayedTo: end),
                             paragraph.generalWidth(from: start, to: contentEnd, displayedTo: end), "displayed"),
                            (paragraph.width(from: start, to: end), paragraph.generalWidth(from: start, to: end), "width"),
                            (paragraph.estimatedWidth(from: start, to: contentEnd),
                             paragraph.generalEstimatedWidth(from: start, to: contentEnd), "estimate"),
                        ]
                        if start < end {
                            let metrics = paragraph.lineMetrics(from: start, to: end)
                            let general = paragraph.textMetrics(from: start, to: end)
                            if [metrics.ascender, metrics.descender, metrics.leading].map(\.bitPattern)
                                != [general.ascender, general.descender, general.leading].map(\.bitPattern)
                            {
                                differences.append("\(golden) \(start)..<\(end) line metrics")
                            }
                        }
                        for (shortcut, general, what) in pairs where shortcut.bitPattern != general.bitPattern {
                            differences.append("\(golden) \(start)..<\(end) \(what): \(shortcut) ≠ \(general)")
                        }
                    }
                }
            }
        }
        Self.expectNone(differences)
        #expect(plainSlices > 100_000, "the shortcut was taken \(plainSlices) times")
    }

    /// The line breaker's screen of a plain paragraph, read from its design units and the content
    /// ends its shape keeps, passes the candidates its general screen passes: every golden
    /// paragraph, from every grapheme boundary, at limits from narrower than a letter to wider than the paragraph.
    @Test func plainScreenPassesWhatTheGeneralScreenPasses() throws {
        var screened = 0
        var differences: [String] = []
        try Self.forEachGoldenParagraph { paragraph, golden in
            guard paragraph.isPlain else { return }
            let whole = paragraph.estimatedWidth(from: paragraph.range.lowerBound, to: paragraph.range.upperBound)
            let breaker = LineBreaker(maxWidth: whole, mode: .byWordWrapping)
            for (ends, readsBreakContents) in [(paragraph.breakOpportunities, true), (paragraph.graphemeBoundaries, false)] {
                // Lines start at candidates, and (by grapheme clusters or hyphenation) between them.
                let starts = Array(Set([paragraph.range.lowerBound] + ends.dropLast() + paragraph.graphemeBoundaries.dropLast())).sorted()
                for start in starts {
                    let candidates = ends[firstIndex(in: ends, atOrAfter: start + 1)...]
                    for limit in [-1, 0, 3, 40, 120.5, 300].map({ CGFloat($0) }) + [whole, whole.nextDown] {
                        screened += 1
                        let plain = breaker.plainScreen(candidates, readsBreakContents: readsBreakContents, in: paragraph, from: start, limit: limit)
                        let general = breaker.screen(candidates, in: paragraph, from: start, limit: limit)
                        if plain != general { differences.append("\(golden) from \(start) limit \(limit): \(plain) ≠ \(general)") }
                    }
                }
            }
        }
        Self.expectNone(differences)
        #expect(screened > 50_000, "\(screened) screens")
    }

    /// A plain paragraph's lines, found in one walk over its break opportunities, are the lines
    /// the general path finds line by line, bit for bit: every golden paragraph at widths from
    /// none to narrower than a letter, in each mode that takes the walk (and character wrapping,
    /// which does not), with and without a line limit; and at the widths where a line just fits
    /// and a candidate just passes the screen, and one unit in the last place either side; and
    /// the walk over a paragraph's kept breaks (``PlainParagraph``) finds them too.
    @Test func plainLinesAreTheGeneralPathsLines() throws {
        var plainParagraphs = 0
        var differences: [String] = []
        try Self.forEachGoldenParagraph { paragraph, golden in
            if paragraph.isPlain { plainParagraphs += 1 }
            let whole = paragraph.estimatedWidth(from: paragraph.range.lowerBound, to: paragraph.range.upperBound)
            // Widths where a line just fits or just does not, and where a candidate just
            // passes the screen (its width less the slack) or just does not: the first line
            // at each of its first candidates.
            let start = paragraph.range.lowerBound
            let slack = paragraph.styles.largestSize
            let edges = paragraph.breakOpportunities.prefix(4).flatMap { end -> [CGFloat] in
                let width = paragraph.width(from: start, to: paragraph.trimmingHangingWhitespace(from: start, to: end), displayedTo: end)
                let fits = width - LineBreaker.fitTolerance
                return [width, fits, fits.nextUp, fits.nextDown, fits.nextDown.nextDown, width - slack, (width - slack).nextUp, (width - slack).nextDown]
            }.filter { $0 >= 0 }
            for mode in [LineBreakMode.byWordWrapping, .byTruncatingTail, .byClipping, .byCharWrapping] {
                for width in [1.1, 1, 0.8, 0.5, 0.3, 0.15, 0.05, 0.01, 0].map({ whole * $0 }) + (mode == .byWordWrapping ? edges : []) {
                    for maxLines in [Int.max, 2] {
                        let breaker = LineBreaker(maxWidth: width, mode: mode)
                        let lines = breaker.lines(of: paragraph, maxLines: maxLines)
                        let general = breaker.generalLines(of: paragraph, maxWidth: width, maxLines: maxLines)
                        let same = lines.count == general.count && zip(lines, general).allSatisfy { line, other in
                            line == other && line.width.bitPattern == other.width.bitPattern
                                && line.widthWithTrailingWhitespace.bitPattern == other.widthWithTrailingWhitespace.bitPattern
                        }
                        if !same { differences.append("\(golden) \(mode) at \(width) (\(maxLines) lines)") }
                        // The walk over a kept paragraph's breaks, whose screen reads their units
                        // from an array of their own, finds the same lines.
                        guard breaker.walksPlainParagraphs, paragraph.isPlain, !paragraph.range.isEmpty,
                            let kept = PlainParagraph(paragraph)
                        else { continue }
                        var walked: [LineFragment] = []
                        breaker.forEachPlainLine(of: kept.breaks, in: { paragraph }, maxWidth: width, maxLines: maxLines) {
                            walked.append($0)
                        }
                        let keptSame = walked.count == general.count && zip(walked, general).allSatisfy { line, other in
                            line == other && line.width.bitPattern == other.width.bitPattern
                                && line.widthWithTrailingWhitespace.bitPattern == other.widthWithTrailingWhitespace.bitPattern
                        }
                        if !keptSame { differences.append("kept: \(golden) \(mode) at \(width) (\(maxLines) lines)") }
                    }
                }
            }
        }
        Self.expectNone(differences)
        #expect(plainParagraphs > 400, "\(plainParagraphs) plain paragraphs")
    }

    /// A line that starts at an edge that is not safe to break is measured by shaping it again,
    /// on the walk as on the general path. In Caliper Unsafe Break Test a letter after a space
    /// is 150 units wider than alone (Fonts/make_unsafe_break_font.py): every line after the
    /// first starts at such an edge and is narrower than the paragraph's advances say (the
    /// fixture fonts kern the space, before the edge, so their lines show no difference). Of 40
    /// equal words, at widths that fit a divisor of 40 of them, every line — the last, whose
    /// end is safe, too — is as wide as the first.
    @Test func linesStartingAtUnsafeEdgesAreShapedAgain() throws {
        let style = TextStyle(font: try Fixtures.font("Fonts/Breaking/CaliperUnsafeBreakTest.ttf"), size: 17)
        let text = AttributedText(Array(repeating: "Edge", count: 40).joined(separator: " "), style: style)
        let paragraph = try TextMeasurer(cache: nil).measure(text).paragraph(0, in: ParagraphStyle())
        #expect(paragraph.isPlain)
        let start = paragraph.range.lowerBound
        for words in [1, 2, 4, 5, 8, 10, 20, 40] {
            let end = paragraph.breakOpportunities[words - 1]
            let width = paragraph.width(from: start, to: paragraph.trimmingHangingWhitespace(from: start, to: end), displayedTo: end)
            for maxLines in [Int.max, 2] {
                let breaker = LineBreaker(maxWidth: width, mode: .byWordWrapping)
                let lines = breaker.lines(of: paragraph, maxLines: maxLines)
                let general = breaker.generalLines(of: paragraph, maxWidth: width, maxLines: maxLines)
                #expect(lines.count == min(40 / words, maxLines), "\(words) words a line")
                #expect(lines.allSatisfy { $0.width.bitPattern == width.bitPattern }, "\(words) words a line: \(lines.map(\.width))")
                let same = lines.count == general.count && zip(lines, general).allSatisfy { line, other in
                    line == other && line.width.bitPattern == other.width.bitPattern
                        && line.widthWithTrailingWhitespace.bitPattern == other.widthWithTrailingWhitespace.bitPattern
                }
                #expect(same, "\(words) words a line, \(maxLines) lines: \(lines) ≠ \(general)")
            }
        }
    }

    /// The one run of a plain paragraph's line, made without arrays, is the run the general path
    /// reports for it (one, equal, its width bit for bit): every line of every golden paragraph
    /// at five widths, its content displayed to its end.
    @Test func aPlainLinesOnlyRunIsTheGeneralPathsRun() throws {
        var compared = 0
        var differences: [String] = []
        try Self.forEachGoldenParagraph { paragraph, golden in
            let whole = paragraph.estimatedWidth(from: paragraph.range.lowerBound, to: paragraph.range.upperBound)
            for width in [1, 0.7, 0.4, 0.2, 0.05].map({ whole * $0 }) {
                for line in LineBreaker(maxWidth: width, mode: .byWordWrapping).lines(of: paragraph) {
                    let general = paragraph.runs(from: line.start, to: line.contentEnd, displayedTo: line.end)
                    guard let only = paragraph.onlyRun(from: line.start, to: line.contentEnd, displayedTo: line.end) else {
                        if paragraph.isPlain, line.start < line.contentEnd { differences.append("\(golden): no only run") }
                        continue
                    }
                    compared += 1
                    if general.count != 1 || general[0].item != only.item || general[0].width.bitPattern != only.width.bitPattern {
                        differences.append("\(golden) \(line.start)..<\(line.contentEnd)")
                    }
                }
            }
        }
        Self.expectNone(differences)
        #expect(compared > 5_000, "\(compared) lines")
    }

    /// Calls `body` with each paragraph of every golden text (``LayoutSizeTests/paragraphs``) at
    /// its styles' sizes, in the default paragraph style, with the golden it is from.
    static func forEachGoldenParagraph(_ body: (SizedParagraph, LayoutSizeTests.Paragraph) throws -> Void) throws {
        let measurer = TextMeasurer(cache: ShapeCache())
        for golden in LayoutSizeTests.paragraphs {
            let measured = try measurer.measure(golden.text)
            for index in measured.segments.indices { try body(measured.paragraph(index, in: ParagraphStyle()), golden) }
        }
    }

    /// Expects no `differences`, showing how many there are and the first five.
    static func expectNone(_ differences: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        let sample = differences.prefix(5).joined(separator: "; ")
        #expect(differences.count == 0, "\(differences.count) differ: \(sample)", sourceLocation: sourceLocation)
    }
}
