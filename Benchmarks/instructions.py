#!/usr/bin/env python3
"""Benchmarks/run --instructions: the noise-free guard (issue #17).

Runs `caliper-bench --instructions` under valgrind's callgrind (collection off at start): the
harness runs each selected workload's Caliper kernel over a fixed small corpus (`Corpus.Sizes
.instructions`), one warm-up pass, then one pass between callgrind client requests, dumped under
the workload's id. Instruction counts do not depend on the machine's load, so a change of a few
percent is visible where timings on a shared 2-core machine swing by ±15%.

Also reports, per operation of each workload (a label, a paragraph, a request…), the instructions
spent in Swift's reference counting (swift_retain, swift_release and their bridge-object, _n and
slow-path forms) and in the allocator (malloc, free and glibc's internals, swift_allocObject and
deallocation), with their share of the pass: issue #28's noise-free proxy for what stops threads
from scaling (a retain or release of an object other threads use bounces its cache line; malloc
and free take arena locks).

Prints each workload's count beside the committed baseline (Benchmarks/instructions.json) and
exits 1 when any is more than 3% over it (or is missing from a full run). With --update-baseline
WHY, writes the counts as the new baseline, with WHY as its note: update it only with a reason.
With --only IDS as well, it writes only the workloads counted (a new workload's first entry, say)
and keeps every other entry and the baseline's note as they are; WHY is kept as those entries'
note, under "notes" (a full update drops these: its note covers every count).

The binary is copied without its debug sections first: valgrind 3.19 cannot read the DWARF 5 of
Swift 6 objects. SWIFT_DETERMINISTIC_HASHING=1 makes dictionary orders, and so the counts, the
same from run to run.
"""
import argparse
import collections
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

# Functions whose own instructions count as reference counting or allocation (issue #28).
REFERENCE_COUNTING = re.compile(r"^(swift_(retain|release|bridgeObjectRetain|bridgeObjectRelease|unknownObjectRetain|"
                                r"unknownObjectRelease|nonatomic_retain|nonatomic_release)(_n)?|_swift_release_dealloc|"
                                r"swift::RefCounts<.*>::(doDecrementSlow|incrementSlow).*)$")
ALLOCATION = re.compile(r"^(malloc|calloc|realloc|free|cfree|_int_malloc|_int_free|_int_realloc|malloc_consolidate|"
                        r"unlink_chunk.*|tcache_.*|sysmalloc|posix_memalign|aligned_alloc|_mid_memalign|__libc_.*alloc|"
                        r"swift_slowAlloc|swift_slowDealloc|swift_allocObject|swift_deallocObject|swift_deallocClassInstance)$")


def callgrind_costs(text):
    """One callgrind dump's own (exclusive) cost per function, inclusive cost per call edge
    (caller, callee), and its total. Within a `fn=` block, each cost line is the function's own,
    except the line right after a `calls=` line, which is the inclusive cost of that call. Names
    are compressed: "(id) name" the first time, "(id)" after. Also read by writing-share.py."""
    names = {}
    own = collections.Counter()
    calls = collections.Counter()
    function = callee = None
    after_call = False
    total = 0
    for line in text.splitlines():
        if line.startswith("fn=") or line.startswith("cfn="):
            match = re.match(r"c?fn=\((\d+)\)(?: (.*))?$", line)
            if match and match.group(2) is not None:
                names[match.group(1)] = match.group(2)
            name = names.get(match.group(1), "") if match else line.split("=", 1)[1]
            if line.startswith("fn="):
                function, callee, after_call = name, None, False
            else:
                callee = name
        elif line.startswith("calls="):
            after_call = True
        elif line and (line[0].isdigit() or line[0] in "+-*"):
            parts = line.split()
            if len(parts) < 2:
                continue
            if after_call:
                calls[(function, callee)] += int(parts[1])
                after_call = False
            else:
                own[function] += int(parts[1])
                total += int(parts[1])
    return own, calls, total


def own_costs(text):
    """Instructions spent in reference counting and in the allocator during one callgrind dump: the
    own (exclusive) cost of the functions REFERENCE_COUNTING and ALLOCATION name. (Callgrind's call
    counts could not be used: zeroing its statistics leaves them as they were, so a pass's counts
    included every earlier call; the runtime's retain/release hooks fault on Swift 6.3's Linux
    runtime, swiftlang/swift#88924.)"""
    totals = {"referenceCounting": 0, "allocation": 0}
    own, _, _ = callgrind_costs(text)
    for name, cost in own.items():
        base = name.split("'")[0].split("@@")[0]
        kind = "referenceCounting" if REFERENCE_COUNTING.match(base) else "allocation" if ALLOCATION.match(base) else None
        if kind:
            totals[kind] += cost
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
                own = own_costs(text)
                calls[name.group(1)] = dict({key + "PerOp": value / per_op for key, value in own.items()},
                                            **{key + "Share": value / max(1, int(total.group(1))) for key, value in own.items()})
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
    print("| Workload | reference counting, instructions / op (share) | allocation, instructions / op (share) |")
    print("|---|---:|---:|")
    for workload in sorted(calls):
        own = calls[workload]
        print("| %s | %s (%.1f%%) | %s (%.1f%%) |" % (
            workload, format(round(own["referenceCountingPerOp"]), ","), own["referenceCountingShare"] * 100,
            format(round(own["allocationPerOp"]), ","), own["allocationShare"] * 100))
    print()
    if note:
        print("baseline note: " + note)

    if args.update_baseline and args.only:
        update_entries(baseline_path, counts, calls, args.update_baseline, valgrind)
        return
    if args.update_baseline:
        document = {
            "note": args.update_baseline,
            "updated": datetime.date.today().isoformat(),
            "valgrind": valgrind,
            "threshold": THRESHOLD,
            "workloads": dict(sorted(counts.items())),
            "referenceCountingAndAllocation": {name: {key: round(value, 4) for key, value in sorted(own.items())}
                                               for name, own in sorted(calls.items())},
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


def update_entries(baseline_path, counts, calls, why, valgrind):
    """Writes the counts of the workloads counted (an --only run) into the baseline, each with
    `why` as its note, and keeps every other workload's entry, the baseline's note and its date."""
    document = json.load(open(baseline_path)) if os.path.exists(baseline_path) else {"threshold": THRESHOLD}
    if document.get("valgrind", valgrind) != valgrind:
        raise SystemExit("Benchmarks/run --instructions: the baseline was counted under %s, this run under %s: update it whole"
                         % (document["valgrind"], valgrind))
    document["valgrind"] = valgrind
    workloads = document.setdefault("workloads", {})
    shares = document.setdefault("referenceCountingAndAllocation", {})
    notes = document.setdefault("notes", {})
    today = datetime.date.today().isoformat()
    for name in sorted(counts):
        previous = workloads.get(name)
        workloads[name] = counts[name]
        shares[name] = {key: round(value, 4) for key, value in sorted(calls[name].items())}
        notes[name] = "%s: %s" % (today, why)
        print("%s %s: %s" % ("rewrote" if previous is not None else "added", name, format(counts[name], ","))
              + (" (was %s)" % format(previous, ",") if previous is not None else ""))
    for key in ("workloads", "referenceCountingAndAllocation", "notes"):
        document[key] = dict(sorted(document[key].items()))
    with open(baseline_path, "w") as out:
        json.dump(document, out, indent=2, sort_keys=True)
        out.write("\n")
    print("wrote %d of %d entries of %s (%s); the others and the baseline's note are as they were"
          % (len(counts), len(workloads), baseline_path, why))


if __name__ == "__main__":
    main()
