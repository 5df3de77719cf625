#!/usr/bin/python3
"""Generate Tests/Goldens/android_fontscale.json: text sizes in sp turned into px as Android 14
does it, with its non-linear font scaling (FontScaleConverter) from a font scale of 1.13 on.

Run from the repository root:

    /usr/bin/python3 Tests/Goldens/make_android_fontscale.py
    /usr/bin/python3 Tests/Goldens/make_android_fontscale.py --check-java AOSP_ANDROID_JAR_GIT_DIR

The Java cannot run here, so this script restates it: FontScaleConverterFactory (the tables, the
threshold, the keys, the blend between tables), FontScaleConverter.lookupAndInterpolate,
MathUtils.lerp/lerpInv/saturate/constrainedMap, ResourcesImpl.updateConfiguration's
scaledDensity and TypedValue.applyDimension(COMPLEX_UNIT_SP) and complexToDimensionPixelSize,
from android-14.0.0_r2 (the API 34 SDK sources at JAVA_SOURCES' commit). The tables' numbers are
copied below as the Java literals they are; with --check-java the script reads the Java source at
that commit (a clone of github.com/Reginer/aosp-android-jar) and stops unless its tables, scale
keys, key multiplier, threshold offset and common sp sizes are the copied ones.

Java's float arithmetic is restated with Float32, which rounds every +, -, * and / of two
single-precision values to single precision (exact: a double holds the product or sum of two
floats before one rounding, and rounding a double to float after an exactly rounded double
operation gives the exactly rounded float). When numpy is installed the whole restatement runs a
second time in numpy.float32 and every number must agree bit for bit. The Java literals become
floats by exact decimal rounding (fractions), not through a double. Rerunning it writes a
byte-identical file.
"""
import argparse
import json
import os
import re
import struct
import subprocess
import sys
from fractions import Fraction

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT_JSON = os.path.join(REPO, "Tests", "Goldens", "android_fontscale.json")

JAVA_COMMIT = "0641f5ad7fe468316fb86df75979040431d3fd32"
JAVA_SOURCES = {
    "release": "android-14.0.0_r2 (API 34 SDK sources)",
    "copy": "github.com/Reginer/aosp-android-jar, android-34/src/, commit " + JAVA_COMMIT,
    "files": [
        "android/content/res/FontScaleConverterFactory.java: SCALE_KEY_MULTIPLIER, the static "
        "initializer (LOOKUP_TABLES, sMinScaleBeforeCurvesApplied), isNonLinearFontScalingActive, "
        "forScale, createInterpolatedTableBetween, getKey, getScaleFromKey, put, get",
        "android/content/res/FontScaleConverter.java: convertSpToDp, lookupAndInterpolate",
        "android/util/MathUtils.java: lerp, lerpInv, saturate, constrain, lerpInvSat, constrainedMap",
        "android/util/SparseArray.java: get, indexOfKey, keyAt (ContainerHelpers.binarySearch over "
        "sorted keys)",
        "android/content/res/ResourcesImpl.java: updateConfiguration (scaledDensity = density x "
        "fontScale; fontScaleConverter = FontScaleConverterFactory.forScale(fontScale))",
        "android/util/TypedValue.java: applyDimension (COMPLEX_UNIT_SP, COMPLEX_UNIT_DIP), "
        "complexToDimensionPixelSize (its rounding)",
    ],
}

# FontScaleConverterFactory's static initializer, as written there: put(scaleKey, fromSp, toDp).
TABLE_LITERALS = [
    ("1.15f", ["8f", "10f", "12f", "14f", "18f", "20f", "24f", "30f", "100"],
              ["9.2f", "11.5f", "13.8f", "16.4f", "19.8f", "21.8f", "25.2f", "30f", "100"]),
    ("1.3f", ["8f", "10f", "12f", "14f", "18f", "20f", "24f", "30f", "100"],
             ["10.4f", "13f", "15.6f", "18.8f", "21.6f", "23.6f", "26.4f", "30f", "100"]),
    ("1.5f", ["8f", "10f", "12f", "14f", "18f", "20f", "24f", "30f", "100"],
             ["12f", "15f", "18f", "22f", "24f", "26f", "28f", "30f", "100"]),
    ("1.8f", ["8f", "10f", "12f", "14f", "18f", "20f", "24f", "30f", "100"],
             ["14.4f", "18f", "21.6f", "24.4f", "27.6f", "30.8f", "32.8f", "34.8f", "100"]),
    ("2f", ["8f", "10f", "12f", "14f", "18f", "20f", "24f", "30f", "100"],
           ["16f", "20f", "24f", "26f", "30f", "34f", "36f", "38f", "100"]),
]
SCALE_KEY_MULTIPLIER_LITERAL = "100f"
THRESHOLD_OFFSET_LITERAL = "0.02f"  # sMinScaleBeforeCurvesApplied = first table's scale - 0.02f
COMMON_SP_SIZES_LITERALS = ["8f", "10f", "12f", "14f", "18f", "20f", "24f", "30f", "100f"]

# The cases: every tabled scale; Android 14's settings (0.85, 1, 1.15, 1.3, 1.5, 1.8, 2); scales
# below the threshold (linear), at it and between it and the first table (a one-entry linear
# table), between tables (blended), and scales whose key truncates onto a table (1.159 → 115).
FONT_SCALES = ["0.5", "0.85", "1", "1.1", "1.129", "1.13", "1.14", "1.15", "1.159", "1.16", "1.2",
               "1.25", "1.299", "1.3", "1.4", "1.5", "1.6", "1.7", "1.8", "1.9", "1.9999", "2"]
DENSITIES = ["1", "2", "2.625", "3"]
# 8–40 sp with fractions, every table entry, sizes below the first entry (blended from 0), between
# 30 and 100 sp and past 100 sp (the last pair's ratio).
SP_SIZES = ["4", "6", "8", "8.5", "9", "10", "11", "11.25", "12", "12.5", "13", "13.3", "14", "15",
            "15.75", "16", "17.5", "18", "20", "22", "22.4", "24", "26.7", "28", "30", "32", "33.3",
            "34", "36", "37.5", "40", "57", "100", "150"]


def f32_bits(value):
    return struct.unpack("<I", struct.pack("<f", value))[0]


def from_bits(bits):
    return struct.unpack("<f", struct.pack("<I", bits))[0]


def round_to_f32(value):
    """A double rounded to the nearest single-precision value (ties to even), as a double."""
    return struct.unpack("<f", struct.pack("<f", value))[0]


def exact_f32(decimal):
    """The single-precision value nearest a decimal (Java's float literal and Float.parseFloat)."""
    exact = Fraction(decimal)
    guess = f32_bits(round_to_f32(float(exact)))
    candidates = [guess - 1, guess, guess + 1] if guess > 0 else [guess, guess + 1]
    best = min(candidates, key=lambda bits: (abs(Fraction(from_bits(bits)) - exact), bits & 1))
    return from_bits(best)


def java_literal(text):
    """A Java numeric literal in a float context: `9.2f` or `100` (an int, widened exactly)."""
    return exact_f32(text[:-1] if text[-1] in "fF" else text)


class Float32:
    """Java's float: every operation rounded to single precision."""
    __slots__ = ("value",)

    def __init__(self, value):
        self.value = round_to_f32(float(value))

    def __add__(self, other):
        return Float32(self.value + other.value)

    def __sub__(self, other):
        return Float32(self.value - other.value)

    def __mul__(self, other):
        return Float32(self.value * other.value)

    def __truediv__(self, other):
        return Float32(self.value / other.value)

    def __neg__(self):
        return Float32(-self.value)

    def __abs__(self):
        return Float32(abs(self.value))

    def __lt__(self, other):
        return self.value < other.value

    def __le__(self, other):
        return self.value <= other.value

    def __gt__(self, other):
        return self.value > other.value

    def __ge__(self, other):
        return self.value >= other.value

    def __eq__(self, other):
        return self.value == other.value

    def __ne__(self, other):
        return self.value != other.value

    def __float__(self):
        return self.value

    def __int__(self):
        return int(self.value)


class Android14:
    """The Java restated over one float type F (Float32, or numpy.float32)."""

    def __init__(self, F):
        self.F = F
        self.ZERO, self.ONE = F(0), F(1)
        self.SCALE_KEY_MULTIPLIER = F(java_literal(SCALE_KEY_MULTIPLIER_LITERAL))
        # LOOKUP_TABLES: a SparseArray, its keys kept sorted.
        tables = {}
        for scale, from_sp, to_dp in TABLE_LITERALS:
            key = self.get_key(F(java_literal(scale)))
            tables[key] = ([F(java_literal(v)) for v in from_sp], [F(java_literal(v)) for v in to_dp])
        self.keys = sorted(tables)
        self.tables = [tables[key] for key in self.keys]
        self.min_scale_before_curves = (self.get_scale_from_key(self.keys[0])
                                        - F(java_literal(THRESHOLD_OFFSET_LITERAL)))
        assert float(self.min_scale_before_curves) > 1.0  # the Java throws otherwise
        self.common_sp_sizes = [F(java_literal(v)) for v in COMMON_SP_SIZES_LITERALS]

    # MathUtils
    def lerp(self, start, stop, amount):
        return start + (stop - start) * amount

    def lerp_inv(self, a, b, value):
        return (value - a) / (b - a) if a != b else self.ZERO

    def saturate(self, value):  # constrain(value, 0, 1)
        return self.ZERO if value < self.ZERO else (self.ONE if value > self.ONE else value)

    def constrained_map(self, range_min, range_max, value_min, value_max, value):
        return self.lerp(range_min, range_max, self.saturate(self.lerp_inv(value_min, value_max, value)))

    # FontScaleConverter
    def signum(self, value):  # Math.signum(float)
        if value > self.ZERO:
            return self.ONE
        if value < self.ZERO:
            return -self.ONE
        return value

    @staticmethod
    def binary_search(values, key):  # Arrays.binarySearch over a strictly increasing float[]
        low, high = 0, len(values) - 1
        while low <= high:
            mid = (low + high) >> 1
            if values[mid] < key:
                low = mid + 1
            elif values[mid] > key:
                high = mid - 1
            else:
                return mid
        return -(low + 1)

    def convert_sp_to_dp(self, table, sp):  # lookupAndInterpolate(sp, mFromSpValues, mToDpValues)
        source_values, target_values = table
        positive = abs(sp)
        sign = self.signum(sp)
        index = self.binary_search(source_values, positive)
        if index >= 0:
            return sign * target_values[index]
        lower = -(index + 1) - 1
        if lower >= len(source_values) - 1:
            start_sp, start_dp = source_values[-1], target_values[-1]
            if start_sp == self.ZERO:
                return self.ZERO
            return sp * (start_dp / start_sp)
        if lower == -1:
            start_sp, start_dp, end_sp, end_dp = self.ZERO, self.ZERO, source_values[0], target_values[0]
        else:
            start_sp, end_sp = source_values[lower], source_values[lower + 1]
            start_dp, end_dp = target_values[lower], target_values[lower + 1]
        return sign * self.constrained_map(start_dp, end_dp, start_sp, end_sp, positive)

    # FontScaleConverterFactory
    def get_key(self, font_scale):  # (int) (fontScale * SCALE_KEY_MULTIPLIER)
        return int(font_scale * self.SCALE_KEY_MULTIPLIER)

    def get_scale_from_key(self, key):  # (float) key / SCALE_KEY_MULTIPLIER
        return self.F(key) / self.SCALE_KEY_MULTIPLIER

    def for_scale(self, font_scale):
        """(the table or None, how it was found, the interpolation point or None)"""
        if not font_scale >= self.min_scale_before_curves:  # isNonLinearFontScalingActive
            return None, "none", None
        key = self.get_key(font_scale)
        index = self.binary_search(self.keys, key)  # get(), then indexOfKey()
        if index >= 0:
            return self.tables[index], "table", None
        lower = -(index + 1) - 1
        higher = lower + 1
        if lower < 0 or higher >= len(self.keys):
            return ([self.ONE], [font_scale]), "linear", None
        start_scale = self.get_scale_from_key(self.keys[lower])
        end_scale = self.get_scale_from_key(self.keys[higher])
        point = self.constrained_map(self.ZERO, self.ONE, start_scale, end_scale, font_scale)
        start, end = self.tables[lower], self.tables[higher]
        interpolated = [self.lerp(self.convert_sp_to_dp(start, sp), self.convert_sp_to_dp(end, sp), point)
                        for sp in self.common_sp_sizes]  # createInterpolatedTableBetween
        return (list(self.common_sp_sizes), interpolated), "interpolated", point

    # TypedValue
    def apply_dimension_sp(self, value, density, font_scale, table):
        if table is not None:
            return self.convert_sp_to_dp(table, value) * density  # applyDimension(COMPLEX_UNIT_DIP, …)
        scaled_density = density * font_scale  # ResourcesImpl.updateConfiguration
        return value * scaled_density

    def dimension_pixel_size(self, pixels, value):  # complexToDimensionPixelSize's rounding
        half = self.F(0.5)
        result = int(pixels + half) if pixels >= self.ZERO else int(pixels - half)
        if result != 0 or float(value) == 0:
            return result
        return 1 if float(value) > 0 else -1


def shortest(value):
    """The shortest decimal that reads back as the same single-precision float."""
    target = f32_bits(value)
    for digits in range(1, 10):
        candidate = float("%.*g" % (digits, value))
        if f32_bits(candidate) == target:
            return candidate
    return value


def decimal(text):
    """A case's decimal as written (an int when whole), which Swift reads as Java's literal."""
    return int(text) if float(text) == int(float(text)) else float(text)


def number(value):
    value = shortest(float(value))
    return int(value) if value == int(value) else value


def golden(F):
    java = Android14(F)
    scales = []
    for scale_text in FONT_SCALES:
        font_scale = F(exact_f32(scale_text))
        table, kind, point = java.for_scale(font_scale)
        entry = {
            "fontScale": decimal(scale_text),
            "fontScaleBits": f32_bits(float(font_scale)),
            "key": java.get_key(font_scale),
            "converter": kind,
            "densities": [],
        }
        if table is not None:
            entry["table"] = {"fromSp": [number(v) for v in table[0]],
                              "toDp": [number(v) for v in table[1]],
                              "toDpBits": [f32_bits(float(v)) for v in table[1]]}
            dps = [java.convert_sp_to_dp(table, F(exact_f32(sp))) for sp in SP_SIZES]
            entry["dp"] = [number(v) for v in dps]
            entry["dpBits"] = [f32_bits(float(v)) for v in dps]
        if point is not None:
            entry["interpolationPoint"] = number(point)
        for density_text in DENSITIES:
            density = F(exact_f32(density_text))
            pixels = [java.apply_dimension_sp(F(exact_f32(sp)), density, font_scale, table) for sp in SP_SIZES]
            entry["densities"].append({
                "density": decimal(density_text),
                "px": [number(v) for v in pixels],
                "pxBits": [f32_bits(float(v)) for v in pixels],
                "dimensionPixelSize": [java.dimension_pixel_size(v, exact_f32(sp)) for v, sp in zip(pixels, SP_SIZES)],
            })
        scales.append(entry)
    tables = [{"key": key, "scale": number(java.get_scale_from_key(key)),
               "fromSp": [number(v) for v in table[0]], "toDp": [number(v) for v in table[1]],
               "toDpBits": [f32_bits(float(v)) for v in table[1]]}
              for key, table in zip(java.keys, java.tables)]
    return {
        "minScaleBeforeCurvesApplied": number(java.min_scale_before_curves),
        "minScaleBeforeCurvesAppliedBits": f32_bits(float(java.min_scale_before_curves)),
        "tables": tables,
        "sp": [decimal(v) for v in SP_SIZES],
        "scales": scales,
    }


def java_floats(text):
    return [item.strip() for item in text.split(",") if item.strip()]


def check_java(git_dir):
    """Stops unless the Java at JAVA_COMMIT has the literals copied above."""
    path = JAVA_COMMIT + ":android-34/src/android/content/res/FontScaleConverterFactory.java"
    source = subprocess.run(["git", "-C", git_dir, "show", path], check=True, capture_output=True,
                            text=True).stdout
    found = re.findall(
        r"put\(\s*/\*\s*scaleKey=\s*\*/\s*([0-9.]+f?)\s*,\s*new FontScaleConverter\(\s*"
        r"/\*\s*fromSp=\s*\*/\s*new float\[\]\s*\{([^}]*)\}\s*,\s*"
        r"/\*\s*toDp=\s*\*/\s*new float\[\]\s*\{([^}]*)\}\s*\)\s*\)", source)
    tables = [(scale, java_floats(from_sp), java_floats(to_dp)) for scale, from_sp, to_dp in found]
    problems = []
    if tables != TABLE_LITERALS:
        problems.append("the tables differ: %r" % tables)
    if not re.search(r"SCALE_KEY_MULTIPLIER\s*=\s*%s;" % re.escape(SCALE_KEY_MULTIPLIER_LITERAL), source):
        problems.append("SCALE_KEY_MULTIPLIER is not %s" % SCALE_KEY_MULTIPLIER_LITERAL)
    if not re.search(r"sMinScaleBeforeCurvesApplied\s*=\s*getScaleFromKey\(LOOKUP_TABLES\.keyAt\(0\)\)\s*-\s*%s;"
                     % re.escape(THRESHOLD_OFFSET_LITERAL), source):
        problems.append("sMinScaleBeforeCurvesApplied is not the first key's scale - %s" % THRESHOLD_OFFSET_LITERAL)
    common = re.search(r"float\[\]\s*commonSpSizes\s*=\s*new float\[\]\s*\{([^}]*)\}", source)
    if not common or java_floats(common.group(1)) != COMMON_SP_SIZES_LITERALS:
        problems.append("commonSpSizes differ: %r" % (common and java_floats(common.group(1))))
    if problems:
        raise SystemExit("FontScaleConverterFactory.java at %s: %s" % (JAVA_COMMIT, "; ".join(problems)))
    print("FontScaleConverterFactory.java at %s has the copied literals" % JAVA_COMMIT[:12], file=sys.stderr)


def check_literals():
    """Java's literals are exactly rounded; a double in between must not change them."""
    for text in {v for _, a, b in TABLE_LITERALS for v in a + b} | set(FONT_SCALES + DENSITIES + SP_SIZES):
        plain = text[:-1] if text[-1] in "fF" else text
        assert exact_f32(plain) == round_to_f32(float(plain)), text


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check-java", metavar="GIT_DIR",
                        help="a clone of github.com/Reginer/aosp-android-jar holding commit " + JAVA_COMMIT)
    arguments = parser.parse_args()
    if arguments.check_java:
        check_java(arguments.check_java)
    check_literals()
    doc = golden(Float32)
    engines = ["Android 14's Java restated in Python with single-precision rounding of every operation"]
    try:
        import numpy
    except ImportError:
        print("numpy is not installed: the numpy.float32 cross-check was skipped", file=sys.stderr)
    else:
        if golden(numpy.float32) != doc:
            raise SystemExit("numpy.float32 and the rounded doubles disagree")
        engines.append("cross-checked bit for bit in numpy.float32 (numpy %s)" % numpy.__version__)
    doc = {"generator": {"java": JAVA_SOURCES, "engine": engines,
                         "script": "Tests/Goldens/make_android_fontscale.py"}, **doc}
    with open(OUT_JSON, "w", encoding="utf-8") as out:
        json.dump(doc, out, indent=2, sort_keys=True, ensure_ascii=False)
        out.write("\n")
    cases = len(doc["scales"]) * len(DENSITIES) * len(SP_SIZES)
    print("wrote %s: %d sizes" % (os.path.relpath(OUT_JSON, REPO), cases), file=sys.stderr)


if __name__ == "__main__":
    main()
