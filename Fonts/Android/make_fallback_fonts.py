#!/usr/bin/python3
"""Build the fallback fixtures of the Android font goldens (Tests/Goldens/android_fonts.md): fonts that
cover the same characters with different advances, so that which family Minikin picks shows in a width.

- CaliperHanJa.ttf, CaliperHanZhHans.ttf, CaliperHanZhHant.ttf, CaliperHanKo.ttf: Droid Sans Fallback
  (Fonts/DroidSansFallbackFull.ttf, Apache-2.0) subset to a few ideographs, kana, hangul, bopomofo and
  CJK punctuation, every advance scaled by 7/8, 6/8, 5/8 and 4/8 (the source's ideographs are 256 units
  wide in a 256-unit em: 224, 192, 160, 128), for families tagged ja, zh-Hans, zh-Hant and ko;
- CaliperArabicCompact.ttf and CaliperArabicElegant.ttf: Noto Sans Arabic (Fonts/NotoSansArabic-Regular.ttf,
  OFL-1.1) subset to the Arabic letters, harakat and Arabic-Indic digits, the elegant one with every
  advance scaled by 5/4, for fonts.xml's compact and elegant und-Arab families.

Outlines, kerning and mark positioning are the sources'; only `hmtx` advances change (rounded to whole
units). Each is renamed (family "Caliper … Test", name ID 10 says where it comes from); OFL-1.1 lets a
modified Noto font be distributed under another name, and Apache-2.0 a modified Droid font with notice.

Run from the repository root with Debian's Python (python3-fonttools 4.38 rebuilds them byte for byte):

    /usr/bin/python3 Fonts/Android/make_fallback_fonts.py
"""
import os
import sys

from fontTools import subset
from fontTools.ttLib import TTFont

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(REPO, "Fonts"))
import make_trak_fonts  # noqa: E402  (fixed timestamps, saving)

DROID = os.path.join(REPO, "Fonts", "DroidSansFallbackFull.ttf")
ARABIC = os.path.join(REPO, "Fonts", "NotoSansArabic-Regular.ttf")

# Ideographs (both forms of a few that simplified and traditional Chinese write differently), kana,
# hangul, bopomofo, CJK punctuation and the ideographic space.
HAN_TEXT = ("漢字骨直角海今天気中文日本語门門说說国國书書东東"
            "ひらがなカタカナのテキスト"
            "한국어텍스트"
            "ㄅㄆㄇㄈ"
            "、。「」\u3000")
HAN_FONTS = [
    ("CaliperHanJa.ttf", "Caliper Han JA Test", 7 / 8),
    ("CaliperHanZhHans.ttf", "Caliper Han ZH-Hans Test", 6 / 8),
    ("CaliperHanZhHant.ttf", "Caliper Han ZH-Hant Test", 5 / 8),
    ("CaliperHanKo.ttf", "Caliper Han KO Test", 4 / 8),
]

# Arabic letters, harakat, Arabic-Indic digits and the Arabic comma.
ARABIC_CODEPOINTS = [0x20, 0x60C] + list(range(0x621, 0x63B)) + list(range(0x640, 0x653)) + list(range(0x660, 0x66A))
ARABIC_FONTS = [
    ("CaliperArabicCompact.ttf", "Caliper Arabic Compact Test", 1.0),
    ("CaliperArabicElegant.ttf", "Caliper Arabic Elegant Test", 5 / 4),
]


def subset_font(source, codepoints):
    font = TTFont(source, recalcTimestamp=False)
    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.hinting = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=codepoints)
    subsetter.subset(font)
    return font


def scale_advances(font, factor):
    hmtx = font["hmtx"]
    for name, (advance, lsb) in hmtx.metrics.items():
        hmtx.metrics[name] = (int(round(advance * factor)), lsb)
    font["hhea"].advanceWidthMax = max(advance for advance, _ in hmtx.metrics.values())


def rename(font, family, description):
    name = font["name"]
    for record in list(name.names):
        if record.nameID in (1, 3, 4):
            record.string = family
        elif record.nameID == 6:
            record.string = family.replace(" ", "").replace("-", "") + "-Regular"
        elif record.nameID == 2:
            record.string = "Regular"
        elif record.nameID in (16, 17, 18, 21, 22):
            name.removeNames(nameID=record.nameID)
    name.setName(description, 10, 3, 1, 0x409)


def build(source, codepoints, file_name, family, factor, source_note):
    font = subset_font(source, codepoints)
    scale_advances(font, factor)
    rename(font, family, "Derived from %s by Caliper's Fonts/Android/make_fallback_fonts.py for tests: "
                         "a subset with advances x %s. Not the original font." % (source_note, factor))
    make_trak_fonts.save(font, os.path.join(REPO, "Fonts", "Android", file_name))


def main():
    han = sorted({ord(c) for c in HAN_TEXT})
    for file_name, family, factor in HAN_FONTS:
        build(DROID, han, file_name, family, factor, "Droid Sans Fallback 1.00c (Apache-2.0)")
    for file_name, family, factor in ARABIC_FONTS:
        build(ARABIC, ARABIC_CODEPOINTS, file_name, family, factor, "Noto Sans Arabic 2.005 (OFL-1.1)")


if __name__ == "__main__":
    main()
