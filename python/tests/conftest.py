"""Fixtures: tests run in the repository (relative font paths read from it, as `caliper batch` reads them)
with one Measurer, over the library $CALIPER_LIBRARY names (scripts/python-test sets it)."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator

import pytest

from support import REPOSITORY

if not os.environ.get("CALIPER_LIBRARY") and (REPOSITORY / ".build" / "debug" / "libCaliperC.so").is_file():
    os.environ["CALIPER_LIBRARY"] = str(REPOSITORY / ".build" / "debug" / "libCaliperC.so")

# The package from the working tree, whatever the interpreter has installed.
sys.path.insert(0, str(REPOSITORY / "python"))
import caliper  # noqa: E402  (after CALIPER_LIBRARY is set)


@pytest.fixture(autouse=True)
def in_repository(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPOSITORY)


@pytest.fixture(scope="session")
def measurer() -> Iterator[caliper.Measurer]:
    with caliper.Measurer() as measurer:
        yield measurer
