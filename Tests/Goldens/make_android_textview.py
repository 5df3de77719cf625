#!/usr/bin/python3
"""Generate Tests/Goldens/android_textview.json: the size an Android 14 TextView measures itself to
for plain text (wrap_content, no padding), which layout it makes and its lines.

Run from the repository root after building the harness (see android.md and android_textview.md):

    Tests/Goldens/android/build-minikin.sh --minikin MINIKIN_GIT_DIR --tex-hyphen TEX_HYPHEN_GIT_DIR
    /usr/bin/python3 Tests/Goldens/make_android_textview.py

The Java framework cannot run here, so its rules are restated: TextView.onMeasure,
makeSingleLayout and getDesiredHeight, BoringLayout, TextLine and Layout.getDesiredWidthWithLimit
in android_textview.py, StaticLayout in android_static_layout.py (android_heights.json's). This
script chooses the cases, answers the restatement's questions to native code with the harness
(.build-minikin/minikin_harness, Minikin at android-14.0.0_r50), checks the answers and writes them.

The restatement asks as it goes; a question not yet answered is queued and the case is tried
again after the harness has answered every queued question at once (a few rounds in all, since
what StaticLayout is asked depends on the width TextView chose).

Checks before writing: the BoringLayout expectations of CTS's BoringLayoutTest; every StaticLayout
that android_heights.json also lays out gives the same lines and height; boring widths and
metrics agree with android.json's Paint.measureText and getFontMetricsInt; the harness's
paragraph levels agree with the restated first-strong heuristic; Layout's identities.
Rerunning it writes a byte-identical file.
"""
import json
import math
import os
import sys

import make_android as android
from android_static_layout import MeasuredParagraph, Paint, f32, paragraph_ranges
from android_static_layout import utf16_text, utf16_units
from android_textview import (FALLBACK_ALL, FALLBACK_NONE, FALLBACK_STATIC_LAYOUT_ONLY,
                              BoringLayout, FontMetricsInt, TextViewMeasure, TextViewSettings,
                              first_strong_ltr_is_rtl, is_boring_text)

OUT_JSON = os.path.join(android.REPO, "Tests", "Goldens", "android_textview.json")
HEIGHTS_JSON = os.path.join(android.REPO, "Tests", "Goldens", "android_heights.json")
ROBOTO, FALLBACK = android.ROBOTO, android.FALLBACK
# android.json's fallback list, then fonts for Thai, Devanagari and Hebrew, which none before
# them covers; Thai's and Devanagari's descents reach below Roboto's bottom.
SCRIPT_FALLBACK = FALLBACK + ["Fonts/NotoSansThai-Regular.ttf",
                              "Fonts/NotoSansDevanagari-Regular.ttf", "Fonts/DejaVuSans.ttf"]

JAVA_SOURCES = {
    "release": "android-14.0.0_r2 (API 34 SDK sources)",
    "copy": "github.com/Reginer/aosp-android-jar, android-34/src/, commit "
            "0641f5ad7fe468316fb86df75979040431d3fd32",
    "files": [
        "core/java/android/widget/TextView.java: onMeasure, makeNewLayout, makeSingleLayout, "
        "getDesiredHeight, isFallbackLineSpacingForBoringLayout/ForStaticLayout, "
        "getTextDirectionHeuristic, the fields' defaults",
        "core/java/android/text/BoringLayout.java: isBoring, hasAnyInterestingChars, init, "
        "getHeight, getLineTop, getLineDescent, getLineStart, getTopPadding, getBottomPadding",
        "core/java/android/text/TextLine.java: set, metrics, measure, measureRun, handleRun, "
        "handleText, expandMetricsFromPaint, updateMetrics, nextTab",
        "core/java/android/text/Layout.java: getDesiredWidthWithLimit, measurePara, "
        "getLineBaseline, getLineAscent, getHeight(boolean), TabStops.nextDefaultStop",
        "core/java/android/text/MeasuredParagraph.java: buildForBidi, resetAndAnalyzeBidi, "
        "getDirections",
        "core/java/android/text/AndroidBidi.java: bidi, directions",
        "core/java/android/text/TextUtils.java: couldAffectRtl, doesNotNeedBidi",
        "core/java/android/text/TextDirectionHeuristics.java: FIRSTSTRONG_LTR",
        "graphics/java/android/graphics/Paint.java: getRunCharacterAdvance, "
        "getFontMetricsInt(CharSequence, ...), getFontMetricsInt(FontMetricsInt)",
        "core/java/android/text/StaticLayout.java and the rest of android_heights.json's list: "
        "android_static_layout.py",
    ],
}

# A TextView's settings unless a case varies them (android_textview.md: TextView's defaults).
DEFAULTS = {"hinting": True, "maxLines": None, "ellipsize": None, "includeFontPadding": True,
            "fallbackLineSpacing": FALLBACK_ALL, "lineSpacingMultiplier": 1.0,
            "lineSpacingExtra": 0.0, "breakStrategy": "high_quality",
            "hyphenationFrequency": "none"}

PROSE = android.PARAGRAPHS[0]
TWO_PARAGRAPHS = "Android measures text in pixels.\nA second paragraph follows the first one."
LABELS = ["", "OK", "Hello, World", "Sign in to continue", "Trailing spaces   ", "AVAVA Tokyo"]
LABEL_SIZES = [12.0, 16.0, 17.5, 36.75]
NEWLINE_TEXTS = [TWO_PARAGRAPHS, "Line one\nLine two", "Title\n", "\n", "A\n\nB",
                 "Short\nA much longer second line"]
TAB_TEXTS = ["Name:\tValue", "\tIndented", "a\tb\tc", "Tab at the end\t"]
HEBREW = "\u05e9\u05dc\u05d5\u05dd \u05e2\u05d5\u05dc\u05dd"
ARABIC = "\u0645\u0631\u062d\u0628\u0627 \u0628\u0627\u0644\u0639\u0627\u0644\u0645"
BIDI_TEXTS = [
    (HEBREW, SCRIPT_FALLBACK),
    ("\u05de\u05d7\u05d9\u05e8 123", SCRIPT_FALLBACK),  # digits: a level-2 run in RTL
    ("Hello \u05e9\u05dc\u05d5\u05dd", SCRIPT_FALLBACK),  # an RTL run last in an LTR paragraph
    (ARABIC, FALLBACK),
    ("Arabic \u0645\u0631\u062d\u0628\u0627 mixed with English", FALLBACK),
]
FALLBACK_TEXTS = [
    ("Hello \u4e16\u754c", FALLBACK),  # CJK in the BMP: boring, Droid Sans Fallback's extents
    ("\u65e5\u672c\u8a9e\u306e\u30c6\u30ad\u30b9\u30c8", FALLBACK),
    ("I \u2764\ufe0f it", FALLBACK),  # an emoji in the BMP: boring, Noto Color Emoji's extents
    ("\u263a Smile", FALLBACK),
    ("Party \U0001f389", FALLBACK),  # a surrogate pair: never boring
    ("Thai \u0e2a\u0e27\u0e31\u0e2a\u0e14\u0e35", SCRIPT_FALLBACK),  # boring, deeper descent
    ("\u0928\u092e\u0938\u094d\u0924\u0947 \u0926\u0941\u0928\u093f\u092f\u093e",
     SCRIPT_FALLBACK),
]
# android_heights.json's fallback texts that a 120 px TextView lays out as it does.
HEIGHTS_FALLBACK_TEXTS = [
    "Latin text with \u65e5\u672c\u8a9e in the middle of the line",
    "Emoji \U0001f600\U0001f44d\U0001f3fd sit in a Latin line of text",
]
HYPHENATION_TEXT = ("Internationalization and localization: extraordinary representatives "
                    "accept responsibilities.")
MAX_LINES_ELLIPSES = [(1, None), (2, None), (3, None), (1, "end"), (1, "start"), (1, "middle"),
                      (2, "end"), (3, "end"), (None, "end"), (2, "start")]
SPACINGS = [(1.5, 0.0), (1.0, 4.0), (0.8, 2.5), (1.2, -1.0)]


def case(kind, text, fonts, size, max_width, **settings):
    unknown = set(settings) - set(DEFAULTS)
    if unknown:
        sys.exit("unknown settings %s" % sorted(unknown))
    return dict(DEFAULTS, kind=kind, text=text, fonts=fonts, size=float(size),
                maxWidth=max_width, **settings)


def plan_cases():
    cases = []
    # label: short texts, all boring, at their own width (UNSPECIFIED) and under AT_MOST limits.
    for text in LABELS:
        for size in LABEL_SIZES:
            for hinting in (True, False):
                cases.append(case("label", text, [ROBOTO], size, None, hinting=hinting))
        for max_width in (40, 150):
            cases.append(case("label", text, [ROBOTO], 16, max_width))
        cases.append(case("label", text, [ROBOTO], 16, None, includeFontPadding=False))
    # wrap: a boring text wider than the limit makes a StaticLayout as wide as the limit.
    for size, widths in [(16, (80, 120, 200, 320)), (24, (180, 300))]:
        for max_width in widths:
            for strategy in ("simple", "high_quality", "balanced"):
                cases.append(case("wrap", PROSE, [ROBOTO], size, max_width,
                                  breakStrategy=strategy))
    for max_width in (120, 200):
        for strategy in ("simple", "high_quality"):
            cases.append(case("wrap", PROSE, [ROBOTO], 16, max_width, breakStrategy=strategy,
                              includeFontPadding=False))
        cases.append(case("wrap", PROSE, [ROBOTO], 16, max_width, hinting=False))
    for max_width in (60, 150, 400):
        cases.append(case("wrap", "Android measures text in pixels", [ROBOTO], 16, max_width))
    for size in (36.75, 48):
        for hinting in (True, False):
            cases.append(case("wrap", PROSE, [ROBOTO], size, 1080, hinting=hinting))
    # newline: a line feed is never boring; the widest paragraph, or the limit.
    for text in NEWLINE_TEXTS:
        for size in (16, 24):
            for max_width in (None, 200):
                cases.append(case("newline", text, [ROBOTO], size, max_width))
        cases.append(case("newline", text, [ROBOTO], 16, None, includeFontPadding=False))
    # tab: never boring; TextLine advances to the next 20 px stop.
    for text in TAB_TEXTS:
        for max_width in (None, 60):
            cases.append(case("tab", text, [ROBOTO], 16, max_width))
        cases.append(case("tab", text, [ROBOTO], 16, None, hinting=False))
    # bidi: RTL text is never boring; each direction run is measured on its own.
    for text, fonts in BIDI_TEXTS:
        for size in (16, 24):
            for max_width in (None, 80):
                cases.append(case("bidi", text, fonts, size, max_width))
        cases.append(case("bidi", text, fonts, 16, None, fallbackLineSpacing=FALLBACK_NONE))
    # fallback: fallback fonts' extents, in BoringLayout only with FALLBACK_ALL.
    for text, fonts in FALLBACK_TEXTS:
        for fallback in (FALLBACK_ALL, FALLBACK_STATIC_LAYOUT_ONLY, FALLBACK_NONE):
            for pad in (True, False):
                cases.append(case("fallback", text, fonts, 16, None,
                                  fallbackLineSpacing=fallback, includeFontPadding=pad))
        cases.append(case("fallback", text, fonts, 24, None))
        cases.append(case("fallback", text, fonts, 16, 60))
    for text in HEIGHTS_FALLBACK_TEXTS:
        for fallback in (FALLBACK_ALL, FALLBACK_NONE):
            for pad in (True, False):
                cases.append(case("fallback", text, FALLBACK, 16, 120,
                                  fallbackLineSpacing=fallback, includeFontPadding=pad))
    # maxLines: setMaxLines with and without setEllipsize.
    for max_width in (120, 200):
        for max_lines, where in MAX_LINES_ELLIPSES:
            for pad in (True, False):
                cases.append(case("maxLines", PROSE, [ROBOTO], 16, max_width,
                                  maxLines=max_lines, ellipsize=where, includeFontPadding=pad))
    for max_lines, where in [(1, None), (2, None), (1, "end"), (2, "end")]:
        cases.append(case("maxLines", TWO_PARAGRAPHS, [ROBOTO], 16, 120, maxLines=max_lines,
                          ellipsize=where))
    for max_width in (None, 60, 400):
        cases.append(case("maxLines", "Hello, World", [ROBOTO], 16, max_width, maxLines=1,
                          ellipsize="end"))
    cases.append(case("maxLines", PROSE, [ROBOTO], 16, 120, maxLines=2, ellipsize="end",
                      lineSpacingMultiplier=1.2, lineSpacingExtra=2.0))
    # lineSpacing: BoringLayout ignores it; StaticLayout adds it to every line but the last.
    for multiplier, extra in SPACINGS:
        for pad in (True, False):
            cases.append(case("lineSpacing", "Hello, World", [ROBOTO], 16, None,
                              lineSpacingMultiplier=multiplier, lineSpacingExtra=extra,
                              includeFontPadding=pad))
            cases.append(case("lineSpacing", PROSE, [ROBOTO], 16, 200,
                              lineSpacingMultiplier=multiplier, lineSpacingExtra=extra,
                              includeFontPadding=pad))
        cases.append(case("lineSpacing", TWO_PARAGRAPHS, [ROBOTO], 16, None,
                          lineSpacingMultiplier=multiplier, lineSpacingExtra=extra))
        cases.append(case("lineSpacing", "Title\n", [ROBOTO], 16, None,
                          lineSpacingMultiplier=multiplier, lineSpacingExtra=extra))
    # hyphenation: HYPHENATION_FREQUENCY_FULL with en-US, each strategy.
    for max_width in (100, 160):
        for frequency in ("none", "full"):
            for strategy in ("simple", "high_quality", "balanced"):
                cases.append(case("hyphenation", HYPHENATION_TEXT, [ROBOTO], 16, max_width,
                                  breakStrategy=strategy, hyphenationFrequency=frequency))
    return cases


# --- What Java gets from native code -----------------------------------------------------------

class Pending(Exception):
    """The restatement asked what the harness has not answered yet."""


class NativeAnswers:
    """The `native` of android_textview.py over the harness. A paint is (fonts, size, hinting).
    Questions are queued as they are asked and answered a round at a time (`answer_round`)."""

    def __init__(self):
        self.answers, self.pending = {}, set()
        self.paragraph_widths = {}  # (paint, hyphenation, text) -> {(strategy, width)} asked
        self.bidi_levels = {}  # text -> para level, for the first-strong check

    def ask(self, key):
        if key not in self.answers:
            self.pending.add(key)
            raise Pending(key)
        return self.answers[key]

    def paint_metrics(self, paint):
        return self.ask(("paint", paint))[0]

    def static_paint(self, paint):
        metrics, ellipsis_width = self.ask(("paint", paint))
        return Paint(metrics.top, metrics.ascent, metrics.descent, metrics.bottom, ellipsis_width)

    def run_advance(self, paint, units, is_rtl):
        return self.ask(("run", paint, utf16_text(units), is_rtl))[0]

    def run_metrics(self, paint, units, is_rtl):
        return self.ask(("run", paint, utf16_text(units), is_rtl))[1]

    def bidi(self, units):
        return self.ask(("bidi", utf16_text(units)))

    def measure(self, paint, hyphenation, strategy, width):
        """Paragraph text -> MeasuredParagraph, broken by Minikin at `width` with `strategy`."""
        def measured(text):
            key = (paint, hyphenation, text)
            self.paragraph_widths.setdefault(key, set()).add((strategy, float(width)))
            layouts = self.ask(("paragraph",) + key)
            if (strategy, float(width)) not in layouts:
                self.pending.add(("paragraph",) + key)
                raise Pending(key)
            return layouts[(strategy, float(width))]
        return measured

    def answer_round(self):
        """One harness run for every queued question."""
        keys = sorted(self.pending, key=repr)
        self.pending = set()
        requests = [self.request(key) for key in keys]
        answers = android.run_harness(requests, line=request_line)
        for key, answer in zip(keys, answers):
            self.answers[key] = self.read(key, answer)

    def request(self, key):
        kind, rest = key[0], key[1:]
        if kind == "paint":  # Paint.getFontMetricsInt, and measureText of StaticLayout's ellipsis
            (fonts, size, hinting), = rest
            return android.request(list(fonts), "\u2026", size, hinting)
        if kind == "run":
            (fonts, size, hinting), text, is_rtl = rest
            req = android.request(list(fonts), text, size, hinting)
            req["run"] = "rtl" if is_rtl else "ltr"
            return req
        if kind == "bidi":  # the levels do not depend on the paint
            req = android.request([ROBOTO], rest[0], 16)
            req["bidi"] = True
            return req
        (fonts, size, hinting), hyphenation, text = rest
        asked = self.paragraph_widths[rest]
        req = android.request(list(fonts), text, size, hinting, hyphenation=hyphenation,
                              widths=sorted({width for _, width in asked}))
        req["charWidths"] = True
        req["strategies"] = sorted({strategy for strategy, _ in asked})
        return req

    def read(self, key, answer):
        kind, rest = key[0], key[1:]
        first_font = rest[0][0][0] if kind != "bidi" else ROBOTO
        size = rest[0][1] if kind != "bidi" else 16
        if kind == "paint":
            # Paint.getFontMetricsInt (GraphicsJNI::set_metrics_int, as make_android.py rounds);
            # Paint.measureText("\u2026"): (float) Math.ceil(advance).
            return (metrics_int(android.metrics_case(first_font, size, answer)),
                    float(math.ceil(f32(answer["advance"]))))
        if kind == "run":
            run, first = answer["run"], answer["fontMetrics"]
            # Paint.cpp doFontExtent: the first font's metrics with Minikin's extent for ascent
            # and descent, top and bottom widened to them, then rounded as getFontMetricsInt.
            ascent, descent = f32(run["ascent"]), f32(run["descent"])
            extent = {"top": min(ascent, f32(first["top"])), "ascent": ascent,
                      "descent": descent, "bottom": max(descent, f32(first["bottom"])),
                      "leading": f32(first["leading"])}
            return (f32(run["advance"]),
                    metrics_int(android.metrics_case(first_font, size, {"fontMetrics": extent})))
        if kind == "bidi":
            self.bidi_levels[rest[0]] = answer["bidi"]["paraLevel"]
            return answer["bidi"]["paraLevel"], answer["bidi"]["levels"]
        layouts = {}
        for layout in answer["layouts"]:
            lines = layout["lines"]
            # Only end-of-line hyphens (bits 0-2) and tabs (bit 29) may appear; neither changes a
            # line's vertical metrics, which is all StaticLayout reads of the flags here.
            if any(line["flags"] & ~(0b111 | 1 << 29) for line in lines):
                sys.exit("a start-of-line hyphen edit in %r: not restated" % rest[2])
            layouts[(layout["strategy"], float(layout["width"]))] = MeasuredParagraph(
                [line["end"] for line in lines], [f32(line["width"]) for line in lines],
                [f32(line["ascent"]) for line in lines], [f32(line["descent"]) for line in lines],
                [f32(w) for w in answer["charWidths"]])
        return layouts


def metrics_int(metrics):
    return FontMetricsInt(metrics["topInt"], metrics["ascentInt"], metrics["descentInt"],
                          metrics["bottomInt"], metrics["leadingInt"])


def request_line(req):
    """make_android.request_line, with the fields this script adds."""
    line = android.request_line(req)
    if req.get("run"):
        line += "\trun=" + req["run"]
    if req.get("bidi"):
        line += "\tbidi=on"
    if req.get("strategies"):
        line += "\tstrategies=" + ",".join(req["strategies"])
    return line


def paint_of(c):
    return (tuple(c["fonts"]), c["size"], c["hinting"])


def settings_of(c):
    return TextViewSettings(c["maxLines"], c["ellipsize"], c["includeFontPadding"],
                            c["fallbackLineSpacing"], c["lineSpacingMultiplier"],
                            c["lineSpacingExtra"], c["breakStrategy"], c["hyphenationFrequency"])


def measure_all(cases, native):
    """Every case through the restatement, asking the harness in rounds until none is pending."""
    results = [None] * len(cases)
    for _ in range(10):
        for index, c in enumerate(cases):
            if results[index] is None:
                try:
                    results[index] = TextViewMeasure(paint_of(c), c["text"], c["maxWidth"],
                                                     settings_of(c), native)
                except Pending:
                    pass
        if not native.pending:
            return results
        native.answer_round()
    sys.exit("the harness was still being asked after 10 rounds")


# --- Output ------------------------------------------------------------------------------------

def json_number(value):
    """Floats as the shortest decimal that reads back as the same float32; others kept."""
    return android.float32(value) if isinstance(value, float) else value


def view_record(c, view):
    record = {key: json_number(c[key]) for key in DEFAULTS}
    record.update(kind=c["kind"], text=c["text"], fonts=android.font_names(c["fonts"]),
                  size=json_number(c["size"]), maxWidth=c["maxWidth"])
    boring = view.boring
    record["boring"] = None if boring is None else {
        "width": boring.width, "top": boring.top, "ascent": boring.ascent,
        "descent": boring.descent, "bottom": boring.bottom, "leading": boring.leading}
    lines = view.lines()
    record.update(layout=view.kind, desiredWidth=view.desired_width, width=view.width,
                  height=view.height, lineCount=view.layout.line_count, lines=lines)
    return record


def sort_key(r):
    return (r["kind"], tuple(r["fonts"]), r["text"], r["size"], not r["hinting"],
            -1 if r["maxWidth"] is None else r["maxWidth"], r["breakStrategy"],
            r["hyphenationFrequency"], not r["includeFontPadding"], r["fallbackLineSpacing"],
            r["lineSpacingMultiplier"], r["lineSpacingExtra"], r["maxLines"] or 0,
            r["ellipsize"] or "")


# --- Checks ------------------------------------------------------------------------------------

def check_cts_boring_layout_test():
    """CTS's BoringLayoutTest (tests/tests/text/src/android/text/cts/BoringLayoutTest.java):
    testIsBoringString's texts, and testScale, testGetLineDescent_with(out)IncludePadding,
    testIncludePadding and testPreconditions over its made-up Metrics (top 10, ascent 20,
    descent 40, bottom 50, width 50), which any line spacing leaves alone."""
    boring = {"hello android": True, "\u0590 \u0591": False, "hello \t android": False,
              "hello \n android": False, "hello \n\n\n android": False,
              "\nhello \n android\n": False, "hello android\n\n\n": False}
    for text, expected in boring.items():
        if is_boring_text(utf16_units(text)) != expected:
            sys.exit("CTS BoringLayoutTest: isBoring(%r) should be %s" % (
                text, "non-null" if expected else "null"))
    metrics = FontMetricsInt(top=10, ascent=20, descent=40, bottom=50, leading=50)
    metrics.width = 50
    text = utf16_units("default")
    padded, unpadded = BoringLayout(text, metrics, True), BoringLayout(text, metrics, False)
    expectations = [
        (padded.height(False), 50 - 10), (padded.lines()[0]["descent"], 50 - 10 + 10),
        (padded.top_padding, 10 - 20), (padded.bottom_padding, 50 - 40),
        (unpadded.height(False), 40 - 20), (unpadded.lines()[0]["descent"], 40 - 20 + 20),
        (unpadded.top_padding, 0), (unpadded.bottom_padding, 0),
        (padded.line_count, 1), (padded.line_top(0), 0), (padded.line_top(1), padded.height(False)),
        (padded.lines()[0]["end"], len(text)), (padded.max, 50),
    ]
    for got, expected in expectations:
        if got != expected:
            sys.exit("CTS BoringLayoutTest expects %r, the restatement gives %r" % (expected, got))
    return len(boring) + len(expectations)


def check_against_android_heights(records):
    """Every StaticLayout that android_heights.json lays out with the same settings at the same
    width must have the same lines and (capped) height."""
    with open(HEIGHTS_JSON, encoding="utf-8") as f:
        heights = json.load(f)["layouts"]

    def key(text, fonts, size, width, strategy, pad, fallback, mult, extra, max_lines, where):
        return (text, tuple(fonts), float(size), width, strategy, pad, fallback,
                android.float32(float(mult)), android.float32(float(extra)), max_lines, where)
    index = {key(h["text"], h["fonts"], h["size"], h["width"], h["breakStrategy"],
                 h["includePad"], h["fallbackLineSpacing"], h["lineSpacingMultiplier"],
                 h["lineSpacingExtra"], h["maxLines"], h["ellipsize"]): h
             for h in heights if h["hinting"] and h["hyphenationFrequency"] == "none"}
    compared = 0
    for r in records:
        if r["layout"] != "static" or not r["hinting"] or r["hyphenationFrequency"] != "none":
            continue
        h = index.get(key(r["text"], r["fonts"], r["size"], r["width"], r["breakStrategy"],
                          r["includeFontPadding"], r["fallbackLineSpacing"] != FALLBACK_NONE,
                          r["lineSpacingMultiplier"], r["lineSpacingExtra"], r["maxLines"],
                          r["ellipsize"]))
        if h is None:
            continue
        fields = ("start", "end", "top", "bottom", "baseline", "ascent", "descent")
        theirs = [{k: line[k] for k in fields} for line in h["lines"]]
        ours = [{k: line[k] for k in fields} for line in r["lines"]]
        if r["ellipsize"] is not None:
            for mine, line in zip(ours, r["lines"]):
                mine.update(ellipsisStart=line["ellipsisStart"], ellipsisCount=line["ellipsisCount"])
            for other, line in zip(theirs, h["lines"]):
                other.update(ellipsisStart=line["ellipsisStart"],
                             ellipsisCount=line["ellipsisCount"])
        if ours != theirs or r["height"] != h["heightCapped"] or r["lineCount"] != h["lineCount"]:
            sys.exit("android_heights.json lays out %r otherwise" % r["text"])
        compared += 1
    return compared


def check_against_android_json(records):
    """A boring text's width is Paint.measureText's (both ceil Minikin's advance of the whole text,
    LTR), and for Roboto alone its metrics are getFontMetricsInt's: android.json's, where it
    measured the same text at the same size."""
    with open(android.OUT_JSON, encoding="utf-8") as f:
        reference = json.load(f)
    measured = {(tuple(m["fonts"]), m["text"], float(m["size"]), m["hinting"]): m["measureText"]
                for m in reference["measure"] if m["letterSpacing"] == 0}
    metrics = {(m["font"], float(m["size"])): m for m in reference["fontMetrics"]}
    compared = 0
    for r in records:
        if r["boring"] is None:
            continue
        width = measured.get((tuple(r["fonts"]), r["text"], float(r["size"]), r["hinting"]))
        if width is not None:
            if width != r["boring"]["width"]:
                sys.exit("boring width %d, android.json's measureText %d: %r" % (
                    r["boring"]["width"], width, r))
            compared += 1
        m = metrics.get((ROBOTO, float(r["size"])))
        if r["fonts"] == [ROBOTO] and m is not None and r["hinting"]:
            got = tuple(r["boring"][k] for k in ("top", "ascent", "descent", "bottom", "leading"))
            if got != (m["topInt"], m["ascentInt"], m["descentInt"], m["bottomInt"],
                       m["leadingInt"]):
                sys.exit("boring metrics %r differ from android.json's %r" % (got, m))
            compared += 1
    return compared


def check_first_strong(native):
    """ICU's paragraph level (DEFAULT_LTR) against the restated FIRSTSTRONG_LTR heuristic."""
    for text, para_level in native.bidi_levels.items():
        if bool(para_level & 1) != first_strong_ltr_is_rtl(text):
            sys.exit("ICU and FIRSTSTRONG_LTR disagree on %r" % text)
    return len(native.bidi_levels)


def check_record(r):
    """Identities every record keeps."""
    lines, length = r["lines"], len(utf16_units(r["text"]))
    if r["lineCount"] != len(lines) or not lines:
        sys.exit("line count disagrees: %r" % r)
    start = 0
    for line in lines:
        if line["start"] != start or line["end"] < line["start"] or line["ascent"] > 0:
            sys.exit("lines are not contiguous: %r" % r)
        if line["bottom"] - line["top"] != line["descent"] - line["ascent"]:
            sys.exit("a line's extents disagree with its top and bottom: %r" % r)
        start = line["end"]
    if r["maxLines"] is None and r["ellipsize"] is None and start != length:
        sys.exit("lines do not cover the text: %r" % r)
    if r["maxWidth"] is not None and r["width"] > r["maxWidth"]:
        sys.exit("wider than AT_MOST allows: %r" % r)
    if r["layout"] == "boring":
        if r["boring"] is None or r["lineCount"] != 1 or r["width"] != r["boring"]["width"]:
            sys.exit("a BoringLayout without boring metrics or with several lines: %r" % r)
    if r["maxLines"] is None and r["height"] != lines[-1]["bottom"]:
        sys.exit("height is not the last line's bottom: %r" % r)
    paragraphs = len(paragraph_ranges(utf16_units(r["text"])))
    if r["layout"] == "static" and r["maxLines"] is None and r["lineCount"] < paragraphs:
        sys.exit("fewer lines than paragraphs: %r" % r)


def check_coverage(records):
    """Each branch the golden is for must occur."""
    def some(predicate, what):
        if not any(predicate(r) for r in records):
            sys.exit("no case shows " + what)
    some(lambda r: r["layout"] == "boring", "a BoringLayout")
    some(lambda r: r["layout"] == "static" and r["boring"] is not None,
         "a boring text wider than its limit (StaticLayout)")
    some(lambda r: r["layout"] == "static" and r["maxWidth"] is None and r["lineCount"] > 1,
         "an unlimited StaticLayout of several paragraphs")
    some(lambda r: r["boring"] is not None and r["fallbackLineSpacing"] == FALLBACK_ALL and any(
        o["text"] == r["text"] and o["size"] == r["size"] and o["boring"] is not None
        and o["fallbackLineSpacing"] != FALLBACK_ALL and o["boring"] != r["boring"]
        for o in records), "fallback extents changing boring metrics")
    some(lambda r: r["kind"] == "tab" and r["maxWidth"] is None, "a tab")
    some(lambda r: any(line["ellipsisCount"] for line in r["lines"]), "an ellipsis")


def main():
    if not os.access(android.HARNESS, os.X_OK):
        sys.exit("no harness: run Tests/Goldens/android/build-minikin.sh first (see android.md)")
    cts = check_cts_boring_layout_test()
    cases = plan_cases()
    native = NativeAnswers()
    views = measure_all(cases, native)
    records = [view_record(c, view) for c, view in zip(cases, views)]
    for r in records:
        check_record(r)
    check_coverage(records)
    heights = check_against_android_heights(records)
    reference = check_against_android_json(records)
    levels = check_first_strong(native)
    records.sort(key=sort_key)
    keys = [sort_key(r) for r in records]
    if len(set(keys)) != len(keys):
        sys.exit("two cases share their settings")
    paints = sorted({key[1] for key in native.answers if key[0] == "paint"})

    with open(os.path.join(android.BUILD, "minikin-source.txt"), encoding="utf-8") as source:
        engine = [line.strip() for line in source
                  if line.strip() and not line.startswith("compiler:")]
    doc = {
        "generator": {
            "script": "Tests/Goldens/make_android_textview.py",
            "harness": "Tests/Goldens/android/minikin_harness.cpp",
            "engine": engine,
            "java": JAVA_SOURCES,
        },
        "paints": [{"fonts": android.font_names(list(fonts)), "size": size, "hinting": hinting,
                    "fontMetricsInt": dict(zip(FontMetricsInt.FIELDS,
                                               native.paint_metrics((fonts, size, hinting))
                                               .values()))}
                   for fonts, size, hinting in paints],
        "views": records,
    }
    with open(OUT_JSON, "w", encoding="utf-8") as out:
        json.dump(doc, out, indent=2, sort_keys=True, ensure_ascii=False)
        out.write("\n")
    kinds = {}
    for r in records:
        kinds[r["layout"]] = kinds.get(r["layout"], 0) + 1
    print("checked %d CTS BoringLayoutTest expectations, %d StaticLayouts against "
          "android_heights.json, %d boring widths and metrics against android.json, %d paragraph "
          "levels against FIRSTSTRONG_LTR; wrote %s: %d views (%s)" % (
              cts, heights, reference, levels, os.path.relpath(OUT_JSON, android.REPO),
              len(records), ", ".join("%d %s" % (n, k) for k, n in sorted(kinds.items()))),
          file=sys.stderr)


if __name__ == "__main__":
    main()
