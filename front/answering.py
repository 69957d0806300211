"""Answering an interaction with a table outcome, and the menus and buttons that outlive a restart.

`run` awaits a table call; a call that takes longer than `DEFER_AFTER` is acknowledged with a
private "thinking" first, so Discord's 3-second window is never missed and a refusal stays
private. Then the reply (`front.replies.send_outcome`) and the decision menus the outcome asks for.
A board drawn within what is left of `DEFER_AFTER` goes out in the first response, with its text
(one request instead of a "thinking" and a followup); else the reply acknowledges first.

Menus and buttons are dynamic items: their custom ids carry everything needed (channel, the user
asked, which question or game), so they work after a restart. A menu answers only the question it
was posted for, only for the player asked, and is closed once answered; a stale one closes itself
when clicked, saying whether it was answered or withdrawn (the move that asked it taken back).
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import replace
from typing import Any, TypeVar, cast

import discord

from front import lines, live
from front.clicks import CUSTOM_ID_LIMIT, Budgeted, chosen
from front.posting import direct_choices, tell_directly
from front.recovery import after_saving, logged, send_saved
from front.replies import (
    NOBODY,
    USERS_ONLY,
    escape,
    fit,
    mentions,
    pinging,
    post,
    report_error,
    say_privately,
    table_of,
    user_of,
)
from front.verify import VerifyButton
from rules.errors import NotYourTurn
from waypost.outcome import Outcome, Prompt

T = TypeVar("T")
DEFER_AFTER = 1.5  # seconds a table call may take before the interaction is acknowledged
log = logging.getLogger("waypost")


async def run(interaction: discord.Interaction, call: Awaitable[Outcome]) -> None:
    """Await a table call and answer with its outcome (refusals propagate to the tree's handler)."""
    answer_by = asyncio.get_running_loop().time() + DEFER_AFTER
    outcome, late = await timely(call, lambda: interaction.response.defer(ephemeral=True, thinking=True))
    await answer(interaction, outcome, thinking=True if late else None, answer_by=answer_by)


async def answer(interaction: discord.Interaction, outcome: Outcome, thinking: bool | None = None,
                 answer_by: float | None = None, channel_id: int | None = None) -> None:
    """The outcome's reply (a public board with the table's buttons; in the first response if it is
    drawn by `answer_by`), its decision menus, the direct messages it owes, and when it ended the
    game, the export; all in the game's channel, `channel_id`, when the interaction came from
    another (a turn card opened from /game mine). The change is saved: when Discord fails the
    answer, it goes another way (`front.recovery`)."""
    async with after_saving(interaction):
        await _answer(interaction, outcome, thinking, answer_by, channel_id or interaction.channel_id or 0)


async def _answer(interaction: discord.Interaction, outcome: Outcome, thinking: bool | None, answer_by: float | None,
                  channel: int) -> None:
    turn = live.take_turn()
    direct = await direct_choices(table_of(interaction), outcome)
    on_live_board = outcome.live and not outcome.private and outcome.drawing is not None
    reply = live.without_board(outcome) if on_live_board else outcome
    await send_saved(interaction, reply, channel, direct, board_view(interaction, reply, channel), thinking=thinking,
                     answer_by=answer_by)
    if outcome.announce:
        await lines.announce(interaction, outcome.announce, outcome.gather, channel)
    if on_live_board:
        await live.show(interaction, outcome, turn,
                        board_view(interaction, replace(outcome, turns=(), awaiting=False), channel), channel)
    await post_prompts(interaction, outcome, quiet=direct, channel_id=channel)
    closed = await tell_directly(cast(Any, interaction.client), channel, direct)
    if closed:  # told in the channel after all
        await post(interaction, channel, fit([f"{mentions(tuple(closed))} this concerns you (Waypost cannot send you "
                                              "direct messages)."]), allowed_mentions=pinging(closed))
    if outcome.finished:  # the final board and the result are posted: the whole game goes with them
        name, data = await table_of(interaction).export(channel, user_of(interaction))
        await post(interaction, channel, "The whole game, to keep, or to play again from any point: /game import "
                   "with until: the last log entry to keep.", file=discord.File(io.BytesIO(data), name),
                   allowed_mentions=NOBODY)


def board_view(interaction: discord.Interaction, outcome: Outcome, channel: int) -> discord.ui.View | None:
    """Buttons under a public answer in `channel`: the turn card of whoever it pings, and under a
    board, take back, my own board, and end the turn where the game has such an action. They work
    after a restart (their custom ids say what and where)."""
    if outcome.private or (outcome.drawing is None and not outcome.awaiting and outcome.verify is None):
        return None
    view = discord.ui.View(timeout=None)
    quick, whose = quick_actions(outcome)
    for kind, label in quick:  # the phase's actions open to whom it pings, theirs to click
        view.add_item(discord.ui.Button(label=label[:80], style=discord.ButtonStyle.primary,
                                        custom_id=f"waypost:act:{channel}:{whose}:{kind}"))
    if outcome.awaiting:
        view.add_item(card_button(channel))
    if outcome.verify is not None:
        view.add_item(VerifyButton(channel, outcome.verify))
    if outcome.drawing is not None:
        rules = table_of(interaction).games[outcome.drawing.game_key].rules
        ends = rules.finish() is not None and rules.flow.finish not in dict(quick)
        for what in (("end",) if ends else ()) + ("undo", "board"):
            view.add_item(BoardButton(channel, what))
    return view


def quick_actions(outcome: Outcome) -> tuple[tuple[tuple[str, str], ...], int]:
    """The action buttons of a ping and whose they are: one player's actions open now, theirs; when
    it pings several (a phase played together), those open to every one of them, for whichever of
    them clicks (user 0)."""
    if len(outcome.turns) == 1:
        return outcome.turns[0].actions[:4], outcome.turns[0].user_id
    shared = [a for a in outcome.turns[0].actions if all(a in t.actions for t in outcome.turns)] if outcome.turns \
        else []
    return tuple(shared[:4]), 0


def card_button(channel_id: int, user_id: int = 0, label: str = "Your turn card",
                style: discord.ButtonStyle = discord.ButtonStyle.success) -> discord.ui.Button[Any]:
    """The button opening a player's turn card (user 0: whoever of the players clicks it); its clicks
    are answered by `front.cards.CardButton`, which matches this custom id."""
    return discord.ui.Button(label=label[:80], style=style, custom_id=f"waypost:card:{channel_id}:{user_id}")


async def awaited(interaction: discord.Interaction, call: Awaitable[T], private: bool = True) -> T:
    """A table call's result (one that may wait: on the store, behind another command), the
    interaction acknowledged first, privately or in the open, if it takes longer than DEFER_AFTER.
    Answer it with `front.replies.respond`, which follows up an acknowledgement."""
    result, _ = await timely(call, lambda: interaction.response.defer(ephemeral=private, thinking=True))
    return result


async def timely(call: Awaitable[T], acknowledge: Callable[[], Awaitable[Any]]) -> tuple[T, bool]:
    """The call's result, and whether it took so long that `acknowledge` was awaited meanwhile
    (Discord failing the acknowledgement does not stop the call: what it changes is answered
    another way)."""
    task = asyncio.ensure_future(call)
    if (await asyncio.wait({task}, timeout=DEFER_AFTER))[0]:  # not wait_for: in 3.11 it can swallow a cancellation
        return task.result(), False
    try:
        await acknowledge()
    except discord.HTTPException as error:
        log.warning("Discord failed an acknowledgement; the call goes on: %s", error)
    return await task, True


async def post_prompts(interaction: discord.Interaction, outcome: Outcome, quiet: Iterable[int] = (),
                       channel_id: int | None = None) -> None:
    """Each decision's menu, mentioning its player (pinging them unless they are in `quiet`), in the
    game's channel (`channel_id`; by default the interaction's)."""
    silent = set(quiet)
    for prompt in outcome.prompts:
        await post(interaction, channel_id or interaction.channel_id or 0,
                   f"<@{prompt.user_id}> {escape(prompt.prompt)}", view=decision_view(prompt),
                   allowed_mentions=NOBODY if prompt.user_id in silent else USERS_ONLY)


def _closed(view_item: discord.ui.Select[Any], note: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Select(custom_id=view_item.custom_id, placeholder=note, disabled=True,
                                    options=[discord.SelectOption(label=note)]))
    return view


class DecisionSelect(Budgeted, discord.ui.DynamicItem[discord.ui.Select[Any]],
                     template=r"waypost:choose:(?P<channel>\d+):(?P<user>\d+):(?:(?P<asked>\d+):)?"
                              r"(?P<key>[\w.-]{0,40})"):
    """A menu answering one decision a game asks one player; `asked` is the log entry that asked it
    (0: not known, as in menus posted before it was kept), to tell a withdrawn question from an
    answered one."""

    def __init__(self, channel_id: int, user_id: int, key: str = "", options: tuple[str, ...] = (), asked: int = 0):
        custom_id = f"waypost:choose:{channel_id}:{user_id}:{asked}:{key}"
        if not asked or len(custom_id) > CUSTOM_ID_LIMIT:
            custom_id, asked = f"waypost:choose:{channel_id}:{user_id}:{key}", 0
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=custom_id,
            placeholder="Choose…",
            options=[discord.SelectOption(label=o[:100], value=o[:100]) for o in options[:25]] or
            [discord.SelectOption(label="…")],
        )
        super().__init__(select)
        self.channel_id, self.user_id, self.key, self.asked = channel_id, user_id, key, asked

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> DecisionSelect:
        return cls(int(match["channel"]), int(match["user"]), match["key"], asked=int(match["asked"] or 0))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await self._answer(interaction)
        except Exception as error:  # menus bypass the tree's error handler
            await report_error(interaction, error)

    async def allowed(self, interaction: discord.Interaction[Any]) -> bool:
        if interaction.user.id == self.user_id:
            return True
        await say_privately(interaction, f"⛔ This question is for <@{self.user_id}>, not for you.")
        return False

    async def _answer(self, interaction: discord.Interaction) -> None:
        user = user_of(interaction)
        table = table_of(interaction)
        if await table.decision(self.channel_id, user, self.key) is None:
            withdrawn = bool(self.asked) and await table.withdrawn(self.channel_id, self.asked)
            await interaction.response.edit_message(view=_closed(self.item, "Withdrawn" if withdrawn else "Answered"))
            await interaction.followup.send("This question was withdrawn: the move that asked it was taken back."
                                            if withdrawn else "This question has already been answered.",
                                            ephemeral=True, allowed_mentions=NOBODY)
            return
        choice = chosen(interaction, self.custom_id) or ""  # one of the menu's (`Budgeted` checked it)
        outcome, late = await timely(table.choose(self.channel_id, user, choice, self.key),
                                     interaction.response.defer)
        closed = _closed(self.item, f"Answered: {choice[:80]}")
        try:
            if late:
                await interaction.edit_original_response(view=closed)
            else:
                await interaction.response.edit_message(view=closed)
        except discord.HTTPException as error:  # the choice is saved: its answer goes all the same
            logged(interaction, error, "closing a menu")
        await answer(interaction, outcome)


class BoardButton(Budgeted, discord.ui.DynamicItem[discord.ui.Button[Any]],
                  template=r"waypost:do:(?P<channel>\d+):(?P<what>end|undo|board)"):
    """A button under a board: end your turn, take back your last action, or see your own board."""

    LABELS = {"end": "End turn", "undo": "Take back", "board": "My board"}

    def __init__(self, channel_id: int, what: str):
        style = discord.ButtonStyle.primary if what == "end" else discord.ButtonStyle.secondary
        super().__init__(discord.ui.Button(label=self.LABELS[what], style=style,
                                           custom_id=f"waypost:do:{channel_id}:{what}"))
        self.channel_id, self.what = channel_id, what

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> BoardButton:
        return cls(int(match["channel"]), match["what"])

    async def callback(self, interaction: discord.Interaction) -> None:
        table, user = table_of(interaction), user_of(interaction)
        try:
            if self.what == "undo":
                await run(interaction, table.undo(self.channel_id, user))
            elif self.what == "board":
                await run(interaction, table.board(self.channel_id, user, private=True))
            else:
                key = (await table.status(self.channel_id)).game_key
                action = table.games[key].rules.finish()
                if action is None:
                    raise NotYourTurn("This game has no turn to end with a button.")
                await run(interaction, table.act(self.channel_id, user, key, action))
        except Exception as error:  # buttons bypass the tree's error handler
            await report_error(interaction, error)


def decision_view(prompt: Prompt) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(DecisionSelect(prompt.channel_id, prompt.user_id, prompt.key, prompt.options, prompt.asked))
    return view


class EndButton(Budgeted, discord.ui.DynamicItem[discord.ui.Button[Any]],
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

    async def allowed(self, interaction: discord.Interaction[Any]) -> bool:
        if interaction.user.id == self.user_id:
            return True
        await say_privately(interaction, "⛔ Only the member who asked to end the game can confirm it.")
        return False

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            outcome, late = await timely(table_of(interaction).end(self.channel_id, user_of(interaction), self.game_id),
                                         interaction.response.defer)  # it waits for the channel's other commands
        except Exception as error:
            await report_error(interaction, error)
            return
        async with after_saving(interaction):  # the game is ended: the channel is told all the same
            try:
                if late:
                    await interaction.edit_original_response(content="Ended.", view=None)
                else:
                    await interaction.response.edit_message(content="Ended.", view=None)
            except discord.HTTPException as error:
                logged(interaction, error, "closing the confirmation")
            await post(interaction, interaction.channel_id or 0, escape(outcome.text), allowed_mentions=NOBODY)


def end_view(channel_id: int, user_id: int, game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(EndButton(channel_id, user_id, game_id))
    return view
