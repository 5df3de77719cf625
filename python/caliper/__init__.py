"""Caliper: text measured exactly as iOS UIKit and Android measure it, in-process.

A ctypes binding of Caliper's C ABI (``libcaliper.so.0``, include/caliper.h): a Measurer answers
the batch protocol's measure, flow and layout requests — the same bytes ``caliper batch`` writes —
and returns them as frozen dataclasses::

    import caliper

    with caliper.Measurer() as measurer:
        label = measurer.measure("Hello, World", font="DejaVu Sans", size=17)
        print(label)               # MeasureResult(width=102.6142578125, height=19.7890625, …)
        label.lines[0].runs[0].font

The library is looked for in ``$CALIPER_LIBRARY``, then beside this package (as the wheel carries
it), then on the system (the Debian package's ``/usr/lib/x86_64-linux-gnu/libcaliper.so.0``).
"""

from ._abi import ABI_VERSION
from ._measurer import Measurer, Request, StrPath
from ._results import (
    AndroidLine,
    AndroidMeasureResult,
    Attachment,
    CaliperError,
    FlowResult,
    LayoutResult,
    LayoutSize,
    Line,
    MeasureResult,
    Overflow,
    Rect,
    Result,
    Run,
    Size,
    SizesResult,
)

#: The package's version, which is the library's it was built with (``caliper --version``).
__version__ = "0.2.0"

__all__ = [
    "ABI_VERSION", "AndroidLine", "AndroidMeasureResult", "Attachment", "CaliperError", "FlowResult",
    "LayoutResult", "LayoutSize", "Line", "MeasureResult", "Measurer", "Overflow", "Rect", "Request", "Result", "Run",
    "Size", "SizesResult", "StrPath", "library_path", "library_version",
]


def library_version() -> str:
    """The loaded library's version, ``"MAJOR.MINOR.PATCH"`` (loading it if it is not yet)."""
    from . import _abi

    return _abi.library().version


def library_path() -> str:
    """Where the loaded library was loaded from (loading it if it is not yet)."""
    from . import _abi

    return _abi.library().path
