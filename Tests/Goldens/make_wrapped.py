#!/usr/bin/python3
"""Generate Tests/Goldens/wrapped.json: greedy line wrapping from Pango, widths from hb-shape.

Run from the repository root with Debian's Python (it has PyGObject):

    /usr/bin/python3 Tests/Goldens/make_wrapped.py

Line breaks come from Pango 1.50 (PangoCairo font map, WORD_CHAR wrapping, no hinting,
unrounded glyph positions, hyphen insertion off), restricted to the fixture fonts via
FONTCONFIG_FILE=Fonts/fonts.conf. Line widths are NOT Pango's: each line is re-measured
with the hb-shape CLI in font design units. Every soft break is cross-checked against
ICU's line break iterator (the engine Caliper uses), and any case whose breaks would
depend on rounding (within TIE_EPSILON of maxWidth) or on Pango-specific behaviour is
dropped with a note on stderr. See Tests/Goldens/README.md and wrapped.md for the conventions.
"""
import ctypes
import ctypes.util
import json
import os
import sys

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OUT = os.path.join(REPO, "Tests", "Goldens", "wrapped.json")
FONTS_CONF = os.path.join(REPO, "Fonts", "fonts.conf")

# fontconfig only honours an absolute FONTCONFIG_FILE; it must be set before Pango
# (and so fontconfig) is loaded.
os.environ["FONTCONFIG_FILE"] = FONTS_CONF

import gi  # noqa: E402

gi.require_version("Pango", "1.0")
gi.require_version("PangoCairo", "1.0")
from gi.repository import Pango, PangoCairo  # noqa: E402

from fontTools.ttLib import TTFont  # noqa: E402

import hbshape  # noqa: E402

TIE_EPSILON = 0.05  # points

FONTS = {
    "Fonts/DejaVuSans.ttf": "DejaVu Sans",
    "Fonts/NotoSans-Regular.ttf": "Noto Sans",
    "Fonts/LiberationSans-Regular.ttf": "Liberation Sans",
}

# name -> text. Ordinary English; no tabs.
TEXTS = {
    "plain": (
        "The morning train left the station a few minutes late. Most of the passengers "
        "were reading or staring out of the window. A small child in the front row kept "
        "asking questions about the mountains. Her father answered each one patiently, "
        "even the strange ones."
    ),
    "punctuation-hyphens": (
        "Well-known facts are often the least examined: who checks them twice? Our "
        "long-term plan, drafted in mid-2019, was simple; write a self-contained, "
        "easy-to-read guide (with examples!) and ship it. \"It's done,\" she said "
        "\u2014 finally. Nobody argued."
    ),
    "long-word": (
        "Some words are simply too long to fit on a single line, for example "
        "Pneumonoultramicroscopicsilicovolcanoconiosis, which names a lung disease. "
        "Others are merely awkward to hyphenate."
    ),
    "url": (
        "The documentation lives at https://example.org/docs/getting-started/install.html "
        "and is updated every week. Send corrections to the editors."
    ),
    "multiple-spaces": (
        "Two  spaces  after  each  word   and three   here.  Old typewritten text often "
        "looks like this.  The spacing is wide,  but the words are short."
    ),
    "hard-breaks-lf": (
        "First line of the poem\nSecond line, a little longer than the first one was\n\n"
        "After an empty line, the third stanza begins and runs on for a while before it "
        "finally ends."
    ),
    "hard-breaks-crlf": (
        "Dear team,\r\nThe quarterly report is attached to this message.\r\nPlease review "
        "the figures before the meeting on Friday morning.\r\nThanks!"
    ),
    "trailing-newline": (
        "A paragraph that ends with a newline character has an empty line after it. "
        "It has two sentences.\n"
    ),
}

# (size in points == px, maxWidth in points). For each (text, font) the combinations
# are tried in a rotated order and the first one that survives the checks is kept.
COMBOS = [(17, 200), (13, 120), (17, 120), (13, 200)]
FALLBACK_COMBOS = [(17, 320), (13, 320)]
# A few extra wide cases: (text name, font, size, maxWidth).
EXTRA = [
    ("plain", "Fonts/DejaVuSans.ttf", 17, 320),
    ("punctuation-hyphens", "Fonts/NotoSans-Regular.ttf", 13, 320),
]

HARD_BREAKS = ("\r\n", "\n", "\r", "\u2028", "\u2029", "\x0b", "\x0c", "\x85")
TRAILING_WS = " \t"


class Drop(Exception):
    pass


# --------------------------------------------------------------------------- hb-shape

def hb_glyphs(font, text):
    """hb-shape's glyphs for text as (utf8_cluster, x_advance) in font design units."""
    glyphs = hbshape.shape(font, text)
    if any(g["g"] == 0 for g in glyphs):
        raise SystemExit("%s has no glyph for some character in %r" % (font, text))
    return [(g["cl"], g["ax"]) for g in glyphs]


def hb_advance(font, text):
    """Sum of x advances of text shaped by hb-shape, in font design units."""
    return sum(ax for _cl, ax in hb_glyphs(font, text))


hb_version = hbshape.version


# --------------------------------------------------------------------------- ICU (ctypes)

ICU = hbshape.ICU


# --------------------------------------------------------------------------- Pango

def pango_context():
    fontmap = PangoCairo.FontMap.new()
    families = {f.get_name() for f in fontmap.list_families()}
    generic = {"Sans", "Serif", "Monospace", "System-ui"}
    fixture = {"Caliper Opsz Test", "DejaVu Sans", "Droid Sans Fallback", "Inter", "Liberation Sans", "Noto Color Emoji",
               "Noto Sans", "Noto Sans Arabic", "Noto Sans Devanagari", "Noto Sans Thai"}
    if families - generic != fixture:
        raise SystemExit("fontconfig is not restricted to Fonts/: %s" % sorted(families))
    ctx = fontmap.create_context()
    ctx.set_language(Pango.Language.from_string("en"))
    ctx.set_base_dir(Pango.Direction.LTR)
    ctx.set_round_glyph_positions(False)
    set_cairo_font_options_unhinted(ctx)
    return ctx


def set_cairo_font_options_unhinted(ctx):
    """pango_cairo_context_set_font_options(ctx, {HINT_STYLE_NONE, HINT_METRICS_OFF}).

    PyGObject cannot build a cairo_font_options_t without pycairo, so call cairo and
    pangocairo directly through ctypes.
    """
    cairo = ctypes.CDLL("libcairo.so.2")
    pangocairo = ctypes.CDLL("libpangocairo-1.0.so.0")
    cairo.cairo_font_options_create.restype = ctypes.c_void_p
    for name in ("set_hint_style", "set_hint_metrics"):
        getattr(cairo, "cairo_font_options_" + name).argtypes = [ctypes.c_void_p, ctypes.c_int]
    for name in ("get_hint_style", "get_hint_metrics"):
        getattr(cairo, "cairo_font_options_" + name).argtypes = [ctypes.c_void_p]
    pangocairo.pango_cairo_context_set_font_options.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
    pangocairo.pango_cairo_context_get_font_options.argtypes = [ctypes.c_void_p]
    pangocairo.pango_cairo_context_get_font_options.restype = ctypes.c_void_p
    get_pointer = ctypes.pythonapi.PyCapsule_GetPointer
    get_pointer.restype, get_pointer.argtypes = ctypes.c_void_p, [ctypes.py_object, ctypes.c_char_p]

    CAIRO_HINT_STYLE_NONE, CAIRO_HINT_METRICS_OFF = 1, 1
    options = cairo.cairo_font_options_create()
    cairo.cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
    cairo.cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
    ctx_ptr = get_pointer(ctx.__gpointer__, None)
    pangocairo.pango_cairo_context_set_font_options(ctx_ptr, options)  # copies options
    got = pangocairo.pango_cairo_context_get_font_options(ctx_ptr)
    assert cairo.cairo_font_options_get_hint_style(got) == CAIRO_HINT_STYLE_NONE
    assert cairo.cairo_font_options_get_hint_metrics(got) == CAIRO_HINT_METRICS_OFF
    cairo.cairo_font_options_destroy.argtypes = [ctypes.c_void_p]
    cairo.cairo_font_options_destroy(options)


def pango_lines(ctx, family, size, max_width, text):
    """[(start_byte, length_bytes, logical_width_pt)] for each Pango layout line."""
    layout = Pango.Layout.new(ctx)
    desc = Pango.FontDescription.from_string(family)
    desc.set_absolute_size(size * Pango.SCALE)  # absolute: 1 pt == 1 px, no DPI involved
    layout.set_font_description(desc)
    attrs = Pango.AttrList()
    attrs.insert(Pango.attr_insert_hyphens_new(False))
    layout.set_attributes(attrs)
    layout.set_wrap(Pango.WrapMode.WORD_CHAR)
    layout.set_width(max_width * Pango.SCALE)
    layout.set_text(text, -1)
    result = []
    for i in range(layout.get_line_count()):
        line = layout.get_line_readonly(i)
        for run in line.runs or []:
            used = run.item.analysis.font.describe().get_family()
            if used != family:
                raise Drop("Pango used font %r for part of the text" % used)
        _ink, logical = line.get_extents()
        result.append((line.start_index, line.length, logical.width / Pango.SCALE))
    return result


# --------------------------------------------------------------------------- helpers

utf16_len = hbshape.utf16_len
byte_to_utf16 = hbshape.utf8_to_utf16_offsets


def sub16(text, start, end):
    """Substring by UTF-16 offsets."""
    return text.encode("utf-16-le")[2 * start:2 * end].decode("utf-16-le")


def strip_line_end(s):
    """Remove the hard break and then trailing spaces/tabs that a line owns."""
    for hb in HARD_BREAKS:
        if s.endswith(hb):
            s = s[: -len(hb)]
            break
    return s.rstrip(TRAILING_WS), s


# --------------------------------------------------------------------------- core

def pango_style_advance(font, unbroken):
    """Advance of a line as Pango 1.50 measures it: shaped with its trailing spaces
    (so a space can kern against the last letter), then the one final space zeroed
    (zero_line_final_space); any other trailing spaces keep their width."""
    glyphs = hb_glyphs(font, unbroken)
    adv = sum(ax for _cl, ax in glyphs)
    if unbroken[-1:] in TRAILING_WS:
        final = len(unbroken[:-1].encode("utf-8"))
        adv -= sum(ax for cl, ax in glyphs if cl == final)
    return adv, len(glyphs)


def wrap_case(ctx, icu, upem, name, font, size, max_width, text):
    family = FONTS[font]
    scale = size / upem[font]
    utf8 = text.encode("utf-8")
    b2u = byte_to_utf16(text)
    n16 = utf16_len(text)
    plines = pango_lines(ctx, family, size, max_width, text)

    # Pango line i covers bytes [s, s+len) without its paragraph separator; our line i
    # runs up to the start of Pango line i+1, so it owns the hard break ("\n", "\r\n").
    lines = []
    for i, (s, length, pango_width) in enumerate(plines):
        next_s = plines[i + 1][0] if i + 1 < len(plines) else len(utf8)
        gap = utf8[s + length:next_s].decode("utf-8")
        if gap not in ("",) + HARD_BREAKS:
            raise SystemExit("%s: unexpected text between Pango lines: %r" % (name, gap))
        lines.append({"start": b2u[s], "end": b2u[next_s], "pangoWidth": pango_width,
                      "hard": gap != ""})
    # Pango adds an empty line after a final hard break, as TextKit adds its extra line
    # fragment there: kept. Text after the final hard break forms a line only when it is
    # non-empty or follows a hard break.
    assert lines[0]["start"] == 0 and lines[-1]["end"] == n16
    assert all(a["end"] == b["start"] for a, b in zip(lines, lines[1:]))

    line_breaks = icu.boundaries(ICU.UBRK_LINE, text)
    graphemes = icu.boundaries(ICU.UBRK_CHARACTER, text)

    out = []
    for i, ln in enumerate(lines):
        raw = sub16(text, ln["start"], ln["end"])
        content, unbroken = strip_line_end(raw)
        adv = hb_advance(font, content)
        width = adv * size / upem[font]

        # Sanity: Pango's own width agrees with hb-shape up to Pango's per-glyph
        # rounding of advances to 1/1024 pt.
        adv_pango, nglyphs = pango_style_advance(font, unbroken)
        if abs(adv_pango * scale - ln["pangoWidth"]) > (nglyphs + 1) * 0.5 / Pango.SCALE:
            raise SystemExit("%s: Pango width %.4f != hb width %.4f for %r"
                             % (name, ln["pangoWidth"], adv_pango * scale, raw))

        last = i == len(lines) - 1
        soft = not ln["hard"] and not last
        if ln["end"] in line_breaks:
            char_broken = False
        elif soft and ln["end"] in graphemes:
            char_broken = True   # WORD_CHAR fallback inside an over-long word
            interior = [p for p in line_breaks if ln["start"] < p < ln["end"]]
            if interior:
                raise Drop("line %d broken mid-word although ICU allows a break at %s"
                           % (i, interior))
        else:
            raise Drop("line %d ends at %d, not an ICU line break opportunity (%r)"
                       % (i, ln["end"], raw))

        # The kept line must fit, clearly.
        if abs(width - max_width) <= TIE_EPSILON:
            raise Drop("line %d width %.4f is within %.2f of maxWidth" % (i, width, TIE_EPSILON))
        content_end = ln["start"] + utf16_len(content)
        single_grapheme = not any(ln["start"] < p < content_end for p in graphemes)
        if width > max_width and not single_grapheme:
            if adv_pango * scale <= max_width:
                raise Drop("line %d: %r is %.4f wide without trailing spaces but %.4f as "
                           "Pango measures it" % (i, raw, width, adv_pango * scale))
            raise SystemExit("%s: line %d (%r) is wider than maxWidth (%.4f > %d)"
                             % (name, i, raw, width, max_width))

        # The next unit (word up to the next ICU break opportunity; next grapheme after a
        # mid-word break) must clearly not fit.
        if soft:
            pool = graphemes if char_broken else line_breaks
            nxt = min(p for p in pool if p > ln["end"])
            ext_raw = sub16(text, ln["start"], nxt)
            ext_content, ext_unbroken = strip_line_end(ext_raw)
            ext_w = hb_advance(font, ext_content) * scale
            if abs(ext_w - max_width) <= TIE_EPSILON:
                raise Drop("line %d + next unit = %.4f is within %.2f of maxWidth"
                           % (i, ext_w, TIE_EPSILON))
            if ext_w < max_width:
                ext_w_pango = pango_style_advance(font, ext_unbroken)[0] * scale
                if ext_w_pango > max_width - TIE_EPSILON:
                    raise Drop("line %d: %r would fit without its trailing spaces (%.4f) "
                               "but not as Pango measures it (%.4f)"
                               % (i, ext_raw, ext_w, ext_w_pango))
                raise SystemExit("%s: Pango broke line %d early: %r fits (%.4f <= %d)"
                                 % (name, i, ext_raw, ext_w, max_width))

        out.append({"start": ln["start"], "end": ln["end"], "width": width,
                    "advanceSum": adv, "pangoWidth": ln["pangoWidth"]})
    return {"name": name, "font": font, "size": size, "maxWidth": max_width,
            "unitsPerEm": upem[font], "text": text, "lines": out}


def main():
    os.chdir(REPO)
    ctx = pango_context()
    icu = ICU()
    upem = {f: TTFont(f, fontNumber=0, lazy=True)["head"].unitsPerEm for f in FONTS}
    cases, dropped = [], []

    def attempt(name, font, size, width):
        try:
            cases.append(wrap_case(ctx, icu, upem, name, font, size, width, TEXTS[name]))
            return True
        except Drop as why:
            dropped.append((name, font, size, width, str(why)))
            print("dropped %s %s size=%d maxWidth=%d: %s" % (name, font, size, width, why),
                  file=sys.stderr)
            return False

    fonts = list(FONTS)
    for ti, name in enumerate(TEXTS):
        for fi, font in enumerate(fonts):
            k = (ti + fi) % len(COMBOS)
            for size, width in COMBOS[k:] + COMBOS[:k] + FALLBACK_COMBOS:
                if attempt(name, font, size, width):
                    break
            else:
                print("no surviving combination for %s %s" % (name, font), file=sys.stderr)
    for name, font, size, width in EXTRA:
        attempt(name, font, size, width)

    cases.sort(key=lambda c: (c["name"], c["font"], c["size"], c["maxWidth"]))
    keys = [(c["name"], c["font"], c["size"], c["maxWidth"]) for c in cases]
    assert len(keys) == len(set(keys))
    doc = {
        "generator": {
            "lineBreaks": "Pango %s (PangoCairo, WORD_CHAR, hint style none, hint metrics off, "
                          "round_glyph_positions false, insert_hyphens false, language en)"
                          % Pango.version_string(),
            "widths": "%s, design units, default features" % hb_version(),
            "breakOpportunityCheck": "ICU %s ubrk line/character, locale en" % icu.version,
            "script": "Tests/Goldens/make_wrapped.py",
            "tieEpsilon": TIE_EPSILON,
        },
        "cases": cases,
    }
    with open(OUT, "w", encoding="utf-8", newline="\n") as f:
        f.write(json.dumps(doc, indent=2, sort_keys=True, ensure_ascii=False) + "\n")
    print("wrote %s (%d cases, %d candidates dropped)"
          % (os.path.relpath(OUT, REPO), len(cases), len(dropped)))


if __name__ == "__main__":
    main()
