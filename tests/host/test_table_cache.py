"""The table's cached games: a refusal keeps the cached copy, a failed save forgets it."""

from __future__ import annotations

import pytest

from rules.errors import BadInput
from tests.support.tally import Add
from waypost.outcome import User
from waypost.records import Conflict, LogEntry
from waypost.storage import open_store

CH = 100
ALICE, BOB = User(1, "alice"), User(2, "bob")


async def started(table) -> None:
    await table.new(CH, 9, ALICE, "tally")
    await table.join(CH, BOB)
    await table.start(CH, ALICE)


async def test_a_refusal_keeps_the_cached_game(table, store, monkeypatch):
    await started(table)
    await table.status(CH)
    reads = []
    monkeypatch.setattr(store, "open_game", lambda channel: reads.append(channel))  # any read would fail
    with pytest.raises(BadInput):
        await table.act(CH, ALICE, "tally", Add(7))
    assert (await table.status(CH)).phase == "total 0 of 20: alice's turn" and reads == []


async def test_a_failed_save_forgets_the_changed_copy(table, where):
    await started(table)
    other = await open_store(where)  # another writer gets there first
    row = await other.open_game(CH)
    row.settings = {**row.settings, "deadline_hours": 5}
    await other.save(row, LogEntry("2024-01-01T00:00:00+00:00", ALICE.id, "settings", {}, "changed elsewhere"))
    await other.close()
    with pytest.raises(Conflict):
        await table.act(CH, ALICE, "tally", Add(2))
    await table.act(CH, ALICE, "tally", Add(2))  # reloaded from the stored row
    status = await table.status(CH)
    assert status.phase == "total 2 of 20: bob's turn" and status.settings["deadline_hours"] == 5
