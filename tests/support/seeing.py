"""What a user can see of a game through the bot, for the secrecy tests: every text of a record,
the boards drawn for them, and everything every command and autocomplete shows them."""

from __future__ import annotations

import json
from collections.abc import Iterable

from offline import OfflineDiscord, Record
from tests.robust.helpers import filled, leaf_commands


def texts(rec: Record) -> list[str]:
    """Everything a record shows as text: messages, embeds, autocomplete choices, attached files
    other than images."""
    out = [json.dumps(m.embeds) + m.content for m in rec.messages]
    out += [f"{c['name']} {c['value']}" for c in rec.choices or []]
    out += [a.data.decode("utf-8", "replace") for m in rec.messages for a in m.attachments
            if not a.filename.endswith(".png")]
    return out


async def images(discord_: OfflineDiscord, user: str, channel: str, looks: Iterable[str]) -> list[bytes]:
    """The board images `user` gets from each of the `looks` commands."""
    return [(await discord_.run(user, channel, line)).attachments[0].data for line in looks]


async def everything_seen_by(discord_: OfflineDiscord, user: str, channel: str, skipped: Iterable[str]) -> list[str]:
    """Every autocomplete of every command, then every command but `skipped` (filled as `user`
    would), as `user`."""
    seen: list[str] = []
    where = discord_.builder.directory.channel_id(channel)
    commands = leaf_commands(discord_.bot.tree)
    for command in commands:
        for param in command.parameters:
            if param.autocomplete:
                seen += texts(await discord_.autocomplete(user, where, command.qualified_name,
                                                          {param.display_name: ""}, param.display_name))
    for command in commands:
        if command.qualified_name not in skipped:
            options = await filled(discord_, user, where, command)
            seen += texts(await discord_.command(user, where, command.qualified_name, options))
    return seen
