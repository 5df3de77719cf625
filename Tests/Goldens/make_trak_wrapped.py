#!/usr/bin/python3
"""Generate Tests/Goldens/trak_wrapped.json: paragraphs in fonts with an AAT `trak` table wrapped at
several widths, each line's text and width as HarfBuzz 6.0 shapes the line with the font's point size
set (`hb-shape --font-ptem=SIZE`, Core Text's rule), beside the lines the same paragraph breaks into
untracked.

Run from the repository root with Debian's Python, after Fonts/make_trak_fonts.py if the fonts
changed:

    /usr/bin/python3 Tests/Goldens/make_trak_wrapped.py

The rule restated here is first fit (UILabel's and NSString's word wrapping, Caliper's `lineBreak`
`word`): the texts are ASCII words separated by single spaces, whose break opportunities (UAX #14)
are after each space; a line takes words while the line's text, shaped alone without its trailing
space, is at most the width wide; a word wider than the width alone takes a line of its own (these
texts have none). The width of a line is hb-shape's advance sum of its text with the point size set,
in points (design units x size / unitsPerEm): tracking added after every cluster, the line's last
included. DejaVu Sans kerns no pair across a space, so a line shaped alone is the paragraph's slice.

The script fails (AssertionError) unless, for every font, some width breaks the tracked paragraph
into other lines than the untracked one (so the golden tells tracked wrapping from untracked).
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hbshape  # noqa: E402
import make_trak  # noqa: E402  (shape with --font-ptem)

REPO = hbshape.REPO
OUT = os.path.join(REPO, "Tests", "Goldens", "trak_wrapped.json")
FONTS = ["Fonts/Trak/CaliperTrakTest.ttf", "Fonts/Trak/CaliperSFTrackingTest.ttf"]
TEXTS = [
    "The quick brown fox jumps over the lazy dog while a waiter brings coffee",
    "AVAVAV office Tracking 123 Hello World keeps every cluster apart",
]
SIZES = [6, 11, 17, 24, 40]
# widths as multiples of the size (so each size wraps into a few lines)
WIDTH_FACTORS = [5, 7.5, 10, 12.5, 16]


def width(font, upem, text, size, tracked):
    glyphs = make_trak.shape(font, text, size if tracked else None)
    return sum(g["ax"] for g in glyphs) * size / upem


def wrap(font, upem, text, size, max_width, tracked):
    words = text.split(" ")
    lines, start = [], 0
    while start < len(words):
        end = start + 1
        while end < len(words) and width(font, upem, " ".join(words[start:end + 1]), size, tracked) <= max_width:
            end += 1
        line = " ".join(words[start:end])
        assert width(font, upem, words[start], size, tracked) <= max_width, (font, size, max_width, words[start])
        lines.append({"text": line, "width": width(font, upem, line, size, tracked)})
        start = end
    return lines


def main():
    cases = []
    for font in FONTS:
        upem = make_trak.TTFont(os.path.join(REPO, font))["head"].unitsPerEm
        differs = 0
        for text in TEXTS:
            for size in SIZES:
                for factor in WIDTH_FACTORS:
                    max_width = size * factor
                    tracked = wrap(font, upem, text, size, max_width, True)
                    untracked = wrap(font, upem, text, size, max_width, False)
                    if [line["text"] for line in tracked] != [line["text"] for line in untracked]:
                        differs += 1
                    cases.append({
                        "font": font, "text": text, "size": size, "maxWidth": max_width,
                        "lines": tracked, "untrackedLines": untracked,
                    })
        assert differs > 0, "no width breaks %s differently tracked and untracked" % font
        print("%s: %d of %d cases break differently tracked" % (font, differs, len(TEXTS) * len(SIZES) * len(WIDTH_FACTORS)))
    golden = {"generator": "hb-shape (HarfBuzz) %s with --font-ptem" % hbshape.version(), "cases": cases}
    with open(OUT, "w", encoding="utf-8") as out:
        json.dump(golden, out, indent=2, sort_keys=True, ensure_ascii=False)
        out.write("\n")


if __name__ == "__main__":
    main()
