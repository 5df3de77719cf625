#!/usr/bin/python3
"""Generate Tests/Goldens/hyphenation.json: dictionary hyphenation points and hyphenated line
breaking (dictionary points and soft hyphens U+00AD) from engines independent of Caliper.

Run from the repository root, after creating the pyphen virtualenv once (git-ignored):

    /usr/bin/python3 -m venv --system-site-packages Tests/Goldens/.venv
    Tests/Goldens/.venv/bin/pip install pyphen==0.18.1
    /usr/bin/python3 Tests/Goldens/make_hyphenation.py

(`Tests/Goldens/.venv/bin/python Tests/Goldens/make_hyphenation.py` works too: the venv sees
Debian's fontTools through --system-site-packages; run by /usr/bin/python3 the script adds the
venv's site-packages to sys.path itself.) Needs the Debian 12 packages `libhyphen0` (ctypes
loads libhyphen.so; `libhyphen-dev` provides that name), `hyphen-de`, `hyphen-en-us`,
`chromium`, `libharfbuzz-bin`, `libicu72` and `python3-fonttools`.

Points. The rule is libhyphen's hnj_hyphen_hyphenate3(dict, lowercased word in the dictionary's
charset, ..., lhmin=2, rhmin=2, clhmin=2, crhmin=2); an odd hyphens[i] is a point after
character i (after byte i for an 8-bit dictionary; for a UTF-8 dictionary libhyphen's
hnj_hyphen_norm has already turned byte indices into character indices); points with a
non-standard replacement (rep[i] != NULL) are not used; points are UTF-16 offsets into the word.
Three computations per word, which must agree where noted:

- `libhyphen`: the real library through ctypes (Debian's libhyphen0 2.8.8).
- `points`: a restatement of libhyphen 2.8.8's algorithm in Python (class Restated: its pattern
  loader, its finite-state matcher, which reports only the current state's pattern and no
  pattern that is a proper suffix of it, the NEXTLEVEL compound recursion with the compound
  minima, the LEFT/RIGHTHYPHENMIN clamps and NOHYPHEN). The script fails unless it equals
  `libhyphen` for every word (and it also runs it over every word of hyph_de_DE.dic's compound
  word list as a self-check).
- `pyphen`: PyPI pyphen 0.18.1, `pyphen.Pyphen(filename=..., left=L, right=R)` with L/R = max(2,
  the dictionary's LEFTHYPHENMIN/RIGHTHYPHENMIN) -- pyphen reads neither line itself (it skips
  them) nor NEXTLEVEL (it merges both levels into one table) and matches every pattern that
  occurs anywhere in the word, so for hyph_de_DE.dic (two levels, not closed under substrings)
  it differs from libhyphen for many words; those words are marked `"pyphenAgrees": false`.
  pyphen decodes the file with the charset named on its first line (ISO8859-1 for German).
  For the English dictionary (one level) pyphen must agree with libhyphen; the script fails
  otherwise.

Layouts. Each case's text is laid out by headless Chromium (run as make_browser_layouts.py runs
it) with `hyphens: manual` and `lang` set: for a `dictionary` case, U+00AD is inserted into the
text at every point of every word (a word is the text between two consecutive ICU line break
opportunities, trailing whitespace removed, then leading/trailing characters that are not
letters (L*, M*) stripped; hyphenated only if it has only letters, its lowercase has the same
UTF-16 length and it is at most 64 UTF-16 units); soft-hyphen cases keep only the text's own
U+00AD. Chromium's lines are mapped back to offsets in the original text and must equal a
greedy model from hb-shape widths: a line ends at the furthest break opportunity (ICU line
break, dictionary point, after U+00AD) whose line fits, a line's width being its text without
trailing whitespace (and without U+00AD) plus, when it ends at a point or after U+00AD, the
hyphen (U+2010 if the font has it, else U+002D) shaped alone. A case with a candidate line
within TIE = 1/32 px of maxWidth is dropped with a note on stderr. Chromium's width of each
line (and so whether it drew the hyphen) is measured by laying the text out again right-aligned:
the line's width is maxWidth minus the left edge of its first character, and a hyphenated
line's last character ends a hyphen's width before maxWidth. The min-content width is
Chromium's `width: min-content` and must agree with the widest piece between break
opportunities (plus the hyphen when the piece ends at a point or U+00AD) within 2/64 px (not
1/64: see MIN_CONTENT_TOLERANCE).
"""
import ctypes
import glob
import hashlib
import json
import os
import subprocess
import sys
import unicodedata

import hbshape
import make_browser_layouts as browser

REPO = hbshape.REPO
OUT = os.path.join(REPO, "Tests", "Goldens", "hyphenation.json")

try:
    import pyphen
except ImportError:
    for site in glob.glob(os.path.join(REPO, "Tests", "Goldens", ".venv", "lib", "python3*",
                                       "site-packages")):
        sys.path.append(site)
    try:
        import pyphen
    except ImportError:
        raise SystemExit("pyphen not found: create the venv (see this script's docstring)")

PYPHEN_VERSION = "0.18.1"
LIBHYPHEN = "libhyphen.so"
EPS = 1e-9
TIE = 1 / 32
# Chromium's min-content is not within 1/64 px of the exact widest piece: it measures a piece
# between LayoutUnit-ceiled positions in the shaped paragraph and adds the ceiled hyphen width,
# so it is off by up to ~1.5/64 px either way (ceil(x_end) - ceil(x_start) + ceil(hyphen), x
# the in-context position, reproduces 19 of the 22 values, the other 3 within 1/64).
MIN_CONTENT_TOLERANCE = 2 / 64
LU = browser.LU
SHY = "\u00ad"
MAX_WORD = 64                     # UTF-16 units; longer words are not hyphenated
DICTS = {"de": "/usr/share/hyphen/hyph_de_DE.dic", "en-US": "/usr/share/hyphen/hyph_en_US.dic"}
DICT_PACKAGES = {"de": "hyphen-de", "en-US": "hyphen-en-us"}
NOTO, DEJAVU, LIBERATION = browser.NOTO, browser.DEJAVU, browser.LIBERATION
# No U+2010 (so its hyphen is U+002D) and no U+00AD; a variable font with an opsz axis whose
# default is 12, the only size used with it (Chromium's font-optical-sizing: auto picks opsz 12).
OPSZ = "Fonts/CaliperOpszTest.ttf"
browser.FONT.setdefault(OPSZ, browser.Font(OPSZ))
FONTS = [OPSZ, DEJAVU, LIBERATION, NOTO]


# --------------------------------------------------------------------------- dictionaries

def dict_header(path):
    """(charset, {keyword: value}) of a hyph_*.dic: its first line, and the minima lines."""
    with open(path, "rb") as fp:
        raw = fp.read()
    lines = raw.split(b"\n")
    charset = lines[0].strip().decode("ascii")
    keys = {}
    for line in lines[1:]:
        for key in ("LEFTHYPHENMIN", "RIGHTHYPHENMIN", "COMPOUNDLEFTHYPHENMIN",
                    "COMPOUNDRIGHTHYPHENMIN"):
            if line.startswith(key.encode() + b" "):
                keys.setdefault(key, int(line[len(key):].strip()))
    return charset, keys


def python_codec(charset):
    return {"UTF-8": "utf-8", "ISO8859-1": "latin-1"}[charset]


class Level:
    """One level of a libhyphen dictionary as hnj_hyphen_load_line builds it: every prefix of
    every pattern is a state; a pattern's digits are its state's match; NOHYPHEN and the
    minima keywords are recorded."""

    def __init__(self):
        self.states = {b""}
        self.match = {}            # state -> list of digit values, aligned to the state's end
        self.repl = set()          # states of non-standard patterns (pattern/replacement)
        self.minima = {}
        self.nohyphen = []
        self._fallback = {}

    def load_line(self, buf):
        for key in ("LEFTHYPHENMIN", "RIGHTHYPHENMIN", "COMPOUNDLEFTHYPHENMIN",
                    "COMPOUNDRIGHTHYPHENMIN"):
            if buf.startswith(key.encode()):
                self.minima[key] = int(buf[len(key):].split()[0])
                return
        if buf.startswith(b"NOHYPHEN"):
            rest = buf[8:].lstrip(b" \t")
            self.nohyphen = [s for s in rest[:-1].split(b",")]   # libhyphen drops the last byte
            return
        repl = b"/" in buf
        if repl:
            buf = buf[:buf.index(b"/")]
        word, pattern = b"", [0]
        for c in buf:
            if not (c > 0x20 or c >= 0x80):
                break
            if 0x30 <= c <= 0x39:
                pattern[-1] = c - 0x30
            else:
                word += bytes([c])
                pattern.append(0)
        if not repl:
            while pattern and pattern[0] == 0:
                pattern.pop(0)
        else:
            self.repl.add(word)
        for k in range(len(word) + 1):
            self.states.add(word[:k])
        self.match[word] = pattern

    def fallback(self, state):
        """Longest proper suffix of `state` that is a state; None for the empty state."""
        if state == b"":
            return None
        if state not in self._fallback:
            self._fallback[state] = next(state[j:] for j in range(1, len(state) + 1)
                                         if state[j:] in self.states)
        return self._fallback[state]


class Restated:
    """libhyphen 2.8.8's hnj_hyphen_load and hnj_hyphen_hyphenate3, restated in Python."""

    def __init__(self, path):
        with open(path, "rb") as fp:
            lines = fp.read().split(b"\n")
        self.charset = lines[0].strip(b"\r\n").decode("ascii")
        self.utf8 = self.charset == "UTF-8"
        levels = [Level()]
        nextlevel = False
        for line in lines[1:]:
            if line.startswith(b"NEXTLEVEL") and not nextlevel:
                nextlevel = True
                levels.append(Level())
                continue
            if line and not line.startswith(b"%"):
                levels[-1].load_line(line + b"\n")
        self.nextlevel = nextlevel
        if nextlevel:
            # the file's first level (compound boundaries) is the dictionary, the second its
            # nextlevel; the dictionary's minima are the first level's.
            self.levels = levels
            top = levels[0].minima
            self.lhmin = top.get("LEFTHYPHENMIN", 0)
            self.rhmin = top.get("RIGHTHYPHENMIN", 0)
            self.clhmin = top.get("COMPOUNDLEFTHYPHENMIN", 0)
            self.crhmin = top.get("COMPOUNDRIGHTHYPHENMIN", 0)
            self.nohyphen = levels[0].nohyphen
        else:
            # a one-level file becomes the nextlevel of a default first level that only breaks
            # compounds at hyphens and apostrophes (hnj_hyphen_load_file, k == 1)
            default = Level()
            if self.utf8:
                default.load_line(b"NOHYPHEN ',\xe2\x80\x93,\xe2\x80\x99,-\n")
            else:
                default.load_line(b"NOHYPHEN ',-\n")
            default.load_line(b"1-1\n")
            default.load_line(b"1'1\n")
            if self.utf8:
                default.load_line(b"1\xe2\x80\x931\n")
                default.load_line(b"1\xe2\x80\x991\n")
            self.levels = [default, levels[0]]
            m = levels[0].minima
            self.lhmin = m.get("LEFTHYPHENMIN", 0)
            self.rhmin = m.get("RIGHTHYPHENMIN", 0)
            c = m.get("COMPOUNDLEFTHYPHENMIN", 0)
            self.clhmin = c or self.lhmin or 3
            c = m.get("COMPOUNDRIGHTHYPHENMIN", 0)
            self.crhmin = c or self.rhmin or 3
            self.nohyphen = default.nohyphen

    def run(self, level, word):
        """hnj_hyphen_hyph_'s pattern pass: values after each byte of `word` (last one 0)."""
        prep = b"." + bytes(0x2E if 0x30 <= c <= 0x39 else c for c in word) + b"."
        hy = [0] * len(prep)
        state = b""
        for i, ch in enumerate(prep):
            nxt = bytes([ch])
            while state is not None and state + nxt not in level.states:
                state = level.fallback(state)
            if state is None:
                state = b""
                continue
            state += nxt
            if state in level.repl:
                raise SystemExit("non-standard pattern %r reached: not restated" % state)
            m = level.match.get(state)
            if m:
                offset = i + 1 - len(m)
                for k in range(max(0, -offset), len(m)):
                    hy[offset + k] = max(hy[offset + k], m[k])
        n = len(word)
        return [hy[x + 1] for x in range(n - 1)] + [0] if n else [], prep

    def hyph(self, k, word, clhmin, crhmin, lend, rend):
        h, prep = self.run(self.levels[k], word)
        if k + 1 < len(self.levels):
            begin = 0
            for i in range(len(word)):
                if h[i] & 1 or (begin > 0 and i + 1 == len(word)):
                    if i - begin > 1:
                        h2 = self.hyph(k, prep[begin + 1:i + 2], clhmin, crhmin,
                                       0 if begin > 0 else lend, 0 if h[i] & 1 else rend)
                        for j in range(i - begin - 1):
                            h[begin + j] = h2[j]
                    begin = i + 1
            if begin == 0:
                h = self.hyph(k + 1, word, clhmin, crhmin, lend, rend)
                if not lend:
                    self.clamp_left(word, h, clhmin)
                if not rend:
                    self.clamp_right(word, h, crhmin)
        return h

    def clamp_left(self, word, h, lhmin):
        """hnj_hyphen_lhmin without rep (and without its U+FB00.. ligature counting)."""
        i = 1
        j = 0
        while j < len(word) and 0x30 <= word[j] <= 0x39:
            i -= 1
            j += 1
        j = 0
        while i < lhmin and j < len(word):
            while True:
                h[j] = 0
                j += 1
                if not (j < len(word) and self.utf8 and (word[j] & 0xC0) == 0x80):
                    break
            i += 1

    def clamp_right(self, word, h, rhmin):
        """hnj_hyphen_rhmin without rep."""
        i = 0
        j = len(word) - 1
        while j > 0 and 0x30 <= word[j] <= 0x39:
            i -= 1
            j -= 1
        j = len(word) - 1
        while i < rhmin and j > 0:
            h[j] = 0
            if not self.utf8 or (word[j] & 0xC0) == 0xC0 or (word[j] & 0x80) != 0x80:
                i += 1
            j -= 1

    def points(self, word, lhmin=2, rhmin=2, clhmin=2, crhmin=2):
        """Character offsets of the odd values hnj_hyphen_hyphenate3 returns for `word`."""
        if any(0xFB00 <= ord(c) <= 0xFB06 for c in word):
            raise SystemExit("%r: ligature characters are not restated" % word)
        b = word.encode(python_codec(self.charset))
        lhmin, rhmin = max(lhmin, self.lhmin), max(rhmin, self.rhmin)
        clhmin, crhmin = max(clhmin, self.clhmin), max(crhmin, self.crhmin)
        h = self.hyph(0, b, clhmin, crhmin, 1, 1)
        self.clamp_left(b, h, lhmin if lhmin > 0 else 2)
        self.clamp_right(b, h, rhmin if rhmin > 0 else 2)
        for nh in self.nohyphen:
            at = b.find(nh) if nh else -1
            while at >= 0:
                h[at + len(nh) - 1] = 0
                if at - 1 >= 0:
                    h[at - 1] = 0
                at = b.find(nh, at + 1)
        if self.utf8:          # hnj_hyphen_norm: byte positions -> character positions
            out, pos = [], -1
            for i, c in enumerate(b):
                if (c & 0xC0) != 0x80:
                    pos += 1
                    out.append(0)
                out[pos] = h[i]
            h = out
        return [x + 1 for x, v in enumerate(h) if v & 1]


class LibHyphen:
    """The real libhyphen through ctypes."""

    def __init__(self):
        self.lib = ctypes.CDLL(LIBHYPHEN)
        self.lib.hnj_hyphen_load.restype = ctypes.c_void_p
        self.lib.hnj_hyphen_load.argtypes = [ctypes.c_char_p]
        self.lib.hnj_hyphen_free.argtypes = [ctypes.c_void_p]
        self.lib.hnj_hyphen_hyphenate3.restype = ctypes.c_int
        self.lib.hnj_hyphen_hyphenate3.argtypes = [
            ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_char_p,
            ctypes.POINTER(ctypes.POINTER(ctypes.c_char_p)),
            ctypes.POINTER(ctypes.POINTER(ctypes.c_int)),
            ctypes.POINTER(ctypes.POINTER(ctypes.c_int)),
            ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int]
        self.dicts = {}

    def load(self, path):
        d = self.lib.hnj_hyphen_load(path.encode())
        if not d:
            raise SystemExit("hnj_hyphen_load(%s) failed" % path)
        self.dicts[path] = d

    def points(self, path, codec, word):
        """(points, non-standard points) as character offsets, from hnj_hyphen_hyphenate3."""
        b = word.encode(codec)
        hyphens = ctypes.create_string_buffer(len(b) + 5)
        rep = ctypes.POINTER(ctypes.c_char_p)()
        pos = ctypes.POINTER(ctypes.c_int)()
        cut = ctypes.POINTER(ctypes.c_int)()
        r = self.lib.hnj_hyphen_hyphenate3(self.dicts[path], b, len(b), hyphens, None,
                                           ctypes.byref(rep), ctypes.byref(pos),
                                           ctypes.byref(cut), 2, 2, 2, 2)
        if r != 0:
            raise SystemExit("hnj_hyphen_hyphenate3(%r) returned %d" % (word, r))
        n = len(word)      # characters: 8-bit charset, or hnj_hyphen_norm for UTF-8
        points, nonstandard = [], []
        for i in range(n):
            if hyphens.raw[i] & 1:
                (nonstandard if rep and rep[i] else points).append(i + 1)
        return points, nonstandard

    def close(self):
        for d in self.dicts.values():
            self.lib.hnj_hyphen_free(d)


def utf16_offset(word, char_offset):
    return hbshape.utf16_len(word[:char_offset])


class Hyphenator:
    def __init__(self, lib):
        self.lib = lib
        self.info = {}
        self.restated, self.pyphen, self.cache = {}, {}, {}
        for lang, path in DICTS.items():
            charset, keys = dict_header(path)
            left = max(2, keys.get("LEFTHYPHENMIN", 0))
            right = max(2, keys.get("RIGHTHYPHENMIN", 0))
            lib.load(path)
            self.restated[lang] = Restated(path)
            self.pyphen[lang] = pyphen.Pyphen(filename=path, left=left, right=right)
            r = self.restated[lang]
            with open(path, "rb") as fp:
                digest = hashlib.sha256(fp.read()).hexdigest()
            self.info[lang] = {
                "path": path, "sha256": digest, "charset": charset,
                "package": "%s %s" % (DICT_PACKAGES[lang], dpkg_version(DICT_PACKAGES[lang])),
                "fileMinima": keys, "levels": "two (NEXTLEVEL): compound boundaries, then "
                "syllables" if r.nextlevel else "one, below libhyphen's default first level "
                "(compound boundaries at hyphens and apostrophes only)",
                "effectiveMinima": {"left": max(2, r.lhmin), "right": max(2, r.rhmin),
                                    "compoundLeft": max(2, r.clhmin),
                                    "compoundRight": max(2, r.crhmin)},
                "pyphenLeftRight": [left, right],
                # keys of lines with a "/" (libhyphen's non-standard pattern syntax)
                "nonstandardPatternKeys": sorted({s.decode(python_codec(charset))
                                                  for lv in r.levels for s in lv.repl})}

    def entry(self, lang, word):
        key = (lang, word)
        if key not in self.cache:
            path = DICTS[lang]
            codec = python_codec(self.restated[lang].charset)
            lower = word.lower()
            lib_points, nonstandard = self.lib.points(path, codec, lower)
            mine = self.restated[lang].points(lower)
            if mine != lib_points:
                raise SystemExit("%s %r: restated libhyphen %s, libhyphen %s"
                                 % (lang, word, mine, lib_points))
            if nonstandard:
                raise SystemExit("%s %r: non-standard points %s" % (lang, word, nonstandard))
            py = [int(p) for p in self.pyphen[lang].positions(word)]
            if lang == "en-US" and py != lib_points:
                raise SystemExit("%s %r: pyphen %s, libhyphen %s" % (lang, word, py, lib_points))
            u = [utf16_offset(word, p) for p in lib_points]
            self.cache[key] = {
                "language": lang, "dictionary": path, "word": word, "points": u,
                "libhyphen": u, "pyphen": [utf16_offset(word, p) for p in py],
                "pyphenAgrees": py == lib_points,
                "hyphenated": hyphenated(word, lib_points)}
        return self.cache[key]


def hyphenated(word, points):
    cuts = [0] + points + [len(word)]
    return "-".join(word[a:b] for a, b in zip(cuts, cuts[1:]))


def self_check(hyph):
    """The restatement against libhyphen over every word of hyph_de_DE.dic's first level (the
    compound word list) and a few UTF-8 words in the English dictionary."""
    path = DICTS["de"]
    with open(path, encoding="latin-1") as fp:
        lines = fp.read().split("\n")
    words = []
    for line in lines[1:lines.index("NEXTLEVEL")]:
        w = "".join(c for c in line.strip() if not c.isdigit())
        if w.isalpha() and w.islower():
            words.append(w)
    bad = 0
    for w in words:
        if hyph.restated["de"].points(w) != hyph.lib.points(path, "latin-1", w)[0]:
            bad += 1
    if bad:
        raise SystemExit("restated libhyphen differs on %d of %d dictionary words" % (bad, len(words)))
    py_bad = sum(1 for w in words if [int(p) for p in hyph.pyphen["de"].positions(w)]
                 != hyph.lib.points(path, "latin-1", w)[0])
    return {"words": len(words), "restatedAgrees": len(words) - bad, "pyphenAgrees": len(words) - py_bad}


def dpkg_version(pkg):
    return subprocess.run(["dpkg-query", "-W", "-f", "${Version}", pkg], capture_output=True,
                          check=True).stdout.decode().strip()


# --------------------------------------------------------------------------- words

GERMAN_WORDS = [
    "Donaudampfschifffahrt", "Donaudampfschifffahrtsgesellschaft", "veröffentlichte",
    "Jahresbericht", "Rechtsschutzversicherungsgesellschaften", "Geschwindigkeitsbegrenzungen",
    "Straße", "Straßenbahn", "Übergrößenträger", "Kindergarten", "Aufgabe",
    "Abwasserbehandlungsanlage", "Schifffahrt", "Eisenbahn", "Bundesverfassungsgericht",
    "Äpfel", "Öffentlichkeitsarbeit", "Überraschung", "Fußgängerüberweg", "Größe", "Maßstab",
    "Haus", "Baum", "Ei", "und", "die", "Zeitung", "Wissenschaft", "Wirtschaftsministerium",
    "Krankenversicherung", "Handschuh", "Lebensmittel", "Sehenswürdigkeiten", "Verantwortung",
    "Entschuldigung", "Grundstücksverkehrsgenehmigung", "Zusammenarbeit", "Streichholzschächtelchen",
    "Müllabfuhr", "Frühstück", "heißen", "STRASSE", "Bäckerei", "Urinstinkt", "Staubecken",
    "Kulträume", "Ablepsie", "Abbausituation", "Abdeckcreme", "Testergebnisse",
]
ENGLISH_WORDS = [
    "hyphenation", "typography", "internationalization", "dictionary", "extraordinary",
    "characteristically", "table", "present", "automatically", "Caliper", "measurement",
    "library", "paragraph", "information", "representation", "university", "beautiful",
    "development", "independent", "environment", "responsibility", "communication", "Wednesday",
    "the", "and", "a", "naïve", "fiancée", "résumé", "London", "Supercalifragilisticexpialidocious",
    "programming", "algorithm",
]


# --------------------------------------------------------------------------- ICU

ICU = hbshape.ICU  # ubrk line iterator of the system ICU, via ctypes


# --------------------------------------------------------------------------- layouts

def is_letter(c):
    return unicodedata.category(c)[0] in "LM"


def case(name, font, size, width, lang, text, dictionary=True):
    return {"name": name, "font": font, "size": size, "maxWidth": width, "language": lang,
            "text": text, "dictionary": dictionary}


DE1 = ("Die Donaudampfschifffahrtsgesellschaft veröffentlichte ihren Jahresbericht über "
       "Rechtsschutzversicherungsgesellschaften und Geschwindigkeitsbegrenzungen.")
DE2 = ("Der Fußgängerüberweg vor dem Bundesverfassungsgericht wurde während der "
       "Straßenbauarbeiten gesperrt, teilte die Öffentlichkeitsarbeit mit.")
DE3 = ("Die Kfz-Haftpflichtversicherung und die Rechtsschutz-Zusatzversicherung sind "
       "Pflichtversicherungen für Kraftfahrzeughalter.")
EN1 = ("Internationalization and localization of typographical software require "
       "extraordinarily comprehensive hyphenation dictionaries.")
EN2 = ("The characteristically unpredictable representation of measurements complicates "
       "automatic paragraph composition.")
# Compounds of 63, 64 and 65 letters: the last is longer than MAX_WORD, so it is not hyphenated
# (and overflows its line).
DE_LONG = ("Das Rindfleischetikettierungsüberwachungsaufgabenübertragungsgesetz wurde aufgehoben, "
           "die Rindfleischetikettierungsüberwachungsaufgabenübertragungsgesetze auch, aber der "
           "Text des Rindfleischetikettierungsüberwachungsaufgabenübertragungsgesetzes nicht.")
SHY_DE = "Ab\u00adwasser\u00adbehandlungs\u00adanlage und Donau\u00addampf\u00adschiff\u00adfahrt"
SHY_EN = ("Super\u00adcali\u00adfragi\u00adlistic\u00adexpi\u00adali\u00addocious is a "
          "hyphen\u00adation test")
SHY_MIX = "Die Abwasser\u00adbehandlungsanlage der Donaudampfschifffahrtsgesellschaft"

CASES = [
    case("de-donau-noto16-120", NOTO, 16, 120, "de", DE1),
    case("de-donau-noto14-60", NOTO, 14, 60, "de", DE1),
    case("de-donau-dejavu15-90", DEJAVU, 15, 90, "de", DE1),
    case("de-donau-liberation18-200", LIBERATION, 18, 200, "de", DE1),
    case("de-donau-liberation17-150", LIBERATION, 17, 150, "de", DE1),
    case("de-fussgaenger-dejavu14-100", DEJAVU, 14, 100, "de", DE2),
    case("de-fussgaenger-noto18-140", NOTO, 18, 140, "de", DE2),
    case("de-fussgaenger-liberation16-75", LIBERATION, 16, 75, "de", DE2),
    case("de-hard-hyphens-noto15-110", NOTO, 15, 110, "de", DE3),
    case("de-hard-hyphens-dejavu16-170", DEJAVU, 16, 170, "de", DE3),
    case("de-max-word-length-noto14-200", NOTO, 14, 200, "de", DE_LONG),
    case("en-i18n-noto16-130", NOTO, 16, 130, "en-US", EN1),
    case("en-i18n-liberation14-80", LIBERATION, 14, 80, "en-US", EN1),
    case("en-measurements-dejavu17-160", DEJAVU, 17, 160, "en-US", EN2),
    case("shy-de-noto16-100", NOTO, 16, 100, "de", SHY_DE, dictionary=False),
    case("shy-de-dejavu14-70", DEJAVU, 14, 70, "de", SHY_DE, dictionary=False),
    case("shy-en-liberation16-120", LIBERATION, 16, 120, "en-US", SHY_EN, dictionary=False),
    case("shy-en-noto14-90", NOTO, 14, 90, "en-US", SHY_EN, dictionary=False),
    case("en-measurements-opsz12-100", OPSZ, 12, 100, "en-US", EN2),
    case("shy-en-opsz12-70", OPSZ, 12, 70, "en-US", SHY_EN, dictionary=False),
    case("shy-mixed-dictionary-noto16-110", NOTO, 16, 110, "de", SHY_MIX),
    case("shy-mixed-no-dictionary-noto16-110", NOTO, 16, 110, "de", SHY_MIX, dictionary=False),
]


class Style:
    def __init__(self, font_path, size):
        self.font, self.size = font_path, size
        self.f = browser.font(font_path)
        from fontTools.ttLib import TTFont
        cmap = TTFont(os.path.join(REPO, font_path)).getBestCmap()
        self.hyphen = "\u2010" if 0x2010 in cmap else "-"
        self.hyphen_units = self.units(self.hyphen)

    def units(self, text):
        text = text.replace(SHY, "")
        glyphs = hbshape.shape(self.font, text) if text else []
        if any(g["g"] == 0 for g in glyphs):
            raise SystemExit("%s has no glyph for some character in %r" % (self.font, text))
        return sum(g["ax"] for g in glyphs)

    def px(self, units):
        return units * self.size / self.f.upem


def prepare(c, hyph, icu):
    """Break opportunities {utf16 offset: ends hyphenated?} and the dictionary points (their
    words are added to hyph's `points` entries)."""
    text = c["text"]
    if any(ord(ch) > 0xFFFF for ch in text):
        raise SystemExit("%s: keep the texts in the BMP (offsets are indices)" % c["name"])
    n = len(text)
    bounds = icu.line_breaks(text, c["language"].split("-")[0])
    opps = {b: text[b - 1] == SHY for b in bounds if b > 0}
    points = []
    if c["dictionary"]:
        for a, b in zip(bounds, bounds[1:]):
            seg_end = b
            while seg_end > a and text[seg_end - 1].isspace():
                seg_end -= 1
            ca, cb = a, seg_end
            while ca < cb and not is_letter(text[ca]):
                ca += 1
            while cb > ca and not is_letter(text[cb - 1]):
                cb -= 1
            core = text[ca:cb]
            if not core or not all(is_letter(ch) for ch in core) or \
                    len(core.lower()) != len(core) or len(core) > MAX_WORD:
                continue
            e = hyph.entry(c["language"], core)
            points += [ca + p for p in e["points"]]
    for p in points:
        if p in opps:
            raise SystemExit("%s: point %d is already a break opportunity" % (c["name"], p))
        opps[p] = True
    if n not in opps:
        raise SystemExit("%s: the end is not a break opportunity" % c["name"])
    return opps, sorted(points)


def line_units(style, text, start, end, hyphenated):
    units = style.units(text[start:end].rstrip())
    return units + (style.hyphen_units if hyphenated else 0)


def greedy(c, style, opps):
    """Greedy lines [(start, end)] and the notes of candidates within TIE of maxWidth."""
    text, width = c["text"], c["maxWidth"]
    cands = sorted(opps)
    lines, notes, start = [], [], 0
    margin = float("inf")
    while start < len(text):
        best = first = None
        for b in cands:
            if b <= start:
                continue
            w = style.px(line_units(style, text, start, b, opps[b]))
            margin = min(margin, abs(w - width))
            if abs(w - width) < TIE:
                notes.append("line from %d to %d%s: %.5f px vs %g" % (
                    start, b, " (hyphenated)" if opps[b] else "", w, width))
            if first is None:
                first = b
            if w <= width + EPS:
                best = b
            if style.px(style.units(text[start:b].rstrip())) > width + 1:
                break
        end = best if best is not None else first
        lines.append((start, end))
        start = end
    return lines, notes, margin


def min_content(c, style, opps):
    text, prev, best = c["text"], 0, 0
    for b in sorted(opps):
        best = max(best, line_units(style, text, prev, b, opps[b]) * style.size / style.f.upem)
        prev = b
    return best


JS = r"""
const FAMILY = %(families)s;

function makePara(c) {
  const host = document.getElementById('host');
  host.replaceChildren();
  const el = document.createElement('div');
  el.className = 'hyph';
  el.lang = c.language;
  el.style.width = c.width === null ? 'min-content' : c.width + 'px';
  el.style.fontFamily = '"' + FAMILY[c.font] + '"';
  el.style.fontSize = c.size + 'px';
  el.style.lineHeight = (2 * c.size) + 'px';
  el.style.textAlign = c.align;
  el.textContent = c.text;
  host.appendChild(el);
  return el;
}

// Per character other than a space or U+00AD: [index, top, left, right, number of rects].
function layoutHyph(c) {
  const el = makePara(c);
  const node = el.firstChild, chars = [];
  for (let i = 0; i < c.text.length; i++) {
    if (c.text[i] === ' ' || c.text[i] === '\u00ad') continue;
    const range = document.createRange();
    range.setStart(node, i); range.setEnd(node, i + 1);
    chars.push([i, [...range.getClientRects()].map(r => [r.top, r.left, r.right])]);
  }
  const style = getComputedStyle(el);
  const box = el.getBoundingClientRect();
  const res = {chars, hyphens: style.hyphens, lang: el.lang, left: box.left, width: box.width,
               height: box.height};
  el.remove();
  return res;
}

function minContentWidth(c) {
  const el = makePara(Object.assign({}, c, {width: null}));
  const w = el.getBoundingClientRect().width;
  el.remove();
  return w;
}
"""

CSS = browser.CSS + """#host .hyph { margin: 0; padding: 0; border: 0; white-space: normal; hyphens: manual; }
"""


def browser_layout(chromium, c, dom_text, align):
    res = chromium.call("layoutHyph", {"text": dom_text, "font": c["font"], "size": c["size"],
                                       "width": c["maxWidth"], "language": c["language"],
                                       "align": align})
    if res["hyphens"] != "manual" or res["lang"] != c["language"]:
        raise SystemExit("%s: hyphens %r, lang %r computed" % (c["name"], res["hyphens"], res["lang"]))
    lines, tops = [], []
    for i, rects in res["chars"]:
        # A Range over the character right after a soft hyphen at a line break also has the
        # hyphen's rect at the end of the line before.
        if len(rects) == 2 and lines and abs(rects[0][0] - tops[-1]) < EPS:
            lines[-1]["hyphenRect"] = rects[0][1:]
            rects = rects[1:]
        if len(rects) != 1:
            raise SystemExit("%s char %d %r: client rects %s" % (c["name"], i, dom_text[i], rects))
        top, left, right = rects[0]
        if not tops or abs(top - tops[-1]) > EPS:
            if tops and top < tops[-1]:
                raise SystemExit("%s: lines not in logical order" % c["name"])
            tops.append(top)
            lines.append({"first": i, "left": left, "right": right})
        else:
            lines[-1]["right"] = right
    return lines, res


class Stats:
    margin = float("inf")
    line_dev = 0.0
    hyphen_dev = 0.0
    min_dev = 0.0
    hyphen_rect = 0.0


STATS = Stats()


def run_case(chromium, c, hyph, icu):
    name, text = c["name"], c["text"]
    style = Style(c["font"], c["size"])
    opps, points = prepare(c, hyph, icu)
    model, notes, margin = greedy(c, style, opps)
    if notes:
        return None, notes
    STATS.margin = min(STATS.margin, margin)
    # The DOM text: the original with U+00AD inserted at the dictionary points.
    dom, orig_of = [], []
    pset = set(points)
    for i, ch in enumerate(text):
        if i in pset:
            dom.append(SHY)
            orig_of.append(None)
        dom.append(ch)
        orig_of.append(i)
    dom_text = "".join(dom)
    left_lines, _ = browser_layout(chromium, c, dom_text, "left")
    right_lines, res = browser_layout(chromium, c, dom_text, "right")
    starts = [orig_of[l["first"]] for l in left_lines]
    if starts[0] != 0:
        raise SystemExit("%s: the first line starts at %d" % (name, starts[0]))
    if [orig_of[l["first"]] for l in right_lines] != [orig_of[l["first"]] for l in left_lines]:
        raise SystemExit("%s: right-aligned lines differ from left-aligned ones" % name)
    ends = starts[1:] + [len(text)]
    got = list(zip(starts, ends))
    for a in starts[1:]:
        if a not in opps:
            raise SystemExit("%s: Chromium breaks at %d, not a break opportunity" % (name, a))
    if got != model:
        raise SystemExit("%s: Chromium's lines %s, greedy model %s" % (name, got, model))
    lines = []
    width = c["maxWidth"]
    for (a, b), rl in zip(got, right_lines):
        h = opps[b]
        units = line_units(style, text, a, b, h)
        w = style.px(units)
        line = {"start": a, "end": b, "hyphenated": bool(h), "width": w, "advanceSum": units}
        if w <= width + EPS:
            cw = width - (rl["left"] - res["left"])
            gap = width - (rl["right"] - res["left"])   # what Chromium drew after the last char
            STATS.line_dev = max(STATS.line_dev, abs(cw - w))
            if abs(cw - w) > 2 * LU + EPS:
                raise SystemExit("%s line %d-%d: Chromium width %r, hb-shape %r" % (name, a, b, cw, w))
            want_gap = style.px(style.hyphen_units) if h else 0
            STATS.hyphen_dev = max(STATS.hyphen_dev, abs(gap - want_gap))
            if abs(gap - want_gap) > 2 * LU + EPS:
                raise SystemExit("%s line %d-%d: %.4f px after the last character, expected %.4f"
                                 % (name, a, b, gap, want_gap))
            line["chromiumWidth"] = cw
        if h != ("hyphenRect" in rl):
            raise SystemExit("%s line %d-%d: hyphenated %s, Chromium's hyphen rect %s"
                             % (name, a, b, h, rl.get("hyphenRect")))
        if h:
            hw = rl["hyphenRect"][1] - rl["hyphenRect"][0]
            STATS.hyphen_rect = max(STATS.hyphen_rect, abs(hw - style.px(style.hyphen_units)))
            if abs(hw - style.px(style.hyphen_units)) > 2 * LU + EPS:
                raise SystemExit("%s line %d-%d: Chromium's hyphen is %r px wide, %s %r"
                                 % (name, a, b, hw, style.hyphen, style.px(style.hyphen_units)))
        lines.append(line)
    mc = min_content(c, style, opps)
    cmc = chromium.call("minContentWidth", {"text": dom_text, "font": c["font"],
                                            "size": c["size"], "width": None,
                                            "language": c["language"], "align": "left"})
    STATS.min_dev = max(STATS.min_dev, abs(cmc - mc))
    if abs(cmc - mc) > MIN_CONTENT_TOLERANCE + EPS:
        raise SystemExit("%s: Chromium min-content %r, expected %r" % (name, cmc, mc))
    out = dict(c, unitsPerEm=style.f.upem, hyphenCharacter="U+%04X" % ord(style.hyphen),
               hyphenAdvance=style.hyphen_units, points=points, lines=lines,
               minContentWidth=mc, chromiumMinContentWidth=cmc)
    return out, None


# --------------------------------------------------------------------------- main

def main():
    lib = LibHyphen()
    hyph = Hyphenator(lib)
    icu = ICU()
    check = self_check(hyph)
    for w in GERMAN_WORDS:
        hyph.entry("de", w)
    for w in ENGLISH_WORDS:
        hyph.entry("en-US", w)
    families = json.dumps({f: browser.font(f).family for f in FONTS}, sort_keys=True)
    cases, dropped, product = browser.run_cases(
        CSS, JS % {"families": families}, FONTS, CASES,
        lambda chromium, c: run_case(chromium, c, hyph, icu))
    lib.close()
    points = sorted(hyph.cache.values(), key=lambda e: (e["language"], e["word"]))
    fonts = {}
    for f in FONTS:
        s = Style(f, 16)
        fonts[f] = {"hyphenCharacter": "U+%04X" % ord(s.hyphen), "hyphenAdvance": s.hyphen_units,
                    "unitsPerEm": s.f.upem}
    generator = {
        "script": "Tests/Goldens/make_hyphenation.py",
        "chromium": browser.generator_description(product),
        "harfbuzz": hbshape.version(),
        "icu": icu.version,
        "pyphen": "pyphen %s (PyPI)" % pyphen.__version__,
        "libhyphen": "libhyphen0 %s (Debian; %s via ctypes)" % (dpkg_version("libhyphen0"), LIBHYPHEN),
        "dictionaries": hyph.info,
        "fonts": fonts,
        "restatementSelfCheck": check,
    }
    if pyphen.__version__ != PYPHEN_VERSION:
        print("note: pyphen %s, the golden was made with %s" % (pyphen.__version__, PYPHEN_VERSION),
              file=sys.stderr)
    browser.write(OUT, {"generator": generator, "points": points, "layouts": cases})
    n_lines = sum(len(c["lines"]) for c in cases)
    n_hyph = sum(1 for c in cases for l in c["lines"] if l["hyphenated"])
    print("points: %d words (%d de, %d en-US; pyphen disagrees on %d); self-check %s"
          % (len(points), sum(1 for p in points if p["language"] == "de"),
             sum(1 for p in points if p["language"] == "en-US"),
             sum(1 for p in points if not p["pyphenAgrees"]), check), file=sys.stderr)
    print("layouts: %d written, %d dropped; %d lines, %d hyphenated"
          % (len(cases), len(dropped), n_lines, n_hyph), file=sys.stderr)
    print("smallest margin of a candidate line to maxWidth: %.4f px" % STATS.margin, file=sys.stderr)
    print("max |Chromium - hb-shape|: line width %.4f/64 px, hyphen gap %.4f/64 px, "
          "hyphen rect %.4f/64 px, min-content %.4f/64 px"
          % (STATS.line_dev * 64, STATS.hyphen_dev * 64, STATS.hyphen_rect * 64,
                                      STATS.min_dev * 64), file=sys.stderr)


if __name__ == "__main__":
    main()
