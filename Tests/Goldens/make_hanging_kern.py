#!/usr/bin/python3
"""Generate Tests/Goldens/hanging_kern.json: lines whose last letter kerns against the space after it.

Run from the repository root with Debian's Python (PyGObject with Pango 1.50, hb-shape from
libharfbuzz-bin):

    /usr/bin/python3 Tests/Goldens/make_hanging_kern.py

Liberation Sans kerns "A", "L", "P", "T" and "Y" against a space (hb-shape: "A" alone 1366 design
units, "A " 1253 + 569). A line that ends in such a letter and a space is displayed with the
space shaped after the letter, so the letter keeps its kerned advance; the line's width leaves the
space out. Each case's maxWidth lies between the line's kerned and unkerned widths, so a layout
that measures the letter without its space breaks elsewhere.

Recorded per case: Pango's lines (PangoCairo font map, WORD_CHAR wrapping, no hinting, unrounded
positions, the fixture fonts only), each with its UTF-16 start and end and its width as displayed:
the line's text shaped by hb-shape with its trailing spaces, less the spaces' advances, in design
units x size / unitsPerEm. The script checks that Pango's lines are the greedy lines under these
widths and that the unkerned width of the first line would not fit, so every case tests the rule.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
import make_wrapped  # noqa: E402  (sets FONTCONFIG_FILE before Pango loads)
import hbshape  # noqa: E402
from fontTools.ttLib import TTFont  # noqa: E402

OUT = os.path.join(hbshape.REPO, "Tests", "Goldens", "hanging_kern.json")
FONT = "Fonts/LiberationSans-Regular.ttf"
FAMILY = "Liberation Sans"
SIZE = 24

TEXTS = [
    "feature.\u201d A whatsoever",
    "Plan A works",
    "Type Y here",
    "Route T is closed",
    "Level L and more",
    "Grade P ends",
]


def utf16(text):
    return hbshape.utf16_len(text)


def displayed_units(text):
    """Design units of `text` less its trailing spaces, shaped with them."""
    content = text.rstrip(" ")
    if content == text:
        return hbshape.advance(FONT, text)
    limit = len(content.encode("utf-8"))
    return sum(g["ax"] for g in hbshape.shape(FONT, text) if g["cl"] < limit)


def points(units, upem):
    return units * SIZE / upem


def main():
    upem = TTFont(os.path.join(hbshape.REPO, FONT))["head"].unitsPerEm
    ctx = make_wrapped.pango_context()
    cases = []
    for text in TEXTS:
        words = text.split(" ")
        first = words[0] + " " + words[1] + " "
        kerned = points(displayed_units(first), upem)
        alone = points(hbshape.advance(FONT, first.rstrip(" ")), upem)
        if not kerned < alone:
            raise SystemExit("%r: no kerning against the space" % text)
        max_width = round((kerned + alone) / 2, 3)
        lines = []
        encoded = text.encode("utf-8")
        for start_byte, length, _pango_width in make_wrapped.pango_lines(ctx, FAMILY, SIZE, max_width, text):
            line = encoded[start_byte:start_byte + length].decode("utf-8")
            start = utf16(encoded[:start_byte].decode("utf-8"))
            lines.append({"start": start, "end": start + utf16(line),
                          "width": points(displayed_units(line), upem)})
        if encoded[:len(first.encode("utf-8"))].decode("utf-8") != text[:len(first)] or lines[0]["end"] != utf16(first):
            raise SystemExit("%r: Pango's first line is not %r" % (text, first))
        for line in lines:
            if line["width"] > max_width + 1e-9:
                raise SystemExit("%r: a line wider than maxWidth" % text)
        cases.append({"text": text, "font": FONT, "size": SIZE, "maxWidth": max_width,
                      "unkernedFirstLineWidth": alone, "lines": lines})
    with open(OUT, "w") as out:
        json.dump({"generator": "Tests/Goldens/make_hanging_kern.py", "hbShape": hbshape.version(),
                   "pango": make_wrapped.Pango.version_string(), "cases": cases}, out, indent=1, ensure_ascii=False)
        out.write("\n")
    print("wrote %d cases to %s" % (len(cases), OUT))


if __name__ == "__main__":
    main()
