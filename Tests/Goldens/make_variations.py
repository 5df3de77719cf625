#!/usr/bin/python3
"""Generate Tests/Goldens/variations.json: a variable font's axes, named instances and advances.

Run from the repository root with Debian's Python (it has fontTools):

    /usr/bin/python3 Tests/Goldens/make_variations.py

For Fonts/Inter.var.ttf: the axes and named instances as fontTools reads the `fvar` and `name`
tables, the hhea line metrics (the font has no MVAR table, so every instance keeps them), and
for each text x variation setting the advance sum in design units that `hb-shape
--variations=...` prints (HarfBuzz applies the font's HVAR deltas).
"""
import json
import os

from fontTools.ttLib import TTFont

import hbshape

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OUT = os.path.join(REPO, "Tests", "Goldens", "variations.json")
FONT = "Fonts/Inter.var.ttf"
TEXTS = ["Hello, World", "Variable fonts", "AVATAR Wave", "0123456789", "office affine", "Ana replied"]
SETTINGS = ["", "wght=100", "wght=400", "wght=600", "wght=650.5", "wght=700", "wght=900", "slnt=-10",
            "wght=700,slnt=-5"]


def main():
    font = TTFont(os.path.join(REPO, FONT))
    name = font["name"]
    axes = [{"tag": a.axisTag, "name": name.getDebugName(a.axisNameID), "minimum": a.minValue,
             "default": a.defaultValue, "maximum": a.maxValue} for a in font["fvar"].axes]
    instances = [{"name": name.getDebugName(i.subfamilyNameID),
                  "coordinates": {tag: i.coordinates[tag] for tag in (a["tag"] for a in axes)}}
                 for i in font["fvar"].instances]
    hhea = font["hhea"]
    cases = []
    for text in TEXTS:
        for setting in SETTINGS:
            glyphs = hbshape.shape_variations(FONT, text, setting)
            cases.append({"text": text, "variations": setting, "advanceSum": sum(g["ax"] for g in glyphs)})
    out = {
        "generator": "fontTools %s; %s" % (__import__("fontTools").version, hbshape.version()),
        "font": FONT, "unitsPerEm": font["head"].unitsPerEm, "axes": axes, "namedInstances": instances,
        "hasMVAR": "MVAR" in font, "ascender": hhea.ascent, "descender": hhea.descent, "lineGap": hhea.lineGap,
        "cases": cases,
    }
    with open(OUT, "w", encoding="utf-8") as f:
        json.dump(out, f, indent=2, sort_keys=True, ensure_ascii=False)
        f.write("\n")
    print("wrote %s (%d cases)" % (os.path.relpath(OUT, REPO), len(cases)))


if __name__ == "__main__":
    main()
