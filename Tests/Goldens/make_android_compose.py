#!/usr/bin/python3
"""Generate Tests/Goldens/android_compose.json: the size Jetpack Compose's Text measures itself to
on Android 14 with lineHeight and LineHeightStyle, which layout it makes and its lines as
TextLayout reports them.

Run from the repository root after building the harness (see android.md and android_compose.md):

    Tests/Goldens/android/build-minikin.sh --minikin MINIKIN_GIT_DIR --tex-hyphen TEX_HYPHEN_GIT_DIR
    /usr/bin/python3 Tests/Goldens/make_android_compose.py

Neither Compose nor the Java framework can run here, so their rules are restated: Compose's in
android_compose.py (createCharSequence, LineHeightStyleSpan, LineHeightSpan, LayoutIntrinsics,
TextLayout, foundation's finalMaxWidth), the Java in android_textview.py (BoringLayout, TextLine,
Layout.getDesiredWidth) and android_static_layout.py (StaticLayout, with LineHeightSpans). This
script chooses the cases, answers the restatement's questions to native code with the harness
(.build-minikin/minikin_harness, Minikin at android-14.0.0_r50) as make_android_textview.py does,
checks and writes them. No Caliper code is involved.

Checks before writing: the expectations of androidx's LineHeightStyleSpanTest (Mode.Fixed and
Mode.Minimum) over its made-up font metrics; every case without a line height that
android_textview.json also measures (a TextView and a Text agree there) gives the same layout,
width, height and lines; boring widths with letter spacing equal android.json's
Paint.measureText; TextLayout's identities; each branch the golden is for occurs.
Rerunning it writes a byte-identical file.
"""
import json
import math
import os
import struct
import subprocess
import sys

from android_compose import (DEFAULT_STYLE, MODES, TOP_RATIOS, TRIMS, ComposeText,
                             LineHeightStyleSpan, Style, resolve_line_height_px)
from android_static_layout import MeasuredParagraph, Paint, f32, utf16_text, utf16_units
from android_textview import FontMetricsInt

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BUILD = os.path.join(REPO, ".build-minikin")
HARNESS = os.path.join(BUILD, "minikin_harness")
HYPHENATION = os.path.join(BUILD, "hyph-en-us.hyb")
OUT_JSON = os.path.join(REPO, "Tests", "Goldens", "android_compose.json")
TEXTVIEW_JSON = os.path.join(REPO, "Tests", "Goldens", "android_textview.json")
ANDROID_JSON = os.path.join(REPO, "Tests", "Goldens", "android.json")
# As make_android.py: Roboto, then Android's fallbacks for Arabic, emoji (und-Zsye) and CJK.
ROBOTO = "Fonts/Android/Roboto-Regular.ttf"
FALLBACK = [ROBOTO, "Fonts/NotoSansArabic-Regular.ttf", "Fonts/NotoColorEmoji.ttf|und-Zsye",
            "Fonts/DroidSansFallbackFull.ttf"]

SOURCES = {
    "compose": "androidx/androidx (github.com/androidx/androidx), the stored versions named below; "
               "ui-text paths under compose/ui/ui-text/src/androidMain/kotlin/androidx/compose/"
               "ui/text/ unless commonMain",
    "files": [
        {"file": "android/style/LineHeightStyleSpan.android.kt",
         "functions": "chooseHeight, calculateTargetMetrics, copy, FontMetricsInt.lineHeight",
         "commit": "31adf48a5ba261a6d7abf653f74a38d1623fd319"},
        {"file": "android/style/LineHeightSpan.android.kt", "functions": "chooseHeight",
         "commit": "31adf48a5ba261a6d7abf653f74a38d1623fd319"},
        {"file": "platform/extensions/SpannableExtensions.android.kt",
         "functions": "setLineHeight (both), resolveLineHeightInPx, "
                      "isNonLinearFontScalingActive",
         "commit": "31adf48a5ba261a6d7abf653f74a38d1623fd319"},
        {"file": "platform/AndroidParagraphHelper.android.kt",
         "functions": "createCharSequence, TextStyle.isIncludeFontPaddingEnabled",
         "commit": "003753156c0507c2945fc980004bf0c31103d9b9"},
        {"file": "AndroidTextStyle.android.kt", "functions": "DefaultIncludeFontPadding",
         "commit": "31adf48a5ba261a6d7abf653f74a38d1623fd319"},
        {"file": "compose/ui/ui-text/src/commonMain/kotlin/androidx/compose/ui/text/style/"
                 "LineHeightStyle.kt",
         "functions": "Default, Alignment.topRatio, Trim flags, Mode",
         "commit": "080d2b3e5326ba80392d93442c4a51a02dc22650"},
        {"file": "android/TextLayout.android.kt",
         "functions": "init (layout choice, lineCount, didExceedMaxLines, paddings, "
                      "lastLineExtra), height, getLineTop, getLineBottom, getLineBaseline, "
                      "getLineEnd, getVerticalPaddings, getLineHeightPaddings, "
                      "getLastLineMetrics, getLineHeightSpans, isFallbackLinespacingApplied",
         "commit": "31adf48a5ba261a6d7abf653f74a38d1623fd319 (the same rules in "
                   "93d812034018f08582fd8343df3a257149a98b64)"},
        {"file": "android/LayoutIntrinsics.android.kt",
         "functions": "boringMetrics, maxIntrinsicWidth, computeMaxIntrinsicWidth, "
                      "shouldIncreaseMaxIntrinsic, stripNonMetricAffectingCharacterStyleSpans",
         "commit": "9ab6b2c59e6ea02f585810bd2dac0f792d3e5613"},
        {"file": "android/BoringLayoutFactory.android.kt",
         "functions": "measure, create, BoringLayoutFactory33, isFallbackLineSpacingEnabled",
         "commit": "4e7212e43a2b87ce180db900cac4b9d080d42b75"},
        {"file": "android/StaticLayoutFactory.android.kt",
         "functions": "create, StaticLayoutFactory23, isFallbackLineSpacingEnabled",
         "commit": "31adf48a5ba261a6d7abf653f74a38d1623fd319"},
        {"file": "android/LayoutCompat.android.kt", "functions": "DEFAULT_* constants",
         "commit": "a9b06aaf32dbcf83aa12e3f8185a109d14fbe8e9"},
        {"file": "AndroidParagraph.android.kt",
         "functions": "init, width, height, constructTextLayout, calculateLineHeight, "
                      "toLayoutBreakStrategy, toLayoutHyphenationFrequency",
         "commit": "003753156c0507c2945fc980004bf0c31103d9b9"},
        {"file": "platform/AndroidParagraphIntrinsics.android.kt",
         "functions": "init (textPaint, applySpanStyle, createCharSequence, LayoutIntrinsics)",
         "commit": "55c737bfb7a7320ac5b43787306f0c3af169f420"},
        {"file": "platform/extensions/TextPaintExtensions.android.kt",
         "functions": "applySpanStyle (fontSize, letterSpacing em), setTextMotion",
         "commit": "18f26124ee74ab67ef53adae5f2321fbde187d68"},
        {"file": "compose/foundation/foundation/src/commonMain/kotlin/androidx/compose/"
                 "foundation/text/modifiers/LayoutUtils.kt",
         "functions": "finalConstraints, finalMaxWidth, finalMaxLines",
         "commit": "18101a5ec7e56ddf3730c5ef38f17618b267a9a3"},
        {"file": "compose/foundation/foundation/src/commonMain/kotlin/androidx/compose/"
                 "foundation/text/modifiers/ParagraphLayoutCache.kt",
         "functions": "layoutWithConstraints, layoutText",
         "commit": "9db3602f89a6bd54872015d5b5bd236cae216619 (the same rules in "
                   "1c9370a5357f494e5021a0bab2e0a18ca0a64929)"},
    ],
    "java": "android-14.0.0_r2 (API 34 SDK sources), github.com/Reginer/aosp-android-jar, "
            "android-34/src/: StaticLayout.generate/out (chooseHt), BoringLayout.isBoring "
            "(ParagraphStyle spans), SpannableStringInternal.setSpan/getSpans, Layout getters; "
            "the rest as android_textview.json and android_heights.json",
    "test": "androidx's LineHeightStyleSpanTest (androidx.compose.ui.text.android.style), the "
            "stored version parameterized over Mode (path and commit not in the index): its "
            "Fixed and Minimum expectations",
}

# Inputs a case does not vary.
DEFAULTS = {"hinting": True, "letterSpacing": 0.0, "maxWidth": None, "maxLines": None,
            "ellipsis": False, "includeFontPadding": False, "breakStrategy": "simple",
            "hyphenationFrequency": "none", "lineHeight": None, "lineHeightStyle": None}

SHORT = "Hello, World"
PROSE = "The quick brown fox jumps over the lazy dog. Pack my box with five dozen liquor jugs."
TWO_PARAGRAPHS = "Line height in Compose\nspans two paragraphs"
TRAILING = "Title\n"
BLANK = "A\n\nB"
NEWLINE_ONLY = "\n"
EMPTY = ""
CJK_FIRST = "\u65e5\u672c\u8a9e first, then Latin words that wrap onto more lines"
CJK_LAST = "Latin words come first, and the last line ends in \u65e5\u672c\u8a9e"
EMOJI_LAST = "Latin words come first, and the last line ends in \U0001f389"
LABELS = ["", "OK", SHORT, "Sign in to continue", "Trailing spaces   ", "AVAVA Tokyo"]
SIZES = [12.0, 14.0, 16.5, 22.0, 36.0]
MULTIPLIERS = [0.8, 1.0, 1.2, 1.5, 2.0]


def sp(value):
    return ("sp", value)


def em(value):
    return ("em", value)


def lhs(alignment="proportional", trim="both", mode="fixed"):
    return {"alignment": alignment, "trim": trim, "mode": mode}


def case(kind, text, fonts, size, **settings):
    unknown = set(settings) - set(DEFAULTS)
    if unknown:
        sys.exit("unknown settings %s" % sorted(unknown))
    return dict(DEFAULTS, kind=kind, text=text, fonts=fonts, size=float(size), **settings)


def scaled(width, size):
    return round(width * size / 16)


def plan_cases():
    cases = []
    # alignTrim: every alignment, trim and mode, above and below Roboto's 19 px at 16 px.
    for text, max_width in ((SHORT, None), (PROSE, 120)):
        for height in (24, 14):
            for alignment in TOP_RATIOS:
                for trim in TRIMS:
                    for mode in MODES:
                        cases.append(case("alignTrim", text, [ROBOTO], 16, maxWidth=max_width,
                                          lineHeight=sp(height),
                                          lineHeightStyle=lhs(alignment, trim, mode)))
    # lineHeight: sizes x multiples of the size in sp (LineHeightStyle.Default), a few in em and
    # at non-integer px.
    for size in SIZES:
        for multiplier in MULTIPLIERS:
            cases.append(case("lineHeight", PROSE, [ROBOTO], size, maxWidth=scaled(200, size),
                              lineHeight=sp(round(size * multiplier, 2))))
    for size in (14.0, 22.0):
        for value in (1.2, 1.5):
            cases.append(case("lineHeight", PROSE, [ROBOTO], size, maxWidth=scaled(200, size),
                              lineHeight=em(value)))
    for value in (19.3, 23.7):
        cases.append(case("lineHeight", PROSE, [ROBOTO], 16, maxWidth=200, lineHeight=sp(value),
                          lineHeightStyle=lhs("center", "none")))
    # newline: line feeds, a trailing line feed (TextLayout's last-line metrics), the empty text.
    for text in (TWO_PARAGRAPHS, TRAILING, BLANK, NEWLINE_ONLY, EMPTY):
        for trim in TRIMS:
            cases.append(case("newline", text, [ROBOTO], 16, lineHeight=sp(24),
                              lineHeightStyle=lhs(trim=trim)))
        for trim in ("none", "both"):
            cases.append(case("newline", text, [ROBOTO], 16, lineHeight=sp(14),
                              lineHeightStyle=lhs("center", trim)))
    # fallback: Droid Sans Fallback's taller extents on the first or last line, emoji last.
    for text in (CJK_FIRST, CJK_LAST, EMOJI_LAST):
        for height in (24, 16):
            for trim in ("none", "both"):
                cases.append(case("fallback", text, FALLBACK, 16, maxWidth=120,
                                  lineHeight=sp(height), lineHeightStyle=lhs(trim=trim)))
        cases.append(case("fallback", text, FALLBACK, 16, maxWidth=120, lineHeight=sp(24),
                          includeFontPadding=True))
        cases.append(case("fallback", text, FALLBACK, 16, maxWidth=120))
    # maxLines: with and without an ellipsis (didExceedMaxLines either way).
    for height in (24, 14):
        for max_lines in (1, 2):
            for ellipsis in (False, True):
                cases.append(case("maxLines", PROSE, [ROBOTO], 16, maxWidth=120,
                                  maxLines=max_lines, ellipsis=ellipsis, lineHeight=sp(height)))
        for ellipsis in (False, True):
            cases.append(case("maxLines", PROSE, [ROBOTO], 16, maxWidth=120, maxLines=2,
                              ellipsis=ellipsis, lineHeight=sp(height),
                              lineHeightStyle=lhs("center", "none")))
    for ellipsis in (False, True):
        cases.append(case("maxLines", PROSE, [ROBOTO], 16, maxWidth=120, maxLines=2,
                          ellipsis=ellipsis, lineHeight=sp(24), includeFontPadding=True))
        for pad in (False, True):
            cases.append(case("maxLines", PROSE, [ROBOTO], 16, maxWidth=120, maxLines=2,
                              ellipsis=ellipsis, includeFontPadding=pad,
                              breakStrategy="high_quality"))
    cases.append(case("maxLines", TRAILING, [ROBOTO], 16, maxLines=1, lineHeight=sp(24)))
    # letterSpacing (em, on the paint): maxIntrinsicWidth gains 0.5.
    for spacing in (0.05, -0.02):
        cases.append(case("letterSpacing", SHORT, [ROBOTO], 16, letterSpacing=spacing))
    cases.append(case("letterSpacing", SHORT, [ROBOTO], 16, letterSpacing=0.05, maxWidth=94))
    cases.append(case("letterSpacing", SHORT, [ROBOTO], 16, letterSpacing=0.05,
                      lineHeight=sp(24)))
    for height in (None, sp(24)):
        cases.append(case("letterSpacing", PROSE, [ROBOTO], 16, letterSpacing=0.05,
                          maxWidth=150, lineHeight=height))
    # fontPadding: includeFontPadding true, with LineHeightSpan (no style) or LineHeightStyleSpan.
    for text, max_width in ((SHORT, None), (PROSE, 120), (TWO_PARAGRAPHS, None),
                            (TRAILING, None), (EMPTY, None)):
        for height in (24, 14):
            cases.append(case("fontPadding", text, [ROBOTO], 16, maxWidth=max_width,
                              includeFontPadding=True, lineHeight=sp(height)))
        cases.append(case("fontPadding", text, [ROBOTO], 16, maxWidth=max_width,
                          includeFontPadding=True, lineHeight=sp(24),
                          lineHeightStyle=lhs("center", "none")))
        cases.append(case("fontPadding", text, [ROBOTO], 16, maxWidth=max_width,
                          includeFontPadding=True, lineHeight=sp(14),
                          lineHeightStyle=dict(DEFAULT_STYLE)))
    # noLineHeight: Compose's width rule and BoringLayout, as android_textview.json's TextViews.
    for text in LABELS:
        for size, hinting in ((16, True), (16, False), (12, True)):
            cases.append(case("noLineHeight", text, [ROBOTO], size, hinting=hinting,
                              includeFontPadding=True, breakStrategy="high_quality"))
        for max_width in (40, 150):
            cases.append(case("noLineHeight", text, [ROBOTO], 16, maxWidth=max_width,
                              includeFontPadding=True, breakStrategy="high_quality"))
        cases.append(case("noLineHeight", text, [ROBOTO], 16, breakStrategy="high_quality"))
    for max_width in (120, 200):
        for strategy in ("simple", "high_quality"):
            for pad in (False, True):
                cases.append(case("noLineHeight", PROSE, [ROBOTO], 16, maxWidth=max_width,
                                  breakStrategy=strategy, includeFontPadding=pad))
    # hinting: unhinted Roboto (TextMotion.Animated).
    for text, max_width in ((SHORT, None), (PROSE, 120)):
        for height in (24, 14):
            cases.append(case("hinting", text, [ROBOTO], 16, hinting=False, maxWidth=max_width,
                              lineHeight=sp(height)))
    for hinting in (True, False):
        cases.append(case("hinting", PROSE, [ROBOTO], 22, hinting=hinting, maxWidth=275,
                          lineHeight=sp(30.8)))
    # strategy: LineBreak strategies other than Compose's default simple.
    for strategy in ("high_quality", "balanced"):
        for height in (24, 14):
            cases.append(case("strategy", PROSE, [ROBOTO], 16, maxWidth=120,
                              breakStrategy=strategy, lineHeight=sp(height),
                              lineHeightStyle=lhs(trim="none")))
    return cases


# --- What Java gets from native code -----------------------------------------------------------
# The harness client of make_android.py and make_android_textview.py, restated here so that this
# script needs nothing outside the standard library.

def float32(value):
    """The shortest decimal that reads back as the same single-precision float."""
    target = struct.unpack("f", struct.pack("f", value))[0]
    for digits in range(1, 10):
        candidate = float("%.*g" % (digits, target))
        if struct.unpack("f", struct.pack("f", candidate))[0] == target:
            return candidate
    return target


def font_names(fonts):
    return [font.split("|")[0] for font in fonts]


def request_line(req):
    """One harness request (minikin_harness.cpp's first comment gives the syntax)."""
    fields = [
        ("fonts", ",".join(req["fonts"])),
        ("size", repr(float(req["size"]))),
        ("letterSpacing", repr(float(req["letterSpacing"]))),
        ("hinting", "on" if req["hinting"] else "off"),
        ("locale", "en-US"),
        ("hyphenation", req.get("hyphenation", "none")),
        ("widths", ",".join(repr(float(w)) for w in req.get("widths", ()))),
    ]
    if req.get("charWidths"):
        fields.append(("charWidths", "on"))
    text = req["text"].replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")
    fields.append(("text", text))
    line = "\t".join("%s=%s" % field for field in fields)
    if req.get("run"):
        line += "\trun=" + req["run"]
    if req.get("bidi"):
        line += "\tbidi=on"
    if req.get("strategies"):
        line += "\tstrategies=" + ",".join(req["strategies"])
    return line


def run_harness(requests):
    lines = "".join(request_line(r) + "\n" for r in requests)
    # android_text_Hyphenator.cpp registers en-US with minimum prefix 2 and suffix 3.
    args = [HARNESS, "--hyb", "en-US:2:3:" + HYPHENATION]
    result = subprocess.run(args, input=lines.encode("utf-8"), stdout=subprocess.PIPE, check=True,
                            cwd=REPO)
    answers = [json.loads(line) for line in result.stdout.decode("utf-8").splitlines()]
    if len(answers) != len(requests):
        sys.exit("harness answered %d of %d requests" % (len(answers), len(requests)))
    return answers


def metrics_int(m):
    """Paint.getFontMetricsInt from the float metrics (GraphicsJNI::set_metrics_int): top floor,
    bottom ceil, the rest floor(x + 0.5), each value a float (as make_android.py rounds)."""
    m = {key: float32(value) for key, value in m.items()}
    return FontMetricsInt(math.floor(m["top"]), math.floor(m["ascent"] + 0.5),
                          math.floor(m["descent"] + 0.5), math.ceil(m["bottom"]),
                          math.floor(m["leading"] + 0.5))


class Pending(Exception):
    """The restatement asked what the harness has not answered yet."""


class NativeAnswers:
    """The `native` of android_textview.py over the harness, as make_android_textview.py's, for
    paints (fonts, size, hinting, letterSpacing): questions are queued as they are asked and
    answered a round at a time; a paragraph's widths are the floats LineBreaker gets
    (getLastLineMetrics' Int.MAX_VALUE is 2^31)."""

    def __init__(self):
        self.answers, self.pending = {}, set()
        self.paragraph_widths = {}  # (paint, hyphenation, text) -> {(strategy, width)}

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
        width = f32(width)

        def measured(text):
            key = (paint, hyphenation, text)
            self.paragraph_widths.setdefault(key, set()).add((strategy, width))
            layouts = self.ask(("paragraph",) + key)
            if (strategy, width) not in layouts:
                self.pending.add(("paragraph",) + key)
                raise Pending(key)
            return layouts[(strategy, width)]
        return measured

    def answer_round(self):
        keys = sorted(self.pending, key=repr)
        self.pending = set()
        answers = run_harness([self.request(key) for key in keys])
        for key, answer in zip(keys, answers):
            self.answers[key] = self.read(key, answer)

    def request(self, key):
        kind, rest = key[0], key[1:]
        if kind == "bidi":  # the levels do not depend on the paint
            return {"fonts": [ROBOTO], "text": rest[0], "size": 16.0, "hinting": True,
                    "letterSpacing": 0.0, "bidi": True}
        fonts, size, hinting, letter_spacing = rest[0]
        req = {"fonts": list(fonts), "size": size, "hinting": hinting,
               "letterSpacing": letter_spacing}
        if kind == "paint":  # Paint.getFontMetricsInt, and measureText of StaticLayout's ellipsis
            req["text"] = "\u2026"
        elif kind == "run":
            req.update(text=rest[1], run="rtl" if rest[2] else "ltr")
        else:
            asked = self.paragraph_widths[rest]
            req.update(text=rest[2], hyphenation=rest[1], charWidths=True,
                       widths=sorted({width for _, width in asked}),
                       strategies=sorted({strategy for strategy, _ in asked}))
        return req

    def read(self, key, answer):
        kind = key[0]
        if kind == "paint":
            # Paint.measureText("\u2026"): (float) Math.ceil(advance).
            return (metrics_int(answer["fontMetrics"]),
                    float(math.ceil(f32(answer["advance"]))))
        if kind == "run":
            run, first = answer["run"], answer["fontMetrics"]
            # Paint.cpp doFontExtent: the first font's metrics with Minikin's extent for ascent
            # and descent, top and bottom widened to them, then rounded as getFontMetricsInt.
            ascent, descent = f32(run["ascent"]), f32(run["descent"])
            extent = {"top": min(ascent, f32(first["top"])), "ascent": ascent,
                      "descent": descent, "bottom": max(descent, f32(first["bottom"])),
                      "leading": f32(first["leading"])}
            return f32(run["advance"]), metrics_int(extent)
        if kind == "bidi":
            return answer["bidi"]["paraLevel"], answer["bidi"]["levels"]
        layouts = {}
        for layout in answer["layouts"]:
            lines = layout["lines"]
            # End-of-line hyphens (bits 0-2) and tabs (bit 29) change no vertical metrics.
            if any(line["flags"] & ~(0b111 | 1 << 29) for line in lines):
                sys.exit("a start-of-line hyphen edit in %r: not restated" % key[3])
            layouts[(layout["strategy"], f32(layout["width"]))] = MeasuredParagraph(
                [line["end"] for line in lines], [f32(line["width"]) for line in lines],
                [f32(line["ascent"]) for line in lines], [f32(line["descent"]) for line in lines],
                [f32(w) for w in answer["charWidths"]])
        return layouts


def paint_of(c):
    return (tuple(c["fonts"]), c["size"], c["hinting"], c["letterSpacing"])


def style_of(c):
    height = c["lineHeight"]
    return Style(None if height is None else (height[0], height[1]), c["lineHeightStyle"],
                 c["includeFontPadding"], c["maxLines"], c["ellipsis"], c["breakStrategy"],
                 c["hyphenationFrequency"])


def measure_all(cases, native):
    """Every case through the restatement, asking the harness in rounds until none is pending.
    A case is restated afresh each round (its spans are new objects each time)."""
    results = [None] * len(cases)
    for _ in range(20):
        for index, c in enumerate(cases):
            if results[index] is None:
                try:
                    results[index] = ComposeText(c["text"], paint_of(c), style_of(c),
                                                 c["maxWidth"], native)
                except Pending:
                    pass
        if not native.pending:
            return results
        native.answer_round()
    sys.exit("the harness was still being asked after 20 rounds")


# --- Output ------------------------------------------------------------------------------------

def f32_number(value):
    return float32(float(value))


def record_of(c, text_view):
    layout = text_view.layout
    height = c["lineHeight"]
    return {
        "kind": c["kind"], "text": c["text"], "fonts": font_names(c["fonts"]),
        "size": f32_number(c["size"]), "hinting": c["hinting"],
        "letterSpacing": f32_number(c["letterSpacing"]), "maxWidth": c["maxWidth"],
        "maxLines": c["maxLines"], "ellipsis": c["ellipsis"],
        "includeFontPadding": c["includeFontPadding"], "fallbackLineSpacing": True,
        "breakStrategy": c["breakStrategy"], "hyphenationFrequency": c["hyphenationFrequency"],
        "lineHeight": None if height is None else {
            "unit": height[0], "value": f32_number(height[1]),
            "px": f32_number(resolve_line_height_px(height[0], height[1], c["size"]))},
        "lineHeightStyle": c["lineHeightStyle"],
        "span": text_view.span_kind,
        "layout": layout.kind,
        "maxIntrinsicWidth": f32_number(text_view.intrinsics.max_intrinsic_width),
        "width": text_view.width, "height": text_view.height,
        "lineCount": layout.line_count, "didExceedMaxLines": layout.did_exceed_max_lines,
        "topPadding": layout.top_padding, "bottomPadding": layout.bottom_padding,
        "lastLineExtra": layout.last_line_extra,
        "lines": layout.lines(),
    }


def sort_key(r):
    height, style = r["lineHeight"], r["lineHeightStyle"]
    return (r["kind"], tuple(r["fonts"]), r["text"], r["size"], not r["hinting"],
            r["letterSpacing"], -1 if r["maxWidth"] is None else r["maxWidth"],
            r["maxLines"] or 0, r["ellipsis"], r["breakStrategy"], r["hyphenationFrequency"],
            not r["includeFontPadding"],
            () if height is None else (height["unit"], height["value"]),
            () if style is None else (style["alignment"], style["trim"], style["mode"]))


# --- Checks ------------------------------------------------------------------------------------

class FM:
    """FontMetricsInt as the test's FontMetricsInt(ascent, descent, bottom = descent, top =
    ascent)."""

    def __init__(self, ascent, descent):
        self.top, self.ascent, self.descent, self.bottom = ascent, ascent, descent, descent

    def copy(self):
        fm = FM(self.ascent, self.descent)
        fm.top, fm.bottom = self.top, self.bottom
        return fm

    def line_height(self):
        return self.descent - self.ascent


def check_line_height_style_span_test():
    """androidx's LineHeightStyleSpanTest (the version parameterized over Mode), restated for
    Mode.Fixed and Mode.Minimum: font metrics ascent -10, descent 10 (line height 20), a taller
    line height of 40 or a shorter one of 10; a single-line span over [0, 1), a multi-line span
    over [0, 3) run for lines [0, 1), [1, 2), [2, 3), each on a fresh copy of the metrics.
    Expectations are (ascent, descent) per line, as the test writes them."""
    fm = FM(-10, 10)
    h = fm.line_height()
    half = h // 2
    a, d = fm.ascent, fm.descent

    def span(top_ratio, trim_first, trim_last, line_height, mode, end_index):
        return LineHeightStyleSpan(float(line_height), 0, end_index, trim_first, trim_last,
                                   top_ratio, mode == "minimum")

    def run(s, start, end):
        new = fm.copy()
        s.choose_height(start, end, new)
        return new.ascent, new.descent

    def proportional_descent_diff():  # the test's proportionalDescentDiff, in Float
        ratio = f32(abs(float(a)) / h)
        return int(math.ceil(f32(h * f32(1.0 - ratio))))

    pdd = proportional_descent_diff()
    checked = 0
    for mode in MODES:
        fixed = mode == "fixed"
        single = [  # (topRatio, trimFirst, trimLast, taller, expected (ascent, descent))
            (0.0, False, False, True, (a, d + h)),
            (0.0, False, True, True, (a, d)),
            (0.0, True, False, True, (a, d + h)),
            (0.0, True, True, True, (a, d)),
            (0.0, True, True, False, (a, d)),
            (1.0, False, False, True, (a - h, d)),
            (1.0, False, True, True, (a - h, d)),
            (1.0, False, True, False, (a, d)),
            (1.0, True, False, True, (a, d)),
            (1.0, True, False, False, (a, d - half if fixed else d)),
            (1.0, True, True, True, (a, d)),
            (1.0, True, True, False, (a, d)),
            (0.5, False, False, True, (a - half, d + half)),
            (0.5, False, False, False, ((a + half // 2, d - half // 2) if fixed else (a, d))),
            (0.5, False, True, True, (a - half, d)),
            (0.5, True, False, True, (a, d + half)),
            (0.5, True, True, True, (a, d)),
            (-1.0, False, False, True, (a - (h - pdd), d + pdd)),
            (-1.0, False, True, True, (a - (h - pdd), d)),
            (-1.0, True, False, True, (a, d + pdd)),
            (-1.0, True, True, True, (a, d)),
        ]
        for top_ratio, trim_first, trim_last, taller, expected in single:
            s = span(top_ratio, trim_first, trim_last, 2 * h if taller else half, mode, 1)
            got = run(s, 0, 1)
            if got != expected:
                sys.exit("LineHeightStyleSpanTest (%s, single line, %r): expected %r, got %r" % (
                    mode, (top_ratio, trim_first, trim_last, taller), expected, got))
            checked += 1
        multi = [  # (topRatio, trimFirst, trimLast, taller, [first, second, last])
            (0.0, False, False, True, [(a, d + h)] * 3),
            (0.0, False, True, True, [(a, d + h), (a, d + h), (a, d)]),
            (0.0, False, True, False, [(a + half, d) if fixed else (a, d),
                                       (a + half, d) if fixed else (a, d),
                                       (a + half, d) if fixed else (a, d)]),
            (0.0, True, False, True, [(a, d + h)] * 3),
            (0.0, True, True, True, [(a, d + h), (a, d + h), (a, d)]),
            (1.0, False, False, True, [(a - h, d)] * 3),
            (1.0, False, False, False, [(a, d - half) if fixed else (a, d)] * 3),
            (1.0, False, True, True, [(a - h, d)] * 3),
            (1.0, True, False, True, [(a, d), (a - h, d), (a - h, d)]),
            (1.0, True, True, True, [(a, d), (a - h, d), (a - h, d)]),
            (1.0, True, True, False, [(a, d - half) if fixed else (a, d),
                                      (a, d - half) if fixed else (a, d), (a, d)]),
            (0.5, False, False, True, [(a - half, d + half)] * 3),
            (0.5, False, True, True, [(a - half, d + half), (a - half, d + half),
                                      (a - half, d)]),
            (0.5, True, False, True, [(a, d + half), (a - half, d + half),
                                      (a - half, d + half)]),
            (0.5, True, True, True, [(a, d + half), (a - half, d + half), (a - half, d)]),
            (-1.0, False, False, True, [(a - (h - pdd), d + pdd)] * 3),
            (-1.0, False, True, True, [(a - (h - pdd), d + pdd), (a - (h - pdd), d + pdd),
                                       (a - (h - pdd), d)]),
            (-1.0, True, False, True, [(a, d + pdd), (a - (h - pdd), d + pdd),
                                       (a - (h - pdd), d + pdd)]),
            (-1.0, True, True, True, [(a, d + pdd), (a - (h - pdd), d + pdd),
                                      (a - (h - pdd), d)]),
        ]
        for top_ratio, trim_first, trim_last, taller, expected in multi:
            s = span(top_ratio, trim_first, trim_last, 2 * h if taller else half, mode, 3)
            got = [run(s, line, line + 1) for line in range(3)]
            if got != expected:
                sys.exit("LineHeightStyleSpanTest (%s, multi line, %r): expected %r, got %r" % (
                    mode, (top_ratio, trim_first, trim_last, taller), expected, got))
            checked += 3
        # firstAscentDiff and lastDescentDiff, topRatio 0.5, no trimming.
        for end_index, lines in ((1, 1), (3, 3)):
            for taller in (True, False):
                s = span(0.5, False, False, 2 * h if taller else half, mode, end_index)
                for line in range(lines):
                    run(s, line, line + 1)
                expected = ((half, half) if taller else
                            ((h // -4, h // -4) if fixed else (0, 0)))
                got = (s.first_ascent_diff, s.last_descent_diff)
                if got != expected:
                    sys.exit("LineHeightStyleSpanTest (%s, diffs, %d lines, taller %s): expected "
                             "%r, got %r" % (mode, lines, taller, expected, got))
                checked += 1
        # negative_line_height_does_not_change_the_values: ascent 1, descent 1.
        s = LineHeightStyleSpan(0.0, 0, 1, False, False, 0.5, mode == "minimum")
        zero = FM(1, 1)
        s.choose_height(0, 1, zero)
        if (zero.ascent, zero.descent) != (1, 1):
            sys.exit("LineHeightStyleSpanTest: a non-positive line height changed the metrics")
        checked += 1
    return checked


def check_against_android_textview(records):
    """A Text without a line height or letter spacing lays out as a TextView with the same
    settings (fallback line spacing all, spacing 1/0, END ellipsis): the same layout, lines and
    size. Heights are compared except where maxLines hides lines and font padding is on (a
    TextView's capped height takes the last visible line's padded bottom, TextLayout does not)."""
    with open(TEXTVIEW_JSON, encoding="utf-8") as f:
        views = json.load(f)["views"]

    def key(text, fonts, size, hinting, max_width, strategy, hyphenation, pad, max_lines, end):
        return (text, tuple(fonts), float(size), hinting, max_width, strategy, hyphenation, pad,
                max_lines, end)
    index = {key(v["text"], v["fonts"], v["size"], v["hinting"], v["maxWidth"],
                 v["breakStrategy"], v["hyphenationFrequency"], v["includeFontPadding"],
                 v["maxLines"], v["ellipsize"] == "end"): v
             for v in views
             if v["fallbackLineSpacing"] == "all" and v["lineSpacingMultiplier"] == 1
             and v["lineSpacingExtra"] == 0 and v["ellipsize"] in (None, "end")}
    compared = 0
    for r in records:
        if r["lineHeight"] is not None or r["letterSpacing"] != 0:
            continue
        v = index.get(key(r["text"], r["fonts"], r["size"], r["hinting"], r["maxWidth"],
                          r["breakStrategy"], r["hyphenationFrequency"], r["includeFontPadding"],
                          r["maxLines"], r["ellipsis"]))
        if v is None:
            continue
        fields = ("start", "top", "baseline", "bottom")
        theirs = [{k: line[k] for k in fields} for line in v["lines"][:r["lineCount"]]]
        ours = [{k: line[k] for k in fields} for line in r["lines"]]
        hidden = r["maxLines"] is not None and v["lineCount"] > r["maxLines"]
        if (ours != theirs or r["layout"] != v["layout"] or r["width"] != v["width"]
                or (not hidden and r["lineCount"] != v["lineCount"])
                or (not (hidden and r["includeFontPadding"]) and r["height"] != v["height"])):
            sys.exit("android_textview.json measures %r otherwise:\n%r\n%r" % (r["text"], r, v))
        compared += 1
    return compared


def check_against_android_json(records, text_views):
    """A boring text's maxIntrinsicWidth is Paint.measureText's ceil(advance), plus 0.5 with
    letter spacing: android.json's, where it measured the same text, size and letter spacing."""
    with open(ANDROID_JSON, encoding="utf-8") as f:
        reference = json.load(f)
    measured = {(tuple(m["fonts"]), m["text"], float(m["size"]), m["hinting"],
                 float32(float(m["letterSpacing"]))): m["measureText"]
                for m in reference["measure"]}
    compared = 0
    for r, t in zip(records, text_views):
        if t.intrinsics.boring is None:
            continue
        width = measured.get((tuple(r["fonts"]), r["text"], r["size"], r["hinting"],
                              r["letterSpacing"]))
        if width is None:
            continue
        expected = width + (0.5 if r["letterSpacing"] != 0 and width != 0 else 0.0)
        if r["maxIntrinsicWidth"] != expected:
            sys.exit("maxIntrinsicWidth %r, android.json's measureText %r: %r" % (
                r["maxIntrinsicWidth"], width, r))
        compared += 1
    return compared


def check_record(r, text_view):
    """TextLayout's identities."""
    lines, length = r["lines"], len(utf16_units(r["text"]))
    if r["lineCount"] != len(lines) or not lines:
        sys.exit("line count disagrees: %r" % r)
    start = 0
    for i, line in enumerate(lines):
        if line["start"] != start or line["end"] < line["start"]:
            sys.exit("lines are not contiguous: %r" % r)
        if i + 1 < len(lines) and line["bottom"] != lines[i + 1]["top"]:
            sys.exit("a line's bottom is not the next one's top: %r" % r)
        start = line["end"]
    if not r["didExceedMaxLines"] and start != length:
        sys.exit("lines do not cover the text: %r" % r)
    if r["maxWidth"] is not None and r["width"] > r["maxWidth"]:
        sys.exit("wider than the constraints allow: %r" % r)
    layout = text_view.layout
    last = lines[-1]
    if not r["didExceedMaxLines"]:
        # height = layout.height + paddings + lastLineExtra: the last bottom, plus topPadding a
        # second time when the last line takes the "\u200B" metrics and is not the first line.
        extra = (r["topPadding"] if layout.last_line_font_metrics is not None
                 and r["lineCount"] > 1 else 0)
        if r["height"] != last["bottom"] + extra:
            sys.exit("height is not the last line's bottom: %r" % r)
    if r["layout"] == "boring" and (r["span"] is not None or r["lineCount"] != 1):
        sys.exit("a BoringLayout with a span or several lines: %r" % r)
    if r["lineHeight"] is not None and r["layout"] != "static":
        sys.exit("a line height without a StaticLayout: %r" % r)


def check_coverage(records, text_views):
    def some(predicate, what):
        if not any(predicate(r, t) for r, t in zip(records, text_views)):
            sys.exit("no case shows " + what)
    some(lambda r, t: r["layout"] == "boring", "a BoringLayout")
    some(lambda r, t: r["span"] == "LineHeightSpan", "the legacy LineHeightSpan")
    some(lambda r, t: r["span"] == "LineHeightStyleSpan" and r["includeFontPadding"],
         "a LineHeightStyleSpan with font padding")
    some(lambda r, t: r["topPadding"] > 0, "a top padding")
    some(lambda r, t: r["bottomPadding"] > 0, "a bottom padding")
    some(lambda r, t: r["lastLineExtra"] != 0, "a last line extra")
    some(lambda r, t: t.layout.last_line_font_metrics is not None and r["lineCount"] > 1
         and r["topPadding"] > 0, "the last line's metrics with a top padding")
    some(lambda r, t: r["didExceedMaxLines"] and r["ellipsis"], "an ellipsis past maxLines")
    some(lambda r, t: r["didExceedMaxLines"] and not r["ellipsis"], "lines clipped by maxLines")
    some(lambda r, t: r["layout"] == "static" and r["lineHeight"] is None
         and r["letterSpacing"] != 0 and r["lineCount"] == 1,
         "a boring text pushed into a StaticLayout by the letter-spacing half pixel")
    some(lambda r, t: any(s.last_descent_diff < 0 and s.first_ascent_diff < 0
                          and abs(s.last_descent_diff) < abs(s.first_ascent_diff)
                          for s in t.spans if isinstance(s, LineHeightStyleSpan)),
         "getLineHeightPaddings' max(firstAscentDiff, ...) raising the bottom padding")


def main():
    if not os.access(HARNESS, os.X_OK):
        sys.exit("no harness: run Tests/Goldens/android/build-minikin.sh first (see android.md)")
    unit_tests = check_line_height_style_span_test()
    cases = plan_cases()
    native = NativeAnswers()
    text_views = measure_all(cases, native)
    records = [record_of(c, t) for c, t in zip(cases, text_views)]
    for r, t in zip(records, text_views):
        check_record(r, t)
    check_coverage(records, text_views)
    compared = check_against_android_textview(records)
    reference = check_against_android_json(records, text_views)
    order = sorted(range(len(records)), key=lambda i: sort_key(records[i]))
    records = [records[i] for i in order]
    keys = [sort_key(r) for r in records]
    if len(set(keys)) != len(keys):
        sys.exit("two cases share their settings")
    paints = sorted({key[1] for key in native.answers if key[0] == "paint"})

    with open(os.path.join(BUILD, "minikin-source.txt"), encoding="utf-8") as source:
        engine = [line.strip() for line in source
                  if line.strip() and not line.startswith("compiler:")]
    doc = {
        "generator": {
            "script": "Tests/Goldens/make_android_compose.py",
            "restatement": ["Tests/Goldens/android_compose.py",
                            "Tests/Goldens/android_textview.py",
                            "Tests/Goldens/android_static_layout.py"],
            "harness": "Tests/Goldens/android/minikin_harness.cpp",
            "engine": engine,
            "sources": SOURCES,
        },
        "paints": [{"fonts": font_names(list(fonts)), "size": size, "hinting": hinting,
                    "letterSpacing": f32_number(spacing),
                    "fontMetricsInt": dict(zip(
                        FontMetricsInt.FIELDS,
                        native.paint_metrics((fonts, size, hinting, spacing)).values()))}
                   for fonts, size, hinting, spacing in paints],
        "views": records,
    }
    with open(OUT_JSON, "w", encoding="utf-8") as out:
        json.dump(doc, out, indent=2, sort_keys=True, ensure_ascii=False)
        out.write("\n")
    kinds = {}
    for r in records:
        kinds[r["layout"]] = kinds.get(r["layout"], 0) + 1
    print("checked %d LineHeightStyleSpanTest expectations, %d views against "
          "android_textview.json, %d boring widths against android.json; wrote %s: %d views (%s)"
          % (unit_tests, compared, reference, os.path.relpath(OUT_JSON, REPO),
             len(records), ", ".join("%d %s" % (n, k) for k, n in sorted(kinds.items()))),
          file=sys.stderr)


if __name__ == "__main__":
    main()
