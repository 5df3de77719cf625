"""Measure, flow and layout answers equal `caliper batch`'s for the same request, byte for byte in JSON
and field by field in the typed results."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import pytest

import caliper
import support
from support import REPOSITORY, assert_fields


def assert_answers_as_cli(measurer: caliper.Measurer, requests: list[dict[str, Any]], result_type: type) -> None:
    lines = [support.line(request) for request in requests]
    expected = support.batch(lines)
    assert len(expected) == len(lines)
    for request, request_line, cli_answer in zip(requests, lines, expected):
        answer = measurer.answer(request_line)
        assert answer.encode("utf-8") == cli_answer, request["id"]
        # The same request given as a dict is serialized by the package: the same answer.
        assert measurer.answer(request) == answer, request["id"]
        parsed = json.loads(answer)
        assert "error" not in parsed, parsed
        result = measurer.result(request)
        assert type(result) is result_type
        assert_fields(result, parsed)


def test_labels(measurer: caliper.Measurer) -> None:
    assert_answers_as_cli(measurer, support.label_requests(), caliper.MeasureResult)


def test_wrapped_paragraphs(measurer: caliper.Measurer) -> None:
    assert_answers_as_cli(measurer, support.paragraph_requests(), caliper.MeasureResult)


def test_sizes_at_several_widths(measurer: caliper.Measurer) -> None:
    """A request with widths answers as `caliper batch` does, and each width's size is what a
    measure request at that max_width answers (wrapped.json's paragraphs, with a line limit)."""
    requests = [{key: value for key, value in request.items() if key != "maxWidth"}
                | {"widths": [0, request["maxWidth"] / 2, request["maxWidth"], 320], "maxLines": 3, "scale": 2}
                for request in support.paragraph_requests()]
    assert_answers_as_cli(measurer, requests, caliper.SizesResult)
    for request in requests[:8]:
        fields = {key: value for key, value in request.items() if key not in ("widths", "id", "text")}
        result = measurer.sizes(request["text"], request=fields, widths=request["widths"])
        for width, size in zip(request["widths"], result.sizes):
            layout = measurer.measure(request["text"], max_width=width, request=fields)
            assert (size.max_width, size.size, size.lines, size.truncated) == (width, layout.size, len(layout.lines), layout.truncated)
            assert (size.rounded_width, size.rounded_height) == (layout.rounded_width, layout.rounded_height)
    with pytest.raises(caliper.CaliperError, match="not both"):
        measurer.sizes("Hello", widths=[100], maxWidth=100)
    with pytest.raises(TypeError):
        measurer.sizes("Hello", widths=100)  # type: ignore[arg-type]


def test_flows(measurer: caliper.Measurer) -> None:
    assert_answers_as_cli(measurer, support.flow_requests(), caliper.FlowResult)


def test_cells(measurer: caliper.Measurer) -> None:
    assert_answers_as_cli(measurer, support.cell_requests(), caliper.LayoutResult)


def test_android_text_views(measurer: caliper.Measurer) -> None:
    assert_answers_as_cli(measurer, support.android_requests(), caliper.AndroidMeasureResult)


def test_answers_with_every_optional_key(measurer: caliper.Measurer) -> None:
    """Answers with the keys most answers leave out: truncation, hyphens, spans, variations, inline boxes,
    intrinsic widths, shrinking, pixel sizes, warnings, an overflow chip, glyphs no font has."""
    requests = [
        {"id": "tail", "text": "The quick brown fox jumps over the lazy dog.", "font": "Fonts/NotoSans-Regular.ttf",
         "maxWidth": 200, "maxLines": 2, "lineBreak": "truncate-tail", "intrinsicWidths": True, "scale": 3},
        {"id": "hyphens", "text": "extraordinarily", "maxWidth": 50, "hyphenationFactor": 1, "language": "en",
         "font": "Fonts/DejaVuSans.ttf", "spans": [{"start": 0, "end": 3, "size": 12}]},
        {"id": "markup", "markup": "a<sup><sub>x</sub></sup> <b>bold</b>", "font": "Fonts/DejaVuSans.ttf", "size": 12},
        {"id": "variations", "text": "Heavy", "font": "Fonts/Inter.var.ttf", "variations": {"wght": 800}},
        {"id": "box", "text": "Ana \ufffc", "font": "Fonts/NotoSans-Regular.ttf", "size": 15,
         "attachments": [{"at": 4, "width": 16, "height": 16, "alignment": "middle", "id": "badge"}]},
        {"id": "shrink", "text": "A title that shrinks", "font": "Fonts/DejaVuSans.ttf", "maxWidth": 100,
         "minimumScaleFactor": 0.5},
        {"id": "warning", "text": "Hyphenation sentence with extraordinarily long words", "maxWidth": 60,
         "hyphenationFactor": 1, "font": "Fonts/DejaVuSans.ttf"},
        {"id": "missing", "text": "a\u0378b", "font": "Fonts/DejaVuSans.ttf", "onlyGivenFonts": True},
        {"id": "rtl", "text": "abc \u05d0\u05d1\u05d2 def", "font": "Fonts/DejaVuSans.ttf", "direction": "rtl"},
    ]
    assert_answers_as_cli(measurer, requests, caliper.MeasureResult)
    flows = [
        {"id": "overflow", "op": "flow", "width": 120, "maxRows": 1,
         "items": [{"text": text, "font": "Fonts/NotoSans-Regular.ttf", "size": 14, "padding": [4, 10, 4, 10]}
                   for text in ("swift", "ios", "machine learning", "linux")]},
        {"id": "missing", "op": "flow", "width": 50, "onlyGivenFonts": True,
         "items": [{"text": "\u0378\u0379", "font": "Fonts/DejaVuSans.ttf"}, {"width": 10, "height": 10}]},
    ]
    assert_answers_as_cli(measurer, flows, caliper.FlowResult)
    cells = [{"id": "rounded", "op": "layout", "width": 320, "scale": 3, "root": {
        "type": "label", "id": "title", "text": "\u0378 Release notes", "font": "Fonts/DejaVuSans.ttf"},
        "onlyGivenFonts": True}]
    assert_answers_as_cli(measurer, cells, caliper.LayoutResult)


def test_keywords_build_the_protocols_request(measurer: caliper.Measurer) -> None:
    by_keywords = measurer.measure("The quick brown fox jumps over the lazy dog.", font="Fonts/DejaVuSans.ttf",
                                   size=15, max_width=120, max_lines=2, line_break="truncate-middle",
                                   letterSpacing=0.5, id="k")
    by_request = measurer.result({"id": "k", "text": "The quick brown fox jumps over the lazy dog.",
                                  "font": "Fonts/DejaVuSans.ttf", "size": 15, "maxWidth": 120, "maxLines": 2,
                                  "lineBreak": "truncate-middle", "letterSpacing": 0.5})
    assert by_keywords == by_request and by_keywords.raw == by_request.raw
    assert by_keywords.id == "k" and len(by_keywords.lines) == 2 and by_keywords.truncated
    # `request` gives keys too; named keywords and then `more` are laid over it.
    assert measurer.measure(request={"text": "x", "size": 30}, size=15, font="Fonts/DejaVuSans.ttf") == \
        measurer.measure("x", size=15, font="Fonts/DejaVuSans.ttf")
    chips = measurer.flow(["swift", {"text": "ios", "size": 20}], 200,
                          chip={"font": "Fonts/DejaVuSans.ttf", "size": 14, "padding": [4, 10, 4, 10]}, spacing=6)
    assert chips == measurer.result({"op": "flow", "width": 200, "spacing": 6, "items": [
        {"font": "Fonts/DejaVuSans.ttf", "size": 14, "padding": [4, 10, 4, 10], "text": "swift"},
        {"font": "Fonts/DejaVuSans.ttf", "size": 20, "padding": [4, 10, 4, 10], "text": "ios"}]})
    assert chips.frames[1].x == chips.frames[0].width + 6
    cell = measurer.layout({"type": "label", "id": "title", "text": "Release notes"}, 375, scale=2)
    assert set(cell.frames) == {"title"} and cell.rounded_size is not None
    android = measurer.measure("Invite friends", font="Fonts/Android/Roboto-Regular.ttf", size=14,
                               platform="android", android={"density": 2.625})
    assert isinstance(android, caliper.AndroidMeasureResult) and android.width_dp == android.width / 2.625


def test_batch_answers_each_request_in_order(measurer: caliper.Measurer) -> None:
    requests: list[caliper.Request] = [
        support.paragraph_requests()[0], "not JSON", support.flow_requests()[0],
        json.dumps(support.cell_requests()[0]), support.line(support.android_requests()[0])]
    results = measurer.batch(requests)
    assert [type(result) for result in results] == [
        caliper.MeasureResult, caliper.CaliperError, caliper.FlowResult, caliper.LayoutResult,
        caliper.AndroidMeasureResult]
    assert results[1].answer == {"id": None, "error": "invalid JSON"}  # type: ignore[union-attr]
    with caliper.Measurer(threads=4) as threaded:
        threaded_results = threaded.batch(requests * 10)
    # An error is an exception, equal only to itself: compared by its answer.
    def comparable(result: object) -> object:
        return result.answer if isinstance(result, caliper.CaliperError) else result
    assert [comparable(result) for result in threaded_results] == [comparable(result) for result in results * 10]


def cli_size(*arguments: str) -> tuple[str, str]:
    output = subprocess.run([support.cli(), "measure", *arguments], capture_output=True, text=True, check=True).stdout
    fields = dict(line.split(": ", 1) for line in output.splitlines() if ": " in line)
    return fields["width"], fields["height"]


def test_printed_result_shows_the_clis_size() -> None:
    """issue #44's check: the package prints what `caliper measure` prints, from a fresh interpreter."""
    width, height = cli_size("Hello, World", "--font", "DejaVu Sans", "--size", "17")
    printed = subprocess.run(
        [sys.executable, "-c",
         "import caliper; print(caliper.Measurer().measure('Hello, World', font='DejaVu Sans', size=17))"],
        capture_output=True, text=True, check=True, env={**os.environ, "PYTHONPATH": str(REPOSITORY / "python")},
    ).stdout
    assert printed.startswith(f"MeasureResult(width={width}, height={height}, "), printed
    assert printed == ("MeasureResult(width=102.6142578125, height=19.7890625, line_height=19.7890625, lines=1, "
                       "truncated=False, missing_glyphs=0)\n")


@pytest.mark.parametrize("result, shown", [
    (caliper.FlowResult((caliper.Rect(0, 0, 10, 20),), ((0, 1),), caliper.Size(100, 20), 0, 0),
     "FlowResult(frames=1, rows=1, content_size=Size(width=100, height=20), hidden_count=0, missing_glyphs=0)"),
    (caliper.LayoutResult(caliper.Size(320, 40), {"a": caliper.Rect(0, 0, 1, 1)}, 0, warnings=("w",)),
     "LayoutResult(size=Size(width=320, height=40), frames=1, missing_glyphs=0, warnings=('w',))"),
])
def test_results_show_what_they_hold(result: object, shown: str) -> None:
    assert repr(result) == str(result) == shown
