#!/usr/bin/python3
"""Generate Tests/Goldens/trak.json: widths of text in fonts with an AAT `trak` (tracking) table at
point sizes below, at, between and above the table's sizes, as HarfBuzz 6.0 shapes them when the
font's point size is set (`hb-shape --font-ptem=SIZE`), beside the same text untracked.

Run from the repository root with Debian's Python (it has fontTools), after
Fonts/make_trak_fonts.py if the fonts changed:

    /usr/bin/python3 Tests/Goldens/make_trak.py

It covers Fonts/Trak/CaliperTrakTest.ttf and CaliperSFTrackingTest.ttf (`fonts`), Apple's SF Pro
table size by size (`appleSFPro`), the static pair CaliperSFTextTest.ttf / CaliperSFDisplayTest.ttf
(`textDisplayPair`) and CaliperSFVariableTest.ttf with the optical size following the point size
(`variable`). See trak.md for the format and the rules observed. The script fails (AssertionError)
when:

- a tracked run differs from the untracked run other than by one amount T added to the advance of
  the first glyph of every cluster (and trunc(T / 2) to its x offset, the cluster's other glyphs
  keeping their place relative to it), or its glyphs or clusters differ;
- T differs from HarfBuzz 6.0's rule restated in Python (`harfbuzz_tracking`);
- the untracked advances differ from Fonts/DejaVuSans.ttf's (for the fonts that are unscaled DejaVu
  subsets), or the variable font at opsz 17 / 28 differs from the Text / Display font;
- at any size listed in Apple's SF Pro table, the tracking HarfBuzz applies with
  Fonts/Trak/CaliperSFTrackingTest.ttf differs from Apple's 1/1000 em value converted to font units
  (round(value x unitsPerEm / 1000)), or is more than half a unit from the exact conversion, or
  the width it gives in points disagrees with Apple's points column beyond the two columns'
  rounding.
"""
import json
import math
import os
import subprocess
import sys

import numpy
from fontTools.ttLib import TTFont

import hbshape

REPO = hbshape.REPO
sys.path.insert(0, os.path.join(REPO, "Fonts"))
import make_trak_fonts  # noqa: E402  (APPLE_SF_PRO, its URL and the unit conversion)

OUT = os.path.join(REPO, "Tests", "Goldens", "trak.json")
FONTS = ["Fonts/Trak/CaliperTrakTest.ttf", "Fonts/Trak/CaliperSFTrackingTest.ttf"]
# HarfBuzz's test font (Unicode's text-rendering-tests) whose table gives exact halves of a unit: -8.5 at
# 13.5 pt, -13.5 at 14.5 pt, -44.5 at 72 pt; it maps only "H" and the space
TRAK_ONE = "Fonts/HarfBuzzTests/TestTRAKOne.ttf"
TRAK_ONE_TEXTS = ["HH H", "H"]
TRAK_ONE_SIZES = [4, 6, 12, 13.5, 14.5, 17, 18.5, 21, 72, 100]
BASE = "Fonts/DejaVuSans.ttf"
TEXTS = ["Hello, World", "AVAVAV office", "Tracking 123", "e\u0301te\u0301", "q\u0307\u0323z"]
# below the smallest size of both tables, at and between their sizes, above the largest
SIZES = [4, 5, 6, 8, 9, 11, 12, 14, 17, 19.5, 20, 24, 28, 32, 36, 40, 48, 55, 56, 64, 72, 96, 100, 120]
# for the SF Pro check, besides every listed size: sizes between, below and above Apple's
SF_EXTRA_SIZES = [4, 5, 6.5, 12.5, 17.5, 19.5, 55, 57, 74, 78, 100, 120, 144]
SF_TEXT = "Hello, World"
# the static Text/Display pair; Apple's system font used the Text cut below 20 pt and the Display
# cut from 20 pt (WWDC 2020, "The details of UI typography")
PAIR = {"Text": "Fonts/Trak/CaliperSFTextTest.ttf", "Display": "Fonts/Trak/CaliperSFDisplayTest.ttf"}
PAIR_SWITCH = 20
VARIABLE = "Fonts/Trak/CaliperSFVariableTest.ttf"
# besides opsz (the size clamped to the axis): wght and wdth settings
VARIABLE_SETTINGS = [{}, {"wght": 700}, {"wdth": 75}, {"wght": 900, "wdth": 125}]
VARIABLE_TEXTS = ["Hello, World", "AVAVAV office"]


def f32(x):
    return float(numpy.float32(x))


def harfbuzz_tracking(trak_values, ptem):
    """HarfBuzz 6.0.0's AAT::TrackData::get_tracking (src/hb-aat-layout-trak-table.hh) restated:
    the track with value 0; the first size >= ptem (the last size when none is, so the loop stops
    at nSizes - 1); linear interpolation in single precision between that size and the one before
    it (the first two when ptem is at or below the first size, the last two above the last:
    extrapolation); roundf, which HarfBuzz defines as floorf(x + .5f) in single precision (src/hb-algs.hh,
    "We want our rounding towards +infinity"): exact halves round up, -44.5 to -44."""
    sizes = sorted(trak_values)
    if len(sizes) == 1:
        return trak_values[sizes[0]]
    index = 0
    while index < len(sizes) - 1 and not sizes[index] >= ptem:
        index += 1
    i = index - 1 if index else 0
    s0, s1 = f32(sizes[i]), f32(sizes[i + 1])
    t = 0.0 if s0 == s1 else f32(f32(f32(ptem) - s0) / f32(s1 - s0))
    value = f32(f32(t * trak_values[sizes[i + 1]]) + f32(f32(1.0 - t) * trak_values[sizes[i]]))
    return int(math.floor(f32(value + f32(0.5))))


def shape(font, text, ptem=None, variations=""):
    cmd = ["hb-shape", "--output-format=json", "--no-glyph-names", "--utf8-clusters",
           "--font-file=" + os.path.join(REPO, font), "--text=" + text]
    if ptem is not None:
        cmd.append("--font-ptem=%s" % ptem)
    if variations:
        cmd.append("--variations=" + variations)
    out = subprocess.run(cmd, check=True, capture_output=True, env=hbshape.HB_ENV).stdout
    return json.loads(out.decode("utf-8"))


def trak_table(font):
    entry = TTFont(os.path.join(REPO, font))["trak"].horizData[0.0]
    return {size: value for size, value in sorted(entry.items())}


def number(x):
    return int(x) if float(x).is_integer() else x


def measure(font, upem, trak_values, text, size, icu, variations="", same_as_base=True):
    plain = shape(font, text, variations=variations)
    tracked = shape(font, text, size, variations=variations)
    assert [(g["g"], g["cl"]) for g in plain] == [(g["g"], g["cl"]) for g in tracked], (font, text, size)
    firsts = [i for i, g in enumerate(plain) if i == 0 or g["cl"] != plain[i - 1]["cl"]]
    advance_added = [t["ax"] - p["ax"] for p, t in zip(plain, tracked)]
    offset_added = [t["dx"] - p["dx"] for p, t in zip(plain, tracked)]
    tracking = advance_added[0]
    half = int(tracking / 2)  # C integer division: truncates toward zero
    def drawn(glyphs):
        """Where each glyph is drawn: its pen position plus its x offset."""
        pen, out = 0, []
        for g in glyphs:
            out.append(pen + g["dx"])
            pen += g["ax"]
        return out
    drawn_plain, drawn_tracked = drawn(plain), drawn(tracked)
    first = 0
    for i in range(len(plain)):
        if i in firsts:
            first = i
            assert advance_added[i] == tracking, (font, text, size, i, advance_added)
            assert offset_added[i] == half, (font, text, size, i, offset_added)
        else:
            # the cluster's other glyphs (attached marks) get no advance and keep their place
            # relative to the first glyph: GPOS offsets are resolved after tracking
            assert advance_added[i] == 0, (font, text, size, i, advance_added)
            assert (drawn_tracked[i] - drawn_tracked[first]
                    == drawn_plain[i] - drawn_plain[first]), (font, text, size, i)
        assert tracked[i]["ay"] == plain[i]["ay"] and tracked[i]["dy"] == plain[i]["dy"]
    assert tracking == harfbuzz_tracking(trak_values, size), (font, size, tracking)
    untracked_sum = sum(g["ax"] for g in plain)
    if same_as_base:
        assert untracked_sum == hbshape.advance(BASE, text), (font, text)
    advance_sum = sum(g["ax"] for g in tracked)
    assert advance_sum == untracked_sum + tracking * len(firsts)
    return {
        "text": text, "size": number(size),
        "graphemes": len(icu.offsets(icu.UBRK_CHARACTER, text)) - 1,
        "clusters": len(firsts), "trackedGlyphs": len(firsts), "glyphs": len(plain),
        "trackingPerCluster": tracking, "xOffsetAdded": half,
        "advanceSum": advance_sum, "untrackedAdvanceSum": untracked_sum,
        "width": round(advance_sum * size / upem, 6),
        "untrackedWidth": round(untracked_sum * size / upem, 6),
    }


def sf_check(upem, trak_values, icu):
    font = FONTS[1]
    listed = []
    for size, (em, points) in sorted(make_trak_fonts.APPLE_SF_PRO.items()):
        units = make_trak_fonts.em_thousandths_to_units(em, upem)
        exact = em * upem / 1000
        case = measure(font, upem, trak_values, SF_TEXT, size, icu)
        applied = case["trackingPerCluster"]
        points_from_units = applied * size / upem
        # Apple rounds both columns from one finer value: the 1/1000 em column to 1 (±0.5/1000 em,
        # ±0.0005 x size pt) and the points column to 0.01 pt (±0.005 pt).
        tolerance = 0.0005 * size + 0.005 + 0.5 * size / upem
        ok = (applied == units and abs(applied - exact) <= 0.5
              and abs(points_from_units - points) <= tolerance + 1e-9)
        listed.append({
            "size": size, "appleEm1000": em, "applePoints": points, "exactUnits": round(exact, 6),
            "fontUnits": units, "harfbuzzTracking": applied,
            "pointsFromHarfbuzz": round(points_from_units, 6), "pointsTolerance": round(tolerance, 6),
            "matches": ok,
        })
    extra = []
    for size in SF_EXTRA_SIZES:
        case = measure(font, upem, trak_values, SF_TEXT, size, icu)
        extra.append({"size": number(size), "harfbuzzTracking": case["trackingPerCluster"],
                      "pointsFromHarfbuzz": round(case["trackingPerCluster"] * size / upem, 6)})
    all_match = all(row["matches"] for row in listed)
    return {
        "font": font, "source": make_trak_fonts.APPLE_SF_PRO_URL,
        "table": "Human Interface Guidelines, Typography, Tracking values, iOS, iPadOS, visionOS tracking values, SF Pro",
        "conversion": "fontUnits = round(appleEm1000 x unitsPerEm / 1000), half away from zero",
        "text": SF_TEXT, "listedSizes": listed, "otherSizes": extra, "allListedSizesMatch": all_match,
    }


def pair_cases(icu):
    """The static Text/Display pair at every size, and which of the two Apple's rule picks."""
    out = []
    for text in TEXTS:
        for size in SIZES:
            row = {"text": text, "size": number(size), "cut": "Text" if size < PAIR_SWITCH else "Display"}
            for cut, font in PAIR.items():
                upem = TTFont(os.path.join(REPO, font))["head"].unitsPerEm
                case = measure(font, upem, trak_table(font), text, size, icu, same_as_base=(cut == "Text"))
                row[cut.lower()] = {key: case[key] for key in (
                    "advanceSum", "untrackedAdvanceSum", "width", "untrackedWidth", "trackingPerCluster", "clusters")}
            out.append(row)
    return out


def variable_cases(icu):
    """The variable font at every size with the optical size following it (clamped to the axis)."""
    font = VARIABLE
    face = TTFont(os.path.join(REPO, font))
    upem = face["head"].unitsPerEm
    axis = next(a for a in face["fvar"].axes if a.axisTag == "opsz")
    trak_values = trak_table(font)
    out = []
    for text in VARIABLE_TEXTS:
        for size in SIZES:
            opsz = min(max(float(size), axis.minValue), axis.maxValue)
            for setting in VARIABLE_SETTINGS:
                variations = ",".join(["opsz=%r" % opsz] + ["%s=%r" % kv for kv in sorted(setting.items())])
                case = measure(font, upem, trak_values, text, size, icu, variations=variations,
                               same_as_base=False)
                case["variations"] = dict({"opsz": opsz}, **{k: float(v) for k, v in setting.items()})
                del case["graphemes"], case["glyphs"], case["trackedGlyphs"]
                out.append(case)
    return out


def main():
    icu = hbshape.ICU()
    fonts = []
    sf = None
    for font in FONTS:
        upem = TTFont(os.path.join(REPO, font))["head"].unitsPerEm
        trak_values = trak_table(font)
        cases = [measure(font, upem, trak_values, text, size, icu) for text in TEXTS for size in SIZES]
        fonts.append({
            "font": font, "unitsPerEm": upem,
            "trak": [{"size": number(s), "value": v} for s, v in trak_values.items()],
            "cases": cases,
        })
        if font == FONTS[1]:
            sf = sf_check(upem, trak_values, icu)
    upem = TTFont(os.path.join(REPO, TRAK_ONE))["head"].unitsPerEm
    trak_values = trak_table(TRAK_ONE)
    fonts.append({
        "font": TRAK_ONE, "unitsPerEm": upem,
        "trak": [{"size": number(s), "value": v} for s, v in trak_values.items()],
        "cases": [measure(TRAK_ONE, upem, trak_values, text, size, icu, same_as_base=False)
                  for text in TRAK_ONE_TEXTS for size in TRAK_ONE_SIZES],
    })
    # Text at its default instance and Display at opsz 28 are the variable font's extremes.
    for text in TEXTS:
        assert (sum(g["ax"] for g in shape(PAIR["Text"], text))
                == sum(g["ax"] for g in shape(VARIABLE, text, variations="opsz=17")))
        assert (sum(g["ax"] for g in shape(PAIR["Display"], text))
                == sum(g["ax"] for g in shape(VARIABLE, text, variations="opsz=28")))
    out = {
        "generator": "fontTools %s; %s; ICU %s" % (__import__("fontTools").version, hbshape.version(), icu.version),
        "base": BASE, "fonts": fonts, "appleSFPro": sf,
        "textDisplayPair": {"text": PAIR["Text"], "display": PAIR["Display"], "switchAt": PAIR_SWITCH,
                            "cases": pair_cases(icu)},
        "variable": {"font": VARIABLE,
                     "axes": [{"tag": a.axisTag, "minimum": a.minValue, "default": a.defaultValue,
                               "maximum": a.maxValue} for a in TTFont(os.path.join(REPO, VARIABLE))["fvar"].axes],
                     "cases": variable_cases(icu)},
    }
    with open(OUT, "w", encoding="utf-8") as f:
        json.dump(out, f, indent=2, sort_keys=True, ensure_ascii=False)
        f.write("\n")
    print("wrote %s (%d cases, %d Text/Display pair cases, %d variable cases; SF Pro table: %d listed sizes, "
          "all match: %s)" % (
              os.path.relpath(OUT, REPO), sum(len(f["cases"]) for f in fonts), len(out["textDisplayPair"]["cases"]),
              len(out["variable"]["cases"]), len(sf["listedSizes"]), sf["allListedSizesMatch"]))
    if not sf["allListedSizesMatch"]:
        bad = [row for row in sf["listedSizes"] if not row["matches"]]
        raise SystemExit("SF Pro tracking does not match Apple's table at: %s" % bad)


if __name__ == "__main__":
    main()
