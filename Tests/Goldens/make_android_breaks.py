#!/usr/bin/python3
"""Generate Tests/Goldens/android_breaks.json: more of Minikin's line breaks, beside android.json.

Run from the repository root after building the harness as android.md says (with --tex-hyphen):

    /usr/bin/python3 Tests/Goldens/make_android_breaks.py

The same harness as make_android.py (Minikin at android-14.0.0_r50, minikin_harness.cpp), asked
for what android.json leaves out:

- balanced: every paragraph of android.json broken with BREAK_STRATEGY_BALANCED;
- edges: texts and widths that take the line breakers' rarer paths (an empty text, zero and
  tiny widths, spaces alone, email addresses and URLs, soft and hard hyphens, punctuation around
  a hyphenated word, no-break spaces, a word too long to hyphenate, emoji and CJK at widths
  narrower than a word, hyphenation with letter spacing or hinting off, pieces whose context
  starts before them), broken with all three strategies.

- startEdits: start-of-line hyphen edits (Arabic soft hyphens, Polish hyphens), with all three
  strategies, the harness run with android/hb_no_assert.c preloaded (see START_EDITS).

Lines carry both hyphen edits (Minikin's flags: end edit bits 0-2, start edit bits 3-4); the
script refuses a line with a tab (bit 29).
"""
import json
import os
import subprocess
import sys

import make_android as android

OUT_JSON = os.path.join(android.REPO, "Tests", "Goldens", "android_breaks.json")
STRATEGIES = ["simple", "high_quality", "balanced"]

HYPHENATED = android.HYPHENATION_PARAGRAPHS[1]

EDGES = [
    # (fonts, text, size, hinting, letter spacing, hyphenation, widths)
    ([android.ROBOTO], "", 16, True, 0, "full", [0, 100]),
    ([android.ROBOTO], "Hello, World", 16, True, 0, "none", [0, 1]),
    ([android.ROBOTO], "Hyphenation", 16, True, 0, "full", [0, 20]),
    ([android.ROBOTO], "   ", 16, True, 0, "none", [0, 10]),
    ([android.ROBOTO], "a  b   c", 16, True, 0, "none", [0, 12, 20]),
    ([android.ROBOTO], "Mail someone.else@example.com or see https://example.org/path/to-page?x=1&y=2#top now",
     16, True, 0, "none", [40, 80, 120, 200]),
    ([android.ROBOTO], "Mail someone.else@example.com or see https://example.org/path/to-page?x=1&y=2#top now",
     16, True, 0, "full", [40, 80, 120, 200]),
    ([android.ROBOTO], "Hy\u00adphen\u00adation in\u00adside soft\u00adly", 16, True, 0, "none", [40, 60, 90]),
    ([android.ROBOTO], "Hy\u00adphen\u00adation in\u00adside soft\u00adly", 16, True, 0, "full", [40, 60, 90]),
    ([android.ROBOTO], "state-of-the-art well\u2010known 1990\u20132000 co-operate", 16, True, 0, "none", [30, 50, 80]),
    ([android.ROBOTO], "state-of-the-art well\u2010known 1990\u20132000 co-operate", 16, True, 0, "full", [30, 50, 80]),
    ([android.ROBOTO], "(\u201cextraordinarily\u201d) [representatives], \u2018responsibilities\u2019.", 16, True, 0,
     "full", [50, 70, 100]),
    ([android.ROBOTO], "internationalization\u00a0localization", 16, True, 0, "full", [60, 100, 140]),
    ([android.ROBOTO], "pneumonoultramicroscopicsilicovolcanoconiosisandmore words", 16, True, 0, "full", [80, 120]),
    ([android.ROBOTO], HYPHENATED, 16, True, 0.1, "full", [80, 120]),
    ([android.ROBOTO], HYPHENATED, 16, False, 0, "normal", [80, 120]),
    ([android.ROBOTO], HYPHENATED, 12, True, 0, "full", [45, 75]),
    (android.FALLBACK, android.FALLBACK_TEXTS[3], 16, True, 0, "none", [20, 30]),
    (android.FALLBACK, android.FALLBACK_TEXTS[0], 16, True, 0, "none", [20, 30]),
    (android.FALLBACK, android.FALLBACK_TEXTS[6], 16, True, 0, "full", [30, 60]),
    # Pieces whose context starts before them (a right-to-left run or a word after an ideograph
    # without a space, a line after a break inside a word): Minikin reads their scripts that far
    # back (ScriptText over the context's text at the piece's offsets).
    (android.FALLBACK, "abc\u0645\u0631\u062d\u0628\u0627 x", 16, True, 0, "none", [30, 1000]),
    (android.FALLBACK, "\u0645\u0631\u062d\u0628\u0627abc \u0645\u0631\u062d\u0628\u0627", 16, True, 0, "none", [30, 60, 1000]),
    (android.FALLBACK, "Tokyo\u6771\u4eacAVATAR ok", 16, True, 0, "none", [30, 60, 1000]),
    (android.FALLBACK, "Tokyo\u6771\u4eacrepresentatives", 16, True, 0, "full", [60, 100]),
]

# Start-of-line hyphen edits: a soft hyphen between joining Arabic letters (the next line starts
# with a ZWJ), and Polish, whose hyphens repeat at the next line's start (a "pl" hyphenator over
# the same en-US patterns, minimum prefix and suffix 2: only its hyphen rule matters here).
# Minikin adds the ZWJ or hyphen ahead of the text (hb_buffer_add), which Debian's HarfBuzz, built
# with assertions, refuses; these run with android/hb_no_assert.c preloaded (see there).
START_EDITS = [
    # (fonts, text, size, hinting, letter spacing, hyphenation, widths, locale)
    (android.FALLBACK, "\u0645\u0631\u062d\u00ad\u0628\u0627\u0644\u0639", 16, True, 0, "full", [20, 40, 60], "en-US"),
    (android.FALLBACK, "Arabic \u0645\u0631\u062d\u00ad\u0628\u0627 \u0628\u0627\u0644\u00ad\u0639\u0627\u0644\u0645 text", 16, True, 0,
     "normal", [30, 50, 80], "en-US"),
    ([android.ROBOTO], "czerwono-niebieska bia\u0142o-czerwona flaga", 16, True, 0, "full", [60, 90, 130], "pl"),
]
SHIM_SOURCE = os.path.join(android.REPO, "Tests", "Goldens", "android", "hb_no_assert.c")
SHIM = os.path.join(android.BUILD, "hb_no_assert.so")


def lines_of(layout):
    lines = []
    for line in layout["lines"]:
        if line["flags"] & ~0b11111:
            sys.exit("a line has a tab: the format has no place for it")
        lines.append({
            "start": line["start"],
            "end": line["end"],
            "width": android.float32(line["width"]),
            "ascent": android.float32(line["ascent"]),
            "descent": android.float32(line["descent"]),
            "startHyphenEdit": (line["flags"] >> 3) & 0b11,
            "endHyphenEdit": line["flags"] & 0b111,
        })
    return lines


def case(req, answer, kind):
    result = {
        "kind": kind,
        "fonts": android.font_names(req["fonts"]),
        "text": req["text"],
        "size": req["size"],
        "hinting": req["hinting"],
        "letterSpacing": req["letterSpacing"],
        "hyphenation": req["hyphenation"],
        "advance": android.float32(answer["advance"]),
        "layouts": [{"breakStrategy": layout["strategy"], "width": android.float32(layout["width"]),
                     "lines": lines_of(layout)} for layout in answer["layouts"]],
    }
    order = {name: index for index, name in enumerate(STRATEGIES)}
    result["layouts"].sort(key=lambda layout: (layout["width"], order[layout["breakStrategy"]]))
    return result


def harness_answers(requests, preload=None):
    """The harness's answers, as make_android.run_harness gets them, with each request's
    strategies and locale, en-US and pl hyphenators registered, and `preload` preloaded."""
    def line(req):
        fields = android.request_line(req).replace("\tlocale=en-US\t", "\tlocale=%s\t" % req.get("locale", "en-US"))
        return fields + "\tstrategies=" + ",".join(req["strategies"])
    args = [android.HARNESS, "--hyb", "en-US:2:3:" + android.HYPHENATION, "--hyb", "pl:2:2:" + android.HYPHENATION]
    env = dict(os.environ, LD_PRELOAD=preload) if preload else None
    result = subprocess.run(args, input="".join(line(r) + "\n" for r in requests).encode("utf-8"),
                            stdout=subprocess.PIPE, check=True, cwd=android.REPO, env=env)
    answers = [json.loads(answer) for answer in result.stdout.decode("utf-8").splitlines()]
    if len(answers) != len(requests):
        sys.exit("harness answered %d of %d requests" % (len(answers), len(requests)))
    return answers


def build_shim():
    if not os.path.exists(SHIM) or os.path.getmtime(SHIM) < os.path.getmtime(SHIM_SOURCE):
        cflags = subprocess.run(["pkg-config", "--cflags", "harfbuzz"], stdout=subprocess.PIPE, check=True).stdout.decode().split()
        subprocess.run(["cc", "-shared", "-fPIC", "-o", SHIM, SHIM_SOURCE] + cflags + ["-ldl"], check=True)


def main():
    if not os.access(android.HARNESS, os.X_OK) or not os.path.exists(android.HYPHENATION):
        sys.exit("no harness or no hyph-en-us.hyb: run Tests/Goldens/android/build-minikin.sh "
                 "with --tex-hyphen first (see android.md)")
    plan = []  # (request, strategies, kind)
    for kind in ("latin", "fallback", "letterSpacing", "hyphenation"):
        for req, _ in android.paragraph_requests(kind):
            plan.append((req, ["balanced"], kind))
    for fonts, text, size, hinting, spacing, hyphenation, widths in EDGES:
        plan.append((android.request(fonts, text, size, hinting, spacing, hyphenation, widths), STRATEGIES, "edge"))

    for req, strategies, _ in plan:
        req["strategies"] = strategies
    answers = harness_answers([req for req, _, _ in plan])

    build_shim()
    start_plan = []
    for fonts, text, size, hinting, spacing, hyphenation, widths, locale in START_EDITS:
        req = android.request(fonts, text, size, hinting, spacing, hyphenation, widths)
        req.update(strategies=STRATEGIES, locale=locale)
        start_plan.append(req)
    start_answers = harness_answers(start_plan, preload=SHIM)
    start_edits = []
    for req, answer in zip(start_plan, start_answers):
        start_edits.append(dict(case(req, answer, "startEdit"), locale=req["locale"]))
    if not any(line["startHyphenEdit"] for c in start_edits for layout in c["layouts"] for line in layout["lines"]):
        sys.exit("no start-of-line edit among the startEdits cases")

    def key(c):
        return (c["kind"], c["fonts"], c["text"], c["size"], not c["hinting"], c["letterSpacing"], c["hyphenation"])

    balanced = [case(req, answer, kind) for (req, _, kind), answer in zip(plan, answers) if kind != "edge"]
    edges = [case(req, answer, kind) for (req, _, kind), answer in zip(plan, answers) if kind == "edge"]
    with open(os.path.join(android.BUILD, "minikin-source.txt"), encoding="utf-8") as source:
        engine = [line.strip() for line in source if line.strip() and not line.startswith("compiler:")]
    doc = {
        "generator": {
            "script": "Tests/Goldens/make_android_breaks.py",
            "harness": "Tests/Goldens/android/minikin_harness.cpp",
            "engine": engine,
            "hyphenator": "en-US, minPrefix 2, minSuffix 3; pl (startEdits), the same patterns, minPrefix 2, minSuffix 2",
            "preload": "Tests/Goldens/android/hb_no_assert.c (startEdits only)",
        },
        "balanced": sorted(balanced, key=key),
        "edges": sorted(edges, key=key),
        "startEdits": sorted(start_edits, key=key),
    }
    with open(OUT_JSON, "w", encoding="utf-8") as out:
        json.dump(doc, out, indent=2, sort_keys=True, ensure_ascii=False)
        out.write("\n")
    print("wrote %s: %d balanced paragraphs (%d layouts), %d edge paragraphs (%d layouts), "
          "%d with start edits (%d layouts)" % (
              os.path.relpath(OUT_JSON, android.REPO), len(balanced), sum(len(c["layouts"]) for c in balanced),
              len(edges), sum(len(c["layouts"]) for c in edges),
              len(start_edits), sum(len(c["layouts"]) for c in start_edits)), file=sys.stderr)


if __name__ == "__main__":
    main()
