"""The bot: `create_bot(config)` builds it exactly as production runs it (the offline harness,
the console and the tests use it too); `serve` logs in and runs it until stopped. With
`config.shards` it is auto-sharded, serving that slice of the shards, and identifies in turn with
every other process of the bot (`ShardedBot.before_identify_hook`)."""

from __future__ import annotations

import asyncio
import gc
import logging
import signal
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any, cast

import discord
from discord import app_commands
from discord.ext import commands

from front.answering import BoardButton, DecisionSelect, EndButton
from front.budget import Budget, InFlight
from front.cards import ActButton, CardButton, OptionsSelect, StepButton, StepSelect
from front.clicks import SLOW_DOWN
from front.help import HelpButton
from front.options import option_problem
from front.posting import deliver
from front.prepared import AheadButton
from front.replies import USERS_ONLY, report_error
from front.translator import CatalogTranslator
from front.verify import VerifyButton
from games import default_games
from waypost import drawing
from waypost.channels import random_seed, utcnow
from waypost.config import Config
from waypost.outage import StoreUnavailable
from waypost.registry import GameEntry
from waypost.stalls import StallWatch
from waypost.storage import open_store
from waypost.table import Table

LOBBY = "cogs.game"
IDENTIFY_SPACING = 5.5  # Discord allows one identify per 5 s per bucket; the rest lets it arrive
STALL_WARNING = 0.5  # seconds: an event-loop stall this long is logged at once
YOUNG = 10_000  # new objects between two collections of the youngest generation, once started (CPython: 700)
log = logging.getLogger("waypost")


class WaypostTree(app_commands.CommandTree[Any]):
    """Checks every command before it runs (each user's budget, its place and options) and routes
    every command error to one place: a private refusal, or a logged crash with a reference."""

    budget = Budget(Config.user_rate, Config.user_burst)  # replaced by each bot's own, sized by its config
    in_flight = InFlight(Config.user_in_flight)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        asking = interaction.type is discord.InteractionType.autocomplete  # nothing to refuse it with
        verdict = self.budget.take(interaction.user.id, polite=not asking)
        if verdict == "ok" and not asking:  # a command: counted until answered (on_app_command_completion, on_error)
            verdict = self.in_flight.begin(interaction.user.id, interaction.id)
        if verdict == "drop":
            return False
        if verdict == "refuse":
            raise app_commands.CheckFailure(SLOW_DOWN)
        if interaction.type is discord.InteractionType.application_command:
            problem = option_problem(interaction)
            if problem:
                raise app_commands.CheckFailure(problem)
        return True

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        self.in_flight.end(interaction.id)
        await report_error(interaction, error)


class WaypostBot(commands.Bot):
    """The bot: opens the database and loads the cogs in `setup_hook` (no gateway needed)."""

    table: Table

    def __init__(self, config: Config, games: Mapping[str, GameEntry] | None = None, sync: str = "none",
                 clock: Callable[[], datetime] = utcnow, seeds: Callable[[], int] = random_seed, **sharding: Any):
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents(guilds=True),
                         help_command=None, tree_cls=WaypostTree,
                         allowed_contexts=app_commands.AppCommandContext(guild=True),
                         allowed_installs=app_commands.AppInstallationType(guild=True),
                         allowed_mentions=USERS_ONLY, **sharding)
        self.config = config
        cast(WaypostTree, self.tree).budget = Budget(config.user_rate, config.user_burst)
        cast(WaypostTree, self.tree).in_flight = InFlight(config.user_in_flight)
        self.games = dict(games if games is not None else default_games())
        self.sync_mode = sync
        self.clock, self.seeds = clock, seeds
        self._timekeeper: asyncio.Task[None] | None = None

    async def setup_hook(self) -> None:
        for entry in self.games.values():
            entry.boards  # noqa: B018 - validate every board file now; a bad one stops the start
        await drawing.warm()
        store = await open_store(self.config.db)
        self.table = Table(store, self.games, clock=self.clock, seeds=self.seeds, shards=self.config.shards,
                           allowance=self.config.allowance())
        for extension in extensions(self.games):
            await self.load_extension(extension)
        self.add_dynamic_items(DecisionSelect, EndButton, BoardButton, CardButton, ActButton, StepSelect, OptionsSelect,
                               StepButton, HelpButton, VerifyButton, AheadButton)
        if self.config.tick_seconds > 0:
            self._timekeeper = asyncio.create_task(self._keep_time(), name="waypost-timekeeper")
        await self.tree.set_translator(CatalogTranslator())  # names and descriptions in de, pl: the catalogs
        if self.sync_mode == "global":
            synced = await self.tree.sync()
            log.info("synced %d commands globally", len(synced))
        elif self.sync_mode == "guild" and self.config.dev_guild:
            guild = discord.Object(self.config.dev_guild)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to development server %s", len(synced), self.config.dev_guild)

    async def on_app_command_completion(self, interaction: discord.Interaction, command: object) -> None:
        cast(WaypostTree, self.tree).in_flight.end(interaction.id)

    async def keep_time(self) -> None:
        """One round of the table's clocks: deal with what fell due, then post what it decided."""
        await self.table.tick()
        await deliver(self)

    async def post_now(self) -> None:
        """Post what waits in the outbox now (prepared turns a command's action set playing)."""
        await deliver(self)

    async def _keep_time(self) -> None:
        while True:
            try:
                await self.keep_time()
            except StoreUnavailable:  # the store logs its outages, once each
                pass
            except Exception:
                log.exception("the timekeeper failed this round; it goes on")
            await asyncio.sleep(self.config.tick_seconds)

    async def close(self) -> None:
        if self._timekeeper is not None:
            self._timekeeper.cancel()
        await super().close()
        if hasattr(self, "table"):
            await self.table.close()


class ShardedBot(WaypostBot, commands.AutoShardedBot):
    """The bot serving `config.shards`, one of the processes of a bot sharded across processes
    and machines."""

    def __init__(self, config: Config, games: Mapping[str, GameEntry] | None = None, sync: str = "none",
                 clock: Callable[[], datetime] = utcnow, seeds: Callable[[], int] = random_seed):
        assert config.shards is not None
        super().__init__(config, games, sync, clock, seeds, shard_count=config.shards.count,
                         shard_ids=sorted(config.shards.ids))
        self._max_concurrency: int | None = None

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """Wait for this shard's turn to identify: Discord takes `max_concurrency` identifies per
        5 seconds, one per bucket (`shard_id % max_concurrency`), across every process of the bot;
        the turns are kept in the database all the processes share."""
        if self._max_concurrency is None:
            self._max_concurrency = (await self.fetch_session_start_limits()).max_concurrency
        bucket = (shard_id or 0) % self._max_concurrency
        await self.table.take_turn(f"identify {bucket}", IDENTIFY_SPACING)


def extensions(games: Mapping[str, GameEntry]) -> tuple[str, ...]:
    """The cogs to load: /game, then each game's own."""
    return (LOBBY, *dict.fromkeys(e.cog for e in games.values() if e.cog))


def create_bot(config: Config, games: Mapping[str, GameEntry] | None = None, sync: str = "none",
               clock: Callable[[], datetime] = utcnow, seeds: Callable[[], int] = random_seed) -> WaypostBot:
    """The bot exactly as production runs it (a test may give it a clock of its own, a script the
    seeds its new games get); sharded when `config.shards` is set."""
    return (ShardedBot if config.shards else WaypostBot)(config, games, sync, clock, seeds)


async def command_tree(games: Mapping[str, GameEntry] | None = None) -> app_commands.CommandTree[Any]:
    """The bot's command tree as it syncs it, built without a database or a login (for the
    catalogs' extraction and the tests)."""
    bot = create_bot(Config(token="", db="", dev_guild=None, log_level="WARNING"), games)
    for extension in extensions(bot.games):
        await bot.load_extension(extension)
    return bot.tree


async def serve(bot: WaypostBot, token: str) -> None:
    """Log in, connect to Discord and serve until stopped; always close the bot. The event loop is
    watched for stalls (SIGUSR1 logs the longest since the last report: `waypost.stalls`), and once
    connected, what start-up built is kept out of garbage collection (`settle_heap`)."""
    watch = StallWatch(warn_after=STALL_WARNING)
    watching = asyncio.create_task(watch.run(), name="waypost-stall-watch")
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGUSR1, lambda: log.info(watch.report()))
    bot.add_listener(settle_heap, "on_ready")
    try:
        async with bot:
            await bot.start(token)
    finally:
        loop.remove_signal_handler(signal.SIGUSR1)
        watching.cancel()


async def settle_heap() -> None:
    """Collect once, then freeze what is left (the games, boards, command tree and Discord caches
    built at start-up) into the collector's permanent generation: later full collections scan only
    what was made since, instead of stalling the event loop 60–80 ms to rescan the whole heap. The
    youngest generation is collected every YOUNG new objects instead of 700: each interaction
    makes thousands, most gone by then, so collections come 14 times less often and promote less
    (the bot's garbage collection fell from 6 % to 3 % of its CPU, each young one ~7 ms:
    docs/performance.md)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, *gc.get_threshold()[1:])
