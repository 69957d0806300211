"""Two bot processes over four shards, on one PostgreSQL and one stand-in: each command reaches
the process serving its server's shard and is applied once; one process SIGKILLed while the other
goes on under load, then started again, and nothing acknowledged is lost or applied twice; every
identify kept Discord's concurrency rule across the processes."""

from __future__ import annotations

import asyncio
import time
from collections import Counter, defaultdict

from games import default_games
from offline.fleet import GUILDS, SHARDS, Fleet
from tests.processes import GUARD
from tests.robust.helpers import game_problems
from tests.support.databases import database
from waypost.shards import shard_of
from waypost.storage import open_store

SLICES = {"a": "0-1", "b": "2-3"}
OWNER = {0: "a", 1: "a", 2: "b", 3: "b"}
NEW = "/game new game:vikings board:nordhav"


def channel(guild: int) -> str:
    return f"#table-{GUILDS.index(guild)}"


def player(name: str, guild: int) -> str:
    """A player of that server's table: each server has its own, as each person has a few commands
    in flight at most (the bot refuses more: `Config.user_in_flight`)."""
    return f"{name}{GUILDS.index(guild)}"


async def stored_games(db: str) -> dict[int, tuple]:
    """Every game by channel: its row and log, after checking the database is whole."""
    store = await open_store(db)
    try:
        assert await store.integrity() == "ok"
        games = {}
        for gid in await store.game_ids():
            row, log = await store.game(gid), await store.log(gid)
            assert not game_problems(default_games()[row.game_key], row, log)
            assert row.channel_id not in games, f"two games in channel {row.channel_id}"
            games[row.channel_id] = (row, log)
        return games
    finally:
        await store.close()


class Load:
    """Bob joins and leaves the table in every server, over and over, until stopped; every answer
    everyone saw is kept, with the time and channel."""

    def __init__(self, fleet: Fleet):
        self.fleet = fleet
        self.acked: list[tuple[float, int, str]] = []  # (when, guild, first line)
        self.sent: Counter[int] = Counter()  # commands sent, by guild
        self.stop = asyncio.Event()

    async def play(self, guild: int) -> None:
        line = "/game join"
        while not self.stop.is_set():
            try:
                self.sent[guild] += 1
                log, _ = await self.fleet.run(player("@bob", guild), guild, channel(guild), line, timeout=3)
            except (LookupError, TimeoutError):  # its process is down, or died before answering
                await asyncio.sleep(0.1)
                continue
            said = self.fleet.answer(log)
            if said:
                self.acked.append((time.monotonic(), guild, said))
            line = "/game leave" if line == "/game join" else "/game join"  # a refusal too: bob was already so

    async def run(self, seconds: float) -> None:
        players = [asyncio.create_task(self.play(g)) for g in GUILDS]
        await asyncio.sleep(seconds)
        self.stop.set()
        await asyncio.gather(*players)


async def test_each_command_reaches_its_shards_process_once_and_a_kill_loses_nothing(tmp_path):
    async with database("postgres", tmp_path) as db, Fleet(tmp_path, db, pythonpath=[GUARD]) as fleet:
        for name, ids in SLICES.items():
            await fleet.start(name, "--shards", str(SHARDS), "--shard-ids", ids)
        await fleet.gateway.ready(range(SHARDS), timeout=40)
        directory = fleet.standin.directory

        # every server's table opened, and a second player seated, all at once
        for line, user in ((NEW, "@alice"), ("/game join", "@carl")):
            answers = await asyncio.gather(*(fleet.run(player(user, g), g, channel(g), line) for g in GUILDS))
            for guild, (log, session) in zip(GUILDS, answers):
                assert session.shard == shard_of(guild, SHARDS)
                assert session.token == f"token-{OWNER[session.shard]}"  # the owning process got it
                assert fleet.answer(log), (line, fleet.standin.messages.get(log.original_id or 0))
        games = await stored_games(db)
        assert sorted(games) == sorted(directory.channel_id(channel(g)) for g in GUILDS)
        assert all(len(log) == 2 for _, log in games.values())  # each applied once, by one process

        # under load: kill a, let b go on alone, start a again
        load = Load(fleet)
        running = asyncio.create_task(load.run(seconds=9))
        await asyncio.sleep(1.5)
        await fleet.kill("a")
        killed = time.monotonic()
        await asyncio.sleep(1.5)
        await fleet.start("a", "--shards", str(SHARDS), "--shard-ids", SLICES["a"])
        await fleet.gateway.ready(range(SHARDS), timeout=30)
        back = time.monotonic()
        await running

        b_alone = [a for a in load.acked if killed < a[0] < back and OWNER[shard_of(a[1], SHARDS)] == "b"]
        assert b_alone, "b stopped answering while a was down"
        a_again = [a for a in load.acked if a[0] > back and OWNER[shard_of(a[1], SHARDS)] == "a"]
        assert a_again, "a answered nothing after it was started again"

        games = await stored_games(db)
        acked: dict[int, Counter[str]] = defaultdict(Counter)
        for _, guild, said in load.acked:
            acked[directory.channel_id(channel(guild))][said] += 1
        for guild in GUILDS:
            row, log = games[directory.channel_id(channel(guild))]
            logged = Counter(e.summary.split("\n", 1)[0] for e in log[2:])
            mine = acked[row.channel_id]
            assert not mine - logged, f"acknowledged but not in the log: {mine - logged}"
            assert len(log) - 2 <= load.sent[guild], "more changes than commands: one applied twice"

        refused = fleet.gateway.refused
        assert not refused, f"{len(refused)} identifies too soon, the first: {refused[:2]}"
        assert len(fleet.gateway.identifies) == SHARDS + 2  # a's two shards again, none twice
        buckets = defaultdict(list)
        for i in fleet.gateway.identifies:
            buckets[i.shard % fleet.gateway.max_concurrency].append(i.at)
        assert all(b - a >= 5 for times in buckets.values() for a, b in zip(sorted(times), sorted(times)[1:]))
        assert not fleet.standin.violations and not fleet.standin.unknown
        assert not fleet.left_this_machine()
