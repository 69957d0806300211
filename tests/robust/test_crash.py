"""The bot process, playing three games at once, SIGKILLed at random moments, again and again.

Each worker (tests/robust/crash_worker.py) is killed at a seeded random moment: mostly while
playing, sometimes while still starting. After every kill the database must pass SQLite's
integrity check, hold every action that was acknowledged to a player, and hold nothing half
applied (each state is the replay of its log, one version per change); the next worker must
find exactly the games and logs the last one left.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import sys
from collections import Counter
from pathlib import Path

import pytest

from tests.robust.helpers import game_problems
from tests.support.loopback import loopback_only
from waypost.storage import open_store

ROOT = Path(__file__).resolve().parents[2]
KILLS = 16
WORKER_SECONDS = 30  # the worker's own limit, should a kill never come


async def run_worker(db: Path, export: Path, seed: int, rng: random.Random, log) -> list[tuple[str, str]]:
    """Start a worker, SIGKILL its process group at a random moment; the complete lines it printed."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.robust.crash_worker", str(db), str(seed), str(export), str(WORKER_SECONDS),
        cwd=ROOT, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=log,
        start_new_session=True,
    )
    out = b""
    try:
        if rng.random() < 0.25:
            await asyncio.sleep(rng.uniform(0.0, 0.6))  # while it starts: migrating, importing
        else:
            out = await asyncio.wait_for(proc.stdout.readline(), 20)
            assert out.startswith(b"resume "), f"the worker said {out!r}; its stderr is in {log.name}"
            if rng.random() < 0.5:  # let it make progress first (however loaded the machine), then kill
                with contextlib.suppress(TimeoutError):
                    while not (line := await asyncio.wait_for(proc.stdout.readline(), 5)).startswith(b"ack "):
                        out += line
                    out += line
            await asyncio.sleep(rng.uniform(0.05, 2.0))
        os.killpg(proc.pid, signal.SIGKILL)
        await proc.wait()
        out += await proc.stdout.read()
    finally:
        if proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            await proc.wait()
        proc.stdin.close()
    complete = out.decode().split("\n")[:-1]  # a line cut by the kill has no newline
    return [tuple(line.split(" ", 1)) for line in complete]


async def inspect(db: Path, games, acked: list[dict]) -> dict[str, list[int]]:
    """Check the database after a kill; the open games by channel: [game id, log length]."""
    store = await open_store(str(db))
    try:
        assert await store.integrity() == "ok"
        open_games: dict[str, list[int]] = {}
        for gid in await store.game_ids():
            row, log = await store.game(gid), await store.log(gid)
            assert not game_problems(games[row.game_key], row, log)
            logged = Counter((e.user_id, e.summary) for e in log)
            mine = Counter((a["user_id"], a["summary"]) for a in acked if a["channel_id"] == row.channel_id)
            assert not mine - logged, f"acknowledged but not in the log: {mine - logged}"
            open_games[str(row.channel_id)] = [gid, len(log)]
        return open_games
    finally:
        await store.close()


async def test_killed_at_random_moments_loses_nothing(tmp_path, games, vikings_export):
    rng = random.Random(2026)
    db, export = tmp_path / "crash.sqlite3", tmp_path / "scene.json"
    export.write_bytes(vikings_export)
    acked: list[dict] = []
    left: dict[str, list[int]] | None = None
    resumed = 0
    with open(tmp_path / "workers.log", "wb") as log:
        for _ in range(KILLS):
            lines = await run_worker(db, export, rng.randrange(2**32), rng, log)
            fails = [text for kind, text in lines if kind == "fail"]
            assert not fails, fails
            for kind, text in lines:
                if kind == "resume" and left is not None:
                    found = {cid: v for cid, v in json.loads(text).items() if v is not None}
                    assert found == left, "the worker did not find what the last one left"
                    resumed += 1
            acked += [json.loads(text) for kind, text in lines if kind == "ack"]
            left = await inspect(db, games, acked)
    assert resumed >= KILLS // 2 and len(left) == 3  # it did resume, and played (at least a move a kill):
    assert len(acked) >= KILLS and sum(length for _, length in left.values()) > 3 * (17 + 1) + KILLS


def test_the_worker_connects_to_this_machine_only(monkeypatch, capsys):
    monkeypatch.setattr(socket.socket, "connect", socket.socket.connect)  # undone after the test
    loopback_only()
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(("192.0.2.1", 9), timeout=1)
    assert capsys.readouterr().out == "fail tried to connect to 192.0.2.1\n"
