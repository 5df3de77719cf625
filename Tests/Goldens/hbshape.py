"""Shared helpers for the golden generators: the `hb-shape` CLI and UTF-16 offsets.

hb-shape runs without --font-size, so the font scale is unitsPerEm and every advance is an
integer in font design units; --utf8-clusters makes "cl" a UTF-8 byte offset (without it
hb-shape 6.0.0 reports code point indices).
"""
import ctypes
import json
import os
import subprocess

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
HB_ENV = dict(os.environ, LC_ALL="C.UTF-8")
_cache = {}


def shape(font, text, features="", direction=None, script=None, language=None):
    """hb-shape's glyphs (dicts with g, cl, ax, ay, dx, dy) for one line of text in `font`
    (a path relative to the repository root). `direction` ("ltr"/"rtl"), `script` (an ISO
    15924 tag such as "Arab") and `language` (a BCP 47 tag) are passed to hb-shape when
    given; otherwise HarfBuzz guesses them."""
    if "\n" in text or "\r" in text:
        raise ValueError("hb-shape takes one line of text")
    if text == "":
        return []
    key = (font, text, features, direction, script, language)
    if key not in _cache:
        cmd = ["hb-shape", "--output-format=json", "--no-glyph-names", "--utf8-clusters",
               "--font-file=" + os.path.join(REPO, font), "--text=" + text]
        if features:
            cmd.append("--features=" + features)
        if direction:
            cmd.append("--direction=" + direction)
        if script:
            cmd.append("--script=" + script)
        if language:
            cmd.append("--language=" + language)
        out = subprocess.run(cmd, check=True, capture_output=True, env=HB_ENV).stdout
        _cache[key] = json.loads(out.decode("utf-8"))
    return _cache[key]


def advance(font, text, features="", direction=None, script=None, language=None):
    """Sum of x advances of `text` shaped as one line, in font design units."""
    return sum(g["ax"] for g in shape(font, text, features, direction, script, language))


def version():
    out = subprocess.run(["hb-shape", "--version"], check=True, capture_output=True,
                         env=HB_ENV).stdout.decode()
    return out.splitlines()[0].strip()


def utf16_len(text):
    return len(text.encode("utf-16-le")) // 2


def utf8_to_utf16_offsets(text):
    """Map every UTF-8 byte offset that starts a code point (and the end) to UTF-16."""
    table, b, u = {}, 0, 0
    for ch in text:
        table[b] = u
        b += len(ch.encode("utf-8"))
        u += 2 if ord(ch) > 0xFFFF else 1
    table[b] = u
    return table


def shape_variations(font, text, variations):
    """hb-shape's glyphs for `text` in `font` set at `variations` ("wght=700,slnt=-5"; "" for the
    default instance)."""
    cmd = ["hb-shape", "--output-format=json", "--no-glyph-names", "--utf8-clusters",
           "--font-file=" + os.path.join(REPO, font), "--text=" + text]
    if variations:
        cmd.append("--variations=" + variations)
    out = subprocess.run(cmd, check=True, capture_output=True, env=HB_ENV).stdout
    return json.loads(out.decode("utf-8"))


class ICU:
    """The system ICU's break iterators (the library Caliper links), through ctypes. Shared by
    make_wrapped.py, make_hyphenation.py and make_wrapping_chips.py."""

    UBRK_CHARACTER, UBRK_LINE = 0, 2
    UBRK_DONE = -1

    def __init__(self):
        self.lib = None
        for v in range(80, 59, -1):
            try:
                self.lib = ctypes.CDLL("libicuuc.so.%d" % v)
            except OSError:
                continue
            self.suffix = "_%d" % v
            break
        if self.lib is None:
            raise SystemExit("libicuuc not found")
        self.open = self._fn("ubrk_open", ctypes.c_void_p,
                             [ctypes.c_int, ctypes.c_char_p, ctypes.c_void_p, ctypes.c_int32,
                              ctypes.POINTER(ctypes.c_int)])
        self.first = self._fn("ubrk_first", ctypes.c_int32, [ctypes.c_void_p])
        self.next = self._fn("ubrk_next", ctypes.c_int32, [ctypes.c_void_p])
        self.close = self._fn("ubrk_close", None, [ctypes.c_void_p])
        get_version = self._fn("u_getVersion", None, [ctypes.c_ubyte * 4])
        arr = (ctypes.c_ubyte * 4)()
        get_version(arr)
        self.version = ".".join(str(x) for x in arr[:3])

    def _fn(self, name, restype, argtypes):
        f = getattr(self.lib, name + self.suffix)
        f.restype, f.argtypes = restype, argtypes
        return f

    def offsets(self, kind, text, locale="en"):
        """Sorted UTF-16 offsets where ICU allows a break of `kind`, 0 and the end included."""
        buf = ctypes.create_string_buffer(text.encode("utf-16-le"))
        status = ctypes.c_int(0)
        it = self.open(kind, locale.encode(), buf, utf16_len(text), ctypes.byref(status))
        if status.value > 0 or not it:
            raise SystemExit("ubrk_open failed: %d" % status.value)
        out, pos = [], self.first(it)
        while pos != self.UBRK_DONE:
            out.append(pos)
            pos = self.next(it)
        self.close(it)
        return out

    def boundaries(self, kind, text):
        """Set of UTF-16 offsets where ICU allows a break of `kind` (locale en), 0 and end included."""
        return set(self.offsets(kind, text))

    def line_breaks(self, text, locale="en"):
        """Sorted UTF-16 offsets of line break opportunities, 0 and the end included."""
        return self.offsets(self.UBRK_LINE, text, locale)
