"""/vikings: Tiny Epic Vikings (sail, place, return, dedicate, end, era, adjust).

Each command is one of the game's actions: the options are read by the rules
(`rules.vikings.notation`) and autocompleted from their legal options (`front.cog.GameCog`).
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from front.cog import GameCog
from rules.vikings import GAME
from rules.vikings.adjust import NEEDS
from rules.vikings.state import BOATS, SETTLERS, VikingsState

Boat = app_commands.Range[int, 1, BOATS]
Strength = app_commands.Range[int, 1, 3]
Name = app_commands.Range[str, 1, 100]


class Vikings(GameCog[VikingsState], group_name="vikings", group_description="Tiny Epic Vikings: sail, deploy, raid"):
    """Sailing, deploying, raiding and the table's own bookkeeping for Tiny Epic Vikings."""

    rules = GAME

    @app_commands.command(description="Sail one of your boats; at the end dock deploy settlers and raid")
    @app_commands.describe(
        boat="Your boat (1–4)",
        strength="The card's Sail xN (1–3)",
        route="Spaces after the start, like F1 F2 B1; or just the end; or 'stay' to sail without moving",
        settlers="Settlers to deploy at the end dock (1 food each, at most N)",
        raid="Raid the village at the end dock (pays the era's steel)",
    )
    async def sail(self, interaction: discord.Interaction, boat: Boat, strength: Strength, route: Name,
                   settlers: app_commands.Range[int, 0, SETTLERS] = 0, raid: bool = False) -> None:
        await self.act(interaction)

    @app_commands.command(description="Setup: put your first boat on an empty dock")
    @app_commands.describe(dock="An empty dock")
    async def place(self, interaction: discord.Interaction, dock: Name) -> None:
        await self.act(interaction)

    @app_commands.command(name="return", description="Return some of your settlers from an island to your mat")
    @app_commands.describe(island="The island", count="How many settlers")
    async def return_(self, interaction: discord.Interaction, island: Name,
                      count: app_commands.Range[int, 1, SETTLERS] = 1) -> None:
        await self.act(interaction)

    @app_commands.command(description="Dedicate a raided village (once per turn)")
    @app_commands.describe(target="An era mat action, or a god's +2 fury slot")
    async def dedicate(self, interaction: discord.Interaction, target: Name) -> None:
        await self.act(interaction)

    @app_commands.command(description="End your turn")
    async def end(self, interaction: discord.Interaction) -> None:
        await self.act(interaction)

    @app_commands.command(description="Advance to the next era (host)")
    async def era(self, interaction: discord.Interaction) -> None:
        await self.act(interaction)

    @app_commands.command(description="Set what the table keeps by hand (yours; the host: anyone's); logged")
    @app_commands.describe(
        what="What to set", value="The new count (rune/village: 1 yes, 0 no)",
        player="Whose pieces (host only for others; default you)", island="For settlers, temples, rune",
        boat="For boat: which boat (1–4)", space="For boat: the dock or fjord ('none': harbour); village: dock",
        god="For fury: which god",
    )
    @app_commands.choices(what=[app_commands.Choice(name=w, value=w) for w in NEEDS])
    async def adjust(self, interaction: discord.Interaction, what: str,
                     value: app_commands.Range[int, 0, 999] | None = None, player: discord.User | None = None,
                     island: Name | None = None, boat: Boat | None = None, space: Name | None = None,
                     god: Name | None = None) -> None:
        await self.act(interaction)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Vikings(bot))
