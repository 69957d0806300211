"""Delivering what the table decided to post outside any command (reminders, deadlines): the
outbox, once each. Before a post is sent, its text and a message id it will follow are noted; a
delivery that finds them (the bot stopped between sending and noting it sent) first looks for the
post in the channel's history after that id, so it is not posted twice even after an outage longer
than the few minutes Discord enforces a post's nonce for (the nonce still covers a quick retry).
A member who asked for direct messages is told there (in the channel if their messages are closed),
as is one a command's answer concerns; they are told before the post is noted, not again."""

from __future__ import annotations

import logging
import re
from datetime import timedelta
from typing import Protocol

import discord
from discord.http import HTTPClient

from front.replies import NOBODY, USERS_ONLY, escape, fit
from waypost.outcome import Outcome
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
        try:
            if post.sending is None or post.sending_after is None:
                await _send(channel, await _noted(bot, post), post.nonce)
            elif not await _posted(bot, channel, post.sending, post.sending_after):
                await _send(channel, post.sending, post.nonce)
        except (discord.NotFound, discord.Forbidden) as error:  # the channel is gone, or closed to the bot
            log.warning("post %s to channel %s given up: %s", post.id, post.channel_id, error)
        await bot.table.sent(post.id)
    return len(posts)


async def _noted(bot: _Posting, post: Outgoing) -> str:
    """Tell those who chose direct messages, then note the post as being sent: its text (mentioning
    the others) and the id of a message just before now, by Discord's clock give or take."""
    named = tuple(dict.fromkeys(post.mentions))  # each once: the late player may be the host, too
    told = {uid for uid in named if await _direct(bot, uid, post.content, post.channel_id)}
    mentions = " ".join(f"<@{uid}>" for uid in named if uid not in told)
    content = fit([f"{mentions} {escape(post.content)}".strip()])
    after = discord.utils.time_snowflake(discord.utils.utcnow() - CLOCK_MARGIN)
    await bot.table.sending(post.id, content, after)
    return content


async def _send(channel: discord.PartialMessageable, content: str, nonce: str) -> None:
    pinging = MENTIONS.match(content) is not None
    await channel.send(content, nonce=nonce, allowed_mentions=USERS_ONLY if pinging else NOBODY)


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


async def _direct(bot: _Posting, user_id: int, content: str, channel_id: int) -> bool:
    """Tell a member who chose direct messages; False if they did not, or their messages are closed."""
    turn, _ = await bot.table.member(user_id)
    return turn and await _sent(bot, user_id, f"{escape(content)} (in <#{channel_id}>)")


async def direct_choices(table: Table, outcome: Outcome) -> dict[int, str]:
    """Those a public outcome concerns who chose to be told by direct message, with what to tell
    them: a player it hit (when they chose that), a player whose move or decision it is now."""
    if outcome.private:
        return {}
    told: dict[int, str] = {}
    for uid in outcome.hits:
        if (await table.member(uid))[1]:
            told[uid] = f"Another player's move hit you: {escape(outcome.text)}"
    waiting = {uid: f"It is your move now, after: {escape(outcome.text)}" for uid in outcome.ping}
    waiting |= {p.user_id: f"A decision waits for you: {escape(p.prompt)}" for p in outcome.prompts}
    for uid, text in waiting.items():
        if uid not in told and (await table.member(uid))[0]:
            told[uid] = text
    return told


async def tell_directly(bot: _Posting, channel_id: int, told: dict[int, str]) -> list[int]:
    """Send each their direct message about `channel_id`; returns those whose messages are closed."""
    return [uid for uid, text in told.items() if not await _sent(bot, uid, f"{text} (in <#{channel_id}>)")]


async def _sent(bot: _Posting, user_id: int, content: str) -> bool:
    try:
        await direct_message(bot, user_id, fit([content]))
    except discord.HTTPException:  # closed to the bot (50007), or gone
        return False
    return True


async def direct_message(bot: _Posting, user_id: int, content: str) -> None:
    """A direct message to a member. The channel is opened with the member's id as a string, as
    Discord's API describes it (discord.py's `User.send` sends a number)."""
    data = await bot.http.start_private_message(str(user_id))
    await bot.get_partial_messageable(int(data["id"])).send(content, allowed_mentions=NOBODY)
