"""The live board (setting board_images: live): one message per game, edited in place to show the
board after each change, while each action's answer is a line of text. Its id is stored, so it is
found again after a restart; when it is gone a new one is posted and remembered. Answers drawn out
of order never put an older board over a newer one."""

from __future__ import annotations

import io
import itertools
import logging
from dataclasses import replace
from typing import Any

import discord

from front.replies import NOBODY, escape, fit, payer_of, table_of
from waypost.outcome import ALT_LIMIT, Outcome

log = logging.getLogger("waypost")
_order = itertools.count()
_shown: dict[int, int] = {}  # channel id -> the order number of the newest board shown there


def take_turn() -> int:
    """An order number for an answer, taken as soon as the table has answered."""
    return next(_order)


def without_board(outcome: Outcome) -> Outcome:
    """The answer itself: its text only, the board going to the live message."""
    return replace(outcome, drawing=None)


async def show(interaction: discord.Interaction, outcome: Outcome, turn: int,
               view: discord.ui.View | None, channel_id: int) -> None:
    """Put the outcome's board in the live board message of the game's channel (posting one if there
    is none)."""
    assert outcome.drawing is not None
    table = table_of(interaction)
    png = await table.draw(outcome.drawing, payer_of(interaction))
    if _shown.get(channel_id, -1) > turn:  # a newer board is already shown
        return
    _shown[channel_id] = turn
    content = fit([f"Live board, after: {escape(outcome.text)}"])
    alt = outcome.drawing.alt[:ALT_LIMIT]
    channel = interaction.client.get_partial_messageable(channel_id)
    message_id = await table.live_board(channel_id)
    if message_id is not None:
        try:
            await channel.get_partial_message(message_id).edit(
                content=content, attachments=[discord.File(io.BytesIO(png), "board.png", description=alt)],
                view=view, allowed_mentions=NOBODY)
            return
        except discord.NotFound:  # deleted: post a new one
            log.info("live board %s in channel %s is gone; posting a new one", message_id, channel_id)
    file = discord.File(io.BytesIO(png), "board.png", description=alt)
    buttons: dict[str, Any] = {"view": view} if view is not None else {}
    try:
        message = await channel.send(content, file=file, allowed_mentions=NOBODY, **buttons)
    except discord.Forbidden:  # the bot may not post here on its own: the board goes with the answer
        if channel_id == interaction.channel_id:
            file.reset()
            await interaction.followup.send(content, file=file, allowed_mentions=NOBODY, **buttons)
        return
    await table.keep_live_board(channel_id, message.id)
