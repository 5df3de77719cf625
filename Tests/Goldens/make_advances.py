#!/usr/bin/python3
"""Generate Tests/Goldens/advances.json: shaped advances from the `hb-shape` CLI.

Run from the repository root:

    /usr/bin/python3 Tests/Goldens/make_advances.py

hb-shape is run without --font-size, so the font scale is unitsPerEm and every
advance is an integer in font design units. Default shaping otherwise (ot font
functions, direction/script/language guessed by HarfBuzz, C.UTF-8 locale).

Clusters: hb-shape is run with --utf8-clusters, so "cl" is a UTF-8 byte offset
into the text; it is converted here to a UTF-16 code unit offset.
(Without that flag hb-shape 6.0.0 reports code point indices, not bytes.)
"""
import json
import os
import sys

from fontTools.ttLib import TTFont

from hbshape import REPO, shape as hb_shape, utf16_len, utf8_to_utf16_offsets, version as hb_version

OUT = os.path.join(REPO, "Tests", "Goldens", "advances.json")

FONTS = [
    "Fonts/DejaVuSans.ttf",
    "Fonts/NotoSans-Regular.ttf",
    "Fonts/LiberationSans-Regular.ttf",
]

LONG_SENTENCE = (
    "The quick brown fox jumps over the lazy dog, while five boxing wizards "
    "jump quickly past the old mill."
)

# (text, features) shaped with every font in FONTS. No newlines in this set.
TEXTS = [
    ("Hello, World", ""),
    ("Hello", ""),
    ("world", ""),
    ("Typography", ""),
    ("AVATAR", ""),
    ("AVATAR", "kern=0"),
    ("To", ""),
    ("WAVE", ""),
    ("Type", ""),
    ("office fluffy", ""),
    ("office fluffy", "liga=0"),
    ("affine", ""),
    ("affine", "liga=0"),
    ("0123456789", ""),
    ("0123456789", "tnum"),
    ("0123456789", "pnum"),
    ("Hello   ", ""),
    ("   ", ""),
    ("   Hello", ""),
    (" ", ""),
    ("Wait... what?! (Yes); \"quoted\" - 'single' [1/2] {a:b} #@%&*", ""),
    ("cafe\u0301", ""),
    ("e\u0301\u0302", ""),
    ("na\u00efve fa\u00e7ade", ""),
    (LONG_SENTENCE, ""),
    ("W", ""),
    ("i", ""),
    ("\u2026", ""),
    ("...", ""),
    # Single letters and kerned sequences for the edge-case tests (emergency breaks, reshaping at
    # unsafe-to-break boundaries).
    ("H", ""),
    ("e", ""),
    ("l", ""),
    ("o", ""),
    ("A", ""),
    ("V", ""),
    ("AVA", ""),
    ("VAV", ""),
    ("AVAV", ""),
    ("AVAVAV", ""),
    ("ab", ""),
    ("cd", ""),
    ("Hello World", ""),
    ("Hello W", ""),
    ("Hello Wo", ""),
    ("Hello Wor", ""),
    ("rld", ""),
]

# (font, text, features) for other scripts, each in the one font that covers it.
EXTRA = [
    ("Fonts/NotoColorEmoji.ttf", "\U0001F600", ""),
    ("Fonts/NotoColorEmoji.ttf", "\U0001F30D", ""),
    ("Fonts/NotoSans-Regular.ttf", "Hello ", ""),
    ("Fonts/NotoSansArabic-Regular.ttf", "\u0645\u0631\u062d\u0628\u0627", ""),
    ("Fonts/DroidSansFallbackFull.ttf", "\u4e16\u754c", ""),
    ("Fonts/DroidSansFallbackFull.ttf", "\u4e16\u754c ", ""),
    ("Fonts/NotoSansThai-Regular.ttf", "\u0e20\u0e32\u0e29\u0e32\u0e44\u0e17\u0e22", ""),
    ("Fonts/NotoSansDevanagari-Regular.ttf", "\u0915\u094d\u0937", ""),
]


def main():
    os.chdir(REPO)
    fonts = sorted(set(FONTS) | {font for font, _, _ in EXTRA})
    upem = {f: TTFont(f, fontNumber=0, lazy=True)["head"].unitsPerEm for f in fonts}
    cases = []
    pairs = [(font, text, features) for font in FONTS for text, features in TEXTS] + EXTRA
    for font, text, features in pairs:
        glyphs = hb_shape(font, text, features)
        to16 = utf8_to_utf16_offsets(text)
        per_cluster = {}
        for g in glyphs:
            if g["cl"] not in to16:
                raise SystemExit("cluster %r is not a code point boundary" % g["cl"])
            off = to16[g["cl"]]
            per_cluster[off] = per_cluster.get(off, 0) + g["ax"]
        case = {
            "font": font,
            "text": text,
            "features": features,
            "advanceSum": sum(g["ax"] for g in glyphs),
            "glyphCount": len(glyphs),
            "unitsPerEm": upem[font],
            "clusterAdvances": [[o, per_cluster[o]] for o in sorted(per_cluster)],
        }
        assert all(g["ay"] == 0 for g in glyphs)
        assert sum(a for _, a in case["clusterAdvances"]) == case["advanceSum"]
        assert all(0 <= o < utf16_len(text) for o, _ in case["clusterAdvances"])
        cases.append(case)
    cases.sort(key=lambda c: (c["font"], c["text"], c["features"]))
    doc = {
        "generator": "%s, ot font funcs, no --font-size (design units), --utf8-clusters "
                     "(Tests/Goldens/make_advances.py)" % hb_version(),
        "cases": cases,
    }
    with open(OUT, "w", encoding="utf-8", newline="\n") as f:
        f.write(json.dumps(doc, indent=2, sort_keys=True, ensure_ascii=False) + "\n")
    print("wrote %s (%d cases)" % (os.path.relpath(OUT, REPO), len(cases)))


if __name__ == "__main__":
    sys.exit(main())
