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

Lines carry both hyphen edits (Minikin's flags: end edit bits 0-2, start edit bits 3-4; no case
here has a start edit, see EDGES); the script refuses a line with a tab (bit 29).
"""
import json
import os
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
# Not here: a start-of-line hyphen edit (a soft hyphen between joining Arabic letters, whose next
# line starts with a ZWJ; Polish and Slovenian hyphens, for hyphenators the harness does not
# register). Minikin adds the ZWJ to HarfBuzz's buffer before the text (hb_buffer_add), which
# Debian's HarfBuzz, built with assertions, refuses (hb_buffer_t::assert_unicode) and aborts.


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

    original_line = android.request_line
    android.request_line = lambda req: original_line(req) + "\tstrategies=" + ",".join(req["strategies"])
    for req, strategies, _ in plan:
        req["strategies"] = strategies
    answers = android.run_harness([req for req, _, _ in plan])
    android.request_line = original_line

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
            "hyphenator": "en-US, minPrefix 2, minSuffix 3",
        },
        "balanced": sorted(balanced, key=key),
        "edges": sorted(edges, key=key),
    }
    with open(OUT_JSON, "w", encoding="utf-8") as out:
        json.dump(doc, out, indent=2, sort_keys=True, ensure_ascii=False)
        out.write("\n")
    print("wrote %s: %d balanced paragraphs (%d layouts), %d edge paragraphs (%d layouts)" % (
        os.path.relpath(OUT_JSON, android.REPO), len(balanced), sum(len(c["layouts"]) for c in balanced),
        len(edges), sum(len(c["layouts"]) for c in edges)), file=sys.stderr)


if __name__ == "__main__":
    main()
