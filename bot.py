"""Waypost: board games by post on Discord.

    python bot.py               run the bot (needs DISCORD_TOKEN in .env)
    python bot.py --sync        run it and sync slash commands globally first
    python bot.py --offline     play locally against the offline Discord stand-in (no token)
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Mapping

import discord
from discord import app_commands
from discord.ext import commands

from cogs.options import option_problem
from cogs.replies import DecisionSelect, report_error
from rules.errors import InvalidData
from waypost import runtime
from waypost.config import Config
from waypost.games import GameEntry, default_games
from waypost.storage import Store
from waypost.table import Table

EXTENSIONS = ("cogs.lobby", "cogs.vikings")
NO_TOKEN = """\
Waypost needs a Discord bot token.
  1. Create an application and bot at https://discord.com/developers/applications
  2. Copy .env.example to .env and set DISCORD_TOKEN=<the bot's token>
  3. Run the bot again (make run).
To try Waypost without Discord: make offline   (or: python bot.py --offline)"""

log = logging.getLogger("waypost")
class WaypostTree(app_commands.CommandTree):
    """Routes every command error to one place: a private refusal, or a logged crash with a ref."""

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if interaction.type is discord.InteractionType.application_command:
            problem = option_problem(interaction)
            if problem:
                raise app_commands.CheckFailure(problem)
        return True

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        await report_error(interaction, error)


class WaypostBot(commands.Bot):
    """The bot: opens the database and loads the cogs in `setup_hook` (no gateway needed)."""

    table: Table

    def __init__(self, config: Config, games: Mapping[str, GameEntry] | None = None, sync: str = "none"):
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents(guilds=True),
                         help_command=None, tree_cls=WaypostTree,
                         allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True))
        self.config = config
        self.games = dict(games if games is not None else default_games())
        self.sync_mode = sync

    async def setup_hook(self) -> None:
        for entry in self.games.values():
            entry.boards  # noqa: B018 - validate every board file now; a bad one stops the start
        store = await Store.open(self.config.db_path)
        self.table = Table(store, self.games)
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        self.add_dynamic_items(DecisionSelect)
        if self.sync_mode == "global":
            synced = await self.tree.sync()
            log.info("synced %d commands globally", len(synced))
        elif self.sync_mode == "guild" and self.config.dev_guild:
            guild = discord.Object(self.config.dev_guild)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to development server %s", len(synced), self.config.dev_guild)

    async def close(self) -> None:
        await super().close()
        if hasattr(self, "table"):
            await self.table.store.close()


def create_bot(config: Config, games: Mapping[str, GameEntry] | None = None, sync: str = "none") -> WaypostBot:
    """The bot exactly as production runs it (the offline harness and tests use this too)."""
    return WaypostBot(config, games, sync)


async def serve(bot: WaypostBot, token: str) -> None:
    """Log in, connect to Discord and serve until stopped; always close the bot."""
    async with bot:
        await bot.start(token)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Waypost: board games by post on Discord.")
    parser.add_argument("--sync", action="store_true", help="sync slash commands globally before running")
    parser.add_argument("--offline", action="store_true", help="play locally against the offline stand-in")
    parser.add_argument("--script", help="offline: run a file of console lines, then exit")
    parser.add_argument("--json", action="store_true", help="offline: print one JSON object per command")
    parser.add_argument("--images", default="offline-images", help="offline: folder for board images")
    parser.add_argument("--db", help="database file (default: WAYPOST_DB, or a fresh one for --script)")
    args = parser.parse_args(argv)
    config = Config.from_env()
    logging.basicConfig(level=config.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if not args.offline and not config.token:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    try:
        if args.offline:
            from waypost.offline.console import run_console

            return runtime.run(run_console(config, args))
        sync = "global" if args.sync else ("guild" if config.dev_guild else "none")
        runtime.run(serve(create_bot(config, sync=sync), config.token))
    except KeyboardInterrupt:
        return 0
    except InvalidData as e:  # a bad data file stops the start, named
        print(f"Waypost cannot start: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
