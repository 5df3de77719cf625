#!/usr/bin/env python3
"""A manual probe (not part of `swift test`): slow clients against a caliper-server on loopback.

CONNECTIONS clients trickle request bodies (with Content-Length, chunked, or a chunked /v1/batch
stream of JSON Lines) or request heads at 1 byte a second for SECONDS; each one the server closes is opened again, so the pressure
lasts the whole run. Meanwhile one client sends POST /v1/measure 10 times a second, each on a new
connection, and must get only 2xx. Prints one summary line and exits 1 if any measure request got
anything else.

Usage: probe_slow_clients.py --binary PATH [--connections 200] [--seconds 60] [server flags...]
       probe_slow_clients.py --port PORT [--connections 200] [--seconds 60]
With --binary it starts the server itself on a free loopback port over the repository's Fonts/
(extra arguments are passed to it) and stops it at the end. Bounded: at most 1,000 connections
and 600 seconds.
"""
import argparse
import asyncio
import collections
import os
import socket
import subprocess
import sys
import time

HOST = "127.0.0.1"
MEASURE = b'{"text": "Hello, World", "font": "DejaVuSans.ttf", "size": 17}'


def free_port():
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


async def read_status(reader):
    line = await reader.readline()
    parts = line.split()
    return int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else None


async def trickler(index, port, deadline, stats):
    """One slow client: its bytes at 1 a second, reconnecting whenever the server closes."""
    kind = ("body-length", "body-chunked", "head", "batch-chunked")[index % 4]
    while time.monotonic() < deadline:
        try:
            reader, writer = await asyncio.open_connection(HOST, port)
        except OSError:
            stats["connect failures"] += 1
            await asyncio.sleep(1)
            continue
        stats["connections"] += 1
        stats["open"] += 1
        stats["most open"] = max(stats["most open"], stats["open"])
        if kind == "head":
            head, slow = b"", b"POST /v1/measure HTTP/1.1\r\nHost: localhost\r\nX-Slow: " + b"a" * 10_000
        elif kind == "batch-chunked":
            # JSON Lines one byte a second: a batch holds a place only while a whole line is computed.
            head = (b"POST /v1/batch HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-ndjson\r\n"
                    b"Transfer-Encoding: chunked\r\n\r\n")
            line = MEASURE + b"\n"
            slow = b"".join(b"1\r\n" + line[i:i + 1] + b"\r\n" for i in range(len(line))) * 1_000
        else:
            framing = b"Content-Length: 100000" if kind == "body-length" else b"Transfer-Encoding: chunked"
            head = b"POST /v1/measure HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n" + framing + b"\r\n\r\n"
            slow = b"1\r\n{\r\n" * 100_000 if kind == "body-chunked" else b"{" * 100_000
        # Chunked: whole one-byte chunks, still one byte a second of payload.
        step = 6 if kind in ("body-chunked", "batch-chunked") else 1
        answered = None
        try:
            writer.write(head)
            await writer.drain()
            reading = asyncio.ensure_future(read_status(reader))
            for offset in range(0, len(slow), step):
                # A batch answers its head at once and then each line: it keeps streaming.
                if time.monotonic() >= deadline or (reading.done() and kind != "batch-chunked"):
                    break
                writer.write(slow[offset:offset + step])
                await writer.drain()
                if reading.done():
                    await asyncio.sleep(1)  # a batch's answer head has come: the line still trickles
                else:
                    await asyncio.wait([reading], timeout=1)
            if reading.done():
                answered = reading.result()
            else:
                reading.cancel()
        except (OSError, asyncio.IncompleteReadError, ValueError):
            pass
        stats["open"] -= 1
        stats[f"{kind}: answered {answered}" if answered else f"{kind}: closed without an answer"] += 1
        writer.close()


async def measurer(port, deadline, statuses, latencies):
    """POST /v1/measure 10 times a second, each on a connection of its own."""
    async def one():
        started = time.monotonic()
        try:
            reader, writer = await asyncio.open_connection(HOST, port)
            writer.write(b"POST /v1/measure HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nConnection: close\r\n"
                         + b"Content-Length: %d\r\n\r\n" % len(MEASURE) + MEASURE)
            await writer.drain()
            status = await asyncio.wait_for(read_status(reader), 30)
            await reader.read()
            writer.close()
        except (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError) as error:
            status = type(error).__name__
        statuses[status] += 1
        latencies.append(time.monotonic() - started)

    tasks = []
    while time.monotonic() < deadline:
        tasks.append(asyncio.ensure_future(one()))
        await asyncio.sleep(0.1)
    await asyncio.gather(*tasks)


async def probe(port, connections, seconds):
    stats = collections.Counter()
    statuses = collections.Counter()
    latencies = []
    deadline = time.monotonic() + seconds
    slow = [asyncio.ensure_future(trickler(i, port, deadline, stats)) for i in range(connections)]
    await asyncio.sleep(2)  # the slow clients are all connected before measuring starts
    await measurer(port, deadline, statuses, latencies)
    await asyncio.gather(*slow)
    return stats, statuses, latencies


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary")
    parser.add_argument("--port", type=int)
    parser.add_argument("--connections", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60)
    arguments, server_flags = parser.parse_known_args()
    if not 1 <= arguments.connections <= 1000 or not 1 <= arguments.seconds <= 600:
        parser.error("--connections must be 1…1000 and --seconds 1…600")
    if (arguments.binary is None) == (arguments.port is None):
        parser.error("give --binary or --port")
    server = None
    port = arguments.port
    if arguments.binary:
        port = free_port()
        fonts = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Fonts")
        server = subprocess.Popen([arguments.binary, "--host", HOST, "--port", str(port), "--font-root", fonts,
                                   "--log-level", "warning", *server_flags])
        for _ in range(100):
            try:
                socket.create_connection((HOST, port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
    try:
        stats, statuses, latencies = asyncio.run(probe(port, arguments.connections, arguments.seconds))
    finally:
        if server:
            server.terminate()
            server.wait(timeout=30)
    latencies.sort()
    total = sum(statuses.values())
    ok = sum(n for status, n in statuses.items() if isinstance(status, int) and 200 <= status < 300)
    pick = lambda q: latencies[min(len(latencies) - 1, int(q * len(latencies)))] * 1000 if latencies else float("nan")
    print(f"probe: {arguments.connections} slow clients for {arguments.seconds:g} s: "
          f"measure {ok}/{total} 2xx ({dict(statuses)}), latency p50 {pick(0.5):.1f} ms, p99 {pick(0.99):.1f} ms, "
          f"max {pick(1.0):.1f} ms; slow connections opened {stats['connections']}, at most {stats['most open']} open at once; "
          + ", ".join(f"{k} {v}" for k, v in sorted(stats.items()) if ":" in k))
    sys.exit(0 if total and ok == total else 1)


if __name__ == "__main__":
    main()
