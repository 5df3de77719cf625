#!/usr/bin/python3
"""Check the expectations of Tests/CaliperTests/PangoMarkupTests.swift against Pango's own markup parser, and record how Pango lays out <sup> and <sub> (markup_scripts.json).

Run from the repository root with Debian's Python (it has PyGObject and Pango 1.50):

    /usr/bin/python3 Tests/Goldens/check_markup.py

Part 1 writes nothing. For every case in ACCEPTED it parses the markup with Pango.parse_markup,
walks the attribute list with an iterator and resolves each range the way Pango's itemizer
does (pango_attr_iterator_get_font over a base description holding only a sentinel family and
the base size), then compares Pango's text and ranges with the expectations, which are the
same numbers PangoMarkupTests.swift expects from Caliper's parser:

  family        the description's family, when an attribute set it (compared ignoring case:
                Pango's <tt> says "Monospace", Caliper "monospace")
  weight/italic the description's weight and style, when an attribute set them
  size          the description's size; Pango keeps it in whole 1024ths of a point,
                truncating, so it may be up to 1/1024 pt below Caliper's exact value
  rise, spacing the innermost rise / letter_spacing attribute, in points
  features      every font_features attribute over the range, outermost first, split at
                commas and trimmed
  lang          the language attribute
  scripts       every <sup>/<sub> over the range, as ("sup" or "sub", the UTF-16 offset where it
                starts): Pango's font_scale attributes, which must match its baseline_shift ones;
                compared in any order (Pango's iterator does not keep their nesting order)

Pango does not merge neighbouring ranges with equal attributes; the script merges them, as
Caliper does. REFUSED lists markup both Pango and Caliper refuse, and the DEVIATIONS lists
markup where they disagree on purpose (see PangoMarkup's documentation); the script checks
that Pango still decides those the way the documentation says.

Part 2 writes Tests/Goldens/markup_scripts.json: what the parse cannot say, the size and
baseline offset <sup> and <sub> resolve to, which Pango computes from fonts when it lays text
out. Every case of SCRIPT_CASES is laid out by Pango (PangoCairo, fontconfig restricted to
Fonts/ by FONTCONFIG_FILE, base family Noto Sans at an absolute size, resolution 72 dpi so that
1 pt is one layout unit) and each of Pango's runs is recorded: its line, UTF-16 range, font
file, size (pango_font_describe_with_absolute_size) and baseline offset (the run's y_offset,
positive up), in points. PangoMarkupTests.swift compares Caliper's resolved styles with the
cases without "notFollowed"; those with it are what Caliper documents rather than follows.
Pango prints "Leftover font scales" for the case with a paragraph break inside <sup>.
"""
import ctypes
import json
import os
import subprocess
import sys

import make_wrapped  # noqa: F401  (sets FONTCONFIG_FILE before gi is imported)
import make_mixed as mm
from make_wrapped import Pango, PangoCairo, pango_context
from gi.repository import GLib  # noqa: E402

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OUT = os.path.join(REPO, "Tests", "Goldens", "markup_scripts.json")

BASE_FAMILY = "CALIPER-BASE"
# PangoFontScale / PangoBaselineShift values of <sup> and <sub> (their enums agree: 1 and 2).
SCRIPT_KIND = {1: "sup", 2: "sub"}

# (markup, base size, [(utf16 start, utf16 end, {field: value})]); unnamed fields are the base's.
ACCEPTED = [
    ('<b>Ana</b> replied: <span size="smaller">great shot 📸</span>', 17,
     [(0, 3, {"weight": 700}), (3, 13, {}), (13, 26, {"size": 17 / 1.2})]),
    ("<b><i>x</i></b>", 17, [(0, 1, {"weight": 700, "italic": True})]),
    ("<small><small>x</small></small>", 17, [(0, 1, {"size": 17 / 1.2 / 1.2})]),
    ('<span size="x-large"><small>x</small></span>', 17, [(0, 1, {"size": 17 * 1.2})]),
    ("<big>x</big><small>y</small>", 17, [(0, 1, {"size": 17 * 1.2}), (1, 2, {"size": 17 / 1.2})]),
    # Every size form.
    ('<span size="12800">a</span><span font_size="12.5pt">b</span>', 17, [(0, 2, {"size": 12.5})]),
    ('<span size="150%">x</span>', 17, [(0, 1, {"size": 25.5})]),
    ('<span size="xx-small">a</span><span size="x-small">b</span><span size="small">c</span>'
     '<span size="medium">d</span><span size="large">e</span><span size="x-large">f</span>'
     '<span size="xx-large">g</span>', 13,
     [(0, 1, {"size": 13 / 1.2 ** 3}), (1, 2, {"size": 13 / 1.2 ** 2}), (2, 3, {"size": 13 / 1.2}),
      (3, 4, {}), (4, 5, {"size": 13 * 1.2}), (5, 6, {"size": 13 * 1.2 ** 2}), (6, 7, {"size": 13 * 1.2 ** 3})]),
    ('<span size="larger">a<span size="larger">b</span></span><span size="smaller">c</span>', 17,
     [(0, 1, {"size": 17 * 1.2}), (1, 2, {"size": 17 * 1.44}), (2, 3, {"size": 17 / 1.2})]),
    # A keyword scales the innermost absolute size, not the base one.
    ('<span size="20pt"><span size="x-large">x</span></span>', 17, [(0, 1, {"size": 28.8})]),
    # A scale replaces the scale outside it.
    ('<span size="50%"><span size="50%">x</span></span>', 17, [(0, 1, {"size": 8.5})]),
    ('<small><span size="50%">x</span></small>', 17, [(0, 1, {"size": 8.5})]),
    ('<big>a<span size="20pt">b</span>c</big>', 17,
     [(0, 1, {"size": 17 * 1.2}), (1, 2, {"size": 24}), (2, 3, {"size": 17 * 1.2})]),
    ('<span size="20pt"><big>x</big></span>', 17, [(0, 1, {"size": 24})]),
    ('<span font="Sans 12" size="larger">x</span>', 17,
     [(0, 1, {"family": "Sans", "size": 12, "weight": 400, "italic": False})]),
    # Font descriptions.
    ('<span font="Serif Bold Italic 12">x</span>', 17,
     [(0, 1, {"family": "Serif", "weight": 700, "italic": True, "size": 12})]),
    ('<b><span font="12">x</span></b>', 17, [(0, 1, {"weight": 400, "italic": False, "size": 12})]),
    ('<span font="Sans Bold Light">x</span>', 17, [(0, 1, {"family": "Sans", "weight": 700, "italic": False})]),
    ('<span font="Sans weight=500 style=italic 12">x</span>', 17,
     [(0, 1, {"family": "Sans", "weight": 500, "italic": True, "size": 12})]),
    ('<span font_desc=" A , B , ">x</span>', 17, [(0, 1, {"family": "A,B", "weight": 400, "italic": False})]),
    ('<span font="DejaVu Sans Condensed, 12">x</span>', 17,
     [(0, 1, {"family": "DejaVu Sans Condensed", "weight": 400, "italic": False, "size": 12})]),
    ('<span font="Sans -5">x</span>', 17, [(0, 1, {"family": "Sans -5", "weight": 400, "italic": False})]),
    ('<span font="Sans Book" weight="heavy" face="Mono">x</span>', 17,
     [(0, 1, {"family": "Mono", "weight": 900, "italic": False})]),
    # Weights and styles.
    ('<span weight="thin">a</span><span weight="ultralight">b</span><span weight="light">c</span>'
     '<span weight="semilight">d</span><span weight="book">e</span><span weight="normal">f</span>'
     '<span weight="medium">g</span><span weight="semibold">h</span><span weight="bold">i</span>'
     '<span weight="ultrabold">j</span><span weight="heavy">k</span><span weight="ultraheavy">l</span>'
     '<span font_weight="SemiBold">m</span><span weight="Demi-Bold">n</span><span weight="550">o</span>', 17,
     [(0, 1, {"weight": 100}), (1, 2, {"weight": 200}), (2, 3, {"weight": 300}), (3, 4, {"weight": 350}),
      (4, 5, {"weight": 380}), (5, 6, {"weight": 400}), (6, 7, {"weight": 500}), (7, 8, {"weight": 600}),
      (8, 9, {"weight": 700}), (9, 10, {"weight": 800}), (10, 11, {"weight": 900}), (11, 12, {"weight": 1000}),
      (12, 14, {"weight": 600}), (14, 15, {"weight": 550})]),
    ('<span style="oblique">a</span><span font_style="ITALIC">b</span><i>c<span style="normal">d</span></i>', 17,
     [(0, 3, {"italic": True}), (3, 4, {"italic": False})]),
    # Entities, line ends, attribute whitespace.
    ("a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos; &#169;&#xA9;&#x1F4F8;", 17, [(0, 22, {})]),
    ("a\r\nb\rc", 17, [(0, 5, {})]),
    ('<span face="A\tB\r\nC">x</span>', 17, [(0, 1, {"family": "A B C"})]),
    ('<span font-family="X">x</span>', 17, [(0, 1, {"family": "X"})]),
    # Superscript and subscript.
    ("<sup>a<sup>b</sup></sup><sub>c</sub>d", 17,
     [(0, 1, {"scripts": [("sup", 0)]}), (1, 2, {"scripts": [("sup", 0), ("sup", 1)]}),
      (2, 3, {"scripts": [("sub", 2)]}), (3, 4, {})]),
    # Levels compound: a <sub> inside a <sup> does not cancel it.
    ("a<sup><sub>x</sub></sup>", 12, [(0, 1, {}), (1, 2, {"scripts": [("sup", 1), ("sub", 1)]})]),
    ("a<sup>x</sup><sup>y</sup>", 12,
     [(0, 1, {}), (1, 2, {"scripts": [("sup", 1)]}), (2, 3, {"scripts": [("sup", 2)]})]),
    # Rise replaces the rise outside it; letter spacing; features accumulate; languages.
    ('<span rise="1024"><span rise="-512">x</span>y</span><span rise="5.5pt">z</span>', 17,
     [(0, 1, {"rise": -0.5}), (1, 2, {"rise": 1}), (2, 3, {"rise": 5.5})]),
    ('<span letter_spacing="2048">a<span letter_spacing="0">b</span></span>', 17,
     [(0, 1, {"spacing": 2}), (1, 2, {"spacing": 0})]),
    ('<span font_features="liga=0, tnum"><span font_features="dlig">x</span>y</span>', 17,
     [(0, 1, {"features": ["liga=0", "tnum", "dlig"]}), (1, 2, {"features": ["liga=0", "tnum"]})]),
    ('<span lang="en_US.UTF-8">a<span lang="sr-Latn">b</span></span>', 17,
     [(0, 1, {"lang": "en-us"}), (1, 2, {"lang": "sr-latn"})]),
    ("<tt>x</tt>", 17, [(0, 1, {"family": "monospace"})]),
    # What cannot change a measurement is accepted and ignored.
    ('a<span foreground="#f00" background="red" underline="double" strikethrough="true" alpha="50%" '
     'bgalpha="100" overline="single" underline_color="#00ff00" strikethrough_color="blue" '
     'overline_color="#123" gravity_hint="strong" gravity="south" fallback="true" allow_breaks="yes" '
     'insert_hyphens="false" show="none" text_transform="none" baseline_shift="none" font_scale="none" '
     'variant="normal" stretch="normal">b</span><s>c</s><u>d</u><span color="#00FF007F">e</span>', 17,
     [(0, 5, {})]),
    ("<markup><b>x</b></markup>", 17, [(0, 1, {"weight": 700})]),
    ("a<!-- note --><?pi x?>b<b/>c", 17, [(0, 3, {})]),
    ("line one\n<b>two</b>\n", 17, [(0, 9, {}), (9, 12, {"weight": 700}), (12, 13, {})]),
    ("", 17, []),
    ('<b></b><span size="x-large"/>', 9, []),
    # Pango's integer parse: an empty value is 0, leading space is skipped.
    ('<span letter_spacing="">x</span><span letter_spacing=" 1024">y</span>', 17,
     [(0, 1, {"spacing": 0}), (1, 2, {"spacing": 1})]),
]

# Markup both Pango and Caliper refuse.
REFUSED = [
    "<b>x", "<b>x</i>", "x</b>", "<blink>x</blink>", '<span colour="red">x</span>',
    '<span size="huge">x</span>', '<span face="A" font_family="B">x</span>', "a &foo; b", "a < b", "a & b",
    '<span size="0">x</span>', '<span size="0.0001pt">x</span>', "&#0;", "&#xD800;", "&#x110000;", "&#xFFFE;",
    '<b class="x">x</b>', '<span weight="heavyish">x</span>', '<span style="slanted">x</span>',
    '<span rise="up">x</span>', '<span letter_spacing="wide">x</span>', '<span color="#12">x</span>',
    '<span underline="wavy">x</span>', '<span strikethrough="maybe">x</span>', '<span gravity="auto">x</span>',
    # Syntax errors.
    "📸<b>x", '<span size="x-large"', '<span size="x-large>x</span>', "<span size=x-large>x</span>",
    "<span size>x</span>", "<b/x>", "<b>x</b", "x</ b>", "<!-- x", "<!x>", "&#65", "&#;", "&;",
    '<span face="a &b">x</span>', "x <",
]

# Markup Pango accepts and Caliper refuses, on purpose: the value is Pango's verdict.
DEVIATIONS_REFUSED = [
    "<markup>x</markup>y",                       # content after the root </markup>
    '<span font="Sans"><big>x</big></span>',     # Pango makes the size 0
    '<span size="20000pt">x</span>',             # over 10,000 pt
    '<span weight="50">x</span>',                # weight outside 100...1000
    '<span lang="">x</span>', '<span face="">x</span>',
    "<![CDATA[x]]>y",                            # Pango drops "x"
    '<span line_height="2">x</span>', '<span text_transform="uppercase">x</span>',
    '<span baseline_shift="superscript">x</span>', '<span font_scale="subscript">x</span>',
    '<span rise="20000pt">x</span>',
    '<span stretch="condensed">x</span>', '<span font_variant="small-caps">x</span>',
    '<span allow_breaks="false">x</span>', '<span insert_hyphens="true">x</span>',
    '<span show="spaces">x</span>', '<span segment="word">x</span>', '<span fallback="false">x</span>',
    '<span gravity="east">x</span>', '<span font="Sans Condensed 12">x</span>', '<span font="Sans 12px">x</span>',
    '<span font="Sans 12 @wght=200">x</span>', '<span font="Sans Small-Caps">x</span>',
]
# Not checked here: a NUL character, which Caliper refuses; Pango stops reading at it.
# Markup Pango refuses and Caliper accepts.
DEVIATIONS_ACCEPTED = ['<span letter_spacing="1.5pt">x</span>']


def utf16_offset(text, byte_offset):
    return len(text.encode("utf-8")[:byte_offset].decode("utf-8").encode("utf-16-le")) // 2


def pango_parse(markup):
    try:
        ok, attrs, text, _ = Pango.parse_markup(markup, -1, "\0")
        return (attrs, text) if ok else None
    except GLib.Error:
        return None


def resolve(attrs, text, base):
    """Pango's ranges as [(utf16 start, utf16 end, fields)], merged like Caliper's runs."""
    runs = []
    iterator = attrs.get_iterator()
    length = len(text.encode("utf-8"))
    while True:
        start, end = iterator.range()
        end = min(end, length)
        if start < end:
            desc = Pango.FontDescription()
            desc.set_family(BASE_FAMILY)
            desc.set_size(round(base * Pango.SCALE))
            found = iterator.get_font(desc)
            mask = desc.get_set_fields()
            fields = {"size": desc.get_size() / Pango.SCALE}
            if desc.get_family() != BASE_FAMILY:
                fields["family"] = desc.get_family()
            if mask & Pango.FontMask.WEIGHT:
                fields["weight"] = int(desc.get_weight())
            if mask & Pango.FontMask.STYLE:
                fields["italic"] = desc.get_style() != Pango.Style.NORMAL
            if found.language is not None:
                fields["lang"] = found.language.to_string()
            features, scales, shifts = [], [], []
            for attr in found.extra_attrs:
                kind = attr.klass.type
                if kind == Pango.AttrType.RISE:
                    fields["rise"] = attr.as_int().value / Pango.SCALE
                elif kind == Pango.AttrType.LETTER_SPACING:
                    fields["spacing"] = attr.as_int().value / Pango.SCALE
                elif kind == Pango.AttrType.FONT_FEATURES:
                    features += [f.strip() for f in attr.as_font_features().features.split(",") if f.strip()]
                elif kind == Pango.AttrType.FONT_SCALE and attr.as_int().value:  # not font_scale="none"
                    scales.append((SCRIPT_KIND[attr.as_int().value], utf16_offset(text, attr.start_index)))
                elif kind == Pango.AttrType.BASELINE_SHIFT and attr.as_int().value:
                    shifts.append((SCRIPT_KIND[attr.as_int().value], utf16_offset(text, attr.start_index)))
            if sorted(scales) != sorted(shifts):
                raise SystemExit("Pango's font scales %s and baseline shifts %s differ" % (scales, shifts))
            if features:
                fields["features"] = features
            if scales:
                fields["scripts"] = sorted(scales)
            run = (utf16_offset(text, start), utf16_offset(text, end), fields)
            if runs and runs[-1][2] == fields and runs[-1][1] == run[0]:
                runs[-1] = (runs[-1][0], run[1], fields)
            else:
                runs.append(run)
        if not iterator.next():
            break
    return runs


def matches(expected, actual, base):
    full = dict(expected)
    full.setdefault("size", base)
    if set(full) != set(actual):
        return False
    for key, value in full.items():
        got = actual[key]
        if key == "size":
            # Pango truncates to 1024ths of a point.
            if not (-1e-9 <= value - got < 1 / Pango.SCALE):
                return False
        elif key == "family":
            if value.lower() != got.lower():
                return False
        elif key == "scripts":
            if sorted(value) != got:
                return False
        elif isinstance(value, float) or key in ("rise", "spacing"):
            if abs(value - got) > 1 / Pango.SCALE:
                return False
        elif value != got:
            return False
    return True


# --------------------------------------------------------------------------- <sup>/<sub> laid out

# Markup laid out by Pango in Noto Sans (absolute size: 1 pt == 1 px), one case per line:
# (markup, base size, maxWidth or None, note). Cases with a note are those Caliper does not
# follow (the note says what it does instead; see PangoMarkup's documentation); the others are
# what PangoMarkupTests.swift compares Caliper's resolved sizes and baseline offsets with.
SCRIPT_CASES = [
    ("a<sup>x</sup>", 12, None, None),
    ("a<sub>x</sub>", 12, None, None),
    ("x<sup>2</sup>", 17, None, None),
    # Levels compound; each scales by the font before it and shifts by its size.
    ("a<sup><sub>x</sub></sup>b", 12, None, None),
    ("a<sub><sup>x</sup></sub>b", 12, None, None),
    ("a<sup><sup>x</sup>y</sup>b", 12, None, None),
    ("a<sup>b<sup>c</sup></sup>", 12, None, None),
    ("a<sup>x<sub>y</sub>z</sup>w", 12, None, None),
    ("a<sup>x</sup><sup>y</sup>", 12, None, None),
    ("<sup>a<sup>b</sup></sup><sub>c</sub>d", 12, None, None),
    ('a<span rise="2048"><sup>x</sup></span>', 12, None, None),
    # The text before decides: its face and its size.
    ('<span face="DejaVu Sans">a</span><sup>x</sup>', 12, None, None),
    ("<b>a</b><sup>x</sup>", 12, None, None),
    ("<big>a</big><sup>x</sup>", 12, None, None),
    ('<span size="20pt">a</span><sub>x</sub>', 12, None, None),
    # No text before: 1/1.2 and 5000/1024 pt at the start of a paragraph; at the start of a line
    # after U+2028, the scale of the text before and 5000/1024 pt.
    ("<sup>x</sup>", 12, None, None),
    ("<sub>x</sub>", 12, None, None),
    ("a\n<sup>x</sup>", 12, None, None),
    ("a\u2029<sup>x</sup>", 12, None, None),
    ("a\u2028<sup>x</sup>", 12, None, None),
    # Not followed.
    ("aaaa bbbb <sup>cccc</sup> eeee", 12, 30,
     "a <sup> that starts a wrapped line: Caliper raises it by the text before it (4.2 pt)"),
    ("aaaa <sup>bbbb cccc</sup> dddd eeee", 12, 50,
     "a wrapped line break inside <sup>: Caliper raises all of it and nothing after it"),
    ("aaaa <sup>bbbb\ncccc</sup> dddd", 12, None,
     "a paragraph break inside <sup>: Caliper scales and raises all of it and nothing after it"),
    ("\u3002<sup>x</sup>", 12, None,
     "after a fallback font (Droid Sans Fallback for \u3002): Caliper uses the metrics of the "
     "font markup picks for the text before (Noto Sans: 7.2 pt raised 4.2 pt)"),
]
SCRIPT_FAMILY = "Noto Sans"

_pango = mm._pango
_pango.pango_font_describe_with_absolute_size.restype = ctypes.c_void_p
_pango.pango_font_describe_with_absolute_size.argtypes = [ctypes.c_void_p]
_pango.pango_font_description_get_size.argtypes = [ctypes.c_void_p]
_pango.pango_font_description_free.argtypes = [ctypes.c_void_p]


def laid_out(ctx, markup, size, max_width):
    """Pango's runs for the markup: [{line, start, end, font, size, baselineOffset}], UTF-16
    offsets, sizes and offsets in points (the run's y_offset: positive raises)."""
    layout = Pango.Layout.new(ctx)
    desc = Pango.FontDescription.from_string(SCRIPT_FAMILY)
    desc.set_absolute_size(size * Pango.SCALE)
    layout.set_font_description(desc)
    if max_width is not None:
        layout.set_wrap(Pango.WrapMode.WORD)
        layout.set_width(max_width * Pango.SCALE)
    layout.set_markup(markup, -1)
    text = layout.get_text()
    ptr = mm.gobject_ptr(layout)
    runs = []
    for index in range(layout.get_line_count()):
        node = _pango.pango_layout_get_line_readonly(ptr, index).contents.runs
        while node:
            run = ctypes.cast(node.contents.data, ctypes.POINTER(mm.PangoGlyphItem)).contents
            item = run.item.contents
            described = _pango.pango_font_describe_with_absolute_size(item.analysis.font)
            runs.append({
                "line": index,
                "start": utf16_offset(text, item.offset), "end": utf16_offset(text, item.offset + item.length),
                "font": mm.font_file(item.analysis.font),
                "size": _pango.pango_font_description_get_size(described) / Pango.SCALE,
                "baselineOffset": run.y_offset / Pango.SCALE,
            })
            _pango.pango_font_description_free(described)
            node = node.contents.next
    return runs


def script_golden():
    """markup_scripts.json: every SCRIPT_CASES case as Pango lays it out."""
    for font in sorted(os.listdir(os.path.join(REPO, "Fonts"))):
        if font.endswith(".ttf"):
            out = subprocess.run(["fc-query", "--format=%{family[0]}\n", os.path.join(REPO, "Fonts", font)],
                                 check=True, capture_output=True, env=dict(os.environ, LC_ALL="C.UTF-8")).stdout
            mm.FAMILY_OF_FILE["Fonts/" + font] = out.decode("utf-8").splitlines()[0]
    ctx = pango_context()
    PangoCairo.context_set_resolution(ctx, 72)  # so that markup's "20pt" is 20 of the layout's points
    cases = []
    for markup, size, max_width, note in SCRIPT_CASES:
        case = {"markup": markup, "size": size, "runs": laid_out(ctx, markup, size, max_width)}
        if max_width is not None:
            case["maxWidth"] = max_width
        if note is not None:
            case["notFollowed"] = note
        cases.append(case)
    return {
        "generator": "Pango %s (PangoCairo, fontconfig %s restricted to Fonts/), Tests/Goldens/check_markup.py"
                     % (Pango.version_string(), mm.fontconfig_version()),
        "family": SCRIPT_FAMILY,
        "cases": cases,
    }


def main():
    failures = 0
    for markup, base, expected in ACCEPTED:
        parsed = pango_parse(markup)
        if parsed is None:
            print(f"FAIL {markup!r}: Pango refuses it")
            failures += 1
            continue
        actual = resolve(*parsed, base)
        if len(actual) != len(expected) or not all(
            e[0] == a[0] and e[1] == a[1] and matches(e[2], a[2], base) for e, a in zip(expected, actual)
        ):
            print(f"FAIL {markup!r}\n  expected {expected}\n  Pango    {actual}")
            failures += 1
    for markup in REFUSED:
        if pango_parse(markup) is not None:
            print(f"FAIL {markup!r}: Pango accepts it")
            failures += 1
    for markup in DEVIATIONS_REFUSED:
        if pango_parse(markup) is None:
            print(f"FAIL {markup!r}: Pango refuses it too (not a deviation)")
            failures += 1
    for markup in DEVIATIONS_ACCEPTED:
        if pango_parse(markup) is not None:
            print(f"FAIL {markup!r}: Pango accepts it too (not a deviation)")
            failures += 1
    total = len(ACCEPTED) + len(REFUSED) + len(DEVIATIONS_REFUSED) + len(DEVIATIONS_ACCEPTED)
    print(f"Pango {Pango.version_string()}: {total - failures} of {total} cases as expected")
    with open(OUT, "w", encoding="utf-8") as out:
        json.dump(script_golden(), out, indent=2, sort_keys=True, ensure_ascii=False)
        out.write("\n")
    print(f"wrote {os.path.relpath(OUT, REPO)}: {len(SCRIPT_CASES)} cases")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
