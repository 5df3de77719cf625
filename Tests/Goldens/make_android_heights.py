#!/usr/bin/python3
"""Generate Tests/Goldens/android_heights.json: line tops, baselines and heights as Android 14's
StaticLayout computes them, restated in Python over Minikin's own line breaks.

Run from the repository root after building the harness (see android.md and android_heights.md):

    Tests/Goldens/android/build-minikin.sh --minikin MINIKIN_GIT_DIR --tex-hyphen TEX_HYPHEN_GIT_DIR
    /usr/bin/python3 Tests/Goldens/make_android_heights.py

The Java framework cannot run here, so its rules are restated in android_static_layout.py:
StaticLayout.generate, out and calculateEllipsis, and the Layout getters, from frameworks/base
core/java/android/text/ as released in android-14.0.0_r2 (the API 34 SDK sources;
android_heights.md says where they were read and why r50 is taken to be the same). This script
chooses the cases, asks the harness, runs the restatement and writes the answers.

Every number Java gets from native code comes from the harness (.build-minikin/minikin_harness,
Minikin at android-14.0.0_r50): each paragraph's line breaks, line widths and float
ascent/descent (LineBreaker.Result), its per-unit advances (MeasuredParagraph.getCharWidthAt),
the paint's font metrics (Paint.getFontMetricsInt, rounded as make_android.py rounds them) and
Paint.measureText of the ellipsis. Before writing, the script checks that the harness breaks the
paragraphs android.json shares with it exactly as android.json records, and that every layout
keeps Layout's identities (contiguous lines, bottom - top = descent - ascent, height = the last
bottom). Rerunning it writes a byte-identical file.
"""
import json
import math
import os
import sys
from fractions import Fraction

import make_android as android
from android_static_layout import MeasuredParagraph, Paint, StaticLayout, f32, java_round
from android_static_layout import paragraph_ranges, utf16_text, utf16_units

OUT_JSON = os.path.join(android.REPO, "Tests", "Goldens", "android_heights.json")
ROBOTO, FALLBACK = android.ROBOTO, android.FALLBACK

# Where the restated Java was read; android_heights.md compares it with Android 15's.
JAVA_SOURCES = {
    "release": "android-14.0.0_r2 (API 34 SDK sources)",
    "copy": "github.com/Reginer/aosp-android-jar, android-34/src/, commit "
            "0641f5ad7fe468316fb86df75979040431d3fd32",
    "files": [
        "core/java/android/text/StaticLayout.java: Builder.obtain, generate, out, "
        "calculateEllipsis, getLineTop, getLineDescent, getLineExtra, getEllipsisStart, "
        "getEllipsisCount, getTopPadding, getBottomPadding, getHeight(boolean)",
        "core/java/android/text/Layout.java: getHeight, getLineBottom, getLineBaseline, "
        "getLineAscent, getLineEnd",
        "core/java/android/text/MeasuredParagraph.java: buildForStaticLayout, "
        "applyMetricsAffectingSpan (the span's Paint.getFontMetricsInt)",
        "core/java/android/text/PrecomputedText.java: createMeasuredParagraphs (a paragraph "
        "ends after each U+000A)",
        "graphics/java/android/graphics/Paint.java: measureText (ceil), getFontMetricsInt",
        "core/java/android/text/TextUtils.java: getEllipsisString (U+2026)",
        "core/java/android/widget/TextView.java: the defaults of the TextView-like settings",
        "graphics/java/android/graphics/text/MeasuredText.java: getCharWidthAt "
        "(nGetCharWidthAt: Minikin's MeasuredText::widths[offset])",
    ],
}

# TextView's settings as Android 14 passes them to StaticLayout.Builder for an app targeting
# SDK 28 or later (TextView.java: mIncludePad true, mSpacingMult 1, mSpacingAdd 0,
# isFallbackLineSpacingForStaticLayout() with STATICLAYOUT_FALLBACK_LINESPACING enabled since P;
# breakStrategy high_quality and hyphenationFrequency none per setBreakStrategy's and
# setHyphenationFrequency's documentation; maxLines unset is Integer.MAX_VALUE, written null).
TEXTVIEW = {"breakStrategy": "high_quality", "hyphenationFrequency": "none", "includePad": True,
            "lineSpacingMultiplier": 1.0, "lineSpacingExtra": 0.0, "fallbackLineSpacing": True,
            "maxLines": None, "ellipsize": None}

PROSE = android.PARAGRAPHS[0]
TWO_PARAGRAPHS = "Android measures text in pixels.\nA second paragraph follows the first one."
TRAILING_NEWLINE = "This paragraph ends with a line feed\n"
BLANK_LINE = "Above a blank line\n\nand below it"
THREE_SHORT = "One.\nTwo words.\nThree."
EMPTY = ""
NEWLINE_ONLY = "\n"
FALLBACK_TEXTS = [
    PROSE,
    "Latin text with \u65e5\u672c\u8a9e in the middle of the line",
    "Emoji \U0001f600\U0001f44d\U0001f3fd sit in a Latin line of text",
    "Arabic \u0645\u0631\u062d\u0628\u0627 \u0628\u0627\u0644\u0639\u0627\u0644\u0645 "
    "inside an English line",
]
SIZES = [12, 16, 24]
# Line widths at 16 px, scaled with the size as make_android.py scales them.
WIDTHS_AT_16 = {12: [120, 200], 16: [80, 120, 200, 320], 24: [120, 200]}
MULTIPLIERS = [1.0, 1.2, 1.5, 0.8, 0.5]
EXTRAS = [0.0, 2.5, 4.0, -1.0, -2.5]
# Fewer pairs for the texts whose interest is the last line: one of each rounding direction.
SHORT_SPACINGS = [(m, e) for m in (1.0, 1.5, 0.5) for e in (0.0, 2.5, -2.5)]
# Pairs whose extra Java's float arithmetic rounds the other way from exact decimals: a 19 px
# line gives 19 * (0.8f - 1) + 0.3f = -3.4999998 (-3, not -4), 19 * (1.3f - 1) - 0.2f = 5.499999.
FLOAT_SPACINGS = [(0.8, 0.3), (1.3, -0.2)]
ELLIPSES = [(1, "end"), (2, "end"), (3, "end"), (1, "start"), (1, "middle")]


def case(kind, text, fonts, size, width, **settings):
    unknown = set(settings) - set(TEXTVIEW)
    if unknown:
        sys.exit("unknown settings %s" % sorted(unknown))
    return dict(TEXTVIEW, kind=kind, text=text, fonts=fonts, size=size, width=width, **settings)


def plan_cases():
    cases = []
    # defaults: TextView's settings, with both strategies and includeFontPadding on and off.
    for text in [PROSE, TWO_PARAGRAPHS, TRAILING_NEWLINE, BLANK_LINE]:
        for size in SIZES:
            for width in android.scaled(WIDTHS_AT_16[size], size):
                for strategy in ("simple", "high_quality"):
                    for pad in (True, False):
                        cases.append(case("defaults", text, [ROBOTO], size, width,
                                          breakStrategy=strategy, includePad=pad))
    for text in [EMPTY, NEWLINE_ONLY]:
        for size in SIZES:
            for pad in (True, False):
                cases.append(case("defaults", text, [ROBOTO], size, round(200 * size / 16),
                                  includePad=pad))
    # lineSpacing: setLineSpacing(extra, multiplier); the extra is rounded half away from zero
    # and not added after the last line.
    grid = [(m, e) for m in MULTIPLIERS for e in EXTRAS]
    for text, spacings in [(PROSE, grid), (TRAILING_NEWLINE, SHORT_SPACINGS),
                           (NEWLINE_ONLY, SHORT_SPACINGS)]:
        for multiplier, extra in spacings:
            if (multiplier, extra) == (1.0, 0.0):
                continue
            for pad in (True, False):
                cases.append(case("lineSpacing", text, [ROBOTO], 16, 200, includePad=pad,
                                  lineSpacingMultiplier=multiplier, lineSpacingExtra=extra))
    for multiplier, extra in FLOAT_SPACINGS:
        for pad in (True, False):
            cases.append(case("lineSpacing", PROSE, [ROBOTO], 16, 200, includePad=pad,
                              lineSpacingMultiplier=multiplier, lineSpacingExtra=extra))
    for multiplier, extra in [(1.5, 4.0), (0.5, -2.5)]:
        cases.append(case("lineSpacing", EMPTY, [ROBOTO], 16, 200,
                          lineSpacingMultiplier=multiplier, lineSpacingExtra=extra))
    for size in (12, 24):
        for multiplier in (1.2, 0.8):
            for extra in (2.5, -1.0):
                for pad in (True, False):
                    cases.append(case("lineSpacing", PROSE, [ROBOTO], size,
                                      round(200 * size / 16), includePad=pad,
                                      lineSpacingMultiplier=multiplier, lineSpacingExtra=extra))
    # fallback: Roboto first, then Arabic, emoji and CJK fonts; fallback line spacing on and off.
    for text in FALLBACK_TEXTS:
        for size in (16, 24):
            spacings = [(1.0, 0.0), (1.5, 2.5)] if size == 16 else [(1.0, 0.0)]
            for width in android.scaled([120, 200] if size == 16 else [120], size):
                for fallback in (True, False):
                    for pad in (True, False):
                        for multiplier, extra in spacings:
                            cases.append(case("fallback", text, FALLBACK, size, width,
                                              fallbackLineSpacing=fallback, includePad=pad,
                                              lineSpacingMultiplier=multiplier,
                                              lineSpacingExtra=extra))
    # ellipsis: setMaxLines with setEllipsize (END on the last line; START and MIDDLE on one).
    for text in [PROSE, TWO_PARAGRAPHS, THREE_SHORT]:
        for width in (120, 200):
            for strategy in ("simple", "high_quality"):
                for max_lines, where in ELLIPSES:
                    for pad in (True, False):
                        cases.append(case("ellipsis", text, [ROBOTO], 16, width,
                                          breakStrategy=strategy, includePad=pad,
                                          maxLines=max_lines, ellipsize=where))
        for size in (12, 24):
            for width in android.scaled([120, 200], size):
                cases.append(case("ellipsis", text, [ROBOTO], size, width, maxLines=2,
                                  ellipsize="end"))
        cases.append(case("ellipsis", text, [ROBOTO], 16, 120, maxLines=2, ellipsize="end",
                          lineSpacingMultiplier=1.2, lineSpacingExtra=2.0))
    for max_lines in (1, 2):
        cases.append(case("ellipsis", FALLBACK_TEXTS[3], FALLBACK, 16, 120, maxLines=max_lines,
                          ellipsize="end"))
    # maxLines without ellipsize: every line is laid out; getHeight(true) stops at maxLines.
    for text in [PROSE, TWO_PARAGRAPHS]:
        for max_lines in (1, 2, 3):
            for pad in (True, False):
                for multiplier, extra in [(1.0, 0.0), (1.2, 2.0)]:
                    cases.append(case("maxLines", text, [ROBOTO], 16, 120, maxLines=max_lines,
                                      includePad=pad, lineSpacingMultiplier=multiplier,
                                      lineSpacingExtra=extra))
    return cases


# --- What Java gets from native code -----------------------------------------------------------

class NativeAnswers:
    """The harness, run once over every paragraph of every case (all its widths, both
    strategies, with per-unit advances) and once per paint (its font metrics, and the ellipsis
    measured alone)."""

    def __init__(self, cases):
        widths, paints = {}, set()
        for c in cases:
            paint = (tuple(c["fonts"]), c["size"])
            paints.add(paint)
            units = utf16_units(c["text"])
            for start, end in paragraph_ranges(units):
                widths.setdefault(paint + (utf16_text(units[start:end]),), set()).add(c["width"])
        self.paragraph_keys, self.paint_keys = sorted(widths), sorted(paints)
        requests = []
        for fonts, size, text in self.paragraph_keys:
            req = android.request(list(fonts), text, size,
                                  widths=sorted(widths[(fonts, size, text)]))
            req["charWidths"] = True
            requests.append(req)
        requests += [android.request(list(fonts), "\u2026", size)
                     for fonts, size in self.paint_keys]
        answers = android.run_harness(requests)
        count = len(self.paragraph_keys)
        self.paragraphs = dict(zip(self.paragraph_keys, answers[:count]))
        self.paints = {}
        for key, req, answer in zip(self.paint_keys, requests[count:], answers[count:]):
            # Paint.getFontMetricsInt of the typeface's first font, rounded as make_android.py
            # rounds it; Paint.measureText: (float) Math.ceil(advance).
            metrics = android.metrics_case(req["fonts"][0], req["size"], answer)
            self.paints[key] = Paint(metrics["topInt"], metrics["ascentInt"],
                                     metrics["descentInt"], metrics["bottomInt"],
                                     float(math.ceil(f32(answer["advance"]))))

    def measure(self, c):
        """For one case: paragraph text -> MeasuredParagraph at its width and strategy."""
        def measured(text):
            answer = self.paragraphs[(tuple(c["fonts"]), c["size"], text)]
            for layout in answer["layouts"]:
                if layout["strategy"] == c["breakStrategy"] and layout["width"] == c["width"]:
                    lines = layout["lines"]
                    if any(line["flags"] for line in lines):
                        sys.exit("a hyphen edit or a tab in %r: not restated" % text)
                    return MeasuredParagraph(
                        [line["end"] for line in lines], [f32(line["width"]) for line in lines],
                        [f32(line["ascent"]) for line in lines],
                        [f32(line["descent"]) for line in lines],
                        [f32(w) for w in answer["charWidths"]])
            sys.exit("no %s layout at width %s for %r" % (c["breakStrategy"], c["width"], text))
        return measured

    def layout(self, c):
        """StaticLayout.Builder.obtain(text, 0, length, paint, width) with the case's settings."""
        return StaticLayout(c["text"], self.paints[(tuple(c["fonts"]), c["size"])],
                            self.measure(c), c["width"], include_pad=c["includePad"],
                            spacing_mult=c["lineSpacingMultiplier"],
                            spacing_add=c["lineSpacingExtra"],
                            fallback_line_spacing=c["fallbackLineSpacing"],
                            max_lines=c["maxLines"], ellipsize=c["ellipsize"])

# --- Checks ------------------------------------------------------------------------------------

def check_layout(c, result):
    """Identities every layout must keep, whatever the case."""
    lines = result["lines"]
    if result["lineCount"] != len(lines) or (not lines and result["height"] != 0):
        sys.exit("line count disagrees: %r" % c)
    expected_start = 0
    for line in lines:
        if line["start"] != expected_start or line["end"] < line["start"]:
            sys.exit("lines are not contiguous: %r" % c)
        if line["ascent"] > 0 or line["bottom"] - line["top"] != line["descent"] - line["ascent"]:
            sys.exit("a line's extents disagree with its top and bottom: %r" % c)
        expected_start = line["end"]
    if lines and result["height"] != lines[-1]["bottom"]:
        sys.exit("height is not the last line's bottom: %r" % c)
    covers = expected_start == len(utf16_units(c["text"]))
    if c["ellipsize"] is None and c["maxLines"] is None and not covers:
        sys.exit("lines do not cover the text: %r" % c)


def decimal_extra_differs(c, line):
    """Whether exact decimal arithmetic would round this line's extra differently from Java's
    float arithmetic (the line's height before spacing is bottom - top - extra)."""
    if line["extra"] == 0:
        return False
    height = line["bottom"] - line["top"] - line["extra"]
    ex = height * (Fraction(repr(c["lineSpacingMultiplier"])) - 1)
    ex += Fraction(repr(c["lineSpacingExtra"]))
    extra = math.floor(ex + Fraction(1, 2)) if ex >= 0 else -math.floor(-ex + Fraction(1, 2))
    return extra != line["extra"]


def check_against_aosp_unit_tests(paints):
    """The vertical-metrics expectations of AOSP's own StaticLayout unit tests
    (core/tests/coretests/src/android/text/StaticLayoutTest.java: testGetters1,
    testLineMetrics_withPadding, _withPaddingAndWidth, _withThreeLines, _withSpacingAdd,
    _withSpacingMult, _withUnitIntervalSpacingMult), written there as formulas over the paint's
    getFontMetricsInt, checked against the restatement for every paint of the goldens. The tests
    use the legacy constructor (no fallback line spacing) and leave the breaking to Minikin; here
    the lines break where the tests' 100 and 50 px widths would put them for any font, which the
    expectations do not depend on."""
    def measured(breaks):
        zeros = [0.0] * len(breaks)
        return lambda text: MeasuredParagraph(breaks, zeros, zeros, zeros, [0.0] * len(text))

    def scale(height, mult, add):  # the tests' Scaler: Math.round(h * (mult - 1) + add), floats
        return java_round(f32(f32(height * f32(f32(mult) - 1)) + f32(add)))

    checked = 0
    for fm in paints:
        top, ascent, descent, bottom = fm.top, fm.ascent, fm.descent, fm.bottom
        expectations = [  # (lines, includePad, mult, add, topPad, bottomPad, [(a, d, extra)])
            ([14], False, 1, 0, 0, 0, [(ascent, descent, 0)]),
            ([14], True, 1, 0, top - ascent, bottom - descent, [(top, bottom, 0)]),
            ([8, 14], True, 1, 0, top - ascent, bottom - descent,
             [(top, descent, 0), (ascent, bottom, 0)]),
            ([8, 15, 21], True, 1, 0, top - ascent, bottom - descent,
             [(top, descent, 0), (ascent, descent, 0), (ascent, bottom, 0)]),
            ([8, 15, 21], True, 1, 2, top - ascent, bottom - descent,
             [(top, descent + 2, 2), (ascent, descent + 2, 2), (ascent, bottom, 0)]),
        ]
        for mult in (1.5, 0.8):
            first, middle = scale(descent - top, mult, 2), scale(descent - ascent, mult, 2)
            expectations.append(([8, 15, 21], True, mult, 2, top - ascent, bottom - descent,
                                 [(top, descent + first, first),
                                  (ascent, descent + middle, middle), (ascent, bottom, 0)]))
        for breaks, pad, mult, add, top_pad, bottom_pad, rows in expectations:
            text = "This is a longer test"[:breaks[-1]]
            layout = StaticLayout(text, fm, measured(breaks), 100, include_pad=pad,
                                  spacing_mult=mult, spacing_add=add,
                                  fallback_line_spacing=False)
            got = [(line["ascent"], line["descent"], line["extra"]) for line in layout.lines()]
            tops = [line["top"] for line in layout.lines()]
            expected_tops = [sum(d - a for a, d, _ in rows[:i]) for i in range(len(rows))]
            if (got != rows or tops != expected_tops or layout.height(False) != sum(
                    d - a for a, d, _ in rows) or (layout.top_padding, layout.bottom_padding)
                    != (top_pad, bottom_pad)):
                sys.exit("AOSP's StaticLayoutTest expects %r, the restatement gives %r" % (
                    rows, got))
            checked += 1
    return checked


def check_against_android_json(native):
    """Paragraphs that android.json also breaks must come back identical (same harness)."""
    with open(android.OUT_JSON, encoding="utf-8") as f:
        reference = json.load(f)
    compared = 0
    for p in reference["paragraphs"]:
        if not p["hinting"] or p["letterSpacing"] != 0 or p["hyphenation"] != "none":
            continue
        fonts = [ROBOTO] if p["fonts"] == [ROBOTO] else FALLBACK
        key = (tuple(fonts), p["size"], p["text"])
        if key not in native.paragraphs:
            continue
        for layout in p["layouts"]:
            ours = [l for l in native.paragraphs[key]["layouts"]
                    if l["strategy"] == layout["breakStrategy"] and l["width"] == layout["width"]]
            if not ours:
                continue
            mine = [{"start": l["start"], "end": l["end"], "width": android.float32(l["width"]),
                     "ascent": android.float32(l["ascent"]),
                     "descent": android.float32(l["descent"]), "endHyphenEdit": l["flags"] & 7}
                    for l in ours[0]["lines"]]
            if mine != layout["lines"]:
                sys.exit("the harness breaks %r differently from android.json" % p["text"])
            compared += 1
    return compared


# --- Output ------------------------------------------------------------------------------------

def json_number(value):
    """Floats as the shortest decimal that reads back as the same float32; ints and None kept."""
    return android.float32(value) if isinstance(value, float) else value


def layout_record(c, layout):
    record = {key: c[key] for key in ("kind", "text", "size", "width", "breakStrategy",
                                      "hyphenationFrequency", "includePad",
                                      "fallbackLineSpacing", "maxLines", "ellipsize")}
    record["fonts"] = android.font_names(c["fonts"])
    record["hinting"] = True
    record["lineSpacingMultiplier"] = json_number(c["lineSpacingMultiplier"])
    record["lineSpacingExtra"] = json_number(c["lineSpacingExtra"])
    lines = [{key: json_number(value) for key, value in line.items()} for line in layout.lines()]
    if c["ellipsize"] is None:  # COLUMNS_NORMAL: getEllipsisStart/Count are 0, not recorded
        for line in lines:
            del line["ellipsisStart"], line["ellipsisCount"]
    record.update({"lineCount": layout.line_count, "height": layout.height(False),
                   "heightCapped": layout.height(True), "topPadding": layout.top_padding,
                   "bottomPadding": layout.bottom_padding, "lines": lines})
    return record


def paint_record(fonts, size, paint):
    return {"fonts": android.font_names(list(fonts)), "size": size, "hinting": True,
            "fontMetricsInt": {"top": paint.top, "ascent": paint.ascent,
                               "descent": paint.descent, "bottom": paint.bottom},
            "ellipsisWidth": json_number(paint.ellipsis_width)}


def sort_key(r):
    return (r["kind"], tuple(r["fonts"]), r["text"], r["size"], r["width"], r["breakStrategy"],
            not r["includePad"], not r["fallbackLineSpacing"], r["lineSpacingMultiplier"],
            r["lineSpacingExtra"], r["maxLines"] or 0, r["ellipsize"] or "")


def main():
    if not os.access(android.HARNESS, os.X_OK):
        sys.exit("no harness: run Tests/Goldens/android/build-minikin.sh first (see android.md)")
    cases = plan_cases()
    native = NativeAnswers(cases)
    compared = check_against_android_json(native)
    unit_tests = check_against_aosp_unit_tests(native.paints[key] for key in native.paint_keys)
    layouts = []
    float_sensitive = 0
    for c in cases:
        record = layout_record(c, native.layout(c))
        check_layout(c, record)
        layouts.append(record)
        float_sensitive += sum(decimal_extra_differs(c, line) for line in record["lines"])
    if float_sensitive == 0:
        sys.exit("no line's extra depends on float arithmetic: FLOAT_SPACINGS misses its aim")
    layouts.sort(key=sort_key)
    keys = [sort_key(r) for r in layouts]
    if len(set(keys)) != len(keys):
        sys.exit("two cases share their settings")

    with open(os.path.join(android.BUILD, "minikin-source.txt"), encoding="utf-8") as source:
        engine = [line.strip() for line in source
                  if line.strip() and not line.startswith("compiler:")]
    doc = {
        "generator": {
            "script": "Tests/Goldens/make_android_heights.py",
            "harness": "Tests/Goldens/android/minikin_harness.cpp",
            "engine": engine,
            "java": JAVA_SOURCES,
        },
        "paints": [paint_record(fonts, size, native.paints[(fonts, size)])
                   for fonts, size in native.paint_keys],
        "layouts": layouts,
    }
    with open(OUT_JSON, "w", encoding="utf-8") as out:
        json.dump(doc, out, indent=2, sort_keys=True, ensure_ascii=False)
        out.write("\n")
    print("checked %d layouts' breaks against android.json and %d layouts against AOSP's "
          "StaticLayoutTest; %d lines' extra rounds otherwise in exact decimals; wrote %s: "
          "%d layouts, %d lines" % (
              compared, unit_tests, float_sensitive, os.path.relpath(OUT_JSON, android.REPO),
              len(layouts), sum(r["lineCount"] for r in layouts)), file=sys.stderr)


if __name__ == "__main__":
    main()
