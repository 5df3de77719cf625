#!/usr/bin/python3
"""Generate Tests/Goldens/metrics.json: font-wide metrics read with fontTools.

Run from the repository root with Debian's Python (it has fontTools):

    /usr/bin/python3 Tests/Goldens/make_metrics.py

Output is deterministic: fonts sorted by path, keys sorted, 2-space indent.
"""
import glob
import json
import os
import sys

import fontTools
from fontTools.ttLib import TTFont

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OUT = os.path.join(REPO, "Tests", "Goldens", "metrics.json")


def family_name(font):
    """Name ID 1. Prefer the Windows/Unicode English record, like most engines."""
    name = font["name"]
    rec = name.getName(1, 3, 1, 0x409) or name.getName(1, 1, 0, 0)
    if rec is None:
        rec = name.getName(1, 3, 1) or next((r for r in name.names if r.nameID == 1), None)
    return None if rec is None else rec.toUnicode()


def outline_top(font, char):
    """yMax of the unhinted outline of the glyph for `char`, or None (what an engine falls back to
    for cap/x height when OS/2 is older than version 2)."""
    glyph_name = font.getBestCmap().get(ord(char))
    if glyph_name is None or "glyf" not in font:
        return None
    glyph = font["glyf"][glyph_name]
    if glyph.numberOfContours == 0:
        return None
    glyph.recalcBounds(font["glyf"])
    return glyph.yMax


def metrics(path):
    font = TTFont(os.path.join(REPO, path), fontNumber=0, lazy=True)
    head, hhea, maxp = font["head"], font["hhea"], font["maxp"]
    os2 = font["OS/2"] if "OS/2" in font else None
    has_v2 = os2 is not None and os2.version >= 2
    entry = {
        "font": path,
        "faceIndex": 0,
        "unitsPerEm": head.unitsPerEm,
        "ascender": hhea.ascent,
        "descender": hhea.descent,
        "lineGap": hhea.lineGap,
        "capHeight": os2.sCapHeight if has_v2 else None,
        "xHeight": os2.sxHeight if has_v2 else None,
        "capHeightFromOutline": outline_top(font, "H"),
        "xHeightFromOutline": outline_top(font, "x"),
        "familyName": family_name(font),
        "numGlyphs": maxp.numGlyphs,
        # Extra, informational: the other vertical metric sets a shaper may use.
        "os2Version": os2.version if os2 is not None else None,
        "typoAscender": os2.sTypoAscender if os2 is not None else None,
        "typoDescender": os2.sTypoDescender if os2 is not None else None,
        "typoLineGap": os2.sTypoLineGap if os2 is not None else None,
        "winAscent": os2.usWinAscent if os2 is not None else None,
        "winDescent": os2.usWinDescent if os2 is not None else None,
        "useTypoMetrics": bool(os2.fsSelection & (1 << 7)) if os2 is not None else None,
    }
    font.close()
    return entry


def main():
    os.chdir(REPO)
    paths = sorted(glob.glob("Fonts/*.ttf"))
    if not paths:
        sys.exit("no fonts found in Fonts/")
    doc = {
        "generator": "fontTools %s (Tests/Goldens/make_metrics.py)" % fontTools.version,
        "fonts": [metrics(p) for p in paths],
    }
    text = json.dumps(doc, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    with open(OUT, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    print("wrote %s (%d fonts)" % (os.path.relpath(OUT, REPO), len(doc["fonts"])))


if __name__ == "__main__":
    main()
