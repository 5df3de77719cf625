#!/usr/bin/python3
"""Generate Tests/Goldens/opsz.json: widths and line metrics of a font with an `opsz` axis at
point sizes below, inside and above the axis's range, with the optical size following the size.

Run from the repository root with Debian's Python (it has fontTools):

    /usr/bin/python3 Tests/Goldens/make_opsz.py

For Fonts/CaliperOpszTest.ttf (opsz 8…72, default 12; see Fonts/make_opsz_font.py):

- `automatic`: for each text and point size, the optical size the rule gives (the point size
  clamped to the axis's range, as CoreText's "auto" optical size and CSS's
  `font-optical-sizing: auto` set it) and the advance sum in design units that
  `hb-shape --variations=opsz=N` prints there (hb-shape runs at scale = unitsPerEm, so advances
  are design units; a width in points is advanceSum × size / unitsPerEm).
- `pinned`: the advance sums at opsz 8, 40 and 72 set explicitly, which must hold at every size.
- `lineMetrics`: for each optical size used, the hhea ascender and descender moved by the MVAR
  `hasc` / `hdsc` deltas, as fontTools' instancer applies them to the OS/2 typo values
  (HarfBuzz adds the same deltas to the hhea values it reports, rounding a half up, as fontTools
  does: the script checks hb_ot_metrics_get_position agrees when python3-gi's HarfBuzz is
  installed), and the hhea line gap.
"""
import json
import os

from fontTools.ttLib import TTFont
from fontTools.varLib import instancer

import hbshape

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OUT = os.path.join(REPO, "Tests", "Goldens", "opsz.json")
FONT = "Fonts/CaliperOpszTest.ttf"
TEXTS = ["Hello, World", "AVATAR Wave", "office affine", "Variable fonts 0123"]
SIZES = [6, 8, 11.5, 12, 17, 40, 72, 100]
PINNED = [8, 40, 72]


def metrics_ascender(hhea, os2, moved):
    return hhea.ascent + (moved.sTypoAscender - os2.sTypoAscender)


def metrics_descender(hhea, os2, moved):
    return hhea.descent + (moved.sTypoDescender - os2.sTypoDescender)


def harfbuzz_metrics_reader():
    """HarfBuzz's own hb_ot_metrics_get_position (through Debian's GObject introspection data, when
    installed) for a cross-check: (ascender, descender) at an optical size, or None."""
    try:
        import gi
        gi.require_version("HarfBuzz", "0.0")
        from gi.repository import HarfBuzz as hb
    except (ImportError, ValueError):
        return None
    face = hb.face_create(hb.blob_create_from_file(os.path.join(REPO, FONT)), 0)

    def read(opsz):
        font = hb.font_create(face)
        hb.font_set_variations(font, [hb.variation_from_string(("opsz=%r" % opsz).encode())[1]])
        return tuple(hb.ot_metrics_get_position(font, tag)[1] for tag in (
            hb.ot_metrics_tag_t.HORIZONTAL_ASCENDER, hb.ot_metrics_tag_t.HORIZONTAL_DESCENDER))
    return read


def main():
    font = TTFont(os.path.join(REPO, FONT))
    axis = next(a for a in font["fvar"].axes if a.axisTag == "opsz")
    upem = font["head"].unitsPerEm

    def clamp(size):
        return min(max(float(size), axis.minValue), axis.maxValue)

    def advance_sum(text, opsz):
        return sum(g["ax"] for g in hbshape.shape_variations(FONT, text, "opsz=%s" % repr(opsz)))

    automatic = [{"text": text, "size": size, "opsz": clamp(size), "advanceSum": advance_sum(text, clamp(size))}
                 for text in TEXTS for size in SIZES]
    pinned = [{"text": text, "opsz": float(opsz), "advanceSum": advance_sum(text, float(opsz))}
              for text in TEXTS for opsz in PINNED]
    hhea = font["hhea"]
    os2 = font["OS/2"]
    metrics = []
    harfbuzz_metrics = harfbuzz_metrics_reader()
    for opsz in sorted({clamp(size) for size in SIZES} | {float(p) for p in PINNED}):
        instance = instancer.instantiateVariableFont(TTFont(os.path.join(REPO, FONT)), {"opsz": opsz})
        moved = instance["OS/2"]
        if harfbuzz_metrics:
            assert harfbuzz_metrics(opsz) == (metrics_ascender(hhea, os2, moved), metrics_descender(hhea, os2, moved)), opsz
        metrics.append({
            "opsz": opsz,
            "ascender": metrics_ascender(hhea, os2, moved),
            "descender": metrics_descender(hhea, os2, moved),
            "lineGap": hhea.lineGap,
        })
    out = {
        "generator": "fontTools %s; %s" % (__import__("fontTools").version, hbshape.version()),
        "font": FONT, "unitsPerEm": upem,
        "axis": {"minimum": axis.minValue, "default": axis.defaultValue, "maximum": axis.maxValue},
        "automatic": automatic, "pinned": pinned, "lineMetrics": metrics,
    }
    with open(OUT, "w", encoding="utf-8") as f:
        json.dump(out, f, indent=2, sort_keys=True, ensure_ascii=False)
        f.write("\n")
    print("wrote %s (%d automatic, %d pinned cases)" % (os.path.relpath(OUT, REPO), len(automatic), len(pinned)))


if __name__ == "__main__":
    main()
