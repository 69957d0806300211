"""Who are people of a server: the table asks before it seats them (an import names its players)."""

from __future__ import annotations

from collections.abc import Collection

import discord

from rules.errors import BadInput


async def people(guild: discord.Guild | None, ids: Collection[int]) -> set[int]:
    """Those of `ids` who are members of `guild` and not bots (the bot itself is one), asked of
    Discord for each member not cached."""
    found: set[int] = set()
    if guild is None:
        return found
    for user_id in ids:
        member = guild.get_member(user_id)
        if member is None:
            try:
                member = await guild.fetch_member(user_id)
            except discord.NotFound:
                continue
            except discord.HTTPException as e:
                raise BadInput(f"Discord did not say who the file's players are (HTTP {e.status}); please try "
                               "again.") from None
        if not member.bot:
            found.add(user_id)
    return found
