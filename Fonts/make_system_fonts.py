#!/usr/bin/python3
"""Build Fonts/SystemFonts/: stand-ins for Apple's system-font files (SF Pro Text, SF Pro Display,
SF Pro Rounded, SF Mono, the variable SF Pro and New York) under Apple's file names and family
names, so that Caliper's SystemFonts(directory:) lookup can be tested as it meets Apple's files.

Apple's fonts cannot be committed (their licence allows them only on Apple platforms), and the
lookup reads nothing but names and a few fields: the family (typographic family, name ID 16, else
name ID 1), the weight (OS/2 usWeightClass), italic (OS/2 fsSelection bit 0) and, in a variable
file, the `fvar` axes and named instances. So every file here is a subset of the fixture
Fonts/DejaVuSans.ttf (Bitstream Vera licence: modified versions are allowed under a name without
"Bitstream" or "Vera"; see Fonts/LICENSES/Bitstream-Vera.txt) that carries Apple's names and those
fields, with x scaled by a factor of its own, so that a test can tell from a width which file was
picked. Name ID 10 (description) and the end of name ID 0 (copyright) say so in every file. The
glyphs are DejaVu's, not Apple's; the factors are made up; only the SF Pro tracking table is
Apple's published one (Human Interface Guidelines, see make_trak_fonts.py).

Run from the repository root with Debian's Python (it has fontTools):

    /usr/bin/python3 Fonts/make_system_fonts.py

How each file is made, reusing Fonts/make_trak_fonts.py (imported):

1. make_trak_fonts.subset_source: DejaVu Sans subset to Basic Latin, Latin-1 Supplement, the
   combining diacritical marks and U+2026, GSUB and GPOS kept, hinting and the legacy `kern` table
   dropped; unitsPerEm 2048, as SF Pro's is.
2. Static files (Static/): every x coordinate, advance and left side bearing x the file's factor
   (make_trak_fonts.scaled, as for CaliperSFDisplayTest.ttf; GPOS kerning unchanged). Names as
   Apple's static files have them: name ID 16 the family ("SF Pro Text"), 17 the style
   ("Semibold"); name ID 1 the family and 2 the style for the four styles of the RIBBI model
   (Regular, Italic, Bold, Bold Italic), else 1 the family and style ("SF Pro Text Semibold") and 2
   "Regular"; 4 the full name ("SF Pro Text Semibold"); 6 the PostScript name, the file name's
   ("SFProText-Semibold"). OS/2 usWeightClass as listed; italic files set fsSelection bit 0
   (ITALIC) and head.macStyle bit 1, weight 700 sets fsSelection bit 5 (BOLD) and macStyle bit 0;
   either clears fsSelection bit 6 (REGULAR). The outlines are not slanted or emboldened (only the
   names, the flags and the advances matter to the lookup's tests). Every file but SF Mono's gets
   Apple's SF Pro `trak` table (make_trak_fonts.add_trak, sf_pro_units); SF Mono's files have
   none, and they are not monospaced (DejaVu Sans's advances, scaled).
3. Variable files (Variable/): make_trak_fonts.build_variable_font, masters that only scale x
   (every master is point-compatible), named instances in `fvar` with name records (the style
   and a PostScript name, "SFPro-Semibold"). SF-Pro.ttf carries Apple's SF Pro `trak` table (a
   `trak` table does not vary); NewYork.ttf has none. The default instance's names are those of
   a Regular static file (name IDs 1 and 16 the family, 2 and 17 "Regular"), its usWeightClass 400.

The output is deterministic for a given fontTools version (the head timestamps are fixed).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_trak_fonts  # noqa: E402  (the subset, trak table, x scaling, variable build and saving)

REPO = make_trak_fonts.REPO
OUT_DIR = os.path.join(REPO, "Fonts", "SystemFonts")

# file name -> (family, style, usWeightClass, italic, x factor, Apple's SF Pro trak table).
# Display's factors are Text's x 0.96 (1.05 x 0.96 = 1.008, 1.08 x 0.96 = 1.0368, 0.99 x 0.96 =
# 0.9504), written out so that no float product is rounded differently.
STATIC = {
    "SF-Pro-Text-Regular.ttf": ("SF Pro Text", "Regular", 400, False, 1.00, True),
    "SF-Pro-Text-Semibold.ttf": ("SF Pro Text", "Semibold", 600, False, 1.05, True),
    "SF-Pro-Text-Bold.ttf": ("SF Pro Text", "Bold", 700, False, 1.08, True),
    "SF-Pro-Text-RegularItalic.ttf": ("SF Pro Text", "Italic", 400, True, 0.99, True),
    "SF-Pro-Display-Regular.ttf": ("SF Pro Display", "Regular", 400, False, 0.96, True),
    "SF-Pro-Display-Semibold.ttf": ("SF Pro Display", "Semibold", 600, False, 1.008, True),
    "SF-Pro-Display-Bold.ttf": ("SF Pro Display", "Bold", 700, False, 1.0368, True),
    "SF-Pro-Display-RegularItalic.ttf": ("SF Pro Display", "Italic", 400, True, 0.9504, True),
    "SF-Pro-Rounded-Regular.ttf": ("SF Pro Rounded", "Regular", 400, False, 1.02, True),
    "SF-Pro-Rounded-Bold.ttf": ("SF Pro Rounded", "Bold", 700, False, 1.10, True),
    "SF-Mono-Regular.ttf": ("SF Mono", "Regular", 400, False, 1.15, False),
    "SF-Mono-Bold.ttf": ("SF Mono", "Bold", 700, False, 1.20, False),
}

# file name -> family, axes (tag -> (name, minimum, default, maximum)), masters ((tag, location) ->
# x factor, the other axes at their defaults), named instances, Apple's SF Pro trak table
VARIABLE = {
    "SF-Pro.ttf": {
        "family": "SF Pro",
        "axes": {"opsz": ("Optical size", 17, 17, 28), "wght": ("Weight", 100, 400, 900),
                 "wdth": ("Width", 50, 100, 150)},
        "masters": {("opsz", 28): 0.96, ("wght", 100): 0.94, ("wght", 900): 1.12,
                    ("wdth", 50): 0.60, ("wdth", 150): 1.40},
        "instances": [("Regular", {}), ("Semibold", {"wght": 590}), ("Bold", {"wght": 700}),
                      ("Condensed", {"wdth": 80}), ("Compressed", {"wdth": 60}), ("Expanded", {"wdth": 130})],
        "trak": True,
    },
    "NewYork.ttf": {
        "family": "New York",
        "axes": {"opsz": ("Optical size", 12, 12, 36), "wght": ("Weight", 400, 400, 900)},
        "masters": {("opsz", 36): 0.93, ("wght", 900): 1.10},
        "instances": [("Regular", {}), ("Bold", {"wght": 700})],
        "trak": False,
    },
}

RIBBI = ("Regular", "Italic", "Bold", "Bold Italic")
FS_ITALIC, FS_BOLD, FS_REGULAR = 1 << 0, 1 << 5, 1 << 6
MAC_BOLD, MAC_ITALIC = 1 << 0, 1 << 1
DISCLAIMER = ("Caliper test fixture derived from DejaVu Sans (Bitstream Vera licence); it only stands in "
              "for Apple's font of this name (%s) so that Caliper's system-font lookup can be tested; it is "
              "not Apple's font and its advances are synthetic.")


def postscript_name(file_name, family):
    """Apple's PostScript name: the family without spaces, a hyphen, the file name's style part
    (SF-Pro-Text-RegularItalic.ttf -> SFProText-RegularItalic); a variable file's is -Regular."""
    stem = os.path.splitext(file_name)[0]
    prefix = family.replace(" ", "-") + "-"
    style = stem[len(prefix):] if stem.startswith(prefix) else "Regular"
    return family.replace(" ", "") + "-" + style


def name_as_apple(font, file_name, family, style, made, stands_in_for):
    """Apple's name records (see the module docstring) and the fixture's notice, naming the font it
    stands in for, in name IDs 10 and 0."""
    name = font["name"]
    copyright_notice = name.getDebugName(0)
    for name_id in (0, 1, 2, 3, 4, 6, 10, 16, 17):
        name.removeNames(nameID=name_id)
    full = "%s %s" % (family, style)
    disclaimer = DISCLAIMER % stands_in_for
    legacy_family, legacy_style = (family, style) if style in RIBBI else (full, "Regular")
    records = {
        0: copyright_notice.rstrip() + "\n" + disclaimer,
        1: legacy_family, 2: legacy_style,
        3: "%s; Caliper test fixture" % full,
        4: full,
        6: postscript_name(file_name, family),
        10: disclaimer + " Made by Caliper's Fonts/make_system_fonts.py: " + made + ".",
        16: family, 17: style,
    }
    for name_id, string in sorted(records.items()):
        name.setName(string, name_id, 3, 1, 0x409)


def set_style_bits(font, weight, italic):
    """usWeightClass, fsSelection (ITALIC, BOLD, REGULAR) and head.macStyle as Apple's files set them."""
    os2, head = font["OS/2"], font["head"]
    os2.usWeightClass = weight
    selection = os2.fsSelection & ~(FS_ITALIC | FS_BOLD | FS_REGULAR)
    mac_style = head.macStyle & ~(MAC_BOLD | MAC_ITALIC)
    if italic:
        selection |= FS_ITALIC
        mac_style |= MAC_ITALIC
    if weight == 700:
        selection |= FS_BOLD
        mac_style |= MAC_BOLD
    if not selection & (FS_ITALIC | FS_BOLD):
        selection |= FS_REGULAR
    os2.fsSelection, head.macStyle = selection, mac_style


def tracking_note(trak):
    return ", Apple's published SF Pro tracking values in an AAT trak table" if trak else ", no trak table"


def static_font(file_name, upem):
    family, style, weight, italic, x_factor, trak = STATIC[file_name]
    font = make_trak_fonts.subset_source()
    if x_factor != 1:
        font = make_trak_fonts.scaled(font, x_factor)
    made = "subset, x coordinates and advances x %g%s" % (x_factor, tracking_note(trak))
    name_as_apple(font, file_name, family, style, made, "%s %s" % (family, style))
    set_style_bits(font, weight, italic)
    if trak:
        make_trak_fonts.add_trak(font, make_trak_fonts.sf_pro_units(upem))
    return font


def variable_font(file_name, upem):
    spec = VARIABLE[file_name]
    family = spec["family"]
    base = make_trak_fonts.subset_source()
    axes = ", ".join("%s %g-%g-%g" % (tag, low, default, high)
                     for tag, (_, low, default, high) in spec["axes"].items())
    masters = ", ".join("%s %g x %g" % (tag, where, factor) for (tag, where), factor in spec["masters"].items())
    made = "subset, variable (%s) from masters that scale x (%s)%s" % (axes, masters, tracking_note(spec["trak"]))
    name_as_apple(base, file_name, family, "Regular", made, family)
    set_style_bits(base, 400, False)
    font = make_trak_fonts.build_variable_font(base, family, spec["axes"], spec["masters"], spec["instances"],
                                               postscript_family=family.replace(" ", ""))
    if spec["trak"]:
        make_trak_fonts.add_trak(font, make_trak_fonts.sf_pro_units(upem))
    return font


def main():
    upem = make_trak_fonts.TTFont(make_trak_fonts.SOURCE)["head"].unitsPerEm
    for folder in ("Static", "Variable"):
        os.makedirs(os.path.join(OUT_DIR, folder), exist_ok=True)
    for file_name in STATIC:
        make_trak_fonts.save(static_font(file_name, upem), os.path.join(OUT_DIR, "Static", file_name))
    for file_name in VARIABLE:
        make_trak_fonts.save(variable_font(file_name, upem), os.path.join(OUT_DIR, "Variable", file_name))


if __name__ == "__main__":
    main()
