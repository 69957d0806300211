"""/skye: Isle of Skye with the Journeyman (price, buy, keep, place, road, plan, use, advance, adjust).

Each command is one of the game's actions: the options are read by the rules
(`rules.skye.notation`, on the player's own view) and autocompleted from their legal options
(`front.cog.GameCog`). Tiles are named by id ("L12", "J3"), a tile of your territory also by
"castle" or its position "x,y" (north is +y, east is +x, the castle at 0,0).
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from front.cog import GameCog
from rules.skye import GAME
from rules.skye.adjust import WHATS
from rules.skye.state import SkyeState

Name = app_commands.Range[str, 1, 100]
Gold = app_commands.Range[int, 0, 99]
Rotation = app_commands.Range[int, 0, 3]


class Skye(GameCog[SkyeState], group_name="skye", group_description="Isle of Skye with the Journeyman"):
    """Pricing, buying, placing, roads, the journeyman's plans and the table's bookkeeping."""

    rules = GAME

    @app_commands.command(description="In secret: axe one tile, price the others")
    @app_commands.describe(
        axe="The drawn tile you discard ('none' only with the No Axe bonus tile)",
        price1="Gold on your first tile without the axe, in the order drawn (0 if none is left)",
        price2="Gold on your second tile without the axe (0 if none is left)",
        price3="With No Axe: gold on your third tile",
    )
    async def price(self, interaction: discord.Interaction, axe: Name, price1: Gold, price2: Gold,
                    price3: Gold | None = None) -> None:
        await self.act(interaction)

    @app_commands.command(description="Buy another player's tile, or pass")
    @app_commands.describe(tile="The tile to buy, or 'pass'")
    async def buy(self, interaction: discord.Interaction, tile: Name) -> None:
        await self.act(interaction)

    @app_commands.command(description="Keep or discard your unbought tiles")
    @app_commands.describe(discard="Tiles to discard, taking back their price ('none': keep them all)")
    async def keep(self, interaction: discord.Interaction, discard: Name | None = None) -> None:
        await self.act(interaction)

    @app_commands.command(description="Place a new tile")
    @app_commands.describe(tile="One of your tiles to place",
                           position="x,y next to your territory (north is +y, east is +x, the castle at 0,0)",
                           rotation="Quarter turns clockwise, 0–3 (default: the first that fits there)")
    async def place(self, interaction: discord.Interaction, tile: Name, position: Name,
                    rotation: Rotation | None = None) -> None:
        await self.act(interaction)

    @app_commands.command(description="Place a road from your hand")
    @app_commands.describe(edge="'x,y side' (side n, e, s or w) or two tiles, e.g. '0,0 e' or 'castle L12'")
    async def road(self, interaction: discord.Interaction, edge: Name) -> None:
        await self.act(interaction)

    @app_commands.command(description="In secret: journeyman markers in order")
    @app_commands.describe(
        first="First waypoint marker: a tile ('L12', 'castle', '2,1'), ':track' to advance (L12:merchant)",
        second="Second marker, collected after the first", third="Third marker (with the Third Waypoint Marker)",
        fourth="Fourth marker", fifth="Fifth marker",
        extra="Spend your Extra Movement tile on this walk",
    )
    async def plan(self, interaction: discord.Interaction, first: Name | None = None, second: Name | None = None,
                   third: Name | None = None, fourth: Name | None = None, fifth: Name | None = None,
                   extra: bool = False) -> None:
        await self.act(interaction)

    @app_commands.command(description="In secret: spend Extra Movement")
    @app_commands.describe(bonus="The bonus tile", on="Spend it (default) or stop spending it")
    @app_commands.choices(bonus=[app_commands.Choice(name="Extra Movement", value="extra_movement")])
    async def use(self, interaction: discord.Interaction, bonus: str, on: bool = True) -> None:
        await self.act(interaction)

    @app_commands.command(description="Take or refuse an advance offered", extras={"kind": "choose"})
    @app_commands.describe(track="The track to advance on, or 'none'")
    async def advance(self, interaction: discord.Interaction, track: Name) -> None:
        await self.act(interaction)

    @app_commands.command(description="Bookkeeping (host: anyone's)")
    @app_commands.describe(what="What to set", value="The new number (gold, VP, roads in hand, markers, a space 0–12)",
                           player="Whose (host only for others; default you)",
                           position="For the journeyman: x,y of a tile of that territory")
    @app_commands.choices(what=[app_commands.Choice(name=w, value=w) for w in WHATS])
    async def adjust(self, interaction: discord.Interaction, what: str,
                     value: app_commands.Range[int, 0, 999] | None = None, player: discord.User | None = None,
                     position: Name | None = None) -> None:
        await self.act(interaction)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Skye(bot))
