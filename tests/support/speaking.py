"""Lines played through the stand-in with the server and every client in one locale (issue 29's
language tests), and what the bot said back."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


async def said_in(discord_: Any, locale: str, channel: str, users: Sequence[str],
                  lines: Sequence[tuple[str, str]], accepted: bool = False) -> tuple[list[tuple[str, str]], Any]:
    """Each (user, line) run in `channel` with the server and `users` speaking `locale` (every line
    `accepted`, if asked): each reply's and channel post's text with the line that led to it, and
    the game's state at the end."""
    discord_.builder.guild_locale = locale
    for user in users:
        discord_.builder.speaks(user, locale)
    said = []
    for user, line in lines:
        rec = await discord_.run(user, channel, line)
        assert rec.ok or not accepted, (line, rec.content)
        said += [(line, m.content) for m in rec.messages]
    said += [("(posted)", m.content) for m in discord_.channel_posts]
    return said, discord_.bot.table.channels.cached(discord_.builder.directory.channel_id(channel[1:])).state
