"""A quiet channel's announcement lines: what the channel is told of a player's secret moves (a draft
changed, prices sealed) is one line per player and phase, edited in place as they go on ("Rome
changed their movement draft (3 times)") rather than a new message each time. The line is a
message of the bot's own in the channel, so it can be edited later; where the bot may not post on
its own, the line is the answer's follow-up, a new one each time."""

from __future__ import annotations

import logging
from collections import OrderedDict

import discord

from front.replies import NOBODY, escape, fit, post

KEPT = 10_000  # lines remembered (the oldest forgotten first); a forgotten one is posted anew
log = logging.getLogger("waypost")
_lines: OrderedDict[tuple[int, str, str], tuple[int, int]] = OrderedDict()  # (channel, key, text) -> (message, n)


async def announce(interaction: discord.Interaction, text: str, key: str, channel_id: int) -> None:
    """Tell the game's channel `text`; with a `key`, as the line kept for it, edited in place."""
    content = fit([escape(text)])
    if not key:
        await post(interaction, channel_id, content, allowed_mentions=NOBODY)
        return
    channel = interaction.client.get_partial_messageable(channel_id)
    found = _lines.get((channel_id, key, text))
    if found is not None:
        message_id, times = found
        try:
            await channel.get_partial_message(message_id).edit(content=fit([f"{escape(text)} ({times + 1} times)"]),
                                                               allowed_mentions=NOBODY)
            _lines[channel_id, key, text] = (message_id, times + 1)
            _lines.move_to_end((channel_id, key, text))
            return
        except discord.NotFound:  # deleted: post it anew
            log.info("announcement line %s in channel %s is gone; posting a new one", message_id, channel_id)
    try:
        message = await channel.send(content, allowed_mentions=NOBODY)
    except discord.Forbidden:  # the bot may not post here on its own: the line goes with the answer
        if channel_id == interaction.channel_id:
            await interaction.followup.send(content, allowed_mentions=NOBODY)
        return
    _lines[channel_id, key, text] = (message.id, 1)
    while len(_lines) > KEPT:
        _lines.popitem(last=False)
