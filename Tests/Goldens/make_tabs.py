#!/usr/bin/python3
"""Generate Tests/Goldens/tabs.json: where the text after tab characters lands on one line.

Run from the repository root with Debian's Python (it has PyGObject):

    /usr/bin/python3 Tests/Goldens/make_tabs.py

Each case is one unwrapped line in one fixture font with a list of tab stops (location in
points from the line's start edge, alignment left/right/center/decimal) and UIKit's
`defaultTabInterval`. Two results are recorded:

"segments"/"tabs"/"lineWidth": Pango 1.50.12 (make_wrapped.py's set-up: PangoCairo font map
restricted to Fonts/ by FONTCONFIG_FILE, hint style none, hint metrics off, unrounded glyph
positions, language en, absolute font size so 1 pt = 1 Pango pixel) with a PangoTabArray
holding the case's stops (in pixels when every location is a whole point, else in Pango
units, 1/1024 pt) and '.' set as every stop's decimal point. Read by walking the line's runs
(PangoGlyphItems, through ctypes) and summing glyph widths; each segment's x is checked
against pango_layout_index_to_pos of its first character.

"model": the NSTextTab rules Caliper implements, restated here in Python on hb-shape widths
(each tab-separated segment shaped alone, advance sum x size / unitsPerEm):
  - a tab advances to the first stop whose location is strictly greater than the pen;
    beyond the last stop, stops continue at the multiples of defaultTabInterval (left
    aligned) when it is > 0 (only the "beyondLastStop" cases get there);
  - left: the segment after the tab starts at the stop; right: it ends at the stop;
    center: it is centred on the stop; decimal: the leading edge of its first '.' is at the
    stop (no '.': as right);
  - if that would start the segment before the pen, it starts at the pen (tab width 0).

The rules of Pango 1.50.12 that this relies on (pango/pango-layout.c at tag 1.50.12, commit
3d3f165e77178b630d7dc2b733e64af513c99f5f of https://gitlab.gnome.org/GNOME/pango):
  - itemize.c, itemize_state_process_run: `is_forced_break = (wc == '\\t' || ...)`: every
    tab is an item of its own, so each segment is shaped on its own.
  - shape_tab: the tab is one PANGO_GLYPH_EMPTY glyph; it searches the stops from the index
    of the line's previous tab on and takes the first with
        `if (tab_pos >= current_width + (is_default ? space_width : 1))`
    ("If the user has set tab positions, respect it to the pixel"), i.e. strictly greater
    than the pen in Pango units; the glyph's width is tab_pos - current_width for now.
  - get_tab_pos: past the last stop, "Extrapolate tab position, repeating the last tab gap
    to infinity": tab_pos = last_pos + (last_pos - next_to_last_pos) x k, with
    next_to_last_pos = 0 when there is one stop (the layout's default tab width, 8 spaces,
    only if that gap is not positive), and the last stop's alignment and decimal point.
    Pango has no defaultTabInterval.
  - shape_run: for the item after a tab, `w = last_tab.pos - last_tab.width` minus the
    item's width (right), width / 2 (center, integer division in Pango units) or
    get_decimal_prefix_width (decimal), and `geometry.width = MAX (w, 0)`: text that does
    not fit starts at the pen. insert_run keeps adjusting the tab for later runs up to the
    next tab, and stops once a decimal point was found or the width reached 0.
  - get_decimal_prefix_width: the widths of the characters before the first decimal point
    plus `log_widths[i] / 2`: Pango centres the decimal point on the stop (the model puts
    its leading edge there, as NSTextTab's column terminators do); with no decimal point the
    whole width counts (aligned like right).
  - ensure_decimal: the decimal point defaults to localeconv()'s; set to '.' here through
    pango_tab_array_set_decimal_point.
  - pango_layout_line_postprocess: zero_line_final_space runs only on wrapped lines, so a
    trailing tab keeps its width in the logical width of an unwrapped line.
A Python restatement of those Pango rules ("pango rule" below) is checked against every case
too, so the differences recorded between Pango and the model are explained.
"""
import json
import os
import sys
import ctypes

import make_wrapped  # noqa: F401  (sets FONTCONFIG_FILE before gi is imported)
import make_mixed as mm
from make_wrapped import Pango, PangoCairo, set_cairo_font_options_unhinted

from fontTools.ttLib import TTFont

import hbshape

REPO = hbshape.REPO
OUT = os.path.join(REPO, "Tests", "Goldens", "tabs.json")
PANGO_TAG = "1.50.12"
PANGO_COMMIT = "3d3f165e77178b630d7dc2b733e64af513c99f5f"

NOTO = "Fonts/NotoSans-Regular.ttf"
DEJAVU = "Fonts/DejaVuSans.ttf"
LIBERATION = "Fonts/LiberationSans-Regular.ttf"
FAMILY = {NOTO: "Noto Sans", DEJAVU: "DejaVu Sans", LIBERATION: "Liberation Sans"}

PANGO_UNIT = 1.0 / Pango.SCALE
PANGO_RULE_TOLERANCE = PANGO_UNIT
DECIMAL_POINT = "."

ALIGN = {"left": Pango.TabAlign.LEFT, "right": Pango.TabAlign.RIGHT,
         "center": Pango.TabAlign.CENTER, "decimal": Pango.TabAlign.DECIMAL}


def stops(*pairs):
    return [{"alignment": a, "location": loc} for a, loc in pairs]


def left(loc):
    return ("left", loc)


def right(loc):
    return ("right", loc)


def center(loc):
    return ("center", loc)


def decimal(loc):
    return ("decimal", loc)


# UIKit's NSParagraphStyle.default: 12 left stops every 28 pt, defaultTabInterval 0.
UIKIT_DEFAULT = stops(*[left(28 * k) for k in range(1, 13)])

# A stop exactly at the pen: DejaVu Sans at 16 pt, where every advance is exact in points and
# in Pango units alike (16 x 1024 / 2048 = 8 Pango units per design unit); "Name" is 6042
# design units = 47.203125 pt. Computed from hb-shape, checked against Pango in main().
NAME_DEJAVU_16 = hbshape.advance(DEJAVU, "Name") * 16 / TTFont(
    os.path.join(REPO, DEJAVU))["head"].unitsPerEm

# (name, font, size, text, stops). defaultTabInterval is 0; no tab goes past the last stop.
CASES = [
    ("uikit-default-name-qty-price", NOTO, 17, "Name\tQty\tPrice", UIKIT_DEFAULT),
    ("uikit-default-apples", DEJAVU, 14, "Apples\t3\t1.20", UIKIT_DEFAULT),
    ("uikit-default-watermelon", LIBERATION, 13, "Watermelon\t12\t10.5", UIKIT_DEFAULT),
    ("uikit-default-consecutive-tabs", DEJAVU, 15, "Name\t\tPrice", UIKIT_DEFAULT),
    ("left-right-name-qty-price", NOTO, 15, "Name\tQty\tPrice", stops(left(100), right(200))),
    ("left-right-apples", DEJAVU, 12, "Apples\t3\t1.20", stops(left(100), right(200))),
    ("left-right-watermelon", LIBERATION, 16, "Watermelon\t12\t10.5",
     stops(left(100), right(200))),
    ("center-one-stop", NOTO, 16, "Name\tQuantity", stops(center(150))),
    ("center-two-segments", LIBERATION, 14, "Apples\tFresh fruit\tEnd",
     stops(center(150), left(250))),
    ("center-too-wide", DEJAVU, 13, "Watermelon\tA long centred heading",
     stops(center(100))),
    ("decimal-then-left", NOTO, 15, "Apples\t1.20\tkg", stops(decimal(120), left(200))),
    ("decimal-watermelon", DEJAVU, 17, "Watermelon\t10.5\tkg", stops(decimal(150), left(250))),
    ("decimal-no-point", NOTO, 15, "Apples\t120\tkg", stops(decimal(120), left(200))),
    ("decimal-two-points", LIBERATION, 14, "Version\t1.2.3", stops(decimal(100))),
    ("decimal-leading-point", NOTO, 12, "Ratio\t.75", stops(decimal(80))),
    ("decimal-prefix-too-wide", LIBERATION, 15, "Watermelon\t123456.5",
     stops(decimal(110), left(250))),
    ("decimal-non-ascii", LIBERATION, 15, "Crème brûlée\t4.50\t€", stops(decimal(140),
                                                                       left(200))),
    ("stop-exactly-at-pen", DEJAVU, 16, "Name\tQty",
     stops(left(NAME_DEJAVU_16), left(80))),
    ("stop-one-unit-past-pen", DEJAVU, 16, "Name\tQty",
     stops(left(NAME_DEJAVU_16 + PANGO_UNIT), left(80))),
    ("stop-at-zero-leading-tab", NOTO, 14, "\tIndented", stops(left(0), left(40))),
    ("consecutive-tabs-empty-right-segment", NOTO, 13, "A\t\t\tB",
     stops(left(50), right(150), left(200))),
    ("text-longer-than-next-stop", NOTO, 17, "Watermelon\tQty",
     stops(left(40), left(80), left(120), left(160))),
    ("right-too-wide", DEJAVU, 14, "Name\tA very long right column\tEnd",
     stops(right(120), left(300))),
    ("leading-tab-left", LIBERATION, 12, "\tIndented text", UIKIT_DEFAULT),
    ("leading-tab-right", NOTO, 16, "\tRight", stops(right(100))),
    ("trailing-tab-left", DEJAVU, 15, "Name\t", UIKIT_DEFAULT),
    ("trailing-tab-right", NOTO, 14, "Name\t", stops(right(100))),
    ("trailing-tab-center", LIBERATION, 17, "Name\t", stops(center(100))),
]

# Columns: one single-line layout per row, same stops; the script checks the columns line up.
COLUMN_ROWS = ["Item\tQty\tPrice", "Apples\t3\t1.20", "Watermelon\t12\t10.5", "Figs\t144\t0.75",
               "Total\t159\t12.45"]
COLUMN_GROUPS = [
    ("columns-noto", NOTO, 15, stops(right(140), decimal(200))),
    ("columns-dejavu", DEJAVU, 13, stops(left(100), decimal(180))),
]

# (name, font, size, text, stops, defaultTabInterval): tabs past the last stop. Pango has no
# defaultTabInterval; the model follows UIKit (multiples of defaultTabInterval, left).
BEYOND = [
    ("one-left-stop-interval-28", NOTO, 15, "A\tB\tC\tD", stops(left(50)), 28),
    ("left-right-then-past", DEJAVU, 13, "Name\tQty\tPrice\tTotal", stops(left(100), right(200)),
     28),
    ("two-left-stops-interval-40", LIBERATION, 14, "A\tB\tC\tD", stops(left(30), left(70)), 40),
    ("one-center-stop-interval-50", NOTO, 16, "A\tB\tC", stops(center(100)), 50),
    ("uikit-default-thirteen-tabs", DEJAVU, 12, "\t" * 13 + "X", UIKIT_DEFAULT, 28),
    ("uikit-default-long-text-past-336", LIBERATION, 17,
     "A fairly long heading that runs past the last stop\tNext", UIKIT_DEFAULT, 28),
]


# --------------------------------------------------------------------------- Pango

def pango_context():
    """make_wrapped.pango_context() without its family list (the fixture fonts have grown):
    the check here is that each run's font FILE is the case's (make_mixed.font_file)."""
    ctx = PangoCairo.FontMap.new().create_context()
    ctx.set_language(Pango.Language.from_string("en"))
    ctx.set_base_dir(Pango.Direction.LTR)
    ctx.set_round_glyph_positions(False)
    set_cairo_font_options_unhinted(ctx)
    return ctx


def tab_array(case_stops):
    in_pixels = all(float(s["location"]).is_integer() for s in case_stops)
    arr = Pango.TabArray.new(len(case_stops), in_pixels)
    for i, s in enumerate(case_stops):
        if in_pixels:
            pos = int(s["location"])
        else:
            pos = s["location"] * Pango.SCALE
            if not float(pos).is_integer():
                raise SystemExit("stop %r is not a multiple of 1/1024 pt" % s)
            pos = int(pos)
        arr.set_tab(i, ALIGN[s["alignment"]], pos)
        arr.set_decimal_point(i, DECIMAL_POINT)
    return arr, in_pixels


def pango_case(ctx, case):
    """Pango's runs [(startByte, endByte, isTab, x, width)] in Pango units, logical width."""
    text, font = case["text"], case["font"]
    layout = Pango.Layout.new(ctx)
    desc = Pango.FontDescription.from_string(FAMILY[font])
    desc.set_absolute_size(case["size"] * Pango.SCALE)  # 1 pt == 1 Pango pixel
    layout.set_font_description(desc)
    arr, in_pixels = tab_array(case["tabStops"])
    layout.set_tabs(arr)
    layout.set_text(text, -1)
    if layout.get_line_count() != 1:
        raise SystemExit("%s: Pango made %d lines" % (case["name"], layout.get_line_count()))
    line = mm._pango.pango_layout_get_line_readonly(mm.gobject_ptr(layout), 0).contents
    utf8 = text.encode("utf-8")
    runs, x, node = [], 0, line.runs
    while node:
        run = ctypes.cast(node.contents.data, ctypes.POINTER(mm.PangoGlyphItem)).contents
        item, gs = run.item.contents, run.glyphs.contents
        width = sum(gs.glyphs[k].width for k in range(gs.num_glyphs))
        is_tab = utf8[item.offset:item.offset + 1] == b"\t"
        if is_tab:
            assert item.length == 1 and gs.num_glyphs == 1
            assert gs.glyphs[0].glyph == mm.PANGO_GLYPH_EMPTY
        else:
            assert b"\t" not in utf8[item.offset:item.offset + item.length]
            used = mm.font_file(item.analysis.font)
            if used != font:
                raise SystemExit("%s: Pango used %s (fallback)" % (case["name"], used))
            if item.analysis.level % 2:
                raise SystemExit("%s: RTL run" % case["name"])
        runs.append((item.offset, item.offset + item.length, is_tab, x, width))
        x += width
        node = node.contents.next
    _ink, logical = layout.get_line_readonly(0).get_extents()
    assert logical.x == 0
    if runs[0][0] != 0 or runs[-1][1] != len(utf8) or any(
            a[1] != b[0] for a, b in zip(runs, runs[1:])):
        raise SystemExit("%s: runs do not cover the text" % case["name"])
    return layout, runs, logical.width, in_pixels


def pango_result(ctx, case):
    text = case["text"]
    b2u = hbshape.utf8_to_utf16_offsets(text)
    u2b = {u: b for b, u in b2u.items()}
    layout, runs, logical_width, in_pixels = pango_case(ctx, case)

    def pen_at(byte):
        for start, end, _tab, x, width in runs:
            if start == byte:
                return x
        return runs[-1][3] + runs[-1][4] if byte == runs[-1][1] else None

    segments, tabs = [], []
    for start, end in segment_ranges(text):
        b0, b1 = u2b[start], u2b[end]
        inside = [r for r in runs if not r[2] and b0 <= r[0] and r[1] <= b1]
        x = pen_at(b0)
        width = sum(r[4] for r in inside)
        assert x is not None and (sum(r[1] - r[0] for r in inside) == b1 - b0)
        if end > start:
            pos = layout.index_to_pos(b0)
            if pos.x != x:
                raise SystemExit("%s: index_to_pos %d != run x %d" % (case["name"], pos.x, x))
        segments.append({"start": start, "end": end, "x": x / Pango.SCALE,
                         "width": width / Pango.SCALE})
    for start, end, is_tab, x, width in runs:
        if is_tab:
            tabs.append({"offset": b2u[start], "x": x / Pango.SCALE, "width": width / Pango.SCALE})
    return {"segments": segments, "tabs": tabs, "lineWidth": logical_width / Pango.SCALE}, \
        in_pixels


# --------------------------------------------------------------------------- model

def segment_ranges(text):
    """UTF-16 [start, end) of each tab-separated piece (empty pieces included)."""
    result, start, u = [], 0, 0
    for ch in text:
        if ch == "\t":
            result.append((start, u))
            start = u + 1
        u += 2 if ord(ch) > 0xFFFF else 1
    result.append((start, u))
    return result


def sub16(text, start, end):
    return text.encode("utf-16-le")[2 * start:2 * end].decode("utf-16-le")


class Shaper:
    def __init__(self):
        self.upem = {f: TTFont(os.path.join(REPO, f))["head"].unitsPerEm for f in FAMILY}

    def measure(self, font, size, piece):
        """(width, width before the first '.', width of that '.') in points, or None for the
        last two when there is no '.'; from hb-shape of `piece` alone."""
        glyphs = hbshape.shape(font, piece) if piece else []
        if any(g["g"] == 0 for g in glyphs):
            raise SystemExit("%s has no glyph for some character of %r" % (font, piece))
        scale = size / self.upem[font]
        total = sum(g["ax"] for g in glyphs) * scale
        if DECIMAL_POINT not in piece:
            return total, None, None
        dot = len(piece[:piece.index(DECIMAL_POINT)].encode("utf-8"))
        before = sum(g["ax"] for g in glyphs if g["cl"] < dot) * scale
        dot_width = sum(g["ax"] for g in glyphs if g["cl"] == dot) * scale
        return total, before, dot_width

    def measure_units(self, font, size, piece):
        """measure() in whole Pango units as Pango gets them from HarfBuzz: the font's scale is
        size x 1024 and HarfBuzz 6 scales each advance with a 16.16 multiplier, rounding
        (hb_font_t::em_mult: (v * mult + 32768) >> 16, mult = (scale << 16) / upem)."""
        glyphs = hbshape.shape(font, piece) if piece else []
        mult = (int(size * Pango.SCALE) << 16) // self.upem[font]
        adv = [((g["ax"] * mult + 32768) >> 16, g["cl"]) for g in glyphs]
        total = sum(a for a, _ in adv)
        if DECIMAL_POINT not in piece:
            return total, None, None
        dot = len(piece[:piece.index(DECIMAL_POINT)].encode("utf-8"))
        return total, sum(a for a, cl in adv if cl < dot), sum(a for a, cl in adv if cl == dot)


def next_stop(case, pen):
    """(index, location, alignment, past the last stop) of the stop a tab at `pen` goes to,
    under the model: the first stop strictly greater than the pen, then the multiples of
    defaultTabInterval (left)."""
    st = case["tabStops"]
    for i, s in enumerate(st):
        if s["location"] > pen:
            return i, s["location"], s["alignment"], False
    interval = case["defaultTabInterval"]
    if interval <= 0:
        raise SystemExit("%s: a tab past the last stop without defaultTabInterval" % case["name"])
    k = int(pen // interval) + 1
    while k * interval <= pen:
        k += 1
    return len(st), k * interval, "left", True


def next_stop_pango(case, pen_units, first_index):
    """Pango 1.50's shape_tab/get_tab_pos in Pango units: from the index of the line's previous
    tab on, the first stop with tab_pos >= pen + 1; past the last stop the last gap (the last
    location when there is one stop) repeated, with the last stop's alignment."""
    st = case["tabStops"]
    locs = [int(s["location"] * Pango.SCALE) for s in st]
    n, i = len(st), first_index
    while True:
        if i < n:
            loc, align = locs[i], st[i]["alignment"]
        else:
            gap = locs[-1] - (locs[-2] if n > 1 else 0)
            assert gap > 0   # else Pango uses its default tab width (8 spaces)
            loc, align = locs[-1] + gap * (i - n + 1), st[-1]["alignment"]
        if loc >= pen_units + 1:
            return i, loc, align, i >= n
        i += 1


def model(shaper, case, pango_rule=False):
    """Positions under the model's rules, in points from hb-shape's exact advances; or, with
    pango_rule, under Pango 1.50's rules in whole Pango units from HarfBuzz's rounded advances
    (returned in points)."""
    text, font, size = case["text"], case["font"], case["size"]
    pen, index = 0, 0
    segments, tabs, past_last = [], [], False
    for k, (start, end) in enumerate(segment_ranges(text)):
        piece = sub16(text, start, end)
        if pango_rule:
            width, before, dot_width = shaper.measure_units(font, size, piece)
        else:
            width, before, dot_width = shaper.measure(font, size, piece)
        if k == 0:
            x = 0
        else:
            if pango_rule:
                index, loc, align, beyond = next_stop_pango(case, pen, index)
            else:
                index, loc, align, beyond = next_stop(case, pen)
            past_last = past_last or beyond
            if align == "left":
                x = loc
            elif align == "right" or (align == "decimal" and before is None):
                x = loc - width                       # no decimal point: as right
            elif align == "center":
                x = loc - (width // 2 if pango_rule else width / 2)
            elif pango_rule:
                x = loc - before - dot_width // 2     # Pango centres the '.' on the stop
            else:
                x = loc - before                      # the '.''s leading edge at the stop
            x = max(x, pen)
            tabs.append({"offset": start - 1, "x": pen, "width": x - pen})
        segments.append({"start": start, "end": end, "x": x, "width": width})
        pen = x + width
    result = {"segments": segments, "tabs": tabs, "lineWidth": pen}
    return scaled(result, 1.0 / Pango.SCALE if pango_rule else 1.0), past_last


def scaled(result, factor):
    """result with every x, width and lineWidth a float times factor."""
    return {"segments": [{"start": s["start"], "end": s["end"], "x": s["x"] * factor,
                          "width": s["width"] * factor} for s in result["segments"]],
            "tabs": [{"offset": t["offset"], "x": t["x"] * factor,
                      "width": t["width"] * factor} for t in result["tabs"]],
            "lineWidth": result["lineWidth"] * factor}


def numbers(result):
    out = []
    for s in result["segments"]:
        out += [("segment %d-%d x" % (s["start"], s["end"]), s["x"]),
                ("segment %d-%d width" % (s["start"], s["end"]), s["width"])]
    for t in result["tabs"]:
        out += [("tab %d x" % t["offset"], t["x"]), ("tab %d width" % t["offset"], t["width"])]
    out.append(("lineWidth", result["lineWidth"]))
    return out


def compare(a, b):
    """[(what, a, b)] for each number; the two results must have the same shape."""
    na, nb = numbers(a), numbers(b)
    assert [k for k, _ in na] == [k for k, _ in nb]
    return [(k, va, vb) for (k, va), (_, vb) in zip(na, nb)]


# --------------------------------------------------------------------------- main

def build(ctx, shaper, case, report):
    pango, in_pixels = pango_result(ctx, case)
    ours, past_last = model(shaper, case)
    rule, _ = model(shaper, case, pango_rule=True)
    # Pango's rules restated in Pango units must reproduce Pango (up to HarfBuzz rounding a
    # kerned glyph's advance in two parts, which hb-shape in design units cannot show).
    for what, p, r in compare(pango, rule):
        report["pangoRuleDeviation"] = max(report["pangoRuleDeviation"], abs(p - r))
        if abs(p - r) > PANGO_RULE_TOLERANCE:
            raise SystemExit("%s: Pango %s = %r, Pango's rules restated give %r"
                             % (case["name"], what, p, r))
    # The model uses exact advances, Pango rounds each glyph's to 1/1024 pt: they "agree"
    # within half a unit per character of the line plus two.
    tol = (hbshape.utf16_len(case["text"]) / 2 + 2) * PANGO_UNIT
    differences = []
    for what, p, m in compare(pango, ours):
        d = abs(p - m)
        if d <= tol:
            report["modelDeviation"] = max(report["modelDeviation"], d)
            report["numbers"] += 1
            report["overOneUnit"] += d > PANGO_UNIT
        else:
            differences.append({"what": what, "pango": p, "model": m})
    out = dict(case)
    out["tabStopsGivenToPangoIn"] = "pixels" if in_pixels else "pangoUnits"
    out.update(pango)
    out["model"] = ours
    out["modelPastLastStop"] = past_last
    out["differences"] = differences
    out["unitsPerEm"] = shaper.upem[case["font"]]
    return out


def column_anchors(shaper, row, result, pango_rule):
    """For each stop k: where segment k + 1 meets it - its start (left), end (right, or
    decimal without '.'), centre (center), its '.''s leading edge (decimal, model) or the
    '.''s centre (decimal, Pango)."""
    anchors = []
    for k, stop in enumerate(row["tabStops"]):
        seg = result["segments"][k + 1]
        piece = sub16(row["text"], seg["start"], seg["end"])
        _w, before, dot = shaper.measure(row["font"], row["size"], piece)
        if stop["alignment"] == "left":
            anchors.append(seg["x"])
        elif stop["alignment"] == "center":
            anchors.append(seg["x"] + seg["width"] / 2)
        elif stop["alignment"] == "right" or before is None:
            anchors.append(seg["x"] + seg["width"])
        else:
            anchors.append(seg["x"] + before + (dot / 2 if pango_rule else 0))
    return anchors


def check_columns(shaper, rows):
    """Every row's columns line up: each anchor is at its stop's location (exactly in the
    model, within Pango's rounding in Pango)."""
    for row in rows:
        locations = [s["location"] for s in row["tabStops"]]
        tol = (hbshape.utf16_len(row["text"]) / 2 + 2) * PANGO_UNIT
        for source, result, pango_rule, eps in (("model", row["model"], False, 1e-9),
                                                ("pango", row, True, tol)):
            anchors = column_anchors(shaper, row, result, pango_rule)
            if any(abs(a - loc) > eps for a, loc in zip(anchors, locations)):
                raise SystemExit("%s %s: columns at %s, stops at %s"
                                 % (row["name"], source, anchors, locations))


def main():
    mm.FAMILY_OF_FILE.update({f: fam for f, fam in FAMILY.items()})
    ctx = pango_context()
    shaper = Shaper()
    report = {"pangoRuleDeviation": 0.0, "modelDeviation": 0.0, "numbers": 0,
              "overOneUnit": 0}

    cases = []
    for name, font, size, text, st in CASES:
        cases.append({"name": name, "font": font, "size": size, "text": text, "tabStops": st,
                      "defaultTabInterval": 0})
    for group, font, size, st in COLUMN_GROUPS:
        for i, text in enumerate(COLUMN_ROWS):
            cases.append({"name": "%s-row-%d" % (group, i + 1), "group": group, "font": font,
                          "size": size, "text": text, "tabStops": st, "defaultTabInterval": 0})
    beyond = [{"name": name, "font": font, "size": size, "text": text, "tabStops": st,
               "defaultTabInterval": interval}
              for name, font, size, text, st, interval in BEYOND]

    built = [build(ctx, shaper, c, report) for c in cases]
    built_beyond = [build(ctx, shaper, c, report) for c in beyond]
    for c in built:
        if c["modelPastLastStop"]:
            raise SystemExit("%s goes past the last stop: move it to BEYOND" % c["name"])
    for c in built_beyond:
        if not c["modelPastLastStop"]:
            raise SystemExit("%s never goes past the last stop" % c["name"])

    # The boundary cases are what they say: Pango's pen after "Name" is exactly the first
    # stop (the tab goes to the second), or one Pango unit before it (the tab goes there).
    by_name = {c["name"]: c for c in built}
    exact, past = by_name["stop-exactly-at-pen"], by_name["stop-one-unit-past-pen"]
    assert exact["tabs"][0]["x"] == exact["tabStops"][0]["location"] == NAME_DEJAVU_16
    assert exact["segments"][1]["x"] == exact["tabStops"][1]["location"]
    assert past["tabs"][0]["x"] == NAME_DEJAVU_16 and past["tabs"][0]["width"] == PANGO_UNIT
    assert past["segments"][1]["x"] == past["tabStops"][0]["location"]
    for group, *_ in COLUMN_GROUPS:
        check_columns(shaper, [c for c in built if c.get("group") == group])
    for c in built:
        decimal_with_point = any(
            s["alignment"] == "decimal" and DECIMAL_POINT in sub16(c["text"], seg["start"],
                                                                   seg["end"])
            for s, seg in zip(c["tabStops"], c["segments"][1:]))
        if c["differences"] and not decimal_with_point:
            raise SystemExit("%s: Pango and the model differ: %s" % (c["name"], c["differences"]))

    for c in built + built_beyond:
        del c["modelPastLastStop"]
        if c["differences"]:
            print("%s: Pango and the model differ: %s" % (
                c["name"], ", ".join("%s %.4f vs %.4f" % (d["what"], d["pango"], d["model"])
                                     for d in c["differences"])), file=sys.stderr)

    print("largest |Pango - Pango's rules restated in Pango units|: %.6f pt; largest |Pango - "
          "model| where they agree: %.6f pt (%d of %d numbers more than 1/1024 pt apart)"
          % (report["pangoRuleDeviation"], report["modelDeviation"], report["overOneUnit"],
             report["numbers"]), file=sys.stderr)

    doc = {
        "generator": {
            "pango": "Pango %s (PangoCairo, hint style none, hint metrics off, "
                     "round_glyph_positions false, language en, absolute font size, no wrapping; "
                     "PangoTabArray with decimal point '.')" % Pango.version_string(),
            "pangoSourceVerified": "pango/pango-layout.c and pango/itemize.c at tag %s (%s)"
                                   % (PANGO_TAG, PANGO_COMMIT),
            "harfbuzz": "%s (model widths: each segment shaped alone, design units)"
                        % hbshape.version(),
            "script": "Tests/Goldens/make_tabs.py",
            "largestPangoModelDeviation": report["modelDeviation"],
            "largestPangoRuleDeviation": report["pangoRuleDeviation"],
        },
        "cases": built,
        "beyondLastStop": built_beyond,
    }
    with open(OUT, "w", encoding="utf-8", newline="\n") as f:
        f.write(json.dumps(doc, indent=2, sort_keys=True, ensure_ascii=False) + "\n")
    print("wrote %s (%d cases, %d beyondLastStop)" % (os.path.relpath(OUT, REPO), len(built),
                                                     len(built_beyond)), file=sys.stderr)


if __name__ == "__main__":
    main()
