"""Operating the store (issue 8 §6–8): databases Waypost cannot use stop the start with a reason,
processes starting together migrate once, a second game in a channel is a refusal, a full disk
names the real cause, and a read racing a write never leaves a stale game cached."""

from __future__ import annotations

import asyncio
import multiprocessing
import sqlite3
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from rules.errors import IllegalMove
from tests.support.databases import database
from tests.support.newcomer import OFFLINE, newcomer_env
from tests.support.tally import Add
from waypost.outcome import User
from waypost.records import GameRow, StoreError
from waypost.sqlite_store import CHECKPOINT_EVERY, SqliteStore
from waypost.storage import is_postgres, open_store
from waypost.table import Table

ROOT = Path(__file__).resolve().parents[2]
ALICE, BOB = User(1, "alice"), User(2, "bob")


def start_bot(db: Path, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """`python -m offline` on `db` with an empty script: it must stop (not hang) when db is unusable."""
    script = tmp_path / "empty.txt"
    script.write_text("")
    return subprocess.run([*OFFLINE, "--script", str(script), "--db", str(db)], cwd=tmp_path, env=newcomer_env(),
                          capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("damage", ["garbage", "truncated", "newer"])
async def test_an_unusable_database_stops_the_start_with_a_reason(tmp_path, damage):
    db = tmp_path / "waypost.sqlite3"
    if damage == "garbage":
        db.write_bytes(b"this is not a database" * 100)
    else:
        store = await SqliteStore.open(db)
        await store.create(GameRow(0, 5, 1, "tally", "line", "lobby", 1, [], {}, 1, None, 0, "t", "t"), [])
        await store.close()
        if damage == "truncated":
            db.write_bytes(db.read_bytes()[: len(db.read_bytes()) // 2])
        else:
            with sqlite3.connect(db) as raw:
                raw.execute("PRAGMA user_version=999")
    with pytest.raises(StoreError):
        await SqliteStore.open(db)
    done = start_bot(db, tmp_path)
    assert done.returncode == 2 and "Waypost cannot start" in done.stderr, done.stderr
    assert {"garbage": "cannot be used", "truncated": "cannot be used", "newer": "newer version"}[damage] in done.stderr


@contextmanager
def immutable(*paths: Path) -> Iterator[None]:
    """The paths made immutable (`chattr +i`): not even root can write them, as on a read-only disk
    (tests run as root, where taking away write permission changes nothing)."""
    try:
        done = subprocess.run(["chattr", "+i", *map(str, paths)], capture_output=True, text=True)
    except FileNotFoundError:
        pytest.skip("chattr is not installed")
    if done.returncode:
        pytest.skip(f"files cannot be made immutable here: {done.stderr.strip()}")
    try:
        yield
    finally:
        subprocess.run(["chattr", "-i", *map(str, paths)], check=True)


@pytest.mark.parametrize("locked", ["folder", "file"])
async def test_a_read_only_database_is_said_to_be_read_only_not_damaged(tmp_path, locked):
    """Issue 27 §12: a folder SQLite cannot make its -wal file in, or a file it cannot write, is
    reported as a matter of permissions; being told to restore a backup would make every game
    look lost."""
    folder = tmp_path / "games"
    folder.mkdir()
    db = folder / "waypost.sqlite3"
    store = await SqliteStore.open(db)
    await store.close()
    with immutable(*{"folder": [folder], "file": [db]}[locked]):
        with pytest.raises(StoreError, match="is read-only") as refused:
            await SqliteStore.open(db)
        done = start_bot(db, tmp_path)
    for said in (str(refused.value), done.stderr):
        assert "permissions" in said and "backup" not in said and "damaged" not in said, said
    assert done.returncode == 2 and "Waypost cannot start" in done.stderr, done.stderr


async def test_a_postgresql_schema_from_a_newer_waypost_is_refused(tmp_path):
    async with database("postgres", tmp_path) as where:
        store = await open_store(where)
        await store._pool.execute("INSERT INTO waypost_schema (version) VALUES (999)")
        await store.close()
        with pytest.raises(StoreError, match="newer version of Waypost"):
            await open_store(where)


async def test_an_unreachable_postgresql_stops_the_start_with_a_reason(tmp_path):
    where = "postgresql://waypost:secret@127.0.0.1:9/waypost"  # nothing listens on port 9
    with pytest.raises(StoreError, match="Cannot connect") as refused:
        await open_store(where)
    assert "secret" not in str(refused.value)
    done = subprocess.run([*OFFLINE, "--script", "/dev/null", "--db", where], cwd=tmp_path, env=newcomer_env(),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "Waypost cannot start" in done.stderr, done.stderr


def _open(where: str) -> list[int]:
    """Open the store (migrating it); the migrations it records as applied."""
    async def run() -> list[int]:
        store = await open_store(where)
        if is_postgres(where):
            applied = [r[0] for r in await store._fetch("SELECT version FROM waypost_schema ORDER BY version")]
        else:
            applied = [r[0] for r in await store._fetch("PRAGMA user_version")]
        await store.close()
        return applied

    return asyncio.run(run())


def test_processes_opening_a_new_database_at_once_migrate_it_once(where):
    with multiprocessing.get_context("spawn").Pool(4) as pool:
        applied = pool.map(_open, [where] * 8)
    assert all(a == applied[0] for a in applied) and applied[0][-1] >= (1 if is_postgres(where) else 4)
    assert len(set(applied[0])) == len(applied[0])  # each migration once


async def test_a_second_process_opening_a_game_in_the_same_channel_is_refused(where, games):
    first, second = await open_store(where), await open_store(where)
    try:
        await Table(first, games).new(7, 1, ALICE, "tally")
        with pytest.raises(IllegalMove, match="already has a game"):
            await Table(second, games).new(7, 1, BOB, "tally")
    finally:
        await first.close()
        await second.close()


async def test_a_full_disk_names_the_real_cause(tmp_path, games):
    store = await SqliteStore.open(tmp_path / "full.sqlite3")
    table = Table(store, games)
    await table.new(7, 1, ALICE, "tally")
    await store._db.execute("PRAGMA max_page_count=1")  # as full as a disk can be
    with pytest.raises(sqlite3.OperationalError, match="full"):
        for hours in range(1, 500):
            await table.settings(7, ALICE, "deadline_hours", str(hours))
    await store.close()


async def test_commands_racing_reads_right_after_a_restart_are_never_refused(where, games):
    store = await open_store(where)
    table = Table(store, games)
    await table.new(7, 1, ALICE, "tally")
    await table.join(7, BOB)
    await table.start(7, ALICE)
    await store.close()
    store = await open_store(where)  # a restart: nothing cached
    table = Table(store, games)
    players = [ALICE, BOB] * 50
    calls = [table.status(7) for _ in range(100)]
    calls += [table.act(7, player, "tally", Add(1)) for player in players]
    results = await asyncio.gather(*calls, return_exceptions=True)
    conflicts = [r for r in results if "changed while your command ran" in str(r)]
    assert not conflicts
    assert (await store.open_game(7)).state["total"] == sum(1 for r in results[100:] if not isinstance(r, Exception))
    await store.close()


async def test_sqlite_checkpoints_in_the_background_not_in_a_commit(tmp_path):
    """Commits only append to the write-ahead log; every CHECKPOINT_EVERY commits a second
    connection copies it into the database file (issue 21: a checkpoint's fsyncs inside a
    command's commit were the slow moves' p99)."""
    db = tmp_path / "waypost.sqlite3"
    store = await SqliteStore.open(db)
    try:
        assert await store._fetch("PRAGMA wal_autocheckpoint") == [(0,)]
        size = db.stat().st_size
        for channel in range(1, CHECKPOINT_EVERY):
            await store.create(GameRow(0, channel, 1, "tally", "line", "lobby", 1, [], {}, 1, None, 0, "t", "t"), [])
        assert db.stat().st_size == size  # all of it still in the log
        await store.create(GameRow(0, CHECKPOINT_EVERY, 1, "tally", "line", "lobby", 1, [], {}, 1, None, 0, "t", "t"),
                           [])
        assert store._checkpointing is not None
        await store._checkpointing
        assert db.stat().st_size > size  # copied back into the file
    finally:
        await store.close()
    with sqlite3.connect(db) as raw:
        assert raw.execute("SELECT count(*) FROM games").fetchone() == (CHECKPOINT_EVERY,)
