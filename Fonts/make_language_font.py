#!/usr/bin/python3
"""Build Fonts/Languages/CaliperLanguageSplitTest.ttf: a font whose GSUB and GPOS list different language
systems for one script, for the tests of how Caliper maps a request's language (LanguageMappingTests).

HarfBuzz maps a few BCP 47 tags to two OpenType languages (HarfBuzz 6.0.0, src/hb-ot-tag-table.hh:
`zh-MO` and `zh-Hant-MO` to ZHTM then ZHH), and picks the first of them each table lists. In this font
GSUB's `latn` script lists only ZHH (its `locl` turns A into B) and GPOS's only ZHTM (its `kern` moves C
right by 300 units), so `zh-MO` selects ZHH in GSUB and ZHTM in GPOS: no one OpenType language stands
for it, and Caliper must shape it with a tag HarfBuzz maps to the same two (no fixture font has such
tables). Its `cyrl` script lists TRK in GSUB only, for a tag that names a script (`x-hbsc-`).

Run from the repository root with Debian's Python (it has fontTools):

    /usr/bin/python3 Fonts/make_language_font.py

The glyphs (A, B, C, space and .notdef) are DejaVu Sans's (Fonts/DejaVuSans.ttf, Bitstream Vera licence:
modified versions are allowed under a name without "Bitstream" or "Vera"; see
Fonts/LICENSES/Bitstream-Vera.txt), subset without hinting or layout tables; the layout tables are the
feature code below, compiled by fontTools.feaLib. The family is "Caliper Language Split Test" (name ID 10
says where it comes from). The output is deterministic for a given fontTools version.

It lives in Fonts/Languages/, out of what indexes the fixtures (FontFolder reads only the files directly
in a folder; Fonts/fonts.conf rejects Fonts/Languages/ for fontconfig).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_trak_fonts  # noqa: E402  (the DejaVu subset with features, renamed and saved)

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
OUTPUT = os.path.join(REPO, "Fonts", "Languages", "CaliperLanguageSplitTest.ttf")

FEATURES = """
languagesystem DFLT dflt;
languagesystem latn dflt;
languagesystem cyrl dflt;

feature locl {
    script latn;
    language ZHH exclude_dflt;
    sub A by B;
    script cyrl;
    language TRK exclude_dflt;
    sub C by B;
} locl;

feature kern {
    script latn;
    language ZHTM exclude_dflt;
    pos C 300;
} kern;
"""


def main():
    make_trak_fonts.build_with_features(
        [0x20, ord("A"), ord("B"), ord("C")], FEATURES, "Caliper Language Split Test",
        "Derived from DejaVu Sans 2.37 (Bitstream Vera licence) by Caliper's Fonts/make_language_font.py "
        "for tests: A, B, C and space, with GSUB and GPOS listing different language systems (ZHH, ZHTM). "
        "Not Bitstream Vera.", OUTPUT)


if __name__ == "__main__":
    main()
