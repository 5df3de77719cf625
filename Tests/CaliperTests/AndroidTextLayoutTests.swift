// AndroidTextLayoutTests.swift — texts laid out as an Android TextView lays them out: StaticLayout end to end against android_heights.json (ellipses included), and TextView's measuring rules.
@testable import Caliper
import Foundation
import Testing
import TestSupport

@Suite struct AndroidTextLayoutTests {
    static let patternsPath = Fixtures.path("Tests/Fixtures/Android/hyph-en-us.hyb")
    static let englishPatterns = Result { try AndroidHyphenationPatterns(contentsOfFile: patternsPath, locale: "en-US", minPrefix: 2, minSuffix: 3) }

    static func roboto(_ size: CGFloat) throws -> TextStyle {
        TextStyle(font: try AndroidLineBreakTests.roboto.get(), size: size)
    }

    /// Every layout of `android_heights.json` — ellipsized ones included — made end to end:
    /// Caliper's paint metrics and ellipsis width, its Minikin measurement and line breaks, its
    /// StaticLayout, against StaticLayout's rules restated over Minikin's own numbers.
    @Test func staticLayoutsMatchTheGoldenEndToEnd() throws {
        let goldens = try #require(AndroidHeightGoldens.loaded)
        #expect(goldens.layouts.count > 450)
        #expect(goldens.layouts.filter { $0.ellipsize != nil }.count > 100)
        var failures: [String] = []
        for golden in goldens.layouts {
            let families = try golden.fonts.map { AndroidFamily(font: try Fixtures.font($0)) }
            let paint = AndroidPaint(size: Float(golden.size), letterSpacing: 0, hinting: golden.hinting, locale: "en-US", features: [])
            let style = AndroidParagraphStyle(
                breakStrategy: golden.breakStrategy == "simple" ? .simple : golden.breakStrategy == "balanced" ? .balanced : .highQuality)
            var view = try AndroidTextViewLayout(
                text: Array(golden.text.utf16), families: families, paint: paint, style: style, density: 1, hyphenationPatterns: [])
            let metrics = try AndroidTextViewLayout.paintMetrics(families: families, paint: paint)
            if metrics != goldens.paint(for: golden) {
                failures.append("\(golden): paint metrics \(metrics), golden \(String(describing: goldens.paint(for: golden)))")
                continue
            }
            let layout = try view.staticLayout(settings: golden.settings, paint: metrics)
            let lines = layout.lines.map {
                AndroidHeightGoldens.Line(
                    start: $0.start, end: $0.end, top: $0.top, bottom: $0.bottom, baseline: $0.baseline, ascent: $0.ascent, descent: $0.descent,
                    extra: $0.extra, ellipsisStart: $0.ellipsisStart, ellipsisCount: $0.ellipsisCount, lineWidth: $0.width, minikinAscent: nil,
                    minikinDescent: nil)
            }
            let expected = golden.lines.map {
                var line = $0
                (line.minikinAscent, line.minikinDescent) = (nil, nil)
                (line.ellipsisStart, line.ellipsisCount) = (line.ellipsisStart ?? 0, line.ellipsisCount ?? 0)
                return line
            }
            if lines != expected || layout.height != golden.height || layout.cappedHeight != golden.heightCapped
                || layout.topPadding != golden.topPadding || layout.bottomPadding != golden.bottomPadding
            {
                let first = zip(lines, expected).first { $0 != $1 }
                failures.append("\(golden): height \(layout.height)/\(golden.height), \(lines.count)/\(expected.count) lines, first difference \(String(describing: first))")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(goldens.layouts.count) layouts differ:\n\(failures.prefix(8).joined(separator: "\n"))")
        Conformance.record("android-heights", cases: goldens.layouts.count, agreed: goldens.layouts.count - failures.count)
    }

    /// A one-line text a TextView finds boring is a BoringLayout as wide as its advance rounded
    /// up, its height the font's top to bottom (font padding) or ascent to descent.
    @Test func aShortLabelIsABoringLayout() throws {
        let measurer = TextMeasurer(cache: nil)
        let style = try Self.roboto(16)
        let profile = AndroidProfile(density: 2.625)
        let advance = try measurer.androidMeasurement(of: "Sign in", style: style, profile: profile).advance
        let fm = try measurer.androidFontMetrics(style: style, profile: profile)
        let padded = try measurer.androidLayout(of: "Sign in", style: style, profile: profile, maxWidth: 200)
        #expect(padded.kind == .boring)
        #expect(padded.width == Int(advance.rounded(.up)))
        #expect(padded.height == fm.bottomInt - fm.topInt)
        #expect(padded.lines.count == 1 && padded.lines[0].baseline == -fm.topInt && padded.lines[0].utf16Range == 0..<7)
        let unpadded = try measurer.androidLayout(
            of: "Sign in", style: style, paragraphStyle: AndroidParagraphStyle(includeFontPadding: false, lineSpacingExtra: 8), profile: profile)
        #expect(unpadded.kind == .boring)
        // BoringLayout ignores line spacing.
        #expect(unpadded.height == fm.descentInt - fm.ascentInt)
        #expect(abs(unpadded.heightInDP - Double(unpadded.height) / 2.625) < 1e-12)
    }

    /// Line feeds, tabs and right-to-left text are never boring; a text wider than the width
    /// wraps in a StaticLayout exactly as wide as the width.
    @Test func otherTextsAreStaticLayouts() throws {
        let measurer = TextMeasurer(cache: nil)
        let style = try Self.roboto(14)
        let profile = AndroidProfile()
        #expect(try measurer.androidLayout(of: "One\nTwo", style: style, profile: profile).kind == .static)
        #expect(try measurer.androidLayout(of: "שלום", style: style, profile: profile).kind == .static)
        let long = "The quick brown fox jumps over the lazy dog and keeps running"
        let wrapped = try measurer.androidLayout(of: long, style: style, profile: profile, maxWidth: 120)
        #expect(wrapped.kind == .static && wrapped.width == 120 && wrapped.lines.count > 2)
        #expect(wrapped.height == wrapped.lines.last?.bottom)
        #expect(wrapped.lines.map(\.utf16Range.lowerBound) == [0] + wrapped.lines.dropLast().map(\.utf16Range.upperBound))
        // Two paragraphs: as wide as the wider.
        let two = try measurer.androidLayout(of: "Hi\nHello there", style: style, profile: profile)
        let widest = try measurer.androidMeasurement(of: "Hello there", style: style, profile: profile).advance
        #expect(two.width == Int(widest.rounded(.up)) && two.lines.count == 2)
    }

    /// maxWidth in dp becomes px as a dimension resource does: 100 dp at 2.625 is 262.5, 263 px.
    @Test func theWidthInDPRoundsAsAndroidRoundsDimensions() throws {
        #expect(AndroidProfile(density: 2.625).pixelSize(fromDP: 100) == 263)
        #expect(AndroidProfile(density: 1.5).pixelSize(fromDP: 0.2) == 1)
        #expect(AndroidProfile(density: 3).pixelSize(fromDP: 0) == 0)
        let layout = try TextMeasurer(cache: nil).androidLayout(
            of: String(repeating: "wide words ", count: 20), style: try Self.roboto(14), profile: AndroidProfile(density: 2.625), maxWidth: 100)
        #expect(layout.width == 263)
    }

    /// android:textSize is read as whole px; setTextSize in code keeps them exact.
    @Test func aTextSizeFromAResourceIsWholePixels() throws {
        let measurer = TextMeasurer(cache: nil)
        let profile = AndroidProfile(density: 2.625)
        let fromResource = try measurer.androidLayout(of: "Sign in", style: try Self.roboto(14), profile: profile)
        #expect(fromResource.textSize == 37)
        let fromCode = try measurer.androidLayout(
            of: "Sign in", style: try Self.roboto(14), paragraphStyle: AndroidParagraphStyle(textSizeFromResource: false), profile: profile)
        #expect(fromCode.textSize == 36.75)
        let advance = try measurer.androidMeasurement(of: "Sign in", style: try Self.roboto(14), profile: profile).advance
        #expect(fromCode.width == Int(advance.rounded(.up)))
    }

    /// A TextView measures itself at least 0 by 0 (its minimum width and height, and the suggested
    /// ones, are 0), though its layout's lines may be negative: an advance under letter spacing
    /// of −100 em, tops climbing under −10,000 dp of line spacing.
    @Test func theViewsSizeIsNeverNegative() throws {
        let measurer = TextMeasurer(cache: nil)
        let style = try Self.roboto(16)
        let squeezed = try measurer.androidLayout(of: "abc def", style: style, profile: AndroidProfile(letterSpacing: -100), maxWidth: 200)
        #expect(squeezed.kind == .boring && squeezed.width == 0 && squeezed.widthInDP == 0)
        #expect(try #require(squeezed.lines.first).width < 0)
        let climbing = try measurer.androidLayout(
            of: "abc\ndef\nghi", style: style, paragraphStyle: AndroidParagraphStyle(lineSpacingMultiplier: 0, lineSpacingExtra: -10_000),
            profile: AndroidProfile())
        #expect(climbing.kind == .static && climbing.height == 0 && climbing.lines.count == 3)
        #expect(try #require(climbing.lines.last).bottom < 0)
    }

    @Test func maxLinesCutsOffOrEllipsizes() throws {
        let measurer = TextMeasurer(cache: nil)
        let style = try Self.roboto(14)
        let text = "The quick brown fox jumps over the lazy dog and keeps running far away"
        let all = try measurer.androidLayout(of: text, style: style, profile: AndroidProfile(), maxWidth: 100)
        #expect(all.lines.count > 2 && !all.isTruncated && !all.isEllipsized)
        let cut = try measurer.androidLayout(of: text, style: style, paragraphStyle: AndroidParagraphStyle(maxLines: 2), profile: AndroidProfile(), maxWidth: 100)
        #expect(cut.lines.count == 2 && cut.isTruncated && !cut.isEllipsized)
        // TextView's height is getHeight(true): as if the second line were the last, its font padding below it.
        let fm = try measurer.androidFontMetrics(style: style, profile: AndroidProfile())
        #expect(cut.height == cut.lines[1].bottom + fm.bottomInt - fm.descentInt)
        #expect(cut.lines.allSatisfy { $0.ellipsisRange == nil })
        let ellipsized = try measurer.androidLayout(
            of: text, style: style, paragraphStyle: AndroidParagraphStyle(maxLines: 2, ellipsize: .end), profile: AndroidProfile(), maxWidth: 100)
        #expect(ellipsized.lines.count == 2 && ellipsized.isEllipsized && !ellipsized.isTruncated)
        let last = try #require(ellipsized.lines.last)
        #expect(last.utf16Range.upperBound == text.utf16.count)
        let ellipsis = try #require(last.ellipsisRange)
        #expect(ellipsis.upperBound == text.utf16.count && ellipsis.lowerBound > last.utf16Range.lowerBound)
        // A single line ellipsized at the start.
        let start = try measurer.androidLayout(
            of: text, style: style, paragraphStyle: AndroidParagraphStyle(maxLines: 1, ellipsize: .start), profile: AndroidProfile(), maxWidth: 100)
        #expect(start.lines.count == 1 && start.lines[0].ellipsisRange?.lowerBound == 0)
    }

    @Test func hyphenationUsesTheProfilesPatternsOrSaysItHasNone() throws {
        let measurer = TextMeasurer(cache: nil)
        let style = try Self.roboto(14)
        let text = "internationalization characteristically incomprehensibilities"
        let paragraph = AndroidParagraphStyle(breakStrategy: .simple, hyphenationFrequency: .full)
        let without = try measurer.androidLayout(of: text, style: style, paragraphStyle: paragraph, profile: AndroidProfile(), maxWidth: 90)
        #expect(without.lacksHyphenationPatterns && without.lines.allSatisfy { !$0.isHyphenated })
        let profile = AndroidProfile(hyphenationPatterns: [try Self.englishPatterns.get()])
        let with = try measurer.androidLayout(of: text, style: style, paragraphStyle: paragraph, profile: profile, maxWidth: 90)
        #expect(!with.lacksHyphenationPatterns && with.lines.contains { $0.isHyphenated })
        // No hyphenation asked: nothing lacks.
        #expect(try !measurer.androidLayout(of: text, style: style, profile: AndroidProfile(), maxWidth: 90).lacksHyphenationPatterns)
        // Minikin's lookup: en-US text (en-Latn-US once likely subtags are added) finds en-US
        // without its script, and an emoji extension is dropped; en-GB has no set of its own
        // and, without Android's `en` alias, none at all; the first locale decides.
        let patterns = try Self.englishPatterns.get()
        #expect(AndroidHyphenationPatterns.lookup("en-US", in: [patterns]) === patterns)
        #expect(AndroidHyphenationPatterns.lookup("en-US-u-em-emoji", in: [patterns]) === patterns)
        #expect(AndroidHyphenationPatterns.lookup("en-GB", in: [patterns]) == nil)
        #expect(AndroidHyphenationPatterns.lookup("en-GB", in: [patterns, patterns.registered(as: "en")])?.locale == "en")
        #expect(AndroidHyphenationPatterns.lookup("de-DE,en-US", in: [patterns]) == nil)
    }

    /// A device's folder registered as Android 14 registers it: the files of its table that
    /// exist, Catalan by rule, and the aliases whose target is there.
    @Test func aDevicesFolderIsRegisteredAsAndroidRegistersIt() throws {
        let device = try AndroidHyphenationPatterns.device(directory: Fixtures.path("Tests/Fixtures/Android"))
        #expect(device.map(\.locale) == ["en-US", "ca", "en-AS", "en-GU", "en-MH", "en-MP", "en-PR", "en-UM", "en-VI"])
        #expect(device[0].minPrefix == 2 && device[0].minSuffix == 3 && device[1].path == nil)
        #expect(AndroidHyphenationPatterns.lookup("en-PR", in: device)?.locale == "en-PR")
        #expect(AndroidHyphenationPatterns.lookup("en-AU", in: device) == nil)
        #expect(AndroidHyphenationPatterns.lookup("ca-ES", in: device)?.locale == "ca")
        // Catalan by rule: "l·l" breaks as "l-l" with no patterns at all.
        let text = "col·lecció col·lecció col·lecció"
        let layout = try TextMeasurer(cache: nil).androidLayout(
            of: text, style: try Self.roboto(14), paragraphStyle: AndroidParagraphStyle(breakStrategy: .simple, hyphenationFrequency: .full),
            profile: AndroidProfile(locale: "ca-ES", hyphenationPatterns: device), maxWidth: 40)
        #expect(!layout.lacksHyphenationPatterns)
        #expect(throws: CaliperError.self) { try AndroidHyphenationPatterns.device(directory: "/nonexistent") }
    }

    @Test func badInputIsRefusedWithItsReason() throws {
        let measurer = TextMeasurer(cache: nil)
        let style = try Self.roboto(14)
        for width in [-1, .nan, .infinity, 1e9] as [Double] {
            #expect(throws: CaliperError.self) { try measurer.androidLayout(of: "a", style: style, profile: AndroidProfile(), maxWidth: width) }
        }
        #expect {
            try measurer.androidLayout(of: "a\tבּ", style: style, profile: AndroidProfile())
        } throws: { error in
            guard case CaliperError.unsupportedOnAndroid(let reason) = error else { return false }
            return reason.contains("tab")
        }
        #expect(throws: CaliperError.self) {
            try measurer.androidLayout(of: "a", style: style, paragraphStyle: AndroidParagraphStyle(maxLines: 0), profile: AndroidProfile())
        }
        for (path, locale) in [("/nonexistent.hyb", "en-US"), (Fixtures.path("Fonts/Android/Roboto-Regular.ttf"), "en-US"), (Self.patternsPath, "")] {
            #expect {
                try AndroidHyphenationPatterns(contentsOfFile: path, locale: locale)
            } throws: { error in
                guard case CaliperError.invalidHyphenationPatterns(let where_, _) = error else { return false }
                return where_ == path
            }
        }
    }

    /// An empty text is one empty line in the paint's metrics; a character no font has is counted.
    @Test func emptyTextAndMissingGlyphs() throws {
        let measurer = TextMeasurer(cache: nil)
        let style = try Self.roboto(14)
        let fm = try measurer.androidFontMetrics(style: style, profile: AndroidProfile())
        let empty = try measurer.androidLayout(of: "", style: style, profile: AndroidProfile())
        #expect(empty.kind == .boring && empty.width == 0 && empty.height == fm.bottomInt - fm.topInt && empty.lines.count == 1)
        let missing = try measurer.androidLayout(of: "a\u{10FFFD}b", style: style, profile: AndroidProfile())
        #expect(missing.missingGlyphCount == 1 && missing.kind == .static)
    }
}

/// `Tests/Goldens/android_textview.json` (`make_android_textview.py`: TextView.onMeasure,
/// BoringLayout and StaticLayout restated in Python over Minikin's own numbers).
struct AndroidTextViewGoldens: Decodable {
    struct Line: Decodable, Equatable, CustomStringConvertible {
        var start: Int, end: Int, top: Int, baseline: Int, bottom: Int, ascent: Int, descent: Int, ellipsisStart: Int, ellipsisCount: Int
        var description: String { "[\(start), \(end)) \(top)/\(baseline)/\(bottom) \(ascent) \(descent) … \(ellipsisStart)+\(ellipsisCount)" }
    }
    struct View: Decodable, CustomStringConvertible {
        var kind: String
        var text: String
        var fonts: [String]
        var size: Double
        var hinting: Bool
        var maxWidth: Int?
        var maxLines: Int?
        var ellipsize: String?
        var includeFontPadding: Bool
        var fallbackLineSpacing: String
        var lineSpacingMultiplier: Float
        var lineSpacingExtra: Float
        var breakStrategy: String
        var hyphenationFrequency: String
        var layout: String
        var width: Int
        var height: Int
        var lineCount: Int
        var lines: [Line]
        var description: String {
            "\(kind) \(text.prefix(40).debugDescription) at \(size) px, max \(maxWidth.map(String.init) ?? "-"), \(breakStrategy), pad \(includePadDescription), fallback \(fallbackLineSpacing), lines \(maxLines.map(String.init) ?? "-"), ellipsize \(ellipsize ?? "-")"
        }
        private var includePadDescription: String { includeFontPadding ? "on" : "off" }
    }
    var views: [View]

    static let loaded: AndroidTextViewGoldens? = try? Fixtures.golden("android_textview.json", as: AndroidTextViewGoldens.self)
}

extension AndroidTextLayoutTests {
    /// Every view of `android_textview.json`: the layout a TextView makes, its measured width and
    /// height, and its lines, from Caliper's measurement and breaks.
    @Test func textViewsMeasureAsTheGoldenSays() throws {
        let goldens = try #require(AndroidTextViewGoldens.loaded)
        #expect(goldens.views.count > 300)
        #expect(goldens.views.filter { $0.layout == "boring" }.count > 100)
        var failures: [String] = []
        // Tabs: Minikin's greedy breaking to tab stops, TextLine's segments and default stops.
        #expect(goldens.views.filter { $0.text.contains("\t") }.count >= 10)
        for golden in goldens.views {
            let families = try golden.fonts.map { AndroidFamily(font: try Fixtures.font($0)) }
            let paint = AndroidPaint(size: Float(golden.size), letterSpacing: 0, hinting: golden.hinting, locale: "en-US", features: [])
            let style = AndroidParagraphStyle(
                breakStrategy: AndroidParagraphStyle.BreakStrategy(rawValue: golden.breakStrategy.replacingOccurrences(of: "_", with: "-")) ?? .highQuality,
                hyphenationFrequency: AndroidParagraphStyle.HyphenationFrequency(rawValue: golden.hyphenationFrequency) ?? .none,
                includeFontPadding: golden.includeFontPadding, fallbackLineSpacing: golden.fallbackLineSpacing != "none",
                lineSpacingMultiplier: golden.lineSpacingMultiplier, maxLines: golden.maxLines,
                ellipsize: golden.ellipsize.flatMap(AndroidParagraphStyle.Ellipsize.init(rawValue:)))
            var view = try AndroidTextViewLayout(
                text: Array(golden.text.utf16), families: families, paint: paint, style: style, density: 1,
                hyphenationPatterns: [try Self.englishPatterns.get()])
            view.boringFallbackLineSpacing = golden.fallbackLineSpacing == "all"
            view.spacingAddInPixels = golden.lineSpacingExtra
            let layout = try view.measure(widthLimit: golden.maxWidth)
            let lines = layout.lines.map {
                AndroidTextViewGoldens.Line(
                    start: $0.utf16Range.lowerBound, end: $0.utf16Range.upperBound, top: $0.top, baseline: $0.baseline, bottom: $0.bottom,
                    ascent: $0.ascent, descent: $0.descent, ellipsisStart: 0,
                    ellipsisCount: $0.ellipsisRange?.count ?? 0)
            }
            let shown = golden.maxLines.map { min($0, golden.lineCount) } ?? golden.lineCount
            var expected = Array(golden.lines.prefix(shown))
            // Ellipsis starts are compared apart: the golden's are from the line's start.
            for index in expected.indices { expected[index].ellipsisStart = 0 }
            let ellipsisStarts = layout.lines.map { line in line.ellipsisRange.map { $0.lowerBound - line.utf16Range.lowerBound } ?? 0 }
            let expectedStarts = golden.lines.prefix(shown).map(\.ellipsisStart)
            if layout.kind.rawValue != golden.layout || layout.width != golden.width || layout.height != golden.height || lines != expected
                || ellipsisStarts != expectedStarts || layout.isTruncated != (golden.lineCount > shown)
            {
                let first = zip(lines, expected).first { $0 != $1 }
                failures.append(
                    "\(golden): \(layout.kind) \(layout.width)×\(layout.height), golden \(golden.layout) \(golden.width)×\(golden.height); \(lines.count)/\(expected.count) lines; first difference \(String(describing: first))")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(goldens.views.count) views differ:\n\(failures.prefix(10).joined(separator: "\n"))")
        Conformance.record("android-textview", cases: goldens.views.count, agreed: goldens.views.count - failures.count)
    }
}

/// The word-break tables a measured paragraph keeps answer as Minikin's scans do, and a long
/// word's lines cost no more than their length.
@Suite struct AndroidWordBreakTableTests {
    @Test func theTablesAnswerAsTheScansDo() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [UInt16] = [0x61, 0x62, 0x20, 0x2003, 0x3000, 0x4E00, 0x2067, 0x200F, 0x0A, 0xD83D, 0xDE00, 0x05D0]
        var texts: [[UInt16]] = [[], [0x20], [0x61], Array(repeating: 0x61, count: 50), Array("a b  c\u{3000}漢字 d".utf16)]
        for _ in 0..<200 { texts.append((0..<Int.random(in: 0..<40, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? 0x61 }) }
        for text in texts {
            let table = MinikinLayout.WordBreaks(text)
            for offset in 0...(text.count + 1) {
                #expect(table.previous(offset) == MinikinLayout.previousWordBreak(text, offset), "\(text) previous \(offset)")
                #expect(table.next(offset) == MinikinLayout.nextWordBreak(text, offset), "\(text) next \(offset)")
            }
        }
    }

    /// 100,000 letters without a break, one or two a line: each line's pieces find their word's
    /// ends in the table, not by scanning the word (which took minutes).
    @Test(.timeLimit(.minutes(1))) func aLongWordBreaksInTime() throws {
        let layout = try TextMeasurer(cache: nil).androidLayout(
            of: String(repeating: "a", count: 100_000), style: try AndroidTextLayoutTests.roboto(14), profile: AndroidProfile(), maxWidth: 10)
        #expect(layout.lines.count > 50_000)
    }
}

/// Hyphenation files are read as font files are: a FIFO, a folder, a file over the limit are
/// refused with their reason (a FIFO was read with a blocking read), a link to a valid file works.
@Suite struct AndroidHyphenationFileTests {
    @Test func hostileFilesAreRefusedAndALinkIsRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("caliper-hyb-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/fifo.hyb"
        #expect(mkfifo(fifo, 0o600) == 0)
        let large = folder + "/large.hyb"
        #expect(FileManager.default.createFile(atPath: large, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: large))
        try handle.truncate(atOffset: UInt64(AndroidHyphenationPatterns.maximumByteCount + 1))
        try handle.close()
        for (path, reason) in [(fifo, "FIFO"), (folder, "directory"), (large, "over the limit"), (folder + "/none.hyb", "no such file")] {
            #expect {
                try AndroidHyphenationPatterns(contentsOfFile: path, locale: "en-US")
            } throws: { error in
                guard case CaliperError.invalidHyphenationPatterns(let where_, let why) = error else { return false }
                return where_ == path && why.localizedCaseInsensitiveContains(reason)
            }
        }
        // A device folder whose en-US file is a FIFO is refused, not waited on.
        let device = folder + "/device"
        try FileManager.default.createDirectory(atPath: device, withIntermediateDirectories: true)
        #expect(mkfifo(device + "/hyph-en-us.hyb", 0o600) == 0)
        #expect(throws: CaliperError.self) { try AndroidHyphenationPatterns.device(directory: device) }
        let link = folder + "/link.hyb"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: AndroidTextLayoutTests.patternsPath)
        #expect(try AndroidHyphenationPatterns(contentsOfFile: link, locale: "en-US").minSuffix == 3)
    }
}
