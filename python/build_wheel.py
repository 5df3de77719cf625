#!/usr/bin/env python3
"""build_wheel.py — the Python package and a built libcaliper.so.0 as a wheel, with the standard library only.

    python3 python/build_wheel.py LIBRARY [--out DIR] [--copyright FILE] [--version VERSION]

writes DIR/caliper-VERSION-py3-none-linux_x86_64.whl (DIR: dist/ by default) holding python/caliper/
and LIBRARY as caliper/libcaliper.so.0 (the release build with Swift's runtime linked in, as
scripts/package makes it). VERSION is the library's own (caliper_version(), `caliper --version`);
the package's __version__ must equal it, and so must --version when given. The wheel is the same
bytes for the same inputs: every entry dated SOURCE_DATE_EPOCH (1980-01-01 when unset), in sorted
order, modes 0644 (0755 for the library). scripts/wheel checks the library and runs this.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import os
import re
import sys
import time
import zipfile
from pathlib import Path

PYTHON = Path(__file__).resolve().parent
PACKAGE = PYTHON / "caliper"
TAG = "py3-none-linux_x86_64"

# What the library links, as Debian 12 packages them (scripts/package's dpkg-shlibdeps finds the same).
DEBIAN_PACKAGES = ["libharfbuzz0b", "libfreetype6", "libfontconfig1", "libicu72", "libhyphen0"]

DESCRIPTION = """\
# caliper

Text measured exactly as iOS UIKit and Android 14 measure it, on Linux, in-process: widths,
wrapped lines, heights and truncation from the real font files (HarfBuzz, ICU, FreeType), as
`NSString.size(withAttributes:)`, `UILabel`, a `TextView` or a Compose `Text` would give them.

```python
import caliper

with caliper.Measurer() as measurer:
    print(measurer.measure("Hello, World", font="DejaVu Sans", size=17))
    # MeasureResult(width=102.6142578125, height=19.7890625, line_height=19.7890625, lines=1, …)
```

`Measurer` answers the batch protocol's `measure`, `flow` and `layout` requests with Caliper's
C ABI (`libcaliper.so.0`, carried in this wheel with Swift's runtime linked in) through ctypes:
the same answers, byte for byte, as `caliper batch`.

## Requirements

Debian 12 (bookworm) on x86-64, Python 3.11, and the libraries Caliper links:

    apt-get install {packages}

plus the fonts you measure with (`fonts-dejavu-core` gives the default font, DejaVu Sans).
""".format(packages=" ".join(DEBIAN_PACKAGES))


def metadata(version: str) -> str:
    """The METADATA file (core metadata 2.1)."""
    fields = [
        ("Metadata-Version", "2.1"),
        ("Name", "caliper"),
        ("Version", version),
        ("Summary", "Text measured exactly as iOS UIKit and Android measure it, on Linux: Caliper's C ABI through ctypes"),
        ("Platform", "linux_x86_64"),
        ("Classifier", "Operating System :: POSIX :: Linux"),
        ("Classifier", "Programming Language :: Python :: 3"),
        ("Classifier", "Topic :: Text Processing :: Fonts"),
        ("Classifier", "Typing :: Typed"),
        ("Requires-Python", ">=3.11"),
        *[("Requires-External", package) for package in DEBIAN_PACKAGES],
        ("Description-Content-Type", "text/markdown"),
    ]
    return "".join(f"{name}: {value}\n" for name, value in fields) + "\n" + DESCRIPTION


def wheel_file() -> str:
    """The WHEEL file: a platform wheel, for Python 3 of any ABI (ctypes needs none)."""
    return f"Wheel-Version: 1.0\nGenerator: caliper python/build_wheel.py\nRoot-Is-Purelib: false\nTag: {TAG}\n"


def record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")
    return f"{name},sha256={digest},{len(data)}\n"


def library_version(library: Path) -> str:
    """The version the library reports (loads it: the build machine has its Debian libraries)."""
    sys.path.insert(0, str(PYTHON))
    from caliper import _abi

    return _abi.Library(str(library)).version


def package_version() -> str:
    match = re.search(r'^__version__ = "([^"]+)"$', (PACKAGE / "__init__.py").read_text(), re.MULTILINE)
    if not match:
        raise SystemExit("build_wheel.py: python/caliper/__init__.py sets no __version__")
    return match.group(1)


def build(library: Path, out: Path, copyright_file: Path | None, version: str | None) -> Path:
    """Writes the wheel and returns its path."""
    found = library_version(library)
    if version is not None and version != found:
        raise SystemExit(f"build_wheel.py: {library} is version {found}, not {version}")
    if package_version() != found:
        raise SystemExit(f"build_wheel.py: python/caliper's __version__ is {package_version()}, the library's {found}")
    version = found
    if not re.fullmatch(r"[0-9]+\.[0-9]+\.[0-9]+", version):
        raise SystemExit(f"build_wheel.py: the library's version '{version}' is not MAJOR.MINOR.PATCH")

    package = {f"caliper/{source.name}": (source.read_bytes(), 0o644) for source in PACKAGE.iterdir()
               if source.is_file() and (source.suffix == ".py" or source.name == "py.typed")}
    package["caliper/libcaliper.so.0"] = (library.read_bytes(), 0o755)
    dist_info = f"caliper-{version}.dist-info"
    meta = {
        f"{dist_info}/METADATA": (metadata(version).encode("utf-8"), 0o644),
        f"{dist_info}/WHEEL": (wheel_file().encode("utf-8"), 0o644),
    }
    if copyright_file is not None:
        meta[f"{dist_info}/COPYRIGHT"] = (copyright_file.read_bytes(), 0o644)
    # The package's files in name order, then the .dist-info's, RECORD last (as its hashes cover the rest).
    files = {name: package[name] for name in sorted(package)} | {name: meta[name] for name in sorted(meta)}
    record = "".join(record_line(name, data) for name, (data, _) in files.items()) + f"{dist_info}/RECORD,,\n"
    files[f"{dist_info}/RECORD"] = (record.encode("utf-8"), 0o644)

    # Zip dates are local-time fields from 1980 on; the epoch's UTC fields are written as they are.
    epoch = int(os.environ.get("SOURCE_DATE_EPOCH", "315532800"))
    date_time = max(time.gmtime(epoch)[:6], (1980, 1, 1, 0, 0, 0))
    out.mkdir(parents=True, exist_ok=True)
    wheel = out / f"caliper-{version}-{TAG}.whl"
    partial = wheel.with_name(wheel.name + ".partial")
    with zipfile.ZipFile(partial, "w") as archive:
        for name, (data, mode) in files.items():
            entry = zipfile.ZipInfo(name, date_time)
            entry.create_system = 3  # Unix, so that the modes below are read
            entry.external_attr = (0o100000 | mode) << 16
            entry.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(entry, data, compresslevel=9)
    partial.replace(wheel)
    return wheel


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("library", type=Path, help="the built shared library (SONAME libcaliper.so.0)")
    parser.add_argument("--out", type=Path, default=PYTHON.parent / "dist", help="the folder to write into (dist/)")
    parser.add_argument("--copyright", type=Path, help="a copyright and licences file, carried in the .dist-info")
    parser.add_argument("--version", help="the version the library must report")
    arguments = parser.parse_args()
    print(build(arguments.library.resolve(), arguments.out, arguments.copyright, arguments.version))


if __name__ == "__main__":
    main()
