#!/usr/bin/python3
"""Benchmarks/python_bench.py — Caliper's labels from Python (issue #44): the package's two paths
against `caliper batch` and the service, µs per call, in one process (standard library only).

Run by `Benchmarks/run --python`, which builds what it needs. Four doors measure the same labels in
Noto Sans 17 pt (`Fonts/` as the font root, no fallback), each sent the same request bytes:

- `Measurer.answer(bytes)`: the answer's JSON text to prepared request bytes (the baseline);
- `Measurer.measure(text, font=…, size=…)`: the typed path, a MeasureResult;
- `caliper batch`: one process for the whole run, each pass's requests piped in while its answers
  are read back (per request: the pipe's writing, Caliper and the reading of each answer line);
- `caliper-server`: POST /v1/measure per label over one keep-alive http.client connection.

Warm: the first labels of the Swift harness's Zipf stream over its 500 tags, all seen before.
Cold: labels of the harness's `labels.cold` corpus (its 10,000 distinct 1–3-word labels, drawn
here by a port of its generator and checked against it, continued by the same generator for
more), each pass's never seen before by that door's process; their words are cached by then, as
they are for most of a `labels.cold` pass. Rounds interleave the doors; each figure is the median
of the timed rounds with its quartiles, each ratio the median of the rounds' ratios.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import platform
import re
import socket
import statistics
import subprocess
import sys
import threading
import time
import timeit
import urllib.request
from pathlib import Path

FONT = "NotoSans-Regular.ttf"
SIZE = 17

# The Swift harness's corpus (Benchmarks/Sources/BenchKit/Corpus.swift and Random.swift), ported.

MASK64 = (1 << 64) - 1


class SeededGenerator:
    """SplitMix64 with Swift's bounded draws, so the labels are the harness's to the letter."""

    def __init__(self, seed: int) -> None:
        self.state = seed

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        """`Int.random(in: 0..<bound, using:)`: Lemire's multiply-and-reject, as the stdlib draws."""
        product = self.next() * bound
        if product & MASK64 < bound:
            threshold = ((1 << 64) - bound) % bound
            while product & MASK64 < threshold:
                product = self.next() * bound
        return product >> 64

    def unit(self) -> float:
        """`Double.random(in: 0..<1, using:)`: 53 low bits of one draw."""
        return (self.next() & ((1 << 53) - 1)) * 2.0 ** -53


class Corpus:
    """The harness's tags, its Zipf label stream and its distinct labels (`Corpus.init`'s first draws)."""

    def __init__(self, corpus_swift: Path, stream_count: int, distinct_count: int) -> None:
        source = corpus_swift.read_text(encoding="utf-8")
        found = re.search(r'let tagWords: \[String\] = """\n(.*?)"""', source, re.S)
        if not found:
            raise SystemExit(f"python_bench: no tagWords in {corpus_swift}")
        self.words = list(dict.fromkeys(found.group(1).replace("\\\n", " ").split()))
        self.rng = SeededGenerator(0xCA119E55)
        self.tags = self.distinct(500, set())
        cumulative, running = [], 0.0
        for rank in range(len(self.tags)):
            running += 1 / float(rank + 1)
            cumulative.append(running)
        self.cumulative = [value / running for value in cumulative]
        # The harness draws 100,000 stream labels before its distinct ones: drawn here too, so the
        # distinct labels are its own.
        stream = [self.tags[self.zipf()] for _ in range(100_000)]
        self.stream = stream[:stream_count]
        self.distinct_labels = self.distinct(distinct_count, set(self.tags))

    def label(self) -> str:
        roll = self.rng.below(100)
        count = 1 if roll < 40 else 2 if roll < 85 else 3
        words = [self.words[self.rng.below(len(self.words))] for _ in range(count)]
        style = self.rng.below(10)
        if style < 3:
            words = [word.capitalize() for word in words]
        elif style == 3:
            words[0] = "#" + words[0]
        return " ".join(words)

    def distinct(self, count: int, excluded: set[str]) -> list[str]:
        seen, labels = set(excluded), []
        while len(labels) < count:
            candidate = self.label()
            if candidate not in seen:
                seen.add(candidate)
                labels.append(candidate)
        return labels

    def zipf(self) -> int:
        u, low, high = self.rng.unit(), 0, len(self.cumulative) - 1
        while low < high:
            middle = (low + high) // 2
            if self.cumulative[middle] < u:
                low = middle + 1
            else:
                high = middle
        return low


def request_bytes(text: str) -> bytes:
    """The bytes `Measurer.measure(text, font=FONT, size=SIZE)` sends, so every door gets the same request."""
    return json.dumps({"text": text, "font": FONT, "size": SIZE, "op": "measure"}, separators=(",", ":")).encode("ascii")


# The doors. Each pass gets a list of (text, request bytes) and returns its seconds.

class RawDoor:
    name = "Python `Measurer.answer(bytes)`"

    def __init__(self, measurer) -> None:
        self.measurer = measurer

    def answer(self, text: str, request: bytes) -> str:
        return self.measurer.answer(request)

    def run(self, texts: list[str], requests: list[bytes]) -> float:
        answer = self.measurer.answer
        start = time.perf_counter()
        for request in requests:
            answer(request)
        return time.perf_counter() - start

    def close(self) -> None:
        pass


class TypedDoor(RawDoor):
    name = "Python `Measurer.measure(…)`"

    def run(self, texts: list[str], requests: list[bytes]) -> float:
        measure = self.measurer.measure
        start = time.perf_counter()
        for text in texts:
            measure(text, font=FONT, size=SIZE)
        return time.perf_counter() - start


class BatchDoor:
    name = "`caliper batch` (one process, piped)"

    def __init__(self, caliper: Path, font_root: Path) -> None:
        self.process = subprocess.Popen(
            [str(caliper), "batch", "--font-root", str(font_root)], stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def answer(self, text: str, request: bytes) -> str:
        self.process.stdin.write(request + b"\n")
        self.process.stdin.flush()
        return self.process.stdout.readline().decode("utf-8").rstrip("\n")

    def run(self, texts: list[str], requests: list[bytes]) -> float:
        payload = b"".join(request + b"\n" for request in requests)

        def write() -> None:
            self.process.stdin.write(payload)
            self.process.stdin.flush()

        readline = self.process.stdout.readline
        start = time.perf_counter()
        writer = threading.Thread(target=write)
        writer.start()
        for _ in requests:
            if not readline():
                raise SystemExit("python_bench: caliper batch ended early")
        elapsed = time.perf_counter() - start
        writer.join()
        return elapsed

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait(timeout=30)


class ServiceDoor:
    name = "`caliper-server`, POST /v1/measure (keep-alive)"
    headers = {"Content-Type": "application/json"}

    def __init__(self, server: Path, font_root: Path, log: Path) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        # One compute thread: one shape cache, as the Measurer and `caliper batch` have; no fallback
        # cascade, as the Measurer with a font root has none.
        self.log = log.open("wb")
        self.process = subprocess.Popen(
            [str(server), "--host", "127.0.0.1", "--port", str(self.port), "--font-root", str(font_root),
             "--compute-threads", "1", "--no-fallback", "--log-level", "warning"],
            stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{self.port}/healthz", timeout=1).read()
                break
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit(f"python_bench: caliper-server did not start; see {log}")
                time.sleep(0.1)
        self.connection = http.client.HTTPConnection("127.0.0.1", self.port)

    def answer(self, text: str, request: bytes) -> str:
        self.connection.request("POST", "/v1/measure", request, self.headers)
        return self.connection.getresponse().read().decode("utf-8")

    def run(self, texts: list[str], requests: list[bytes]) -> float:
        connection, headers = self.connection, self.headers
        start = time.perf_counter()
        for request in requests:
            connection.request("POST", "/v1/measure", request, headers)
            response = connection.getresponse()
            response.read()
            if response.status != 200:
                raise SystemExit(f"python_bench: the service answered {response.status}")
        return time.perf_counter() - start

    def close(self) -> None:
        self.connection.close()
        self.process.terminate()
        self.process.wait(timeout=30)
        self.log.close()


def quartiles(values: list[float]) -> tuple[float, float, float]:
    if len(values) < 2:
        return values[0], values[0], values[0]
    first, median, third = statistics.quantiles(values, n=4, method="inclusive")
    return first, median, third


def typed_split(measurer, font_root: Path, label: str, number: int) -> list[tuple[str, float]]:
    """Where a warm typed call's time goes: each step of `measure` timed alone (µs, the fastest of 7)."""
    import caliper
    from caliper import _abi, _measurer, _results  # the package's internals: this is a benchmark

    library = _abi.library()
    request = request_bytes(label)
    # The same request naming the font by its absolute path, to a processor without a font root:
    # what resolving a font name inside the root costs.
    unrooted = caliper.Measurer(only_given_fonts=True)
    absolute = json.dumps({"text": label, "font": str(font_root / FONT), "size": SIZE, "op": "measure"},
                          separators=(",", ":")).encode("utf-8")
    unrooted.answer(absolute)
    answer = measurer.answer(request)
    parsed = json.loads(answer)
    named = {"text": label, "font": FONT, "size": SIZE, "maxWidth": None, "maxLines": None,
             "lineBreak": None, "platform": None, "android": None}
    steps = [
        ("a ctypes call that does nothing (`caliper_abi_version()`)", lambda: library._library.caliper_abi_version()),
        ("the C call alone (`caliper_answer` + `string_at` + `caliper_free`)",
         lambda: library.answer(measurer._processor, request)),
        ("the C call alone, the font by its absolute path to a Measurer without a font root",
         lambda: library.answer(unrooted._processor, absolute)),
        ("`Measurer.answer(bytes)` (adds the in-flight count and UTF-8 decoding)", lambda: measurer.answer(request)),
        ("the request's dict and JSON encoding (`_body` + `_json`)",
         lambda: _measurer._json(_measurer._body("measure", None, named, {}))),
        ("`json.loads` of the answer", lambda: json.loads(answer)),
        ("the dataclasses (`result_of`: MeasureResult, Line, Run)", lambda: _results.result_of(parsed)),
        ("`Measurer.measure(text, font=…, size=…)`, whole", lambda: measurer.measure(label, font=FONT, size=SIZE)),
    ]
    # Repeats interleaved step by step, and the fastest kept (as timeit advises): a burst of load
    # from the machine's other work then spoils one repeat of each step, not one step.
    fastest = [float("inf")] * len(steps)
    for _ in range(7):
        for index, (_, step) in enumerate(steps):
            fastest[index] = min(fastest[index], timeit.timeit(step, number=number))
    unrooted.close()
    return [(title, seconds / number * 1e6) for (title, _), seconds in zip(steps, fastest)]


def git_head(root: Path) -> str:
    try:
        return subprocess.run(["git", "-C", str(root), "rev-parse", "--short", "HEAD"], capture_output=True,
                              text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "?"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, required=True, help="the repository")
    parser.add_argument("--library", type=Path, required=True, help="libCaliperC.so (sets CALIPER_LIBRARY)")
    parser.add_argument("--caliper", type=Path, required=True, help="the caliper CLI")
    parser.add_argument("--server", type=Path, required=True, help="caliper-server")
    parser.add_argument("--markdown", type=Path, help="also write the tables here")
    parser.add_argument("--quick", action="store_true", help="4 rounds of 2,000 warm and 500 cold labels")
    parser.add_argument("--rounds", type=int, help="timed rounds (default 11; one untimed round comes first)")
    parser.add_argument("--warm", type=int, help="warm labels a pass (default 10,000)")
    parser.add_argument("--cold", type=int, help="cold labels a pass (default 2,000)")
    options = parser.parse_args()
    rounds = options.rounds or (4 if options.quick else 11)
    warm_count = options.warm or (2_000 if options.quick else 10_000)
    cold_count = options.cold or (500 if options.quick else 2_000)

    os.environ["CALIPER_LIBRARY"] = str(options.library)
    sys.path.insert(0, str(options.root / "python"))
    import caliper

    font_root = options.root / "Fonts"
    build = options.markdown.parent if options.markdown else Path("/tmp")
    # The untimed round's labels too: raw and typed share the process's shape cache, so each has
    # its own labels every round; batch and the service, processes of their own, take raw's.
    check_count = 200
    corpus = Corpus(options.root / "Benchmarks/Sources/BenchKit/Corpus.swift", warm_count,
                    2 * (rounds + 1) * cold_count + check_count)
    load = os.getloadavg()
    print(f"corpus: {len(corpus.tags)} tags, {len(corpus.stream)} warm labels a pass (of the harness's Zipf stream), "
          f"{cold_count} cold labels a pass of {len(corpus.distinct_labels)} distinct; {rounds} timed rounds")

    measurer = caliper.Measurer(font_root=font_root)
    doors = [RawDoor(measurer), TypedDoor(measurer), BatchDoor(options.caliper, font_root),
             ServiceDoor(options.server, font_root, build / "python-server.log")]
    try:
        # The doors must answer alike: the same answer bytes to the same request, and the typed
        # result the answer's numbers.
        checked = corpus.tags[:check_count // 2] + corpus.distinct_labels[-check_count // 2:]
        for text in checked:
            request = request_bytes(text)
            answers = [door.answer(text, request) for door in (doors[0], doors[2], doors[3])]
            if len(set(answers)) != 1:
                raise SystemExit(f"python_bench: the doors answer {text!r} differently:\n" + "\n".join(answers))
            typed = measurer.measure(text, font=FONT, size=SIZE)
            parsed = json.loads(answers[0])
            if (typed.width, typed.height, len(typed.lines)) != (parsed["width"], parsed["height"], len(parsed["lines"])):
                raise SystemExit(f"python_bench: measure({text!r}) is not its answer {answers[0]}")
        print(f"agreement: {len(checked)} labels answered byte for byte alike by the package, caliper batch and "
              "the service; measure() gives their sizes")

        warm = (corpus.stream, [request_bytes(text) for text in corpus.stream])
        for door in doors:
            door.run(corpus.tags, [request_bytes(text) for text in corpus.tags])

        def cold_chunk(index: int) -> tuple[list[str], list[bytes]]:
            texts = corpus.distinct_labels[index * cold_count:(index + 1) * cold_count]
            return texts, [request_bytes(text) for text in texts]

        micros: dict[tuple[str, str], list[float]] = {}
        ratios: dict[tuple[str, str], list[float]] = {}
        started = time.monotonic()
        for round_index in range(rounds + 1):
            times: dict[tuple[str, str], float] = {}
            # Each door measures each workload once a round; the order turns round by round.
            order = doors[round_index % len(doors):] + doors[:round_index % len(doors)]
            for door in order:
                times[door.name, "warm"] = door.run(*warm) / len(warm[0]) * 1e6
                chunk = 2 * round_index + (1 if isinstance(door, TypedDoor) else 0)
                cold = cold_chunk(chunk)
                times[door.name, "cold"] = door.run(*cold) / len(cold[0]) * 1e6
            if round_index == 0:
                continue  # the untimed round
            for (name, workload), value in times.items():
                micros.setdefault((name, workload), []).append(value)
                ratios.setdefault((name, workload), []).append(value / times[doors[0].name, workload])
        elapsed = time.monotonic() - started

        split = typed_split(measurer, font_root, corpus.tags[0], 2_000 if options.quick else 20_000)
    finally:
        for door in doors:
            door.close()
        measurer.close()

    lines = [
        f"Labels from Python (issue #44), Noto Sans {SIZE} pt, µs per call: median of {rounds} rounds "
        f"(quartiles); ratios are each round's time ÷ `Measurer.answer(bytes)`'s in the same round, their median "
        f"(quartiles). {len(corpus.stream):,} warm labels and {cold_count:,} cold labels a pass. At `{git_head(options.root)}`, "
        f"{platform.python_implementation()} {platform.python_version()}, {os.cpu_count()} cores, load average "
        f"{load[0]:.2f} at the start and {os.getloadavg()[0]:.2f} at the end; the rounds took {elapsed:.0f} s.",
        "",
        "| Labels | Door | µs per call (quartiles) | Calls per second | Time ÷ `answer()`'s (quartiles) |",
        "|---|---|--:|--:|--:|",
    ]
    for workload, title in (("warm", "Warm (cache hit)"), ("cold", "Cold (new label)")):
        for door in doors:
            low, median, high = quartiles(micros[door.name, workload])
            ratio_low, ratio, ratio_high = quartiles(ratios[door.name, workload])
            lines.append(f"| {title} | {door.name} | {median:.2f} ({low:.2f}–{high:.2f}) | {1e6 / median:,.0f} | "
                         f"{ratio:.2f}× ({ratio_low:.2f}–{ratio_high:.2f}) |")
    lines += [
        "",
        f"Where a warm typed call goes (`{corpus.tags[0]}`, each step timed alone: the fastest of 7 interleaved "
        f"repeats of {2_000 if options.quick else 20_000:,} calls):",
        "",
        "| Step | µs per call |",
        "|---|--:|",
    ]
    lines += [f"| {title} | {value:.2f} |" for title, value in split]
    table = "\n".join(lines) + "\n"
    print()
    print(table, end="")
    if options.markdown:
        options.markdown.write_text(table, encoding="utf-8")
        print(f"\n(written to {options.markdown})")


if __name__ == "__main__":
    main()
