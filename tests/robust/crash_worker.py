"""A bot process for the crash test: `python -m tests.robust.crash_worker DB SEED EXPORT SECONDS`.

Runs the real bot against the offline stand-in on database DB, imports EXPORT into each of its
channels that has no game, then plays them all at once with scripted players (seeded by SEED),
with an undo now and then, until it is killed. It connects to 127.0.0.1 only, and ends its whole
process group (itself and the drawing processes) when its stdin closes or after SECONDS. One
flushed line per event:

    resume {"<channel id>": [game id, log length] or null, ...}   what it found on starting
    ack {"channel_id": …, "interaction_id": …, "user_id": …, "summary": …}   acknowledged to a player
    fail <what>                                                    a crash, or a connection refused
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import os
import random
import signal
import sys
import threading
from pathlib import Path
from typing import Any

from front.bot import create_bot
from offline import OfflineDiscord
from offline.players import ScriptedPlayer
from tests.robust.helpers import PLAYERS, Noting, join_server, refused
from tests.support.loopback import loopback_only
from waypost.config import UNBUDGETED, Config

CHANNELS = ("#crash-a", "#crash-b", "#crash-c")


def say(kind: str, value: Any) -> None:
    print(kind, value if isinstance(value, str) else json.dumps(value), flush=True)


def end_group_after(seconds: float) -> None:
    """SIGKILL this process group (the worker leads it) once stdin closes or `seconds` pass."""
    watcher = threading.Thread(target=sys.stdin.read, daemon=True)
    watcher.start()

    def end() -> None:
        watcher.join(seconds)
        if os.getpgrp() == os.getpid():
            os.killpg(0, signal.SIGKILL)
        os._exit(1)

    threading.Thread(target=end, daemon=True).start()


async def play(db: Path, seed: int, export: bytes) -> None:
    config = Config("", str(db), None, "WARNING", **UNBUDGETED)
    async with OfflineDiscord(lambda: create_bot(config)) as harness:
        store = harness.bot.table.store
        channels = [harness.builder.directory.channel_id(name) for name in CHANNELS]
        found = {}
        for cid in channels:
            row = await store.open_game(cid)
            found[str(cid)] = [row.id, await store.log_length(row.id)] if row else None
        say("resume", found)
        noting = Noting(harness, lambda ack: say("ack", dataclasses.asdict(ack)))
        join_server(harness)
        for cid in channels:
            if found[str(cid)] is None:
                rec = await noting.command(PLAYERS[0], cid, "game import", {"file": ("game.json", export)})
                if not rec.ok or refused(rec):
                    say("fail", f"import: {rec.content} {rec.failures}")
        rng = random.Random(seed)
        players = [ScriptedPlayer(noting, cid, PLAYERS, random.Random(rng.random()), stray=0.2) for cid in channels]
        reported = 0
        while True:
            undo = noting.run(rng.choice(PLAYERS), rng.choice(channels), "/game undo")
            *moves, undone = await asyncio.gather(*(player.step() for player in players), undo)
            for line, failures in [(m.line, m.failures) for m in moves if m] + [("/game undo", undone.failures)]:
                if failures:
                    say("fail", f"{line}: {failures}")
            for error in harness.unexpected_errors[reported:]:
                say("fail", str(error))
            reported = len(harness.unexpected_errors)


def main(argv: list[str]) -> None:
    db, seed, export, seconds = argv
    loopback_only()
    end_group_after(float(seconds))
    asyncio.run(play(Path(db), int(seed), Path(export).read_bytes()))


if __name__ == "__main__":
    main(sys.argv[1:])
