#!/usr/bin/python3
"""Build Fonts/Trak/CaliperTrakTest.ttf, CaliperSFTrackingTest.ttf, CaliperSFTextTest.ttf,
CaliperSFDisplayTest.ttf and CaliperSFVariableTest.ttf: fonts with an AAT `trak` (tracking) table, for
tests.

They live in Fonts/Trak/, not Fonts/, so that they stay out of what indexes the fixtures: Caliper's
FontFolder reads only the files directly in a folder, and Fonts/fonts.conf rejects Fonts/Trak/ for
fontconfig (these DejaVu subsets would otherwise enter fontconfig's fallback order, e.g. for
`sans-serif`, ahead of DejaVu Sans).

Run from the repository root with Debian's Python (it has fontTools):

    /usr/bin/python3 Fonts/make_trak_fonts.py

No Debian 12 package ships a font with a `trak` table (Apple's own fonts carry one; their licence
forbids using them off Apple platforms), so all are derived from the fixture Fonts/DejaVuSans.ttf
(Bitstream Vera licence: modified versions are allowed under a name without "Bitstream" or "Vera";
see Fonts/LICENSES/Bitstream-Vera.txt):

1. DejaVu Sans is subset to Basic Latin, Latin-1 Supplement (U+00A0-U+00FF), the combining
   diacritical marks (U+0300-U+036F) and the ellipsis (U+2026), with its GSUB ligatures, GPOS
   kerning and mark positioning kept and its hinting and legacy `kern` table dropped (HarfBuzz uses
   GPOS when a font has it, so advances without tracking equal DejaVuSans.ttf's). unitsPerEm stays
   2048, as SF Pro's is.
2. A `trak` table (version 1.0, format 0) is added with horizontal track data only: one track, at
   track value 0 ("Normal", the one HarfBuzz 6.0 and CoreText use by default), with one tracking
   value in font units per listed point size; no vertical data.
3. The family is renamed (name IDs 1, 3, 4, 6; 16 and 17 removed) and name ID 10 says where the
   font comes from.

- CaliperTrakTest.ttf ("Caliper Trak Test"): a small hand-made table, TRAK_TEST below, whose five
  sizes make HarfBuzz interpolate between them and extrapolate below 6 pt and above 48 pt
  (24 pt: -40 units is the example of issue #27).
- CaliperSFTrackingTest.ttf ("Caliper SF Tracking Test"): Apple's published SF Pro tracking table,
  APPLE_SF_PRO below, from the Human Interface Guidelines, Typography, Specifications, "Tracking
  values", "iOS, iPadOS, visionOS tracking values", "SF Pro":
      https://developer.apple.com/design/human-interface-guidelines/typography#Tracking-values
  (retrieved 2026-11-27 from public transcriptions of that page; the iOS, macOS and tvOS SF Pro
  tables agree in the 1/1000 em column at every size). Apple gives tracking in 1/1000 em (and,
  rounded, in points); the font stores value x unitsPerEm / 1000 font units, rounded to the
  nearest integer (half away from zero; `trak` values are 16-bit integers): with unitsPerEm 2048,
  +41/1000 em at 6 pt is round(83.968) = 84 units. The glyphs are DejaVu's, not SF Pro's: only the
  tracking is Apple's.

- CaliperSFTextTest.ttf and CaliperSFDisplayTest.ttf ("Caliper SF Text Test", "Caliper SF Display
  Test"): a static Text/Display pair in the manner of SF Pro Text (below 20 pt) and SF Pro Display
  (20 pt and up) before 2020: Text is the subset as it is, Display has every x coordinate, advance
  and left side bearing x 0.96 (narrower, as display cuts are). Both carry Apple's SF Pro table.
- CaliperSFVariableTest.ttf ("Caliper SF Variable Test"): a variable font in the manner of SF Pro's
  since 2020, axes `opsz` 17-28 (default 17), `wght` 100-900 (default 400) and `wdth` 75-125
  (default 100), built by fontTools.varLib from masters that only scale x (so every master is
  point-compatible; the shapes are not real weights or widths, only the advances matter; kerning
  is the same in every master):
  opsz 28 x 0.96 (= Display), wght 100 x 0.94, wght 900 x 1.12, wdth 75 x 0.80, wdth 125 x 1.20;
  the default instance is Text. Named instances: Regular, Bold (wght 700), Display (opsz 28),
  Condensed (wdth 75). It carries Apple's SF Pro table as well (a `trak` table does not vary).
  The scale factors are made up; only the tracking is Apple's.

The output is deterministic for a given fontTools version (the head timestamps are fixed).
Fonts/make_system_fonts.py imports this script for its subset, `trak` table, x scaling, variable
build and saving (subset_source, sf_pro_units, add_trak, scaled, build_variable_font, save).
"""
import math
import os
import sys

from fontTools.designspaceLib import AxisDescriptor, DesignSpaceDocument, InstanceDescriptor, SourceDescriptor
from fontTools.ttLib import TTFont, newTable
from fontTools.varLib import build as build_variable
from fontTools.ttLib.tables._t_r_a_k import TrackData, TrackTableEntry

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
SOURCE = os.path.join(REPO, "Fonts", "DejaVuSans.ttf")
UNICODES = list(range(0x20, 0x7F)) + list(range(0xA0, 0x100)) + list(range(0x300, 0x370)) + [0x2026]
FIXED_TIME = 0x7C259DC0  # 2020-01-01 in seconds since 1904, so rebuilding gives the same bytes

# point size -> tracking in font units (unitsPerEm 2048), track value 0
TRAK_TEST = {6: 20, 12: 0, 17: -10, 24: -40, 48: -60}

# Apple's SF Pro tracking table for iOS, iPadOS and visionOS (Human Interface Guidelines,
# Typography, "Tracking values"): point size -> (tracking in 1/1000 em, tracking in points as Apple
# prints it, rounded to 0.01 pt; the points column is informative and checked only for agreement).
# SF Pro Text is used below 20 pt and SF Pro Display from 20 pt; since 2020 one variable SF Pro
# with an `opsz` axis covers both, and the table is the same. (The macOS and tvOS tables print the
# points of 52 and 53 pt as 0.31 and 0.33, the iOS one as 0.33 and 0.31; the 1/1000 em column, the
# one encoded, is the same in all three.)
APPLE_SF_PRO_URL = "https://developer.apple.com/design/human-interface-guidelines/typography#Tracking-values"
APPLE_SF_PRO = {
    6: (41, 0.24), 7: (34, 0.23), 8: (26, 0.21), 9: (19, 0.17), 10: (12, 0.12), 11: (6, 0.06),
    12: (0, 0.0), 13: (-6, -0.08), 14: (-11, -0.15), 15: (-16, -0.23), 16: (-20, -0.31),
    17: (-26, -0.43), 18: (-25, -0.44), 19: (-24, -0.45), 20: (-23, -0.45), 21: (-18, -0.36),
    22: (-12, -0.26), 23: (-4, -0.10), 24: (3, 0.07), 25: (6, 0.15), 26: (8, 0.22), 27: (11, 0.29),
    28: (14, 0.38), 29: (14, 0.40), 30: (14, 0.40), 31: (13, 0.39), 32: (13, 0.41), 33: (12, 0.40),
    34: (12, 0.40), 35: (11, 0.38), 36: (10, 0.37), 37: (10, 0.36), 38: (10, 0.37), 39: (10, 0.38),
    40: (10, 0.37), 41: (9, 0.36), 42: (9, 0.37), 43: (9, 0.38), 44: (8, 0.37), 45: (8, 0.35),
    46: (8, 0.36), 47: (8, 0.37), 48: (8, 0.35), 49: (7, 0.33), 50: (7, 0.34), 51: (7, 0.35),
    52: (6, 0.33), 53: (6, 0.31), 54: (6, 0.32), 56: (6, 0.30), 58: (5, 0.28), 60: (4, 0.26),
    62: (4, 0.24), 64: (4, 0.22), 66: (3, 0.19), 68: (2, 0.17), 70: (2, 0.14), 72: (2, 0.14),
    76: (1, 0.07), 80: (0, 0.0), 84: (0, 0.0), 88: (0, 0.0), 92: (0, 0.0), 96: (0, 0.0),
}

FONTS = {
    # file name -> (family, description for name ID 10)
    "CaliperTrakTest.ttf": ("Caliper Trak Test", "a hand-made AAT trak table (6, 12, 17, 24, 48 pt)"),
    "CaliperSFTrackingTest.ttf": ("Caliper SF Tracking Test",
                                  "an AAT trak table holding Apple's published SF Pro tracking values "
                                  "(Human Interface Guidelines, Typography)"),
    "CaliperSFTextTest.ttf": ("Caliper SF Text Test",
                              "Apple's published SF Pro tracking values in an AAT trak table; the "
                              "Text half of a Text/Display pair"),
    "CaliperSFDisplayTest.ttf": ("Caliper SF Display Test",
                                 "x scaled by 0.96 and Apple's published SF Pro tracking values in an "
                                 "AAT trak table; the Display half of a Text/Display pair"),
    "CaliperSFVariableTest.ttf": ("Caliper SF Variable Test",
                                  "opsz, wght and wdth axes whose masters scale x, and Apple's published "
                                  "SF Pro tracking values in an AAT trak table"),
}

DISPLAY_FACTOR = 0.96
# axis tag -> (name, minimum, default, maximum)
AXES = {"opsz": ("Optical size", 17, 17, 28), "wght": ("Weight", 100, 400, 900), "wdth": ("Width", 75, 100, 125)}
# (axis tag, location) -> x factor of the master there (the other axes at their defaults)
MASTERS = {("opsz", 28): DISPLAY_FACTOR, ("wght", 100): 0.94, ("wght", 900): 1.12,
           ("wdth", 75): 0.80, ("wdth", 125): 1.20}
INSTANCES = [("Regular", {}), ("Bold", {"wght": 700}), ("Display", {"opsz": 28}), ("Condensed", {"wdth": 75})]


def round_half_away(value):
    return int(math.floor(abs(value) + 0.5)) * (1 if value >= 0 else -1)


def em_thousandths_to_units(value, upem):
    """Apple's 1/1000 em tracking as integer font units."""
    return round_half_away(value * upem / 1000)


def sf_pro_units(upem):
    return {size: em_thousandths_to_units(em, upem) for size, (em, _) in APPLE_SF_PRO.items()}


def subset_source():
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import make_opsz_font
    return make_opsz_font.subset_dejavu(UNICODES, layout_features=["*"])


def rename(font, family, description):
    name = font["name"]
    for record in list(name.names):
        if record.nameID in (1, 3, 4):
            record.string = family
        elif record.nameID == 6:
            record.string = family.replace(" ", "") + "-Regular"
        elif record.nameID == 2:
            record.string = "Regular"
    name.removeNames(nameID=16)
    name.removeNames(nameID=17)
    name.setName(
        "Derived from DejaVu Sans 2.37 (Bitstream Vera licence) by Caliper's Fonts/make_trak_fonts.py "
        "for tests: subset, with %s. Not Bitstream Vera, not SF Pro." % description, 10, 3, 1, 0x409)


def add_trak(font, values):
    """A `trak` table with one horizontal track (value 0) holding `values` (point size -> units)."""
    name_id = font["name"].addName("Normal")
    trak = newTable("trak")
    trak.version = 1.0
    trak.format = 0
    entry = TrackTableEntry({float(size): int(units) for size, units in values.items()}, nameIndex=name_id)
    trak.horizData = TrackData({0.0: entry})
    trak.vertData = TrackData()
    font["trak"] = trak


def scaled(font, x_factor):
    """`font` with every x coordinate, advance and left side bearing x `x_factor` (make_opsz_font.py's
    scaled_master, typo metrics unchanged)."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import make_opsz_font
    return make_opsz_font.scaled_master(font, x_factor, 1.0)


def variable_font(family, description, values):
    base = subset_source()
    rename(base, family, description)
    font = build_variable_font(base, family, AXES, MASTERS, INSTANCES)
    add_trak(font, values)
    return font


def build_variable_font(base, family, axes, masters, instances, postscript_family=None):
    """A variable font whose default master is `base` (a subset, already named) and whose other
    masters scale its x: `axes` is tag -> (name, minimum, default, maximum), `masters` (tag,
    location) -> x factor (the other axes at their defaults), `instances` [(style name, {tag:
    value})] the named instances (`fvar`), each with a PostScript name `postscript_family`-style
    when that is given. Shared with make_system_fonts.py."""
    # DejaVu's OS/2 is version 1, without the x-height and cap height fields varLib reads: raise
    # it to version 4 as make_opsz_font.py does.
    os2, glyf, cmap = base["OS/2"], base["glyf"], base.getBestCmap()
    os2.version = 4
    os2.sxHeight = glyf[cmap[ord("x")]].yMax
    os2.sCapHeight = glyf[cmap[ord("H")]].yMax
    os2.usDefaultChar, os2.usBreakChar, os2.usMaxContext = 0, 0x20, 2
    document = DesignSpaceDocument()
    for tag, (name, minimum, default, maximum) in axes.items():
        axis = AxisDescriptor()
        axis.tag, axis.name = tag, name
        axis.minimum, axis.default, axis.maximum = minimum, default, maximum
        document.addAxis(axis)
    defaults = {name: default for name, _, default, _ in axes.values()}
    source = SourceDescriptor()
    source.font, source.location, source.name = base, dict(defaults), "default"
    document.addSource(source)
    for (tag, location), factor in sorted(masters.items()):
        source = SourceDescriptor()
        source.font = scaled(base, factor)
        source.location = dict(defaults, **{axes[tag][0]: location})
        source.name = "%s%d" % (tag, location)
        document.addSource(source)
    for style, where in instances:
        instance = InstanceDescriptor()
        instance.familyName, instance.styleName = family, style
        if postscript_family:
            instance.postScriptFontName = "%s-%s" % (postscript_family, style.replace(" ", ""))
        instance.location = dict(defaults, **{axes[tag][0]: value for tag, value in where.items()})
        document.addInstance(instance)
    font, _, _ = build_variable(document)
    return font


def build_with_features(unicodes, features, family, description, path):
    """DejaVu Sans subset to `unicodes` (make_opsz_font.subset_dejavu) with no layout tables but
    those that `features` (feature-file text) compiles, renamed `family`, its name ID 10 set to
    `description`, and saved to `path`, its folder made: what make_language_font.py and
    make_unsafe_break_font.py build."""
    import make_opsz_font
    from fontTools.feaLib.builder import addOpenTypeFeaturesFromString

    font = make_opsz_font.subset_dejavu(unicodes, layout_features=[])
    for table in ("GSUB", "GPOS", "GDEF"):
        if table in font:
            del font[table]
    addOpenTypeFeaturesFromString(font, features)
    rename(font, family, "")
    font["name"].setName(description, 10, 3, 1, 0x409)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    save(font, path)


def save(font, path):
    """Write `font` with fixed head timestamps, so that rebuilding gives the same bytes."""
    font["head"].created = font["head"].modified = FIXED_TIME
    font.recalcTimestamp = False
    font.save(path)
    print("wrote %s (%d bytes)" % (os.path.relpath(path, REPO), os.path.getsize(path)))


def build(file_name, values, x_factor=None, variable=False):
    family, description = FONTS[file_name]
    if variable:
        font = variable_font(family, description, values)
    else:
        font = subset_source()
        if x_factor is not None:
            font = scaled(font, x_factor)
        rename(font, family, description)
        add_trak(font, values)
    save(font, os.path.join(REPO, "Fonts", "Trak", file_name))


def main():
    upem = TTFont(SOURCE)["head"].unitsPerEm
    build("CaliperTrakTest.ttf", TRAK_TEST)
    build("CaliperSFTrackingTest.ttf", sf_pro_units(upem))
    build("CaliperSFTextTest.ttf", sf_pro_units(upem))
    build("CaliperSFDisplayTest.ttf", sf_pro_units(upem), x_factor=DISPLAY_FACTOR)
    build("CaliperSFVariableTest.ttf", sf_pro_units(upem), variable=True)


if __name__ == "__main__":
    main()
