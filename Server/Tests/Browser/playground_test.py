#!/usr/bin/python3
"""The playground's browser test: caliper-server's page (GET /) in headless Chromium, its
comparison of Caliper's flow (POST /v1/flow) with Chromium's flexbox layout of the same chips.

Run by scripts/playground-test (which installs Chromium and builds the server) from anywhere:

    /usr/bin/python3 Server/Tests/Browser/playground_test.py --server Server/.build/debug/caliper-server

It starts the server on a free loopback port with `--font-root Fonts` (from the repository
root), drives Chromium with Tests/Goldens/make_browser_layouts.py's `Chromium` (DevTools on a
pipe, a private fontconfig with hinting off), loads the page once per cloud with the cloud's
inputs in the URL query, waits for `window.caliperComparison.done` and checks that every chip
the request has was laid out and compared, and none is off by more than 1/64 px. Clouds with
emoji and CJK check the fallback fonts: the page sends the service's cascade (GET /v1/fonts) or
the URL's `fallback`, Caliper's missing glyphs are exactly the chips whose characters none of
those fonts has (by their cmaps, read with fontTools), and the page's status says so. Chromium
draws a colour bitmap emoji wider than its advance (font_tables): chips with emoji are held to
1/64 px of Caliper's frames moved by exactly that. Chips no font covers are not held to 1/64 px
(Chromium draws them in its own fontconfig's fonts); what they did is printed. It saves a
screenshot of the first cloud to Server/.build/playground.png (the others beside it) and exits
non-zero on any failure; the server and Chromium are stopped in every case.
"""
import argparse
import base64
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from xml.sax.saxutils import unescape

from fontTools.ttLib import TTFont

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
sys.path.insert(0, os.path.join(REPO, "Tests", "Goldens"))
import make_browser_layouts as browser  # noqa: E402  (the Chromium driver)

LU = 1 / 64
SCREENSHOTS = os.path.join(REPO, "Server", ".build")

# Tags of varied lengths, with accents, digits and punctuation (one per line in the URL, so a
# tag may hold a comma).
TAGS = ["swift", "iOS 17", "machine learning", "text layout", "HarfBuzz", "linux",
        "server-side swift", "typography", "UICollectionView", "auto layout", "fonts",
        "performance", "café", "crème brûlée", "naïve", "Zürich", "São Paulo", "Ångström",
        "façade", "v2.0.1", "42", "3.14159", "C++", "C#", "Wi-Fi", "e-mail", "(beta)",
        "“quotes”", "¿qué tal?", "100%", "R&D", "a", "AVATAR", "fi fl ffi", "résumé.pdf",
        "#hashtag", "@mention", "x", "internationalization", "Hello, world!"]


# Tags Noto Sans lacks characters of: emoji (Noto Color Emoji has them: a flag, a ZWJ family, VS16)
# and CJK (Droid Sans Fallback), alone, beside Latin words and beside each other. No space follows
# CJK text or comes between an emoji and CJK: Caliper sets such a space in Droid Sans Fallback (a
# space takes the font of the text before it, or after it when that is a colour font: the
# font cascade row of Sources/Caliper/Caliper.docc/Semantics.md), Chromium in the first font of the list that has it, Noto Sans,
# 0.026 px narrower at 15 px.
FALLBACK_TAGS = ["🌍", "東京", "🌍 travel", "東京タワー", "tokyo 東京", "🍣 sushi", "日本語", "coffee ☕",
                 "🇯🇵 Japan", "2024 北京", "🎉 party!", "旅行🌍", "👩‍👩‍👧 family", "😀😃😄",
                 "中文", "swift", "café", "ラーメン", "machine learning", "✈️ travel", "kanji 漢字"]


def markup(tag):
    """A chip's Pango markup: its last word bold (escaped for markup)."""
    escaped = tag.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    head, _, last = escaped.rpartition(" ")
    return "%s <b>%s</b>" % (head, last) if head else "<b>%s</b>" % last


CLOUDS = [
    {"name": "noto-15-320", "tags": TAGS, "font": "NotoSans-Regular.ttf", "size": 15,
     "width": 320, "padding": "4,10,4,10", "spacing": 8, "lineSpacing": 8},
    {"name": "dejavu-14-414-center-insets", "tags": TAGS[::-1], "font": "DejaVuSans.ttf",
     "size": 14, "width": 414, "padding": "6,12,6,12", "insets": "12,16,12,16", "spacing": 6,
     "lineSpacing": 4, "alignment": "center"},
    {"name": "noto-markup-bold-13-375", "tags": [markup(t) if i % 3 != 1 else t
                                                  for i, t in enumerate(TAGS)],
     "markup": "1", "font": "NotoSans-Regular.ttf", "size": 13, "width": 375,
     "padding": "4,10,4,10", "spacing": 8, "lineSpacing": 6},
    {"name": "dejavu-16-360-rtl-right", "tags": TAGS[5:] + TAGS[:5], "font": "DejaVuSans.ttf",
     "size": 16, "width": 360, "padding": "5,9,5,9", "spacing": 7, "lineSpacing": 5,
     "alignment": "right", "rtl": "1"},
    # Rows Caliper justifies (the last row leading) and a row limit: 4 rows shown, the rest
    # counted on a "+N" chip, which the page compares too.
    {"name": "liberation-14-300-justified-4rows", "tags": TAGS, "font": "LiberationSans-Regular.ttf",
     "size": 14, "width": 300, "padding": "4,10,4,10", "spacing": 8, "lineSpacing": 8,
     "alignment": "justified", "maxRows": 4, "hidden": True},
    # Fallback fonts: the page presets the service's cascade (GET /v1/fonts: Noto Color Emoji,
    # then Droid Sans Fallback) and sends it; then the same fonts given in the URL, in the other
    # order (they share no character Noto Sans lacks, so the layout is the same: this checks that
    # the URL's list is what is sent), with <b> markup; then none, where the page must report the
    # clusters no font has.
    {"name": "noto-15-320-emoji-cjk", "tags": FALLBACK_TAGS, "font": "NotoSans-Regular.ttf",
     "size": 15, "width": 320, "padding": "4,10,4,10", "spacing": 8, "lineSpacing": 8},
    {"name": "noto-markup-14-360-fallback-reversed", "tags": [markup(t) for t in FALLBACK_TAGS[::-1]],
     "markup": "1", "font": "NotoSans-Regular.ttf", "size": 14, "width": 360,
     "padding": "4,10,4,10", "spacing": 8, "lineSpacing": 6,
     "fallback": "DroidSansFallbackFull.ttf,NotoColorEmoji.ttf"},
    {"name": "noto-15-320-no-fallback", "tags": FALLBACK_TAGS, "font": "NotoSans-Regular.ttf",
     "size": 15, "width": 320, "padding": "4,10,4,10", "spacing": 8, "lineSpacing": 8,
     "fallback": ""},
    # One paragraph in one wrapping chip; the page compares its line breaks too.
    {"name": "paragraph-noto-16-280", "mode": "paragraph", "tags": [], "markup": "1",
     "text": "Caliper <b>measures</b> text exactly as it will be drawn: every glyph advance "
             "from <b>HarfBuzz</b>, every line height from the font’s own metrics, so a layout "
             "computed on a server (Zürich, São Paulo, 2024) matches the device.",
     "font": "NotoSans-Regular.ttf", "size": 16, "width": 280, "padding": "8,12,8,12"},
]


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(binary, log):
    port = free_port()
    proc = subprocess.Popen([binary, "--port", str(port), "--font-root", "Fonts"], cwd=REPO,
                            stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT)
    base = "http://127.0.0.1:%d" % port
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit("caliper-server exited with %s (log: %s)" % (proc.returncode, log.name))
        try:
            with urllib.request.urlopen(base + "/healthz", timeout=1) as r:
                if json.load(r).get("status") == "ok":
                    return proc, base
        except OSError:
            time.sleep(0.1)
    raise SystemExit("caliper-server did not answer /healthz within 30 s (log: %s)" % log.name)


def stop(proc):
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def page_url(base, cloud):
    query = {k: v for k, v in cloud.items() if k not in ("name", "tags", "hidden")}
    if cloud["tags"]:
        query["tags"] = "\n".join(cloud["tags"])
    return base + "/?" + urllib.parse.urlencode(query, quote_via=urllib.parse.quote, safe="")


# Characters that need no glyph of their own (Caliper sets a cluster in the first font that has
# all its other characters): joiners, variation selectors, tag characters.
IGNORABLE = re.compile("[\u200c\u200d\ufe00-\ufe0f\U000e0020-\U000e007f\U000e0100-\U000e01ef\\s]")
# What joins the next character to an emoji's cluster: a ZWJ (and what follows it), a variation
# selector, a skin tone; two regional indicators are one flag.
EMOJI_CLUSTER = re.compile("[\U0001f1e6-\U0001f1ff]{2}|.(?:[\ufe0e\ufe0f\U0001f3fb-\U0001f3ff]|\u200d.)*",
                           re.DOTALL)
FONTS = {}


def font_tables(font):
    """The font's cmap, and for a colour bitmap font (CBDT) the extra width Chromium gives each of
    its glyphs, in em: Chromium (Skia's FreeType scaler) takes a bitmap glyph's advance from its
    strike, in whole pixels at the strike's size, and scales that to the font size; Caliper takes
    hmtx's, as HarfBuzz and Pango do. Noto Color Emoji's one strike is 109 ppem, where every emoji
    is 136 px wide: 136/109 em in Chromium, hmtx's 2550/2048 em in Caliper, 0.0026 em more (0.039
    px at 15 px, over the 1/64 px tolerance above 6 px). Fontconfig's bitmap scaling (Debian's
    10-scale-bitmap-fonts.conf, which Tests/Goldens/make_rich.py's FONTS_CONF_TEMPLATE adds for
    Pango) plays no part: fontconfig never matches an @font-face font (Chromium asks it only for
    hinting and antialiasing), and the driver's fontconfig has no such rule anyway."""
    if font not in FONTS:
        tt = TTFont(os.path.join(REPO, "Fonts", font))
        excess = 0.0
        if "CBDT" in tt:
            upem, hmtx = tt["head"].unitsPerEm, tt["hmtx"]
            strike, = tt["CBLC"].strikes
            ppem = strike.bitmapSizeTable.ppemY
            pairs = {(hmtx[g][0], data.metrics.Advance) for g, data in tt["CBDT"].strikeData[0].items()}
            if len(pairs) != 1:
                raise SystemExit("%s: glyphs of several widths %r; the test expects one" % (font, pairs))
            units, pixels = pairs.pop()
            excess = pixels / ppem - units / upem
        FONTS[font] = (set(tt.getBestCmap()), excess)
    return FONTS[font]


def chip_texts(cloud):
    texts = cloud["tags"] or [cloud["text"]]
    return [unescape(re.sub("<[^>]*>", "", t)) for t in texts] if cloud.get("markup") else texts


def expected_fonts(cloud, fallback):
    """Per chip, the font files of its clusters other than spaces, each cluster's the first of the
    chip's font and fallback fonts whose cmap has all of it (read with fontTools, independently of
    Caliper), None where none has."""
    fonts = [cloud["font"]] + fallback
    return [[next((f for f in fonts if all(ord(c) in font_tables(f)[0] for c in IGNORABLE.sub("", cluster))), None)
             for cluster in EMOJI_CLUSTER.findall(text) if IGNORABLE.sub("", cluster)]
            for text in chip_texts(cloud)]


def bitmap_excess(cloud, fallback, frames):
    """The difference Chromium's bitmap advances (font_tables) make, per compared chip [Δx, Δy,
    Δw, Δh] in px: every chip wider by its clusters' excess, and moved along its row by the
    chips before it (rows as Caliper's frames have them; a left-aligned, left-to-right cloud)."""
    widths = {str(i): sum(font_tables(f)[1] for f in used if f) * float(cloud["size"])
              for i, used in enumerate(expected_fonts(cloud, fallback))}
    expected, row_y, x = [], None, 0.0
    for frame in frames:
        if frame["caliper"][1] != row_y:
            row_y, x = frame["caliper"][1], 0.0
        dw = widths.get(frame["chip"], 0.0)
        if dw and (cloud.get("alignment", "left") != "left" or cloud.get("rtl")):
            raise SystemExit("%s: bitmap advances are accounted for in left-aligned, left-to-right clouds only"
                             % cloud["name"])
        expected.append([x, 0.0, dw, 0.0])
        x += dw
    return expected


def comparison(chromium, timeout=30):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        result = chromium.eval("JSON.stringify(window.caliperComparison || null)")
        result = json.loads(result) if result else None
        if result and result.get("done"):
            if chromium.eval("document.body.dataset.comparison") not in ("done", "error"):
                raise SystemExit("caliperComparison is done but body[data-comparison] is not")
            return result
        time.sleep(0.05)
    raise SystemExit("the page did not finish its comparison within %d s" % timeout)


def screenshot(chromium, path):
    size = chromium.send("Page.getLayoutMetrics")["cssContentSize"]
    shot = chromium.send("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True,
        "clip": {"x": 0, "y": 0, "width": size["width"], "height": size["height"], "scale": 1}})
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as fp:
        fp.write(base64.b64decode(shot["data"]))


def run_cloud(chromium, base, cascade, cloud, shot):
    started = time.monotonic()
    chromium.navigate(page_url(base, cloud))
    result = comparison(chromium)
    if shot:
        screenshot(chromium, shot)
    elapsed = time.monotonic() - started
    failures, excused, notes = [], [], []
    if "error" in result:
        failures.append("the page failed: %s" % result["error"])
    else:
        # The page sends the fallback fonts the URL names, or the service's cascade when it names
        # none; the chips missing glyphs are those whose characters none of them has.
        fallback = cloud["fallback"].split(",") if "fallback" in cloud else cascade
        fallback = [f for f in fallback if f]
        if result.get("fallback") != fallback:
            failures.append("the page sent fallback %r, not %r" % (result.get("fallback"), fallback))
        used = expected_fonts(cloud, fallback)
        missing = [i for i, fonts in enumerate(used) if None in fonts]
        if sorted(result.get("itemsMissingGlyphs", [])) != missing or bool(result.get("missingGlyphs")) != bool(missing):
            failures.append("Caliper found %s clusters no font has in chips %r; the fonts' cmaps say chips %r"
                            % (result.get("missingGlyphs"), result.get("itemsMissingGlyphs"), missing))
        status = chromium.eval("document.getElementById('status').textContent")
        if bool(missing) != ("no font covers" in status):
            failures.append("the status %s a note on missing glyphs: %r"
                            % ("lacks" if missing else "has", status))
        # Where no font has a character, Caliper measures the font's .notdef and Chromium draws
        # it in a font of its own (its fontconfig's), so those chips and the chips after them
        # are not held to 1/64 px: what they did is printed instead.
        held = failures if not missing else excused
        expected = len(cloud["tags"]) if cloud["tags"] else 1
        if result["chips"] <= 0:
            failures.append("no chips")
        if (result["requested"] != expected or result["chips"] + result["hidden"] != expected
                or bool(result["hidden"]) != bool(cloud.get("hidden"))):
            failures.append("the page compared %d chips (%d hidden) of %d requested; the cloud has %d"
                            % (result["chips"], result["hidden"], result["requested"], expected))
        if result["lineBreaksOff"]:
            held.append("%d line breaks differ" % result["lineBreaksOff"])
        # Chromium's colour bitmap glyphs are wider than Caliper's by what their strike's whole
        # pixels add (font_tables): such chips are held to 1/64 px of Caliper's frames moved by
        # that, and every other chip to 1/64 px of Caliper's own.
        if "frames" not in result:
            failures.append("the page gives no frames")
        excess = bitmap_excess(cloud, fallback, result.get("frames", []))
        off, worst = 0, 0.0
        for frame, delta in zip(result.get("frames", []), excess):
            errors = [abs(b - c - d) for b, c, d in zip(frame["browser"], frame["caliper"], delta)]
            worst = max(worst, *errors)
            off += any(e > LU + 1e-9 for e in errors)
        if any(any(delta) for delta in excess):
            per_cluster = max(font_tables(f)[1] for f in fallback) * float(cloud["size"])
            notes.append("%d chips hold bitmap emoji, each emoji %.4f px wider in Chromium; worst Δ beyond that %.6f px"
                         % (sum(1 for delta in excess if delta[2]), per_cluster, worst))
        elif off != result["off"]:
            failures.append("the page counts %d chips off, the test %d" % (result["off"], off))
        if off:
            held.append("%d chips off by more than 1/64 px (worst %.6f px)" % (off, worst))
        if result["untranslated"]:
            failures.append("not compared exactly: %s" % ", ".join(result["untranslated"]))
        height = abs(result["browserSize"][1] - result["contentSize"][1])
        if height > LU + 1e-9:
            held.append("content height %r vs the browser's %r"
                        % (result["contentSize"][1], result["browserSize"][1]))
        if missing:
            notes.append("%s clusters in %d chips no font has, as expected; not held to 1/64 px: %s"
                         % (result.get("missingGlyphs"), len(missing), "; ".join(excused) or "none off"))
    print("%-34s %3s chips %3s rows  %s off  worst Δ %s px (at 1×: %s)  %.2f s%s" % (
        cloud["name"], result.get("chips", "-"), result.get("rows", "-"), result.get("off", "-"),
        "%.6f" % result["worst"] if "worst" in result else "-",
        "%.4f" % result["worstAt1x"] if "worstAt1x" in result else "-", elapsed,
        ("  FAIL: " + "; ".join(failures) if failures else "") + "".join("\n  " + note for note in notes)))
    if failures:
        rows = chromium.eval("[...document.querySelectorAll('#diff tr.off')].map(r => r.innerText).join('\\n')")
        if rows:
            print("  off chips (#, chip, Caliper, browser, Δx, Δy, Δw, Δh):\n  "
                  + rows.replace("\n", "\n  "))
    return not failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--server", required=True, help="the caliper-server binary")
    args = parser.parse_args()
    # A TERM (a CI timeout, a kill of the script) still stops the server and Chromium.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    started = time.monotonic()
    os.makedirs(SCREENSHOTS, exist_ok=True)
    log = open(os.path.join(SCREENSHOTS, "playground-server.log"), "w")
    server, chromium, ok = None, None, True
    try:
        server, base = start_server(os.path.abspath(args.server), log)
        with urllib.request.urlopen(base + "/v1/fonts", timeout=10) as r:
            cascade = json.load(r)["fallback"]
        chromium = browser.Chromium()
        print("caliper-server at %s (fallback cascade %s); %s" % (
            base, ", ".join(cascade) or "none", chromium.send("Browser.getVersion", session=False)["product"]))
        for i, cloud in enumerate(CLOUDS):
            shot = os.path.join(SCREENSHOTS, "playground.png" if i == 0
                                else "playground-%s.png" % cloud["name"])
            ok = run_cloud(chromium, base, cascade, cloud, shot) and ok
    finally:
        if chromium:
            chromium.close()
        if server:
            stop(server)
        log.close()
    print("%s: %d clouds in %.1f s; screenshot %s" % (
        "ok" if ok else "FAILED", len(CLOUDS), time.monotonic() - started,
        os.path.relpath(os.path.join(SCREENSHOTS, "playground.png"), os.getcwd())))
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
