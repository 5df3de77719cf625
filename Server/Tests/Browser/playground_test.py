#!/usr/bin/python3
"""The playground's browser test: caliper-server's page (GET /) in headless Chromium, its
comparison of Caliper's flow (POST /v1/flow) with Chromium's flexbox layout of the same chips.

Run by scripts/playground-test (which installs Chromium and builds the server) from anywhere:

    /usr/bin/python3 Server/Tests/Browser/playground_test.py --server Server/.build/debug/caliper-server

It starts the server on a free loopback port with `--font-root Fonts` (from the repository
root), drives Chromium with Tests/Goldens/make_browser_layouts.py's `Chromium` (DevTools on a
pipe, a private fontconfig with hinting off), loads the page once per cloud with the cloud's
inputs in the URL query, waits for `window.caliperComparison.done` and checks that every chip
the request has was laid out and compared, and none is off by more than 1/64 px. It saves a
screenshot of the first cloud to Server/.build/playground.png (the others beside it) and exits
non-zero on any failure; the server and Chromium are stopped in every case.
"""
import argparse
import base64
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request

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


def run_cloud(chromium, base, cloud, shot):
    started = time.monotonic()
    chromium.navigate(page_url(base, cloud))
    result = comparison(chromium)
    if shot:
        screenshot(chromium, shot)
    elapsed = time.monotonic() - started
    failures = []
    if "error" in result:
        failures.append("the page failed: %s" % result["error"])
    else:
        expected = len(cloud["tags"]) if cloud["tags"] else 1
        if result["chips"] <= 0:
            failures.append("no chips")
        if (result["requested"] != expected or result["chips"] + result["hidden"] != expected
                or bool(result["hidden"]) != bool(cloud.get("hidden"))):
            failures.append("the page compared %d chips (%d hidden) of %d requested; the cloud has %d"
                            % (result["chips"], result["hidden"], result["requested"], expected))
        if result["lineBreaksOff"]:
            failures.append("%d line breaks differ" % result["lineBreaksOff"])
        if result["off"]:
            failures.append("%d chips off by more than 1/64 px (worst %.6f px)"
                            % (result["off"], result["worst"]))
        if result["untranslated"]:
            failures.append("not compared exactly: %s" % ", ".join(result["untranslated"]))
        height = abs(result["browserSize"][1] - result["contentSize"][1])
        if height > LU + 1e-9:
            failures.append("content height %r vs the browser's %r"
                            % (result["contentSize"][1], result["browserSize"][1]))
    print("%-34s %3s chips %3s rows  %s off  worst Δ %s px (at 1×: %s)  %.2f s%s" % (
        cloud["name"], result.get("chips", "-"), result.get("rows", "-"), result.get("off", "-"),
        "%.6f" % result["worst"] if "worst" in result else "-",
        "%.4f" % result["worstAt1x"] if "worstAt1x" in result else "-", elapsed, "  FAIL: " + "; ".join(failures) if failures else ""))
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
        chromium = browser.Chromium()
        print("caliper-server at %s; %s" % (
            base, chromium.send("Browser.getVersion", session=False)["product"]))
        for i, cloud in enumerate(CLOUDS):
            shot = os.path.join(SCREENSHOTS, "playground.png" if i == 0
                                else "playground-%s.png" % cloud["name"])
            ok = run_cloud(chromium, base, cloud, shot) and ok
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
