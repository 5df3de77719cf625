#!/usr/bin/env python3
"""Benchmarks/run --instructions: the noise-free guard (issue #17).

Runs `caliper-bench --instructions` under valgrind's callgrind (collection off at start): the
harness runs each selected workload's Caliper kernel over a fixed small corpus (`Corpus.Sizes
.instructions`), one warm-up pass, then one pass between callgrind client requests, dumped under
the workload's id. Instruction counts do not depend on the machine's load, so a change of a few
percent is visible where timings on a shared 2-core machine swing by ±15%.

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
        for path in glob.glob(os.path.join(work, "cg.out.*")):
            text = open(path, encoding="utf-8", errors="replace").read()
            name = re.search(r"^desc: Trigger: Client Request: (.+)$", text, re.M)
            total = re.search(r"^totals: (\d+)", text, re.M)
            if name and total:
                counts[name.group(1)] = int(total.group(1))
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
