#!/usr/bin/env python3
"""Benchmarks/run --writing-share REQUESTS: how much of a batch's CPU goes into writing its answers
(issue #28's target: at most 5%).

Runs `caliper batch --jobs 1` over a file of request lines under valgrind's callgrind and prints
the instructions spent in writing answers as a share of all: the inclusive cost of every call into
the writing code (JSONWriter, a measurement's members, a flow's or a layout's members, a JSON
value, an error answer) from code that is not writing, so that nothing is counted twice; then the
largest entry points and the writer's own costs. The figures in the issue's notes are of
`python3 ../shared/scaling/gen.py 20000` (the Spark demo's mix: measure 7/10, flow, layout,
invalid 1/10; about a minute under callgrind).

Instruction counts do not depend on the machine's load. The binary is copied without its debug
sections first (valgrind 3.19 cannot read the DWARF 5 of Swift 6 objects).
"""
import argparse
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile

from instructions import callgrind_costs  # the one reader of callgrind's dumps, beside this script

# The writing code, by symbol: the writer and the digits of its numbers, a measurement's JSON
# members, LayoutJSON's flow and layout members, a JSON value written, and an error answer.
# `BatchProcessor.write(answerTo:…)` answers a request (reading, measuring and writing), so it is
# not writing itself.
WRITING = re.compile(r"JSONWriter|ShortestDecimal|writeJSONMembers|LayoutJSON|writeFlowMembers|writeLayoutMembers|JSONO5write|errorAnswer")
NOT_WRITING = re.compile(r"ProcessorV5write")


def is_writing(name):
    return name is not None and WRITING.search(name) is not None and NOT_WRITING.search(name) is None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--caliper", required=True, help="a release build of the caliper CLI")
    parser.add_argument("--root", required=True, help="the repository (its Fonts/ and fonts.conf)")
    parser.add_argument("requests", help="a file of request lines")
    arguments = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("Benchmarks/run --writing-share: valgrind is not installed")
    with tempfile.TemporaryDirectory() as work:
        binary = os.path.join(work, "caliper")
        subprocess.run(["objcopy", "--strip-debug", arguments.caliper, binary], check=True)
        dump = os.path.join(work, "callgrind.out")
        environment = dict(os.environ, FONTCONFIG_FILE=os.path.join(arguments.root, "Fonts/fonts.conf"))
        with open(arguments.requests, "rb") as requests:
            result = subprocess.run(
                ["valgrind", "--tool=callgrind", f"--callgrind-out-file={dump}", binary, "batch", "--jobs", "1"],
                stdin=requests, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=arguments.root, env=environment)
        if result.returncode != 0:
            sys.stderr.write(result.stderr.decode(errors="replace")[-2000:])
            raise SystemExit("Benchmarks/run --writing-share: caliper batch failed under valgrind")
        with open(dump, encoding="utf-8", errors="replace") as file:
            own, calls, total = callgrind_costs(file.read())
    entries = collections.Counter()
    for (caller, callee), cost in calls.items():
        if is_writing(callee) and not is_writing(caller):
            entries[callee] += cost
    writing = sum(entries.values())
    print(f"instructions {total:,}; writing answers {writing:,} = {100 * writing / total:.2f}% (issue #28: at most 5%)")
    print("entry points:")
    for name, cost in entries.most_common(8):
        print(f"  {100 * cost / total:5.2f}%  {name[:120]}")
    print("the writing code's own instructions, largest first:")
    for name, cost in sorted(((name, cost) for name, cost in own.items() if is_writing(name)), key=lambda item: -item[1])[:12]:
        print(f"  {100 * cost / total:5.2f}%  {name[:120]}")


if __name__ == "__main__":
    main()
