#!/usr/bin/python3
"""Generate Tests/Goldens/coretext_tests.json: widths that Core Text and UIKit computed on Apple
hardware, asserted as literals in the unit tests of open-source libraries that commit the font
they measure with.

Run from the repository root, with each repository of SOURCES fetched as a git directory (a bare
clone with its history: only the pinned commit and the history of its test files are read):

    /usr/bin/python3 Tests/Goldens/make_coretext_tests.py --mirror DIR [--copy-fonts]

DIR holds one git directory per repository, named `owner+name/repo` (or `owner+name/repo/.git`,
or `owner+name.git`); `--git-dir owner/name=PATH` names one explicitly. `--copy-fonts` copies the
fonts into Fonts/UIKit/ (their licences and Fonts/README.md rows are written by hand), except
Latin Modern Math, read from Debian's fonts-lmodern (checked to be the same file). Stdlib and
fontTools (Debian's python3-fonttools 4.38) only; the output is the same byte for byte on every run.

Every numeric assertion of the test files read is classified: kept (its value is a sum of Core
Text line widths, each of a text in the committed font at a point size, plus a constant the
library adds by its own rule, both written in KEPT below), or set aside with its reason. An
assertion no rule classifies stops the script. The rules are described in coretext_tests.md.
"""
import argparse
import hashlib
import json
import os
import plistlib
import re
import subprocess
import sys

from fontTools.ttLib import TTFont

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OUT_JSON = os.path.join(REPO, "Tests", "Goldens", "coretext_tests.json")

# iosMath's default font size (MTFontManager.m, kDefaultFontSize) and one mu (MTFontMathTable.m,
# muUnit: the font size / 18), in which it writes every space between atoms.
IOSMATH_SIZE = 20.0
IOSMATH_MU = IOSMATH_SIZE / 18

SOURCES = [
    {"repository": "kostub/iosMath", "commit": "d25097f2aa4c3f00b774f7f409e6483ed162603d",
     "note": "iosMath, a LaTeX math typesetter for iOS and macOS on Core Text; its XCTest suite runs "
             "on macOS and in the iOS simulator in CI (GitHub Actions, macos-15, Xcode 16.2)",
     "testFiles": ["iosMathTests/MTTypesetterTest.m"],
     # Not copied: Debian's fonts-lmodern 2.005-1 installs the same file, byte for byte (the GUST
     # Font License lets the Latin Modern package be redistributed whole, not one file of it).
     "font": {"path": "iosMath/fonts/latinmodern-math.otf",
              "copy": "/usr/share/texmf/fonts/opentype/public/lm-math/latinmodern-math.otf",
              "debianPackage": "fonts-lmodern",
              "license": "GFL (GUST Font License, an instance of the LPPL 1.3c)"},
     "mathTable": "iosMath/fonts/latinmodern-math.plist"},
    {"repository": "Rightpoint/BonMot", "commit": "001139aad601ed8009b49a0e868e21df3dea979c",
     "note": "BonMot, an attributed-string library for iOS, tvOS, watchOS and macOS; its tests "
             "register the EB Garamond 12 it commits and run in the iOS simulator",
     "testFiles": ["Tests/AdaptiveStyleTests.swift"],
     "font": {"path": "Tests/Resources/EBGaramond12-Regular.otf",
              "copy": "Fonts/UIKit/Rightpoint+BonMot/EBGaramond12-Regular.otf",
              "license": "OFL-1.1"}},
]


def line(text, size=IOSMATH_SIZE, factor=1.0, kerns_in_mu=None, features=()):
    """A Core Text line of `text` at `size`, counted `factor` times. `kerns_in_mu` gives, per
    character of `text`, the kCTKernAttributeName value iosMath puts on it, in mu of `size`."""
    characters = list(text)
    kerns = kerns_in_mu or [0] * len(characters)
    assert len(kerns) == len(characters), text
    return {"factor": factor, "pointSize": size, "features": list(features),
            "spans": [{"text": c, "kern": k * size / 18} for c, k in zip(characters, kerns)]}


# "𝑥+5" and "𝑦+𝑧" as iosMath sets them: a medium space (4 mu) after the ordinary atom before
# the binary operator and after the operator (getInterElementSpace, display style).
X_PLUS_5 = dict(kerns_in_mu=[4, 4, 0])
Y_PLUS_Z = dict(kerns_in_mu=[4, 4, 0])

# Kept assertions: (repository, test, quantity) -> the lines whose widths make the value, the
# constant the library adds (points) and why. A quantity is the asserted expression; a point
# assertion gives two, `.x` and `.y`.
KEPT = {
    ("kostub/iosMath", "testSimpleVariable", "display.width"): {
        "terms": [line("𝑥")], "constant": 0.0, "rule": "w(𝑥)",
        "why": "one MTCTLineDisplay: its width is CTLineGetTypographicBounds of the line"},
    ("kostub/iosMath", "testMultipleVariables", "display.width"): {
        "terms": [line("𝑥𝑦𝑧𝑤")], "constant": 0.0, "rule": "w(𝑥𝑦𝑧𝑤)",
        "why": "one line of four ordinary atoms, no space between them"},
    ("kostub/iosMath", "testVariablesAndNumbers", "display.width"): {
        "terms": [line("𝑥𝑦2𝑤")], "constant": 0.0, "rule": "w(𝑥𝑦2𝑤)",
        "why": "one line of four ordinary atoms, no space between them"},
    ("kostub/iosMath", "testEquationWithOperatorsAndRelations", "display.width"): {
        "terms": [line("2𝑥+3=𝑦", kerns_in_mu=[0, 4, 4, 5, 5, 0])], "constant": 0.0,
        "rule": "w(2𝑥+3=𝑦 with kern 4 mu after 𝑥 and +, 5 mu after 3 and =)",
        "why": "one line; iosMath puts the space between atoms (4 mu around a binary operator, "
               "5 mu around a relation) on the character before it as kCTKernAttributeName"},
    ("kostub/iosMath", "testSuperscript", "display.width"): {
        "terms": [line("𝑥"), line("2", size=14.0)], "constant": 0.0, "rule": "w(𝑥) + w(2 at 14 pt)",
        "why": "the superscript starts at the end of 𝑥 (the MATH table gives 𝑥 no italic "
               "correction) and is set at the script size, 70 % of 20 pt; the display is as wide "
               "as its rightmost part"},
    ("kostub/iosMath", "testSubscript", "display.width"): {
        "terms": [line("𝑥"), line("1", size=14.0)], "constant": 0.0, "rule": "w(𝑥) + w(1 at 14 pt)",
        "why": "the subscript starts at the end of 𝑥 and is set at the script size, 70 % of 20 pt"},
    ("kostub/iosMath", "testFraction", "display.width"): {
        "terms": [line("1")], "constant": 0.0, "rule": "w(1) (= w(3))",
        "why": "a fraction is as wide as the wider of numerator and denominator (both set at "
               "20 pt in display style); 1 and 3 have the same advance in this font"},
    ("kostub/iosMath", "testLargeOpNoLimitsText", "line2.position.x"): {
        "terms": [line("sin")], "constant": 3 * IOSMATH_MU, "rule": "w(sin) + 3 mu",
        "why": "the operator name is a line of its own; a thin space (3 mu) separates it from 𝑥"},
    ("kostub/iosMath", "testLargeOpNoLimitsText", "display.width"): {
        "terms": [line("sin"), line("𝑥")], "constant": 3 * IOSMATH_MU, "rule": "w(sin) + 3 mu + w(𝑥)",
        "why": "two lines and the thin space between them"},
    ("kostub/iosMath", "testLargeOpWithLimitsTextWithScripts", "display2.position.x"): {
        "terms": [line("lim", factor=0.5), line("∞", size=14.0, factor=-0.5)], "constant": 0.0,
        "rule": "(w(lim) − w(∞ at 14 pt)) / 2",
        "why": "the lower limit, at the script size, is centred under the wider operator name"},
    ("kostub/iosMath", "testLargeOpWithLimitsTextWithScripts", "line2.position.x"): {
        "terms": [line("lim")], "constant": 3 * IOSMATH_MU, "rule": "w(lim) + 3 mu",
        "why": "the operator with its limit is as wide as the name; a thin space follows"},
    ("kostub/iosMath", "testLargeOpWithLimitsTextWithScripts", "display.width"): {
        "terms": [line("lim"), line("𝑥")], "constant": 3 * IOSMATH_MU, "rule": "w(lim) + 3 mu + w(𝑥)",
        "why": "the operator, the thin space and 𝑥"},
    ("kostub/iosMath", "testSpacing", "line2.position.x"): {
        "terms": [line("𝑥")], "constant": 9 * IOSMATH_MU, "rule": "w(𝑥) + 9 mu",
        "why": "an explicit MTMathSpace of 9 mu after 𝑥"},
    ("kostub/iosMath", "testMathTable", "col.position.x[0][0]"): {
        "terms": [line("𝑥+5", **X_PLUS_5), line("1", factor=-1.0)], "constant": 0.0,
        "rule": "w(𝑥+5) − w(1)",
        "why": "column 0 is right-aligned and as wide as its widest cell, 𝑥+5 (each cell is set "
               "on its own in display style, with the spaces around +); 1 ends at its right edge"},
    ("kostub/iosMath", "testMathTable", "col.position.x[0][1]"): {
        "terms": [line("𝑥+5", **X_PLUS_5)], "constant": 18 * IOSMATH_MU,
        "rule": "w(𝑥+5) + 18 mu",
        "why": "column 1 starts after column 0 and the table's interColumnSpacing (18 mu); 𝑦+𝑧 is "
               "its widest cell, so the centred cell starts at the column's start"},
    ("kostub/iosMath", "testMathTable", "col.position.x[0][2]"): {
        "terms": [line("𝑥+5", **X_PLUS_5), line("𝑦+𝑧", **Y_PLUS_Z)], "constant": 36 * IOSMATH_MU,
        "rule": "w(𝑥+5) + w(𝑦+𝑧) + 36 mu",
        "why": "column 2 (left-aligned) starts after columns 0 and 1 and two column gaps"},
    ("kostub/iosMath", "testMathTable", "col.position.x[1][0]"): {
        "terms": [line("𝑥+5", **X_PLUS_5)], "constant": 0.0, "rule": "w(𝑥+5)",
        "why": "an empty cell, right-aligned in column 0, sits at the column's right edge"},
    ("kostub/iosMath", "testMathTable", "col.position.x[1][1]"): {
        "terms": [line("𝑥+5", **X_PLUS_5), line("𝑦+𝑧", factor=0.5, **Y_PLUS_Z),
                  line("2𝑥", factor=-0.5)], "constant": 18 * IOSMATH_MU,
        "rule": "w(𝑥+5) + 18 mu + (w(𝑦+𝑧) − w(2𝑥)) / 2",
        "why": "the fraction 1/2𝑥 is as wide as its denominator, 2𝑥 (wider than 1), centred in "
               "column 1"},
    ("kostub/iosMath", "testMathTable", "col.position.x[2][1]"): {
        "terms": [line("𝑥+5", **X_PLUS_5), line("𝑦+𝑧", factor=0.5, **Y_PLUS_Z)],
        "constant": 18 * IOSMATH_MU, "rule": "w(𝑥+5) + 18 mu + w(𝑦+𝑧) / 2",
        "why": "an empty cell centred in column 1"},
}

# BonMot's Tab.headIndent(10) sets a tab stop at the width of the text before the tab —
# NSAttributedString.boundingRect(with: .greatestFiniteMagnitude, options: .usesLineFragmentOrigin)
# — plus 10 pt (Tab.swift). The style is EB Garamond 12 at 20 pt with monospaced numbers
# (kNumberSpacingType: OpenType tnum), adapted as a control: XS −3 pt, XXXL +6 pt
# (AdaptiveStyle.swift, shiftTable).
for tab_test, size in (("tabTestL", 20.0), ("tabTestXS", 17.0), ("tabTestXXXL", 26.0)):
    KEPT[("Rightpoint/BonMot", "testTabAdaptation", f"firstTabLocation(attributedString: {tab_test})")] = {
        "terms": [line("Q", size=size, features=["tnum"])], "constant": 10.0,
        "rule": f"w(Q at {size:g} pt) + 10",
        "why": "the tab stop BonMot computes: the boundingRect width of the text before the tab "
               f"(Q, at the adapted size {size:g} pt) plus the tab's 10 pt padding"}

# Set-aside assertions by rule (the first that applies), then by hand.
DUPLICATE = "duplicate"
SET_ASIDE = {
    ("kostub/iosMath", "testSuperscript", "display2.position.x"): (DUPLICATE, "w(𝑥), as testSimpleVariable's display.width"),
    ("kostub/iosMath", "testSubscript", "display2.position.x"): (DUPLICATE, "w(𝑥), as testSimpleVariable's display.width"),
    ("kostub/iosMath", "testSupersubscript", "display2.position.x"): (DUPLICATE, "w(𝑥), as testSimpleVariable's display.width"),
    ("kostub/iosMath", "testSupersubscript", "display3.position.x"): (DUPLICATE, "w(𝑥), as testSimpleVariable's display.width"),
    ("kostub/iosMath", "testSupersubscript", "display.width"): (DUPLICATE, "w(𝑥) + w(2 at 14 pt), as testSuperscript's display.width"),
    ("kostub/iosMath", "testAtop", "display.width"): (DUPLICATE, "w(1), as testFraction's display.width"),
    ("kostub/iosMath", "testOverline", "display.width"): (DUPLICATE, "w(1) under a rule, as testFraction's display.width"),
    ("kostub/iosMath", "testUnderline", "display.width"): (DUPLICATE, "w(1) over a rule, as testFraction's display.width"),
    ("kostub/iosMath", "testAccent", "display.width"): (DUPLICATE, "an accent is as wide as its base: w(𝑥), as testSimpleVariable's display.width"),
    ("kostub/iosMath", "testWideAccent", "display.width"): (DUPLICATE, "an accent is as wide as its base: w(𝑥𝑦𝑧𝑤), as testMultipleVariables' display.width"),
    ("kostub/iosMath", "testMathTable", "col.position.x[1][2]"): (DUPLICATE, "column 2's start, as col.position.x[0][2]"),
    ("kostub/iosMath", "testMathTable", "col.position.x[2][2]"): (DUPLICATE, "column 2's start, as col.position.x[0][2]"),
}
for category in ("extraSmall", "large", "extraExtraExtraLarge"):
    SET_ASIDE[("Rightpoint/BonMot", "testAdobeAdaptiveTracking",
               f"testKernAdaptation(UIContentSizeCategory.{category})")] = (
        "formula", "the .kern value BonMot computes from Adobe tracking (300/1000 em) at the adapted "
                   "size of Avenir-Book: its own arithmetic, no text measured, and a system font")
for glyph_test in ("testRadical", "testRadicalWithDegree", "testBinomial", "testLargeOpNoLimitsSymbol",
                   "testLargeOpNoLimitsSymbolWithScripts", "testLargeOpWithLimitsSymboltWithScripts",
                   "testInner", "testLargeRadicalDescent", "testAccent", "testWideAccent"):
    for quantity in ("display.width", "display2.position.x", "display3.position.x", "display0.position.x",
                     "display1.position.x", "displayU.position.x", "fraction.position.x", "glyph2.position.x",
                     "glyph.position.x", "line2.position.x", "innerMathListDisplay.position.x"):
        SET_ASIDE.setdefault(("kostub/iosMath", glyph_test, quantity), (
            "glyph", "a glyph iosMath picks from the font's MATH table (a radical, delimiter, large "
                     "operator or accent variant, measured by CTFontGetAdvancesForGlyphs or placed by "
                     "its attachment point), not a line of text"))

NOTES = {
    "ink": "ascent and descent are the glyphs' outline bounds (CTLineGetBoundsWithOptions with "
           "kCTLineBoundsUseGlyphPathBounds, or CTFontGetBoundingRectsForGlyphs): Caliper measures "
           "advances and the font's line metrics, not ink",
    "vertical": "a vertical offset from the MATH table's constants (shifts, gaps, rule thickness) "
                "and glyph bounds, not a text measurement",
    "notLiteral": "the expected value is computed in the test (another display, a MATH constant), "
                  "not a number Core Text produced",
    "origin": "zero: an origin or an empty display, nothing measured",
}


def git(git_dir, *args):
    return subprocess.run(["git", "--git-dir", git_dir, *args], capture_output=True, check=True).stdout


def locate(mirror, explicit, repository):
    if repository in explicit:
        return explicit[repository]
    base = os.path.join(mirror, repository.replace("/", "+"))
    for candidate in (os.path.join(base, "repo"), os.path.join(base, "repo", ".git"), base + ".git"):
        if os.path.isdir(candidate):
            return candidate
    sys.exit(f"no git directory for {repository} under {mirror}")


def split_arguments(text):
    """The top-level comma-separated arguments of a call's argument text."""
    arguments, depth, current = [], 0, ""
    for character in text:
        if character in "([{":
            depth += 1
        elif character in ")]}":
            depth -= 1
        if character == "," and depth == 0:
            arguments.append(current.strip())
            current = ""
        else:
            current += character
    arguments.append(current.strip())
    return arguments


def call_arguments(statement, name):
    """The arguments of the first call of `name` in `statement`, which holds the whole call."""
    start = statement.index(name + "(") + len(name) + 1
    depth = 1
    for index in range(start, len(statement)):
        depth += {"(": 1, ")": -1}.get(statement[index], 0)
        if depth == 0:
            return split_arguments(statement[start:index])
    raise ValueError(f"unbalanced call: {statement}")


def number(text):
    try:
        return float(text.rstrip("f"))
    except ValueError:
        return None


def statements(source):
    """(line number, method, statement) for each statement that asserts a float, its
    continuation lines joined; `method` is the enclosing test method."""
    method = None
    lines = source.split("\n")
    index = 0
    while index < len(lines):
        text = lines[index]
        found = re.match(r"\s*(?:- ?\(void\)\s*|func\s+)(test\w+)", text)
        if found:
            method = found.group(1)
        if re.search(r"XCTAssertEqualWithAccuracy\(|XCTAssertEqualsCGPoint\(|XCTAssertEqual\(.*accuracy:", text) \
                and not text.lstrip().startswith(("#define", "//")):
            statement, start = text.strip(), index
            while statement.count("(") > statement.count(")"):
                index += 1
                statement += " " + lines[index].strip()
            yield start + 1, method, statement
        index += 1


def array_initializers(source):
    """Literal CGFloat arrays (`CGFloat name[3][3] = {...};`) by method: (nested lists, the
    declaration's text)."""
    arrays, method = {}, None
    for text in source.split("\n"):
        found = re.match(r"\s*- ?\(void\)\s*(test\w+)", text)
        if found:
            method = found.group(1)
        found = re.match(r"\s*CGFloat (\w+)(?:\[\d+\])+ = (\{.*\});", text)
        if found:
            literal = found.group(2).replace("{", "[").replace("}", "]")
            arrays[(method, found.group(1))] = (json.loads(literal), text.strip())
    return arrays


def assertions(language, source):
    """Each asserted float: (line, test, quantity, expected or None, tolerance, statement, needle);
    the needle is the text that carries the expected value (the quantity and its literal, or the
    array's declaration), for finding when it was first asserted."""
    arrays = array_initializers(source) if language == "objc" else {}
    for line_number, method, statement in statements(source):
        if "XCTAssertEqualsCGPoint(" in statement:
            actual, point, tolerance = call_arguments(statement, "XCTAssertEqualsCGPoint")[:3]
            if point == "CGPointZero":
                coordinates = ["0", "0"]
            else:
                coordinates = call_arguments(point, "CGPointMake")
            for axis, expected in zip(("x", "y"), coordinates):
                indexed = re.fullmatch(r"(\w+)((?:\[\w\])+)", expected)
                if indexed and (method, indexed.group(1)) in arrays:
                    values, declaration = arrays[(method, indexed.group(1))]
                    depth = indexed.group(2).count("[")
                    items = [((i,), v) for i, v in enumerate(values)] if depth == 1 else \
                        [((i, j), v) for i, row in enumerate(values) for j, v in enumerate(row)]
                    for position, value in items:
                        suffix = "".join(f"[{p}]" for p in position)
                        yield (line_number, method, f"{actual}.{axis}{suffix}", float(value), number(tolerance),
                               statement, declaration)
                else:
                    needle = f"{actual}, {point.split(',')[0]}" if axis == "x" else statement
                    yield line_number, method, f"{actual}.{axis}", number(expected), number(tolerance), statement, needle
        elif "XCTAssertEqualWithAccuracy(" in statement:
            arguments = call_arguments(statement, "XCTAssertEqualWithAccuracy")
            yield (line_number, method, arguments[0], number(arguments[1]), number(arguments[2]), statement,
                   f"{arguments[0]}, {arguments[1]}")
        else:
            arguments = call_arguments(statement, "XCTAssertEqual")
            tolerance = next(a for a in arguments if a.startswith("accuracy:")).split(":", 1)[1]
            yield (line_number, method, arguments[0], number(arguments[1]), number(tolerance), statement,
                   f"{arguments[0]}, {arguments[1]}")


def classify(repository, test, quantity, expected):
    key = (repository, test, quantity)
    if key in KEPT:
        return "kept", None
    if expected is None:
        return "notLiteral", None
    if re.search(r"ascent|descent|inkWidth|inkMaxX", quantity):
        return "ink", None
    if re.search(r"\.y(\[|$)", quantity):
        return "vertical", None
    if expected == 0:
        return "origin", None
    if key in SET_ASIDE:
        return SET_ASIDE[key]
    raise SystemExit(f"unclassified assertion: {repository} {test} {quantity} = {expected}")


def first_asserted(git_dir, commit, path, needle):
    """The oldest commit whose version of `path` holds `needle` (git log -S), and its date."""
    log = git(git_dir, "log", "--format=%H %ad", "--date=short", "--reverse", "-S", needle,
              commit, "--", path).decode().split("\n")
    for entry in log:
        if entry:
            found, date = entry.split()
            if needle in git(git_dir, "show", f"{found}:{path}").decode("utf-8"):
                return {"commit": found, "date": date}
    return None


def font_blobs(git_dir, commit, basename):
    """{path: blob id} of the files named `basename` in `commit`'s tree."""
    listing = git(git_dir, "ls-tree", "-r", commit).decode("utf-8").split("\n")
    blobs = {}
    for entry in listing:
        if entry and entry.split("\t", 1)[1].rsplit("/", 1)[-1] == basename:
            blobs[entry.split("\t", 1)[1]] = entry.split()[2]
    return blobs


def font_summary(data):
    font = TTFont(__import__("io").BytesIO(data))
    name = font["name"]
    return font, {
        "postScriptName": name.getDebugName(6), "version": name.getDebugName(5),
        "unitsPerEm": font["head"].unitsPerEm, "sha256": hashlib.sha256(data).hexdigest(),
        "hheaAscender": font["hhea"].ascent, "hheaDescender": font["hhea"].descent,
        "hheaLineGap": font["hhea"].lineGap,
        "gposFeatures": sorted({r.FeatureTag for r in font["GPOS"].table.FeatureList.FeatureRecord})
        if "GPOS" in font else [],
    }


def advance_model(font, terms, constant):
    """The value from the font's hmtx advances alone (no kerning, no substitutions) plus each
    span's kern and the constant: what Core Text gives where the font has no GPOS or kern pair
    for these characters."""
    cmap, hmtx, units = font.getBestCmap(), font["hmtx"], font["head"].unitsPerEm
    total = constant
    for term in terms:
        width = 0.0
        for span in term["spans"]:
            for character in span["text"]:
                width += hmtx[cmap[ord(character)]][0] * term["pointSize"] / units
            width += span["kern"]
        total += term["factor"] * width
    return total


def kern_pairs(font, terms):
    """Pairs of adjacent glyphs of the terms that the font's GPOS or kern table could adjust."""
    if "GPOS" not in font and "kern" not in font:
        return []
    cmap = font.getBestCmap()
    pairs = []
    if "GPOS" in font:
        for lookup in font["GPOS"].table.LookupList.Lookup:
            for subtable in lookup.SubTable:
                subtable = getattr(subtable, "ExtSubTable", subtable)
                if getattr(subtable, "LookupType", None) != 2 or subtable.Format != 1:
                    continue
                for term in terms:
                    text = "".join(span["text"] for span in term["spans"])
                    for left, right in zip(text, text[1:]):
                        first = cmap[ord(left)]
                        if first in subtable.Coverage.glyphs:
                            pair_set = subtable.PairSet[subtable.Coverage.glyphs.index(first)]
                            if any(r.SecondGlyph == cmap[ord(right)] for r in pair_set.PairValueRecord):
                                pairs.append(left + right)
    return sorted(set(pairs))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mirror", default="/work/.mirror")
    parser.add_argument("--git-dir", action="append", default=[], metavar="OWNER/NAME=PATH")
    parser.add_argument("--copy-fonts", action="store_true")
    args = parser.parse_args()
    explicit = dict(entry.split("=", 1) for entry in args.git_dir)

    records, set_aside, sources, skipped = [], [], [], {}
    for source in SOURCES:
        git_dir = locate(args.mirror, explicit, source["repository"])
        commit = source["commit"]
        font_data = git(git_dir, "show", f"{commit}:{source['font']['path']}")
        font_blob = git(git_dir, "rev-parse", f"{commit}:{source['font']['path']}").decode().strip()
        font, summary = font_summary(font_data)
        if "debianPackage" in source["font"]:
            # The Debian package's file must be the repository's.
            with open(source["font"]["copy"], "rb") as handle:
                if handle.read() != font_data:
                    raise SystemExit(f"{source['font']['copy']} ({source['font']['debianPackage']}) is not "
                                     f"{source['repository']}'s {source['font']['path']}")
        elif args.copy_fonts:
            target = os.path.join(REPO, source["font"]["copy"])
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, "wb") as handle:
                handle.write(font_data)
        date = git(git_dir, "log", "-1", "--format=%ad", "--date=short", commit).decode().strip()
        sources.append({"repository": source["repository"], "commit": commit, "date": date,
                        "note": source["note"], "testFiles": source["testFiles"],
                        "font": dict(summary, file=source["font"]["path"], copy=source["font"]["copy"],
                                     license=source["font"]["license"])})
        if "mathTable" in source:
            table = plistlib.loads(git(git_dir, "show", f"{commit}:{source['mathTable']}"))
            # The script size iosMath uses and the italic correction of 𝑥 the rules above rely on.
            assert table["constants"]["ScriptPercentScaleDown"] == 70
            assert "u1D465" not in table["italic"]
        seen = set()
        for path in source["testFiles"]:
            language = "objc" if path.endswith(".m") else "swift"
            text = git(git_dir, "show", f"{commit}:{path}").decode("utf-8")
            for line_number, test, quantity, expected, tolerance, statement, needle in assertions(language, text):
                key = (source["repository"], test, quantity)
                reason, detail = classify(*key, expected)
                base = {"repository": source["repository"], "commit": commit, "file": path,
                        "line": line_number, "test": test, "quantity": quantity, "assertion": statement,
                        "expected": expected, "tolerance": tolerance}
                if reason == "kept":
                    if key in seen:
                        raise SystemExit(f"asserted twice: {key}")
                    seen.add(key)
                    rule = KEPT[key]
                    model = advance_model(font, rule["terms"], rule["constant"])
                    since = first_asserted(git_dir, commit, path, needle)
                    # The font the number was first asserted with must be the file copied here.
                    then = font_blobs(git_dir, since["commit"], os.path.basename(source["font"]["path"]))
                    if sorted(set(then.values())) != [font_blob]:
                        raise SystemExit(f"{key}: the font at {since['commit']} was {then}, not {font_blob}")
                    since["fontFiles"] = sorted(then)
                    records.append(dict(
                        base, api="CTLineGetTypographicBounds" if source["repository"] == "kostub/iosMath"
                        else "NSAttributedString.boundingRect(with:options: .usesLineFragmentOrigin)",
                        font=source["font"]["copy"], fontFile=source["font"]["path"],
                        postScriptName=summary["postScriptName"], fontVersion=summary["version"],
                        terms=rule["terms"], constant=rule["constant"], rule=rule["rule"], why=rule["why"],
                        assertedSince=since,
                        advanceModel=round(model, 6), advanceModelDifference=round(model - expected, 6),
                        kernPairs=kern_pairs(font, rule["terms"])))
                elif reason in NOTES:
                    skipped.setdefault(reason, 0)
                    skipped[reason] += 1
                else:
                    set_aside.append(dict(base, reason=reason, detail=detail))
        missing = [key for key in KEPT if key[0] == source["repository"] and key not in seen]
        if missing:
            raise SystemExit(f"kept assertions not found at {commit}: {missing}")

    for record in records:
        if abs(record["advanceModelDifference"]) > record["tolerance"]:
            raise SystemExit(f"the rule does not reproduce {record['test']} {record['quantity']}: "
                             f"{record['advanceModel']} against {record['expected']}")
    records.sort(key=lambda r: (r["repository"], r["file"], r["line"], r["quantity"]))
    set_aside.sort(key=lambda r: (r["repository"], r["file"], r["line"], r["quantity"]))
    output = {
        "records": records,
        "setAside": set_aside,
        "skipped": {reason: {"count": skipped[reason], "reason": NOTES[reason]} for reason in sorted(skipped)},
        "sources": sources,
        "counts": {"records": len(records), "setAside": len(set_aside),
                   "skipped": sum(skipped.values()),
                   "repositories": len({r["repository"] for r in records})},
    }
    with open(OUT_JSON, "w", encoding="utf-8") as handle:
        json.dump(output, handle, ensure_ascii=False, indent=2, sort_keys=True)
        handle.write("\n")
    print(f"{len(records)} records, {len(set_aside)} set aside, {sum(skipped.values())} skipped -> {OUT_JSON}")


if __name__ == "__main__":
    main()
