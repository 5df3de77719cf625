// MinikinLocaleTests.swift — Minikin's locales and locale lists, against the expectations of Minikin's own unit tests (tests/unittest/FontFamilyTest.cpp and LocaleListTest.cpp, android-14.0.0_r50).
@testable import Caliper
import Testing

@Suite struct MinikinLocaleTests {
    /// `createLocale`: the first locale of the list a string makes (through ICU).
    static func locale(_ tag: String) -> MinikinLocale? { MinikinLocaleList(parsing: tag).locales.first }

    @Test(arguments: [
        ("en", "en-Latn-US"), ("en-Latn", "en-Latn-US"), ("EN-LATN", "en-Latn-US"), ("EN-latn", "en-Latn-US"),
        ("en-latn", "en-Latn-US"), ("en-xyzt", "en-Xyzt-US"), ("en-Latn-US", "en-Latn-US"), ("ja", "ja-Jpan-JP"),
        ("zh-TW", "zh-Hant-TW"), ("zh-HK", "zh-Hant-HK"), ("zh-MO", "zh-Hant-MO"), ("zh", "zh-Hans-CN"),
        ("zh-CN", "zh-Hans-CN"), ("zh-SG", "zh-Hans-SG"), ("und", "und"), ("UND", "und"), ("Und", "und"),
        ("und-Zsye", "und-Zsye"), ("Und-ZSYE", "und-Zsye"), ("Und-zsye", "und-Zsye"), ("es-Latn-419", "es-Latn-419"),
        ("de", "de-Latn-DE"), ("de-1901", "de-Latn-DE-1901"), ("de-DE-1996", "de-Latn-DE-1996"),
        ("ja-JP-u-lb-loose", "ja-Jpan-JP"), ("ja-JP-u-lb-loose-em-emoji", "ja-Jpan-JP"), ("ja-JP-u-lw-phrase", "ja-Jpan-JP"),
        ("es-419-u-em-emoji", "es-Latn-419"), ("und-Abcdefgh", "en-Latn-US"),
    ])
    func tagsAreNormalizedAsMinikinsGetStringTestExpects(tag: String, expected: String) {
        #expect(Self.locale(tag)?.string == expected)
    }

    @Test func rawTagsAreReconstructed() {
        // testReconstruction: Locale parsed without ICU.
        for tag in ["en", "fil", "und", "en-Latn", "fil-Taga", "und-Zsye", "en-US", "fil-PH", "es-419", "en-Latn-US",
                    "fil-Taga-PH", "es-Latn-419", "aa", "zz", "aa-Aaaa", "zz-Zzzz", "aaa-Aaaa-AA", "zzz-Zzzz-ZZ", "aaa-Aaaa-000"] {
            #expect(MinikinLocale(parsing: tag).string == tag)
        }
    }

    @Test func emojiStylesAreMinikins() {
        // subtagEmojiTest, subtagTextTest, subtagDefaultTest, subtagEmptyTest, undEmojiTests.
        for tag in ["und-Latn-u-em-emoji-u-em-text", "und-u-em-emoji", "en-u-em-emoji", "und-Jpan-u-em-emoji", "en-Latn-u-em-emoji",
                    "und-Zsym-u-em-emoji", "und-Zsye-u-em-emoji", "en-Zsym-u-em-emoji", "en-Zsye-u-em-emoji", "und-US-u-em-emoji",
                    "en-US-u-em-emoji", "es-419-u-em-emoji", "und-Latn-US-u-em-emoji", "en-Zsym-US-u-em-emoji",
                    "en-Zsye-US-u-em-emoji", "es-Zsye-419-u-em-emoji", "de-Latn-DE-1901-u-em-emoji", "und-Zsye"] {
            #expect(Self.locale(tag)?.emojiStyle == .emoji, "\(tag)")
        }
        for tag in ["und-Latn-u-em-text-u-em-emoji", "und-u-em-text", "en-u-em-text", "und-Latn-u-em-text", "en-Jpan-u-em-text",
                    "und-Zsym-u-em-text", "und-Zsye-u-em-text", "en-Zsym-u-em-text", "en-Zsye-u-em-text", "und-US-u-em-text",
                    "en-US-u-em-text", "es-419-u-em-text", "und-Latn-US-u-em-text", "en-Zsym-US-u-em-text",
                    "en-Zsye-US-u-em-text", "es-Zsye-419-u-em-text", "de-Latn-DE-1901-u-em-text"] {
            #expect(Self.locale(tag)?.emojiStyle == .text, "\(tag)")
        }
        for tag in ["en-Latn-u-em-default-u-em-emoji", "en-Latn-u-em-default-u-em-text", "und-u-em-default", "en-u-em-default",
                    "en-Latn-u-em-default", "en-Zsym-u-em-default", "en-Zsye-u-em-default", "en-US-u-em-default",
                    "en-Latn-US-u-em-default", "es-Latn-419-u-em-default", "en-Zsym-US-u-em-default", "en-Zsye-US-u-em-default",
                    "es-Zsye-419-u-em-default", "de-Latn-DE-1901-u-em-default"] {
            #expect(Self.locale(tag)?.emojiStyle == .default, "\(tag)")
        }
        for tag in ["und", "jp", "en-US", "en-Latn", "en-Latn-US", "en-Latn-US-u-em", "en-Latn-US-u-em-defaultemoji", "de-Latn-DE-1901",
                    "und-example"] {
            #expect(Self.locale(tag)?.emojiStyle == .empty, "\(tag)")
        }
    }

    @Test func scriptsSupportAsMinikinsScriptMatchTestExpects() {
        let supported = [
            ("en-Latn", "Latn"), ("ja-Jpan", "Jpan"), ("ja-Hira", "Hira"), ("ja-Kana", "Kana"), ("ja-Hrkt", "Hrkt"),
            ("zh-Hans", "Hans"), ("zh-Hant", "Hant"), ("zh-Hani", "Hani"), ("ko-Kore", "Kore"), ("ko-Hang", "Hang"),
            ("zh-Hanb", "Hanb"), ("ja-Jpan", "Hira"), ("ja-Jpan", "Kana"), ("ja-Jpan", "Hrkt"), ("ja-Hrkt", "Hira"),
            ("ja-Hrkt", "Kana"), ("zh-Hans", "Hani"), ("zh-Hant", "Hani"), ("zh-Hanb", "Hani"), ("zh-Hanb", "Bopo"),
            ("ko-Kore", "Hang"),
        ]
        let unsupported = [
            ("ja-Jpan", "Latn"), ("en-Latn", "Jpan"), ("ja-Jpan", "Hant"), ("zh-Hant", "Jpan"), ("ja-Jpan", "Hans"),
            ("zh-Hans", "Jpan"), ("ja-Jpan", "Kore"), ("ko-Kore", "Jpan"), ("zh-Hans", "Hant"), ("zh-Hant", "Hans"),
            ("zh-Hans", "Kore"), ("ko-Kore", "Hans"), ("zh-Hant", "Kore"), ("ko-Kore", "Hant"), ("ja-Hira", "Jpan"),
            ("ja-Kana", "Jpan"), ("ja-Hrkt", "Jpan"), ("ja-Hani", "Jpan"), ("ja-Hira", "Hrkt"), ("ja-Kana", "Hrkt"),
            ("ja-Hani", "Hrkt"), ("ja-Hani", "Hira"), ("ja-Hani", "Kana"), ("zh-Hani", "Hant"), ("zh-Hani", "Hans"),
            ("zh-Hani", "Hanb"), ("ko-Hang", "Kore"), ("ko-Hani", "Kore"), ("ko-Hani", "Hang"), ("ko-Hang", "Hani"),
            ("zh-Hanb", "Hant"), ("zh-Hanb", "Hans"), ("zh-Hanb", "Jpan"), ("zh-Hanb", "Kore"),
        ]
        for (base, script) in supported { #expect(Self.locale(base)?.supports(script: script) == true, "\(base) \(script)") }
        for (base, script) in unsupported { #expect(Self.locale(base)?.supports(script: script) == false, "\(base) \(script)") }
    }

    @Test func listsDropUnsupportedAndRepeatedLocalesAsMinikinsTestsExpect() {
        func strings(_ list: String) -> [String] { MinikinLocaleList(parsing: list).locales.map(\.string) }
        // LocaleListTest.cpp: basicTest, bogusLanguageTest.
        #expect(strings("en-US") == ["en-Latn-US"])
        #expect(strings("en-US,fr-FR") == ["en-Latn-US", "fr-Latn-FR"])
        #expect(strings("en-US,en-US,fr-FR") == ["en-Latn-US", "fr-Latn-FR"])
        #expect(strings("") == [])
        #expect(strings("en-US,THISISBOGUSLANGUAGE") == ["en-Latn-US"])
        #expect(strings("THISISBOGUSLANGUAGE,en-US") == ["en-Latn-US"])
        #expect(strings("THISISBOGUSLANGUAGE,THISISANOTHERBOGUSLANGUAGE") == [])
        // FontFamilyTest.cpp: unsupportedLocaleuageTests, repeatedLocaleuageTests.
        #expect(strings("abcd-example").isEmpty)
        #expect(strings("abcd-example,en") == ["en-Latn-US"])
        #expect(strings("en,en-Latn") == ["en-Latn-US"])
        #expect(strings("fr,fr-FR,fr-Latn-FR") == ["fr-Latn-FR"])
        #expect(strings("fr,fr-CA,fr-FR") == ["fr-Latn-FR", "fr-Latn-CA"])
        #expect(strings("en,fr,en-Latn") == ["en-Latn-US", "fr-Latn-FR"])
        // FONT_LOCALE_LIMIT: twelve at most.
        let many = (0..<20).map { "x\(Character(UnicodeScalar(97 + $0)!))" }.joined(separator: ",")
        #expect(MinikinLocaleList(parsing: many).locales.count == 12)
    }

    /// `calcScoreFor`, case by case of `FontCollection.cpp`'s comment on `calcLocaleMatchingScore`.
    @Test func localeScoresAreMinikins() throws {
        func score(_ paint: String, _ family: String) throws -> Int {
            try #require(Self.locale(paint)).score(for: MinikinLocaleList(parsing: family))
        }
        #expect(try score("ja-JP", "ja") == 3)  // language and script
        // A family's script must hold all of the paint's: zh-Hans (Han, simplified) lacks Jpan's kana.
        #expect(try score("ja-JP", "zh-Hans") == 0)
        #expect(try score("ja-Hani", "zh-Hans") == 1)
        #expect(try score("zh-CN", "zh-Hans") == 3)
        #expect(try score("zh-CN", "zh-Hant,zh-Bopo") == 0)
        #expect(try score("zh-TW", "zh-Hant,zh-Bopo") == 3)
        #expect(try score("ko-KR", "ja") == 0)
        #expect(try score("en-US", "und-Zsye") == 0)
        #expect(try score("en-US-u-em-emoji", "und-Zsye") == 2)  // the emoji style only
        #expect(try score("und-Zsye", "und-Zsye") == 4)  // emoji style and language
        #expect(try score("en-US", "en-GB") == 3)
        #expect(try score("fr-FR", "en") == 1)  // Latn
        // The paint's list weighs its first locale most: 5 × the first's score + the second's.
        let list = MinikinLocaleList(parsing: "ja-JP,zh-CN")
        #expect(list.matchingScore(for: MinikinLocaleList(parsing: "ja")) == 3 * 5 + 0)
        #expect(list.matchingScore(for: MinikinLocaleList(parsing: "zh-Hans")) == 0 * 5 + 3)
        #expect(MinikinLocaleList(parsing: "fr-FR,zh-TW,ja-JP").matchingScore(for: MinikinLocaleList(parsing: "ja")) == (0 * 5 + 0) * 5 + 3)
    }
}
