"""Measurer: a processor of the C ABI, answering batch-protocol requests built from Python values."""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Literal, Union, overload

from . import _abi
from ._results import (
    AndroidMeasureResult, CaliperError, FlowResult, LayoutResult, MeasureResult, Result, SizesResult, result_of,
)

#: A path given as a string or a path-like object.
StrPath = Union[str, "os.PathLike[str]"]

#: A request: a dict of the protocol's keys, or its JSON text or bytes as given.
Request = Union[Mapping[str, Any], str, bytes]


def _path(value: Any) -> str:
    if isinstance(value, os.PathLike):
        return os.fspath(value)
    raise TypeError(f"{type(value).__name__} is not a JSON value: {value!r}")


# One encoder, made once (json.dumps with options makes one a call): compact, NaN refused, paths as
# strings, and ASCII output, so that a str with lone surrogates still goes through, as JSON escapes.
_encoder = json.JSONEncoder(separators=(",", ":"), allow_nan=False, default=_path)


def _json(value: Mapping[str, Any]) -> bytes:
    return _encoder.encode(value).encode("ascii")


def _body(op: str, request: Mapping[str, Any] | None, named: Mapping[str, Any], more: Mapping[str, Any]) -> dict[str, Any]:
    """A request: `request`'s keys, then the named keyword arguments that are not None (already the
    protocol's keys), then `more` as given, and `op`."""
    body = dict(request) if request is not None else {}
    body.update((key, value) for key, value in named.items() if value is not None)
    body.update(more)
    body["op"] = op
    return body


class Measurer:
    """Caliper in-process: fonts, limits and caches kept between requests, answering the batch
    protocol's measure, flow and layout requests exactly as ``caliper batch`` does.

    The keyword arguments are ``caliper batch``'s options (the settings of the C ABI's
    ``caliper_processor_create``); None leaves the library's default::

        with caliper.Measurer(font_root="/srv/fonts") as measurer:
            measurer.measure("Hello, World", font="DejaVuSans.ttf", size=17).width   # 102.6142578125

    One Measurer may be used from any number of threads at once (the library lets go of the GIL
    while it measures); give ``threads`` the number of threads that will, so that each measures with
    caches of its own. Close it with ``close()``, a ``with`` block, or by dropping the last reference.

    Raises CaliperError when the library refuses the settings, and OSError when the library
    cannot be found (see the package's documentation for where it is looked for).
    """

    def __init__(
        self,
        font_root: StrPath | None = None,
        *,
        allow_font_patterns: bool = False,
        only_given_fonts: bool = False,
        max_text_length: int | None = None,
        max_font_bytes: int | None = None,
        font_cache_bytes: int | None = None,
        max_request_bytes: int | None = None,
        system_font: StrPath | None = None,
        android_hyphenation: StrPath | None = None,
        android_fonts: StrPath | None = None,
        android_fonts_xml: StrPath | None = None,
        threads: int = 1,
        settings: Mapping[str, Any] | None = None,
    ) -> None:
        """A processor with these settings.

        :param font_root: Confine fonts to this folder: relative font paths are read from it, and
            there is no system fallback (``--font-root``).
        :param allow_font_patterns: With a font root, still allow fontconfig patterns and the default font.
        :param only_given_fonts: Every request uses only the fonts it names (``--only-given-fonts``).
        :param max_text_length: The longest text, in UTF-16 code units (default 100,000).
        :param max_font_bytes: The largest font file read, bytes (default 64 MiB).
        :param font_cache_bytes: Font bytes kept loaded (default 256 MiB).
        :param max_request_bytes: The longest request, bytes of JSON (default 8 MiB).
        :param system_font: A folder of Apple's system fonts, for requests' ``systemFont``.
        :param android_hyphenation: An Android device's ``/system/usr/hyphen-data``.
        :param android_fonts: An Android device's ``/system/fonts``, with its ``fonts.xml``.
        :param android_fonts_xml: That ``fonts.xml``, when it is elsewhere.
        :param threads: How many threads will measure at once (1–256).
        :param settings: More settings keys of the C ABI, as it spells them, added as given.
        """
        self._processor: int | None = None
        named: dict[str, Any] = {
            "fontRoot": font_root, "allowFontPatterns": allow_font_patterns or None,
            "onlyGivenFonts": only_given_fonts or None, "maxTextLength": max_text_length,
            "maxFontBytes": max_font_bytes, "fontCacheBytes": font_cache_bytes, "maxRequestBytes": max_request_bytes,
            "systemFont": system_font, "androidHyphenation": android_hyphenation, "androidFonts": android_fonts,
            "androidFontsXML": android_fonts_xml, "threads": threads,
        }
        body = {key: value for key, value in named.items() if value is not None}
        body.update(settings or {})
        self._library = _abi.library()
        self._threads = threads
        # Calls in flight: close() waits for them, as the C ABI asks that freeing not overlap them.
        self._calls = threading.Condition()
        self._in_flight = 0
        processor, message = self._library.create_processor(_json(body))
        if processor is None:
            raise CaliperError({"id": None, "error": message})
        self._processor = processor

    # Requests as the protocol's JSON, answers as its JSON.

    def answer(self, request: Request) -> str:
        """The answer's JSON text (one line, no newline) to one request, exactly as ``caliper
        batch`` writes it for that line: an error answer too, never raised.

        `request` is a dict of the protocol's keys, or JSON text or bytes passed to the library as
        they are (not checked here: the library answers bad JSON with an error answer)."""
        if isinstance(request, bytes):
            data = request
        elif isinstance(request, str):
            data = request.encode("utf-8", "surrogatepass")
        else:
            data = _json(request)
        with self._calls:
            processor = self._processor
            if processor is None:
                raise ValueError("this Measurer is closed")
            self._in_flight += 1
        try:
            return self._library.answer(processor, data).decode("utf-8")
        finally:
            with self._calls:
                self._in_flight -= 1
                if self._in_flight == 0:
                    self._calls.notify_all()

    def answer_dict(self, request: Request) -> dict[str, Any]:
        """The answer to one request, parsed: ``json.loads(self.answer(request))``."""
        answer: dict[str, Any] = json.loads(self.answer(request))
        return answer

    def result(self, request: Request) -> Result:
        """The typed result of one request of any op; raises CaliperError for an error answer."""
        result = result_of(self.answer_dict(request))
        if isinstance(result, CaliperError):
            raise result
        return result

    # Requests from Python values.

    @overload
    def measure(
        self, text: str | None = None, *, font: StrPath | None = None, size: float | None = None,
        max_width: float | None = None, max_lines: int | None = None, line_break: str | None = None,
        platform: Literal["ios"] | None = None, android: None = None, request: Mapping[str, Any] | None = None,
        **more: Any,
    ) -> MeasureResult: ...

    @overload
    def measure(
        self, text: str | None = None, *, font: StrPath | None = None, size: float | None = None,
        max_width: float | None = None, max_lines: int | None = None, line_break: str | None = None,
        platform: Literal["android"], android: Mapping[str, Any] | None = None,
        request: Mapping[str, Any] | None = None, **more: Any,
    ) -> AndroidMeasureResult: ...

    def measure(
        self, text: str | None = None, *, font: StrPath | None = None, size: float | None = None,
        max_width: float | None = None, max_lines: int | None = None, line_break: str | None = None,
        platform: str | None = None, android: Mapping[str, Any] | None = None,
        request: Mapping[str, Any] | None = None, **more: Any,
    ) -> MeasureResult | AndroidMeasureResult:
        """Measures a text: its size, lines and runs (a measure request).

        :param text: The text (leave it out when ``markup=`` gives it).
        :param font: A font file's path or a fontconfig pattern (``"DejaVu Sans:bold"``); the
            default font, DejaVu Sans, when None.
        :param size: Points (sp for Android); 17 when None.
        :param max_width: The width lines wrap at (dp for Android); no wrapping when None.
        :param max_lines: The line limit; unlimited when None or 0.
        :param line_break: ``word``, ``char``, ``clip``, ``truncate-tail``, ``truncate-head`` or ``truncate-middle``.
        :param platform: ``"android"`` measures as an Android 14 ``TextView``; ``"ios"`` (the default) as UIKit.
        :param android: The ``TextView``'s settings, with ``platform="android"``: ``{"density": 2.625}``.
        :param request: More of the request's keys, as the protocol spells them.
        :param more: More keys, as the protocol spells them: ``letterSpacing=1``, ``markup="<b>Ana</b>"``,
            ``spans=[…]``, ``id="c1"``.
        :returns: A MeasureResult, or an AndroidMeasureResult for ``platform="android"``.
        :raises CaliperError: with the error answer, when the request cannot be answered.
        """
        named = {"text": text, "font": font, "size": size, "maxWidth": max_width, "maxLines": max_lines,
                 "lineBreak": line_break, "platform": platform, "android": android}
        result = self.result(_body("measure", request, named, more))
        if not isinstance(result, (MeasureResult, AndroidMeasureResult)):
            raise TypeError(f"a measure request was answered as {type(result).__name__}")
        return result

    def sizes(
        self, text: str | None = None, *, widths: Sequence[float], font: StrPath | None = None,
        size: float | None = None, max_lines: int | None = None, line_break: str | None = None,
        request: Mapping[str, Any] | None = None, **more: Any,
    ) -> SizesResult:
        """Measures a text once and gives only its size at each of `widths` (a measure request with
        ``widths``): width, height, line count and truncation, each what :meth:`measure` at that
        ``max_width`` answers, without making lines — for precomputing heights at several widths.

        :param text: The text (leave it out when ``markup=`` gives it).
        :param widths: From 1 to 64 widths in points, each 0 or more.
        :param font: A font file's path or a fontconfig pattern; the default font when None.
        :param size: Points; 17 when None.
        :param max_lines: The line limit; unlimited when None or 0.
        :param line_break: ``word``, ``char``, ``clip``, ``truncate-tail``, ``truncate-head`` or ``truncate-middle``.
        :param request: More of the request's keys, as the protocol spells them.
        :param more: More keys, as the protocol spells them: ``scale=3``, ``spans=[…]``.
        :raises CaliperError: with the error answer, when the request cannot be answered.
        """
        if isinstance(widths, (int, float)):
            raise TypeError("widths is a sequence of widths: give [width], not width")
        named = {"text": text, "font": font, "size": size, "widths": list(widths), "maxLines": max_lines,
                 "lineBreak": line_break}
        result = self.result(_body("measure", request, named, more))
        if not isinstance(result, SizesResult):
            raise TypeError(f"a sizes request was answered as {type(result).__name__}")
        return result

    def flow(
        self, items: Sequence[Mapping[str, Any] | str], width: float, *, chip: Mapping[str, Any] | None = None,
        platform: str | None = None, android: Mapping[str, Any] | None = None,
        request: Mapping[str, Any] | None = None, **more: Any,
    ) -> FlowResult:
        """Lays out a chip flow `width` wide: a frame per item, in rows (a flow request).

        :param items: The chips (``{"text": "swift", "padding": [4, 10, 4, 10]}``, or just their
            text) and fixed items (``{"width": 24, "height": 24}``), as the protocol spells them.
        :param width: The flow's width, points (dp for Android).
        :param chip: Keys every item has unless it gives its own: ``{"font": "…", "size": 14}``.
        :param platform: ``"android"`` lays the chips out as ``TextView``\\ s.
        :param android: The settings every view shares, with ``platform="android"``.
        :param request: More of the request's keys, as the protocol spells them.
        :param more: The flow's keys, as the protocol spells them: ``spacing=6``, ``maxRows=2``,
            ``insets=[16, 16, 16, 16]``.
        :raises CaliperError: with the error answer, when the request cannot be answered.
        """
        if isinstance(items, (str, bytes)):
            raise TypeError("items is a sequence of chips: give [text], not text")
        defaults = dict(chip or {})
        chips = [{**defaults, **({"text": item} if isinstance(item, str) else item)} for item in items]
        named = {"width": width, "items": chips, "platform": platform, "android": android}
        result = self.result(_body("flow", request, named, more))
        if not isinstance(result, FlowResult):
            raise TypeError(f"a flow request was answered as {type(result).__name__}")
        return result

    def layout(
        self, root: Mapping[str, Any], width: float, *, platform: str | None = None,
        android: Mapping[str, Any] | None = None, request: Mapping[str, Any] | None = None, **more: Any,
    ) -> LayoutResult:
        """Lays out a cell, the node tree `root`, at `width`: its size and every named frame (a layout request).

        :param root: The root node: ``{"type": "stack", "axis": "vertical", "children": […]}``
            (``label``, ``box``, ``inset``, ``stack`` or ``flow`` nodes, as in ``Examples/*.json``).
        :param width: The cell's width, points (dp for Android).
        :param platform: ``"android"`` lays the labels out as ``TextView``\\ s.
        :param android: The settings every view shares, with ``platform="android"``.
        :param request: More of the request's keys, as the protocol spells them.
        :param more: More keys, as the protocol spells them: ``scale=3``.
        :raises CaliperError: with the error answer, when the request cannot be answered.
        """
        named = {"width": width, "root": root, "platform": platform, "android": android}
        result = self.result(_body("layout", request, named, more))
        if not isinstance(result, LayoutResult):
            raise TypeError(f"a layout request was answered as {type(result).__name__}")
        return result

    def batch(self, requests: Iterable[Request]) -> list[Result | CaliperError]:
        """The typed results of many requests of any op, in order, on ``threads`` threads.

        As ``caliper batch`` goes on past a bad request, an error answer is returned in its place as
        a CaliperError (not raised): check with ``isinstance(result, caliper.CaliperError)``."""
        requests = list(requests)

        def typed(request: Request) -> Result | CaliperError:
            return result_of(self.answer_dict(request))

        if self._threads > 1 and len(requests) > 1:
            with ThreadPoolExecutor(max_workers=self._threads) as pool:
                return list(pool.map(typed, requests))
        return [typed(request) for request in requests]

    # Lifetime.

    def close(self) -> None:
        """Frees the processor, after the calls in flight on other threads end; later calls raise
        ValueError. Closing twice does nothing."""
        with self._calls:
            processor, self._processor = self._processor, None
            if processor is None:
                return
            while self._in_flight:
                self._calls.wait()
        self._library.free_processor(processor)

    @property
    def closed(self) -> bool:
        """Whether close() was called."""
        return self._processor is None

    def __enter__(self) -> Measurer:
        return self

    def __exit__(self, *exception: object) -> None:
        self.close()

    def __del__(self) -> None:
        # Nothing else holds this Measurer, so no call is in flight; at interpreter exit the
        # library may already be gone, and then there is nothing left to free.
        processor = getattr(self, "_processor", None)
        if processor is not None:
            self._processor = None
            try:
                self._library.free_processor(processor)
            except Exception:
                pass

    def __repr__(self) -> str:
        state = "closed" if self._processor is None else f"threads={self._threads}"
        return f"<caliper.Measurer {state} ({self._library.path}, Caliper {self._library.version})>"
