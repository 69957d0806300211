"""Waypost: board games by post on Discord.

    python bot.py               run the bot (needs DISCORD_TOKEN in .env)
    python bot.py --sync        run it and sync slash commands globally first
    python bot.py --move-to URL copy the SQLite database (WAYPOST_DB or --db) to PostgreSQL, verified
    python bot.py --shards 8 --processes 4   8 shards in 4 processes on this machine (PostgreSQL)
    python bot.py --shards 8 --shard-ids 0-3 this machine's slice of 8 shards (PostgreSQL)

The command line is `front.command_line`'s. This file stays this small because every drawing
process imports it as its main module (multiprocessing does): with the bot's imports here, each
would carry discord.py and the whole bot.
"""

import os
import sys

STANDIN_ENV = "WAYPOST_STANDIN"  # tests: the offline stand-in's http://127.0.0.1:port, Discord's stand-in

if __name__ == "__main__":
    from front.command_line import cannot_start, main

    if os.environ.get(STANDIN_ENV):
        from offline.gateway import point_at

        try:
            point_at(os.environ[STANDIN_ENV])
        except ValueError as e:
            sys.exit(cannot_start(f"{STANDIN_ENV}: {e}"))
    sys.exit(main())
