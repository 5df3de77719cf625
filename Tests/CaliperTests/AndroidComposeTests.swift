// AndroidComposeTests.swift — a Jetpack Compose Text: its line height span against androidx's own unit test, its width and height rules, and its settings.
@testable import Caliper
import Foundation
import TestSupport
import Testing

@Suite struct AndroidComposeTests {
    /// One line's ascent and descent after `chooseHeight`.
    struct Metrics: Equatable, CustomStringConvertible {
        var ascent: Int, descent: Int
        var description: String { "(\(ascent), \(descent))" }
    }

    /// A `LineHeightStyleSpan` over `lines` lines of one unit each, asked for each in turn with
    /// `font`'s metrics (as `LineHeightStyleSpanTest`'s `runMultiLine` asks it).
    static func run(
        topRatio: Float, trimTop: Bool, trimBottom: Bool, lineHeight: Float, lines: Int, font: Metrics = Metrics(ascent: -10, descent: 10)
    ) -> (lines: [Metrics], span: ComposeLineHeightSpan) {
        var span = ComposeLineHeightSpan(
            kind: .style(topRatio: topRatio, trimFirstLineTop: trimTop, trimLastLineBottom: trimBottom, preserveMinimumHeight: false),
            lineHeight: lineHeight, endIndex: lines)
        var result: [Metrics] = []
        for line in 0..<lines {
            var (ascent, descent) = (font.ascent, font.descent)
            span.chooseHeight(start: line, end: line + 1, ascent: &ascent, descent: &descent)
            result.append(Metrics(ascent: ascent, descent: descent))
        }
        return (result, span)
    }

    /// androidx's `LineHeightStyleSpanTest` (compose/ui/ui-text, androidInstrumentedTest): a font
    /// with ascent −10 and descent 10 under a line height of 40 (twice its height), one line, each
    /// ratio and trim; the expected metrics as that test writes them.
    @Test(arguments: [
        // (topRatio, trimFirstLineTop, trimLastLineBottom, ascent, descent)
        (Float(0), false, false, -10, 30), (0, false, true, -10, 10), (0, true, false, -10, 30), (0, true, true, -10, 10),
        (1, false, false, -30, 10), (1, false, true, -30, 10), (1, true, false, -10, 10), (1, true, true, -10, 10),
        (0.5, false, false, -20, 20), (0.5, false, true, -20, 10), (0.5, true, false, -10, 20), (0.5, true, true, -10, 10),
        (-1, false, false, -20, 20), (-1, false, true, -20, 10), (-1, true, false, -10, 20), (-1, true, true, -10, 10),
    ])
    func singleLineAsAndroidxTestsIt(_ expected: (Float, Bool, Bool, Int, Int)) {
        let (lines, _) = Self.run(topRatio: expected.0, trimTop: expected.1, trimBottom: expected.2, lineHeight: 40, lines: 1)
        #expect(lines == [Metrics(ascent: expected.3, descent: expected.4)])
    }

    /// The same test's three-line cases with the top ratio 0 and 1.
    @Test func multiLineAsAndroidxTestsIt() {
        let grown = Metrics(ascent: -10, descent: 30), font = Metrics(ascent: -10, descent: 10)
        #expect(Self.run(topRatio: 0, trimTop: false, trimBottom: false, lineHeight: 40, lines: 3).lines == [grown, grown, grown])
        #expect(Self.run(topRatio: 0, trimTop: false, trimBottom: true, lineHeight: 40, lines: 3).lines == [grown, grown, font])
        #expect(Self.run(topRatio: 0, trimTop: true, trimBottom: false, lineHeight: 40, lines: 3).lines == [grown, grown, grown])
        #expect(Self.run(topRatio: 0, trimTop: true, trimBottom: true, lineHeight: 40, lines: 3).lines == [grown, grown, font])
        let raised = Metrics(ascent: -30, descent: 10)
        #expect(Self.run(topRatio: 1, trimTop: false, trimBottom: false, lineHeight: 40, lines: 3).lines == [raised, raised, raised])
    }

    /// The test's diffs: half the font's height each way at twice the height, a quarter of it cut
    /// each way at half the height, one line or three.
    @Test func ascentAndDescentDiffsAsAndroidxTestsThem() {
        for lines in [1, 3] {
            let grown = Self.run(topRatio: 0.5, trimTop: false, trimBottom: false, lineHeight: 40, lines: lines).span
            #expect(grown.firstAscentDiff == 10 && grown.lastDescentDiff == 10)
            let cut = Self.run(topRatio: 0.5, trimTop: false, trimBottom: false, lineHeight: 10, lines: lines).span
            #expect(cut.firstAscentDiff == -5 && cut.lastDescentDiff == -5)
        }
        // "negative_line_height_does_not_chage_the_values": a line of no height is left alone.
        #expect(Self.run(topRatio: 0.5, trimTop: false, trimBottom: false, lineHeight: 40, lines: 1, font: Metrics(ascent: 1, descent: 1)).lines
            == [Metrics(ascent: 1, descent: 1)])
    }

    /// `Mode.Minimum` (`preserveMinimumHeight`) leaves a line height below the font's unapplied,
    /// and applies one above it as `Fixed` does.
    @Test func minimumModeKeepsTheFontsHeight() {
        func run(_ lineHeight: Float, preserve: Bool) -> [Metrics] {
            var span = ComposeLineHeightSpan(
                kind: .style(topRatio: 0.5, trimFirstLineTop: false, trimLastLineBottom: false, preserveMinimumHeight: preserve), lineHeight: lineHeight,
                endIndex: 2)
            return (0..<2).map { line in
                var (ascent, descent) = (-10, 10)
                span.chooseHeight(start: line, end: line + 1, ascent: &ascent, descent: &descent)
                return Metrics(ascent: ascent, descent: descent)
            }
        }
        #expect(run(10, preserve: true) == [Metrics(ascent: -10, descent: 10), Metrics(ascent: -10, descent: 10)])
        #expect(run(10, preserve: false) == [Metrics(ascent: -5, descent: 5), Metrics(ascent: -5, descent: 5)])
        #expect(run(40, preserve: true) == run(40, preserve: false))
    }

    /// Compose's older `LineHeightSpan` (font padding, no line height style): the descent scaled
    /// by the line height over the line's, rounded up; the ascent the rest.
    @Test func legacySpanScalesTheDescent() {
        var span = ComposeLineHeightSpan(kind: .legacy, lineHeight: 30.5, endIndex: 1)
        var (ascent, descent) = (-15, 4)
        span.chooseHeight(start: 0, end: 1, ascent: &ascent, descent: &descent)
        // ceil(30.5) = 31; 31 / 19 = 1.6315789; ceil(4 × 1.6315789) = 7.
        #expect((ascent, descent) == (-24, 7))
    }

    static func layout(
        _ text: String, size: CGFloat = 16, style: AndroidParagraphStyle = .compose(), maxWidth: Double? = nil, profile: AndroidProfile = AndroidProfile()
    ) throws -> AndroidTextLayout {
        try TextMeasurer(cache: nil).androidLayout(of: text, style: try AndroidTextLayoutTests.roboto(size), paragraphStyle: style, profile: profile, maxWidth: maxWidth)
    }

    /// Without a line height a Compose Text is a TextView without font padding and with
    /// Compose's width: a boring text that fits is a BoringLayout as wide as its advance; a
    /// wrapped one is as wide as the constraint, not its widest line.
    @Test func widthIsTheMaxIntrinsicWidthWithinTheConstraint() throws {
        let textView = try Self.layout("Hello, World", style: AndroidParagraphStyle(breakStrategy: .simple, includeFontPadding: false, textSizeFromResource: false))
        let compose = try Self.layout("Hello, World")
        #expect(compose.kind == .boring)
        #expect((compose.width, compose.height) == (textView.width, textView.height))
        let wrapped = try Self.layout("Hello, World", maxWidth: 60)
        #expect(wrapped.kind == .static && wrapped.lines.count == 2)
        #expect(wrapped.width == 60)
        // A TextView's width is the widest paragraph capped at the limit: the same here.
        let wrappedView = try Self.layout("Hello, World", style: AndroidParagraphStyle(breakStrategy: .simple, includeFontPadding: false, textSizeFromResource: false), maxWidth: 60)
        #expect(wrappedView.width == 60 && wrappedView.height == wrapped.height)
    }

    /// With letter spacing the max intrinsic width is half a pixel more (b/173574230), so the
    /// width is one more pixel than the advance rounded up.
    @Test func letterSpacingAddsHalfAPixelToTheMaxIntrinsicWidth() throws {
        let spaced = AndroidProfile(letterSpacing: 0.05)
        let view = try Self.layout("Hello, World", style: AndroidParagraphStyle(includeFontPadding: false, textSizeFromResource: false), profile: spaced)
        let compose = try Self.layout("Hello, World", profile: spaced)
        #expect(compose.width == view.width + 1)
    }

    /// A line height makes every line that tall, the first line's top and the last line's bottom
    /// trimmed to the font's by default (Roboto at 16 px: ascent −15, descent 4).
    @Test func lineHeightSetsEachLinesHeight() throws {
        let text = "one two three four five six seven"
        let plain = try Self.layout(text, maxWidth: 60)
        let tall = try Self.layout(text, style: .compose(lineHeight: .sp(24)), maxWidth: 60)
        #expect(tall.kind == .static && tall.lines.count == plain.lines.count && tall.lines.count >= 3)
        for (index, line) in tall.lines.enumerated().dropFirst().dropLast() {
            #expect(line.bottom - line.top == 24, "line \(index)")
        }
        // Proportional: 5 more px, ceil(5 × 4/19) = 2 below; trimmed: the first line keeps
        // ascent −15, the last descent 4.
        #expect(tall.lines[0].baseline == 15 && tall.lines[0].bottom == 21)
        #expect(tall.height == 21 + 24 * (tall.lines.count - 2) + 22)
        let untrimmed = try Self.layout(text, style: .compose(lineHeight: .em(1.5), lineHeightStyle: .init(trim: .none)), maxWidth: 60)
        #expect(untrimmed.height == 24 * untrimmed.lines.count)
    }

    /// A line height shorter than the font's cuts into the first line's ascent: Compose pads the
    /// top by as much, and the bottom by the larger of that and the last line's cut (as
    /// `getLineHeightPaddings` is written).
    @Test func shortLineHeightPadsTheLayout() throws {
        let short = try Self.layout("one\ntwo", style: .compose(lineHeight: .sp(10), lineHeightStyle: .init(alignment: .center, trim: .none)))
        // 19 px lines made 10, centred: diff −9, ceil(−9 × 0.5) = −4 below the baseline, so
        // every line is ascent −10, descent 0. The first line's ascent cuts 5 px from the font's
        // −15 and the last line's descent 4 from its 4: 5 px padding on top, max(5, 4) below.
        #expect(short.lines.count == 2)
        #expect(short.height == 10 + 10 + 5 + 5)
        #expect(short.lines[0].top == 0 && short.lines[0].baseline == 5 + 10)
        #expect(short.lines[1].top == 10 + 5 && short.lines[1].bottom == 5 + 20 + 5)
    }

    /// A text ending in a line feed ends in an empty line, which the span never sees; Compose
    /// measures it as a zero width space under the span (`getLastLineMetrics`).
    @Test func emptyLastLineIsMeasuredUnderTheSpan() throws {
        let style = AndroidParagraphStyle.compose(lineHeight: .sp(30), lineHeightStyle: .init(trim: .none))
        let two = try Self.layout("one\n", style: style)
        #expect(two.lines.count == 2)
        #expect(two.height == 60)
        #expect(two.lines[1].bottom - two.lines[1].top == 30)
        let empty = try Self.layout("", style: style)
        #expect(empty.height == 30)
    }

    /// Each widget's settings are refused on the other, by name.
    @Test func settingsOfTheOtherWidgetAreRefused() throws {
        func refusal(_ style: AndroidParagraphStyle) -> String? {
            do { try style.validate() } catch { return error.description }
            return nil
        }
        var textView = AndroidParagraphStyle()
        textView.lineHeight = .sp(20)
        #expect(refusal(textView)?.contains("Compose") == true)
        var spaced = AndroidParagraphStyle.compose()
        spaced.lineSpacingExtra = 2
        #expect(refusal(spaced)?.contains("lineSpacing") == true)
        var resource = AndroidParagraphStyle.compose()
        resource.textSizeFromResource = true
        #expect(refusal(resource)?.contains("textSizeFromResource") == true)
        var start = AndroidParagraphStyle.compose(maxLines: 1)
        start.ellipsize = .start
        #expect(refusal(start)?.contains("start") == true)
        var bare = AndroidParagraphStyle.compose()
        bare.fallbackLineSpacing = false
        #expect(refusal(bare)?.contains("always has fallback line spacing") == true)
        var hyphenated = AndroidParagraphStyle.compose()
        hyphenated.hyphenationFrequency = .normal
        #expect(refusal(hyphenated)?.contains("Hyphens.Auto") == true)
        #expect(refusal(.compose(lineHeightStyle: .init())) != nil)
        for bad in [0, -3, .nan, .infinity, 10_001] as [Double] {
            #expect(refusal(.compose(lineHeight: .sp(bad))) != nil)
        }
        #expect(refusal(.compose(lineHeight: .em(1_001))) != nil)
        #expect(refusal(.compose(lineHeight: .sp(20), lineHeightStyle: .init(alignment: .bottom, trim: .none, mode: .minimum))) == nil)
    }

    /// Compose's sizes are exact px at any density (`TextUnit.toPx`), and its width limit is
    /// `Dp.roundToPx`.
    @Test func sizesAreExactPixels() throws {
        let profile = AndroidProfile(density: 2.625)
        let layout = try Self.layout("Hello", size: 14, profile: profile)
        #expect(layout.textSize == Float(14) * Float(2.625))
        #expect(profile.composePixelSize(fromDP: 100.1) == 263)  // 262.7625 rounds half up
    }
}

/// `Tests/Goldens/android_compose.json` (`make_android_compose.py`: Compose's `TextLayout`,
/// `LayoutIntrinsics`, `finalMaxWidth` and line height spans restated in Python over Minikin's own
/// numbers and the StaticLayout restatement).
struct AndroidComposeGoldens: Decodable {
    struct Line: Decodable, Equatable, CustomStringConvertible {
        var start: Int, end: Int, top: Int, baseline: Int, bottom: Int
        var description: String { "[\(start), \(end)) \(top)/\(baseline)/\(bottom)" }
    }
    struct LineHeight: Decodable { var unit: String, value: Double, px: Float }
    struct LineHeightStyle: Decodable { var alignment: String, trim: String, mode: String }
    struct View: Decodable, CustomStringConvertible {
        var kind: String
        var text: String
        var fonts: [String]
        var size: Double
        var hinting: Bool
        var letterSpacing: Double
        var maxWidth: Int?
        var maxLines: Int?
        var ellipsis: Bool
        var includeFontPadding: Bool
        var breakStrategy: String
        var lineHeight: LineHeight?
        var lineHeightStyle: LineHeightStyle?
        var layout: String
        var width: Int
        var height: Int
        var lineCount: Int
        var lines: [Line]
        var description: String {
            "\(kind) \(text.prefix(40).debugDescription) at \(size) px, max \(maxWidth.map(String.init) ?? "-"), line height \(lineHeight.map { "\($0.value) \($0.unit)" } ?? "-") \(lineHeightStyle.map { "\($0.alignment)/\($0.trim)/\($0.mode)" } ?? "-"), pad \(includeFontPadding), lines \(maxLines.map(String.init) ?? "-")\(ellipsis ? " …" : "")"
        }

        var paragraphStyle: AndroidParagraphStyle {
            var style = AndroidParagraphStyle.compose(
                lineHeight: lineHeight.map { $0.unit == "em" ? .em($0.value) : .sp($0.value) },
                lineHeightStyle: lineHeightStyle.map {
                    AndroidParagraphStyle.LineHeightStyle(
                        alignment: .init(rawValue: $0.alignment) ?? .proportional,
                        trim: .init(rawValue: $0.trim.replacingOccurrences(of: "LineTop", with: "-line-top").replacingOccurrences(of: "LineBottom", with: "-line-bottom")) ?? .both,
                        mode: .init(rawValue: $0.mode) ?? .fixed)
                },
                maxLines: maxLines, ellipsize: ellipsis, breakStrategy: .init(rawValue: breakStrategy.replacingOccurrences(of: "_", with: "-")) ?? .simple,
                includeFontPadding: includeFontPadding)
            style.fallbackLineSpacing = true
            return style
        }
    }
    var views: [View]

    static let loaded: AndroidComposeGoldens? = try? Fixtures.golden("android_compose.json", as: AndroidComposeGoldens.self)
}

extension AndroidComposeTests {
    /// Every view of `android_compose.json`: its layout kind, width, height and lines, from
    /// Caliper's Compose measure over its own measurement and breaks.
    @Test func composeTextsMeasureAsTheGoldenSays() throws {
        let goldens = try #require(AndroidComposeGoldens.loaded)
        #expect(goldens.views.count > 250)
        #expect(Set(goldens.views.compactMap { $0.lineHeightStyle.map { "\($0.alignment) \($0.trim) \($0.mode)" } }).count >= 20)
        var failures: [String] = []
        for golden in goldens.views {
            let families = try golden.fonts.map { AndroidFamily(font: try Fixtures.font($0)) }
            let paint = AndroidPaint(size: Float(golden.size), letterSpacing: Float(golden.letterSpacing), hinting: golden.hinting, locale: "en-US", features: [])
            var view = try AndroidTextViewLayout(
                text: Array(golden.text.utf16), families: families, paint: paint, style: golden.paragraphStyle, density: 1, hyphenationPatterns: [])
            view.lineHeightInPixels = golden.lineHeight?.px
            let layout = try view.measureCompose(widthLimit: golden.maxWidth)
            let lines = layout.lines.map {
                AndroidComposeGoldens.Line(start: $0.utf16Range.lowerBound, end: $0.utf16Range.upperBound, top: $0.top, baseline: $0.baseline, bottom: $0.bottom)
            }
            if layout.kind.rawValue != golden.layout || layout.width != golden.width || layout.height != golden.height || lines != golden.lines {
                let first = zip(lines, golden.lines).first { $0 != $1 }
                failures.append(
                    "\(golden): \(layout.kind) \(layout.width)×\(layout.height), golden \(golden.layout) \(golden.width)×\(golden.height); \(lines.count)/\(golden.lines.count) lines; first difference \(String(describing: first))")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(goldens.views.count) views differ:\n\(failures.prefix(12).joined(separator: "\n"))")
        Conformance.record("android-compose", cases: goldens.views.count, agreed: goldens.views.count - failures.count)
    }
}
