"""`bot.py --shards 4 --processes 2`: the launcher starts a process for each half of the shards,
starts again one that is SIGKILLed, and stops them all on SIGTERM; several processes on SQLite,
or a process serving part of the shards on it, are refused."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

from offline.fleet import GUILDS, ROOT, SHARDS, Fleet
from tests.processes import GUARD
from tests.support.databases import database
from waypost.shards import shard_of


def children(pid: int) -> dict[int, str]:
    """The launcher's bot processes: pid -> the shard ids on its command line."""
    found = {}
    for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split():
        argv = Path(f"/proc/{child}/cmdline").read_bytes().decode().split("\0")
        if "--shard-ids" in argv:
            found[int(child)] = argv[argv.index("--shard-ids") + 1]
    return found


async def test_the_launcher_restarts_a_killed_process_and_stops_them_all(tmp_path):
    async with database("postgres", tmp_path) as db, Fleet(tmp_path, db, pythonpath=[GUARD]) as fleet:
        launcher = await fleet.start("launcher", "--shards", str(SHARDS), "--processes", "2")
        await fleet.gateway.ready(range(SHARDS), timeout=40)
        first = children(launcher.pid)
        assert sorted(first.values()) == ["0-1", "2-3"]
        victim = next(pid for pid, ids in first.items() if ids == "0-1")
        old = {fleet.gateway.sessions[s].id for s in (0, 1)}
        os.kill(victim, signal.SIGKILL)
        async with asyncio.timeout(30):  # started again, after a second, and identified anew
            while {s.id for k, s in fleet.gateway.sessions.items() if k in (0, 1)} & old or not (
                    {0, 1} <= fleet.gateway.sessions.keys()):
                await asyncio.sleep(0.1)
        again = children(launcher.pid)
        assert sorted(again.values()) == ["0-1", "2-3"] and victim not in again
        for guild in GUILDS:  # every shard answers
            log, session = await fleet.run("@alice", guild, f"#launched-{GUILDS.index(guild)}",
                                           "/game new game:vikings board:nordhav")
            assert session.shard == shard_of(guild, SHARDS) and fleet.answer(log)
        assert not fleet.gateway.refused and "starting it again" in fleet.output("launcher")

        launcher.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(launcher.wait(), 20) == 0
        assert not [pid for pid in again if Path(f"/proc/{pid}").exists()], "a bot process outlived the launcher"
        assert not fleet.left_this_machine()


async def refused(tmp_path: Path, *args: str) -> tuple[int, str]:
    env = os.environ | {"DISCORD_TOKEN": "token", "WAYPOST_DB": str(tmp_path / "waypost.sqlite3")}
    process = await asyncio.create_subprocess_exec(sys.executable, str(ROOT / "bot.py"), *args, cwd=ROOT, env=env,
                                                   stderr=asyncio.subprocess.PIPE)
    _, err = await asyncio.wait_for(process.communicate(), 30)
    return process.returncode, err.decode()


async def test_several_processes_on_sqlite_are_refused(tmp_path):
    for args in (("--shards", "4", "--processes", "2"), ("--shards", "4", "--shard-ids", "0-1")):
        code, err = await refused(tmp_path, *args)
        assert code == 2 and err.startswith("Waypost cannot start: ") and "PostgreSQL" in err, err
    assert not (tmp_path / "waypost.sqlite3").exists()  # refused before anything was started


async def test_sigusr1_makes_every_bot_process_log_its_longest_event_loop_stall(tmp_path):
    async with database("postgres", tmp_path) as db, Fleet(tmp_path, db, pythonpath=[GUARD]) as fleet:
        launcher = await fleet.start("launcher", "--shards", str(SHARDS), "--processes", "2")
        await fleet.gateway.ready(range(SHARDS), timeout=40)
        launcher.send_signal(signal.SIGUSR1)  # passed on to each bot process
        async with asyncio.timeout(10):
            while fleet.output("launcher").count("event loop: longest stall") < 2:
                await asyncio.sleep(0.1)
        assert launcher.returncode is None
