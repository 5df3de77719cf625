"""One Measurer answers from many threads at once, each answer the one a single thread gets."""

from __future__ import annotations

import threading

import pytest

import caliper
import support

THREADS = 8
CALLS = 200


def mixed_requests() -> list[bytes]:
    """Labels, paragraphs, flows, cells and Android views, in turn."""
    requests = (support.label_requests()[:60] + support.paragraph_requests() + support.flow_requests()
                + support.cell_requests() + support.android_requests()[:40])
    return [support.line(request) for request in requests]


@pytest.mark.parametrize("processor_threads", [1, THREADS])
def test_threads_get_the_single_threads_answers(processor_threads: int) -> None:
    requests = mixed_requests()
    with caliper.Measurer() as single:
        expected = [single.answer(request) for request in requests]
    with caliper.Measurer(threads=processor_threads) as measurer:
        start = threading.Barrier(THREADS)
        differences: list[str] = []
        failures: list[BaseException] = []

        def measure(thread: int) -> None:
            try:
                start.wait()
                for call in range(CALLS):
                    index = (thread * 37 + call) % len(requests)
                    if measurer.answer(requests[index]) != expected[index]:
                        differences.append(f"thread {thread}, request {index}")
            except BaseException as error:  # noqa: BLE001  (reported below)
                failures.append(error)

        threads = [threading.Thread(target=measure, args=(thread,)) for thread in range(THREADS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert not failures and not differences


def test_close_waits_for_the_calls_in_flight() -> None:
    requests = mixed_requests()
    measurer = caliper.Measurer(threads=4)
    started = threading.Barrier(5)
    outcomes: list[str] = []

    def measure() -> None:
        started.wait()
        try:
            for call in range(1000):
                measurer.answer(requests[call % len(requests)])
            outcomes.append("answered all")
        except ValueError:
            outcomes.append("closed")

    threads = [threading.Thread(target=measure) for _ in range(4)]
    for thread in threads:
        thread.start()
    started.wait()
    measurer.close()
    for thread in threads:
        thread.join()
    assert measurer.closed and len(outcomes) == 4
