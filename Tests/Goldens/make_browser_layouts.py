#!/usr/bin/python3
"""Generate Tests/Goldens/browser_flow.json and browser_cells.json: layout frames from
headless Chromium, an engine independent of Caliper.

Run from the repository root with Debian's Python (it has fontTools):

    /usr/bin/python3 Tests/Goldens/make_browser_layouts.py

Needs the Debian 12 package `chromium` (the binary /usr/lib/chromium/chromium) and
`libharfbuzz-bin` (hb-shape). Chromium is driven over the DevTools protocol on a pipe
(--remote-debugging-pipe, file descriptors 3 and 4), so no Python packages beyond the
standard library and fontTools are needed.

Chip flows and the Examples/*.json cells are translated to CSS flexbox (see
Tests/Goldens/browser_layouts.md); the fixture fonts are loaded with @font-face
from file:// URLs. A label may be attributed text: `spans` setting font, size and variations
over its `text` become <span>s, `attachments` (inline boxes aligned top or bottom) become
inline-blocks, and a variable font's coordinates become font-variation-settings. Chromium
gets a private fontconfig file with hinting off, so its glyph advances are unhinted and
subpixel-positioned. The script checks, and fails loudly otherwise, that

- every @font-face font loaded;
- every chip's text width, and the width of every run of a one-line label's text (a span's
  text between inline boxes), in the browser agrees with hb-shape's
  advance * size / unitsPerEm (HVAR deltas included) within 1/64 px;
- the browser's rows and wrapped lines are the greedy ones computed from hb-shape widths;
- the browser's frames agree with an exact model of Caliper's semantics (hb-shape widths,
  exact line heights) within the tolerances documented in browser_layouts.md.

Cases whose row or line breaks are within TIE px of the available width (by hb-shape
widths), or change when the width moves by +-TIE in the browser, are dropped (flow) or
moved to another width (cells), with a note on stderr.
"""
import copy
import fcntl
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

from fontTools.ttLib import TTFont

import hbshape

REPO = hbshape.REPO
OUT_FLOW = os.path.join(REPO, "Tests", "Goldens", "browser_flow.json")
OUT_CELLS = os.path.join(REPO, "Tests", "Goldens", "browser_cells.json")
CHROMIUM = "/usr/lib/chromium/chromium"  # the real binary; /usr/bin/chromium is a wrapper script
CHROMIUM_FLAGS = [
    "--headless",                  # the "new" headless mode (the only one in this version)
    "--no-sandbox",                # needed when running as root
    "--remote-debugging-pipe",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-extensions",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-gpu",
    "--hide-scrollbars",
    "--force-device-scale-factor=1",
    "--window-size=1280,1024",
]
# Chromium on Linux takes hinting/antialiasing from fontconfig (not from
# --font-render-hinting, which the new headless mode ignores). With hinting off it uses
# linear (unhinted) advances and subpixel glyph positions. <dir> lists only the fixture
# fonts, so even an accidental fallback could only pick a fixture font.
FONTCONFIG = """<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <dir>{fonts}</dir>
  <cachedir>{cache}</cachedir>
  <match target="pattern">
    <edit name="hinting" mode="assign"><bool>false</bool></edit>
    <edit name="hintstyle" mode="assign"><const>hintnone</const></edit>
    <edit name="antialias" mode="assign"><bool>true</bool></edit>
    <edit name="rgba" mode="assign"><const>none</const></edit>
  </match>
  <match target="font">
    <edit name="hinting" mode="assign"><bool>false</bool></edit>
    <edit name="hintstyle" mode="assign"><const>hintnone</const></edit>
    <edit name="antialias" mode="assign"><bool>true</bool></edit>
    <edit name="rgba" mode="assign"><const>none</const></edit>
  </match>
</fontconfig>
"""

TIE = 0.1            # px; row/line decisions closer than this to the limit are ties
LU = 1 / 64          # Chromium's LayoutUnit
EPS = 1e-9
CELL_WIDTHS = [320, 375, 414]
CELL_FALLBACK_WIDTHS = [360, 390, 428]   # used, in order, in place of a width with a tie

NOTO = "Fonts/NotoSans-Regular.ttf"
NOTO_BOLD = "Fonts/NotoSans-Bold.ttf"
DEJAVU = "Fonts/DejaVuSans.ttf"
LIBERATION = "Fonts/LiberationSans-Regular.ttf"
INTER = "Fonts/Inter.var.ttf"       # variable: wght 100-900, HVAR, no MVAR
FONTS = [DEJAVU, INTER, LIBERATION, NOTO, NOTO_BOLD]


# --------------------------------------------------------------------------- fonts

class Font:
    def __init__(self, path):
        tt = TTFont(os.path.join(REPO, path))
        self.path = path
        self.upem = tt["head"].unitsPerEm
        hhea = tt["hhea"]
        self.ascender, self.descender, self.line_gap = hhea.ascent, hhea.descent, hhea.lineGap
        self.line_units = hhea.ascent - hhea.descent + hhea.lineGap
        self.family = "caliper-" + os.path.splitext(os.path.basename(path))[0].lower()
        self.axes = {a.axisTag for a in tt["fvar"].axes} if "fvar" in tt else set()
        # Without MVAR, an instance has the default's hhea metrics (as Caliper and Chromium
        # read them); with it the model's line heights would be wrong.
        self.has_mvar = "MVAR" in tt
        self._shapes = {}

    def line_height(self, size):
        return self.line_units * size / self.upem

    def metrics(self, size):
        """hhea ascender, descender (negative) and lineGap at `size`."""
        return tuple(v * size / self.upem for v in (self.ascender, self.descender, self.line_gap))

    def width(self, text, size, variations=()):
        """hb-shape width of `text` at `size`; `variations` is a sorted tuple of (axis, value)."""
        if variations:
            if not {tag for tag, _ in variations} <= self.axes or self.has_mvar:
                raise SystemExit("%s: cannot model variations %s" % (self.path, variations))
            key = (text, variations)
            if key not in self._shapes:
                setting = ",".join("%s=%g" % tv for tv in variations)
                self._shapes[key] = hbshape.shape_variations(self.path, text, setting)
            glyphs = self._shapes[key]
        else:
            glyphs = hbshape.shape(self.path, text)
        if any(g["g"] == 0 for g in glyphs):
            raise SystemExit("%s has no glyph for some character in %r" % (self.path, text))
        return sum(g["ax"] for g in glyphs) * size / self.upem


FONT = {p: Font(p) for p in FONTS}


def font(path):
    if path not in FONT:
        raise SystemExit("font %s is not one of %s" % (path, FONTS))
    return FONT[path]


# --------------------------------------------------------------------------- flow cases

TAGS = ["swift", "ios", "machine learning", "text layout", "HarfBuzz", "linux",
        "server-side swift", "typography", "UICollectionView", "auto layout", "fonts",
        "performance"]
TAGS2 = ["AVATAR", "office", "Wi-Fi", "a", "fonts", "typography", "HarfBuzz",
         "internationalization and localization", "text layout", "swift", "ios",
         "WAVE", "Yo-yo", "kerning"]
TAGS3 = ["a", "ios", "Wi-Fi", "a", "office", "swift", "a", "AVATAR", "fonts", "a",
         "linux", "ios", "a", "typography"]
SHORT = ["swift", "ios", "fonts", "linux", "a", "Wi-Fi", "office", "AVATAR"]

P_4_10 = [4, 10, 4, 10]
P_6_12 = [6, 12, 6, 12]
P_0 = [0, 0, 0, 0]
I_0 = [0, 0, 0, 0]
I_12_16 = [12, 16, 12, 16]


def items(texts, font_path, size, padding):
    return [{"text": t, "font": font_path, "size": size, "padding": list(padding)} for t in texts]


def flow(name, width, texts_or_items, font_path=None, size=None, padding=None, insets=I_0,
         spacing=8, line_spacing=8, alignment="leading", rtl=False, exact_fit=False):
    its = texts_or_items if font_path is None else items(texts_or_items, font_path, size, padding)
    return {"name": name, "containerWidth": width, "insets": list(insets), "spacing": spacing,
            "lineSpacing": line_spacing, "alignment": alignment, "rtl": rtl, "items": its,
            "exactFit": exact_fit}


def mixed_items():
    spec = [("swift", NOTO, 17, P_6_12), ("ios", DEJAVU, 12, P_4_10),
            ("machine learning", LIBERATION, 14, P_4_10), ("HarfBuzz", NOTO, 12, P_0),
            ("typography", DEJAVU, 16, [8, 14, 8, 14]), ("a", LIBERATION, 17, P_4_10),
            ("text layout", NOTO, 13, P_4_10), ("AVATAR", LIBERATION, 15, P_6_12),
            ("office", DEJAVU, 13, [2, 6, 2, 6]), ("UICollectionView", NOTO, 16, P_4_10),
            ("Wi-Fi", DEJAVU, 17, P_4_10), ("fonts", NOTO, 12, P_6_12),
            ("server-side swift", LIBERATION, 12, P_4_10)]
    return [{"text": t, "font": f, "size": s, "padding": list(p)} for t, f, s, p in spec]


def exact_fit_case():
    """DejaVu Sans (unitsPerEm 2048) at 16 px: a width is advance / 128 px, a multiple of
    1/64 px when the advance sum is even, so Chromium's ceil to 1/64 is a no-op and the
    float sums are exact. The container is exactly as wide as the first row."""
    texts = ["fonts", "linux", "kerning", "AVATAR", "auto layout", "Wi-Fi", "performance",
             "layout", "chips"]
    f = font(DEJAVU)
    for t in texts:
        units = hbshape.advance(DEJAVU, t)
        if units % 2:
            raise SystemExit("exact-fit text %r has an odd advance sum %d" % (t, units))
    padding, spacing, first_row = [4, 8, 4, 8], 8, 3
    width = sum(f.width(t, 16) + padding[1] + padding[3] for t in texts[:first_row])
    width += spacing * (first_row - 1)
    return flow("exact-fit-dejavu16", width, texts, DEJAVU, 16, padding, spacing=spacing,
                line_spacing=8, exact_fit=True)


FLOW_CASES = [
    flow("leading-noto14-375", 375, TAGS, NOTO, 14, P_4_10),
    flow("leading-noto14-320-insets", 320, TAGS, NOTO, 14, P_4_10, insets=I_12_16),
    flow("leading-noto14-414", 414, TAGS, NOTO, 14, P_4_10),
    flow("leading-dejavu15-375-spacing6", 375, TAGS2, DEJAVU, 15, P_6_12, spacing=6,
         line_spacing=4),
    flow("leading-liberation12-200-zero", 200, TAGS3, LIBERATION, 12, P_0, spacing=0,
         line_spacing=0),
    flow("leading-noto12-200-insets", 200, SHORT + SHORT[:4], NOTO, 12, P_4_10,
         insets=I_12_16, spacing=6, line_spacing=4),
    flow("leading-asymmetric-padding-insets", 320, TAGS, DEJAVU, 13, [2, 14, 6, 8],
         insets=[10, 20, 6, 4], spacing=6, line_spacing=4),
    flow("leading-long-tag-noto14-320", 320, TAGS2, NOTO, 14, P_4_10, insets=I_12_16),
    flow("center-dejavu13-414", 414, TAGS, DEJAVU, 13, P_6_12, spacing=6, line_spacing=4,
         alignment="center"),
    flow("center-noto16-375-insets", 375, TAGS2, NOTO, 16, P_4_10, insets=I_12_16,
         alignment="center"),
    flow("center-liberation17-200", 200, SHORT, LIBERATION, 17, P_4_10, spacing=8,
         line_spacing=8, alignment="center"),
    flow("trailing-liberation15-375", 375, TAGS, LIBERATION, 15, P_4_10,
         alignment="trailing"),
    flow("trailing-noto13-320-zero", 320, TAGS3 + TAGS[:5], NOTO, 13, P_0, spacing=0,
         line_spacing=0, alignment="trailing"),
    flow("trailing-dejavu12-414-insets", 414, TAGS2, DEJAVU, 12, P_6_12, insets=I_12_16,
         spacing=6, line_spacing=4, alignment="trailing"),
    flow("rtl-leading-noto14-375", 375, TAGS, NOTO, 14, P_4_10, rtl=True),
    flow("rtl-trailing-dejavu14-320-insets", 320, TAGS2, DEJAVU, 14, P_6_12,
         insets=[10, 20, 6, 4], alignment="trailing", rtl=True),
    flow("rtl-center-liberation16-414", 414, TAGS, LIBERATION, 16, P_4_10, spacing=6,
         line_spacing=4, alignment="center", rtl=True),
    flow("mixed-fonts-sizes-414", 414, mixed_items()),
    flow("mixed-fonts-sizes-320-center", 320, mixed_items(), insets=I_12_16, spacing=6,
         line_spacing=4, alignment="center"),
    flow("mixed-fonts-sizes-375-rtl", 375, mixed_items(), spacing=6, line_spacing=8,
         rtl=True),
    flow("one-per-row-noto17-200", 200, ["machine learning", "server-side swift",
                                         "UICollectionView", "typography"], NOTO, 17, P_6_12),
    flow("single-chip-liberation14-320", 320, ["HarfBuzz"], LIBERATION, 14, P_4_10,
         insets=I_12_16),
    exact_fit_case(),
]


# --------------------------------------------------------------------------- exact model

def chip_size(item):
    f = font(item["font"])
    t, l, b, r = item["padding"]
    return (f.width(item["text"], item["size"]) + l + r, f.line_height(item["size"]) + t + b)


def model_flow(f, width):
    """Caliper's flow semantics with exact hb-shape widths. Returns frames relative to the
    container's top-left, rows, content height, and the row decisions for the tie check."""
    top, left, bottom, right = f["insets"]
    avail = width - left - right
    sizes = [chip_size(it) for it in f["items"]]
    rows, decisions = [], []
    start, row_w = 0, None
    for i, (w, _h) in enumerate(sizes):
        if row_w is None:
            row_w = w
        elif row_w + f["spacing"] + w <= avail:
            row_w += f["spacing"] + w
        else:
            decisions.append(("row %d break before chip %d" % (len(rows), i),
                              row_w, row_w + f["spacing"] + w))
            rows.append((start, i, row_w))
            start, row_w = i, w
    if row_w is not None:
        decisions.append(("last row %d" % len(rows), row_w, None))
        rows.append((start, len(sizes), row_w))
    frames = [None] * len(sizes)
    y = top
    for a, b, rw in rows:
        free = avail - rw
        offset = {"leading": 0, "center": free / 2, "trailing": free}[f["alignment"]]
        x = offset
        for i in range(a, b):
            w, h = sizes[i]
            fx = left + x if not f.get("rtl") else width - right - x - w
            frames[i] = [fx, y, w, h]
            x += w + f["spacing"]
        y += max(sizes[i][1] for i in range(a, b)) + f["lineSpacing"]
    height = (y - f["lineSpacing"] if rows else top) + bottom
    return {"frames": frames, "rows": [[a, b] for a, b, _ in rows], "height": height,
            "decisions": decisions, "avail": avail}


def flow_ties(f, width, model):
    notes = []
    for what, kept, with_next in model["decisions"]:
        if not f.get("exactFit"):
            STATS.decision("flow", kept, model["avail"])
        if with_next is not None:
            STATS.decision("flow", with_next, model["avail"])
        if abs(kept - model["avail"]) < TIE and not f.get("exactFit"):
            notes.append("%s: row width %.4f vs available %.4f" % (what, kept, model["avail"]))
        if with_next is not None and abs(with_next - model["avail"]) < TIE:
            notes.append("%s: row width with next chip %.4f vs available %.4f"
                         % (what, with_next, model["avail"]))
    return notes


# --------------------------------------------------------------------------- Chromium

class Chromium:
    """Headless Chromium driven through the DevTools protocol on fds 3 (commands) and 4
    (replies); messages are JSON terminated by NUL."""

    def __init__(self):
        self.tmp = tempfile.mkdtemp(prefix="caliper-browser-")
        conf = os.path.join(self.tmp, "fonts.conf")
        with open(conf, "w") as fp:
            fp.write(FONTCONFIG.format(fonts=os.path.join(REPO, "Fonts"),
                                       cache=os.path.join(self.tmp, "fccache")))
        env = dict(os.environ, FONTCONFIG_FILE=conf, LC_ALL="C.UTF-8", TZ="UTC")
        env.pop("FONTCONFIG_PATH", None)
        r3, w3 = os.pipe()
        r4, w4 = os.pipe()
        # Move the pipe ends above 10 so that dup2 onto 3 and 4 in the child cannot clash.
        high = [fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10) for fd in (r3, w3, r4, w4)]
        for fd in (r3, w3, r4, w4):
            os.close(fd)
        child_in, self.w, self.r, child_out = high

        def child_fds():
            os.dup2(child_in, 3)
            os.dup2(child_out, 4)

        self.log = open(os.path.join(self.tmp, "chromium.log"), "w")
        args = [CHROMIUM, "--user-data-dir=" + os.path.join(self.tmp, "profile")]
        args += CHROMIUM_FLAGS + ["about:blank"]
        self.proc = subprocess.Popen(args, preexec_fn=child_fds, pass_fds=(3, 4), env=env,
                                     stdin=subprocess.DEVNULL, stdout=self.log, stderr=self.log)
        os.close(child_in)
        os.close(child_out)
        self.buf, self.next_id, self.session = b"", 0, None

    def fail(self, msg):
        self.log.flush()
        with open(self.log.name, errors="replace") as fp:
            tail = [l for l in fp.read().splitlines() if "dbus" not in l][-20:]
        raise SystemExit("chromium: %s\n%s" % (msg, "\n".join(tail)))

    def send(self, method, params=None, session=True):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            msg["sessionId"] = self.session
        try:
            os.write(self.w, json.dumps(msg).encode() + b"\0")
        except BrokenPipeError:
            self.fail("pipe closed")
        while True:
            while b"\0" not in self.buf:
                chunk = os.read(self.r, 1 << 16)
                if not chunk:
                    self.fail("pipe closed")
                self.buf += chunk
            raw, self.buf = self.buf.split(b"\0", 1)
            reply = json.loads(raw)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    self.fail("%s failed: %s" % (method, reply["error"]))
                return reply["result"]

    def open_page(self, html):
        path = os.path.join(self.tmp, "page.html")
        with open(path, "w") as fp:
            fp.write(html)
        self.navigate("file://" + path)

    def navigate(self, url):
        """Load `url` in the browser's page (attached to on first use); return when its
        document is complete (`url` as location.href spells it)."""
        if self.session is None:
            targets = self.send("Target.getTargets", session=False)["targetInfos"]
            page = [t for t in targets if t["type"] == "page"][0]
            self.session = self.send("Target.attachToTarget",
                                     {"targetId": page["targetId"], "flatten": True},
                                     session=False)["sessionId"]
        self.send("Page.navigate", {"url": url})
        for _ in range(200):
            state = self.eval("location.href + ' ' + document.readyState")
            if state == url + " complete":
                return
            time.sleep(0.05)
        self.fail("page did not load")

    def eval(self, expression):
        res = self.send("Runtime.evaluate", {"expression": expression, "awaitPromise": True,
                                             "returnByValue": True})
        if "exceptionDetails" in res:
            self.fail("JS exception: %s" % json.dumps(res["exceptionDetails"])[:2000])
        return res["result"].get("value")

    def call(self, fn, *args):
        return self.eval("%s(...%s)" % (fn, json.dumps(list(args))))

    def close(self):
        try:
            self.send("Browser.close", session=False)
        except SystemExit:
            pass
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.log.close()
        shutil.rmtree(self.tmp, ignore_errors=True)


# Every page this script (or make_paragraphs.py) builds has this function: it loads every
# @font-face and reports [family, status, check()] for each (see load_fonts).
LOAD_FONTS_JS = r"""
async function loadFonts() {
  await Promise.all([...document.fonts].map(f => f.load().catch(() => null)));
  await document.fonts.ready;
  return [...document.fonts].map(f => [f.family, f.status,
                                       document.fonts.check('16px "' + f.family + '"')]);
}
"""

JS = r"""
const FAMILY = %(families)s;
const px = v => v + 'px';
const pad = p => `${p[0]}px ${p[3]}px ${p[2]}px ${p[1]}px`;   // [t,l,b,r] -> CSS t r b l
const JUSTIFY = {leading: 'flex-start', center: 'center', trailing: 'flex-end'};
const ALIGN = {fill: 'stretch', leading: 'flex-start', center: 'center', trailing: 'flex-end'};

// A text style {font, size, lineHeight, variations}: the font's @font-face, an explicit
// line height, and the variable font's axes as font-variation-settings.
function setText(el, style) {
  el.style.fontFamily = '"' + FAMILY[style.font] + '"';
  el.style.fontSize = px(style.size);
  el.style.lineHeight = px(style.lineHeight);
  const axes = Object.entries(style.variations || {});
  if (axes.length) el.style.fontVariationSettings = axes.map(([tag, v]) => `"${tag}" ${v}`).join(', ');
}

function chip(item) {
  const d = document.createElement('div');
  d.className = 'chip';
  setText(d, item);
  d.style.padding = pad(item.padding);
  d.textContent = item.text;
  return d;
}

function flowElement(f) {
  const c = document.createElement('div');
  c.className = 'flow';
  c.style.columnGap = px(f.spacing);
  c.style.rowGap = px(f.lineSpacing);
  c.style.padding = pad(f.insets);
  c.style.justifyContent = JUSTIFY[f.alignment];
  c.style.direction = f.rtl ? 'rtl' : 'ltr';
  for (const it of f.items) c.appendChild(chip(it));
  return c;
}

function rel(el, origin) {
  const r = el.getBoundingClientRect();
  return [r.left - origin.left, r.top - origin.top, r.width, r.height];
}

function host() {
  const h = document.getElementById('host');
  h.replaceChildren();
  return h;
}

function layoutFlow(f, width) {
  const c = flowElement(f);
  c.style.width = px(width);
  host().appendChild(c);
  const o = c.getBoundingClientRect();
  const res = {width: o.width, height: o.height, frames: [...c.children].map(e => rel(e, o))};
  c.remove();
  return res;
}

// UTF-16 offsets where each visual line of a wrapped label starts. A label's children are
// its pieces: a span of text or an inline box (one U+FFFC). A character or box starts a new
// line when it is left of the one before it (labels are left-to-right) or entirely below
// it (tops alone would not do: on a line of mixed sizes a larger glyph's box starts higher).
function lineStarts(el) {
  const starts = [0];
  let offset = 0, last = null;
  const visit = rect => {
    if (rect && last && (rect.left < last.left - 0.5 || rect.top >= last.bottom)) starts.push(offset);
    if (rect) last = rect;
    offset += 1;
  };
  for (const piece of el.children) {
    if (piece.dataset.box !== undefined) {
      visit(piece.getBoundingClientRect());
      continue;
    }
    const text = piece.firstChild, s = text.data;
    for (let i = 0; i < s.length; i++) {
      if (/\s/.test(s[i])) {
        visit(null);
        continue;
      }
      const range = document.createRange();
      range.setStart(text, i); range.setEnd(text, i + 1);
      const rects = range.getClientRects();
      visit(rects.length ? rects[0] : null);
    }
  }
  return starts;
}

function textWidth(el) {
  const range = document.createRange();
  range.selectNodeContents(el);
  return range.getBoundingClientRect().width;
}

function build(node, parentAxis, named) {
  const el = document.createElement('div');
  switch (node.type) {
    case 'inset':
      el.style.padding = pad(node.insets);
      el.appendChild(build(node.child, null, named));
      break;
    case 'stack':
      el.style.display = 'flex';
      el.style.flexDirection = node.axis === 'vertical' ? 'column' : 'row';
      el.style.gap = px(node.spacing || 0);
      el.style.alignItems = ALIGN[node.alignment || 'fill'];
      for (const child of node.children) el.appendChild(build(child, node.axis, named));
      break;
    case 'box':
      el.style.width = px(node.width);
      el.style.height = px(node.height);
      break;
    case 'label':
      // The label's own style is the CSS strut of each line; every piece is a span in its
      // style or an inline-block for an inline box.
      setText(el, node.base);
      for (const piece of node.pieces) el.appendChild(piece.box ? inlineBox(piece.box) : textSpan(piece));
      if (node.numberOfLines === 1) {
        el.style.whiteSpace = 'nowrap';
        el.style.overflow = 'hidden';
        el.style.textOverflow = 'ellipsis';
      } else if (node.numberOfLines === 0) {
        el.style.overflowWrap = 'anywhere';
      } else {
        throw new Error('numberOfLines ' + node.numberOfLines + ' is not supported');
      }
      break;
    case 'flow':
      return register(flowElement(node), node, parentAxis, named);
    default:
      throw new Error('unknown node type ' + node.type);
  }
  return register(el, node, parentAxis, named);
}

function textSpan(piece) {
  const span = document.createElement('span');
  setText(span, piece);
  span.textContent = piece.text;
  return span;
}

function inlineBox(box) {
  const span = document.createElement('span');
  span.style.display = 'inline-block';
  span.style.width = px(box.width);
  span.style.height = px(box.height);
  span.style.verticalAlign = box.alignment;     // top or bottom (the model refuses others)
  span.dataset.box = box.id;
  return span;
}

function register(el, node, parentAxis, named) {
  if (parentAxis === 'horizontal' && node.flexible) {
    el.style.flex = '1 1 0';
    el.style.minWidth = '0';
  } else if (parentAxis) {
    el.style.flex = 'none';
  }
  if (node.id) named.push([node, el]);
  return el;
}

function layoutCell(spec, width) {
  const named = [];
  const root = build(spec.root, null, named);
  root.style.width = px(width);
  root.style.boxSizing = 'border-box';
  host().appendChild(root);
  const o = root.getBoundingClientRect();
  const res = {height: o.height, frames: {}, labels: {}, flows: {}};
  for (const [node, el] of named) {
    res.frames[node.id] = rel(el, o);
    if (node.type === 'label') {
      res.labels[node.id] = {
        lineStarts: node.numberOfLines === 0 ? lineStarts(el) : [0],
        pieceWidths: node.numberOfLines === 1
          ? [...el.children].map(p => p.dataset.box !== undefined ? null : textWidth(p)) : null};
      for (const box of el.querySelectorAll('[data-box]')) res.frames[box.dataset.box] = rel(box, o);
    } else if (node.type === 'flow') {
      res.flows[node.id] = [...el.children].map(e => rel(e, o));
    }
  }
  root.remove();
  return res;
}
"""

CSS = """
html, body { margin: 0; padding: 0; }
#host { position: absolute; left: 0; top: 0; width: 2000px; }
#host > * { position: absolute; left: 0; top: 0; }
#host div { box-sizing: content-box; margin: 0; border: 0; }
#host > div { box-sizing: border-box; }
.flow { display: flex; flex-wrap: wrap; align-items: flex-start; box-sizing: border-box !important; }
.chip { flex: none; white-space: nowrap; }
"""


def html_page(css, script, paths=FONTS):
    """A page with one @font-face per font in `paths` (family Font.family, a file:// URL),
    `css`, LOAD_FONTS_JS and `script`, and an empty <div id="host">."""
    faces = "".join('@font-face { font-family: "%s"; src: url("file://%s"); }\n'
                    % (font(p).family, os.path.join(REPO, p)) for p in paths)
    return ("<!doctype html>\n<html><head><meta charset=\"utf-8\"><style>\n%s%s</style>"
            "<script>%s%s</script></head><body><div id=\"host\"></div></body></html>\n"
            % (faces, css, LOAD_FONTS_JS, script))


def page_html():
    families = json.dumps({p: FONT[p].family for p in FONTS}, sort_keys=True)
    return html_page(CSS, JS % {"families": families})


def load_fonts(browser, paths=FONTS):
    """Load the page's @font-face fonts (an html_page of `paths`); fail unless every one
    loaded and document.fonts.check() is true for it."""
    status = browser.eval("loadFonts()")
    expected = sorted(font(p).family for p in paths)
    if sorted(s[0] for s in status) != expected or not all(s[1] == "loaded" and s[2]
                                                           for s in status):
        raise SystemExit("@font-face fonts did not all load: %s" % status)


def run_cases(css, script, paths, cases, run_case):
    """Open one page of `css` and `script` with the fonts of `paths` in a fresh Chromium, run
    `run_case(chromium, case)` (which returns the finished case and a list of notes; a case
    with notes is dropped, the notes printed) over `cases` sorted by name, and close it.
    Returns (kept cases, dropped names, the DevTools product string)."""
    chromium = Chromium()
    try:
        product = chromium.send("Browser.getVersion", session=False)["product"]
        chromium.open_page(html_page(css, script, paths))
        load_fonts(chromium, paths)
        kept, dropped = [], []
        for c in sorted(cases, key=lambda c: c["name"]):
            done, notes = run_case(chromium, c)
            if notes:
                dropped.append(c["name"])
                print("dropped case %s: %s" % (c["name"], "; ".join(notes)), file=sys.stderr)
            else:
                kept.append(done)
    finally:
        chromium.close()
    return kept, dropped, product


def generator_description(product):
    """The `generator` string: Chromium's version and binary, the DevTools product, hb-shape's."""
    return ("%s, %s, DevTools product %s; headless, fontconfig hinting off; "
            "text widths checked against %s" % (chromium_version(), CHROMIUM, product,
                                                hbshape.version()))


# --------------------------------------------------------------------------- checks

class Stats:
    def __init__(self):
        self.text = 0.0      # max |browser text width - hb|
        self.dev = {}        # name -> max |browser - model| in LayoutUnits (* 64)
        self.margin = {}     # "flow"/"label" -> smallest |decision width - available width|

    def note(self, key, value):
        self.dev[key] = max(self.dev.get(key, 0.0), value)

    def decision(self, kind, width, avail):
        self.margin[kind] = min(self.margin.get(kind, float("inf")), abs(width - avail))


STATS = Stats()


def check_text_width(what, browser, exact):
    d = abs(browser - exact)
    STATS.text = max(STATS.text, d)
    if d > LU + EPS:
        raise SystemExit("%s: browser text width %r differs from hb-shape %r by %.5f px "
                         "(> 1/64): hinting or font loading is wrong"
                         % (what, browser, exact, d))


def rows_of(frames):
    rows, start = [], 0
    for i in range(1, len(frames) + 1):
        if i == len(frames) or frames[i][1] != frames[start][1]:
            rows.append([start, i])
            start = i
    return rows


def compare_flow(what, f, width, frames, model, origin=(0.0, 0.0)):
    """Check browser chip frames (relative to `origin`) against the exact model."""
    for i, (it, fr) in enumerate(zip(f["items"], frames)):
        t, l, b, r = it["padding"]
        check_text_width("%s chip %d %r" % (what, i, it["text"]), fr[2] - l - r,
                         font(it["font"]).width(it["text"], it["size"]))
    rows = rows_of(frames)
    if rows != model["rows"]:
        raise SystemExit("%s: browser rows %s != greedy rows from hb-shape widths %s"
                         % (what, rows, model["rows"]))
    for row_index, (a, b) in enumerate(rows):
        n = b - a
        for k, i in enumerate(range(a, b)):
            fr, m = frames[i], model["frames"][i]
            # Tolerances in LayoutUnits (browser_layouts.md): every chip is up to 1/64
            # wider, each line box is the line height rounded to the nearest 1/64.
            x_bound = {"leading": k + 1, "trailing": n - k,
                       "center": max(n / 2, k) + 1}[f["alignment"]]
            devs = [("flow x / bound", abs(fr[0] - origin[0] - m[0]) * 64, x_bound),
                    ("flow y / bound", abs(fr[1] - origin[1] - m[1]) * 64, max(row_index / 2, EPS)),
                    ("flow w / bound", abs(fr[2] - m[2]) * 64, 1),
                    ("flow h / bound", abs(fr[3] - m[3]) * 64, 0.5)]
            for key, dev, bound in devs:
                STATS.note(key, dev / bound)
                if dev > bound + EPS:
                    raise SystemExit("%s: chip %d frame %s is outside the documented tolerance "
                                     "of the exact %s (%s)" % (what, i, fr, m, key))
    return len(rows)


# --------------------------------------------------------------------------- flows

def run_flows(browser):
    cases, dropped = [], []
    for f in sorted(FLOW_CASES, key=lambda c: c["name"]):
        width = f["containerWidth"]
        js_case = copy.deepcopy(f)
        for it in js_case["items"]:
            it["lineHeight"] = font(it["font"]).line_height(it["size"])
        model = model_flow(f, width)
        for it, (w, _h) in zip(f["items"], (chip_size(i) for i in f["items"])):
            if w > model["avail"]:
                raise SystemExit("%s: chip %r is wider than the container" % (f["name"], it["text"]))
        ties = flow_ties(f, width, model)
        if ties:
            dropped.append((f["name"], ties))
            print("dropped flow case %s: %s" % (f["name"], "; ".join(ties)), file=sys.stderr)
            continue
        res = browser.call("layoutFlow", js_case, width)
        if res["width"] != width:
            raise SystemExit("%s: container width %r != %r" % (f["name"], res["width"], width))
        nrows = compare_flow(f["name"], f, width, res["frames"], model)
        dh = abs(res["height"] - model["height"]) * 64
        STATS.note("flow content height / bound", dh / (nrows / 2))
        if dh > nrows / 2 + EPS:
            raise SystemExit("%s: content height %r vs exact %r" % (f["name"], res["height"],
                                                                    model["height"]))
        # The rows must not change when the container is 0.1 px wider or narrower
        # (exact fit: narrower must push the last chip of the first row down).
        for delta in (-TIE, TIE):
            alt = browser.call("layoutFlow", js_case, width + delta)
            alt_rows = rows_of(alt["frames"])
            if f["exactFit"] and delta < 0:
                if alt_rows == model["rows"]:
                    raise SystemExit("%s: rows unchanged 0.1 px narrower" % f["name"])
            elif alt_rows != model["rows"]:
                raise SystemExit("%s: rows change at width %+g: %s" % (f["name"], delta, alt_rows))
        case = {k: f[k] for k in ("name", "containerWidth", "insets", "spacing", "lineSpacing",
                                  "alignment", "rtl", "items", "exactFit")}
        case["frames"] = res["frames"]
        case["rows"] = rows_of(res["frames"])
        case["contentSize"] = [res["width"], res["height"]]
        cases.append(case)
    return cases, dropped


# --------------------------------------------------------------------------- labels

# What the model reads of a label: the keys of LayoutSpec.swift it implements exactly. Anything
# else (letterSpacing, lineSpacing, markup, features, baselineOffset, ...) is refused.
LABEL_KEYS = {"type", "id", "text", "font", "size", "variations", "spans", "attachments",
              "numberOfLines", "lineBreak"}
SPAN_KEYS = {"start", "end", "font", "size", "variations"}
ATTACHMENT_KEYS = {"at", "width", "height", "alignment", "id"}
BOX = "\ufffc"


class Style:
    """A font file at a size and variable-font coordinates (a sorted tuple of (axis, value))."""

    def __init__(self, font_path, size, variations=()):
        self.font, self.size, self.variations = font(font_path), size, tuple(sorted(variations))

    def __eq__(self, other):
        return (self.font.path, self.size, self.variations) == (other.font.path, other.size,
                                                                 other.variations)

    def width(self, text):
        return self.font.width(text, self.size, self.variations)

    def metrics(self):
        return self.font.metrics(self.size)

    def css(self):
        return {"font": self.font.path, "size": self.size,
                "lineHeight": self.font.line_height(self.size),
                "variations": dict(self.variations)}


def label_style(n):
    return Style(n["font"], n["size"], n.get("variations", {}).items())


def span_style(span, base):
    """LayoutSpec's span over `base`: a span's font is a new face (the base's coordinates do
    not carry over); variations without a font add to the base face's own."""
    if "font" in span:
        variations = dict(span.get("variations", {}))
    else:
        variations = dict(base.variations)
        variations.update(span.get("variations", {}))
    return Style(span.get("font", base.font.path), span.get("size", base.size), variations.items())


def label_pieces(n):
    """A label's text cut where Caliper shapes it separately: at span edges (equal neighbours
    merged, as Caliper merges equal spans) and around each inline box. Returns (base style,
    pieces), each piece {"start", "end", "style"} with "text", or with "box" (the attachment)
    for one U+FFFC; offsets are UTF-16 (the model takes BMP text only, where they are str
    indices)."""
    text = n["text"]
    unknown = set(n) - LABEL_KEYS - {"base", "pieces"}
    if unknown:
        raise SystemExit("model: label %s has keys the model does not implement: %s"
                         % (n.get("id"), sorted(unknown)))
    if hbshape.utf16_len(text) != len(text):
        raise SystemExit("model: label %s has text beyond the BMP" % n.get("id"))
    base = label_style(n)
    styles, covered = [base] * len(text), [False] * len(text)
    for span in n.get("spans", []):
        if set(span) - SPAN_KEYS or not 0 <= span["start"] <= span["end"] <= len(text):
            raise SystemExit("model: label %s: unsupported or bad span %s" % (n.get("id"), span))
        style = span_style(span, base)
        for i in range(span["start"], span["end"]):
            if covered[i]:
                raise SystemExit("model: label %s: spans overlap at %d" % (n.get("id"), i))
            styles[i], covered[i] = style, True
    boxes = {}
    for box in n.get("attachments", []):
        if set(box) - ATTACHMENT_KEYS or "id" not in box or text[box["at"]] != BOX:
            raise SystemExit("model: label %s: bad attachment %s" % (n.get("id"), box))
        # Only top and bottom have exact CSS equivalents in Chromium: it puts a line's
        # baseline at round(ascent) + floor(half-leading) whole pixels (browser_layouts.md), so
        # baseline, middle and center boxes would be off by a fraction of a pixel.
        if box.get("alignment") not in ("top", "bottom"):
            raise SystemExit("model: label %s: box %s is not top or bottom aligned"
                             % (n.get("id"), box["id"]))
        boxes[box["at"]] = box
    if {i for i, ch in enumerate(text) if ch == BOX} != set(boxes):
        raise SystemExit("model: label %s: every U+FFFC needs one attachment" % n.get("id"))
    pieces = []
    for i, ch in enumerate(text):
        if i in boxes:
            pieces.append({"start": i, "end": i + 1, "box": boxes[i], "style": styles[i]})
        elif pieces and "text" in pieces[-1] and pieces[-1]["style"] == styles[i]:
            pieces[-1]["end"] = i + 1
            pieces[-1]["text"] += ch
        else:
            pieces.append({"start": i, "end": i + 1, "text": ch, "style": styles[i]})
    return base, pieces


def text_width(pieces, start, end):
    """Width of [start, end): each piece's part shaped on its own with hb-shape, as Caliper
    shapes each run (no kerning or ligature across a span edge); boxes as wide as they are."""
    w = 0.0
    for p in pieces:
        lo, hi = max(p["start"], start), min(p["end"], end)
        if lo < hi:
            w += p["box"]["width"] if "box" in p else p["style"].width(
                p["text"][lo - p["start"]:hi - p["start"]])
    return w


def line_height(pieces, start, end):
    """Caliper's height of the line [start, end) (trailing spaces included): the largest
    ascender minus the smallest descender plus the largest lineGap over the styles of its
    text and boxes. Top and bottom boxes no taller than that leave it alone."""
    ms = [p["style"].metrics() for p in pieces if p["start"] < end and p["end"] > start]
    height = max(m[0] for m in ms) - min(m[1] for m in ms) + max(m[2] for m in ms)
    for p in pieces:
        if "box" in p and start <= p["start"] < end and p["box"]["height"] > height:
            raise SystemExit("model: box %s is taller than its line" % p["box"]["id"])
    return height


# --------------------------------------------------------------------------- cells

def annotate(node):
    """Copy of a spec node for the page: labels get their own style (`base`, the CSS strut)
    and their `pieces` with line heights, flow items their lineHeight."""
    node = copy.deepcopy(node)

    def walk(n):
        if n["type"] == "label":
            base, pieces = label_pieces(n)
            # The label's style is the strut of every CSS line box; Caliper counts only the
            # styles a line holds. The strut adds nothing when every piece's style reaches at
            # least as far up and down and has at least its lineGap, so the model requires it
            # (a rich label's own style is its smallest: Noto Sans Regular and Bold have the
            # same metrics per em).
            b = base.metrics()
            for p in pieces:
                m = p["style"].metrics()
                if m[0] < b[0] - EPS or m[1] > b[1] + EPS or m[2] < b[2] - EPS:
                    raise SystemExit("label %s: its own style would add height to lines "
                                     "through the CSS strut" % n.get("id"))
            n["base"] = base.css()
            n["pieces"] = [{"box": p["box"]} if "box" in p else dict(p["style"].css(), text=p["text"])
                           for p in pieces]
        elif n["type"] == "flow":
            for it in n["items"]:
                it["lineHeight"] = font(it["font"]).line_height(it["size"])
        for c in n.get("children", []):
            walk(c)
        if "child" in n:
            walk(n["child"])
    walk(node)
    return node


def intrinsic_width(n):
    t = n["type"]
    if t == "box":
        return n["width"]
    if t == "label" and n["numberOfLines"] == 1:
        _base, pieces = label_pieces(n)
        return text_width(pieces, 0, len(n["text"]))
    if t == "inset":
        return n["insets"][1] + n["insets"][3] + intrinsic_width(n["child"])
    if t == "stack":
        ws = [intrinsic_width(c) for c in n["children"]]
        if n["axis"] == "horizontal":
            return sum(ws) + n.get("spacing", 0) * (len(ws) - 1)
        return max(ws)
    raise SystemExit("no intrinsic width for a %s node" % t)


def model_cell(n, x, y, width, lines, out):
    """Caliper's cell semantics with exact widths/line heights; label line starts come from
    the browser (`lines`; they are checked separately). Fills out[id] = (node, frame), for
    inline boxes too, and out["__flows__"][id] = (node, width, flow model, origin)."""
    t = n["type"]
    if t in ("label", "flow") and "id" not in n:
        raise SystemExit("every label and flow in a cell spec needs an id")
    if t == "inset":
        top, left, bottom, right = n["insets"]
        h = top + model_cell(n["child"], x + left, y + top, width - left - right, lines, out) + bottom
    elif t == "box":
        h = n["height"]
        width = n["width"]
    elif t == "label":
        _base, pieces = label_pieces(n)
        bounds = lines[n["id"]] + [len(n["text"])]
        heights = [line_height(pieces, a, b) for a, b in zip(bounds, bounds[1:])]
        h = sum(heights)
        for p in pieces:
            if "box" not in p:
                continue
            k = max(i for i, a in enumerate(bounds[:-1]) if a <= p["start"])
            box = p["box"]
            top = y + sum(heights[:k])
            by = top if box["alignment"] == "top" else top + heights[k] - box["height"]
            before = sum(1 for q in pieces if "text" in q and bounds[k] <= q["start"] < p["start"])
            out[box["id"]] = ({"type": "inline box", "label": n["id"], "textRunsBefore": before},
                              [x + text_width(pieces, bounds[k], p["start"]), by,
                               box["width"], box["height"]])
    elif t == "flow":
        m = model_flow(n, width)
        h = m["height"]
        out.setdefault("__flows__", {})[n["id"]] = (n, width, m, (x, y))
    elif t == "stack" and n["axis"] == "vertical":
        if n.get("alignment", "fill") != "fill":
            raise SystemExit("model: vertical stacks must fill")
        cy = y
        for c in n["children"]:
            cy += model_cell(c, x, cy, width, lines, out) + n.get("spacing", 0)
        h = cy - y - (n.get("spacing", 0) if n["children"] else 0)
    elif t == "stack":
        if n.get("alignment", "leading") != "leading":
            raise SystemExit("model: horizontal stacks must be leading (top) aligned")
        cs, sp = n["children"], n.get("spacing", 0)
        fixed = sum(intrinsic_width(c) for c in cs if not c.get("flexible"))
        nflex = sum(1 for c in cs if c.get("flexible"))
        share = (width - fixed - sp * (len(cs) - 1)) / nflex if nflex else 0
        cx, h = x, 0
        for c in cs:
            cw = share if c.get("flexible") else intrinsic_width(c)
            h = max(h, model_cell(c, cx, y, cw, lines, out))
            cx += cw + sp
    else:
        raise SystemExit("model: unknown node %s" % t)
    if "id" in n:
        out[n["id"]] = (n, [x, y, width, h])
    return h


def label_line_notes(n, starts, avail):
    """Greedy check of a wrapped label's browser lines with hb-shape widths. Returns tie
    notes; raises if the browser's lines are not the greedy ones."""
    text, notes = n["text"], []
    _base, pieces = label_pieces(n)
    bounds = starts + [len(text)]
    for k in range(len(starts)):
        a, b = bounds[k], bounds[k + 1]
        line = text[a:b].rstrip(" ")
        w = text_width(pieces, a, a + len(line))
        STATS.decision("label", w, avail)
        if abs(w - avail) < TIE:
            notes.append("%s line %d width %.4f vs %.4f" % (n["id"], k, w, avail))
        if w > avail + EPS:
            raise SystemExit("%s line %d %r is %.4f px wide, more than %.4f"
                             % (n["id"], k, line, w, avail))
        if b < len(text):
            # The next unit: a box (lines break before and after one), the next word up to
            # a space, hyphen or box, or one character after a break inside a word.
            if text[b] == BOX:
                word = BOX
            elif text[b - 1] in " -" + BOX:
                word = re.match(r"[^\s\-\ufffc]*-?", text[b:]).group(0)
            else:
                word = text[b]           # overflow-wrap break inside a word
            w_next = text_width(pieces, a, b + len(word))
            STATS.decision("label", w_next, avail)
            if abs(w_next - avail) < TIE:
                notes.append("%s line %d plus %r: %.4f vs %.4f" % (n["id"], k, word, w_next, avail))
            if w_next <= avail:
                raise SystemExit("%s line %d: %r would still fit (%.4f <= %.4f)"
                                 % (n["id"], k, text[a:b] + word, w_next, avail))
    return notes


def cell_signature(res):
    return ({k: round(v[3]) for k, v in res["frames"].items()},
            {k: len(v["lineStarts"]) for k, v in res["labels"].items()},
            {k: rows_of(v) for k, v in res["flows"].items()})


def layout_cell(browser, path, spec, width):
    """Returns (entry, notes); notes non-empty means a tie at this width."""
    js_spec = {"root": annotate(spec["root"])}
    res = browser.call("layoutCell", js_spec, width)
    starts = {k: v["lineStarts"] for k, v in res["labels"].items()}
    lines = {k: len(v) for k, v in starts.items()}
    model = {}
    root_h = model_cell(js_spec["root"], 0, 0, width, starts, model)
    # Every line box (label line, chip row) is up to 1/128 px off the exact line height, so
    # y, h and the root height may be off by half a LayoutUnit per line of text in the cell;
    # x and w of nodes involve no text widths in these specs and must be exact. An inline
    # box's x is the text before it on its line, each text piece ceiled to a LayoutUnit.
    text_lines = sum(lines.values()) + sum(len(fm["rows"]) for _n, _w, fm, _o
                                           in model.get("__flows__", {}).values())
    notes = []
    for ident, entry in sorted(model.items()):
        if ident == "__flows__":
            continue
        node, m = entry
        fr = res["frames"][ident]
        x_bound = 0
        if node["type"] == "label":
            if abs(fr[3] - m[3]) * 64 > lines[ident] / 2 + EPS:
                raise SystemExit("%s@%d %s: height %r is not the %d lines' %r"
                                 % (path, width, ident, fr[3], lines[ident], m[3]))
            _base, pieces = label_pieces(node)
            if node["numberOfLines"] == 1:
                for p, browser_width in zip(pieces, res["labels"][ident]["pieceWidths"]):
                    if "text" in p:
                        check_text_width("%s %s %r" % (path, ident, p["text"]), browser_width,
                                         p["style"].width(p["text"]))
                full = text_width(pieces, 0, len(node["text"]))
                if len(pieces) > 1 and full > m[2]:
                    raise SystemExit("%s@%d %s: the model does not truncate attributed text "
                                     "(%.4f px in %.4f)" % (path, width, ident, full, m[2]))
            else:
                notes += label_line_notes(node, starts[ident], m[2])
        elif node["type"] == "inline box":
            x_bound = node["textRunsBefore"]
        for q, (b, e) in enumerate(zip(fr, m)):
            dev, bound = abs(b - e) * 64, (text_lines / 2 if q in (1, 3) else x_bound if q == 0 else 0)
            STATS.note("%s %s (LU)" % ("inline box" if node["type"] == "inline box" else "cell",
                                       "xywh"[q]), dev)
            if dev > bound + EPS:
                raise SystemExit("%s@%d %s: frame %s vs exact %s" % (path, width, ident, fr, m))
    dev = abs(res["height"] - root_h) * 64
    STATS.note("cell root height (LU)", dev)
    STATS.note("cell root height / bound", dev / (text_lines / 2))
    if dev > text_lines / 2 + EPS:
        raise SystemExit("%s@%d: height %r vs exact %r" % (path, width, res["height"], root_h))
    for ident, (node, fwidth, fm, origin) in model.get("__flows__", {}).items():
        notes += flow_ties(node, fwidth, fm)
        if not notes:
            compare_flow("%s@%d %s" % (path, width, ident), node, fwidth, res["flows"][ident], fm,
                         origin=res["frames"][ident][:2])
    sig = cell_signature(res)
    for delta in (-TIE, TIE):
        if cell_signature(browser.call("layoutCell", js_spec, width + delta)) != sig:
            notes.append("layout changes at width %+g" % delta)
    entry = {"spec": path, "width": width, "height": res["height"], "frames": res["frames"],
             "labelLines": lines}
    boxes = {k: {"label": v[0]["label"], "textRunsBefore": v[0]["textRunsBefore"]}
             for k, v in model.items() if k != "__flows__" and v[0]["type"] == "inline box"}
    if boxes:
        entry["inlineBoxes"] = boxes
    if res["flows"]:
        entry["flowFrames"] = res["flows"]
        entry["flowRows"] = {k: rows_of(v) for k, v in res["flows"].items()}
    return entry, notes


def rebase_fonts(value, folder):
    """A spec with its font paths, which are relative to the spec's folder (as `caliper layout`
    reads them), made relative to the repository like the model's fonts ("Fonts/x.ttf")."""
    if isinstance(value, list):
        return [rebase_fonts(v, folder) for v in value]
    if not isinstance(value, dict):
        return value
    out = {}
    for k, v in value.items():
        if k == "font" and isinstance(v, str) and not os.path.isabs(v):
            out[k] = os.path.normpath(os.path.join(folder, v))
        elif k == "fallback" and isinstance(v, list):
            out[k] = [os.path.normpath(os.path.join(folder, f)) if isinstance(f, str) and not os.path.isabs(f) else f
                      for f in v]
        else:
            out[k] = rebase_fonts(v, folder)
    return out


def run_cells(browser):
    cells, dropped = [], []
    for spec_path in sorted(glob.glob(os.path.join(REPO, "Examples", "*.json"))):
        rel_path = os.path.relpath(spec_path, REPO)
        with open(spec_path) as fp:
            spec = rebase_fonts(json.load(fp), os.path.dirname(rel_path))
        fallbacks = list(CELL_FALLBACK_WIDTHS)
        for width in CELL_WIDTHS:
            while True:
                entry, notes = layout_cell(browser, rel_path, spec, width)
                if not notes:
                    cells.append(entry)
                    break
                dropped.append((rel_path, width, notes))
                print("cell %s at width %d has a tie (%s)" % (rel_path, width, "; ".join(notes)),
                      file=sys.stderr)
                if not fallbacks:
                    raise SystemExit("no fallback width left for %s" % rel_path)
                width = fallbacks.pop(0)
                print("  trying width %d instead" % width, file=sys.stderr)
    cells.sort(key=lambda c: (c["spec"], c["width"]))
    return cells, dropped


# --------------------------------------------------------------------------- main

def chromium_version():
    out = subprocess.run([CHROMIUM, "--version"], check=True, capture_output=True).stdout
    version = out.decode().strip()
    pkg = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", "chromium"],
                         capture_output=True).stdout.decode().strip()
    return version + (" (Debian package chromium %s)" % pkg if pkg else "")


def write(path, obj):
    with open(path, "w", encoding="utf-8") as fp:
        json.dump(obj, fp, indent=2, sort_keys=True, ensure_ascii=False)
        fp.write("\n")


def main():
    browser = Chromium()
    try:
        product = browser.send("Browser.getVersion", session=False)["product"]
        browser.open_page(page_html())
        load_fonts(browser)
        flows, flow_dropped = run_flows(browser)
        cells, cell_dropped = run_cells(browser)
    finally:
        browser.close()
    generator = generator_description(product)
    write(OUT_FLOW, {"generator": generator, "cases": flows})
    write(OUT_CELLS, {"generator": generator, "cells": cells})
    print("flow cases: %d written, %d dropped; cells: %d written, %d widths replaced"
          % (len(flows), len(flow_dropped), len(cells), len(cell_dropped)), file=sys.stderr)
    print("max |browser - hb-shape| text width: %.6f px (%.3f/64)"
          % (STATS.text, STATS.text * 64), file=sys.stderr)
    for k in sorted(STATS.margin):
        print("smallest %s break margin (hb-shape width vs available): %.4f px"
              % (k, STATS.margin[k]), file=sys.stderr)
    for k in sorted(STATS.dev):
        print("max deviation from the exact model, %s: %.3f" % (k, STATS.dev[k]), file=sys.stderr)


if __name__ == "__main__":
    main()
