#!/usr/bin/python3
"""Generate Tests/Goldens/languages.json: glyphs hb-shape gives with --language=TAG, for the language tags
HarfBuzz's own tests use and a few more, over the fixture fonts in scripts they cover.

Run from the repository root with Debian's Python, giving a HarfBuzz git repository (a clone, or a bare
mirror) that has the tag 6.0.0:

    /usr/bin/python3 Tests/Goldens/make_languages.py HARFBUZZ_GIT_DIR

Tags: every `--language=TAG` of HarfBuzz 6.0.0's shaping tests (`test/shape/data/*/tests/*.tests`) and
every language tag of its tag-mapping tests (`test/api/test-ot-tag.c`: the language argument of
`test_tag_from_language`, `test_language_two_way`, `test_tag_to_language`, `test_tags`,
`test_script_tags_from_language` and `test_tags_to_script_and_language`), then OTHER_TAGS below. Each
case (a font, a script, a direction, a text) is shaped by hb-shape (with --script, --direction and
--language; default features) once per tag; a case keeps its distinct results and which tag gave which.
See Tests/Goldens/languages.md.
"""
import json
import os
import re
import subprocess
import sys

import hbshape

OUT = os.path.join(hbshape.REPO, "Tests", "Goldens", "languages.json")
VERSION = "6.0.0"

# Tags beyond HarfBuzz's tests: the fixture fonts' language systems, private use (-hbot-, -hbsc-, DFLT's
# case flip), Chinese variants, garbage and edge shapes Caliper's TextStyle lets through.
OTHER_TAGS = [
    "zh-Hant-HK", "zh-TW", "zh-MO", "zh-Hant-MO", "zh-HK", "sr-Latn", "el-polyton", "und", "ro-MD", "nl",
    "x123", "EN_us", "en", "ro", "mo", "ca", "ca-valencia", "sr", "sr-Cyrl", "mk", "ur", "fa", "mr", "ne",
    "hi", "ku", "sd", "es", "gl", "is", "se", "smj", "sma", "smn", "sms", "nv", "mh", "und-fonipa",
    "und-fonnapa", "ja", "ko", "tr", "az", "el", "zh", "zh-CN",
    "x-hbot-43415420", "x-hbot-524f4d20", "x-hbot-5a48544d", "x-hbot-5a484820", "x-hbot-44464c54",
    "x-hbot-64666c74", "x-hbot-41414120", "ro-x-hbot-43415420", "qaa-x-hbot-524f4d20",
    "x-hbsc-6c61746e", "x-hbsc-6379726c", "sr-x-hbsc-6379726c", "x-hbsc-6379726c-hbot-54524b20",
    "x-hbsc-6379726c-hbot-53524220", "en-x-hbsc-64657632", "mr-x-hbsc-64657661", "x-hbsc-44464c54",
    "x-hbsc-7a7a7a7a", "ar-x-hbsc-61726162-hbot-55524420", "zh-MO-x-hbsc-6c61746e", "x-hbotzzzz",
    "i-klingon", "art-lojban", "zh-min-nan", "x", "-", "en-", "en--us", "x-", "a-b-c", "123", "abc",
    "ABC", "xyz", "en-US-u-co-phonebk", "de-DE-1996", "sl-rozaj-biske", "en-a-bbb-x-a-ccc",
    "qaa-Qaaa-QM-x-southern", "zh-yue-HK", "yue", "cmn-Hant-TW", "ar-arz", "abcdefghij",
    "a1b2c3d4-e5f6g7h8-i9j0k1l2-m3n4o5p6-q7r8s9t0-u1v2w3x4-y5z6a7b8-c9d0e1",
]

# (font, script, direction, text): texts whose glyphs change with the fonts' language systems.
CASES = [
    ("Fonts/NotoSans-Regular.ttf", "Latn", "ltr", "Şşţ l·l ŀl ǆ ą ę ı Ŋŋ"),
    ("Fonts/NotoSans-Regular.ttf", "Cyrl", "ltr", "бгдптш"),
    ("Fonts/NotoSans-Regular.ttf", "Grek", "ltr", "άέΐ ΰ"),
    ("Fonts/NotoSansArabic-Regular.ttf", "Arab", "rtl", "۴۵۶۷ ہے ی ك"),
    ("Fonts/NotoSansDevanagari-Regular.ttf", "Deva", "ltr", "ल्ल श्र झ १५८९"),
    ("Fonts/DejaVuSans.ttf", "Latn", "ltr", "Şş Ţţ l·l ŀl ĳ Ŋ ŋ"),
    ("Fonts/DejaVuSans.ttf", "Cyrl", "ltr", "бгдпт"),
    ("Fonts/DejaVuSans.ttf", "Arab", "rtl", "ک ی ۴۵۶ ڭ ه"),
    ("Fonts/DroidSansFallbackFull.ttf", "Hani", "ltr", "中文字体 骨 直"),
    ("Fonts/DroidSansFallbackFull.ttf", "Latn", "ltr", "Hello"),
    ("Fonts/Languages/CaliperLanguageSplitTest.ttf", "Latn", "ltr", "ABC"),
    ("Fonts/Languages/CaliperLanguageSplitTest.ttf", "Cyrl", "ltr", "ABC"),
]

LANGUAGE_ARGUMENT = {  # function -> index of its language argument
    "test_tag_from_language": 1,
    "test_language_two_way": 1,
    "test_tag_to_language": 1,
    "test_tags": 1,
    "test_script_tags_from_language": 1,
    "test_tags_to_script_and_language": 3,
}


def git(harfbuzz, *arguments):
    return subprocess.run(["git", "-C", harfbuzz, *arguments], check=True, capture_output=True).stdout.decode()


def harfbuzz_tags(harfbuzz):
    """HarfBuzz 6.0.0's test language tags, in the order first met, and the files they come from."""
    tags = []
    files = sorted(path for path in git(harfbuzz, "ls-tree", "-r", "--name-only", VERSION, "test/shape/data").split()
                   if path.endswith(".tests"))
    for path in files:
        tags += re.findall(r"--language=([^\s;]+)", git(harfbuzz, "show", VERSION + ":" + path))
    source = git(harfbuzz, "show", VERSION + ":test/api/test-ot-tag.c")
    for function, arguments in re.findall(r"^\s*(test_\w+)\s*\(([^;]*)\)\s*;", source, re.MULTILINE):
        if function not in LANGUAGE_ARGUMENT:
            continue
        values = [value.strip() for value in arguments.split(",")]
        value = values[LANGUAGE_ARGUMENT[function]]
        if value.startswith('"'):
            tags.append(value.strip('"'))
    unique = []
    for tag in tags:
        if tag and tag not in unique:
            unique.append(tag)
    return unique


def glyphs(font, script, direction, text, language):
    """hb-shape's glyphs as [glyph, UTF-16 cluster, x advance, x offset, y offset]."""
    offsets = hbshape.utf8_to_utf16_offsets(text)
    return [[g["g"], offsets[g["cl"]], g["ax"], g["dx"], g["dy"]]
            for g in hbshape.shape(font, text, direction=direction, script=script, language=language)]


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    harfbuzz = sys.argv[1]
    from_harfbuzz = harfbuzz_tags(harfbuzz)
    others = [tag for tag in OTHER_TAGS if tag not in from_harfbuzz]
    cases = []
    for font, script, direction, text in CASES:
        results, by_tag = [], {}
        for tag in from_harfbuzz + others:
            result = glyphs(font, script, direction, text, tag)
            if result not in results:
                results.append(result)
            by_tag[tag] = results.index(result)
        cases.append({"font": font, "script": script, "direction": direction, "text": text,
                      "results": results, "resultByTag": by_tag})
    document = {
        "generator": {
            "hbShape": hbshape.version(),
            "harfbuzzTests": "HarfBuzz %s: test/shape/data/*/tests/*.tests (--language), test/api/test-ot-tag.c" % VERSION,
            "script": "Tests/Goldens/make_languages.py",
        },
        "harfbuzzTags": from_harfbuzz,
        "otherTags": others,
        "cases": cases,
    }
    with open(OUT, "w", encoding="utf-8") as output:
        json.dump(document, output, ensure_ascii=False, indent=2, sort_keys=True)
        output.write("\n")
    print("wrote %s: %d + %d tags, %d cases" % (os.path.relpath(OUT, hbshape.REPO), len(from_harfbuzz), len(others), len(cases)))


if __name__ == "__main__":
    main()
