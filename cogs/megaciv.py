"""/megaciv: Mega Civilization's Movement phase (move, build, maintain, scrap, sail, takeback,
declare, insist), the table's phases (expand, adjust, start) and looking things up (report, area).

The commands are made from the game's actions and looks (`rules.megaciv`, by `front.cog.GameCog`):
the options are read by the rules (`rules.megaciv.notation`) and autocompleted from their legal
options. Two are declared here, being presentation: declaring is final, so `/megaciv declare` first
posts a private confirmation, worded by the rules, with a button (`DeclareButton`, a dynamic item:
it works after a restart); `/megaciv report` answers in the channel unless asked privately.
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from front.clicks import Budgeted
from front.cog import GameCog
from front.replies import NOBODY, channel_of, reader, report_error, say_privately, table_of, user_of
from front.sender import after_saving, send
from rules.base import Actor
from rules.errors import NoGame, NotAllowed
from rules.megaciv import GAME
from rules.megaciv.actions import Declare
from rules.megaciv.state import MegaState
from rules.messages import Msg
from waypost.i18n import SOURCE, translate


class DeclareButton(Budgeted, discord.ui.DynamicItem[discord.ui.Button[Any]],
                    template=r"megaciv:declare:(?P<channel>\d+):(?P<user>\d+):(?P<game>\d+):(?P<turn>\d+)"):
    """Confirms one player's declaration that their movement has ended, for the game and the turn
    it was asked in."""

    def __init__(self, channel_id: int, user_id: int, game_id: int, turn: int, language: str = SOURCE):
        super().__init__(discord.ui.Button(label=translate(Msg("Declare"), language), style=discord.ButtonStyle.danger,
                                           custom_id=f"megaciv:declare:{channel_id}:{user_id}:{game_id}:{turn}"))
        self.channel_id, self.user_id, self.game_id, self.turn = channel_id, user_id, game_id, turn

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> DeclareButton:
        return cls(int(match["channel"]), int(match["user"]), int(match["game"]), int(match["turn"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await self._declare(interaction)
        except Exception as error:  # buttons bypass the tree's error handler
            await report_error(interaction, error)

    async def allowed(self, interaction: discord.Interaction[Any]) -> bool:
        if interaction.user.id == self.user_id:
            return True
        await say_privately(interaction, Msg("Only the player who asked to declare can confirm it."), refused=True)
        return False

    async def _declare(self, interaction: discord.Interaction) -> None:
        table, language = table_of(interaction), reader(interaction)
        seen = await table.view(self.channel_id, user_of(interaction))
        if seen is None or seen.game_id != self.game_id or seen.game_key != GAME.key \
                or seen.state.turn != self.turn or not seen.state.moving:
            expired = Msg("This confirmation has expired: ask again with {command}.", command="/megaciv declare")
            await interaction.response.edit_message(content=translate(expired, language), view=None)
            return
        await interaction.response.edit_message(content=translate(Msg("Declaring your movement ended…"), language),
                                                view=None)
        outcome = await table.act(self.channel_id, user_of(interaction), GAME.key, Declare())
        await send(interaction, outcome)  # declared: whatever Discord makes of the answer
        async with after_saving(interaction):
            await interaction.edit_original_response(content=translate(Msg("Declared."), language))


class MegaCiv(GameCog[MegaState], group_name="megaciv",
              group_description="Mega Civilization: move, ships, declare, expand, adjust, look up"):
    """The Movement phase, the table's bookkeeping and look-ups for Mega Civilization."""

    rules = GAME

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(DeclareButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(DeclareButton)

    @app_commands.command(description="Declare your movement ended: final (asks you to confirm)")
    @app_commands.describe(confirm="True: declare at once, without the confirmation button")
    async def declare(self, interaction: discord.Interaction, confirm: bool = False) -> None:
        if confirm:
            await self.act(interaction)
            return
        seen = await self.seen(interaction)
        if seen is None:
            raise NoGame(Msg("There is no Mega Civilization game in play in this channel."))
        if seen.seat is None:
            raise NotAllowed(Msg("You are not playing in this game."))
        # the turn card's path: refused now rather than after the click, asked as the card asks
        question = GAME.step(seen.state, Actor(seen.seat), Declare.kind, ()).question
        view = discord.ui.View(timeout=None)
        language = reader(interaction)
        view.add_item(DeclareButton(channel_of(interaction), interaction.user.id, seen.game_id, seen.state.turn,
                                    language))
        await interaction.response.send_message(translate(question, language), ephemeral=True, view=view,
                                                allowed_mentions=NOBODY)

    @app_commands.command(description="The phase-end report now: conflict situations, city attacks, city spots")
    @app_commands.describe(private="Only you see it, with your own undeclared draft counted")
    async def report(self, interaction: discord.Interaction, private: bool = False) -> None:
        await self.look(interaction, public=not private)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(MegaCiv(bot))
