"""Turning table-layer outcomes into Discord replies, shared by every cog.

Board-changing replies defer first, draw in a worker process, then follow up with the image.
Refusals (PlayerError) and crashes are handled by the bot's tree error handler.
"""

from __future__ import annotations

import io
import logging
import re
import secrets
from collections.abc import Awaitable
from typing import Any, Protocol, cast

import discord
from discord import app_commands

from rules.errors import PlayerError
from waypost.outcome import Outcome, Prompt, User
from waypost.table import Table

CONTENT_LIMIT = 2000
ALT_LIMIT = 1024
USERS_ONLY = discord.AllowedMentions(everyone=False, roles=False, users=True, replied_user=False)
NOBODY = discord.AllowedMentions.none()
log = logging.getLogger("waypost")


def user_of(interaction: discord.Interaction) -> User:
    """The acting user, with their Manage Channels permission in this channel."""
    return User(interaction.user.id, interaction.user.display_name, interaction.permissions.manage_channels)


class _Hosting(Protocol):
    table: Table


def table_of(interaction: discord.Interaction) -> Table:
    """The table of the bot that received the interaction."""
    return cast(_Hosting, interaction.client).table


def channel_of(interaction: discord.Interaction) -> int:
    return interaction.channel_id or 0


def escape(text: str) -> str:
    """Neutralise markdown and mentions in text that came from players."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(text))


def fit(lines: list[str], limit: int = CONTENT_LIMIT) -> str:
    """Join lines, dropping the last ones (with a note) if they would exceed Discord's limit;
    a first line too long on its own is cut short."""
    text = "\n".join(lines)
    if len(text) <= limit:
        return text
    kept: list[str] = []
    for line in lines:
        if len("\n".join([*kept, line])) > limit - 40:
            break
        kept.append(line)
    if not kept:
        return text[:limit - 1] + "…"
    return "\n".join([*kept, f"… ({len(lines) - len(kept)} more lines)"])[:limit]


def render_text(outcome: Outcome) -> str:
    lines = [escape(outcome.text), *(f"• {escape(d)}" for d in outcome.details if d not in outcome.text)]
    if outcome.ping:
        lines.append("Your move: " + " ".join(f"<@{uid}>" for uid in outcome.ping))
    return fit(lines)


async def send_outcome(interaction: discord.Interaction, outcome: Outcome) -> None:
    """Reply with an outcome: text, then (deferred, drawn in a thread) the board image, then menus."""
    content = render_text(outcome)
    mentions = USERS_ONLY if outcome.ping else NOBODY
    if outcome.drawing is None:
        await interaction.response.send_message(content, ephemeral=outcome.private, allowed_mentions=mentions)
    else:
        await interaction.response.defer(ephemeral=outcome.private, thinking=True)
        png = await table_of(interaction).draw(outcome.drawing)
        file = discord.File(io.BytesIO(png), filename="board.png", description=outcome.drawing.alt[:ALT_LIMIT])
        await interaction.followup.send(content, file=file, ephemeral=outcome.private, allowed_mentions=mentions)
    if outcome.announce:
        await interaction.followup.send(fit([escape(outcome.announce)]), allowed_mentions=NOBODY)
    for prompt in outcome.prompts:
        await interaction.followup.send(f"<@{prompt.user_id}> {escape(prompt.prompt)}", view=decision_view(prompt),
                                        allowed_mentions=USERS_ONLY)


async def say_privately(interaction: discord.Interaction, text: str) -> None:
    """An ephemeral message, whether or not the interaction was already answered."""
    text = fit([text])
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, allowed_mentions=NOBODY)
    else:
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NOBODY)


async def report_error(interaction: discord.Interaction, error: BaseException) -> None:
    """A refusal names the problem privately; anything else is logged with a reference."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, app_commands.CommandNotFound):
        await say_privately(interaction, "⛔ That command no longer exists; your Discord app will catch up shortly.")
        return
    if isinstance(error, (PlayerError, app_commands.TransformerError, app_commands.CheckFailure)):
        await say_privately(interaction, f"⛔ {escape(str(error))}")
        return
    ref = secrets.token_hex(4)
    log.error("unexpected error (ref %s) in %s", ref, _what(interaction), exc_info=error)
    await say_privately(interaction, f"Something went wrong (ref {ref}). Nothing was changed; "
                                     "please tell the bot's operator this reference.")


def _what(interaction: discord.Interaction) -> str:
    name = interaction.command.qualified_name if interaction.command else (interaction.data or {}).get("custom_id")
    return f"{name!r} by user {interaction.user.id} in channel {interaction.channel_id}"


async def run(interaction: discord.Interaction, call: Awaitable[Outcome]) -> None:
    """Await a table call and send its outcome (refusals propagate to the tree's error handler)."""
    await send_outcome(interaction, await call)


def choices(values: list[tuple[str, str]], current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete choices (name, value) matching what the user typed, at most 25."""
    typed = current.lower().strip()
    found = [app_commands.Choice(name=n[:100], value=v[:100]) for n, v in values
             if typed in n.lower() or typed in v.lower()]
    return found[:25]


class DecisionSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"waypost:choose:(?P<channel>\d+)"):
    """A menu answering the decision a game asks; its custom id survives restarts."""

    def __init__(self, channel_id: int, options: tuple[str, ...] = ()):
        select = discord.ui.Select(
            custom_id=f"waypost:choose:{channel_id}",
            placeholder="Choose…",
            options=[discord.SelectOption(label=o[:100], value=o[:100]) for o in options[:25]] or
            [discord.SelectOption(label="…")],
        )
        super().__init__(select)
        self.channel_id = channel_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> DecisionSelect:
        return cls(int(match["channel"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or [""]
        try:
            await run(interaction, table_of(interaction).choose(self.channel_id, user_of(interaction), str(values[0])))
        except Exception as error:  # menus bypass the tree's error handler
            await report_error(interaction, error)


def decision_view(prompt: Prompt) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(DecisionSelect(prompt.channel_id, prompt.options))
    return view
