#!/usr/bin/python3
"""Generate Tests/Goldens/system_fonts.json: for UIKit system-font calls (systemFont(ofSize:weight:),
italicSystemFont, the rounded, serif and monospaced designs, monospacedDigitSystemFont,
preferredFont(forTextStyle:compatibleWith:)), which file of Fonts/SystemFonts/ and which variable
instance Caliper's SystemFonts(directory:) must resolve each to, and the widths HarfBuzz 6.0 gives
two texts there (`hb-shape --font-ptem=SIZE`, so the `trak` table applies as in make_trak.py).

Run from the repository root with Debian's Python (it has fontTools), after
Fonts/make_system_fonts.py if the fonts changed:

    /usr/bin/python3 Tests/Goldens/make_system_fonts.py

The rules are Caliper's documented choices, restated here in Python (each with its source where it
is defined below), not taken from Caliper's code; the faces they choose from are read from the
fonts' own name, OS/2 and fvar tables with fontTools. The widths come from hb-shape alone. See
system_fonts.md for the format. The script fails (AssertionError) when:

- a case's chosen file is not the one the case list expects (the rules restated disagree with the
  expectations written beside the cases), or the chosen face's names and flags are not what
  Fonts/make_system_fonts.py says it wrote;
- the tracking HarfBuzz applies (the first glyph's advance with and without --font-ptem) differs
  from HarfBuzz 6.0's size rule over the font's `trak` table (make_trak.harfbuzz_tracking), or from
  0 in a font without one;
- an untracked width is not the file's x factor times SF-Pro-Text-Regular's within rounding
  (static files), Text and Display widths at 19.5 and 20 pt do not differ by Display's factor, the
  variable widths do not grow with wght and wdth and shrink with opsz, or the Dynamic Type sizes in
  Sources/Caliper/Measurement/DynamicType.swift differ from dynamic_type.json's;
- no case asks for tabular digits (tnum).
"""
import importlib.util
import json
import os
import re
import subprocess

from fontTools.ttLib import TTFont

import hbshape
import make_trak  # HarfBuzz 6.0's trak size rule, restated (harfbuzz_tracking)

REPO = hbshape.REPO


def load_font_script():
    """Fonts/make_system_fonts.py (its STATIC and VARIABLE tables: the files' names, flags and x
    factors, for the checks only), loaded by path: it has this script's module name."""
    path = os.path.join(REPO, "Fonts", "make_system_fonts.py")
    spec = importlib.util.spec_from_file_location("fonts_make_system_fonts", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


font_script = load_font_script()

OUT = os.path.join(REPO, "Tests", "Goldens", "system_fonts.json")
FOLDERS = {"Static": "Fonts/SystemFonts/Static", "Variable": "Fonts/SystemFonts/Variable"}
TEXTS = ["Hello, World 0123", "AVAVAV office"]
DYNAMIC_TYPE_SWIFT = "Sources/Caliper/Measurement/DynamicType.swift"
DYNAMIC_TYPE_JSON = "Tests/Goldens/dynamic_type.json"

# Rule: the nine UIFont.Weight constants, in their increasing order, onto the nine weights of CSS
# Fonts 4 §2.2 (font-weight), the scale of OS/2 usWeightClass and of the `wght` axis (OpenType 1.9,
# "Registered axis tags: wght"). Apple gives the constants no numbers on that scale; this is
# Caliper's documented mapping (ultraLight is lighter than thin, so it takes 100).
CSS_WEIGHTS = {"ultraLight": 100, "thin": 200, "light": 300, "regular": 400, "medium": 500,
               "semibold": 600, "bold": 700, "heavy": 800, "black": 900}

# Rule: the static default design is SF Pro Text below 20 pt and SF Pro Display from 20 pt (Apple,
# WWDC 2020 "The details of UI typography"; Human Interface Guidelines, Typography: Display for 20
# pt and up). The other designs have one family each: rounded -> SF Pro Rounded, monospaced (and
# monospacedSystemFont) -> SF Mono, serif -> New York (a variable file only, here).
TEXT_DISPLAY_SWITCH = 20
STATIC_FAMILIES = {"rounded": "SF Pro Rounded", "monospaced": "SF Mono"}
VARIABLE_FAMILIES = {"default": "SF Pro", "serif": "New York"}

# Rule: preferredFont(forTextStyle:compatibleWith:) is the default design at the style's Dynamic
# Type size at the category (Human Interface Guidelines, Dynamic Type sizes; the table of
# DynamicType.swift), semibold for the headline and regular for the other styles.
CATEGORIES = ["xSmall", "small", "medium", "large", "xLarge", "xxLarge", "xxxLarge",
              "AX1", "AX2", "AX3", "AX4", "AX5"]


def style_weight(text_style):
    return "semibold" if text_style == "headline" else "regular"


def css_weight_order(desired, available):
    """CSS Fonts 4 §5.2 (Matching font styles), font-weight: the available weights in the order they
    are tried. The desired weight first when present; then, for a desired weight from 400 to 500,
    the weights above it up to 500 ascending, then those below it descending, then those above 500
    ascending; below 400, the weights below descending, then those above ascending; above 500, the
    weights above ascending, then those below descending.
    https://www.w3.org/TR/css-fonts-4/#font-style-matching"""
    weights = sorted(set(available))
    exact = [w for w in weights if w == desired]
    below = [w for w in reversed(weights) if w < desired]
    above = [w for w in weights if w > desired]
    if 400 <= desired <= 500:
        return exact + [w for w in above if w <= 500] + below + [w for w in above if w > 500]
    if desired < 400:
        return exact + below + above
    return exact + above + below


class Face:
    """A font file as the lookup sees it: read with fontTools from the file's own tables."""

    def __init__(self, path):
        self.path = path
        font = TTFont(os.path.join(REPO, path))
        name = font["name"]
        self.family = name.getDebugName(16) or name.getDebugName(1)
        self.style = name.getDebugName(17) or name.getDebugName(2)
        self.weight = font["OS/2"].usWeightClass
        self.italic = bool(font["OS/2"].fsSelection & 1)
        self.upem = font["head"].unitsPerEm
        self.axes, self.instances = {}, []
        if "fvar" in font:
            self.axes = {a.axisTag: (a.minValue, a.defaultValue, a.maxValue) for a in font["fvar"].axes}
            self.instances = [(name.getDebugName(i.subfamilyNameID), dict(i.coordinates))
                              for i in font["fvar"].instances]
        self.trak = None
        if "trak" in font:
            self.trak = {size: value for size, value in sorted(font["trak"].horizData[0.0].items())}


def folder_faces(folder):
    directory = FOLDERS[folder]
    return [Face(directory + "/" + f) for f in sorted(os.listdir(os.path.join(REPO, directory)))
            if f.endswith(".ttf")]


def static_face(faces, design, size, weight, italic):
    """The static face a call resolves to: the design's family (Text/Display by size), then CSS
    Fonts 4 §5.2 among its faces: font-style first (italic asked: italic faces first, else upright
    ones first; the other kind only when the family has none), then font-weight
    (css_weight_order)."""
    family = STATIC_FAMILIES.get(design) or ("SF Pro Text" if size < TEXT_DISPLAY_SWITCH else "SF Pro Display")
    candidates = [f for f in faces if f.family == family]
    assert candidates, family
    preferred = [f for f in candidates if f.italic == italic]
    pool = preferred or candidates
    best = css_weight_order(CSS_WEIGHTS[weight], [f.weight for f in pool])[0]
    return next(f for f in pool if f.weight == best)


def clamp(value, axis):
    low, _, high = axis
    return min(max(float(value), low), high)


def instance_coordinate(face, name, tag):
    """The `tag` coordinate of the named instance called `name` (case-insensitively), or None."""
    for style, coordinates in face.instances:
        if style.lower() == name.lower():
            return coordinates[tag]
    return None


def variable_setting(faces, design, size, weight, width):
    """The variable face and its axis values. opsz: the size clamped to the axis (the automatic
    optical size of Core Text and CSS font-optical-sizing: auto). wght: the coordinate of the named
    instance whose name is the weight's name ("Semibold" 590, "Bold" 700), else the CSS weight
    clamped to the axis. wdth: the named instance whose name is the width's name ("Condensed" 80,
    "Compressed" 60, "Expanded" 130); standard is the axis default (100). Every axis of the font is
    given."""
    family = VARIABLE_FAMILIES[design]
    face = next(f for f in faces if f.family == family)
    setting = {}
    for tag, axis in face.axes.items():
        if tag == "opsz":
            setting[tag] = clamp(size, axis)
        elif tag == "wght":
            named = instance_coordinate(face, weight, "wght")
            setting[tag] = named if named is not None else clamp(CSS_WEIGHTS[weight], axis)
        elif tag == "wdth":
            named = None if width == "standard" else instance_coordinate(face, width, "wdth")
            assert width == "standard" or named is not None, (face.path, width)
            setting[tag] = named if named is not None else axis[1]
        else:
            setting[tag] = axis[1]
    return face, setting


def dynamic_type_sizes():
    """The Dynamic Type table as DynamicType.swift holds it, checked against dynamic_type.json
    (transcribed by hand from Apple's Human Interface Guidelines)."""
    with open(os.path.join(REPO, DYNAMIC_TYPE_SWIFT), encoding="utf-8") as f:
        swift = f.read()
    table = {style: [int(n) for n in numbers.split(",")]
             for style, numbers in re.findall(r"\.(\w+): \[([\d, ]+)\]", swift)}
    with open(os.path.join(REPO, DYNAMIC_TYPE_JSON), encoding="utf-8") as f:
        golden = json.load(f)
    assert golden["categories"] == CATEGORIES
    assert table == golden["pointSizes"], (table, golden["pointSizes"])
    return table


def shape(face, text, ptem=None, variations=None, features=""):
    cmd = ["hb-shape", "--output-format=json", "--no-glyph-names", "--utf8-clusters",
           "--font-file=" + os.path.join(REPO, face.path), "--text=" + text]
    if ptem is not None:
        cmd.append("--font-ptem=%r" % float(ptem))
    if variations:
        cmd.append("--variations=" + ",".join("%s=%r" % kv for kv in sorted(variations.items())))
    if features:
        cmd.append("--features=" + features)
    out = subprocess.run(cmd, check=True, capture_output=True, env=hbshape.HB_ENV).stdout
    return json.loads(out.decode("utf-8"))


def measure(face, text, size, variations, features):
    """Widths with and without tracking; the tracking observed is checked against the rule."""
    plain = shape(face, text, variations=variations, features=features)
    tracked = shape(face, text, size, variations=variations, features=features)
    assert [g["g"] for g in plain] == [g["g"] for g in tracked], (face.path, text, size)
    clusters = len({g["cl"] for g in plain})
    tracking = tracked[0]["ax"] - plain[0]["ax"]
    expected = 0 if face.trak is None else make_trak.harfbuzz_tracking(face.trak, size)
    assert tracking == expected, (face.path, size, tracking, expected)
    advance_sum = sum(g["ax"] for g in tracked)
    untracked_sum = sum(g["ax"] for g in plain)
    assert advance_sum == untracked_sum + tracking * clusters, (face.path, text, size)
    return tracking, {
        "text": text, "clusters": clusters, "advanceSum": advance_sum, "untrackedAdvanceSum": untracked_sum,
        "width": advance_sum * size / face.upem, "untrackedWidth": untracked_sum * size / face.upem,
    }


def number(x):
    return int(x) if float(x).is_integer() else x


def case(call, folder, size, weight="regular", width="standard", design="default", italic=False,
         monospaced_digits=False, text_style=None, category=None, expect=None):
    return {"call": call, "folder": folder, "size": size, "weight": weight, "width": width, "design": design,
            "italic": italic, "monospacedDigits": monospaced_digits, "textStyle": text_style,
            "category": category, "expect": expect}


def system_font(size, weight, folder, expect, **options):
    return case("systemFont(ofSize: %s, weight: .%s)" % (number(size), weight), folder, size, weight,
                expect=expect, **options)


def preferred_font(text_style, category, folder, expect, sizes):
    size = sizes[text_style][CATEGORIES.index(category)]
    call = "preferredFont(forTextStyle: .%s, compatibleWith: UITraitCollection(preferredContentSizeCategory: %s))" % (
        text_style, category)
    return case(call, folder, size, style_weight(text_style), text_style=text_style, category=category, expect=expect)


def cases(sizes):
    """The calls, with the file each must resolve to (checked against the rules above)."""
    static, variable = "Static", "Variable"
    out = [
        system_font(12, "regular", static, "SF-Pro-Text-Regular.ttf"),
        system_font(17, "regular", static, "SF-Pro-Text-Regular.ttf"),
        system_font(19.5, "semibold", static, "SF-Pro-Text-Semibold.ttf"),
        system_font(20, "semibold", static, "SF-Pro-Display-Semibold.ttf"),
        system_font(34, "bold", static, "SF-Pro-Display-Bold.ttf"),
        system_font(17, "medium", static, "SF-Pro-Text-Regular.ttf"),  # 500: none above up to 500, then 400
        system_font(17, "heavy", static, "SF-Pro-Text-Bold.ttf"),  # 800: none above, then below descending
        system_font(17, "ultraLight", static, "SF-Pro-Text-Regular.ttf"),  # 100: none below, then above ascending
        system_font(17, "black", static, "SF-Pro-Text-Bold.ttf"),
        case("italicSystemFont(ofSize: 17)", static, 17, italic=True, expect="SF-Pro-Text-RegularItalic.ttf"),
        case("italicSystemFont(ofSize: 28)", static, 28, italic=True, expect="SF-Pro-Display-RegularItalic.ttf"),
        # italic faces first, then the nearest weight among them (700: none above, 400 below)
        case("systemFont(ofSize: 17, weight: .bold) with .traitItalic", static, 17, "bold", italic=True,
             expect="SF-Pro-Text-RegularItalic.ttf"),
        case("systemFont(ofSize: 17, weight: .bold) with design .rounded", static, 17, "bold", design="rounded",
             expect="SF-Pro-Rounded-Bold.ttf"),
        case("systemFont(ofSize: 22, weight: .regular) with design .rounded", static, 22, design="rounded",
             expect="SF-Pro-Rounded-Regular.ttf"),
        case("monospacedSystemFont(ofSize: 13, weight: .regular)", static, 13, design="monospaced",
             expect="SF-Mono-Regular.ttf"),
        # 600 > 500: heavier first, so Bold (700) before Regular (400)
        case("monospacedSystemFont(ofSize: 13, weight: .semibold)", static, 13, "semibold", design="monospaced",
             expect="SF-Mono-Bold.ttf"),
        case("monospacedDigitSystemFont(ofSize: 17, weight: .regular)", static, 17, monospaced_digits=True,
             expect="SF-Pro-Text-Regular.ttf"),
        preferred_font("headline", "large", static, "SF-Pro-Text-Semibold.ttf", sizes),
        preferred_font("body", "xSmall", static, "SF-Pro-Text-Regular.ttf", sizes),
        preferred_font("largeTitle", "AX5", static, "SF-Pro-Display-Regular.ttf", sizes),
        preferred_font("caption2", "xxxLarge", static, "SF-Pro-Text-Regular.ttf", sizes),
    ]
    out += [
        system_font(17, "regular", variable, "SF-Pro.ttf"),
        system_font(12, "bold", variable, "SF-Pro.ttf"),
        system_font(34, "semibold", variable, "SF-Pro.ttf"),
        system_font(24, "heavy", variable, "SF-Pro.ttf"),
        system_font(17, "ultraLight", variable, "SF-Pro.ttf"),
        case("systemFont(ofSize: 17, weight: .regular, width: .condensed)", variable, 17, width="condensed",
             expect="SF-Pro.ttf"),
        case("systemFont(ofSize: 17, weight: .regular, width: .compressed)", variable, 17, width="compressed",
             expect="SF-Pro.ttf"),
        case("systemFont(ofSize: 28, weight: .bold, width: .expanded)", variable, 28, "bold", width="expanded",
             expect="SF-Pro.ttf"),
        case("systemFont(ofSize: 15, weight: .regular) with design .serif", variable, 15, design="serif",
             expect="NewYork.ttf"),
        case("systemFont(ofSize: 40, weight: .bold) with design .serif", variable, 40, "bold", design="serif",
             expect="NewYork.ttf"),
        preferred_font("headline", "large", variable, "SF-Pro.ttf", sizes),
    ]
    return out


def resolve(spec, faces):
    """The golden entry for one call: the file and instance the rules choose, and its widths."""
    available = faces[spec["folder"]]
    if spec["folder"] == "Static":
        face = static_face(available, spec["design"], spec["size"], spec["weight"], spec["italic"])
        variations = {}
    else:
        face, variations = variable_setting(available, spec["design"], spec["size"], spec["weight"], spec["width"])
    assert os.path.basename(face.path) == spec["expect"], (spec["call"], face.path, spec["expect"])
    features = "tnum" if spec["monospacedDigits"] else ""
    measurements = []
    for text in TEXTS:
        tracking, row = measure(face, text, spec["size"], variations, features)
        measurements.append(row)
    entry = {key: value for key, value in spec.items() if key != "expect" and value is not None}
    if variations:
        # the named instance at exactly these coordinates, if any (informative)
        named = [style for style, coordinates in face.instances if coordinates == variations]
        style = named[0] if named else None
    else:
        style = face.style
    entry.update({
        "size": number(spec["size"]), "file": face.path, "family": face.family, "style": style,
        "unitsPerEm": face.upem, "variations": variations, "features": [features] if features else [],
        "tracking": tracking, "measurements": measurements,
    })
    return {key: value for key, value in entry.items() if value is not None}


def check_faces(faces):
    """The fonts hold what Fonts/make_system_fonts.py says it wrote."""
    for face in faces["Static"]:
        family, style, weight, italic, _, trak = font_script.STATIC[os.path.basename(face.path)]
        assert (face.family, face.style, face.weight, face.italic, face.trak is not None) == (
            family, style, weight, italic, trak), face.path
    for face in faces["Variable"]:
        spec = font_script.VARIABLE[os.path.basename(face.path)]
        assert face.family == spec["family"] and (face.trak is not None) == spec["trak"], face.path
        assert [style for style, _ in face.instances] == [style for style, _ in spec["instances"]], face.path


def untracked(entry, text_index=0):
    return entry["measurements"][text_index]["untrackedAdvanceSum"]


def sanity(entries):
    by_call = {(e["folder"], e["call"]): e for e in entries}
    static = [e for e in entries if e["folder"] == "Static"]
    reference = by_call[("Static", "systemFont(ofSize: 17, weight: .regular)")]
    assert reference["file"].endswith("SF-Pro-Text-Regular.ttf")
    for e in static:
        factor = font_script.STATIC[os.path.basename(e["file"])][4]
        for i, row in enumerate(e["measurements"]):
            # each advance rounded to a unit; the kerning is not scaled
            ratio = row["untrackedAdvanceSum"] / untracked(reference, i)
            assert abs(ratio - factor) < 0.01, (e["call"], ratio, factor)
            assert row["width"] != row["untrackedWidth"] or e["tracking"] == 0
    text_semibold = by_call[("Static", "systemFont(ofSize: 19.5, weight: .semibold)")]
    display_semibold = by_call[("Static", "systemFont(ofSize: 20, weight: .semibold)")]
    for i in range(len(TEXTS)):
        ratio = untracked(display_semibold, i) / untracked(text_semibold, i)
        assert abs(ratio - 0.96) < 0.005, ratio
        assert display_semibold["measurements"][i]["width"] < text_semibold["measurements"][i]["width"]
    assert any(e["monospacedDigits"] and e["features"] == ["tnum"] for e in entries), "no tnum case"
    variable = {e["call"]: e for e in entries if e["folder"] == "Variable"}
    regular = variable["systemFont(ofSize: 17, weight: .regular)"]
    def wider(a, b):
        pairs = zip(a["measurements"], b["measurements"])
        return all(x["untrackedAdvanceSum"] > y["untrackedAdvanceSum"] for x, y in pairs)
    assert wider(variable["systemFont(ofSize: 12, weight: .bold)"], regular)
    assert wider(regular, variable["systemFont(ofSize: 17, weight: .ultraLight)"])
    assert wider(regular, variable["systemFont(ofSize: 17, weight: .regular, width: .condensed)"])
    assert wider(variable["systemFont(ofSize: 17, weight: .regular, width: .condensed)"],
                 variable["systemFont(ofSize: 17, weight: .regular, width: .compressed)"])
    assert wider(variable["systemFont(ofSize: 28, weight: .bold, width: .expanded)"], regular)
    # the same wght (Semibold, 590) at opsz 17 and at opsz 28 (34 pt clamped): the larger optical size is narrower
    headline = next(e for e in variable.values() if e.get("textStyle") == "headline")
    assert headline["variations"]["wght"] == variable["systemFont(ofSize: 34, weight: .semibold)"]["variations"]["wght"]
    assert wider(headline, variable["systemFont(ofSize: 34, weight: .semibold)"])
    # the variable default instance (opsz 17, wght 400, wdth 100) is the static Text Regular
    assert regular["measurements"] == reference["measurements"]
    # the untracked static Text Regular is DejaVu Sans itself (x factor 1)
    for i, text in enumerate(TEXTS):
        assert untracked(reference, i) == hbshape.advance("Fonts/DejaVuSans.ttf", text)


def main():
    sizes = dynamic_type_sizes()
    faces = {folder: folder_faces(folder) for folder in FOLDERS}
    check_faces(faces)
    entries = [resolve(spec, faces) for spec in cases(sizes)]
    sanity(entries)
    out = {
        "generator": "fontTools %s; %s" % (__import__("fontTools").version, hbshape.version()),
        "texts": TEXTS, "textDisplaySwitch": TEXT_DISPLAY_SWITCH, "cssWeights": CSS_WEIGHTS,
        "dynamicTypeCategories": CATEGORIES, "cases": entries,
    }
    with open(OUT, "w", encoding="utf-8") as f:
        json.dump(out, f, indent=2, sort_keys=True, ensure_ascii=False)
        f.write("\n")
    print("wrote %s (%d cases)" % (os.path.relpath(OUT, REPO), len(entries)))


if __name__ == "__main__":
    main()
