"""The command line of `python bot.py` (the usage is bot.py's): run the bot, move its database,
run it in several processes."""

from __future__ import annotations

import argparse
import dataclasses
import signal
import sys

from front.bot import create_bot, serve
from front.launcher import launch, shard_ids
from front.logs import setup_logging
from games import default_games
from rules.errors import InvalidData
from waypost import runtime
from waypost.config import Config
from waypost.moving import move
from waypost.records import StoreError
from waypost.shards import Shards
from waypost.storage import is_postgres, open_store

NO_TOKEN = """\
Waypost needs a Discord bot token.
  1. Create an application and bot at https://discord.com/developers/applications
  2. Copy .env.example to .env and set DISCORD_TOKEN=<the bot's token>
  3. Run the bot again (make run).
To try Waypost without Discord: make offline   (or: python -m offline)"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Waypost: board games by post on Discord.")
    parser.add_argument("--sync", action="store_true", help="sync slash commands globally before running")
    parser.add_argument("--db", help="SQLite file or postgresql:// URL (default: WAYPOST_DB)")
    parser.add_argument("--move-to", metavar="URL", help="copy the SQLite database to this PostgreSQL database")
    parser.add_argument("--shards", type=int, metavar="N", help="the bot's number of shards (default: unsharded)")
    parser.add_argument("--processes", type=int, default=1, metavar="P",
                        help="with --shards: run P processes on this machine, each serving a slice")
    parser.add_argument("--shard-ids", metavar="IDS", help="with --shards: serve only these, e.g. 0-3 (one "
                        "machine's slice)")
    args = parser.parse_args(argv)
    shards = sharding(parser, args)
    config = Config.from_env()
    setup_logging(config.log_level)
    if args.move_to:
        return move_database(args.db or config.db, args.move_to)
    if not config.token:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    try:
        db = args.db or config.db
        if shards is not None and (args.processes > 1 or len(shards.ids) < shards.count) and not is_postgres(db):
            raise StoreError("several processes share one database only on PostgreSQL: set WAYPOST_DB (or --db) to a "
                             "postgresql:// URL, or run one process over every shard.")
        runtime.run(check_store(db))  # a database Waypost cannot use stops the start, with the reason
        if shards is not None and args.processes > 1:
            return runtime.run(launch(shards.count, args.processes, ["--db", args.db] if args.db else [], args.sync))
        config = dataclasses.replace(config, db=db, shards=shards)
        sync = "global" if args.sync else ("guild" if config.dev_guild else "none")
        signal.signal(signal.SIGTERM, signal.default_int_handler)  # SIGTERM stops the bot as Ctrl-C does
        runtime.run(serve(create_bot(config, sync=sync), config.token))
    except KeyboardInterrupt:
        return 0
    except (InvalidData, StoreError) as e:  # a bad data file or database stops the start, named
        return cannot_start(str(e))
    return 0


def move_database(source: str, target: str) -> int:
    """`--move-to`: copy, verify, and say what was moved (or why not)."""
    if is_postgres(source) or not is_postgres(target):
        print("Waypost moves a SQLite database (WAYPOST_DB or --db, a file) to PostgreSQL "
              "(--move-to postgresql://…).", file=sys.stderr)
        return 2
    try:
        moved = runtime.run(move(source, target, default_games()))
    except (InvalidData, StoreError) as e:
        print(f"Waypost cannot move the database: {e}", file=sys.stderr)
        return 2
    counts = ", ".join(f"{n} {table}" for table, n in moved.rows.items())
    print(f"Moved {source} to PostgreSQL: {counts}. {moved.replayed} games replayed to their stored state. "
          "Set WAYPOST_DB to the PostgreSQL URL to use it.")
    return 0


def cannot_start(reason: str) -> int:
    print(f"Waypost cannot start: {reason}", file=sys.stderr)
    return 2


def sharding(parser: argparse.ArgumentParser, args: argparse.Namespace) -> Shards | None:
    """The shards this process serves (all of --shards unless --shard-ids), or None: unsharded.
    Options that do not go together end the program with argparse's message."""
    if args.shards is None:
        if args.processes != 1 or args.shard_ids:
            parser.error("--processes and --shard-ids need --shards N")
        return None
    if args.shards < 1:
        parser.error(f"--shards must be 1 or more, not {args.shards}")
    if args.shard_ids and args.processes != 1:
        parser.error("--shard-ids is one process's slice: give it or --processes, not both")
    if not 1 <= args.processes <= args.shards:
        parser.error(f"--processes must be from 1 to the number of shards ({args.shards}), not {args.processes}")
    try:
        ids = shard_ids(args.shard_ids, args.shards) if args.shard_ids else frozenset(range(args.shards))
    except ValueError as e:
        parser.error(str(e))
    return Shards(args.shards, ids)


async def check_store(where: str) -> None:
    """Open the database once (migrating it) and close it: StoreError if it cannot be used."""
    store = await open_store(where)
    await store.close()

