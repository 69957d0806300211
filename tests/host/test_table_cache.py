"""The table's cached games: a refusal keeps the cached copy, a failed save forgets it, and a change
replaces the cached row only once saved, never altering it."""

from __future__ import annotations

import copy
import gc
import weakref

import pytest

from rules.errors import BadInput
from tests.support.tally import Add
from waypost.outcome import User
from waypost.records import Conflict, LogEntry
from waypost.storage import open_store
from waypost.table import Table

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


async def test_readers_see_the_committed_game_while_a_change_is_saved(table, store, monkeypatch):
    """Issue 31: a change builds a new row; the cached one is replaced only once the save committed."""
    await started(table)
    seen = []
    real = store.save

    async def save(game, *args, **kwargs):
        seen.append((await table.status(CH)).phase)  # a reader not waiting for the channel's lock
        return await real(game, *args, **kwargs)

    monkeypatch.setattr(store, "save", save)
    await table.act(CH, ALICE, "tally", Add(2))
    assert seen == ["total 0 of 20: alice's turn"]
    assert (await table.status(CH)).phase == "total 2 of 20: bob's turn"


async def test_a_change_never_alters_the_row_it_was_made_from(table, store, monkeypatch):
    """Issue 31: the row cached before a change (played, or refused by the store) stays as it was."""
    await started(table)
    row = (await table.channels.require(CH)).row
    kept = copy.deepcopy(row)
    await table.act(CH, ALICE, "tally", Add(2))
    await table.settings(CH, ALICE, "deadline_hours", "5")
    assert row == kept and row.version == kept.version

    async def refuse(game, *args, **kwargs):
        raise Conflict("someone else saved first")

    row = (await table.channels.require(CH)).row
    kept = copy.deepcopy(row)
    monkeypatch.setattr(store, "save", refuse)
    with pytest.raises(Conflict):
        await table.act(CH, BOB, "tally", Add(1))
    assert row == kept and row.version == kept.version


async def test_a_table_and_its_cached_games_go_without_the_garbage_collector(store, games):
    """No reference cycle among the table's parts: a table let go (and the games it cached) is freed
    at once, not left for a full collection to find (each costs milliseconds on a big heap)."""
    table = Table(store, games)
    await started(table)
    await table.act(CH, ALICE, "tally", Add(3))
    gone = weakref.ref(table.play), weakref.ref(table.channels)
    gc.disable()
    try:
        del table
        assert [ref() for ref in gone] == [None, None]
    finally:
        gc.enable()
