#!/usr/bin/env python3
"""Generate Tests/Goldens/priorities.json: cells solved by kiwisolver (Cassowary) with UIKit priorities.

Run from the repository root with a Python that has kiwisolver: Debian 12's python3-kiwisolver
(1.4.4, which made the committed file) or PyPI's (1.5.1 agrees within 1e-8 pt):

    apt-get install python3-kiwisolver && /usr/bin/python3 Tests/Goldens/make_priorities.py
    # or: python3 -m venv /tmp/kiwi && /tmp/kiwi/bin/pip install kiwisolver && /tmp/kiwi/bin/python Tests/Goldens/make_priorities.py

Independent of Caliper. Each cell is written as the constraints Auto Layout would be given for it
and solved by kiwisolver, an implementation of Cassowary, the algorithm family of Auto Layout:

- Every node has variables left, top, width, height. The cell is pinned at (0, 0) and is `width`
  wide (required); its height is either fixed (a table row of fixed height, required) or pulled
  to 0 at UILayoutPriority.fittingSizeLevel (50), as systemLayoutSizeFitting does.
- A label or box has an intrinsic content size (w, h): `width <= w` at its content hugging
  priority and `width >= w` at its compression resistance priority, the same vertically.
  UIKit's defaults: a label hugs at 251 and resists at 750 on both axes; a fixed box side is
  required (1000). A node may set other priorities.
- An inset pins its child's four edges at the insets; a stack chains its children with the
  spacing between them, the first pinned to its leading edge and the last to its trailing edge
  (required); across the axis, `fill` pins both edges of a child, except a child whose hugging on
  that axis is required (a fixed size): it is pinned at the leading edge and kept inside
  (`bottom <= stack.bottom`). `leading` does that for every child.
- Priorities are solved in priority order, highest first, as the Auto Layout Guide says the engine
  satisfies them ("Anatomy of a Constraint"): every optional constraint gets an error variable
  (`width - w <= error`, `error >= 0`); for each priority level from 999 down, kiwisolver minimizes
  the sum of that level's errors (a soft `sum == 0` at kiwisolver's `strong`), and the minimum is
  then kept as a required `sum <= minimum`. Within one level errors add up, as Cassowary's
  weighted errors do: stretching a column of two labels violates two hugging constraints, a lone
  label one. (Plain numeric strengths, priority p as weight p, are not the same: they trade 1 pt at
  750 for 3 pt at 251.)
- Equal priorities are ambiguous to Auto Layout (Xcode warns of them); Caliper resolves them by
  order, the earlier node yielding first (giving way first and taking spare length first). The
  goldens write that rule into each level's sum: the k-th leaf's error (labels and boxes in
  document order) counts 1 + k × 1e-6, so an earlier leaf is slightly cheaper to violate. The
  script stops unless the same frames come out with 1e-5, so the nudge only breaks exact ties.
  kiwisolver's own answer without it is recorded as `unnudgedFrames` where it differs: in none of
  these cases, as solved level by level (a single solve with priorities as plain weights lets the
  later node yield in the name/date row).

Text sizes are the fake measurer's (Tests/CaliperLayoutTests/FakeMeasurer.swift), restated here:
a text of n characters is n × characterWidth wide on one line; at a width w a line holds
max(1, floor((w + 1e-9) / characterWidth)) characters; lines beyond numberOfLines are dropped (the
last one ending in "…", one character); a label is (its longest line × characterWidth) ×
(lines × lineHeight). A label's height depends on the width it gets, so each cell is solved,
its labels' heights taken at the widths kiwisolver gave them, and solved again until nothing
changes (twice here: no constraint ties a width to a height).

The seed's title/content cell (Examples/title-content-cell.json) is also written by hand as
the 7 constraints a developer gives it, and must solve to the same frames as the generated system:
  1. title.top      == contentView.top + 16
  2. title.leading  == contentView.leading + 16
  3. title.trailing == contentView.trailing - 16
  4. content.top    == title.bottom + 8
  5. content.leading  == contentView.leading + 16
  6. content.trailing == contentView.trailing - 16
  7. content.bottom == contentView.bottom - 16
with title.numberOfLines = 1 (truncating tail) and content.numberOfLines = 0, both labels at
UIKit's default priorities unless a case changes them.
"""
import json
import math
import os
import sys

import kiwisolver as kiwi

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(REPO, "Tests", "Goldens", "priorities.json")

REQUIRED = 1000.0
LABEL_HUGGING, DEFAULT_HUGGING, DEFAULT_RESISTANCE, FITTING = 251.0, 250.0, 750.0, 50.0
FLEXIBLE = 1.0  # what StackLayout.flexibleChild gives its child's horizontal priorities
TIE_NUDGES = (1e-6, 1e-5)  # the first makes the goldens; the second must agree


# --- the fake measurer's text sizes -------------------------------------------------------------

def text_lines(text, width, number_of_lines, character_width):
    """The lines the fake measurer gives `text` at `width` (None: one line), as character counts."""
    count = len(text)
    per_line = count if width is None else max(1, math.floor((width + 1e-9) / character_width))
    per_line = max(per_line, 1)
    lines = [min(per_line, count - start) for start in range(0, count, per_line)]
    if number_of_lines > 0 and len(lines) > number_of_lines:
        lines = lines[:number_of_lines]  # the last keeps its length: one character became "…"
    return lines


def label_size(node, width, case):
    lines = text_lines(node["text"], width, node.get("numberOfLines", 0), case["characterWidth"])
    return (max(lines, default=0) * case["characterWidth"], len(lines) * case["lineHeight"])


# --- priorities -----------------------------------------------------------------------------------

def priorities(node, parent, index):
    """(hugging, resistance), each {"horizontal", "vertical"}: the node's own or UIKit's defaults."""
    if node["type"] == "label":
        hugging = {"horizontal": LABEL_HUGGING, "vertical": LABEL_HUGGING}
        resistance = {"horizontal": DEFAULT_RESISTANCE, "vertical": DEFAULT_RESISTANCE}
    else:  # a box: its fixed sides are required
        hugging = {"horizontal": REQUIRED, "vertical": REQUIRED}
        resistance = {"horizontal": REQUIRED, "vertical": REQUIRED}
    hugging.update(node.get("huggingPriority", {}))
    resistance.update(node.get("compressionResistancePriority", {}))
    if parent is not None and parent.get("axis") == "horizontal" and parent.get("flexibleChild") == index:
        hugging["horizontal"] = resistance["horizontal"] = FLEXIBLE
    return hugging, resistance


def required_hugging(node, parent, index, axis):
    """Whether the node keeps its size on `axis` across a fill stack: its hugging there is required.
    A container's is required only when all its children's are (Caliper's derived priority)."""
    if node["type"] in ("label", "box"):
        return priorities(node, parent, index)[0][axis] >= REQUIRED
    if node["type"] == "inset":
        return required_hugging(node["child"], node, 0, axis)
    return all(required_hugging(child, node, i, axis) for i, child in enumerate(node["children"]))


# --- the constraint system --------------------------------------------------------------------------

class Cell:
    def __init__(self, case, nudge):
        self.case = case
        self.nudge = nudge  # how much more the k-th leaf's error counts: 1 + k * nudge
        self.solver = kiwi.Solver()
        self.leaves = []  # (node, variables, parent, index) in document order
        self.frames = {}
        self.optional = []  # (priority, rank, error variable)

    def variables(self, name):
        return {key: kiwi.Variable(f"{name}.{key}") for key in ("left", "top", "width", "height")}

    def add(self, constraint):
        self.solver.addConstraint(constraint | "required")

    def prefer(self, expression, priority, rank=0):
        """`expression <= 0` at `priority`: required when it is 1000, else with an error variable."""
        if priority >= REQUIRED:
            self.add(expression <= 0)
            return
        error = kiwi.Variable(f"error{len(self.optional)}")
        self.add(error >= 0)
        self.add(expression <= error)
        self.optional.append((priority, rank, error))

    def build(self, node, box, parent=None, index=0, name="root"):
        for key in ("width", "height"):
            self.add(box[key] >= 0)
        if node.get("id"):
            self.frames[node["id"]] = box
        kind = node["type"]
        if kind in ("label", "box"):
            self.leaves.append((node, box, parent, index))
        elif kind == "inset":
            top, left, bottom, right = node["insets"]
            child = self.variables(name + ".child")
            self.add(child["left"] == box["left"] + left)
            self.add(child["top"] == box["top"] + top)
            self.pin_end(child, box, "left", "width", right, required_hugging(node["child"], node, 0, "horizontal"))
            self.pin_end(child, box, "top", "height", bottom, required_hugging(node["child"], node, 0, "vertical"))
            self.build(node["child"], child, node, 0, name + ".child")
        elif kind == "stack":
            along, length = ("left", "width") if node["axis"] == "horizontal" else ("top", "height")
            across, breadth = ("top", "height") if node["axis"] == "horizontal" else ("left", "width")
            cross_axis = "vertical" if node["axis"] == "horizontal" else "horizontal"
            spacing = node.get("spacing", 0)
            children = [self.variables(f"{name}[{i}]") for i in range(len(node["children"]))]
            for i, (child_node, child) in enumerate(zip(node["children"], children)):
                if i == 0:
                    self.add(child[along] == box[along])
                else:
                    previous = children[i - 1]
                    self.add(child[along] == previous[along] + previous[length] + spacing)
                self.add(child[across] == box[across])
                keeps = node.get("alignment", "fill") != "fill" or required_hugging(child_node, node, i, cross_axis)
                self.pin_end(child, box, across, breadth, 0, keeps)
                self.build(child_node, child, node, i, f"{name}[{i}]")
            if children:
                self.add(children[-1][along] + children[-1][length] == box[along] + box[length])
        else:
            raise ValueError(kind)

    def pin_end(self, child, box, start, length, inset, keeps_size):
        end = child[start] + child[length]
        outer = box[start] + box[length] - inset
        self.add(end <= outer if keeps_size else end == outer)

    def solve(self, sizes):
        """Adds each leaf's intrinsic size constraints with `sizes` (id -> (w, h)) and solves level by level."""
        for rank, (node, box, parent, index) in enumerate(self.leaves):
            hugging, resistance = priorities(node, parent, index)
            width, height = sizes[node["id"]]
            for axis, key, value in (("horizontal", "width", width), ("vertical", "height", height)):
                self.prefer(box[key] - value, hugging[axis], rank)
                self.prefer(value - box[key], resistance[axis], rank)
        for level in sorted({priority for priority, _, _ in self.optional}, reverse=True):
            errors = [error * (1 + rank * self.nudge) for priority, rank, error in self.optional if priority == level]
            total = errors[0]
            for error in errors[1:]:
                total = total + error
            objective = (total == 0) | "strong"
            self.solver.addConstraint(objective)
            self.solver.updateVariables()
            minimum = total.value()
            self.solver.removeConstraint(objective)
            self.add(total <= minimum)
        self.solver.updateVariables()
        # + 0.0 turns kiwisolver's -0.0 into 0.0.
        return {id: [box[key].value() + 0.0 for key in ("left", "top", "width", "height")] for id, box in self.frames.items()}


def solve(case, nudge=TIE_NUDGES[0], hand_written=False):
    sizes = {}
    leaves = []

    def collect(node):
        if node["type"] in ("label", "box"):
            leaves.append(node)
        for child in node.get("children", []) + ([node["child"]] if "child" in node else []):
            collect(child)

    collect(case["root"])
    for node in leaves:
        sizes[node["id"]] = label_size(node, None, case) if node["type"] == "label" else (node["width"], node["height"])
    for _ in range(10):
        cell = hand_written_cell(case, nudge) if hand_written else generated_cell(case, nudge)
        frames = cell.solve(sizes)
        # Intrinsic widths stay the one-line widths; heights follow the widths the labels got.
        updated = dict(sizes)
        for node in leaves:
            if node["type"] == "label":
                updated[node["id"]] = (sizes[node["id"]][0], label_size(node, frames[node["id"]][2], case)[1])
        if updated == sizes:
            return frames, sizes, cell.solver
        sizes = updated
    raise RuntimeError(f"{case['name']}: label heights do not settle")


def cell_box(cell, case):
    root = cell.variables("cell")
    cell.frames["cell"] = root
    cell.add(root["left"] == 0)
    cell.add(root["top"] == 0)
    cell.add(root["width"] == case["width"])
    if case.get("height") is None:
        cell.prefer(root["height"], FITTING)  # height == 0 at systemLayoutSizeFitting's vertical fitting priority
    else:
        cell.add(root["height"] == case["height"])
    return root


def generated_cell(case, nudge):
    cell = Cell(case, nudge)
    cell.build(case["root"], cell_box(cell, case))
    return cell


def hand_written_cell(case, nudge):
    """The seed's title/content cell as its 7 constraints (see the module comment)."""
    cell = Cell(case, nudge)
    content_view = cell_box(cell, case)
    column = case["root"]["child"]
    title_node, content_node = column["children"]
    title, content = cell.variables("title"), cell.variables("content")
    cell.frames.update(title=title, content=content)
    for box in (title, content):
        for key in ("width", "height"):
            cell.add(box[key] >= 0)
    cell.add(title["top"] == content_view["top"] + 16)                                           # 1
    cell.add(title["left"] == content_view["left"] + 16)                                         # 2
    cell.add(title["left"] + title["width"] == content_view["left"] + content_view["width"] - 16)  # 3
    cell.add(content["top"] == title["top"] + title["height"] + 8)                               # 4
    cell.add(content["left"] == content_view["left"] + 16)                                       # 5
    cell.add(content["left"] + content["width"] == content_view["left"] + content_view["width"] - 16)  # 6
    cell.add(content["top"] + content["height"] == content_view["top"] + content_view["height"] - 16)  # 7
    cell.leaves = [(title_node, title, column, 0), (content_node, content, column, 1)]
    return cell


# --- the cases -------------------------------------------------------------------------------------

def label(id, text, lines=0, **priorities):
    node = {"type": "label", "id": id, "text": text, "numberOfLines": lines}
    if lines == 1:
        node["lineBreak"] = "truncate-tail"
    node.update(priorities)
    return node


def row(children, spacing, alignment="fill", **extra):
    return dict({"type": "stack", "axis": "horizontal", "spacing": spacing, "alignment": alignment, "children": children}, **extra)


def column(children, spacing, alignment="fill"):
    return {"type": "stack", "axis": "vertical", "spacing": spacing, "alignment": alignment, "children": children}


LONG_NAME = "Ada Lovelace, Countess of Lovelace, replied to your post"
TITLE = "Exact text measurement on Linux, in Swift, for every cell you size"
CONTENT = ("Caliper measures labels, chips and cells from the real font file: glyph runs shaped by HarfBuzz, "
           "line breaks from ICU, and metrics from the font tables.")


def name_date(name, **date_priorities):
    return row([label("name", name, 1), label("date", "2h", 1, **date_priorities)], 8)


def title_content(**content_priorities):
    return {"type": "inset", "insets": [16, 16, 16, 16],
            "child": column([label("title", TITLE, 1), label("content", CONTENT, 0, **content_priorities)], 8)}


def avatar_cell(**avatar_priorities):
    avatar = dict({"type": "box", "id": "avatar", "width": 40, "height": 40}, **avatar_priorities)
    names = column([label("name", "Ada Lovelace", 1), label("date", "23 November 2026 at 10:57", 1)], 2)
    return {"type": "inset", "insets": [10, 10, 10, 10], "child": row([avatar, names], 10)}


def feed_header(**time_priorities):
    """An avatar, the name over the date, and the time: a column of labels between a box and a label."""
    avatar = {"type": "box", "id": "avatar", "width": 40, "height": 40}
    names = column([label("name", "Ada Lovelace", 1), label("date", "23 November 2026 at 10:57", 1)], 2)
    names["id"] = "names"
    return {"type": "inset", "insets": [10, 10, 10, 10],
            "child": row([avatar, names, label("time", "10:57", 1, **time_priorities)], 10)}


def h(value):
    return {"horizontal": value}


def v(value):
    return {"vertical": value}


FAKE = {"characterWidth": 7.25, "lineHeight": 20.75}
CASES = [
    # "long name … 2h" at 240: both labels 251/750, a tie: the name, earlier, gives way.
    dict(FAKE, name="name-date-row", width=240, root=name_date(LONG_NAME)),
    # The name resists at 751 (above the date's 750): the date gives way, all of it.
    dict(FAKE, name="name-date-row-name-resists", width=240,
         root=row([label("name", LONG_NAME, 1, compressionResistancePriority=h(751)), label("date", "2h", 1)], 8)),
    # The date resists at 1000 (required): same as the default, the name gives way.
    dict(FAKE, name="name-date-row-date-required", width=240,
         root=name_date(LONG_NAME, compressionResistancePriority=h(1000))),
    # A short name leaves spare width: the name (earlier, equal hugging) takes it, the date sits at the trailing edge.
    dict(FAKE, name="name-date-row-spare", width=240, root=name_date("Ada")),
    # The date hugs at 250 (below the name's 251): it takes the spare.
    dict(FAKE, name="name-date-row-spare-date-hugs-less", width=240,
         root=name_date("Ada", huggingPriority=h(250))),
    # flexibleChild on the date: its horizontal priorities are 1, so it gives way first (to nothing) …
    dict(FAKE, name="name-date-row-flexible-date", width=240, root=dict(name_date(LONG_NAME), flexibleChild=1)),
    # … and takes the spare.
    dict(FAKE, name="name-date-row-flexible-date-spare", width=240, root=dict(name_date("Ada"), flexibleChild=1)),
    # The seed's title/content cell, self-sizing at 375 and 320.
    dict(FAKE, name="title-content-cell-375", width=375, root=title_content(), handWritten=True),
    dict(FAKE, name="title-content-cell-320", width=320, root=title_content(), handWritten=True),
    # At a fixed row height of 120 pt (shorter than the content): equal vertical resistance, the title gives way first.
    dict(FAKE, name="title-content-cell-fixed-short", width=375, height=120, root=title_content(), handWritten=True),
    # The content resists at 749: it gives way and the title keeps its line.
    dict(FAKE, name="title-content-cell-fixed-short-content-yields", width=375, height=120,
         root=title_content(compressionResistancePriority=v(749)), handWritten=True),
    # At 240 pt (taller than the content): equal hugging, the title takes the spare height.
    dict(FAKE, name="title-content-cell-fixed-tall", width=375, height=240, root=title_content(), handWritten=True),
    # The content hugs at 250: it takes the spare.
    dict(FAKE, name="title-content-cell-fixed-tall-content-hugs-less", width=375, height=240,
         root=title_content(huggingPriority=v(250)), handWritten=True),
    # A fixed 40 × 40 avatar beside two 19.749-pt lines (41.498 with the spacing) under fill: it stays 40 × 40.
    dict(FAKE, lineHeight=19.749, name="avatar-cell", width=320, root=avatar_cell()),
    # Narrow: the avatar is required, the names give way and truncate.
    dict(FAKE, lineHeight=19.749, name="avatar-cell-narrow", width=120, root=avatar_cell()),
    # A column of two labels between the avatar and the time, too narrow for the date: the column
    # (its labels resist at 750, like the time, and come earlier) gives way, its labels truncate.
    dict(FAKE, lineHeight=19.749, name="feed-header-narrow", width=240, root=feed_header()),
    # The time resists at 749: it gives way first, all of it, then the column.
    dict(FAKE, lineHeight=19.749, name="feed-header-narrow-time-yields", width=240,
         root=feed_header(compressionResistancePriority=h(749))),
    # Wide: the spare width goes to the column (its labels hug at 251 like the time's, and come first).
    dict(FAKE, lineHeight=19.749, name="feed-header-wide", width=414, root=feed_header()),
    # The avatar's vertical hugging lowered to 250: fill stretches it to the row's 41.498.
    dict(FAKE, lineHeight=19.749, name="avatar-cell-avatar-stretches", width=320, root=avatar_cell(huggingPriority=v(250))),
]


def close(a, b):
    return all(abs(x - y) <= 1e-6 for id in a for x, y in zip(a[id], b[id]))


def main():
    out = []
    for case in CASES:
        frames, sizes, _ = solve(case)
        other, _, _ = solve(case, nudge=TIE_NUDGES[1])
        if not close(frames, other):
            sys.exit(f"{case['name']}: the tie rule's nudge changes more than ties:\n{frames}\n{other}")
        if case.get("handWritten"):
            by_hand, _, _ = solve(case, hand_written=True)
            if not close({k: frames[k] for k in ("cell", "title", "content")}, by_hand):
                sys.exit(f"{case['name']}: the 7 constraints and the generated system differ:\n{frames}\n{by_hand}")
        unnudged, _, _ = solve(case, nudge=0)
        cell = frames.pop("cell")
        record = {
            "name": case["name"], "width": case["width"], "height": case.get("height"),
            "characterWidth": case["characterWidth"], "lineHeight": case["lineHeight"], "root": case["root"],
            "intrinsicSizes": {id: list(size) for id, size in sorted(sizes.items())},
            "size": cell[2:], "frames": dict(sorted(frames.items())),
        }
        unnudged.pop("cell")
        if not close(frames, unnudged):
            record["unnudgedFrames"] = dict(sorted(unnudged.items()))
        out.append(record)
    with open(OUT, "w", encoding="utf-8") as file:
        json.dump({"generator": f"kiwisolver {kiwi.__version__}", "cases": out}, file, indent=2, sort_keys=True,
                  ensure_ascii=False)
        file.write("\n")
    print(f"wrote {len(out)} cases to {os.path.relpath(OUT, REPO)}")


if __name__ == "__main__":
    main()
