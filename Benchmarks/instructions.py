#!/usr/bin/env python3
"""Benchmarks/run --instructions: the noise-free guard (issue #17).

Runs `caliper-bench --instructions` under valgrind's callgrind (collection off at start): the
harness runs each selected workload's Caliper kernel over a fixed small corpus (`Corpus.Sizes
.instructions`), one warm-up pass, then one pass between callgrind client requests, dumped under
the workload's id. Instruction counts do not depend on the machine's load, so a change of a few
percent is visible where timings on a shared 2-core machine swing by ±15%.

Also counts, per operation of each workload (a label, a paragraph, a chip…), the calls to Swift's
reference counting (swift_retain*/swift_bridgeObjectRetain*, swift_release*/...Release*) and to the
allocator (malloc, calloc, realloc, posix_memalign, aligned_alloc) during the counted pass, from
callgrind's call-graph records: issue #28's proxy for what stops threads from scaling (a retain or
release of a shared object bounces its cache line between cores), free of noise on any machine.

Prints each workload's count beside the committed baseline (Benchmarks/instructions.json) and
exits 1 when any is more than 3% over it (or is missing from a full run). With --update-baseline
WHY, writes the counts as the new baseline, with WHY as its note: update it only with a reason.

The binary is copied without its debug sections first: valgrind 3.19 cannot read the DWARF 5 of
Swift 6 objects. SWIFT_DETERMINISTIC_HASHING=1 makes dictionary orders, and so the counts, the
same from run to run.
"""
import argparse
import datetime
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

THRESHOLD = 0.03

# Callee names counted as reference counting and allocation (issue #28).
RETAINS = ("swift_retain", "swift_retain_n", "swift_bridgeObjectRetain", "swift_bridgeObjectRetain_n",
           "swift_unknownObjectRetain", "swift_unknownObjectRetain_n")
RELEASES = ("swift_release", "swift_release_n", "swift_bridgeObjectRelease", "swift_bridgeObjectRelease_n",
            "swift_unknownObjectRelease", "swift_unknownObjectRelease_n")
ALLOCATIONS = ("malloc", "calloc", "realloc", "posix_memalign", "aligned_alloc")


def call_counts(text):
    """Calls to RETAINS, RELEASES and ALLOCATIONS in one callgrind dump: each `cfn=` record names a
    callee (by "(id) name" the first time, "(id)" after: callgrind's name compression) and the
    `calls=` line after it how often it was called from the function above."""
    names = {}
    totals = {"retains": 0, "releases": 0, "allocations": 0}
    callee = None
    for line in text.splitlines():
        if line.startswith(("fn=", "cfn=")):
            match = re.match(r"c?fn=\((\d+)\)(?: (.*))?$", line)
            if match:
                if match.group(2) is not None:
                    names[match.group(1)] = match.group(2)
                name = names.get(match.group(1))
            else:
                name = line.split("=", 1)[1]
            callee = name if line.startswith("cfn=") else None
        elif line.startswith("calls=") and callee is not None:
            count = int(line[6:].split()[0])
            base = callee.split("'")[0]
            if base in RETAINS:
                totals["retains"] += count
            elif base in RELEASES:
                totals["releases"] += count
            elif base in ALLOCATIONS:
                totals["allocations"] += count
            callee = None
    return totals


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bench", required=True)
    parser.add_argument("--root", required=True)
    parser.add_argument("--instructions", action="store_true")
    parser.add_argument("--only")
    parser.add_argument("--update-baseline", metavar="WHY")
    args = parser.parse_args()
    baseline_path = os.path.join(args.root, "Benchmarks", "instructions.json")

    work = tempfile.mkdtemp(prefix="caliper-instructions-")
    try:
        bench = os.path.join(work, "caliper-bench")
        subprocess.run(["objcopy", "--strip-debug", args.bench, bench], check=True)
        command = ["valgrind", "--tool=callgrind", "--collect-atstart=no",
                   "--callgrind-out-file=" + os.path.join(work, "cg.out"), bench, "--instructions"]
        if args.only:
            command += ["--only", args.only]
        environment = dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1",
                           FONTCONFIG_FILE=os.path.join(args.root, "Fonts", "fonts.conf"), CALIPER_ROOT=args.root)
        print("==> counting instructions under callgrind (about two minutes)", flush=True)
        run = subprocess.run(command, env=environment, capture_output=True, text=True)
        if run.returncode != 0:
            sys.stderr.write(run.stdout + run.stderr)
            raise SystemExit("Benchmarks/run --instructions: caliper-bench failed under valgrind")
        counts = {}
        calls = {}
        ops = dict(re.findall(r"^counted (\S+) ops (\d+)", run.stdout, re.M))
        for path in glob.glob(os.path.join(work, "cg.out.*")):
            text = open(path, encoding="utf-8", errors="replace").read()
            name = re.search(r"^desc: Trigger: Client Request: (.+)$", text, re.M)
            total = re.search(r"^totals: (\d+)", text, re.M)
            if name and total:
                counts[name.group(1)] = int(total.group(1))
                per_op = max(1, int(ops.get(name.group(1), 1)))
                calls[name.group(1)] = {key: value / per_op for key, value in call_counts(text).items()}
        if not counts:
            raise SystemExit("Benchmarks/run --instructions: callgrind wrote no counts")
        valgrind = subprocess.run(["valgrind", "--version"], capture_output=True, text=True).stdout.strip()
    finally:
        shutil.rmtree(work, ignore_errors=True)

    baseline = {}
    note = None
    if os.path.exists(baseline_path):
        document = json.load(open(baseline_path))
        baseline = document.get("workloads", {})
        note = document.get("note")

    regressions = []
    print()
    print("| Workload | Baseline | Now | Change |")
    print("|---|---:|---:|---:|")
    for workload in sorted(set(counts) | (set(baseline) if not args.only else set())):
        now, before = counts.get(workload), baseline.get(workload)
        if now is None:
            print("| %s | %s | — | missing |" % (workload, format(before, ",")))
            regressions.append(workload + " (not counted)")
            continue
        if before is None:
            print("| %s | — | %s | new |" % (workload, format(now, ",")))
            continue
        change = now / before - 1
        flag = " ✗" if change > THRESHOLD else ""
        print("| %s | %s | %s | %+.2f%%%s |" % (workload, format(before, ","), format(now, ","), change * 100, flag))
        if change > THRESHOLD:
            regressions.append("%s %+.2f%%" % (workload, change * 100))
    print()
    print("| Workload | retains / op | releases / op | allocations / op |")
    print("|---|---:|---:|---:|")
    for workload in sorted(calls):
        per_op = calls[workload]
        print("| %s | %.1f | %.1f | %.1f |" % (workload, per_op["retains"], per_op["releases"], per_op["allocations"]))
    print()
    if note:
        print("baseline note: " + note)

    if args.update_baseline:
        if args.only:
            raise SystemExit("Benchmarks/run --instructions: --update-baseline needs a full run (no --only)")
        document = {
            "note": args.update_baseline,
            "updated": datetime.date.today().isoformat(),
            "valgrind": valgrind,
            "threshold": THRESHOLD,
            "workloads": dict(sorted(counts.items())),
            "callsPerOperation": {name: {key: round(value, 2) for key, value in sorted(per_op.items())}
                                  for name, per_op in sorted(calls.items())},
        }
        with open(baseline_path, "w") as out:
            json.dump(document, out, indent=2, sort_keys=True)
            out.write("\n")
        print("wrote %s (%s)" % (baseline_path, args.update_baseline))
        return
    if regressions:
        print("Benchmarks/run --instructions: over %.0f%% above the baseline: %s" % (THRESHOLD * 100, ", ".join(regressions)))
        sys.exit(1)
    print("Benchmarks/run --instructions: every workload within %.0f%% of the baseline" % (THRESHOLD * 100))


if __name__ == "__main__":
    main()
