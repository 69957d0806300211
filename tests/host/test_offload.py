"""Legal-options work runs in a thread until seen quick, then on the loop; slow work never holds it."""

from __future__ import annotations

import threading
import time

from waypost.offload import QUICK, SEEN, SLOW, Offloader


def _where(spin: float = 0.0) -> int:
    until = time.thread_time() + spin  # CPU time: however busy the machine is
    while time.thread_time() < until:
        pass
    return threading.get_ident()


async def test_quick_work_moves_onto_the_loop_once_seen_quick_and_back_to_threads_once_slow_there():
    offload, loop = Offloader(), threading.get_ident()
    assert [await offload.run("quick", _where) != loop for _ in range(SEEN)] == [True] * SEEN  # in a thread, timed
    assert await offload.run("quick", _where) == loop  # seen quick SEEN times: on the loop
    assert await offload.run("quick", _where, QUICK * 2) == loop  # a little slower: stays
    assert await offload.run("quick", _where, SLOW) == loop  # slow this once, on the loop …
    assert [await offload.run("quick", _where) != loop for _ in range(SEEN + 1)] == [True] * SEEN + [False]  # … so
    # in threads until seen quick again


async def test_slow_work_stays_in_a_thread_and_each_kind_is_judged_apart():
    offload, loop = Offloader(), threading.get_ident()
    for _ in range(SEEN + 2):
        assert await offload.run("slow", _where, QUICK * 2) != loop
        await offload.run("quick", _where)
    assert await offload.run("quick", _where) == loop
