#!/usr/bin/python3
"""Generate Tests/Goldens/truncation.json: the expected last line of truncated layouts.

Run from the repository root:

    /usr/bin/python3 Tests/Goldens/make_truncation.py

Independent of Caliper: widths come from the `hb-shape` CLI (design units, default features),
and the truncation rule is the one Sources/Caliper/Caliper.docc/Semantics.md states, implemented
here in Python:

- The last allowed line starts at `start` and takes the rest of the paragraph, trailing
  whitespace dropped: `rest = text[start:].rstrip(" ")`.
- tail:   the longest prefix of `rest` (cut between characters) whose text, with trailing
          spaces dropped, plus "…" fits `maxWidth`.
- head:   "…" plus the longest suffix (leading spaces dropped) that fits.
- middle: prefix + "…" + suffix, growing one character at a time, prefix first, then
          alternating; a side that no longer fits stops growing.
- Nothing fits: "…" alone.
A line "fits" when its hb-shape width (the whole displayed string shaped as one line)
× size / unitsPerEm is ≤ maxWidth + 1e-9.

Texts are ASCII only, so every character is one grapheme cluster. `start` for two-line
cases is the start of the second line in wrapped.json (Pango's break), so the first line
is Pango's too.
"""
import json
import os
import sys

from fontTools.ttLib import TTFont

from hbshape import REPO, advance

OUT = os.path.join(REPO, "Tests", "Goldens", "truncation.json")
ELLIPSIS = "\u2026"


def width(font, size, upem, text):
    return advance(font, text) * size / upem


def truncate(font, size, upem, max_width, rest, mode):
    def fits(shown):
        return width(font, size, upem, shown) <= max_width + 1e-9

    def shown(prefix_end, suffix_start):
        return rest[:prefix_end].rstrip(" ") + ELLIPSIS + rest[suffix_start:].lstrip(" ")

    n = len(rest)
    best = ELLIPSIS
    if mode == "truncate-tail":
        for cut in range(n, -1, -1):
            if fits(shown(cut, n)):
                return shown(cut, n)
        return best
    if mode == "truncate-head":
        for cut in range(n, -1, -1):
            candidate = shown(0, cut)
            if not fits(candidate):
                break
            best = candidate
        return best
    # middle
    prefix, suffix = 0, n
    can_grow = {"prefix": True, "suffix": True}
    prefix_turn = True
    while prefix < suffix and (can_grow["prefix"] or can_grow["suffix"]):
        grows_prefix = can_grow["prefix"] and (prefix_turn or not can_grow["suffix"])
        nxt = (prefix + 1, suffix) if grows_prefix else (prefix, suffix - 1)
        candidate = shown(*nxt)
        if fits(candidate):
            best = candidate
            prefix, suffix = nxt
        elif grows_prefix:
            can_grow["prefix"] = False
        else:
            can_grow["suffix"] = False
        prefix_turn = not prefix_turn
    return best


def main():
    os.chdir(REPO)
    wrapped = json.load(open(os.path.join(REPO, "Tests", "Goldens", "wrapped.json"), encoding="utf-8"))
    cases = []
    sentence = "The quick brown fox jumps over the lazy dog"
    one_line = [
        ("Fonts/DejaVuSans.ttf", 17, 150, sentence),
        ("Fonts/DejaVuSans.ttf", 17, 60, sentence),
        ("Fonts/NotoSans-Regular.ttf", 13, 100, sentence),
        ("Fonts/LiberationSans-Regular.ttf", 17, 120, "AVATAR WAVE Typography"),
        ("Fonts/DejaVuSans.ttf", 17, 5, "Hello World"),
    ]
    for font, size, max_width, text in one_line:
        for mode in ("truncate-tail", "truncate-head", "truncate-middle"):
            cases.append({"font": font, "size": size, "maxWidth": max_width, "text": text,
                          "numberOfLines": 1, "start": 0, "mode": mode})
    # Two lines: paragraphs without hard breaks from wrapped.json with at least three lines.
    for c in wrapped["cases"]:
        if "\n" in c["text"] or "\r" in c["text"] or len(c["lines"]) < 3 or not c["text"].isascii():
            continue
        for mode in ("truncate-tail", "truncate-head", "truncate-middle"):
            cases.append({"font": c["font"], "size": c["size"], "maxWidth": c["maxWidth"], "text": c["text"],
                          "numberOfLines": 2, "start": c["lines"][1]["start"], "mode": mode})
    for case in cases:
        assert case["text"].isascii()
        upem = TTFont(case["font"], lazy=True)["head"].unitsPerEm
        rest = case["text"][case["start"]:].rstrip(" ")
        shown = truncate(case["font"], case["size"], upem, case["maxWidth"], rest, case["mode"])
        case["expectedText"] = shown
        case["expectedWidth"] = width(case["font"], case["size"], upem, shown)
    cases.sort(key=lambda c: (c["font"], c["size"], c["maxWidth"], c["numberOfLines"], c["mode"], c["text"]))
    doc = {"generator": "hb-shape + the README's truncation rule (Tests/Goldens/make_truncation.py)",
           "cases": cases}
    with open(OUT, "w", encoding="utf-8", newline="\n") as f:
        f.write(json.dumps(doc, indent=2, sort_keys=True, ensure_ascii=False) + "\n")
    print("wrote %s (%d cases)" % (os.path.relpath(OUT, REPO), len(cases)))


if __name__ == "__main__":
    sys.exit(main())
