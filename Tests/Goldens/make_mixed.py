#!/usr/bin/python3
"""Generate Tests/Goldens/mixed.json: international text (font fallback, script and bidi
itemization, line breaking) as Pango 1.50 lays it out, with widths from hb-shape.

Run from the repository root with Debian's Python (it has PyGObject):

    /usr/bin/python3 Tests/Goldens/make_mixed.py

Part "runs": one-line layouts. Pango (restricted to the fixture fonts by
FONTCONFIG_FILE=Fonts/fonts.conf, primary family "Noto Sans") splits each text into runs;
for every run the script records its UTF-16 range, the font FILE Pango chose (read from the
run's fontconfig pattern), its script (ISO 15924) and bidi level, and re-measures the run's
text on its own with the hb-shape CLI (that font, --direction, --script).

Part "wrapped": paragraphs wrapped by Pango (WORD_CHAR) at a width; each line is
re-measured per run with hb-shape. Every break is compared with ICU's line break
opportunities (locales "" and "th"), and "icuLines" holds an independent greedy wrap over
ICU's opportunities with hb-shape widths. Cases whose decisions are within TIE_EPSILON of
the width are dropped (reason on stderr). See Tests/Goldens/mixed.md.
"""
import ctypes
import json
import os
import subprocess
import sys

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OUT = os.path.join(REPO, "Tests", "Goldens", "mixed.json")
FONTS_CONF = os.path.join(REPO, "Fonts", "fonts.conf")

# fontconfig only honours an absolute FONTCONFIG_FILE; it must be set before Pango
# (and so fontconfig) is loaded.
os.environ["FONTCONFIG_FILE"] = FONTS_CONF

import gi  # noqa: E402

gi.require_version("Pango", "1.0")
gi.require_version("PangoCairo", "1.0")
from gi.repository import GLib, Pango, PangoCairo  # noqa: E402,F401

from fontTools.ttLib import TTFont  # noqa: E402

import hbshape  # noqa: E402
from make_wrapped import ICU, pango_context  # noqa: E402  (same Pango/ICU setup)

TIE_EPSILON = 0.05  # points
PRIMARY_FAMILY = "Noto Sans"
PRIMARY_FONT = "Fonts/NotoSans-Regular.ttf"
EMOJI_FONT = "Fonts/NotoColorEmoji.ttf"
SIZE = 17
TRAILING_WS = " \t"

# Part A: name -> text (one line each).
RUN_CASES = {
    "latin-control": "Hello, World",
    "latin-cjk-emoji-arabic": "Hello 世界 🌍 مرحبا",
    "latin-cjk": "Latin and 東京 tower",
    "arabic-digits-latin": "سلام 123 world",
    "arabic": "مرحبا بالعالم",
    "arabic-latin-digits": "العدد 42 هو",
    "latin-arabic-indic-digits": "Price: ١٢٣ ريال",
    "arabic-parentheses": "(مرحبا) and [عالم]!",
    "latin-then-arabic-punctuation": "He said مرحبا, then left.",
    "devanagari": "नमस्ते दुनिया",
    "devanagari-conjuncts": "क्षत्रिय ज्ञान श्री",
    "thai": "ภาษาไทย",
    "latin-thai": "Thai ภาษาไทย text",
    "combining-acute": "cafe\u0301",
    "japanese": "日本語のテキスト。",
    "greek-cyrillic": "Ελληνικά и Русский",
    "emoji-zwj-family": "👩\u200d👩\u200d👧 family",
    "emoji-flags": "🇫🇷🇯🇵",
    "emoji-keycap": "1\ufe0f\u20e3 keycap",
    "emoji-skin-tone": "👍🏽 ok",
    "emoji-between-cjk": "東京🗼タワー",
    "uncovered-javanese": "Java ꦗꦮ script",
}

# Part B: (name, text, [maxWidth, ...]). A width whose case is dropped is replaced by the
# next candidate of WIDTH_RETRIES (added to it) so that every requested case has a kept
# version; the name records nothing about retries, maxWidth does.
WRAP_CASES = [
    ("thai", "ภาษาไทยเป็นภาษาที่มีวรรณยุกต์และไม่มีการเว้นวรรคระหว่างคำ", [120, 200]),
    ("thai-with-spaces",
     "ประเทศไทยมีจังหวัดทั้งหมดเจ็ดสิบเจ็ดจังหวัด กรุงเทพมหานครเป็นเมืองหลวง "
     "และเป็นเมืองที่ใหญ่ที่สุด", [150]),
    ("cjk", "東京は日本の首都です。人口は約千四百万人で、世界最大の都市圏の一つです。", [100, 150]),
    ("latin-cjk",
     "Caliper measures 東京タワー and 大阪城 exactly, even when 日本語と English "
     "share one paragraph.", [150, 200]),
    ("arabic",
     "اللغة العربية من أكثر اللغات انتشارا في العالم، ويتحدثها أكثر من أربعمائة مليون شخص.",
     [150]),
    ("arabic-latin", "كلمة hello تعني مرحبا، وكلمة world تعني العالم في اللغة الإنجليزية.",
     [150]),
    ("devanagari",
     "हिन्दी भारत की सबसे अधिक बोली जाने वाली भाषा है और इसे देवनागरी लिपि में लिखा जाता है।",
     [150]),
]
WIDTH_RETRIES = [0, 5, 10, 15]

FAMILY_OF_FILE = {}  # "Fonts/X.ttf" -> fontconfig family, filled in main()

NO_LINE_START = "。、，．）」』〕】！？：；ー々ぁぃぅぇぉっゃゅょァィゥェォッャュョ"


class Drop(Exception):
    pass


# --------------------------------------------------------------------------- helpers

utf16_len = hbshape.utf16_len


def sub16(text, start, end):
    """Substring by UTF-16 offsets."""
    return text.encode("utf-16-le")[2 * start:2 * end].decode("utf-16-le")


def tag_to_str(tag):
    return "".join(chr((tag >> s) & 0xFF) for s in (24, 16, 8, 0))


# --------------------------------------------------------------------------- ctypes access

_gp = ctypes.pythonapi.PyCapsule_GetPointer
_gp.restype, _gp.argtypes = ctypes.c_void_p, [ctypes.py_object, ctypes.c_char_p]


def gobject_ptr(obj):
    return _gp(obj.__gpointer__, None)


class GSList(ctypes.Structure):
    pass


GSList._fields_ = [("data", ctypes.c_void_p), ("next", ctypes.POINTER(GSList))]


class PangoAnalysis(ctypes.Structure):  # Pango 1.50 layout
    _fields_ = [("shape_engine", ctypes.c_void_p), ("lang_engine", ctypes.c_void_p),
                ("font", ctypes.c_void_p), ("level", ctypes.c_uint8),
                ("gravity", ctypes.c_uint8), ("flags", ctypes.c_uint8),
                ("script", ctypes.c_uint8), ("language", ctypes.c_void_p),
                ("extra_attrs", ctypes.c_void_p)]


class PangoItem(ctypes.Structure):
    _fields_ = [("offset", ctypes.c_int), ("length", ctypes.c_int), ("num_chars", ctypes.c_int),
                ("analysis", PangoAnalysis)]


class PangoGlyphInfo(ctypes.Structure):
    _fields_ = [("glyph", ctypes.c_uint32), ("width", ctypes.c_int32),
                ("x_offset", ctypes.c_int32), ("y_offset", ctypes.c_int32),
                ("attr", ctypes.c_uint32)]


class PangoGlyphString(ctypes.Structure):
    _fields_ = [("num_glyphs", ctypes.c_int), ("glyphs", ctypes.POINTER(PangoGlyphInfo)),
                ("log_clusters", ctypes.POINTER(ctypes.c_int)), ("space", ctypes.c_int)]


class PangoGlyphItem(ctypes.Structure):
    _fields_ = [("item", ctypes.POINTER(PangoItem)), ("glyphs", ctypes.POINTER(PangoGlyphString)),
                ("y_offset", ctypes.c_int), ("start_x_offset", ctypes.c_int),
                ("end_x_offset", ctypes.c_int)]


class PangoLayoutLine(ctypes.Structure):
    _fields_ = [("layout", ctypes.c_void_p), ("start_index", ctypes.c_int),
                ("length", ctypes.c_int), ("runs", ctypes.POINTER(GSList)),
                ("bits", ctypes.c_uint)]


LOG_ATTR_LINE_BREAK, LOG_ATTR_WHITE, LOG_ATTR_CURSOR = 1 << 0, 1 << 3, 1 << 4
PANGO_GLYPH_EMPTY, PANGO_GLYPH_UNKNOWN_FLAG = 0x0FFFFFFF, 0x10000000

_pango = ctypes.CDLL("libpango-1.0.so.0")
_pango.pango_layout_get_line_readonly.restype = ctypes.POINTER(PangoLayoutLine)
_pango.pango_layout_get_line_readonly.argtypes = [ctypes.c_void_p, ctypes.c_int]
_pango.pango_layout_get_log_attrs_readonly.restype = ctypes.POINTER(ctypes.c_uint32)
_pango.pango_layout_get_log_attrs_readonly.argtypes = [ctypes.c_void_p,
                                                       ctypes.POINTER(ctypes.c_int)]
_pangoft2 = ctypes.CDLL("libpangoft2-1.0.so.0")
_pangoft2.pango_fc_font_get_pattern.restype = ctypes.c_void_p
_pangoft2.pango_fc_font_get_pattern.argtypes = [ctypes.c_void_p]
_fc = ctypes.CDLL("libfontconfig.so.1")
_fc.FcPatternGetString.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int,
                                   ctypes.POINTER(ctypes.c_char_p)]
_fc.FcGetVersion.restype = ctypes.c_int


def fontconfig_version():
    v = _fc.FcGetVersion()
    return "%d.%d.%d" % (v // 10000, v // 100 % 100, v % 100)


def font_file(font_ptr):
    """Repository-relative path of the file behind a PangoFcFont (its pattern's FC_FILE),
    checked against the pattern's family and fc-list's family for that file."""
    pattern = _pangoft2.pango_fc_font_get_pattern(font_ptr)
    got = {}
    for key in (b"file", b"family"):
        value = ctypes.c_char_p()
        if _fc.FcPatternGetString(pattern, key, 0, ctypes.byref(value)) != 0:
            raise SystemExit("font pattern without %s" % key.decode())
        got[key] = value.value.decode("utf-8")
    path = os.path.relpath(got[b"file"], REPO)
    if FAMILY_OF_FILE.get(path) != got[b"family"]:
        raise SystemExit("Pango font %s (%s) is not a fixture font" % (path, got[b"family"]))
    return path


def check_glyph_ids(where, pango_glyphs, hb_glyphs, final_space_cluster=None):
    """Verifies the font file: the real glyph IDs Pango produced for a run are among those
    hb-shape produces for the same text with that file; hb-shape's other glyphs (for ZWJ or
    U+FE0F, which Pango replaces by PANGO_GLYPH_EMPTY) have no advance; and hb-shape has as
    many .notdef glyphs as Pango has unknown glyphs. A wrapped line's final space, which
    Pango replaces by PANGO_GLYPH_EMPTY, is `final_space_cluster` (UTF-8 offset in the run)."""
    remaining = [g for g in hb_glyphs if g["g"] != 0 and g["cl"] != final_space_cluster]
    unknown = 0
    for g in pango_glyphs:
        if g == PANGO_GLYPH_EMPTY:
            continue
        if g == 0 or g & PANGO_GLYPH_UNKNOWN_FLAG:
            unknown += 1
            continue
        match = next((h for h in remaining if h["g"] == g), None)
        if match is None:
            raise SystemExit("%s: Pango glyph %d is not among hb-shape's %s"
                             % (where, g, [h["g"] for h in hb_glyphs]))
        remaining.remove(match)
    if any(h["ax"] for h in remaining):
        raise SystemExit("%s: hb-shape has extra glyphs %s" % (where, remaining))
    if sum(1 for h in hb_glyphs if h["g"] == 0) != unknown:
        raise SystemExit("%s: hb-shape has a different number of .notdef glyphs" % where)


def fontconfig_sort(family):
    """fc-match --sort for `family` under the private configuration: [(family, file)]."""
    out = subprocess.run(["fc-match", "--sort", family, "family", "file"], check=True,
                         capture_output=True, env=dict(os.environ, LC_ALL="C.UTF-8")).stdout
    result = []
    for line in out.decode("utf-8").splitlines():
        fam, _, path = line.partition(":file=")
        result.append({"family": fam.split(",")[0], "font": os.path.relpath(path, REPO)})
    return result


# --------------------------------------------------------------------------- ICU extras

class ICUX(ICU):
    """make_wrapped's ICU access plus a locale argument and a couple of properties."""

    def __init__(self):
        super().__init__()
        self.has_prop = self._fn("u_hasBinaryProperty", ctypes.c_int8,
                                 [ctypes.c_int32, ctypes.c_int])

    def boundaries_locale(self, kind, text, locale):
        buf = ctypes.create_string_buffer(text.encode("utf-16-le"))
        status = ctypes.c_int(0)
        it = self.open(kind, locale.encode("ascii"), buf, utf16_len(text), ctypes.byref(status))
        if status.value > 0 or not it:
            raise SystemExit("ubrk_open failed: %d" % status.value)
        result, pos = [], self.first(it)
        while pos != self.UBRK_DONE:
            result.append(pos)
            pos = self.next(it)
        self.close(it)
        return result

    def is_emoji_char(self, ch):
        UCHAR_EMOJI_PRESENTATION, UCHAR_REGIONAL_INDICATOR, UCHAR_EXTENDED_PICTOGRAPHIC = 58, 62, 64
        cp = ord(ch)
        return any(self.has_prop(cp, p) for p in (UCHAR_EMOJI_PRESENTATION,
                                                  UCHAR_REGIONAL_INDICATOR,
                                                  UCHAR_EXTENDED_PICTOGRAPHIC))


# --------------------------------------------------------------------------- Pango

def make_layout(ctx, text, max_width=None):
    layout = Pango.Layout.new(ctx)
    desc = Pango.FontDescription.from_string(PRIMARY_FAMILY)
    desc.set_absolute_size(SIZE * Pango.SCALE)  # absolute: 1 pt == 1 px
    layout.set_font_description(desc)
    attrs = Pango.AttrList()
    attrs.insert(Pango.attr_insert_hyphens_new(False))
    layout.set_attributes(attrs)
    if max_width is not None:
        layout.set_wrap(Pango.WrapMode.WORD_CHAR)
        layout.set_width(max_width * Pango.SCALE)
    layout.set_text(text, -1)
    return layout


def layout_lines(layout, text):
    """Pango's lines: [{"startByte", "lengthByte", "rtl", "pangoWidth", "runs": [...]}], each
    run {"startByte", "endByte", "font", "script", "level", "glyphs", "pangoWidth"} in
    Pango's (visual) order."""
    ptr = gobject_ptr(layout)
    lines = []
    for i in range(layout.get_line_count()):
        line = _pango.pango_layout_get_line_readonly(ptr, i).contents
        runs = []
        node = line.runs
        while node:
            gi_run = ctypes.cast(node.contents.data, ctypes.POINTER(PangoGlyphItem)).contents
            item = gi_run.item.contents
            gs = gi_run.glyphs.contents
            glyphs = [gs.glyphs[k].glyph for k in range(gs.num_glyphs)]
            width = sum(gs.glyphs[k].width for k in range(gs.num_glyphs))
            runs.append({
                "startByte": item.offset, "endByte": item.offset + item.length,
                "font": font_file(item.analysis.font),
                "script": tag_to_str(GLib.unicode_script_to_iso15924(item.analysis.script)),
                "level": item.analysis.level, "glyphs": glyphs,
                "pangoWidth": width / Pango.SCALE,
            })
            node = node.contents.next
        gline = layout.get_line_readonly(i)
        _ink, logical = gline.get_extents()
        lines.append({"startByte": line.start_index, "lengthByte": line.length,
                      "rtl": gline.get_resolved_direction() == Pango.Direction.RTL,
                      "pangoWidth": logical.width / Pango.SCALE, "runs": runs})
    return lines


def log_attrs(layout, text):
    """Pango's PangoLogAttr bit words, one per character position (len(text) + 1),
    re-indexed by UTF-16 offset: {utf16_offset: bits}."""
    n = ctypes.c_int(0)
    arr = _pango.pango_layout_get_log_attrs_readonly(gobject_ptr(layout), ctypes.byref(n))
    assert n.value == len(text) + 1
    result, u = {}, 0
    for i, ch in enumerate(text):
        result[u] = arr[i]
        u += 2 if ord(ch) > 0xFFFF else 1
    result[u] = arr[len(text)]
    return result


# --------------------------------------------------------------------------- widths

class Measure:
    def __init__(self):
        self.upem = {}

    def units_per_em(self, font):
        if font not in self.upem:
            self.upem[font] = TTFont(os.path.join(REPO, font), fontNumber=0,
                                     lazy=True)["head"].unitsPerEm
        return self.upem[font]

    def run(self, font, text, script, level):
        """(advanceSum in design units, width in points, glyphs) of text shaped alone."""
        glyphs = hbshape.shape(font, text, direction="rtl" if level % 2 else "ltr",
                               script=script)
        adv = sum(g["ax"] for g in glyphs)
        return adv, adv * SIZE / self.units_per_em(font), glyphs

    def span(self, segs, text, start, end):
        """Width of text[start:end) (UTF-16) shaped per segment of `segs` (paragraph runs in
        logical order: dicts with start, end, font, script, level); returns (width, pieces)."""
        total, pieces = 0.0, []
        for s in segs:
            a, b = max(start, s["start"]), min(end, s["end"])
            if a >= b:
                continue
            adv, w, _g = self.run(s["font"], sub16(text, a, b), s["script"], s["level"])
            total += w
            pieces.append({"start": a, "end": b, "font": s["font"], "script": s["script"],
                           "level": s["level"], "advanceSum": adv,
                           "unitsPerEm": self.units_per_em(s["font"]), "width": w})
        return total, pieces


def content_end(text, start, end):
    """End of [start, end) without trailing spaces/tabs (UTF-16)."""
    s = sub16(text, start, end)
    return start + utf16_len(s.rstrip(TRAILING_WS))


# --------------------------------------------------------------------------- Part A

def runs_case(ctx, icu, meas, name, text):
    notes = []
    layout = make_layout(ctx, text)
    plines = layout_lines(layout, text)
    if len(plines) != 1:
        raise SystemExit("%s: %d lines without a width" % (name, len(plines)))
    b2u = hbshape.utf8_to_utf16_offsets(text)
    n16 = utf16_len(text)
    pruns = sorted(plines[0]["runs"], key=lambda r: r["startByte"])

    # Contiguity: the runs, in logical order, tile the text.
    pos = 0
    for r in pruns:
        if b2u[r["startByte"]] != pos:
            raise SystemExit("%s: Pango runs are not contiguous at %d" % (name, pos))
        pos = b2u[r["endByte"]]
    if pos != n16:
        raise SystemExit("%s: Pango runs end at %d, not %d" % (name, pos, n16))

    runs, missing, total = [], 0, 0.0
    for r in pruns:
        start, end = b2u[r["startByte"]], b2u[r["endByte"]]
        adv, width, glyphs = meas.run(r["font"], sub16(text, start, end), r["script"], r["level"])
        miss = sum(1 for g in r["glyphs"] if g == 0 or (g & PANGO_GLYPH_UNKNOWN_FLAG
                                                       and g != PANGO_GLYPH_EMPTY))
        missing += miss
        check_glyph_ids("%s run [%d, %d)" % (name, start, end), r["glyphs"], glyphs)
        # Pango's own advance agrees with hb-shape up to Pango's rounding to 1/1024 pt,
        # except for the bitmap emoji font (see mixed.md) and missing glyphs (hex boxes).
        tol = (len(glyphs) + len(r["glyphs"]) + 2) * 0.5 / Pango.SCALE
        if r["font"] == EMOJI_FONT:
            strike = adv * 109 / meas.units_per_em(r["font"])
            if abs(strike - r["pangoWidth"]) > tol * 109 / SIZE:
                raise SystemExit("%s: emoji run [%d, %d) Pango width %.4f, expected the "
                                 "109 ppem strike %.4f" % (name, start, end, r["pangoWidth"], strike))
            notes.append("run [%d, %d) (%s): pangoWidth %.4f is the emoji font's 109 ppem bitmap "
                         "strike, not %d px (width %.4f)" % (start, end, EMOJI_FONT,
                                                            r["pangoWidth"], SIZE, width))
        elif miss:
            notes.append("run [%d, %d): pangoWidth includes Pango's hex boxes for missing "
                         "glyphs" % (start, end))
        elif abs(width - r["pangoWidth"]) > tol:
            raise SystemExit("%s: run [%d, %d) Pango width %.4f != hb-shape %.4f"
                             % (name, start, end, r["pangoWidth"], width))
        total += width
        runs.append({"start": start, "end": end, "font": r["font"], "script": r["script"],
                     "level": r["level"], "width": width, "advanceSum": adv,
                     "unitsPerEm": meas.units_per_em(r["font"]), "pangoWidth": r["pangoWidth"]})

    # Which run each space at a run boundary joins.
    spaces = []
    offsets = hbshape.utf8_to_utf16_offsets(text)
    for i in (offsets[b] for b, byte in enumerate(text.encode("utf-8")) if byte == 0x20):
        k = next(j for j, r in enumerate(runs) if r["start"] <= i < r["end"])
        r = runs[k]
        span = sub16(text, r["start"], r["end"])
        if span.strip(" ") == "":
            joins = "own"
        elif i + 1 == r["end"] and i > r["start"]:
            joins = "previous"
        elif i == r["start"] and i + 1 < r["end"]:
            joins = "next"
        else:
            continue  # inside a run: not between runs
        spaces.append({"offset": i, "run": k, "joins": joins})
        notes.append("space at %d: %s (run %d: %s %s level %d)"
                     % (i, {"own": "a run of its own", "previous": "ends the previous run",
                            "next": "starts the next run"}[joins], k,
                        os.path.basename(r["font"]), r["script"], r["level"]))

    # Graphemes: ICU vs Pango's cursor positions.
    graphemes = sorted(icu.boundaries(ICU.UBRK_CHARACTER, text))
    attrs = log_attrs(layout, text)
    pango_cursor = sorted(u for u, bits in attrs.items() if bits & LOG_ATTR_CURSOR)
    if pango_cursor != graphemes:
        notes.append("Pango's cursor positions %s differ from ICU grapheme boundaries %s"
                     % (pango_cursor, graphemes))

    # Emoji clusters: which font did Pango use?
    for a, b in zip(graphemes, graphemes[1:]):
        cluster = sub16(text, a, b)
        if any(icu.is_emoji_char(c) for c in cluster) or "\ufe0f" in cluster or "\u20e3" in cluster:
            fonts = sorted({r["font"] for r in runs if r["start"] < b and a < r["end"]})
            if fonts != [EMOJI_FONT]:
                notes.append("emoji cluster %r [%d, %d) is set in %s, not only %s"
                             % (cluster, a, b, " + ".join(fonts), EMOJI_FONT))
            else:
                notes.append("emoji cluster %r [%d, %d) is set in %s" % (cluster, a, b, EMOJI_FONT))
    if missing:
        notes.append("%d glyph(s) missing in Pango's result" % missing)

    return {"name": name, "text": text, "font": PRIMARY_FONT, "size": SIZE,
            "paragraphLevel": 1 if plines[0]["rtl"] else 0, "runs": runs, "width": total,
            "pangoWidth": plines[0]["pangoWidth"], "missingGlyphs": missing,
            "graphemeCount": len(graphemes) - 1, "graphemeBoundaries": graphemes,
            "spacesBetweenRuns": spaces, "notes": notes}


# --------------------------------------------------------------------------- Part B

def paragraph_segments(plines, b2u):
    """All runs of all lines in logical order, neighbours with equal font/script/level merged."""
    runs = sorted((r for ln in plines for r in ln["runs"]), key=lambda r: r["startByte"])
    segs = []
    for r in runs:
        s = {"start": b2u[r["startByte"]], "end": b2u[r["endByte"]], "font": r["font"],
             "script": r["script"], "level": r["level"]}
        if segs and all(segs[-1][k] == s[k] for k in ("font", "script", "level")) \
                and segs[-1]["end"] == s["start"]:
            segs[-1]["end"] = s["end"]
        else:
            segs.append(s)
    return segs


def greedy_lines(meas, segs, text, max_width, opportunities, graphemes):
    """Greedy fill over `opportunities` (UTF-16 offsets, incl. the end), trailing spaces
    hanging; a unit wider than the line is broken at grapheme boundaries (WORD_CHAR).
    Returns [(start, end, char_broken)]."""
    n16 = utf16_len(text)
    opps = sorted(p for p in opportunities if p > 0)
    lines, start = [], 0
    while start < n16:
        best = None
        for p in (q for q in opps if q > start):
            w, _ = meas.span(segs, text, start, content_end(text, start, p))
            if w <= max_width:
                best = p
            else:
                break
        if best is not None:
            lines.append((start, best, False))
            start = best
            continue
        # The unit up to the next opportunity does not fit on its own: break by grapheme.
        nxt = min(q for q in opps if q > start)
        best = None
        for g in (g for g in graphemes if start < g <= nxt):
            w, _ = meas.span(segs, text, start, content_end(text, start, g))
            if w <= max_width or best is None:
                best = g
            if w > max_width:
                break
        lines.append((start, best, best != nxt))
        start = best
    return lines


def check_lines(meas, segs, text, max_width, lines, opportunities, graphemes, label):
    """Tie checks on a set of lines: every line and every line + next unit must be clear of
    max_width by TIE_EPSILON; returns the smallest margin seen."""
    n16 = utf16_len(text)
    margin = float("inf")
    for i, (start, end, char_broken) in enumerate(lines):
        w, _ = meas.span(segs, text, start, content_end(text, start, end))
        if abs(w - max_width) <= TIE_EPSILON:
            raise Drop("%s line %d width %.4f is within %.2f of maxWidth"
                       % (label, i, w, TIE_EPSILON))
        margin = min(margin, abs(w - max_width))
        if end == n16:
            continue
        pool = graphemes if char_broken else opportunities
        nxt = min(p for p in pool if p > end)
        ext, _ = meas.span(segs, text, start, content_end(text, start, nxt))
        if abs(ext - max_width) <= TIE_EPSILON:
            raise Drop("%s line %d + next unit = %.4f is within %.2f of maxWidth"
                       % (label, i, ext, TIE_EPSILON))
        margin = min(margin, abs(ext - max_width))
    return margin


def wrapped_case(ctx, icu, meas, name, text, max_width):
    notes = []
    if any(c in text for c in "\n\r\u2028\u2029"):
        raise SystemExit("%s: wrapped texts are single paragraphs" % name)
    b2u = hbshape.utf8_to_utf16_offsets(text)
    n16 = utf16_len(text)

    layout = make_layout(ctx, text, max_width)
    plines = layout_lines(layout, text)
    # The paragraph's runs (all lines' runs, merged across line ends), for measuring
    # candidate lines that are not Pango's.
    segs = paragraph_segments(plines, b2u)
    fonts = sorted({s["font"] for s in segs})
    notes.append("fonts: " + ", ".join(fonts))

    attrs = log_attrs(layout, text)
    pango_opps = {u for u, bits in attrs.items() if bits & LOG_ATTR_LINE_BREAK} | {n16}
    graphemes = sorted(icu.boundaries(ICU.UBRK_CHARACTER, text))
    icu_opps = {loc: set(icu.boundaries_locale(ICU.UBRK_LINE, text, loc)) for loc in ("", "th")}

    # Pango's lines (the text has no hard breaks, so line i ends where line i+1 starts).
    starts = [b2u[ln["startByte"]] for ln in plines]
    assert starts[0] == 0 and starts == sorted(starts)
    ends = starts[1:] + [n16]
    for ln, s, e in zip(plines, starts, ends):
        assert b2u[ln["startByte"] + ln["lengthByte"]] == e, (name, s, e)
    lines, plist = [], []
    for i, (ln, s, e) in enumerate(zip(plines, starts, ends)):
        cend = content_end(text, s, e)
        # Width per run of THIS line (Pango's line runs), trailing spaces excluded.
        line_segs = paragraph_segments([ln], b2u)
        width, pieces = meas.span(line_segs, text, s, cend)
        # Verify each Pango run's font file by its glyph IDs, and Pango's line width
        # (which zeroes one final space) against hb-shape, up to Pango's 1/1024 rounding.
        nglyphs = 0
        for r in ln["runs"]:
            rs, re_ = b2u[r["startByte"]], b2u[r["endByte"]]
            _adv, _w, glyphs = meas.run(r["font"], sub16(text, rs, re_), r["script"],
                                        r["level"])
            final_space = None
            if re_ == e and e != cend:
                final_space = len(sub16(text, rs, e - 1).encode("utf-8"))
            check_glyph_ids("%s@%d line %d run [%d, %d)" % (name, max_width, i, rs, re_),
                            r["glyphs"], glyphs, final_space)
            nglyphs += len(glyphs) + len(r["glyphs"])
        if sub16(text, cend, e) not in ("", " "):
            raise SystemExit("%s: line %d has more than one trailing space" % (name, i))
        if abs(width - ln["pangoWidth"]) > (nglyphs + 2) * 0.5 / Pango.SCALE:
            raise SystemExit("%s: line %d Pango width %.4f != hb-shape %.4f"
                             % (name, i, ln["pangoWidth"], width))
        soft = e != n16
        char_broken = soft and e not in pango_opps
        if char_broken and e not in graphemes:
            raise SystemExit("%s: Pango broke inside a grapheme at %d" % (name, e))
        if soft and not char_broken and e not in icu_opps[""]:
            notes.append("Pango breaks at %d (line %d), which is not an ICU (root) opportunity"
                         % (e, i))
        single = not any(s < g < cend for g in graphemes)
        if width > max_width + TIE_EPSILON and not single:
            raise Drop("Pango line %d (%r) is %.4f wide by hb-shape > maxWidth"
                       % (i, sub16(text, s, e), width))
        if soft:
            pool = graphemes if char_broken else sorted(pango_opps)
            nxt = min(p for p in pool if p > e)
            ext, _ = meas.span(segs, text, s, content_end(text, s, nxt))
            if ext < max_width - TIE_EPSILON:
                raise Drop("Pango broke line %d early: with the next unit %r it is %.4f by "
                           "hb-shape" % (i, sub16(text, s, nxt), ext))
        first = sub16(text, s, e)[:1]
        if first in NO_LINE_START:
            raise SystemExit("%s: Pango line %d starts with %r" % (name, i, first))
        lines.append({"start": s, "end": e, "width": width, "runs": pieces,
                      "pangoWidth": ln["pangoWidth"], "rtl": ln["rtl"]})
        plist.append((s, e, char_broken))

    margin = check_lines(meas, segs, text, max_width, plist, sorted(pango_opps), graphemes,
                         "Pango")

    # Independent greedy wrap over ICU (root) opportunities with hb-shape widths.
    ilist = greedy_lines(meas, segs, text, max_width, icu_opps[""], graphemes)
    margin = min(margin, check_lines(meas, segs, text, max_width, ilist, sorted(icu_opps[""]),
                                     graphemes, "ICU"))
    icu_lines = []
    for s, e, _cb in ilist:
        width, _ = meas.span(segs, text, s, content_end(text, s, e))
        first = sub16(text, s, e)[:1]
        if first in NO_LINE_START:
            raise SystemExit("%s: ICU line at %d starts with %r" % (name, s, first))
        icu_lines.append({"start": s, "end": e, "width": width})

    soft_breaks = [e for s, e, cb in plist if e != n16]
    agree = {("root" if loc == "" else loc): all(e in icu_opps[loc] for e in soft_breaks)
             for loc in ("", "th")}
    same_lines = [(l["start"], l["end"]) for l in lines] == [(l["start"], l["end"])
                                                             for l in icu_lines]
    if icu_opps[""] != icu_opps["th"]:
        notes.append("ICU opportunities differ between locales '' and 'th'")
    pango_only = sorted(pango_opps - icu_opps[""] - {0})
    icu_only = sorted(icu_opps[""] - pango_opps - {0})
    if pango_only or icu_only:
        notes.append("break opportunities only Pango has: %s; only ICU has: %s"
                     % (pango_only, icu_only))
    if not same_lines:
        notes.append("icuLines differ from Pango's lines")
    return {"name": name, "text": text, "font": PRIMARY_FONT, "size": SIZE,
            "maxWidth": max_width, "lines": lines, "icuLines": icu_lines,
            "breaksAgreeWithICU": agree, "icuLinesEqualLines": same_lines,
            "pangoOnlyOpportunities": pango_only, "icuOnlyOpportunities": icu_only,
            "smallestMargin": round(margin, 4), "notes": notes}


# --------------------------------------------------------------------------- main

def libthai_version():
    try:
        out = subprocess.run(["dpkg-query", "-W", "-f=${Version}", "libthai0"], check=True,
                             capture_output=True).stdout.decode().strip()
        return "libthai " + out
    except (OSError, subprocess.CalledProcessError):
        return "libthai (version unknown)"


def main():
    os.chdir(REPO)
    FAMILY_OF_FILE.update({e["font"]: e["family"] for e in fontconfig_sort(PRIMARY_FAMILY)})
    ctx = pango_context()
    icu = ICUX()
    meas = Measure()

    runs = [runs_case(ctx, icu, meas, name, text) for name, text in sorted(RUN_CASES.items())]

    wrapped, dropped = [], []
    for name, text, widths in WRAP_CASES:
        for requested in widths:
            for extra in WIDTH_RETRIES:
                w = requested + extra
                try:
                    wrapped.append(wrapped_case(ctx, icu, meas, name, text, w))
                    break
                except Drop as why:
                    dropped.append((name, w, str(why)))
                    print("dropped %s maxWidth=%d: %s" % (name, w, why), file=sys.stderr)
            else:
                raise SystemExit("no surviving width for %s near %d" % (name, requested))
    wrapped.sort(key=lambda c: (c["name"], c["maxWidth"]))
    keys = [(c["name"], c["maxWidth"]) for c in wrapped]
    assert len(keys) == len(set(keys))

    doc = {
        "generator": {
            "itemizationAndLineBreaks": "Pango %s (PangoCairo, fontconfig %s with "
                                        "Fonts/fonts.conf, hint style none, hint metrics off, "
                                        "round_glyph_positions false, insert_hyphens false, "
                                        "language en, auto direction, WORD_CHAR), %s"
                                        % (Pango.version_string(), fontconfig_version(),
                                           libthai_version()),
            "widths": "%s, design units, default features, --direction and --script per run"
                      % hbshape.version(),
            "breakOpportunityCheck": "ICU %s ubrk line/character, locales '' and 'th'"
                                     % icu.version,
            "fontconfigSortNotoSans": fontconfig_sort(PRIMARY_FAMILY),
            "script": "Tests/Goldens/make_mixed.py",
            "tieEpsilon": TIE_EPSILON,
            "droppedCandidates": [{"name": n, "maxWidth": w, "reason": r} for n, w, r in dropped],
        },
        "runs": runs,
        "wrapped": wrapped,
    }
    with open(OUT, "w", encoding="utf-8", newline="\n") as f:
        f.write(json.dumps(doc, indent=2, sort_keys=True, ensure_ascii=False) + "\n")
    print("wrote %s (%d runs cases, %d wrapped cases, %d candidates dropped)"
          % (os.path.relpath(OUT, REPO), len(runs), len(wrapped), len(dropped)))


if __name__ == "__main__":
    main()
