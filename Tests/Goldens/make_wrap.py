#!/usr/bin/python3
"""Generate Tests/Goldens/wrap.json: the lines headless Chromium gives one paragraph under
CSS `text-wrap: wrap` (greedy), `text-wrap: balance` and `text-wrap: pretty`.

Run from the repository root with Debian's Python (it has fontTools):

    /usr/bin/python3 Tests/Goldens/make_wrap.py

Needs the Debian 12 packages `chromium` and `libharfbuzz-bin`. Chromium is run exactly as
make_browser_layouts.py runs it (imported from there: the DevTools pipe, the private
fontconfig with hinting off, the @font-face page and its font check).

A case is one paragraph of English words separated by single spaces (no hard breaks) in
DejaVu Sans or Noto Sans at 14-20 px, a container width and an explicit line height. It is
set in a <div> with `white-space: normal; text-align: left; line-height: Hpx` and each of the
three `text-wrap` values. The script checks, and fails loudly otherwise, that

- the @font-face fonts loaded and the browser applied the `text-wrap` value;
- every word's width in the browser is hb-shape's advance sum x size / unitsPerEm within
  1/64 px;
- the div is lines x H tall, every non-space character has one client rect and the lines
  (characters grouped by their rect's top) are in logical order;
- the `wrap` lines are the greedy lines from hb-shape widths (break after spaces; a line's
  width excludes trailing spaces; it fits when that width <= the container width);
- each line's rect width (a Range from its first character to its last non-space one) is its
  hb-shape width within -1/64 .. +2/64 px (the rect encloses the glyphs in LayoutUnits).

Cases with a greedy decision within TIE px of the width are dropped with a note on stderr.
The script also runs a restatement in Python of Chromium's ScoreLineBreaker and of the
bisection in ParagraphLineBreaker (Tests/Goldens/wrap.md)
over hb-shape widths and reports, per case and mode, where it disagrees with the browser; that
report is informational, the golden is the browser's.
"""
import json
import os
import re
import sys

import hbshape
import make_browser_layouts as browser

REPO = hbshape.REPO
OUT = os.path.join(REPO, "Tests", "Goldens", "wrap.json")
FONTS = [browser.DEJAVU, browser.NOTO]
MODES = ("wrap", "balance", "pretty")
EPS = 1e-9


# --------------------------------------------------------------------------- cases

def case(name, note, font, size, line_height, width, text):
    return {"name": name, "note": note, "font": font, "size": size,
            "lineHeight": line_height, "width": width, "text": text}


D, N = browser.DEJAVU, browser.NOTO

CASES = [
    # Orphans that pretty removes.
    case("orphan-two-lines-dejavu-16",
         "two lines, greedy leaves one short word alone on the last line; balance and "
         "pretty both move a word down",
         D, 16, 24, 580,
         "The quick brown fox jumps over the lazy dog and then runs off into the forest"),
    case("orphan-five-lines-noto-15",
         "five lines ending in a short orphan: pretty changes only the last line's "
         "start, balance (five lines, under its limit) changes every break",
         N, 15, 22, 262,
         "Typography is the art and technique of arranging type to make written language "
         "legible, readable and appealing when it is shown to a reader"),
    case("orphan-six-lines-dejavu-14",
         "six lines ending in an orphan: pretty reconsiders only the last four lines "
         "(lines 0-1 stay greedy) and changes three breaks; six lines is the most "
         "balance takes and it changes every break",
         D, 14, 21, 223,
         "Line breaking is the process of choosing where to end each line of a paragraph so "
         "that the text fits its container and reads well from one line to the next one"),
    case("orphan-four-lines-noto-14",
         "four lines ending in an orphan: pretty's window is the whole paragraph and it "
         "changes breaks on earlier lines too",
         N, 14, 20, 440,
         "When a paragraph is long the browser keeps the first lines as the greedy breaker "
         "left them and reconsiders only the lines near the end where a lonely last word "
         "would look odd to the reader of this page"),
    case("orphan-eight-lines-dejavu-15",
         "eight lines ending in an orphan: balance is over its six-line limit and keeps "
         "greedy; pretty still fixes the end, working on the last four lines only",
         D, 15, 22, 311,
         "A long paragraph gives the reader many lines to follow and the layout engine many "
         "places to break them. Balance gives up on text this long and lays it out like "
         "normal wrapping, while pretty still looks at the end of the paragraph and tries "
         "to avoid a short lonely word on it now"),
    # Pretty that changes nothing.
    case("long-last-line-dejavu-16",
         "the greedy last line is longer than a third of the width: pretty keeps greedy; "
         "the lines are even enough that balance keeps greedy too",
         D, 16, 24, 365,
         "Greedy wrapping fills each line with as many words as fit and then moves on to "
         "the next line of the text without looking back at all"),
    case("two-word-last-line-noto-16",
         "the greedy last line is shorter than a third of the width but has two words (a "
         "break opportunity inside): pretty keeps greedy, balance does not",
         N, 16, 24, 375,
         "Every line of this paragraph is filled greedily from the left and the final line "
         "holds only two words at its end: so it is"),
    case("long-last-line-noto-18",
         "three nearly full lines: every mode keeps greedy",
         N, 18, 26, 428,
         "Measuring text exactly matters for layout because a single pixel of error can "
         "push a word onto the next line and change the height of a whole view"),
    # Balance: headings.
    case("heading-two-lines-dejavu-20",
         "a two-line heading whose greedy second line is half as long as the first: "
         "balance evens the lines; pretty keeps greedy (the last line has three words)",
         D, 20, 28, 350,
         "Exact text measurement and line breaking for Swift"),
    case("heading-two-lines-noto-20",
         "a two-line heading in Noto Sans: balance moves a word down",
         N, 20, 28, 320,
         "How the browser balances the lines of a heading"),
    case("heading-three-lines-dejavu-18",
         "a three-line heading ending in one word longer than a third of the width: "
         "balance changes two breaks, pretty keeps greedy",
         D, 18, 26, 240,
         "A short guide to balanced headings in modern web browsers"),
    case("heading-three-lines-noto-19",
         "a three-line heading in Noto Sans ending in a short single word: balance and "
         "pretty both change it",
         N, 19, 27, 250,
         "Why balanced text looks better than greedy text in titles"),
    case("heading-three-words-dejavu-20",
         "three words on two lines, greedy two plus one: balance has only two break "
         "opportunities, too few for the score breaker, and bisects the width instead, "
         "giving one plus two",
         D, 20, 28, 384,
         "Internationalization considerations matter"),
    case("heading-three-words-noto-20",
         "three words on two lines, greedy two plus one: balance has too few break "
         "opportunities for the score breaker and bisects the width, giving one plus two",
         N, 20, 28, 362,
         "Internationalization considerations matter"),
    case("heading-four-words-noto-20",
         "four words on two lines: three break opportunities, the score breaker's "
         "minimum",
         N, 20, 28, 420,
         "Understanding typographic measurement principles"),
    case("heading-two-words-dejavu-18",
         "two long words on two lines: one break opportunity, nothing to balance or "
         "improve",
         D, 18, 26, 200,
         "Incomprehensibilities notwithstanding"),
    # Balance: paragraphs around the line limit.
    case("balance-five-lines-noto-16",
         "five lines that greedy already fills evenly: balance and pretty keep greedy",
         N, 16, 24, 273,
         "Balanced wrapping is meant for headings and short blocks of text, but it also "
         "works for a paragraph of a few lines like this one, where the last line of greedy "
         "wrapping is short"),
    case("balance-six-lines-dejavu-14",
         "six lines (balance's limit) with a full last line: balance keeps greedy",
         D, 14, 20, 213,
         "Six lines is the longest paragraph that the browser will balance with its score "
         "based line breaker, so this text is written to need exactly six lines at this "
         "width and size"),
    case("balance-seven-lines-noto-15",
         "seven lines with a half-full last line: more than balance's six-line limit, so "
         "balance keeps greedy",
         N, 15, 22, 256,
         "Seven lines are one more than the browser is willing to balance, so for this "
         "paragraph the balanced layout is the same as the greedy one, even though its "
         "last line is short and the lines could have been made more even than they are"),
    case("balance-eight-lines-dejavu-16",
         "eight lines: balance keeps greedy; the last line has several words, so pretty "
         "keeps greedy",
         D, 16, 24, 281,
         "A paragraph of eight lines is far beyond the limit on balanced text. The engine "
         "first breaks the lines greedily to count them, sees that there are too many and "
         "keeps the greedy result instead of searching for a better one; pretty, however, "
         "may still adjust the end"),
    # Mixed.
    case("orphan-two-lines-noto-17",
         "two lines with a one-word last line in Noto Sans: balance and pretty move "
         "words down",
         N, 17, 25, 601,
         "Orphans are single short words left alone at the very end of a paragraph in print"),
    case("even-two-lines-dejavu-17",
         "two lines of nearly the same length: every mode keeps greedy",
         D, 17, 25, 310,
         "Some paragraphs already wrap into two lines of nearly the same length"),
    case("short-words-three-lines-noto-14",
         "many short words over three lines ending in an orphan",
         N, 14, 20, 246,
         "It is a set of short words and it is set to be as long as it can be on a line of "
         "text"),
    case("long-words-four-lines-dejavu-17",
         "long words over four lines with a two-thirds-full last line: every mode keeps "
         "greedy",
         D, 17, 25, 388,
         "Extraordinarily complicated implementations occasionally necessitate "
         "comprehensive documentation explaining counterintuitive characteristics to "
         "developers"),
    case("orphan-five-lines-noto-18",
         "five lines ending in an orphan: pretty leaves line 0 alone and changes two "
         "breaks in the last four lines",
         N, 18, 26, 302,
         "Five lines of text give the pretty algorithm one line that it does not touch at "
         "the start, and four lines at the end where it may move words around"),
]


# --------------------------------------------------------------------------- widths

def words_of(text):
    """[(start, end, word)] of the runs of non-space characters (UTF-16 = code points here)."""
    return [(m.start(), m.end(), m.group(0)) for m in re.finditer(r"\S+", text)]


def word_width(font_path, word, size):
    f = browser.font(font_path)
    glyphs = hbshape.shape(font_path, word, direction="ltr")
    if any(g["g"] == 0 for g in glyphs):
        raise SystemExit("%s has no glyph for some character in %r" % (font_path, word))
    return sum(g["ax"] for g in glyphs) * size / f.upem


def space_width(font_path, size):
    return hbshape.advance(font_path, " ") * size / browser.font(font_path).upem


class Para:
    """A case's words and hb-shape widths: `w[i]` word widths, `sp` the space."""

    def __init__(self, c):
        self.c = c
        self.words = words_of(c["text"])
        self.w = [word_width(c["font"], word, c["size"]) for _s, _e, word in self.words]
        self.sp = space_width(c["font"], c["size"])

    def width(self, a, b):
        """Width of words a..b-1 on one line (inner spaces, no trailing space)."""
        return sum(self.w[a:b]) + self.sp * (b - a - 1)

    def starts(self, firsts):
        """UTF-16 start offsets of lines beginning at word indices `firsts`."""
        return [self.words[i][0] for i in firsts]

    def greedy(self, avail, first=0, decisions=None):
        """Start word indices of greedy lines from word `first`."""
        firsts, a = [], first
        while a < len(self.w):
            b = a + 1
            while b < len(self.w) and self.width(a, b + 1) <= avail:
                b += 1
            if decisions is not None:
                decisions.append(self.width(a, b))
                if b < len(self.w):
                    decisions.append(self.width(a, b + 1))
            firsts.append(a)
            a = b
        return firsts


# --------------------------------------------------------------------------- the model
# Chromium's algorithms restated over hb-shape widths (see wrap.md for the sources).
# Float32 rounding and LayoutUnit snapping of positions are not modelled.

MAX_LINES_FOR_BALANCE = 6       # kMaxLinesForBalance
MAX_LINES_FOR_OPTIMAL = 4       # kMaxLinesForOptimal
SCORE_OVERFULL = 1e12           # kScoreOverfull
LAST_LINE_PENALTY_MULTIPLIER = 4.0
ORPHANS_PENALTY = 10000.0       # kOrphansPenalty (x zoom = 1)
SHORT_LINE_DENOMINATOR = 3      # kShortLineDenominator
MIN_CANDIDATES = 3              # kMinCandidates


def score_breaks(p, avail, first, balanced):
    """ScoreLineBreaker::Optimize over the lines from word `first` to the end: returns the
    start word indices of the optimal lines, or None where Chromium returns false (fewer
    than MIN_CANDIDATES break opportunities, or a line count other than greedy's)."""
    n = len(p.w)
    greedy_count = len(p.greedy(avail, first))
    # Candidates: the start sentinel, a break after each word but the last, the end.
    # pos_no_break: the position after the break (trailing space included);
    # pos_if_break: the line's end if it breaks here (trailing space excluded).
    cands = [(0.0, 0.0, 0.0)]
    x = 0.0
    for i in range(first, n):
        x += p.w[i]
        if i < n - 1:
            cands.append((x + p.sp, x, 0.0))
            x += p.sp
    cands.append((x, x, 0.0))
    if len(cands) < MIN_CANDIDATES + 2:
        return None
    if len(cands) >= 4:
        pos_no, pos_if, pen = cands[-2]
        cands[-2] = (pos_no, pos_if, pen + ORPHANS_PENALTY)
    hyphen_penalty = avail * p.c["size"] * 2
    line_penalty = hyphen_penalty * 2
    fit = avail + browser.LU            # AvailableWidthToFit: AddEpsilon()
    scores = [(0.0, 0, 0)]              # (score, prev_index, line_index)
    active = 0
    for end in range(1, len(cands)):
        is_last = end == len(cands) - 1
        best, best_prev, best_hope = float("inf"), 0, 0.0
        start_edge = cands[end][1] - fit
        for start in range(active, end):
            if scores[start][0] + best_hope >= best:
                continue
            delta = cands[start][0] - start_edge
            width_score = additional = 0.0
            if is_last and delta < 0:
                width_score = SCORE_OVERFULL
            elif is_last and not balanced:
                additional = LAST_LINE_PENALTY_MULTIPLIER * cands[start][2]
            elif delta < 0:
                width_score = SCORE_OVERFULL
            else:
                width_score = delta * delta
            if delta < 0:
                active = start + 1
            else:
                best_hope = width_score
            score = scores[start][0] + width_score + additional
            if score <= best:
                best, best_prev = score, start
        scores.append((best + cands[end][2] + line_penalty, best_prev,
                       scores[best_prev][2] + 1))
    ends, i = [], len(cands) - 1
    while i > 0:
        ends.append(i)
        i = scores[i][1]
    ends.reverse()
    if len(ends) != greedy_count:
        return None
    # Candidate k (1-based) is the break after word first + k - 1.
    return [first] + [first + k for k in ends[:-1]]


def bisect_balance(p, avail):
    """ParagraphLineBreaker::AttemptParagraphBalancing (the fallback): the narrowest width,
    to epsilon = 1 px, between 0.8 x the average greedy line width and `avail` that keeps
    the greedy line count. Returns the lines at that width, or None."""
    count = len(p.greedy(avail))
    if count > MAX_LINES_FOR_BALANCE or count <= 1:
        return None
    widths = []
    firsts = p.greedy(avail) + [len(p.w)]
    for a, b in zip(firsts, firsts[1:]):
        widths.append(p.width(a, b))
    lower = round(sum(widths) / count * 0.8 * 64) / 64
    upper, eps = float(avail), 1.0
    while lower + eps < upper:
        middle = int((upper + lower) / 2 * 64) / 64
        if len(p.greedy(middle)) <= count:
            upper = middle
        else:
            lower = middle
    return p.greedy(upper)


def model(p, mode):
    avail = p.c["width"]
    greedy = p.greedy(avail)
    if mode == "wrap" or len(greedy) <= 1:
        return greedy, "greedy"
    if mode == "balance":
        if len(greedy) > MAX_LINES_FOR_BALANCE:
            return greedy, "greedy (over the line limit)"
        lines = score_breaks(p, avail, 0, True)
        if lines is not None:
            return lines, "score"
        lines = bisect_balance(p, avail)
        return (lines, "bisection") if lines else (greedy, "greedy")
    # pretty: the last (at most) four greedy lines, only when the last line is one word
    # shorter than a third of the width.
    last = greedy[-1]
    if not (last == len(p.w) - 1 and p.width(last, len(p.w)) < avail / SHORT_LINE_DENOMINATOR):
        return greedy, "greedy (last line not a short single word)"
    k = max(0, len(greedy) - MAX_LINES_FOR_OPTIMAL)
    lines = score_breaks(p, avail, greedy[k], False)
    if lines is None:
        return greedy, "greedy (optimizer declined)"
    return greedy[:k] + lines, "score over lines %d-%d" % (k, len(greedy) - 1)


# --------------------------------------------------------------------------- Chromium

JS = r"""
const FAMILY = %(families)s;

function charRects(node, i) {
  const range = document.createRange();
  range.setStart(node, i); range.setEnd(node, i + 1);
  return [...range.getClientRects()];
}

// c = {text, font, size, lineHeight, width, mode}. Returns the computed text-wrap-style, the
// div's height, per non-space character [index, top, count of client rects], and per line
// (first character to last non-space character, given by the caller in a second call) the
// rect width.
function layoutWrap(c) {
  const host = document.getElementById('host');
  host.replaceChildren();
  const el = document.createElement('div');
  el.className = 'wrap';
  el.style.width = c.width + 'px';
  el.style.fontFamily = '"' + FAMILY[c.font] + '"';
  el.style.fontSize = c.size + 'px';
  el.style.lineHeight = c.lineHeight + 'px';
  el.style.textWrap = c.mode;
  el.textContent = c.text;
  host.appendChild(el);
  const node = el.firstChild, chars = [];
  for (let i = 0; i < c.text.length; i++) {
    if (c.text[i] === ' ') continue;
    const rs = charRects(node, i);
    chars.push([i, rs.length ? rs[0].top : null, rs.length]);
  }
  const widths = c.lines.length ? c.lines.map(([s, e]) => {
    const range = document.createRange();
    range.setStart(node, s); range.setEnd(node, e);
    return range.getBoundingClientRect().width;
  }) : [];
  const style = getComputedStyle(el);
  const res = {style: style.textWrapStyle, mode: style.textWrapMode,
               height: el.getBoundingClientRect().height, top: el.getBoundingClientRect().top,
               chars, widths};
  el.remove();
  return res;
}

// Each word alone in a nowrap span: its Range width.
function wordWidths(font, size, words) {
  const host = document.getElementById('host');
  host.replaceChildren();
  return words.map(w => {
    const span = document.createElement('span');
    span.style.whiteSpace = 'nowrap';
    span.style.fontFamily = '"' + FAMILY[font] + '"';
    span.style.fontSize = size + 'px';
    span.textContent = w;
    host.appendChild(span);
    const range = document.createRange();
    range.selectNodeContents(span);
    const width = range.getBoundingClientRect().width;
    span.remove();
    return width;
  });
}
"""

CSS = browser.CSS + """#host .wrap { margin: 0; padding: 0; border: 0; text-align: left; white-space: normal; }
"""


def browser_lines(chromium, c, mode, line_ends=()):
    """The browser's line start offsets under `mode` (and, with `line_ends`, the rect widths
    of [start, end) per line)."""
    name = "%s/%s" % (c["name"], mode)
    res = chromium.call("layoutWrap", dict(c, mode=mode, lines=list(line_ends)))
    want_style = {"wrap": "auto"}.get(mode, mode)
    if res["style"] != want_style or res["mode"] != "wrap":
        raise SystemExit("%s: text-wrap-style %r / mode %r computed" % (name, res["style"],
                                                                       res["mode"]))
    tops, starts = [], []
    for i, top, count in res["chars"]:
        if count != 1:
            raise SystemExit("%s char %d: %d client rects" % (name, i, count))
        if not tops or abs(top - tops[-1]) > EPS:
            if tops and top < tops[-1]:
                raise SystemExit("%s char %d: lines not in logical order" % (name, i))
            tops.append(top)
            starts.append(i)
    for k, t in enumerate(tops):
        if abs(t - tops[0] - k * c["lineHeight"]) > browser.LU + EPS:
            raise SystemExit("%s line %d: top %r is not %d x %r below line 0"
                             % (name, k, t, k, c["lineHeight"]))
    if abs(res["height"] - len(starts) * c["lineHeight"]) > browser.LU + EPS:
        raise SystemExit("%s: height %r is not %d lines x %r" % (name, res["height"],
                                                                 len(starts), c["lineHeight"]))
    return starts, res["widths"]


class Stats:
    def __init__(self):
        self.text = 0.0
        self.rect = (float("inf"), float("-inf"))
        self.margin = float("inf")
        self.model = []          # (case, mode, how, agrees)


STATS = Stats()


def q(v):
    return round(v * 1024) / 1024


def run_case(chromium, c):
    """Returns (case with lines and widths, None) or (None, tie notes)."""
    name = c["name"]
    if not 14 <= c["size"] <= 20 or c["font"] not in FONTS or "  " in c["text"] or \
            c["text"] != c["text"].strip() or not c["text"].isascii():
        raise SystemExit("%s: not a case this script handles" % name)
    p = Para(c)
    decisions = []
    greedy = p.greedy(c["width"], decisions=decisions)
    notes = ["%.4f px vs %g" % (d, c["width"]) for d in decisions
             if abs(d - c["width"]) < browser.TIE]
    STATS.margin = min([STATS.margin] + [abs(d - c["width"]) for d in decisions])
    if notes:
        return None, notes
    bw = chromium.call("wordWidths", c["font"], c["size"], [w for _s, _e, w in p.words])
    for (_s, _e, w), got, exact in zip(p.words, bw, p.w):
        STATS.text = max(STATS.text, abs(got - exact))
        if abs(got - exact) > browser.LU + EPS:
            raise SystemExit("%s word %r: browser width %r, hb-shape %r" % (name, w, got, exact))
    out = dict(c, lines={}, widths={})
    first_of = {s: i for i, (s, _e, _w) in enumerate(p.words)}
    for mode in MODES:
        starts, _ = browser_lines(chromium, c, mode)
        if any(s not in first_of for s in starts) or starts[0] != 0:
            raise SystemExit("%s/%s: a line does not start at a word: %s" % (name, mode, starts))
        firsts = [first_of[s] for s in starts] + [len(p.w)]
        spans = [(p.words[a][0], p.words[b - 1][1]) for a, b in zip(firsts, firsts[1:])]
        again, rect_widths = browser_lines(chromium, c, mode, spans)
        if again != starts:
            raise SystemExit("%s/%s: layout not repeatable" % (name, mode))
        widths = [p.width(a, b) for a, b in zip(firsts, firsts[1:])]
        for k, (rw, w) in enumerate(zip(rect_widths, widths)):
            d = rw - w
            STATS.rect = (min(STATS.rect[0], d), max(STATS.rect[1], d))
            if not -browser.LU - EPS <= d < 2 * browser.LU + EPS:
                raise SystemExit("%s/%s line %d: rect width %r vs hb-shape %r" % (name, mode, k,
                                                                                 rw, w))
            if w > c["width"] + EPS:
                raise SystemExit("%s/%s line %d overflows: %r" % (name, mode, k, w))
        if mode == "wrap" and starts != p.starts(greedy):
            raise SystemExit("%s: browser's wrap lines %s, greedy by hb-shape widths %s"
                             % (name, starts, p.starts(greedy)))
        guess, how = model(p, mode)
        STATS.model.append((name, mode, how, p.starts(guess) == starts, p.starts(guess), starts))
        out["lines"][mode] = starts
        out["widths"][mode] = [q(w) for w in widths]
    return out, None


def main():
    families = json.dumps({f: browser.font(f).family for f in FONTS}, sort_keys=True)
    cases, dropped, product = browser.run_cases(CSS, JS % {"families": families}, FONTS, CASES, run_case)
    browser.write(OUT, {"generator": "Tests/Goldens/make_wrap.py",
                        "chromium": browser.generator_description(product), "cases": cases})
    print("cases: %d written, %d dropped" % (len(cases), len(dropped)), file=sys.stderr)
    print("max |browser - hb-shape| word width: %.6f px" % STATS.text, file=sys.stderr)
    print("line rect width - hb-shape: %.3f/64 to %.3f/64 px"
          % (STATS.rect[0] * 64, STATS.rect[1] * 64), file=sys.stderr)
    print("smallest greedy break margin: %.4f px" % STATS.margin, file=sys.stderr)
    agree = sum(1 for m in STATS.model if m[3])
    print("Python restatement of Chromium's algorithms agrees on %d of %d layouts"
          % (agree, len(STATS.model)), file=sys.stderr)
    for name, mode, how, ok, guess, got in STATS.model:
        if mode != "wrap":
            print("  %-34s %-8s %-5s %s%s" % (name, mode, "ok" if ok else "DIFF", how,
                                               "" if ok else ": model %s, browser %s"
                                               % (guess, got)), file=sys.stderr)


if __name__ == "__main__":
    main()
