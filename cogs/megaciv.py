"""/megaciv: Mega Civilization's Movement phase (move, build, maintain, scrap, sail, takeback,
declare, insist), the table's phases (expand, adjust, start) and looking things up (report, area).

Each command is one of the game's actions or looks: the options are read by the rules
(`rules.megaciv.notation`) and autocompleted from their legal options (`front.cog.GameCog`).
Declaring is final, so `/megaciv declare` first posts a private confirmation, worded by the rules,
with a button (`DeclareButton`, a dynamic item: it works after a restart).
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from front.answering import post_prompts
from front.clicks import Budgeted
from front.cog import GameCog
from front.recovery import after_saving, send_saved
from front.replies import NOBODY, channel_of, report_error, say_privately, table_of, user_of
from rules.base import Actor
from rules.errors import NoGame, NotAllowed
from rules.megaciv import GAME
from rules.megaciv.actions import Declare
from rules.megaciv.adjust import ADJUSTERS
from rules.megaciv.options import PAYMENTS, UPKEEP
from rules.megaciv.state import SHIPS, TOKENS, MegaState

Area = app_commands.Range[str, 1, 60]
Text = app_commands.Range[str, 1, 400]
Ship = app_commands.Range[int, 1, SHIPS]
Count = app_commands.Range[int, 1, TOKENS]


def _choices(table: dict[str, str]) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=text, value=value) for value, text in table.items()]


class DeclareButton(Budgeted, discord.ui.DynamicItem[discord.ui.Button[Any]],
                    template=r"megaciv:declare:(?P<channel>\d+):(?P<user>\d+):(?P<game>\d+):(?P<turn>\d+)"):
    """Confirms one player's declaration that their movement has ended, for the game and the turn
    it was asked in."""

    def __init__(self, channel_id: int, user_id: int, game_id: int, turn: int):
        super().__init__(discord.ui.Button(label="Declare", style=discord.ButtonStyle.danger,
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
        await say_privately(interaction, "⛔ Only the player who asked to declare can confirm it.")
        return False

    async def _declare(self, interaction: discord.Interaction) -> None:
        table = table_of(interaction)
        seen = await table.view(self.channel_id, user_of(interaction))
        if seen is None or seen.game_id != self.game_id or seen.game_key != GAME.key \
                or seen.state.turn != self.turn or not seen.state.moving:
            await interaction.response.edit_message(content="This confirmation has expired: ask again with "
                                                            "/megaciv declare.", view=None)
            return
        await interaction.response.edit_message(content="Declaring your movement ended…", view=None)
        outcome = await table.act(self.channel_id, user_of(interaction), GAME.key, Declare())
        async with after_saving(interaction):  # declared: whatever Discord makes of the answer
            await send_saved(interaction, outcome, channel_of(interaction))
            await post_prompts(interaction, outcome)
            await interaction.edit_original_response(content="Declared.")


class MegaCiv(GameCog[MegaState], group_name="megaciv",
              group_description="Mega Civilization: move, ships, declare, expand, adjust, look up"):
    """The Movement phase, the table's bookkeeping and look-ups for Mega Civilization."""

    rules = GAME

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(DeclareButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(DeclareButton)

    @app_commands.command(description="Move tokens by land (one step; two with Roadbuilding)")
    @app_commands.rename(from_="from")
    @app_commands.describe(from_="The area your tokens leave", to="Where they go",
                           count="How many tokens (default 1)",
                           via="Roadbuilding: the area passed through (found for you when there is one)")
    async def move(self, interaction: discord.Interaction, from_: Area, to: Area, count: Count = 1,
                   via: Area | None = None) -> None:
        await self.act(interaction)

    @app_commands.command(description="Build a ship in a coastal area holding one of your tokens")
    @app_commands.describe(area="A coastal area with one of your tokens", pay="How to pay (default: 2 treasury)",
                           tokens_from="For tokens: the areas of the tokens paid, e.g. 'Arzu, Kesdor' "
                                       "(default: all from the ship's area)")
    @app_commands.choices(pay=_choices(PAYMENTS))
    async def build(self, interaction: discord.Interaction, area: Area, pay: str = "treasury",
                    tokens_from: Text | None = None) -> None:
        await self.act(interaction)

    @app_commands.command(description="Maintain a ship built in an earlier turn (else it sinks when you declare)")
    @app_commands.describe(ship="Your ship (1–4)", pay="How to pay (default: 1 treasury)",
                           area="For a token: the area it comes from")
    @app_commands.choices(pay=_choices(UPKEEP))
    async def maintain(self, interaction: discord.Interaction, ship: Ship, pay: str = "treasury",
                       area: Area | None = None) -> None:
        await self.act(interaction)

    @app_commands.command(description="Return an old ship not maintained this turn to stock, to build it anew")
    @app_commands.describe(ship="Your ship (1–4)")
    async def scrap(self, interaction: discord.Interaction, ship: Ship) -> None:
        await self.act(interaction)

    @app_commands.command(description="Sail a ship, taking tokens on and putting them off along the way")
    @app_commands.describe(
        ship="Your ship (1–4)",
        route="The areas after the ship's own, like 'Arzu-Sea Kesdor'. Add +n to take n on there, -n to put n off.",
        take="Tokens taken on where the ship starts (default 0). All aboard go off at the end.",
    )
    async def sail(self, interaction: discord.Interaction, ship: Ship, route: Text,
                   take: app_commands.Range[int, 0, TOKENS] = 0) -> None:
        await self.act(interaction)

    @app_commands.command(name="takeback", description="Take back the last step(s) of your movement draft")
    @app_commands.describe(steps="How many of your last steps (default 1)")
    async def take_back(self, interaction: discord.Interaction,
                        steps: app_commands.Range[int, 1, 100] = 1) -> None:
        await self.act(interaction)

    @app_commands.command(description="Declare your movement ended: final (asks you to confirm)")
    @app_commands.describe(confirm="True: declare at once, without the confirmation button")
    async def declare(self, interaction: discord.Interaction, confirm: bool = False) -> None:
        if confirm:
            await self.act(interaction)
            return
        seen = await self.seen(interaction)
        if seen is None:
            raise NoGame("There is no Mega Civilization game in play in this channel.")
        if seen.seat is None:
            raise NotAllowed("You are not playing in this game.")
        question = GAME.confirming(seen.state, Actor(seen.seat))  # refused now rather than after the click
        view = discord.ui.View(timeout=None)
        view.add_item(DeclareButton(channel_of(interaction), interaction.user.id, seen.game_id, seen.state.turn))
        await interaction.response.send_message(question, ephemeral=True, view=view, allowed_mentions=NOBODY)

    @app_commands.command(description="Everyone moving at once: insist on census order for the rest of this phase")
    async def insist(self, interaction: discord.Interaction) -> None:
        await self.act(interaction)

    @app_commands.command(description="Start the next Movement phase (host): census order is fixed now")
    async def start(self, interaction: discord.Interaction) -> None:
        await self.act(interaction)

    @app_commands.command(description="Population expansion, once a turn between Movement phases")
    @app_commands.describe(areas="Only when your stock is short: the areas to grow in, in order, like 'Arzu, Kesdor'")
    async def expand(self, interaction: discord.Interaction, areas: Text | None = None) -> None:
        await self.act(interaction)

    @app_commands.command(description="Set what the table keeps by hand (yours; the host: anyone's); logged")
    @app_commands.describe(
        what="What to set",
        value="The new count. Tax: the amount (0: 2 per city). City, advance, pirate, out_of_play: 1 yes, 0 no.",
        player="Whose pieces (the host only for others; default you)",
        area="The area (tokens, city, ship, barbarians, pirate, out_of_play). For a ship, 'none' is stock.",
        advance="For advance: the advance", ship="For ship: which (1–4)",
    )
    @app_commands.choices(what=[app_commands.Choice(name=w, value=w) for w in ADJUSTERS])
    async def adjust(self, interaction: discord.Interaction, what: str,
                     value: app_commands.Range[int, 0, TOKENS] | None = None, player: discord.User | None = None,
                     area: Area | None = None, advance: Area | None = None, ship: Ship | None = None) -> None:
        await self.act(interaction)

    @app_commands.command(description="The phase-end report now: conflict situations, city attacks, city spots")
    @app_commands.describe(private="Only you see it, with your own undeclared draft counted")
    async def report(self, interaction: discord.Interaction, private: bool = False) -> None:
        await self.look(interaction, public=not private)

    @app_commands.command(description="What is in an area, and who can enter it")
    @app_commands.describe(name="The area, as the map spells it (any case)")
    async def area(self, interaction: discord.Interaction, name: Area) -> None:
        await self.look(interaction)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(MegaCiv(bot))
