#!/usr/bin/python3
"""Build Fonts/CaliperOpszTest.ttf: a variable font with an optical-size (`opsz`) axis, for tests.

Run from the repository root with Debian's Python (it has fontTools):

    /usr/bin/python3 Fonts/make_opsz_font.py

No Debian 12 package ships a font with an `opsz` axis, so this one is derived from the fixture
Fonts/DejaVuSans.ttf (Bitstream Vera licence: modified versions are allowed under a name without
"Bitstream" or "Vera"; see Fonts/LICENSES/Bitstream-Vera.txt):

1. DejaVu Sans is subset to Basic Latin, the no-break space and the ellipsis (U+2026, which
   truncation uses), with its GSUB ligatures and GPOS kerning kept and its hinting dropped; its
   OS/2 table (version 1) becomes version 4, with sxHeight and sCapHeight from the outlines of
   "x" and "H".
2. Three masters are made from it on an `opsz` axis from 8 to 72, default 12:
   - opsz 12: the subset as it is (the default instance);
   - opsz 8: every x coordinate, advance and left side bearing × 1.08 (wider, as small optical
     sizes are), OS/2 typo ascender and descender × 1.04
     (varLib turns them into MVAR `hasc` and `hdsc` deltas, which HarfBuzz, FreeType and Caliper
     add to the hhea ascender and descender);
   - opsz 72: the same × 0.90 (narrower), typo ascender and descender × 0.96.
   Kerning stays the same in every master, so widths change only through the advances (HVAR).
3. fontTools.varLib builds the variable font (fvar, gvar, HVAR, MVAR) with two named instances,
   "Caption" (opsz 8) and "Display" (opsz 72), and the family is renamed "Caliper Opsz Test".

The output is deterministic for a given fontTools version (the head timestamps are fixed).
"""
import copy
import os

from fontTools import subset
from fontTools.designspaceLib import AxisDescriptor, DesignSpaceDocument, InstanceDescriptor, SourceDescriptor
from fontTools.ttLib import TTFont
from fontTools.varLib import build

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
SOURCE = os.path.join(REPO, "Fonts", "DejaVuSans.ttf")
OUT = os.path.join(REPO, "Fonts", "CaliperOpszTest.ttf")
FAMILY = "Caliper Opsz Test"
UNICODES = list(range(0x20, 0x7F)) + [0xA0, 0x2026]
AXIS = (8, 12, 72)  # minimum, default, maximum
# opsz -> (factor for x coordinates and advances, factor for the typo ascender and descender)
MASTERS = {8: (1.08, 1.04), 12: (1.0, 1.0), 72: (0.90, 0.96)}
FIXED_TIME = 0x7C259DC0  # 2020-01-01 in seconds since 1904, so rebuilding gives the same bytes


def subset_dejavu(unicodes, layout_features=None):
    """DejaVu Sans subset to `unicodes` without hinting, its `kern`, `MATH`, `FFTM` and `gasp`
    tables dropped, every name kept, and the .notdef outline; `layout_features` ("*" for all) kept
    beside fontTools' default ones. Shared with make_trak_fonts.py."""
    font = TTFont(SOURCE)
    options = subset.Options()
    options.hinting = False
    options.drop_tables += ["kern", "MATH", "FFTM", "gasp"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    if layout_features is not None:
        options.layout_features = layout_features
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=unicodes)
    subsetter.subset(font)
    return font


def subset_source():
    font = subset_dejavu(UNICODES)
    # DejaVu's OS/2 is version 1, without the x-height and cap height that varLib's MVAR needs:
    # make it version 4 with them read from the outlines of "x" and "H".
    os2 = font["OS/2"]
    glyf = font["glyf"]
    cmap = font.getBestCmap()
    os2.version = 4
    os2.sxHeight = glyf[cmap[ord("x")]].yMax
    os2.sCapHeight = glyf[cmap[ord("H")]].yMax
    os2.usDefaultChar, os2.usBreakChar, os2.usMaxContext = 0, 0x20, 2
    return font


def rename(font):
    name = font["name"]
    for record in list(name.names):
        if record.nameID in (1, 3, 4, 16):
            record.string = FAMILY
        elif record.nameID == 6:
            record.string = FAMILY.replace(" ", "") + "-Regular"
        elif record.nameID in (2, 17):
            record.string = "Regular"
    name.removeNames(nameID=16)
    name.removeNames(nameID=17)
    name.setName(
        "Derived from DejaVu Sans 2.37 (Bitstream Vera licence) by Caliper's Fonts/make_opsz_font.py "
        "for tests: subset, x scaled per optical size. Not Bitstream Vera.", 10, 3, 1, 0x409)


def scaled_master(font, x_factor, vertical_factor):
    master = copy.deepcopy(font)
    glyf = master["glyf"]
    hmtx = master["hmtx"]
    for glyph_name in master.getGlyphOrder():
        glyph = glyf[glyph_name]
        if glyph.isComposite():
            for component in glyph.components:
                component.x = round(component.x * x_factor)
        elif glyph.numberOfContours > 0:
            glyph.coordinates.scale((x_factor, 1))
            glyph.coordinates.toInt()
    for glyph_name in master.getGlyphOrder():
        glyph = glyf[glyph_name]
        glyph.recalcBounds(glyf)
        advance, _ = hmtx[glyph_name]
        hmtx[glyph_name] = (round(advance * x_factor), getattr(glyph, "xMin", 0))
    os2 = master["OS/2"]
    os2.sTypoAscender = round(os2.sTypoAscender * vertical_factor)
    os2.sTypoDescender = round(os2.sTypoDescender * vertical_factor)
    return master


def main():
    base = subset_source()
    rename(base)
    document = DesignSpaceDocument()
    axis = AxisDescriptor()
    axis.tag, axis.name = "opsz", "Optical size"
    axis.minimum, axis.default, axis.maximum = AXIS
    document.addAxis(axis)
    for opsz, (x_factor, vertical_factor) in sorted(MASTERS.items()):
        source = SourceDescriptor()
        source.font = base if opsz == AXIS[1] else scaled_master(base, x_factor, vertical_factor)
        source.location = {"Optical size": opsz}
        source.name = "opsz%d" % opsz
        document.addSource(source)
    for name, opsz in (("Caption", 8), ("Display", 72)):
        instance = InstanceDescriptor()
        instance.familyName, instance.styleName = FAMILY, name
        instance.location = {"Optical size": opsz}
        document.addInstance(instance)
    variable, _, _ = build(document)
    variable["head"].created = variable["head"].modified = FIXED_TIME
    variable.recalcTimestamp = False
    variable.save(OUT)
    print("wrote %s (%d bytes)" % (os.path.relpath(OUT, REPO), os.path.getsize(OUT)))


if __name__ == "__main__":
    main()
