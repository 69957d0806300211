"""Delivering what the table decided to post outside any command (reminders, deadlines): the
outbox, once each. Before a post is sent, its text and a message id it will follow are noted; a
delivery that finds them (the bot stopped between sending and noting it sent) first looks for the
post in the channel's history after that id, so it is not posted twice even after an outage longer
than the few minutes Discord enforces a post's nonce for (the nonce still covers a quick retry).
A member who asked for direct messages is told there (in the channel if their messages are closed),
before the post is noted, not again (`front.plan.reminder`). A prepared turn offered back (issue 30)
is told its player alone by direct message, whatever they chose, under its buttons; the post, under
the same buttons, says no more than that it was not played."""

from __future__ import annotations

import logging
import re
from datetime import timedelta
from typing import Any, Protocol

import discord
from discord.http import HTTPClient

from front.plan import offered, reminder
from front.replies import NOBODY, USERS_ONLY
from front.sender import told, view_of
from waypost.i18n import SOURCE
from waypost.records import Outgoing
from waypost.table import Table

CLOCK_MARGIN = timedelta(minutes=1)  # how far this machine's clock may be ahead of Discord's
MENTIONS = re.compile(r"<@\d+>")  # a post's text begins with those it mentions (and pings)
LOOK_BACK = 200  # channel messages after the noted id looked through for a post sent before a crash
log = logging.getLogger("waypost")


class _Posting(Protocol):
    table: Table
    http: HTTPClient

    @property
    def user(self) -> discord.ClientUser | None: ...

    def get_partial_messageable(self, id: int, /) -> discord.PartialMessageable: ...


async def deliver(bot: _Posting, limit: int = 50) -> int:
    """Post what waits in the outbox; returns how many posts were delivered (or given up)."""
    posts = await bot.table.outbox(limit)
    for post in posts:
        channel = bot.get_partial_messageable(post.channel_id)
        language = await bot.table.language(post.channel_id) or SOURCE  # the game's, for the post's buttons too
        view = view_of(offered(post.channel_id, post.mentions[0]), language) if post.offer and post.mentions else None
        try:
            if post.sending is None or post.sending_after is None:
                await _send(channel, await _noted(bot, post, language), post.nonce, view)
            elif not await _posted(bot, channel, post.sending, post.sending_after):
                await _send(channel, post.sending, post.nonce, view)
        except (discord.NotFound, discord.Forbidden) as error:  # the channel is gone, or closed to the bot
            log.warning("post %s to channel %s given up: %s", post.id, post.channel_id, error)
        await bot.table.sent(post.id)
    return len(posts)


async def _noted(bot: _Posting, post: Outgoing, language: str) -> str:
    """Tell those who chose direct messages (in the game's `language`), then note the post as being
    sent: its text (mentioning the others) and the id of a message just before now, by Discord's
    clock give or take."""
    named = tuple(dict.fromkeys(post.mentions))  # each once: the late player may be the host, too
    chose = frozenset([uid for uid in named if (await bot.table.member(uid))[0]])
    planned = reminder(post.content, post.channel_id, named, chose, post.direct, post.offer, language)
    private = planned.private
    reached = private is None or await told(bot, private.user_id, private.text,
                                            view_of(private.components, language))
    content = planned.content([uid for uid, text in planned.direct if await told(bot, uid, text)], reached)
    after = discord.utils.time_snowflake(discord.utils.utcnow() - CLOCK_MARGIN)
    await bot.table.sending(post.id, content, after)
    return content


async def _send(channel: discord.PartialMessageable, content: str, nonce: str, view: discord.ui.View | None) -> None:
    pinging = MENTIONS.match(content) is not None
    buttons: dict[str, Any] = {"view": view} if view is not None else {}
    await channel.send(content, nonce=nonce, allowed_mentions=USERS_ONLY if pinging else NOBODY, **buttons)


async def _posted(bot: _Posting, channel: discord.PartialMessageable, content: str, after: int) -> bool:
    """Whether the bot posted `content` in the channel after message `after` (a delivery the bot
    stopped during). Without permission to read the history, it cannot tell: False."""
    try:
        async for message in channel.history(limit=LOOK_BACK, after=discord.Object(after), oldest_first=True):
            if bot.user is not None and message.author.id == bot.user.id and message.content == content:
                return True
    except discord.Forbidden:
        return False
    return False

