#!/usr/bin/python3
"""Generate Tests/Goldens/android.json: text measured and broken as Android 14 does, by Minikin.

Run from the repository root after building the harness (see android.md):

    Tests/Goldens/android/build-minikin.sh --minikin MINIKIN_GIT_DIR --tex-hyphen TEX_HYPHEN_GIT_DIR
    /usr/bin/python3 Tests/Goldens/make_android.py

The harness (.build-minikin/minikin_harness, from Tests/Goldens/android/minikin_harness.cpp) is
AOSP's Minikin at android-14.0.0_r50 with Android 14's feature flags, over FreeType fonts loaded
as Skia loads them on Android. This script chooses the cases, runs the harness once over all of
them and writes the answers, adding only the integer rounding that Java applies afterwards
(Paint.measureText's ceil, getFontMetricsInt's floor/round/ceil). It then checks the Roboto
advances against hb-shape (check_roboto_advances) and fails if they disagree.
"""
import json
import math
import os
import re
import struct
import subprocess
import sys

from fontTools.ttLib import TTFont

from hbshape import shape as hb_shape

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BUILD = os.path.join(REPO, ".build-minikin")
HARNESS = os.path.join(BUILD, "minikin_harness")
HYPHENATION = os.path.join(BUILD, "hyph-en-us.hyb")
OUT_JSON = os.path.join(REPO, "Tests", "Goldens", "android.json")

ROBOTO = "Fonts/Android/Roboto-Regular.ttf"
ARABIC = "Fonts/NotoSansArabic-Regular.ttf"
EMOJI = "Fonts/NotoColorEmoji.ttf"
CJK = "Fonts/DroidSansFallbackFull.ttf"
# Roboto first, then fallbacks in the order of Android's fonts.xml (Arabic, emoji, CJK), the emoji
# family tagged und-Zsye as fonts.xml tags it (Minikin prefers it for emoji presentation).
FALLBACK = [ROBOTO, ARABIC, EMOJI + "|und-Zsye", CJK]

SIZES = [10, 11, 12, 13, 13.5, 14, 15, 16, 18, 20, 24, 32, 40, 48]

TEXTS = [
    "AVAVA Tokyo",
    "Hello, World",
    "The quick brown fox jumps over the lazy dog.",
    "Typography",
    "WAVE To Yo Te Ty",
    "LT P. F. AT&T r., y. Wa",
    "KERNING: AVOID Yoyo",
    "0123456789",
    "3.14159 + 2.71828 = 5.85987",
    "$1,234.56 (\u22127%) 100% #42",
    "12:45 \u00b7 08/09/2024",
    "Wait... what?! (Yes); \"quoted\" - 'single' [1/2] {a:b} @&*",
    "\u201cSmart\u201d \u2018quotes\u2019 \u2014 dash \u2013 ellipsis\u2026",
    "iiiii lllll",
    "WWWWW MMMMM",
    "office fluffy affine",
    "na\u00efve fa\u00e7ade caf\u00e9",
    "cafe\u0301",
    "Hello\u00a0World",
    "e-mail co-operate",
    " ",
    "   padded   ",
    "x",
    "Android measures text in pixels",
]

PARAGRAPHS = [
    "The quick brown fox jumps over the lazy dog. Pack my box with five dozen liquor jugs.",
    "AVAVA Tokyo WAVE To Yo, LT Ty Vo P. F. AT&T 0123456789 3.14159",
    "Supercalifragilisticexpialidocious antidisestablishmentarianism",
]
LINE_SIZES = [12, 16]
# Widths at 16 px, scaled with the size: from words wider than the line to one line.
LINE_WIDTHS_AT_16 = [48, 80, 120, 200, 320]

FALLBACK_TEXTS = [
    "\u65e5\u672c\u8a9e\u306e\u30c6\u30ad\u30b9\u30c8\u3068\u4e2d\u6587",
    "\ud55c\uad6d\uc5b4 \ud14d\uc2a4\ud2b8",
    "Hello \u4e16\u754c",
    "I \u2764\ufe0f emoji \U0001f600\U0001f44d\U0001f3fd\U0001f468\u200d\U0001f469\u200d\U0001f467",
    "\U0001f1ef\U0001f1f5\U0001f1fa\U0001f1f8 flags",
    "\u0645\u0631\u062d\u0628\u0627 \u0628\u0627\u0644\u0639\u0627\u0644\u0645",
    "Arabic \u0645\u0631\u062d\u0628\u0627 mixed with English",
    "\u0661\u0662\u0663 \u0623\u0631\u0642\u0627\u0645",
]
FALLBACK_SIZES = [12, 16, 24, 32]
FALLBACK_LINE_SIZES = [16]
FALLBACK_WIDTHS_AT_16 = [48, 80, 120, 200, 400]

LETTER_SPACINGS = [-0.05, 0.05, 0.1, 0.25]
LETTER_SPACING_TEXTS = ["AVAVA Tokyo", "Hello, World", "The quick brown fox jumps over the lazy dog."]
LETTER_SPACING_SIZES = [12, 16, 24]
LETTER_SPACING_PARAGRAPH = PARAGRAPHS[0]
LETTER_SPACING_WIDTHS = [64, 100, 150, 220, 400]  # at 16 px

HYPHENATION_PARAGRAPHS = [
    PARAGRAPHS[2],
    "Internationalization and localization: extraordinary representatives accept responsibilities.",
    "Hyphenation breaks unbreakable-looking words like characteristically or incomprehensibilities.",
]
HYPHENATION_WIDTHS = [60, 80, 100, 130, 160]


def float32(value):
    """The shortest decimal that reads back as the same single-precision float."""
    target = struct.unpack("f", struct.pack("f", value))[0]
    for digits in range(1, 10):
        candidate = float("%.*g" % (digits, target))
        if struct.unpack("f", struct.pack("f", candidate))[0] == target:
            return candidate
    return target


def escape(text):
    return text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")


def request_line(request):
    fields = [
        ("fonts", ",".join(request["fonts"])),
        ("size", repr(float(request["size"]))),
        ("letterSpacing", repr(float(request["letterSpacing"]))),
        ("hinting", "on" if request["hinting"] else "off"),
        ("locale", "en-US"),
        ("hyphenation", request["hyphenation"]),
        ("widths", ",".join(repr(float(w)) for w in request["widths"])),
        ("text", escape(request["text"])),
    ]
    if request.get("charWidths"):  # make_android_heights.py: per-unit advances for ellipsis
        fields.insert(-1, ("charWidths", "on"))
    return "\t".join("%s=%s" % field for field in fields)


def run_harness(requests, line=request_line):
    """The harness's answers to `requests`, each written as `line` writes it (request_line, or a
    caller's with more fields)."""
    lines = "".join(line(r) + "\n" for r in requests)
    # android_text_Hyphenator.cpp registers en-US with minimum prefix 2 and suffix 3.
    args = [HARNESS, "--hyb", "en-US:2:3:" + HYPHENATION]
    result = subprocess.run(args, input=lines.encode("utf-8"), stdout=subprocess.PIPE, check=True,
                            cwd=REPO)
    answers = [json.loads(line) for line in result.stdout.decode("utf-8").splitlines()]
    if len(answers) != len(requests):
        sys.exit("harness answered %d of %d requests" % (len(answers), len(requests)))
    return answers


def request(fonts, text, size, hinting=True, letter_spacing=0, hyphenation="none", widths=()):
    return {"fonts": fonts, "text": text, "size": size, "hinting": hinting,
            "letterSpacing": letter_spacing, "hyphenation": hyphenation, "widths": list(widths)}


def font_names(fonts):
    return [font.split("|")[0] for font in fonts]


def measure_case(req, answer, kind):
    return {
        "kind": kind,
        "fonts": font_names(req["fonts"]),
        "text": req["text"],
        "size": req["size"],
        "hinting": req["hinting"],
        "letterSpacing": req["letterSpacing"],
        "advance": float32(answer["advance"]),
        "measureText": math.ceil(float32(answer["advance"])),
    }


def paragraph_case(req, answer, kind):
    case = measure_case(req, answer, kind)
    case["hyphenation"] = req["hyphenation"]
    case["layouts"] = [{
        "breakStrategy": layout["strategy"],
        "width": float32(layout["width"]),
        "lines": [{
            "start": line["start"],
            "end": line["end"],
            "width": float32(line["width"]),
            "ascent": float32(line["ascent"]),
            "descent": float32(line["descent"]),
            "endHyphenEdit": line["flags"] & 0b111,
        } for line in layout["lines"]],
    } for layout in answer["layouts"]]
    case["layouts"].sort(key=lambda layout: (layout["width"], layout["breakStrategy"]))
    # Start-of-line edits (Polish, Slovenian, Arabic script) and tabs (bit 29) have no place here.
    if any(line["flags"] & ~0b111 for layout in answer["layouts"] for line in layout["lines"]):
        sys.exit("a line has a start-of-line hyphen edit or a tab: the format has no place for it")
    return case


def metrics_case(font, size, answer):
    m = {key: float32(value) for key, value in answer["fontMetrics"].items()}
    # GraphicsJNI::set_metrics_int: top floor, bottom ceil, the rest SkScalarRoundToInt
    # (floor(x + 0.5) in double).
    return {
        "font": font,
        "size": size,
        "top": m["top"], "ascent": m["ascent"], "descent": m["descent"],
        "bottom": m["bottom"], "leading": m["leading"],
        "topInt": math.floor(m["top"]),
        "ascentInt": math.floor(m["ascent"] + 0.5),
        "descentInt": math.floor(m["descent"] + 0.5),
        "bottomInt": math.ceil(m["bottom"]),
        "leadingInt": math.floor(m["leading"] + 0.5),
    }


def check_roboto_advances(measures):
    """Check the harness against engines and rules outside it, for every Roboto case without
    letter spacing. Minikin shapes a text in pieces that break at spaces (LayoutUtils.cpp
    getNextWordBreakForCache: each U+0020 a piece of its own), so hb-shape shapes the same pieces.
    Unhinted: hb-shape's advances at the size (HarfBuzz's own scaling). Hinted: each glyph's
    advance is FreeType's hinted advance, restated here (TrueType driver, no bytecode in Roboto:
    head flag 3 rounds the ppem for hinting; a simple glyph's phantom points round to whole pixels
    one by one, a composite's advance rounds as a whole), plus hb-shape's kerning (its advance
    less the design advance). Minikin truncates positions to 1/256 px, so a text may differ by up
    to 1/256 px a glyph."""
    font = TTFont(os.path.join(REPO, ROBOTO))
    upem, hmtx, glyf, order = font["head"].unitsPerEm, font["hmtx"], font["glyf"], font.getGlyphOrder()

    def mul_fix(a, b):  # FT_MulFix, rounding half away from zero
        product = (abs(a) * abs(b) + 0x8000) >> 16
        return -product if (a < 0) != (b < 0) else product

    def pix_round(x):  # FT_PIX_ROUND
        return (x + 32) & -64

    def hinted_advance(name, x_scale):
        advance, lsb = hmtx[name]
        glyph = glyf[name]
        pp1 = glyph.xMin - lsb if glyph.numberOfContours != 0 else 0
        if glyph.isComposite():
            return pix_round(mul_fix(pp1 + advance, x_scale) - mul_fix(pp1, x_scale)) / 64
        return (pix_round(mul_fix(pp1 + advance, x_scale)) - pix_round(mul_fix(pp1, x_scale))) / 64

    worst = 0.0
    for case in measures:
        if case["fonts"] != [ROBOTO] or case["letterSpacing"] != 0:
            continue
        size = case["size"]
        ppem = (int(size * 64) + 32) >> 6  # FT_Set_Char_Size at 26.6, ppem rounded
        x_scale = ((ppem << 6) * 65536 + upem // 2) // upem  # FT_DivFix
        expected, glyphs = 0.0, 0
        for piece in re.findall(r"[^ ]+| ", case["text"]):
            for glyph in hb_shape(ROBOTO, piece):
                name = order[glyph["g"]]
                kerning = (glyph["ax"] - hmtx[name][0]) * size / upem
                if case["hinting"]:
                    expected += hinted_advance(name, x_scale) + kerning
                else:
                    expected += glyph["ax"] * size / upem
                glyphs += 1
        deviation = abs(case["advance"] - expected)
        if deviation > glyphs / 256 + 1e-4:
            sys.exit("harness and hb-shape disagree: %r at %s px, hinting %s: %s vs %s" % (
                case["text"], size, case["hinting"], case["advance"], expected))
        worst = max(worst, deviation / max(glyphs, 1))
    return worst


def scaled(widths_at_16, size):
    return [round(w * size / 16) for w in widths_at_16]


def paragraph_requests(kind):
    """The requests of the paragraphs of one kind (each also a measureText case), with their kind."""
    plan = []
    if kind == "latin":
        for size in LINE_SIZES:
            for hinting in (True, False):
                for text in PARAGRAPHS:
                    plan.append((request([ROBOTO], text, size, hinting,
                                         widths=scaled(LINE_WIDTHS_AT_16, size)), kind))
    elif kind == "fallback":
        for size in FALLBACK_LINE_SIZES:
            for text in FALLBACK_TEXTS:
                plan.append((request(FALLBACK, text, size, True,
                                     widths=scaled(FALLBACK_WIDTHS_AT_16, size)), kind))
    elif kind == "letterSpacing":
        for spacing in [0] + LETTER_SPACINGS:
            plan.append((request([ROBOTO], LETTER_SPACING_PARAGRAPH, 16, True, spacing,
                                 widths=LETTER_SPACING_WIDTHS), kind))
    elif kind == "hyphenation":
        for frequency in ("none", "normal", "full"):
            for text in HYPHENATION_PARAGRAPHS:
                plan.append((request([ROBOTO], text, 16, True, hyphenation=frequency,
                                     widths=HYPHENATION_WIDTHS), kind))
    return plan


def main():
    if not os.access(HARNESS, os.X_OK) or not os.path.exists(HYPHENATION):
        sys.exit("no harness or no hyph-en-us.hyb: run Tests/Goldens/android/build-minikin.sh "
                 "with --tex-hyphen first (see android.md)")
    plan = []  # (request, kind)
    for size in SIZES:
        for hinting in (True, False):
            for text in TEXTS:
                plan.append((request([ROBOTO], text, size, hinting), "latin"))
    plan.extend(paragraph_requests(kind="latin"))
    for size in FALLBACK_SIZES:
        for hinting in (True, False):
            for text in FALLBACK_TEXTS:
                if size not in FALLBACK_LINE_SIZES or not hinting:
                    plan.append((request(FALLBACK, text, size, hinting), "fallback"))
    plan.extend(paragraph_requests(kind="fallback"))
    for size in LETTER_SPACING_SIZES:
        for spacing in LETTER_SPACINGS:
            for text in LETTER_SPACING_TEXTS:
                plan.append((request([ROBOTO], text, size, True, spacing), "letterSpacing"))
    plan.extend(paragraph_requests(kind="letterSpacing"))
    plan.extend(paragraph_requests(kind="hyphenation"))
    for font in [ROBOTO, ARABIC, EMOJI, CJK]:
        for size in SIZES:
            plan.append((request([font], "x", size), "metrics"))

    answers = run_harness([req for req, _ in plan])
    measures, paragraphs, metrics = [], [], []
    for (req, kind), answer in zip(plan, answers):
        if kind == "metrics":
            metrics.append(metrics_case(req["fonts"][0], req["size"], answer))
        elif req["widths"]:
            paragraphs.append(paragraph_case(req, answer, kind))
        else:
            measures.append(measure_case(req, answer, kind))

    def key(c):
        return (c["kind"], c["fonts"], c["text"], c["size"], not c["hinting"], c["letterSpacing"],
                c.get("hyphenation", ""))

    worst = check_roboto_advances(measures)
    print("Roboto advances agree with hb-shape (hinted: with FreeType's rounding restated): "
          "worst %.5f px a glyph" % worst, file=sys.stderr)

    with open(os.path.join(BUILD, "minikin-source.txt"), encoding="utf-8") as source:
        # The compiler is left out: Debian's clang 14 and Swift's clang 21 give the same answers.
        engine = [line.strip() for line in source
                  if line.strip() and not line.startswith("compiler:")]
    doc = {
        "generator": {
            "script": "Tests/Goldens/make_android.py",
            "harness": "Tests/Goldens/android/minikin_harness.cpp",
            "engine": engine,
            "hyphenator": "en-US, minPrefix 2, minSuffix 3",
        },
        "fontMetrics": sorted(metrics, key=lambda c: (c["font"], c["size"])),
        "measure": sorted(measures, key=key),
        "paragraphs": sorted(paragraphs, key=key),
    }
    with open(OUT_JSON, "w", encoding="utf-8") as out:
        json.dump(doc, out, indent=2, sort_keys=True, ensure_ascii=False)
        out.write("\n")
    print("wrote %s: %d font metrics, %d measureText cases, %d paragraphs (%d layouts)" % (
        os.path.relpath(OUT_JSON, REPO), len(metrics), len(measures), len(paragraphs),
        sum(len(p["layouts"]) for p in paragraphs)), file=sys.stderr)


if __name__ == "__main__":
    main()
