"""Bad input is answered with an error answer, raised as CaliperError by the typed calls: the same
answer `caliper batch` gives that line, and never a crash."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import caliper
import support
from support import REPOSITORY

# Lines the batch tests and the fuzzers throw at the protocol.
HOSTILE_LINES: list[bytes] = [
    b"not json", b"{", b"}", b"[]", b"null", b"0", b'"text"', b"{}", b'{"id": 1}',
    b'{"id": 1, "text": 5}', b'{"id": 1, "op": "nope", "text": "a"}', b'{"id": 1, "op": "flow"}',
    b'{"id": 1, "op": "layout", "width": 100, "root": {"type": "nope"}}',
    b'{"id": 1, "text": "a", "size": -1}', b'{"id": 1, "text": "a", "size": 1e400}',
    b'{"id": 1, "text": "a", "size": NaN}', b'{"id": 1, "text": "a", "maxWidth": -5}',
    b'{"id": 1, "text": "a", "maxLines": 1.5}', b'{"id": [1, {"deep": true}], "text": "a", "numberOfLine": 2}',
    b'{"id": 1, "text": "a", "text": "b"}', b'{"id": 1, "text": "a"} trailing',
    b'{"id": 1, "text": "a\\u0000b", "font": "Fonts/DejaVuSans.ttf"}',
    b'{"id": 1, "text": "a", "font": "Fonts/DejaVuSans.ttf\\u0000.ttf"}',
    b'{"id": 1, "text": "a\x00b"}',  # a raw NUL inside a string: not JSON
    b'{"id": 1, "text": "\xff\xfe invalid UTF-8", "font": "Fonts/DejaVuSans.ttf"}',
    b'{"id": 1, "text": "truncated \xe2\x82", "font": "Fonts/DejaVuSans.ttf"}',
    b'{"id": 1, "text": "overlong \xc0\xaf and surrogate \xed\xa0\x80", "font": "Fonts/DejaVuSans.ttf"}',
    b'{"id": 1, "text": "lone \\ud800 surrogate", "font": "Fonts/DejaVuSans.ttf"}',
    b'{"\xff": 1}', b"\xef\xbb\xbf{\"id\": 1, \"text\": \"BOM\"}", b"\xe2\x80\x8b",
    b"[" * 100_000, b'{"a":' * 50_000, b'{"id": 1, "text": "' + b"\\u0041" * 20_000 + b'"}',
    b'{"id": 1, "text": "a", "font": "/etc/passwd"}', b'{"id": 1, "text": "a", "font": "Fonts/"}',
    b'{"id": 1, "text": "a", "spans": [{"start": 5, "end": 1}]}',
    b'{"id": 1, "text": "a", "spans": [{"start": 0, "end": 1, "size": 12}, {"start": 0, "end": 1}]}',
    b'{"id": 1, "text": "\\ufffc", "attachments": [{"at": 0, "width": -1, "height": 1e308}]}',
    b'{"id": 1, "platform": "android", "text": "a"}', b'{"id": 1, "android": {}, "text": "a"}',
    b'{"id": 1, "op": "flow", "width": 1e308, "items": [{"text": "a"}], "maxRows": -1}',
    b'{"id": 1, "op": "layout", "width": 100, "root": {"type": "stack", "axis": "vertical", "children": '
    + b'[{"type": "box", "id": "x", "width": 1, "height": 1}, {"type": "box", "id": "x", "width": 1, "height": 1}]}}',
]


def assert_answered_as_cli(measurer: caliper.Measurer, lines: list[bytes], *options: str) -> None:
    expected = support.batch(lines, *options)
    assert len(expected) == len(lines)
    for request, cli_answer in zip(lines, expected):
        assert measurer.answer(request).encode("utf-8") == cli_answer, request[:200]


def test_hostile_lines_answer_as_caliper_batch(measurer: caliper.Measurer) -> None:
    assert_answered_as_cli(measurer, HOSTILE_LINES)
    for request in HOSTILE_LINES:
        answer = measurer.answer_dict(request)
        if "error" in answer:
            with pytest.raises(caliper.CaliperError) as raised:
                measurer.result(request)
            assert raised.value.answer == answer and raised.value.message == answer["error"]


def is_blank(line: bytes) -> bool:
    """BatchProcessor.isBlank: empty, or all White_Space (the lines `caliper batch` skips)."""
    white_space = set("\t\n\v\f\r \x85\xa0\u1680\u2007\u2028\u2029\u202f\u205f\u3000") | {
        chr(code) for code in range(0x2000, 0x200B)}
    return all(character in white_space for character in line.decode("utf-8", "replace"))


def test_the_fuzzers_corpus_answers_as_caliper_batch(measurer: caliper.Measurer) -> None:
    """Every line of Fuzz/Corpus/FuzzBatch: the library's answer is `caliper batch`'s (the blank lines
    it skips are answered with an error)."""
    lines = []
    for entry in sorted((REPOSITORY / "Fuzz" / "Corpus" / "FuzzBatch").iterdir()):
        for request in entry.read_bytes().split(b"\n"):
            if is_blank(request):
                assert "blank" in measurer.answer_dict(request)["error"]
            else:
                lines.append(request)
    assert len(lines) > 300
    assert_answered_as_cli(measurer, lines)


def test_errors_of_the_typed_calls(measurer: caliper.Measurer) -> None:
    with pytest.raises(caliper.CaliperError) as raised:
        measurer.measure("Hello", font="Fonts/DejaVuSans.ttf", numberOfLine=2, id="c1")
    assert raised.value.id == "c1" and raised.value.answer["id"] == "c1"
    assert raised.value.message.startswith("unknown key numberOfLine (known: ")
    assert str(raised.value) == raised.value.message
    # A snake_case key is not the protocol's: the library names the key meant.
    with pytest.raises(caliper.CaliperError, match="letter_spacing"):
        measurer.measure("Hello", letter_spacing=1)
    with pytest.raises(caliper.CaliperError, match="no such file|not found|cannot"):
        measurer.measure("Hello", font="Fonts/NoSuchFont.ttf")
    with pytest.raises(caliper.CaliperError):
        measurer.flow([{"text": "a", "padding": [1, 2]}], 100)
    with pytest.raises(caliper.CaliperError):
        measurer.layout({"type": "label", "id": "a", "text": "x", "numberOfLine": 1}, 100)
    with pytest.raises(caliper.CaliperError):
        measurer.measure("a", platform="android")  # no size
    # Values JSON cannot hold are refused before the library sees them.
    with pytest.raises(ValueError):
        measurer.measure("a", size=float("nan"))
    with pytest.raises(TypeError):
        measurer.measure("a", size=object())


def test_nul_and_surrogates_in_python_strings(measurer: caliper.Measurer) -> None:
    with_nul = measurer.measure("a\x00b", font="Fonts/DejaVuSans.ttf")
    assert with_nul.lines[-1].end == 3
    with pytest.raises(caliper.CaliperError, match="NUL"):
        measurer.measure("a", font="Fonts/DejaVuSans.ttf\x00.ttf")
    # A lone surrogate goes to the library as JSON's \ud800 escape, which its JSON reader refuses, as
    # `caliper batch` does; in a request given as text it is sent as ill-formed UTF-8, read as U+FFFD.
    with pytest.raises(caliper.CaliperError) as raised:
        measurer.measure("a\ud800b", font="Fonts/DejaVuSans.ttf")
    assert raised.value.answer == json.loads(support.batch([b'{"text": "a\\ud800b"}'])[0])
    replaced = measurer.result('{"text": "a\ud800b", "font": "Fonts/DejaVuSans.ttf"}')
    assert replaced == measurer.result('{"text": "a\ufffd\ufffd\ufffdb", "font": "Fonts/DejaVuSans.ttf"}')


def test_limits(measurer: caliper.Measurer) -> None:
    with pytest.raises(caliper.CaliperError, match="100000"):
        measurer.measure("a" * 100_001)
    with caliper.Measurer(max_text_length=1000, max_request_bytes=5000) as limited:
        assert_answered_as_cli(limited, [support.line({"id": 1, "text": "a" * 1001})], "--max-text-length", "1000")
        limited.measure("a" * 1000)
        over = limited.answer_dict(b'{"text": "' + b"a" * 5000 + b'"}')
        assert over["id"] is None and "maxRequestBytes" in over["error"]
    # A request far over the default limit (8 MiB) is refused whole, not read.
    huge = b'{"id": 1, "text": "' + b"x" * (9 << 20) + b'"}'
    assert "maxRequestBytes" in measurer.answer_dict(huge)["error"]


def test_a_closed_measurer_refuses_calls() -> None:
    measurer = caliper.Measurer()
    assert not measurer.closed
    measurer.close()
    measurer.close()
    assert measurer.closed and "closed" in repr(measurer)
    with pytest.raises(ValueError, match="closed"):
        measurer.measure("a")
    with caliper.Measurer() as scoped:
        scoped.measure("a")
    assert scoped.closed


@pytest.mark.parametrize("settings, message", [
    ({"threads": 0}, "threads"),
    ({"threads": 257}, "threads"),
    ({"max_text_length": 0}, "maxTextLength"),
    ({"max_font_bytes": -1}, "maxFontBytes"),
    ({"max_request_bytes": 0}, "maxRequestBytes"),
    ({"font_root": "/no/such/folder"}, "/no/such/folder"),
    ({"settings": {"fontRoot": 5}}, "fontRoot"),
    ({"settings": {"maxTextLenght": 5}}, "maxTextLenght"),
    ({"settings": {"threads": "4"}}, "threads"),
])
def test_bad_settings_raise(settings: dict, message: str) -> None:
    with pytest.raises(caliper.CaliperError) as raised:
        caliper.Measurer(**settings)
    assert message in raised.value.message
    assert raised.value.answer == {"id": None, "error": raised.value.message}


def test_settings_reach_the_processor(tmp_path: Path) -> None:
    with caliper.Measurer(font_root=REPOSITORY / "Fonts") as rooted:
        assert_answered_as_cli(rooted, [support.line({"id": 1, "text": "Hello", "font": "DejaVuSans.ttf"}),
                                        support.line({"id": 2, "text": "Hello", "font": "DejaVu Sans"})],
                               "--font-root", "Fonts")
    with caliper.Measurer(only_given_fonts=True) as strict:
        with pytest.raises(caliper.CaliperError):
            strict.measure("Hello")
        strict.measure("Hello", font="Fonts/DejaVuSans.ttf")
