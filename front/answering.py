"""The menus and buttons under the bot's messages that outlive a restart: a decision's menu, the
buttons under a board, the confirmation that ends a game.

They are dynamic items: their custom ids carry everything needed (channel, the user asked, which
question or game), so they work after a restart; `front.sender` puts them under its messages. A
menu answers only the question it was posted for, only for the player asked, and is closed once
answered; a stale one closes itself when clicked, saying whether it was answered or withdrawn (the
move that asked it taken back). A decision's menu works from the direct message standing for its
ping too (`front.clicks`).
"""

from __future__ import annotations

import re
from typing import Any

import discord

from front.clicks import Budgeted, chosen
from front.replies import NOBODY, escape, reader, report_error, say_privately, table_of, user_of
from front.sender import after_saving, board_button, decision_menu, logged, menu_id, post, run, send, spoken, timely
from rules.errors import NotYourTurn
from rules.messages import Msg
from waypost.i18n import SOURCE, translate

END = Msg("End the game")


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

    from_dm = True

    def __init__(self, channel_id: int, user_id: int, key: str = "", options: tuple[str, ...] = (), asked: int = 0):
        custom_id, asked = menu_id(channel_id, user_id, key, asked)
        super().__init__(decision_menu(custom_id, options))
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
        await say_privately(interaction, Msg("This question is for {who}, not for you.", who=f"<@{self.user_id}>"),
                            refused=True)
        return False

    async def _answer(self, interaction: discord.Interaction) -> None:
        user, language = user_of(interaction), reader(interaction)
        table = table_of(interaction)
        if await table.decision(self.channel_id, user, self.key) is None:
            withdrawn = bool(self.asked) and await table.withdrawn(self.channel_id, self.asked)
            note = Msg("Withdrawn") if withdrawn else Msg("Answered")
            await interaction.response.edit_message(view=_closed(self.item, translate(note, language)))
            said = Msg("This question was withdrawn: the move that asked it was taken back.") if withdrawn else \
                Msg("This question has already been answered.")
            await interaction.followup.send(translate(said, language), ephemeral=True, allowed_mentions=NOBODY)
            return
        choice = chosen(interaction, self.custom_id) or ""  # one of the menu's (`Budgeted` checked it)
        outcome, late = await timely(table.choose(self.channel_id, user, choice, self.key),
                                     interaction.response.defer)
        answered = Msg("Answered: {choice}", choice=translate(choice, language)[:80])
        closed = _closed(self.item, translate(answered, language))
        try:
            if late:
                await interaction.edit_original_response(view=closed)
            else:
                await interaction.response.edit_message(view=closed)
        except discord.HTTPException as error:  # the choice is saved: its answer goes all the same
            logged(interaction, error, "closing a menu")
        await send(interaction, outcome, channel_id=self.channel_id)


class BoardButton(Budgeted, discord.ui.DynamicItem[discord.ui.Button[Any]],
                  template=r"waypost:do:(?P<channel>\d+):(?P<what>end|undo|board)"):
    """A button under a board: end your turn, take back your last action, or see your own board."""

    def __init__(self, channel_id: int, what: str):
        super().__init__(board_button(channel_id, what))
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
                    raise NotYourTurn(Msg("This game has no turn to end with a button."))
                await run(interaction, table.act(self.channel_id, user, key, action))
        except Exception as error:  # buttons bypass the tree's error handler
            await report_error(interaction, error)


class EndButton(Budgeted, discord.ui.DynamicItem[discord.ui.Button[Any]],
                template=r"waypost:end:(?P<channel>\d+):(?P<user>\d+):(?P<game>\d+)"):
    """The confirmation that ends a channel's game (the one it was asked for, by whom asked)."""

    def __init__(self, channel_id: int, user_id: int, game_id: int, label: str = END):
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.danger,
                                           custom_id=f"waypost:end:{channel_id}:{user_id}:{game_id}"))
        self.channel_id, self.user_id, self.game_id = channel_id, user_id, game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> EndButton:
        return cls(int(match["channel"]), int(match["user"]), int(match["game"]))

    async def allowed(self, interaction: discord.Interaction[Any]) -> bool:
        if interaction.user.id == self.user_id:
            return True
        await say_privately(interaction, Msg("Only the member who asked to end the game can confirm it."), refused=True)
        return False

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            language = await spoken(interaction, self.channel_id)  # asked first: the game ended is no longer open
            outcome, late = await timely(table_of(interaction).end(self.channel_id, user_of(interaction), self.game_id),
                                         interaction.response.defer)  # it waits for the channel's other commands
        except Exception as error:
            await report_error(interaction, error)
            return
        async with after_saving(interaction):  # the game is ended: the channel is told all the same
            ended = translate(Msg("Ended."), reader(interaction))
            try:
                if late:
                    await interaction.edit_original_response(content=ended, view=None)
                else:
                    await interaction.response.edit_message(content=ended, view=None)
            except discord.HTTPException as error:
                logged(interaction, error, "closing the confirmation")
            await post(interaction, interaction.channel_id or 0, escape(translate(outcome.text, language)),
                       allowed_mentions=NOBODY)


def end_view(channel_id: int, user_id: int, game_id: int, language: str = SOURCE) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(EndButton(channel_id, user_id, game_id, translate(END, language)))
    return view
