#!/usr/bin/python3
"""Generate Tests/Goldens/android_fonts.json: an Android 14 device's system fonts and fallback, from a
fonts.xml, as Android reads it and as Minikin chooses among its families.

Run from the repository root after building the harness (see android.md):

    Tests/Goldens/android/build-minikin.sh --minikin MINIKIN_GIT_DIR --tex-hyphen TEX_HYPHEN_GIT_DIR
    /usr/bin/python3 Tests/Goldens/make_android_fonts.py

Two halves, neither from Caliper:

1. What Android makes of the fixture Fonts/Android/fonts.xml, restated here from Android 14's Java
   (frameworks/base; see android_fonts.md for the versions read): FontListParser.readFamilies,
   readFamily, readNamedFamily, readNamedFamilyList, readFont, readAxis, readAlias (parse_fonts_xml);
   SystemFonts.buildSystemFallback, appendNamedFamilyList, pushFamilyToFallback (fallback_list);
   Typeface.initSystemDefaultTypefaces for aliases. Python's own XML parser reads the file.
2. Minikin measuring text with those collections (the harness, minikin_harness.cpp): each case's
   families are given as the harness's family specs (fonts with fonts.xml's weights and axes, the
   family's lang, its variant, and default/custom fallback flags as SystemFonts and
   Typeface.CustomFallbackBuilder set them), the paint with its locale list, font style and
   family variant. The script adds only Paint.measureText's ceil.
"""
import json
import math
import os
import sys
import xml.etree.ElementTree as ElementTree

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_android  # noqa: E402  (the harness, float32, escaping)

REPO = make_android.REPO
DIRECTORY = "Fonts"
CONFIGURATION = "Fonts/Android/fonts.xml"
OUT_JSON = os.path.join(REPO, "Tests", "Goldens", "android_fonts.json")

# Typeface.CustomFallbackBuilder's default system fallback (Typeface.java, DEFAULT_FAMILY).
DEFAULT_FAMILY = "sans-serif"


# MARK: FontListParser (Android 14)

def parse_int(text):
    """Integer.parseInt: an optional sign and decimal digits (the fixture has nothing else)."""
    return int(text)


def read_font(element):
    """readFont: index, weight (400), style, fallbackFor, the text (spaces trimmed: the file), axes.
    A file that is not there is left out (allowNonExistingFile is false for the system config)."""
    index = parse_int(element.get("index", "0"))
    weight = parse_int(element.get("weight", "400"))
    italic = element.get("style") == "italic"
    text = (element.text or "") + "".join(child.tail or "" for child in element)
    file = text.strip(" \n\r\t")
    if element.get("postScriptName") is None and len(file) < 4:
        # sanitizedName.substring(0, sanitizedName.length() - 4) throws on a device.
        raise ValueError("StringIndexOutOfBoundsException: %r" % file)
    axes = [[axis.get("tag"), float(axis.get("stylevalue"))] for axis in element if axis.tag == "axis"]
    if not os.path.isfile(os.path.join(REPO, DIRECTORY, file)):
        return None, file
    return {"file": file, "index": index, "weight": weight, "italic": italic, "variations": axes,
            "fallbackFor": element.get("fallbackFor")}, None


def read_family(element, missing):
    """readFamily: lang, variant (compact, elegant, else default), ignore; None when ignored or
    left without fonts."""
    fonts = []
    for child in element:
        if child.tag == "font":
            font, missing_file = read_font(child)
            if font is not None:
                fonts.append(font)
            elif missing_file not in missing:
                missing.append(missing_file)
    variant = {"compact": "compact", "elegant": "elegant"}.get(element.get("variant"), "default")
    if element.get("ignore") in ("true", "1") or not fonts:
        return None
    # LocaleList.forLanguageTags(lang).toLanguageTags(): the fixture's tags are already canonical.
    return {"locales": element.get("lang") or "", "variant": variant, "fonts": fonts, "id": id(element)}


def parse_fonts_xml(path):
    """readFamilies: named families and family lists, fallback families (the first named one too
    when it comes first), aliases that name a named family."""
    root = ElementTree.parse(path).getroot()
    assert root.tag == "familyset"
    families, named, aliases, missing = [], [], [], []
    first = True
    for element in root:
        if element.tag == "family":
            name = element.get("name")
            family = read_family(element, missing)
            if family is None:
                continue
            if name is None:
                families.append(family)
            else:
                named.append({"name": name, "families": [family]})
                if first:
                    families.append(family)
            first = False
        elif element.tag == "family-list":
            members = [f for f in (read_family(child, missing) for child in element if child.tag == "family") if f]
            if not members:
                continue
            named.append({"name": element.get("name"), "families": members})
            if first:
                families.extend(members)
            first = False
        elif element.tag == "alias":
            aliases.append({"name": element.get("name"), "family": element.get("to"),
                            "weight": parse_int(element.get("weight", "400"))})
    names = {n["name"] for n in named}
    aliases = [a for a in aliases if a["family"] in names]
    return families, named, aliases, missing


# MARK: SystemFonts.buildSystemFallback (Android 14)

def fallback_list(name, families, named):
    """appendNamedFamilyList (the named family's own, every font, default fallbacks), then
    pushFamilyToFallback for each fallback family not seen: its fonts for `name` (fallbackFor)
    when it has any, else its fonts without fallbackFor."""
    own = [n for n in named if n["name"] == name][-1]["families"]  # ArrayMap.put: the last wins
    result = [dict(f, isDefaultFallback=True) for f in own]
    seen = {f["id"] for f in own}
    for family in families:
        if family["id"] in seen:
            continue
        seen.add(family["id"])
        specific = [f for f in family["fonts"] if f["fallbackFor"] == name]
        default = [f for f in family["fonts"] if f["fallbackFor"] is None]
        fonts = specific or default
        if fonts:
            result.append(dict(family, fonts=fonts, isDefaultFallback=False))
    return result


def described(family):
    return {
        "locales": family["locales"],
        "variant": family["variant"],
        "isDefaultFallback": family.get("isDefaultFallback", False),
        "fonts": [{"file": f["file"], "index": f["index"], "weight": f["weight"], "italic": f["italic"],
                   "variations": f["variations"], "fallbackFor": f["fallbackFor"]} for f in family["fonts"]],
    }


# MARK: Harness requests

def font_spec(font):
    spec = "%s/%s@%d%s" % (DIRECTORY, font["file"], font["weight"], ":italic" if font["italic"] else "")
    return spec + "".join("~%s=%s" % (tag, repr(value)) for tag, value in font["variations"])


def family_spec(family, flags):
    flags = list(flags) + ([family["variant"]] if family["variant"] != "default" else [])
    return "+".join(font_spec(f) for f in family["fonts"]) + "|" + family["locales"].replace(",", ";") + \
        "|" + "/".join(flags)


def system_specs(name, families, named):
    return [family_spec(f, ["default"] if f["isDefaultFallback"] else []) for f in fallback_list(name, families, named)]


def custom_specs(files, families, named):
    """Typeface.CustomFallbackBuilder: each font a custom fallback family (FontFamily.Builder.build:
    no locales, default variant, its weight from the OS/2 table), then the default family's."""
    return ["%s/%s||custom" % (DIRECTORY, file) for file in files] + system_specs(DEFAULT_FAMILY, families, named)


def request_line(case, fonts):
    fields = [
        ("fonts", ",".join(fonts)),
        ("size", repr(float(case["size"]))),
        ("letterSpacing", "0.0"),
        ("hinting", "on" if case["hinting"] else "off"),
        ("locale", case["locale"]),
        ("style", "%d%s" % (case["paintWeight"], ":italic" if case["paintItalic"] else "")),
        ("variant", case["variant"]),
        ("hyphenation", "none"),
        ("widths", ""),
        ("text", make_android.escape(case["text"])),
    ]
    return "\t".join("%s=%s" % field for field in fields)


# MARK: Cases

HAN_TEXTS = ["漢字骨直角", "今天の天気", "中文 说說 国國", "한국어 漢字", "ㄅㄆㄇ 門"]
HAN_LOCALES = ["en-US", "ja-JP", "zh-CN", "zh-TW", "zh-Hant-HK", "ko-KR", "ja-JP,zh-CN", "zh-CN,ja-JP",
               "en-US,ko-KR", "fr-FR,zh-TW,ja-JP"]
EMOJI_TEXTS = ["I \u2764 \u2600 \u2708 \u263a", "\u2764\ufe0e \u2764\ufe0f \u263a\ufe0f \u00a9 \u00a9\ufe0f",
               "#0 \u2122 \U0001F600"]
EMOJI_LOCALES = ["en-US", "en-US-u-em-emoji", "en-US-u-em-text", "en-US-u-em-default", "und-Zsye",
                 "ja-JP-u-em-text", "en-US,und-Zsye"]
ARABIC_TEXTS = ["\u0645\u0631\u062d\u0628\u0627 \u0628\u0627\u0644\u0639\u0627\u0644\u0645",
                "\u0661\u0662\u0663 \u0623\u0631\u0642\u0627\u0645", "Arabic \u0645\u0631\u062d\u0628\u0627 mixed"]
PRIMARY_TEXTS = ["Hello \u00a9 \u6f22\u5b57", "AVAVA \u4eca\u5929", "\u6f22\u5b57 Hello"]


def cases():
    """(kind, typeface or custom fonts, weight asked, the paint's weight, locale, variant, text,
    size, hinting). The paint's weight is the typeface's: an alias's, the one asked for, or the
    family's regular font's (400 for every family here)."""
    out = []

    def add(kind, typeface=None, custom=None, weight=None, paint_weight=400, locale="en-US", variant="default",
            text="", sizes=(16,), hinting=(True,)):
        for size in sizes:
            for hint in hinting:
                out.append({"kind": kind, "typeface": typeface, "customFonts": custom, "weight": weight,
                            "paintWeight": paint_weight, "paintItalic": False, "locale": locale,
                            "variant": variant, "text": text, "size": size, "hinting": hint})

    for text in HAN_TEXTS:
        for locale in HAN_LOCALES:
            add("locale", typeface="sans-serif", locale=locale, text=text, sizes=(12, 16, 24), hinting=(True, False))
            add("locale", typeface="serif", locale=locale, text=text)  # fallbackFor="serif"
        add("weight", typeface="sans-serif-bold", paint_weight=700, locale="ja-JP", text=text, sizes=(16, 24))
        add("weight", typeface="serif", weight=700, paint_weight=700, locale="ja-JP,en-US", text=text)
        add("primary", typeface="cjk-first", locale="zh-CN", text=text)
    for text in EMOJI_TEXTS:
        for locale in EMOJI_LOCALES:
            add("emoji", typeface="sans-serif", locale=locale, text=text, sizes=(16, 32))
    for text in ARABIC_TEXTS:
        for variant in ("default", "compact", "elegant"):
            for locale in ("en-US", "ar-EG"):
                add("variant", typeface="sans-serif", locale=locale, variant=variant, text=text, sizes=(16, 24),
                    hinting=(True, False))
    for text in PRIMARY_TEXTS:
        for locale in ("en-US", "ja-JP", "zh-TW"):
            add("primary", typeface="sans-serif", locale=locale, text=text)
            add("primary", typeface="cjk-first", locale=locale, text=text)
            add("custom", custom=["NotoSans-Regular.ttf"], locale=locale, text=text)
            add("custom", custom=["Android/CaliperHanKo.ttf", "LiberationSans-Regular.ttf"], locale=locale, text=text)
    for weight in (300, 400, 700):
        add("variable", typeface="sans-serif-condensed", weight=weight, paint_weight=weight,
            text="Hello, World \u6f22\u5b57", locale="ja-JP", sizes=(16, 24), hinting=(True, False))
    add("weight", typeface="sans-serif-medium", paint_weight=500, text="Medium \u4eca\u5929", locale="ja-JP")
    add("weight", typeface="arial", paint_weight=400, text="Arial \u4eca\u5929", locale="ja-JP")
    return out


def main():
    if not os.access(make_android.HARNESS, os.X_OK):
        sys.exit("no harness: run Tests/Goldens/android/build-minikin.sh first (see android.md)")
    families, named, aliases, missing = parse_fonts_xml(os.path.join(REPO, CONFIGURATION))
    typeface_names = [n["name"] for n in named] + [a["name"] for a in aliases]

    def family_of(name):
        alias = [a for a in aliases if a["name"] == name]
        return (alias[0]["family"], alias[0]["weight"]) if alias else (name, None)

    plan = cases()
    lines = []
    for case in plan:
        if case["typeface"] is not None:
            family, alias_weight = family_of(case["typeface"])
            # Typeface.initSystemDefaultTypefaces: an alias is its family at its weight.
            assert case["paintWeight"] == (case["weight"] or alias_weight or 400), case
            specs = system_specs(family, families, named)
        else:
            specs = custom_specs(case["customFonts"], families, named)
        lines.append(request_line(case, specs))
    result = make_android.subprocess.run([make_android.HARNESS], input="".join(l + "\n" for l in lines).encode("utf-8"),
                                         stdout=make_android.subprocess.PIPE, check=True, cwd=REPO)
    answers = [json.loads(line) for line in result.stdout.decode("utf-8").splitlines()]
    if len(answers) != len(plan):
        sys.exit("harness answered %d of %d requests" % (len(answers), len(plan)))

    measures = []
    for case, answer in zip(plan, answers):
        advance = make_android.float32(answer["advance"])
        measures.append({
            "kind": case["kind"], "typeface": case["typeface"], "weight": case["weight"],
            "customFonts": case["customFonts"], "locale": case["locale"], "variant": case["variant"],
            "text": case["text"], "size": case["size"], "hinting": case["hinting"],
            "advance": advance, "measureText": math.ceil(advance),
        })
    measures.sort(key=lambda c: (c["kind"], c["typeface"] or "", c["customFonts"] or [], c["text"], c["locale"],
                                 c["variant"], c["weight"] or 0, c["size"], not c["hinting"]))

    with open(os.path.join(make_android.BUILD, "minikin-source.txt"), encoding="utf-8") as source:
        engine = [line.strip() for line in source if line.strip() and not line.startswith("compiler:")]
    doc = {
        "generator": {
            "script": "Tests/Goldens/make_android_fonts.py",
            "harness": "Tests/Goldens/android/minikin_harness.cpp",
            "engine": engine,
        },
        "directory": DIRECTORY,
        "configuration": CONFIGURATION,
        "familyNames": [n["name"] for n in named],
        "aliases": [{"name": a["name"], "family": a["family"], "weight": a["weight"]} for a in aliases],
        "missingFiles": missing,
        "fallbackFamilies": [described(f) for f in families],
        "typefaces": [{"name": name, "families": [described(f) for f in fallback_list(family_of(name)[0], families, named)]}
                      for name in typeface_names],
        "measure": measures,
    }
    with open(OUT_JSON, "w", encoding="utf-8") as out:
        json.dump(doc, out, indent=2, sort_keys=True, ensure_ascii=False)
        out.write("\n")
    print("wrote %s: %d typefaces, %d measureText cases" % (os.path.relpath(OUT_JSON, REPO), len(doc["typefaces"]),
                                                             len(measures)), file=sys.stderr)


if __name__ == "__main__":
    main()
