"""Identify turns (`Store.take_turn`) across processes: two connections to one PostgreSQL, as two
processes, take a bucket's turns at least the spacing apart; other buckets do not wait."""

from __future__ import annotations

import asyncio
import time

from tests.support.databases import database
from waypost.storage import open_store

EVERY = 0.6


async def test_turns_are_spaced_across_stores_and_buckets_are_apart(tmp_path):
    async with database("postgres", tmp_path) as db:
        stores = [await open_store(db), await open_store(db)]
        try:
            start = time.monotonic()
            taken: list[float] = []

            async def take(store, name: str) -> None:
                await store.take_turn(name, EVERY)
                taken.append(time.monotonic())

            await asyncio.gather(*(take(s, "identify 0") for s in stores * 2))
            taken.sort()
            assert all(b - a >= EVERY - 0.05 for a, b in zip(taken, taken[1:])), taken
            other = time.monotonic()
            await stores[1].take_turn("identify 1", EVERY)  # a bucket of its own: no wait
            assert time.monotonic() - other < EVERY / 2 and taken[-1] - start >= 3 * EVERY - 0.05
        finally:
            for store in stores:
                await store.close()
