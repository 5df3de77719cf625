#!/usr/bin/python3
"""Generate Tests/Goldens/paragraphs.json: golden layouts of multi-paragraph text in which
each paragraph has its own paragraph style (base direction, fixed line height), from headless
Chromium, an engine independent of Caliper.

Run from the repository root with Debian's Python (it has fontTools):

    /usr/bin/python3 Tests/Goldens/make_paragraphs.py

Needs the Debian 12 packages `chromium` and `libharfbuzz-bin`. Chromium is run exactly as
make_browser_layouts.py runs it (imported from there: the DevTools pipe, the private
fontconfig with hinting off, the @font-face page and its font check).

A case is a text of paragraphs separated by LF in DejaVu Sans, Latin and Hebrew words, a
maxWidth, request-level defaults (direction, line height H0 = minLineHeight = maxLineHeight)
and per-paragraph overrides over UTF-16 ranges. Each paragraph becomes a <p> with its own
direction and line-height (Tests/Goldens/paragraphs.md). The script checks,
and fails loudly otherwise, that

- the @font-face font loaded;
- every paragraph is lines x H tall (within 1/64 px), the paragraphs are stacked with no gap
  and the container is as tall as they are together; every line box of a paragraph holds its
  glyphs at the same height;
- every word's width in the browser is hb-shape's advance sum x size / unitsPerEm within
  1/64 px (Hebrew shaped with --direction=rtl);
- the browser's lines are the greedy ones from hb-shape widths (break after spaces, trailing
  spaces excluded, a line fits when its width <= maxWidth), and do not change at
  maxWidth +- TIE;
- the words of each line are in the visual order UAX #9 gives for the paragraph's resolved
  direction (computed here, for single-script words separated by spaces);
- each word's x is the exact x (hb-shape widths in that visual order) within the tolerance
  documented in paragraphs.md.

Cases with a line decision within TIE px of maxWidth (by hb-shape widths) are dropped with a
note on stderr.
"""
import json
import os
import re
import sys

import hbshape
import make_browser_layouts as browser

REPO = hbshape.REPO
OUT = os.path.join(REPO, "Tests", "Goldens", "paragraphs.json")
FONT_PATH = browser.DEJAVU
FONT = browser.font(FONT_PATH)
EPS = 1e-9


# --------------------------------------------------------------------------- cases

def case(name, note, paragraphs, size, max_width, direction, line_height, overrides=()):
    """`paragraphs`: the paragraph texts (joined with LF). `overrides`: dicts with `p` (the
    paragraph index), optional `to` (the last paragraph of a range over several), optional
    `skip` (the range starts this many characters into paragraph `p`), and `direction` and/or
    `lineHeight`."""
    starts, offset = [], 0
    for text in paragraphs:
        starts.append(offset)
        offset += len(text) + 1
    ranges = []
    for o in overrides:
        last = o.get("to", o["p"])
        r = {"start": starts[o["p"]] + o.get("skip", 0),
             "end": starts[last] + len(paragraphs[last])}
        r.update({k: o[k] for k in ("direction", "lineHeight") if k in o})
        ranges.append(r)
    return {"name": name, "note": note, "text": "\n".join(paragraphs), "size": size,
            "maxWidth": max_width, "direction": direction, "lineHeight": line_height,
            "paragraphs": ranges}


def ov(p, **kw):
    return dict(kw, p=p)


CASES = [
    case("ltr-hebrew-words-16",
         "LTR paragraphs (request direction ltr) holding Hebrew words: a run of two Hebrew "
         "words is reversed within the line; the second paragraph overrides the line height",
         ["The word שלום means peace and ספר טוב a good book",
          "Caliper measures עברית text on Linux"],
         16, 200, "ltr", 24, [ov(1, lineHeight=30)]),
    case("rtl-latin-words-18",
         "RTL paragraphs (request direction rtl) holding Latin words: runs are reversed, a "
         "run of Latin words keeps its left-to-right order; the first paragraph is shorter",
         ["הספר על Text Layout נכתב בשנה שעברה והוא טוב",
          "אנחנו כותבים קוד ב Swift על Linux"],
         18, 230, "rtl", 27, [ov(0, lineHeight=22.5)]),
    case("natural-hebrew-first-latin-first-15",
         "natural direction from each paragraph's first strong letter: Hebrew first (RTL), "
         "Latin first (LTR), Hebrew first again; three line heights",
         ["שלום לכולם this is the first paragraph והיא עוברת",
          "Here Latin is first and עברית comes later",
          "מילה ראשונה and some English בעברית"],
         15, 190, "natural", 22, [ov(0, lineHeight=28), ov(2, lineHeight=33.5)]),
    case("forced-ltr-hebrew-first-16",
         "a Hebrew-first paragraph forced to ltr by an override, and the same kind of "
         "paragraph left natural (so RTL) after it",
         ["שלום world and goodbye עולם again",
          "שלום world and goodbye עולם again"],
         16, 180, "natural", 25, [ov(0, direction="ltr")]),
    case("forced-rtl-latin-first-17",
         "a Latin-first paragraph forced to rtl by an override in a request whose direction "
         "is ltr; the other paragraph stays ltr",
         ["Latin words first then עברית מילים and back to Latin",
          "The plain one has שני words"],
         17, 210, "ltr", 26, [ov(0, direction="rtl", lineHeight=31)]),
    case("empty-paragraph-16",
         "an empty paragraph between two LFs: a line of its own with the request's line "
         "height H0 (no override touches it); its neighbours have other heights",
         ["First paragraph of several words in Latin", "",
          "פסקה שלישית with Latin words ועוד מילים"],
         16, 170, "natural", 24, [ov(0, lineHeight=30), ov(2, lineHeight=20)]),
    case("range-over-two-paragraphs-14",
         "one override range spanning paragraphs 1 and 2 (from the start of the first to the "
         "end of the second, across the LF) sets both to rtl and 21 px",
         ["An ordinary first paragraph set left to right",
          "Second with עברית inside",
          "Third paragraph and מילה more"],
         14, 160, "ltr", 28, [ov(1, to=2, direction="rtl", lineHeight=21)]),
    case("range-over-two-paragraphs-rtl-20",
         "a range spanning the first two of three Hebrew paragraphs sets their line height; "
         "the third keeps the request's; the request direction is rtl",
         ["מים ואור ושמש בעיר הגדולה", "ילד קטן הולך בדרך ארוכה הביתה",
          "לילה טוב ירח ושקט בחלון"],
         20, 200, "rtl", 34, [ov(0, to=1, lineHeight=25)]),
    case("range-from-mid-paragraph-19",
         "an override range that starts in the middle of paragraph 1 (5 characters in, "
         "inside its second word) still applies to the whole paragraph",
         ["Short opening paragraph", "This one has a range starting inside its "
          "second word עברית", "עברית בסוף"],
         19, 220, "natural", 23, [ov(1, skip=5, direction="rtl", lineHeight=32)]),
    case("single-word-paragraphs-20",
         "paragraphs of one word each (Latin, Hebrew, Latin, Hebrew), natural direction, "
         "four line heights; every paragraph is one line",
         ["Typography", "אותיות", "Kerning", "שורה"],
         20, 150, "natural", 20,
         [ov(0, lineHeight=36), ov(1, lineHeight=24.5), ov(3, lineHeight=29.25)]),
    case("four-paragraphs-mixed-17",
         "four paragraphs with every kind of setting: default, rtl override, natural "
         "Hebrew-first, ltr with Hebrew words; four line heights",
         ["A paragraph in defaults",
          "This one is forced to rtl with בעברית",
          "מחשב חדש and a keyboard על השולחן",
          "With גובה and רוחב"],
         17, 200, "natural", 26,
         [ov(1, direction="rtl", lineHeight=21.5), ov(2, lineHeight=30),
          ov(3, direction="ltr", lineHeight=35)]),
    case("fractional-heights-18",
         "line heights that are not whole pixels (multiples of 1/64 px)",
         ["Line heights here are fractions of a pixel",
          "ובפסקה יש English words ועוד",
          "The last one wraps"],
         18, 210, "natural", 23.015625,
         [ov(1, lineHeight=28.640625), ov(2, lineHeight=20.5)]),
    case("pure-hebrew-rtl-16",
         "Hebrew-only paragraphs, one forced rtl, one natural (RTL from its first letter); "
         "different heights",
         ["שלום עולם זה ספר טוב על שפה וכתב",
          "כל מילה נכתבת מימין לשמאל"],
         16, 170, "rtl", 24, [ov(1, direction="natural", lineHeight=27.75)]),
    case("hebrew-run-across-lines-16",
         "a run of Hebrew words in an LTR paragraph broken across lines: each line reverses "
         "only its own part of the run",
         ["Start with Latin then שלום עולם ספר טוב מאוד גדול קטן and end",
          "Then Latin only"],
         16, 190, "ltr", 22, [ov(1, lineHeight=26)]),
    case("latin-run-across-lines-rtl-15",
         "a run of Latin words in an RTL paragraph broken across lines: each line keeps its "
         "Latin words left to right, placed where the RTL order puts the run",
         ["שורה ראשונה and then a long run of English words that wraps סוף",
          "פסקה שנייה קצרה"],
         15, 200, "rtl", 24, [ov(0, lineHeight=29.5)]),
    case("ltr-request-natural-override-14",
         "request direction ltr; a natural override on a Hebrew-first paragraph makes it RTL; "
         "a Latin-first paragraph stays ltr",
         ["Plain first paragraph with one מילה",
          "פסקה שמתחילה בעברית with Latin words ונגמרת בעברית",
          "Closing words"],
         14, 170, "ltr", 21, [ov(1, direction="natural", lineHeight=25)]),
]


# --------------------------------------------------------------------------- model

def is_hebrew(ch):
    return "\u0590" <= ch <= "\u05ff"


def is_latin(ch):
    return ch.isascii() and ch.isalpha()


def word_script(word):
    if all(is_hebrew(c) for c in word):
        return "R"
    if all(is_latin(c) for c in word):
        return "L"
    raise SystemExit("word %r is not all Hebrew or all Latin letters" % word)


def word_width(word, size):
    direction = "rtl" if word_script(word) == "R" else "ltr"
    glyphs = hbshape.shape(FONT_PATH, word, direction=direction)
    if any(g["g"] == 0 for g in glyphs):
        raise SystemExit("%s has no glyph for some character in %r" % (FONT_PATH, word))
    return sum(g["ax"] for g in glyphs) * size / FONT.upem


def space_width(size):
    return hbshape.advance(FONT_PATH, " ") * size / FONT.upem


DIRECTIONS = ("natural", "ltr", "rtl")


def check_height(name, h):
    if not (20 <= h <= 36 and float(h * 64).is_integer()):
        raise SystemExit("%s: line height %r is not a multiple of 1/64 in [20, 36]" % (name, h))


def validate(c):
    """The case is what paragraphs.md promises: sizes, heights, directions, and override ranges
    that are non-empty, inside the text, and touch each paragraph at most once (so their
    order cannot matter)."""
    name, text = c["name"], c["text"]
    if not 14 <= c["size"] <= 20 or c["direction"] not in DIRECTIONS:
        raise SystemExit("%s: size or direction out of range" % name)
    check_height(name, c["lineHeight"])
    if hbshape.utf16_len(text) != len(text) or any(
            t != t.strip(" ") or "  " in t or re.search(r"[^\S ]", t) for t in text.split("\n")):
        raise SystemExit("%s: paragraphs must be BMP text with single spaces between words and "
                         "none around them" % name)
    seen = set()
    for r in c["paragraphs"]:
        if not 0 <= r["start"] < r["end"] <= len(text) or set(r) - {"start", "end", "direction",
                                                                     "lineHeight"}:
            raise SystemExit("%s: bad override %s" % (name, r))
        if r.get("direction", "natural") not in DIRECTIONS:
            raise SystemExit("%s: bad direction in %s" % (name, r))
        if "lineHeight" in r:
            check_height(name, r["lineHeight"])
        touched = {k for k, (start, end) in enumerate(paragraph_ranges(text)) if touches(r, start, end)}
        if not touched or touched & seen:
            raise SystemExit("%s: override %s touches no paragraph or one another touches" % (name, r))
        seen |= touched


def paragraph_ranges(text):
    """[(start, end)] of each paragraph's content (LFs excluded), UTF-16."""
    out, start = [], 0
    for t in text.split("\n"):
        out.append((start, start + len(t)))
        start += len(t) + 1
    return out


def touches(r, start, end):
    """An override range touches a paragraph when it shares a character with the paragraph's
    content. (No case has a range that holds only an LF, or touches the empty paragraph.)"""
    return r["start"] < end and r["end"] > start


def paragraphs_of(c):
    """[(start, text, direction, resolved "ltr"/"rtl", line height)] for each paragraph of
    the case: the request's values, or those of the override range touching it."""
    out = []
    for text, (start, end) in zip(c["text"].split("\n"), paragraph_ranges(c["text"])):
        direction, height = c["direction"], c["lineHeight"]
        for r in c["paragraphs"]:
            if touches(r, start, end):
                direction = r.get("direction", direction)
                height = r.get("lineHeight", height)
        if direction == "natural":
            # UAX #9 P2-P3: the first strong letter; with none, left to right.
            strong = [word_script(w) for w in text.split()]
            resolved = "rtl" if strong and strong[0] == "R" else "ltr"
        else:
            resolved = direction
        out.append((start, text, direction, resolved, height))
    return out


def words_of(text, base):
    """[(start, end, word)] of the maximal runs of non-space characters; offsets + base."""
    return [(m.start() + base, m.end() + base, m.group(0)) for m in re.finditer(r"\S+", text)]


def greedy_lines(words, size, max_width):
    """Lines (lists of word indices) by hb-shape widths: a line's width is its words and the
    spaces between them (trailing spaces excluded); the next word goes on the line when the
    line is then no wider than max_width. Returns (lines, decisions) where decisions are
    (what, width) pairs for the tie check."""
    sp = space_width(size)
    lines, decisions, width = [], [], None
    for i, (_s, _e, w) in enumerate(words):
        ww = word_width(w, size)
        if ww > max_width:
            raise SystemExit("word %r (%.4f px) is wider than %g px" % (w, ww, max_width))
        if width is not None and width + sp + ww <= max_width:
            lines[-1].append(i)
            width += sp + ww
            continue
        if width is not None:
            decisions.append(("line %d plus %r" % (len(lines) - 1, w), width + sp + ww))
            decisions.append(("line %d" % (len(lines) - 1), width))
        lines.append([i])
        width = ww
    if width is not None:
        decisions.append(("line %d" % (len(lines) - 1), width))
    return lines, decisions


def visual_order(scripts, resolved):
    """Visual (left-to-right) order of a line's words, given their scripts ("L"/"R") in
    logical order, by UAX #9 for single-script words separated by single spaces. At paragraph
    level 0 (ltr) Latin words are level 0 and Hebrew words 1; a space between two Hebrew
    words is R (N1) and so in their run, any other space takes the embedding level 0: each
    run of Hebrew words is reversed. At level 1 (rtl) Hebrew words are 1, Latin words 2, a
    space between two Latin words is L (N1, level 2) and any other space 1: reversing level
    2 and then levels >= 1 (L2) keeps each Latin run in order and reverses the sequence of
    runs. Trailing spaces (L1) are not words and do not matter."""
    runs = []
    for i, s in enumerate(scripts):
        if runs and scripts[runs[-1][0]] == s:
            runs[-1].append(i)
        else:
            runs.append([i])
    if resolved == "ltr":
        return [i for run in runs for i in (reversed(run) if scripts[run[0]] == "R" else run)]
    return [i for run in reversed(runs) for i in (run if scripts[run[0]] == "L" else reversed(run))]


# --------------------------------------------------------------------------- Chromium

JS = r"""
const FAMILY = %(family)s;
const px = v => v + 'px';

function rects(node, start, end) {
  const range = document.createRange();
  range.setStart(node, start); range.setEnd(node, end);
  return [...range.getClientRects()].map(r => [r.left, r.top, r.right, r.bottom]);
}

// c = {maxWidth, size, paragraphs: [{text, direction, lineHeight, words: [[start, end]]}]}
// (word offsets relative to the paragraph). Returns the container's width and height and per
// paragraph its top and height relative to the container, the client rects of every
// non-space character ([index, [[left, top, right, bottom]...]]) and of every word.
function layoutParagraphs(c) {
  const host = document.getElementById('host');
  host.replaceChildren();
  const box = document.createElement('div');
  box.style.width = px(c.maxWidth);
  for (const p of c.paragraphs) {
    const el = document.createElement('p');
    el.style.fontFamily = '"' + FAMILY + '"';
    el.style.fontSize = px(c.size);
    el.style.lineHeight = px(p.lineHeight);
    if (p.direction === 'natural') {
      el.style.unicodeBidi = 'plaintext';
    } else {
      el.style.direction = p.direction;
      el.style.unicodeBidi = 'isolate';
    }
    if (p.text === '') el.appendChild(document.createElement('br'));
    else el.textContent = p.text;
    box.appendChild(el);
  }
  host.appendChild(box);
  const o = box.getBoundingClientRect();
  const res = {width: o.width, height: o.height, paragraphs: []};
  [...box.children].forEach((el, k) => {
    const p = c.paragraphs[k], r = el.getBoundingClientRect(), node = el.firstChild;
    const out = {top: r.top - o.top, height: r.height, chars: [], words: []};
    if (p.text !== '') {
      for (let i = 0; i < p.text.length; i++)
        if (p.text[i] !== ' ') out.chars.push([i, rects(node, i, i + 1)]);
      out.words = p.words.map(([s, e]) => rects(node, s, e));
    }
    res.paragraphs.push(out);
  });
  box.remove();
  return res;
}

// The width of each word set on its own (a nowrap span at the page's left edge, in a
// block of the word's direction): a Range over the span's text, as make_browser_layouts.py
// measures a one-line label's text.
function wordWidths(words, size) {
  const host = document.getElementById('host');
  host.replaceChildren();
  const out = words.map(([word, direction]) => {
    const d = document.createElement('div'), span = document.createElement('span');
    d.style.direction = direction;
    d.style.whiteSpace = 'nowrap';
    span.style.fontFamily = '"' + FAMILY + '"';
    span.style.fontSize = px(size);
    span.textContent = word;
    d.appendChild(span);
    host.appendChild(d);
    const range = document.createRange();
    range.selectNodeContents(span);
    const w = range.getBoundingClientRect().width;
    d.remove();
    return w;
  });
  return out;
}
"""

# make_browser_layouts.py's page style (the host and its absolutely placed children at the
# top-left, no margins or borders on divs), and the paragraphs'.
CSS = browser.CSS + """#host p { margin: 0; padding: 0; border: 0; text-align: left; white-space: normal; }
"""


def js_case(c, paragraphs, max_width):
    return {"maxWidth": max_width, "size": c["size"],
            "paragraphs": [{"text": text, "direction": direction, "lineHeight": height,
                            "words": [[s - start, e - start] for s, e, _w in words_of(text, start)]}
                           for start, text, direction, _resolved, height in paragraphs]}


def browser_lines(name, paragraphs, res):
    """Group each paragraph's non-space characters into lines by their rects' top. Returns
    per paragraph [(line index within the paragraph -> first char offset (whole text))],
    after checking the layout's vertical structure. Raises on anything unexpected."""
    out = []
    top = 0.0
    for k, ((start, text, _d, _r, height), p) in enumerate(zip(paragraphs, res["paragraphs"])):
        if abs(p["top"] - top) > browser.LU + EPS:
            raise SystemExit("%s paragraph %d: top %r, not %r (the paragraphs above it)"
                             % (name, k, p["top"], top))
        tops, firsts = [], []
        for i, rs in p["chars"]:
            if len(rs) != 1:
                raise SystemExit("%s paragraph %d char %d %r: %d client rects"
                                 % (name, k, i, text[i], len(rs)))
            t = rs[0][1]
            if not tops or abs(t - tops[-1]) > EPS:
                if tops and t < tops[-1]:
                    raise SystemExit("%s paragraph %d char %d: its line is above the previous "
                                     "character's (lines not in logical order)" % (name, k, i))
                tops.append(t)
                firsts.append(start + i)
        lines = max(len(tops), 1)          # an empty paragraph is one line
        if abs(p["height"] - lines * height) > browser.LU + EPS:
            raise SystemExit("%s paragraph %d: height %r is not %d lines x %r"
                             % (name, k, p["height"], lines, height))
        # The glyphs sit at the same place in every line box: line i's rects are i x H lower.
        for i, t in enumerate(tops):
            if abs((t - p["top"] - i * height) - (tops[0] - p["top"])) > browser.LU + EPS:
                raise SystemExit("%s paragraph %d line %d: glyph top %r is not %d x %r below "
                                 "line 0's %r" % (name, k, i, t, i, height, tops[0]))
        out.append(firsts if text else [start])
        top += p["height"]
    if abs(res["height"] - top) > browser.LU + EPS:
        raise SystemExit("%s: container height %r is not the paragraphs' %r"
                         % (name, res["height"], top))
    return out


def layout(chromium, c, paragraphs, max_width):
    res = chromium.call("layoutParagraphs", js_case(c, paragraphs, max_width))
    if res["width"] != max_width and max_width == c["maxWidth"]:   # +-TIE is snapped to 1/64
        raise SystemExit("%s: container width %r != %r" % (c["name"], res["width"], max_width))
    return res, browser_lines(c["name"], paragraphs, res)


class Stats:
    def __init__(self):
        self.text = 0.0       # max |browser word width - hb-shape|, each word on its own
        self.rect = (float("inf"), float("-inf"))   # range of rect width - hb-shape in lines
        self.x = 0.0          # max |browser x - exact x| in LayoutUnits
        self.x_bound = 0.0    # max of that over its bound
        self.margin = float("inf")
        self.unseen = []      # paragraphs whose lines have the same word order in ltr and rtl


STATS = Stats()


def check_word_widths(chromium, name, words, size):
    """Every word set on its own in the browser is hb-shape's width within 1/64 px."""
    widths = chromium.call("wordWidths", [[w, "rtl" if word_script(w) == "R" else "ltr"]
                                          for w in words], size)
    for w, bw in zip(words, widths):
        d = abs(bw - word_width(w, size))
        STATS.text = max(STATS.text, d)
        if d > browser.LU + EPS:
            raise SystemExit("%s word %r: browser width %r differs from hb-shape %r by %.5f px "
                             "(> 1/64): hinting or font loading is wrong"
                             % (name, w, bw, word_width(w, size), d))


def q(v):
    return round(v * 1024) / 1024


def run_case(chromium, c):
    """Returns (case with "expected", None) or (None, tie notes)."""
    name, size, max_width = c["name"], c["size"], c["maxWidth"]
    validate(c)
    paragraphs = paragraphs_of(c)
    # The model: greedy lines per paragraph, and the tie check.
    models, notes = [], []
    for k, (start, ptext, _d, _r, _h) in enumerate(paragraphs):
        words = words_of(ptext, start)
        lines, decisions = greedy_lines(words, size, max_width)
        for what, w in decisions:
            STATS.margin = min(STATS.margin, abs(w - max_width))
            if abs(w - max_width) < browser.TIE:
                notes.append("paragraph %d %s: %.4f px vs %g" % (k, what, w, max_width))
        models.append((words, lines))
        if ptext and all(visual_order(scripts, "ltr") == visual_order(scripts, "rtl")
                         for scripts in ([word_script(words[j][2]) for j in line] for line in lines)):
            STATS.unseen.append("%s/%d" % (name, k))
    if notes:
        return None, notes
    check_word_widths(chromium, name, [w for words, _l in models for _s, _e, w in words], size)
    res, starts = layout(chromium, c, paragraphs, max_width)
    for delta in (-browser.TIE, browser.TIE):
        if layout(chromium, c, paragraphs, max_width + delta)[1] != starts:
            raise SystemExit("%s: lines change at maxWidth %+g" % (name, delta))
    sp = space_width(size)
    expected = {"height": q(res["height"]), "lines": [], "words": [],
                "paragraphDirections": [r for _s, _t, _d, r, _h in paragraphs]}
    for k, ((start, ptext, _d, resolved, height), p, (words, lines)) in enumerate(
            zip(paragraphs, res["paragraphs"], models)):
        model_starts = [words[line[0]][0] for line in lines] or [start]
        if starts[k] != model_starts:
            raise SystemExit("%s paragraph %d: browser lines start at %s, the greedy lines by "
                             "hb-shape widths at %s" % (name, k, starts[k], model_starts))
        for i, line in enumerate(lines or [[]]):
            line_index = len(expected["lines"])
            expected["lines"].append({"start": model_starts[i], "top": q(p["top"] + i * height),
                                      "height": height})
            if not line:
                continue
            rects = []
            for j in line:
                s, e, w = words[j]
                rs = p["words"][j]
                if len(rs) != 1:
                    raise SystemExit("%s word %r: %d client rects" % (name, w, len(rs)))
                left, _t, right, _b = rs[0]
                # In the line, a Range's rect is the LayoutUnit rect enclosing the glyphs'
                # float positions (left floored, right ceiled): 0 to 2/64 px wider.
                d = (right - left) - word_width(w, size)
                STATS.rect = (min(STATS.rect[0], d), max(STATS.rect[1], d))
                if not -EPS <= d < 2 * browser.LU + EPS:
                    raise SystemExit("%s word %r: rect width %r in the line is not hb-shape's "
                                     "%r to 2/64 px more" % (name, w, right - left, d))
                rects.append((left, right))
            # The line's left edge: the leftmost non-space character (the words' rects span
            # exactly the line's non-space characters).
            line_left = min(l for l, _r in rects)
            order = sorted(range(len(line)), key=lambda n: rects[n][0])
            expect = visual_order([word_script(words[j][2]) for j in line], resolved)
            if order != expect:
                raise SystemExit("%s paragraph %d (%s) line %d: browser's visual order of words "
                                 "%s is not UAX #9's %s" % (name, k, resolved, i,
                                                            [words[line[n]][2] for n in order],
                                                            [words[line[n]][2] for n in expect]))
            x = 0.0
            for v, n in enumerate(expect):
                s, e, w = words[line[n]]
                bx = rects[n][0] - line_left
                dev = abs(bx - x) * 64
                STATS.x = max(STATS.x, dev)
                STATS.x_bound = max(STATS.x_bound, dev / (v + 1))
                if dev > v + 1 + EPS:
                    raise SystemExit("%s word %r: x %r is more than %d/64 px from the exact %r"
                                     % (name, w, bx, v + 1, x))
                expected["words"].append({"start": s, "end": e, "line": line_index, "x": q(bx),
                                          "width": q(rects[n][1] - rects[n][0])})
                x += word_width(w, size) + sp
    expected["words"].sort(key=lambda w: w["start"])
    out = dict(c)
    out["expected"] = expected
    return out, None


def main():
    cases, dropped, product = browser.run_cases(
        CSS, JS % {"family": json.dumps(FONT.family)}, [FONT_PATH], CASES, run_case)
    browser.write(OUT, {"generator": "Tests/Goldens/make_paragraphs.py",
                        "chromium": browser.generator_description(product),
                        "font": FONT_PATH, "cases": cases})
    print("cases: %d written, %d dropped; %d lines, %d words" % (
        len(cases), len(dropped), sum(len(c["expected"]["lines"]) for c in cases),
        sum(len(c["expected"]["words"]) for c in cases)), file=sys.stderr)
    print("max |browser - hb-shape| word width: %.6f px (%.3f/64)" % (STATS.text, STATS.text * 64),
          file=sys.stderr)
    print("word rect width in the line - hb-shape: %.3f/64 to %.3f/64 px"
          % (STATS.rect[0] * 64, STATS.rect[1] * 64), file=sys.stderr)
    print("max |browser - exact| word x: %.3f/64 px; largest share of its bound (k+1)/64: %.3f"
          % (STATS.x, STATS.x_bound), file=sys.stderr)
    print("paragraphs whose direction the word order does not show (the golden is the same "
          "in ltr and rtl): %s" % " ".join(STATS.unseen), file=sys.stderr)
    print("smallest line break margin (hb-shape width vs maxWidth): %.4f px" % STATS.margin,
          file=sys.stderr)


if __name__ == "__main__":
    main()
