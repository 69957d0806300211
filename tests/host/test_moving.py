"""Moving a SQLite database to PostgreSQL (`bot.py --move-to`): everything arrives, is verified by
replay, and play goes on there; a target with games, or a log that does not replay, moves nothing."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.databases import database
from tests.support.newcomer import OFFLINE, newcomer_env
from tests.support.tally import Add, Bid
from waypost.moving import move
from waypost.outcome import User
from waypost.records import StoreError
from waypost.sqlite_store import SqliteStore
from waypost.storage import open_store
from waypost.table import Table

ROOT = Path(__file__).resolve().parents[2]
ALICE, BOB = User(1, "alice"), User(2, "bob")


async def a_database_with_games(path: Path, games) -> None:
    """Two Tally games (one finished by its host), a hidden bid, a post in the outbox, a member's choice."""
    store = await SqliteStore.open(path)
    table = Table(store, games)
    for channel in (7, 8):
        await table.new(channel, 9, ALICE, "tally")
        await table.join(channel, BOB)
        await table.start(channel, ALICE)
        await table.act(channel, ALICE, "tally", Add(3))
    await table.act(7, BOB, "tally", Bid(4))
    await table.end(8, ALICE)
    await table.new(9, 9, BOB, "tally")  # a lobby
    await store.set_member(BOB.id, True, False)
    await store.close()


async def test_everything_moves_and_play_goes_on(tmp_path, games):
    source = tmp_path / "old.sqlite3"
    await a_database_with_games(source, games)
    async with database("postgres", tmp_path) as target:
        moved = await move(str(source), target, games)
        assert moved.rows["games"] == 3 and moved.rows["meta"] == 1 and moved.replayed == 2
        old, new = await SqliteStore.open(source), await open_store(target)
        for gid in await old.game_ids():
            assert await new.game(gid) == await old.game(gid) and await new.log(gid) == await old.log(gid)
        assert await new.seal_key() == await old.seal_key()  # exports made before the move still import
        assert await new.member(BOB.id) == (True, False) and await new.integrity() == "ok"
        assert await new.hidden((await new.open_game(7)).id)  # Bob's bid is still a secret
        await old.close()
        table = Table(new, games)
        await table.act(7, BOB, "tally", Add(1))  # play goes on, numbered after the moved log
        opened = await table.new(10, 9, ALICE, "tally")  # new ids follow the moved ones
        assert "opened Tally" in opened.text and (await new.open_game(10)).id == 4
        await new.close()


async def test_a_target_with_games_is_refused(tmp_path, games):
    source = tmp_path / "old.sqlite3"
    await a_database_with_games(source, games)
    async with database("postgres", tmp_path) as target:
        await move(str(source), target, games)
        with pytest.raises(StoreError, match="already has games"):
            await move(str(source), target, games)


async def test_a_log_that_does_not_replay_moves_nothing(tmp_path, games):
    source = tmp_path / "old.sqlite3"
    await a_database_with_games(source, games)
    with sqlite3.connect(source) as raw:  # the state says more than its log did
        state = json.loads(raw.execute("SELECT state FROM games WHERE channel_id=7").fetchone()[0])
        state["total"] += 5
        raw.execute("UPDATE games SET state=? WHERE channel_id=7", (json.dumps(state),))
    async with database("postgres", tmp_path) as target:
        with pytest.raises(StoreError, match="does not replay to its state; nothing was moved"):
            await move(str(source), target, games)
        store = await open_store(target)
        assert await store.game_ids() == []
        await store.close()


async def test_the_command_moves_a_played_game(tmp_path):
    db = tmp_path / "played.sqlite3"
    env = newcomer_env()
    script = ROOT / "tests" / "scripts" / "vikings_full_game.txt"
    played = subprocess.run([*OFFLINE, "--script", str(script), "--db", str(db)], cwd=tmp_path, env=env,
                            capture_output=True, text=True, timeout=300)
    assert played.returncode == 0, played.stderr[-2000:]
    async with database("postgres", tmp_path) as target:
        done = subprocess.run([sys.executable, str(ROOT / "bot.py"), "--db", str(db), "--move-to", target],
                              cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        assert "1 games replayed to their stored state" in done.stdout and "Set WAYPOST_DB" in done.stdout
        again = subprocess.run([sys.executable, str(ROOT / "bot.py"), "--db", str(db), "--move-to", target],
                               cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
        assert again.returncode == 2 and "already has games" in again.stderr
