#!/usr/bin/python3
"""Generate Tests/Goldens/uikit_frames.json: UILabel sizes that UIKit computed, mined from
Interface Builder files in public repositories that commit the fonts they use.

Run from the repository root, with each repository of REPOSITORIES fetched as a git directory
(a bare clone is enough; only the pinned commit and its history are read):

    /usr/bin/python3 Tests/Goldens/make_uikit_frames.py --mirror DIR [--copy-fonts]

DIR holds one git directory per repository, named `owner+name/repo` (or `owner+name/repo/.git`,
or `owner+name.git`); `--git-dir owner/name=PATH` names one explicitly. `--copy-fonts` copies
the fonts the kept records use into Fonts/UIKit/ (their licences and Fonts/README.md rows are
written by hand). Stdlib and fontTools (Debian's python3-fonttools 4.38) only; the output is the
same byte for byte on every run.

Xcode saves the frame UIKit solved for every view of a storyboard or xib; for a label that is
neither misplaced nor ambiguous, a dimension no constraint fixes is UIKit's
`intrinsicContentSize`, ceiled to the pixels of the document's device. The rules that decide
which dimensions are intrinsic, and the checks that set frames aside, are in uikit_frames.md.
"""
import argparse
import collections
import hashlib
import io
import json
import math
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

from fontTools.ttLib import TTFont

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OUT_JSON = os.path.join(REPO, "Tests", "Goldens", "uikit_frames.json")
FONT_DIR = "Fonts/UIKit"

# Each repository at some commits, newest first: a commit's IB files and fonts are read from its
# tree, and a label (file and object id) is taken from the first commit that keeps it. `note` says
# what the repository is; `paths` (optional) limits the IB files read to path prefixes.
REPOSITORIES = [
    {"repository": "rosteleset/SmartYard-iOS", "note": "SmartYard, an intercom and CCTV app (Source Sans Pro 2.010, OFL-1.1)",
     "commits": ["104a6e6700c91afb60c0b1205584ca383d5795d2", "f96281f15d9ae7bb758bff9139bb771fb60ef419",
                 "8a64aecdb662e4f542081d0ec6eed384b749ec88", "98b3c8fe23d5149f158664ce2c7df89a65922cea",
                 "98ce1951b64051b7c79d8389607b0b0860798871"]},
    {"repository": "kryptco/krypton-ios", "note": "Krypton, an SSH and U2F key app (Source Code Pro, OFL-1.1)",
     "commits": ["82787da9d72a297c5ccc4bb73ff26d7a89e1f5e8", "346ef150c785695be3a4a219140289fd6c507931",
                 "ec87cb2a57c79462901439932d4901850963cfda", "fd889a964231364ae936b7891a3541298b7bcd8e",
                 "e3d486d7b8156217d8f96e80610090a2ce1fddb0", "42b27706097cfbed860b5c6ced0ab31f6777ad8f"]},
    {"repository": "opentrace-community/opentrace-ios", "note": "OpenTrace, the BlueTrace reference app (Muli 2, OFL-1.1)",
     "commits": ["83128eae473b5e5243f1a8caeb52ff7aa6d323a6", "2713ba7bb9683061199562fdf434aa6131e5d8a1",
                 "114d48312d3f21f5212b268364fc9b9116f337e6", "d10ec0669ea4ffcb9e2a0cf5ab5dfbd2138a2767",
                 "7e701050b5354f4f6db085104f990d992473d78c"]},
    {"repository": "OpenStack-mobile/summit-app-ios", "note": "the OpenStack Foundation Summit app (Open Sans, Apache-2.0)",
     "commits": ["432d095b8aa8edb1650438040991c300241231bd"]},
    {"repository": "dashpay/dashwallet-ios", "note": "Dash Wallet, while it bundled Montserrat (OFL-1.1)",
     "commits": ["2c480d5ec2e2f377844a95716c773151b2f94078", "0172e9da13d8be9aafe3475e388e9dce85422c77"]},
    {"repository": "OpenArchive/Save-app-ios", "note": "OpenArchive Save (Montserrat, OFL-1.1)",
     "commits": ["7dc41cdfdb9f30087c1f70dd0f618a8c952f4425", "1bddd71554a64bfc3c5747a92c6bbd62550e9411",
                 "4633806c51ebb5d7e54149520370229fce3bbd45", "caae01297ddfc347b9b1d77f5abbbd4d6a835ca5",
                 "14225677e7ec72c3917e0cb2299605d2d0825356"]},
    {"repository": "gorin-aleksandr/msa", "note": "MSA, a fitness training app (Rubik, OFL-1.1)",
     "commits": ["4fae12b14565212f691e72940d423a0cbbddd76b", "43d9538683efae5aec6d5d44d69b3d4031afc9fb",
                 "7eda3f41f06a720272e20e4c67574ff94337972b", "93de2932448eb8702b69dfec33fdb9a00c14f6d8",
                 "dbd0a165427fe51f2827eb987f564414984b3b95", "54a3822de406f3440a04c45e626f0d1d7dfd4340",
                 "e6726e589deb23df487018a666be580601f7471c", "9baacd442e2acdb757d190497a6515fde47db57c"]},
    {"repository": "ztanruan/Smoothies-Boost", "note": "Smoothies Boost (Raleway, OFL-1.1)",
     "commits": ["c75833ad92694d4c3e833ea80119989394c2adc2"]},
    {"repository": "preetl/clog", "note": "clog (Montserrat, OFL-1.1)",
     "commits": ["25cf0c3943574038fec9e1fbd521f18467f86116"]},
    {"repository": "jaysalvador/hipages", "note": "hipages (Source Sans Pro, OFL-1.1)",
     "commits": ["93757006f3ef3498744eaacd8e5b26b5168aa997"]},
]

# Interface Builder's device ids and their screens' pixel scales (the scale UIKit ceils to).
DEVICE_SCALES = {
    "retina3_5": 2, "retina4_0": 2, "retina4_7": 2, "retina6_1": 2,
    "retina5_5": 3, "retina5_9": 3, "retina6_5": 3, "retina5_4": 3, "retina6_12": 3,
    "retina6_7": 3, "retina6_3": 3, "retina6_72": 3, "retina6_9": 3,
    "ipad9_7": 2, "ipad10_2": 2, "ipad10_5": 2, "ipad11": 2, "ipad12_9": 2, "ipad12_9rounded": 2,
    "ipad10_9rounded": 2, "ipad11_0rounded": 2, "ipad7_9": 2,
}

LINE_BREAK_MODES = {
    "wordWrap": "byWordWrapping", "characterWrap": "byCharWrapping", "clip": "byClipping",
    "headTruncation": "byTruncatingHead", "tailTruncation": "byTruncatingTail",
    "middleTruncation": "byTruncatingMiddle",
}

# Layout attributes by axis, as the edge of the view they place: start, end or centre. A baseline
# is a fixed distance from the top (first) or the bottom (last) of a label of a given font.
AXES = {
    "horizontal": {
        "leading": "start", "left": "start", "leadingMargin": "start", "leftMargin": "start",
        "trailing": "end", "right": "end", "trailingMargin": "end", "rightMargin": "end",
        "centerX": "center", "centerXWithinMargins": "center",
    },
    "vertical": {
        "top": "start", "topMargin": "start", "firstBaseline": "start",
        "bottom": "end", "bottomMargin": "end", "baseline": "end", "lastBaseline": "end",
        "centerY": "center", "centerYWithinMargins": "center",
    },
}
SIZE_ATTRIBUTES = {"horizontal": "width", "vertical": "height"}

# UIFont's lineHeight of Helvetica Neue, in ems (ascender 0.952 + descender 0.213): the font
# Interface Builder lays a label out in when it cannot load the label's font.
HELVETICA_NEUE_LINE_HEIGHT = 1.165

HARD_BREAKS = "\n\r\u000b\u000c\u0085\u2028\u2029"


def git(git_dir, *args):
    result = subprocess.run(["git", "--git-dir", git_dir, *args], capture_output=True, check=True)
    return result.stdout


def git_text(git_dir, *args):
    return git(git_dir, *args).decode("utf-8").strip()


def pixel_ceil(value, scale):
    # The frames hold ceil(value * scale) / scale as a Double; 1e-9 absorbs float noise in value.
    return math.ceil(value * scale - 1e-9) / scale


class FontFile:
    """A font committed in a repository, read with fontTools."""

    def __init__(self, git_dir, commit, path, blob):
        self.path, self.blob, self.commit = path, blob, commit
        self.data = git(git_dir, "cat-file", "blob", blob)
        font = TTFont(io.BytesIO(self.data), fontNumber=0, lazy=True)
        self.post_script_name = str(font["name"].getDebugName(6))
        self.version = str(font["name"].getDebugName(5))
        self.family = str(font["name"].getDebugName(16) or font["name"].getDebugName(1))
        self.units_per_em = font["head"].unitsPerEm
        hhea = font["hhea"]
        self.ascender, self.descender, self.line_gap = hhea.ascent, hhea.descent, hhea.lineGap
        self.cmap = set(font.getBestCmap() or {})
        self.is_variable = "fvar" in font
        self.sha256 = hashlib.sha256(self.data).hexdigest()

    def line_height(self, point_size):
        return (self.ascender - self.descender + self.line_gap) * point_size / self.units_per_em


class UnionFind:
    def __init__(self):
        self.parent = {}

    def find(self, node):
        self.parent.setdefault(node, node)
        while self.parent[node] != node:
            self.parent[node] = self.parent[self.parent[node]]
            node = self.parent[node]
        return node

    def union(self, a, b):
        self.parent[self.find(a)] = self.find(b)


class Document:
    """One storyboard or xib: its views, their constraints and the links those make on each axis."""

    def __init__(self, data):
        self.root = ET.fromstring(data)
        self.parent = {child: node for node in self.root.iter() for child in node}
        device = self.root.find("device")
        self.device = device.get("id") if device is not None else None
        self.uses_auto_layout = self.root.get("useAutolayout") == "YES"
        # Views are the elements with a frame; layout guides stand for the view that owns them.
        self.views = {node.get("id"): node for node in self.root.iter()
                      if node.get("id") and node.find("rect[@key='frame']") is not None}
        self.guides = {}
        for node in self.root.iter():
            if node.get("id") and node.tag.lower().endswith("layoutguide"):
                self.guides[node.get("id")] = (self.guide_owner(node), node.get("key"))
        # Every constraint with its items resolved: a constraint without firstItem belongs to
        # the view whose <constraints> holds it, as does a missing secondItem of a relation.
        self.constraints = []
        self.varied = set()
        for holder in self.root.iter("constraints"):
            owner = self.parent.get(holder)
            owner_id = owner.get("id") if owner is not None else None
            in_variation = self.ancestor_tag(holder, "variation") is not None
            for constraint in holder.findall("constraint"):
                first = constraint.get("firstItem") or owner_id
                second = constraint.get("secondItem")
                if second is None and constraint.get("secondAttribute") is not None:
                    second = owner_id
                self.constraints.append((first, constraint.get("firstAttribute"), second,
                                         constraint.get("secondAttribute"), constraint))
                if in_variation:
                    self.varied.add(constraint.get("id"))
        for variation in self.root.iter("variation"):
            for node in variation.iter():
                if node.get("reference"):
                    self.varied.add(node.get("reference"))

    def ancestor_tag(self, node, tag):
        node = self.parent.get(node)
        while node is not None:
            if node.tag == tag:
                return node
            node = self.parent.get(node)
        return None

    def guide_owner(self, guide):
        node = self.parent.get(guide)
        while node is not None:
            if node.get("id") and node.find("rect[@key='frame']") is not None:
                return node.get("id")
            view = node.find("view[@key='view']")
            if view is not None:
                return view.get("id")
            node = self.parent.get(node)
        return None

    def superview(self, view):
        subviews = self.parent.get(view)
        return self.parent.get(subviews) if subviews is not None and subviews.tag == "subviews" else None

    def absolute_origin(self, view, axis):
        """The view's saved origin on `axis` in the coordinates of its top-level view."""
        key = "x" if axis == "horizontal" else "y"
        total = 0.0
        while view is not None:
            frame = view.find("rect[@key='frame']")
            if frame is None:
                break
            total += float(frame.get(key))
            view = self.superview(view)
        return total

    def centre_off_pixel_grid(self, constraints, axis):
        """Why a label placed by its horizontal centre cannot be used, or None. A label centred on
        a point between two pixels can be saved one pixel wider than its intrinsic width (see
        uikit_frames.md), so its centre's anchor must be a view (not a guide or margin) whose
        saved frame puts the centre, with the constant, on a whole pixel."""
        scale = DEVICE_SCALES[self.device]
        size_key = "width" if axis == "horizontal" else "height"
        for attribute, other, other_attribute, constraint in constraints:
            if AXES[axis].get(attribute) != "center":
                continue
            anchor = self.views.get(other)
            if (anchor is None or attribute != other_attribute or attribute.endswith("Margins")
                    or float(constraint.get("multiplier", "1").split(":")[0]) != 1):
                return f"centred on a guide, a margin or a multiple ({constraint.get('id')})"
            frame = anchor.find("rect[@key='frame']")
            centre = self.absolute_origin(anchor, axis) + float(frame.get(size_key)) / 2
            constant = float(constraint.get("constant", "0"))
            # first.attribute = second.attribute + constant
            centre += -constant if other == constraint.get("firstItem") else constant
            if abs(centre * scale - round(centre * scale)) > 1e-6:
                return f"centred between two pixels ({constraint.get('id')})"
        return None

    def constraints_on(self, view_id):
        """(attribute of the view, other item or None, other attribute, constraint) for each
        constraint that names the view."""
        found = []
        for first, first_attribute, second, second_attribute, constraint in self.constraints:
            if first == view_id:
                found.append((first_attribute, second, second_attribute, constraint))
            if second == view_id:
                found.append((second_attribute, first, first_attribute, constraint))
        return found

    def links(self, axis, free_view):
        """The edges of every view on `axis`, joined where the layout ties one to another:
        constraints (equalities and inequalities alike, at any priority), views whose size on
        the axis is fixed (a size constraint, content of their own, a frame not solved by Auto
        Layout, a stack view's arrangement), and guides to their views. Only a plain UIView
        placed by constraints, and `free_view`, keep their edges apart."""
        sides, size = AXES[axis], SIZE_ATTRIBUTES[axis]
        links = UnionFind()
        # A view sized by a constraint, or placed by its centre (which ties its centre to both of
        # its edges), is taken as fixed on the axis.
        sized = set()
        for first, first_attribute, second, second_attribute, _ in self.constraints:
            if first_attribute == size or (first_attribute in ("width", "height") and first == second):
                sized.add(first)
                if second is not None:
                    sized.add(second)
            for item, attribute in ((first, first_attribute), (second, second_attribute)):
                if sides.get(attribute) == "center":
                    sized.add(item)
        for view_id, view in self.views.items():
            if view_id == free_view:
                continue
            superview = self.superview(view)
            flexible = (view.tag == "view" and not view.get("customClass") and view_id not in sized
                        and view.get("translatesAutoresizingMaskIntoConstraints") == "NO"
                        and superview is not None and superview.tag != "stackView")
            if not flexible:
                links.union((view_id, "start"), (view_id, "end"))
                links.union((view_id, "center"), (view_id, "end"))
            if superview is not None and (superview.tag == "stackView"
                                          or view.get("translatesAutoresizingMaskIntoConstraints") != "NO"):
                for side in ("start", "end", "center"):
                    links.union((view_id, side), (superview.get("id"), side))
        for guide_id, (owner, key) in self.guides.items():
            for side in ("start", "end", "center"):
                if key == "safeArea":
                    links.union((guide_id, side), (owner, side))
                else:
                    for owner_side in ("start", "end", "center"):
                        links.union((guide_id, side), (owner, owner_side))
        for first, first_attribute, second, second_attribute, _ in self.constraints:
            if first_attribute in sides and second_attribute in sides and second is not None:
                links.union((first, sides[first_attribute]), (second, sides[second_attribute]))
        return links


def label_text(label):
    text = label.get("text")
    if text is None:
        node = label.find("string[@key='text']")
        text = node.text if node is not None else None
    return text


def axis_rule(doc, constraints, view_id, axis):
    """Why this axis of the label is its intrinsic size, or (None, why it is not)."""
    sides, size = AXES[axis], SIZE_ATTRIBUTES[axis]
    touched = set()
    for attribute, other, _, constraint in constraints:
        if attribute == size or (attribute in ("width", "height") and other == view_id):
            return None, f"{attribute} constraint {constraint.get('id')}"
        if attribute in sides:
            touched.add(sides[attribute])
    if not touched:
        return None, "no constraint places it on this axis"
    if "center" in touched and axis == "horizontal":
        off_grid = doc.centre_off_pixel_grid(constraints, axis)
        if off_grid:
            return None, off_grid
    if len(touched) > 1:
        links = doc.links(axis, view_id)
        roots = {}
        for side in sorted(touched):
            root = links.find((view_id, side))
            if root in roots:
                return None, f"its {roots[root]} and {side} are tied through constraints and fixed sizes"
            roots[root] = side
        return f"no {size} constraint; its " + " and ".join(sorted(touched)) + " are not tied to each other", None
    return f"no {size} constraint; placed by its {next(iter(touched))} only", None


def classify(doc, label, fonts):
    """A record for the label, or (None, reason) when it cannot be used."""
    view_id = label.get("id")
    description = label.find("fontDescription[@key='fontDescription']")
    if description is None or description.get("name") is None or description.get("type") is not None:
        return None, "not a custom font"
    name = description.get("name")
    if label.get("key") is not None:
        return None, "a cell style's label (" + label.get("key") + ")"
    if label.find("attributedString") is not None:
        return None, "attributed text"
    text = label_text(label)
    if not text or not text.strip():
        return None, "no text"
    if not doc.uses_auto_layout:
        return None, "document without Auto Layout"
    if doc.device not in DEVICE_SCALES:
        return None, f"device {doc.device} of unknown scale"
    if label.get("misplaced") == "YES":
        return None, "misplaced"
    if label.get("ambiguous") == "YES":
        return None, "ambiguous"
    if label.get("customClass"):
        return None, "custom class"
    if label.get("adjustsFontSizeToFit") == "YES":
        return None, "adjustsFontSizeToFit"
    if label.get("adjustsLetterSpacingToFitWidth") == "YES":
        return None, "adjustsLetterSpacingToFitWidth"
    if label.get("preferredMaxLayoutWidth") is not None:
        return None, "preferredMaxLayoutWidth"
    if label.get("placeholderIntrinsicWidth") or label.get("placeholderIntrinsicHeight"):
        return None, "placeholder intrinsic size"
    if label.get("translatesAutoresizingMaskIntoConstraints") != "NO" or label.find("autoresizingMask") is not None:
        return None, "autoresizing mask (frame not solved from content)"
    if label.find(".//variation") is not None or view_id in doc.varied:
        return None, "size-class variation"
    if label.find("userDefinedRuntimeAttributes") is not None:
        return None, "user-defined runtime attributes"
    superview = doc.superview(label)
    if superview is None:
        return None, "not in a view's subviews"
    if superview.tag == "stackView":
        return None, "arranged in a stack view"
    font = fonts.get(name)
    if font is None:
        return None, "font not committed"
    if isinstance(font, list):
        return None, "two different font files with this PostScript name"
    if font.is_variable:
        return None, "variable font"
    if any(ord(character) not in font.cmap for character in text if character not in HARD_BREAKS):
        return None, "characters the font lacks (fallback fonts)"
    constraints = doc.constraints_on(view_id)
    if any(c.get("id") in doc.varied for _, _, _, c in constraints):
        return None, "size-class variation"
    frame = label.find("rect[@key='frame']")
    if frame is None:
        return None, "no frame"
    width_reason, width_not = axis_rule(doc, constraints, view_id, "horizontal")
    height_reason, height_not = axis_rule(doc, constraints, view_id, "vertical")
    if width_reason is None and height_reason is None:
        return None, f"no intrinsic dimension (width: {width_not}; height: {height_not})"
    number_of_lines = int(label.get("numberOfLines", "1"))
    record = {
        "postScriptName": name,
        "pointSize": float(description.get("pointSize")),
        "text": text,
        "numberOfLines": number_of_lines,
        "lineBreakMode": LINE_BREAK_MODES[label.get("lineBreakMode", "tailTruncation")],
        "device": doc.device,
        "scale": DEVICE_SCALES[doc.device],
        "objectID": view_id,
        "frame": [float(frame.get(key)) for key in ("x", "y", "width", "height")],
        "_font": font,
    }
    if width_reason is not None:
        record["width"] = float(frame.get("width"))
        record["widthReason"] = width_reason
        record["fixedWidth"] = None
    else:
        record["fixedWidth"] = float(frame.get("width"))
        record["fixedWidthReason"] = width_not
    if height_reason is not None:
        record["height"] = float(frame.get("height"))
        record["heightReason"] = height_reason
    return record, None


def line_count_candidates(record):
    """How many lines the label can show: one when it is limited to one line, else any count."""
    return [1] if record["numberOfLines"] == 1 else list(range(1, 200))


def line_height_evidence(record):
    """None when the frame's height is whole lines of the font's hhea line height ceiled to the
    pixel grid; otherwise what the frame implies and what the font gives."""
    if "height" not in record:
        return None
    font, scale, height = record["_font"], record["scale"], record["height"]
    line_height = font.line_height(record["pointSize"])
    for lines in line_count_candidates(record):
        if abs(pixel_ceil(lines * line_height, scale) - height) < 1e-6:
            return None
    lines = max(1, round(height / line_height))
    fallback = [count for count in line_count_candidates(record)
                if abs(pixel_ceil(count * HELVETICA_NEUE_LINE_HEIGHT * record["pointSize"], scale) - height) < 1e-6]
    return {
        "helveticaNeueLines": fallback[0] if fallback else None,
        "fontLineHeight": round(line_height, 6),
        "fontLineHeightCeiled": pixel_ceil(line_height, scale),
        "frameHeight": height,
        "impliedLineHeight": round(height / lines, 6),
        "impliedLines": lines,
        "hhea": [font.ascender, font.descender, font.line_gap, font.units_per_em],
    }


def last_commit(git_dir, commit, path):
    return git_text(git_dir, "log", "-1", "--format=%H %cs", commit, "--", path).split()


def tree_blobs(git_dir, commit):
    blobs = {}
    for line in git(git_dir, "ls-tree", "-r", commit).decode("utf-8", "replace").splitlines():
        meta, path = line.split("\t", 1)
        blobs[path] = meta.split()[2]
    return blobs


def locate(mirror, explicit, repository):
    if repository in explicit:
        return explicit[repository]
    base = os.path.join(mirror, repository.replace("/", "+"))
    for candidate in (os.path.join(base, "repo"), os.path.join(base, "repo", ".git"), base + ".git"):
        if os.path.isfile(os.path.join(candidate, "HEAD")):
            return candidate
    sys.exit(f"no git directory for {repository} under {mirror}")


_COMMIT_BLOBS = {}


def commit_blobs(git_dir, commit):
    if (git_dir, commit) not in _COMMIT_BLOBS:
        _COMMIT_BLOBS[(git_dir, commit)] = set(tree_blobs(git_dir, commit).values())
    return _COMMIT_BLOBS[(git_dir, commit)]


def frame_provenance(git_dir, commit, path, data):
    """For each label, the commit that last changed its saved frame (`git blame` of its <rect>
    line), which stands for the Interface Builder session that computed it, and the path the
    document had then."""
    try:
        blame = git(git_dir, "blame", "--porcelain", commit, "--", path).decode("utf-8", "replace")
    except subprocess.CalledProcessError:
        # A snapshot without some old blob (GitHub archives leave out files of 4 MiB and more)
        # cannot be blamed: the frame is dated by the last commit that changed the file.
        last = last_commit(git_dir, commit, path)[0]
        return collections.defaultdict(lambda: (last, path))
    line_commits, names, current_commit = {}, {}, None
    for line in blame.split("\n"):
        parts = line.split(" ")
        if len(parts) >= 3 and len(parts[0]) == 40 and all(c in "0123456789abcdef" for c in parts[0]):
            current_commit = parts[0]
            line_commits[int(parts[2])] = current_commit
        elif line.startswith("filename ") and current_commit:
            names[current_commit] = line[len("filename "):]
    provenance, current = {}, None
    for number, line in enumerate(data.decode("utf-8").split("\n"), start=1):
        stripped = line.strip()
        if stripped.startswith("<label "):
            match = re.search(r' id="([^"]+)"', stripped)
            current = match.group(1) if match else None
        elif current and stripped.startswith('<rect key="frame"'):
            provenance[current] = (line_commits[number], names.get(line_commits[number], path))
            current = None
    return provenance


_DEVICES = {}


def device_then(git_dir, commit, path):
    """The device of the document as it was at `commit` (None when it named none or is missing)."""
    if (git_dir, commit, path) not in _DEVICES:
        try:
            text = git(git_dir, "show", f"{commit}:{path}").decode("utf-8", "replace")
            match = re.search(r'<device id="([^"]+)"', text)
            _DEVICES[(git_dir, commit, path)] = match.group(1) if match else None
        except subprocess.CalledProcessError:
            _DEVICES[(git_dir, commit, path)] = None
    return _DEVICES[(git_dir, commit, path)]


def mine(entry, git_dir, skipped):
    commit = git_text(git_dir, "rev-parse", entry["commit"] + "^{commit}")
    entry = dict(entry, commit=commit)
    blobs = tree_blobs(git_dir, commit)
    fonts = {}
    for path, blob in sorted(blobs.items()):
        if path.lower().endswith((".ttf", ".otf")):
            font = FontFile(git_dir, commit, path, blob)
            known = fonts.get(font.post_script_name)
            if known is None:
                fonts[font.post_script_name] = font
            elif isinstance(known, FontFile) and known.sha256 != font.sha256:
                fonts[font.post_script_name] = [known, font]
    prefixes = tuple(entry.get("paths", [""]))
    records, set_aside = [], []
    for path, blob in sorted(blobs.items()):
        if not path.endswith((".storyboard", ".xib")) or not path.startswith(prefixes):
            continue
        data = git(git_dir, "cat-file", "blob", blob)
        doc = Document(data)
        frame_commits = None
        for label in doc.root.iter("label"):
            record, reason = classify(doc, label, fonts)
            if record is None:
                if reason != "not a custom font":
                    skipped[(path, label.get("id"))] = reason.split(" (")[0].split(" constraint ")[0]
                continue
            if frame_commits is None:
                frame_commits = frame_provenance(git_dir, commit, path, data)
            frame_commit, path_then = frame_commits[label.get("id")]
            device = device_then(git_dir, frame_commit, path_then)
            if DEVICE_SCALES.get(device) != record["scale"]:
                skipped[(path, label.get("id"))] = "frame laid out for another device scale"
                continue
            # A commit that switched the document to another scale may have snapped the old frames
            # to the new pixel grid instead of laying them out again.
            before = device_then(git_dir, frame_commit + "^", path_then)
            if before is not None and DEVICE_SCALES.get(before) != record["scale"]:
                skipped[(path, label.get("id"))] = "frame written when the document changed device scale"
                continue
            font = record["_font"]
            record = {"repository": entry["repository"], "commit": commit, "file": path, **record}
            record["fontFile"] = font.path
            record["fontVersion"] = font.version
            record["frameFrom"] = frame_commit
            evidence = {}
            # The font's bytes must be in the tree of the commit that wrote the frame.
            if font.blob not in commit_blobs(git_dir, record["frameFrom"]):
                font_commit, font_date = last_commit(git_dir, commit, font.path)
                evidence["fontChangedAfterFrame"] = {
                    "frameFrom": record["frameFrom"], "fontLastChangedIn": font_commit,
                    "fontLastChangedOn": font_date,
                }
            lines = line_height_evidence(record)
            if lines is not None:
                evidence["lineHeight"] = lines
            (set_aside if evidence else records).append((record, evidence))
    return entry, fonts, records, set_aside


def font_target(repository, font):
    return f"{FONT_DIR}/{repository.replace('/', '+')}/{os.path.basename(font.path)}"


def measurement_key(record, font):
    return (font.sha256, record["text"], record["pointSize"], record["numberOfLines"], record["lineBreakMode"],
            record["fixedWidth"], record["scale"], record.get("width"), record.get("height"))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mirror", default="/work/.mirror")
    parser.add_argument("--git-dir", action="append", default=[], metavar="OWNER/NAME=PATH")
    parser.add_argument("--copy-fonts", action="store_true")
    args = parser.parse_args()
    explicit = dict(item.split("=", 1) for item in args.git_dir)

    skipped = collections.Counter()
    kept, aside, repositories = [], [], []
    seen_measurements = set()
    for entry in REPOSITORIES:
        git_dir = locate(args.mirror, explicit, entry["repository"])
        # A label (file and object id) is taken from the first commit listed that keeps it.
        labels, set_aside, commits, skipped_labels = {}, {}, [], {}
        for commit in entry["commits"]:
            skipped_here = {}
            mined, _, records, aside_here = mine(dict(entry, commit=commit), git_dir, skipped_here)
            commits.append(mined["commit"])
            for key, reason in skipped_here.items():
                skipped_labels.setdefault(key, reason)
            for record, _ in records:
                labels.setdefault((record["file"], record["objectID"]), record)
            for record, evidence in aside_here:
                set_aside.setdefault((record["file"], record["objectID"]), (record, evidence))
        for key in list(set_aside):
            if key in labels:
                del set_aside[key]
        # The commit that wrote a frame stands for the Interface Builder session that computed it.
        # A document whose frames from one session include a line height the font cannot explain
        # was laid out without that font (Interface Builder falls back to Helvetica Neue): none of
        # that session's frames in the document is used. A session that wrote at least as many line
        # heights the font cannot explain as ones it explains is not trusted in any document.
        unexplained, explained = collections.defaultdict(list), collections.Counter()
        for record, evidence in set_aside.values():
            if "lineHeight" in evidence:
                unexplained[record["frameFrom"]].append((record["file"], record["objectID"]))
        for record in labels.values():
            if "height" in record:
                explained[record["frameFrom"]] += 1
        for key in sorted(labels):
            record = labels[key]
            found = unexplained.get(record["frameFrom"], [])
            in_document = [f"{file} {object_id}" for file, object_id in found if file == record["file"]]
            if in_document or (found and len(found) >= explained[record["frameFrom"]]):
                del labels[key]
                set_aside[key] = (record, {"session": {
                    "frameFrom": record["frameFrom"],
                    "scope": "document" if in_document else "commit",
                    "lineHeightsNotExplained": sorted(in_document or [f"{file} {object_id}" for file, object_id in found]),
                }})
        # Two frames for one measurement (the same font file, text, size, line limit, line break
        # mode, fixed width and scale) that disagree cannot both be UIKit's in this font: neither
        # is used.
        groups = collections.defaultdict(list)
        for key, record in labels.items():
            groups[measurement_key(record, record["_font"])[:7]].append(key)
        for keys in groups.values():
            conflicts = [(a, b) for a in keys for b in keys if a < b and any(
                dimension in labels[a] and dimension in labels[b] and labels[a][dimension] != labels[b][dimension]
                for dimension in ("width", "height"))]
            for key in sorted({key for pair in conflicts for key in pair}):
                record = labels[key]
                others = sorted({b if a == key else a for a, b in conflicts if key in (a, b)})
                set_aside[key] = (record, {"conflict": [
                    {"file": file, "objectID": object_id, "frameFrom": labels[(file, object_id)]["frameFrom"],
                     "width": labels[(file, object_id)].get("width"), "height": labels[(file, object_id)].get("height")}
                    for file, object_id in others]})
        for key in [key for key in labels if key in set_aside]:
            del labels[key]
        for key, reason in skipped_labels.items():
            if key not in labels and key not in set_aside:
                skipped[reason] += 1
        used = {}
        for key in sorted(labels):
            record = labels[key]
            font = record.pop("_font")
            measurement = measurement_key(record, font)
            if measurement in seen_measurements:
                skipped["the same measurement as another record"] += 1
                continue
            seen_measurements.add(measurement)
            used[font.sha256] = font
            record["font"] = font_target(entry["repository"], font)
            kept.append(record)
        for key in sorted(set_aside):
            if key in labels:
                continue
            record, evidence = set_aside[key]
            record.pop("_font")
            record["setAside"] = evidence
            aside.append(record)
        targets = collections.Counter(font_target(entry["repository"], font) for font in used.values())
        if any(count > 1 for count in targets.values()):
            sys.exit(f"{entry['repository']}: two versions of one font file are used: {targets}")
        repositories.append({
            "repository": entry["repository"], "commits": commits, "note": entry["note"],
            "fonts": [
                {"file": font_target(entry["repository"], font), "path": font.path, "commit": font.commit,
                 "postScriptName": font.post_script_name, "version": font.version, "sha256": font.sha256}
                for font in sorted(used.values(), key=lambda f: f.path)
            ],
        })
        if args.copy_fonts:
            for font in used.values():
                target = os.path.join(REPO, font_target(entry["repository"], font))
                os.makedirs(os.path.dirname(target), exist_ok=True)
                with open(target, "wb") as handle:
                    handle.write(font.data)

    order = lambda r: (r["repository"], r["file"], r["objectID"])
    dimensions = sum(("width" in r) + ("height" in r) for r in kept)
    golden = {
        "description": "UILabel frames saved by Interface Builder (UIKit's intrinsicContentSize ceiled to the "
                       "device's pixels) for labels in fonts committed beside them; see uikit_frames.md",
        "repositories": repositories,
        "records": sorted(kept, key=order),
        "setAside": sorted(aside, key=order),
        "skipped": dict(sorted(skipped.items())),
        "counts": {"records": len(kept), "dimensions": dimensions, "setAside": len(aside)},
    }
    with open(OUT_JSON, "w", encoding="utf-8") as handle:
        json.dump(golden, handle, indent=2, sort_keys=True, ensure_ascii=False)
        handle.write("\n")
    print(f"{len(kept)} records, {dimensions} dimensions, {len(aside)} set aside", file=sys.stderr)
    for reason, count in skipped.most_common():
        print(f"  skipped {count:4d}: {reason}", file=sys.stderr)


if __name__ == "__main__":
    main()
