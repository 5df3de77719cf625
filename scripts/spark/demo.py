"""scripts/spark/demo.py — `caliper batch` as stateless workers on Apache Spark (see scripts/spark-demo and Sources/Caliper/Caliper.docc/Scaling.md).

Writes N JSON Lines requests (measure, flow and layout mixed, one in ten invalid, every one with an
id), then, on a local[1] and a local[2] master in turn: reads them into 8 partitions, pipes each
partition through a `caliper batch --font-root Fonts` worker (the binary and the fonts shipped with
the job through SparkContext.addFile, the worker started in the folder they land in), joins the
answers back to the requests by id, and checks that every request is answered exactly once and
that each answer is byte-identical to the answer of one `caliper batch` process over the whole
file. Prints the throughput of each master, and exits 1 if a check fails.
"""

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import threading
import time

from pyspark import SparkFiles
from pyspark.sql import SparkSession

PARTITIONS = 8
WORDS = ["swift", "ios", "machine", "learning", "text", "layout", "東京", "世界", "🌍", "👩‍👩‍👧", "مرحبا",
         "ภาษาไทย", "नमस्ते", "café", "AVATAR", "office", "“quoted”", "well-known"]
FONTS = ["Fonts/NotoSans-Regular.ttf", "Fonts/DejaVuSans.ttf", "Fonts/LiberationSans-Regular.ttf", "Fonts/NotoSans-Bold.ttf"]
FALLBACK = ["Fonts/DroidSansFallbackFull.ttf", "Fonts/NotoColorEmoji.ttf", "Fonts/NotoSansArabic-Regular.ttf",
            "Fonts/NotoSansThai-Regular.ttf", "Fonts/NotoSansDevanagari-Regular.ttf"]


def request(i, rng):
    """Request `i`: a measure (7 in 10), a flow, a layout or an invalid request, each with id i."""
    text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 12))) + " " + str(i)
    kind = i % 10
    if kind == 9:
        return rng.choice([
            {"id": i, "op": "teleport"},
            {"id": i, "text": "x", "font": "/etc/passwd"},
            {"id": i, "text": "x", "font": FONTS[0], "size": -1},
            {"id": i, "text": "x", "font": "Fonts/no-such-font.ttf"},
        ])
    if kind == 8:
        items = [{"text": w, "font": FONTS[0], "size": 14, "padding": [4, 10, 4, 10], "fallback": FALLBACK}
                 for w in text.split()[:8]]
        return {"id": i, "op": "flow", "width": 320, "spacing": 8, "lineSpacing": 8, "maxRows": 2, "items": items}
    if kind == 7:
        return {"id": i, "op": "layout", "width": 375, "root": {
            "type": "inset", "insets": [16, 16, 16, 16], "child": {
                "type": "stack", "axis": "vertical", "spacing": 8, "children": [
                    {"type": "label", "id": "title", "text": text, "font": FONTS[0], "numberOfLines": 1,
                     "lineBreak": "truncate-tail", "fallback": FALLBACK},
                    {"type": "label", "id": "body", "text": text * 3, "font": FONTS[1], "size": 14, "fallback": FALLBACK}]}}}
    return {"id": i, "text": text, "font": rng.choice(FONTS), "size": rng.choice([12, 15, 17]),
            "maxWidth": rng.choice([None, 120, 200, 320]), "maxLines": rng.choice([0, 0, 2]),
            "lineBreak": rng.choice(["word", "char", "truncate-tail"]), "fallback": FALLBACK}


def write_requests(path, count):
    rng = random.Random(7)
    with open(path, "w", encoding="utf-8") as out:
        for i in range(count):
            out.write(json.dumps(request(i, rng), ensure_ascii=False) + "\n")


def answer_partition(lines):
    """One partition through one `caliper batch` worker, in the folder the job's files landed in."""
    root = SparkFiles.getRootDirectory()
    binary = os.path.join(root, "caliper")
    if not os.access(binary, os.X_OK):
        os.chmod(binary, 0o755)
    worker = subprocess.Popen([binary, "batch", "--font-root", "Fonts"], cwd=root,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def feed():
        try:
            for line in lines:
                worker.stdin.write(line.encode("utf-8") + b"\n")
        finally:
            worker.stdin.close()

    feeder = threading.Thread(target=feed, daemon=True)
    feeder.start()
    for answer in worker.stdout:
        yield answer.decode("utf-8").rstrip("\n")
    feeder.join()
    if worker.wait() != 0:
        raise RuntimeError(f"caliper batch exited {worker.returncode}")


def answer_id(answer):
    return json.loads(answer)["id"]


def run(master, requests_path, reference_path, count, caliper, fonts):
    spark = (SparkSession.builder.master(master).appName(f"caliper-batch-{master}")
             .config("spark.ui.enabled", "false").config("spark.driver.memory", "4g").getOrCreate())
    context = spark.sparkContext
    context.setLogLevel("ERROR")
    # What a worker needs, shipped with the job: the binary and the fonts it may read.
    context.addFile(caliper)
    context.addFile(fonts, recursive=True)
    requests = context.textFile(requests_path, minPartitions=PARTITIONS).coalesce(PARTITIONS)
    answers = requests.mapPartitions(answer_partition).map(lambda answer: (answer_id(answer), answer)).cache()

    start = time.monotonic()
    answered = answers.count()
    seconds = time.monotonic() - start

    # Exactly once: as many answers as requests, each id once, every id one of the requests'
    # (the answers joined back to their requests by id).
    distinct = answers.keys().distinct().count()
    by_id = requests.map(lambda line: (json.loads(line)["id"], line))
    joined = by_id.join(answers).count()
    strays = answers.subtractByKey(by_id).count()
    # Byte-identical: each answer equals the one-process answer with the same id.
    reference = context.textFile(reference_path, minPartitions=PARTITIONS).map(lambda answer: (answer_id(answer), answer))
    differing = answers.fullOuterJoin(reference).filter(lambda pair: pair[1][0] != pair[1][1]).count()
    spark.stop()
    return answered, distinct, joined, strays, differing, seconds


def positive(text):
    """A whole number of requests, at least 1."""
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"the count must be at least 1, not {value}")
    return value


def main():
    # Spark's Python workers run this interpreter, which has PySpark.
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    os.environ.setdefault("PYSPARK_DRIVER_PYTHON", sys.executable)
    parser = argparse.ArgumentParser()
    parser.add_argument("--caliper", required=True)
    parser.add_argument("--fonts", required=True)
    parser.add_argument("--count", type=positive, default=1_000_000)
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="caliper-spark-")
    requests_path = os.path.join(work, "requests.jsonl")
    reference_path = os.path.join(work, "reference.jsonl")

    write_requests(requests_path, args.count)
    print(f"requests: {args.count:,} (measure, flow and layout mixed, one in ten invalid) in {requests_path}", flush=True)
    start = time.monotonic()
    with open(requests_path, "rb") as source, open(reference_path, "wb") as target:
        subprocess.run([args.caliper, "batch", "--font-root", "Fonts"], stdin=source, stdout=target,
                       cwd=os.path.dirname(os.path.abspath(args.fonts)), check=True)
    one = time.monotonic() - start
    print(f"one caliper batch process over the whole file: {one:.1f} s ({args.count / one:,.0f} requests/s)", flush=True)

    failed = False
    for master in ["local[1]", "local[2]"]:
        answered, distinct, joined, strays, differing, seconds = run(
            master, requests_path, reference_path, args.count, os.path.abspath(args.caliper), os.path.abspath(args.fonts))
        once = answered == args.count and distinct == args.count and joined == args.count and strays == 0
        print(f"{master}: {PARTITIONS} partitions, {answered:,} answers for {args.count:,} requests, {distinct:,} distinct ids, "
              f"{joined:,} joined to their requests by id, {strays} strays: exactly once {'PASS' if once else 'FAIL'}; "
              f"answers differing from the one-process "
              f"run: {differing}: byte-identical {'PASS' if differing == 0 else 'FAIL'}", flush=True)
        print(f"{master}: {seconds:.1f} s to answer, {args.count / seconds:,.0f} requests/s", flush=True)
        failed = failed or not once or differing != 0
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
