#!/usr/bin/python3
"""Generate Tests/Goldens/wrapping_chips.json: headless Chromium's frames for chip flows whose
chips WRAP their text (Caliper `FlowItem.maximumLines == 0`), some with a word wider than the
row or than the chip's max-width.

Run from the repository root with Debian's Python (it has fontTools):

    /usr/bin/python3 Tests/Goldens/make_wrapping_chips.py

Needs the Debian 12 packages `chromium`, `libharfbuzz-bin` and `libicu72`. Chromium is run
exactly as make_browser_layouts.py runs it (imported from there: the DevTools pipe, the private
fontconfig with hinting off, the @font-face page and its font check), and a flow is translated
to CSS as there (`display: flex; flex-wrap: wrap; align-items: flex-start`, column-gap =
spacing, row-gap = lineSpacing, insets as the container's padding, font size px = pt, an
explicit line height = the font's hhea line height). Only the chips differ: each is

    flex: 0 1 auto; min-width: auto; box-sizing: border-box; [max-width: M px;]
    white-space: normal; overflow-wrap: normal; word-break: normal

so a chip's width is its max-content width, shrunk (flex-shrink 1) to the row when it is alone
on a row and wider than it, but never below its automatic minimum size (CSS Flexbox 4.5: the
min-content width, capped by max-width), and never above max-width; its text wraps at the
chip's content width and a word wider than that overflows the chip.

The script checks, and fails loudly otherwise, that

- the @font-face fonts loaded and the chips' computed styles are the ones above;
- every one-line chip's text width (chip width - horizontal padding) is hb-shape's within 1/64;
- the browser's rows and each chip's lines (the line starts, from a Range per character
  grouped by top) are those of the model below, computed from hb-shape widths and ICU line
  break opportunities;
- every frame agrees with the exact model within the tolerances of browser_flow.json (width
  0..1/64 px wider where a text width decides it, exact where the row or max-width does; x
  within (k+1)/64 for the k-th chip of a row; heights and y within lines/128).

The model (Caliper's, restated from hb-shape widths; see Tests/Goldens/wrapping_chips.md):
maxC = hb-shape width of the whole text, minC = the widest piece between UAX #14 break
opportunities (trailing spaces excluded), Ph = left + right padding, M = max-width (inf if
none), R = container width - left - right inset:

    width = min(M, max(min(maxC + Ph, R), minC + Ph))

The text wraps greedily at width - Ph; a piece wider than that overflows (it is set alone on its
line, as CSS does; Caliper would break it, so such chips are flagged `textOverflows`). Rows are
packed greedily with `spacing`; chip height = lines x line height + vertical padding; rows are
top-aligned and `lineSpacing` apart.

A case is dropped with a note on stderr if any decision of the model (row break, line break,
the min/max of the width rule, a piece overflowing) is within TIE = 1/32 px of its limit.
"""
import ctypes
import json
import os
import sys

import hbshape
import make_browser_layouts as browser

REPO = hbshape.REPO
OUT = os.path.join(REPO, "Tests", "Goldens", "wrapping_chips.json")
NOTO, DEJAVU, LIBERATION = browser.NOTO, browser.DEJAVU, browser.LIBERATION
FONTS = [DEJAVU, LIBERATION, NOTO]
TIE = 1 / 32
LU = browser.LU
EPS = 1e-9
INF = float("inf")


# --------------------------------------------------------------------------- ICU

ICU = hbshape.ICU


ICU_LIB = ICU()


# --------------------------------------------------------------------------- cases

P_4_10 = [4, 10, 4, 10]
P_6_12 = [6, 12, 6, 12]
P_2_8 = [2, 8, 2, 8]
I_0 = [0, 0, 0, 0]


def chip(text, font_path, size, padding=P_4_10, max_width=None):
    return {"text": text, "font": font_path, "size": size, "padding": list(padding),
            "maxWidth": max_width}


def chips(texts, font_path, size, padding=P_4_10):
    return [chip(t, font_path, size, padding) for t in texts]


def flow(name, width, items, insets=I_0, spacing=8, line_spacing=8):
    return {"name": name, "containerWidth": width, "insets": list(insets), "spacing": spacing,
            "lineSpacing": line_spacing, "items": items}


CASES = [
    # A word wider than the row: the chip's min-content (its widest word + padding) is its
    # floor, so it is wider than the row and overflows the container; its text wraps at that
    # width, one long word per line where the neighbours do not fit beside it.
    flow("min-content-wider-than-row-noto15-120", 120,
         chips(["swift", "ios"], NOTO, 15)
         + [chip("internationalization tips", NOTO, 15)]
         + chips(["fonts", "a"], NOTO, 15)),
    flow("min-content-wider-than-row-dejavu13-140-insets", 140,
         chips(["linux"], DEJAVU, 13)
         + [chip("Unicode internationalization and localization", DEJAVU, 13)]
         + chips(["kerning", "ios"], DEJAVU, 13),
         insets=[12, 16, 12, 16], spacing=6, line_spacing=4),
    # max-width below the min-content width: max-width wins (the automatic minimum is capped
    # by it), the long word overflows the chip.
    flow("max-width-below-min-content-dejavu14-200", 200,
         chips(["swift"], DEJAVU, 14)
         + [chip("Pneumonoultramicroscopic", DEJAVU, 14, max_width=90)]
         + chips(["ios", "fonts"], DEJAVU, 14)
         + [chip("a Pneumonoultramicroscopic word", DEJAVU, 14, max_width=110)]
         + chips(["linux"], DEJAVU, 14)),
    # max-width wider than the row but below the min-content: max-width still wins, so the
    # chip overflows the container and its text overflows the chip.
    flow("max-width-between-row-and-min-content-liberation15-120", 120,
         chips(["ios"], LIBERATION, 15)
         + [chip("incomprehensibilities", LIBERATION, 15, max_width=140)]
         + chips(["swift"], LIBERATION, 15)),
    # Multi-word text wrapping to 2-3 lines inside a max-width, short chips around it, rows
    # of chips with different heights (top-aligned).
    flow("max-width-two-three-lines-liberation16-320", 320,
         chips(["swift", "ios"], LIBERATION, 16)
         + [chip("machine learning for text layout", LIBERATION, 16, max_width=130),
            chip("fonts", LIBERATION, 16),
            chip("server side rendering of rich text", LIBERATION, 16, max_width=150)]
         + chips(["linux", "kerning", "typography"], LIBERATION, 16)),
    flow("max-width-wraps-noto13-240-zero", 240,
         chips(["a", "Wi-Fi"], NOTO, 13, P_2_8)
         + [chip("state-of-the-art text shaping", NOTO, 13, P_2_8, max_width=100),
            chip("office", NOTO, 13, P_2_8),
            chip("line breaking with hyphens and spaces", NOTO, 13, P_2_8, max_width=120)]
         + chips(["swift", "ios", "fonts"], NOTO, 13, P_2_8),
         spacing=0, line_spacing=0),
    # max-width wider than the text: no wrapping, the chip is its max-content width.
    flow("max-width-wider-than-text-dejavu15-300", 300,
         [chip("swift", DEJAVU, 15, max_width=200),
          chip("text layout", DEJAVU, 15, max_width=150),
          chip("performance tuning", DEJAVU, 15, P_6_12, max_width=220)]
         + chips(["ios", "linux"], DEJAVU, 15)),
    # A wrapping chip alone on its row between other rows: wider than the row on one line, so
    # flex-shrink narrows it to the row and its text wraps at the row's width.
    flow("alone-on-row-between-others-noto14-200", 200,
         chips(["swift", "ios", "fonts"], NOTO, 14)
         + [chip("a long chip that wraps inside the row", NOTO, 14)]
         + chips(["linux", "kerning", "a"], NOTO, 14)),
    flow("alone-on-row-between-others-liberation17-260-insets", 260,
         chips(["office", "Wi-Fi"], LIBERATION, 17, P_6_12)
         + [chip("the quick brown fox jumps over the lazy dog", LIBERATION, 17, P_6_12)]
         + chips(["typography", "ios"], LIBERATION, 17, P_6_12),
         insets=[10, 20, 6, 4], spacing=6, line_spacing=4),
    # Several wrapping chips in one cloud, mixed fonts and sizes.
    flow("mixed-wrapping-cloud-320", 320,
         [chip("swift", NOTO, 17, P_6_12),
          chip("machine learning on device", DEJAVU, 13, max_width=110),
          chip("ios", LIBERATION, 14),
          chip("HarfBuzz shaping engine", NOTO, 15, max_width=120),
          chip("typography", DEJAVU, 16),
          chip("a", LIBERATION, 17),
          chip("Unicode line breaking algorithm in practice today", NOTO, 13),
          chip("text", DEJAVU, 15, P_2_8),
          chip("internationalization", LIBERATION, 16, max_width=100),
          chip("fonts", NOTO, 14)],
         insets=[12, 16, 12, 16], spacing=6, line_spacing=8),
    flow("first-and-last-wrap-dejavu17-180", 180,
         [chip("server side swift frameworks", DEJAVU, 17)]
         + chips(["ios", "linux"], DEJAVU, 17)
         + [chip("collection view compositional layout", DEJAVU, 17)]),
]


# --------------------------------------------------------------------------- model

class Text:
    """A chip's text: hb-shape widths of its pieces and lines, ICU break opportunities."""

    def __init__(self, item):
        self.item = item
        self.font = browser.font(item["font"])
        self.size = item["size"]
        self.text = t = item["text"]
        if not t.isascii() or t != t.strip() or "  " in t or "\n" in t:
            raise SystemExit("%r: only single-spaced ASCII text without hard breaks" % t)
        self.breaks = ICU_LIB.line_breaks(t)   # UTF-16 offsets = indices (ASCII)
        self.max_c = self.width(0, len(t))
        self.min_c = max(self.width(a, b) for a, b in zip(self.breaks, self.breaks[1:]))

    def width(self, a, b):
        """hb-shape width of text[a:b] on one line, trailing spaces excluded."""
        s = self.text[a:b].rstrip(" ")
        return self.font.width(s, self.size) if s else 0.0

    def lines(self, avail, decisions):
        """Greedy lines at `avail`: line start offsets, and whether a piece overflows. Appends
        (what, width, limit) for every decision to `decisions`."""
        starts, overflows = [0], False
        start, i, n = 0, 0, len(self.breaks) - 1
        while i < n:
            # the first piece of a line is always taken
            j = i + 1
            w = self.width(start, self.breaks[j])
            decisions.append(("%r piece %d alone" % (self.text, i), w, avail, "piece"))
            if w > avail + EPS:
                overflows = True
            while j < n:
                w_next = self.width(start, self.breaks[j + 1])
                decisions.append(("%r line from %d + piece %d" % (self.text, start, j), w_next,
                                  avail, "line"))
                if w_next > avail + EPS:
                    break
                j += 1
            i = j
            if i < n:
                start = self.breaks[i]
                starts.append(start)
        return starts, overflows


def model(f):
    """Caliper's semantics with exact hb-shape widths: frames relative to the container's
    top-left, rows, lines per chip, content height, and every decision for the tie check."""
    top, left, bottom, right = f["insets"]
    R = f["containerWidth"] - left - right
    decisions = []
    sizes, line_starts, overflows, texts = [], [], [], []
    for it in f["items"]:
        tx = Text(it)
        texts.append(tx)
        pt, pl, pb, pr = it["padding"]
        ph = pl + pr
        M = it["maxWidth"] if it["maxWidth"] is not None else INF
        w = min(M, max(min(tx.max_c + ph, R), tx.min_c + ph))
        name = repr(it["text"])
        decisions.append((name + " maxC+Ph vs R", tx.max_c + ph, R, "width"))
        decisions.append((name + " minC+Ph vs R", tx.min_c + ph, R, "width"))
        if M < INF:
            decisions.append((name + " maxC+Ph vs M", tx.max_c + ph, M, "width"))
            decisions.append((name + " minC+Ph vs M", tx.min_c + ph, M, "width"))
        avail = w - ph
        chip_decisions = []
        starts, over = tx.lines(avail, chip_decisions)
        for what, dw, limit, kind in chip_decisions:
            # A chip at its min-content (max-content) width holds its widest piece (its whole
            # text) exactly: not a tie, Chromium's content width is its own measure of it.
            if abs(dw - limit) < EPS and (abs(avail - tx.min_c) < EPS or
                                          abs(avail - tx.max_c) < EPS):
                continue
            decisions.append((what, dw, limit, kind))
        lh = tx.font.line_height(it["size"])
        sizes.append((w, len(starts) * lh + pt + pb))
        line_starts.append(starts)
        overflows.append(over)
    rows, start, row_w = [], 0, None
    for i, (w, _h) in enumerate(sizes):
        if row_w is None:
            row_w = w
            continue
        decisions.append(("row %d + chip %d" % (len(rows), i), row_w + f["spacing"] + w, R, "row"))
        if row_w + f["spacing"] + w <= R + EPS:
            row_w += f["spacing"] + w
        else:
            rows.append((start, i))
            start, row_w = i, w
    if row_w is not None:
        rows.append((start, len(sizes)))
    frames, y = [None] * len(sizes), top
    for a, b in rows:
        x = left
        for i in range(a, b):
            w, h = sizes[i]
            frames[i] = [x, y, w, h]
            x += w + f["spacing"]
        y += max(sizes[i][1] for i in range(a, b)) + f["lineSpacing"]
    height = (y - f["lineSpacing"] if rows else top) + bottom
    return {"frames": frames, "rows": [[a, b] for a, b in rows], "height": height,
            "lineStarts": line_starts, "textOverflows": overflows, "texts": texts,
            "decisions": decisions, "avail": R}


# --------------------------------------------------------------------------- Chromium

JS = r"""
const FAMILY = %(families)s;
const px = v => v + 'px';
const pad = p => `${p[0]}px ${p[3]}px ${p[2]}px ${p[1]}px`;   // [t,l,b,r] -> CSS t r b l

function chipElement(item) {
  const d = document.createElement('div');
  d.className = 'chip';
  d.style.fontFamily = '"' + FAMILY[item.font] + '"';
  d.style.fontSize = px(item.size);
  d.style.lineHeight = px(item.lineHeight);
  d.style.padding = pad(item.padding);
  if (item.maxWidth !== null) d.style.maxWidth = px(item.maxWidth);
  d.textContent = item.text;
  return d;
}

// Line starts of a chip's single text node: a non-space character starts a line when it is
// left of the one before it or wholly below it.
function lineStarts(el) {
  const text = el.firstChild, s = text.data, starts = [0];
  let last = null;
  for (let i = 0; i < s.length; i++) {
    if (s[i] === ' ') continue;
    const range = document.createRange();
    range.setStart(text, i); range.setEnd(text, i + 1);
    const rects = range.getClientRects();
    if (rects.length !== 1) throw new Error(`${s} char ${i}: ${rects.length} client rects`);
    const r = rects[0];
    if (last && (r.left < last.left - 0.5 || r.top >= last.bottom)) starts.push(i);
    last = r;
  }
  return starts;
}

function layoutChips(f, width) {
  const c = document.createElement('div');
  c.className = 'flow';
  c.style.columnGap = px(f.spacing);
  c.style.rowGap = px(f.lineSpacing);
  c.style.padding = pad(f.insets);
  c.style.width = px(width);
  for (const it of f.items) c.appendChild(chipElement(it));
  document.getElementById('host').replaceChildren(c);
  const o = c.getBoundingClientRect();
  const res = {width: o.width, height: o.height, frames: [], lineStarts: [], styles: []};
  for (const e of c.children) {
    const r = e.getBoundingClientRect();
    res.frames.push([r.left - o.left, r.top - o.top, r.width, r.height]);
    res.lineStarts.push(lineStarts(e));
    const cs = getComputedStyle(e);
    res.styles.push([cs.flexGrow, cs.flexShrink, cs.flexBasis, cs.minWidth, cs.maxWidth,
                     cs.boxSizing, cs.whiteSpace, cs.overflowWrap, cs.wordBreak]);
  }
  const cs = getComputedStyle(c);
  res.containerStyle = [cs.display, cs.flexWrap, cs.alignItems, cs.justifyContent,
                        cs.boxSizing, cs.direction];
  c.remove();
  return res;
}
"""

CSS = """
html, body { margin: 0; padding: 0; }
#host { position: absolute; left: 0; top: 0; width: 2000px; }
#host > * { position: absolute; left: 0; top: 0; }
#host div { margin: 0; border: 0; }
#host .flow { display: flex; flex-wrap: wrap; align-items: flex-start;
              justify-content: flex-start; box-sizing: border-box; direction: ltr; }
#host .chip { flex: 0 1 auto; min-width: auto; box-sizing: border-box;
              white-space: normal; overflow-wrap: normal; word-break: normal; }
"""


def expected_style(item):
    mw = "none" if item["maxWidth"] is None else "%gpx" % item["maxWidth"]
    return ["0", "1", "auto", "auto", mw, "border-box", "normal", "normal", "normal"]


def round_lu(v):
    """Nearest LayoutUnit, ties up (Chromium's line box height)."""
    return int(v * 64 + 0.5) / 64


class Stats:
    def __init__(self):
        self.text = 0.0
        self.margin = {}
        self.dev = {}
        self.signed = {}     # what decides a chip's width -> (min, max) browser - exact, /64

    def note(self, key, value):
        self.dev[key] = max(self.dev.get(key, 0.0), value)


STATS = Stats()


def run_case(chromium, f):
    name = f["name"]
    m = model(f)
    notes = []
    for what, w, limit, kind in m["decisions"]:
        d = abs(w - limit)
        STATS.margin[kind] = min(STATS.margin.get(kind, INF), d)
        if d < TIE:
            notes.append("%s: %.4f vs %.4f" % (what, w, limit))
    if notes:
        return None, notes
    js_case = json.loads(json.dumps(f))
    for it in js_case["items"]:
        it["lineHeight"] = browser.font(it["font"]).line_height(it["size"])
    res = chromium.call("layoutChips", js_case, f["containerWidth"])
    if res["containerStyle"] != ["flex", "wrap", "flex-start", "flex-start", "border-box", "ltr"]:
        raise SystemExit("%s: container style %s" % (name, res["containerStyle"]))
    for i, (it, st) in enumerate(zip(f["items"], res["styles"])):
        if st != expected_style(it):
            raise SystemExit("%s chip %d: computed style %s, expected %s"
                             % (name, i, st, expected_style(it)))
    if res["width"] != f["containerWidth"]:
        raise SystemExit("%s: container width %r" % (name, res["width"]))
    frames = res["frames"]
    rows = browser.rows_of(frames)
    if rows != m["rows"]:
        raise SystemExit("%s: browser rows %s != model rows %s" % (name, rows, m["rows"]))
    if res["lineStarts"] != m["lineStarts"]:
        raise SystemExit("%s: browser line starts %s != model %s"
                         % (name, res["lineStarts"], m["lineStarts"]))
    line_counts = [len(s) for s in res["lineStarts"]]
    top = f["insets"][0]
    row_y_bound = 0.0           # in LayoutUnits: half a LayoutUnit per line above this row
    for r, (a, b) in enumerate(rows):
        tallest_lines = 0
        for k, i in enumerate(range(a, b)):
            it, fr, mf, tx = f["items"][i], frames[i], m["frames"][i], m["texts"][i]
            pt, pl, pb, pr = it["padding"]
            n = line_counts[i]
            lh = tx.font.line_height(it["size"])
            # Chromium's chip height is n line boxes of the line height rounded to 1/64.
            if abs(fr[3] - (n * round_lu(lh) + pt + pb)) > EPS:
                raise SystemExit("%s chip %d: height %r is not %d x %r + %r"
                                 % (name, i, fr[3], n, round_lu(lh), pt + pb))
            if abs(mf[2] - (tx.max_c + pl + pr)) < EPS:
                d = abs(fr[2] - pl - pr - tx.max_c)
                STATS.text = max(STATS.text, d)
                if d > LU + EPS:
                    raise SystemExit("%s chip %d %r: text width %r vs hb-shape %r"
                                     % (name, i, it["text"], fr[2] - pl - pr, tx.max_c))
            devs = [("x / bound", (fr[0] - mf[0]) * 64, k + 1),
                    ("y / bound", abs(fr[1] - mf[1]) * 64, max(row_y_bound, EPS)),
                    ("w / bound", abs(fr[2] - mf[2]) * 64, 1),
                    ("h / bound", abs(fr[3] - mf[3]) * 64, n / 2)]
            # Signed width deviation by what decides the width (reported on stderr).
            how = ("maxContent" if abs(mf[2] - (tx.max_c + pl + pr)) < EPS else
                   "minContent" if abs(mf[2] - (tx.min_c + pl + pr)) < EPS else
                   "maxWidth" if it["maxWidth"] is not None and mf[2] == it["maxWidth"] else
                   "row")
            lo, hi = STATS.signed.get(how, (INF, -INF))
            STATS.signed[how] = (min(lo, (fr[2] - mf[2]) * 64), max(hi, (fr[2] - mf[2]) * 64))
            for key, dev, bound in devs:
                STATS.note(key, dev / bound)
                if abs(dev) > bound + EPS:
                    raise SystemExit("%s chip %d: frame %s is outside the tolerance of the "
                                     "exact %s (%s)" % (name, i, fr, mf, key))
            if fr[3] == max(frames[j][3] for j in range(a, b)):
                tallest_lines = max(tallest_lines, n)
        row_y_bound += tallest_lines / 2
    dh = abs(res["height"] - m["height"]) * 64
    STATS.note("content height / bound", dh / max(row_y_bound, EPS))
    if dh > row_y_bound + EPS:
        raise SystemExit("%s: content height %r vs exact %r" % (name, res["height"], m["height"]))
    if top + 0 != frames[0][1]:
        raise SystemExit("%s: first row not at the top inset" % name)
    out = {k: f[k] for k in ("name", "containerWidth", "insets", "spacing", "lineSpacing",
                             "items")}
    out["frames"] = frames
    out["lineCounts"] = line_counts
    out["textOverflows"] = m["textOverflows"]
    out["rows"] = rows
    out["contentSize"] = [res["width"], res["height"]]
    return out, None


def main():
    families = json.dumps({p: browser.font(p).family for p in FONTS}, sort_keys=True)
    cases, dropped, product = browser.run_cases(CSS, JS % {"families": families}, FONTS, CASES,
                                                run_case)
    generator = {"script": "Tests/Goldens/make_wrapping_chips.py",
                 "chromium": browser.generator_description(product),
                 "harfbuzz": hbshape.version(),
                 "icu": ICU_LIB.version,
                 "tie": TIE}
    browser.write(OUT, {"generator": generator, "cases": cases})
    chips_n = sum(len(c["items"]) for c in cases)
    wrapped = sum(1 for c in cases for n in c["lineCounts"] if n > 1)
    over = sum(1 for c in cases for o in c["textOverflows"] if o)
    print("cases: %d written, %d dropped; %d chips, %d wrapped, %d with overflowing text"
          % (len(cases), len(dropped), chips_n, wrapped, over), file=sys.stderr)
    print("max |browser - hb-shape| one-line text width: %.6f px (%.3f/64)"
          % (STATS.text, STATS.text * 64), file=sys.stderr)
    for k in sorted(STATS.margin):
        print("smallest %s decision margin: %.4f px" % (k, STATS.margin[k]), file=sys.stderr)
    for k in sorted(STATS.signed):
        print("chip width decided by %s: browser - exact from %.3f/64 to %.3f/64 px"
              % ((k,) + STATS.signed[k]), file=sys.stderr)
    for k in sorted(STATS.dev):
        print("max deviation from the exact model, %s: %.3f" % (k, STATS.dev[k]), file=sys.stderr)


if __name__ == "__main__":
    main()
