"""What the tests share: the CLI they compare against, requests made from the repository's goldens and
examples, and the field-by-field check of a typed result against its answer."""

from __future__ import annotations

import dataclasses
import json
import os
import re
import subprocess
from collections.abc import Mapping
from pathlib import Path
from typing import Any

REPOSITORY = Path(__file__).resolve().parents[2]
GOLDENS = REPOSITORY / "Tests" / "Goldens"


def cli() -> str:
    """The `caliper` CLI: $CALIPER_CLI (scripts/python-test sets it), else the debug build."""
    return os.environ.get("CALIPER_CLI") or str(REPOSITORY / ".build" / "debug" / "caliper")


def batch(lines: list[bytes], *options: str) -> list[bytes]:
    """`caliper batch`'s answer lines to `lines`, run in the repository (relative font paths read from it)."""
    result = subprocess.run([cli(), "batch", *options], input=b"\n".join(lines) + b"\n", cwd=REPOSITORY,
                            capture_output=True, check=True, timeout=300)
    return result.stdout.splitlines()


def line(request: Mapping[str, Any]) -> bytes:
    """A request as one JSON line."""
    return json.dumps(request, ensure_ascii=False).encode("utf-8")


# Requests made from the goldens (their expected values are the Swift tests' business: here the CLI's answer is).

LINE_BREAK_MODES = {"byClipping": "clip", "byTruncatingHead": "truncate-head", "byTruncatingMiddle": "truncate-middle",
                    "byTruncatingTail": "truncate-tail", "byWordWrapping": "word", "byCharWrapping": "char"}


def label_requests() -> list[dict[str, Any]]:
    """UIKit labels from Apple-made frames (uikit_frames.json) and single lines from advances.json."""
    frames = json.loads((GOLDENS / "uikit_frames.json").read_text())["records"]
    requests: list[dict[str, Any]] = [
        {"id": f"uikit-{index}", "text": record["text"], "font": record["font"], "size": record["pointSize"],
         "maxWidth": record["fixedWidth"], "maxLines": record["numberOfLines"],
         "lineBreak": LINE_BREAK_MODES[record["lineBreakMode"]], "scale": record["scale"]}
        for index, record in enumerate(frames)]
    for index, case in enumerate(json.loads((GOLDENS / "advances.json").read_text())["cases"]):
        request = {"id": f"advance-{index}", "text": case["text"], "font": case["font"], "size": 17,
                   "intrinsicWidths": True}
        if case["features"]:
            request["features"] = [case["features"]]
        requests.append(request)
    return requests


def paragraph_requests() -> list[dict[str, Any]]:
    """Wrapped paragraphs (wrapped.json), hard breaks and all."""
    return [{"id": case["name"], "text": case["text"], "font": case["font"], "size": case["size"],
             "maxWidth": case["maxWidth"]}
            for case in json.loads((GOLDENS / "wrapped.json").read_text())["cases"]]


def flow_requests() -> list[dict[str, Any]]:
    """Chip flows (browser_flow.json)."""
    requests = []
    for case in json.loads((GOLDENS / "browser_flow.json").read_text())["cases"]:
        request = {"id": case["name"], "op": "flow", "width": case["containerWidth"], "items": case["items"],
                   "insets": case["insets"], "spacing": case["spacing"], "lineSpacing": case["lineSpacing"],
                   "alignment": case["alignment"]}
        if case["rtl"]:
            request["rtl"] = True
        requests.append(request)
    return requests


def cell_requests() -> list[dict[str, Any]]:
    """The cells of Examples/*.json as layout requests (font paths from the repository), at two widths."""
    requests = []
    for spec_file in sorted((REPOSITORY / "Examples").glob("*.json")):
        spec = json.loads(spec_file.read_text().replace('"../Fonts/', '"Fonts/'))
        spec.pop("description", None)
        for width in (spec["width"], 320):
            requests.append({**spec, "id": f"{spec_file.stem}@{width}", "op": "layout", "width": width})
    return requests


def android_requests() -> list[dict[str, Any]]:
    """Android 14 TextViews (android_textview.json): every view's text, fonts, size, width and settings."""
    requests = []
    for index, view in enumerate(json.loads((GOLDENS / "android_textview.json").read_text())["views"]):
        settings: dict[str, Any] = {
            "hinting": view["hinting"], "includeFontPadding": view["includeFontPadding"],
            "breakStrategy": view["breakStrategy"].replace("_", "-"),
            "lineSpacingMultiplier": view["lineSpacingMultiplier"], "lineSpacingExtra": view["lineSpacingExtra"],
            "textSizeFromResource": False}
        if view["ellipsize"]:
            settings["ellipsize"] = view["ellipsize"]
        request = {"id": f"view-{index}", "platform": "android", "text": view["text"], "font": view["fonts"][0],
                   "fallback": view["fonts"][1:], "size": view["size"], "android": settings}
        if view["maxWidth"] is not None:
            request["maxWidth"] = view["maxWidth"]
        if view["maxLines"] is not None:
            request["maxLines"] = view["maxLines"]
        requests.append(request)
    return requests


# The field-by-field check.

JSON_KEYS = {"width_dp": "widthDP", "height_dp": "heightDP"}


def json_key(field_name: str) -> str:
    """A field's answer key: its name in camelCase (the two DP fields spelled as the protocol does)."""
    return JSON_KEYS.get(field_name) or re.sub(r"_([a-z])", lambda match: match.group(1).upper(), field_name)


def assert_fields(value: Any, expected: Any, path: str = "answer") -> None:
    """Every field of a typed result equals its answer key's value (an absent key: the field's
    default), and every key of the answer has its field."""
    if dataclasses.is_dataclass(value):
        assert isinstance(expected, dict), path
        keys = set()
        for field in dataclasses.fields(value):
            if field.name == "raw":
                assert value.raw == expected, f"{path}.raw"  # type: ignore[attr-defined]
                continue
            key = json_key(field.name)
            keys.add(key)
            member = getattr(value, field.name)
            if key in expected:
                assert_fields(member, expected[key], f"{path}.{key}")
            else:
                default = field.default_factory() if field.default_factory is not dataclasses.MISSING else field.default
                assert default is not dataclasses.MISSING, f"{path}: no {key}"
                assert member == default, f"{path}.{field.name} is {member!r} with no {key}"
        assert set(expected) <= keys, f"{path}: keys with no field: {sorted(set(expected) - keys)}"
    elif isinstance(value, tuple):
        assert isinstance(expected, list) and len(value) == len(expected), path
        for index, (member, expected_member) in enumerate(zip(value, expected)):
            assert_fields(member, expected_member, f"{path}[{index}]")
    elif isinstance(value, Mapping):
        assert isinstance(expected, dict) and list(value) == list(expected), path
        for key in value:
            assert_fields(value[key], expected[key], f"{path}.{key}")
    else:
        assert type(value) is type(expected) and value == expected, f"{path}: {value!r} against {expected!r}"
