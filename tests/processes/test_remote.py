"""`RemoteDiscord`: the harness's interface and the scripted players over a bot process of its
own (`bot.py` behind the stand-in's gateway), as the load benchmark drives it."""

from __future__ import annotations

import random

from games import default_games
from offline.fleet import Fleet
from offline.players import ScriptedPlayer, open_game
from offline.remote import Reader, RemoteDiscord
from tests.processes import GUARD
from waypost.storage import open_store

USERS = ["@ann", "@ben", "@cat"]


async def test_scripted_players_play_a_bot_process_through_the_gateway(tmp_path):
    db = str(tmp_path / "waypost.sqlite3")
    async with Fleet(tmp_path, db, shards=1, pythonpath=[GUARD]) as fleet:
        bot = await fleet.start("bot")
        await fleet.gateway.ready([0], timeout=40)
        async with RemoteDiscord(fleet, Reader(await open_store(db), default_games())) as discord_:
            channel = await open_game(discord_, "#remote", "vikings", USERS, "nordhav")
            rec = await discord_.run("@cat", channel, "!complete /vikings place dock:")  # setup: the last seat first
            assert rec.ok and 0 < len(rec.choices or []) <= 25 and rec.choices[0] == {"name": "A1 (Asgrimsey, village)",
                                                                                       "value": "A1"}
            player = ScriptedPlayer(discord_, channel, USERS, random.Random(1), optional=0.0,
                                    first=("vikings place",))
            moves = [await player.step() for _ in range(3)]
            assert all(m is not None and m.accepted and m.drew for m in moves), moves  # each placed a boat
            status = await discord_.bot.table.status(channel)  # read from the bot's database by this process
            assert [w.kind for w in status.waiting] == ["turn"], status
        assert bot.returncode is None and " ERROR " not in fleet.output("bot")
        assert not fleet.left_this_machine()
