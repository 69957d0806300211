"""Heavy work's order and cost (waypost.fairness, issue 18 §9), on a lane whose jobs the test
finishes by hand."""

from __future__ import annotations

import asyncio

import pytest

from waypost.fairness import Allowance, Lane, Payer, Share, Spent

FREE = Allowance(Share(1e6, 1e6), Share(1e6, 1e6))


class Held:
    """A lane's runner whose jobs finish when the test says, in the order they started."""

    def __init__(self) -> None:
        self.started: list[str] = []
        self._gates: dict[str, asyncio.Event] = {}

    async def __call__(self, work, name: str) -> tuple[str, float]:
        self.started.append(name)
        gate = self._gates.setdefault(name, asyncio.Event())
        await gate.wait()
        return work(name), 0.5

    async def finish(self, name: str) -> None:
        self._gates.setdefault(name, asyncio.Event()).set()
        await settled()


async def settled() -> None:
    """Let every task that can run, run."""
    for _ in range(5):
        await asyncio.sleep(0)


async def submit(lane: Lane, payer: Payer, *names: str) -> list[asyncio.Task[str]]:
    tasks = [asyncio.ensure_future(lane.run(payer, str.upper, name)) for name in names]
    await settled()
    return tasks


async def test_a_newcomer_waits_only_for_what_is_running_not_for_a_backlog():
    held = Held()
    lane = Lane(1, held, FREE, guess=0.5)
    await submit(lane, Payer(1, 9), "a1", "a2", "a3", "a4")
    await submit(lane, Payer(2, 9), "b1")
    for name in ("a1", "b1", "a2"):
        await held.finish(name)
    assert held.started == ["a1", "b1", "a2", "a3"]


async def test_servers_take_turns_then_their_users():
    held = Held()
    lane = Lane(1, held, FREE, guess=0.5)
    await submit(lane, Payer(1, 9), "a1", "a2", "a3")
    await submit(lane, Payer(3, 9), "c1", "c2")
    await submit(lane, Payer(2, 8), "b1", "b2")  # another server
    for name in ("a1", "b1", "c1", "b2", "a2", "c2", "a3"):
        await held.finish(name)
    assert held.started == ["a1", "b1", "c1", "b2", "a2", "c2", "a3"]


async def test_with_several_workers_a_newcomer_takes_the_first_one_free():
    held = Held()
    lane = Lane(3, held, FREE, guess=0.5)
    await submit(lane, Payer(1, 9), "a1", "a2", "a3", "a4", "a5")
    assert held.started == ["a1", "a2", "a3"]  # nobody else waits: every worker
    await submit(lane, Payer(2, 9), "b1", "b2")
    await held.finish("a2")
    assert held.started[3:] == ["b1"]
    await held.finish("a1")
    assert held.started[4:] == ["a4"]  # then in turn
    await held.finish("b1")
    assert held.started[5:] == ["b2"]


async def test_a_job_given_up_before_it_starts_never_runs():
    held = Held()
    lane = Lane(1, held, FREE, guess=0.5)
    first, second, third = await submit(lane, Payer(1, 9), "a1", "a2", "a3")
    second.cancel()
    await settled()
    await held.finish("a1")
    await held.finish("a3")
    assert held.started == ["a1", "a3"] and await third == "A3" and await first == "A1"


async def test_what_a_job_costs_is_charged_to_its_user_and_server_until_they_are_refused():
    now = [0.0]
    allowance = Allowance(Share(0.25, 1.0), Share(0.5, 1.5), clock=lambda: now[0])
    held = Held()
    lane = Lane(1, held, allowance, guess=0.5)
    for name, user in (("a1", 1), ("a2", 1)):  # 0.5 s each: alice's second second is spent
        allowance.check(Payer(user, 9))
        task, = await submit(lane, Payer(user, 9), name)
        await held.finish(name)
        await task
    with pytest.raises(Spent, match=r"^You have used your share .* try again in 1 second\.$"):
        allowance.check(Payer(1, 9))
    allowance.check(Payer(2, 9))  # bob's is his own; the server has half a second left
    task, = await submit(lane, Payer(2, 9), "b1")
    await held.finish("b1")
    await task
    with pytest.raises(Spent, match=r"^This server has used its share .* try again in 1 second\.$"):
        allowance.check(Payer(2, 9))
    allowance.check(Payer(2, 8))  # another server's is its own
    now[0] += 1.0  # a quarter second back for each user, half for the server
    allowance.check(Payer(1, 9))


async def test_a_burst_is_paid_for_when_queued_and_settled_when_done():
    now = [0.0]
    allowance = Allowance(Share(0.1, 1.0), Share(10, 10), clock=lambda: now[0])
    held = Held()
    lane = Lane(1, held, allowance, guess=0.4)
    a1 = asyncio.ensure_future(lane.run(Payer(1, 9), str.upper, "a1", check=True))
    a2 = asyncio.ensure_future(lane.run(Payer(1, 9), str.upper, "a2", check=True))
    a3 = asyncio.ensure_future(lane.run(Payer(1, 9), str.upper, "a3", check=True))  # 0.2 s left: still queued
    a4 = asyncio.ensure_future(lane.run(Payer(1, 9), str.upper, "a4", check=True))  # spent
    await settled()
    with pytest.raises(Spent):
        await a4
    await held.finish("a1")  # cost 0.5: a little more than paid
    assert await a1 == "A1"
    a3.cancel()  # never started: paid back
    await settled()
    await held.finish("a2")
    await a2
    with pytest.raises(Spent, match="try again in 1 second"):  # 1.0 - 0.5 - 0.5: spent exactly
        allowance.check(Payer(1, 9))
    now[0] += 1
    allowance.check(Payer(1, 9))
    assert held.started == ["a1", "a2"]
