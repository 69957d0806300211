"""Answering a change the table already saved, when Discord (or the bot) fails the answer: the
player still learns what happened, by a follow-up, else in the game's channel (a private answer:
by direct message), and is never told that nothing changed (issue 27 §10)."""

from __future__ import annotations

import logging
import secrets
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager, suppress
from typing import Any, cast

import discord

from front.posting import direct_message
from front.replies import NOBODY, mentioning, post, render_text, say_privately, send_outcome, what
from waypost.outcome import Outcome

PARTLY = "⚠ Done, but part of the answer could not be sent (ref {ref}): /game log shows what happened."
log = logging.getLogger("waypost")


def logged(interaction: discord.Interaction, error: Exception, doing: str) -> str:
    """Log a failure after the change was saved, with a reference for the player: Discord failing
    a request as a warning, anything else as the bug it is."""
    ref = secrets.token_hex(4)
    if isinstance(error, discord.HTTPException):
        log.warning("Discord failed %s (ref %s) in %s: %s", doing, ref, what(interaction), error)
    else:
        log.error("%s failed (ref %s) in %s", doing, ref, what(interaction), exc_info=error)
    return ref


@asynccontextmanager
async def after_saving(interaction: discord.Interaction) -> AsyncIterator[None]:
    """Around what answers a saved change: whatever fails is logged, and the player is told,
    privately where Discord still takes it, that it was done all the same."""
    try:
        yield
    except Exception as error:
        ref = logged(interaction, error, "the answer")
        with suppress(discord.HTTPException):
            await say_privately(interaction, PARTLY.format(ref=ref))


async def send_saved(interaction: discord.Interaction, outcome: Outcome, channel_id: int, quiet: Iterable[int] = (),
                     view: discord.ui.View | None = None, **sending: Any) -> None:
    """`send_outcome` for a change already saved: when Discord fails it, the outcome goes another
    way (`redeliver`)."""
    try:
        await send_outcome(interaction, outcome, view=view, quiet=quiet, channel_id=channel_id, **sending)
    except discord.HTTPException as error:
        await redeliver(interaction, outcome, channel_id, error, quiet, view)


async def redeliver(interaction: discord.Interaction, outcome: Outcome, channel_id: int, error: Exception,
                    quiet: Iterable[int] = (), view: discord.ui.View | None = None) -> None:
    """The outcome's text again after Discord failed its answer (`error`): in public by a follow-up,
    else as a message in the game's channel; a private one by a private follow-up, else by direct
    message (never in the channel: it may hold what others must not see)."""
    logged(interaction, error, "the answer")
    texts = render_text(outcome)
    if not outcome.private:
        allowed = mentioning(outcome, quiet)
        for i, text in enumerate(texts):
            await post(interaction, channel_id, text, allowed_mentions=allowed,
                       **({"view": view} if view is not None and i == 0 else {}))
        return
    try:
        for text in texts:
            await interaction.followup.send(text, ephemeral=True, allowed_mentions=NOBODY)
    except discord.HTTPException as failed:
        logged(interaction, failed, "a private follow-up")
        for text in texts:
            await direct_message(cast(Any, interaction.client), interaction.user.id, text)
