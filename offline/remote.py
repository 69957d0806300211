"""The harness's interface over bot processes of their own: what drives an in-process bot
(`OfflineDiscord`: `command`, `autocomplete`, `run`, scripted players) drives a `Fleet`'s processes
instead, through the stand-in's gateway, so the bot is measured as production runs it and the
offline rig's own work stays in this process.

    async with Fleet(folder, db, shards=1) as fleet:
        await fleet.start("bot")
        await fleet.gateway.ready([0])
        async with RemoteDiscord(fleet, Reader(await open_store(db), default_games())) as discord_:
            rec = await discord_.command("@alice", "#lobby", "game status")

A `Record` is read from the stand-in once the bot has answered (`StandIn.interact`); errors the bot
logs stay in its process's log (`Fleet.output`). `bot` is never logged in: its command tree and
cogs build the payloads, and `bot.table` is the table given, for what a player reads without a
command (the game's status): give it a `Reader` on the bot's database, so it reads what the bot
last saved.
"""

from __future__ import annotations

from typing import Any

from offline.fleet import Fleet
from offline.harness import OfflineDiscord, Record
from waypost.channels import Channels, Loaded
from waypost.table import Table


class Rereading(Channels):
    """Channels over a database another process writes: every read asks the store for the game's
    row, and the state decoded from it is reused while the row's version is the same."""

    def cached(self, channel_id: int) -> Loaded | None:
        return None


class Reader(Table):
    """A table over a database another process writes (the bot processes a `RemoteDiscord` drives)."""

    channels_type = Rereading


class RemoteDiscord(OfflineDiscord):
    """`OfflineDiscord` over the bot processes of `fleet`, reading statuses through `table`."""

    def __init__(self, fleet: Fleet, table: Table, run_timeout: float = 30.0) -> None:
        super().__init__(lambda: fleet.commands, standin=fleet.standin, run_timeout=run_timeout)
        self.fleet, self.table = fleet, table

    async def _open_bot(self) -> None:
        self._bot = self.fleet.commands
        self._bot.table = self.table
        self._builder = self.fleet.builder
        assert self._builder is not None
        self._builder.permissions = self.permissions

    async def _close_bot(self) -> None:
        self._bot = self._builder = None
        await self.table.store.close()

    async def inject(self, payload: dict[str, Any]) -> Record:
        """Send an interaction to the bot process serving its guild and wait for its answer."""
        first_request, first_post = len(self.standin.requests), len(self.standin.channel_posts)
        try:
            await self.standin.interact(payload, self.run_timeout)
        except TimeoutError:
            self.capture("timeout", f"no answer after {self.run_timeout} s", None, int(payload["id"]))
        log = self.standin.interactions[int(payload["id"])]
        return self._record(log, first_request, len(self.errors), first_post)
