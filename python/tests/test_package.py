"""Where the library is found, the versions, and the wheel: its files, its determinism, and the
package installed from it with pip answering without CALIPER_LIBRARY."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import caliper
import support
from support import REPOSITORY

HELLO = "import caliper; print(caliper.Measurer().measure('Hello, World', font='DejaVu Sans', size=17))"


def run_python(code: str, *, env: dict[str, str], cwd: Path, python: str = sys.executable) -> subprocess.CompletedProcess:
    return subprocess.run([python, "-c", code], capture_output=True, text=True, env=env, cwd=cwd, timeout=120)


def environment(**changes: str | None) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key not in ("CALIPER_LIBRARY", "PYTHONPATH")}
    env.update({key: value for key, value in changes.items() if value is not None})
    return env


def test_versions_agree() -> None:
    cli_version = subprocess.run([support.cli(), "--version"], capture_output=True, text=True, check=True).stdout
    assert caliper.__version__ == caliper.library_version() == cli_version.strip()
    assert caliper.library_path() == os.environ["CALIPER_LIBRARY"]


def test_caliper_library_names_the_one_library_tried(tmp_path: Path) -> None:
    missing = tmp_path / "libcaliper.so.0"
    result = run_python("import caliper; caliper.Measurer()", cwd=tmp_path,
                        env=environment(CALIPER_LIBRARY=str(missing), PYTHONPATH=str(REPOSITORY / "python")))
    assert result.returncode != 0
    assert f"OSError: Caliper's shared library was not found or did not load (set CALIPER_LIBRARY to its path); " \
           f"tried {missing}: " in result.stderr


def test_the_system_library_is_found_by_its_soname(tmp_path: Path) -> None:
    (tmp_path / "libcaliper.so.0").symlink_to(os.environ["CALIPER_LIBRARY"])
    result = run_python("import caliper; print(caliper.library_path()); " + HELLO.removeprefix("import caliper; "),
                        cwd=tmp_path, env=environment(LD_LIBRARY_PATH=str(tmp_path),
                                                      PYTHONPATH=str(REPOSITORY / "python")))
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0] == "libcaliper.so.0"
    assert result.stdout.splitlines()[1].startswith("MeasureResult(width=102.6142578125, height=19.7890625, ")


def build_wheel(out: Path, epoch: str = "1700000000") -> Path:
    result = subprocess.run(
        [sys.executable, str(REPOSITORY / "python" / "build_wheel.py"), os.environ["CALIPER_LIBRARY"],
         "--out", str(out), "--copyright", str(REPOSITORY / "packaging" / "copyright")],
        capture_output=True, text=True, env={**os.environ, "SOURCE_DATE_EPOCH": epoch}, check=True)
    return Path(result.stdout.strip())


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_wheel(tmp_path_factory.mktemp("wheel"))


def test_the_wheels_files(wheel: Path) -> None:
    version = caliper.__version__
    assert wheel.name == f"caliper-{version}-py3-none-linux_x86_64.whl"
    dist_info = f"caliper-{version}.dist-info"
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        assert names == ["caliper/__init__.py", "caliper/_abi.py", "caliper/_measurer.py", "caliper/_results.py",
                         "caliper/libcaliper.so.0", "caliper/py.typed", f"{dist_info}/COPYRIGHT",
                         f"{dist_info}/METADATA", f"{dist_info}/WHEEL", f"{dist_info}/RECORD"]
        assert archive.read("caliper/libcaliper.so.0") == Path(os.environ["CALIPER_LIBRARY"]).read_bytes()
        for entry in archive.infolist():
            mode = entry.external_attr >> 16
            assert mode == (0o100755 if entry.filename.endswith(".so.0") else 0o100644), entry.filename
            assert entry.date_time == (2023, 11, 14, 22, 13, 20)
        record = archive.read(f"{dist_info}/RECORD").decode().splitlines()
        assert [line.split(",")[0] for line in record] == names
        assert record[-1] == f"{dist_info}/RECORD,,"
        for line in record[:-1]:
            name, digest, size = line.split(",")
            data = archive.read(name)
            assert digest == "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert int(size) == len(data)
        assert archive.read(f"{dist_info}/WHEEL").decode() == (
            "Wheel-Version: 1.0\nGenerator: caliper python/build_wheel.py\nRoot-Is-Purelib: false\n"
            "Tag: py3-none-linux_x86_64\n")
        metadata = archive.read(f"{dist_info}/METADATA").decode()
        headers = metadata.split("\n\n", 1)[0].splitlines()
        assert headers[:3] == ["Metadata-Version: 2.1", "Name: caliper", f"Version: {version}"]
        assert [header for header in headers if header.startswith("Requires-External")] == [
            f"Requires-External: {package}"
            for package in ("libharfbuzz0b", "libfreetype6", "libfontconfig1", "libicu72", "libhyphen0")]
        assert "Debian 12" in metadata


def test_the_wheel_is_the_same_bytes_each_build(wheel: Path, tmp_path: Path) -> None:
    assert build_wheel(tmp_path).read_bytes() == wheel.read_bytes()
    assert build_wheel(tmp_path, epoch="1700000002").read_bytes() != wheel.read_bytes()


def test_the_installed_wheel_answers_as_the_cli(wheel: Path, tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    python = str(venv / "bin" / "python")
    subprocess.run([python, "-m", "pip", "install", "--no-index", "--no-deps", "--disable-pip-version-check", "-q",
                    str(wheel)], check=True, timeout=300)
    env = environment()
    printed = run_python(HELLO, env=env, cwd=tmp_path, python=python)
    assert printed.returncode == 0, printed.stderr
    answer = json.loads(support.batch([b'{"text": "Hello, World", "font": "DejaVu Sans", "size": 17}'])[0])
    assert printed.stdout.startswith(f"MeasureResult(width={answer['width']!r}, height={answer['height']!r}, ")
    located = run_python("import caliper; print(caliper.library_path())", env=env, cwd=tmp_path, python=python)
    assert Path(located.stdout.strip()).parent.parent.name == "site-packages"
    request = support.line({"id": 1, "text": "The quick brown fox", "font": str(REPOSITORY / "Fonts/DejaVuSans.ttf"),
                            "maxWidth": 80})
    answered = run_python(f"import caliper, sys; sys.stdout.write(caliper.Measurer().answer({request!r}))",
                          env=env, cwd=tmp_path, python=python)
    assert answered.stdout.encode() == support.batch([request])[0]
