#!/usr/bin/python3
"""Build Fonts/Breaking/CaliperUnsafeBreakTest.ttf: a font whose positioning across a space moves the
glyph after it, for the tests of lines that start at an edge that is not safe to break.

Run from the repository root with Debian's Python (it has fontTools):

    /usr/bin/python3 Fonts/make_unsafe_break_font.py

A line that starts after a space which a lookup reads starts at an edge HarfBuzz marks unsafe to break,
and its width must come from shaping the line again, not from the paragraph's advances. In the fixture
fonts such lookups are kerning pairs whose first glyph is the space, and a pair's adjustment goes on its
first glyph (the previous line's last): the next line shapes alike alone and in the paragraph, so a
walk that took its start for safe would still answer the same (no fixture showed the difference). In
this font the lookup moves the glyph AFTER the space: its `kern` feature is one contextual rule,

    pos space @LETTERS' 150;

which adds 150 units (of 2048) to the advance of a letter (A-Z, a-z) preceded by a space. HarfBuzz
6.0 marks that letter unsafe to break, and a line that starts with it shapes it without the 150
units, so its width differs from the difference of the paragraph's advances. The edge before the
space stays safe (hb-shape --show-flags: "A A" gives A+1401, space+651, A+1551#1; "A" alone A+1401).

The glyphs are DejaVu Sans's (Fonts/DejaVuSans.ttf, Bitstream Vera licence: modified versions are
allowed under a name without "Bitstream" or "Vera"; see Fonts/LICENSES/Bitstream-Vera.txt), subset to
Basic Latin without hinting or layout tables; the only layout table is GPOS from the feature code below,
compiled by fontTools.feaLib. The family is "Caliper Unsafe Break Test" (name ID 10 says where it comes
from). The output is deterministic for a given fontTools version (the head timestamps are fixed).

It lives in Fonts/Breaking/, out of what indexes the fixtures (FontFolder reads only the files directly
in a folder).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_trak_fonts  # noqa: E402  (the DejaVu subset with features, renamed and saved)

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
OUTPUT = os.path.join(REPO, "Fonts", "Breaking", "CaliperUnsafeBreakTest.ttf")
UNICODES = list(range(0x20, 0x7F))

FEATURES = """
languagesystem DFLT dflt;
languagesystem latn dflt;

@LETTERS = [A-Z a-z];

feature kern {
    pos space @LETTERS' 150;
} kern;
"""


def main():
    make_trak_fonts.build_with_features(
        UNICODES, FEATURES, "Caliper Unsafe Break Test",
        "Derived from DejaVu Sans 2.37 (Bitstream Vera licence) by Caliper's Fonts/make_unsafe_break_font.py "
        "for tests: Basic Latin, with a kern rule that moves a letter after a space. Not Bitstream Vera.", OUTPUT)


if __name__ == "__main__":
    main()
