"""/tally: the test game's own commands, so the host's flows (and its secrecy) are tested through
the real command tree as every game's are."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from front.cog import GameCog
from front.replies import channel_of, table_of, user_of
from tests.support.tally import GAME, State


async def your_bid(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    """Every sealed bid in the asking player's view of the game: only their own, if the view is right
    (a probe of the host's views, in place of the legal options)."""
    seen = await table_of(interaction).view(channel_of(interaction), user_of(interaction))
    if seen is None or seen.game_key != GAME.key:
        return []
    return [app_commands.Choice(name=f"seat {seat} bid {bid}", value=bid) for seat, bid in seen.state.bids.items()]


class TallyCommands(GameCog[State], group_name="tally", group_description="Tally, the test game"):
    rules = GAME

    @app_commands.command(description="Add to the total")
    @app_commands.describe(amount="How much to add (1–9)")
    async def add(self, interaction: discord.Interaction, amount: app_commands.Range[int, 1, 9]) -> None:
        await self.act(interaction)

    @app_commands.command(description="Add a random 1-6")
    async def roll(self, interaction: discord.Interaction) -> None:
        await self.act(interaction)

    @app_commands.command(description="A secret bid")
    @app_commands.describe(amount="Your bid, kept secret until everyone has bid")
    @app_commands.autocomplete(amount=your_bid)
    async def bid(self, interaction: discord.Interaction, amount: app_commands.Range[int, 0, 99999]) -> None:
        await self.act(interaction)

    @app_commands.command(description="Reset the total (host)")
    async def reset(self, interaction: discord.Interaction) -> None:
        await self.act(interaction)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(TallyCommands(bot))
