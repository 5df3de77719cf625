#!/usr/bin/python3
"""Generate Tests/Goldens/intrinsic.json: CSS min-content and max-content widths of texts, from
hb-shape advances (an engine independent of Caliper).

Run from the repository root:

    /usr/bin/python3 Tests/Goldens/make_intrinsic.py

The texts are chosen so that UAX #14 allows a break only after spaces (letters, digits and spaces;
no hyphens, slashes or punctuation that would add opportunities), so that, without running ICU:

- min-content = the widest word, shaped on its own: its trailing spaces hang and do not count, and
  spaces that start a paragraph are a piece of their own (UAX #14 rule LB18 allows a break after
  them), which hangs too;
- max-content = the widest paragraph (split at "\\n"), shaped whole, its trailing spaces excluded.

Widths are advance sums in design units × size / unitsPerEm. Kerning never crosses a space in these
fonts' Latin (Caliper's SpaceIsolation check agrees for DejaVu Sans and Noto Sans), so a word shaped
alone has the width it has in its line.
"""
import json
import os

from fontTools.ttLib import TTFont

from hbshape import REPO, advance, version

OUT = os.path.join(REPO, "Tests", "Goldens", "intrinsic.json")

CASES = [
    ("Fonts/DejaVuSans.ttf", 17, "The quick brown fox jumps over the lazy dog"),
    ("Fonts/DejaVuSans.ttf", 15, "Supercalifragilisticexpialidocious is long"),
    ("Fonts/DejaVuSans.ttf", 13, "short line\nA second paragraph that is wider than the first   \nWAVE AVAW"),
    ("Fonts/NotoSans-Regular.ttf", 16, "Ana replied to your post"),
    ("Fonts/NotoSans-Regular.ttf", 12, "Tokyo 2026 Typography Conference"),
    ("Fonts/NotoSans-Regular.ttf", 20, "  leading spaces and trailing  "),
    ("Fonts/NotoSans-Regular.ttf", 14, "Wolkenkratzerfensterputzer\nand more words"),
]


def width(font, size, text):
    upem = TTFont(os.path.join(REPO, font))["head"].unitsPerEm
    return advance(font, text) * size / upem if text else 0.0


def main():
    cases = []
    for font, size, text in CASES:
        paragraphs = text.split("\n")
        words = [word for paragraph in paragraphs for word in paragraph.split(" ") if word]
        cases.append({
            "font": font, "size": size, "text": text,
            "minContent": max(width(font, size, word) for word in words),
            "maxContent": max(width(font, size, paragraph.rstrip(" ")) for paragraph in paragraphs),
        })
    with open(OUT, "w") as out:
        json.dump({"generator": "Tests/Goldens/make_intrinsic.py", "hb-shape": version(), "cases": cases}, out, indent=1)
        out.write("\n")


if __name__ == "__main__":
    main()
