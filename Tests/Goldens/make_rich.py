#!/usr/bin/python3
"""Generate Tests/Goldens/rich.json: attributed text (one paragraph in many styles, "spans").

Run from the repository root with Debian's Python (it has PyGObject and fontTools):

    /usr/bin/python3 Tests/Goldens/make_rich.py

Each case is a text with spans ({start, end} in UTF-16 code units, a fixture font FILE, a size
in points, optional HarfBuzz features, letter spacing and baseline offset, and a fallback
list of fixture font files). Two independent results are recorded per case:

"expected": Caliper's attributed-text rules R1-R4 (see Tests/Goldens/rich.md), written here in
Python from their statement, not from Caliper's code:
  - R1 runs: split at span boundaries (adjacent spans with identical attributes merged), at
    font changes (per ICU grapheme cluster: the first of [span font] + fallback whose cmap,
    read with fontTools, has every character of the cluster), at script changes (ICU
    uscript_getScript; Common/Inherited take the preceding script in the paragraph, the
    following one at its start) and at bidi level changes (ICU ubidi, paragraph direction
    from the first strong character). Spaces then follow Caliper's rule: the font of the
    cluster before them in the same span and bidi level, else of the next non-space cluster
    there, when that font has the space and is not the colour emoji font.
  - R2 widths: the hb-shape CLI (HarfBuzz) shapes every run, or the part of a run on a line,
    on its own with the run's font, features, --direction and --script: advance sum (design
    units) x size / unitsPerEm + letterSpacing x grapheme clusters.
  - R3 lines: ICU's line break iterator (root locale) over the text; greedy, each line ends
    at the furthest opportunity whose width without trailing whitespace is
    <= maxWidth + 1e-9.
  - R4 line heights: hhea ascender/descender/lineGap (fontTools) of each span on the line,
    of its primary font and of every fallback font its runs there use, scaled to the span's
    size and moved by its baseline offset; max ascender, min descender, max lineGap.

"pango": the same input laid out by Pango 1.50 (PyGObject, make_wrapped.py's context:
PangoCairo at 1 pt = 1 unit, no hinting, unrounded positions; FONTCONFIG_FILE is a temporary
file that includes Fonts/fonts.conf and adds fontconfig's colour bitmap scaling, so that
Noto Color Emoji is scaled to the requested size, see FONTS_CONF_TEMPLATE), one attribute
set per span (font description with the family list of the span's
font and its fallback fonts and the font's weight, absolute size, font features, rise, letter
spacing), WORD_CHAR wrapping at maxWidth. Recorded: Pango's lines, its runs (items) per line
with the font FILE read from the run's fontconfig pattern (make_mixed.font_file), their widths,
and each line's logical height and baseline. Every Pango run's width is checked against
hb-shape for the same text with Pango's context (--text-before/--text-after), so the font
file and size read from Pango are verified.

Wrapped cases whose R3 decisions come within TIE_EPSILON of maxWidth are dropped and retried
5 and 10 pt wider (reason on stderr, and in generator.droppedCandidates). Where Pango
differs from R1-R4 the case has a "note" (an explanation from EXPLAIN below, written after
looking at the output, plus the differences, generated).
"""
import ctypes
import json
import os
import subprocess
import sys
import tempfile
import unicodedata

import make_wrapped  # noqa: F401  (sets FONTCONFIG_FILE before gi is imported)
import make_mixed as mm
from make_mixed import GLib, Pango  # noqa: F401
from make_wrapped import pango_context

import fontTools
from fontTools.ttLib import TTFont

import hbshape

REPO = hbshape.REPO
OUT = os.path.join(REPO, "Tests", "Goldens", "rich.json")

TIE_EPSILON = 0.05   # points: R3 decisions closer than this to maxWidth are dropped
FIT_EPSILON = 1e-9   # R3: a line fits when width <= maxWidth + FIT_EPSILON
PANGO_TOLERANCE = 4.0 / Pango.SCALE  # heights/baselines: Pango rounds metrics to 1/1024

NOTO = "Fonts/NotoSans-Regular.ttf"
BOLD = "Fonts/NotoSans-Bold.ttf"
DEJAVU = "Fonts/DejaVuSans.ttf"
LIBERATION = "Fonts/LiberationSans-Regular.ttf"
ARABIC = "Fonts/NotoSansArabic-Regular.ttf"
CJK = "Fonts/DroidSansFallbackFull.ttf"
EMOJI = "Fonts/NotoColorEmoji.ttf"
FALLBACK = [ARABIC, CJK, EMOJI]

# Caliper's whitespace (Sources/Caliper/Caliper.docc/Semantics.md, "trailing spaces at a wrap")
# and hard breaks.
WHITESPACE = set(" \t\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2008\u2009\u200a"
                 "\u205f\u3000")
HARD_BREAKS = ("\r\n", "\n", "\r", "\u2028", "\u2029", "\x0b", "\x0c", "\x85")

utf16_len = hbshape.utf16_len
sub16 = mm.sub16


# --------------------------------------------------------------------------- cases

def st(font, size, features=None, letterSpacing=None, baselineOffset=None):
    """A span style; optional attributes are left out when not given."""
    s = {"font": font, "size": size}
    if features:
        s["features"] = list(features)
    if letterSpacing is not None:
        s["letterSpacing"] = letterSpacing
    if baselineOffset is not None:
        s["baselineOffset"] = baselineOffset
    return s


R17, B17 = st(NOTO, 17), st(BOLD, 17)
R15, B15, S11 = st(NOTO, 15), st(BOLD, 15), st(NOTO, 11)
D17 = st(DEJAVU, 17)

ARTICLE = [
    ("Caliper", B15),
    (" measures text before it is drawn. ", R15),
    ("Attributed strings", B15),
    (" mix fonts, weights and sizes in one paragraph, so every line is measured run by run. ",
     R15),
    ("Small print like this", S11),
    (" shares its line with larger words, and the line height comes from the tallest span on "
     "it. ", R15),
    ("Bold words", B15),
    (" are wider than regular ones. Nothing here is hyphenated.", R15),
]

MIXED = [
    ("Our team in ", R15),
    ("Tokyo 東京", B15),
    (" shipped the ", R15),
    ("2", R15),
    ("nd", st(NOTO, 9, baselineOffset=5)),
    (" release today, and the first reviews call it ", R15),
    ("fast", st(BOLD, 17)),
    (". Plans start at ", R15),
    ("$", S11),
    ("4", R15),
    (".99", S11),
    (" a month; ", R15),
    ("students pay less", st(NOTO, 15, letterSpacing=1)),
    (". Questions go to the team.", R15),
]

TRAILING = [("The first line is here", R17), ("   ", st(NOTO, 30)), ("and the second", R17)]

# (name, pieces [(text, style)], maxWidth or None); every span gets FALLBACK.
CASES = [
    ("bold-name-then-regular", [("Ana", B17), (" replied to your post", R17)], None),
    ("price-mixed-sizes", [("$", st(NOTO, 11)), ("12", R17), (".99", st(NOTO, 11))], None),
    ("ligature-one-span", [("office", R17)], None),
    ("ligature-split-sizes", [("of", R17), ("fice", st(NOTO, 17.5))], None),
    ("ligature-split-identical-spans", [("of", R17), ("fice", R17)], None),
    ("kerning-avatar-regular-bold", [("A", R17), ("VATAR", B17)], None),
    ("kerning-to-split-sizes", [("T", R17), ("o", st(NOTO, 17.5))], None),
    ("kerning-to-split-identical-spans", [("T", R17), ("o", R17)], None),
    ("emoji-in-bold-span", [("We ", R17), ("won 🎉 the", B17), (" final", R17)], None),
    ("cjk-fallback-larger-span", [("Hello ", R17), ("世界", st(NOTO, 24))], None),
    ("cjk-fallback-larger-span-with-space", [("Hello", R17), (" 世界", st(NOTO, 24))], None),
    ("bidi-arabic-split-sizes", [("Hello ", R17), ("مرح", R17), ("با", st(NOTO, 21)),
                                 (" world", R17)], None),
    ("superscript", [("x", R17), ("2", st(NOTO, 10, baselineOffset=6))], None),
    ("superscript-above-line", [("x", R17), ("2", st(NOTO, 10, baselineOffset=10))], None),
    ("subscript", [("H", R17), ("2", st(NOTO, 10, baselineOffset=-4)), ("O", R17)], None),
    ("features-pnum-then-tnum", [("1234 ", st(NOTO, 17, features=["pnum"])),
                                 ("5678", st(NOTO, 17, features=["tnum"]))], None),
    ("features-liga-off-one-span", [("office", st(NOTO, 17, features=["liga=0"])),
                                    (" office", R17)], None),
    ("letter-spacing-one-span", [("Tracking ", R17), ("WIDE", st(NOTO, 17, letterSpacing=3)),
                                 (" text", R17)], None),
    ("letter-spacing-negative", [("Tight", st(NOTO, 17, letterSpacing=-0.5)), (" normal", R17)],
     None),
    ("line-gap-liberation-span", [("Noto and ", R17), ("Liberation", st(LIBERATION, 17)),
                                  (" Sans", R17)], None),
    ("spaces-only-span", [("Hello", R17), ("   ", st(NOTO, 30)), ("world", R17)], None),
    ("hard-break-between-sizes", [("Heading\n", st(BOLD, 24)),
                                  ("Body text in a smaller size", st(NOTO, 13))], None),
    ("hard-break-empty-line", [("Heading\n", st(BOLD, 24)), ("\nBody text", st(NOTO, 13))],
     None),
    ("hard-break-wrapped", [("A heading that wraps\n", st(BOLD, 24)),
                            ("Body text in a smaller size that also wraps onto more lines.",
                             st(NOTO, 13))], 200),
    ("small-span-alone-on-line", [("Quarterly results ", st(BOLD, 24)),
                                  ("were published today in the annual report", st(NOTO, 11))],
     200),
    ("spaces-only-span-trailing", TRAILING, 200),
    ("spaces-only-span-trailing", TRAILING, 165),
    # Which font does a space between two spans (or between a fallback font and the span's
    # font) get?
    ("space-font-dejavu-then-noto-space-in-noto", [("Aa", D17), (" Bb", R17)], None),
    ("space-font-dejavu-then-noto-space-in-dejavu", [("Aa ", D17), ("Bb", R17)], None),
    ("space-font-noto-then-dejavu-space-in-dejavu", [("Aa", R17), (" Bb", D17)], None),
    ("space-font-noto-then-dejavu-space-in-noto", [("Aa ", R17), ("Bb", D17)], None),
    ("space-font-own-span", [("Aa", R17), (" ", D17), ("Bb", R17)], None),
    ("space-font-latin-then-cjk", [("Hello 世界", R17)], None),
    ("space-font-cjk-then-latin", [("世界 Hello", R17)], None),
    ("space-font-cjk-then-arabic", [("世界 مرحبا", R17)], None),
    ("space-font-span-start-before-cjk", [("世界", R17), (" 東京", st(NOTO, 24))], None),
    ("space-font-emoji-then-latin", [("🎉 Party", B17)], None),
    ("space-font-emoji-then-cjk", [("🎉 世界", R17)], None),
    # A space after a fallback font inside text of one script: Pango gives it to the text after.
    ("space-font-fullwidth-stop-then-latin", [("Hello。 World", R17)], None),
    ("space-font-fullwidth-stop-then-arabic", [("Hello。 مرحبا", R17)], None),
    ("wrapped-article", ARTICLE, 120),
    ("wrapped-article", ARTICLE, 200),
    ("wrapped-article", ARTICLE, 320),
    ("wrapped-mixed", MIXED, 200),
    ("wrapped-mixed", MIXED, 320),
    ("wrapped-letter-spaced", [("Letter spacing opens up a headline, but every line of it ends "
                                "up wider than the same words set tight.",
                                st(NOTO, 15, letterSpacing=2))], 200),
]

# Markup cases: Pango markup over a Noto Sans 17 pt base (fallback as above), with the spans it
# stands for written out by Pango 1.50's rules (exact sizes: smaller = /1.2, x-small = /1.44,
# larger = x1.2; rise and letter_spacing in 1024ths of a point; <b> = the bold face). The
# generator checks that Pango's own parser gives the same text, ranges, weights and sizes (to
# its 1/1024 pt), then lays the spans out as any other case. Caliper's test builds the text from
# the markup itself (AttributedText(markup:style:fonts:)).
MARKUP_CASES = [
    ("markup-reply", '<b>Ana</b> replied: <span size="smaller">great shot \U0001F4F8</span>',
     [("Ana", B17), (" replied: ", R17), ("great shot \U0001F4F8", st(NOTO, 17 / 1.2))], 200),
    ("markup-count", '<span weight="bold" size="larger">12</span> new messages',
     [("12", st(BOLD, 17 * 1.2)), (" new messages", R17)], None),
    ("markup-price", 'Price <span size="x-small" rise="5000">$</span>9<small>.99</small>',
     [("Price ", R17), ("$", st(NOTO, 17 / 1.44, baselineOffset=5000 / 1024)), ("9", R17), (".99", st(NOTO, 17 / 1.2))], None),
    ("markup-spaced", '<span letter_spacing="2048">SPACED</span> out <i>and about</i>',
     [("SPACED", st(NOTO, 17, letterSpacing=2)), (" out and about", R17)], None),
]
WIDTH_RETRIES = [0, 5, 10]

# Explanations of Pango's differences, written after looking at the generated output; a case
# where Pango differs from R1-R4 must have one (the generator checks). The differences
# themselves are generated and appended.
IDENTICAL = ("Pango starts a new item at every attribute range boundary, even between two "
             "spans with identical attributes; R1 merges such spans into one run.")
EXPLAIN = {
    "ligature-split-identical-spans":
        IDENTICAL + " So Pango shapes 'of' and 'fice' apart (o f | fi c e) where R1 forms the "
                    "ffi ligature; the widths happen to be equal (f 344 + fi 602 = ffi 946 "
                    "units).",
    "kerning-to-split-identical-spans":
        IDENTICAL + " So Pango shapes 'T' and 'o' apart and loses the T-o kern (1.19 pt).",
    "wrapped-mixed":
        IDENTICAL + " Here ' shipped the ' and '2'. Pango's letter spacing also differs at a "
                    "line edge (see letter-spacing-negative): the line that starts with 'pay "
                    "less' (letterSpacing 1) is 1 pt narrower in Pango.",
    "cjk-fallback-larger-span":
        "R4 counts the 24 pt span's primary font (Noto Sans at 24: ascender 25.656, descender "
        "-7.032) although none of its characters use it; Pango counts only the fonts its runs "
        "use (Droid Sans Fallback at 24: 25.031 / -6.375).",
    "bidi-arabic-split-sizes":
        "Runs and heights agree, widths do not: Pango shapes each item with the paragraph "
        "around it as HarfBuzz context, so the letters on both sides of the span boundary keep "
        "their joining forms; R2 shapes each run on its own. The generator checks Pango's run "
        "widths against hb-shape with --text-before/--text-after.",
    "letter-spacing-negative":
        "Pango puts half of the letter spacing before each cluster (rounded to a whole point "
        "when the spacing is a whole number of points) and the rest after it, and drops the "
        "part before the first cluster of a line and after its last; 'Tight' starts the "
        "line, so Pango's line is 0.25 pt wider than R2 (5 x -0.5 pt).",
    "wrapped-letter-spaced":
        "Pango drops the letter spacing before the first cluster of a line and after its last "
        "(1 pt each for a 2 pt spacing), so each line is 2 pt narrower than R2 measures it. "
        "Its line breaks are R3's (also at every whole width from 120 to 329 pt, tried while "
        "writing the generator): its fit test counts the full spacing.",
    "line-gap-liberation-span":
        "Pango's line height is the runs' fonts' ascender + descender without the hhea "
        "lineGap; R4 adds the largest lineGap as leading (Liberation Sans: 67/2048 x 17 = "
        "0.556 pt).",
    "spaces-only-span-trailing-165":
        "Pango zeroes only one trailing space of a wrapped line and counts the others in its "
        "fit test (as in wrapped.json): 'The first line is here' plus two 30 pt spaces is "
        "172.1 pt > 165, so Pango moves 'here' to the next line; R3 hangs all trailing "
        "whitespace (156.5 pt <= 165).",
    "markup-reply":
        "Pango's 'smaller' is 14.167 pt, a whole number of 1024ths, where the rules keep "
        "17/1.2 = 14.1667 pt exactly; fonts, runs and breaks agree.",
    "markup-count":
        "Pango keeps sizes in whole 1024ths of a point, so its 'larger' 17 x 1.2 = 20.4 pt is "
        "20.4004 pt (20890/1024) where the rules keep the exact size, as Caliper's markup parser "
        "does; runs and breaks agree.",
    "markup-price":
        "Pango's sizes are whole 1024ths of a point (x-small 17/1.44 = 11.8056 is 11.8057 in "
        "Pango, small 17/1.2 = 14.1667 is 14.167); the rules keep exact sizes.",
    "markup-spaced":
        "Pango drops the letter spacing after the last cluster of a letter-spaced run at a line "
        "end and before the first at a line start (see wrapped-letter-spaced): 1 pt less here.",
    "space-font-cjk-then-latin":
        "Runs agree: the space follows the Han text before it in Droid Sans Fallback (R1's "
        "space rule; Pango continues the item before it). Pango raises the Latin run by "
        "0.375 pt (yOffset) when a line starts with Han text, which moves its baseline down "
        "by 0.375 pt.",
    "space-font-cjk-then-arabic":
        "Runs agree: the space follows the Han text before it in Droid Sans Fallback, not "
        "Noto Sans Arabic (which comes before Droid Sans Fallback in the cascade) nor Noto "
        "Sans (the span's font). As the line starts with Han text, Pango raises the Arabic run "
        "by 6.665 pt (yOffset), which moves the baseline to 30.023 (the height stays 35.904).",
    "space-font-span-start-before-cjk":
        "Runs agree: the space starts the 24 pt span, so the text before it (another span) "
        "does not lend it a font; it takes the font of the Han text after it, Droid Sans "
        "Fallback at 24, as in Pango. Heights differ: R4 counts the span's primary font "
        "(Noto Sans at 24: 32.688), Pango only its runs' fonts (31.406, Droid at 24); Pango "
        "also moves the 24 pt run vertically (yOffset) to align it with the 17 pt Han run.",
    "space-font-emoji-then-cjk":
        "Runs agree: a space after an emoji never takes the emoji font; it takes the font of "
        "the Han text after it, Droid Sans Fallback (Pango starts a new item after the emoji "
        "and gives the space the next character's font). Heights differ: R4 counts the span's "
        "primary font, Noto Sans (23.154); no Pango run is in Noto Sans, so Pango's height is "
        "Droid's (22.246), and its baseline alignment of the emoji and Han runs moves the "
        "baseline.",
    "space-font-fullwidth-stop-then-latin":
        "The space follows '。', which only Droid Sans Fallback draws, inside Latin text (U+3002 "
        "is of the common script, so Pango's item run does not end there). R1 keeps the space "
        "in the font before it, Droid Sans Fallback; Pango 1.50.12 moves spaces that end an "
        "item to the next item when its font comes earlier in the cascade "
        "(itemize_state_add_character, pango issue 249), so it sets the space in Noto Sans "
        "with 'World'. Widths differ by the two fonts' spaces (0.031 pt). Compare "
        "'space-font-fullwidth-stop-then-arabic' and 'space-font-cjk-then-latin': when the "
        "script or direction changes after the space, Pango ends the item at the change and "
        "the space stays with the text before it, as in R1.",
    "cjk-fallback-larger-span-with-space":
        "The space starts the 24 pt span ' 世界' after 'Hello' in Noto Sans 17: R1 gives it "
        "the font of the Han text after it in its own span, Droid Sans Fallback at 24; Pango "
        "keeps the family of the text before it, across the span boundary, and sets it in "
        "Noto Sans at 24 (compare 'space-font-span-start-before-cjk', where the text before is "
        "Han and Pango gives Droid). Widths differ by that space: Noto's space is narrower.",
}


# --------------------------------------------------------------------------- fonts

class Fonts:
    def __init__(self):
        self._tt, self._cmap = {}, {}

    def tt(self, font):
        if font not in self._tt:
            self._tt[font] = TTFont(os.path.join(REPO, font), fontNumber=0, lazy=True)
        return self._tt[font]

    def upem(self, font):
        return self.tt(font)["head"].unitsPerEm

    def hhea(self, font):
        h = self.tt(font)["hhea"]
        return h.ascent, h.descent, h.lineGap

    def covers(self, font, chars):
        if font not in self._cmap:
            self._cmap[font] = set(self.tt(font).getBestCmap())
        return all(ord(c) in self._cmap[font] for c in chars)


def fc_query(font):
    """(family, fontconfig weight) of a fixture file, from fc-query."""
    out = subprocess.run(["fc-query", "--format=%{family[0]}|%{weight}\n",
                          os.path.join(REPO, font)], check=True, capture_output=True,
                         env=dict(os.environ, LC_ALL="C.UTF-8")).stdout.decode("utf-8")
    family, weight = out.splitlines()[0].split("|")
    return family, int(float(weight))


# --------------------------------------------------------------------------- ICU

class ICUR(mm.ICUX):
    """make_mixed's ICU access plus ubidi (levels) and uscript (scripts)."""

    UBIDI_DEFAULT_LTR = 0xFE
    USCRIPT_COMMON, USCRIPT_INHERITED = 0, 1

    def __init__(self):
        super().__init__()
        c = ctypes
        self.bidi_open = self._fn("ubidi_open", c.c_void_p, [])
        self.bidi_set_para = self._fn("ubidi_setPara", None,
                                      [c.c_void_p, c.c_void_p, c.c_int32, c.c_uint8,
                                       c.c_void_p, c.POINTER(c.c_int)])
        self.bidi_get_levels = self._fn("ubidi_getLevels", c.POINTER(c.c_uint8),
                                        [c.c_void_p, c.POINTER(c.c_int)])
        self.bidi_close = self._fn("ubidi_close", None, [c.c_void_p])
        self.get_script = self._fn("uscript_getScript", c.c_int, [c.c_int32, c.POINTER(c.c_int)])
        self.script_short = self._fn("uscript_getShortName", c.c_char_p, [c.c_int])

    def levels(self, text):
        """Bidi embedding level of every UTF-16 code unit (UAX #9, each paragraph's direction
        from its first strong character, LTR without one)."""
        n = utf16_len(text)
        buf = ctypes.create_string_buffer(text.encode("utf-16-le"))
        status = ctypes.c_int(0)
        bidi = self.bidi_open()
        self.bidi_set_para(bidi, buf, n, self.UBIDI_DEFAULT_LTR, None, ctypes.byref(status))
        if status.value > 0:
            raise SystemExit("ubidi_setPara failed: %d" % status.value)
        ptr = self.bidi_get_levels(bidi, ctypes.byref(status))
        if status.value > 0:
            raise SystemExit("ubidi_getLevels failed: %d" % status.value)
        levels = [ptr[i] for i in range(n)]
        self.bidi_close(bidi)
        return levels

    def script_of(self, ch):
        status = ctypes.c_int(0)
        code = self.get_script(ord(ch), ctypes.byref(status))
        if status.value > 0:
            raise SystemExit("uscript_getScript failed")
        return code

    def script_name(self, code):
        return self.script_short(code).decode("ascii")


# --------------------------------------------------------------------------- hb-shape

def hb_with_context(font, text, before, after, features, direction, script):
    """hb-shape advance sum of `text` with --text-before/--text-after context, as Pango
    shapes an item (HarfBuzz sees the paragraph around it)."""
    cmd = ["hb-shape", "--output-format=json", "--no-glyph-names", "--utf8-clusters",
           "--font-file=" + os.path.join(REPO, font), "--text=" + text,
           "--direction=" + direction, "--script=" + script]
    if before:
        cmd.append("--text-before=" + before)
    if after:
        cmd.append("--text-after=" + after)
    if features:
        cmd.append("--features=" + features)
    out = subprocess.run(cmd, check=True, capture_output=True, env=hbshape.HB_ENV).stdout
    glyphs = json.loads(out.decode("utf-8"))
    return glyphs


# --------------------------------------------------------------------------- R1-R4

class Drop(Exception):
    pass


def span_key(s):
    """Attributes that make two adjacent spans one (R1)."""
    return (s["font"], s["size"], tuple(s.get("features", ())), s.get("letterSpacing", 0),
            s.get("baselineOffset", 0), tuple(s["fallback"]))


def hard_break_at(text16, u):
    """Length (UTF-16) of the hard break starting at code unit u, or 0."""
    for hb in HARD_BREAKS:
        if text16[u:u + len(hb)] == hb:
            return len(hb)
    return 0


class Paragraphs:
    """R1-R4 for one case."""

    def __init__(self, fonts, icu, text, spans):
        self.fonts, self.icu, self.text, self.spans = fonts, icu, text, spans
        self.n = n = utf16_len(text)
        # Per UTF-16 code unit views of the text.
        self.units = []  # the character each code unit belongs to
        for ch in text:
            self.units.extend([ch] * (2 if ord(ch) > 0xFFFF else 1))
        units_str = "".join(self.units)  # only used for hard break detection (BMP)
        self.graphemes = sorted(icu.boundaries(mm.ICU.UBRK_CHARACTER, text))
        self.line_opps = set(icu.boundaries_locale(mm.ICU.UBRK_LINE, text, ""))

        # Spans tile the text; merged span groups (R1).
        pos = 0
        for s in spans:
            if s["start"] != pos or s["end"] <= s["start"]:
                raise SystemExit("spans must tile the text: %r" % spans)
            pos = s["end"]
        if pos != n:
            raise SystemExit("spans end at %d, text is %d long" % (pos, n))
        self.span_at = [None] * n
        for i, s in enumerate(spans):
            for u in range(s["start"], s["end"]):
                self.span_at[u] = i
        self.group_of = []
        for i, s in enumerate(spans):
            if i and span_key(spans[i - 1]) == span_key(s):
                self.group_of.append(self.group_of[-1])
            else:
                self.group_of.append(i)

        # Paragraphs: [start, end) without the hard break, break length.
        self.paragraphs = []
        start, u = 0, 0
        while u < n:
            k = hard_break_at(units_str, u)
            if k:
                self.paragraphs.append((start, u, k))
                u += k
                start = u
            else:
                u += 1
        if start < n:
            self.paragraphs.append((start, n, 0))
        self.is_break = [False] * n
        for ps, pe, k in self.paragraphs:
            for u in range(pe, pe + k):
                self.is_break[u] = True

        # Levels (ICU ubidi) and scripts (resolved per paragraph).
        self.levels = icu.levels(text)
        self.scripts = [None] * n
        for ps, pe, _k in self.paragraphs:
            codes = [icu.script_of(self.units[u]) for u in range(ps, pe)]
            real = [c if c not in (icu.USCRIPT_COMMON, icu.USCRIPT_INHERITED) else None
                    for c in codes]
            prev = None
            for i, c in enumerate(real):
                if c is None:
                    real[i] = prev
                else:
                    prev = c
            nxt = None
            for i in range(len(real) - 1, -1, -1):
                if real[i] is None:
                    real[i] = nxt
                else:
                    nxt = real[i]
            for i, c in enumerate(real):
                self.scripts[ps + i] = icu.script_name(icu.USCRIPT_COMMON if c is None else c)

        # Font per grapheme cluster (R1).
        self.font_at = [None] * n
        for a, b in zip(self.graphemes, self.graphemes[1:]):
            if self.span_at[a] != self.span_at[b - 1]:
                raise SystemExit("a span boundary splits the grapheme cluster at %d" % a)
            if self.is_break[a]:
                continue
            cluster = sub16(text, a, b)
            span = spans[self.span_at[a]]
            choice = next((f for f in [span["font"]] + span["fallback"]
                           if fonts.covers(f, cluster)), None)
            if choice is None:
                raise SystemExit("no font covers %r" % cluster)
            for u in range(a, b):
                self.font_at[u] = choice

        # Spaces (R1, the "font cascade" row of Semantics.md): a cluster of whitespace characters
        # takes the font of the cluster before it, when both are in the same span group and at the same
        # bidi level and that font is not the colour emoji font and has glyphs for it; else the
        # font of the next cluster that is not whitespace, under the same conditions; else it
        # keeps the first font covering it. Clusters are taken in order, so a run of spaces
        # follows the text before it.
        clusters = [(a, b) for a, b in zip(self.graphemes, self.graphemes[1:]) if not self.is_break[a]]

        def is_space(a, b):
            return all(ch in WHITESPACE or ch.isspace() for ch in sub16(text, a, b))

        def suits(font, a, b):
            return font != EMOJI and fonts.covers(font, sub16(text, a, b))

        for i, (a, b) in enumerate(clusters):
            if not is_space(a, b):
                continue
            same = lambda c: (self.group_of[self.span_at[c]] == self.group_of[self.span_at[a]]
                              and self.levels[c] == self.levels[a])
            chosen = None
            if i > 0:
                pa, _pb = clusters[i - 1]
                if pa + (_pb - pa) == a and same(pa) and suits(self.font_at[pa], a, b):
                    chosen = self.font_at[pa]
            if chosen is None:
                nxt = next(((c, d) for c, d in clusters[i + 1:] if not is_space(c, d)), None)
                if nxt is not None and same(nxt[0]) and suits(self.font_at[nxt[0]], a, b):
                    chosen = self.font_at[nxt[0]]
            if chosen is not None:
                for u in range(a, b):
                    self.font_at[u] = chosen

        # Runs: maximal ranges of equal (span group, font, script, level).
        self.runs = []
        for u in range(n):
            if self.is_break[u]:
                continue
            key = (self.group_of[self.span_at[u]], self.font_at[u], self.scripts[u],
                   self.levels[u])
            if self.runs and self.runs[-1]["end"] == u and self.runs[-1]["key"] == key:
                self.runs[-1]["end"] = u + 1
            else:
                self.runs.append({"start": u, "end": u + 1, "key": key})
        gset = set(self.graphemes)
        for r in self.runs:
            if r["start"] not in gset or r["end"] not in gset:
                raise SystemExit("run [%d, %d) splits a grapheme cluster" % (r["start"], r["end"]))
            span = spans[r["key"][0]]
            r.update(font=r["key"][1], script=r["key"][2], level=r["key"][3], span=span)

    # ----- R2
    def piece(self, run, a, b):
        """Width of run's part [a, b)."""
        span = run["span"]
        t = sub16(self.text, a, b)
        glyphs = hbshape.shape(run["font"], t, ",".join(span.get("features", ())),
                               direction="rtl" if run["level"] % 2 else "ltr",
                               script=run["script"])
        if any(g["g"] == 0 for g in glyphs):
            raise SystemExit("%s has no glyph for part of %r" % (run["font"], t))
        adv = sum(g["ax"] for g in glyphs)
        clusters = sum(1 for g in self.graphemes if a <= g < b)
        upem = self.fonts.upem(run["font"])
        width = adv * span["size"] / upem + span.get("letterSpacing", 0) * clusters
        return {"start": a, "end": b, "font": run["font"], "size": span["size"],
                "script": run["script"], "level": run["level"], "advanceSum": adv,
                "unitsPerEm": upem, "graphemeCount": clusters, "width": width}

    def pieces(self, a, b):
        return [self.piece(r, max(a, r["start"]), min(b, r["end"]))
                for r in self.runs if r["start"] < b and a < r["end"]]

    def content_end(self, a, b):
        """b without the hard break and trailing whitespace of [a, b)."""
        while b > a and self.is_break[b - 1]:
            b -= 1
        while b > a and self.units[b - 1] in WHITESPACE:
            b -= 1
        return b

    def width(self, a, b):
        """R3 line width of [a, b): trailing whitespace excluded."""
        return sum(p["width"] for p in self.pieces(a, self.content_end(a, b)))

    # ----- R3
    def lines(self, max_width):
        """[(start, end)] (end includes trailing whitespace and the hard break)."""
        result = []
        for ps, pe, k in self.paragraphs:
            if max_width is None:
                result.append((ps, pe + k))
                continue
            cands = sorted(b for b in self.line_opps if ps < b < pe) + [pe]
            s = ps
            while True:
                best = None
                for c in (c for c in cands if c > s):
                    w = self.width(s, c)
                    if abs(w - max_width) <= TIE_EPSILON:
                        raise Drop("a line from %d to the opportunity at %d is %.4f wide"
                                   % (s, c, w))
                    if w <= max_width + FIT_EPSILON:
                        best = c
                    elif w > max_width + 30:
                        break
                if best is None:
                    raise SystemExit("no opportunity after %d fits: an emergency break would be "
                                     "needed; choose another case" % s)
                if best == pe:
                    result.append((s, pe + k))
                    break
                result.append((s, best))
                s = best
        return result

    # ----- R4
    def line_metrics(self, s, e, content_only=False):
        """(ascender, descender, leading) of line [s, e). With content_only the hard break and
        trailing whitespace do not count (an alternative reading, used for notes only)."""
        end = self.content_end(s, e) if content_only else e
        contributions = []
        used = [i for i in range(len(self.spans))
                if self.spans[i]["start"] < end and s < self.spans[i]["end"]]
        if not used:  # an empty line: the span at its start
            used = [self.span_at[min(s, self.n - 1)]]
        for i in used:
            span = self.spans[i]
            a, b = max(s, span["start"]), min(end, span["end"])
            fonts = {span["font"]} | {r["font"] for r in self.runs
                                      if r["span"] is self.spans[self.group_of[i]]
                                      and r["start"] < b and a < r["end"]}
            for f in sorted(fonts):
                asc, desc, gap = self.fonts.hhea(f)
                scale = span["size"] / self.fonts.upem(f)
                off = span.get("baselineOffset", 0)
                contributions.append((asc * scale + off, desc * scale + off, gap * scale))
        return (max(c[0] for c in contributions), min(c[1] for c in contributions),
                max(c[2] for c in contributions))

    def layout(self, max_width):
        lines, top = [], 0.0
        for s, e in self.lines(max_width):
            cend = self.content_end(s, e)
            tend = e
            while tend > s and self.is_break[tend - 1]:
                tend -= 1
            runs = self.pieces(s, tend)
            asc, desc, lead = self.line_metrics(s, e)
            height = asc - desc + lead
            lines.append({"start": s, "end": e, "contentEnd": cend, "width": self.width(s, e),
                          "widthWithTrailingWhitespace": sum(r["width"] for r in runs),
                          "ascender": asc, "descender": desc, "leading": lead,
                          "height": height, "top": top, "baseline": top + asc, "runs": runs})
            top += height
        key = "width" if max_width is not None else "widthWithTrailingWhitespace"
        size = [max(ln[key] for ln in lines), sum(ln["height"] for ln in lines)]
        return {"lines": lines, "size": size}


# --------------------------------------------------------------------------- Pango

_pango = mm._pango
_pango.pango_font_describe_with_absolute_size.restype = ctypes.c_void_p
_pango.pango_font_describe_with_absolute_size.argtypes = [ctypes.c_void_p]
_pango.pango_font_description_get_size.restype = ctypes.c_int
_pango.pango_font_description_get_size.argtypes = [ctypes.c_void_p]
_pango.pango_font_description_free.argtypes = [ctypes.c_void_p]


def pango_font_size(font_ptr):
    desc = _pango.pango_font_describe_with_absolute_size(font_ptr)
    size = _pango.pango_font_description_get_size(desc) / Pango.SCALE
    _pango.pango_font_description_free(desc)
    return size


_fc = mm._fc


class FcMatrix(ctypes.Structure):
    _fields_ = [("xx", ctypes.c_double), ("xy", ctypes.c_double), ("yx", ctypes.c_double),
                ("yy", ctypes.c_double)]


_fc.FcPatternGetMatrix.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int,
                                   ctypes.POINTER(ctypes.POINTER(FcMatrix))]


def pango_effective_size(font_ptr):
    """The run's size in points: Pango's font size times the fontconfig matrix scale, which
    the bitmap scaling rule (FONTS_CONF_TEMPLATE) sets for Noto Color Emoji's 109 ppem strike."""
    size = pango_font_size(font_ptr)
    pattern = mm._pangoft2.pango_fc_font_get_pattern(font_ptr)
    matrix = ctypes.POINTER(FcMatrix)()
    if _fc.FcPatternGetMatrix(pattern, b"matrix", 0, ctypes.byref(matrix)) == 0:
        m = matrix.contents
        if m.xy or m.yx or m.xx != m.yy:
            raise SystemExit("unexpected font matrix %r" % ((m.xx, m.xy, m.yx, m.yy),))
        size *= m.xx
    return round(size * Pango.SCALE) / Pango.SCALE


PANGO_WEIGHT = {80: Pango.Weight.NORMAL, 200: Pango.Weight.BOLD}

# Fonts/fonts.conf plus the colour-bitmap part of fontconfig's own 10-scale-bitmap-fonts.conf
# (Debian fontconfig-config 2.14.1-4, enabled by default on Debian): without it Pango sets
# Noto Color Emoji at its only bitmap strike, 109 ppem, whatever the requested size (see
# mixed.json), which makes every line with an emoji 127.7 pt tall and its emoji 135.7 pt wide.
# The font set is the same (pango_context() checks the families).
FONTS_CONF_TEMPLATE = """<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <include ignore_missing="no">%s</include>
  <match target="font">
    <test name="outline" compare="eq"><bool>false</bool></test>
    <edit name="pixelsizefixupfactor" mode="assign">
      <divide><name target="pattern">pixelsize</name><name target="font">pixelsize</name></divide>
    </edit>
  </match>
  <match target="font">
    <test name="outline" compare="eq"><bool>false</bool></test>
    <test name="pixelsizefixupfactor" compare="not_eq"><double>1.0</double></test>
    <edit name="matrix" mode="assign">
      <times>
        <name>matrix</name>
        <matrix>
          <name>pixelsizefixupfactor</name> <double>0</double>
          <double>0</double> <name>pixelsizefixupfactor</name>
        </matrix>
      </times>
    </edit>
    <edit name="size" mode="assign">
      <divide><name>size</name><name>pixelsizefixupfactor</name></divide>
    </edit>
  </match>
</fontconfig>
"""


def pango_layout(ctx, text, spans, max_width, fc_info):
    layout = Pango.Layout.new(ctx)
    base = Pango.FontDescription.from_string(fc_info[spans[0]["font"]][0])
    base.set_absolute_size(spans[0]["size"] * Pango.SCALE)
    layout.set_font_description(base)
    attrs = Pango.AttrList()
    attrs.insert(Pango.attr_insert_hyphens_new(False))
    b16 = {u: b for b, u in hbshape.utf8_to_utf16_offsets(text).items()}

    def add(attr, s):
        attr.start_index, attr.end_index = b16[s["start"]], b16[s["end"]]
        attrs.insert(attr)

    for s in spans:
        families = []
        for f in [s["font"]] + s["fallback"]:
            if fc_info[f][0] not in families:
                families.append(fc_info[f][0])
        desc = Pango.FontDescription()
        desc.set_family(",".join(families))
        desc.set_weight(PANGO_WEIGHT[fc_info[s["font"]][1]])
        add(Pango.attr_font_desc_new(desc), s)
        add(Pango.attr_size_new_absolute(round(s["size"] * Pango.SCALE)), s)
        if s.get("features"):
            add(Pango.attr_font_features_new(",".join(s["features"])), s)
        if s.get("baselineOffset"):
            add(Pango.attr_rise_new(round(s["baselineOffset"] * Pango.SCALE)), s)
        if s.get("letterSpacing"):
            add(Pango.attr_letter_spacing_new(round(s["letterSpacing"] * Pango.SCALE)), s)
    layout.set_attributes(attrs)
    if max_width is not None:
        layout.set_wrap(Pango.WrapMode.WORD_CHAR)
        layout.set_width(round(max_width * Pango.SCALE))
    layout.set_text(text, -1)
    return layout


def pango_result(ctx, fonts, par, spans, max_width, fc_info):
    """Pango's lines for the case, with runs, heights and baselines; every run's width is
    checked against hb-shape (with Pango's context) unless letter spacing or the bitmap
    emoji font make Pango's width differ (then the run has "widthChecked": false)."""
    text = par.text
    layout = pango_layout(ctx, text, spans, max_width, fc_info)
    ptr = mm.gobject_ptr(layout)
    b2u = hbshape.utf8_to_utf16_offsets(text)
    n = par.n
    it = layout.get_iter()
    raw = []
    for i in range(layout.get_line_count()):
        line = _pango.pango_layout_get_line_readonly(ptr, i).contents
        runs = []
        node = line.runs
        while node:
            gi_run = ctypes.cast(node.contents.data, ctypes.POINTER(mm.PangoGlyphItem)).contents
            item = gi_run.item.contents
            gs = gi_run.glyphs.contents
            runs.append({
                "start": b2u[item.offset], "end": b2u[item.offset + item.length],
                "font": mm.font_file(item.analysis.font),
                "size": pango_effective_size(item.analysis.font),
                "script": mm.tag_to_str(GLib.unicode_script_to_iso15924(item.analysis.script)),
                "level": item.analysis.level,
                "width": sum(gs.glyphs[k].width for k in range(gs.num_glyphs)) / Pango.SCALE,
                "yOffset": gi_run.y_offset / Pango.SCALE,
                "glyphs": [gs.glyphs[k].glyph for k in range(gs.num_glyphs)],
            })
            node = node.contents.next
        _ink, logical = it.get_line_extents()
        gline = layout.get_line_readonly(i)
        _ink2, lext = gline.get_extents()
        raw.append({"start": b2u[line.start_index], "startByte": line.start_index,
                    "lengthByte": line.length, "runs": sorted(runs, key=lambda r: r["start"]),
                    "height": logical.height / Pango.SCALE, "top": logical.y / Pango.SCALE,
                    "baseline": it.get_baseline() / Pango.SCALE,
                    "width": lext.width / Pango.SCALE})
        it.next_line()
    # Line convention of wrapped.json: a line owns its hard break; Pango's empty line after a
    # final hard break is dropped.
    if len(raw) > 1 and raw[-1]["start"] == n:
        raw.pop()
    lines = []
    for i, ln in enumerate(raw):
        end = raw[i + 1]["start"] if i + 1 < len(raw) else n
        lines.append({"start": ln["start"], "end": end, "width": ln["width"],
                      "height": ln["height"], "top": ln["top"], "baseline": ln["baseline"],
                      "runs": ln["runs"]})

    # Verify every run's width (so its font file and size) with hb-shape in Pango's context.
    wrapped_ends = {ln["end"] for ln in lines[:-1]}
    for ln in lines:
        para = next(p for p in par.paragraphs if p[0] <= ln["start"] <= p[1])
        for r in ln["runs"]:
            span = spans[par.span_at[r["start"]]]
            seg = sub16(text, r["start"], r["end"])
            checked = not span.get("letterSpacing")
            if checked:
                glyphs = hb_with_context(
                    r["font"], seg, sub16(text, para[0], r["start"]),
                    sub16(text, r["end"], para[1]), ",".join(span.get("features", ())),
                    "rtl" if r["level"] % 2 else "ltr", r["script"])
                adv = sum(g["ax"] for g in glyphs)
                if r["end"] in wrapped_ends and r["end"] == ln["end"] and seg.endswith(" "):
                    last = len(seg[:-1].encode("utf-8"))
                    adv -= sum(g["ax"] for g in glyphs if g["cl"] == last)  # zeroed by Pango
                expect = adv * r["size"] / fonts.upem(r["font"])
                tol = (len(glyphs) + 2) * 0.5 / Pango.SCALE
                if abs(expect - r["width"]) > tol:
                    raise SystemExit("Pango run %r in %s at %g: width %.4f, hb-shape %.4f"
                                     % (seg, r["font"], r["size"], r["width"], expect))
            r["widthChecked"] = checked
            del r["glyphs"]
    _ink, logical = layout.get_extents()
    return {"lines": lines,
            "size": [logical.width / Pango.SCALE, logical.height / Pango.SCALE]}


# --------------------------------------------------------------------------- compare

def fmt_lines(lines):
    return ", ".join("[%d, %d)" % (ln["start"], ln["end"]) for ln in lines)


def fmt_runs(runs):
    return " ".join("[%d, %d) %s %g" % (r["start"], r["end"], os.path.basename(r["font"]),
                                        r["size"]) for r in runs)


def pango_comparable_widths(par, exp):
    """R2 widths of each line as Pango measures a line: trailing whitespace included, except
    that Pango zeroes the one final space of a soft-wrapped line (zero_line_final_space)."""
    result = []
    para_ends = {pe + k for _ps, pe, k in par.paragraphs}
    for ln in exp["lines"]:
        s, e = ln["start"], ln["end"]
        tend = e
        while tend > s and par.is_break[tend - 1]:
            tend -= 1
        if e not in para_ends and tend > s and par.units[tend - 1] == " ":
            tend -= 1
        result.append(sum(p["width"] for p in par.pieces(s, tend)))
    return result


def compare(par, exp, pango):
    """(agreement dict, [difference sentences])."""
    diffs = []
    same_lines = [(l["start"], l["end"]) for l in exp["lines"]] == \
        [(l["start"], l["end"]) for l in pango["lines"]]
    if not same_lines:
        diffs.append("Lines: R3 %s; Pango %s." % (fmt_lines(exp["lines"]),
                                                  fmt_lines(pango["lines"])))
    same_runs = same_heights = same_baselines = same_widths = same_lines
    if same_lines:
        widths = pango_comparable_widths(par, exp)
        for i, (el, pl) in enumerate(zip(exp["lines"], pango["lines"])):
            er = [(r["start"], r["end"], r["font"], r["size"]) for r in el["runs"]]
            pr = [(r["start"], r["end"], r["font"], r["size"]) for r in pl["runs"]]
            if er != pr:
                same_runs = False
                diffs.append("Line %d runs: R1 %s; Pango %s." % (i, fmt_runs(el["runs"]),
                                                                  fmt_runs(pl["runs"])))
            tol = (el["end"] - el["start"] + 4) * 0.5 / Pango.SCALE
            if abs(widths[i] - pl["width"]) > tol:
                same_widths = False
                diffs.append("Line %d width as Pango measures it (one final space of a wrapped "
                             "line zeroed): R2 %.4f; Pango %.4f." % (i, widths[i], pl["width"]))
            if abs(el["height"] - pl["height"]) > PANGO_TOLERANCE:
                same_heights = False
                diffs.append("Line %d height: R4 %.4f; Pango %.4f." % (i, el["height"],
                                                                        pl["height"]))
            if abs(el["baseline"] - pl["baseline"]) > PANGO_TOLERANCE * (i + 1):
                same_baselines = False
                diffs.append("Line %d baseline: R4 %.4f; Pango %.4f." % (i, el["baseline"],
                                                                          pl["baseline"]))
    agreement = {"lineBreaks": same_lines, "runs": same_runs, "widths": same_widths,
                 "heights": same_heights, "baselines": same_baselines}
    return agreement, diffs


# --------------------------------------------------------------------------- main

def check_markup_pieces(name, markup, pieces):
    """Pango's parse of `markup` over a 17 pt base must give the pieces' text, and over each
    piece one weight (bold for the bold file) and size (to 1/1024 pt, as Pango truncates), the
    piece's rise and letter spacing."""
    ok, attrs, text, _accel = Pango.parse_markup(markup, -1, "\0")
    if not ok or text != "".join(p for p, _ in pieces):
        raise SystemExit("%s: Pango parses the markup to %r" % (name, text))
    position = 0
    for piece, style in pieces:
        start = len(text[:position].encode("utf-8"))
        iterator = attrs.get_iterator()
        while True:
            a, b = iterator.range()
            if a <= start < b:
                break
            if not iterator.next():
                raise SystemExit("%s: no attributes at %d" % (name, start))
        desc = Pango.FontDescription()
        desc.set_family("Noto Sans")
        desc.set_size(17 * Pango.SCALE)
        found = iterator.get_font(desc)
        bold = desc.get_weight() >= Pango.Weight.BOLD
        if bold != (style["font"] == BOLD):
            raise SystemExit("%s: Pango's weight for %r is %s" % (name, piece, desc.get_weight()))
        if not (0 <= style["size"] - desc.get_size() / Pango.SCALE < 1 / Pango.SCALE):
            raise SystemExit("%s: Pango's size for %r is %s" % (name, piece, desc.get_size() / Pango.SCALE))
        rise = spacing = 0
        for attr in found.extra_attrs:
            if attr.klass.type == Pango.AttrType.RISE:
                rise = attr.as_int().value / Pango.SCALE
            elif attr.klass.type == Pango.AttrType.LETTER_SPACING:
                spacing = attr.as_int().value / Pango.SCALE
        if rise != style.get("baselineOffset", 0) or spacing != style.get("letterSpacing", 0):
            raise SystemExit("%s: Pango's rise/spacing for %r are %s/%s" % (name, piece, rise, spacing))
        position += len(piece)


def build_case(ctx, fonts, icu, fc_info, name, pieces, max_width):
    text = "".join(p for p, _ in pieces)
    for ch in text:
        if unicodedata.category(ch) in ("Ps", "Pe"):
            raise SystemExit("%s: brackets would need the paired-bracket script rule" % name)
    spans, pos = [], 0
    for piece, style in pieces:
        k = utf16_len(piece)
        spans.append(dict(style, start=pos, end=pos + k, fallback=list(FALLBACK)))
        pos += k
    par = Paragraphs(fonts, icu, text, spans)
    exp = par.layout(max_width)
    if name == "small-span-alone-on-line" and not any(
            {par.span_at[u] for u in range(ln["start"], ln["end"])} == {len(spans) - 1}
            for ln in exp["lines"]):
        raise SystemExit("%s: no line holds only the small span" % name)
    pango = pango_result(ctx, fonts, par, spans, max_width, fc_info)
    agreement, diffs = compare(par, exp, pango)

    notes = []
    for i, ln in enumerate(exp["lines"]):
        alt = par.line_metrics(ln["start"], ln["end"], content_only=True)
        if any(abs(x - y) > 1e-9 for x, y in zip(alt, (ln["ascender"], ln["descender"],
                                                       ln["leading"]))):
            notes.append("Line %d: R4 counts the spans of its trailing whitespace and hard "
                         "break; without them its height would be %.4f." % (i, alt[0] - alt[1] + alt[2]))
    key = "%s-%d" % (name, max_width) if max_width is not None else name
    disagree = not all(agreement.values())
    if disagree and name not in EXPLAIN and key not in EXPLAIN:
        print("NEEDS EXPLANATION %s: %s" % (key, " ".join(diffs)), file=sys.stderr)
    why = EXPLAIN.get(key, EXPLAIN.get(name))
    note = " ".join(([why] if why else []) + notes + diffs)
    case = {"name": key, "text": text, "spans": spans, "maxWidth": max_width,
            "expected": exp, "pango": pango, "agreement": agreement}
    if note:
        case["note"] = note
    return case


def main():
    os.chdir(REPO)
    fonts_list = sorted("Fonts/" + f for f in os.listdir(os.path.join(REPO, "Fonts"))
                        if f.endswith(".ttf"))
    fc_info = {f: fc_query(f) for f in fonts_list}
    mm.FAMILY_OF_FILE.update({f: fam for f, (fam, _w) in fc_info.items()})
    with tempfile.TemporaryDirectory(prefix="caliper-rich-") as tmp:
        conf = os.path.join(tmp, "fonts.conf")
        with open(conf, "w", encoding="utf-8") as f:
            f.write(FONTS_CONF_TEMPLATE % os.path.join(REPO, "Fonts", "fonts.conf"))
        os.environ["FONTCONFIG_FILE"] = conf  # fontconfig is not initialised yet
        run_all(fc_info)


def run_all(fc_info):
    ctx = pango_context()
    icu = ICUR()
    fonts = Fonts()

    cases, dropped = [], []
    for name, markup, pieces, max_width in MARKUP_CASES:
        check_markup_pieces(name, markup, pieces)
        case = build_case(ctx, fonts, icu, fc_info, name, pieces, max_width)
        case["markup"] = markup
        cases.append(case)
    for name, pieces, max_width in CASES:
        for extra in (WIDTH_RETRIES if max_width is not None else [0]):
            w = None if max_width is None else max_width + extra
            try:
                cases.append(build_case(ctx, fonts, icu, fc_info, name, pieces, w))
                break
            except Drop as why:
                dropped.append({"name": name, "maxWidth": w, "reason": str(why)})
                print("dropped %s maxWidth=%s: %s" % (name, w, why), file=sys.stderr)
        else:
            raise SystemExit("no surviving width for %s near %s" % (name, max_width))
    cases.sort(key=lambda c: c["name"])
    names = [c["name"] for c in cases]
    assert len(names) == len(set(names)), names

    doc = {
        "generator": {
            "expected": "R1-R4 of Tests/Goldens/README.md (Attributed text) in Python: %s "
                        "(design units, --direction/--script/--features per run), ICU %s "
                        "(ubrk line root locale, ubrk character, ubidi, uscript), fontTools %s "
                        "(cmap, head, hhea)" % (hbshape.version(), icu.version,
                                                fontTools.version),
            "pango": "Pango %s (PangoCairo, fontconfig %s with Fonts/fonts.conf plus colour "
                     "bitmap scaling (FONTS_CONF_TEMPLATE), hint style "
                     "none, hint metrics off, round_glyph_positions false, insert_hyphens false, "
                     "language en, auto direction, WORD_CHAR; per span: font description "
                     "(family list = span font + fallback families, weight), absolute size, "
                     "font features, rise, letter spacing)"
                     % (Pango.version_string(), mm.fontconfig_version()),
            "pangoFamilyAndWeight": {f: [fam, "bold" if w >= 200 else "normal"]
                                     for f, (fam, w) in sorted(fc_info.items())},
            "fallback": FALLBACK,
            "script": "Tests/Goldens/make_rich.py",
            "tieEpsilon": TIE_EPSILON,
            "fitEpsilon": FIT_EPSILON,
            "droppedCandidates": dropped,
        },
        "cases": cases,
    }
    with open(OUT, "w", encoding="utf-8", newline="\n") as f:
        f.write(json.dumps(doc, indent=2, sort_keys=True, ensure_ascii=False) + "\n")
    print("wrote %s (%d cases, %d candidates dropped)"
          % (os.path.relpath(OUT, REPO), len(cases), len(dropped)))


if __name__ == "__main__":
    main()
