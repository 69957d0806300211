"""Answering an interaction with a table outcome, and the menus and buttons that outlive a restart.

`run` awaits a table call; a call that takes longer than `DEFER_AFTER` is acknowledged with a
private "thinking" first, so Discord's 3-second window is never missed and a refusal stays
private. Then the reply (`front.replies.send_outcome`) and the decision menus the outcome asks for.

Menus and buttons are dynamic items: their custom ids carry everything needed (channel, the user
asked, which question or game), so they work after a restart. A menu answers only the question it
was posted for, only for the player asked, and is closed once answered; a stale one closes itself
when clicked.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable
from typing import Any, cast

import discord

from front.replies import (
    NOBODY,
    USERS_ONLY,
    escape,
    report_error,
    say_privately,
    send_outcome,
    table_of,
    user_of,
)
from waypost.outcome import Outcome, Prompt

DEFER_AFTER = 1.5  # seconds a table call may take before the interaction is acknowledged


async def run(interaction: discord.Interaction, call: Awaitable[Outcome]) -> None:
    """Await a table call and answer with its outcome (refusals propagate to the tree's handler)."""
    outcome, late = await timely(call, lambda: interaction.response.defer(ephemeral=True, thinking=True))
    await send_outcome(interaction, outcome, thinking=True if late else None)
    await post_prompts(interaction, outcome)


async def timely(call: Awaitable[Outcome], acknowledge: Callable[[], Awaitable[Any]]) -> tuple[Outcome, bool]:
    """The call's outcome, and whether it took so long that `acknowledge` was awaited meanwhile."""
    task = asyncio.ensure_future(call)
    try:
        return await asyncio.wait_for(asyncio.shield(task), DEFER_AFTER), False
    except TimeoutError:
        await acknowledge()
        return await task, True


async def post_prompts(interaction: discord.Interaction, outcome: Outcome) -> None:
    for prompt in outcome.prompts:
        await interaction.followup.send(f"<@{prompt.user_id}> {escape(prompt.prompt)}", view=decision_view(prompt),
                                        allowed_mentions=USERS_ONLY)


def _closed(view_item: discord.ui.Select[Any], note: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Select(custom_id=view_item.custom_id, placeholder=note, disabled=True,
                                    options=[discord.SelectOption(label=note)]))
    return view


class DecisionSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                     template=r"waypost:choose:(?P<channel>\d+):(?P<user>\d+):(?P<key>[\w.-]{0,40})"):
    """A menu answering one decision a game asks one player."""

    def __init__(self, channel_id: int, user_id: int, key: str = "", options: tuple[str, ...] = ()):
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"waypost:choose:{channel_id}:{user_id}:{key}",
            placeholder="Choose…",
            options=[discord.SelectOption(label=o[:100], value=o[:100]) for o in options[:25]] or
            [discord.SelectOption(label="…")],
        )
        super().__init__(select)
        self.channel_id, self.user_id, self.key = channel_id, user_id, key

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> DecisionSelect:
        return cls(int(match["channel"]), int(match["user"]), match["key"])

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await self._answer(interaction)
        except Exception as error:  # menus bypass the tree's error handler
            await report_error(interaction, error)

    async def _answer(self, interaction: discord.Interaction) -> None:
        user = user_of(interaction)
        if user.id != self.user_id:
            await say_privately(interaction, f"⛔ This question is for <@{self.user_id}>, not for you.")
            return
        table = table_of(interaction)
        if await table.decision(self.channel_id, user, self.key) is None:
            await interaction.response.edit_message(view=_closed(self.item, "Answered"))
            await interaction.followup.send("This question has already been answered.", ephemeral=True,
                                            allowed_mentions=NOBODY)
            return
        values = cast(dict[str, Any], interaction.data or {}).get("values") or [""]
        choice = str(values[0])
        outcome, late = await timely(table.choose(self.channel_id, user, choice, self.key),
                                     interaction.response.defer)
        closed = _closed(self.item, f"Answered: {choice[:80]}")
        if late:
            await interaction.edit_original_response(view=closed)
        else:
            await interaction.response.edit_message(view=closed)
        await send_outcome(interaction, outcome)
        await post_prompts(interaction, outcome)


def decision_view(prompt: Prompt) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(DecisionSelect(prompt.channel_id, prompt.user_id, prompt.key, prompt.options))
    return view


class EndButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                template=r"waypost:end:(?P<channel>\d+):(?P<user>\d+):(?P<game>\d+)"):
    """The confirmation that ends a channel's game (the one it was asked for, by whom asked)."""

    def __init__(self, channel_id: int, user_id: int, game_id: int):
        super().__init__(discord.ui.Button(label="End the game", style=discord.ButtonStyle.danger,
                                           custom_id=f"waypost:end:{channel_id}:{user_id}:{game_id}"))
        self.channel_id, self.user_id, self.game_id = channel_id, user_id, game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> EndButton:
        return cls(int(match["channel"]), int(match["user"]), int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            if interaction.user.id != self.user_id:
                await say_privately(interaction, "⛔ Only the member who asked to end the game can confirm it.")
                return
            outcome = await table_of(interaction).end(self.channel_id, user_of(interaction), self.game_id)
            await interaction.response.edit_message(content="Ended.", view=None)
            await interaction.followup.send(escape(outcome.text), allowed_mentions=NOBODY)
        except Exception as error:
            await report_error(interaction, error)


def end_view(channel_id: int, user_id: int, game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(EndButton(channel_id, user_id, game_id))
    return view
