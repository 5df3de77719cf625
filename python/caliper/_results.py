"""The typed answers: frozen dataclasses with the batch protocol's answer fields, in snake_case."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Union


class CaliperError(Exception):
    """An error answer: the request (or the settings) could not be answered.

    ``answer`` is the error answer itself, ``{"id": …, "error": "…"}``, and ``message`` its
    ``error``: the library's sentence, naming the input that caused it.

    >>> try:
    ...     measurer.measure("Hello", font="Fonts/DejaVuSans.ttf", numberOfLine=2)
    ... except caliper.CaliperError as error:
    ...     print(error.message)          # unknown key numberOfLine: did you mean numberOfLines?
    """

    answer: dict[str, Any]
    message: str

    def __init__(self, answer: Mapping[str, Any]) -> None:
        self.answer = dict(answer)
        self.message = str(self.answer.get("error", "unknown error"))
        super().__init__(self.message)

    @property
    def id(self) -> Any:
        """The request's ``id``, as the error answer echoes it (None when the request had none or was unreadable)."""
        return self.answer.get("id")

    def __repr__(self) -> str:
        return f"CaliperError({self.answer!r})"


class Rect(NamedTuple):
    """A frame, ``[x, y, width, height]`` in the answer: points (dp for Android layouts), y down."""

    x: float
    y: float
    width: float
    height: float


class Size(NamedTuple):
    """A size, ``[width, height]`` in the answer."""

    width: float
    height: float


def _describe(value: Any) -> str:
    """``Name(field=value, …)``: the fields that hold something, collections of objects by their length."""
    parts = []
    for item in dataclasses.fields(value):
        if not item.repr:
            continue
        shown = getattr(value, item.name)
        if item.default is not dataclasses.MISSING and shown == item.default:
            continue
        if isinstance(shown, (tuple, Mapping)) and not isinstance(shown, (Rect, Size)):
            members = shown.values() if isinstance(shown, Mapping) else shown
            if any(not isinstance(member, (str, int, float)) for member in members):
                parts.append(f"{item.name}={len(shown)}")
                continue
        parts.append(f"{item.name}={shown!r}")
    return f"{type(value).__name__}({', '.join(parts)})"


def _rect(values: list[float]) -> Rect:
    return Rect(*values)


def _size(values: list[float]) -> Size:
    return Size(*values)


def _raw() -> Any:
    return field(default_factory=dict, compare=False, hash=False, repr=False)


@dataclass(frozen=True, slots=True, repr=False)
class Run:
    """A run of a line: text in one font, size, script and bidi level, in visual order."""

    start: int
    """UTF-16 offset of its first code unit."""
    end: int
    """UTF-16 offset after its last code unit."""
    font: str
    """The font file's path (relative to the font root when it is inside it)."""
    size: float
    """Points."""
    script: str
    """ISO 15924 (``"Latn"``, ``"Arab"``; ``"Zzzz"`` for none)."""
    level: int
    """The bidi embedding level (odd: right to left)."""
    x: float
    """From the line's start, points."""
    width: float
    """Points."""
    baseline_offset: float = 0.0
    """Points raised (negative lowered)."""
    span: int | None = None
    """The index in the request's ``spans`` of the span the run is in; None in the request's own style."""
    variations: Mapping[str, float] | None = field(default=None, hash=False)
    """The font's axes as set, ``{"wght": 600.0}``, when it is set at some."""

    __repr__ = _describe

    @classmethod
    def from_answer(cls, run: Mapping[str, Any]) -> Run:
        """The run of an answer's ``lines[].runs[]`` object."""
        return cls(run["start"], run["end"], run["font"], run["size"], run["script"], run["level"], run["x"],
                   run["width"], run.get("baselineOffset", 0.0), run.get("span"), run.get("variations"))


@dataclass(frozen=True, slots=True, repr=False)
class Line:
    """A laid-out line: its text range, width without trailing whitespace, height and runs."""

    start: int
    """UTF-16 offset of its first code unit."""
    end: int
    """UTF-16 offset after its last, including the whitespace and hard break that end it."""
    width: float
    """Points, without trailing whitespace."""
    height: float
    """Points."""
    runs: tuple[Run, ...]
    """Its runs in visual order."""
    truncated_text: str | None = None
    """The text shown, when the line was shortened with an ellipsis."""
    hyphenated: bool = False
    """The line ends with an inserted hyphen."""

    __repr__ = _describe

    @classmethod
    def from_answer(cls, line: Mapping[str, Any]) -> Line:
        """The line of an answer's ``lines[]`` object."""
        return cls(line["start"], line["end"], line["width"], line["height"],
                   tuple(Run.from_answer(run) for run in line["runs"]), line.get("truncatedText"),
                   line.get("hyphenated", False))


@dataclass(frozen=True, slots=True, repr=False)
class Attachment:
    """An inline box placed on its U+FFFC character."""

    at: int
    """UTF-16 offset of its U+FFFC character."""
    line: int
    """The index of the line it is on."""
    frame: Rect
    """Its frame, y from the top of the text."""
    id: str | None = None
    """Its ``id``, when the request named it."""

    __repr__ = _describe

    @classmethod
    def from_answer(cls, attachment: Mapping[str, Any]) -> Attachment:
        """The box of an answer's ``attachments[]`` object."""
        return cls(attachment["at"], attachment["line"], _rect(attachment["frame"]), attachment.get("id"))


@dataclass(frozen=True, slots=True, repr=False)
class MeasureResult:
    """A measure answer (iOS): the text's size, its lines and what was left out.

    >>> measurer.measure("Hello, World", font="DejaVu Sans", size=17)
    MeasureResult(width=102.6142578125, height=19.7890625, line_height=19.7890625, lines=1, truncated=False, missing_glyphs=0)
    """

    width: float
    """Points: the full advance when there is no ``max_width``, else the widest line."""
    height: float
    """Points: the lines' heights and the line spacing between them."""
    line_height: float
    """The primary font's line height, points."""
    lines: tuple[Line, ...]
    """The lines, in order."""
    truncated: bool
    """Text was left out (lines over the limit, or an ellipsis)."""
    missing_glyphs: int
    """Clusters no font covers."""
    attachments: tuple[Attachment, ...] = ()
    """The inline boxes, placed."""
    warnings: tuple[str, ...] = ()
    """What the styles asked for that could not be done."""
    min_content_width: float | None = None
    """With ``intrinsicWidths``: the widest piece between two break opportunities."""
    max_content_width: float | None = None
    """With ``intrinsicWidths``: the widest paragraph on one line."""
    scale: float | None = None
    """With ``minimumScaleFactor``: the scale the text was laid out at."""
    rounded_width: float | None = None
    """With ``scale``: ``width`` ceiled to the screen's pixels."""
    rounded_height: float | None = None
    """With ``scale``: ``height`` ceiled to the screen's pixels."""
    id: Any = None
    """The request's ``id``, echoed."""
    raw: dict[str, Any] = _raw()
    """The answer as the library wrote it, parsed."""

    __repr__ = _describe

    @property
    def size(self) -> Size:
        """``Size(width, height)``."""
        return Size(self.width, self.height)

    @classmethod
    def from_answer(cls, answer: dict[str, Any]) -> MeasureResult:
        """The result of a measure answer."""
        return cls(
            answer["width"], answer["height"], answer["lineHeight"],
            tuple(Line.from_answer(line) for line in answer["lines"]), answer["truncated"], answer["missingGlyphs"],
            tuple(Attachment.from_answer(box) for box in answer.get("attachments", ())),
            tuple(answer.get("warnings", ())), answer.get("minContentWidth"), answer.get("maxContentWidth"),
            answer.get("scale"), answer.get("roundedWidth"), answer.get("roundedHeight"), answer.get("id"), answer)


@dataclass(frozen=True, slots=True, repr=False)
class LayoutSize:
    """The size of a text's layout at one width, without its lines: what a measure request at
    that ``max_width`` answers for its width, height, line count and truncation."""

    max_width: float
    """The width asked, points."""
    width: float
    """Points: the widest line."""
    height: float
    """Points: the lines' heights and the line spacing between them."""
    lines: int
    """How many lines the layout has."""
    truncated: bool
    """Text was left out (lines over the limit, or an ellipsis)."""
    rounded_width: float | None = None
    """With ``scale``: ``width`` ceiled to the screen's pixels."""
    rounded_height: float | None = None
    """With ``scale``: ``height`` ceiled to the screen's pixels."""
    warnings: tuple[str, ...] = ()
    """What the styles asked for that could not be done at this width."""

    __repr__ = _describe

    @property
    def size(self) -> Size:
        """``Size(width, height)``."""
        return Size(self.width, self.height)

    @classmethod
    def from_answer(cls, size: Mapping[str, Any]) -> LayoutSize:
        """One entry of a sizes answer."""
        return cls(size["maxWidth"], size["width"], size["height"], size["lines"], size["truncated"],
                   size.get("roundedWidth"), size.get("roundedHeight"), tuple(size.get("warnings", ())))


@dataclass(frozen=True, slots=True, repr=False)
class SizesResult:
    """A measure answer to a request with ``widths`` (iOS): the text's size at each width, measured
    once and broken at each, without lines.

    >>> measurer.sizes("Hello, World", widths=[40, 320], font="DejaVu Sans")
    SizesResult(sizes=2, missing_glyphs=0)
    """

    sizes: tuple[LayoutSize, ...]
    """One per width asked, in order."""
    missing_glyphs: int
    """Clusters no font covers."""
    min_content_width: float | None = None
    """With ``intrinsicWidths``: the widest piece between two break opportunities."""
    max_content_width: float | None = None
    """With ``intrinsicWidths``: the widest paragraph on one line."""
    id: Any = None
    """The request's ``id``, echoed."""
    raw: dict[str, Any] = _raw()
    """The answer as the library wrote it, parsed."""

    __repr__ = _describe

    @classmethod
    def from_answer(cls, answer: dict[str, Any]) -> SizesResult:
        """The result of a sizes answer."""
        return cls(tuple(LayoutSize.from_answer(size) for size in answer["sizes"]), answer["missingGlyphs"],
                   answer.get("minContentWidth"), answer.get("maxContentWidth"), answer.get("id"), answer)


@dataclass(frozen=True, slots=True, repr=False)
class AndroidLine:
    """A line of an Android layout, in px."""

    start: int
    """UTF-16 offset of its first code unit."""
    end: int
    """UTF-16 offset after its last."""
    width: float
    """px, without trailing spaces."""
    top: int
    """px."""
    baseline: int
    """px."""
    bottom: int
    """px."""
    ascent: int
    """px (negative: above the baseline)."""
    descent: int
    """px."""
    hyphenated: bool = False
    """The line ends with an inserted hyphen."""
    ellipsis_start: int | None = None
    """UTF-16 offset of the text "…" replaces, when the line is ellipsized."""
    ellipsis_end: int | None = None
    """UTF-16 offset after the text "…" replaces."""

    __repr__ = _describe

    @classmethod
    def from_answer(cls, line: Mapping[str, Any]) -> AndroidLine:
        """The line of an Android answer's ``lines[]`` object."""
        return cls(line["start"], line["end"], line["width"], line["top"], line["baseline"], line["bottom"],
                   line["ascent"], line["descent"], line.get("hyphenated", False), line.get("ellipsisStart"),
                   line.get("ellipsisEnd"))


@dataclass(frozen=True, slots=True, repr=False)
class AndroidMeasureResult:
    """A measure answer for ``platform="android"``: a ``TextView``'s (or Compose ``Text``'s) measured size.

    >>> measurer.measure("Invite friends", font="Fonts/Android/Roboto-Regular.ttf", size=14,
    ...                  platform="android", android={"density": 2.625})
    AndroidMeasureResult(platform='android', layout='boring', width=…, height=…, width_dp=…, height_dp=…, …)
    """

    platform: str
    """``"android"``."""
    layout: str
    """``"boring"`` (a ``BoringLayout``) or ``"static"``."""
    width: int
    """The view's measured width, whole px."""
    height: int
    """The view's measured height, whole px."""
    width_dp: float
    """``width`` in dp."""
    height_dp: float
    """``height`` in dp."""
    text_size: float
    """The text size, px."""
    lines: tuple[AndroidLine, ...]
    """The lines, in order."""
    ellipsized: bool
    """A line ends (or starts) with "…"."""
    truncated: bool
    """Text was not shown."""
    missing_glyphs: int
    """Clusters no font covers."""
    warnings: tuple[str, ...] = ()
    """What the settings asked for that could not be done."""
    id: Any = None
    """The request's ``id``, echoed."""
    raw: dict[str, Any] = _raw()
    """The answer as the library wrote it, parsed."""

    __repr__ = _describe

    @property
    def size(self) -> Size:
        """``Size(width, height)`` in px."""
        return Size(self.width, self.height)

    @classmethod
    def from_answer(cls, answer: dict[str, Any]) -> AndroidMeasureResult:
        """The result of an Android measure answer."""
        return cls(
            answer["platform"], answer["layout"], answer["width"], answer["height"], answer["widthDP"],
            answer["heightDP"], answer["textSize"], tuple(AndroidLine.from_answer(line) for line in answer["lines"]),
            answer["ellipsized"], answer["truncated"], answer["missingGlyphs"], tuple(answer.get("warnings", ())),
            answer.get("id"), answer)


@dataclass(frozen=True, slots=True, repr=False)
class Overflow:
    """The "+N" chip a flow shows for the items past its last row."""

    text: str
    """Its text, ``"+2"``."""
    frame: Rect
    """Its frame."""

    __repr__ = _describe


@dataclass(frozen=True, slots=True, repr=False)
class FlowResult:
    """A flow answer: one frame per item in input order, and the rows they fill.

    >>> measurer.flow([{"text": "swift", "padding": [4, 10, 4, 10]}, {"text": "ios"}], 200)
    FlowResult(frames=2, rows=1, content_size=Size(width=200.0, height=27.7890625), hidden_count=0, missing_glyphs=0)
    """

    frames: tuple[Rect, ...]
    """One frame per item (a hidden item's is all zeros)."""
    rows: tuple[tuple[int, int], ...]
    """Each row's items, ``(start, end)`` indices, end exclusive."""
    content_size: Size
    """The flow's size."""
    hidden_count: int
    """Items past ``maxRows``."""
    missing_glyphs: int
    """Clusters no font covers, in the text shown."""
    overflow: Overflow | None = None
    """The "+N" chip, when one is shown."""
    items_missing_glyphs: tuple[int, ...] = ()
    """The visible items whose text no font fully covers."""
    warnings: tuple[str, ...] = ()
    """What the chips' styles asked for that could not be done."""
    id: Any = None
    """The request's ``id``, echoed."""
    raw: dict[str, Any] = _raw()
    """The answer as the library wrote it, parsed."""

    __repr__ = _describe

    @classmethod
    def from_answer(cls, answer: dict[str, Any]) -> FlowResult:
        """The result of a flow answer."""
        overflow = answer.get("overflow")
        return cls(
            tuple(_rect(frame) for frame in answer["frames"]), tuple((row[0], row[1]) for row in answer["rows"]),
            _size(answer["contentSize"]), answer["hiddenCount"], answer["missingGlyphs"],
            Overflow(overflow["text"], _rect(overflow["frame"])) if overflow is not None else None,
            tuple(answer.get("itemsMissingGlyphs", ())), tuple(answer.get("warnings", ())), answer.get("id"), answer)


@dataclass(frozen=True, slots=True, repr=False)
class LayoutResult:
    """A layout answer: the cell's size and every named frame, in the cell's coordinates.

    >>> measurer.layout({"type": "label", "id": "title", "text": "Release notes"}, 375)
    LayoutResult(size=Size(width=375.0, height=19.7890625), frames=1, missing_glyphs=0)
    """

    size: Size
    """The cell's size."""
    frames: Mapping[str, Rect] = field(hash=False)
    """Every named frame by id, in the answer's order (ids sorted, numbers by value)."""
    missing_glyphs: int
    """Clusters no font covers, in the text shown."""
    rounded_size: Size | None = None
    """With ``scale``: ``size`` ceiled to the screen's pixels."""
    frames_missing_glyphs: tuple[str, ...] = ()
    """The named frames whose text no font fully covers."""
    warnings: tuple[str, ...] = ()
    """What the styles asked for that could not be done."""
    id: Any = None
    """The request's ``id``, echoed."""
    raw: dict[str, Any] = _raw()
    """The answer as the library wrote it, parsed."""

    __repr__ = _describe

    @classmethod
    def from_answer(cls, answer: dict[str, Any]) -> LayoutResult:
        """The result of a layout answer."""
        rounded = answer.get("roundedSize")
        return cls(
            _size(answer["size"]), {name: _rect(frame) for name, frame in answer["frames"].items()},
            answer["missingGlyphs"], _size(rounded) if rounded is not None else None,
            tuple(answer.get("framesMissingGlyphs", ())), tuple(answer.get("warnings", ())), answer.get("id"), answer)


#: Any answer's typed result.
Result = Union[MeasureResult, SizesResult, AndroidMeasureResult, FlowResult, LayoutResult]


def result_of(answer: dict[str, Any]) -> Result | CaliperError:
    """The typed result of an answer, told apart by its keys as the protocol writes them; an error
    answer is a CaliperError (returned, not raised)."""
    if "error" in answer:
        return CaliperError(answer)
    if answer.get("platform") == "android":
        return AndroidMeasureResult.from_answer(answer)
    if "lines" in answer:
        return MeasureResult.from_answer(answer)
    if "sizes" in answer:
        return SizesResult.from_answer(answer)
    if "rows" in answer:
        return FlowResult.from_answer(answer)
    return LayoutResult.from_answer(answer)
