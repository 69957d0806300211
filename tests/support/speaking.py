"""Lines played through the stand-in with the server and every client in one locale (issue 29's
language tests), and what the bot said back."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any


def content(message: Any) -> Iterable[str]:
    return (message.content,)


async def said_in(discord_: Any, locale: str, channel: str, users: Sequence[str],
                  lines: Sequence[tuple[str, str]], accepted: bool = False,
                  read: Callable[[Any], Iterable[str]] = content) -> tuple[list[tuple[str, str]], Any]:
    """Each (user, line) run in `channel` with the server and `users` speaking `locale` (every line
    `accepted`, if asked): each reply's and channel post's text (what `read` reads of a message:
    its content, unless told) and autocomplete's suggestions, with the line that led to it, and
    the game's state at the end."""
    discord_.builder.guild_locale = locale
    for user in users:
        discord_.builder.speaks(user, locale)
    said = []
    for user, line in lines:
        rec = await discord_.run(user, channel, line)
        assert rec.ok or not accepted, (line, rec.content)
        said += [(line, text) for m in rec.messages for text in read(m)]
        said += [(line, c["name"]) for c in rec.choices or ()]  # autocomplete's suggestions
    said += [("(posted)", text) for m in discord_.channel_posts for text in read(m)]
    return said, discord_.bot.table.channels.cached(discord_.builder.directory.channel_id(channel[1:])).state
